-- expect: TYPE_ERROR_VALUE_NON_VALUE_TYPE
package t.p;

module M is
  function f (x : integer) : integer = x;
  value y = f;

end;
