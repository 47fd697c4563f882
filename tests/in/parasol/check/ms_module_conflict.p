-- expect: MODULE_STRUCTURE_MODULE_CONFLICT
package t.p;

module A is
end;

module A is
end;
