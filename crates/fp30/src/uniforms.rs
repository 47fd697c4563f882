//! Uniforms as fp30 presents them (fp30-profile.md sections 3 and 7): the DECLAREs of their
//! elements, with their defaults as initial values, and the `#semantic`, `#var` and `#default`
//! header lines that name them in Cg terms.
//!
//! * Names: an IR uniform's name is a `$`-joined path (the IR's convention), which the header
//!   spells as Cg does: `IN$video_size` is `IN.video_size`, `lights$0$color` is
//!   `lights[0].color`. Array elements are `k[0]`, `k[1]`, ... with resources `k$0`, `k$1`; a
//!   matrix is one `#var float4x4 M` whose resource `M$0, 4` names its first row and row count.
//! * A variable the program reads any part of (a uniform element, a matrix row, a struct member, a
//!   sampler member) is DECLAREd whole (every element, row and uniform member), as cgc does, so
//!   that every resource the header names exists; `#var` still marks each element referenced or
//!   not. Unread variables get no DECLARE and an empty resource (`, 4` for a matrix).
//! * Defaults: a `DECLARE name = {v0,...};` initial value and a `#default NAME = v0 ...` line per
//!   element (cgc prints them for unread uniforms too). Values are written as the parameter holds
//!   them: reals as they are (already rounded to the uniform's kind), ints as floats, bools as 1
//!   and 0.

use crate::diag::error_at;
use crate::header::{SemanticLine, ValueLine, Var};
use crate::interface::param_name;
use crate::mir::Mir;
use nvfp::syntax::ast;
use pigment_diag::{Diagnostic, Span};
use pigment_ir::{Function, InstKind, InterfaceEntity, ScalarKind, Uniform, Value, Vector};
use std::collections::HashMap;

/// The Cg spelling of a `$`-joined IR path: a part of digits is an index, any other a member.
pub fn source_name(path: &str) -> String {
    let mut parts = path.split('$');
    let mut out = parts.next().unwrap_or_default().to_string();
    for part in parts {
        if !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()) {
            out.push_str(&format!("[{part}]"));
        } else {
            out.push('.');
            out.push_str(part);
        }
    }
    out
}

/// The element indices of `u`: `[None]` for a non-array, `[Some(0), ...]` for an array.
pub fn elements(u: &Uniform) -> Vec<Option<u32>> {
    match u.array_len {
        Some(n) => (0..n).map(Some).collect(),
        None => vec![None],
    }
}

/// The Cg name of one element: `tint`, `k[1]`, `M[2]` (a matrix row), `IN.video_size`.
fn element_name(u: &Uniform, element: Option<u32>) -> String {
    let base = source_name(&u.name);
    element.map_or(base.clone(), |i| format!("{base}[{i}]"))
}

/// Whether the program reads element `element` of `u`.
fn reads(mir: &Mir, u: &Uniform, element: Option<u32>) -> bool {
    mir.params.contains(&param_name(&u.name, element))
}

/// The source variable behind an interface entity: the entry parameter that declares it (none for
/// a global) and the first part of its path (`IN` for `IN$video_size`). cgc declares such a
/// variable whole (every uniform member and element) once the program reads any part of it, a
/// sampler member included.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Root<'a> {
    pub param: Option<u32>,
    pub name: &'a str,
}

/// The [`Root`] of `entity`.
pub fn root_of(func: &Function, entity: InterfaceEntity) -> Root<'_> {
    let path = match entity {
        InterfaceEntity::Uniform(h) => func.uniforms[h].name.as_str(),
        InterfaceEntity::Sampler(h) => func.samplers[h].name.as_str(),
        InterfaceEntity::Input(h) => func.inputs[h].name.as_str(),
        InterfaceEntity::Output(h) => func.outputs[h].name.as_str(),
    };
    Root {
        param: func.origin(entity).param,
        name: path.split('$').next().unwrap_or(path),
    }
}

/// The variables the program reads a uniform or sampler of, in the order the program first uses
/// them: a sampler where it is sampled, a uniform where an instruction first reads its loaded
/// value, operands left to right (front ends load every uniform up front; cgc's DECLAREs follow
/// the uses: `g2 * a + g1 * b` declares `g2` first).
pub fn read_roots(func: &Function) -> Vec<Root<'_>> {
    let mut roots = Vec::new();
    let mut loaded: HashMap<Value, Root> = HashMap::new();
    fn push<'a>(roots: &mut Vec<Root<'a>>, root: Root<'a>) {
        if !roots.contains(&root) {
            roots.push(root);
        }
    }
    pigment_ir::walk(&func.body, &mut |inst| {
        match &inst.kind {
            InstKind::LoadUniform { uniform, .. } => {
                let root = root_of(func, InterfaceEntity::Uniform(*uniform));
                loaded.extend(inst.result().map(|v| (v, root)));
            }
            InstKind::Sample { sampler, .. } => push(
                &mut roots,
                root_of(func, InterfaceEntity::Sampler(*sampler)),
            ),
            _ => {}
        }
        for v in inst.kind.operands() {
            if let Some(&root) = loaded.get(&v) {
                push(&mut roots, root);
            }
        }
    });
    // A loaded value nothing reads (no clean-up removed it) still names a parameter.
    pigment_ir::walk(&func.body, &mut |inst| {
        if let InstKind::LoadUniform { uniform, .. } = &inst.kind {
            push(
                &mut roots,
                root_of(func, InterfaceEntity::Uniform(*uniform)),
            );
        }
    });
    roots
}

/// The components of one element as the local parameter holds them (width of them).
pub fn parameter_values(v: &Vector) -> Vec<f32> {
    (0..v.width())
        .map(|i| match v.ty.kind {
            ScalarKind::Bool => v.bits[i] as f32,
            ScalarKind::Int => v.i32(i) as f32,
            _ => v.f32(i),
        })
        .collect()
}

/// The default of element `element` (`None` for a non-array) of `u`, if it has one.
pub fn element_default(u: &Uniform, element: Option<u32>) -> Option<Vec<f32>> {
    let values = u.default.as_ref()?;
    values
        .get(element.unwrap_or(0) as usize)
        .map(parameter_values)
}

/// The DECLAREs: every element of every uniform of each variable the program reads (see
/// [`Root`]), the variables in the order the program first uses them ([`read_roots`]), the uniforms of one in
/// declaration order, each element with its default as initial value.
pub fn declares(func: &Function) -> Vec<ast::Statement> {
    let mut out = Vec::new();
    for root in read_roots(func) {
        for entity in func.interface() {
            let InterfaceEntity::Uniform(h) = entity else {
                continue;
            };
            if root_of(func, entity) != root {
                continue;
            }
            let u = &func.uniforms[h];
            for e in elements(u) {
                out.push(ast::Statement::Declare {
                    name: ast::Ident {
                        name: param_name(&u.name, e),
                        span: Span::default(),
                    },
                    value: element_default(u, e).map(|v| declare_value(&v)),
                    span: Span::default(),
                });
            }
        }
    }
    out
}

/// The initial value of a DECLARE: `{v0, ...}` with the element's components.
fn declare_value(values: &[f32]) -> ast::ConstValue {
    let items = values
        .iter()
        .map(|&v| ast::ScalarConst::Number(v, Span::default()))
        .collect();
    ast::ConstValue::Vector(items, Span::default())
}

/// One `#semantic` per source variable behind the uniforms and samplers (a struct's name once for
/// all its members), in declaration order: an entry parameter prefixed with the entry's name
/// (`main.IN`), a global bare (`tint`); with the semantic the user gave a variable that is not
/// split, or the one written on a struct as a whole (`main.ORIG : TEXUNIT5`).
pub fn semantic_lines(func: &Function) -> Vec<SemanticLine> {
    let mut lines: Vec<SemanticLine> = Vec::new();
    let mut named = std::collections::HashSet::new();
    for entity in func.interface() {
        let (path, semantic) = match entity {
            InterfaceEntity::Uniform(h) => {
                let u = &func.uniforms[h];
                (u.name.as_str(), u.semantic.clone())
            }
            InterfaceEntity::Sampler(h) => {
                let s = &func.samplers[h];
                (s.name.as_str(), s.unit.map(|u| format!("TEXUNIT{u}")))
            }
            InterfaceEntity::Input(_) | InterfaceEntity::Output(_) => continue,
        };
        let root = root_of(func, entity);
        let name = match root.param {
            Some(_) => format!("{}.{}", func.name, root.name),
            None => root.name.to_string(),
        };
        if !named.insert(name.clone()) {
            continue;
        }
        let of_struct = || {
            func.struct_semantics
                .iter()
                .find(|s| s.param == root.param && s.name == root.name)
                .map(|s| s.semantic.clone())
        };
        lines.push(SemanticLine {
            name,
            semantic: semantic.filter(|_| root.name == path).or_else(of_struct),
        });
    }
    lines
}

/// The `#var` lines of uniform `u`: one per array element, one for a matrix, one for any other
/// uniform. The resource is the DECLARE name when the uniform is `declared` (see [`declares`]),
/// else empty; a matrix's is `M$0, 4` (its first row and its row count), or `, 4` undeclared, as
/// cgc writes them. Their parameter number is left to the caller.
pub fn var_lines(u: &Uniform, mir: &Mir, declared: bool) -> Vec<Var> {
    let resource = |e: Option<u32>| {
        if declared {
            param_name(&u.name, e)
        } else {
            String::new()
        }
    };
    var_lines_with(u, resource, |e| reads(mir, u, e))
}

/// [`var_lines`] for any target: `resource` names where an element lives, `reads` says whether the
/// program reads it.
pub fn var_lines_with(
    u: &Uniform,
    resource: impl Fn(Option<u32>) -> String,
    reads: impl Fn(Option<u32>) -> bool,
) -> Vec<Var> {
    let semantic = u.semantic.clone().unwrap_or_default();
    let var = |ty: String, name: String, resource: String, referenced: bool| Var {
        ty,
        name,
        semantic: semantic.clone(),
        resource,
        param_index: -1,
        referenced,
    };
    match u.array_len {
        Some(rows) if u.matrix => vec![var(
            format!("{}{rows}x{}", u.ty.kind.name(), u.ty.width),
            source_name(&u.name),
            format!("{}, {rows}", resource(Some(0))),
            elements(u).into_iter().any(&reads),
        )],
        _ => elements(u)
            .into_iter()
            .map(|e| var(u.ty.to_string(), element_name(u, e), resource(e), reads(e)))
            .collect(),
    }
}

/// `#default` lines, one per element of every uniform with a default (read or not, as cgc prints
/// them): `tint`, `k[0]`, `M[1]` (a matrix row), `IN.gain`.
pub fn default_lines(func: &Function) -> Vec<ValueLine> {
    let mut lines = Vec::new();
    for (_, u) in func.uniforms.iter() {
        for element in elements(u) {
            if let Some(values) = element_default(u, element) {
                lines.push(ValueLine {
                    name: element_name(u, element),
                    values,
                });
            }
        }
    }
    lines
}

/// Defaults NV_fragment_program cannot write: a NaN has no spelling in the language.
pub fn check_defaults(func: &Function) -> Vec<Diagnostic> {
    func.uniforms
        .iter()
        .filter(|(_, u)| {
            u.default
                .iter()
                .flatten()
                .any(|v| parameter_values(v).iter().any(|x| x.is_nan()))
        })
        .map(|(_, u)| {
            error_at(
                None,
                format!(
                    "uniform `{}`: its default holds a NaN, which NV_fragment_program cannot write",
                    u.name
                ),
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::source_name;

    #[test]
    fn paths_are_spelled_as_cg_names() {
        assert_eq!(source_name("tint"), "tint");
        assert_eq!(source_name("IN$video_size"), "IN.video_size");
        assert_eq!(source_name("k$2"), "k[2]");
        assert_eq!(source_name("lights$0$color"), "lights[0].color");
        assert_eq!(source_name("N$1"), "N[1]");
    }
}
