//! Both pictures of the playground, in Debian's Chromium, headless (WebGL 2 on SwiftShader): for a
//! two-stage Cg program (a vertex entry and a fragment entry) and for a Parasol program, the NV
//! machine's rendering from the server and the browser's own drawing of the WGSL/GLSL ES output
//! must agree within 2e-3, as must both after a uniform is changed beside the pictures; so must an
//! ISL surface lit by a distant light and a point light, one reading a picture uploaded through the
//! page, and one on a sphere under an atmosphere. Where the browser has `navigator.gpu` but no
//! adapter, the page draws with WebGL 2 and says so.

mod common;

use common::devtools::Browser;
use serde_json::{json, Value};
use std::time::Duration;

/// Two stages: the vertex entry makes a colour and scales the texture coordinate by a uniform; the
/// fragment entry shades with both (smoothly, so that interpolation's rounding stays small).
const TWO_STAGES: &str = "struct Varyings {
    float4 position : POSITION;
    float4 colour : COLOR0;
    float2 uv : TEXCOORD0;
};

Varyings vmain(float4 position : POSITION, float4 uv : TEXCOORD0, uniform float scale = 3.0)
{
    Varyings o;
    o.position = position;
    o.colour = float4(uv.x, 0.5 * uv.y, 1.0 - uv.x, 1.0);
    o.uv = uv.xy * scale;
    return o;
}

float4 main(float4 colour : COLOR0, float2 uv : TEXCOORD0) : COLOR
{
    return float4(colour.rgb * (0.5 + 0.5 * sin(uv.x + uv.y)), 1.0);
}
";

const LONG: Duration = Duration::from_secs(90);
const AGREE: &str =
    "(document.getElementById('agreement')?.textContent ?? '').startsWith('agree:')";
/// The machine's picture, as the page painted it: its distinct colours, joined.
const MACHINE: &str = "(() => { const c = document.getElementById('machine'); \
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data; \
    const seen = new Set(); for (let i = 0; i < d.length; i += 4) seen.add(d[i] + ',' + d[i+1] + ',' + d[i+2]); \
    return [...seen].sort().join(' '); })()";

/// The page opened with `state` in its fragment, once both pictures agree (the test fails if they
/// never do), with the machine's picture's colours.
fn opened(addr: std::net::SocketAddr, state: &Value, name: &str) -> (Browser, String) {
    let url = format!("http://{addr}/?api=webgl{}", common::state_fragment(state));
    let mut browser = Browser::open(&url, &profile(name));
    assert!(
        browser.wait_until("!!window.playground", LONG),
        "the page starts"
    );
    let colours = agreeing(&mut browser, name);
    (browser, colours)
}

fn profile(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("pigment-serve-{name}-{}", std::process::id()))
}

/// Waits until both pictures agree (the test fails if they never do), and gives the machine's
/// picture's colours, which must be over 100.
fn agreeing(browser: &mut Browser, name: &str) -> String {
    let agreed = browser.wait_until(AGREE, LONG);
    let note = browser.eval("document.getElementById('agreement').textContent");
    assert!(agreed, "{name}: {note}");
    assert_largest_within_tolerance(browser);
    let colours = browser.eval(MACHINE).as_str().unwrap().to_string();
    // A picture of one colour would agree with anything flat: these programs draw gradients.
    assert!(colours.split(' ').count() > 100, "{name}: {colours}");
    colours
}

fn assert_largest_within_tolerance(browser: &mut Browser) {
    let largest = browser.eval("Number(document.getElementById('agreement').dataset.largest)");
    assert!(largest.as_f64().unwrap() <= 2e-3, "{largest}");
}

/// Sets the uniform control `name` to `value`, waits for both pictures to be drawn again and
/// agree, and gives the machine's new colours.
fn set_uniform(browser: &mut Browser, name: &str, value: &str) -> String {
    let field = format!("document.querySelector('#uniforms input[data-uniform=\"{name}\"]')");
    assert!(
        browser.wait_until(&format!("{field} !== null"), LONG),
        "no control for `{name}`"
    );
    browser.eval(&format!(
        "document.getElementById('agreement').textContent = ''; const f = {field}; \
         f.value = '{value}'; f.dispatchEvent(new Event('change'))"
    ));
    assert!(
        browser.wait_until(AGREE, LONG),
        "no agreement after {name} = {value}"
    );
    assert_largest_within_tolerance(browser);
    browser.eval(MACHINE).as_str().unwrap().to_string()
}

/// Opens the page with `state` (both pictures must agree), then sets `uniform` to `value` in its
/// control: the pictures must agree again, and the machine's must have changed.
fn agree_before_and_after(state: &Value, name: &str, uniform: &str, value: &str) {
    let server = common::server(4, Duration::from_secs(60), 2);
    let (mut browser, before) = opened(server.addr(), state, name);
    let after = set_uniform(&mut browser, uniform, value);
    assert_ne!(before, after, "{name}: {uniform} = {value} changed nothing");
    drop(browser);
    server.stop();
}

/// The two-stage Cg program, its output picked as `target`.
fn two_stages(target: &str) -> Value {
    json!({
        "text": TWO_STAGES, "language": "cg", "entry": "main", "vertex_entry": "vmain",
        "target": target,
    })
}

/// The Parasol example's rings (a vertex and a fragment shader).
fn parasol_rings() -> Value {
    json!({
        "text": include_str!("../../../examples/parasol/rings.p"), "language": "parasol",
        "entry": "examples.Rings.f", "vertex_entry": "examples.Rings.rings", "target": "fp30",
        "params": { "frequency": [3] },
    })
}

/// [`LIT`] on the quad under its three lights, the distant one tilted and the point one near.
fn isl_lit() -> Value {
    json!({
        "text": LIT, "language": "isl", "entry": "lit", "lights": "sun, bulb, sky",
        "target": "fp30",
        "params": {
            "sun.shadermatrix[2]": [0.6, 0.0, 0.8, 0.0],
            "bulb.shadermatrix[3]": [0.3, -0.2, 0.8, 1.0],
        },
    })
}

/// [`LIT`] on a sphere under the `dusk` atmosphere of examples/isl/dusk.isl.
fn isl_sphere_at_dusk() -> Value {
    let text = format!("{LIT}{}", include_str!("../../../examples/isl/dusk.isl"));
    json!({
        "text": text, "language": "isl", "entry": "lit", "lights": "sun, bulb, sky",
        "geometry": "sphere", "atmosphere": "dusk", "target": "fp30",
        "params": { "bulb.shadermatrix[3]": [0.5, 1.0, 3.0, 1.0] },
    })
}

#[test]
fn a_two_stage_cg_program_draws_the_same_on_the_machine_and_in_the_browser() {
    let state = two_stages("glsl:es300");
    // The vertex stage's uniform, set beside the pictures, reaches both.
    agree_before_and_after(&state, "two-stages", "scale", "7");
}

#[test]
fn a_parasol_program_draws_the_same_on_the_machine_and_in_the_browser() {
    let state = parasol_rings();
    agree_before_and_after(&state, "parasol", "frequency", "6");
}

#[test]
fn a_textured_program_reads_the_same_picture_on_both_sides() {
    let server = common::server(4, Duration::from_secs(60), 2);
    // The test card, repeated three times across and drawn darker to the right.
    let text = "float4 main(float2 uv : TEXCOORD0, uniform sampler2D card : TEXUNIT0) : COLOR\n\
                { return tex2D(card, uv * 3.0) * (1.0 - 0.5 * uv.x); }\n";
    let state = json!({ "text": text, "language": "cg", "target": "fp30" });
    let (browser, _) = opened(server.addr(), &state, "texture");
    drop(browser);
    server.stop();
}

/// An ISL surface lit by a distant light (tilted by its shadermatrix's row 2, so it shines along
/// (0.6, 0, 0.8)), a point light above the quad (its shadermatrix's last row) and an ambient light:
/// the point light's diffuse and specular terms vary across the quad, so the picture is not flat.
const LIT: &str = "surface lit(parameter color base = color(0.8, 0.7, 0.6, 1)) {
    FB = diffuse();
    FB += ambient();
    FB *= base;
    varying color shaded;
    shaded = FB;
    FB = specular(20);
    FB += shaded;
}
distantlight sun(parameter color c = color(0.3, 0.25, 0.2, 1)) { FB = c; }
pointlight bulb(parameter color c = color(0.25, 0.3, 0.35, 1)) { FB = c; }
ambientlight sky(parameter color c = color(0.05, 0.05, 0.1, 1)) { FB = c; }
";

#[test]
fn an_isl_surface_with_lights_draws_the_same_on_the_machine_and_in_the_browser() {
    let state = isl_lit();
    // The point light's colour, set beside the pictures, reaches both.
    agree_before_and_after(&state, "isl", "bulb.c", "0.6, 0.1, 0.2, 1");
}

/// A 16 x 16 picture of 256 colours as a 24-bit BMP (rows bottom first): red across, green up.
fn gradient_bmp() -> Vec<u8> {
    let (side, row) = (16u32, 16 * 3);
    let size = 54 + row * side;
    let mut bmp = b"BM".to_vec();
    for field in [size, 0, 54, 40, side, side] {
        bmp.extend(field.to_le_bytes());
    }
    bmp.extend(1u16.to_le_bytes());
    bmp.extend(24u16.to_le_bytes());
    for field in [0u32, row * side, 2835, 2835, 0, 0] {
        bmp.extend(field.to_le_bytes());
    }
    for y in 0..side {
        for x in 0..side {
            bmp.extend([96, (y * 16 + 8) as u8, (x * 16 + 4) as u8]); // blue, green, red
        }
    }
    bmp
}

/// An ISL surface reading the texture `tiles` (at its texture coordinate), lit by a point light
/// above the quad, whose diffuse term varies across it.
const TILED: &str = "surface tiled(uniform string tiles = \"tiles.png\") {
    FB = diffuse();
    FB += ambient();
    FB *= texture(tiles);
}
pointlight bulb(parameter color c = color(0.7, 0.8, 0.9, 1)) { FB = c; }
ambientlight sky(parameter color c = color(0.1, 0.1, 0.05, 1)) { FB = c; }
";

#[test]
fn an_isl_surface_reads_the_uploaded_picture_on_both_sides() {
    let server = common::server(4, Duration::from_secs(60), 2);
    let state = json!({
        "text": TILED, "language": "isl", "lights": "bulb, sky", "target": "fp30",
        "params": { "bulb.shadermatrix[3]": [0.3, -0.2, 0.6, 1.0] },
    });
    let (mut browser, card) = opened(server.addr(), &state, "isl-texture");
    // The picture is chosen in the upload field, as a person would; both pictures must follow it.
    let file = profile("isl-texture-picture").with_extension("bmp");
    std::fs::write(&file, gradient_bmp()).unwrap();
    let field = browser.call(
        "Runtime.evaluate",
        json!({ "expression": "document.getElementById('texture')" }),
    );
    browser.eval("document.getElementById('agreement').textContent = ''");
    browser.call(
        "DOM.setFileInputFiles",
        json!({ "files": [file.display().to_string()], "objectId": field["result"]["objectId"] }),
    );
    let uploaded = agreeing(&mut browser, "isl-texture");
    assert_ne!(card, uploaded, "the upload changed nothing");
    let note = browser.eval("document.getElementById('texture-note').textContent");
    assert_eq!(note, "16x16");
    drop(browser);
    let _ = std::fs::remove_file(file);
    server.stop();
}

#[test]
fn an_isl_sphere_under_an_atmosphere_draws_the_same_on_both_sides() {
    let state = isl_sphere_at_dusk();
    // The atmosphere's parameter, set beside the pictures, reaches its pass on both sides.
    agree_before_and_after(&state, "isl-sphere", "haze", "0.6");
}

#[test]
fn without_a_webgpu_adapter_the_page_draws_with_webgl_2() {
    let server = common::server(4, Duration::from_secs(60), 2);
    let state = two_stages("fp30");
    let mut browser = Browser::open("about:blank", &profile("fallback"));
    // A browser with WebGPU that finds no adapter (no GPU, a blocklisted driver).
    let no_adapter = "Object.defineProperty(navigator, 'gpu', { configurable: true, \
        value: { requestAdapter: async () => null } });";
    browser.call(
        "Page.addScriptToEvaluateOnNewDocument",
        json!({ "source": no_adapter }),
    );
    // No `?api=`: the page chooses.
    let url = format!(
        "http://{}/{}",
        server.addr(),
        common::state_fragment(&state)
    );
    browser.call("Page.navigate", json!({ "url": url }));
    assert!(
        browser.wait_until("!!window.playground", LONG),
        "the page starts"
    );
    assert_eq!(browser.eval("!!navigator.gpu"), json!(true));
    agreeing(&mut browser, "fallback");
    let text = browser.eval("document.getElementById('agreement').textContent");
    let api = browser.eval("document.getElementById('agreement').dataset.api");
    assert_eq!(api, json!("webgl"), "{text}");
    assert!(
        text.as_str().unwrap().contains("drawn with WebGL 2"),
        "{text}"
    );
    drop(browser);
    server.stop();
}

/// Opens the page with WebGPU on and `?api=webgpu`: both pictures must agree, drawn with WebGPU.
fn agree_with_webgpu(state: &Value, name: &str) {
    let server = common::server(4, Duration::from_secs(60), 2);
    let url = format!(
        "http://{}/?api=webgpu{}",
        server.addr(),
        common::state_fragment(state)
    );
    let mut browser = Browser::open_with_webgpu(&url, &profile(name));
    assert!(
        browser.wait_until("!!window.playground", LONG),
        "the page starts"
    );
    agreeing(&mut browser, name);
    let text = browser.eval("document.getElementById('agreement').textContent");
    let api = browser.eval("document.getElementById('agreement').dataset.api");
    assert_eq!(api, json!("webgpu"), "{text}");
    drop(browser);
    server.stop();
}

#[test]
fn with_webgpu_a_two_stage_program_draws_what_the_machine_draws() {
    let state = two_stages("fp30");
    agree_with_webgpu(&state, "webgpu-two-stages");
}

#[test]
fn with_webgpu_a_parasol_program_draws_what_the_machine_draws() {
    let state = parasol_rings();
    agree_with_webgpu(&state, "webgpu-parasol");
}

#[test]
fn with_webgpu_an_isl_surface_with_lights_draws_what_the_machine_draws() {
    // The surface writes FB before it reads it: its FB sampler is declared but never read.
    let state = isl_lit();
    agree_with_webgpu(&state, "webgpu-isl");
}

#[test]
fn with_webgpu_an_isl_sphere_under_an_atmosphere_draws_what_the_machine_draws() {
    let state = isl_sphere_at_dusk();
    agree_with_webgpu(&state, "webgpu-isl-sphere");
}
