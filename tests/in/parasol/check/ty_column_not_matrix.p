-- expect: TYPE_ERROR_EXPRESSION_MATRIX_COLUMN_ACCESS_NOT_COLUMN
package t.p;

module M is
  value x = column 1.0 0;

end;
