//! The HTTP side: a `tiny_http` listener served by a fixed pool of worker threads, the routes,
//! the body limit, and a `catch_unwind` around every request so that no panic takes a worker (or
//! the server) down.

use crate::answer::Answer;
use crate::limits::{panic_message, Budget, MAX_BODY};
use crate::{api, assets};
use std::io::Read;
use std::net::SocketAddr;
use std::sync::Arc;
use std::thread::JoinHandle;

/// A running server.
pub struct Server {
    http: Arc<tiny_http::Server>,
    workers: Vec<JoinHandle<()>>,
    addr: SocketAddr,
}

impl Server {
    /// Listens on `addr` and serves with `workers` threads, each request's compile or render
    /// under `budget`.
    pub fn start(addr: SocketAddr, workers: usize, budget: Budget) -> std::io::Result<Server> {
        let http = tiny_http::Server::http(addr).map_err(std::io::Error::other)?;
        let addr = http
            .server_addr()
            .to_ip()
            .ok_or_else(|| std::io::Error::other("the server is not on an IP address"))?;
        let http = Arc::new(http);
        let workers = (0..workers.max(1))
            .map(|_| {
                let (http, budget) = (http.clone(), budget.clone());
                std::thread::spawn(move || {
                    while let Ok(request) = http.recv() {
                        serve(request, &budget);
                    }
                })
            })
            .collect();
        Ok(Server {
            http,
            workers,
            addr,
        })
    }

    /// The address it listens on (the port the system chose for port 0).
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Serves until the process ends.
    pub fn wait(self) {
        for worker in self.workers {
            let _ = worker.join();
        }
    }

    /// Stops taking requests and waits for the workers.
    pub fn stop(self) {
        for _ in &self.workers {
            self.http.unblock();
        }
        self.wait();
    }
}

/// Answers one request; a panic anywhere in it is answered 500.
fn serve(mut request: tiny_http::Request, budget: &Budget) {
    let answer =
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| route(&mut request, budget)))
            .unwrap_or_else(|panic| {
                let message = panic_message(&*panic);
                Answer::error(500, format!("internal error (a bug in Pigment): {message}"))
            });
    let _ = request.respond(response(answer));
}

fn route(request: &mut tiny_http::Request, budget: &Budget) -> Answer {
    let path = request
        .url()
        .split(['?', '#'])
        .next()
        .unwrap_or("/")
        .to_string();
    let call: Option<fn(&[u8], &Budget) -> Answer> = match path.as_str() {
        "/api/compile" => Some(api::compile),
        "/api/render" => Some(api::render),
        "/api/web" => Some(api::web),
        _ => None,
    };
    match (request.method(), call) {
        (tiny_http::Method::Post, Some(call)) => match body(request) {
            Ok(body) => call(&body, budget),
            Err(answer) => answer,
        },
        (tiny_http::Method::Get, None) if path == "/api/examples" => api::examples(),
        (tiny_http::Method::Get, None) => match assets::asset(&path) {
            Some((content_type, bytes)) => Answer {
                status: 200,
                content_type,
                body: bytes.to_vec(),
                headers: Vec::new(),
            },
            None => Answer::error(404, format!("no file `{path}`")),
        },
        (method, _) => Answer::error(405, format!("{method} {path}: not an API call")),
    }
}

/// The body, at most [`MAX_BODY`] bytes (413 beyond, whatever the headers claim).
fn body(request: &mut tiny_http::Request) -> Result<Vec<u8>, Answer> {
    let too_large = || Answer::error(413, format!("the body is larger than {MAX_BODY} bytes"));
    if request.body_length().is_some_and(|n| n > MAX_BODY) {
        return Err(too_large());
    }
    let mut body = Vec::new();
    let read = request
        .as_reader()
        .take(MAX_BODY as u64 + 1)
        .read_to_end(&mut body);
    match read {
        Err(e) => Err(Answer::error(400, format!("cannot read the body: {e}"))),
        Ok(_) if body.len() > MAX_BODY => Err(too_large()),
        Ok(_) => Ok(body),
    }
}

fn response(answer: Answer) -> tiny_http::Response<std::io::Cursor<Vec<u8>>> {
    let header = |name: &str, value: &str| {
        tiny_http::Header::from_bytes(name.as_bytes(), value.as_bytes()).ok()
    };
    let mut response = tiny_http::Response::from_data(answer.body).with_status_code(answer.status);
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
