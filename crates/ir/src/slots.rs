//! The one binding model of the modern targets (GLSL, ARB vertex programs, SPIR-V, WGSL, MSL,
//! HLSL): where each interface entity of a function goes — locations and built-ins by semantic,
//! the uniform buffer's std140 layout, and the binding numbers of textures and samplers. Every back
//! end that needs a slot takes it from here, so a runtime binds all targets alike; fp30 binds by
//! the same varying rule ([`crate::varyings`]) into NV's registers.
//!
//! # Locations by semantic
//!
//! Varyings (a vertex function's outputs, a fragment function's inputs) share one numbering so that
//! a vertex stage and a fragment stage lowered apart still match: `TEXCOORD0`-`TEXCOORD7` (also
//! `TEX0`-`7`, a bare `TEXCOORD` being 0) → locations 0-7, `COLOR0` (`COLOR`, `COL0`, `COL`) → 8,
//! `COLOR1` (`COL1`) → 9, `FOG` (`FOGC`, `FOGP`) → 10, a vertex output `PSIZE` → 11 (WGSL has no
//! point-size built-in, so points are one pixel). Built-ins: a vertex output `POSITION` (`HPOS`)
//! is the clip position; a fragment input `WPOS` is the fragment
//! coordinate, `FACE` front facing (+1 front, −1 back, as Cg reads it).
//!
//! Vertex attributes follow NVIDIA's generic-attribute aliasing (the numbering cgc's vertex
//! profiles use): `ATTRn` → n, `POSITION` 0, `BLENDWEIGHT` 1, `NORMAL` 2, `COLOR0` 3, `COLOR1` 4,
//! `FOGCOORD` 5, `PSIZE` 6, `BLENDINDICES` 7, `TEXCOORDn` 8+n, `TANGENT` 14, `BINORMAL` 15.
//!
//! A fragment input without a semantic that the program reads takes the texture coordinate set cgc
//! gives it ([`crate::varyings::fragment_input_sets`], the rule fp30 binds by too). A back end
//! without component decorations (naga) makes a set cgc packs several varyings into one `vec4`
//! at its location. A vertex input without a semantic (an attribute a runtime binds by
//! name, libretro's `ORIG.tex_coord`) takes the lowest generic slot no input's semantic takes, in
//! declaration order, as the GLSL writer places it; the reflection records it. Inputs the
//! program never reads are not declared.
//!
//! Fragment outputs: `COLOR0`-`COLOR3` (`COLOR`, `COL`) → locations 0-3, `DEPTH` (`DEPR`) → the
//! fragment depth built-in (the output's first component).
//!
//! # Resources
//!
//! A stage's resources live in bind group (descriptor set) 0 for a vertex function, 1 for a
//! fragment one, so a pair of stages never collides. Binding 0 is the stage's uniform buffer (when
//! it has uniforms); the sampler on texture unit `u` has its texture at binding `1 + 2u` and its
//! sampler at `2 + 2u`. Samplers without a unit take the lowest free units in declaration order.
//! A sampler the program reads with a depth to compare (a shadow lookup, [`is_shadow_lookup`]) is
//! a depth texture (`texture_depth_2d`, `texture_depth_cube`) with a comparison sampler at the same
//! two bindings.
//!
//! The uniform buffer is one struct in std140 layout, members in declaration order: a scalar is 4
//! bytes aligned to 4, a 2-vector 8 aligned to 8, 3- and 4-vectors 12 and 16 bytes aligned to 16;
//! an array has a stride of 16 whatever its element (its elements are declared as 4-vectors, of
//! which the uniform uses the first components); the struct's size is a multiple of 16. `half`
//! and `fixed` uniforms are f32, `int` i32, and `bool` an i32 (0 false, else true), since bool is
//! not host-shareable.

use crate::varyings::{self, Packed};
use crate::{Function, InstKind, SampleForm, SamplerDim, ScalarKind, SourceLoc, Stage};

/// Where an input or output goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// A numbered location (a varying, a vertex attribute, a colour output).
    Location(u32),
    /// A built-in of the stage.
    BuiltIn(BuiltIn),
}

/// The built-ins an interface entity can be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BuiltIn {
    /// A vertex function's clip-space position; a fragment function's window position (`WPOS`).
    Position,
    /// Whether the fragment's primitive faces the viewer (`FACE`).
    FrontFacing,
    /// The fragment's depth (`DEPTH`).
    FragDepth,
}

/// A semantic in upper case split into its letters and its digit suffix (`TEXCOORD3` → (`TEXCOORD`, Some(3))).
fn split(semantic: &str) -> (String, Option<u32>) {
    let s = semantic.to_ascii_uppercase();
    let cut = s.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    let n = s[cut..].parse().ok();
    (s[..cut].to_string(), n)
}

/// The location of a varying by semantic, shared by vertex outputs and fragment inputs.
fn varying_location(semantic: &str) -> Option<u32> {
    match split(semantic) {
        (ref b, n) if b == "TEXCOORD" || b == "TEX" => n.or(Some(0)).filter(|&n| n < 8),
        (ref b, None | Some(0)) if b == "COLOR" || b == "COL" => Some(8),
        (ref b, Some(1)) if b == "COLOR" || b == "COL" => Some(9),
        (ref b, None) if b == "FOG" || b == "FOGC" || b == "FOGP" => Some(10),
        _ => None,
    }
}

/// The slot of an input of a function of `stage`.
pub fn input_slot(stage: Stage, semantic: &str) -> Option<Slot> {
    let (base, n) = split(semantic);
    match stage {
        Stage::Fragment => match (base.as_str(), n) {
            ("WPOS", None) => Some(Slot::BuiltIn(BuiltIn::Position)),
            ("FACE", None) => Some(Slot::BuiltIn(BuiltIn::FrontFacing)),
            _ => varying_location(semantic).map(Slot::Location),
        },
        Stage::Vertex => {
            let loc = match (base.as_str(), n) {
                ("ATTR", Some(n)) if n < 16 => n,
                ("POSITION", None | Some(0)) => 0,
                ("BLENDWEIGHT", None | Some(0)) => 1,
                ("NORMAL", None | Some(0)) => 2,
                ("COLOR" | "DIFFUSE", None | Some(0)) => 3,
                ("COLOR", Some(1)) | ("SPECULAR", None | Some(0)) => 4,
                ("FOGCOORD" | "FOG", None | Some(0)) => 5,
                ("PSIZE", None | Some(0)) => 6,
                ("BLENDINDICES", None | Some(0)) => 7,
                ("TEXCOORD", n) if n.unwrap_or(0) < 8 => 8 + n.unwrap_or(0),
                ("TANGENT", None | Some(0)) => 14,
                ("BINORMAL", None | Some(0)) => 15,
                _ => return None,
            };
            Some(Slot::Location(loc))
        }
    }
}

/// Whether the program reads each input.
pub fn read_inputs(func: &Function) -> Vec<bool> {
    let mut read = vec![false; func.inputs.len()];
    crate::walk(&func.body, &mut |inst| {
        if let InstKind::LoadInput(input) = &inst.kind {
            read[input.index()] = true;
        }
    });
    read
}

/// Whether the program stores to each output.
pub fn written_outputs(func: &Function) -> Vec<bool> {
    let mut written = vec![false; func.outputs.len()];
    crate::walk(&func.body, &mut |inst| {
        if let InstKind::Store { output, .. } = &inst.kind {
            written[output.index()] = true;
        }
    });
    written
}

/// The outputs a back end declares no location for: those the program never stores to whose
/// location ([`output_slot`]) an output it does store to also takes. cgc binds only written
/// outputs, so its rule for outputs without a semantic ([`crate::varyings`]) may give such an
/// output's set to another (xBR-lv2's `orig_tex` takes `TEXCOORD3` from a `t3 : TEXCOORD3` its
/// vertex function never writes); two declarations at one location would clash.
pub fn shadowed_outputs(func: &Function) -> Vec<bool> {
    let written = written_outputs(func);
    let location = |o: &crate::Output| match output_slot(func.stage, o.semantic.as_deref()?) {
        Some(Slot::Location(l)) => Some(l),
        _ => None,
    };
    let taken: Vec<u32> = func
        .outputs
        .iter()
        .filter(|(h, _)| written[h.index()])
        .filter_map(|(_, o)| location(o))
        .collect();
    func.outputs
        .iter()
        .map(|(h, o)| !written[h.index()] && location(o).is_some_and(|l| taken.contains(&l)))
        .collect()
}

/// Where the read inputs that name no semantic go, per input in declaration order: a fragment
/// input's texture coordinate set (as fp30 binds it), a vertex input's generic attribute slot.
#[derive(Clone, Debug, Default)]
pub struct Unnamed {
    /// A fragment input's set and the component it starts at ([`crate::varyings`]).
    pub sets: Vec<Option<Packed>>,
    /// A vertex input's generic attribute slot (`unnamed_attribute_slots`).
    pub attributes: Vec<Option<u32>>,
}

/// Where `func`'s read inputs without a semantic go ([`Unnamed`]).
pub fn unnamed_inputs(func: &Function, read: &[bool]) -> Unnamed {
    Unnamed {
        sets: varyings::fragment_input_sets(func, read),
        attributes: unnamed_attribute_slots(func, read),
    }
}

/// The slot of input `h` and, for a fragment input that names no semantic, where it is packed:
/// the packed set's location (a vertex input's free attribute slot), else the semantic's slot.
pub fn packed_or_named_slot(
    func: &Function,
    h: crate::Handle<crate::Input>,
    unnamed: &Unnamed,
) -> (Option<Slot>, Option<Packed>) {
    let input = &func.inputs[h];
    let set = unnamed.sets.get(h.index()).copied().flatten();
    let attribute = unnamed.attributes.get(h.index()).copied().flatten();
    match (set, attribute, input.semantic.as_deref()) {
        (Some(p), _, None) => (Some(Slot::Location(u32::from(p.set))), Some(p)),
        (None, Some(l), None) => (Some(Slot::Location(l)), None),
        (_, _, semantic) => (input_slot(func.stage, semantic.unwrap_or("")), None),
    }
}

/// For a vertex function, the generic attribute slot of each read input without a semantic (the
/// attributes a runtime binds by name, libretro's `ORIG.tex_coord`): the lowest slots (0-15) that
/// no input's semantic takes, in declaration order; `None` past the sixteenth.
fn unnamed_attribute_slots(func: &Function, read: &[bool]) -> Vec<Option<u32>> {
    if func.stage != Stage::Vertex {
        return Vec::new();
    }
    let taken: Vec<u32> = func
        .inputs
        .iter()
        .filter_map(
            |(_, i)| match input_slot(Stage::Vertex, i.semantic.as_deref()?) {
                Some(Slot::Location(l)) => Some(l),
                _ => None,
            },
        )
        .collect();
    let mut free = (0..16).filter(|l| !taken.contains(l));
    func.inputs
        .iter()
        .map(|(h, i)| {
            (i.semantic.is_none() && read[h.index()])
                .then(|| free.next())
                .flatten()
        })
        .collect()
}

/// The slot of an output of a function of `stage`.
pub fn output_slot(stage: Stage, semantic: &str) -> Option<Slot> {
    let (base, n) = split(semantic);
    match stage {
        Stage::Fragment => match (base.as_str(), n) {
            ("COLOR" | "COL", None) => Some(Slot::Location(0)),
            ("COLOR" | "COL", Some(n)) if n < 4 => Some(Slot::Location(n)),
            ("DEPTH" | "DEPR", None) => Some(Slot::BuiltIn(BuiltIn::FragDepth)),
            _ => None,
        },
        Stage::Vertex => match (base.as_str(), n) {
            ("POSITION" | "HPOS", None | Some(0)) => Some(Slot::BuiltIn(BuiltIn::Position)),
            // WGSL has no point size: a varying, so that every target has the same interface.
            ("PSIZE", None | Some(0)) => Some(Slot::Location(11)),
            _ => varying_location(semantic).map(Slot::Location),
        },
    }
}

/// The bind group of a stage's resources.
pub fn group(stage: Stage) -> u32 {
    match stage {
        Stage::Vertex => 0,
        Stage::Fragment => 1,
    }
}

/// Binding of the uniform buffer within the stage's group.
pub const UNIFORM_BINDING: u32 = 0;

/// Bindings of the texture and the sampler on texture unit `unit`.
pub fn texture_bindings(unit: u32) -> (u32, u32) {
    (1 + 2 * unit, 2 + 2 * unit)
}

/// Every sampler's texture unit, in declaration order: its own, or the lowest one free.
pub fn sampler_units(func: &Function) -> Vec<u32> {
    let mut taken: Vec<u32> = func.samplers.iter().filter_map(|(_, s)| s.unit).collect();
    func.samplers
        .iter()
        .map(|(_, s)| {
            s.unit.unwrap_or_else(|| {
                let free = (0..).find(|u| !taken.contains(u)).unwrap_or(0);
                taken.push(free);
                free
            })
        })
        .collect()
}

/// How a function reads one sampler: with a depth to compare (a shadow lookup), without, and where
/// it reads it first. Shared with the GLSL writer, whose shadow samplers are the same ones.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SamplerUse {
    pub plain: bool,
    pub shadow: bool,
    pub first: Option<SourceLoc>,
}

impl SamplerUse {
    /// Whether the function samples it at all.
    pub fn read(&self) -> bool {
        self.plain || self.shadow
    }
}

/// Whether a lookup of `form` with a `width`-component coordinate on a `dim` sampler passes a depth
/// to compare: the IR's one component beyond the coordinates (and the projective q).
pub fn is_shadow_lookup(dim: SamplerDim, form: &SampleForm, width: u8) -> bool {
    width > dim.coords() + u8::from(matches!(form, SampleForm::Proj))
}

/// How `func` reads each of its samplers, in declaration order.
pub fn sampler_uses(func: &Function) -> Vec<SamplerUse> {
    let mut uses = vec![SamplerUse::default(); func.samplers.len()];
    crate::walk(&func.body, &mut |inst| {
        if let InstKind::Sample {
            sampler,
            form,
            coord,
        } = &inst.kind
        {
            let dim = func.samplers[*sampler].dim;
            let u = &mut uses[sampler.index()];
            u.first = u.first.or(inst.loc);
            if is_shadow_lookup(dim, form, func.ty(*coord).width) {
                u.shadow = true;
            } else {
                u.plain = true;
            }
        }
    });
    uses
}

/// One member of the uniform buffer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UniformMember {
    pub offset: u32,
    /// Bytes from one element to the next: 16 for an array, the element's size otherwise.
    pub stride: u32,
    pub size: u32,
}

/// The std140 layout of every uniform of `func`, in declaration order, and the buffer's size.
pub fn uniform_layout(func: &Function) -> (Vec<UniformMember>, u32) {
    let mut offset = 0;
    let mut members = Vec::new();
    for (_, u) in func.uniforms.iter() {
        let (size, align) = std140_size_align(u.ty.width);
        let member = match u.array_len {
            Some(n) => UniformMember {
                offset: align_to(offset, 16),
                stride: 16,
                size: 16 * n,
            },
            None => UniformMember {
                offset: align_to(offset, align),
                stride: size,
                size,
            },
        };
        offset = member.offset + member.size;
        members.push(member);
    }
    (members, align_to(offset, 16))
}

/// The scalar a uniform of `kind` is stored as in the buffer (bool is not host-shareable).
pub fn stored_kind(kind: ScalarKind) -> ScalarKind {
    if kind == ScalarKind::Bool {
        ScalarKind::Int
    } else {
        kind
    }
}

/// The bytes of `func`'s uniform buffer holding `values` (one list of elements per uniform, as
/// `Function::initial_uniforms` gives them), in the std140 layout above: real components as f32,
/// int as i32, bool as the i32 0 or 1.
pub fn uniform_bytes(func: &Function, values: &[Vec<crate::Vector>]) -> Vec<u8> {
    let (layout, size) = uniform_layout(func);
    let mut bytes = vec![0u8; size as usize];
    for (((_, u), member), elements) in func.uniforms.iter().zip(&layout).zip(values) {
        for (e, v) in elements.iter().enumerate() {
            for c in 0..u.ty.width as usize {
                let bits = match u.ty.kind {
                    ScalarKind::Bool => u32::from(v.bits[c] != 0),
                    _ => v.bits[c],
                };
                let at = (member.offset + e as u32 * member.stride) as usize + 4 * c;
                if let Some(dst) = bytes.get_mut(at..at + 4) {
                    dst.copy_from_slice(&bits.to_le_bytes());
                }
            }
        }
    }
    bytes
}

/// The size and alignment in std140 of a float vector of `width` components.
pub fn std140_size_align(width: u8) -> (u32, u32) {
    match width {
        1 => (4, 4),
        2 => (8, 8),
        3 => (12, 16),
        _ => (16, 16),
    }
}

/// Rounds `offset` up to a multiple of `align`.
pub fn align_to(offset: u32, align: u32) -> u32 {
    offset.div_ceil(align) * align
}
