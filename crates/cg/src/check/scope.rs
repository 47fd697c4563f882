//! Scopes and Cg's two namespaces ("Namespaces"): the tag namespace of struct tags, and the regular
//! namespace of typedef names, variables and functions. A struct definition enters both (its
//! automatic typedef). Each namespace is a stack of block scopes, innermost last.

use super::program::{FunctionId, VarId};
use super::types::{StructId, Type};
use crate::syntax::ast::Span;
use std::collections::HashMap;

/// What a name in the regular namespace denotes.
#[derive(Clone, Debug, PartialEq)]
pub enum Binding {
    Var(VarId),
    /// A typedef name, or a struct's automatic typedef.
    Type(Type),
    /// The overloads of a function declared in this scope.
    Functions(Vec<FunctionId>),
    /// A field of the struct whose member function is being checked.
    Field {
        strukt: StructId,
        index: usize,
    },
}

/// A declared name: what it denotes and where it was declared.
#[derive(Clone, Debug)]
pub struct Entry<T> {
    pub item: T,
    pub span: Span,
}

#[derive(Default)]
pub struct Scopes {
    values: Vec<HashMap<String, Entry<Binding>>>,
    tags: Vec<HashMap<String, Entry<StructId>>>,
}

impl Scopes {
    pub fn new() -> Scopes {
        let mut s = Scopes::default();
        s.push();
        s
    }

    pub fn push(&mut self) {
        self.values.push(HashMap::new());
        self.tags.push(HashMap::new());
    }

    /// Leaves the innermost scope (the global scope is never left).
    pub fn pop(&mut self) {
        if self.values.len() > 1 {
            self.values.pop();
            self.tags.pop();
        }
    }

    /// The innermost declaration of `name` in the regular namespace.
    pub fn lookup(&self, name: &str) -> Option<&Entry<Binding>> {
        self.values.iter().rev().find_map(|s| s.get(name))
    }

    /// `name` in the innermost scope only (for redeclaration checks).
    pub fn lookup_here(&self, name: &str) -> Option<&Entry<Binding>> {
        self.values.last().and_then(|s| s.get(name))
    }

    pub fn lookup_tag(&self, name: &str) -> Option<&Entry<StructId>> {
        self.tags.iter().rev().find_map(|s| s.get(name))
    }

    pub fn lookup_tag_here(&self, name: &str) -> Option<&Entry<StructId>> {
        self.tags.last().and_then(|s| s.get(name))
    }

    /// Declares `name` in the innermost scope, replacing any previous entry there (the caller
    /// has already reported a conflict).
    pub fn declare(&mut self, name: &str, item: Binding, span: Span) {
        if let Some(scope) = self.values.last_mut() {
            scope.insert(name.to_string(), Entry { item, span });
        }
    }

    pub fn declare_tag(&mut self, name: &str, id: StructId, span: Span) {
        if let Some(scope) = self.tags.last_mut() {
            scope.insert(name.to_string(), Entry { item: id, span });
        }
    }

    /// Adds an overload to the function set `name` of the innermost scope.
    pub fn add_function(&mut self, name: &str, f: FunctionId, span: Span) {
        if let Some(scope) = self.values.last_mut() {
            match scope.get_mut(name) {
                Some(Entry {
                    item: Binding::Functions(fs),
                    ..
                }) => fs.push(f),
                _ => {
                    scope.insert(
                        name.to_string(),
                        Entry {
                            item: Binding::Functions(vec![f]),
                            span,
                        },
                    );
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inner_scopes_hide_outer_ones_until_popped() {
        let mut s = Scopes::new();
        s.declare("x", Binding::Var(VarId(0)), Span::new(0, 1));
        s.push();
        s.declare("x", Binding::Var(VarId(1)), Span::new(5, 6));
        assert_eq!(
            s.lookup("x").map(|e| &e.item),
            Some(&Binding::Var(VarId(1)))
        );
        assert!(s.lookup_here("x").is_some());
        s.pop();
        assert_eq!(
            s.lookup("x").map(|e| &e.item),
            Some(&Binding::Var(VarId(0)))
        );
    }

    #[test]
    fn tags_and_values_are_separate_namespaces() {
        let mut s = Scopes::new();
        s.declare_tag("S", StructId(0), Span::new(0, 1));
        assert!(s.lookup("S").is_none());
        assert!(s.lookup_tag("S").is_some());
    }

    #[test]
    fn overloads_accumulate() {
        let mut s = Scopes::new();
        s.add_function("f", FunctionId(0), Span::new(0, 1));
        s.add_function("f", FunctionId(1), Span::new(2, 3));
        assert_eq!(
            s.lookup("f").map(|e| &e.item),
            Some(&Binding::Functions(vec![FunctionId(0), FunctionId(1)]))
        );
    }
}
