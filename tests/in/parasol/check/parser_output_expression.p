-- expect: PARSER_ERROR
package t.p;

module M is

  shader fragment f is
    out c : vector_4f as 0;
  as
    out c = new vector_4f (0.0, 0.0, 0.0, 1.0);
  end;

end;
