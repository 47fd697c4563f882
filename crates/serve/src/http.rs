//! The HTTP side: a `tiny_http` listener whose requests one thread takes in and hands to a fixed
//! pool of workers (a body is read first, off the workers, by [`crate::body`]), the routes, and a
//! `catch_unwind` around every request so that no panic takes a worker (or the server) down.

use crate::answer::{response, Answer};
use crate::body::Readers;
use crate::limits::{panic_message, Budget};
use crate::{api, assets};
use std::net::SocketAddr;
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

/// What a worker is handed: a request with its body read, or the word to stop.
enum Job {
    Serve(tiny_http::Request, Vec<u8>),
    Stop,
}

/// A running server.
pub struct Server {
    http: Arc<tiny_http::Server>,
    taker: JoinHandle<()>,
    jobs: Sender<Job>,
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
        let (jobs, queue) = mpsc::channel();
        let queue = Arc::new(Mutex::new(queue));
        let workers = (0..workers.max(1))
            .map(|_| {
                let (queue, budget) = (queue.clone(), budget.clone());
                std::thread::spawn(move || work(&queue, &budget))
            })
            .collect();
        let taker = {
            let (http, jobs) = (http.clone(), jobs.clone());
            std::thread::spawn(move || take(&http, &jobs, &budget))
        };
        Ok(Server {
            http,
            taker,
            jobs,
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
        let _ = self.taker.join();
        for worker in self.workers {
            let _ = worker.join();
        }
    }

    /// Stops taking requests, lets the workers finish the ones they were handed, and waits for them.
    pub fn stop(self) {
        self.http.unblock();
        let _ = self.taker.join();
        for _ in &self.workers {
            let _ = self.jobs.send(Job::Stop);
        }
        for worker in self.workers {
            let _ = worker.join();
        }
    }
}

/// Takes each request in: one with a body is handed on once the body is read; one without at once.
fn take(http: &tiny_http::Server, jobs: &Sender<Job>, budget: &Budget) {
    let readers = Readers::default();
    while let Ok(request) = http.recv() {
        if bodiless(&request) {
            let _ = jobs.send(Job::Serve(request, Vec::new()));
            continue;
        }
        let jobs = jobs.clone();
        readers.read(request, budget, move |request, body| {
            let _ = jobs.send(Job::Serve(request, body));
        });
    }
}

/// Whether the request has no body: no length or a length of 0, and no transfer encoding.
fn bodiless(request: &tiny_http::Request) -> bool {
    let chunked = || {
        let header = |h: &tiny_http::Header| h.field.equiv("Transfer-Encoding");
        request.headers().iter().any(header)
    };
    request.body_length().unwrap_or(0) == 0 && !chunked()
}

/// A worker: serves what it is handed until told to stop.
fn work(queue: &Mutex<Receiver<Job>>, budget: &Budget) {
    loop {
        let job = queue.lock().unwrap_or_else(|p| p.into_inner()).recv();
        match job {
            Ok(Job::Serve(request, body)) => serve(request, body, budget),
            Ok(Job::Stop) | Err(_) => return,
        }
    }
}

/// Answers one request; a panic anywhere in it is answered 500.
fn serve(request: tiny_http::Request, body: Vec<u8>, budget: &Budget) {
    let answer = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        route(&request, &body, budget)
    }))
    .unwrap_or_else(|panic| {
        let message = panic_message(&*panic);
        Answer::error(500, format!("internal error (a bug in Pigment): {message}"))
    });
    let _ = request.respond(response(answer));
}

fn route(request: &tiny_http::Request, body: &[u8], budget: &Budget) -> Answer {
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
        (tiny_http::Method::Post, Some(call)) => call(body, budget),
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
