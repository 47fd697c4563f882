-- Parasol standard library module com.io7m.parasol.Vector2i, written for Pigment from the Parasol 0.11.3
-- spec's function tables with the corrections in shared/specs/parasol-notes.md. Every function is an
-- external: Pigment's lowering gives each its meaning by name (com_io7m_parasol_<module>_<function>).

package com.io7m.parasol;

module Vector2i is

  function add (v0 : vector_2i, v1 : vector_2i) : vector_2i =
    external com_io7m_parasol_vector2i_add is
      vertex true;
      fragment true;
    end;

  function add_scalar (v : vector_2i, x : integer) : vector_2i =
    external com_io7m_parasol_vector2i_add_scalar is
      vertex true;
      fragment true;
    end;

  function divide (v0 : vector_2i, v1 : vector_2i) : vector_2i =
    external com_io7m_parasol_vector2i_divide is
      vertex true;
      fragment true;
    end;

  function divide_scalar (v : vector_2i, x : integer) : vector_2i =
    external com_io7m_parasol_vector2i_divide_scalar is
      vertex true;
      fragment true;
    end;

  function dot (v0 : vector_2i, v1 : vector_2i) : float =
    external com_io7m_parasol_vector2i_dot is
      vertex true;
      fragment true;
    end;

  function interpolate (v0 : vector_2i, v1 : vector_2i, a : float) : vector_2i =
    external com_io7m_parasol_vector2i_interpolate is
      vertex true;
      fragment true;
    end;

  function magnitude (v : vector_2i) : float =
    external com_io7m_parasol_vector2i_magnitude is
      vertex true;
      fragment true;
    end;

  function maximum (v0 : vector_2i, v1 : vector_2i) : vector_2i =
    external com_io7m_parasol_vector2i_maximum is
      vertex true;
      fragment true;
    end;

  function minimum (v0 : vector_2i, v1 : vector_2i) : vector_2i =
    external com_io7m_parasol_vector2i_minimum is
      vertex true;
      fragment true;
    end;

  function multiply (v0 : vector_2i, v1 : vector_2i) : vector_2i =
    external com_io7m_parasol_vector2i_multiply is
      vertex true;
      fragment true;
    end;

  function multiply_scalar (v : vector_2i, x : integer) : vector_2i =
    external com_io7m_parasol_vector2i_multiply_scalar is
      vertex true;
      fragment true;
    end;

  function negate (v : vector_2i) : vector_2i =
    external com_io7m_parasol_vector2i_negate is
      vertex true;
      fragment true;
    end;

  function normalize (v : vector_2i) : vector_2i =
    external com_io7m_parasol_vector2i_normalize is
      vertex true;
      fragment true;
    end;

  function reflect (i : vector_2i, n : vector_2i) : vector_2i =
    external com_io7m_parasol_vector2i_reflect is
      vertex true;
      fragment true;
    end;

  function refract (i : vector_2i, n : vector_2i, e : float) : vector_2i =
    external com_io7m_parasol_vector2i_refract is
      vertex true;
      fragment true;
    end;

  function subtract (v0 : vector_2i, v1 : vector_2i) : vector_2i =
    external com_io7m_parasol_vector2i_subtract is
      vertex true;
      fragment true;
    end;

  function subtract_scalar (v : vector_2i, x : integer) : vector_2i =
    external com_io7m_parasol_vector2i_subtract_scalar is
      vertex true;
      fragment true;
    end;

end;
