//! Output: the allocated [`Mir`] as an `nvfp` syntax tree (DECLAREs, then instructions), and the
//! program's interface as cgc's header comments describe it (`#profile`, `#program`, `#semantic`,
//! `#var`; fp30-profile.md section 7), printed by [`crate::header`].

use crate::header::{ProgramInterface, Var};
use crate::interface::Interface;
use crate::mir::*;
use crate::uniforms;
use nvfp::isa::{OperandKind, Swizzle, TempReg, WriteMask};
use nvfp::syntax::ast;
use pigment_diag::Span;
use pigment_ir::{
    Function, Handle, Input, InterfaceEntity, Output, Sampler, SamplerDim, ScalarKind, Type,
};

/// The syntax tree of the program: the DECLAREs of the uniforms it reads (see [`uniforms`]),
/// then the instructions.
pub fn program(func: &Function, mir: &Mir, regs: &[Option<TempReg>]) -> ast::Program {
    let mut statements = uniforms::declares(func);
    statements.extend(
        mir.insts
            .iter()
            .map(|i| ast::Statement::Instruction(instruction(mir, i, regs))),
    );
    ast::Program { statements }
}

fn ident(name: &str) -> ast::Ident {
    ast::Ident {
        name: name.to_string(),
        span: Span::default(),
    }
}

fn temp(regs: &[Option<TempReg>], v: VReg) -> TempReg {
    // Every register that appears in an instruction was allocated.
    regs.get(v.0 as usize)
        .copied()
        .flatten()
        .unwrap_or(TempReg::R(0))
}

fn instruction(mir: &Mir, inst: &MInst, regs: &[Option<TempReg>]) -> ast::Instruction {
    let kil = inst.opcode == nvfp::isa::Opcode::Kil;
    let dst = inst.dst.map(|d| ast::DstOperand {
        register: match d {
            Dst::V(v) => ast::DstRegister::Temp(temp(regs, v)),
            Dst::Out(o) => ast::DstRegister::Output(o),
            Dst::Cc(File::R) => ast::DstRegister::Rc,
            Dst::Cc(File::H) => ast::DstRegister::Hc,
        },
        register_span: Span::default(),
        write_mask: WriteMask(inst.mask),
        cc_mask: inst.cond,
        span: Span::default(),
    });
    let operand_kinds = inst.opcode.info().operands;
    let srcs = inst
        .srcs
        .iter()
        .enumerate()
        .map(|(i, s)| {
            source(
                mir,
                s,
                operand_kinds.get(i) == Some(&OperandKind::Scalar),
                regs,
            )
        })
        .collect();
    ast::Instruction {
        opcode: inst.opcode,
        precision: inst.precision,
        update_cc: inst.update_cc,
        saturate: inst.saturate,
        opcode_span: Span::default(),
        dst,
        srcs,
        texture: inst.texture.map(|(unit, target)| ast::TexImage {
            unit,
            target,
            span: Span::default(),
        }),
        kil_condition: if kil { inst.cond } else { None },
        span: Span::default(),
    }
}

/// The components a literal lists: its leading distinct values (the rest repeat the first).
fn literal_items(bits: &[u32; 4]) -> Vec<ast::ScalarConst> {
    let mut n = 1;
    while n < 4 && !bits[..n].contains(&bits[n]) {
        n += 1;
    }
    bits[..n]
        .iter()
        .map(|&b| ast::ScalarConst::Number(f32::from_bits(b), Span::default()))
        .collect()
}

fn source(mir: &Mir, s: &Src, scalar: bool, regs: &[Option<TempReg>]) -> ast::SrcOperand {
    let base = match &s.base {
        Base::V(v) => ast::SrcBase::Temp(temp(regs, *v)),
        Base::Attr(a) => ast::SrcBase::Attrib(*a),
        Base::Param(p) => ast::SrcBase::Named(ident(&mir.params[*p as usize])),
        Base::Lit(bits) => ast::SrcBase::Vector(literal_items(bits)),
    };
    let replicated = s.swizzle.iter().all(|&c| c == s.swizzle[0]);
    let (swizzle, scalar_suffix) = if scalar || replicated {
        (Some(Swizzle([s.swizzle[0]; 4])), true)
    } else if s.swizzle == [0, 1, 2, 3] {
        (None, false)
    } else {
        (Some(Swizzle(s.swizzle)), false)
    };
    ast::SrcOperand {
        base,
        negate_base: s.negate && !s.abs,
        absolute: s.abs,
        negate_abs: s.negate && s.abs,
        swizzle,
        scalar_suffix,
        span: Span::default(),
    }
}

/// Highest R and H register numbers used, plus one (cgc's trailer counts).
pub fn register_counts(regs: &[Option<TempReg>], mir: &Mir) -> (u32, u32) {
    let (mut r, mut h) = (0, 0);
    for inst in &mir.insts {
        let used = inst
            .srcs
            .iter()
            .filter_map(Src::vreg)
            .chain(inst.dst_vreg());
        for v in used {
            match temp(regs, v) {
                TempReg::R(n) => r = r.max(n as u32 + 1),
                TempReg::H(n) => h = h.max(n as u32 + 1),
            }
        }
    }
    (r, h)
}

pub fn sampler_type(dim: SamplerDim) -> &'static str {
    match dim {
        SamplerDim::D1 => "sampler1D",
        SamplerDim::D2 => "sampler2D",
        SamplerDim::D3 => "sampler3D",
        SamplerDim::Cube => "samplerCUBE",
        SamplerDim::Rect => "samplerRECT",
    }
}

/// The interface as cgc's header describes it: `#profile`, `#program`, a `#semantic` per source
/// variable behind the uniforms and samplers, a `#var` per input, uniform (element), sampler and
/// output in declaration order (the entry's parameters, numbered, then the globals, then the
/// return value), plus the kill pseudo-output when the program uses KIL, and a `#default` per
/// element of a uniform with one. The trailer's counts are left to the caller.
pub fn interface(func: &Function, iface: &Interface, mir: &Mir, kills: bool) -> ProgramInterface {
    let mut out = ProgramInterface {
        notes: vec!["pigment fp30 back end".into()],
        profile: Some("fp30".into()),
        program: Some(func.name.clone()),
        ..ProgramInterface::default()
    };
    out.semantics = uniforms::semantic_lines(func);
    let declared = uniforms::read_roots(func);
    for entity in func.interface() {
        let lines = match entity {
            InterfaceEntity::Input(h) => vec![input_var(func, iface, h)],
            InterfaceEntity::Uniform(h) => {
                let root = uniforms::root_of(func, entity);
                uniforms::var_lines(&func.uniforms[h], mir, declared.contains(&root))
            }
            InterfaceEntity::Sampler(h) => vec![sampler_var(func, iface, h)],
            InterfaceEntity::Output(h) => vec![output_var(func, iface, h)],
        };
        let param_index = param_index(func, entity);
        out.vars
            .extend(lines.into_iter().map(|v| Var { param_index, ..v }));
    }
    out.defaults = uniforms::default_lines(func);
    if kills {
        out.vars.push(Var {
            ty: "<none>4".into(),
            name: "$kill_0000".into(),
            semantic: "$vout.$kill".into(),
            resource: "$kill".into(),
            param_index: -1,
            referenced: false,
        });
    }
    out
}

/// The parameter number of an entity's `#var` lines: cgc numbers what an entry parameter declares
/// with the parameter, the rest -1.
pub fn param_index(func: &Function, entity: InterfaceEntity) -> i32 {
    func.origin(entity)
        .param
        .and_then(|p| i32::try_from(p).ok())
        .unwrap_or(-1)
}

/// The `#var` of an input: its register where the program reads it. cgc names the register it
/// chose where the source named no semantic (or the semantic was counted from the input's
/// struct's), and nothing for an unread input without one.
fn input_var(func: &Function, iface: &Interface, h: Handle<Input>) -> Var {
    let input = &func.inputs[h];
    let reg = iface.inputs[h.index()]
        .map(|a| a.name())
        .unwrap_or_default();
    let referenced = uses_input(func, h);
    // A semantic counted from the input's struct is shown as one the program left to cgc.
    let semantic = match &input.semantic {
        Some(sem) if !input.counted => format!("$vin.{sem}"),
        _ if referenced => format!("$vin.{reg}"),
        _ => String::new(),
    };
    Var {
        ty: register_type(input.ty).to_string(),
        name: input.name.clone(),
        semantic,
        resource: if referenced { reg } else { String::new() },
        param_index: -1,
        referenced,
    }
}

/// The `#var` of a sampler: its texture unit if it has one, referenced when the program samples it.
fn sampler_var(func: &Function, iface: &Interface, h: Handle<Sampler>) -> Var {
    let sampler = &func.samplers[h];
    Var {
        ty: sampler_type(sampler.dim).into(),
        name: uniforms::source_name(&sampler.name),
        // A unit counted from the sampler's struct's TEXUNIT is not the sampler's semantic.
        semantic: sampler
            .unit
            .filter(|_| !sampler.counted)
            .map(|u| format!("TEXUNIT{u}"))
            .unwrap_or_default(),
        resource: iface.sampler_units[h.index()]
            .map(|u| format!("texunit {u}"))
            .unwrap_or_default(),
        param_index: -1,
        referenced: iface.sampler_read[h.index()],
    }
}

/// The `#var` of an output: its result register.
fn output_var(func: &Function, iface: &Interface, h: Handle<Output>) -> Var {
    let output = &func.outputs[h];
    let depth = iface.outputs[h.index()] == Some(nvfp::isa::OutputReg::Depr);
    // The colour result may be half (COLH); depth is always float.
    let ty = if depth {
        register_type(output.ty)
    } else {
        output.ty
    };
    Var {
        ty: ty.to_string(),
        name: output.name.clone(),
        semantic: format!("$vout.{}", output.semantic.as_deref().unwrap_or_default()),
        resource: if depth { "DEPR" } else { "COL" }.into(),
        param_index: -1,
        referenced: true,
    }
}

/// The type cgc's header gives a value held in a float register (attributes, DEPR): a `half` or
/// `fixed` varying is listed as `float`, as the register holds it.
fn register_type(ty: Type) -> Type {
    match ty.kind {
        ScalarKind::Half | ScalarKind::Fixed => Type::new(ScalarKind::Float, ty.width),
        _ => ty,
    }
}

/// The header comments that follow `!!FP1.0` (see [`interface`]).
pub fn header(func: &Function, iface: &Interface, mir: &Mir, kills: bool) -> String {
    interface(func, iface, mir, kills).header()
}

fn uses_input(func: &Function, input: Handle<Input>) -> bool {
    let mut used = false;
    pigment_ir::walk(&func.body, &mut |i| {
        used |= matches!(i.kind, pigment_ir::InstKind::LoadInput(h) if h == input);
    });
    used
}
