//! The body of `main`: the IR's structured control flow as GLSL statements. Values are inlined
//! or named as [`crate::plan`] decides; a region's results are locals declared before it and
//! assigned by its `yield`/`break`; a loop's parameters are locals assigned by `continue` (in
//! parallel: through temporaries when one parameter's new value is another's old one); a
//! `switch` is an `if` chain (GLSL's `break` in a switch would leave the switch, not the loop).

use crate::expr::{self, Expr};
use crate::interface::Interface;
use crate::names::Namer;
use crate::plan::{Plan, Splat};
use crate::precision::Helpers;
use crate::sample::{self, Form, Lookup};
use crate::version::Version;

/// How many times a loop written for GLSL ES 1.00 may run (see `loop_region`).
pub const ES100_MAX_ITERATIONS: u32 = 1023;
use pigment_diag::Diagnostic;
use pigment_ir::{
    Block, Function, Inst, InstKind, Op, SampleForm, ScalarKind, Swizzle, Type, UniformIndex,
    Value, WriteMask,
};

/// The innermost regions around the instruction being written.
enum Region {
    Arm {
        results: Vec<String>,
    },
    Loop {
        params: Vec<String>,
        results: Vec<String>,
    },
}

pub struct Body<'a> {
    pub func: &'a Function,
    pub version: Version,
    pub iface: &'a Interface,
    pub plan: Plan,
    /// For each value that repeats one scalar in every component: that scalar.
    splats: Vec<Option<Splat>>,
    pub namer: &'a mut Namer,
    pub extensions: Vec<&'static str>,
    exprs: Vec<Option<Expr>>,
    out: String,
    depth: usize,
    regions: Vec<Region>,
    next_temp: usize,
    helpers: Helpers,
}

type Written = Result<(), Diagnostic>;

impl<'a> Body<'a> {
    pub fn new(
        func: &'a Function,
        version: Version,
        iface: &'a Interface,
        plan: Plan,
        namer: &'a mut Namer,
    ) -> Body<'a> {
        Body {
            func,
            version,
            iface,
            plan,
            splats: crate::plan::splats(func, version),
            namer,
            extensions: Vec::new(),
            exprs: vec![None; func.values.len()],
            out: String::new(),
            depth: 1,
            regions: Vec::new(),
            next_temp: 0,
            helpers: Helpers::default(),
        }
    }

    /// The statements of `main`'s body, indented one level, the extensions they need and the
    /// helper functions they call.
    pub fn write(mut self) -> Result<(String, Vec<&'static str>, Helpers), Diagnostic> {
        for line in &self.iface.prologue {
            self.line(line.clone());
        }
        // The program's last `return` is the end of `main` anyway.
        let body = &self.func.body;
        let insts = match body.insts.last() {
            Some(last) if last.kind == InstKind::Return => &body.insts[..body.insts.len() - 1],
            _ => &body.insts[..],
        };
        for inst in insts {
            self.inst(inst, false)?;
        }
        Ok((self.out, self.extensions, self.helpers))
    }

    fn line(&mut self, text: String) {
        for _ in 0..self.depth {
            self.out.push_str("    ");
        }
        self.out.push_str(&text);
        self.out.push('\n');
    }

    fn value(&self, v: Value) -> Expr {
        self.exprs[v.index()]
            .clone()
            .unwrap_or_else(|| Expr::primary("/* undefined */ 0"))
    }

    /// The declared type of a local of `ty`: ES writes half's and fixed's precision.
    fn local_type(&self, ty: Type) -> String {
        match expr::precision(ty.kind) {
            Some(p) if self.iface.precision_qualifiers => format!("{p} {}", expr::type_name(ty)),
            _ => expr::type_name(ty),
        }
    }

    fn fresh(&mut self, stem: &str) -> String {
        let name = self.namer.unique(&format!("{stem}{}", self.next_temp));
        self.next_temp += 1;
        name
    }

    /// Declares a named local for each of `values` (region results), uninitialised; a result
    /// nobody reads gets none (an empty name: its assignments are not written).
    fn declare(&mut self, values: &[Value], stem: &str) -> Vec<String> {
        values
            .iter()
            .map(|&v| {
                if self.plan.uses[v.index()] == 0 {
                    return String::new();
                }
                let name = self.fresh(stem);
                self.line(format!("{} {name};", self.local_type(self.func.ty(v))));
                self.exprs[v.index()] = Some(Expr::primary(name.clone()));
                name
            })
            .collect()
    }

    /// `loop_top`: the block is a loop body, whose last `continue` needs no statement.
    fn block(&mut self, block: &Block, loop_top: bool) -> Written {
        let last = block.insts.len().saturating_sub(1);
        for (i, inst) in block.insts.iter().enumerate() {
            self.inst(inst, loop_top && i == last)?;
        }
        Ok(())
    }

    fn inst(&mut self, inst: &Inst, ends_loop_body: bool) -> Written {
        if inst.kind.is_pure() {
            return self.pure(inst);
        }
        match &inst.kind {
            InstKind::Store {
                output,
                mask,
                value,
            } => self.store(output.index(), *mask, *value),
            InstKind::Discard => self.line("discard;".into()),
            InstKind::Return => self.line("return;".into()),
            InstKind::If {
                cond,
                then_block,
                else_block,
            } => return self.if_region(inst, *cond, then_block, else_block),
            InstKind::Loop { params, init, body } => {
                return self.loop_region(inst, params, init, body)
            }
            InstKind::Switch {
                selector,
                cases,
                default,
            } => return self.switch_region(inst, *selector, cases, default),
            InstKind::Yield(values) => self.assign_results(values, false),
            InstKind::Break(values) => {
                self.assign_results(values, true);
                self.line("break;".into());
            }
            InstKind::Continue(values) => {
                self.assign_params(values);
                if !ends_loop_body {
                    self.line("continue;".into());
                }
            }
            _ => {}
        }
        Ok(())
    }

    fn error_at(&self, inst: &Inst, message: String) -> Diagnostic {
        let d = Diagnostic::error(message);
        match inst.loc {
            Some(l) => d.at(l.file, l.span),
            None => d,
        }
    }

    fn pure(&mut self, inst: &Inst) -> Written {
        let Some(v) = inst.result() else {
            return Ok(());
        };
        let ty = self.func.ty(v);
        let e = match &inst.kind {
            InstKind::Const(c) => expr::constant(c, ty, self.version),
            InstKind::Op {
                op: Op::Select,
                args,
            } if self.scalar_condition(args[0]).is_some() => {
                let c = self
                    .scalar_condition(args[0])
                    .unwrap_or_else(|| self.value(args[0]));
                let exprs = [c, self.value(args[1]), self.value(args[2])];
                let t = self.func.ty(args[1]);
                let types = [Type::BOOL, t.with_width(1), t.with_width(1)];
                expr::op(Op::Select, &exprs, &types, ty, self.version)
                    .map_err(|m| self.error_at(inst, m))?
            }
            InstKind::Op { op, args } => {
                let exprs: Vec<Expr> = args
                    .iter()
                    .enumerate()
                    .map(|(i, _)| self.operand(*op, args, i))
                    .collect();
                let types: Vec<Type> = args.iter().map(|&a| self.func.ty(a)).collect();
                if op.is_derivative() && self.version == Version::es(100) {
                    self.extensions.push("GL_OES_standard_derivatives");
                }
                let operand = types.first().copied().unwrap_or(ty);
                match self.helpers.explicit(*op, &exprs) {
                    Some(e) => e,
                    None => {
                        let e = expr::op(*op, &exprs, &types, ty, self.version)
                            .map_err(|m| self.error_at(inst, m))?;
                        self.stepwise(*op, &exprs, e, operand)
                    }
                }
            }
            InstKind::LoadInput(h) => self.input(h.index(), ty),
            InstKind::LoadUniform { uniform, index } => self.uniform(uniform.index(), *index),
            InstKind::Sample {
                sampler,
                form,
                coord,
            } => self
                .sample(sampler.index(), form, *coord)
                .map_err(|m| self.error_at(inst, m))?,
            _ => return Ok(()),
        };
        // A long expression reads better as a named local (and cannot grow without bound).
        let long = e.text.len() > MAX_INLINE && !self.plan.cheap[v.index()];
        if self.plan.inline[v.index()] && !long {
            self.exprs[v.index()] = Some(e);
        } else {
            let name = self.fresh("t");
            self.line(format!("{} {name} = {};", self.local_type(ty), e.text));
            self.exprs[v.index()] = Some(Expr::primary(name));
        }
        Ok(())
    }

    /// `e`, or for a real `dot` the IR's order of its sums (`Helpers::stepwise_dot`); `operand`
    /// is `args[0]`'s type.
    fn stepwise(&mut self, op: Op, args: &[Expr], e: Expr, operand: Type) -> Expr {
        self.helpers
            .stepwise_dot(op, args, operand.width, operand.kind.is_real())
            .unwrap_or(e)
    }

    /// Operand `i` of `op`: a splat written as its scalar where GLSL mixes vectors and scalars
    /// (`v * 2.0` rather than `v * vec3(2.0)`).
    /// At least one operand stays a vector, so that the result keeps its width.
    fn operand(&self, op: Op, args: &[Value], i: usize) -> Expr {
        // NV's forms take what the plain operations take (`cg_nan_min(vec3, float)`).
        let op = match op {
            Op::Nv(rule) => Op::plain(rule),
            op => op,
        };
        let scalar_ok = match op {
            // Both scalars would make a scalar: the first stays a vector then.
            Op::Add | Op::Sub | Op::Mul | Op::Div => i == 1 || self.scalar(args[1]).is_none(),
            Op::Min | Op::Max => i == 1,
            Op::Clamp => i > 0,
            Op::Lerp => i == 2,
            _ => false,
        };
        match self.scalar(args[i]) {
            Some(e) if scalar_ok => e,
            _ => self.value(args[i]),
        }
    }

    /// The scalar a splat repeats, where it can stand for the splat.
    fn scalar(&self, v: Value) -> Option<Expr> {
        match &self.splats[v.index()] {
            Some(Splat::Const(e)) => Some(e.clone()),
            Some(Splat::Of(x)) if self.plan.inline[v.index()] => Some(self.value(*x)),
            _ => None,
        }
    }

    /// A select's condition that repeats one bool: that bool, so the select is one `?:` (the
    /// repeated scalar itself where the splat is written inline, else the named splat's `x`).
    fn scalar_condition(&self, cond: Value) -> Option<Expr> {
        match &self.splats[cond.index()] {
            Some(Splat::Const(e)) => Some(e.clone()),
            Some(Splat::Of(x)) if self.plan.inline[cond.index()] => Some(self.value(*x)),
            Some(Splat::Of(_)) => Some(expr::swizzle(
                &self.value(cond),
                self.func.ty(cond),
                Swizzle::X,
            )),
            None => None,
        }
    }

    /// An input read at its IR type from its GLSL variable (narrowed by a swizzle, widened with
    /// (0, 0, 0, 1), converted for int and bool).
    fn input(&self, index: usize, ty: Type) -> Expr {
        let Some(place) = &self.iface.inputs[index] else {
            return Expr::primary("/* unread input */ 0");
        };
        let raw = place
            .read_as
            .clone()
            .unwrap_or_else(|| Expr::primary(place.variable.clone()));
        let float_ty = ty.with_kind(ScalarKind::Float);
        let sized = resize(&raw, place.variable_ty, float_ty.width, UNSET);
        if ty.kind.is_real() {
            sized
        } else {
            expr::call(&expr::type_name(ty), &[&sized])
        }
    }

    fn uniform(&self, index: usize, at: Option<UniformIndex>) -> Expr {
        if let Some(exprs) = &self.iface.uniform_exprs[index] {
            if let (Some(UniformIndex::Dynamic(i)), true) = (at, exprs.len() > 1) {
                let ty = self.func.uniforms.iter().nth(index).map(|(_, u)| u.ty);
                return self.overridden_element(ty.unwrap_or(Type::FLOAT4), exprs, i);
            }
            let element = match at {
                Some(UniformIndex::Const(i)) => i as usize,
                _ => 0,
            };
            let text = exprs
                .get(element)
                .or(exprs.first())
                .cloned()
                .unwrap_or_default();
            return Expr::primary(format!("({text})")).simplest();
        }
        let name = &self.iface.uniforms[index];
        let len = self
            .func
            .uniforms
            .iter()
            .nth(index)
            .and_then(|(_, u)| u.array_len);
        match at {
            None => Expr::primary(name.clone()),
            Some(UniformIndex::Const(i)) => Expr::primary(format!("{name}[{i}]")),
            Some(UniformIndex::Dynamic(i)) => {
                let clamped = self.clamped_index(i, len.unwrap_or(1).saturating_sub(1) as usize);
                Expr::primary(format!("{name}[{clamped}]"))
            }
        }
    }

    /// The run-time index `i` clamped into an array whose last element is `last`: the IR clamps
    /// run-time indices, GLSL leaves them undefined.
    fn clamped_index(&self, i: Value, last: usize) -> String {
        let i = self.value(i);
        if self.version.has_glsl130_builtins() {
            format!("clamp({}, 0, {last})", i.text)
        } else {
            format!("int(clamp(float({}), 0.0, {last}.0))", i.text)
        }
    }

    /// An element of an array uniform a runtime overrides (one expression per element, of type
    /// `ty`) at the run-time index `i`: the expressions as an array, indexed, or where the version
    /// has no array constructors, a selection on the index (libretro's bloom reads its tap offsets
    /// so, in a loop).
    fn overridden_element(&self, ty: Type, exprs: &[String], i: Value) -> Expr {
        let index = self.clamped_index(i, exprs.len() - 1);
        if self.version.has_array_constructors() {
            let elements: Vec<String> = exprs.iter().map(|e| format!("({e})")).collect();
            let array = format!("{}[{}]", expr::type_name(ty), exprs.len());
            return Expr::primary(format!("{array}({})[{index}]", elements.join(", ")));
        }
        let mut text = format!("({})", exprs[0]);
        for (k, e) in exprs.iter().enumerate().skip(1).rev() {
            text = format!("({index} == {k} ? ({e}) : {text})");
        }
        Expr::primary(text)
    }

    fn sample(&mut self, index: usize, form: &SampleForm, coord: Value) -> Result<Expr, String> {
        let place = &self.iface.samplers[index];
        let dim = self.func.samplers.iter().nth(index).map(|(_, s)| s.dim);
        let form = match *form {
            SampleForm::Plain => Form::Plain,
            SampleForm::Proj => Form::Proj,
            SampleForm::Lod { lod } => Form::Lod(self.value(lod)),
            SampleForm::Bias { bias } => Form::Bias(self.value(bias)),
            SampleForm::Grad { ddx, ddy } => Form::Grad(self.value(ddx), self.value(ddy)),
            SampleForm::Fetch { lod } => Form::Fetch(self.value(lod)),
        };
        let lookup = Lookup {
            sampler: place,
            dim: dim.unwrap_or(pigment_ir::SamplerDim::D2),
            stage: self.func.stage,
            coord: self.value(coord),
            form,
        };
        sample::lookup(lookup, self.version, &mut self.extensions)
    }

    fn store(&mut self, index: usize, mask: WriteMask, value: Value) {
        let Some(place) = self.iface.outputs[index].clone() else {
            return;
        };
        // A packed output writes its variable from its component on.
        let mask = WriteMask(mask.0 << place.component);
        let v = self.value(value);
        let vty = self.func.ty(value);
        let target_kind = place.variable_ty.kind;
        let converted =
            if vty.kind.is_real() == target_kind.is_real() && vty.kind != ScalarKind::Bool {
                v
            } else {
                expr::call(&expr::type_name(vty.with_kind(target_kind)), &[&v])
            };
        if place.variable_ty.width == 1 {
            // A scalar target (depth, point size, fog) takes the first written component, x.
            if mask.enabled(0) {
                let first = expr::swizzle(&converted, vty, Swizzle::X);
                self.line(format!("{} = {};", place.variable, first.text));
            }
            return;
        }
        if place.fill {
            let fill = match self.func.stage {
                pigment_ir::Stage::Vertex => UNSET,
                pigment_ir::Stage::Fragment => ["0.0"; 4],
            };
            let filled = resize(
                &converted,
                vty.with_kind(ScalarKind::Float),
                place.variable_ty.width,
                fill,
            );
            self.line(format!("{} = {};", place.variable, filled.text));
        } else if mask == WriteMask::all(place.variable_ty.width) {
            self.line(format!("{} = {};", place.variable, converted.text));
        } else {
            self.line(format!(
                "{}.{} = {};",
                place.variable,
                mask.letters(),
                converted.text
            ));
        }
    }

    fn if_region(
        &mut self,
        inst: &Inst,
        cond: Value,
        then_block: &Block,
        else_block: &Block,
    ) -> Written {
        let results = self.declare(&inst.results, "r");
        let c = self.value(cond);
        self.line(format!("if ({}) {{", c.text));
        self.arm(then_block, &results)?;
        if !else_block.insts.is_empty() {
            self.line("} else {".into());
            self.arm(else_block, &results)?;
        }
        self.line("}".into());
        Ok(())
    }

    fn arm(&mut self, block: &Block, results: &[String]) -> Written {
        self.regions.push(Region::Arm {
            results: results.to_vec(),
        });
        self.depth += 1;
        let written = self.block(block, false);
        self.depth -= 1;
        self.regions.pop();
        written
    }

    fn loop_region(
        &mut self,
        inst: &Inst,
        params: &[Value],
        init: &[Value],
        body: &Block,
    ) -> Written {
        let results = self.declare(&inst.results, "r");
        let mut names = Vec::new();
        for (&p, &i) in params.iter().zip(init) {
            let name = self.fresh("p");
            let e = self.value(i);
            self.line(format!(
                "{} {name} = {};",
                self.local_type(self.func.ty(p)),
                e.text
            ));
            self.exprs[p.index()] = Some(Expr::primary(name.clone()));
            names.push(name);
        }
        if self.version == Version::es(100) {
            // GLSL ES 1.00's Appendix A admits only counted loops. The bound is the largest a
            // `mediump int` (the fragment stage's default, at least (-2^10, 2^10)) is sure to
            // hold: a loop still ends by its `break`s, but runs at most 1023 times (llvmpipe
            // computes mediump ints in 16 bits, where 65536 is 0).
            let counter = self.fresh("k");
            self.line(format!(
                "for (int {counter} = 0; {counter} < {ES100_MAX_ITERATIONS}; {counter}++) {{"
            ));
        } else {
            self.line("for (;;) {".into());
        }
        self.regions.push(Region::Loop {
            params: names,
            results,
        });
        self.depth += 1;
        let written = self.block(body, true);
        self.depth -= 1;
        self.regions.pop();
        self.line("}".into());
        written
    }

    fn switch_region(
        &mut self,
        inst: &Inst,
        selector: Value,
        cases: &[pigment_ir::SwitchCase],
        default: &Block,
    ) -> Written {
        let results = self.declare(&inst.results, "r");
        let s = self.value(selector);
        for (i, case) in cases.iter().enumerate() {
            let tests: Vec<String> = case
                .values
                .iter()
                .map(|v| format!("{} == {v}", s.at(4)))
                .collect();
            let opener = if i == 0 { "if" } else { "} else if" };
            self.line(format!("{opener} ({}) {{", tests.join(" || ")));
            self.arm(&case.body, &results)?;
        }
        if cases.is_empty() {
            self.line("{".into());
        } else {
            self.line("} else {".into());
        }
        self.arm(default, &results)?;
        self.line("}".into());
        Ok(())
    }

    /// A `yield` (the innermost arm's results) or a `break` (the innermost loop's).
    fn assign_results(&mut self, values: &[Value], of_loop: bool) {
        let targets = self.regions.iter().rev().find_map(|r| match r {
            Region::Arm { results } if !of_loop => Some(results.clone()),
            Region::Loop { results, .. } if of_loop => Some(results.clone()),
            _ => None,
        });
        for (name, &v) in targets.unwrap_or_default().iter().zip(values) {
            let e = self.value(v);
            if !name.is_empty() && e.text != *name {
                self.line(format!("{name} = {};", e.text));
            }
        }
    }

    /// A `continue`: the loop's parameters take their new values all at once.
    fn assign_params(&mut self, values: &[Value]) {
        let params = self
            .regions
            .iter()
            .rev()
            .find_map(|r| match r {
                Region::Loop { params, .. } => Some(params.clone()),
                _ => None,
            })
            .unwrap_or_default();
        let exprs: Vec<Expr> = values.iter().map(|&v| self.value(v)).collect();
        let reads_another = exprs.iter().enumerate().any(|(i, e)| {
            params
                .iter()
                .enumerate()
                .any(|(j, p)| i != j && e.text == *p)
        });
        let mut moves: Vec<(String, Expr)> = Vec::new();
        for ((name, e), &v) in params.iter().zip(exprs).zip(values) {
            if e.text == *name {
                continue;
            }
            if reads_another {
                let temp = self.fresh("n");
                self.line(format!(
                    "{} {temp} = {};",
                    self.local_type(self.func.ty(v)),
                    e.text
                ));
                moves.push((name.clone(), Expr::primary(temp)));
            } else {
                moves.push((name.clone(), e));
            }
        }
        for (name, e) in moves {
            self.line(format!("{name} = {};", e.text));
        }
    }
}

impl Expr {
    /// A parenthesised runtime expression without its parentheses where it is one name, member,
    /// call or swizzle (what GLSL binds most tightly).
    fn simplest(self) -> Expr {
        let inner = &self.text[1..self.text.len() - 1];
        let primary = inner
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_.[]".contains(c))
            || (inner.ends_with(')')
                && !inner.starts_with('(')
                && inner
                    .chars()
                    .take_while(|&c| c != '(')
                    .all(|c| c.is_ascii_alphanumeric() || c == '_')
                && balanced_call(inner));
        if primary {
            Expr::primary(inner)
        } else {
            self
        }
    }
}

/// `name(...)` whose first `(` closes at the very end.
fn balanced_call(text: &str) -> bool {
    let mut depth = 0i32;
    for (i, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return i == text.len() - 1;
                }
            }
            _ => {}
        }
    }
    false
}

/// The longest expression written inline (characters); longer ones get a name.
const MAX_INLINE: usize = 160;

/// What a varying holds where nothing wrote it (NV's unwritten texture coordinates).
const UNSET: [&str; 4] = ["0.0", "0.0", "0.0", "1.0"];

/// `raw` (of type `from`) at `width` components: a prefix swizzle, or more components filled from
/// `fill`.
fn resize(raw: &Expr, from: Type, width: u8, fill: [&str; 4]) -> Expr {
    if from.width == width {
        return raw.clone();
    }
    if from.width > width {
        let s = Swizzle::prefix(width).unwrap_or(Swizzle::X);
        return expr::swizzle(raw, from, s);
    }
    let mut parts = vec![raw.text.clone()];
    parts.extend(
        fill[from.width as usize..width as usize]
            .iter()
            .map(|s| s.to_string()),
    );
    Expr::primary(format!(
        "{}({})",
        expr::type_name(Type::new(ScalarKind::Float, width)),
        parts.join(", ")
    ))
}
