-- expect: RESOLVER_TYPE_RECURSIVE_MUTUAL
package t.p;

module M is
  type t is record x : u end;
  type u is record y : t end;

end;
