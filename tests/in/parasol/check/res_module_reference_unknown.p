-- expect: RESOLVER_MODULE_REFERENCE_UNKNOWN
package t.p;

module M is
  value x = Float.add (1.0, 2.0);

end;
