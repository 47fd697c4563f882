-- Parasol standard library module com.io7m.parasol.Fragment, written for Pigment from the Parasol 0.11.3
-- spec's function tables with the corrections in shared/specs/parasol-notes.md. Every function is an
-- external: Pigment's lowering gives each its meaning by name (com_io7m_parasol_<module>_<function>).

package com.io7m.parasol;

module Fragment is

  -- The fragment's window position (fragment shaders only).
  value coordinate : vector_4f =
    external com_io7m_parasol_fragment_coordinate is
      vertex false;
      fragment true;
    end;

end;
