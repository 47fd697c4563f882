//! The bounded load test of docs/playground.md: a server on 127.0.0.1 with its default pool,
//! 1,000 requests from 16 clients, each a distinct Cg program compiled for fp30 and drawn at one
//! pixel on the NV machine (`POST /api/render`, format f32), whose colour must be the constant the
//! program returns; prints the latencies' p50, p90, p99 and the slowest.
//!
//! `cargo run -p pigment-serve --example load [REQUESTS CLIENTS]`

use pigment_serve::{client, ServeOptions};
use serde_json::json;
use std::time::{Duration, Instant};

fn main() {
    let mut args = std::env::args()
        .skip(1)
        .map(|a| a.parse::<u32>().expect("a count"));
    let (requests, clients) = (args.next().unwrap_or(1000), args.next().unwrap_or(16));
    let options = ServeOptions {
        port: 0,
        ..ServeOptions::default()
    };
    let server = pigment_serve::start(&options).expect("the server starts");
    let addr = server.addr();
    let started = Instant::now();
    let threads: Vec<_> = (0..clients)
        .map(|c| std::thread::spawn(move || client_run(addr, c, clients, requests)))
        .collect();
    let mut times: Vec<Duration> = threads
        .into_iter()
        .flat_map(|t| t.join().expect("every answer is right"))
        .collect();
    let wall = started.elapsed();
    times.sort();
    let at = |q: f64| times[((times.len() as f64 * q).ceil() as usize).clamp(1, times.len()) - 1];
    println!(
        "{} requests from {clients} clients, {} workers, all correct in {wall:.2?} ({:.0}/s): \
         p50 {:.1?}, p90 {:.1?}, p99 {:.1?}, max {:.1?}",
        times.len(),
        options.workers,
        times.len() as f64 / wall.as_secs_f64(),
        at(0.50),
        at(0.90),
        at(0.99),
        at(1.0)
    );
    server.stop();
}

/// Client `c`'s share of the requests (every `clients`-th one); each answer is checked.
fn client_run(addr: std::net::SocketAddr, c: u32, clients: u32, requests: u32) -> Vec<Duration> {
    (c..requests)
        .step_by(clients as usize)
        .map(|k| {
            let text =
                format!("float4 main() : COLOR {{ return float4({k}.0, 0.5, 0.25, 1.0); }}\n");
            let body = json!({
                "sources": [{ "name": "k.cg", "text": text }], "main": "k.cg",
                "width": 1, "height": 1, "format": "f32",
            });
            let start = Instant::now();
            let reply = client::post(addr, "/api/render", &body).expect("the server answers");
            let time = start.elapsed();
            assert_eq!(reply.status, 200, "request {k}: {:?}", reply.json());
            assert_eq!(reply.floats(), [k as f32, 0.5, 0.25, 1.0], "request {k}");
            time
        })
        .collect()
}
