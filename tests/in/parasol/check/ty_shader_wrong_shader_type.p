-- expect: TYPE_ERROR_SHADER_WRONG_SHADER_TYPE
package t.p;

module M is

  shader fragment f is
    in uv : vector_2f;
    out c : vector_4f as 0;
  with
    value k = new vector_4f (uv [x y], 0.0, 1.0);
  as
    out c = k;
  end;

  shader vertex v is
    in p : vector_4f;
    out vertex clip : vector_4f;
  as
    out clip = p;
  end;

  shader program p is
    vertex f;
    fragment f;
  end;

end;
