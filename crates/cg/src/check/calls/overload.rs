//! Overload resolution, step by step as "Function Overloading" lists them: visible candidates,
//! profile conflicts, arity (defaults may fill trailing parameters), then per argument left to
//! right: exact match, dynamic compatibility, promotion, implicit conversion; then the profile
//! choice (exact profile, most specific wildcard, open-profile).
//!
//! Decision, following cgc: step d ("a valid implicit cast") first keeps the candidates whose
//! parameter has the argument's shape (scalar, vector or matrix of the same size; element types
//! may differ), and only without one those that smear, truncate or reshape. So `lerp(v3, v3, b)`
//! with a `bool b` takes the scalar-weight overload, and `f(x)` with a `float x` prefers
//! `f(half)` to `f(float3)`; two shape-changing candidates stay ambiguous, as in cgc.
//!
//! Decision: when several candidates survive only because of untyped constants (`max(0, 1)` fits
//! the float, half and fixed overloads equally), `cfloat` prefers `float` and `cint` prefers
//! `int`, then `float` ("The cfloat and cint types behave like float and int types").

use crate::check::profiles::VERTEX_PROFILES;
use crate::check::program::{Callee, Direction};
use crate::check::types::{classify, Conversion, Scalar, StructInfo, Type};
use pigment_diag::Span;
use std::borrow::Cow;

/// One function the call might mean.
#[derive(Clone, Debug)]
pub(crate) struct Candidate {
    pub callee: Callee,
    /// The parameters: a library overload's borrowed from the library, a user function's made
    /// for the call.
    pub params: Cow<'static, [(Type, Direction)]>,
    /// How many trailing parameters have default values.
    pub defaults: usize,
    pub profile: Option<String>,
    /// The declaration, for user functions.
    pub span: Option<Span>,
}

/// Why resolution failed, with the candidates to list.
pub(crate) enum Failure {
    /// Every candidate belongs to other profiles.
    Profile(Vec<Candidate>),
    Arity(Vec<Candidate>),
    /// No candidate accepts argument `index`.
    NoMatch(Vec<Candidate>),
    Ambiguous(Vec<Candidate>),
}

/// Profile families for the spec's wildcards (`ps`, `vs`, `ps_1`, `ps_2`, `vs_1`, `vs_2`).
const FRAGMENT_PROFILES: &[&str] = &[
    "fp20",
    "fp30",
    "fp30unlimited",
    "fp40",
    "fp40unlimited",
    "arbfp1",
    "gp4fp",
    "gp5fp",
    "glslf",
    "hlslf",
    "ps_1_1",
    "ps_1_2",
    "ps_1_3",
    "ps_2_0",
    "ps_2_x",
    "ps_3_0",
];

/// How specifically `declared` (a function's profile) matches `current`: 3 exact, 2 a narrow
/// wildcard, 1 `ps`/`vs`, 0 open-profile; `None` when it conflicts.
pub(crate) fn profile_rank(declared: Option<&str>, current: &str) -> Option<u8> {
    let Some(p) = declared else {
        return Some(0);
    };
    if p == current {
        return Some(3);
    }
    let matches = match p {
        "ps" => FRAGMENT_PROFILES.contains(&current),
        "vs" => VERTEX_PROFILES.contains(&current),
        "ps_1" | "ps_2" | "vs_1" | "vs_2" => current.starts_with(&format!("{p}_")),
        _ => false,
    };
    if !matches {
        return None;
    }
    Some(if p.len() > 2 { 2 } else { 1 })
}

/// Picks the one candidate the spec's steps leave, or says why none.
pub(crate) fn resolve(
    candidates: Vec<Candidate>,
    args: &[Type],
    profile: &str,
    structs: &dyn StructInfo,
) -> Result<Candidate, Failure> {
    let profiled = |c: &Candidate| profile_rank(c.profile.as_deref(), profile).is_some();
    if !candidates.iter().any(profiled) {
        return Err(Failure::Profile(candidates));
    }
    let mut set: Vec<Candidate> = candidates.into_iter().filter(profiled).collect();
    let arity = |c: &Candidate| {
        c.params.len() == args.len()
            || (c.params.len() > args.len() && c.params.len() - args.len() <= c.defaults)
    };
    if !set.iter().any(arity) {
        return Err(Failure::Arity(set));
    }
    set.retain(arity);
    if set.len() == 1 {
        // One candidate left: the caller checks each argument against it, so that the error
        // names the argument and the parameter.
        return Ok(set.remove(0));
    }
    for (i, arg) in args.iter().enumerate() {
        let classes: Vec<(Conversion, bool)> = set
            .iter()
            .map(|c| {
                let param = &c.params[i].0;
                (classify(arg, param, structs), same_shape(arg, param))
            })
            .collect();
        let steps: [fn((Conversion, bool)) -> bool; 5] = [
            |(c, _)| c == Conversion::Identical,
            |(c, _)| c == Conversion::Dynamic,
            |(c, _)| c == Conversion::Promotion,
            |(c, same)| same && c.is_implicit(),
            |(c, _)| c.is_implicit(),
        ];
        let Some(step) = steps.iter().find(|s| classes.iter().any(|&c| s(c))) else {
            return Err(Failure::NoMatch(set));
        };
        set = set
            .into_iter()
            .zip(classes)
            .filter(|(_, c)| step(*c))
            .map(|(cand, _)| cand)
            .collect();
    }
    // Choose by profile: the best rank present wins.
    if let Some(best) = set
        .iter()
        .filter_map(|c| profile_rank(c.profile.as_deref(), profile))
        .max()
    {
        set.retain(|c| profile_rank(c.profile.as_deref(), profile) == Some(best));
    }
    if set.len() > 1 {
        prefer_constant_types(&mut set, args);
    }
    if set.len() == 1 {
        Ok(set.remove(0))
    } else {
        Err(Failure::Ambiguous(set))
    }
}

/// True when a conversion from `from` to `to` keeps the shape: scalar to scalar, or between
/// vectors of one size or matrices of one size, whatever the element types.
fn same_shape(from: &Type, to: &Type) -> bool {
    match (from, to) {
        (Type::Scalar(_), Type::Scalar(_)) => true,
        (Type::Vector(_, n), Type::Vector(_, m)) => n == m,
        (Type::Matrix(_, r, c), Type::Matrix(_, r2, c2)) => (r, c) == (r2, c2),
        _ => false,
    }
}

/// The tie-break described in the module documentation.
fn prefer_constant_types(set: &mut Vec<Candidate>, args: &[Type]) {
    for (i, arg) in args.iter().enumerate() {
        let preferences: &[Scalar] = match arg {
            Type::Scalar(Scalar::Cfloat) => &[Scalar::Float],
            Type::Scalar(Scalar::Cint) => &[Scalar::Int, Scalar::Float],
            _ => continue,
        };
        for &p in preferences {
            if set.iter().any(|c| c.params[i].0 == Type::Scalar(p)) {
                set.retain(|c| c.params[i].0 == Type::Scalar(p));
                break;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::program::FunctionId;
    use crate::check::types::StructId;

    struct NoStructs;
    impl StructInfo for NoStructs {
        fn field_types(&self, _: StructId) -> Vec<Type> {
            Vec::new()
        }
        fn is_interface(&self, _: StructId) -> bool {
            false
        }
        fn implements(&self, _: StructId, _: StructId) -> bool {
            false
        }
    }

    fn cand(id: u32, params: &[Type], profile: Option<&str>) -> Candidate {
        Candidate {
            callee: Callee::User(FunctionId(id)),
            params: params.iter().map(|t| (t.clone(), Direction::In)).collect(),
            defaults: 0,
            profile: profile.map(str::to_string),
            span: None,
        }
    }

    fn pick(cands: Vec<Candidate>, args: &[Type], profile: &str) -> Option<Callee> {
        resolve(cands, args, profile, &NoStructs)
            .ok()
            .map(|c| c.callee)
    }

    const F: Type = Type::FLOAT;
    const H: Type = Type::Scalar(Scalar::Half);

    #[test]
    fn exact_match_beats_conversion() {
        let c = vec![cand(0, &[F], None), cand(1, &[H], None)];
        assert_eq!(pick(c, &[H], "fp30"), Some(Callee::User(FunctionId(1))));
    }

    #[test]
    fn first_argument_narrows_before_the_second() {
        // f(float, half) and f(half, float) called with (float, float): step a on the first
        // argument keeps only f(float, half); the second converts implicitly.
        let c = vec![cand(0, &[F, H], None), cand(1, &[H, F], None)];
        assert_eq!(pick(c, &[F, F], "fp30"), Some(Callee::User(FunctionId(0))));
    }

    #[test]
    fn profiles_exact_then_wildcard_then_open() {
        let c = || {
            vec![
                cand(0, &[F], None),
                cand(1, &[F], Some("ps")),
                cand(2, &[F], Some("fp30")),
            ]
        };
        assert_eq!(pick(c(), &[F], "fp30"), Some(Callee::User(FunctionId(2))));
        assert_eq!(pick(c(), &[F], "arbfp1"), Some(Callee::User(FunctionId(1))));
        assert_eq!(pick(c(), &[F], "vp30"), Some(Callee::User(FunctionId(0))));
        assert_eq!(profile_rank(Some("vs"), "fp30"), None);
    }

    #[test]
    fn defaults_fill_missing_arguments() {
        let mut c = cand(0, &[F, F], None);
        c.defaults = 1;
        assert_eq!(
            pick(vec![c], &[F], "fp30"),
            Some(Callee::User(FunctionId(0)))
        );
        assert!(matches!(
            resolve(vec![cand(0, &[F, F], None)], &[F], "fp30", &NoStructs),
            Err(Failure::Arity(_))
        ));
    }

    #[test]
    fn untyped_constants_prefer_float_and_int() {
        let c = vec![
            cand(0, &[F], None),
            cand(1, &[H], None),
            cand(2, &[Type::INT], None),
        ];
        assert_eq!(
            pick(c.clone(), &[Type::Scalar(Scalar::Cfloat)], "fp30"),
            Some(Callee::User(FunctionId(0)))
        );
        assert_eq!(
            pick(c, &[Type::CINT], "fp30"),
            Some(Callee::User(FunctionId(2)))
        );
    }

    #[test]
    fn an_implicit_conversion_that_keeps_the_shape_beats_one_that_smears() {
        let v3 = Type::Vector(Scalar::Float, 3);
        let c = vec![
            cand(0, std::slice::from_ref(&v3), None),
            cand(1, &[H], None),
        ];
        assert_eq!(
            pick(c.clone(), &[Type::BOOL], "fp30"),
            Some(Callee::User(FunctionId(1)))
        );
        assert_eq!(pick(c, &[F], "fp30"), Some(Callee::User(FunctionId(1))));
        let m = Type::Matrix(Scalar::Float, 3, 1);
        let c = vec![cand(0, &[m], None), cand(1, &[v3], None)];
        assert_eq!(
            pick(c, &[Type::Vector(Scalar::Half, 3)], "fp30"),
            Some(Callee::User(FunctionId(1)))
        );
    }

    #[test]
    fn equally_good_candidates_are_ambiguous() {
        let v3 = Type::Vector(Scalar::Float, 3);
        let v2 = Type::Vector(Scalar::Float, 2);
        let c = vec![cand(0, &[v2], None), cand(1, &[v3], None)];
        assert!(matches!(
            resolve(c, &[Type::Vector(Scalar::Float, 4)], "fp30", &NoStructs),
            Err(Failure::Ambiguous(_))
        ));
    }
}
