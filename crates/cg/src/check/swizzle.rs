//! Swizzles ("New Vector Operators"): `.xyzw`, `.rgba`, `.stpq` on vectors and scalars, never
//! mixing sets; `._m00_m11` (zero-based) and `._11_22` (one-based) on matrices, never mixed. One
//! letter (or one element) gives a scalar, more give a vector of that many components.

use super::program::{Resolution, Selection};
use super::types::Type;
use super::Checker;
use crate::syntax::ast::{ExprId, ExprKind, Ident};

const SETS: [(&str, &str); 3] = [("xyzw", "xyzw"), ("rgba", "rgba"), ("stpq", "stpq")];

/// The set (index into `SETS`) and component of a swizzle letter.
fn letter(c: char) -> Option<(usize, u8)> {
    SETS.iter()
        .enumerate()
        .find_map(|(set, (letters, _))| letters.find(c).map(|i| (set, i as u8)))
}

/// Parses a vector swizzle: the component indices, or a message.
pub(super) fn parse_swizzle(
    text: &str,
    size: u8,
    base: &str,
    ty_name: &str,
) -> Result<Selection<u8>, String> {
    let count = text.chars().count();
    let too_many = || format!("a swizzle has 1 to 4 letters; `.{text}` has {count}");
    if !(1..=4).contains(&count) {
        return Err(too_many());
    }
    let mut components = Vec::new();
    let mut first_set = None;
    for c in text.chars() {
        let Some((set, comp)) = letter(c) else {
            return Err(format!("`{ty_name}` has no member `{text}` (`{c}` is not a swizzle letter: xyzw, rgba or stpq)"));
        };
        match first_set {
            None => first_set = Some(set),
            Some(f) if f != set => {
                return Err(format!(
                    "`{base}.{text}` mixes {} and {} swizzle letters",
                    SETS[f].1, SETS[set].1
                ));
            }
            _ => {}
        }
        if comp >= size {
            let set = &SETS[first_set.unwrap_or(0)].1[..usize::from(size)];
            return Err(format!(
                "`.{c}` is out of range for `{ty_name}`, which has {size} component{} ({set})",
                if size == 1 { "" } else { "s" }
            ));
        }
        components.push(comp);
    }
    Selection::new(&components).ok_or_else(too_many)
}

/// Parses a matrix swizzle into zero-based (row, column) pairs.
pub(super) fn parse_matrix_swizzle(
    text: &str,
    rows: u8,
    cols: u8,
    ty_name: &str,
) -> Result<Selection<(u8, u8)>, String> {
    let Some(rest) = text.strip_prefix('_') else {
        return Err(format!(
            "`{ty_name}` has no member `{text}`; matrices take `._m00` (zero-based) or `._11` (one-based) swizzles, or `[row]`"
        ));
    };
    let mut pairs = Vec::new();
    let mut zero_based = None;
    for part in rest.split('_') {
        let (zero, digits) = match part.strip_prefix('m') {
            Some(d) => (true, d),
            None => (false, part),
        };
        let d: Vec<u8> = digits.bytes().collect();
        let [r, c] = d[..] else {
            return Err(format!(
                "`_{part}` is not a matrix element (write `_m<row><col>` or `_<row><col>`)"
            ));
        };
        if !r.is_ascii_digit() || !c.is_ascii_digit() {
            return Err(format!(
                "`_{part}` is not a matrix element (write `_m<row><col>` or `_<row><col>`)"
            ));
        }
        match zero_based {
            None => zero_based = Some(zero),
            Some(z) if z != zero => {
                return Err(format!(
                    "`.{text}` mixes zero-based (`_m00`) and one-based (`_11`) matrix swizzles"
                ));
            }
            _ => {}
        }
        let base = if zero { b'0' } else { b'1' };
        if r < base || c < base {
            return Err(format!("`_{part}`: one-based matrix swizzles count from 1"));
        }
        let (r, c) = (r - base, c - base);
        if r >= rows || c >= cols {
            return Err(format!("`_{part}` is out of range for `{ty_name}`"));
        }
        pairs.push((r, c));
    }
    Selection::new(&pairs).ok_or_else(|| {
        format!(
            "a matrix swizzle selects 1 to 4 elements; `.{text}` selects {}",
            pairs.len()
        )
    })
}

impl Checker<'_> {
    pub(super) fn swizzle(&mut self, e: ExprId, base_ty: &Type, member: &Ident) -> Type {
        let (scalar, size) = match *base_ty {
            Type::Scalar(s) => (s, 1),
            Type::Vector(s, n) => (s, n),
            _ => return Type::Error,
        };
        let base_text = self.base_text(e);
        let ty_name = self.type_name(base_ty);
        match parse_swizzle(&member.name, size, &base_text, &ty_name) {
            Ok(components) => {
                let n = components.len() as u8;
                self.program
                    .resolutions
                    .insert(e, Resolution::Swizzle(components));
                if n == 1 {
                    Type::Scalar(scalar)
                } else {
                    Type::Vector(scalar, n)
                }
            }
            Err(message) => {
                self.error(member.span, message);
                Type::Error
            }
        }
    }

    pub(super) fn matrix_swizzle(&mut self, e: ExprId, base_ty: &Type, member: &Ident) -> Type {
        let Type::Matrix(scalar, rows, cols) = *base_ty else {
            return Type::Error;
        };
        let ty_name = self.type_name(base_ty);
        match parse_matrix_swizzle(&member.name, rows, cols, &ty_name) {
            Ok(pairs) => {
                let n = pairs.len() as u8;
                self.program
                    .resolutions
                    .insert(e, Resolution::MatrixSwizzle(pairs));
                if n == 1 {
                    Type::Scalar(scalar)
                } else {
                    Type::Vector(scalar, n)
                }
            }
            Err(message) => {
                self.error(member.span, message);
                Type::Error
            }
        }
    }

    /// The base of a member expression as the user wrote it, when it is a plain name.
    fn base_text(&self, e: ExprId) -> String {
        if let ExprKind::Member { base, .. } = &self.unit.exprs[e].kind {
            if let ExprKind::Name(n) = &self.unit.exprs[*base].kind {
                return n.name.clone();
            }
        }
        String::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vector_swizzles() {
        assert_eq!(
            parse_swizzle("xxyz", 4, "v", "float4").map(|s| s.to_vec()),
            Ok(vec![0, 0, 1, 2])
        );
        assert_eq!(
            parse_swizzle("abgr", 4, "v", "float4").map(|s| s.to_vec()),
            Ok(vec![3, 2, 1, 0])
        );
        assert_eq!(
            parse_swizzle("sp", 3, "v", "float3").map(|s| s.to_vec()),
            Ok(vec![0, 2])
        );
        assert_eq!(
            parse_swizzle("xxx", 1, "f", "float").map(|s| s.to_vec()),
            Ok(vec![0, 0, 0])
        );
        let mixed = parse_swizzle("xg", 4, "color", "float4").unwrap_err();
        assert_eq!(mixed, "`color.xg` mixes xyzw and rgba swizzle letters");
        assert!(parse_swizzle("z", 2, "v", "float2")
            .unwrap_err()
            .contains("out of range"));
        assert!(parse_swizzle("xyzwx", 4, "v", "float4").is_err());
    }

    #[test]
    fn matrix_swizzles() {
        assert_eq!(
            parse_matrix_swizzle("_m32", 4, 4, "float4x4").map(|s| s.to_vec()),
            Ok(vec![(3, 2)])
        );
        // The spec's pair: ._m00_m23_m11_m31 equals ._11_34_22_42.
        assert_eq!(
            parse_matrix_swizzle("_m00_m23_m11_m31", 4, 4, "float4x4"),
            parse_matrix_swizzle("_11_34_22_42", 4, 4, "float4x4")
        );
        assert!(parse_matrix_swizzle("_m00_11", 4, 4, "float4x4")
            .unwrap_err()
            .contains("mixes"));
        assert!(parse_matrix_swizzle("_m30", 3, 3, "float3x3").is_err());
        assert!(parse_matrix_swizzle("_00", 4, 4, "float4x4").is_err());
    }
}
