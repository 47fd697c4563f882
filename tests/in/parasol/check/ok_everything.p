-- expect: OK
package t.p;

module A is
  import com.io7m.parasol.Float as F;
  import com.io7m.parasol.Vector3f as V3;
  import com.io7m.parasol.Matrix4x4f as M4;
  import com.io7m.parasol.Sampler2D as S;

  type light is record
    colour : vector_3f,
    intensity : float
  end;

  value one_half = 0.5;

  function scale (l : light, k : float) : vector_3f =
    V3.multiply_scalar (l.colour, F.multiply (l.intensity, k));

  function pick (b : boolean, x : integer) : integer =
    if b then let value y = new integer (2.5); in y end else x end;

  shader vertex v is
    parameter mvp : matrix_4x4f;
    in position : vector_4f;
    in uv : vector_2f;
    out vertex clip : vector_4f;
    out f_uv : vector_2f;
  with
    value p = M4.multiply_vector (mvp, position);
  as
    out clip = p;
    out f_uv = uv;
  end;

  shader fragment f is
    parameter t : sampler_2d;
    parameter l : light;
    in f_uv : vector_2f;
    out c : vector_4f as 0;
    out depth d : float;
  with
    value texel = S.texture (t, f_uv);
    discard (F.lesser (texel [w], one_half));
    value rgb : vector_3f = V3.add (texel [x y z], scale (l, one_half));
    value m = new matrix_3x3f (rgb, rgb, rgb);
    value z = column m 2 [z];
    value lit = record light { colour = rgb, intensity = z };
    value out_c = new vector_4f (lit.colour, 1.0);
  as
    out c = out_c;
    out d = z;
  end;
end;

module B is
  import t.p.A;
  shader program p is
    vertex A.v;
    fragment A.f;
  end;
end;
