-- expect: TYPE_ERROR_FUNCTION_BODY_RETURN_INCOMPATIBLE
package t.p;

module M is
  function f (x : integer) : float = x;

end;
