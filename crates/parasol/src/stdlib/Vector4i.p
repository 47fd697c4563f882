-- Parasol standard library module com.io7m.parasol.Vector4i, written for Pigment from the Parasol 0.11.3
-- spec's function tables with the corrections in shared/specs/parasol-notes.md. Every function is an
-- external: Pigment's lowering gives each its meaning by name (com_io7m_parasol_<module>_<function>).

package com.io7m.parasol;

module Vector4i is

  function add (v0 : vector_4i, v1 : vector_4i) : vector_4i =
    external com_io7m_parasol_vector4i_add is
      vertex true;
      fragment true;
    end;

  function add_scalar (v : vector_4i, x : integer) : vector_4i =
    external com_io7m_parasol_vector4i_add_scalar is
      vertex true;
      fragment true;
    end;

  function divide (v0 : vector_4i, v1 : vector_4i) : vector_4i =
    external com_io7m_parasol_vector4i_divide is
      vertex true;
      fragment true;
    end;

  function divide_scalar (v : vector_4i, x : integer) : vector_4i =
    external com_io7m_parasol_vector4i_divide_scalar is
      vertex true;
      fragment true;
    end;

  function dot (v0 : vector_4i, v1 : vector_4i) : float =
    external com_io7m_parasol_vector4i_dot is
      vertex true;
      fragment true;
    end;

  function interpolate (v0 : vector_4i, v1 : vector_4i, a : float) : vector_4i =
    external com_io7m_parasol_vector4i_interpolate is
      vertex true;
      fragment true;
    end;

  function magnitude (v : vector_4i) : float =
    external com_io7m_parasol_vector4i_magnitude is
      vertex true;
      fragment true;
    end;

  function maximum (v0 : vector_4i, v1 : vector_4i) : vector_4i =
    external com_io7m_parasol_vector4i_maximum is
      vertex true;
      fragment true;
    end;

  function minimum (v0 : vector_4i, v1 : vector_4i) : vector_4i =
    external com_io7m_parasol_vector4i_minimum is
      vertex true;
      fragment true;
    end;

  function multiply (v0 : vector_4i, v1 : vector_4i) : vector_4i =
    external com_io7m_parasol_vector4i_multiply is
      vertex true;
      fragment true;
    end;

  function multiply_scalar (v : vector_4i, x : integer) : vector_4i =
    external com_io7m_parasol_vector4i_multiply_scalar is
      vertex true;
      fragment true;
    end;

  function negate (v : vector_4i) : vector_4i =
    external com_io7m_parasol_vector4i_negate is
      vertex true;
      fragment true;
    end;

  function normalize (v : vector_4i) : vector_4i =
    external com_io7m_parasol_vector4i_normalize is
      vertex true;
      fragment true;
    end;

  function reflect (i : vector_4i, n : vector_4i) : vector_4i =
    external com_io7m_parasol_vector4i_reflect is
      vertex true;
      fragment true;
    end;

  function refract (i : vector_4i, n : vector_4i, e : float) : vector_4i =
    external com_io7m_parasol_vector4i_refract is
      vertex true;
      fragment true;
    end;

  function subtract (v0 : vector_4i, v1 : vector_4i) : vector_4i =
    external com_io7m_parasol_vector4i_subtract is
      vertex true;
      fragment true;
    end;

  function subtract_scalar (v : vector_4i, x : integer) : vector_4i =
    external com_io7m_parasol_vector4i_subtract_scalar is
      vertex true;
      fragment true;
    end;

end;
