//! The Cg standard library's declarations (cg-stdlib.md): every function with all its overloads.
//! Their meaning is lowering's business; the checker needs the signatures for overload resolution
//! and which profiles lack a function.

mod expand;
mod table;

use super::types::Direction;
use super::types::Type;
use std::collections::HashMap;
use std::sync::OnceLock;

/// A handle to one overload in `Stdlib::functions`.
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

/// The library, each function's overloads expanded from the table when it is first asked for:
/// a program calls a handful of the library's ~110 functions, and expanding all of them (about
/// 3,000 overloads) was most of a small compile's time.
pub struct Stdlib {
    functions: Vec<Function>,
    /// The table's functions by name; precision variants are found through their lookup.
    by_name: HashMap<&'static str, u32>,
}

/// One function of the library: where its overloads come from, and them once expanded.
struct Function {
    source: Source,
    overloads: OnceLock<Overloads>,
}

enum Source {
    /// The table's lines that declare it, in table order; for a lookup, the index of the first
    /// of its precision variants (prefix by prefix, widths 1 to 4).
    Lines {
        lines: Vec<&'static str>,
        variants: Option<u32>,
    },
    /// A precision-prefixed lookup (`h4tex2D`): the function it varies (`tex2D`), the prefix
    /// and the width.
    Variant { base: u32, prefix: char, width: u8 },
}

struct Overloads {
    builtins: Vec<Builtin>,
    ids: Vec<BuiltinId>,
}

/// A [`BuiltinId`] is the function's index above these bits and the overload's below.
const OVERLOAD_BITS: u32 = 16;

/// The widths a precision prefix takes (`h1tex2D` to `h4tex2D`).
const VARIANT_WIDTHS: u32 = 4;

impl Stdlib {
    pub fn get(&self, id: BuiltinId) -> &Builtin {
        let overload = (id.0 & ((1 << OVERLOAD_BITS) - 1)) as usize;
        &self.expanded(id.0 >> OVERLOAD_BITS).builtins[overload]
    }

    /// Every overload named `name` (empty when the library has no such function).
    pub fn overloads(&self, name: &str) -> &[BuiltinId] {
        match self.find(name) {
            Some(function) => &self.expanded(function).ids,
            None => &[],
        }
    }

    /// Every overload of every function (all of them expanded).
    pub fn all(&self) -> impl Iterator<Item = &Builtin> {
        (0..self.functions.len() as u32).flat_map(|f| &self.expanded(f).builtins)
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

    /// The function named `name`: one of the table's, or a precision variant of a lookup
    /// (`h4tex2D`: prefix `h`, width 4, lookup `tex2D`).
    fn find(&self, name: &str) -> Option<u32> {
        if let Some(&function) = self.by_name.get(name) {
            return Some(function);
        }
        let (&[prefix, width], base) = (name.as_bytes().get(..2)?, name.get(2..)?) else {
            return None;
        };
        let prefix = (table::PRECISION_PREFIXES.iter()).position(|&(p, _)| p as u8 == prefix)?;
        let width = (b'1'..=b'4')
            .contains(&width)
            .then(|| u32::from(width - b'1'))?;
        let base = *self.by_name.get(base)?;
        match self.functions[base as usize].source {
            Source::Lines {
                variants: Some(first),
                ..
            } => Some(first + prefix as u32 * VARIANT_WIDTHS + width),
            _ => None,
        }
    }

    /// Function `index`'s overloads, expanded on first use.
    fn expanded(&self, index: u32) -> &Overloads {
        let function = &self.functions[index as usize];
        function.overloads.get_or_init(|| {
            let builtins = match &function.source {
                Source::Lines { lines, .. } => expand::expand_lines(lines),
                Source::Variant {
                    base,
                    prefix,
                    width,
                } => expand::precision_variant(&self.expanded(*base).builtins, *prefix, *width),
            };
            assert!(builtins.len() < 1 << OVERLOAD_BITS, "too many overloads");
            let ids = (0..builtins.len() as u32)
                .map(|k| BuiltinId(index << OVERLOAD_BITS | k))
                .collect();
            Overloads { builtins, ids }
        })
    }

    /// The functions the table declares, in table order, then each lookup's precision
    /// variants; nothing expanded yet.
    fn index() -> Stdlib {
        let mut functions: Vec<Function> = Vec::new();
        let mut by_name = HashMap::new();
        let mut lookups = Vec::new();
        for line in expand::signature_lines() {
            let Some(name) = expand::line_name(line) else {
                continue;
            };
            let index = *by_name.entry(name).or_insert_with(|| {
                functions.push(Function::new(Source::Lines {
                    lines: Vec::new(),
                    variants: None,
                }));
                let index = functions.len() as u32 - 1;
                if is_lookup(name) {
                    lookups.push(index);
                }
                index
            });
            if let Source::Lines { lines, .. } = &mut functions[index as usize].source {
                lines.push(line);
            }
        }
        for base in lookups {
            let first = functions.len() as u32;
            for &(prefix, _) in table::PRECISION_PREFIXES {
                for width in 1..=VARIANT_WIDTHS as u8 {
                    let variant = Source::Variant {
                        base,
                        prefix,
                        width,
                    };
                    functions.push(Function::new(variant));
                }
            }
            if let Source::Lines { variants, .. } = &mut functions[base as usize].source {
                *variants = Some(first);
            }
        }
        Stdlib { functions, by_name }
    }
}

impl Function {
    fn new(source: Source) -> Function {
        Function {
            source,
            overloads: OnceLock::new(),
        }
    }
}

/// Texture lookups (`tex2D`, `texCUBEproj`) are the functions with precision variants.
fn is_lookup(name: &str) -> bool {
    name.starts_with("tex")
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

/// The library: its index made on first use, each function expanded when first asked for.
pub fn stdlib() -> &'static Stdlib {
    static LIB: OnceLock<Stdlib> = OnceLock::new();
    LIB.get_or_init(Stdlib::index)
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

#[cfg(test)]
mod lazy_tests {
    use super::*;
    use crate::syntax::ast::Scalar;

    #[test]
    fn precision_variants_follow_their_lookup() {
        // cg-stdlib.md §6: the prefix picks the base type, the digit the width; the
        // parameters are the lookup's.
        let lib = stdlib();
        let plain = lib.overloads("texRECTproj");
        for (name, ret) in [
            ("f1texRECTproj", Type::Scalar(Scalar::Float)),
            ("x3texRECTproj", Type::Vector(Scalar::Fixed, 3)),
            ("h2texRECTproj", Type::Vector(Scalar::Half, 2)),
        ] {
            let variants = lib.overloads(name);
            assert_eq!(variants.len(), plain.len(), "{name}");
            for (&v, &p) in variants.iter().zip(plain) {
                assert_eq!(lib.get(v).name, name);
                assert_eq!(lib.get(v).ret, ret);
                assert_eq!(lib.get(v).params, lib.get(p).params);
            }
        }
    }

    #[test]
    fn names_that_are_not_the_library_s_have_no_overloads() {
        let lib = stdlib();
        for name in [
            "", "h", "h4", "h5tex2D", "h0tex2D", "q4tex2D", "h4abs", "h4tex9D", "é4tex2D",
        ] {
            assert!(lib.overloads(name).is_empty(), "{name}");
        }
    }

    #[test]
    fn every_overload_is_reached_by_its_name() {
        let lib = stdlib();
        for b in lib.all() {
            let ids = lib.overloads(&b.name);
            assert!(ids.iter().any(|&id| lib.get(id) == b), "{}", b.name);
        }
    }

    #[test]
    fn a_call_s_library_overloads_differ_in_their_parameters() {
        // The checker relies on it: only a user function can hide a library overload.
        let lib = stdlib();
        let names = lib.all().map(|b| b.name.as_str());
        for name in names.chain(GLSL_ALIASES.iter().map(|(glsl, _)| *glsl)) {
            let ids = lib.overloads_for_call(name);
            let params: std::collections::HashSet<_> =
                ids.iter().map(|&id| &lib.get(id).params).collect();
            assert_eq!(params.len(), ids.len(), "{name}");
        }
    }
}
