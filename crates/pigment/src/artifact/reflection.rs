//! An output's reflection: its bindings in the one schema of every back end
//! ([`pigment_ir::reflect`], `pigment-reflection-2`, what `--reflect json` prints and the C API
//! hands out), with the back end's document of earlier releases kept for one release
//! (`--reflect json-v1`, deprecated).

use crate::reflection_schema;

/// An output's bindings (inputs, outputs, uniforms, textures), typed, and as the deprecated
/// per-target JSON of earlier releases.
///
/// ```
/// use pigment::{CompileRequest, Session, Target};
/// let mut session = Session::new();
/// session.add_source("t.cg", "uniform float4 tint;\nfloat4 main() : COLOR { return tint; }\n");
/// for target in [Target::Fp30, Target::SpirV] {
///     let artifact = session.compile(&CompileRequest::new("t.cg", target)).unwrap();
///     let reflection = artifact.reflection().unwrap().typed();
///     assert_eq!(reflection.schema, pigment::reflection_schema::SCHEMA);
///     assert_eq!(reflection.uniforms[0].name, "tint");
///     assert_eq!(reflection.uniforms[0].ty, "float4");
/// }
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Reflection {
    typed: reflection_schema::Reflection,
    v1: serde_json::Value,
}

impl Reflection {
    /// The reflection `typed`, with `v1`, the back end's document of earlier releases.
    pub fn new(typed: reflection_schema::Reflection, v1: serde_json::Value) -> Reflection {
        Reflection { typed, v1 }
    }

    /// The reflection of a program of the fp30 family (fp30, the ARB profiles, an NV program),
    /// from its cgc header.
    pub fn fp30(interface: &pigment_fp30::header::ProgramInterface) -> Reflection {
        Reflection::new(interface.reflection(), interface.to_json())
    }

    /// The bindings in the one schema of every back end.
    pub fn typed(&self) -> &reflection_schema::Reflection {
        &self.typed
    }

    /// The bindings as a JSON document of the one schema.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(&self.typed).unwrap_or_default()
    }

    /// [`Reflection::to_json`] pretty-printed with a final newline (what `--reflect json`
    /// prints).
    pub fn to_pretty_string(&self) -> String {
        format!("{:#}\n", self.to_json())
    }

    /// **Deprecated** (kept for one release): the back end's own document of earlier releases —
    /// fp30's `pigment-reflect-1`, GLSL's `pigment-reflect-glsl-1`, naga's untitled one — which
    /// `--reflect json-v1` prints. Nothing else in Pigment reads it (the playground and the web
    /// target read [`Reflection::to_json`]'s schema); it goes next release.
    pub fn json_v1(&self) -> &serde_json::Value {
        &self.v1
    }

    /// **Deprecated** alias of [`Reflection::json_v1`], the name of earlier releases; nothing in
    /// Pigment calls it. Removed next release with `json_v1`.
    #[deprecated(
        note = "the per-target document of earlier releases: use `to_json` (the one \
                         schema) or, for one release more, `json_v1`"
    )]
    pub fn json(&self) -> &serde_json::Value {
        &self.v1
    }

    /// [`Reflection::json_v1`] pretty-printed with a final newline (`--reflect json-v1`).
    pub fn to_pretty_string_v1(&self) -> String {
        format!("{:#}\n", self.v1)
    }
}
