//! The program interface as the old fp30 JSON (`--reflect json-v1`), for tools that bind
//! parameters and textures by their Cg names. **Deprecated**: kept for one release beside the one
//! reflection of every back end ([`ProgramInterface::reflection`], schema `pigment-reflection-2`).
//!
//! Schema `pigment-reflect-1`. Keys appear in this order and are always present; a later version
//! may add keys but will not change or remove these without changing `schema`.
//!
//! ```text
//! {
//!   "schema": "pigment-reflect-1",
//!   "profile": "fp30" | null,            #profile
//!   "entry": "main" | null,              #program
//!   "varyings": [{
//!     "name": "IN.uv",                   the Cg name as in #var
//!     "type": "float2",
//!     "semantic": "TEXCOORD0" | null,    without cgc's "$vin."
//!     "register": "TEX0" | null,         the attribute register f[...] (the #var resource)
//!     "param_index": 0,                  entry parameter position, -1 for globals
//!     "referenced": true
//!   }],
//!   "uniforms": [{
//!     "name": "M", "type": "float4x4", "semantic": "C3" | null, "param_index": -1, "referenced": true,
//!     "components": 4,                   components per parameter (vector width, matrix columns)
//!     "parameters": [                    one per row of a matrix; empty when unreferenced
//!       {"name": "M[0]", "declare": "M$0"},   a named local parameter (DECLARE), or
//!       {"name": "p", "local": 3}             a numbered local parameter p[3]
//!     ]                                  "name" is what `--param NAME=...` accepts for that slot
//!   }],
//!   "samplers": [{
//!     "name": "decal", "type": "sampler2D", "semantic": "TEXUNIT0" | null,
//!     "unit": 0 | null,                  from "texunit N"
//!     "target": "2D" | null,             1D, 2D, 3D, CUBE or RECT, from the type
//!     "param_index": 2, "referenced": true
//!   }],
//!   "outputs": [{
//!     "name": "main.color", "type": "float4", "semantic": "COLOR" | null,
//!     "register": "COLR" | "COLH" | "DEPR" | null,   cgc's "COL" resolved by the type
//!     "referenced": true
//!   }],
//!   "kill": false,                       the program may discard fragments ($kill pseudo-output)
//!   "defaults": [{"name": "tint", "values": [1.0, 0.5]}],   #default lines
//!   "stats": {"instructions": 23, "r_regs": 2, "h_regs": 1} | null   the trailer
//! }
//! ```
//! Numbers in `values` are the shortest decimals that read back as the same f32; NaN and the
//! infinities are the strings "NaN", "Infinity" and "-Infinity". `#const`, `#vendor`, `#version`
//! and notes are not bindings and are not part of the schema.

use super::resolve::{Slot, VarKind};
use super::{ProgramInterface, Var};
use serde_json::{json, Map, Value};

/// The `schema` value of this layout.
pub const SCHEMA: &str = "pigment-reflect-1";

impl ProgramInterface {
    /// The interface in the deprecated `pigment-reflect-1` layout documented in this module
    /// (`--reflect json-v1`); [`ProgramInterface::reflection`] is the current one.
    pub fn to_json(&self) -> Value {
        let of_kind = |kind: VarKind| self.vars.iter().filter(move |v| v.kind() == kind);
        json!({
            "schema": SCHEMA,
            "profile": self.profile,
            "entry": self.program,
            "varyings": of_kind(VarKind::Varying).map(varying).collect::<Vec<_>>(),
            "uniforms": of_kind(VarKind::Uniform).map(uniform).collect::<Vec<_>>(),
            "samplers": of_kind(VarKind::Sampler).map(sampler).collect::<Vec<_>>(),
            "outputs": of_kind(VarKind::Output).map(output).collect::<Vec<_>>(),
            "kill": of_kind(VarKind::Kill).next().is_some(),
            "defaults": self.defaults.iter().map(|d| json!({
                "name": d.name,
                "values": d.values.iter().map(|&v| float(v)).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
            "stats": self.stats.map(|s| json!({
                "instructions": s.instructions,
                "r_regs": s.r_regs,
                "h_regs": s.h_regs,
            })),
        })
    }
}

/// `name`, `type` and `semantic`, the keys every entry starts with.
fn common(var: &Var) -> Map<String, Value> {
    let mut map = Map::new();
    map.insert("name".into(), json!(var.name));
    map.insert("type".into(), json!(var.ty));
    map.insert("semantic".into(), json!(var.user_semantic()));
    map
}

fn with(mut map: Map<String, Value>, entries: Value) -> Value {
    if let Value::Object(entries) = entries {
        map.extend(entries);
    }
    Value::Object(map)
}

fn varying(var: &Var) -> Value {
    let register = Some(var.resource.as_str()).filter(|r| !r.is_empty());
    with(
        common(var),
        json!({"register": register, "param_index": var.param_index, "referenced": var.referenced}),
    )
}

fn uniform(var: &Var) -> Value {
    let parameters: Vec<Value> = var
        .slots()
        .into_iter()
        .map(|p| match p.slot {
            Slot::Declare(name) => json!({"name": p.cg_name, "declare": name}),
            Slot::Local(n) => json!({"name": p.cg_name, "local": n}),
        })
        .collect();
    with(
        common(var),
        json!({
            "param_index": var.param_index,
            "referenced": var.referenced,
            "components": var.components(),
            "parameters": parameters,
        }),
    )
}

fn sampler(var: &Var) -> Value {
    with(
        common(var),
        json!({
            "unit": var.texture_unit(),
            "target": var.texture_target().map(|t| t.name()),
            "param_index": var.param_index,
            "referenced": var.referenced,
        }),
    )
}

fn output(var: &Var) -> Value {
    with(
        common(var),
        json!({"register": var.output().map(|o| o.name()), "referenced": var.referenced}),
    )
}

/// The shortest decimal that reads back as `x`; non-finite values as strings.
fn float(x: f32) -> Value {
    if x.is_nan() {
        json!("NaN")
    } else if x.is_infinite() {
        json!(if x > 0.0 { "Infinity" } else { "-Infinity" })
    } else {
        // f32's Display is the shortest text that round-trips; reading it as f64 keeps it short.
        let shortest = x.to_string().parse::<f64>().unwrap_or(f64::from(x));
        json!(shortest)
    }
}
