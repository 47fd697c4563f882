//! The parser of the text form. It never panics, reports every error with its line and column, and
//! recovers at the next line to find more.

use super::entity_name;
use super::lex::{lex, Tok, Token};
use crate::function::*;
use crate::op::Op;
use crate::types::{ScalarKind, Swizzle, Type, WriteMask};
use crate::vector::Vector;
use pigment_diag::{Diagnostic, FileId, Span};
use std::collections::HashMap;
use std::fmt;

/// A syntax error: where (byte span, 1-based line and column) and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub span: Span,
    pub line: usize,
    pub col: usize,
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.col, self.message)
    }
}

impl ParseError {
    pub fn to_diagnostic(&self, file: FileId) -> Diagnostic {
        Diagnostic::error(self.message.clone()).at(file, self.span)
    }
}

/// Parses a module; `Err` lists every error found.
pub fn parse(text: &str) -> Result<Module, Vec<ParseError>> {
    let (module, errors) = parse_partial(text);
    if errors.is_empty() {
        Ok(module)
    } else {
        Err(errors)
    }
}

/// Parses a module, returning what could be built and the errors as diagnostics in `file`.
pub fn parse_with_file(text: &str, file: FileId) -> (Module, Vec<Diagnostic>) {
    let (module, errors) = parse_partial(text);
    (
        module,
        errors.iter().map(|e| e.to_diagnostic(file)).collect(),
    )
}

fn parse_partial(text: &str) -> (Module, Vec<ParseError>) {
    let mut p = Parser {
        text,
        tokens: lex(text),
        pos: 0,
        errors: Vec::new(),
        func: Function::default(),
        values: HashMap::new(),
        depth: 0,
    };
    let mut module = Module::new();
    while p.peek() != &Tok::Eof {
        let stage = if p.peek() == &Tok::Ident("vertex".into()) {
            p.bump();
            Some(Stage::Vertex)
        } else {
            None
        };
        if p.peek() == &Tok::Ident("fn".into()) {
            let mut func = p.function();
            func.stage = stage.unwrap_or(Stage::Fragment);
            module.functions.append(func);
        } else {
            let _: PResult<()> = p.fail_here("expected `fn` or `vertex fn`");
            p.bump();
            p.skip_line();
        }
    }
    (module, p.errors)
}

/// Raised to abandon the current instruction; the error itself is already recorded.
struct Abort;
type PResult<T> = Result<T, Abort>;

struct Parser<'a> {
    text: &'a str,
    tokens: Vec<Token>,
    pos: usize,
    errors: Vec<ParseError>,
    func: Function,
    values: HashMap<String, Value>,
    /// Regions open around the current point.
    depth: usize,
}

/// Deeper nesting is rejected so that hostile input cannot exhaust the stack.
const MAX_NESTING: usize = 200;

impl Parser<'_> {
    fn peek(&self) -> &Tok {
        &self.tokens[self.pos.min(self.tokens.len() - 1)].tok
    }

    fn token(&self) -> &Token {
        &self.tokens[self.pos.min(self.tokens.len() - 1)]
    }

    fn bump(&mut self) -> Token {
        let t = self.token().clone();
        if self.pos < self.tokens.len() - 1 {
            self.pos += 1;
        }
        t
    }

    fn error_at(&mut self, span: Span, message: impl Into<String>) {
        let before = &self.text[..(span.start as usize).min(self.text.len())];
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        self.errors.push(ParseError {
            span,
            line,
            col,
            message: message.into(),
        });
    }

    fn fail_here<T>(&mut self, expected: &str) -> PResult<T> {
        let t = self.token().clone();
        let found = match &t.tok {
            Tok::Ident(s) => format!("`{s}`"),
            Tok::Value(s) => format!("`%{s}`"),
            Tok::Entity(s) => format!("`{}`", entity_name(s)),
            Tok::Number(s) => format!("`{s}`"),
            Tok::Punct(s) => format!("`{s}`"),
            Tok::Error(c) => format!("`{c}`"),
            Tok::Eof => "end of file".into(),
        };
        self.error_at(t.span, format!("{expected}, found {found}"));
        Err(Abort)
    }

    fn eat(&mut self, punct: &str) -> bool {
        if matches!(self.peek(), Tok::Punct(p) if *p == punct) {
            self.bump();
            true
        } else {
            false
        }
    }

    fn expect(&mut self, punct: &str) -> PResult<()> {
        if self.eat(punct) {
            Ok(())
        } else {
            self.fail_here(&format!("expected `{punct}`"))
        }
    }

    fn is_ident(&self, word: &str) -> bool {
        matches!(self.peek(), Tok::Ident(w) if w == word)
    }

    fn ident(&mut self, what: &str) -> PResult<(String, Span)> {
        match self.peek().clone() {
            Tok::Ident(s) => Ok((s, self.bump().span)),
            _ => self.fail_here(&format!("expected {what}")),
        }
    }

    fn entity_name(&mut self) -> PResult<(String, Span)> {
        match self.peek().clone() {
            Tok::Entity(s) => Ok((s, self.bump().span)),
            _ => self.fail_here("expected a `$name`"),
        }
    }

    fn integer<T: std::str::FromStr>(&mut self, what: &str) -> PResult<T> {
        if let Tok::Number(s) = self.peek().clone() {
            if let Ok(v) = s.parse::<T>() {
                self.bump();
                return Ok(v);
            }
        }
        self.fail_here(&format!("expected {what}"))
    }

    /// Skips to the first token of the next line (error recovery).
    fn skip_line(&mut self) {
        while self.peek() != &Tok::Eof && !self.token().line_start {
            self.bump();
        }
    }

    fn ty(&mut self) -> PResult<Type> {
        let (name, span) = self.ident("a type")?;
        Type::from_name(&name).ok_or_else(|| {
            self.error_at(span, format!("unknown type `{name}`"));
            Abort
        })
    }

    fn function(&mut self) -> Function {
        self.bump(); // `fn`
        self.func = Function::default();
        self.values.clear();
        if let Ok((name, _)) = self.ident("a function name") {
            self.func.name = name;
        }
        if self.header().is_err() {
            // Resynchronise at the body's opening brace, if any.
            while !matches!(self.peek(), Tok::Eof | Tok::Punct("{")) {
                self.bump();
            }
        }
        if self.expect("{").is_ok() {
            self.func.body = self.block_items();
            let _ = self.expect("}");
        }
        std::mem::take(&mut self.func)
    }

    fn header(&mut self) -> PResult<()> {
        self.expect("(")?;
        while !self.eat(")") {
            if self.param().is_err() {
                // Resynchronise at the next parameter.
                while !matches!(
                    self.peek(),
                    Tok::Eof | Tok::Punct(",") | Tok::Punct(")") | Tok::Punct("{")
                ) {
                    self.bump();
                }
            }
            if !self.eat(",") {
                self.expect(")")?;
                break;
            }
        }
        Ok(())
    }

    fn semantic(&mut self) -> PResult<Option<String>> {
        if self.eat("@") {
            Ok(Some(self.ident("a semantic")?.0))
        } else {
            Ok(None)
        }
    }

    /// The first component of a packed output: `.z` after its semantic.
    fn component(&mut self) -> PResult<u8> {
        let (letter, span) = self.ident("a component letter")?;
        match crate::COMPONENT_LETTERS
            .iter()
            .position(|c| c.to_string() == letter)
        {
            Some(c) => Ok(c as u8),
            None => {
                self.error_at(span, format!("bad component `{letter}`"));
                Err(Abort)
            }
        }
    }

    /// An entity's origin: its optional `param N`, and the next place in declaration order (the
    /// header lists entities in that order).
    fn origin(&mut self) -> PResult<Origin> {
        let param = if self.is_ident("param") {
            self.bump();
            Some(self.integer("a parameter number")?)
        } else {
            None
        };
        Ok(Origin {
            param,
            order: self.func.next_interface_order(),
        })
    }

    fn param(&mut self) -> PResult<()> {
        let (word, span) = self.ident("`in`, `uniform`, `sampler`, `out` or `struct`")?;
        let (name, _) = self.entity_name()?;
        if word == "struct" {
            // `struct $name @SEMANTIC [param N]`: a struct variable's own semantic.
            self.expect("@")?;
            let (semantic, _) = self.ident("a semantic")?;
            let param = self.origin()?.param;
            self.func.struct_semantics.push(StructSemantic {
                param,
                name,
                semantic,
            });
            return Ok(());
        }
        self.expect(":")?;
        match word.as_str() {
            "in" => {
                let ty = self.ty()?;
                let semantic = self.semantic()?;
                let counted = semantic.is_some() && self.is_ident("counted");
                if counted {
                    self.bump();
                }
                let origin = self.origin()?;
                self.func.inputs.append(Input {
                    name,
                    ty,
                    semantic,
                    counted,
                    origin,
                });
            }
            "out" => {
                let ty = self.ty()?;
                let semantic = self.semantic()?;
                let component = if semantic.is_some() && self.eat(".") {
                    self.component()?
                } else {
                    0
                };
                let origin = self.origin()?;
                self.func.outputs.append(Output {
                    name,
                    ty,
                    semantic,
                    component,
                    origin,
                });
            }
            "uniform" => {
                let ty = self.ty()?;
                let array_len = if self.eat("[") {
                    let n = self.integer("an array length")?;
                    self.expect("]")?;
                    Some(n)
                } else {
                    None
                };
                let matrix = array_len.is_some() && self.is_ident("matrix");
                if matrix {
                    self.bump();
                }
                let semantic = self.semantic()?;
                let origin = self.origin()?;
                let default = if self.eat("=") {
                    Some(self.uniform_default(ty)?)
                } else {
                    None
                };
                self.func.uniforms.append(Uniform {
                    name,
                    ty,
                    array_len,
                    semantic,
                    matrix,
                    default,
                    origin,
                });
            }
            "sampler" => {
                let (dim_name, dim_span) = self.ident("a sampler dimension")?;
                let Some(dim) = SamplerDim::from_name(&dim_name) else {
                    self.error_at(dim_span, format!("unknown sampler dimension `{dim_name}`"));
                    return Err(Abort);
                };
                let unit = if self.is_ident("unit") {
                    self.bump();
                    Some(self.integer("a texture unit")?)
                } else {
                    None
                };
                let counted = unit.is_some() && self.is_ident("counted");
                if counted {
                    self.bump();
                }
                let origin = self.origin()?;
                self.func.samplers.append(Sampler {
                    name,
                    dim,
                    unit,
                    counted,
                    origin,
                });
            }
            _ => {
                self.error_at(span, format!("unknown parameter kind `{word}`"));
                return Err(Abort);
            }
        }
        Ok(())
    }

    /// A uniform's default after its `=`: one `[literals]` per element (their number is the
    /// verifier's to check).
    fn uniform_default(&mut self, ty: Type) -> PResult<Vec<Vector>> {
        let mut elements = Vec::new();
        loop {
            self.expect("[")?;
            elements.push(self.constant(ty)?);
            self.expect("]")?;
            if !matches!(self.peek(), Tok::Punct("[")) {
                return Ok(elements);
            }
        }
    }

    /// Instructions up to (not including) the closing `}`.
    fn block_items(&mut self) -> Block {
        let mut block = Block::new();
        while !matches!(self.peek(), Tok::Punct("}") | Tok::Eof) {
            let start = self.pos;
            match self.inst() {
                Ok(inst) => block.insts.push(inst),
                Err(Abort) => {
                    if self.pos == start {
                        self.bump();
                    }
                    self.skip_line();
                }
            }
        }
        block
    }

    fn block(&mut self) -> PResult<Block> {
        if self.depth >= MAX_NESTING {
            return self.fail_here(&format!("regions nest more than {MAX_NESTING} deep"));
        }
        self.expect("{")?;
        self.depth += 1;
        let b = self.block_items();
        self.depth -= 1;
        self.expect("}")?;
        Ok(b)
    }

    fn use_value(&mut self) -> PResult<Value> {
        match self.peek().clone() {
            Tok::Value(name) => {
                let span = self.bump().span;
                self.values.get(&name).copied().ok_or_else(|| {
                    self.error_at(span, format!("use of undefined value `%{name}`"));
                    Abort
                })
            }
            _ => self.fail_here("expected a `%value`"),
        }
    }

    /// Values separated by commas, on the current line (possibly none).
    fn value_list_on_line(&mut self) -> PResult<Vec<Value>> {
        let mut vs = Vec::new();
        if matches!(self.peek(), Tok::Value(_)) && !self.token().line_start {
            vs.push(self.use_value()?);
            while self.eat(",") {
                vs.push(self.use_value()?);
            }
        }
        Ok(vs)
    }

    fn comma_values(&mut self) -> PResult<Vec<Value>> {
        let mut vs = vec![self.use_value()?];
        while self.eat(",") {
            vs.push(self.use_value()?);
        }
        Ok(vs)
    }

    /// `%name: type`, defining the value.
    fn def(&mut self) -> PResult<Value> {
        let Tok::Value(name) = self.peek().clone() else {
            return self.fail_here("expected a `%value`");
        };
        let span = self.bump().span;
        self.expect(":")?;
        let ty = self.ty()?;
        if self.values.contains_key(&name) {
            self.error_at(span, format!("`%{name}` is defined twice"));
            return Err(Abort);
        }
        let v = self.func.values.append(ValueInfo { ty });
        self.values.insert(name, v);
        Ok(v)
    }

    fn entity<T>(
        &mut self,
        pick: impl Fn(&Function, &str) -> Option<crate::Handle<T>>,
        what: &str,
    ) -> PResult<crate::Handle<T>> {
        let (name, span) = self.entity_name()?;
        pick(&self.func, &name).ok_or_else(|| {
            self.error_at(span, format!("no {what} named `{}`", entity_name(&name)));
            Abort
        })
    }

    fn loc(&mut self) -> PResult<Option<SourceLoc>> {
        if !self.eat("!") {
            return Ok(None);
        }
        let file = self.integer("a file number")?;
        self.expect(":")?;
        let start = self.integer("a byte offset")?;
        self.expect("..")?;
        let end = self.integer("a byte offset")?;
        Ok(Some(SourceLoc {
            file: FileId(file),
            span: Span { start, end },
        }))
    }

    fn inst(&mut self) -> PResult<Inst> {
        let mut results = Vec::new();
        if matches!(self.peek(), Tok::Value(_)) {
            results.push(self.def()?);
            while self.eat(",") {
                results.push(self.def()?);
            }
            self.expect("=")?;
        }
        let (word, span) = self.ident("an instruction")?;
        let declared = results.first().map(|&r| self.func.values[r].ty);
        let kind = self.inst_kind(&word, span, declared)?;
        let loc = self.loc()?;
        let kind = self.regions(kind)?;
        Ok(Inst { kind, results, loc })
    }

    /// The instruction after its mnemonic, up to its location (regions without their blocks).
    fn inst_kind(&mut self, word: &str, span: Span, declared: Option<Type>) -> PResult<InstKind> {
        Ok(match word {
            "const" => {
                let Some(ty) = declared else {
                    self.error_at(span, "`const` needs a typed result");
                    return Err(Abort);
                };
                InstKind::Const(self.constant(ty)?)
            }
            "input" => InstKind::LoadInput(self.entity(|f, n| f.input(n), "input")?),
            "uniform" => {
                let uniform = self.entity(|f, n| f.uniform(n), "uniform")?;
                let index = if self.eat("[") {
                    let i = if matches!(self.peek(), Tok::Value(_)) {
                        UniformIndex::Dynamic(self.use_value()?)
                    } else {
                        UniformIndex::Const(self.integer("an index")?)
                    };
                    self.expect("]")?;
                    Some(i)
                } else {
                    None
                };
                InstKind::LoadUniform { uniform, index }
            }
            "tex" | "texproj" | "texgrad" | "texlod" | "texbias" | "texfetch" => {
                let sampler = self.entity(|f, n| f.sampler(n), "sampler")?;
                self.expect(",")?;
                let coord = self.use_value()?;
                let form = match word {
                    "tex" => SampleForm::Plain,
                    "texproj" => SampleForm::Proj,
                    "texlod" => {
                        self.expect(",")?;
                        SampleForm::Lod {
                            lod: self.use_value()?,
                        }
                    }
                    "texbias" => {
                        self.expect(",")?;
                        SampleForm::Bias {
                            bias: self.use_value()?,
                        }
                    }
                    "texfetch" => {
                        self.expect(",")?;
                        SampleForm::Fetch {
                            lod: self.use_value()?,
                        }
                    }
                    _ => {
                        self.expect(",")?;
                        let ddx = self.use_value()?;
                        self.expect(",")?;
                        let ddy = self.use_value()?;
                        SampleForm::Grad { ddx, ddy }
                    }
                };
                InstKind::Sample {
                    sampler,
                    form,
                    coord,
                }
            }
            "store" => {
                let output = self.entity(|f, n| f.output(n), "output")?;
                let mask = if self.eat(".") {
                    let (letters, mspan) = self.ident("a write mask")?;
                    WriteMask::from_letters(&letters).ok_or_else(|| {
                        self.error_at(mspan, format!("bad write mask `{letters}`"));
                        Abort
                    })?
                } else {
                    WriteMask::all(self.func.outputs[output].ty.width)
                };
                self.expect(",")?;
                let value = self.use_value()?;
                InstKind::Store {
                    output,
                    mask,
                    value,
                }
            }
            "discard" => InstKind::Discard,
            "return" => InstKind::Return,
            "yield" => InstKind::Yield(self.value_list_on_line()?),
            "break" => InstKind::Break(self.value_list_on_line()?),
            "continue" => InstKind::Continue(self.value_list_on_line()?),
            "if" => InstKind::If {
                cond: self.use_value()?,
                then_block: Block::new(),
                else_block: Block::new(),
            },
            "switch" => InstKind::Switch {
                selector: self.use_value()?,
                cases: Vec::new(),
                default: Block::new(),
            },
            "loop" => {
                // Loop parameters are defined after the results (text order).
                let (mut params, mut init) = (Vec::new(), Vec::new());
                if self.eat("(") {
                    loop {
                        params.push(self.def()?);
                        self.expect("=")?;
                        init.push(self.use_value()?);
                        if !self.eat(",") {
                            break;
                        }
                    }
                    self.expect(")")?;
                }
                InstKind::Loop {
                    params,
                    init,
                    body: Block::new(),
                }
            }
            "swizzle" => {
                let arg = self.use_value()?;
                self.expect(".")?;
                let (letters, sspan) = self.ident("a swizzle")?;
                let s = Swizzle::from_letters(&letters).ok_or_else(|| {
                    self.error_at(sspan, format!("bad swizzle `{letters}`"));
                    Abort
                })?;
                InstKind::Op {
                    op: Op::Swizzle(s),
                    args: vec![arg],
                }
            }
            "cvt" => {
                let Some(ty) = declared else {
                    self.error_at(span, "`cvt` needs a typed result");
                    return Err(Abort);
                };
                InstKind::Op {
                    op: Op::Cvt(ty.kind),
                    args: vec![self.use_value()?],
                }
            }
            _ => {
                let Some(op) = Op::from_mnemonic(word) else {
                    self.error_at(span, format!("unknown instruction `{word}`"));
                    return Err(Abort);
                };
                InstKind::Op {
                    op,
                    args: self.comma_values()?,
                }
            }
        })
    }

    /// Parses the blocks of a region instruction (after its location).
    fn regions(&mut self, mut kind: InstKind) -> PResult<InstKind> {
        match &mut kind {
            InstKind::If {
                then_block,
                else_block,
                ..
            } => {
                *then_block = self.block()?;
                if self.is_ident("else") {
                    self.bump();
                    *else_block = self.block()?;
                }
            }
            InstKind::Loop { body, .. } => *body = self.block()?,
            InstKind::Switch { cases, default, .. } => {
                self.expect("{")?;
                while self.is_ident("case") {
                    self.bump();
                    let mut values = vec![self.integer("a case value")?];
                    while self.eat(",") {
                        values.push(self.integer("a case value")?);
                    }
                    let body = self.block()?;
                    cases.push(SwitchCase { values, body });
                }
                if !self.is_ident("default") {
                    return self.fail_here("expected `case` or `default`");
                }
                self.bump();
                *default = self.block()?;
                self.expect("}")?;
            }
            _ => {}
        }
        Ok(kind)
    }

    /// `width` comma-separated literals of the type's kind.
    fn constant(&mut self, ty: Type) -> PResult<Vector> {
        let mut bits = Vec::new();
        for i in 0..ty.width.clamp(1, 4) {
            if i > 0 {
                self.expect(",")?;
            }
            bits.push(self.literal(ty.kind)?);
        }
        Ok(Vector::from_bits(ty, &bits))
    }

    fn literal(&mut self, kind: ScalarKind) -> PResult<u32> {
        let t = self.token().clone();
        let text = match &t.tok {
            Tok::Number(s) | Tok::Ident(s) => s.clone(),
            _ => return self.fail_here("expected a literal"),
        };
        let bits = match kind {
            ScalarKind::Bool => match text.as_str() {
                "true" => Some(1),
                "false" => Some(0),
                _ => None,
            },
            ScalarKind::Int => text.parse::<i32>().ok().map(|v| v as u32),
            _ => real_literal(&text),
        };
        match bits {
            Some(b) => {
                self.bump();
                Ok(b)
            }
            None => {
                self.error_at(t.span, format!("`{text}` is not a {} literal", kind.name()));
                Err(Abort)
            }
        }
    }
}

/// The f32 bit pattern of a real literal: a decimal, `nan`, `inf`, `-inf` or raw bits `0x........`.
fn real_literal(text: &str) -> Option<u32> {
    match text {
        "nan" => Some(0x7fc0_0000),
        "inf" => Some(f32::INFINITY.to_bits()),
        "-inf" => Some(f32::NEG_INFINITY.to_bits()),
        _ if text.starts_with("0x") && text.len() > 2 => u32::from_str_radix(&text[2..], 16).ok(),
        _ if text.starts_with(|c: char| c.is_ascii_digit() || c == '-') => {
            text.parse::<f32>().ok().map(f32::to_bits)
        }
        _ => None,
    }
}
