-- expect: TYPE_ERROR_EXPRESSION_NEW_TYPE_NOT_CONSTRUCTABLE
package t.p;

module M is
  value x = new sampler_2d (1);

end;
