//! Bindings counted from a struct's semantic, as cgc 3.1 gives them: a struct (or array) variable
//! with a semantic of its own (`orig O2 : TEXCOORD5`, `T t : TEXUNIT3`) binds the members that
//! name no semantic in declaration order, nested structs and array elements leaf by leaf, each
//! kind apart:
//! * a varying semantic (`TEXCOORDn`, `COLORn`, `WPOS`, ...) numbers the varying leaves from it:
//!   TEXCOORD5, TEXCOORD6, ...; a leaf counts whether the program reads it or not, and one
//!   counted past what the profile has (TEXCOORD8, COLOR2, WPOS1) only fails if it is read;
//! * `TEXUNITn` numbers the sampler leaves from unit n the same way;
//! * a member with a semantic of its own keeps it and takes no number; a leaf of the other kind
//!   (a sampler in a TEXCOORD struct, a varying in a TEXUNIT struct) is bound as if the struct
//!   had no semantic.
//!
//! cgc also refuses non-sampler uniform members in a TEXUNIT struct ("type conflicts with
//! semantics"); here they are left unbound, as uniforms are.

use crate::check::BindingSemantic;

/// The next binding for each kind of leaf of one struct (or array) with a semantic.
#[derive(Debug, Default)]
pub(super) struct Counting {
    /// The varying semantic's stem (`TEXCOORD`), its number and whether it was written with one
    /// (`WPOS` has none: its first leaf keeps `WPOS`, the next is `WPOS1`).
    varying: Option<(String, u32, bool)>,
    /// The first texture unit.
    unit: Option<u32>,
    varyings_counted: u32,
    units_counted: u32,
}

impl Counting {
    /// Counting from `semantic` (none without one, or for one with no number to count from).
    pub(super) fn from_semantic(semantic: Option<&BindingSemantic>) -> Counting {
        let Some(name) = semantic.map(|s| s.name.replace(' ', "")) else {
            return Counting::default();
        };
        let digits_at = name
            .find(|c: char| c.is_ascii_digit())
            .unwrap_or(name.len());
        let (stem, digits) = name.split_at(digits_at);
        let number = if digits.is_empty() {
            Some(0)
        } else {
            digits.parse().ok()
        };
        let valid_stem = !stem.is_empty() && stem.bytes().all(|b| b.is_ascii_alphabetic());
        match (number, valid_stem) {
            (Some(n), true) if stem == "TEXUNIT" => Counting {
                unit: Some(n),
                ..Counting::default()
            },
            (Some(n), true) => Counting {
                varying: Some((stem.to_string(), n, !digits.is_empty())),
                ..Counting::default()
            },
            _ => Counting::default(),
        }
    }

    /// The semantic of the next varying leaf that names none, if the struct counts varyings.
    pub(super) fn next_varying(&mut self) -> Option<String> {
        let (stem, first, numbered) = self.varying.as_ref()?;
        let k = self.varyings_counted;
        self.varyings_counted += 1;
        Some(if k == 0 && !numbered {
            stem.clone()
        } else {
            format!("{stem}{}", first.saturating_add(k))
        })
    }

    /// The texture unit of the next sampler leaf that names none, if the struct counts units.
    pub(super) fn next_unit(&mut self) -> Option<u32> {
        let first = self.unit?;
        let k = self.units_counted;
        self.units_counted += 1;
        Some(first.saturating_add(k))
    }
}

#[cfg(test)]
mod tests {
    use super::Counting;
    use crate::check::BindingSemantic;

    fn counting(name: &str) -> Counting {
        Counting::from_semantic(Some(&BindingSemantic {
            written: name.into(),
            name: name.into(),
            span: Default::default(),
        }))
    }

    #[test]
    fn varyings_count_up_from_the_struct_semantic() {
        let mut c = counting("TEXCOORD5");
        assert_eq!(c.next_varying().as_deref(), Some("TEXCOORD5"));
        assert_eq!(c.next_unit(), None);
        assert_eq!(c.next_varying().as_deref(), Some("TEXCOORD6"));
        let mut c = counting("WPOS");
        assert_eq!(c.next_varying().as_deref(), Some("WPOS"));
        assert_eq!(c.next_varying().as_deref(), Some("WPOS1"));
        let mut c = counting("TEXCOORD");
        assert_eq!(c.next_varying().as_deref(), Some("TEXCOORD"));
        assert_eq!(c.next_varying().as_deref(), Some("TEXCOORD1"));
    }

    #[test]
    fn units_count_up_from_texunit() {
        let mut c = counting("TEXUNIT14");
        assert_eq!(c.next_varying(), None);
        assert_eq!(c.next_unit(), Some(14));
        assert_eq!(c.next_unit(), Some(15));
        assert_eq!(c.next_unit(), Some(16));
    }

    #[test]
    fn no_semantic_or_no_number_counts_nothing() {
        let mut none = Counting::from_semantic(None);
        assert_eq!((none.next_varying(), none.next_unit()), (None, None));
        let mut odd = counting("REGISTER(S3)");
        assert_eq!((odd.next_varying(), odd.next_unit()), (None, None));
    }
}
