-- expect: RESOLVER_IMPORT_UNKNOWN
package t.p;

module M is
  import t.nowhere.X;

end;
