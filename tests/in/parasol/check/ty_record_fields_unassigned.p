-- expect: TYPE_ERROR_EXPRESSION_RECORD_FIELDS_UNASSIGNED
package t.p;

module M is
  type t is record x : integer, y : integer end;
  value v = record t { x = 1 };

end;
