//! The HTTP API on 127.0.0.1: good compiles and renders, a program's errors at their lines, and
//! hostile requests (too large, not JSON, an include that was not sent, a compile that runs away),
//! each answered with a clear error while the server goes on serving.

mod common;

use common::{call, cg, constant, post, render_f32, server};
use pigment_serve::{Budget, Server};
use serde_json::json;
use std::io::{Read, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

const UV: &str = "float4 main(float4 t : TEXCOORD0) : COLOR { return t; }\n";

/// Nested loops cgc's fp30 must unroll: 27,000 bodies, seconds of work (a runaway for a budget).
/// Loops fp30 unrolls to about 85,000 instructions before refusing them (C6002): over a second of
/// work in a test build, within fp30's unrolling budget (44³ is the slowest such nest measured).
const RUNAWAY: &str = "float4 main(float2 uv : TEXCOORD0) : COLOR
{
    float s = 0;
    for (int i = 0; i < 44; i++) for (int j = 0; j < 44; j++) for (int k = 0; k < 44; k++) s += uv.x * i;
    return float4(s, 0, 0, 1);
}
";

/// The server still compiles a good program.
fn still_serving(addr: std::net::SocketAddr) {
    let reply = post(addr, "/api/compile", &cg(UV, "fp30"));
    answered(&reply, 200);
}

/// The diagnostics of a Cg program the server must reject (422) for fp30.
fn rejected(addr: std::net::SocketAddr, program: &str) -> serde_json::Value {
    let reply = post(addr, "/api/compile", &cg(program, "fp30"));
    answered(&reply, 422);
    reply.json()["diagnostics"].clone()
}

/// Asserts that `reply` has `status` (its body in the message when not).
fn answered(reply: &common::Reply, status: u16) {
    let body = String::from_utf8_lossy(&reply.body);
    assert_eq!(reply.status, status, "{body}");
}

/// The error message of `reply`, which must have `status`.
fn error_of(reply: &common::Reply, status: u16) -> String {
    answered(reply, status);
    reply.json()["error"]
        .as_str()
        .unwrap_or_default()
        .to_string()
}

#[test]
fn a_good_compile_answers_each_target() {
    let server = server(2, Duration::from_secs(60), 2);
    let fp30 = post(server.addr(), "/api/compile", &cg(UV, "fp30")).json();
    // NV_fragment_program's text begins `!!FP1.0` and has an `END` line (the extension's grammar).
    let text = fp30["outputs"][0]["text"].as_str().unwrap();
    assert!(
        text.starts_with("!!FP1.0") && text.lines().any(|l| l == "END"),
        "{text:?}"
    );
    let glsl = post(server.addr(), "/api/compile", &cg(UV, "glsl:es300")).json();
    let text = glsl["outputs"][0]["text"].as_str().unwrap();
    assert!(text.starts_with("#version 300 es"), "{text}");
    assert_eq!(glsl["outputs"][0]["stage"], "fragment");
    // The reflection is the one schema of every back end (docs/reflection.md).
    let reflection = &glsl["outputs"][0]["reflection"];
    assert_eq!(reflection["schema"], "pigment-reflection-2");
    assert_eq!(
        (&reflection["target"], &reflection["version"]),
        (&json!("glsl"), &json!("300es"))
    );
    let spirv = post(server.addr(), "/api/compile", &cg(UV, "spirv")).json();
    assert_eq!(spirv["outputs"][0]["spirv"][0], 0x0723_0203); // SPIR-V's magic number
                                                              // The disassembly (spirv-dis's text) names the fragment entry point and the Shader capability,
                                                              // which every Vulkan shader module declares (SPIR-V spec 2.16.1, Vulkan's required features).
    let asm = spirv["outputs"][0]["asm"].as_str();
    let asm = asm.unwrap_or_else(|| panic!("no disassembly: {}", spirv["outputs"][0]["asm_error"]));
    assert!(
        asm.contains("OpEntryPoint Fragment") && asm.contains("OpCapability Shader"),
        "{asm}"
    );
    server.stop();
}

#[test]
fn an_error_is_located_at_its_line() {
    let server = server(2, Duration::from_secs(60), 2);
    let program = "float4 main(float4 t : TEXCOORD0) : COLOR\n{\n    return t\n}\n";
    let first = &rejected(server.addr(), program)[0];
    // The missing `;` is found at the `}` that follows: line 4, column 1.
    assert_eq!(
        (
            &first["file"],
            &first["line"],
            &first["column"],
            &first["severity"]
        ),
        (&json!("main.cg"), &json!(4), &json!(1), &json!("error"))
    );
    still_serving(server.addr());
    server.stop();
}

#[test]
fn an_include_of_a_file_not_sent_is_a_located_error_and_one_sent_is_found() {
    let server = server(2, Duration::from_secs(60), 2);
    // Cargo.toml exists on disk beside the test: the server must not read it.
    let program = "#include \"Cargo.toml\"\nfloat4 main() : COLOR { return 1; }\n";
    let first = &rejected(server.addr(), program)[0];
    assert_eq!((&first["line"], &first["column"]), (&json!(1), &json!(10)));
    assert!(first["message"].as_str().unwrap().contains("Cargo.toml"));
    let sent = json!({
        "sources": [
            { "name": "main.cg", "text": "#include \"half.cgh\"\nfloat4 main() : COLOR { return HALF; }\n" },
            { "name": "half.cgh", "text": "#define HALF float4(0.5, 0.5, 0.5, 1)\n" },
        ],
        "main": "main.cg", "width": 1, "height": 1, "format": "f32",
    });
    let reply = post(server.addr(), "/api/render", &sent);
    answered(&reply, 200);
    assert_eq!(reply.floats(), [0.5, 0.5, 0.5, 1.0]);
    server.stop();
}

#[test]
fn a_render_is_the_reference_quad() {
    let server = server(2, Duration::from_secs(60), 2);
    let mut body = render_f32(UV, 4, 2);
    let reply = post(server.addr(), "/api/render", &body);
    assert_eq!(reply.status, 200);
    assert_eq!(
        (reply.header("x-width"), reply.header("x-height")),
        (Some("4"), Some("2"))
    );
    // shared/specs/reference-quad.md: pixel (i, j) gets s = (i + 0.5) / W, t = (j + 0.5) / H,
    // bottom row first.
    let pixels = reply.floats();
    assert_eq!(pixels.len(), 4 * 2 * 4);
    assert_eq!(pixels[..4], [0.125, 0.25, 0.0, 1.0]);
    assert_eq!(pixels[7 * 4..], [0.875, 0.75, 0.0, 1.0]);
    body["format"] = json!("png");
    let png = post(server.addr(), "/api/render", &body);
    assert_eq!(png.header("content-type"), Some("image/png"));
    assert_eq!(png.body[..8], *b"\x89PNG\r\n\x1a\n");
    server.stop();
}

#[test]
fn hostile_requests_get_clear_errors_and_the_server_keeps_serving() {
    let server = server(2, Duration::from_secs(60), 2);
    let addr = server.addr();
    let huge = vec![b' '; (1 << 20) + 1];
    let reply = call(addr, "POST", "/api/compile", &huge);
    assert_eq!(reply.status, 413);
    assert!(reply.json()["error"]
        .as_str()
        .unwrap()
        .contains("larger than"));
    still_serving(addr);
    let reply = call(addr, "POST", "/api/compile", b"{\"sources\": [");
    assert_eq!(reply.status, 400);
    assert!(reply.json()["error"].as_str().unwrap().contains("not JSON"));
    still_serving(addr);
    let long = " ".repeat((256 << 10) + 1);
    let reply = post(addr, "/api/compile", &cg(&long, "fp30"));
    assert_eq!(reply.status, 400);
    assert!(reply.json()["error"].as_str().unwrap().contains("limit"));
    let mut wide = cg(UV, "fp30");
    wide["width"] = json!(1_000_000);
    assert_eq!(post(addr, "/api/render", &wide).status, 400);
    let reply = post(addr, "/api/compile", &cg(UV, "dxil"));
    assert_eq!(reply.status, 400);
    assert!(reply.json()["error"]
        .as_str()
        .unwrap()
        .contains("unknown target"));
    assert_eq!(call(addr, "GET", "/api/nothing", b"").status, 404);
    assert_eq!(call(addr, "DELETE", "/api/compile", b"").status, 405);
    still_serving(addr);
    server.stop();
}

#[test]
fn a_runaway_compile_is_answered_408_and_abandoned_work_is_bounded() {
    let server = server(2, Duration::from_millis(300), 1);
    let addr = server.addr();
    let reply = post(addr, "/api/compile", &cg(RUNAWAY, "fp30"));
    answered(&reply, 408);
    assert!(reply.json()["error"].as_str().unwrap().contains("budget"));
    // The abandoned compile still runs: with room for one, the server refuses new work...
    let busy = post(addr, "/api/compile", &cg(UV, "fp30"));
    assert_eq!(busy.status, 503);
    // ...but still answers what needs no compile.
    assert_eq!(call(addr, "GET", "/", b"").status, 200);
}

#[test]
fn concurrent_clients_each_get_their_own_answer() {
    let server = server(8, Duration::from_secs(120), 2);
    let addr = server.addr();
    let clients: Vec<_> = (0..8u32)
        .map(|client| {
            std::thread::spawn(move || {
                for n in 0..25u32 {
                    let k = client * 25 + n;
                    let reply = post(addr, "/api/render", &render_f32(&constant(k), 1, 1));
                    assert_eq!(reply.status, 200);
                    assert_eq!(reply.floats(), [k as f32, 0.5, 0.25, 1.0], "request {k}");
                }
            })
        })
        .collect();
    for client in clients {
        client.join().expect("every answer is right");
    }
    server.stop();
}

#[test]
fn the_page_and_its_bundle_are_served() {
    let server = server(1, Duration::from_secs(60), 1);
    let page = call(server.addr(), "GET", "/", b"");
    assert_eq!(page.status, 200);
    let html = String::from_utf8(page.body).unwrap();
    assert!(html.contains("<script src=\"/playground.js\">"));
    // The page loads nothing from another host.
    assert!(!html.contains("http://") && !html.contains("https://"));
    assert_eq!(
        call(server.addr(), "GET", "/pigment-web.js", b"").status,
        200
    );
    let bundle = call(server.addr(), "GET", "/playground.js", b"");
    assert_eq!(
        bundle.header("content-type"),
        Some("text/javascript; charset=utf-8")
    );
    let examples = call(server.addr(), "GET", "/api/examples", b"").json();
    assert!(examples
        .as_array()
        .unwrap()
        .iter()
        .any(|e| e["name"] == "sphere.fp"));
    server.stop();
}

#[test]
fn every_example_of_the_menu_compiles_for_fp30() {
    let server = server(2, Duration::from_secs(60), 2);
    let examples = call(server.addr(), "GET", "/api/examples", b"").json();
    let examples = examples.as_array().unwrap();
    assert!(examples.len() >= 4);
    for example in examples {
        let body = json!({
            "sources": [{ "name": "example", "text": example["text"] }], "main": "example",
            "language": example["language"], "entry": example["entry"], "target": "fp30",
        });
        let reply = post(server.addr(), "/api/compile", &body);
        assert_eq!(reply.status, 200, "{}: {:?}", example["name"], reply.json());
        let text = reply.json()["outputs"][0]["text"].clone();
        assert!(text.as_str().unwrap().starts_with("!!FP1.0"), "{text}");
    }
    server.stop();
}

#[test]
fn a_parasol_program_is_drawn_on_both_sides_with_the_same_params() {
    let server = server(2, Duration::from_secs(60), 2);
    let mut body = json!({
        "sources": [{ "name": "rings.p", "text": include_str!("../../../examples/parasol/rings.p") }],
        "main": "rings.p", "vertex_entry": "examples.Rings.rings", "params": { "frequency": [9] },
    });
    let web = post(server.addr(), "/api/web", &body).json();
    let fragment = &web["shader"]["fragment"];
    assert_eq!(fragment["glslUniforms"][0]["values"], json!([9.0]));
    // The std140 buffer holds the float's little-endian bytes at the member's offset (0).
    assert_eq!(
        fragment["uniformBytes"].as_array().unwrap()[..4],
        9f32.to_le_bytes().map(|b| json!(b))
    );
    // The quad's position and texture coordinate feed the vertex shader's two inputs.
    let inputs = &web["shader"]["vertex"]["glslReflection"]["inputs"];
    assert_eq!(
        (&inputs[0]["semantic"], &inputs[1]["semantic"]),
        (&json!("POSITION"), &json!("TEXCOORD0"))
    );
    body["format"] = json!("f32");
    body["width"] = json!(2);
    body["height"] = json!(2);
    let reply = post(server.addr(), "/api/render", &body);
    answered(&reply, 200);
    assert_eq!(reply.floats().len(), 16);
    body.as_object_mut().unwrap().remove("vertex_entry");
    let reply = post(server.addr(), "/api/web", &body);
    assert!(error_of(&reply, 400).contains("vertex_entry"));
    server.stop();
}

/// A lit ISL surface and its lights, in one file.
const LIT: &str =
    "surface lit(parameter color base = color(1, 0.5, 0.25, 1)) { FB = diffuse(); FB *= base; }\n\
                   distantlight sun(parameter color c = color(0.5, 0.5, 0.5, 1)) { FB = c; }\n\
                   pointlight bulb(parameter color c = color(1, 1, 1, 1)) { FB = c; }\n";

#[test]
fn an_isl_surface_is_drawn_with_the_lights_the_request_names() {
    let server = server(2, Duration::from_secs(60), 2);
    // The distant light shines along its shadermatrix's row 2, here (0.6, 0, 0.8): on the quad
    // (N = (0, 0, 1)) diffuse() = c * max(N.L, 0) = 0.5 * 0.8 (isl-notes.md, "Lights"), times base.
    let mut body = json!({
        "sources": [{ "name": "lit.isl", "text": LIT }], "main": "lit.isl", "entry": "lit",
        "lights": [{ "place": "sun", "params": { "shadermatrix[2]": [0.6, 0, 0.8, 0] } }],
        "format": "f32", "width": 2, "height": 2,
    });
    let reply = post(server.addr(), "/api/render", &body);
    answered(&reply, 200);
    let floats = reply.floats();
    assert_eq!(floats.len(), 16);
    for pixel in floats.chunks(4) {
        let want = [0.4, 0.2, 0.1, 1.0];
        let close = pixel
            .iter()
            .zip(want)
            .all(|(got, want)| (got - want).abs() < 1e-3);
        assert!(close, "{pixel:?}");
    }
    // The browser's drawing object: the scene's vertex function and the lit surface, the light's
    // shadermatrix its default (identity) with the row the request gave.
    let web = post(server.addr(), "/api/web", &body).json();
    let fragment = &web["shader"]["fragment"];
    assert!(fragment["glsl"]
        .as_str()
        .unwrap()
        .starts_with("#version 300 es"));
    assert!(web["shader"]["vertex"]["wgsl"]
        .as_str()
        .unwrap()
        .contains("@vertex"));
    let matrix = fragment["glslUniforms"].as_array().unwrap().iter();
    let matrix = matrix
        .clone()
        .find(|u| u["cg_name"] == "sun.shadermatrix")
        .unwrap();
    assert_eq!(
        matrix["values"],
        json!([
            1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.6f32, 0.0, 0.8f32, 0.0, 0.0, 0.0, 0.0, 1.0
        ])
    );
    // For a GPU target the compile gives the browser's two shaders: SPIR-V of a vertex and a
    // fragment entry point.
    let mut spirv = body.clone();
    spirv["target"] = json!("spirv");
    let outputs = post(server.addr(), "/api/compile", &spirv).json()["outputs"].clone();
    let asm = |k: usize| outputs[k]["asm"].as_str().unwrap_or_default().to_string();
    assert!(asm(0).contains("OpEntryPoint Vertex"), "{outputs}");
    assert!(asm(1).contains("OpEntryPoint Fragment"), "{outputs}");
    // A light that is not one of the file's is the library's error (422), a bad field the
    // server's (400).
    body["lights"] = json!([{ "place": "lamp" }]);
    let reply = post(server.addr(), "/api/render", &body);
    answered(&reply, 422);
    assert!(reply.json()["diagnostics"][0]["message"]
        .as_str()
        .unwrap()
        .contains("`lamp`"));
    body["lights"] = json!([{ "name": "x" }]);
    let reply = post(server.addr(), "/api/render", &body);
    assert!(error_of(&reply, 400).contains("lights[0].place"));
    server.stop();
}

#[test]
fn a_render_past_the_memory_budget_is_refused_and_a_small_one_is_drawn() {
    let addr: std::net::SocketAddr = "127.0.0.1:0".parse().unwrap();
    // 1 MiB: a 64x64 target (40 bytes a pixel, nvfp::budget) fits, a 256x256 one (2.5 MiB) does not.
    let budget = Budget::new(Duration::from_secs(60), 2).with_memory(1 << 20);
    let server = Server::start(addr, 2, budget).unwrap();
    let reply = post(server.addr(), "/api/render", &render_f32(UV, 256, 256));
    answered(&reply, 400);
    let error = reply.json()["error"].as_str().unwrap().to_string();
    assert!(
        error.contains("256x256") && error.contains("memory budget"),
        "{error}"
    );
    let reply = post(server.addr(), "/api/render", &render_f32(UV, 64, 64));
    answered(&reply, 200);
    server.stop();
}

/// A client that sends a request's head, then its body one byte every `pause`: the status it is
/// answered, once the server answers.
fn slow_client(addr: std::net::SocketAddr, pause: Duration) -> u16 {
    let mut stream = std::net::TcpStream::connect(addr).unwrap();
    // Over 1 KiB, so that tiny_http does not read it before handing the request on.
    let body = cg(&format!("{UV}{}", " ".repeat(2000)), "fp30").to_string();
    let head = format!(
        "POST /api/compile HTTP/1.1\r\nHost: x\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).unwrap();
    // Waiting for an answer between bytes is the pause.
    stream.set_read_timeout(Some(pause)).unwrap();
    let mut answer = [0u8; 12];
    for byte in body.bytes() {
        stream.write_all(&[byte]).unwrap();
        if let Ok(n @ 1..) = stream.read(&mut answer) {
            let status = String::from_utf8_lossy(&answer[..n]).to_string();
            return status
                .split(' ')
                .nth(1)
                .and_then(|s| s.parse().ok())
                .unwrap_or(0);
        }
    }
    panic!("the whole body was sent slowly and never answered");
}

#[test]
fn slow_clients_hold_no_worker_and_are_answered_408() {
    let addr: std::net::SocketAddr = "127.0.0.1:0".parse().unwrap();
    let budget = Budget::new(Duration::from_secs(60), 2).with_body_time(Duration::from_secs(3));
    let server = Server::start(addr, 2, budget).unwrap();
    let addr = server.addr();
    // Twice as many slow clients as workers, each sending a byte a second: without the body read
    // off the workers they would hold both for minutes.
    let finished = Arc::new(AtomicUsize::new(0));
    let slow: Vec<_> = (0..4)
        .map(|_| {
            let finished = finished.clone();
            std::thread::spawn(move || {
                let status = slow_client(addr, Duration::from_secs(1));
                finished.fetch_add(1, Ordering::SeqCst);
                status
            })
        })
        .collect();
    std::thread::sleep(Duration::from_millis(500));
    still_serving(addr);
    assert_eq!(call(addr, "GET", "/", b"").status, 200);
    // Answered while every slow client was still sending (none had an answer yet).
    assert_eq!(finished.load(Ordering::SeqCst), 0);
    for client in slow {
        assert_eq!(client.join().unwrap(), 408);
    }
    still_serving(addr);
    server.stop();
}

#[test]
fn a_body_declared_far_too_large_is_refused_and_the_server_keeps_serving() {
    let server = server(2, Duration::from_secs(60), 2);
    let addr = server.addr();
    // tiny_http would allocate the declared length to throw the body away: 10^14 bytes.
    let mut stream = std::net::TcpStream::connect(addr).unwrap();
    let head = "POST /api/compile HTTP/1.1\r\nHost: x\r\nContent-Length: 100000000000000\r\n\r\n";
    stream.write_all(head.as_bytes()).unwrap();
    stream.write_all(b"{\"sources\": ").unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    let mut answer = [0u8; 12];
    stream.read_exact(&mut answer).unwrap();
    assert_eq!(&answer, b"HTTP/1.1 413");
    drop(stream);
    std::thread::sleep(Duration::from_millis(200));
    still_serving(addr);
    server.stop();
}

#[test]
fn a_picture_sent_is_what_every_sampler_reads_on_the_machine() {
    let server = server(2, Duration::from_secs(60), 2);
    // 2x2 texels, bottom row first: (0, 0) red-ish, (1, 0) green-ish, (0, 1) blue-ish, (1, 1) grey.
    let rgba = [
        255, 0, 0, 255, 0, 102, 0, 255, 0, 0, 51, 255, 128, 128, 128, 255,
    ];
    let program =
        "float4 main(uniform sampler2D a : TEXUNIT0, uniform sampler2D b : TEXUNIT3) : COLOR \
                   { return tex2D(a, float2(0.75, 0.25)) + tex2D(b, float2(0.25, 0.75)); }\n";
    let mut body = render_f32(program, 1, 1);
    body["texture"] = json!({ "width": 2, "height": 2, "rgba": rgba });
    let reply = post(server.addr(), "/api/render", &body);
    answered(&reply, 200);
    // Texel (1, 0) on unit 0 plus texel (0, 1) on unit 3, each byte k read as k/255.
    let expected = [0.0, 102.0 / 255.0, 51.0 / 255.0, 2.0];
    let got = reply.floats();
    assert!(
        got.iter().zip(expected).all(|(g, e)| (g - e).abs() < 1e-6),
        "{got:?}"
    );
    body["texture"]["rgba"] = json!([0, 0, 0]);
    let reply = post(server.addr(), "/api/render", &body);
    assert_eq!(reply.status, 400);
    assert!(reply.json()["error"].as_str().unwrap().contains("16 bytes"));
    server.stop();
}

#[test]
fn a_picture_sent_is_what_an_isl_surfaces_textures_read_on_the_machine() {
    let server = server(2, Duration::from_secs(60), 2);
    // 2x2 texels, bottom row first; the surface is the texture at its coordinate, so on a 2x2
    // target each pixel of the quad is its own texel (isl-notes.md: `texture(name)` reads at the
    // surface's texture coordinate; the quad's is (s, t)).
    let rgba: [u8; 16] = [
        255, 0, 0, 255, 0, 102, 0, 255, 0, 0, 51, 255, 128, 128, 128, 255,
    ];
    let text = "surface tiled(uniform string tiles = \"tiles.png\") { FB = texture(tiles); }\n";
    let body = json!({
        "sources": [{ "name": "t.isl", "text": text }], "main": "t.isl",
        "format": "f32", "width": 2, "height": 2,
        "texture": { "width": 2, "height": 2, "rgba": rgba },
    });
    let reply = post(server.addr(), "/api/render", &body);
    answered(&reply, 200);
    let expected = rgba.map(|k| f32::from(k) / 255.0);
    let got = reply.floats();
    assert_eq!(got.len(), 16);
    assert!(
        got.iter().zip(expected).all(|(g, e)| (g - e).abs() < 1e-6),
        "{got:?}"
    );
    server.stop();
}

#[test]
fn an_isl_scene_gives_the_browser_its_vertices_and_its_atmosphere() {
    let server = server(2, Duration::from_secs(60), 2);
    let text = "surface grey() { FB = color(0.5, 0.5, 0.5, 1); }\n\
                atmosphere haze(parameter float k = 0.25) { FB = blend(color(1, 1, 1, 1) * k); }\n";
    let body = json!({
        "sources": [{ "name": "s.isl", "text": text }], "main": "s.isl",
        "geometry": "sphere", "atmosphere": "haze",
    });
    let reply = post(server.addr(), "/api/web", &body);
    let web = reply.json();
    let shader = &web["shader"];
    assert!(shader.is_object(), "{}", reply.status);
    // Every vertex has its four attributes of four floats; every index names a vertex.
    let attributes = &shader["mesh"]["attributes"];
    let count = attributes["POSITION"].as_array().unwrap().len();
    assert!(count > 0 && count.is_multiple_of(4));
    for semantic in ["TEXCOORD0", "TEXCOORD1", "TEXCOORD2"] {
        assert_eq!(attributes[semantic].as_array().unwrap().len(), count);
    }
    let indices = shader["mesh"]["indices"].as_array().unwrap();
    assert!(!indices.is_empty() && indices.len().is_multiple_of(3));
    assert!(indices
        .iter()
        .all(|i| (i.as_u64().unwrap() as usize) < count / 4));
    // The normals are unit vectors (the sphere's, in eye space).
    let normals = attributes["TEXCOORD1"].as_array().unwrap();
    for n in normals.chunks(4) {
        let n: Vec<f64> = n.iter().map(|x| x.as_f64().unwrap()).collect();
        let length = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
        assert!((length - 1.0).abs() < 1e-4, "{n:?}");
    }
    // The atmosphere reads the surface's picture as `FB`, a 2D texture on GLSL ES read at the
    // window position times FB.scale, 1/256 for the 256x256 picture.
    let atmosphere = &shader["atmosphere"];
    let glsl = atmosphere["glsl"].as_str().unwrap();
    assert!(glsl.contains("sampler2D FB"), "{glsl}");
    let uniforms = atmosphere["glslUniforms"].as_array().unwrap();
    let scale = uniforms
        .iter()
        .find(|u| u["cg_name"] == "FB.scale")
        .unwrap();
    assert_eq!(scale["values"], json!([1.0 / 256.0, 1.0 / 256.0]));
    // The compile for a GPU target: the vertex function, the surface and the atmosphere.
    let mut compile = body.clone();
    compile["target"] = json!("wgsl");
    let outputs = post(server.addr(), "/api/compile", &compile).json()["outputs"].clone();
    let names: Vec<&str> = (0..3)
        .map(|k| outputs[k]["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["grey_vertex.wgsl", "grey.wgsl", "haze.wgsl"]);
    // An unknown geometry is the library's error.
    let mut bad = body.clone();
    bad["geometry"] = json!("teapot");
    let reply = post(server.addr(), "/api/web", &bad);
    assert!(
        reply.status == 400 || reply.status == 422,
        "{}",
        reply.status
    );
    assert!(String::from_utf8_lossy(&reply.body).contains("teapot"));
    server.stop();
}
