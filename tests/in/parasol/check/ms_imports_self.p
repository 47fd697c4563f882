-- expect: MODULE_STRUCTURE_IMPORTS_SELF
package t.p;

module M is
  import t.p.M;

end;
