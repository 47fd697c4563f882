-- Parasol standard library module com.io7m.parasol.Matrix3x3f, written for Pigment from the Parasol 0.11.3
-- spec's function tables with the corrections in shared/specs/parasol-notes.md. Every function is an
-- external: Pigment's lowering gives each its meaning by name (com_io7m_parasol_<module>_<function>).

package com.io7m.parasol;

module Matrix3x3f is

  function multiply (m0 : matrix_3x3f, m1 : matrix_3x3f) : matrix_3x3f =
    external com_io7m_parasol_matrix3x3f_multiply is
      vertex true;
      fragment true;
    end;

  function multiply_vector (m : matrix_3x3f, v : vector_3f) : vector_3f =
    external com_io7m_parasol_matrix3x3f_multiply_vector is
      vertex true;
      fragment true;
    end;

end;
