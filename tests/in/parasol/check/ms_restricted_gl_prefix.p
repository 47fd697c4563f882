-- expect: MODULE_STRUCTURE_RESTRICTED_NAME
package t.p;

module M is
  value glow = 1;

end;
