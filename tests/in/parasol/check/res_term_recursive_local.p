-- expect: RESOLVER_TERM_RECURSIVE_LOCAL
package t.p;

module M is
  function f (x : integer) : integer = f (x);

end;
