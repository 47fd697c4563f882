-- expect: TYPE_ERROR_RECORD_FIELD_NOT_MANIFEST
package t.p;

module M is
  type t is record s : sampler_2d end;

end;
