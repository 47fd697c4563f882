-- expect: TYPE_ERROR_EXPRESSION_RECORD_NOT_RECORD_TYPE
package t.p;

module M is
  value v = record integer { x = 1 };

end;
