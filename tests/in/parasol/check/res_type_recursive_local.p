-- expect: RESOLVER_TYPE_RECURSIVE_LOCAL
package t.p;

module M is
  type t is record x : t end;

end;
