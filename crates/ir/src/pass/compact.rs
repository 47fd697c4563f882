//! Compaction: the function's values renumbered to those its body still defines, in their
//! order. Passes never take a value out of the arena, so after unrolling (which makes hundreds
//! of thousands of constants that folding and DCE then remove) every later pass would size its
//! per-value tables for the dead ones too; a value keeps its place relative to the others, so
//! nothing that orders values by index changes.

use super::Pass;
use crate::arena::Arena;
use crate::function::*;

pub struct Compact;

impl Pass for Compact {
    fn name(&self) -> &'static str {
        "compact"
    }

    fn run(&mut self, func: &mut Function) -> bool {
        let defined = defined_values(func);
        if defined.iter().all(|&d| d) {
            return false;
        }
        let mut values = Arena::new();
        let renumbered: Vec<Option<Value>> = func
            .values
            .iter()
            .map(|(h, info)| defined[h.index()].then(|| values.append(*info)))
            .collect();
        // A value the body reads but does not define (the verifier refuses such IR) keeps a
        // place of its own rather than aliasing another.
        let mut new = |v: Value| match renumbered[v.index()] {
            Some(n) => n,
            None => values.append(func.values[v]),
        };
        walk_mut(&mut func.body, &mut |inst| {
            inst.kind.map_operands(&mut new);
            for r in &mut inst.results {
                *r = new(*r);
            }
            if let InstKind::Loop { params, .. } = &mut inst.kind {
                for p in params {
                    *p = new(*p);
                }
            }
        });
        func.values = values;
        true
    }
}

/// Which values the body defines: instruction results and loop parameters.
fn defined_values(func: &Function) -> Vec<bool> {
    let mut defined = vec![false; func.values.len()];
    walk(&func.body, &mut |inst| {
        for r in &inst.results {
            defined[r.index()] = true;
        }
        if let InstKind::Loop { params, .. } = &inst.kind {
            for p in params {
                defined[p.index()] = true;
            }
        }
    });
    defined
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pass::Dce;

    #[test]
    fn dead_values_leave_the_arena_and_the_function_stays_the_same() {
        let text = "fn main(in $a: float, out $o: float) {\n  %0: float = input $a\n  \
            %1: float = neg %0\n  %2: float = abs %1\n  %3: float = const 2.0\n  \
            %4: float = loop (%5: float = %0) {\n    %6: bool = lt %5, %3\n    \
            if %6 {\n      %7: float = add %5, %3\n      continue %7\n    }\n    \
            break %5\n  }\n  %8: float = mul %4, %3\n  store $o, %8\n}\n";
        let mut module = crate::parse(text).unwrap();
        let (_, func) = module.functions.iter_mut().next().unwrap();
        Dce.run(func);
        let before = crate::print_function(func);
        let count = func.values.len();
        assert!(Compact.run(func));
        assert!(crate::verify_function(func).is_empty());
        // %1 and %2 are gone from the arena; the text (values numbered as printed) is the same.
        assert_eq!(func.values.len(), count - 2);
        assert_eq!(crate::print_function(func), before);
        assert!(!Compact.run(func), "a compact function is left alone");
    }
}
