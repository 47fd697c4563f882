-- expect: LEXER_ERROR
package t.p;

module M is
  value x = 007;

end;
