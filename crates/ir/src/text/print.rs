//! The printer: a module as text. Values are numbered `%0, %1, ...` in the order their definitions
//! appear, so printing a parsed module reproduces the text exactly.

use super::{entity_name, format_real};
use crate::function::*;
use crate::op::Op;
use crate::types::ScalarKind;
use crate::vector::Vector;
use std::collections::HashMap;
use std::fmt::Write;

/// The whole module, functions separated by blank lines.
pub fn print(module: &Module) -> String {
    let texts: Vec<String> = module
        .functions
        .iter()
        .map(|(_, f)| print_function(f))
        .collect();
    texts.join("\n")
}

pub fn print_function(func: &Function) -> String {
    let mut p = Printer {
        func,
        out: String::new(),
        names: HashMap::new(),
    };
    p.header();
    p.block(&func.body, 1);
    p.out.push_str("}\n");
    p.out
}

struct Printer<'a> {
    func: &'a Function,
    out: String,
    names: HashMap<Value, usize>,
}

impl Printer<'_> {
    fn header(&mut self) {
        let f = self.func;
        let params: Vec<String> = f
            .interface()
            .into_iter()
            .map(|e| entity_decl(f, e))
            .chain(f.struct_semantics.iter().map(struct_semantic_decl))
            .collect();
        // Fragment functions print as they always did; only vertex ones carry a stage word.
        let stage = match f.stage {
            Stage::Vertex => "vertex ",
            Stage::Fragment => "",
        };
        if params.is_empty() {
            let _ = writeln!(self.out, "{stage}fn {}() {{", f.name);
        } else {
            let _ = writeln!(self.out, "{stage}fn {}(", f.name);
            for p in params {
                let _ = writeln!(self.out, "    {p},");
            }
            self.out.push_str(") {\n");
        }
    }

    /// `%N` for a value, numbering it at its first appearance (its definition, in valid IR).
    fn name(&mut self, v: Value) -> String {
        let next = self.names.len();
        format!("%{}", *self.names.entry(v).or_insert(next))
    }

    fn typed(&mut self, v: Value) -> String {
        let ty = self
            .func
            .values
            .try_get(v)
            .map_or("?".to_string(), |i| i.ty.to_string());
        format!("{}: {ty}", self.name(v))
    }

    fn list(&mut self, vs: &[Value]) -> String {
        vs.iter()
            .map(|&v| self.name(v))
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn entity<T>(
        &self,
        arena: &crate::Arena<T>,
        h: crate::Handle<T>,
        name: impl Fn(&T) -> &str,
    ) -> String {
        arena
            .try_get(h)
            .map_or(format!("$#{}", h.index()), |e| entity_name(name(e)))
    }

    fn indent(&mut self, depth: usize) {
        for _ in 0..depth {
            self.out.push_str("  ");
        }
    }

    fn block(&mut self, block: &Block, depth: usize) {
        for inst in &block.insts {
            self.inst(inst, depth);
        }
    }

    fn inst(&mut self, inst: &Inst, depth: usize) {
        self.indent(depth);
        if !inst.results.is_empty() {
            let defs: Vec<String> = inst.results.iter().map(|&r| self.typed(r)).collect();
            let _ = write!(self.out, "{} = ", defs.join(", "));
        }
        let body = self.body(&inst.kind);
        self.out.push_str(&body);
        if let Some(loc) = inst.loc {
            let _ = write!(
                self.out,
                " !{}:{}..{}",
                loc.file.0, loc.span.start, loc.span.end
            );
        }
        match &inst.kind {
            InstKind::If {
                then_block,
                else_block,
                ..
            } => {
                self.out.push_str(" {\n");
                self.block(then_block, depth + 1);
                self.indent(depth);
                if else_block.insts.is_empty() {
                    self.out.push_str("}\n");
                } else {
                    self.out.push_str("} else {\n");
                    self.block(else_block, depth + 1);
                    self.indent(depth);
                    self.out.push_str("}\n");
                }
            }
            InstKind::Loop { body, .. } => {
                self.out.push_str(" {\n");
                self.block(body, depth + 1);
                self.indent(depth);
                self.out.push_str("}\n");
            }
            InstKind::Switch { cases, default, .. } => {
                self.out.push_str(" {\n");
                for case in cases {
                    self.indent(depth);
                    let values: Vec<String> = case.values.iter().map(|v| v.to_string()).collect();
                    let _ = writeln!(self.out, "case {} {{", values.join(", "));
                    self.block(&case.body, depth + 1);
                    self.indent(depth);
                    self.out.push_str("}\n");
                }
                self.indent(depth);
                self.out.push_str("default {\n");
                self.block(default, depth + 1);
                self.indent(depth);
                self.out.push_str("}\n");
                self.indent(depth);
                self.out.push_str("}\n");
            }
            _ => self.out.push('\n'),
        }
    }

    /// The instruction without its results, location and nested blocks.
    fn body(&mut self, kind: &InstKind) -> String {
        let f = self.func;
        match kind {
            InstKind::Const(v) => format!("const {}", constant(v)),
            InstKind::Op { op, args } => match op {
                Op::Swizzle(s) => format!("swizzle {}.{}", self.list(args), s.letters()),
                _ => format!("{} {}", op.mnemonic(), self.list(args)),
            },
            InstKind::LoadInput(h) => format!("input {}", self.entity(&f.inputs, *h, |i| &i.name)),
            InstKind::LoadUniform { uniform, index } => {
                let name = self.entity(&f.uniforms, *uniform, |u| &u.name);
                match index {
                    None => format!("uniform {name}"),
                    Some(UniformIndex::Const(i)) => format!("uniform {name}[{i}]"),
                    Some(UniformIndex::Dynamic(v)) => format!("uniform {name}[{}]", self.name(*v)),
                }
            }
            InstKind::Sample {
                sampler,
                form,
                coord,
            } => {
                let s = self.entity(&f.samplers, *sampler, |s| &s.name);
                let c = self.name(*coord);
                match form {
                    SampleForm::Plain => format!("tex {s}, {c}"),
                    SampleForm::Proj => format!("texproj {s}, {c}"),
                    SampleForm::Grad { ddx, ddy } => {
                        format!("texgrad {s}, {c}, {}", self.list(&[*ddx, *ddy]))
                    }
                    SampleForm::Lod { lod } => format!("texlod {s}, {c}, {}", self.name(*lod)),
                    SampleForm::Bias { bias } => {
                        format!("texbias {s}, {c}, {}", self.name(*bias))
                    }
                    SampleForm::Fetch { lod } => {
                        format!("texfetch {s}, {c}, {}", self.name(*lod))
                    }
                }
            }
            InstKind::Store {
                output,
                mask,
                value,
            } => {
                let o = self.entity(&f.outputs, *output, |o| &o.name);
                format!("store {o}.{}, {}", mask.letters(), self.name(*value))
            }
            InstKind::Discard => "discard".into(),
            InstKind::Return => "return".into(),
            InstKind::If { cond, .. } => format!("if {}", self.name(*cond)),
            InstKind::Loop { params, init, .. } => {
                let pairs: Vec<String> = params
                    .iter()
                    .zip(init)
                    .map(|(&p, &i)| format!("{} = {}", self.typed(p), self.name(i)))
                    .collect();
                if pairs.is_empty() {
                    "loop".into()
                } else {
                    format!("loop ({})", pairs.join(", "))
                }
            }
            InstKind::Switch { selector, .. } => format!("switch {}", self.name(*selector)),
            InstKind::Yield(vs) => terminator("yield", &self.list(vs)),
            InstKind::Break(vs) => terminator("break", &self.list(vs)),
            InstKind::Continue(vs) => terminator("continue", &self.list(vs)),
        }
    }
}

fn terminator(word: &str, list: &str) -> String {
    if list.is_empty() {
        word.into()
    } else {
        format!("{word} {list}")
    }
}

/// One parameter of the function's header: an interface entity with its binding and origin.
fn entity_decl(f: &Function, entity: InterfaceEntity) -> String {
    let param = f
        .origin(entity)
        .param
        .map(|n| format!(" param {n}"))
        .unwrap_or_default();
    match entity {
        InterfaceEntity::Input(h) => {
            let i = &f.inputs[h];
            let counted = if i.counted { " counted" } else { "" };
            format!(
                "in {}: {}{}{counted}{param}",
                entity_name(&i.name),
                i.ty,
                semantic(&i.semantic)
            )
        }
        InterfaceEntity::Uniform(h) => {
            let u = &f.uniforms[h];
            let array = u.array_len.map(|n| format!("[{n}]")).unwrap_or_default();
            let matrix = if u.matrix { " matrix" } else { "" };
            let default = u.default.as_ref().map_or(String::new(), |elements| {
                let elements: Vec<String> = elements
                    .iter()
                    .map(|e| format!("[{}]", constant(e)))
                    .collect();
                format!(" = {}", elements.join(" "))
            });
            format!(
                "uniform {}: {}{array}{matrix}{}{param}{default}",
                entity_name(&u.name),
                u.ty,
                semantic(&u.semantic)
            )
        }
        InterfaceEntity::Sampler(h) => {
            let s = &f.samplers[h];
            let unit = s.unit.map(|u| format!(" unit {u}")).unwrap_or_default();
            let unit = if s.counted { unit + " counted" } else { unit };
            format!(
                "sampler {}: {}{unit}{param}",
                entity_name(&s.name),
                s.dim.name()
            )
        }
        InterfaceEntity::Output(h) => {
            let o = &f.outputs[h];
            let component = match o.component {
                0 => String::new(),
                c => format!(".{}", crate::COMPONENT_LETTERS[c as usize & 3]),
            };
            format!(
                "out {}: {}{}{component}{param}",
                entity_name(&o.name),
                o.ty,
                semantic(&o.semantic)
            )
        }
    }
}

/// A struct variable's own semantic, after the entities: `struct $O2 @TEXCOORD5 param 3`.
fn struct_semantic_decl(s: &StructSemantic) -> String {
    let param = s.param.map(|n| format!(" param {n}")).unwrap_or_default();
    format!("struct {} @{}{param}", entity_name(&s.name), s.semantic)
}

fn semantic(s: &Option<String>) -> String {
    s.as_ref().map(|s| format!(" @{s}")).unwrap_or_default()
}

/// The components of a constant, comma-separated.
pub(crate) fn constant(v: &Vector) -> String {
    let comps: Vec<String> = (0..v.width())
        .map(|i| match v.ty.kind {
            ScalarKind::Bool => v.bool(i).to_string(),
            ScalarKind::Int => v.i32(i).to_string(),
            _ => format_real(v.bits[i]),
        })
        .collect();
    comps.join(", ")
}
