-- expect: OK
package t.p;

module M is

  shader vertex v is
    in p : vector_4f;
    out vertex clip : vector_4f;
  as
    out clip = p;
  end;

end;
