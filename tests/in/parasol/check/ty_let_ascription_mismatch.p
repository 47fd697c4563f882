-- expect: TYPE_ERROR_VALUE_ASCRIPTION_MISMATCH
package t.p;

module M is
  value x = let value y : boolean = 1.0; in y end;

end;
