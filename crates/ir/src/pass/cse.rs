//! Common subexpression elimination with copy propagation: a pure instruction identical to one already
//! in scope (same operation, same operands) is removed and its uses read the earlier value; identity
//! swizzles and conversions to the same kind are copies and vanish the same way.

use super::{replace_uses, Pass};
use crate::function::*;
use crate::op::Op;
use crate::types::Swizzle;
use crate::vector::Vector;
use crate::Handle;
use std::collections::HashMap;

pub struct Cse;

/// What makes two pure instructions compute the same value.
#[derive(Clone, PartialEq, Eq, Hash)]
enum Key {
    Const(Vector),
    Op(Op, Vec<Value>),
    Input(Handle<Input>),
    Uniform(Handle<Uniform>, Option<UniformIndex>),
    Sample(Handle<Sampler>, SampleForm, Value),
}

impl Pass for Cse {
    fn name(&self) -> &'static str {
        "cse"
    }

    fn run(&mut self, func: &mut Function) -> bool {
        let mut replaced = HashMap::new();
        let mut scopes = vec![HashMap::new()];
        let types: Vec<_> = func.values.iter().map(|(_, v)| v.ty).collect();
        let changed = cse_block(&mut func.body, &mut scopes, &mut replaced, &types);
        replace_uses(func, &replaced);
        changed
    }
}

fn key(kind: &InstKind) -> Option<Key> {
    Some(match kind {
        InstKind::Const(v) => Key::Const(*v),
        InstKind::Op { op, args } => Key::Op(*op, args.clone()),
        InstKind::LoadInput(h) => Key::Input(*h),
        InstKind::LoadUniform { uniform, index } => Key::Uniform(*uniform, *index),
        InstKind::Sample {
            sampler,
            form,
            coord,
        } => Key::Sample(*sampler, *form, *coord),
        _ => return None,
    })
}

/// The operand an instruction merely copies, if it is a copy.
fn copy_of(kind: &InstKind, types: &[crate::Type]) -> Option<Value> {
    match kind {
        InstKind::Op { op, args } if args.len() == 1 => {
            let width = types.get(args[0].index())?.width;
            let identity = Swizzle::prefix(width);
            let kind_of = types.get(args[0].index())?.kind;
            match op {
                Op::Swizzle(s) if Some(*s) == identity => Some(args[0]),
                Op::Cvt(k) if *k == kind_of => Some(args[0]),
                _ => None,
            }
        }
        _ => None,
    }
}

fn cse_block(
    block: &mut Block,
    scopes: &mut Vec<HashMap<Key, Value>>,
    replaced: &mut HashMap<Value, Value>,
    types: &[crate::Type],
) -> bool {
    let mut changed = false;
    // In place, keeping the instructions that are not copies or repeats.
    block.insts.retain_mut(|inst| {
        // Operands first, so that chains of duplicates collapse in one run.
        inst.kind
            .map_operands(&mut |v| *replaced.get(&v).unwrap_or(&v));
        for b in inst.kind.blocks_mut() {
            scopes.push(HashMap::new());
            changed |= cse_block(b, scopes, replaced, types);
            scopes.pop();
        }
        if let Some(result) = inst.result() {
            if let Some(src) = copy_of(&inst.kind, types) {
                replaced.insert(result, src);
                changed = true;
                return false;
            }
            if let Some(k) = key(&inst.kind) {
                if let Some(&earlier) = scopes.iter().rev().find_map(|s| s.get(&k)) {
                    replaced.insert(result, earlier);
                    changed = true;
                    return false;
                }
                if let Some(top) = scopes.last_mut() {
                    top.insert(k, result);
                }
            }
        }
        true
    });
    // What was dropped gives its room back (the builder's list grew by doubling).
    block.insts.shrink_to_fit();
    changed
}
