-- Parasol standard library module com.io7m.parasol.Integer, written for Pigment from the Parasol 0.11.3
-- spec's function tables with the corrections in shared/specs/parasol-notes.md. Every function is an
-- external: Pigment's lowering gives each its meaning by name (com_io7m_parasol_<module>_<function>).

package com.io7m.parasol;

module Integer is

  function add (x : integer, y : integer) : integer =
    external com_io7m_parasol_integer_add is
      vertex true;
      fragment true;
    end;

  function divide (x : integer, y : integer) : integer =
    external com_io7m_parasol_integer_divide is
      vertex true;
      fragment true;
    end;

  function multiply (x : integer, y : integer) : integer =
    external com_io7m_parasol_integer_multiply is
      vertex true;
      fragment true;
    end;

  function subtract (x : integer, y : integer) : integer =
    external com_io7m_parasol_integer_subtract is
      vertex true;
      fragment true;
    end;

end;
