-- expect: TYPE_ERROR_EXPRESSION_CONDITION_BRANCHES_INCOMPATIBLE
package t.p;

module M is
  value x = if true then 1 else 2.0 end;
end;
