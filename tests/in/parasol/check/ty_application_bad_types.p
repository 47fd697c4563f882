-- expect: TYPE_ERROR_EXPRESSION_APPLICATION_BAD_TYPES
package t.p;

module M is
  function f (x : integer) : integer = x;
  value y = f (1.0);

end;
