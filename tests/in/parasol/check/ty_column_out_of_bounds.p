-- expect: TYPE_ERROR_EXPRESSION_MATRIX_COLUMN_ACCESS_OUT_OF_BOUNDS
package t.p;

module M is
  value v = new vector_3f (0.0, 0.0, 0.0);
  value m = new matrix_3x3f (v, v, v);
  value x = column m 3;

end;
