//! ARB_vertex_program (cgc's `arbvp1` profile) from the shading IR.
//!
//! An ARB vertex program has no branches, no texture lookups and few instructions beyond
//! arithmetic (no `CMP`, `SIN`, `COS` or `_SAT`). So [`arbvp1`]:
//!
//! 1. refuses what it cannot express at all — texture lookups, derivatives, packing — with a
//!    located error naming the profile;
//! 2. makes every `half` and `fixed` a `float` ([`crate::promote::promote_to_float`]: ARB computes in
//!    fp32);
//! 3. legalises the function as fp30 does (`pigment_fp30::legalize_function`: loops unrolled, `if`s
//!    turned into selects and predicated stores, ints held as integral floats, division and the
//!    like lowered), which leaves straight-line code and one store per output;
//! 4. selects instructions over virtual temporaries (`select`, whose table says how each
//!    operation the ISA lacks is composed), allocates them onto `TEMP`s (`temps`), and writes the
//!    text with cgc's header (`interface` says where attributes, results and uniforms go).
//!
//! # Limits
//!
//! cgc's `arbvp1` sets no instruction limit of its own (it compiles crt-royale's 805-instruction
//! vertex program); the GL implementation reports what it takes (`MAX_PROGRAM_INSTRUCTIONS_ARB`,
//! at least 128). Pigment refuses what no implementation it knows takes: more than 4096
//! instructions or 256 temporaries (Mesa's limits), and uniforms beyond `program.local[255]`
//! (C6002, C6001).

mod coalesce;
mod interface;
mod operand;
mod select;
mod temps;

use crate::{unsupported, with_header};
use operand::{is_scalar_opcode, mask_suffix, Dest, Instruction};
use pigment_diag::Diagnostic;
use pigment_fp30::header::ProgramInterface;
use pigment_ir::{Module, Stage};
use std::collections::HashMap;

pub use interface::{LOCAL_BASE, MAX_LOCALS};

/// Instructions a program may have.
pub const MAX_INSTRUCTIONS: usize = 4096;
/// Temporaries a program may use.
pub const MAX_TEMPORARIES: u32 = 256;

/// A compiled ARB vertex program.
#[derive(Clone, Debug)]
pub struct ArbVertexProgram {
    /// `!!ARBvp1.0`, the header comments, the declarations, the instructions and `END`.
    pub text: String,
    /// Each uniform element's `program.local` slot and default value, in slot order.
    pub locals: Vec<(u32, [f32; 4])>,
    /// The header as data.
    pub interface: ProgramInterface,
    /// Executable instructions.
    pub instructions: usize,
}

/// Compiles the vertex function `entry` of `module` for arbvp1.
pub fn arbvp1(module: &Module, entry: &str) -> Result<ArbVertexProgram, Vec<Diagnostic>> {
    let Some(h) = module.function(entry) else {
        return Err(vec![Diagnostic::error(format!(
            "no entry function `{entry}`"
        ))]);
    };
    let mut func = module.functions[h].clone();
    if func.stage != Stage::Vertex {
        return Err(vec![Diagnostic::error(format!(
            "profile `arbvp1` compiles vertex programs; `{entry}` is a {} function",
            func.stage.name()
        ))]);
    }
    let errors = unsupported(&func, "arbvp1");
    if !errors.is_empty() {
        return Err(errors);
    }
    crate::promote::promote_to_float(&mut func);
    let legal = pigment_fp30::legalize_function(&func)?;
    let func = &legal.functions[pigment_ir::Handle::from_index(0)];
    let iface = interface::bind(func)?;
    let mut selection = select::select(func, &iface)?;
    coalesce::coalesce(&mut selection.instructions);
    let instructions = selection.instructions.len();
    if instructions > MAX_INSTRUCTIONS {
        return Err(vec![Diagnostic::error(format!(
            "C6002: instruction limit of {MAX_INSTRUCTIONS} exceeded ({instructions} instructions) \
             for profile `arbvp1`"
        ))]);
    }
    let (registers, temporaries) = temps::allocate(&selection.instructions);
    if temporaries > MAX_TEMPORARIES {
        return Err(vec![Diagnostic::error(format!(
            "C6001: temporary register limit of {MAX_TEMPORARIES} exceeded ({temporaries} \
             temporaries) for profile `arbvp1`"
        ))]);
    }
    let body = write(&selection, &iface, &registers, temporaries);
    let interface = interface::header(func, &iface);
    Ok(ArbVertexProgram {
        text: with_header(&body, &interface),
        locals: interface::locals(func, &iface),
        interface,
        instructions,
    })
}

/// The program text without the header: declarations, instructions, `END`.
fn write(
    selection: &select::Selection,
    iface: &interface::VertexInterface,
    registers: &HashMap<u32, u32>,
    temporaries: u32,
) -> String {
    let mut out = String::from("!!ARBvp1.0\n");
    for p in &iface.params {
        out += &match p.len {
            Some(n) => format!(
                "PARAM {}[{n}] = {{ program.local[{}..{}] }};\n",
                p.name,
                p.first_slot,
                p.first_slot + n - 1
            ),
            None => format!("PARAM {} = program.local[{}];\n", p.name, p.first_slot),
        };
    }
    if temporaries > 0 {
        let names: Vec<String> = (0..temporaries).map(|r| format!("R{r}")).collect();
        out += &format!("TEMP {};\n", names.join(", "));
    }
    if selection.uses_address {
        out += "ADDRESS A0;\n";
    }
    let temp = |t: u32| format!("R{}", registers.get(&t).copied().unwrap_or(0));
    for ins in &selection.instructions {
        out += &instruction_text(ins, &temp);
        out += "\n";
    }
    out += "END\n";
    out
}

fn instruction_text(ins: &Instruction, temp: &dyn Fn(u32) -> String) -> String {
    let dest = match &ins.dest {
        Dest::Temp(t) => temp(*t),
        Dest::Named(name) => name.clone(),
    };
    let scalar = is_scalar_opcode(ins.opcode);
    let sources: Vec<String> = ins
        .sources
        .iter()
        .map(|s| match coalesce::is_componentwise(ins.opcode) {
            // Positions the mask leaves out read nothing: the identity keeps the text short.
            true => s.masked(ins.mask).text(temp, scalar),
            false => s.text(temp, scalar),
        })
        .collect();
    format!(
        "{} {dest}{}, {};",
        ins.opcode,
        mask_suffix(ins.mask),
        sources.join(", ")
    )
}
