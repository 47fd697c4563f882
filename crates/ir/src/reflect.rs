//! The one reflection of every back end (schema `pigment-reflection-2`): what a compiled stage
//! reads and writes, named as the Cg source names it, with where each target binds it. fp30 and
//! the ARB profiles (and every NV program, ISL and Parasol output written as fp30), Pigment's GLSL
//! writer and the naga targets (SPIR-V, WGSL, MSL, HLSL, naga's GLSL) all return a [`Reflection`];
//! `pigment compile --reflect json` prints it, and the C API hands it out.
//!
//! The Cg-level fields — `name`, `type`, `semantic`, `array_size` — describe the source's
//! declarations and are the same for every target compiling the same entry. The binding fields
//! belong to the targets that have the notion and are left out of the JSON elsewhere:
//!
//! | field | fp30 / arbfp1 / arbvp1 | `glsl:*` | spirv, wgsl, msl, hlsl, `glsl-naga:*` |
//! |---|---|---|---|
//! | `register` (inputs, outputs) | the `#var` resource: `TEX0`, `COLR` | — | — |
//! | `location` (inputs, outputs) | — | the location the writer gives it | the `@location` |
//! | `builtin` (inputs, outputs) | — | the `gl_` variable | naga's built-in (`Position`) |
//! | `target_name`, `target_type` | — | the GLSL declaration (`v_TEXCOORD0`, `vec4`) | — |
//! | `parameters` (uniforms) | each row's `DECLARE` or `p[N]` | — | — |
//! | `offset`, `stride`, `size` (uniforms) | — | — | std140 place in the uniform block |
//! | `group`, `binding` (textures) | — | Vulkan GLSL's `set`, `binding` | bind group, texture binding |
//! | `sampler_binding` (textures) | — | — | the separate sampler (not `glsl-naga`) |
//! | `shadow` (textures) | — | depth texture with comparison | the same |
//! | `uniform_block` | — | Vulkan GLSL | every target |
//! | `kill`, `stats` | the header's `$kill` and trailer | — | — |
//!
//! ```text
//! {
//!   "schema": "pigment-reflection-2",
//!   "target": "fp30",                     fp30, arbfp1, arbvp1, glsl, spirv, wgsl, msl, hlsl, glsl-naga
//!   "version": "330",                     GLSL targets only: the #version number ("300 es", "450")
//!   "stage": "fragment",                  or "vertex"
//!   "entry": "main",                      null where an NV program's header names none
//!   "inputs": [{"name": "IN.uv", "type": "float2", "semantic": "TEXCOORD0", "referenced": true,
//!               "register": "TEX0", "location": 0, "builtin": "gl_FragCoord",
//!               "target_name": "v_TEXCOORD0", "target_type": "vec4"}],
//!   "outputs": [ the same keys as inputs ],
//!   "uniforms": [{"name": "M", "type": "float4x4", "array_size": 3, "semantic": null,
//!                 "referenced": true, "default": [1.0, 0.0, ...],
//!                 "parameters": [{"name": "M[0]", "declare": "M$0"}, {"name": "k", "local": 3}],
//!                 "target_name": "M", "target_type": "vec4", "offset": 0, "stride": 16, "size": 64}],
//!   "textures": [{"name": "decal", "type": "sampler2D", "dim": "2D", "semantic": "TEXUNIT0",
//!                 "referenced": true, "unit": 0, "shadow": false, "group": 1, "binding": 1,
//!                 "sampler_binding": 2, "target_name": "decal", "target_type": "sampler2D"}],
//!   "uniform_block": {"group": 1, "binding": 0, "layout": "std140", "size": 144},
//!   "kill": false,
//!   "stats": {"instructions": 23, "r_regs": 2, "h_regs": 1}
//! }
//! ```
//!
//! * `name` is the Cg name (`IN.uv`, `lights[0].color`; a return value is the entry's name).
//! * `type` is the Cg type of one element: a matrix is one uniform (`float4x4`), an array has
//!   `array_size` (fp30's per-element `#var`s `k[0]`, `k[1]` are gathered into `k`). `dim` is
//!   `1D`, `2D`, `3D`, `CUBE` or `RECT`.
//! * `referenced`: whether the output code uses the entity (fp30: cgc's flag; GLSL: the shader
//!   declares it; naga: an input is read, a texture sampled; naga's block holds every uniform).
//! * `default`: the source's initializer, every component of every element in order; left out
//!   where there is none or a component is not finite (JSON has no NaN).
//! * Keys of `null` value (`semantic`, `entry`, `unit`) are always written; the binding keys of
//!   the table are left out where the target has no such notion. A later version may add keys.
//!
//! ```
//! use pigment_ir::reflect::{Reflection, SCHEMA};
//! let json = r#"{"schema": "pigment-reflection-2", "target": "spirv", "stage": "fragment",
//!     "entry": "main", "inputs": [], "outputs": [], "uniforms": [], "textures": []}"#;
//! let reflection: Reflection = serde_json::from_str(json).unwrap();
//! assert_eq!(reflection.schema, SCHEMA);
//! let back: Reflection = serde_json::from_value(serde_json::to_value(&reflection).unwrap()).unwrap();
//! assert_eq!(back, reflection);
//! ```
//!
//! The old per-target documents (`pigment-reflect-1`, `pigment-reflect-glsl-1`, naga's) stay
//! available for one release as `--reflect json-v1`; they are deprecated.

use crate::function::{Function, SamplerDim, Stage};
use serde::{Deserialize, Serialize};

/// The `schema` value of this layout.
pub const SCHEMA: &str = "pigment-reflection-2";

/// One compiled stage's interface: see the module documentation for every field.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Reflection {
    pub schema: String,
    pub target: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    pub stage: Stage,
    pub entry: Option<String>,
    pub inputs: Vec<Varying>,
    pub outputs: Vec<Varying>,
    pub uniforms: Vec<Uniform>,
    pub textures: Vec<Texture>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uniform_block: Option<UniformBlock>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kill: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stats: Option<Stats>,
}

/// An input (attribute or varying) or an output.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Varying {
    pub name: String,
    #[serde(rename = "type")]
    pub ty: String,
    pub semantic: Option<String>,
    pub referenced: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub register: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub location: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub builtin: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_type: Option<String>,
}

/// A uniform value (not a sampler).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Uniform {
    pub name: String,
    #[serde(rename = "type")]
    pub ty: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub array_size: Option<u32>,
    pub semantic: Option<String>,
    pub referenced: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default: Option<Vec<f32>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub parameters: Vec<Parameter>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_type: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offset: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stride: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<u32>,
}

/// One fp30 program parameter holding (a row of) a uniform: `name` is what `--param NAME=...`
/// sets; the parameter is a `DECLARE`d name or a numbered local `p[N]`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Parameter {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub declare: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub local: Option<u32>,
}

/// A sampler: its texture, and where the target binds it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Texture {
    pub name: String,
    #[serde(rename = "type")]
    pub ty: String,
    pub dim: String,
    pub semantic: Option<String>,
    pub referenced: bool,
    pub unit: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shadow: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub binding: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sampler_binding: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_type: Option<String>,
}

/// The buffer that holds a stage's uniforms.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct UniformBlock {
    pub group: u32,
    pub binding: u32,
    pub layout: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<u32>,
}

/// An fp30 program's trailer: instructions, and the highest R and H register numbers + 1.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    pub instructions: u32,
    pub r_regs: u32,
    pub h_regs: u32,
}

impl Reflection {
    /// An empty reflection of `stage` for `target`.
    pub fn new(target: impl Into<String>, stage: Stage, entry: Option<String>) -> Reflection {
        Reflection {
            schema: SCHEMA.to_string(),
            target: target.into(),
            stage,
            entry,
            ..Reflection::default()
        }
    }

    /// The Cg-level part of `func`'s interface, for a back end that lowers `func` to fill in
    /// where it binds each entity: `inputs`, `outputs`, `uniforms` and `textures` hold one entry
    /// per entity of the function's arenas, in the same order, each marked referenced.
    pub fn of_function(func: &Function, target: impl Into<String>) -> Reflection {
        let varying = |name: &str, ty: String, semantic: &Option<String>| Varying {
            name: source_name(name),
            ty,
            semantic: semantic.clone(),
            referenced: true,
            ..Varying::default()
        };
        let mut r = Reflection::new(target, func.stage, Some(func.name.clone()));
        r.inputs = (func.inputs.iter())
            .map(|(_, i)| varying(&i.name, i.ty.to_string(), &i.semantic))
            .collect();
        r.outputs = (func.outputs.iter())
            .map(|(_, o)| varying(&o.name, o.ty.to_string(), &o.semantic))
            .collect();
        r.uniforms = func.uniforms.iter().map(|(_, u)| uniform(u)).collect();
        r.textures = (func.samplers.iter())
            .map(|(_, s)| Texture {
                name: source_name(&s.name),
                ty: format!("sampler{}", dim_name(s.dim)),
                dim: dim_name(s.dim).to_string(),
                semantic: s.unit.filter(|_| !s.counted).map(|u| format!("TEXUNIT{u}")),
                referenced: true,
                unit: s.unit,
                ..Texture::default()
            })
            .collect();
        r
    }
}

/// A uniform's Cg-level entry: a matrix's rows are one `floatRxC`.
fn uniform(u: &crate::function::Uniform) -> Uniform {
    let (ty, array_size) = match (u.matrix, u.array_len) {
        (true, Some(rows)) => (format!("{}{rows}x{}", u.ty.kind.name(), u.ty.width), None),
        (_, len) => (u.ty.to_string(), len),
    };
    let default = u.default.as_ref().map(|elements| {
        let width = usize::from(u.ty.width);
        (elements.iter())
            .flat_map(|v| (0..width).map(|c| v.f32(c)))
            .collect::<Vec<f32>>()
    });
    Uniform {
        name: source_name(&u.name),
        ty,
        array_size,
        semantic: u.semantic.clone(),
        referenced: true,
        default: default.filter(|d| d.iter().all(|v| v.is_finite())),
        ..Uniform::default()
    }
}

/// `1D`, `2D`, `3D`, `CUBE` or `RECT`: the texture target (and the suffix of Cg's sampler type).
pub fn dim_name(dim: SamplerDim) -> &'static str {
    match dim {
        SamplerDim::D1 => "1D",
        SamplerDim::D2 => "2D",
        SamplerDim::D3 => "3D",
        SamplerDim::Cube => "CUBE",
        SamplerDim::Rect => "RECT",
    }
}

/// The source's name for an IR name: the parts of a `$` path joined with `.`, a part of digits
/// an index (`IN$video_size` → `IN.video_size`, `lights$0$color` → `lights[0].color`).
pub fn source_name(name: &str) -> String {
    let mut out = String::new();
    for (i, part) in name.split('$').enumerate() {
        if i > 0 && !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()) {
            out.push_str(&format!("[{part}]"));
        } else {
            if i > 0 {
                out.push('.');
            }
            out.push_str(part);
        }
    }
    out
}
