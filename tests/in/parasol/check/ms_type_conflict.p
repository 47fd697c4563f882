-- expect: MODULE_STRUCTURE_TYPE_CONFLICT
package t.p;

module M is
  type t is record x : integer end;
  type t is record y : integer end;

end;
