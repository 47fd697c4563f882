//! Where a vertex function's interface lives in an ARB vertex program, and cgc's header for it.
//!
//! * Attributes by semantic, in the conventional names cgc's `arbvp1` used so that a fixed-function
//!   application's arrays feed them: `POSITION` → `vertex.position`, `NORMAL` → `vertex.normal`,
//!   `COLOR0`/`DIFFUSE` → `vertex.color`, `COLOR1`/`SPECULAR` → `vertex.color.secondary`,
//!   `FOGCOORD` → `vertex.fogcoord`, `TEXCOORDn` → `vertex.texcoord[n]`; `ATTRn` and the semantics
//!   without a conventional attribute (`BLENDWEIGHT`, `PSIZE`, `BLENDINDICES`, `TANGENT`,
//!   `BINORMAL`) read the generic `vertex.attrib[n]` at NVIDIA's aliasing
//!   (`pigment_ir::slots::input_slot`). A program that reads a generic attribute and the
//!   conventional one it aliases reads both generically (ARB forbids the pair). An input without a
//!   semantic that the program reads takes the lowest free generic attribute from 1 up.
//! * Results: `POSITION`/`HPOS` → `result.position`, `TEXCOORDn` → `result.texcoord[n]`,
//!   `COLOR0` → `result.color`, `COLOR1` → `result.color.secondary`, `BCOL0`/`BCOL1` → the back
//!   colours, `FOG` → `result.fogcoord`, `PSIZE` → `result.pointsize`.
//! * Uniforms: each a `PARAM` named after it (`u_` and its path with `_` for `$`), an array for an
//!   array uniform, bound to `program.local[64 + k]` for its k-th element over all uniforms in
//!   declaration order (slots 0-63 stay the application's, as for `arbfp1`). ARB parameters have no
//!   initial values: [`super::ArbVertexProgram::locals`] gives each slot's default.

use pigment_diag::Diagnostic;
use pigment_fp30::header::{ProgramInterface, Var};
use pigment_fp30::uniforms;
use pigment_ir::slots::{input_slot, output_slot, Slot};
use pigment_ir::{Function, InterfaceEntity, Stage, Type};

/// The first `program.local` slot of the uniforms: arbfp1's, so that both profiles leave the
/// application the same slots.
pub const LOCAL_BASE: u32 = crate::from_nv::NAMED_LOCAL_BASE;

/// `program.local` slots a program may use (ARB's minimum for vertex programs is 96; Mesa and
/// NVIDIA's drivers give 256 and more).
pub const MAX_LOCALS: u32 = 256;

/// One uniform's parameter.
#[derive(Clone, Debug)]
pub(crate) struct Param {
    pub name: String,
    pub first_slot: u32,
    pub len: Option<u32>,
}

#[derive(Clone, Debug)]
pub(crate) struct VertexInterface {
    /// Per input: its ARB attribute (empty for an unread input without one).
    pub attribs: Vec<String>,
    /// Per input: the resource cgc's header names ([`input_resource`], or the `ATTRn` it was
    /// given).
    pub input_resources: Vec<String>,
    /// Per output: its result register and cgc's resource name.
    pub results: Vec<(String, &'static str)>,
    pub params: Vec<Param>,
}

impl VertexInterface {
    /// Whether output `o`'s result register holds one component (`result.fogcoord`,
    /// `result.pointsize`).
    pub(crate) fn scalar_result(&self, o: usize) -> bool {
        matches!(self.results[o].1, "FOGC" | "PSIZ")
    }
}

/// The conventional attribute of generic location `n`, if it has one cgc used.
fn conventional(n: u32) -> Option<String> {
    Some(match n {
        0 => "vertex.position".into(),
        2 => "vertex.normal".into(),
        3 => "vertex.color".into(),
        4 => "vertex.color.secondary".into(),
        5 => "vertex.fogcoord".into(),
        8..=15 => format!("vertex.texcoord[{}]", n - 8),
        _ => return None,
    })
}

/// The resource cgc's `#var` line names for an input of `semantic` at attribute `n`: the
/// conventional attribute's own name (`DIFFUSE` and `COLOR` are `COLOR0`, `BLENDWEIGHT` is
/// `WEIGHT`, `FOGCOORD` is `FOG`, `TEXCOORD` is `TEXCOORD0`), `ATTRn` for a generic one and for the
/// semantics that only alias one (`PSIZE` is `ATTR6`, `TANGENT` `ATTR14`).
fn input_resource(semantic: &str, n: u32, generic: bool) -> String {
    let texcoord = semantic.to_ascii_uppercase().starts_with("TEXCOORD");
    match n {
        _ if generic => format!("ATTR{n}"),
        0 => "POSITION".into(),
        1 => "WEIGHT".into(),
        2 => "NORMAL".into(),
        3 => "COLOR0".into(),
        4 => "COLOR1".into(),
        5 => "FOG".into(),
        8..=15 if texcoord => format!("TEXCOORD{}", n - 8),
        _ => format!("ATTR{n}"),
    }
}

/// A semantic that names a generic attribute explicitly (`ATTR3`).
fn is_generic(semantic: &str) -> bool {
    let s = semantic.to_ascii_uppercase();
    s.starts_with("ATTR") && s[4..].bytes().all(|b| b.is_ascii_digit()) && s.len() > 4
}

fn result_register(semantic: &str) -> Option<(String, &'static str)> {
    let upper = semantic.to_ascii_uppercase();
    match upper.as_str() {
        "BCOL0" => return Some(("result.color.back".into(), "BCOL0")),
        "BCOL1" => return Some(("result.color.back.secondary".into(), "BCOL1")),
        _ => {}
    }
    const TEX: [&str; 8] = [
        "TEX0", "TEX1", "TEX2", "TEX3", "TEX4", "TEX5", "TEX6", "TEX7",
    ];
    Some(match output_slot(Stage::Vertex, semantic)? {
        Slot::BuiltIn(_) => ("result.position".into(), "HPOS"),
        Slot::Location(n @ 0..=7) => (format!("result.texcoord[{n}]"), TEX[n as usize]),
        Slot::Location(8) => ("result.color".into(), "COL0"),
        Slot::Location(9) => ("result.color.secondary".into(), "COL1"),
        Slot::Location(10) => ("result.fogcoord".into(), "FOGC"),
        Slot::Location(11) => ("result.pointsize".into(), "PSIZ"),
        Slot::Location(_) => return None,
    })
}

/// An ARB identifier for a uniform's IR path.
fn param_name(path: &str, taken: &mut Vec<String>) -> String {
    let clean: String = path
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    let mut name = format!("u_{clean}");
    if taken.contains(&name) {
        name = format!("{name}_{}", taken.len());
    }
    taken.push(name.clone());
    name
}

pub(crate) fn bind(func: &Function) -> Result<VertexInterface, Vec<Diagnostic>> {
    let mut errors = Vec::new();
    let locations: Vec<Option<(u32, bool)>> = func
        .inputs
        .iter()
        .map(|(_, i)| {
            let sem = i.semantic.as_deref()?;
            match input_slot(Stage::Vertex, sem)? {
                Slot::Location(n) => Some((n, is_generic(sem))),
                Slot::BuiltIn(_) => None,
            }
        })
        .collect();
    let generic_read: Vec<u32> = locations
        .iter()
        .flatten()
        .filter(|l| l.1)
        .map(|l| l.0)
        .collect();
    let conventional_read: Vec<u32> = locations
        .iter()
        .flatten()
        .filter(|l| !l.1)
        .map(|l| l.0)
        .collect();
    let clash = generic_read.iter().any(|n| conventional_read.contains(n));
    let read = pigment_ir::slots::read_inputs(func);
    let mut used: Vec<u32> = locations.iter().flatten().map(|l| l.0).collect();
    let mut attribs = Vec::new();
    let mut input_resources = Vec::new();
    for (((_, input), location), read) in func.inputs.iter().zip(&locations).zip(read) {
        let resource = input.semantic.clone().unwrap_or_default();
        match location {
            Some((n, generic)) => {
                attribs.push(match conventional(*n) {
                    Some(name) if !generic && !clash => name,
                    _ => format!("vertex.attrib[{n}]"),
                });
                input_resources.push(input_resource(&resource, *n, *generic));
            }
            // An input the program never reads needs no attribute.
            None if !read => {
                attribs.push(String::new());
                input_resources.push(resource);
            }
            // One without a semantic takes the lowest free generic attribute (0, which provokes
            // the vertex, stays the position's), as cgc binds such inputs itself.
            None if input.semantic.is_none() => match (1..16).find(|n| !used.contains(n)) {
                Some(n) => {
                    used.push(n);
                    attribs.push(format!("vertex.attrib[{n}]"));
                    input_resources.push(format!("ATTR{n}"));
                }
                None => {
                    errors.push(Diagnostic::error(format!(
                        "profile `arbvp1`: no generic attribute is left for vertex input `{}`",
                        uniforms::source_name(&input.name)
                    )));
                    attribs.push(String::new());
                    input_resources.push(resource);
                }
            },
            None => {
                errors.push(missing("input", &input.name, input.semantic.as_deref()));
                attribs.push(String::new());
                input_resources.push(resource);
            }
        }
    }
    let mut results = Vec::new();
    for (_, output) in func.outputs.iter() {
        match output.semantic.as_deref().and_then(result_register) {
            Some(r) => results.push(r),
            None => {
                errors.push(missing("output", &output.name, output.semantic.as_deref()));
                results.push((String::new(), ""));
            }
        }
    }
    let mut params = Vec::new();
    let mut taken = Vec::new();
    let mut slot = LOCAL_BASE;
    for (_, u) in func.uniforms.iter() {
        params.push(Param {
            name: param_name(&u.name, &mut taken),
            first_slot: slot,
            len: u.array_len,
        });
        slot += u.array_len.unwrap_or(1);
    }
    if slot > MAX_LOCALS {
        errors.push(Diagnostic::error(format!(
            "profile `arbvp1`: the uniforms need {} parameters; the profile has {} \
             (program.local[{LOCAL_BASE}..{}])",
            slot - LOCAL_BASE,
            MAX_LOCALS - LOCAL_BASE,
            MAX_LOCALS - 1
        )));
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(VertexInterface {
        attribs,
        input_resources,
        results,
        params,
    })
}

fn missing(what: &str, name: &str, semantic: Option<&str>) -> Diagnostic {
    let name = uniforms::source_name(name);
    Diagnostic::error(match semantic {
        Some(sem) => format!(
            "profile `arbvp1` has no vertex {what} register for semantic `{sem}` (of `{name}`)"
        ),
        None => format!(
            "profile `arbvp1`: vertex {what} `{name}` needs a semantic (POSITION, TEXCOORD0, ...)"
        ),
    })
}

/// Each uniform element's `program.local` slot and default, in slot order.
pub(crate) fn locals(func: &Function, iface: &VertexInterface) -> Vec<(u32, [f32; 4])> {
    let mut out = Vec::new();
    for ((_, u), param) in func.uniforms.iter().zip(&iface.params) {
        for (k, element) in u.initial_elements().iter().enumerate() {
            let values = uniforms::parameter_values(element);
            let value = std::array::from_fn(|i| values.get(i).copied().unwrap_or(0.0));
            out.push((param.first_slot + k as u32, value));
        }
    }
    out
}

/// cgc's header for the program: `#var` lines for every interface entity in declaration order.
pub(crate) fn header(func: &Function, iface: &VertexInterface) -> ProgramInterface {
    let mut out = ProgramInterface {
        notes: vec!["pigment arbvp1 back end".into()],
        profile: Some("arbvp1".into()),
        program: Some(func.name.clone()),
        ..ProgramInterface::default()
    };
    out.semantics = uniforms::semantic_lines(func);
    let read = read_entities(func);
    for entity in func.interface() {
        let referenced = read.contains(&entity);
        let lines = match entity {
            InterfaceEntity::Input(h) => {
                let input = &func.inputs[h];
                let resource = iface.input_resources[h.index()].clone();
                let semantic = input
                    .semantic
                    .as_ref()
                    .map_or(String::new(), |s| format!("$vin.{s}"));
                vec![var(input.ty, &input.name, semantic, resource, referenced)]
            }
            InterfaceEntity::Output(h) => {
                let output = &func.outputs[h];
                let sem = output.semantic.clone().unwrap_or_default();
                let resource = iface.results[h.index()].1.to_string();
                vec![var(
                    output.ty,
                    &output.name,
                    format!("$vout.{sem}"),
                    resource,
                    true,
                )]
            }
            InterfaceEntity::Uniform(h) => {
                let slot = iface.params[h.index()].first_slot;
                let resource = |e: Option<u32>| format!("c[{}]", slot + e.unwrap_or(0));
                uniforms::var_lines_with(&func.uniforms[h], resource, |_| referenced)
            }
            InterfaceEntity::Sampler(_) => Vec::new(),
        };
        let param_index = pigment_fp30::emit::param_index(func, entity);
        out.vars
            .extend(lines.into_iter().map(|v| Var { param_index, ..v }));
    }
    out.defaults = uniforms::default_lines(func);
    out
}

fn var(ty: Type, name: &str, semantic: String, resource: String, referenced: bool) -> Var {
    Var {
        ty: ty.to_string(),
        name: uniforms::source_name(name),
        semantic,
        resource,
        param_index: -1,
        referenced,
    }
}

/// The inputs and uniforms the function reads.
fn read_entities(func: &Function) -> Vec<InterfaceEntity> {
    let mut read = Vec::new();
    pigment_ir::walk(&func.body, &mut |inst| match &inst.kind {
        pigment_ir::InstKind::LoadInput(h) => read.push(InterfaceEntity::Input(*h)),
        pigment_ir::InstKind::LoadUniform { uniform, .. } => {
            read.push(InterfaceEntity::Uniform(*uniform))
        }
        _ => {}
    });
    read
}
