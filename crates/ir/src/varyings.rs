//! cgc's rule for the varyings that name no semantic (members of libretro's `struct out_vertex`
//! without one): the one rule both stages bind them by, so that a vertex function's outputs meet
//! the fragment function's inputs. The Cg lowering applies it to a vertex function's written
//! outputs, the fp30 back end to a fragment function's read inputs.
//!
//! In declaration order, each such varying goes to the texture coordinate set with the most free
//! components (the lowest set on a tie), from the first free component on: a set no varying uses
//! has all four, so an unused set is taken while there is one; after that a varying packs into
//! the room others leave (`float2 t8` after a `float2 : TEXCOORD0` is `TEX0.zw`). A set's
//! semantic-named varyings take its components from x up to the widest of them. When even the
//! roomiest set is too small, cgc fails (C5041, "cannot locate suitable resource to bind
//! parameter"): it does not look further for a set the varying would fit, nor reorder them.

use crate::{Function, Handle, Stage};

/// How many texture coordinate sets there are: `TEXCOORD0`-`TEXCOORD7`.
pub const SETS: usize = 8;

/// Where a varying without a semantic lives: a texture coordinate set and its first component.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Packed {
    pub set: u8,
    pub component: u8,
}

/// Places varyings of `widths` (declaration order), given the components `used` of each set by
/// the varyings that name it; `None` for one that finds no room.
pub fn pack_unnamed(mut used: [u8; SETS], widths: &[u8]) -> Vec<Option<Packed>> {
    widths
        .iter()
        .map(|&width| {
            let set = roomiest(&used);
            let component = used[set];
            (component + width <= 4).then(|| {
                used[set] += width;
                Packed {
                    set: set as u8,
                    component,
                }
            })
        })
        .collect()
}

/// Where each input of a fragment function is read from in the texture coordinate sets, as fp30
/// binds it and every other target places it: an input whose semantic names a set
/// ([`texcoord_set`]) reads that set from x; a read input without a semantic is placed by
/// [`pack_unnamed`] around the components the read inputs' semantics take. `None` for the other
/// inputs and for one that finds no room (cgc's C5041); empty for a vertex function, whose
/// unnamed outputs the front end binds.
pub fn fragment_input_sets(func: &Function, read: &[bool]) -> Vec<Option<Packed>> {
    if func.stage != Stage::Fragment {
        return Vec::new();
    }
    let named = |semantic: Option<&str>| semantic.and_then(texcoord_set);
    let mut sets: Vec<Option<Packed>> = func
        .inputs
        .iter()
        .map(|(_, i)| named(i.semantic.as_deref()).map(|set| Packed { set, component: 0 }))
        .collect();
    let mut used = [0u8; SETS];
    for (h, i) in func.inputs.iter() {
        if let (true, Some(set)) = (read[h.index()], named(i.semantic.as_deref())) {
            used[usize::from(set)] = used[usize::from(set)].max(i.ty.width);
        }
    }
    let unnamed: Vec<usize> = func
        .inputs
        .iter()
        .filter(|(h, i)| i.semantic.is_none() && read[h.index()])
        .map(|(h, _)| h.index())
        .collect();
    let widths: Vec<u8> = unnamed
        .iter()
        .map(|&i| func.inputs[Handle::from_index(i)].ty.width)
        .collect();
    for (&i, place) in unnamed.iter().zip(pack_unnamed(used, &widths)) {
        sets[i] = place;
    }
    sets
}

/// The set with the most free components, the lowest of those tied.
fn roomiest(used: &[u8; SETS]) -> usize {
    // `min_by_key` keeps the first of equal keys.
    (0..SETS).min_by_key(|&n| used[n]).unwrap_or(0)
}

/// The texture coordinate set a semantic names (`TEXCOORD3`, `TEX3`, a bare `TEXCOORD` is 0; any
/// case), if it names one of the eight.
pub fn texcoord_set(semantic: &str) -> Option<u8> {
    let s = semantic.to_ascii_uppercase();
    let rest = s
        .strip_prefix("TEXCOORD")
        .or_else(|| s.strip_prefix("TEX"))?;
    let n = if rest.is_empty() {
        0
    } else {
        rest.parse::<u8>().ok()?
    };
    (usize::from(n) < SETS).then_some(n)
}

#[cfg(test)]
mod tests {
    use super::{pack_unnamed, texcoord_set, Packed};

    fn at(set: u8, component: u8) -> Option<Packed> {
        Some(Packed { set, component })
    }

    // The expectations below were read from cgc 3.1's output (`-profile vp40` `#var ... :
    // $vout.TEXn` lines and `result.texcoord[n].zw` writes; `-profile fp30` reads agree) for
    // vertex programs whose named outputs use the sets as `used` says.

    #[test]
    fn a_free_set_comes_before_packing() {
        // float2 a; float2 b : TEXCOORD0; float4 TEXCOORD1-6; float2 c → a TEX7, c TEX0.zw.
        assert_eq!(
            pack_unnamed([2, 4, 4, 4, 4, 4, 4, 0], &[2, 2]),
            [at(7, 0), at(0, 2)]
        );
    }

    #[test]
    fn the_roomiest_set_is_taken_not_the_first_that_fits() {
        // float3 : TEXCOORD0, float : TEXCOORD1, float2 : TEXCOORD2, float4 TEXCOORD3-7; unnamed
        // floats c, e, f → TEX1.y, TEX1.z, TEX2.z.
        assert_eq!(
            pack_unnamed([3, 1, 2, 4, 4, 4, 4, 4], &[1, 1, 1]),
            [at(1, 1), at(1, 2), at(2, 2)]
        );
        // float3 a (unnamed); float2 : TEXCOORD1; float4 TEXCOORD2-7; float c → a TEX0, c TEX1.z.
        assert_eq!(
            pack_unnamed([0, 2, 4, 4, 4, 4, 4, 4], &[3, 1]),
            [at(0, 0), at(1, 2)]
        );
    }

    #[test]
    fn no_room_in_the_roomiest_set_is_a_failure_even_where_another_fits() {
        // As above, then float2 d: TEX0 and TEX1 have one free component each (cgc's C5041).
        assert_eq!(
            pack_unnamed([0, 2, 4, 4, 4, 4, 4, 4], &[3, 1, 2]),
            [at(0, 0), at(1, 2), None]
        );
        // float2 : TEXCOORD0, float3 : TEXCOORD1, float4 TEXCOORD2-7; float3 c fits nowhere.
        assert_eq!(pack_unnamed([2, 3, 4, 4, 4, 4, 4, 4], &[3]), [None]);
    }

    #[test]
    fn packing_starts_after_the_named_components() {
        // float : TEXCOORD0, float4 TEXCOORD1-7, float2 c → TEX0.yz; float3 + float → TEX0.w.
        assert_eq!(pack_unnamed([1, 4, 4, 4, 4, 4, 4, 4], &[2]), [at(0, 1)]);
        assert_eq!(pack_unnamed([3, 4, 4, 4, 4, 4, 4, 4], &[1]), [at(0, 3)]);
    }

    #[test]
    fn texture_coordinate_sets_by_semantic() {
        assert_eq!(texcoord_set("TEXCOORD7"), Some(7));
        assert_eq!(texcoord_set("texcoord"), Some(0));
        assert_eq!(texcoord_set("TEX2"), Some(2));
        assert_eq!(texcoord_set("TEXCOORD8"), None);
        assert_eq!(texcoord_set("COLOR0"), None);
    }
}
