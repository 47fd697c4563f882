//! `pigment compile PROGRAM.cg --target spirv|wgsl|msl|hlsl|glsl-naga:VERSION`: the program's IR
//! lowered through naga (crates/naga-out) and written by naga's back ends.
//!
//! SPIR-V is binary: written to `-o FILE`, refused on a terminal-bound stdout. `--emit asm` prints
//! its disassembly by SPIRV-Tools' `spirv-dis` (naga has no disassembler; Debian `spirv-tools`).
//! `--reflect json` prints the bindings (locations, groups and bindings, the std140 layout).
//! A vertex profile (`--profile vp40`, `arbvp1`, ...) compiles the entry as a vertex program.

use crate::cli::{CompileArgs, EmitStage, PrecisionArg, ReflectFormat};
use crate::commands::compile::{lower_stage, reject, requested_stage, write_output};
use crate::failure::{CommandResult, Failure};
use pigment_ir::Stage;
use pigment_naga::Target;
use std::io::Write;
use std::process::{Command, Stdio};

pub fn asm_needs_spirv() -> Failure {
    Failure::Usage("`--emit asm` needs `--target spirv`".into())
}

/// What `--target` and `--emit` ask of naga.
#[derive(Clone, Copy)]
pub struct Request {
    pub target: Target,
    /// `--emit asm`: SPIR-V's disassembly instead of the binary.
    asm: bool,
}

/// Reads `--target TARGET` (one of naga's) and `--emit` from `args`.
pub fn request(args: &CompileArgs, target: &str) -> Result<Request, Failure> {
    let target = Target::parse(target).ok_or_else(|| {
        Failure::Usage(format!(
            "unknown target `{target}`: fp30, spirv, wgsl, msl, hlsl or glsl-naga:VERSION (330, 450, 300es, ...)"
        ))
    })?;
    let asm = match args.emit {
        EmitStage::Fp => false,
        EmitStage::Asm if target == Target::SpirV => true,
        EmitStage::Asm => return Err(asm_needs_spirv()),
        EmitStage::Ir | EmitStage::IrLegal => {
            return Err(Failure::Usage("`--emit ir` takes no `--target`".into()))
        }
    };
    Ok(Request { target, asm })
}

pub fn compile(args: &CompileArgs, target: &str) -> CommandResult {
    let request = request(args, target)?;
    let stage = requested_stage(args);
    let profile = match stage {
        Stage::Vertex => "vp40",
        Stage::Fragment => "fp30",
    };
    let (front, module) = lower_stage(args, stage, profile)?;
    let entry = &args.cg.entry;
    let Some(h) = module.function(entry) else {
        return Err(Failure::Usage(format!("no entry function `{entry}`")));
    };
    let fp30 = args.precision == PrecisionArg::Fp30;
    let emitted = pigment_naga::emit_with(&module.functions[h], request.target, fp30)
        .map_err(|d| reject(&front, entry, vec![d]))?;
    write_emitted(args, request, emitted)
}

/// Writes what naga emitted as `request` and `args` (`-o`, `--reflect`) ask.
pub fn write_emitted(
    args: &CompileArgs,
    request: Request,
    emitted: pigment_naga::Emitted,
) -> CommandResult {
    if args.reflect == Some(ReflectFormat::Json) {
        return write_output(args, &format!("{:#}\n", emitted.reflection));
    }
    match (emitted.spirv, emitted.text) {
        (_, Some(text)) => write_output(args, &text),
        (Some(words), _) if request.asm => write_output(args, &disassemble(&words)?),
        (Some(words), _) => write_binary(args, &words),
        (None, None) => Err(Failure::Output("naga wrote nothing".into())),
    }
}

fn write_binary(args: &CompileArgs, words: &[u32]) -> CommandResult {
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let Some(path) = &args.output else {
        return Err(Failure::Usage(
            "SPIR-V is binary: write it with `-o FILE`, or read it with `--emit asm`".into(),
        ));
    };
    std::fs::write(path, bytes)
        .map_err(|e| Failure::Output(format!("cannot write `{}`: {e}", path.display())))
}

/// The text of `spirv-dis` on the module.
fn disassemble(words: &[u32]) -> Result<String, Failure> {
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let mut child = Command::new("spirv-dis")
        .args(["-", "-o", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| {
            Failure::Output(format!(
                "`--emit asm` runs spirv-dis (Debian spirv-tools): {e}"
            ))
        })?;
    if let Some(mut stdin) = child.stdin.take() {
        stdin
            .write_all(&bytes)
            .map_err(|e| Failure::Output(format!("spirv-dis: {e}")))?;
    }
    let out = child
        .wait_with_output()
        .map_err(|e| Failure::Output(format!("spirv-dis: {e}")))?;
    if !out.status.success() {
        return Err(Failure::Output(format!(
            "spirv-dis failed: {}",
            String::from_utf8_lossy(&out.stderr)
        )));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}
