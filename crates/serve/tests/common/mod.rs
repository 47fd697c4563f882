//! What the server's tests share: a server on an ephemeral port of 127.0.0.1, calls through the
//! crate's own minimal client (which panic on a connection failure), and request bodies.

#![allow(dead_code)]

pub mod devtools;

pub use pigment_serve::client::Reply;
use pigment_serve::{client, Budget, Server};
use std::net::SocketAddr;
use std::time::Duration;

/// A server on a free port with `workers` threads and `budget` per job.
pub fn server(workers: usize, budget: Duration, max_abandoned: usize) -> Server {
    let addr: SocketAddr = "127.0.0.1:0".parse().unwrap();
    Server::start(addr, workers, Budget::new(budget, max_abandoned)).expect("the server starts")
}

/// `method path` with `body`; the answer.
pub fn call(addr: SocketAddr, method: &str, path: &str, body: &[u8]) -> Reply {
    client::call(addr, method, path, body).expect("the server answers")
}

/// POSTs JSON to `path`.
pub fn post(addr: SocketAddr, path: &str, body: &serde_json::Value) -> Reply {
    client::post(addr, path, body).expect("the server answers")
}

/// A compile body for one Cg file `main.cg`.
pub fn cg(text: &str, target: &str) -> serde_json::Value {
    serde_json::json!({
        "sources": [{ "name": "main.cg", "text": text }],
        "main": "main.cg",
        "target": target,
    })
}

/// A Cg fragment program returning the colour `(k, 0.5, 0.25, 1)`.
pub fn constant(k: u32) -> String {
    format!("float4 main() : COLOR {{ return float4({k}.0, 0.5, 0.25, 1.0); }}\n")
}

/// A render body: `text` drawn at `width` x `height` as f32.
pub fn render_f32(text: &str, width: u32, height: u32) -> serde_json::Value {
    let mut body = cg(text, "fp30");
    body["width"] = width.into();
    body["height"] = height.into();
    body["format"] = "f32".into();
    body
}

/// The fragment `#s=` holding the page's `state`, as `web/playground/src/state.js` writes it
/// (base64url of the JSON, without padding).
pub fn state_fragment(state: &serde_json::Value) -> String {
    let bytes = state.to_string().into_bytes();
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | (u32::from(b) << (16 - 8 * i)));
        for i in 0..=chunk.len() {
            out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    format!("#s={out}")
}
