-- expect: MODULE_STRUCTURE_RECORD_FIELD_DUPLICATE
package t.p;

module M is
  type t is record x : integer, x : float end;

end;
