-- expect: TYPE_ERROR_EXPRESSION_SWIZZLE_NOT_VECTOR
package t.p;

module M is
  value v = 23 [x y];

end;
