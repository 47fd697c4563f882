-- Parasol standard library module com.io7m.parasol.Matrix4x4f, written for Pigment from the Parasol 0.11.3
-- spec's function tables with the corrections in shared/specs/parasol-notes.md. Every function is an
-- external: Pigment's lowering gives each its meaning by name (com_io7m_parasol_<module>_<function>).

package com.io7m.parasol;

module Matrix4x4f is

  function multiply (m0 : matrix_4x4f, m1 : matrix_4x4f) : matrix_4x4f =
    external com_io7m_parasol_matrix4x4f_multiply is
      vertex true;
      fragment true;
    end;

  function multiply_vector (m : matrix_4x4f, v : vector_4f) : vector_4f =
    external com_io7m_parasol_matrix4x4f_multiply_vector is
      vertex true;
      fragment true;
    end;

end;
