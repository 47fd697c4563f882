-- A Parasol program: a vertex shader that passes the position and texture coordinate through,
-- and a fragment shader that mixes two colours along the texture coordinate, with the mix's
-- colours as parameters.
-- Render: pigment render examples/parasol/gradient.p --program examples.Gradient.gradient --size 256x256 -o gradient.png
-- Check:  pigment check examples/parasol/gradient.p

package examples;

module Gradient is
  import com.io7m.parasol.Vector4f as V4;

  shader vertex pass_through is
    in position : vector_4f;
    in uv : vector_2f;
    out vertex clip : vector_4f;
    out f_uv : vector_2f;
  as
    out clip = position;
    out f_uv = uv;
  end;

  shader fragment mix is
    parameter low : vector_4f;
    parameter high : vector_4f;
    in f_uv : vector_2f;
    out colour : vector_4f as 0;
  with
    value c = V4.interpolate (low, high, f_uv [x]);
  as
    out colour = c;
  end;

  shader program gradient is
    vertex pass_through;
    fragment mix;
  end;
end;
