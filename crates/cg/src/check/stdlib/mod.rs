//! The Cg standard library's declarations (cg-stdlib.md): every function with all its overloads.
//! Their meaning is lowering's business; the checker needs the signatures for overload resolution
//! and which profiles lack a function.

mod expand;
mod table;

use super::program::Direction;
use super::types::Type;
use std::collections::HashMap;
use std::sync::OnceLock;

/// A handle to one overload in [`Stdlib::functions`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BuiltinId(pub u32);

/// One overload of a standard library function.
#[derive(Clone, Debug, PartialEq)]
pub struct Builtin {
    pub name: String,
    pub ret: Type,
    pub params: Vec<(Type, Direction)>,
    /// The oldest profile that has it, when fp30 lacks it (`Some("fp40")` for `tex2Dlod`).
    pub needs: Option<&'static str>,
}

impl Builtin {
    /// True when `profile` has this function.
    pub fn available_in(&self, profile: &str) -> bool {
        match self.needs {
            None => true,
            // Only the explicit-LOD lookups need fp40 (see the table).
            Some(_) => super::profiles::has_lod_lookups(profile),
        }
    }
}

pub struct Stdlib {
    pub functions: Vec<Builtin>,
    by_name: HashMap<String, Vec<BuiltinId>>,
}

impl Stdlib {
    pub fn get(&self, id: BuiltinId) -> &Builtin {
        &self.functions[id.0 as usize]
    }

    /// Every overload named `name` (empty when the library has no such function).
    pub fn overloads(&self, name: &str) -> &[BuiltinId] {
        self.by_name.get(name).map_or(&[], Vec::as_slice)
    }

    /// The overloads a call to `name` may mean: those named `name`, and those of the Cg
    /// function a GLSL-style name stands for (see [`GLSL_ALIASES`]).
    pub fn overloads_for_call(&self, name: &str) -> Vec<BuiltinId> {
        let mut ids = self.overloads(name).to_vec();
        for (_, cg) in GLSL_ALIASES.iter().filter(|(glsl, _)| *glsl == name) {
            ids.extend_from_slice(self.overloads(cg));
        }
        ids
    }
}

/// GLSL-style names cgc accepts for Cg library functions, which compile exactly as the Cg
/// function does (`mix(a, b, t)` is `lerp(a, b, t)`; two-argument `atan(y, x)` is `atan2`). A
/// call resolves to the Cg function's overload, so nothing after the checker sees the alias.
/// `mod` is not an alias: it floors where `fmod` truncates, so it has its own table entry.
pub const GLSL_ALIASES: &[(&str, &str)] = &[
    ("mix", "lerp"),
    ("fract", "frac"),
    ("inversesqrt", "rsqrt"),
    ("dFdx", "ddx"),
    ("dFdy", "ddy"),
    ("atan", "atan2"),
];

/// The library, expanded from its table on first use.
pub fn stdlib() -> &'static Stdlib {
    static LIB: OnceLock<Stdlib> = OnceLock::new();
    LIB.get_or_init(|| {
        let functions = expand::expand_all();
        let mut by_name: HashMap<String, Vec<BuiltinId>> = HashMap::new();
        for (i, f) in functions.iter().enumerate() {
            by_name
                .entry(f.name.clone())
                .or_default()
                .push(BuiltinId(i as u32));
        }
        Stdlib { functions, by_name }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::ast::{SamplerKind, Scalar};

    fn count(name: &str) -> usize {
        stdlib().overloads(name).len()
    }

    #[test]
    fn overload_counts_follow_the_library_summary() {
        // "27 overloads": 15 TN forms plus 12 vector forms with scalar bounds/weight.
        assert_eq!(count("clamp"), 27);
        assert_eq!(count("lerp"), 27);
        assert_eq!(count("abs"), 15);
        assert_eq!(count("cross"), 3);
        // mul: R×C·C (48), R·R×C (48), R×K·K×C (192).
        assert_eq!(count("mul"), 288);
        assert_eq!(count("transpose"), 48);
        assert_eq!(count("lit"), 3);
    }

    #[test]
    fn texture_lookups_and_their_variants() {
        let lib = stdlib();
        let tex2d: Vec<_> = lib.overloads("tex2D").iter().map(|&i| lib.get(i)).collect();
        assert!(tex2d.iter().any(|b| b.params
            == vec![
                (Type::Sampler(SamplerKind::D2), Direction::In),
                (Type::Vector(Scalar::Float, 2), Direction::In)
            ]));
        let h4 = lib.get(lib.overloads("h4tex2D")[0]);
        assert_eq!(h4.ret, Type::Vector(Scalar::Half, 4));
        let lod = lib.get(lib.overloads("tex2Dlod")[0]);
        assert!(!lod.available_in("fp30"));
        assert!(lod.available_in("fp40"));
        assert!(lib.get(lib.overloads("tex2Dbias")[0]).available_in("fp30"));
    }

    #[test]
    fn glsl_names_reach_the_cg_overloads() {
        let lib = stdlib();
        assert_eq!(lib.overloads_for_call("mix"), lib.overloads("lerp"));
        let atan = lib.overloads_for_call("atan");
        assert_eq!(atan.len(), count("atan") + count("atan2"));
        assert_eq!(count("mod"), 15);
        assert!(lib.overloads_for_call("lerp") == lib.overloads("lerp"));
    }

    #[test]
    fn out_parameters_are_marked() {
        let lib = stdlib();
        let sincos = lib.get(lib.overloads("sincos")[0]);
        assert_eq!(sincos.ret, Type::Void);
        assert_eq!(sincos.params[1].1, Direction::Out);
        assert_eq!(sincos.params[2].1, Direction::Out);
    }
}
