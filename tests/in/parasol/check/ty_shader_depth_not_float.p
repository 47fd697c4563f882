-- expect: TYPE_ERROR_SHADER_DEPTH_NOT_FLOAT
package t.p;

module M is

  shader fragment f is
    in uv : vector_2f;
    out c : vector_4f as 0;
    out depth d : vector_4f;
  with
    value k = new vector_4f (uv [x y], 0.0, 1.0);
  as
    out c = k;
    out d = k;
  end;

end;
