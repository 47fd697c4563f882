//! The verifier: checks every invariant listed in the crate documentation and reports all violations.

use crate::arena::Arena;
use crate::function::*;
use crate::types::{ScalarKind, Type};
use std::collections::HashSet;
use std::fmt;

/// One broken invariant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifyError {
    /// The function it is in.
    pub function: String,
    /// The offending instruction's source location, when it has one.
    pub loc: Option<SourceLoc>,
    pub message: String,
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "in fn {}: {}", self.function, self.message)
    }
}

/// Checks every function of the module; `Err` holds every problem found.
pub fn verify(module: &Module) -> Result<(), Vec<VerifyError>> {
    let mut errors = Vec::new();
    let mut names = HashSet::new();
    for (_, func) in module.functions.iter() {
        if !names.insert(func.name.as_str()) {
            errors.push(VerifyError {
                function: func.name.clone(),
                loc: None,
                message: format!("function `{}` is defined twice", func.name),
            });
        }
        errors.extend(verify_function(func));
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// Every problem in one function.
pub fn verify_function(func: &Function) -> Vec<VerifyError> {
    let mut v = Verifier {
        func,
        errors: Vec::new(),
        defined: vec![false; func.values.len()],
        visible: vec![false; func.values.len()],
        regions: Vec::new(),
        loc: None,
    };
    v.interface();
    v.block(&func.body, Region::Body);
    v.errors
}

/// The region a block belongs to, which decides how it may end.
#[derive(Clone)]
enum Region {
    Body,
    /// An `if` branch or a `switch` arm, with the region's result types.
    Arm(Vec<Type>),
    /// A loop body: the parameter types (for `continue`) and result types (for `break`).
    Loop {
        params: Vec<Type>,
        results: Vec<Type>,
    },
}

struct Verifier<'a> {
    func: &'a Function,
    errors: Vec<VerifyError>,
    /// Values already defined somewhere (a second definition is an error).
    defined: Vec<bool>,
    /// Values whose definition is in scope at the current point.
    visible: Vec<bool>,
    /// Enclosing regions, innermost last.
    regions: Vec<Region>,
    loc: Option<SourceLoc>,
}

impl Verifier<'_> {
    fn error(&mut self, message: String) {
        self.errors.push(VerifyError {
            function: self.func.name.clone(),
            loc: self.loc,
            message,
        });
    }

    fn interface(&mut self) {
        let f = self.func;
        let mut names = HashSet::new();
        let all = f
            .inputs
            .iter()
            .map(|(_, i)| (&i.name, Some(i.ty)))
            .chain(f.uniforms.iter().map(|(_, u)| (&u.name, Some(u.ty))))
            .chain(f.samplers.iter().map(|(_, s)| (&s.name, None)))
            .chain(f.outputs.iter().map(|(_, o)| (&o.name, Some(o.ty))));
        for (name, ty) in all {
            if !names.insert(name.clone()) {
                self.error(format!("`${name}` is declared twice"));
            }
            if let Some(ty) = ty.filter(|t| !t.is_valid()) {
                self.error(format!("`${name}` has invalid width {}", ty.width));
            }
        }
        for (_, o) in f.outputs.iter() {
            if u16::from(o.component) + u16::from(o.ty.width) > 4 {
                self.error(format!(
                    "output `${}` ({}) starting at component {} runs past w",
                    o.name, o.ty, o.component
                ));
            }
        }
        for (_, u) in f.uniforms.iter() {
            if u.array_len == Some(0) {
                self.error(format!("uniform array `${}` has no elements", u.name));
            }
            if u.matrix && u.array_len.is_none() {
                self.error(format!(
                    "uniform `${}` is a matrix but not an array",
                    u.name
                ));
            }
            if let Some(default) = &u.default {
                self.uniform_default(u, default);
            }
        }
    }

    /// A default has one value per element, each of the uniform's type and canonical for its kind.
    fn uniform_default(&mut self, u: &Uniform, default: &[crate::Vector]) {
        let elements = u.array_len.unwrap_or(1) as usize;
        if default.len() != elements {
            self.error(format!(
                "uniform `${}` has {elements} element(s) but a default of {}",
                u.name,
                default.len()
            ));
        }
        for v in default {
            if v.ty != u.ty || !v.is_canonical() {
                self.error(format!(
                    "the default of uniform `${}` is not a valid {} value",
                    u.name, u.ty
                ));
            }
        }
    }

    /// A value read here: it must exist and be in scope. Returns its type when it exists.
    fn use_value(&mut self, v: Value) -> Option<Type> {
        let Some(info) = self.func.values.try_get(v) else {
            self.error(format!("use of %{} which is not a value", v.index()));
            return None;
        };
        if !self.visible[v.index()] {
            self.error(format!(
                "use of %{} where its definition is not in scope",
                v.index()
            ));
        }
        Some(info.ty)
    }

    fn use_values(&mut self, vs: &[Value]) -> Option<Vec<Type>> {
        let types: Vec<Option<Type>> = vs.iter().map(|&v| self.use_value(v)).collect();
        types.into_iter().collect()
    }

    /// A value defined here. Returns its type when it exists.
    fn define(&mut self, v: Value, scope: &mut Vec<Value>) -> Option<Type> {
        let Some(info) = self.func.values.try_get(v) else {
            self.error(format!("definition of %{} which is not a value", v.index()));
            return None;
        };
        if self.defined[v.index()] {
            self.error(format!("%{} is defined more than once", v.index()));
        }
        if !info.ty.is_valid() {
            self.error(format!(
                "%{} has invalid width {}",
                v.index(),
                info.ty.width
            ));
        }
        self.defined[v.index()] = true;
        self.visible[v.index()] = true;
        scope.push(v);
        Some(info.ty)
    }

    fn block(&mut self, block: &Block, region: Region) {
        self.regions.push(region.clone());
        let mut scope = Vec::new();
        for (i, inst) in block.insts.iter().enumerate() {
            self.loc = inst.loc;
            if inst.kind.is_terminator() && i + 1 != block.insts.len() {
                self.error("instructions follow a terminator".into());
            }
            self.inst(inst, &mut scope);
        }
        if block.terminator().is_none() {
            self.implicit_end(&region);
        }
        for v in scope {
            self.visible[v.index()] = false;
        }
        self.regions.pop();
    }

    /// A block that does not end in a terminator yields (or continues) with no values.
    fn implicit_end(&mut self, region: &Region) {
        match region {
            Region::Arm(results) if !results.is_empty() => {
                self.error("a branch that yields nothing ends a region with results".into())
            }
            Region::Loop { params, .. } if !params.is_empty() => self.error(
                "a loop body that ends without `continue` needs a loop without parameters".into(),
            ),
            _ => {}
        }
    }

    fn inst(&mut self, inst: &Inst, scope: &mut Vec<Value>) {
        let kind = &inst.kind;
        // Region instructions define their results after their blocks; everything else reads its
        // operands first, then defines its result.
        if !kind.is_region() {
            let operand_types = self.use_values(&kind.operands());
            let expected = if matches!(kind, InstKind::Store { .. } | InstKind::Discard)
                || kind.is_terminator()
            {
                0
            } else {
                1
            };
            if inst.results.len() != expected {
                self.error(format!(
                    "instruction defines {} values, expected {expected}",
                    inst.results.len()
                ));
            }
            let result = inst.results.first().and_then(|&r| self.define(r, scope));
            if let Some(operand_types) = operand_types {
                self.check_simple(kind, &operand_types, result);
            }
            return;
        }
        self.region(inst, scope);
    }

    fn check_simple(&mut self, kind: &InstKind, args: &[Type], result: Option<Type>) {
        let f = self.func;
        self.stage_rules(kind);
        let expected: Option<Type> = match kind {
            InstKind::Const(v) => {
                if !v.ty.is_valid() || !v.is_canonical() {
                    self.error(format!("constant is not a valid {} value", v.ty));
                }
                Some(v.ty)
            }
            InstKind::Op { op, .. } => match op.result_type(args) {
                Ok(t) => Some(t),
                Err(e) => {
                    self.error(e);
                    None
                }
            },
            InstKind::LoadInput(h) => self.entity(&f.inputs, *h, "input").map(|i| i.ty),
            InstKind::LoadUniform { uniform, index } => {
                self.uniform_load(*uniform, index.as_ref(), args)
            }
            InstKind::Sample { sampler, form, .. } => {
                self.sample(*sampler, form, args);
                Some(Type::FLOAT4)
            }
            InstKind::Store { output, mask, .. } => {
                if let Some(o) = self.entity(&f.outputs, *output, "output") {
                    let width = o.ty.width;
                    let name = o.name.clone();
                    let want = o.ty.with_width(mask.count());
                    if mask.count() == 0 || mask.0 >> width != 0 {
                        self.error(format!(
                            "write mask `{}` does not fit output `${name}` ({})",
                            mask.letters(),
                            o.ty
                        ));
                    } else if args[0] != want {
                        self.error(format!(
                            "store of a {} to `${name}.{}` needs a {want}",
                            args[0],
                            mask.letters()
                        ));
                    }
                }
                None
            }
            InstKind::Discard | InstKind::Return => None,
            InstKind::Yield(_) => {
                match self.regions.last().cloned() {
                    Some(Region::Arm(results)) => self.check_list("yield", args, &results),
                    _ => self.error("`yield` outside an if branch or switch arm".into()),
                }
                None
            }
            InstKind::Break(_) | InstKind::Continue(_) => {
                let is_break = matches!(kind, InstKind::Break(_));
                let word = if is_break { "break" } else { "continue" };
                let target = self.regions.iter().rev().find_map(|r| match r {
                    Region::Loop { params, results } => Some((params.clone(), results.clone())),
                    _ => None,
                });
                match target {
                    Some((params, results)) => {
                        let want = if is_break { results } else { params };
                        self.check_list(word, args, &want);
                    }
                    None => self.error(format!("`{word}` outside a loop")),
                }
                None
            }
            InstKind::If { .. } | InstKind::Loop { .. } | InstKind::Switch { .. } => None,
        };
        if let (Some(expected), Some(result)) = (expected, result) {
            if expected != result {
                self.error(format!(
                    "result declared {result}, but the instruction gives {expected}"
                ));
            }
        }
    }

    fn entity<'f, T>(
        &mut self,
        arena: &'f Arena<T>,
        h: crate::Handle<T>,
        what: &str,
    ) -> Option<&'f T> {
        let item = arena.try_get(h);
        if item.is_none() {
            self.error(format!("{what} #{} does not exist", h.index()));
        }
        item
    }

    fn uniform_load(
        &mut self,
        h: crate::Handle<Uniform>,
        index: Option<&UniformIndex>,
        args: &[Type],
    ) -> Option<Type> {
        let u = self.entity(&self.func.uniforms, h, "uniform")?;
        match (u.array_len, index) {
            (None, None) => {}
            (None, Some(_)) => self.error(format!("uniform `${}` is not an array", u.name)),
            (Some(_), None) => self.error(format!("uniform array `${}` needs an index", u.name)),
            (Some(len), Some(UniformIndex::Const(i))) if *i >= len => self.error(format!(
                "index {i} is outside uniform array `${}` of {len}",
                u.name
            )),
            (Some(_), Some(UniformIndex::Dynamic(_))) if args.first() != Some(&Type::INT) => {
                self.error("a uniform index must be an int scalar".into())
            }
            _ => {}
        }
        Some(u.ty)
    }

    fn sample(&mut self, h: crate::Handle<Sampler>, form: &SampleForm, args: &[Type]) {
        let Some(s) = self.entity(&self.func.samplers, h, "sampler") else {
            return;
        };
        let n = s.dim.coords();
        let coord = args[0];
        // Plain and gradient lookups take the coordinates, optionally one more (the shadow compare
        // value); projective ones add q last.
        let (lo, hi) = match form {
            SampleForm::Proj => (n + 1, n + 2),
            _ => (n, n + 1),
        };
        if let SampleForm::Fetch { .. } = form {
            let want = Type::new(ScalarKind::Int, n);
            if coord != want || args[1] != Type::INT {
                self.error(format!(
                    "a texel fetch in `${}` takes {want} coordinates and an int level, found {coord} and {}",
                    s.name, args[1]
                ));
            }
            return;
        }
        if coord.kind != ScalarKind::Float || coord.width < lo || coord.width > hi.min(4) {
            self.error(format!(
                "a {} lookup in `${}` takes float{lo}..float{} coordinates, found {coord}",
                s.dim.name(),
                s.name,
                hi.min(4)
            ));
        }
        match form {
            SampleForm::Grad { .. } => {
                let want = Type::new(ScalarKind::Float, n);
                if args[1] != want || args[2] != want {
                    self.error(format!(
                        "derivatives of a {} lookup must be {want}, found {} and {}",
                        s.dim.name(),
                        args[1],
                        args[2]
                    ));
                }
            }
            SampleForm::Lod { .. } | SampleForm::Bias { .. } if args[1] != Type::FLOAT => {
                let what = if matches!(form, SampleForm::Lod { .. }) {
                    "level of detail"
                } else {
                    "bias"
                };
                self.error(format!(
                    "the {what} of a lookup must be float, found {}",
                    args[1]
                ));
            }
            _ => {}
        }
        if self.func.stage == Stage::Vertex {
            let word = match form {
                SampleForm::Plain => Some("tex"),
                SampleForm::Proj => Some("texproj"),
                SampleForm::Bias { .. } => Some("texbias"),
                SampleForm::Grad { .. } | SampleForm::Lod { .. } | SampleForm::Fetch { .. } => None,
            };
            if let Some(word) = word {
                let name = s.name.clone();
                self.error(format!(
                    "`{word}` in `${name}` needs derivatives, which a vertex function has none of; \
                     use `texlod` or `texgrad`"
                ));
            }
        }
    }

    /// Instructions that need a fragment's quad (derivatives, discarding) are fragment-only.
    fn stage_rules(&mut self, kind: &InstKind) {
        if self.func.stage != Stage::Vertex {
            return;
        }
        match kind {
            InstKind::Op { op, .. } if op.is_derivative() => self.error(format!(
                "`{}` in a vertex function: derivatives exist only in fragment functions",
                op.mnemonic()
            )),
            InstKind::Discard => {
                self.error("`discard` in a vertex function: only fragments can be discarded".into())
            }
            _ => {}
        }
    }

    fn check_list(&mut self, what: &str, got: &[Type], want: &[Type]) {
        if got != want {
            let show = |ts: &[Type]| {
                ts.iter()
                    .map(|t| t.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            self.error(format!(
                "`{what}` gives ({}) where ({}) is expected",
                show(got),
                show(want)
            ));
        }
    }

    fn region(&mut self, inst: &Inst, scope: &mut Vec<Value>) {
        let result_types: Vec<Type> = inst
            .results
            .iter()
            .map(|&r| self.func.values.try_get(r).map_or(Type::FLOAT, |i| i.ty))
            .collect();
        match &inst.kind {
            InstKind::If {
                cond,
                then_block,
                else_block,
            } => {
                if let Some(t) = self.use_value(*cond) {
                    if t != Type::BOOL {
                        self.error(format!("`if` condition must be bool, found {t}"));
                    }
                }
                self.block(then_block, Region::Arm(result_types.clone()));
                self.block(else_block, Region::Arm(result_types));
            }
            InstKind::Switch {
                selector,
                cases,
                default,
            } => {
                if let Some(t) = self.use_value(*selector) {
                    if t != Type::INT {
                        self.error(format!("`switch` selector must be int, found {t}"));
                    }
                }
                let mut seen = HashSet::new();
                for case in cases {
                    for v in &case.values {
                        if !seen.insert(*v) {
                            self.error(format!("case {v} appears twice"));
                        }
                    }
                    if case.values.is_empty() {
                        self.error("a case needs at least one value".into());
                    }
                    self.block(&case.body, Region::Arm(result_types.clone()));
                }
                self.block(default, Region::Arm(result_types));
            }
            InstKind::Loop { params, init, body } => {
                let init_types = self.use_values(init);
                let mut inner = Vec::new();
                let param_types: Vec<Type> = params
                    .iter()
                    .filter_map(|&p| self.define(p, &mut inner))
                    .collect();
                if let Some(init_types) = init_types {
                    if params.len() == param_types.len() {
                        self.check_list("loop init", &init_types, &param_types);
                    }
                }
                self.block(
                    body,
                    Region::Loop {
                        params: param_types,
                        results: result_types,
                    },
                );
                for v in inner {
                    self.visible[v.index()] = false;
                }
            }
            _ => {}
        }
        self.loc = inst.loc;
        for &r in &inst.results {
            self.define(r, scope);
        }
    }
}
