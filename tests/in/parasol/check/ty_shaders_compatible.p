-- expect: OK
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
    out uv : vector_2f;
  with
    value q = p [x y];
  as
    out clip = p;
    out uv = q;
  end;

  shader program p is
    vertex v;
    fragment f;
  end;

end;
