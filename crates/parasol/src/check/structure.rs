//! The module-structure check (the reference's `ModuleStructure` stage): duplicate modules, imports,
//! terms, types, shaders, arguments and fields; restricted names; shader input/output declarations
//! and their assignments; external values' form.

use super::Reporter;
use crate::ast::*;
use crate::names::restricted;
use pigment_diag::{FileId, Span};
use std::collections::{HashMap, HashSet};

/// Checks every module of every unit.
pub fn check(units: &[Unit], r: &mut Reporter) {
    let mut seen: HashSet<String> = HashSet::new();
    for unit in units {
        let file = unit.file;
        for n in &unit.package {
            name(r, file, n);
        }
        for module in &unit.modules {
            let key = super::env::module_key(&unit.package, &module.name.text);
            // The reference's unit combiner rejects this without an error name; ours is our own.
            if !seen.insert(key.clone()) {
                r.error(
                    file,
                    module.name.span,
                    "MODULE_STRUCTURE_MODULE_CONFLICT",
                    format!("module `{key}` is declared more than once"),
                );
            }
            ModuleCheck {
                r,
                file,
                package: &unit.package,
                module,
            }
            .run();
        }
    }
}

/// Reports a restricted name.
fn name(r: &mut Reporter, file: FileId, n: &Name) {
    if let Some(why) = restricted(&n.text) {
        r.error(
            file,
            n.span,
            "MODULE_STRUCTURE_RESTRICTED_NAME",
            format!(
                "the name `{}` {} and is reserved ({})",
                n.text,
                why.reason(),
                why.code()
            ),
        );
    }
}

/// Reports the second of two equal names with `code`.
fn unique<'n>(
    r: &mut Reporter,
    file: FileId,
    names: impl IntoIterator<Item = &'n Name>,
    code: &'static str,
    what: &str,
) {
    let mut seen = HashSet::new();
    for n in names {
        if !seen.insert(n.text.as_str()) {
            r.error(
                file,
                n.span,
                code,
                format!("{what} `{}` is declared more than once", n.text),
            );
        }
    }
}

struct ModuleCheck<'r, 'a> {
    r: &'r mut Reporter,
    file: FileId,
    package: &'a [Name],
    module: &'a Module,
}

impl ModuleCheck<'_, '_> {
    fn run(&mut self) {
        name(self.r, self.file, &self.module.name);
        self.imports();
        let module = self.module;
        let terms = module.decls.iter().filter_map(|d| match d {
            Decl::Value(v) => Some(&v.name),
            Decl::Function(f) => Some(&f.name),
            _ => None,
        });
        unique(
            self.r,
            self.file,
            terms,
            "MODULE_STRUCTURE_TERM_CONFLICT",
            "term",
        );
        let types = module.decls.iter().filter_map(|d| match d {
            Decl::Type(t) => Some(&t.name),
            _ => None,
        });
        unique(
            self.r,
            self.file,
            types,
            "MODULE_STRUCTURE_TYPE_CONFLICT",
            "type",
        );
        let shaders = module.decls.iter().filter_map(|d| match d {
            Decl::Shader(s) => Some(s.name()),
            _ => None,
        });
        unique(
            self.r,
            self.file,
            shaders,
            "MODULE_STRUCTURE_SHADER_CONFLICT",
            "shader",
        );
        for decl in &module.decls {
            self.decl(decl);
        }
    }

    /// Import rules; a conflict's code names the new import's form, then the earlier one's.
    fn imports(&mut self) {
        let own = super::env::module_key(self.package, &self.module.name.text);
        let mut paths = HashSet::new();
        let mut visible: HashMap<&str, bool> = HashMap::new();
        for import in &self.module.imports {
            let key = super::env::module_key(&import.package, &import.module.text);
            for n in &import.package {
                name(self.r, self.file, n);
            }
            if key == own {
                self.r.error(
                    self.file,
                    import.span,
                    "MODULE_STRUCTURE_IMPORTS_SELF",
                    format!("module `{own}` imports itself"),
                );
                continue;
            }
            if !paths.insert(key.clone()) {
                self.r.error(
                    self.file,
                    import.span,
                    "MODULE_STRUCTURE_IMPORT_DUPLICATE",
                    format!("`{key}` is imported more than once"),
                );
                continue;
            }
            if let Some(rename) = &import.rename {
                name(self.r, self.file, rename);
                if rename.text == import.module.text {
                    self.r.error(
                        self.file,
                        rename.span,
                        "MODULE_STRUCTURE_IMPORT_REDUNDANT",
                        format!("`{key}` is renamed to its own name"),
                    );
                    continue;
                }
            }
            let renamed = import.rename.is_some();
            let shown = import.rename.as_ref().unwrap_or(&import.module);
            if let Some(&earlier_renamed) = visible.get(shown.text.as_str()) {
                let code = match (renamed, earlier_renamed) {
                    (false, false) => "MODULE_STRUCTURE_IMPORT_IMPORT_CONFLICT",
                    (false, true) => "MODULE_STRUCTURE_IMPORT_RENAME_CONFLICT",
                    (true, false) => "MODULE_STRUCTURE_RENAME_IMPORT_CONFLICT",
                    (true, true) => "MODULE_STRUCTURE_RENAME_RENAME_CONFLICT",
                };
                self.r.error(
                    self.file,
                    shown.span,
                    code,
                    format!(
                        "the module name `{}` is already used by another import",
                        shown.text
                    ),
                );
                continue;
            }
            visible.insert(&shown.text, renamed);
        }
    }

    fn decl(&mut self, decl: &Decl) {
        match decl {
            Decl::Value(v) => {
                name(self.r, self.file, &v.name);
                match &v.body {
                    Body::Expr(e) => self.expr(e),
                    Body::External(x) => {
                        if v.ascription.is_none() {
                            self.r.error(
                                self.file,
                                v.name.span,
                                "MODULE_STRUCTURE_VALUE_EXTERNAL_LACKS_ASCRIPTION",
                                format!("external value `{}` has no type ascription", v.name.text),
                            );
                        }
                        if let Some(e) = &x.emulation {
                            self.r.error(
                                self.file,
                                e.span,
                                "MODULE_STRUCTURE_VALUE_EXTERNAL_HAS_EXPRESSION",
                                format!(
                                    "external value `{}` cannot have an expression",
                                    v.name.text
                                ),
                            );
                        }
                    }
                }
            }
            Decl::Function(f) => {
                name(self.r, self.file, &f.name);
                for p in &f.params {
                    name(self.r, self.file, &p.name);
                }
                unique(
                    self.r,
                    self.file,
                    f.params.iter().map(|p| &p.name),
                    "MODULE_STRUCTURE_FUNCTION_ARGUMENT_DUPLICATE",
                    "argument",
                );
                match &f.body {
                    Body::Expr(e) => self.expr(e),
                    Body::External(x) => {
                        if let Some(e) = &x.emulation {
                            self.expr(e);
                        }
                    }
                }
            }
            Decl::Type(t) => {
                name(self.r, self.file, &t.name);
                for p in &t.fields {
                    name(self.r, self.file, &p.name);
                }
                unique(
                    self.r,
                    self.file,
                    t.fields.iter().map(|p| &p.name),
                    "MODULE_STRUCTURE_RECORD_FIELD_DUPLICATE",
                    "field",
                );
            }
            Decl::Shader(s) => {
                name(self.r, self.file, s.name());
                match s {
                    Shader::Vertex(v) => self.stage(v, false),
                    Shader::Fragment(f) => self.stage(f, true),
                    Shader::Program(_) => {}
                }
            }
        }
    }

    fn locals<'l>(&mut self, locals: impl IntoIterator<Item = &'l LocalValue>) {
        for l in locals {
            name(self.r, self.file, &l.name);
            self.expr(&l.value);
        }
    }

    fn expr(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Var(p) => name(self.r, self.file, &p.name),
            ExprKind::Apply(p, args) => {
                name(self.r, self.file, &p.name);
                args.iter().for_each(|a| self.expr(a));
            }
            ExprKind::New(_, args) => args.iter().for_each(|a| self.expr(a)),
            ExprKind::If(c, t, f) => {
                self.expr(c);
                self.expr(t);
                self.expr(f);
            }
            ExprKind::Let(locals, body) => {
                self.locals(locals);
                self.expr(body);
            }
            ExprKind::Record(_, fields) => {
                for (n, _) in fields {
                    name(self.r, self.file, n);
                }
                unique(
                    self.r,
                    self.file,
                    fields.iter().map(|(n, _)| n),
                    "MODULE_STRUCTURE_RECORD_FIELD_DUPLICATE",
                    "field",
                );
                fields.iter().for_each(|(_, e)| self.expr(e));
            }
            ExprKind::Column(e, _, _) | ExprKind::Swizzle(e, _) | ExprKind::Project(e, _) => {
                self.expr(e)
            }
            _ => {}
        }
    }

    fn stage(&mut self, s: &StageShader, fragment: bool) {
        for io in &s.ios {
            name(self.r, self.file, &io.name);
        }
        unique(
            self.r,
            self.file,
            s.ios.iter().map(|io| &io.name),
            "MODULE_STRUCTURE_SHADER_PARAMETER_CONFLICT",
            "shader input, output or parameter",
        );
        let values = s.locals.iter().filter_map(|l| match l {
            Local::Value(v) => Some(v),
            Local::Discard(..) => None,
        });
        unique(
            self.r,
            self.file,
            values.clone().map(|v| &v.name),
            "MODULE_STRUCTURE_TERM_CONFLICT",
            "local value",
        );
        self.locals(values);
        for l in &s.locals {
            if let Local::Discard(e, _) = l {
                self.expr(e);
            }
        }
        for o in &s.outputs {
            name(self.r, self.file, &o.name);
            name(self.r, self.file, &o.value.name);
        }
        unique(
            self.r,
            self.file,
            s.outputs.iter().map(|o| &o.name),
            "MODULE_STRUCTURE_SHADER_OUTPUT_ASSIGNMENT_CONFLICT",
            "assignment to output",
        );
        let outputs: Vec<&ShaderIo> = s
            .ios
            .iter()
            .filter(|io| !matches!(io.kind, IoKind::Parameter | IoKind::Input))
            .collect();
        if fragment {
            self.fragment_outputs(&outputs, s.name.span);
        } else {
            let mains: Vec<_> = outputs
                .iter()
                .filter(|o| o.kind == IoKind::OutputMain)
                .collect();
            if mains.is_empty() {
                self.r.error(
                    self.file,
                    s.name.span,
                    "MODULE_STRUCTURE_SHADER_OUTPUT_MISSING_MAIN",
                    format!("vertex shader `{}` has no `out vertex` output", s.name.text),
                );
            }
            for m in mains.iter().skip(1) {
                self.r.error(
                    self.file,
                    m.span,
                    "MODULE_STRUCTURE_SHADER_OUTPUT_MULTIPLE_MAIN",
                    "a vertex shader has exactly one `out vertex` output",
                );
            }
        }
        for o in &outputs {
            if !s.outputs.iter().any(|a| a.name.text == o.name.text) {
                self.r.error(
                    self.file,
                    o.span,
                    "MODULE_STRUCTURE_SHADER_OUTPUT_ASSIGNMENT_MISSING",
                    format!("output `{}` is never assigned", o.name.text),
                );
            }
        }
    }

    /// Fragment outputs: indices exactly 0..n-1, at most one depth output.
    fn fragment_outputs(&mut self, outputs: &[&ShaderIo], shader: Span) {
        let mut indices = HashSet::new();
        let mut depths = 0;
        for o in outputs {
            match o.kind {
                IoKind::Output(Some((i, span))) => {
                    if i < 0 {
                        self.r.error(
                            self.file,
                            span,
                            "MODULE_STRUCTURE_SHADER_OUTPUT_INDEX_INVALID",
                            format!("output index {i} is negative"),
                        );
                    } else if !indices.insert(i) {
                        self.r.error(
                            self.file,
                            span,
                            "MODULE_STRUCTURE_SHADER_OUTPUT_INDEX_DUPLICATE",
                            format!("output index {i} is used more than once"),
                        );
                    }
                }
                IoKind::OutputDepth => {
                    depths += 1;
                    if depths > 1 {
                        self.r.error(
                            self.file,
                            o.span,
                            "MODULE_STRUCTURE_SHADER_OUTPUT_DEPTH_DUPLICATE",
                            "a fragment shader has at most one depth output",
                        );
                    }
                }
                _ => {}
            }
        }
        let n = indices.len() as i32;
        if let Some(missing) = (0..n).find(|i| !indices.contains(i)) {
            self.r.error(
                self.file,
                shader,
                "MODULE_STRUCTURE_SHADER_OUTPUT_INDEX_MISSING",
                format!(
                    "outputs must be numbered 0 to {}; {missing} is missing",
                    n - 1
                ),
            );
        }
    }
}
