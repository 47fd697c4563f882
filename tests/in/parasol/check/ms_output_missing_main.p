-- expect: MODULE_STRUCTURE_SHADER_OUTPUT_MISSING_MAIN
package t.p;

module M is

  shader vertex v is
    in p : vector_4f;
    out clip : vector_4f;
  as
    out clip = p;
  end;

end;
