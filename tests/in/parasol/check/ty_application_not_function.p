-- expect: TYPE_ERROR_EXPRESSION_APPLICATION_NOT_FUNCTION_TYPE
package t.p;

module M is
  value x = 1;
  value y = x (1);

end;
