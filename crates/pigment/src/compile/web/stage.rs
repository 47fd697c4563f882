//! One stage of the browser's drawing object: an IR function written as WGSL (naga, for WebGPU)
//! and GLSL ES 3.00 (Pigment's writer, for WebGL 2), with its uniforms' values — each uniform's
//! starting value ([`crate::uniforms::initial_values`], as the machine starts from it), then the
//! request's parameters — as the WGSL stage's std140 buffer and by GLSL name. The values come from
//! the IR (names, types, std140 offsets); only the GLSL names are read from the writer's
//! reflection, which is where the writer hands them out. Both reflections are the one schema of
//! every back end ([`pigment_ir::reflect`], `pigment-reflection-2`), which the page reads too.

use pigment_fp30::uniforms::{parameter_values, source_name};
use pigment_ir::reflect::Reflection;
use pigment_ir::{slots, Function, ScalarKind, Vector};
use serde_json::{json, Value};

/// A stage as `web/pigment-web.js` reads it.
#[derive(Clone, Debug, PartialEq)]
pub struct WebStage {
    /// The WGSL text.
    pub wgsl: String,
    /// The WGSL's reflection (its bindings, inputs and entry point, as the page binds them).
    pub wgsl_reflection: Reflection,
    /// The WGSL stage's uniform buffer (std140), every uniform's value in place.
    pub uniform_bytes: Vec<u8>,
    /// The GLSL ES 3.00 text.
    pub glsl: String,
    /// The GLSL's reflection (its inputs and textures, as the page binds them).
    pub glsl_reflection: Reflection,
    /// The GLSL uniforms the page sets, with their values.
    pub glsl_uniforms: Vec<GlslUniform>,
    /// The uniforms libretro's Cg runtime sets to sizes, which the page fills in.
    pub sizes: Vec<LibretroSize>,
}

/// A GLSL uniform and its value, element by element (an array's or a matrix's rows in order).
#[derive(Clone, Debug, PartialEq)]
pub struct GlslUniform {
    /// Its GLSL name.
    pub name: String,
    /// Its name in the source (`IN.video_size`, `sun.shadermatrix`), which parameters name.
    pub cg_name: String,
    /// Components of one element.
    pub width: u8,
    /// Elements (1 for a scalar or a vector).
    pub length: u32,
    /// Whether GL sets it as integers.
    pub int: bool,
    /// `width * length` values.
    pub values: Vec<f32>,
}

/// A uniform libretro's Cg runtime sets to a size: `*video_size` and `*texture_size` the
/// picture's, `*output_size` the page's.
#[derive(Clone, Debug, PartialEq)]
pub struct LibretroSize {
    /// Whether it is the output's size (else the picture's).
    pub output: bool,
    /// Its name in the source.
    pub cg_name: String,
    /// Its byte offset in the std140 buffer.
    pub offset: u32,
    /// Its components.
    pub width: u8,
    /// Its GLSL name, where the GLSL stage has it.
    pub glsl: Option<String>,
}

/// A parameter's value: a uniform by source name (`NAME[k]` an array's element, a matrix's row).
pub type Param = (String, [f32; 4]);

/// The stage of `glsl` (written as GLSL ES 3.00) and `wgsl` (as WGSL), one function or, where the
/// languages read a texture differently, two of the same shader; `params` set over the uniforms'
/// starting values; the libretro sizes listed when `libretro`.
pub(crate) fn stage(
    glsl: &Function,
    wgsl: &Function,
    params: &[Param],
    libretro: bool,
) -> Result<WebStage, pigment_diag::Diagnostic> {
    let written_wgsl = pigment_naga::emit(wgsl, pigment_naga::Target::Wgsl)?;
    let written_glsl = pigment_glsl::write(glsl, pigment_glsl::Version::es(300))?;
    let wgsl_values = values(wgsl, params);
    let glsl_uniforms = glsl_uniforms(glsl, &values(glsl, params), &written_glsl.typed_reflection);
    let sizes = match libretro {
        true => libretro_sizes(wgsl, &glsl_uniforms),
        false => Vec::new(),
    };
    Ok(WebStage {
        wgsl: written_wgsl.text.unwrap_or_default(),
        wgsl_reflection: written_wgsl.typed_reflection,
        uniform_bytes: slots::uniform_bytes(wgsl, &wgsl_values),
        glsl: written_glsl.text,
        glsl_reflection: written_glsl.typed_reflection,
        glsl_uniforms,
        sizes,
    })
}

/// `func`'s uniforms' values, element by element: their starting values with `params` set.
fn values(func: &Function, params: &[Param]) -> Vec<Vec<Vector>> {
    let mut values = crate::uniforms::initial_values(func);
    for (name, value) in params {
        set(func, &mut values, name, value);
    }
    values
}

/// Sets float uniform `name` (its source name; `NAME[k]` element k of an array, a matrix's row k)
/// to the first components of `value`. Integer uniforms, an array named without an element and a
/// name `func` lacks set nothing (the machine's parameters are float vectors).
fn set(func: &Function, values: &mut [Vec<Vector>], name: &str, value: &[f32; 4]) {
    let (base, element) = super::element_of(name);
    for ((_, u), elements) in func.uniforms.iter().zip(values) {
        let settable = u.ty.kind.is_real() && u.ty.width <= 4;
        if !settable || source_name(&u.name) != base {
            continue;
        }
        let k = match (u.array_len, element) {
            (None, None) => 0,
            (Some(_), Some(k)) => k,
            _ => continue,
        };
        if let Some(slot) = elements.get_mut(k) {
            *slot = crate::uniforms::typed(u.ty, *value);
        }
    }
}

/// Each uniform of `func` the GLSL has (by its source name in the writer's `reflection`), with
/// `values`.
fn glsl_uniforms(
    func: &Function,
    values: &[Vec<Vector>],
    reflection: &Reflection,
) -> Vec<GlslUniform> {
    let names = glsl_names(reflection);
    let mut out = Vec::new();
    for ((_, u), elements) in func.uniforms.iter().zip(values) {
        let cg_name = source_name(&u.name);
        let Some((_, name)) = names.iter().find(|(cg, _)| *cg == cg_name) else {
            continue;
        };
        out.push(GlslUniform {
            name: name.clone(),
            cg_name,
            width: u.ty.width,
            length: u.array_len.unwrap_or(1),
            int: matches!(u.ty.kind, ScalarKind::Int | ScalarKind::Bool),
            values: elements.iter().flat_map(parameter_values).collect(),
        });
    }
    out
}

/// The GLSL writer's names of the uniforms it declared, as (source name, GLSL name): the one thing
/// read from its reflection (each uniform's `name` and `target_name`, which only a declared one
/// has).
fn glsl_names(reflection: &Reflection) -> Vec<(String, String)> {
    let pair = |u: &pigment_ir::reflect::Uniform| Some((u.name.clone(), u.target_name.clone()?));
    reflection.uniforms.iter().filter_map(pair).collect()
}

/// The uniforms libretro's Cg runtime sets to sizes: real vectors named `*video_size`,
/// `*texture_size` or `*output_size`, at their std140 offsets in `func`'s buffer.
fn libretro_sizes(func: &Function, glsl: &[GlslUniform]) -> Vec<LibretroSize> {
    let (layout, _) = slots::uniform_layout(func);
    let mut out = Vec::new();
    for ((_, u), member) in func.uniforms.iter().zip(&layout) {
        let which = ["video_size", "texture_size", "output_size"]
            .into_iter()
            .find(|s| u.name.ends_with(s));
        let (Some(which), true, None) = (which, u.ty.kind.is_real(), u.array_len) else {
            continue;
        };
        let cg_name = source_name(&u.name);
        let named = glsl.iter().find(|g| g.cg_name == cg_name);
        out.push(LibretroSize {
            output: which == "output_size",
            glsl: named.map(|g| g.name.clone()),
            cg_name,
            offset: member.offset,
            width: u.ty.width,
        });
    }
    out
}

impl WebStage {
    /// The stage as the page reads it: `{wgsl, wgslReflection, uniformBytes, glsl,
    /// glslReflection, glslUniforms: [{name, cg_name, width, length, int, values}], sizes:
    /// [{size: "picture" | "output", cg_name, offset, width, glsl}]}`, the reflections in the one
    /// schema (`pigment-reflection-2`).
    pub fn to_json(&self) -> Value {
        let uniforms: Vec<Value> = (self.glsl_uniforms.iter())
            .map(|u| {
                json!({
                    "name": u.name, "cg_name": u.cg_name, "width": u.width, "length": u.length,
                    "int": u.int, "values": u.values,
                })
            })
            .collect();
        let sizes: Vec<Value> = (self.sizes.iter())
            .map(|z| {
                json!({
                    "size": if z.output { "output" } else { "picture" },
                    "cg_name": z.cg_name, "offset": z.offset, "width": z.width, "glsl": z.glsl,
                })
            })
            .collect();
        json!({
            "sizes": sizes,
            "wgsl": self.wgsl,
            "wgslReflection": schema_json(&self.wgsl_reflection),
            "uniformBytes": self.uniform_bytes,
            "glsl": self.glsl,
            "glslReflection": schema_json(&self.glsl_reflection),
            "glslUniforms": uniforms,
        })
    }
}

/// `reflection` as its schema writes it (its serialization cannot fail: every map key is a
/// string).
fn schema_json(reflection: &Reflection) -> Value {
    serde_json::to_value(reflection).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use crate::{CompileRequest, DrawingRequest, Session, Target};
    use serde_json::json;

    /// The fragment stage of Cg `text` drawn with `params`.
    fn fragment(text: &str, params: &[(&str, [f32; 4])]) -> super::WebStage {
        let mut session = Session::new();
        session.add_source("t.cg", text);
        let mut request = DrawingRequest::new(CompileRequest::new("t.cg", Target::Web));
        request.params = params.iter().map(|(n, v)| (n.to_string(), *v)).collect();
        session.drawing(&request).unwrap().fragment
    }

    fn float_at(bytes: &[u8], offset: usize) -> f32 {
        f32::from_le_bytes(bytes[offset..offset + 4].try_into().unwrap())
    }

    #[test]
    fn a_param_is_written_into_both_languages_values() {
        // std140: the float4 at 0, the float3 at 16 (a vec3 aligns to 16 bytes), the int at 28.
        let text = "uniform float4 first; uniform float3 tint; uniform int n;\n\
                    float4 main() : COLOR { return first + tint.xyzx * n; }\n";
        let stage = fragment(text, &[("tint", [0.5, 2.0, -1.0, 9.0]), ("n", [7.0; 4])]);
        let tint = stage.glsl_uniforms.iter().find(|u| u.cg_name == "tint");
        assert_eq!(tint.unwrap().values, [0.5, 2.0, -1.0]);
        let bytes = &stage.uniform_bytes;
        assert_eq!([16, 20, 24].map(|k| float_at(bytes, k)), [0.5, 2.0, -1.0]);
        // An integer uniform is not a parameter: it keeps its (zero) value.
        let n = stage
            .glsl_uniforms
            .iter()
            .find(|u| u.cg_name == "n")
            .unwrap();
        assert!(n.int && n.values == [0.0], "{n:?}");
        assert_eq!(bytes[28..32], [0; 4]);
    }

    #[test]
    fn a_matrix_starts_as_the_identity_and_a_row_is_set_by_its_element() {
        let text = "uniform float4x4 m;\n\
                    float4 main(float4 p : TEXCOORD0) : COLOR { return mul(m, p); }\n";
        let stage = fragment(text, &[("m[3]", [0.25, 0.5, 2.0, 1.0]), ("m", [9.0; 4])]);
        let m = stage
            .glsl_uniforms
            .iter()
            .find(|u| u.cg_name == "m")
            .unwrap();
        assert_eq!((m.width, m.length), (4, 4));
        let mut want = vec![1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0];
        want.extend([0.25, 0.5, 2.0, 1.0]);
        assert_eq!(m.values, want, "a matrix named without a row is left alone");
        // std140: an array of vec4 rows, stride 16; row 3 at 48.
        let row3 = [48, 52, 56, 60].map(|k| float_at(&stage.uniform_bytes, k));
        assert_eq!(row3, [0.25, 0.5, 2.0, 1.0]);
        assert_eq!(float_at(&stage.uniform_bytes, 0), 1.0);
    }

    #[test]
    fn both_reflections_are_the_one_schema_and_name_what_the_texts_declare() {
        // `unused` is declared but never sampled: WebGPU's "auto" layout has no slot for it.
        let text = "uniform sampler2D decal; uniform sampler2D unused; uniform float4 tint;\n\
                    float4 main(float2 uv : TEXCOORD0) : COLOR { return tex2D(decal, uv) * tint; }\n";
        let json = fragment(text, &[]).to_json();
        for key in ["wgslReflection", "glslReflection"] {
            assert_eq!(json[key]["schema"], "pigment-reflection-2", "{key}");
            assert_eq!(json[key]["entry"], "main", "{key}");
        }
        let wgsl = &json["wgslReflection"];
        let used = |name: &str| {
            let textures = wgsl["textures"].as_array().unwrap();
            let t = textures.iter().find(|t| t["name"] == name).unwrap();
            t["referenced"].clone()
        };
        assert_eq!((used("decal"), used("unused")), (json!(true), json!(false)));
        // Each GLSL uniform the page sets is one the GLSL text declares, by that name.
        let stage = fragment(text, &[]);
        let tint = stage.glsl_uniforms.iter().find(|u| u.cg_name == "tint");
        let name = &tint.unwrap().name;
        assert!(
            stage.glsl.contains(&format!("uniform vec4 {name};")),
            "{}",
            stage.glsl
        );
    }
}
