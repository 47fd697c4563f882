-- expect: MODULE_STRUCTURE_FUNCTION_ARGUMENT_DUPLICATE
package t.p;

module M is
  function f (x : integer, x : integer) : integer = x;

end;
