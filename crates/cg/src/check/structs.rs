//! Struct and interface definitions: fields, member functions, the automatic typedef, and the
//! predefined output/connector structs of cg-stdlib.md §8.

use super::decl::Place;
use super::program::{BindingSemantic, Field, StructType};
use super::scope::Binding;
use super::types::{Scalar, StructId, Type};
use super::Checker;
use crate::syntax::ast::{Decl, Span, StructDef, StructKind};

impl Checker<'_> {
    /// Defines a struct or interface, declares its tag and typedef, and checks its members.
    pub(super) fn define_struct(&mut self, def: &StructDef) -> StructId {
        let id = StructId(self.program.structs.len() as u32);
        let is_interface = def.kind == StructKind::Interface;
        let semantic = def.semantic.as_ref().map(|s| self.semantic(s));
        self.program.structs.push(StructType {
            name: def.name.as_ref().map(|n| n.name.clone()),
            is_interface,
            fields: Vec::new(),
            methods: Vec::new(),
            base: None,
            semantic,
            span: def.span,
        });
        let mut redefines = None;
        if let Some(name) = &def.name {
            if let Some(prev) = self.scopes.lookup_tag_here(&name.name) {
                // Judged once the members are known: see `redefinition`.
                redefines = Some((prev.item, prev.span));
            } else if self.check_name(name) {
                self.scopes.declare_tag(&name.name, id, name.span);
                // "A struct definition automatically performs a corresponding typedef".
                self.scopes
                    .declare(&name.name, Binding::Type(Type::Struct(id)), name.span);
            }
        }
        if let Some(base) = &def.base {
            match self.scopes.lookup_tag(&base.name).map(|e| e.item) {
                Some(b) if self.program.strukt(b).is_interface && !is_interface => {
                    self.program.structs[id.index()].base = Some(b);
                }
                _ => self.error(
                    base.span,
                    format!(
                        "`{}` is not an interface a struct can inherit from",
                        base.name
                    ),
                ),
            }
        }
        // Fields first, so that member functions see all of them.
        for member in &def.members {
            if let Decl::Var(v) = member {
                if is_interface {
                    self.error(v.span, "interfaces can only declare member functions");
                    continue;
                }
                self.fields(id, v);
            } else if let Decl::Typedef(v) = member {
                self.error(v.span, "a typedef cannot be a struct member");
            }
        }
        for member in &def.members {
            if let Decl::Function(f) = member {
                if is_interface && f.body.is_some() {
                    self.error(f.name.span, "interface member functions cannot have a body");
                }
                self.function(f, Some(id));
            }
        }
        self.check_implements(id);
        match (redefines, &def.name) {
            (Some((prev, prev_span)), Some(name)) => self.redefinition(id, prev, name, prev_span),
            _ => id,
        }
    }

    /// A struct tag defined again in the same scope. cgc accepts an identical definition (the
    /// same members, types and semantics, no member functions), which happens when two headers
    /// both define a common connector struct; the checker warns and keeps the first. Anything
    /// else is an error.
    fn redefinition(
        &mut self,
        id: StructId,
        prev: StructId,
        name: &crate::syntax::ast::Ident,
        prev_span: Span,
    ) -> StructId {
        let (new, old) = (self.program.strukt(id), self.program.strukt(prev));
        let same_field = |a: &Field, b: &Field| {
            a.name == b.name
                && a.ty == b.ty
                && a.uniform == b.uniform
                && a.semantic.as_ref().map(|s| &s.name) == b.semantic.as_ref().map(|s| &s.name)
        };
        let identical = new.is_interface == old.is_interface
            && new.methods.is_empty()
            && old.methods.is_empty()
            && new.fields.len() == old.fields.len()
            && new
                .fields
                .iter()
                .zip(&old.fields)
                .all(|(a, b)| same_field(a, b));
        if identical {
            let d = pigment_diag::Diagnostic::warning(format!(
                "`{}` is defined again, identically; cgc accepts this, but one definition is enough",
                name.name
            ))
            .at(self.file, name.span)
            .with_label(self.file, prev_span, "first definition");
            self.push(d);
            return prev;
        }
        self.error_with(
            name.span,
            format!("redefinition of `{}`", name.name),
            prev_span,
            "previous definition",
        );
        id
    }

    fn fields(&mut self, id: StructId, v: &crate::syntax::ast::VarDecl) {
        let uniform = self.qualifiers(&v.qualifiers, Place::Field).uniform;
        let base = self.resolve_type(&v.ty);
        for d in &v.declarators {
            let ty = self.apply_dims(base.clone(), &d.dims, v.ty.packed.is_some());
            if let Some(init) = d.init {
                self.error(
                    self.span_of(init),
                    "struct members cannot have initializers",
                );
            }
            if matches!(ty, Type::Void) {
                self.error(d.name.span, "a struct member cannot have type `void`");
            }
            if !self.check_name(&d.name) {
                continue;
            }
            if self.holds_struct(&ty, id) {
                let name = self.program.strukt(id).name.clone().unwrap_or_default();
                self.error(
                    d.name.span,
                    format!(
                        "member `{}` would make struct `{name}` contain itself (a struct is \
                         complete only at its closing brace)",
                        d.name.name
                    ),
                );
                continue;
            }
            let semantic = d.semantic.as_ref().map(|s| self.semantic(s));
            let prev = self
                .program
                .strukt(id)
                .fields
                .iter()
                .find(|f| f.name == d.name.name)
                .map(|f| f.span);
            if let Some(prev) = prev {
                self.error_with(
                    d.name.span,
                    format!("duplicate member `{}`", d.name.name),
                    prev,
                    "previous declaration",
                );
                continue;
            }
            self.program.structs[id.index()].fields.push(Field {
                name: d.name.name.clone(),
                ty,
                semantic,
                uniform,
                span: d.name.span,
            });
        }
    }

    /// True when a value of `ty` holds a `target` struct, directly, in an array or in a member at
    /// any depth. Such a member would give `target` no size, and every walk over its members
    /// (conversions, lowering) no end. The walk keeps its own list: a chain of structs each
    /// holding the last is as long as the program makes it.
    fn holds_struct(&self, ty: &Type, target: StructId) -> bool {
        let mut pending = vec![ty];
        let mut seen = std::collections::HashSet::new();
        while let Some(t) = pending.pop() {
            match t {
                Type::Struct(s) if *s == target => return true,
                Type::Struct(s) if seen.insert(*s) => {
                    pending.extend(self.program.strukt(*s).fields.iter().map(|f| &f.ty));
                }
                Type::Array(element, _) => pending.push(element),
                _ => {}
            }
        }
        false
    }

    /// `fragout`, `fragout_float` and `vf30` (cg-stdlib.md §8), which the parser knows as type
    /// names. `fragout` takes the ps_2/arbfp1/fp30 form.
    pub(super) fn declare_predefined(&mut self) {
        let f4 = Type::Vector(Scalar::Float, 4);
        let h4 = Type::Vector(Scalar::Half, 4);
        let f = Type::FLOAT;
        self.predefined(
            "fragout",
            &[("col", h4, "COLOR"), ("depth", f.clone(), "DEPTH")],
        );
        self.predefined(
            "fragout_float",
            &[("col", f4.clone(), "COLOR"), ("depth", f, "DEPTH")],
        );
        let mut vf30: Vec<(&str, Type, &str)> = vec![
            ("WPOS", f4.clone(), "WPOS"),
            ("COL0", f4.clone(), "COL0"),
            ("COL1", f4.clone(), "COL1"),
        ];
        const TEX: [&str; 8] = [
            "TEX0", "TEX1", "TEX2", "TEX3", "TEX4", "TEX5", "TEX6", "TEX7",
        ];
        for t in TEX {
            vf30.push((t, f4.clone(), t));
        }
        self.predefined("vf30", &vf30);
    }

    fn predefined(&mut self, name: &str, fields: &[(&str, Type, &str)]) {
        let id = StructId(self.program.structs.len() as u32);
        let semantic = |s: &str| BindingSemantic {
            written: s.to_string(),
            name: s.to_string(),
            span: Span::default(),
        };
        self.program.structs.push(StructType {
            name: Some(name.to_string()),
            is_interface: false,
            fields: fields
                .iter()
                .map(|(n, t, s)| Field {
                    name: n.to_string(),
                    ty: t.clone(),
                    semantic: Some(semantic(s)),
                    uniform: false,
                    span: Span::default(),
                })
                .collect(),
            methods: Vec::new(),
            base: None,
            semantic: None,
            span: Span::default(),
        });
        self.scopes.declare_tag(name, id, Span::default());
        self.scopes
            .declare(name, Binding::Type(Type::Struct(id)), Span::default());
    }
}
