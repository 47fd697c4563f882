-- expect: MODULE_STRUCTURE_SHADER_OUTPUT_ASSIGNMENT_CONFLICT
package t.p;

module M is

  shader fragment f is
    in uv : vector_2f;
    out c : vector_4f as 0;
  with
    value k = new vector_4f (uv [x y], 0.0, 1.0);
  as
    out c = k;
    out c = k;
  end;

end;
