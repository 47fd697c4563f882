//! Binding semantics of the entry function ("Binding Semantics", fp30-profile.md §3): parameters,
//! struct members reached through them, and the return value. Names are case-insensitive; two
//! outputs bound to the same semantic are an error ("Output semantics may not be aliased"); input
//! semantics may repeat. For fp30 the names are checked against the profile's tables, so a typo
//! is caught; `COLOR`, `COLOR0`, `COL` and `COL0` name the same output. A vertex program's
//! attributes and outputs are checked against the vertex profiles' tables (below); other profiles
//! only get the aliasing check.
//!
//! Semantics on parameters of other functions are ignored, as the spec says.

use super::program::{BindingSemantic, FunctionId};
use super::types::Type;
use super::Checker;
use pigment_diag::{Diagnostic, Span};

/// How deep nested connector structs are followed (they cannot be recursive, but stay safe).
const MAX_NESTING: u32 = 16;

/// An output bound so far: its canonical semantic and where.
struct Output {
    canonical: String,
    span: Span,
}

fn numbered<'a>(name: &'a str, prefix: &str, max: u32) -> Option<&'a str> {
    let digits = name.strip_prefix(prefix)?;
    let n: u32 = digits.parse().ok()?;
    (n <= max && !digits.is_empty()).then_some(digits)
}

/// fp30's varying inputs, canonicalised to the register they read.
fn fp30_input(name: &str) -> Option<String> {
    Some(match name {
        "COLOR" | "COLOR0" | "COL" | "COL0" => "COL0".to_string(),
        "COLOR1" | "COL1" => "COL1".to_string(),
        "WPOS" => "WPOS".to_string(),
        "FOG" | "FOGP" => "FOGC".to_string(),
        // Vertex outputs a shared connector struct may carry, as long as fp30 never reads them.
        "POSITION" | "PSIZE" | "HPOS" | "FOGC" | "PSIZ" | "BCOL0" | "BCOL1" => name.to_string(),
        _ => {
            if let Some(n) = numbered(name, "TEXCOORD", 7).or_else(|| numbered(name, "TEX", 7)) {
                format!("TEX{n}")
            } else if name == "TEXCOORD" || name == "TEX" {
                // cgc reads an unnumbered texture coordinate as number 0, like `COLOR`.
                "TEX0".to_string()
            } else if numbered(name, "CLP", 5).is_some() {
                name.to_string()
            } else {
                return None;
            }
        }
    })
}

fn fp30_output(name: &str) -> Option<&'static str> {
    match name {
        "COLOR" | "COLOR0" | "COL" | "COL0" => Some("COLOR"),
        "DEPTH" | "DEPR" => Some("DEPTH"),
        _ => None,
    }
}

/// The vertex attributes (NV_vertex_program's and ARB_vertex_program's inputs, as cgc's vertex
/// profiles name them), canonicalised: `COLOR` = `COLOR0` = `DIFFUSE`, `SPECULAR` = `COLOR1`.
pub fn vertex_input(name: &str) -> Option<String> {
    Some(match name {
        "POSITION" | "POSITION0" => "POSITION".to_string(),
        "NORMAL" | "NORMAL0" => "NORMAL".to_string(),
        "COLOR" | "COLOR0" | "DIFFUSE" => "COLOR0".to_string(),
        "COLOR1" | "SPECULAR" => "COLOR1".to_string(),
        "BLENDWEIGHT" | "BLENDINDICES" | "TANGENT" | "BINORMAL" | "FOGCOORD" | "PSIZE"
        | "TESSFACTOR" => name.to_string(),
        _ => {
            if let Some(n) = numbered(name, "TEXCOORD", 7) {
                format!("TEXCOORD{n}")
            } else if name == "TEXCOORD" {
                "TEXCOORD0".to_string()
            } else if let Some(n) = numbered(name, "ATTR", 15) {
                format!("ATTR{n}")
            } else {
                return None;
            }
        }
    })
}

/// A vertex program's outputs, canonicalised to the varying they write.
pub fn vertex_output(name: &str) -> Option<String> {
    Some(match name {
        "POSITION" | "HPOS" => "POSITION".to_string(),
        "COLOR" | "COLOR0" | "COL0" | "DIFFUSE" => "COLOR0".to_string(),
        "COLOR1" | "COL1" | "SPECULAR" => "COLOR1".to_string(),
        "BCOL0" | "BCOL1" => name.to_string(),
        "FOG" | "FOGC" => "FOG".to_string(),
        "PSIZE" | "PSIZ" => "PSIZE".to_string(),
        _ => {
            if let Some(n) = numbered(name, "TEXCOORD", 7).or_else(|| numbered(name, "TEX", 7)) {
                format!("TEXCOORD{n}")
            } else if name == "TEXCOORD" {
                "TEXCOORD0".to_string()
            } else if let Some(n) = numbered(name, "CLP", 5) {
                format!("CLP{n}")
            } else {
                return None;
            }
        }
    })
}

impl Checker<'_> {
    fn is_vertex(&self) -> bool {
        self.program.stage == pigment_ir::Stage::Vertex
    }

    fn is_fp30(&self) -> bool {
        matches!(self.options.profile.as_str(), "fp30" | "fp30unlimited")
    }

    pub(super) fn check_entry_semantics(&mut self, entry: FunctionId) {
        let f = self.program.function(entry).clone();
        let mut outputs: Vec<Output> = Vec::new();
        if f.ret == Type::Void {
            if let Some(s) = &f.ret_semantic {
                self.error(s.span, "a `void` function's result cannot have a semantic");
            }
        } else {
            self.outputs(&f.ret, f.ret_semantic.as_ref(), &mut outputs, 0);
        }
        for &p in &f.params {
            let v = self.program.var(p).clone();
            let uniform = v.uniform || matches!(v.ty, Type::Sampler(_));
            if let Some(init) = v.init {
                if !uniform {
                    self.error(
                        self.span_of(init),
                        format!("only `uniform` parameters of the entry function can have default values; `{}` is varying", v.name),
                    );
                }
            }
            if uniform {
                if v.direction.is_output() {
                    self.error(
                        v.span,
                        format!("the uniform parameter `{}` cannot be an output", v.name),
                    );
                }
                if let Some(s) = &v.semantic {
                    self.uniform_semantic(&v.ty, s);
                }
                continue;
            }
            if v.direction.is_input() {
                self.inputs(&v.ty, v.semantic.as_ref(), 0);
            }
            if v.direction.is_output() {
                self.outputs(&v.ty, v.semantic.as_ref(), &mut outputs, 0);
            }
        }
    }

    /// The fields of a connector struct, each with its own semantic. With `varying_only`, the
    /// members written `uniform` are left out (they are uniforms wherever the struct is).
    fn struct_fields(&self, ty: &Type, varying_only: bool) -> Vec<(Type, Option<BindingSemantic>)> {
        match ty {
            Type::Struct(s) => self
                .program
                .strukt(*s)
                .fields
                .iter()
                .filter(|f| !(varying_only && f.uniform))
                .map(|f| (f.ty.clone(), f.semantic.clone()))
                .collect(),
            _ => Vec::new(),
        }
    }

    fn inputs(&mut self, ty: &Type, semantic: Option<&BindingSemantic>, depth: u32) {
        if depth > MAX_NESTING {
            return;
        }
        if let Some(s) = semantic {
            if self.is_vertex() && !matches!(ty, Type::Struct(_)) && vertex_input(&s.name).is_none()
            {
                let profile = &self.options.profile;
                self.error(
                    s.span,
                    format!("`{}` is not a vertex attribute semantic of `{profile}` (POSITION, NORMAL, COLOR0-1, TEXCOORD0-7, ATTR0-15, BLENDWEIGHT, TANGENT, ...)", s.written),
                );
            } else if self.is_fp30()
                && !matches!(ty, Type::Struct(_))
                && fp30_input(&s.name).is_none()
            {
                self.error(
                    s.span,
                    format!("`{}` is not a varying input semantic of fp30 (COLOR0, COLOR1, TEXCOORD0-7, WPOS, FOG)", s.written),
                );
            }
            return;
        }
        for (fty, fsem) in self.struct_fields(ty, true) {
            self.inputs(&fty, fsem.as_ref(), depth + 1);
        }
    }

    fn outputs(
        &mut self,
        ty: &Type,
        semantic: Option<&BindingSemantic>,
        outputs: &mut Vec<Output>,
        depth: u32,
    ) {
        if depth > MAX_NESTING {
            return;
        }
        let Some(s) = semantic else {
            for (fty, fsem) in self.struct_fields(ty, false) {
                self.outputs(&fty, fsem.as_ref(), outputs, depth + 1);
            }
            return;
        };
        let canonical = if self.is_vertex() {
            match vertex_output(&s.name) {
                Some(c) => c,
                None => {
                    let profile = &self.options.profile;
                    self.error(
                        s.span,
                        format!("`{}` is not an output semantic of vertex profile `{profile}` (POSITION, COLOR0-1, TEXCOORD0-7, FOG, PSIZE, CLP0-5)", s.written),
                    );
                    return;
                }
            }
        } else if self.is_fp30() {
            match fp30_output(&s.name) {
                Some(c) => c.to_string(),
                None => {
                    self.error(
                        s.span,
                        format!(
                            "`{}` is not an output semantic of fp30 (COLOR, DEPTH)",
                            s.written
                        ),
                    );
                    return;
                }
            }
        } else {
            s.name.clone()
        };
        if let Some(prev) = outputs.iter().find(|o| o.canonical == canonical) {
            let d = Diagnostic::error(format!(
                "two outputs are bound to `{canonical}`; output semantics cannot be shared"
            ))
            .at(self.file, s.span)
            .with_label(self.file, prev.span, "first bound here");
            self.push(d);
            return;
        }
        outputs.push(Output {
            canonical,
            span: s.span,
        });
    }

    fn uniform_semantic(&mut self, ty: &Type, s: &BindingSemantic) {
        if !self.is_fp30() || s.name.starts_with("STATE.") {
            return;
        }
        let name = s.name.replace(' ', "");
        let texunit = numbered(&name, "TEXUNIT", 15).is_some()
            || name
                .strip_prefix("REGISTER(S")
                .and_then(|r| r.strip_suffix(')'))
                .is_some_and(|n| numbered(n, "", 15).is_some());
        let constant = numbered(&name, "C", 31).is_some()
            || name
                .strip_prefix("REGISTER(C")
                .and_then(|r| r.strip_suffix(')'))
                .is_some_and(|n| numbered(n, "", 31).is_some());
        let sampler = matches!(ty, Type::Sampler(_));
        let message = match (texunit, constant, sampler) {
            (true, _, true) | (_, true, false) => return,
            (true, _, false) => format!(
                "`{}` binds a texture unit, but `{}` is not a sampler",
                s.written,
                self.type_name(ty)
            ),
            (_, true, true) => format!(
                "`{}` binds a constant register; a sampler needs `TEXUNITn`",
                s.written
            ),
            _ => {
                // cgc keeps any other name as a user semantic that binds nothing (it shows in
                // the `#var` line), so it is only worth a warning.
                let message = format!("`{}` is not a uniform semantic of fp30 (TEXUNIT0-15 for samplers, C0-31, register(...)); it binds nothing", s.written);
                self.warning(s.span, message);
                return;
            }
        };
        self.error(s.span, message);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fp30_tables() {
        assert_eq!(fp30_input("TEXCOORD3").as_deref(), Some("TEX3"));
        assert_eq!(fp30_input("TEX7").as_deref(), Some("TEX7"));
        assert_eq!(fp30_input("TEXCOORD8"), None);
        assert_eq!(fp30_input("TEXCOORD").as_deref(), Some("TEX0"));
        assert_eq!(fp30_input("TEX").as_deref(), Some("TEX0"));
        assert_eq!(fp30_input("COLOR0"), fp30_input("COL"));
        assert_eq!(fp30_output("COL0"), Some("COLOR"));
        assert_eq!(fp30_output("DEPR"), Some("DEPTH"));
        assert_eq!(fp30_output("TEXCOORD0"), None);
    }
}
