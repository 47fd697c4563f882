-- expect: MODULE_STRUCTURE_SHADER_OUTPUT_MULTIPLE_MAIN
package t.p;

module M is

  shader vertex v is
    in p : vector_4f;
    out vertex clip : vector_4f;
    out vertex other : vector_4f;
  as
    out clip = p;
    out other = p;
  end;

end;
