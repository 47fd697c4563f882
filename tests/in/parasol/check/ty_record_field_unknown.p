-- expect: TYPE_ERROR_EXPRESSION_RECORD_FIELD_UNKNOWN
package t.p;

module M is
  type t is record x : integer end;
  value v = record t { x = 1, y = 2 };

end;
