//! Expands the signature patterns of `table.rs` into concrete overloads.

use super::table::{PRECISION_PREFIXES, SIGNATURES};
use super::Builtin;
use crate::check::types::Direction;
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

/// The function a signature line declares (`abs` for `$T$N abs($T$N)`); names hold no type
/// variables, so this is the name of every overload the line expands to.
pub fn line_name(line: &str) -> Option<&str> {
    let (head, _) = line.split_once('(')?;
    Some(head.trim().rsplit_once(' ')?.1)
}

/// The signature lines of the table, comments and blank lines left out.
pub fn signature_lines() -> impl Iterator<Item = &'static str> {
    SIGNATURES
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
}

/// Every overload that `lines` (all declaring one function) declare, in table order, each
/// combination of parameter types once.
pub fn expand_lines(lines: &[&str]) -> Vec<Builtin> {
    let mut out: Vec<Builtin> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for line in lines {
        for concrete in instantiate(line) {
            if let Some(b) = parse_signature(&concrete) {
                if seen.insert((b.name.clone(), b.params.clone())) {
                    out.push(b);
                }
            }
        }
    }
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

/// `h4tex2D` and friends: each overload of a lookup (`tex2D`) returning the type the prefix and
/// width name (`h`, 4: `half4`; `f`, 1: `float`), under the prefixed name.
pub fn precision_variant(base: &[Builtin], prefix: char, width: u8) -> Vec<Builtin> {
    let Some(&(_, scalar)) = PRECISION_PREFIXES.iter().find(|(p, _)| *p == prefix) else {
        return Vec::new();
    };
    let ret = match width {
        1 => scalar.to_string(),
        _ => format!("{scalar}{width}"),
    };
    let Some(ret) = type_named(&ret) else {
        return Vec::new();
    };
    base.iter()
        .map(|b| Builtin {
            name: format!("{prefix}{width}{}", b.name),
            ret: ret.clone(),
            params: b.params.clone(),
            needs: b.needs,
        })
        .collect()
}
