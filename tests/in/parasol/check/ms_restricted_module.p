-- expect: MODULE_STRUCTURE_RESTRICTED_NAME
package t.p;

module GLM is
end;
