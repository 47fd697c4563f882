-- Parasol standard library module com.io7m.parasol.Float, written for Pigment from the Parasol 0.11.3
-- spec's function tables with the corrections in shared/specs/parasol-notes.md. Every function is an
-- external: Pigment's lowering gives each its meaning by name (com_io7m_parasol_<module>_<function>).

package com.io7m.parasol;

module Float is

  function absolute (x : float) : float =
    external com_io7m_parasol_float_absolute is
      vertex true;
      fragment true;
    end;

  function add (x : float, y : float) : float =
    external com_io7m_parasol_float_add is
      vertex true;
      fragment true;
    end;

  function arc_cosine (x : float) : float =
    external com_io7m_parasol_float_arc_cosine is
      vertex true;
      fragment true;
    end;

  function arc_sine (x : float) : float =
    external com_io7m_parasol_float_arc_sine is
      vertex true;
      fragment true;
    end;

  function arc_tangent (x : float) : float =
    external com_io7m_parasol_float_arc_tangent is
      vertex true;
      fragment true;
    end;

  function ceiling (x : float) : float =
    external com_io7m_parasol_float_ceiling is
      vertex true;
      fragment true;
    end;

  function clamp (x : float, lower : float, upper : float) : float =
    external com_io7m_parasol_float_clamp is
      vertex true;
      fragment true;
    end;

  function cosine (x : float) : float =
    external com_io7m_parasol_float_cosine is
      vertex true;
      fragment true;
    end;

  function divide (x : float, y : float) : float =
    external com_io7m_parasol_float_divide is
      vertex true;
      fragment true;
    end;

  function equals (x : float, y : float) : boolean =
    external com_io7m_parasol_float_equals is
      vertex true;
      fragment true;
    end;

  function floor (x : float) : float =
    external com_io7m_parasol_float_floor is
      vertex true;
      fragment true;
    end;

  function greater (x : float, y : float) : boolean =
    external com_io7m_parasol_float_greater is
      vertex true;
      fragment true;
    end;

  function greater_or_equal (x : float, y : float) : boolean =
    external com_io7m_parasol_float_greater_or_equal is
      vertex true;
      fragment true;
    end;

  function interpolate (x : float, y : float, a : float) : float =
    external com_io7m_parasol_float_interpolate is
      vertex true;
      fragment true;
    end;

  function is_infinite (x : float) : boolean =
    external com_io7m_parasol_float_is_infinite is
      vertex true;
      fragment true;
    end;

  function is_nan (x : float) : boolean =
    external com_io7m_parasol_float_is_nan is
      vertex true;
      fragment true;
    end;

  function lesser (x : float, y : float) : boolean =
    external com_io7m_parasol_float_lesser is
      vertex true;
      fragment true;
    end;

  function lesser_or_equal (x : float, y : float) : boolean =
    external com_io7m_parasol_float_lesser_or_equal is
      vertex true;
      fragment true;
    end;

  function log2 (x : float) : float =
    external com_io7m_parasol_float_log2 is
      vertex true;
      fragment true;
    end;

  function maximum (x : float, y : float) : float =
    external com_io7m_parasol_float_maximum is
      vertex true;
      fragment true;
    end;

  function minimum (x : float, y : float) : float =
    external com_io7m_parasol_float_minimum is
      vertex true;
      fragment true;
    end;

  function modulo (x : float, y : float) : float =
    external com_io7m_parasol_float_modulo is
      vertex true;
      fragment true;
    end;

  function multiply (x : float, y : float) : float =
    external com_io7m_parasol_float_multiply is
      vertex true;
      fragment true;
    end;

  function negate (x : float) : float =
    external com_io7m_parasol_float_negate is
      vertex true;
      fragment true;
    end;

  function power (x : float, n : float) : float =
    external com_io7m_parasol_float_power is
      vertex true;
      fragment true;
    end;

  function round (x : float) : float =
    external com_io7m_parasol_float_round is
      vertex true;
      fragment true;
    end;

  function sign (x : float) : float =
    external com_io7m_parasol_float_sign is
      vertex true;
      fragment true;
    end;

  function sine (x : float) : float =
    external com_io7m_parasol_float_sine is
      vertex true;
      fragment true;
    end;

  function square_root (x : float) : float =
    external com_io7m_parasol_float_square_root is
      vertex true;
      fragment true;
    end;

  function subtract (x : float, y : float) : float =
    external com_io7m_parasol_float_subtract is
      vertex true;
      fragment true;
    end;

  function tangent (x : float) : float =
    external com_io7m_parasol_float_tangent is
      vertex true;
      fragment true;
    end;

  function truncate (x : float) : float =
    external com_io7m_parasol_float_truncate is
      vertex true;
      fragment true;
    end;

end;
