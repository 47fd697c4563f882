-- expect: MODULE_STRUCTURE_RECORD_FIELD_DUPLICATE
package t.p;

module M is
  type t is record x : integer end;
  value v = record t { x = 1, x = 2 };

end;
