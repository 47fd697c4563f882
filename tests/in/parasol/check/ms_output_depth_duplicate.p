-- expect: MODULE_STRUCTURE_SHADER_OUTPUT_DEPTH_DUPLICATE
package t.p;

module M is

  shader fragment f is
    in uv : vector_2f;
    out c : vector_4f as 0;
    out depth d : float;
    out depth e : float;
  with
    value z = 0.5;
    value k = new vector_4f (uv [x y], 0.0, 1.0);
  as
    out c = k;
    out d = z;
    out e = z;
  end;

end;
