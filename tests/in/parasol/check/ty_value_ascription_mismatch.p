-- expect: TYPE_ERROR_VALUE_ASCRIPTION_MISMATCH
package t.p;

module M is
  value x : float = 1;

end;
