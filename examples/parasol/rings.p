-- Concentric rings in Parasol: a program whose vertex shader passes the quad's position and
-- texture coordinate on, and whose fragment shader colours by the distance from the centre.
--   pigment check examples/parasol/rings.p
--   pigment render examples/parasol/rings.p --program examples.Rings.rings --param frequency=9 --size 512x512 -o rings.png
--   pigment compile examples/parasol/rings.p --shader examples.Rings.f --target fp30

package examples;

module Rings is
  import com.io7m.parasol.Float as F;
  import com.io7m.parasol.Vector2f as V2;
  import com.io7m.parasol.Vector3f as V3;

  shader vertex v is
    in position : vector_4f;
    in uv : vector_2f;
    out vertex clip : vector_4f;
    out f_uv : vector_2f;
  as
    out clip = position;
    out f_uv = uv;
  end;

  shader fragment f is
    parameter frequency : float;
    in f_uv : vector_2f;
    out colour : vector_4f as 0;
  with
    value p = V2.subtract_scalar (V2.multiply_scalar (f_uv, 2.0), 1.0);
    value r = V2.magnitude (p);
    value wave = F.add (0.5, F.multiply (0.5, F.cosine (F.multiply (r, F.multiply (frequency, 6.2831853)))));
    value warm = new vector_3f (0.95, 0.55, 0.25);
    value cool = new vector_3f (0.1, 0.2, 0.45);
    value c = V3.interpolate (cool, warm, wave);
    value fade = F.clamp (F.subtract (1.3, F.multiply (r, r)), 0.0, 1.0);
    value result = new vector_4f (V3.multiply_scalar (c, fade), 1.0);
  as
    out colour = result;
  end;

  shader program rings is
    vertex v;
    fragment f;
  end;
end;
