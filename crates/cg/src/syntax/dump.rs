//! A readable text dump of the syntax tree, for tests and debugging (`NAME.ast` expectation files).
//!
//! Declarations and statements print one per line, children indented by two spaces; expressions
//! print on one line as S-expressions: `(+ a (* b c))`, `(call f x)`, `(ctor float4 1 2 3 4)`,
//! `(cast half x)`, `(. v xyz)` (member or swizzle), `([] a i)` (index), `(? c a b)`, `(, a b)`,
//! `(= a b)`, unary `(neg x)`/`(! x)`/`(post++ i)`, initializer lists `{1, 2}`, errors `<error>`.
//! Literals print their value and suffix: `16` for `0x10`, `1.5h`, `true`, `"text"`. Spans are not
//! printed (unit tests check them); the dump shows structure.

use super::ast::*;
use std::fmt::Write;

/// Renders the whole translation unit.
pub fn dump(unit: &TranslationUnit) -> String {
    let mut printer = Printer {
        exprs: &unit.exprs,
        out: String::new(),
    };
    for decl in &unit.decls {
        printer.decl(decl, 0);
    }
    printer.out
}

/// Renders one expression as an S-expression.
pub fn dump_expr(exprs: &Exprs, id: ExprId) -> String {
    Printer {
        exprs,
        out: String::new(),
    }
    .expr(id)
}

struct Printer<'a> {
    exprs: &'a Exprs,
    out: String,
}

impl Printer<'_> {
    fn line(&mut self, depth: usize, text: &str) {
        let _ = writeln!(self.out, "{:indent$}{text}", "", indent = depth * 2);
    }

    fn decl(&mut self, decl: &Decl, depth: usize) {
        match decl {
            Decl::Var(var) => self.var_decl("var", var, depth),
            Decl::Typedef(var) => self.var_decl("typedef", var, depth),
            Decl::Function(function) => self.function(function, depth),
        }
    }

    fn var_decl(&mut self, word: &str, var: &VarDecl, depth: usize) {
        let header = format!(
            "{word}{} {}",
            qualifiers(&var.qualifiers),
            type_spec(&var.ty)
        );
        self.line(depth, &header);
        self.struct_members(&var.ty, depth + 1);
        for d in &var.declarators {
            let mut text = format!(
                "{}{}{}",
                d.name.name,
                self.dims(&d.dims),
                semantic(&d.semantic)
            );
            for a in &d.annotations {
                let _ = write!(
                    text,
                    " <{} {} = {}>",
                    a.type_name.name,
                    a.name.name,
                    self.expr(a.value)
                );
            }
            if let Some(init) = d.init {
                let _ = write!(text, " = {}", self.expr(init));
            }
            self.line(depth + 1, &text);
        }
    }

    fn struct_members(&mut self, ty: &TypeSpec, depth: usize) {
        if let TypeKind::Struct(def) = &ty.kind {
            for member in &def.members {
                self.decl(member, depth);
            }
        }
    }

    fn function(&mut self, f: &Function, depth: usize) {
        let scope = f
            .scope
            .as_ref()
            .map_or(String::new(), |s| format!("{}::", s.name));
        let header = format!(
            "fn{} {} {scope}{}{}",
            qualifiers(&f.qualifiers),
            type_spec(&f.return_type),
            f.name.name,
            semantic(&f.semantic)
        );
        self.line(depth, &header);
        self.struct_members(&f.return_type, depth + 1);
        for p in &f.params {
            let name = p
                .name
                .as_ref()
                .map_or(String::new(), |n| format!(" {}", n.name));
            let mut text = format!(
                "param{} {}{name}{}{}",
                qualifiers(&p.qualifiers),
                type_spec(&p.ty),
                self.dims(&p.dims),
                semantic(&p.semantic)
            );
            if let Some(default) = p.default {
                let _ = write!(text, " = {}", self.expr(default));
            }
            self.line(depth + 1, &text);
        }
        match &f.body {
            Some(body) => self.block(body, depth + 1),
            None => self.line(depth + 1, "prototype"),
        }
    }

    fn block(&mut self, block: &Block, depth: usize) {
        self.line(depth, "block");
        for stmt in &block.stmts {
            self.stmt(stmt, depth + 1);
        }
    }

    fn stmt(&mut self, stmt: &Stmt, depth: usize) {
        match &stmt.kind {
            StmtKind::Empty => self.line(depth, "empty"),
            StmtKind::Expr(e) => {
                let text = format!("expr {}", self.expr(*e));
                self.line(depth, &text);
            }
            StmtKind::Decl(decl) => self.decl(decl, depth),
            StmtKind::Block(block) => self.block(block, depth),
            StmtKind::If {
                cond,
                then,
                otherwise,
            } => {
                let text = format!("if {}", self.expr(*cond));
                self.line(depth, &text);
                self.stmt(then, depth + 1);
                if let Some(otherwise) = otherwise {
                    self.line(depth, "else");
                    self.stmt(otherwise, depth + 1);
                }
            }
            StmtKind::While { cond, body } => {
                let text = format!("while {}", self.expr(*cond));
                self.line(depth, &text);
                self.stmt(body, depth + 1);
            }
            StmtKind::DoWhile { body, cond } => {
                let text = format!("do-while {}", self.expr(*cond));
                self.line(depth, &text);
                self.stmt(body, depth + 1);
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } => self.for_stmt(init.as_deref(), *cond, *step, body, depth),
            StmtKind::Switch { selector, cases } => {
                let text = format!("switch {}", self.expr(*selector));
                self.line(depth, &text);
                for case in cases {
                    let labels: Vec<String> = case
                        .labels
                        .iter()
                        .map(|l| match l {
                            CaseLabel::Case { value, .. } => format!("case {}", self.expr(*value)),
                            CaseLabel::Default { .. } => "default".to_string(),
                        })
                        .collect();
                    self.line(depth + 1, &labels.join(", "));
                    for s in &case.body {
                        self.stmt(s, depth + 2);
                    }
                }
            }
            StmtKind::Break => self.line(depth, "break"),
            StmtKind::Continue => self.line(depth, "continue"),
            StmtKind::Discard => self.line(depth, "discard"),
            StmtKind::Return(value) => {
                let text = match value {
                    Some(v) => format!("return {}", self.expr(*v)),
                    None => "return".to_string(),
                };
                self.line(depth, &text);
            }
            StmtKind::Error => self.line(depth, "<error>"),
        }
    }

    fn for_stmt(
        &mut self,
        init: Option<&Stmt>,
        cond: Option<ExprId>,
        step: Option<ExprId>,
        body: &Stmt,
        depth: usize,
    ) {
        self.line(depth, "for");
        match init {
            Some(init) => {
                self.line(depth + 1, "init");
                self.stmt(init, depth + 2);
            }
            None => self.line(depth + 1, "init -"),
        }
        let cond = cond.map_or("-".to_string(), |c| self.expr(c));
        self.line(depth + 1, &format!("cond {cond}"));
        let step = step.map_or("-".to_string(), |s| self.expr(s));
        self.line(depth + 1, &format!("step {step}"));
        self.stmt(body, depth + 1);
    }

    fn dims(&self, dims: &[ArrayDim]) -> String {
        dims.iter()
            .map(|d| match d.size {
                Some(size) => format!("[{}]", self.expr(size)),
                None => "[]".to_string(),
            })
            .collect()
    }

    fn expr(&self, id: ExprId) -> String {
        let list = |head: &str, items: &[ExprId]| {
            let mut s = format!("({head}");
            for item in items {
                let _ = write!(s, " {}", self.expr(*item));
            }
            s.push(')');
            s
        };
        match &self.exprs[id].kind {
            ExprKind::Literal(literal) => literal_text(literal),
            ExprKind::Name(name) => name.name.clone(),
            ExprKind::Scoped { scope, name } => format!("{}::{}", scope.name, name.name),
            ExprKind::Unary { op, operand } => list(op.as_str(), &[*operand]),
            ExprKind::Binary { op, lhs, rhs } => list(op.as_str(), &[*lhs, *rhs]),
            ExprKind::Assign { op, lhs, rhs } => {
                let head = format!("{}=", op.map_or("", BinaryOp::as_str));
                list(&head, &[*lhs, *rhs])
            }
            ExprKind::Conditional {
                cond,
                then,
                otherwise,
            } => list("?", &[*cond, *then, *otherwise]),
            ExprKind::Comma { lhs, rhs } => list(",", &[*lhs, *rhs]),
            ExprKind::Cast { ty, dims, operand } => list(
                &format!("cast {}{}", type_spec(ty), self.dims(dims)),
                &[*operand],
            ),
            ExprKind::Constructor { ty, args } => list(&format!("ctor {}", type_spec(ty)), args),
            ExprKind::ArrayConstructor { ty, dims, args } => {
                list(&format!("ctor {}{}", type_spec(ty), self.dims(dims)), args)
            }
            ExprKind::Call { callee, args } => list(&format!("call {}", self.expr(*callee)), args),
            ExprKind::Index { base, index } => list("[]", &[*base, *index]),
            ExprKind::Member { base, member } => {
                format!("(. {} {})", self.expr(*base), member.name)
            }
            ExprKind::InitList(items) => {
                let items: Vec<String> = items.iter().map(|i| self.expr(*i)).collect();
                format!("{{{}}}", items.join(", "))
            }
            ExprKind::Error => "<error>".to_string(),
        }
    }
}

fn literal_text(literal: &Literal) -> String {
    let suffix = |s: &Option<NumSuffix>| s.map_or("", NumSuffix::as_str);
    match literal {
        Literal::Int { value, suffix: s } => format!("{value}{}", suffix(s)),
        Literal::Float { text, suffix: s } => format!("{text}{}", suffix(s)),
        Literal::Bool(b) => b.to_string(),
        Literal::String(s) => format!("{s:?}"),
    }
}

fn qualifiers(qualifiers: &[Qualifier]) -> String {
    qualifiers
        .iter()
        .map(|q| format!(" {}", q.kind.as_str()))
        .collect()
}

fn semantic(semantic: &Option<Semantic>) -> String {
    match semantic {
        None => String::new(),
        Some(Semantic {
            kind: SemanticKind::Name(name),
            ..
        }) => format!(" : {name}"),
        Some(Semantic {
            kind: SemanticKind::Register(words),
            ..
        }) => {
            let words: Vec<&str> = words.iter().map(|w| w.name.as_str()).collect();
            format!(" : register({})", words.join(", "))
        }
    }
}

/// A type as text: `float4`, `packed float`, `half3x3`, `S`, `struct S inherits I`.
pub fn type_spec(ty: &TypeSpec) -> String {
    let packed = if ty.packed.is_some() { "packed " } else { "" };
    let kind = match &ty.kind {
        TypeKind::Void => "void".to_string(),
        TypeKind::Scalar(s) => s.as_str().to_string(),
        TypeKind::Vector(s, n) => format!("{}{n}", s.as_str()),
        TypeKind::Matrix(s, r, c) => format!("{}{r}x{c}", s.as_str()),
        TypeKind::Sampler(s) => s.as_str().to_string(),
        TypeKind::Named(name) => name.name.clone(),
        TypeKind::Struct(def) => {
            let word = match def.kind {
                StructKind::Struct => "struct",
                StructKind::Interface => "interface",
            };
            let name = def.name.as_ref().map_or("<anonymous>", |n| n.name.as_str());
            let base = def
                .base
                .as_ref()
                .map_or(String::new(), |b| format!(" inherits {}", b.name));
            format!("{word} {name}{base}{}", semantic(&def.semantic))
        }
        TypeKind::Error => "<error>".to_string(),
    };
    format!("{packed}{kind}")
}
