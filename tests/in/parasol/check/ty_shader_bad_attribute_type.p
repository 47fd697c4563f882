-- expect: TYPE_ERROR_SHADER_BAD_ATTRIBUTE_TYPE
package t.p;

module M is
  type t is record x : float end;

  shader fragment f is
    in uv : vector_2f;
    in r : t;
    out c : vector_4f as 0;
  with
    value k = new vector_4f (uv [x y], 0.0, 1.0);
  as
    out c = k;
  end;

end;
