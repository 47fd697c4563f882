-- expect: MODULE_STRUCTURE_RESTRICTED_NAME
package t.p;

module M is
  function f (x_ : integer) : integer = 1;

end;
