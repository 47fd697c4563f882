//! The `web` target: the program as a page that draws it in a browser — `index.html` and
//! `pigment-web.js` (the page of `web/`, built in) and `shader.js`, the program's [`Drawing`]:
//! each stage as WGSL (naga, for WebGPU) and GLSL ES 3.00 (Pigment's writer, for WebGL 2) with
//! their reflections and uniform values: the uniforms' defaults, matrices without one the
//! identity (as `pigment render` sets them), as the stage's std140 buffer for WebGPU and by GLSL
//! name for WebGL. The uniforms libretro's runtime sets to sizes are listed (`sizes`) so that the
//! page fills them in with its picture's and its own size. Without a vertex entry the page
//! supplies the vertex stage itself. The page draws the reference quad (256x256; the query
//! `?size=WxH` changes it). The playground's server draws the same object ([`Session::drawing`]).

mod drawing;
mod stage;

pub use drawing::{Drawing, DrawingRequest, SIZE};
pub use stage::{GlslUniform, LibretroSize, Param, WebStage};

use super::CompileRequest;
use crate::artifact::{Code, Output};
use crate::diagnostics::Diagnostics;
use crate::error::Result;
use crate::Session;

const PAGE: &str = include_str!("../../../../../web/index.html");
const SCRIPT: &str = include_str!("../../../../../web/pigment-web.js");

/// The page's three files.
pub(super) fn outputs(
    session: &Session,
    request: &CompileRequest,
    found: &mut Diagnostics,
) -> Result<Vec<Output>> {
    let drawing = drawing::cg(session, &DrawingRequest::new(request.clone()), found)?;
    let shader = drawing.to_json();
    let file = |name: &str, text: String| Output {
        name: name.to_string(),
        stage: None,
        code: Code::Text(text),
        reflection: None,
    };
    Ok(vec![
        file("index.html", PAGE.to_string()),
        file("pigment-web.js", SCRIPT.to_string()),
        file(
            "shader.js",
            format!("window.PIGMENT_SHADER = {shader:#};\n"),
        ),
    ])
}

/// A uniform's name as parameters give it: `NAME[k]` is (`NAME`, element k: an array's element,
/// a matrix's row); any other name is itself.
pub(crate) fn element_of(name: &str) -> (&str, Option<usize>) {
    let split = name.strip_suffix(']').and_then(|n| n.rsplit_once('['));
    match split.and_then(|(base, k)| Some((base, k.parse().ok()?))) {
        Some((base, k)) => (base, Some(k)),
        None => (name, None),
    }
}

#[cfg(test)]
mod tests {
    use super::element_of;

    #[test]
    fn an_element_is_named_by_its_index() {
        assert_eq!(
            element_of("sun.shadermatrix[2]"),
            ("sun.shadermatrix", Some(2))
        );
        assert_eq!(element_of("tint"), ("tint", None));
        assert_eq!(element_of("a[x]"), ("a[x]", None));
    }
}
