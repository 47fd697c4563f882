-- Parasol standard library module com.io7m.parasol.Boolean, written for Pigment from the Parasol 0.11.3
-- spec's function tables with the corrections in shared/specs/parasol-notes.md. Every function is an
-- external: Pigment's lowering gives each its meaning by name (com_io7m_parasol_<module>_<function>).

package com.io7m.parasol;

module Boolean is

  function or (x : boolean, y : boolean) : boolean =
    external com_io7m_parasol_boolean_or is
      vertex true;
      fragment true;
    end;

end;
