//! The playground's files, built into the server so that it serves them wherever it runs and the
//! page needs no network: `web/playground/index.html` and the bundle `npm run build` writes
//! (`web/playground/dist/playground.js`: the app with CodeMirror), and the web target's drawing
//! (`web/pigment-web.js`), which the playground shares.

const PAGE: &[u8] = include_bytes!("../../../web/playground/index.html");
const DRAWING: &[u8] = include_bytes!("../../../web/pigment-web.js");
const BUNDLE: &[u8] = include_bytes!("../../../web/playground/dist/playground.js");

/// The file at `path` (the URL's path) and its content type.
pub fn asset(path: &str) -> Option<(&'static str, &'static [u8])> {
    match path {
        "/" | "/index.html" => Some(("text/html; charset=utf-8", PAGE)),
        "/pigment-web.js" => Some(("text/javascript; charset=utf-8", DRAWING)),
        "/playground.js" => Some(("text/javascript; charset=utf-8", BUNDLE)),
        _ => None,
    }
}
