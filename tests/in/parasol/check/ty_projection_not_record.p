-- expect: TYPE_ERROR_EXPRESSION_RECORD_PROJECTION_NOT_RECORD
package t.p;

module M is
  value v = 1.x;

end;
