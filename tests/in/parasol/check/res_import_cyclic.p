-- expect: RESOLVER_IMPORT_CYCLIC
package t.p;

module A is
  import t.p.B;
end;

module B is
  import t.p.A;
end;
