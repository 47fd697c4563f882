//! The Parasol parser: tokens to a [`Unit`], recursive descent over the spec's grammar.
//!
//! It never panics: a syntax error is reported (located, with the `PARSER_ERROR` name) and the parser
//! skips to the next declaration, so that one unit can report several errors. `external` bodies are
//! accepted only when parsing the standard library (`internal`), as in the reference compiler.

use crate::ast::*;
use crate::lexer::{lex, Kw, Tok};
use pigment_diag::cursor::Cursor;
use pigment_diag::{Diagnostic, FileId, Span};

/// The error name syntax errors carry (the reference compiler's `ParserError` class).
pub const PARSER_ERROR: &str = "PARSER_ERROR";

/// How deeply expressions may nest before the parser gives up (keeps the stack bounded).
const MAX_DEPTH: u32 = 256;

/// Parses one unit. `internal` allows `external` declarations (standard library only).
pub fn parse(text: &str, file: FileId, internal: bool) -> (Unit, Vec<Diagnostic>) {
    let mut diags = Vec::new();
    let tokens = lex(text, file, &mut diags);
    let mut p = Parser {
        cur: Cursor::new(tokens),
        file,
        internal,
        depth: 0,
        diags,
    };
    let unit = p.unit();
    (unit, p.diags)
}

/// A syntax error was reported; the caller recovers.
struct Failed;

type PResult<T> = Result<T, Failed>;

struct Parser {
    cur: Cursor<Tok>,
    file: FileId,
    internal: bool,
    depth: u32,
    diags: Vec<Diagnostic>,
}

impl Parser {
    fn error<T>(&mut self, expected: &str) -> PResult<T> {
        let found = self.cur.peek().describe();
        let span = self.cur.span();
        self.diags.push(
            Diagnostic::error(format!("expected {expected}, found {found}"))
                .with_code(PARSER_ERROR)
                .at(self.file, span),
        );
        Err(Failed)
    }

    fn is_kw(&self, k: Kw) -> bool {
        *self.cur.peek() == Tok::Kw(k)
    }

    fn is_punct(&self, c: char) -> bool {
        *self.cur.peek() == Tok::Punct(c)
    }

    fn kw(&mut self, k: Kw) -> PResult<Span> {
        if self.is_kw(k) {
            Ok(self.cur.bump().span)
        } else {
            self.error(&format!("`{}`", k.text()))
        }
    }

    fn punct(&mut self, c: char) -> PResult<Span> {
        if self.is_punct(c) {
            Ok(self.cur.bump().span)
        } else {
            self.error(&format!("`{c}`"))
        }
    }

    fn lower(&mut self) -> PResult<Name> {
        match self.cur.peek().clone() {
            Tok::Lower(text) => Ok(Name {
                text,
                span: self.cur.bump().span,
            }),
            _ => self.error("a lower-case name"),
        }
    }

    fn upper(&mut self) -> PResult<Name> {
        match self.cur.peek().clone() {
            Tok::Upper(text) => Ok(Name {
                text,
                span: self.cur.bump().span,
            }),
            _ => self.error("an upper-case name"),
        }
    }

    fn boolean(&mut self) -> PResult<bool> {
        match *self.cur.peek() {
            Tok::Bool(b) => {
                self.cur.bump();
                Ok(b)
            }
            _ => self.error("`true` or `false`"),
        }
    }

    fn integer(&mut self) -> PResult<(i32, Span)> {
        match *self.cur.peek() {
            Tok::Int(i) => Ok((i, self.cur.bump().span)),
            _ => self.error("an integer literal"),
        }
    }

    /// `name` or `Module.name`.
    fn path(&mut self) -> PResult<Path> {
        if let Tok::Upper(_) = self.cur.peek() {
            let module = self.upper()?;
            self.punct('.')?;
            let name = self.lower()?;
            return Ok(Path {
                module: Some(module),
                name,
            });
        }
        Ok(Path {
            module: None,
            name: self.lower()?,
        })
    }

    fn unit(&mut self) -> Unit {
        let mut unit = Unit {
            file: self.file,
            package: Vec::new(),
            modules: Vec::new(),
        };
        if let Ok(package) = self.package() {
            unit.package = package;
        } else {
            self.skip_to(|t| *t == Tok::Kw(Kw::Module));
        }
        if matches!(self.cur.peek(), Tok::Eof) {
            let _: PResult<()> = self.error("`module`");
        }
        while !matches!(self.cur.peek(), Tok::Eof) {
            match self.module() {
                Ok(m) => unit.modules.push(m),
                Err(Failed) => {
                    self.cur.bump();
                    self.skip_to(|t| *t == Tok::Kw(Kw::Module));
                }
            }
        }
        unit
    }

    fn package(&mut self) -> PResult<Vec<Name>> {
        self.kw(Kw::Package)?;
        let mut names = vec![self.lower()?];
        while self.is_punct('.') {
            self.cur.bump();
            names.push(self.lower()?);
        }
        self.punct(';')?;
        Ok(names)
    }

    /// Skips tokens until `stop` holds for the next one (or the end of the file).
    fn skip_to(&mut self, stop: impl Fn(&Tok) -> bool) {
        while !matches!(self.cur.peek(), Tok::Eof) && !stop(self.cur.peek()) {
            self.cur.bump();
        }
    }

    fn module(&mut self) -> PResult<Module> {
        self.kw(Kw::Module)?;
        let name = self.upper()?;
        self.kw(Kw::Is)?;
        let mut module = Module {
            name,
            imports: Vec::new(),
            decls: Vec::new(),
        };
        while self.is_kw(Kw::Import) {
            match self.import() {
                Ok(i) => module.imports.push(i),
                Err(Failed) => self.recover(),
            }
        }
        loop {
            match self.cur.peek() {
                Tok::Kw(Kw::End) => break,
                Tok::Eof | Tok::Kw(Kw::Module) => return self.error("`end`"),
                _ => {}
            }
            match self.declaration() {
                Ok(d) => module.decls.push(d),
                Err(Failed) => self.recover(),
            }
        }
        self.kw(Kw::End)?;
        self.punct(';')?;
        Ok(module)
    }

    /// After an error inside a module: skips to the start of the next declaration.
    fn recover(&mut self) {
        loop {
            match self.cur.peek() {
                Tok::Eof | Tok::Kw(Kw::Module) => return,
                Tok::Punct(';') => {
                    self.cur.bump();
                    let next = self.cur.peek();
                    let starts = [Kw::Value, Kw::Function, Kw::Type, Kw::Shader, Kw::Import];
                    let module_end = *next == Tok::Kw(Kw::End)
                        && *self.cur.peek_at(1) == Tok::Punct(';')
                        && matches!(self.cur.peek_at(2), Tok::Eof | Tok::Kw(Kw::Module));
                    if module_end || starts.iter().any(|k| *next == Tok::Kw(*k)) {
                        return;
                    }
                }
                _ => {
                    self.cur.bump();
                }
            }
        }
    }

    fn import(&mut self) -> PResult<Import> {
        let start = self.kw(Kw::Import)?;
        // The reference compiler accepts an import without a package (`import K;`), unlike the EBNF.
        let mut package = Vec::new();
        while let Tok::Lower(_) = self.cur.peek() {
            package.push(self.lower()?);
            self.punct('.')?;
        }
        let module = self.upper()?;
        let rename = if self.is_kw(Kw::As) {
            self.cur.bump();
            Some(self.upper()?)
        } else {
            None
        };
        let span = start.to(self.cur.prev_span());
        self.punct(';')?;
        Ok(Import {
            package,
            module,
            rename,
            span,
        })
    }

    fn declaration(&mut self) -> PResult<Decl> {
        let d = match self.cur.peek() {
            Tok::Kw(Kw::Value) => Decl::Value(self.value_decl()?),
            Tok::Kw(Kw::Function) => Decl::Function(self.function_decl()?),
            Tok::Kw(Kw::Type) => Decl::Type(self.type_decl()?),
            Tok::Kw(Kw::Shader) => Decl::Shader(self.shader()?),
            _ => return self.error("a declaration (`value`, `function`, `type` or `shader`)"),
        };
        self.punct(';')?;
        Ok(d)
    }

    fn ascription(&mut self) -> PResult<Option<Path>> {
        if self.is_punct(':') {
            self.cur.bump();
            return Ok(Some(self.path()?));
        }
        Ok(None)
    }

    fn value_decl(&mut self) -> PResult<ValueDecl> {
        self.kw(Kw::Value)?;
        let name = self.lower()?;
        let ascription = self.ascription()?;
        self.punct('=')?;
        let body = self.body()?;
        Ok(ValueDecl {
            name,
            ascription,
            body,
        })
    }

    fn body(&mut self) -> PResult<Body> {
        if self.internal && self.is_kw(Kw::External) {
            return Ok(Body::External(self.external()?));
        }
        Ok(Body::Expr(self.expr()?))
    }

    fn external(&mut self) -> PResult<External> {
        self.kw(Kw::External)?;
        let name = self.lower()?;
        self.kw(Kw::Is)?;
        let mut restricted = Vec::new();
        while self.is_kw(Kw::Restrict) {
            self.cur.bump();
            restricted.push(self.restriction()?);
            self.punct(';')?;
        }
        self.kw(Kw::Vertex)?;
        let vertex = self.boolean()?;
        self.punct(';')?;
        self.kw(Kw::Fragment)?;
        let fragment = self.boolean()?;
        self.punct(';')?;
        let emulation = if self.is_kw(Kw::With) {
            self.cur.bump();
            Some(self.expr()?)
        } else {
            None
        };
        self.kw(Kw::End)?;
        Ok(External {
            name,
            restricted,
            vertex,
            fragment,
            emulation,
        })
    }

    /// `N full` or `N es` after `restrict`.
    fn restriction(&mut self) -> PResult<GlslVersion> {
        let (number, _) = self.integer()?;
        let es = match self.cur.peek() {
            Tok::Lower(p) if p == "es" => true,
            Tok::Lower(p) if p == "full" => false,
            _ => return self.error("a GLSL profile, `es` or `full`"),
        };
        self.cur.bump();
        Ok(GlslVersion {
            number: u32::try_from(number).unwrap_or(0),
            es,
        })
    }

    fn typed_name(&mut self) -> PResult<Param> {
        let name = self.lower()?;
        self.punct(':')?;
        let ty = self.path()?;
        Ok(Param { name, ty })
    }

    fn function_decl(&mut self) -> PResult<FunctionDecl> {
        self.kw(Kw::Function)?;
        let name = self.lower()?;
        self.punct('(')?;
        let mut params = vec![self.typed_name()?];
        while self.is_punct(',') {
            self.cur.bump();
            params.push(self.typed_name()?);
        }
        self.punct(')')?;
        self.punct(':')?;
        let ret = self.path()?;
        self.punct('=')?;
        let body = self.body()?;
        Ok(FunctionDecl {
            name,
            params,
            ret,
            body,
        })
    }

    fn type_decl(&mut self) -> PResult<TypeDecl> {
        self.kw(Kw::Type)?;
        let name = self.lower()?;
        self.kw(Kw::Is)?;
        self.kw(Kw::Record)?;
        let mut fields = vec![self.typed_name()?];
        while self.is_punct(',') {
            self.cur.bump();
            fields.push(self.typed_name()?);
        }
        self.kw(Kw::End)?;
        Ok(TypeDecl { name, fields })
    }

    fn shader(&mut self) -> PResult<Shader> {
        self.kw(Kw::Shader)?;
        match self.cur.peek() {
            Tok::Kw(Kw::Vertex) => {
                self.cur.bump();
                Ok(Shader::Vertex(self.stage_shader(false)?))
            }
            Tok::Kw(Kw::Fragment) => {
                self.cur.bump();
                Ok(Shader::Fragment(self.stage_shader(true)?))
            }
            Tok::Kw(Kw::Program) => {
                self.cur.bump();
                let name = self.lower()?;
                self.kw(Kw::Is)?;
                self.kw(Kw::Vertex)?;
                let vertex = self.path()?;
                self.punct(';')?;
                self.kw(Kw::Fragment)?;
                let fragment = self.path()?;
                self.punct(';')?;
                self.kw(Kw::End)?;
                Ok(Shader::Program(ProgramDecl {
                    name,
                    vertex,
                    fragment,
                }))
            }
            _ => self.error("`vertex`, `fragment` or `program`"),
        }
    }

    /// The rest of `shader vertex|fragment NAME is ... end` after the stage keyword.
    fn stage_shader(&mut self, fragment: bool) -> PResult<StageShader> {
        let name = self.lower()?;
        self.kw(Kw::Is)?;
        let mut ios = Vec::new();
        while !self.is_kw(Kw::With) && !self.is_kw(Kw::As) {
            ios.push(self.shader_io(fragment)?);
            self.punct(';')?;
        }
        let mut locals = Vec::new();
        if self.is_kw(Kw::With) {
            self.cur.bump();
            loop {
                if fragment && self.is_kw(Kw::Discard) {
                    let start = self.cur.bump().span;
                    self.punct('(')?;
                    let e = self.expr()?;
                    let end = self.punct(')')?;
                    locals.push(Local::Discard(e, start.to(end)));
                } else {
                    locals.push(Local::Value(self.local_value()?));
                }
                self.punct(';')?;
                if self.is_kw(Kw::As) {
                    break;
                }
            }
        }
        self.kw(Kw::As)?;
        let mut outputs = Vec::new();
        loop {
            self.kw(Kw::Out)?;
            let name = self.lower()?;
            self.punct('=')?;
            let value = self.path()?;
            self.punct(';')?;
            outputs.push(OutAssign { name, value });
            if self.is_kw(Kw::End) {
                break;
            }
        }
        self.kw(Kw::End)?;
        Ok(StageShader {
            name,
            ios,
            locals,
            outputs,
        })
    }

    fn shader_io(&mut self, fragment: bool) -> PResult<ShaderIo> {
        let start = self.cur.span();
        let kind = match self.cur.peek() {
            Tok::Kw(Kw::Parameter) => IoKind::Parameter,
            Tok::Kw(Kw::In) => IoKind::Input,
            Tok::Kw(Kw::Out) => IoKind::Output(None),
            _ => return self.error("`parameter`, `in`, `out`, `with` or `as`"),
        };
        self.cur.bump();
        let kind = match kind {
            IoKind::Output(_) if !fragment && self.is_kw(Kw::Vertex) => {
                self.cur.bump();
                IoKind::OutputMain
            }
            IoKind::Output(_) if fragment && self.is_kw(Kw::Depth) => {
                self.cur.bump();
                IoKind::OutputDepth
            }
            k => k,
        };
        let Param { name, ty } = self.typed_name()?;
        let kind = match kind {
            IoKind::Output(_) if fragment => {
                self.kw(Kw::As)?;
                IoKind::Output(Some(self.integer()?))
            }
            k => k,
        };
        Ok(ShaderIo {
            kind,
            name,
            ty,
            span: start.to(self.cur.prev_span()),
        })
    }

    fn local_value(&mut self) -> PResult<LocalValue> {
        self.kw(Kw::Value)?;
        let name = self.lower()?;
        let ascription = self.ascription()?;
        self.punct('=')?;
        let value = self.expr()?;
        Ok(LocalValue {
            name,
            ascription,
            value,
        })
    }

    fn expr(&mut self) -> PResult<Expr> {
        if self.depth >= MAX_DEPTH {
            return self.error("a less deeply nested expression");
        }
        self.depth += 1;
        let e = self.expr_inner();
        self.depth -= 1;
        e
    }

    fn expr_inner(&mut self) -> PResult<Expr> {
        let mut e = self.expr_pre()?;
        loop {
            if self.is_punct('.') {
                self.cur.bump();
                let field = self.lower()?;
                let span = e.span.to(field.span);
                e = Expr {
                    kind: ExprKind::Project(Box::new(e), field),
                    span,
                };
            } else if self.is_punct('[') {
                self.cur.bump();
                let mut fields = vec![self.lower()?];
                while let Tok::Lower(_) = self.cur.peek() {
                    fields.push(self.lower()?);
                }
                let end = self.punct(']')?;
                let span = e.span.to(end);
                e = Expr {
                    kind: ExprKind::Swizzle(Box::new(e), fields),
                    span,
                };
            } else {
                return Ok(e);
            }
        }
    }

    fn args(&mut self) -> PResult<Vec<Expr>> {
        self.punct('(')?;
        let mut args = vec![self.expr()?];
        while self.is_punct(',') {
            self.cur.bump();
            args.push(self.expr()?);
        }
        self.punct(')')?;
        Ok(args)
    }

    fn expr_pre(&mut self) -> PResult<Expr> {
        let start = self.cur.span();
        let kind = match self.cur.peek().clone() {
            Tok::Int(i) => {
                self.cur.bump();
                ExprKind::Int(i)
            }
            Tok::Real(r) => {
                self.cur.bump();
                ExprKind::Real(r)
            }
            Tok::Bool(b) => {
                self.cur.bump();
                ExprKind::Bool(b)
            }
            Tok::Lower(_) | Tok::Upper(_) => {
                let path = self.path()?;
                if self.is_punct('(') {
                    ExprKind::Apply(path, self.args()?)
                } else {
                    ExprKind::Var(path)
                }
            }
            Tok::Kw(Kw::If) => {
                self.cur.bump();
                let c = self.expr()?;
                self.kw(Kw::Then)?;
                let t = self.expr()?;
                self.kw(Kw::Else)?;
                let f = self.expr()?;
                self.kw(Kw::End)?;
                ExprKind::If(Box::new(c), Box::new(t), Box::new(f))
            }
            Tok::Kw(Kw::Let) => {
                self.cur.bump();
                let mut locals = Vec::new();
                loop {
                    locals.push(self.local_value()?);
                    self.punct(';')?;
                    if self.is_kw(Kw::In) {
                        break;
                    }
                }
                self.kw(Kw::In)?;
                let body = self.expr()?;
                self.kw(Kw::End)?;
                ExprKind::Let(locals, Box::new(body))
            }
            Tok::Kw(Kw::New) => {
                self.cur.bump();
                let ty = self.path()?;
                ExprKind::New(ty, self.args()?)
            }
            Tok::Kw(Kw::Record) => {
                self.cur.bump();
                let ty = self.path()?;
                self.punct('{')?;
                let mut fields = Vec::new();
                loop {
                    let name = self.lower()?;
                    self.punct('=')?;
                    fields.push((name, self.expr()?));
                    if !self.is_punct(',') {
                        break;
                    }
                    self.cur.bump();
                }
                self.punct('}')?;
                ExprKind::Record(ty, fields)
            }
            Tok::Kw(Kw::Column) => {
                self.cur.bump();
                let m = self.expr()?;
                let (index, span) = self.integer()?;
                ExprKind::Column(Box::new(m), index, span)
            }
            _ => return self.error("an expression"),
        };
        Ok(Expr {
            kind,
            span: start.to(self.cur.prev_span()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(src: &str) -> Unit {
        let (u, d) = parse(src, FileId(0), false);
        assert!(d.is_empty(), "{d:?}");
        u
    }

    fn errors(src: &str) -> Vec<Diagnostic> {
        parse(src, FileId(0), false).1
    }

    #[test]
    fn a_whole_unit_parses() {
        let u = ok("package a.b;
module M is
  import x.y.N as Q;
  type t is record a : integer, b : vector_3f end;
  value v : integer = let value z = 1; in if true then z else 2 end end;
  function f (x : float, y : float) : float = F.add (x, y);
  value s = new vector_4f (1.0, 2.0, 3.0, 4.0);
  shader fragment fr is
    parameter t : sampler_2d;
    in uv : vector_2f;
    out c : vector_4f as 0;
    out depth d : float;
  with
    value k = S.texture (t, uv) [x y z w];
    discard (false);
  as
    out c = k;
    out d = z;
  end;
  shader program p is vertex v; fragment fr; end;
end;
");
        assert_eq!(u.package.len(), 2);
        assert_eq!(u.modules[0].imports[0].rename.as_ref().unwrap().text, "Q");
        assert_eq!(u.modules[0].decls.len(), 5 + 1);
    }

    #[test]
    fn errors_are_located_and_recovered() {
        // Two broken declarations report two errors; the good one between them still parses.
        let src = "package a;\nmodule M is\n value x = ;\n value y = 1;\n value z = f ();\nend;\n";
        let (u, d) = parse(src, FileId(0), false);
        assert_eq!(d.len(), 2, "{d:?}");
        assert_eq!(d[0].code(), Some(PARSER_ERROR));
        assert_eq!(d[0].primary.as_ref().unwrap().span.start, 34);
        assert_eq!(u.modules[0].decls.len(), 1);
    }

    #[test]
    fn external_only_in_the_standard_library() {
        let src = "package a;\nmodule M is\n value x : float = external e is vertex true; fragment false; end;\nend;\n";
        assert_eq!(errors(src).len(), 1);
        assert!(parse(src, FileId(0), true).1.is_empty());
    }

    #[test]
    fn deep_nesting_does_not_overflow() {
        let src = format!(
            "package a; module M is value x = {}1{}; end;",
            "if ".repeat(5000),
            ""
        );
        assert!(!errors(&src).is_empty());
    }
}
