-- expect: OK
package t.p;

module M is
  import com.io7m.parasol.Fragment;

  shader fragment f is
    in uv : vector_2f;
    out c : vector_4f as 0;
  with
    value k = new vector_4f (uv [x y], 0.0, 1.0);
    value q = Fragment.coordinate;
  as
    out c = q;
  end;

end;
