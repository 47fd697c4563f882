//! Where each interface entity of an IR function lives in GLSL, per version and stage, and the
//! global declarations that make it exist.
//!
//! Slots by semantic are `pigment_ir::slots`'s (one numbering for every modern target):
//! varyings `TEXCOORD0-7` → 0-7, `COLOR0` 8, `COLOR1` 9, `FOG` 10; vertex attributes by NVIDIA's
//! aliasing (`POSITION` 0, `NORMAL` 2, `COLOR0` 3, `TEXCOORDn` 8+n, `ATTRn` n); fragment colours
//! `COLOR0-3` → 0-3. On top of them:
//!
//! * desktop 1.10/1.20 use the fixed-function built-ins cgc's `glslv`/`glslf` used, so that a
//!   shader drops into a fixed-function pipeline: attributes `gl_Vertex`, `gl_Normal`, `gl_Color`,
//!   `gl_SecondaryColor`, `gl_MultiTexCoordN`, `gl_FogCoord`; varyings `gl_TexCoord[n]`,
//!   `gl_FrontColor`/`gl_Color`, `gl_FrontSecondaryColor`/`gl_SecondaryColor`, `gl_FogFragCoord`;
//!   fragment outputs `gl_FragColor`, or `gl_FragData[n]` when a colour other than 0 is written;
//! * every other version (ES 1.00 included) declares a varying per slot, named by its canonical
//!   semantic (`v_TEXCOORD0`, `v_COLOR0`, `v_FOG`) so that two stages compiled apart match by
//!   name, always a `vec4` so that they match by type whatever width each stage uses; with
//!   `layout(location = slot)` where the version has varying locations;
//! * attributes other than the built-ins and fragment colours keep their Cg names;
//! * `POSITION` (vertex output) is `gl_Position`, `PSIZE` `gl_PointSize`, `WPOS` `gl_FragCoord`,
//!   `FACE` `gl_FrontFacing` as ±1.0, `DEPTH` `gl_FragDepth` (`gl_FragDepthEXT` in ES 1.00).
//!
//! A fragment input without a semantic takes the texture coordinate set and component cgc gives it
//! (`pigment_ir::varyings`; the Cg lowering gives the vertex output of the same member the same
//! ones): one packed into the free components of a used set reads them (`v_TEXCOORD0.zw`), as a
//! packed vertex output (its `component`) writes them. Where fp30 binds no set, and for IR outputs
//! without a semantic, it is a `vec4` named after the member (`v_t8`), at location 12 + its rank
//! among the stage's unnamed varyings by name.
//! Attributes without a semantic take the lowest generic slots no semantic takes
//! (`pigment_ir::slots::unnamed_inputs`, the rule every modern target shares).
//!
//! A varying read at a wider type than its variable has reads the missing components as
//! (0, 0, 0, 1); written ones are initialised to (0, 0, 0, 1) unless the program's top level
//! writes them whole, which is what NV hardware gives for unwritten texture coordinates.

mod resources;

use crate::expr::{self, Expr};
use crate::names::Namer;
use crate::version::Version;
use pigment_diag::Diagnostic;
use pigment_ir::slots::BuiltIn;
use pigment_ir::slots::{self as slots, Slot};
use pigment_ir::{Function, InstKind, ScalarKind, Stage, Type, WriteMask};

/// How the program reads an input.
#[derive(Clone, Debug)]
/// (`location` is the slot the entity binds to, also where the version has no `layout` to write
/// it: a runtime binds it by name, `glBindAttribLocation` / `glBindFragDataLocation`.)
pub struct InputPlace {
    /// The GLSL variable (or built-in) holding it.
    pub variable: String,
    /// That variable's type (a built-in's own: `gl_TexCoord[n]` is a `vec4`).
    pub variable_ty: Type,
    /// `FACE` reads `gl_FrontFacing` through a conversion.
    pub read_as: Option<Expr>,
    pub location: Option<u32>,
    pub builtin: bool,
}

/// Where the program writes an output.
#[derive(Clone, Debug)]
pub struct OutputPlace {
    pub variable: String,
    pub variable_ty: Type,
    /// The program writes this output once, whole, at its top level, and it is narrower than its
    /// variable: that store fills the rest, a varying from (0, 0, 0, 1) (`v = vec4(uv, 0.0,
    /// 1.0)`), a colour with zeros (`gl_FragColor = vec4(c, 0.0)`).
    pub fill: bool,
    /// The component of the variable where the output starts: 0 but for one cgc packs into the
    /// free components of a set another output uses (`v_TEXCOORD0.zw`).
    pub component: u8,
    pub location: Option<u32>,
    pub builtin: bool,
}

/// A sampler's GLSL name and type.
#[derive(Clone, Debug)]
pub struct SamplerPlace {
    pub name: String,
    pub glsl_type: String,
    pub unit: u32,
    pub shadow: bool,
}

/// Every entity's place and the declarations the shader starts with.
pub struct Interface {
    pub inputs: Vec<Option<InputPlace>>,
    pub outputs: Vec<Option<OutputPlace>>,
    pub uniforms: Vec<String>,
    /// Per uniform: the expressions its elements are read as, when a runtime said so.
    pub uniform_exprs: Vec<Option<Vec<String>>>,
    pub samplers: Vec<SamplerPlace>,
    /// Global declarations, one per line, in declaration order.
    pub declarations: Vec<String>,
    /// Statements at the top of `main` (initialised varyings, fragment colours).
    pub prologue: Vec<String>,
    pub extensions: Vec<&'static str>,
    /// half's `mediump` and fixed's `lowp` are written: ES in the default precision mode (the
    /// fp30 mode rounds explicitly, and a lower precision would only add to its rounding).
    pub precision_qualifiers: bool,
}

/// The canonical semantic of a varying slot.
fn slot_semantic(location: u32) -> String {
    match location {
        0..=7 => format!("TEXCOORD{location}"),
        8 => "COLOR0".into(),
        9 => "COLOR1".into(),
        10 => "FOG".into(),
        _ => "PSIZE".into(),
    }
}

/// The fixed-function built-in varying of a slot (desktop 1.10/1.20), as the given stage sees it.
fn builtin_varying(location: u32, stage: Stage) -> Option<(String, Type)> {
    let vertex = stage == Stage::Vertex;
    Some(match location {
        0..=7 => (format!("gl_TexCoord[{location}]"), Type::FLOAT4),
        8 if vertex => ("gl_FrontColor".into(), Type::FLOAT4),
        8 => ("gl_Color".into(), Type::FLOAT4),
        9 if vertex => ("gl_FrontSecondaryColor".into(), Type::FLOAT4),
        9 => ("gl_SecondaryColor".into(), Type::FLOAT4),
        10 => ("gl_FogFragCoord".into(), Type::FLOAT),
        _ => return None,
    })
}

/// The fixed-function built-in attribute of a generic attribute slot (desktop 1.10/1.20).
fn builtin_attribute(location: u32) -> Option<(String, Type)> {
    Some(match location {
        0 => ("gl_Vertex".into(), Type::FLOAT4),
        2 => ("gl_Normal".into(), Type::FLOAT3),
        3 => ("gl_Color".into(), Type::FLOAT4),
        4 => ("gl_SecondaryColor".into(), Type::FLOAT4),
        5 => ("gl_FogCoord".into(), Type::FLOAT),
        8..=15 => (format!("gl_MultiTexCoord{}", location - 8), Type::FLOAT4),
        _ => return None,
    })
}

/// `in`/`out` or the legacy `attribute`/`varying` word for a stage's input or output.
fn storage(version: Version, stage: Stage, input: bool) -> &'static str {
    match (version.is_legacy(), stage, input) {
        (false, _, true) => "in",
        (false, _, false) => "out",
        (true, Stage::Vertex, true) => "attribute",
        (true, _, _) => "varying",
    }
}

fn layout_location(location: Option<u32>) -> String {
    location.map_or(String::new(), |l| format!("layout(location = {l}) "))
}

/// The float type of a declared interface variable (GLSL varyings and attributes are floats here;
/// int and bool values are converted where they are read or written).
fn float_type(ty: Type) -> Type {
    ty.with_kind(ScalarKind::Float)
}

/// How many stores write each output, and which components the program's top level writes
/// (unconditionally).
fn written_outputs(func: &Function) -> (Vec<u32>, Vec<u8>) {
    let mut written = vec![0u32; func.outputs.len()];
    pigment_ir::walk(&func.body, &mut |inst| {
        if let InstKind::Store { output, .. } = &inst.kind {
            written[output.index()] += 1;
        }
    });
    let mut top = vec![0u8; func.outputs.len()];
    for inst in &func.body.insts {
        if let InstKind::Store { output, mask, .. } = &inst.kind {
            top[output.index()] |= mask.0;
        }
    }
    (written, top)
}

/// Lays out `func`'s interface for `version`; an entity with no place in GLSL is an error.
pub fn build(
    func: &Function,
    version: Version,
    namer: &mut Namer,
    overrides: &crate::Overrides,
    precision: crate::Precision,
) -> Result<Interface, Diagnostic> {
    let mut iface = Interface {
        inputs: Vec::new(),
        outputs: Vec::new(),
        uniforms: Vec::new(),
        uniform_exprs: Vec::new(),
        samplers: Vec::new(),
        declarations: Vec::new(),
        prologue: Vec::new(),
        extensions: Vec::new(),
        precision_qualifiers: version.writes_precision() && precision == crate::Precision::Target,
    };
    build_inputs(func, version, namer, overrides, &mut iface)?;
    build_outputs(func, version, namer, &mut iface)?;
    if precision == crate::Precision::Fp30 && func.stage == Stage::Fragment {
        let outputs = iface.outputs.iter().flatten().filter(|p| !p.builtin);
        let names: Vec<&str> = outputs.map(|p| p.variable.as_str()).collect();
        let lines = crate::precision::uncontracted(version, &names);
        iface.declarations.extend(lines);
    }
    resources::build(func, version, namer, overrides, &mut iface)?;
    Ok(iface)
}

fn build_inputs(
    func: &Function,
    version: Version,
    namer: &mut Namer,
    overrides: &crate::Overrides,
    iface: &mut Interface,
) -> Result<(), Diagnostic> {
    let read = slots::read_inputs(func);
    let unnamed = unnamed_varyings(func);
    let sets = slots::unnamed_inputs(func, &read);
    for (h, input) in func.inputs.iter() {
        if !read[h.index()] {
            iface.inputs.push(None);
            continue;
        }
        // An unnamed fragment input takes the set cgc gives it, as the Cg lowering gives the
        // vertex output of the same member (crates/cg's lower/varyings.rs).
        let (slot, packed) = slots::packed_or_named_slot(func, h, &sets);
        let place = match (func.stage, slot) {
            _ if overrides.inputs.contains_key(&input.name) => InputPlace {
                variable: String::new(),
                variable_ty: float_type(input.ty),
                read_as: Some(Expr {
                    text: overrides.inputs[&input.name].clone(),
                    prec: 9,
                }),
                location: None,
                builtin: true,
            },
            (Stage::Vertex, _) if overrides.attributes.contains_key(&input.name) => {
                let (name, location) = &overrides.attributes[&input.name];
                declared_attribute(name, input.ty, *location, version, iface)
            }
            (Stage::Fragment, None) if input.semantic.is_none() => {
                unnamed_varying(&input.name, &unnamed, Stage::Fragment, version, iface)
            }
            (_, Some(Slot::BuiltIn(BuiltIn::FrontFacing))) => InputPlace {
                variable: "gl_FrontFacing".into(),
                variable_ty: Type::FLOAT,
                read_as: Some(Expr {
                    text: "gl_FrontFacing ? 1.0 : -1.0".into(),
                    prec: 9,
                }),
                location: None,
                builtin: true,
            },
            (_, Some(Slot::BuiltIn(_))) => builtin_input("gl_FragCoord", Type::FLOAT4),
            (Stage::Vertex, Some(Slot::Location(l))) => attribute(input, l, version, namer, iface),
            (Stage::Fragment, Some(Slot::Location(l))) => {
                let place = varying(l, Stage::Fragment, version, iface);
                match packed {
                    Some(p) if p.component > 0 => packed_input(place, p.component, input.ty.width),
                    _ => place,
                }
            }
            (_, None) => {
                return Err(Diagnostic::error(format!(
                    "{version} has no place for the {} input `{}`{}",
                    func.stage.name(),
                    crate::names::source_name(&input.name),
                    describe_semantic(&input.semantic)
                )))
            }
        };
        iface.inputs.push(Some(place));
    }
    Ok(())
}

/// An input cgc packs into a set from `component` on: read as that swizzle of the set's variable
/// (`v_TEXCOORD0.zw`, `gl_TexCoord[0].zw`).
fn packed_input(place: InputPlace, component: u8, width: u8) -> InputPlace {
    let components: Vec<u8> = (component..component + width).collect();
    let swizzle = pigment_ir::Swizzle::new(&components).unwrap_or(pigment_ir::Swizzle::X);
    InputPlace {
        read_as: Some(expr::swizzle(
            &Expr::primary(place.variable.clone()),
            place.variable_ty,
            swizzle,
        )),
        variable_ty: Type::new(ScalarKind::Float, width),
        ..place
    }
}

fn describe_semantic(semantic: &Option<String>) -> String {
    match semantic {
        Some(s) => format!(" (semantic `{s}`)"),
        None => " (no semantic)".into(),
    }
}

fn builtin_input(name: &str, ty: Type) -> InputPlace {
    InputPlace {
        variable: name.into(),
        variable_ty: ty,
        read_as: None,
        location: None,
        builtin: true,
    }
}

/// A vertex attribute: a fixed-function built-in in 1.10/1.20, else a declared input that keeps
/// its Cg name.
fn attribute(
    input: &pigment_ir::Input,
    location: u32,
    version: Version,
    namer: &mut Namer,
    iface: &mut Interface,
) -> InputPlace {
    // Generic attributes (`ATTRn`) stay generic, with their names: only the conventional
    // semantics mean the fixed-function attributes.
    let generic = input
        .semantic
        .as_deref()
        .is_some_and(|s| s.to_ascii_uppercase().starts_with("ATTR"));
    if version.has_fixed_function_builtins() && !generic {
        if let Some((name, ty)) = builtin_attribute(location) {
            return builtin_input(&name, ty);
        }
    }
    let name = namer.unique(&input.name);
    declared_attribute(&name, input.ty, location, version, iface)
}

/// A declared vertex input `name` of (the float form of) `ty` at generic slot `location`.
fn declared_attribute(
    name: &str,
    ty: Type,
    location: u32,
    version: Version,
    iface: &mut Interface,
) -> InputPlace {
    let ty = float_type(ty);
    let name = name.to_string();
    let declaration = format!(
        "{}{} {} {name};",
        layout_location(version.has_io_locations().then_some(location)),
        storage(version, Stage::Vertex, true),
        expr::type_name(ty)
    );
    // Two inputs a runtime maps to one attribute share its declaration.
    if !iface.declarations.contains(&declaration) {
        iface.declarations.push(declaration);
    }
    InputPlace {
        variable: name,
        variable_ty: ty,
        read_as: None,
        location: Some(location),
        builtin: false,
    }
}

/// The last part of an IR path: `VOUT$t8` → `t8`, the member name both stages share.
fn leaf(name: &str) -> &str {
    name.rsplit('$').next().unwrap_or(name)
}

/// The leaf names of the varyings without a semantic (a vertex function's outputs, a fragment
/// function's inputs), sorted: the `n`th takes location 12 + n, so that two stages declaring the
/// same struct agree without knowing each other.
fn unnamed_varyings(func: &Function) -> Vec<String> {
    let mut names: Vec<String> = match func.stage {
        Stage::Fragment => func
            .inputs
            .iter()
            .filter(|(_, i)| i.semantic.is_none())
            .map(|(_, i)| leaf(&i.name).to_string())
            .collect(),
        Stage::Vertex => func
            .outputs
            .iter()
            .filter(|(_, o)| o.semantic.is_none())
            .map(|(_, o)| leaf(&o.name).to_string())
            .collect(),
    };
    names.sort();
    names.dedup();
    names
}

/// A varying without a semantic: a `vec4` named after its member (`v_t8`), matched by name.
fn unnamed_varying(
    name: &str,
    unnamed: &[String],
    stage: Stage,
    version: Version,
    iface: &mut Interface,
) -> InputPlace {
    let leaf = leaf(name);
    let rank = unnamed.iter().position(|n| n == leaf).unwrap_or(0) as u32;
    let location = 12 + rank;
    let variable = format!(
        "v_{}",
        crate::names::sanitize(leaf).trim_start_matches("cg_")
    );
    let declaration = format!(
        "{}{} vec4 {variable};",
        layout_location(version.has_varying_locations().then_some(location)),
        storage(version, stage, stage == Stage::Fragment)
    );
    if !iface.declarations.contains(&declaration) {
        iface.declarations.push(declaration);
    }
    InputPlace {
        variable,
        variable_ty: Type::FLOAT4,
        read_as: None,
        location: Some(location),
        builtin: false,
    }
}

/// The varying of slot `location` as `stage` sees it (declared once per shader).
fn varying(location: u32, stage: Stage, version: Version, iface: &mut Interface) -> InputPlace {
    if version.has_fixed_function_builtins() {
        if let Some((name, ty)) = builtin_varying(location, stage) {
            return builtin_input(&name, ty);
        }
    }
    let name = format!("v_{}", slot_semantic(location));
    let declaration = format!(
        "{}{} vec4 {name};",
        layout_location(version.has_varying_locations().then_some(location)),
        storage(version, stage, stage == Stage::Fragment)
    );
    if !iface.declarations.contains(&declaration) {
        iface.declarations.push(declaration);
    }
    InputPlace {
        variable: name,
        variable_ty: Type::FLOAT4,
        read_as: None,
        location: Some(location),
        builtin: false,
    }
}

fn build_outputs(
    func: &Function,
    version: Version,
    namer: &mut Namer,
    iface: &mut Interface,
) -> Result<(), Diagnostic> {
    let (written, top) = written_outputs(func);
    let unnamed = unnamed_varyings(func);
    let multiple_colors = func.outputs.iter().any(|(h, o)| {
        written[h.index()] > 0
            && matches!(
                slots::output_slot(func.stage, o.semantic.as_deref().unwrap_or("")),
                Some(Slot::Location(n)) if n > 0
            )
    });
    let slot_of = |o: &pigment_ir::Output| {
        slots::output_slot(func.stage, o.semantic.as_deref().unwrap_or(""))
    };
    for (h, output) in func.outputs.iter() {
        if written[h.index()] == 0 {
            iface.outputs.push(None);
            continue;
        }
        let semantic = output.semantic.clone().unwrap_or_default();
        let slot = slots::output_slot(func.stage, &semantic);
        // Outputs packed into one set (cgc's rule for unnamed ones) share its variable: none of
        // them fills what the others write.
        let shared = func
            .outputs
            .iter()
            .any(|(g, o)| g != h && written[g.index()] > 0 && slot_of(o) == slot);
        let whole_once =
            written[h.index()] == 1 && top[h.index()] == WriteMask::all(output.ty.width).0;
        let place = match (func.stage, slot) {
            (Stage::Vertex, Some(Slot::BuiltIn(_))) => builtin_output("gl_Position", Type::FLOAT4),
            (Stage::Vertex, Some(Slot::Location(11))) => {
                builtin_output("gl_PointSize", Type::FLOAT)
            }
            (Stage::Vertex, Some(Slot::Location(l))) => {
                let place = varying(l, Stage::Vertex, version, iface);
                OutputPlace {
                    fill: whole_once && !shared && output.ty.width < place.variable_ty.width,
                    component: output.component,
                    variable: place.variable,
                    variable_ty: place.variable_ty,
                    location: place.location,
                    builtin: place.builtin,
                }
            }
            (Stage::Vertex, None) if output.semantic.is_none() => {
                let place = unnamed_varying(&output.name, &unnamed, Stage::Vertex, version, iface);
                OutputPlace {
                    fill: false,
                    component: 0,
                    variable: place.variable,
                    variable_ty: place.variable_ty,
                    location: place.location,
                    builtin: false,
                }
            }
            (Stage::Fragment, Some(Slot::BuiltIn(_))) => fragment_depth(version, iface),
            (Stage::Fragment, Some(Slot::Location(n))) => {
                let mut place = fragment_color(
                    &func.name,
                    output,
                    n,
                    multiple_colors,
                    version,
                    namer,
                    iface,
                )?;
                place.fill = whole_once && output.ty.width < place.variable_ty.width;
                place
            }
            (_, None) => {
                return Err(Diagnostic::error(format!(
                    "{version} has no place for the {} output `{}`{}",
                    func.stage.name(),
                    crate::names::source_name(&output.name),
                    describe_semantic(&output.semantic)
                )))
            }
        };
        if let Some(init) = initial_value(func.stage, &place, top[h.index()]) {
            // Once per variable: outputs packed into one set share it.
            let line = format!("{} = {init};", place.variable);
            if !iface.prologue.contains(&line) {
                iface.prologue.push(line);
            }
        }
        iface.outputs.push(Some(place));
    }
    Ok(())
}

fn builtin_output(name: &str, ty: Type) -> OutputPlace {
    OutputPlace {
        fill: false,
        component: 0,
        variable: name.into(),
        variable_ty: ty,
        location: None,
        builtin: true,
    }
}

fn fragment_depth(version: Version, iface: &mut Interface) -> OutputPlace {
    if version == Version::es(100) {
        iface.extensions.push("GL_EXT_frag_depth");
        return builtin_output("gl_FragDepthEXT", Type::FLOAT);
    }
    builtin_output("gl_FragDepth", Type::FLOAT)
}

#[allow(clippy::too_many_arguments)]
fn fragment_color(
    entry: &str,
    output: &pigment_ir::Output,
    n: u32,
    multiple: bool,
    version: Version,
    namer: &mut Namer,
    iface: &mut Interface,
) -> Result<OutputPlace, Diagnostic> {
    if version.is_legacy() {
        if version.is_es() && n > 0 {
            return Err(Diagnostic::error(format!(
                "{version} writes one colour: `{}` is colour {n}",
                crate::names::source_name(&output.name)
            )));
        }
        let name = if multiple {
            format!("gl_FragData[{n}]")
        } else {
            "gl_FragColor".into()
        };
        return Ok(builtin_output(&name, Type::FLOAT4));
    }
    // The entry's return value is named after the function; GLSL calls it what it is.
    let name = match output.name.strip_prefix(entry) {
        Some("") if n == 0 => namer.unique("fragColor"),
        Some("") => namer.unique(&format!("fragColor{n}")),
        Some(member) if member.starts_with('$') => namer.unique(&member[1..]),
        _ => namer.unique(&output.name),
    };
    let ty = output.ty.with_kind(if output.ty.kind == ScalarKind::Int {
        ScalarKind::Int
    } else {
        ScalarKind::Float
    });
    let location = Some(n);
    let written_location = location.filter(|_| version.has_io_locations());
    let precision = if iface.precision_qualifiers {
        expr::precision(output.ty.kind).map_or(String::new(), |p| format!("{p} "))
    } else {
        String::new()
    };
    iface.declarations.push(format!(
        "{}out {precision}{} {name};",
        layout_location(written_location),
        expr::type_name(ty)
    ));
    Ok(OutputPlace {
        fill: false,
        component: 0,
        variable: name,
        variable_ty: ty,
        location,
        builtin: false,
    })
}

/// What an output starts as when the program's top level does not write all of it: a varying
/// (0, 0, 0, 1), a fragment colour 0 (the IR's value of what is never written). Built-in positions,
/// point sizes and depths are written whole or not at all.
fn initial_value(stage: Stage, place: &OutputPlace, top_level: u8) -> Option<String> {
    let full = WriteMask::all(place.variable_ty.width).0;
    if place.fill || top_level & full == full || place.variable_ty.width == 1 {
        return None;
    }
    Some(match stage {
        Stage::Vertex => "vec4(0.0, 0.0, 0.0, 1.0)".into(),
        Stage::Fragment if place.variable_ty.kind == ScalarKind::Int => {
            format!("{}(0)", expr::type_name(place.variable_ty))
        }
        Stage::Fragment => format!("{}(0.0)", expr::type_name(place.variable_ty)),
    })
}
