//! The executor: runs a loaded [`crate::program::Program`] over 2x2 quads of fragments.
//!
//! INTERFACE CONTRACT (the rasterizer and the command line depend on these types; the executor itself
//! is being written).

use crate::isa::ATTRIB_COUNT;

/// The attribute registers of the four fragments of a quad: `attribs[attrib][fragment][component]`,
/// attributes in [`crate::isa::AttribReg::index`] order. Fragment `i` sits at
/// `(x0 + (i & 1), y0 + (i >> 1))`, y up.
#[derive(Clone, Copy, Debug, Default)]
pub struct QuadInput {
    pub attribs: [[[f32; 4]; 4]; ATTRIB_COUNT],
}

/// What the four fragments of a quad produce.
#[derive(Clone, Copy, Debug, Default)]
pub struct QuadOutput {
    /// o[COLR] or o[COLH] per fragment (components never written are 0).
    pub color: [[f32; 4]; 4],
    /// o[DEPR].z per fragment, when the program writes it.
    pub depth: [f32; 4],
    pub killed: [bool; 4],
}
