-- expect: MODULE_STRUCTURE_RESTRICTED_NAME
package t.p;

module M is
  value vec4 = 1;

end;
