-- expect: MODULE_STRUCTURE_TERM_CONFLICT
package t.p;

module M is
  value x = 1;
  function x (y : integer) : integer = y;

end;
