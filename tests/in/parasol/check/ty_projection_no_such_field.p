-- expect: TYPE_ERROR_EXPRESSION_RECORD_PROJECTION_NO_SUCH_FIELD
package t.p;

module M is
  type t is record x : integer end;
  value v = record t { x = 1 }.y;

end;
