-- expect: PARSER_ERROR
package t.p;

module M is
  value x : float = external e is vertex true; fragment true; end;

end;
