-- expect: RESOLVER_TERM_NONEXISTENT
package t.p;

module M is
  value x = y;

end;
