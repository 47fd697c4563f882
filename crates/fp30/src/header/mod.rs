//! The program interface that cgc writes as comments around an fp30 program (fp30-profile.md
//! section 7): the data model, a tolerant parser ([`parse`]), the one printer the back end uses
//! ([`ProgramInterface::wrap`]), name resolution for tools ([`resolve`]), the one reflection of
//! every back end ([`ProgramInterface::reflection`], [`pigment_ir::reflect`]) and the deprecated
//! `pigment-reflect-1` JSON form ([`ProgramInterface::to_json`], schema in `json`).
//!
//! ```text
//! !!FP1.0
//! # free-form notes (cgc: version, command line, source file)
//! #vendor NVIDIA Corporation
//! #version 3.1.0.13
//! #profile fp30
//! #program main
//! #semantic main.decal : TEXUNIT0
//! #var float2 IN.video_size :  : IN$video_size : 1 : 1
//! #default tint = 1 0.5 0.25 1
//! ...DECLAREs, instructions, END...
//! # 23 instructions, 2 R-regs, 1 H-regs
//! ```
//!
//! The model keeps every field as cgc printed it (strings), so that any header round-trips; the
//! meaning of a `#var` (what it is, which parameter or unit it is bound to) is computed on demand by
//! [`resolve`].

mod json;
mod parse;
mod print;
mod reflect;
pub mod resolve;

pub use parse::parse;
pub use resolve::{ParamSlot, Slot, Unresolved, VarKind};

/// Everything the header comments and the trailer say about a program.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ProgramInterface {
    /// Free-form `# text` comment lines before the first statement, without the `# `.
    pub notes: Vec<String>,
    /// `#vendor TEXT`.
    pub vendor: Option<String>,
    /// `#version TEXT`.
    pub version: Option<String>,
    /// `#profile fp30`.
    pub profile: Option<String>,
    /// `#program NAME`: the entry function.
    pub program: Option<String>,
    /// `#semantic NAME` or `#semantic NAME : SEMANTIC`, one per uniform.
    pub semantics: Vec<SemanticLine>,
    /// `#var` lines, in order.
    pub vars: Vec<Var>,
    /// `#default NAME = v0 v1 ...`: uniform initialisers.
    pub defaults: Vec<ValueLine>,
    /// `#const NAME = v0 v1 ...` (ARB profiles; cgc's fp30 output has none, but they are kept).
    pub consts: Vec<ValueLine>,
    /// The trailer `# N instructions, R R-regs, H H-regs`.
    pub stats: Option<Stats>,
}

/// `#semantic NAME [: SEMANTIC]`.
#[derive(Clone, Debug, PartialEq)]
pub struct SemanticLine {
    /// `main.tex` for an entry parameter, `tint` for a global.
    pub name: String,
    /// The semantic the user wrote, if any.
    pub semantic: Option<String>,
}

/// `#var TYPE NAME : SEMANTIC : RESOURCE : PARAM# : REFERENCED`, fields as printed (trimmed).
#[derive(Clone, Debug, PartialEq)]
pub struct Var {
    /// The declared Cg type: `float2`, `half4`, `sampler2D`, `float4x4`, `<none>4`.
    pub ty: String,
    /// The full Cg name: `IN.uv`, `k[0]`, `main.color`, `main`.
    pub name: String,
    /// `$vin.TEXCOORD0`, `$vout.COLOR`, a user semantic such as `TEXUNIT0`, or empty.
    pub semantic: String,
    /// `TEX0`, `COL`, `texunit 2`, `gain`, `M$0, 4`, `$p`, `p[3]`, or empty (unreferenced).
    pub resource: String,
    /// 0-based position of the entry parameter that declared it; -1 for globals and outputs.
    pub param_index: i32,
    /// Whether the generated code uses it.
    pub referenced: bool,
}

/// `#default NAME = v0 v1 ...` or `#const NAME = v0 v1 ...`.
#[derive(Clone, Debug, PartialEq)]
pub struct ValueLine {
    pub name: String,
    pub values: Vec<f32>,
}

/// The trailer's counts: executable instructions, and the highest R and H register numbers + 1.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub instructions: u32,
    pub r_regs: u32,
    pub h_regs: u32,
}
