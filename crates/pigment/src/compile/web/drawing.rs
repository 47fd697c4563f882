//! The browser's drawing of a program ([`Session::drawing`]): the object `web/pigment-web.js`
//! draws, for the `web` target's page and for the playground's picture beside the machine's. A
//! Cg program is its entry (and vertex entry); a Parasol program its two shaders, connected; an
//! ISL surface its scene's vertex function, the lit surface and the atmosphere, with the scene's
//! vertices. Each stage is built from the IR functions the compile lowers ([`super::stage`]).

use super::stage::{stage, Param, WebStage};
use crate::compile::cg::{lower_stage, naga_profile, rejected};
use crate::diagnostics::Diagnostics;
use crate::error::{Error, Result};
use crate::render::isl::{IslScene, SceneVertices, FB_SCALE, SCENE_SEMANTICS};
use crate::{CompileRequest, Language, Session};
use pigment_ir::{Function, Stage};
use serde_json::{json, Value};

/// The size the drawing is made for (the page's default; its query `?size=WxH` changes it).
pub const SIZE: u32 = 256;

/// What the quad feeds a Parasol vertex shader's inputs, in declaration order: the semantics
/// [`Session::render`] gives them, which `pigment-web.js` knows.
const PARASOL_INPUTS: [&str; 4] = ["POSITION", "TEXCOORD0", "COLOR0", "TEXCOORD1"];

/// A program to draw in the browser: the compile (source, language, entries; the target is
/// ignored), an ISL surface's scene, and values for uniforms by source name.
#[derive(Clone, Debug, PartialEq)]
pub struct DrawingRequest {
    /// The program: Cg `entry` (and `vertex_entry`), a Parasol program (`vertex_entry`,
    /// `package.Module.name`), or an ISL file (the scene's `surface` is the shader drawn).
    pub compile: CompileRequest,
    /// An ISL surface's lights, geometry and atmosphere.
    pub scene: IslScene,
    /// Uniforms' values (`NAME[k]`: element k of an array, a matrix's row k), in every stage
    /// that has the uniform, over its default.
    pub params: Vec<Param>,
}

impl DrawingRequest {
    /// The drawing of `compile` with no scene and no parameters.
    pub fn new(compile: CompileRequest) -> DrawingRequest {
        DrawingRequest {
            compile,
            scene: IslScene::default(),
            params: Vec::new(),
        }
    }
}

/// The object the page draws: each stage in WGSL and GLSL ES 3.00 with its uniforms' values.
#[derive(Clone, Debug, PartialEq)]
pub struct Drawing {
    /// The picture's size.
    pub size: (u32, u32),
    /// The vertex stage (without one the page supplies its own, feeding the quad).
    pub vertex: Option<WebStage>,
    /// The fragment stage.
    pub fragment: WebStage,
    /// An ISL scene's atmosphere, drawn over the surface's picture, which it reads as `FB`.
    pub atmosphere: Option<WebStage>,
    /// An ISL scene's vertices after the machine's vertex stage (without them, the quad).
    pub mesh: Option<SceneVertices>,
    /// The compile's warnings.
    pub warnings: Diagnostics,
}

impl Session {
    /// The drawing of `request`'s program, in Cg, Parasol or ISL.
    ///
    /// ```
    /// use pigment::{CompileRequest, DrawingRequest, Session, Target};
    /// let mut session = Session::new();
    /// session.add_source("t.cg", "float4 main(uniform float4 tint) : COLOR { return tint; }\n");
    /// let mut request = DrawingRequest::new(CompileRequest::new("t.cg", Target::Web));
    /// request.params.push(("tint".into(), [0.5, 0.25, 1.0, 1.0]));
    /// let drawing = session.drawing(&request).unwrap();
    /// let tint = &drawing.fragment.glsl_uniforms[0];
    /// assert_eq!((tint.cg_name.as_str(), &tint.values[..]), ("tint", &[0.5, 0.25, 1.0, 1.0][..]));
    /// assert!(drawing.fragment.wgsl.contains("@fragment"));
    /// ```
    pub fn drawing(&self, request: &DrawingRequest) -> Result<Drawing> {
        match request.compile.resolved_language()? {
            Language::Cg => cg(self, request, &mut Diagnostics::new()),
            Language::Parasol => parasol(self, request),
            Language::Isl => isl(self, request),
            other => Err(Error::Request(format!(
                "the browser draws Cg, Parasol and ISL programs, not {other}"
            ))),
        }
    }
}

/// A Cg program: its entry and, with `vertex_entry`, that entry as the vertex stage; the compile's
/// warnings added to `found`.
pub(super) fn cg(
    session: &Session,
    request: &DrawingRequest,
    found: &mut Diagnostics,
) -> Result<Drawing> {
    let compile = &request.compile;
    let mut cg_stage = |stage: Stage, entry: &str| {
        let profile = naga_profile(stage);
        let lowered = lower_stage(session, compile, entry, stage, profile, found)?;
        let func = lowered.function(entry)?;
        super::stage::stage(func, func, &request.params, true)
            .map_err(|d| rejected(&lowered.front, entry, vec![d], found))
    };
    let fragment = cg_stage(Stage::Fragment, compile.cg_entry())?;
    let vertex = match &compile.vertex_entry {
        Some(entry) => Some(cg_stage(Stage::Vertex, entry)?),
        None => None,
    };
    Ok(Drawing {
        vertex,
        warnings: found.clone(),
        ..Drawing::new(fragment)
    })
}

/// A Parasol program (`vertex_entry`): its two shaders, connected, the vertex shader's inputs
/// taking the quad's semantics in order.
fn parasol(session: &Session, request: &DrawingRequest) -> Result<Drawing> {
    let Some(program) = request.compile.vertex_entry.as_deref() else {
        return Err(Error::Request(
            "the pictures of a Parasol program need `vertex_entry`: the program, package.Module.name".into(),
        ));
    };
    let lowered = crate::compile::parasol::lower_program(session, &request.compile, program)?;
    let mut vertex = lowered.vertex.clone();
    name_inputs(&mut vertex);
    let both = |func: &Function| {
        stage(func, func, &request.params, false).map_err(|d| lowered.rejected(&[d]))
    };
    Ok(Drawing {
        vertex: Some(both(&vertex)?),
        warnings: lowered.warnings.clone(),
        ..Drawing::new(both(&lowered.fragment)?)
    })
}

/// Parasol's vertex inputs (`ATTRk`) take the quad's semantics in declaration order, as the
/// machine's render feeds them.
fn name_inputs(vertex: &mut Function) {
    for ((_, input), semantic) in vertex.inputs.iter_mut().zip(PARASOL_INPUTS) {
        input.semantic = Some(semantic.to_string());
    }
}

/// An ISL surface on the request's scene: the scene's vertex function, the lit surface and the
/// atmosphere (GLSL ES reading the surface's picture as a 2D texture at the window position times
/// `FB.scale`, which is set to 1/[`SIZE`]), and the scene's vertices.
fn isl(session: &Session, request: &DrawingRequest) -> Result<Drawing> {
    let (source, scene) = (&request.compile.source, &request.scene);
    let shaders = session.isl_scene_shaders(source, scene)?;
    let params = &request.params;
    let both = |func: &Function| stage(func, func, params, false);
    let reject = |d| shaders.rejected(&[d]);
    let vertex = both(&shaders.vertex).map_err(reject)?;
    let fragment = both(&shaders.surface.1).map_err(reject)?;
    let atmosphere = match (shaders.atmosphere_for(false), shaders.atmosphere_for(true)) {
        (Some(glsl), Some(wgsl)) => {
            let texel = 1.0 / SIZE as f32;
            let mut params = params.clone();
            params.push((FB_SCALE.replace('$', "."), [texel, texel, 0.0, 0.0]));
            Some(stage(&glsl, &wgsl, &params, false).map_err(reject)?)
        }
        _ => None,
    };
    Ok(Drawing {
        vertex: Some(vertex),
        atmosphere,
        mesh: Some(session.isl_scene_vertices(scene, (SIZE, SIZE))?),
        warnings: shaders.warnings().clone(),
        ..Drawing::new(fragment)
    })
}

impl Drawing {
    /// A drawing of `fragment` alone, at the default size.
    fn new(fragment: WebStage) -> Drawing {
        Drawing {
            size: (SIZE, SIZE),
            vertex: None,
            fragment,
            atmosphere: None,
            mesh: None,
            warnings: Diagnostics::new(),
        }
    }

    /// The object `web/pigment-web.js` draws: `{width, height, fragment, vertex?, atmosphere?,
    /// mesh?}`, each stage as [`WebStage::to_json`] writes it, the mesh as `{attributes: {SEMANTIC:
    /// [four floats a vertex]}, indices}`.
    pub fn to_json(&self) -> Value {
        let mut object = json!({
            "width": self.size.0, "height": self.size.1, "fragment": self.fragment.to_json(),
        });
        let stages = [("vertex", &self.vertex), ("atmosphere", &self.atmosphere)];
        for (key, stage) in stages {
            if let Some(stage) = stage {
                object[key] = stage.to_json();
            }
        }
        if let Some(vertices) = &self.mesh {
            object["mesh"] = mesh(vertices);
        }
        object
    }
}

/// The scene's vertices as `pigment-web.js` binds them: each attribute by its semantic, and the
/// triangles' indices.
fn mesh(vertices: &SceneVertices) -> Value {
    let lists = [
        &vertices.clip,
        &vertices.texcoord,
        &vertices.normal,
        &vertices.position,
    ];
    let mut attributes = serde_json::Map::new();
    for (semantic, list) in SCENE_SEMANTICS.iter().zip(lists) {
        let floats: Vec<f32> = list.iter().flatten().copied().collect();
        attributes.insert(semantic.to_string(), json!(floats));
    }
    let indices: Vec<u32> = vertices.triangles.iter().flatten().copied().collect();
    json!({ "attributes": attributes, "indices": indices })
}
