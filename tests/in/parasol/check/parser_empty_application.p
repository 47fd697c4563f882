-- expect: PARSER_ERROR
package t.p;

module M is
  function f (x : integer) : integer = x;
  value y = f ();

end;
