-- expect: RESOLVER_SHADER_OUTPUT_NONEXISTENT
package t.p;

module M is

  shader fragment f is
    in uv : vector_2f;
    out c : vector_4f as 0;
  with
    value k = new vector_4f (uv [x y], 0.0, 1.0);
  as
    out c = k;
    out e = k;
  end;

end;
