-- Parasol standard library module com.io7m.parasol.Vector4f, written for Pigment from the Parasol 0.11.3
-- spec's function tables with the corrections in shared/specs/parasol-notes.md. Every function is an
-- external: Pigment's lowering gives each its meaning by name (com_io7m_parasol_<module>_<function>).

package com.io7m.parasol;

module Vector4f is

  function add (v0 : vector_4f, v1 : vector_4f) : vector_4f =
    external com_io7m_parasol_vector4f_add is
      vertex true;
      fragment true;
    end;

  function add_scalar (v : vector_4f, x : float) : vector_4f =
    external com_io7m_parasol_vector4f_add_scalar is
      vertex true;
      fragment true;
    end;

  function divide (v0 : vector_4f, v1 : vector_4f) : vector_4f =
    external com_io7m_parasol_vector4f_divide is
      vertex true;
      fragment true;
    end;

  function divide_scalar (v : vector_4f, x : float) : vector_4f =
    external com_io7m_parasol_vector4f_divide_scalar is
      vertex true;
      fragment true;
    end;

  function dot (v0 : vector_4f, v1 : vector_4f) : float =
    external com_io7m_parasol_vector4f_dot is
      vertex true;
      fragment true;
    end;

  function interpolate (v0 : vector_4f, v1 : vector_4f, a : float) : vector_4f =
    external com_io7m_parasol_vector4f_interpolate is
      vertex true;
      fragment true;
    end;

  function magnitude (v : vector_4f) : float =
    external com_io7m_parasol_vector4f_magnitude is
      vertex true;
      fragment true;
    end;

  function maximum (v0 : vector_4f, v1 : vector_4f) : vector_4f =
    external com_io7m_parasol_vector4f_maximum is
      vertex true;
      fragment true;
    end;

  function minimum (v0 : vector_4f, v1 : vector_4f) : vector_4f =
    external com_io7m_parasol_vector4f_minimum is
      vertex true;
      fragment true;
    end;

  function multiply (v0 : vector_4f, v1 : vector_4f) : vector_4f =
    external com_io7m_parasol_vector4f_multiply is
      vertex true;
      fragment true;
    end;

  function multiply_scalar (v : vector_4f, x : float) : vector_4f =
    external com_io7m_parasol_vector4f_multiply_scalar is
      vertex true;
      fragment true;
    end;

  function negate (v : vector_4f) : vector_4f =
    external com_io7m_parasol_vector4f_negate is
      vertex true;
      fragment true;
    end;

  function normalize (v : vector_4f) : vector_4f =
    external com_io7m_parasol_vector4f_normalize is
      vertex true;
      fragment true;
    end;

  function reflect (i : vector_4f, n : vector_4f) : vector_4f =
    external com_io7m_parasol_vector4f_reflect is
      vertex true;
      fragment true;
    end;

  function refract (i : vector_4f, n : vector_4f, e : float) : vector_4f =
    external com_io7m_parasol_vector4f_refract is
      vertex true;
      fragment true;
    end;

  function subtract (v0 : vector_4f, v1 : vector_4f) : vector_4f =
    external com_io7m_parasol_vector4f_subtract is
      vertex true;
      fragment true;
    end;

  function subtract_scalar (v : vector_4f, x : float) : vector_4f =
    external com_io7m_parasol_vector4f_subtract_scalar is
      vertex true;
      fragment true;
    end;

end;
