-- expect: RESOLVER_TERM_NONEXISTENT
package t.p;

module M is

  shader fragment f is
    in uv : vector_2f;
    out c : vector_4f as 0;
  with
    value k = k;
  as
    out c = k;
  end;

end;
