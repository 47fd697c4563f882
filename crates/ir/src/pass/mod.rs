//! Optimisation and legalisation passes: the [`Pass`] trait, [`run_pass`] (which verifies the result in
//! debug and test builds), and the passes every back end can use.

mod compact;
mod const_fold;
mod cse;
mod dce;
mod fp30_precision;
mod identities;
mod swizzles;

pub mod file;

pub use compact::Compact;
pub use const_fold::{fold_boolean, ConstFold, Folded};
pub use cse::Cse;
pub use dce::Dce;
pub use fp30_precision::Fp30Precision;
pub use identities::Identities;
pub use swizzles::Swizzles;

use crate::function::{Function, Module, Value, ValueInfo};
use crate::verify::{verify, VerifyError};
use crate::DenseMap;
use std::collections::HashMap;

/// A transformation of one function.
pub trait Pass {
    /// The name used in `; run:` lines of pass tests.
    fn name(&self) -> &'static str;
    /// Rewrites `func`; returns whether anything changed.
    fn run(&mut self, func: &mut Function) -> bool;
}

/// A pass broke the IR's invariants (found only in builds with debug assertions).
#[derive(Clone, Debug, PartialEq)]
pub struct PassError {
    pub pass: &'static str,
    pub errors: Vec<VerifyError>,
}

/// Runs `pass` on every function. With debug assertions on (debug and test builds), a module that
/// verified before the pass must verify after it, or the verifier's errors are returned.
pub fn run_pass(module: &mut Module, pass: &mut dyn Pass) -> Result<bool, PassError> {
    let valid_before = cfg!(debug_assertions) && verify(module).is_ok();
    let mut changed = false;
    for h in module.functions.handles().collect::<Vec<_>>() {
        changed |= pass.run(&mut module.functions[h]);
    }
    if valid_before {
        if let Err(errors) = verify(module) {
            return Err(PassError {
                pass: pass.name(),
                errors,
            });
        }
    }
    Ok(changed)
}

/// The pass called `name` (`dce`, `const_fold`, `cse`, `identities`, `swizzles`,
/// `fp30_precision`).
pub fn pass_by_name(name: &str) -> Option<Box<dyn Pass>> {
    match name {
        "dce" => Some(Box::new(Dce)),
        "compact" => Some(Box::new(Compact)),
        "const_fold" => Some(Box::new(ConstFold)),
        "cse" => Some(Box::new(Cse)),
        "identities" => Some(Box::new(Identities)),
        "swizzles" => Some(Box::new(Swizzles)),
        "fp30_precision" => Some(Box::new(Fp30Precision)),
        _ => None,
    }
}

/// Replaces every use of a key of `map` by its value, throughout the function.
pub fn replace_uses(func: &mut Function, map: &HashMap<Value, Value>) {
    if !map.is_empty() {
        replace_with(func, |v| map.get(&v).copied());
    }
}

/// [`replace_uses`] for a map indexed by value.
pub fn replace_uses_dense(func: &mut Function, map: &DenseMap<ValueInfo, Value>) {
    if !map.is_empty() {
        replace_with(func, |v| map.copied(v));
    }
}

fn replace_with(func: &mut Function, next: impl Fn(Value) -> Option<Value>) {
    let resolve = |mut v: Value| {
        // Chains (a → b → c) resolve fully; the map never has cycles since replacements point to
        // earlier definitions.
        while let Some(n) = next(v) {
            v = n;
        }
        v
    };
    crate::function::walk_mut(&mut func.body, &mut |inst| {
        inst.kind.map_operands(&mut |v| resolve(v))
    });
}
