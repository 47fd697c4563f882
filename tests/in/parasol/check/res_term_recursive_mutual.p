-- expect: RESOLVER_TERM_RECURSIVE_MUTUAL
package t.p;

module M is
  value x = y;
  value y = let value z = x; in z end;

end;
