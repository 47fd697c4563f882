//! Making one pass's IR function from the legalised function: the interface is the whole
//! function's (entities a pass does not read bind nothing in fp30), the body is what the plan
//! copies, preceded by the reads of stored values and, in a pass that writes a render target,
//! followed by the packing of its scalars into the `COLOR` it stores.
//!
//! A stored value is read back from its target's rectangle texture at `WPOS.xy`, exactly as the
//! frame buffer is read as `FB`, and the read's last instruction defines the value's own handle:
//! the copied instructions then need no renaming. Targets hold floats; a bool, half or fixed value
//! is stored converted to float and converted back when read (both exact: bools are 1 and 0, and
//! every half and fixed value is a float).

use super::{Slot, TargetRead};
use pigment_ir::{
    Arena, Function, Inst, InstKind, Op, Origin, Output, SampleForm, Sampler, SamplerDim,
    ScalarKind, Swizzle, Type, Value, ValueInfo, Vector, WriteMask,
};

/// What a pass computes and where its result goes.
#[derive(Clone, Debug)]
pub(crate) struct Plan {
    /// Body indices of the instructions the pass copies, in body order.
    pub(crate) nodes: Vec<usize>,
    /// Stored values the pass reads, each with the slot of every component.
    pub(crate) reads: Vec<(Value, Vec<Slot>)>,
    pub(crate) out: Out,
}

/// A pass's result.
#[derive(Clone, Debug)]
pub(crate) enum Out {
    /// A render target gets these scalars (value, component), at most four, in its r, g, b, a;
    /// unused channels are 0.
    Target { scalars: Vec<(Value, u8)> },
    /// The function's own effects (its stores and kill): the final pass.
    Final,
}

/// The pass function `name` of `legal` for `plan`, and the target samplers it reads.
pub(crate) fn pass_function(
    legal: &Function,
    name: &str,
    plan: &Plan,
) -> (Function, Vec<TargetRead>) {
    let mut f = legal.clone();
    f.name = name.to_string();
    f.body.insts.clear();
    let reads = read_stored(&mut f, &plan.reads);
    for &at in &plan.nodes {
        if let Some(inst) = legal.body.insts.get(at) {
            f.body.insts.push(inst.clone());
        }
    }
    if let Out::Target { scalars, .. } = &plan.out {
        store_target(&mut f, scalars);
    }
    (f, reads)
}

/// Appends an instruction with a fresh result of type `ty`.
fn emit(f: &mut Function, kind: InstKind, ty: Type) -> Value {
    let v = f.values.append(ValueInfo { ty });
    emit_as(f, kind, v);
    v
}

/// Appends an instruction whose result is the existing handle `v`.
fn emit_as(f: &mut Function, kind: InstKind, v: Value) {
    f.body.insts.push(Inst {
        kind,
        results: vec![v],
        loc: None,
    });
}

fn op(op: Op, args: &[Value]) -> InstKind {
    InstKind::Op {
        op,
        args: args.to_vec(),
    }
}

/// A name no interface entity of `f` has: `base`, else `base_2`, `base_3`, ...
fn fresh_name(f: &Function, base: &str) -> String {
    let taken = |n: &str| {
        f.input(n).is_some()
            || f.uniform(n).is_some()
            || f.sampler(n).is_some()
            || f.outputs.find(|o| o.name == n).is_some()
    };
    let mut name = base.to_string();
    let mut k = 2;
    while taken(&name) {
        name = format!("{base}_{k}");
        k += 1;
    }
    name
}

fn origin(f: &Function) -> Origin {
    Origin {
        param: None,
        order: f.next_interface_order(),
    }
}

/// The fragment's window position `WPOS.xy`: the function's `WPOS` input, declared if it has none.
fn window_xy(f: &mut Function) -> Value {
    let found = f
        .inputs
        .find(|i| i.semantic.as_deref() == Some("WPOS") && i.ty == Type::FLOAT4);
    let input = match found {
        Some(h) => h,
        None => {
            let name = fresh_name(f, "WPOS");
            let origin = origin(f);
            f.inputs.append(pigment_ir::Input {
                name,
                ty: Type::FLOAT4,
                semantic: Some("WPOS".into()),
                counted: false,
                origin,
            })
        }
    };
    let p = emit(f, InstKind::LoadInput(input), Type::FLOAT4);
    let xy = Swizzle::new(&[0, 1]).unwrap_or(Swizzle::X);
    emit(f, op(Op::Swizzle(xy), &[p]), Type::FLOAT2)
}

/// Declares a sampler per target `reads` touch, samples each at `WPOS.xy`, and defines every read
/// value from its slots. Returns the samplers with their targets.
fn read_stored(f: &mut Function, reads: &[(Value, Vec<Slot>)]) -> Vec<TargetRead> {
    let mut targets: Vec<usize> = reads
        .iter()
        .flat_map(|(_, slots)| slots.iter().map(|s| s.target))
        .collect();
    targets.sort_unstable();
    targets.dedup();
    if targets.is_empty() {
        return Vec::new();
    }
    let xy = window_xy(f);
    let mut texels = Vec::new();
    let mut out = Vec::new();
    for &t in &targets {
        let name = fresh_name(f, &format!("target{t}"));
        let origin = origin(f);
        let sampler = f.samplers.append(Sampler {
            name: name.clone(),
            dim: SamplerDim::Rect,
            unit: None,
            counted: false,
            origin,
        });
        let form = SampleForm::Plain;
        let kind = InstKind::Sample {
            sampler,
            form,
            coord: xy,
        };
        texels.push((t, emit(f, kind, Type::FLOAT4)));
        out.push(TargetRead {
            sampler: name,
            target: t,
        });
    }
    for (v, slots) in reads {
        read_value(f, *v, slots, &texels);
    }
    out
}

/// Defines `v` from the channels `slots` name in the sampled `texels`.
fn read_value(f: &mut Function, v: Value, slots: &[Slot], texels: &[(usize, Value)]) {
    let ty = f.ty(v);
    let float_ty = ty.with_kind(ScalarKind::Float);
    let texel = |t: usize| texels.iter().find(|(x, _)| *x == t).map(|(_, s)| *s);
    let one_target = slots.windows(2).all(|w| w[0].target == w[1].target);
    let direct = ty.kind == ScalarKind::Float;
    let floats = match (one_target, slots.first().and_then(|s| texel(s.target))) {
        (true, Some(s)) => {
            let channels: Vec<u8> = slots.iter().map(|s| s.channel).collect();
            let sw = Swizzle::new(&channels).unwrap_or(Swizzle::X);
            swizzle_into(f, op(Op::Swizzle(sw), &[s]), float_ty, direct.then_some(v))
        }
        _ => {
            let parts: Vec<Value> = slots
                .iter()
                .filter_map(|s| {
                    let t = texel(s.target)?;
                    let sw = Swizzle::new(&[s.channel])?;
                    Some(emit(f, op(Op::Swizzle(sw), &[t]), Type::FLOAT))
                })
                .collect();
            swizzle_into(f, op(Op::Construct, &parts), float_ty, direct.then_some(v))
        }
    };
    if !direct {
        emit_as(f, op(Op::Cvt(ty.kind), &[floats]), v);
    }
}

/// Appends `kind`, defining `into` when given, else a fresh value of `ty`.
fn swizzle_into(f: &mut Function, kind: InstKind, ty: Type, into: Option<Value>) -> Value {
    match into {
        Some(v) => {
            emit_as(f, kind, v);
            v
        }
        None => emit(f, kind, ty),
    }
}

/// Packs `scalars` into a float4 (zeros after them) and stores it to a new, sole `COLOR` output.
fn store_target(f: &mut Function, scalars: &[(Value, u8)]) {
    let mut parts = Vec::new();
    let mut as_float: Vec<(Value, Value)> = Vec::new();
    for &(v, c) in scalars {
        let fv = match as_float.iter().find(|(x, _)| *x == v) {
            Some(&(_, fv)) => fv,
            None => {
                let fv = to_float(f, v);
                as_float.push((v, fv));
                fv
            }
        };
        let sw = Swizzle::new(&[c]).unwrap_or(Swizzle::X);
        parts.push(emit(f, op(Op::Swizzle(sw), &[fv]), Type::FLOAT));
    }
    let pad = 4 - parts.len().min(4);
    if pad > 0 {
        let zero = Vector::zero(Type::new(ScalarKind::Float, pad as u8));
        parts.push(emit(f, InstKind::Const(zero), zero.ty));
    }
    let packed = emit(f, op(Op::Construct, &parts), Type::FLOAT4);
    f.outputs = Arena::new();
    let name = fresh_name(f, "COLOR");
    let origin = origin(f);
    let output = f.outputs.append(Output {
        name,
        ty: Type::FLOAT4,
        semantic: Some("COLOR".into()),
        component: 0,
        origin,
    });
    f.body.insts.push(Inst {
        kind: InstKind::Store {
            output,
            mask: WriteMask::all(4),
            value: packed,
        },
        results: Vec::new(),
        loc: None,
    });
}

/// `v` converted to float (itself when it is one).
fn to_float(f: &mut Function, v: Value) -> Value {
    let ty = f.ty(v);
    if ty.kind == ScalarKind::Float {
        return v;
    }
    emit(
        f,
        op(Op::Cvt(ScalarKind::Float), &[v]),
        ty.with_kind(ScalarKind::Float),
    )
}
