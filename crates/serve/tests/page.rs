//! The playground page in Debian's Chromium, headless (`scripts/test` installs it): the page is
//! opened with its state in the URL fragment, as a shared link gives it; Chromium runs it (the
//! editor, the debounced compile, the lint marks, the NV machine's picture and the browser's own
//! through WebGL 2) and prints the DOM, in which the test finds the diagnostic at its line, and
//! after the fix the output and the two pictures' agreement.

mod common;

use common::devtools::Browser;

use std::net::SocketAddr;
use std::process::{Command, Stdio};
use std::time::Duration;

const BROKEN: &str = "float4 main(float2 uv : TEXCOORD0) : COLOR\n{\n    float4 c = float4(uv, 0, 1)\n    return c;\n}\n";
const FIXED: &str = "float4 main(float2 uv : TEXCOORD0) : COLOR\n{\n    float4 c = float4(uv, 0, 1);\n    return c;\n}\n";

/// The fragment `#s=` of a Cg program `text` compiled for `target`.
fn fragment(text: &str, target: &str) -> String {
    common::state_fragment(&serde_json::json!({ "text": text, "language": "cg", "target": target }))
}

/// The page's DOM once Chromium has run it for a few (virtual) seconds.
fn dom(addr: SocketAddr, fragment: &str, profile: &std::path::Path) -> String {
    let out = Command::new("chromium")
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--virtual-time-budget=8000",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg("--dump-dom")
        // WebGL 2 (its read-back is synchronous, so the DOM dump waits for it; WebGPU's is not).
        .arg(format!("http://{addr}/?api=webgl{fragment}"))
        .stderr(Stdio::null())
        .output()
        .expect("chromium runs (scripts/test installs Debian's chromium)");
    String::from_utf8(out.stdout).unwrap()
}

/// The 1-based numbers of the editor's lines holding an error mark.
fn marked_lines(dom: &str) -> Vec<usize> {
    // Each line is a `<div class="cm-line ...">` (the active line has a second class).
    dom.split("<div class=\"cm-line")
        .skip(1)
        .enumerate()
        .filter(|(_, line)| line.contains("cm-lintRange-error"))
        .map(|(i, _)| i + 1)
        .collect()
}

/// The text of the element with `id`.
fn element<'a>(dom: &'a str, id: &str) -> &'a str {
    let start = dom
        .find(&format!("id=\"{id}\""))
        .unwrap_or_else(|| panic!("no #{id} in {dom}"));
    let rest = &dom[start..];
    let open = rest.find('>').unwrap() + 1;
    let close = rest[open..].find("</").unwrap();
    &rest[open..open + close]
}

#[test]
fn the_page_marks_the_error_at_its_line_then_shows_the_fixed_output_and_both_pictures() {
    let server = common::server(4, Duration::from_secs(60), 2);
    let profile = std::env::temp_dir().join(format!("pigment-serve-page-{}", std::process::id()));

    let broken = dom(server.addr(), &fragment(BROKEN, "fp30"), &profile);
    // The missing `;` of line 3 is found at the `return` on line 4.
    assert_eq!(marked_lines(&broken), [4], "{broken}");
    let diagnostics = element(&broken, "diagnostics");
    assert!(diagnostics.contains("data-line=\"4\""), "{diagnostics}");

    let fixed = dom(server.addr(), &fragment(FIXED, "fp30"), &profile);
    assert!(marked_lines(&fixed).is_empty(), "{fixed}");
    assert_eq!(element(&fixed, "status"), "compiled");
    assert!(element(&fixed, "output").starts_with("!!FP1.0"), "{fixed}");
    // Both pictures were drawn, the NV machine's and the browser's (WebGL 2 running the GLSL ES
    // output), and agree within 2e-3, as the web page's own test requires.
    let agreement = element(&fixed, "agreement");
    assert!(agreement.starts_with("agree:"), "{agreement}");
    let largest = fixed.split("data-largest=\"").nth(1).unwrap_or_default();
    let largest: f64 = largest
        .split('"')
        .next()
        .unwrap()
        .parse()
        .expect("a number");
    assert!(largest <= 2e-3, "{largest}");

    let glsl = dom(server.addr(), &fragment(FIXED, "glsl:es300"), &profile);
    assert!(
        element(&glsl, "output").starts_with("#version 300 es"),
        "{glsl}"
    );
    // SPIR-V is shown as its disassembly, not as words.
    let spirv = dom(server.addr(), &fragment(FIXED, "spirv"), &profile);
    assert!(
        element(&spirv, "output").contains("OpEntryPoint Fragment"),
        "{spirv}"
    );
    let _ = std::fs::remove_dir_all(&profile);
    server.stop();
}

#[test]
fn typing_a_program_marks_its_error_and_typing_the_fix_gives_fp30_then_glsl() {
    let server = common::server(4, Duration::from_secs(60), 2);
    let profile = std::env::temp_dir().join(format!("pigment-serve-typing-{}", std::process::id()));
    let url = format!(
        "http://{}/?api=webgl{}",
        server.addr(),
        fragment("", "fp30")
    );
    let mut browser = Browser::open(&url, &profile);
    let long = Duration::from_secs(60);
    assert!(
        browser.wait_until("!!window.playground", long),
        "the editor starts"
    );
    browser.eval("document.querySelector('.cm-content').focus()");
    browser.type_text(BROKEN);
    let at_line_4 = "document.querySelector('#diagnostics li[data-line=\"4\"]') !== null";
    assert!(
        browser.wait_until(at_line_4, long),
        "no diagnostic at line 4"
    );
    let marked = "[...document.querySelectorAll('.cm-line')]\
                  .findIndex((l) => l.querySelector('.cm-lintRange-error')) + 1";
    assert!(
        browser.wait_until(&format!("{marked} === 4"), long),
        "no mark on line 4"
    );

    // The fix: the caret to the end of line 3, and `;` typed there.
    browser.eval("playground.dispatch({ selection: { anchor: playground.state.doc.line(3).to } })");
    browser.type_text(";");
    assert_eq!(browser.eval("playground.state.doc.toString()"), FIXED);
    let compiled = "document.getElementById('status').textContent === 'compiled' && \
                    document.getElementById('output').textContent.startsWith('!!FP1.0')";
    assert!(
        browser.wait_until(compiled, long),
        "no fp30 output after the fix"
    );
    assert_eq!(browser.eval(marked), 0);

    // GLSL ES 3.00 picked from the target menu.
    browser.eval(
        "const menu = document.getElementById('target'); menu.value = 'glsl:es300'; \
         menu.dispatchEvent(new Event('change'))",
    );
    let glsl = "document.getElementById('output').textContent.startsWith('#version 300 es')";
    assert!(browser.wait_until(glsl, long), "no GLSL ES output");
    let agree = "document.getElementById('agreement').textContent.startsWith('agree:')";
    assert!(
        browser.wait_until(agree, long),
        "the two pictures do not agree"
    );
    let largest = browser.eval("Number(document.getElementById('agreement').dataset.largest)");
    assert!(largest.as_f64().unwrap() <= 2e-3, "{largest}");
    drop(browser);
    let _ = std::fs::remove_dir_all(&profile);
    server.stop();
}
