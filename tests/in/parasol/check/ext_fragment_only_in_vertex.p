-- expect: EXTERNALS_DISALLOWED_IN_VERTEX_SHADER
package t.p;

module M is
  import com.io7m.parasol.Fragment;

  shader vertex v is
    in p : vector_4f;
    out vertex clip : vector_4f;
  with
    value q = Fragment.coordinate;
  as
    out clip = q;
  end;

end;
