//! The API's answers: a compile's outputs and diagnostics as JSON, a render's picture as PNG or
//! floats, and every failure as a status with a JSON `{"error": ...}` that says what went wrong.

use crate::limits::Refused;
use crate::request::Format;
use pigment::render::Rendered;
use pigment::{Artifact, Code, Diagnostics, Error};
use serde_json::{json, Value};

/// A response before it is sent: status, content type, body and extra headers.
#[derive(Debug)]
pub struct Answer {
    /// The HTTP status.
    pub status: u16,
    /// The content type.
    pub content_type: &'static str,
    /// The body.
    pub body: Vec<u8>,
    /// Further headers.
    pub headers: Vec<(&'static str, String)>,
}

impl Answer {
    /// A JSON answer.
    pub fn json(status: u16, value: &Value) -> Answer {
        Answer {
            status,
            content_type: "application/json",
            body: value.to_string().into_bytes(),
            headers: Vec::new(),
        }
    }

    /// `{"error": message}` with `status`.
    pub fn error(status: u16, message: impl Into<String>) -> Answer {
        Answer::json(
            status,
            &json!({ "error": message.into(), "diagnostics": [] }),
        )
    }
}

/// A compile's answer: 200 with the outputs and warnings, 422 with the diagnostics of a rejected
/// program, 400 for a request the library refuses, 500 for Pigment's own failure.
pub fn compiled(result: Result<Artifact, Error>) -> Answer {
    match result {
        Ok(artifact) => Answer::json(
            200,
            &json!({
                "outputs": artifact.outputs.iter().map(output).collect::<Vec<_>>(),
                "diagnostics": diagnostics(&artifact.warnings),
            }),
        ),
        Err(error) => failed(error),
    }
}

/// A render's answer: the picture in `format`, its size in `X-Width`/`X-Height` and the warnings'
/// count in `X-Warnings`; a failure as [`compiled`] answers it.
pub fn rendered(result: Result<Rendered, Error>, format: Format) -> Answer {
    let rendered = match result {
        Ok(rendered) => rendered,
        Err(error) => return failed(error),
    };
    let image = &rendered.image;
    let (content_type, body) = match format {
        Format::Png => match nvfp::image::encode_png(image.width, image.height, &image.pixels) {
            Ok(bytes) => ("image/png", bytes),
            Err(e) => return Answer::error(500, e),
        },
        Format::F32 => (
            "application/octet-stream",
            image
                .pixels
                .iter()
                .flatten()
                .flat_map(|v| v.to_le_bytes())
                .collect(),
        ),
    };
    Answer {
        status: 200,
        content_type,
        body,
        headers: vec![
            ("X-Width", image.width.to_string()),
            ("X-Height", image.height.to_string()),
            ("X-Warnings", rendered.warnings.len().to_string()),
        ],
    }
}

/// A budgeted job that produced nothing: 408 over time, 503 busy, 500 for a panic.
pub fn refused(refused: Refused) -> Answer {
    match refused {
        Refused::OverTime(time) => Answer::error(
            408,
            format!("the request ran past its budget of {time:?} and was abandoned"),
        ),
        Refused::Busy(n) => Answer::error(
            503,
            format!("{n} abandoned requests are still running; try again when they finish"),
        ),
        Refused::Panicked(message) => {
            Answer::error(500, format!("internal error (a bug in Pigment): {message}"))
        }
    }
}

/// A failed compile or render: 422 with the diagnostics of a rejected program, 400 for a request
/// the library refuses, 500 for Pigment's own failure.
pub fn failed(error: Error) -> Answer {
    match error {
        Error::Rejected(found) => Answer::json(
            422,
            &json!({ "error": "the program has errors", "diagnostics": diagnostics(&found) }),
        ),
        Error::Request(_) | Error::NoSource(_) | Error::Read(_) => {
            Answer::error(400, error.to_string())
        }
        Error::Io { .. } | Error::Output(_) | Error::Internal(_) => {
            Answer::error(500, error.to_string())
        }
    }
}

/// An output as `{name, stage, reflection}` (the reflection in the one schema,
/// `pigment-reflection-2`) with its `text`, or a SPIR-V module's `spirv` words
/// and their disassembly `asm` (`asm_error` when `spirv-dis` could not write it).
fn output(output: &pigment::Output) -> Value {
    let mut value = json!({
        "name": output.name,
        "stage": output.stage.map(|s| format!("{s:?}").to_lowercase()),
        "reflection": output.reflection.as_ref().map(|r| r.to_json()),
    });
    match &output.code {
        Code::Text(text) => value["text"] = json!(text),
        Code::SpirV(words) => {
            value["spirv"] = json!(words);
            // The page shows SPIR-V as `spirv-dis` text; without the tool it says why and shows
            // the words.
            match output.code.disassembly() {
                Ok(text) => value["asm"] = json!(text),
                Err(e) => value["asm_error"] = json!(e.to_string()),
            }
        }
    }
    value
}

/// The entries as the page reads them.
pub fn diagnostics(found: &Diagnostics) -> Value {
    found
        .iter()
        .map(|e| {
            json!({
                "file": e.file,
                "line": e.line,
                "column": e.column,
                "severity": e.severity.as_str(),
                "message": e.message,
                "rendered": e.rendered,
            })
        })
        .collect()
}

/// The answer as `tiny_http` sends it, with the headers every answer carries.
pub fn response(answer: Answer) -> tiny_http::Response<std::io::Cursor<Vec<u8>>> {
    let header = |name: &str, value: &str| {
        tiny_http::Header::from_bytes(name.as_bytes(), value.as_bytes()).ok()
    };
    // The whole body is at hand, so it goes with its Content-Length: `tiny_http` would send one
    // over 32 KiB (an ISL scene's drawing object) in chunks, which the crate's own client does
    // not read.
    let mut response = tiny_http::Response::from_data(answer.body)
        .with_status_code(answer.status)
        .with_chunked_threshold(usize::MAX);
    let fixed = [
        ("Content-Type", answer.content_type.to_string()),
        ("Cache-Control", "no-store".to_string()),
        ("X-Content-Type-Options", "nosniff".to_string()),
    ];
    for (name, value) in fixed.iter().chain(&answer.headers) {
        if let Some(header) = header(name, value) {
            response.add_header(header);
        }
    }
    response
}
