//! What the server's tests share: a server on an ephemeral port of 127.0.0.1, a minimal HTTP/1.1
//! client over `TcpStream` (so the tests depend on nothing but the standard library), and request
//! bodies.

#![allow(dead_code)]

use pigment_serve::{Budget, Server};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

/// A server on a free port with `workers` threads and `budget` per job.
pub fn server(workers: usize, budget: Duration, max_abandoned: usize) -> Server {
    let addr: SocketAddr = "127.0.0.1:0".parse().unwrap();
    Server::start(addr, workers, Budget::new(budget, max_abandoned)).expect("the server starts")
}

/// An answer: status, headers (lower-case names) and body.
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Reply {
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&self.body)))
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Sends `method path` with `body` and reads the whole answer (the connection closes after it).
pub fn call(addr: SocketAddr, method: &str, path: &str, body: &[u8]) -> Reply {
    let mut stream = TcpStream::connect(addr).expect("the server accepts");
    stream
        .set_read_timeout(Some(Duration::from_secs(120)))
        .unwrap();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).unwrap();
    // A server that answers before reading everything (413) may close early: that is fine.
    let _ = stream.write_all(body);
    let mut bytes = Vec::new();
    let _ = stream.read_to_end(&mut bytes);
    parse(&bytes)
}

fn parse(bytes: &[u8]) -> Reply {
    let end = bytes
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or_else(|| panic!("no HTTP head in {:?}", String::from_utf8_lossy(bytes)));
    let head = String::from_utf8_lossy(&bytes[..end]).to_string();
    let mut lines = head.lines();
    let status = lines
        .next()
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    Reply {
        status,
        headers,
        body: bytes[end + 4..].to_vec(),
    }
}

/// POSTs JSON to `path`.
pub fn post(addr: SocketAddr, path: &str, body: &serde_json::Value) -> Reply {
    call(addr, "POST", path, body.to_string().as_bytes())
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

/// The f32 RGBA pixels of a render answer.
pub fn floats(reply: &Reply) -> Vec<f32> {
    reply
        .body
        .chunks_exact(4)
        .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect()
}
