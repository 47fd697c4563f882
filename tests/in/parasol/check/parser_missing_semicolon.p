-- expect: PARSER_ERROR
package t.p;

module M is
  value x = 1
  value y = 2;

end;
