//! The web page (`web/`, written by `pigment compile FILE --target web -o DIR`) run in Debian's
//! Chromium, headless, with its software WebGPU (the WGSL output) and with its WebGL 2 path (the
//! GLSL ES 3.00 output): each draws the reference quad as the NV machine's `pigment render` does
//! (within 2e-3). The page is served by a small HTTP server in this test and POSTs its floats back
//! (a DOM dump does not wait for WebGPU's asynchronous read-back).

mod common;

use common::{pigment, scratch, stderr, write};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

const PROGRAM: &str = "\
float4 main(float2 uv : TEXCOORD0, float4 col : COLOR0, float4 t1 : TEXCOORD1,
            uniform float3 tint = float3(0.5, 0.25, 1.0), uniform float gain = 0.75) : COLOR
{
    float3 c = lerp(tint * uv.x, col.rgb, 0.25) + frac(t1.xyz * 3.0) * 0.125;
    if (uv.y > 0.5) c = c.bgr;
    return float4(pow(c, 1.5) * (1.0 + gain), abs(t1.y));
}
";

/// A libretro-style lookup: the picture every sampler of the page reads, scaled and offset.
const TEXTURED: &str = "\
float4 main(float2 uv : TEXCOORD0, uniform sampler2D pic, uniform float2 scale = float2(1.5, 0.75)) : COLOR
{
    float4 c = tex2D(pic, uv * scale + float2(0.0625, 0.125));
    return float4(c.rgb * 0.5 + c.bgr * uv.x, c.a);
}
";

const SIZE: u32 = 16;

/// An 8x8 RGBA PNG with a different colour in every texel (`texture.png`, which the page reads).
fn write_picture(path: &Path) {
    let mut encoder = png::Encoder::new(std::fs::File::create(path).unwrap(), 8, 8);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let bytes: Vec<u8> = (0..64u8)
        .flat_map(|k| [k * 4, 255 - k * 3, (k % 8) * 32, 128 + k])
        .collect();
    encoder
        .write_header()
        .unwrap()
        .write_image_data(&bytes)
        .unwrap();
}

/// Serves `dir` over HTTP on a free local port; every POST body is sent on the channel.
fn serve(dir: PathBuf) -> (u16, mpsc::Receiver<String>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let (send, receive) = mpsc::channel();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            if let Some(body) = answer(stream, &dir) {
                let _ = send.send(body);
            }
        }
    });
    (port, receive)
}

/// Answers one request: a GET with the file, a POST with 200 (returning its body).
fn answer(stream: TcpStream, dir: &Path) -> Option<String> {
    let mut reader = BufReader::new(stream.try_clone().ok()?);
    let mut request = String::new();
    reader.read_line(&mut request).ok()?;
    let mut length = 0;
    loop {
        let mut line = String::new();
        reader.read_line(&mut line).ok()?;
        if line.trim().is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':') {
            if name.eq_ignore_ascii_case("content-length") {
                length = value.trim().parse().unwrap_or(0);
            }
        }
    }
    let mut words = request.split_whitespace();
    let (method, target) = (words.next()?, words.next()?);
    let path = target
        .split('?')
        .next()
        .unwrap_or("/")
        .trim_start_matches('/');
    let mut stream = stream;
    if method == "POST" {
        let mut body = vec![0; length];
        reader.read_exact(&mut body).ok()?;
        let _ =
            stream.write_all(b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
        return String::from_utf8(body).ok();
    }
    let (status, bytes, kind) = match std::fs::read(dir.join(path)) {
        Ok(bytes) if !path.contains("..") => {
            let kind = if path.ends_with(".js") {
                "text/javascript"
            } else {
                "text/html"
            };
            ("200 OK", bytes, kind)
        }
        _ => ("404 Not Found", Vec::new(), "text/plain"),
    };
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        bytes.len()
    );
    let _ = stream.write_all(head.as_bytes());
    let _ = stream.write_all(&bytes);
    None
}

/// The page's result with `api` (and `query` after the page's own parameters), drawn by headless
/// Chromium.
fn draw_in_chromium(
    port: u16,
    results: &mpsc::Receiver<String>,
    api: &str,
    query: &str,
    profile: &Path,
) -> serde_json::Value {
    // "auto" leaves the choice to the page.
    let choice = match api {
        "auto" => String::new(),
        api => format!("api={api}&"),
    };
    let url = format!(
        "http://127.0.0.1:{port}/index.html?{choice}size={SIZE}x{SIZE}&report=/report{query}"
    );
    let mut browser = Command::new("chromium")
        .args([
            "--headless",
            "--no-sandbox",
            "--enable-unsafe-webgpu",
            "--use-angle=swiftshader",
            "--enable-unsafe-swiftshader",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(&url)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromium runs (scripts/test installs Debian's chromium)");
    let result = results.recv_timeout(Duration::from_secs(90));
    let _ = browser.kill();
    let _ = browser.wait();
    let body = result.unwrap_or_else(|_| panic!("{api}: the page reported nothing within 90 s"));
    serde_json::from_str(&body).unwrap()
}

/// How the page is opened: each `(api, expected)` pair is an `?api=` value ("auto": none) and the
/// API the page must report drawing with; `prelude` is script run before the page's own.
struct Browser {
    apis: &'static [(&'static str, &'static str)],
    prelude: &'static str,
}

/// Each API chosen by the address.
const BOTH: Browser = Browser {
    apis: &[("webgpu", "webgpu"), ("webgl", "webgl")],
    prelude: "",
};

/// Compiles `program` for the web and renders it on the machine (`entries`: the compile and render
/// arguments naming the entries; `sampler`: the sampler the page's picture is bound to on the
/// machine too; `render_only`: what the page computes itself, given to the machine by hand;
/// `query`: what the page's address adds); the page's pictures, opened as `browser` says, must be the
/// machine's.
fn compare(
    browser: &Browser,
    name: &str,
    program: &str,
    sampler: Option<&str>,
    entries: &[&str],
    render_only: &[&str],
    query: &str,
) {
    let dir = scratch(name);
    let file = write(&dir, "p.cg", program);
    let site = dir.join("site");
    let site_arg = site.display().to_string();
    let mut args = vec!["compile", &file, "--target", "web", "-o", &site_arg];
    args.extend(entries);
    let out = pigment(&args);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let raw = dir.join("machine.f32");
    let size = format!("{SIZE}x{SIZE}");
    let raw_arg = raw.display().to_string();
    let mut args = vec!["render", &file, "--size", &size, "--raw", &raw_arg];
    args.extend(entries);
    args.extend(render_only);
    let tex = format!(
        "{}=2D:{}",
        sampler.unwrap_or(""),
        site.join("texture.png").display()
    );
    if sampler.is_some() {
        write_picture(&site.join("texture.png"));
        args.extend(["--tex", tex.as_str(), "--filter", "nearest"]);
    }
    let out = pigment(&args);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let machine: Vec<f32> = std::fs::read(&raw)
        .unwrap()
        .chunks(4)
        .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect();
    let shader_js = site.join("shader.js");
    let script = std::fs::read_to_string(&shader_js).unwrap();
    std::fs::write(&shader_js, format!("{}\n{script}", browser.prelude)).unwrap();
    let (port, results) = serve(site);
    for &(api, expected) in browser.apis {
        let profile = dir.join(format!("profile-{api}"));
        let result = draw_in_chromium(port, &results, api, query, &profile);
        assert!(result.get("error").is_none(), "{api}: {result}");
        assert_eq!(result["api"], expected, "{api}: the API the page drew with");
        let pixels: Vec<f32> = result["pixels"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_f64().unwrap() as f32)
            .collect();
        assert_eq!(pixels.len(), machine.len(), "{api}");
        for (k, (b, m)) in pixels.chunks(4).zip(machine.chunks(4)).enumerate() {
            assert!(
                b.iter()
                    .zip(m)
                    .all(|(b, m)| (b - m).abs() <= 2e-3 * m.abs().max(1.0)),
                "{name}, {api}, pixel ({}, {}): browser {b:?}, machine {m:?}",
                k as u32 % SIZE,
                k as u32 / SIZE
            );
        }
    }
}

#[test]
fn the_web_page_draws_with_webgpu_and_webgl_what_the_machine_draws() {
    compare(&BOTH, "web-page", PROGRAM, None, &[], &[], "");
}

/// A browser with `navigator.gpu` but no adapter for it (no GPU, a blocklisted driver): the page
/// left to choose draws with WebGL 2, rather than showing an empty canvas.
#[test]
fn the_web_page_falls_back_to_webgl_when_webgpu_finds_no_adapter() {
    let no_adapter = Browser {
        apis: &[("auto", "webgl")],
        prelude: "navigator.gpu.requestAdapter = async () => null;",
    };
    compare(
        &no_adapter,
        "web-page-fallback",
        PROGRAM,
        None,
        &[],
        &[],
        "",
    );
}

/// The page left to choose, in a browser whose WebGPU works, draws with it.
#[test]
fn the_web_page_chooses_webgpu_when_it_finds_an_adapter() {
    let auto = Browser {
        apis: &[("auto", "webgpu")],
        prelude: "",
    };
    compare(&auto, "web-page-auto", PROGRAM, None, &[], &[], "");
}

/// `?u.NAME=...` sets a uniform before the page draws, as `--param` does on the machine.
#[test]
fn the_web_page_sets_uniforms_from_its_address() {
    let params = ["--param", "tint=0.9,0.1,0.3", "--param", "gain=0.25"];
    let query = "&u.tint=0.9,0.1,0.3&u.gain=0.25";
    compare(
        &BOTH,
        "web-page-uniforms",
        PROGRAM,
        None,
        &[],
        &params,
        query,
    );
}

#[test]
fn the_web_page_binds_its_picture_as_the_machine_binds_the_file() {
    compare(
        &BOTH,
        "web-page-texture",
        TEXTURED,
        Some("pic"),
        &[],
        &[],
        "",
    );
}

/// A libretro-style pair: the vertex stage transforms the position by its matrix (the identity)
/// and computes varyings the fragment stage reads with a texture.
const PAIR: &str = "\
struct v2f { float4 pos : POSITION; float2 uv : TEXCOORD0; float4 col : COLOR0; float2 wave : TEXCOORD1; };
v2f main_vertex(float4 pos : POSITION, float2 uv : TEXCOORD0, float4 col : COLOR0,
                uniform float4x4 modelViewProj, uniform float2 scale = float2(1.5, 0.75))
{
    v2f o;
    o.pos = mul(modelViewProj, pos);
    o.uv = uv * scale;
    o.col = col * 0.5 + 0.25;
    o.wave = float2(sin(uv.x * 3.0), cos(uv.y * 2.0));
    return o;
}
float4 main_fragment(float2 uv : TEXCOORD0, float4 col : COLOR0, float2 wave : TEXCOORD1,
                     uniform sampler2D pic) : COLOR
{
    float4 c = tex2D(pic, uv);
    return float4(c.rgb * col.rgb + wave.xyx * 0.25, c.a);
}
";

#[test]
fn the_web_page_runs_a_programs_own_vertex_stage() {
    let entries = ["--vertex-entry", "main_vertex", "--entry", "main_fragment"];
    compare(&BOTH, "web-page-pair", PAIR, Some("pic"), &entries, &[], "");
}

/// libretro's sizes, which the page sets from its picture (8x8) and its own size (16x16).
const SIZES: &str = "\
struct input { float2 video_size; float2 texture_size; float2 output_size; };
float4 main_fragment(float2 uv : TEXCOORD0, uniform input IN, uniform sampler2D decal : TEXUNIT0) : COLOR
{
    float2 texel = (floor(uv * IN.texture_size) + 0.5) / IN.texture_size;
    float4 c = tex2D(decal, texel);
    float scan = frac(uv.y * IN.output_size.y * 0.25);
    return float4(c.rgb * (0.5 + scan), IN.video_size.x / 16.0);
}
";

#[test]
fn the_web_page_sets_libretros_sizes() {
    let entries = ["--entry", "main_fragment"];
    let sizes = [
        "--param",
        "IN.video_size=8,8",
        "--param",
        "IN.texture_size=8,8",
        "--param",
        "IN.output_size=16,16",
    ];
    compare(
        &BOTH,
        "web-page-sizes",
        SIZES,
        Some("decal"),
        &entries,
        &sizes,
        "",
    );
}
