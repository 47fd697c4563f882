-- expect: TYPE_ERROR_EXPRESSION_NEW_NO_APPROPRIATE_CONSTRUCTORS
package t.p;

module M is
  value x = new vector_3f (1.0, 2.0);

end;
