//! The load-time validator: turns a syntax tree into a loaded [`Program`], or reports every reason the
//! program "fails to load" (sections 3.11.1 to 3.11.5 and the project notes,
//! `nv-fragment-program-notes.md`).
//!
//! # The rules, and where each is checked
//!
//! Every "fail(s) to load" / "invalid" sentence of the spec that concerns a parsed program:
//!
//! | rule | spec | module |
//! |---|---|---|
//! | at most 1024 executable instructions; DEFINE / DECLARE do not count | 3.11.3 | `program_rules` |
//! | at most 64 register units: R0-R31, `o[COLR]`, `o[DEPR]` count 2; H0-H63, `o[COLH]` 1; each distinct register read or written counts once; R and H never alias (notes 2); RC / HC do not count | 3.11.3 | `program_rules` |
//! | at most one unique attribute register per instruction | 3.11.1.1, 3.11.3 | `instruction` |
//! | at most one unique program parameter per instruction, unless all are constants with at most four unique scalar values together | 3.11.2, 3.11.3 | `constants` |
//! | one target per texture unit across the program | 3.11.3 | `program_rules` |
//! | not both `o[COLR]` and `o[COLH]` written | 3.11.1.3, 3.11.3 | `program_rules` |
//! | at least one output register written | 3.11.1.3 | `program_rules` |
//! | DEFINE / DECLARE names are valid (not keywords, instruction names, R0-R31, H0-H63, TEX0-TEX15) | 3.11.2, notes 10 | `names` |
//! | names are defined by a *previous* DEFINE / DECLARE | 3.11.2 | `symbols` |
//! | no name is defined twice | 3.11.2 | `symbols` |
//! | PK2H / PK2US / PK4B / PK4UB write a register with 32-bit components | 3.11.5.20-23 | `instruction` |
//! | UP2H / UP2US / UP4B / UP4UB read a register with 32-bit components or a program parameter | 3.11.5.41-44 | `instruction` |
//! | RFL does not enable w in its write mask (an omitted mask enables all four) | 3.11.5.26, 3.11.4.4 | `instruction` |
//! | `p[N]` has N < 64, texture units are TEX0-TEX15 | 3.11.3 grammar, notes 11 | `operands`, `instruction` |
//!
//! Rules that follow from the grammar's typed names, which a parser cannot check on its own because it
//! does not know what a name stands for (section 3.11.3, `<baseScalarSrc>` / `<baseVectorSrc>`):
//! a scalar constant (a number or a scalar DEFINE) takes no suffix; a `<scalarSrc>` that is not a scalar
//! constant needs a one-component suffix (a vector DEFINE, a local parameter, an embedded vector or a
//! register cannot stand alone in a scalar position); inside `{...}` and on the right of DEFINE /
//! DECLARE, names must be constants (a component of `{...}` a scalar constant).
//!
//! Other "invalid" sentences are left to the parser (undefined tokens or characters, 3.11.3) or are
//! GL errors outside a program text (INVALID_OPERATION / INVALID_VALUE of API calls). Reading output
//! registers and writing attribute registers (3.11.1) cannot be written in the grammar. KIL has no
//! load-time rule beyond its grammar. The tree's shape (operand count, suffixes each opcode accepts) is
//! re-checked so that a hand-built tree cannot load malformed.
//!
//! # Decisions
//!
//! - Constant merging counts all four components of a vector constant, expanded as 3.11.2 says ("Vector
//!   constants are always treated as 4-component vectors": `{2}` is 2, 0, 0, 1), with no swizzle,
//!   negation or absolute value applied ("the GL does not perform swizzling, component selection,
//!   negation, or absolute value operations"). So `-four` (a DEFINEd 4 with a negate modifier) counts as
//!   4, while the number `-4` counts as -4 (its sign is part of the `<signedScalarConstant>`). Values
//!   compare bit for bit, so `0` and `-0` are two values (see `constants`).
//! - The register budget counts a register used anywhere in the program once, whether read or written.
//! - The component letters `x y z w` and the register-file letters `f o p` are grammar keywords and
//!   cannot be names (see `names`).
//! - RC is accepted as a PK* destination: its components are fp32 (3.11.1.2). UP* may read attribute
//!   registers: "All attribute register components are treated as 32-bit floats" (3.11.1.1).
//! - A named scalar constant with a suffix (`pi.x`) is refused: the grammar has `<namedScalarConstant>`
//!   only without a suffix.
//! - [`load_text`] validates only a text that parsed without errors (see there).
//!
//! # Resolution
//!
//! Named constants become [`SourceKind::Literal`] (vectors expanded to four components; a scalar
//! replicated with a `.xxxx` swizzle), DECLAREd names [`SourceKind::NamedLocal`] with their initial
//! value in [`Program::named_locals`] (a scalar initial value replicated to four components), and each
//! instruction gets the precision it computes at (see `instruction`).
//!
//! [`SourceKind::Literal`]: crate::program::SourceKind::Literal
//! [`SourceKind::NamedLocal`]: crate::program::SourceKind::NamedLocal

mod constants;
mod instruction;
mod names;
mod operands;
mod program_rules;
mod report;
mod symbols;

pub use names::name_problem;

use crate::program::Program;
use crate::syntax::ast::{self, Statement};
use crate::syntax::parse;
use pigment_diag::{has_errors, Diagnostic, FileId};
use report::Reporter;
use symbols::{DefinitionKind, Symbols};

/// Parses and loads a program text. When the text has syntax errors, only the parser's diagnostics are
/// returned: validating a tree with statements missing would report their absence (undefined names, no
/// output written) as further, misleading errors. Parser warnings are kept in front of any load errors.
pub fn load_text(text: &str, file: FileId) -> Result<Program, Vec<Diagnostic>> {
    let (tree, mut diagnostics) = parse(text, file);
    if has_errors(&diagnostics) {
        return Err(diagnostics);
    }
    load(&tree, file).map_err(|mut errors| {
        diagnostics.append(&mut errors);
        diagnostics
    })
}

/// Loads a parsed program: every rule above is checked and every problem reported, each pointing into
/// `file`.
pub fn load(ast: &ast::Program, file: FileId) -> Result<Program, Vec<Diagnostic>> {
    let mut r = Reporter::new(file);
    let mut symbols = Symbols::new(ast);
    let mut instructions = Vec::new();
    for statement in &ast.statements {
        match statement {
            Statement::Define { name, value, .. } => {
                symbols.define(name, Some(value), DefinitionKind::Constant, &mut r)
            }
            Statement::Declare { name, value, .. } => {
                symbols.define(name, value.as_ref(), DefinitionKind::Local, &mut r)
            }
            Statement::Instruction(instruction) => {
                instructions.extend(instruction::load_instruction(instruction, &symbols, &mut r))
            }
        }
    }
    let summary = program_rules::check_program(ast, &mut r);
    if r.error_count() > 0 {
        return Err(r.diagnostics);
    }
    Ok(Program {
        instructions,
        named_locals: symbols.named_locals,
        texture_targets: summary.texture_targets,
        writes_colr: summary.writes_colr,
        writes_colh: summary.writes_colh,
        writes_depr: summary.writes_depr,
        temps_written: summary.temps_written,
        register_units: summary.register_units,
    })
}
