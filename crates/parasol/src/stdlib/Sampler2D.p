-- Parasol standard library module com.io7m.parasol.Sampler2D, written for Pigment from the Parasol 0.11.3
-- spec's function tables with the corrections in shared/specs/parasol-notes.md. Every function is an
-- external: Pigment's lowering gives each its meaning by name (com_io7m_parasol_<module>_<function>).

package com.io7m.parasol;

module Sampler2D is

  function texture (t : sampler_2d, uv : vector_2f) : vector_4f =
    external com_io7m_parasol_sampler2d_texture is
      vertex true;
      fragment true;
    end;

  function texture_projective_3f (t : sampler_2d, uv : vector_3f) : vector_4f =
    external com_io7m_parasol_sampler2d_texture_projective_3f is
      vertex true;
      fragment true;
    end;

  function texture_projective_4f (t : sampler_2d, uv : vector_4f) : vector_4f =
    external com_io7m_parasol_sampler2d_texture_projective_4f is
      vertex true;
      fragment true;
    end;

  function texture_with_lod (t : sampler_2d, uv : vector_2f, lod : float) : vector_4f =
    external com_io7m_parasol_sampler2d_texture_with_lod is
      restrict 110 full;
      restrict 120 full;
      restrict 100 es;
      vertex true;
      fragment true;
    end;

  function texture_with_offset (t : sampler_2d, uv : vector_2f, offset : vector_2i) : vector_4f =
    external com_io7m_parasol_sampler2d_texture_with_offset is
      restrict 110 full;
      restrict 120 full;
      restrict 100 es;
      vertex true;
      fragment true;
    end;

end;
