-- expect: TYPE_ERROR_EXPRESSION_CONDITION_NOT_BOOLEAN
package t.p;

module M is
  value x = if 1 then 2 else 3 end;

end;
