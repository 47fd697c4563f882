-- expect: MODULE_STRUCTURE_RESTRICTED_NAME
package t.p;

module M is
  value a__b = 1;

end;
