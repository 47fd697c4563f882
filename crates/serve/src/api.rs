//! The API calls: `POST /api/compile`, `POST /api/render`, `POST /api/web` (each read by [`crate::request`], run
//! under the [`Budget`], answered by [`crate::answer`]) and `GET /api/examples`, the bundled
//! examples the page's menu offers.

use crate::answer::{self, Answer};
use crate::limits::Budget;
use crate::request;
use crate::request::texture;
use pigment::render::TextureSlot;
use pigment::{DrawingRequest, Language, Target};
use serde_json::json;

/// An example of the menu: its name, language, entry and vertex entry or program ("" for none)
/// and text.
struct Example(
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
);

/// The bundled examples, built in so that the menu works wherever the server runs.
const EXAMPLES: &[Example] = &[
    Example(
        "rings.cg",
        "cg",
        "",
        "",
        include_str!("../../../examples/cg/rings.cg"),
    ),
    Example(
        "testcard.cg",
        "cg",
        "",
        "",
        include_str!("../../../examples/cg/testcard.cg"),
    ),
    Example(
        "tiles.cg",
        "cg",
        "",
        "",
        include_str!("../../../examples/cg/tiles.cg"),
    ),
    Example(
        "sphere.fp",
        "fp",
        "",
        "",
        include_str!("../../../examples/fp/sphere.fp"),
    ),
    Example(
        "ball.isl",
        "isl",
        "",
        "",
        include_str!("../../../examples/isl/ball.isl"),
    ),
    Example(
        "rings.p",
        "parasol",
        "examples.Rings.f",
        "examples.Rings.rings",
        include_str!("../../../examples/parasol/rings.p"),
    ),
];

/// Compiles the body's program (an ISL surface for a target other than fp30: the shaders of the
/// browser's picture, with its lights).
pub fn compile(body: &[u8], budget: &Budget) -> Answer {
    let job = match request::compile(body) {
        Ok(job) => job,
        Err(bad) => return Answer::error(400, bad.0),
    };
    let run = move || {
        let request = &job.request;
        // An ISL surface for a GPU target: its drawing's shaders (vertex, surface, atmosphere;
        // fp30 is the library's compile of the file's shaders).
        if request.resolved_language()? == Language::Isl && request.target != Target::Fp30 {
            let scene = job.isl_scene();
            return (job.session).compile_isl_scene(&request.source, &scene, request.target);
        }
        job.session.compile(request)
    };
    match budget.run(run) {
        Ok(result) => answer::compiled(result),
        Err(refused) => answer::refused(refused),
    }
}

/// The program as `web/pigment-web.js` draws it (the library's [`pigment::Drawing`], an ISL
/// surface on the request's scene), with the request's `params`, for the browser's own picture.
pub fn web(body: &[u8], budget: &Budget) -> Answer {
    let job = match request::web(body) {
        Ok(job) => job,
        Err(bad) => return Answer::error(400, bad.0),
    };
    let run = move || {
        let compile = &job.compile;
        let request = DrawingRequest {
            compile: compile.request.clone(),
            scene: compile.isl_scene(),
            params: job.params,
        };
        compile.session.drawing(&request)
    };
    match budget.run(run) {
        Ok(Ok(drawing)) => Answer::json(200, &json!({ "shader": drawing.to_json() })),
        Ok(Err(error)) => answer::failed(error),
        Err(refused) => answer::refused(refused),
    }
}

/// Renders the body's program on the NV machine: the reference quad with a fragment program (a
/// vertex program too), or an ISL surface on the request's scene with its lights and atmosphere
/// (`render_isl`). The uploaded picture goes to every texture unit, or to every texture an ISL
/// surface or atmosphere names.
pub fn render(body: &[u8], budget: &Budget) -> Answer {
    let mut job = match request::render(body) {
        Ok(job) => job,
        Err(bad) => return Answer::error(400, bad.0),
    };
    let format = job.format;
    job.options.memory_budget = budget.memory;
    let run = move || {
        let compile = &job.compile;
        let (session, source) = (&compile.session, &compile.request.source);
        let isl = compile.request.resolved_language()? == Language::Isl;
        let scene = compile.isl_scene();
        if let Some(texture) = &job.texture {
            let slots = match isl {
                true => (session.isl_scene_textures(source, &scene)?.into_iter())
                    .map(TextureSlot::Sampler)
                    .collect(),
                false => texture::every_unit(),
            };
            texture::bind(texture, slots, &mut job.options)?;
        }
        match isl {
            true => session.render_isl(source, &scene, &job.options),
            false => session.render(&compile.request, &job.options),
        }
    };
    match budget.run(run) {
        Ok(result) => answer::rendered(result, format),
        Err(refused) => answer::refused(refused),
    }
}

/// The examples as `[{name, language, entry, vertex_entry, text}]`.
pub fn examples() -> Answer {
    let list: Vec<_> = EXAMPLES
        .iter()
        .map(|Example(name, language, entry, vertex_entry, text)| {
            json!({
                "name": name, "language": language, "entry": entry,
                "vertex_entry": vertex_entry, "text": text,
            })
        })
        .collect();
    Answer::json(200, &json!(list))
}
