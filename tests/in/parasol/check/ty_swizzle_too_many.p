-- expect: TYPE_ERROR_EXPRESSION_SWIZZLE_TOO_MANY_COMPONENTS
package t.p;

module M is
  value v = new vector_2f (0.0, 1.0) [x y x y x];

end;
