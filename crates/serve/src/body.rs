//! Reading a request's body off the workers: each body is read on a thread of its own, at most
//! [`MAX_BODY`] bytes within the budget's `body_time`, and only then is the request handed to a
//! worker. A client that sends its body slowly holds its own reader, never a worker; at most
//! [`MAX_READING`] bodies are read at once, and past that a request is answered 503 at once.
//!
//! A refused request is answered by its reader, since dropping a `tiny_http` request reads (and
//! throws away) the rest of its body first, for as long as the client takes to send it. And a
//! request that declares a body over [`MAX_DRAINED`] is never dropped: tiny_http 0.12 allocates the
//! whole declared length to throw it away (a `Content-Length` of 10^14 aborts the process), so it
//! is answered 413 and its connection left open, holding one socket and one of tiny_http's threads
//! until the server stops.

use crate::answer::Answer;
use crate::limits::{Budget, MAX_BODY, MAX_DRAINED, MAX_READING};
use std::io::Read;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// The bodies being read now.
#[derive(Clone, Default)]
pub struct Readers(Arc<AtomicUsize>);

impl Readers {
    /// Reads `request`'s body on a new thread and gives the request and its body to `then`; a
    /// request it refuses (too large, too slow, or [`MAX_READING`] already being read) it answers
    /// itself.
    pub fn read(
        &self,
        mut request: tiny_http::Request,
        budget: &Budget,
        then: impl FnOnce(tiny_http::Request, Vec<u8>) + Send + 'static,
    ) {
        if request.body_length().is_some_and(|n| n > MAX_DRAINED) {
            return refuse_undrained(request);
        }
        let (count, budget) = (self.0.clone(), budget.clone());
        let busy = count.fetch_add(1, Ordering::SeqCst) >= MAX_READING;
        let spawned = std::thread::Builder::new()
            .name("pigment-serve-body".into())
            .spawn(move || {
                let body = match busy {
                    true => Err(Answer::error(
                        503,
                        format!("{MAX_READING} requests are being read; try again later"),
                    )),
                    false => body(&mut request, &budget),
                };
                match body {
                    Ok(body) => {
                        count.fetch_sub(1, Ordering::SeqCst);
                        then(request, body);
                    }
                    Err(answer) => {
                        // Answered (and the rest of the body thrown away) while still counted.
                        let _ = request.respond(crate::answer::response(answer));
                        count.fetch_sub(1, Ordering::SeqCst);
                    }
                }
            });
        if spawned.is_err() {
            self.0.fetch_sub(1, Ordering::SeqCst);
        }
    }
}

/// The body, at most [`MAX_BODY`] bytes (413 beyond, whatever the headers claim), all of it
/// within `budget.body_time` (408 past it, when the next bytes arrive).
fn body(request: &mut tiny_http::Request, budget: &Budget) -> Result<Vec<u8>, Answer> {
    let too_large = || Answer::error(413, format!("the body is larger than {MAX_BODY} bytes"));
    if request.body_length().is_some_and(|n| n > MAX_BODY) {
        return Err(too_large());
    }
    let start = Instant::now();
    let mut reader = request.as_reader().take(MAX_BODY as u64 + 1);
    let mut body = Vec::new();
    let mut chunk = [0u8; 16 << 10];
    loop {
        let n = match reader.read(&mut chunk) {
            Ok(0) => return Ok(body),
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(Answer::error(400, format!("cannot read the body: {e}"))),
        };
        body.extend_from_slice(&chunk[..n]);
        if body.len() > MAX_BODY {
            return Err(too_large());
        }
        if start.elapsed() > budget.body_time {
            let late = format!("the body took longer than {:?} to arrive", budget.body_time);
            return Err(Answer::error(408, late));
        }
    }
}

/// Answers 413 to a request whose declared body is too large to be thrown away, and keeps the
/// request (its connection) from ever being dropped: see the module's documentation.
fn refuse_undrained(request: tiny_http::Request) {
    let answer = Answer::error(413, format!("the body is larger than {MAX_BODY} bytes"));
    let stream = request.upgrade("close", crate::answer::response(answer));
    std::mem::forget(stream);
}
