//! Resolution (the reference's `Resolver` stage): imports exist and are acyclic; every term, type and
//! shader path names something visible; no term, type or shader refers to itself, directly
//! (`*_RECURSIVE_LOCAL`) or through others (`*_RECURSIVE_MUTUAL`).

use super::env::{Env, ModuleInfo, BUILTIN_TYPES};
use super::Reporter;
use crate::ast::*;
use pigment_diag::{FileId, Span};
use std::collections::{BTreeMap, HashMap};

/// A global declaration: module key and name.
type Node = (String, String);

/// A dependency graph with the place each first edge was written.
#[derive(Default)]
struct Graph {
    edges: BTreeMap<Node, Vec<(Node, FileId, Span)>>,
}

pub fn check(env: &Env, r: &mut Reporter) {
    imports(env, r);
    if !r.diags.is_empty() {
        return;
    }
    let mut terms = Graph::default();
    let mut types = Graph::default();
    let mut shaders = Graph::default();
    for m in env.modules.values() {
        let mut w = Walker {
            env,
            m,
            r,
            scope: Vec::new(),
            from: None,
            terms: &mut terms,
        };
        w.module(&mut types, &mut shaders);
    }
    if !r.diags.is_empty() {
        return;
    }
    cycles(
        &terms,
        r,
        [
            "RESOLVER_TERM_RECURSIVE_LOCAL",
            "RESOLVER_TERM_RECURSIVE_MUTUAL",
        ],
        "term",
    );
    cycles(
        &types,
        r,
        [
            "RESOLVER_TYPE_RECURSIVE_LOCAL",
            "RESOLVER_TYPE_RECURSIVE_MUTUAL",
        ],
        "type",
    );
    cycles(
        &shaders,
        r,
        [
            "RESOLVER_SHADER_RECURSIVE_LOCAL",
            "RESOLVER_SHADER_RECURSIVE_MUTUAL",
        ],
        "shader",
    );
}

fn imports(env: &Env, r: &mut Reporter) {
    let mut graph = Graph::default();
    for m in env.modules.values() {
        for import in &m.module.imports {
            let key = super::env::module_key(&import.package, &import.module.text);
            if !env.modules.contains_key(&key) {
                r.error(
                    m.file,
                    import.span,
                    "RESOLVER_IMPORT_UNKNOWN",
                    format!("no module `{key}` exists"),
                );
                continue;
            }
            let node = (m.key.clone(), String::new());
            graph
                .edges
                .entry(node)
                .or_default()
                .push(((key, String::new()), m.file, import.span));
        }
    }
    if let Some((_, file, span)) = first_cycle(&graph) {
        r.error(
            file,
            span,
            "RESOLVER_IMPORT_CYCLIC",
            "this import makes modules import each other in a cycle",
        );
    }
}

/// Reports self-references and the first edge of each cycle of the graph.
/// `kind` gives the self-reference and the mutual-recursion error names.
fn cycles(g: &Graph, r: &mut Reporter, kind: [&'static str; 2], what: &str) {
    for (node, edges) in &g.edges {
        if let Some((_, file, span)) = edges.iter().find(|(to, _, _)| to == node) {
            r.error(
                *file,
                *span,
                kind[0],
                format!("{what} `{}` refers to itself", node.1),
            );
            return;
        }
    }
    if let Some((node, file, span)) = first_cycle(g) {
        r.error(
            file,
            span,
            kind[1],
            format!(
                "{what} `{}` is mutually recursive with other {what}s",
                node.1
            ),
        );
    }
}

/// The first edge found that closes a cycle (depth-first search), with its source.
fn first_cycle(g: &Graph) -> Option<(Node, FileId, Span)> {
    // 0 = unvisited, 1 = on the stack, 2 = done.
    let mut state: HashMap<&Node, u8> = HashMap::new();
    for start in g.edges.keys() {
        if state.get(start).copied().unwrap_or(0) != 0 {
            continue;
        }
        let mut stack: Vec<(&Node, usize)> = vec![(start, 0)];
        state.insert(start, 1);
        while let Some((node, i)) = stack.pop() {
            let edges = g.edges.get(node).map(Vec::as_slice).unwrap_or(&[]);
            if let Some((to, file, span)) = edges.get(i) {
                stack.push((node, i + 1));
                match state.get(to).copied().unwrap_or(0) {
                    1 => return Some((node.clone(), *file, *span)),
                    0 => {
                        state.insert(to, 1);
                        stack.push((to, 0));
                    }
                    _ => {}
                }
            } else {
                state.insert(node, 2);
            }
        }
    }
    None
}

struct Walker<'e, 'a, 'r> {
    env: &'e Env<'a>,
    m: &'e ModuleInfo<'a>,
    r: &'r mut Reporter,
    /// Local names in scope (parameters, inputs, let and shader values), innermost last.
    scope: Vec<String>,
    /// The module-level term being walked, for the term graph.
    from: Option<Node>,
    terms: &'e mut Graph,
}

impl<'e, 'a> Walker<'e, 'a, '_> {
    fn module(&mut self, types: &mut Graph, shaders: &mut Graph) {
        let module = self.m.module;
        for decl in &module.decls {
            match decl {
                Decl::Value(v) => {
                    self.from = Some((self.m.key.clone(), v.name.text.clone()));
                    self.terms
                        .edges
                        .entry(self.from.clone().unwrap())
                        .or_default();
                    if let Some(t) = &v.ascription {
                        self.ty(t);
                    }
                    self.body(&v.body);
                }
                Decl::Function(f) => {
                    self.from = Some((self.m.key.clone(), f.name.text.clone()));
                    for p in &f.params {
                        self.ty(&p.ty);
                    }
                    self.ty(&f.ret);
                    self.scope = f.params.iter().map(|p| p.name.text.clone()).collect();
                    self.body(&f.body);
                    self.scope.clear();
                }
                Decl::Type(t) => {
                    let node = (self.m.key.clone(), t.name.text.clone());
                    for field in &t.fields {
                        if let Some(key) = self.ty(&field.ty) {
                            let to = (key, field.ty.name.text.clone());
                            types.edges.entry(node.clone()).or_default().push((
                                to,
                                self.m.file,
                                field.ty.span(),
                            ));
                        }
                    }
                }
                Decl::Shader(s) => {
                    self.from = None;
                    self.shader(s, shaders);
                }
            }
        }
    }

    fn body(&mut self, body: &Body) {
        match body {
            Body::Expr(e) => self.expr(e),
            Body::External(x) => {
                if let Some(e) = &x.emulation {
                    self.expr(e);
                }
            }
        }
    }

    fn error(&mut self, span: Span, code: &'static str, message: String) {
        self.r.error(self.m.file, span, code, message);
    }

    /// The module a qualified path refers to, reporting an unknown qualifier.
    fn target(&mut self, path: &Path) -> Option<&'e ModuleInfo<'a>> {
        let env = self.env;
        let m = self.m;
        let t = env.target(m, path);
        if t.is_none() {
            let q = path.module.as_ref().map_or("", |q| q.text.as_str());
            self.error(
                path.span(),
                "RESOLVER_MODULE_REFERENCE_UNKNOWN",
                format!("no module `{q}` is imported here"),
            );
        }
        t
    }

    /// Resolves a type path; returns the defining module's key for records (None for built-ins).
    fn ty(&mut self, path: &Path) -> Option<String> {
        if path.module.is_none() && BUILTIN_TYPES.contains(&path.name.text.as_str()) {
            return None;
        }
        let m = self.target(path)?;
        if m.types.contains_key(&path.name.text) {
            return Some(m.key.clone());
        }
        self.error(
            path.span(),
            "RESOLVER_TYPE_NONEXISTENT",
            format!("no type `{path}` exists"),
        );
        None
    }

    fn term(&mut self, path: &Path) {
        if path.module.is_none() && self.scope.contains(&path.name.text) {
            return;
        }
        let Some(m) = self.target(path) else { return };
        if !m.terms.contains_key(&path.name.text) {
            self.error(
                path.span(),
                "RESOLVER_TERM_NONEXISTENT",
                format!("no term `{path}` exists"),
            );
            return;
        }
        if let Some(from) = &self.from {
            let to = (m.key.clone(), path.name.text.clone());
            self.terms
                .edges
                .entry(from.clone())
                .or_default()
                .push((to, self.m.file, path.span()));
        }
    }

    fn locals(&mut self, locals: &[LocalValue]) {
        for l in locals {
            if let Some(t) = &l.ascription {
                self.ty(t);
            }
            self.expr(&l.value);
            self.scope.push(l.name.text.clone());
        }
    }

    fn expr(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Var(p) => self.term(p),
            ExprKind::Apply(p, args) => {
                self.term(p);
                args.iter().for_each(|a| self.expr(a));
            }
            ExprKind::New(t, args) => {
                self.ty(t);
                args.iter().for_each(|a| self.expr(a));
            }
            ExprKind::Record(t, fields) => {
                self.ty(t);
                fields.iter().for_each(|(_, e)| self.expr(e));
            }
            ExprKind::If(c, t, f) => {
                self.expr(c);
                self.expr(t);
                self.expr(f);
            }
            ExprKind::Let(locals, body) => {
                let depth = self.scope.len();
                self.locals(locals);
                self.expr(body);
                self.scope.truncate(depth);
            }
            ExprKind::Column(e, _, _) | ExprKind::Swizzle(e, _) | ExprKind::Project(e, _) => {
                self.expr(e)
            }
            ExprKind::Int(_) | ExprKind::Real(_) | ExprKind::Bool(_) | ExprKind::Error => {}
        }
    }

    fn shader(&mut self, s: &Shader, shaders: &mut Graph) {
        let stage = match s {
            Shader::Vertex(v) | Shader::Fragment(v) => v,
            Shader::Program(p) => {
                let node = (self.m.key.clone(), p.name.text.clone());
                shaders.edges.entry(node.clone()).or_default();
                for path in [&p.vertex, &p.fragment] {
                    let Some(m) = self.target(path) else { continue };
                    if m.shaders.contains_key(&path.name.text) {
                        let to = (m.key.clone(), path.name.text.clone());
                        shaders.edges.entry(node.clone()).or_default().push((
                            to,
                            self.m.file,
                            path.span(),
                        ));
                    } else {
                        self.error(
                            path.span(),
                            "RESOLVER_SHADER_NONEXISTENT",
                            format!("no shader `{path}` exists"),
                        );
                    }
                }
                return;
            }
        };
        for io in &stage.ios {
            self.ty(&io.ty);
        }
        self.scope = stage
            .ios
            .iter()
            .filter(|io| matches!(io.kind, IoKind::Parameter | IoKind::Input))
            .map(|io| io.name.text.clone())
            .collect();
        for l in &stage.locals {
            match l {
                Local::Value(v) => self.locals(std::slice::from_ref(v)),
                Local::Discard(e, _) => self.expr(e),
            }
        }
        for o in &stage.outputs {
            let declared = stage.ios.iter().any(|io| {
                io.name.text == o.name.text && !matches!(io.kind, IoKind::Parameter | IoKind::Input)
            });
            if !declared {
                self.error(
                    o.name.span,
                    "RESOLVER_SHADER_OUTPUT_NONEXISTENT",
                    format!(
                        "shader `{}` has no output `{}`",
                        stage.name.text, o.name.text
                    ),
                );
            }
            self.term(&o.value);
        }
        self.scope.clear();
    }
}
