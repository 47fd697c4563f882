//! Expands the signature patterns of `table.rs` into concrete overloads.

use super::table::{PRECISION_PREFIXES, SIGNATURES};
use super::Builtin;
use crate::check::program::Direction;
use crate::check::types::Type;
use crate::syntax::ast::TypeKind;

/// The values each type variable takes.
fn domain(var: char) -> &'static [&'static str] {
    match var {
        'T' => &["float", "half", "fixed"],
        'N' => &["", "1", "2", "3", "4"],
        'V' | 'R' | 'C' | 'K' => &["1", "2", "3", "4"],
        'B' => &["bool", "float", "half", "fixed", "int"],
        _ => &[],
    }
}

/// Every overload the table declares, precision-prefixed texture variants included.
pub fn expand_all() -> Vec<Builtin> {
    let mut out: Vec<Builtin> = Vec::new();
    for line in SIGNATURES.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        for concrete in instantiate(line) {
            if let Some(b) = parse_signature(&concrete) {
                if !out.iter().any(|o| o.name == b.name && o.params == b.params) {
                    out.push(b);
                }
            }
        }
    }
    let prefixed: Vec<Builtin> = out
        .iter()
        .filter(|b| b.name.starts_with("tex"))
        .flat_map(precision_variants)
        .collect();
    out.extend(prefixed);
    out
}

/// The line with every combination of its type variables substituted.
fn instantiate(line: &str) -> Vec<String> {
    let mut vars: Vec<char> = Vec::new();
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '$' {
            if let Some(&v) = chars.peek() {
                if !vars.contains(&v) {
                    vars.push(v);
                }
            }
        }
    }
    let mut results = vec![line.to_string()];
    for v in vars {
        let pattern = format!("${v}");
        results = results
            .iter()
            .flat_map(|r| {
                let pattern = &pattern;
                domain(v).iter().map(move |value| r.replace(pattern, value))
            })
            .collect();
    }
    results
}

/// `RET NAME(P, out P, ...) [needs PROFILE]` with concrete types.
fn parse_signature(text: &str) -> Option<Builtin> {
    let (sig, needs) = match text.split_once('[') {
        Some((sig, rest)) => {
            let profile = rest.trim_end_matches(']').trim().strip_prefix("needs ")?;
            (sig.trim(), Some(static_profile(profile)?))
        }
        None => (text, None),
    };
    let (head, params) = sig.split_once('(')?;
    let (ret, name) = head.trim().rsplit_once(' ')?;
    let params = params.trim().strip_suffix(')')?;
    let mut parsed = Vec::new();
    for p in params.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (dir, ty) = match p.strip_prefix("out ") {
            Some(ty) => (Direction::Out, ty),
            None => (Direction::In, p),
        };
        parsed.push((type_named(ty.trim())?, dir));
    }
    Some(Builtin {
        name: name.to_string(),
        ret: type_named(ret.trim())?,
        params: parsed,
        needs,
    })
}

fn static_profile(name: &str) -> Option<&'static str> {
    ["fp40"].into_iter().find(|p| *p == name)
}

fn type_named(name: &str) -> Option<Type> {
    if name == "void" {
        return Some(Type::Void);
    }
    Some(match TypeKind::builtin(name)? {
        TypeKind::Scalar(s) => Type::Scalar(s),
        TypeKind::Vector(s, n) => Type::Vector(s, n),
        TypeKind::Matrix(s, r, c) => Type::Matrix(s, r, c),
        TypeKind::Sampler(k) => Type::Sampler(k),
        _ => return None,
    })
}

/// `h4tex2D` and friends: the same lookup returning `half4`, `fixed3`, `float` (width 1), ...
fn precision_variants(b: &Builtin) -> Vec<Builtin> {
    let mut out = Vec::new();
    for (prefix, base) in PRECISION_PREFIXES {
        for width in 1..=4u8 {
            let ret = if width == 1 {
                base.to_string()
            } else {
                format!("{base}{width}")
            };
            if let Some(ret) = type_named(&ret) {
                out.push(Builtin {
                    name: format!("{prefix}{width}{}", b.name),
                    ret,
                    params: b.params.clone(),
                    needs: b.needs,
                });
            }
        }
    }
    out
}
