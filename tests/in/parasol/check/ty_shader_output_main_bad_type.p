-- expect: TYPE_ERROR_SHADER_OUTPUT_MAIN_BAD_TYPE
package t.p;

module M is

  shader vertex v is
    in p : vector_3f;
    out vertex clip : vector_3f;
  as
    out clip = p;
  end;

end;
