-- expect: RESOLVER_TYPE_NONEXISTENT
package t.p;

module M is
  value x : vector_5f = 1;

end;
