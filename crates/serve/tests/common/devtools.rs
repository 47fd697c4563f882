//! Driving headless Chromium through the DevTools protocol, with nothing but the standard library:
//! Chromium started with `--remote-debugging-port=0`, its WebSocket found in `DevToolsActivePort`,
//! the page attached as a session, and a minimal WebSocket client (RFC 6455: masked text frames out, whole messages
//! in) carrying the protocol's JSON calls.

use serde_json::{json, Value};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A headless Chromium showing one page, and the page's DevTools connection.
pub struct Browser {
    child: Child,
    socket: TcpStream,
    next_id: u64,
    /// The page's session once attached (calls without one go to the browser).
    session: Option<String>,
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Browser {
    /// Opens `url` in a new headless Chromium whose profile is `profile`.
    pub fn open(url: &str, profile: &Path) -> Browser {
        Browser::open_with(url, profile, &[])
    }

    /// [`Browser::open`] with Chromium's software WebGPU (SwiftShader's Vulkan) turned on, which
    /// headless Chromium leaves off.
    pub fn open_with_webgpu(url: &str, profile: &Path) -> Browser {
        Browser::open_with(url, profile, &["--enable-unsafe-webgpu"])
    }

    fn open_with(url: &str, profile: &Path, extra: &[&str]) -> Browser {
        let _ = std::fs::remove_dir_all(profile);
        let child = Command::new("chromium")
            .args(["--headless", "--no-sandbox", "--use-angle=swiftshader"])
            .args(["--enable-unsafe-swiftshader", "--remote-debugging-port=0"])
            .args(extra)
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg(url)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromium runs (scripts/test installs Debian's chromium)");
        // DevToolsActivePort holds the port and the browser's WebSocket path.
        let (port, path) = wait_for(Duration::from_secs(60), || {
            let text = std::fs::read_to_string(profile.join("DevToolsActivePort")).ok()?;
            let mut lines = text.lines();
            let port = lines.next()?.trim().parse::<u16>().ok()?;
            Some((port, lines.next()?.trim().to_string()))
        })
        .expect("chromium writes DevToolsActivePort");
        let addr = SocketAddr::from(([127, 0, 0, 1], port));
        let mut browser = Browser {
            child,
            socket: handshake(addr, &path),
            next_id: 1,
            session: None,
        };
        let page = wait_for(Duration::from_secs(30), || {
            let targets = browser.call("Target.getTargets", json!({}));
            let infos = targets["targetInfos"].as_array()?.clone();
            let page = infos.into_iter().find(|t| t["type"] == "page")?;
            page["targetId"].as_str().map(String::from)
        })
        .expect("chromium has the page");
        let attached = browser.call(
            "Target.attachToTarget",
            json!({ "targetId": page, "flatten": true }),
        );
        browser.session = attached["sessionId"].as_str().map(String::from);
        browser
    }

    /// Calls DevTools method `method` with `params` and returns its result.
    pub fn call(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        let mut message = json!({ "id": id, "method": method, "params": params });
        if let Some(session) = &self.session {
            message["sessionId"] = json!(session);
        }
        let message = message.to_string();
        send(&mut self.socket, message.as_bytes());
        loop {
            let reply: Value = serde_json::from_slice(&receive(&mut self.socket)).unwrap();
            if reply["id"] == id {
                assert!(reply.get("error").is_none(), "{method}: {reply}");
                return reply["result"].clone();
            }
        }
    }

    /// The value of the JavaScript expression `expression` (awaited if it is a promise).
    pub fn eval(&mut self, expression: &str) -> Value {
        let result = self.call(
            "Runtime.evaluate",
            json!({ "expression": expression, "awaitPromise": true, "returnByValue": true }),
        );
        assert!(
            result.get("exceptionDetails").is_none(),
            "{expression}: {result}"
        );
        result["result"]["value"].clone()
    }

    /// Types `text` into the focused element, as a keyboard's text input does.
    pub fn type_text(&mut self, text: &str) {
        self.call("Input.insertText", json!({ "text": text }));
    }

    /// Waits (at most `limit`) until `expression` is true; false if it never is.
    pub fn wait_until(&mut self, expression: &str, limit: Duration) -> bool {
        wait_for(limit, || self.eval(expression).as_bool().filter(|&b| b)).is_some()
    }
}

/// Polls `probe` every 100 ms until it gives a value or `limit` passes.
fn wait_for<T>(limit: Duration, mut probe: impl FnMut() -> Option<T>) -> Option<T> {
    let start = Instant::now();
    loop {
        if let Some(value) = probe() {
            return Some(value);
        }
        if start.elapsed() > limit {
            return None;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Opens the WebSocket at `path` (the key is RFC 6455's example; Chromium's answer is not checked
/// beyond its status).
fn handshake(addr: SocketAddr, path: &str) -> TcpStream {
    let mut socket = TcpStream::connect(addr).unwrap();
    socket
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    let request = format!(
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    );
    socket.write_all(request.as_bytes()).unwrap();
    let mut head = Vec::new();
    let mut byte = [0u8];
    while !head.ends_with(b"\r\n\r\n") {
        socket.read_exact(&mut byte).unwrap();
        head.push(byte[0]);
    }
    let head = String::from_utf8_lossy(&head);
    assert!(head.starts_with("HTTP/1.1 101"), "{head}");
    socket
}

/// Sends one text frame, masked as a client must (with a zero key: the payload goes as it is).
fn send(socket: &mut TcpStream, payload: &[u8]) {
    let mut frame = vec![0x81];
    match payload.len() {
        n if n < 126 => frame.push(0x80 | n as u8),
        n if n <= 0xffff => {
            frame.push(0x80 | 126);
            frame.extend((n as u16).to_be_bytes());
        }
        n => {
            frame.push(0x80 | 127);
            frame.extend((n as u64).to_be_bytes());
        }
    }
    frame.extend([0, 0, 0, 0]);
    frame.extend(payload);
    socket.write_all(&frame).unwrap();
}

/// Receives one whole message (its frames joined; control frames skipped).
fn receive(socket: &mut TcpStream) -> Vec<u8> {
    let mut message = Vec::new();
    loop {
        let mut head = [0u8; 2];
        socket.read_exact(&mut head).unwrap();
        let length = match head[1] & 0x7f {
            126 => {
                let mut n = [0u8; 2];
                socket.read_exact(&mut n).unwrap();
                u64::from(u16::from_be_bytes(n))
            }
            127 => {
                let mut n = [0u8; 8];
                socket.read_exact(&mut n).unwrap();
                u64::from_be_bytes(n)
            }
            n => u64::from(n),
        };
        let mut payload = vec![0; length as usize];
        socket.read_exact(&mut payload).unwrap();
        let opcode = head[0] & 0x0f;
        if opcode < 8 {
            message.extend(payload);
        }
        if head[0] & 0x80 != 0 && opcode < 8 {
            return message;
        }
    }
}
