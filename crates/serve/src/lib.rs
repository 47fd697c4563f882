//! `pigment serve`: a local HTTP playground over the `pigment` library. The page (`web/playground/`,
//! built into the server) sends its sources to `POST /api/compile` as you type and shows the
//! outputs, their reflection and the diagnostics at their lines; `POST /api/render` draws the
//! reference quad on the NV_fragment_program machine. Sources stay in memory (an `#include` finds
//! only the files the page sent); bodies, sources and pictures are limited in size, every
//! compile and render runs under a time budget and every render under a memory budget
//! ([`limits`]), and bodies are read off the workers within a time limit ([`body`]).
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod answer;
pub mod api;
pub mod assets;
pub mod body;
pub mod client;
pub mod http;
pub mod limits;
pub mod request;

pub use http::Server;
pub use limits::Budget;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::Duration;

/// How to run the server.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// The address to listen on (127.0.0.1: only this machine).
    pub bind: IpAddr,
    /// The port (0: any free one).
    pub port: u16,
    /// Whether to open the page in the desktop's browser.
    pub open: bool,
    /// Worker threads (requests served at once).
    pub workers: usize,
    /// How long one compile or render may run.
    pub budget: Duration,
    /// How many requests past their budget may still be running before new work is refused.
    pub max_abandoned: usize,
    /// The bytes one render may plan.
    pub memory: u64,
}

impl Default for ServeOptions {
    fn default() -> ServeOptions {
        ServeOptions {
            bind: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: 8031,
            open: false,
            workers: 8,
            budget: Duration::from_secs(10),
            max_abandoned: 4,
            memory: limits::RENDER_MEMORY,
        }
    }
}

/// Starts the server as `options` say.
pub fn start(options: &ServeOptions) -> std::io::Result<Server> {
    let budget = Budget::new(options.budget, options.max_abandoned).with_memory(options.memory);
    Server::start(
        SocketAddr::new(options.bind, options.port),
        options.workers,
        budget,
    )
}

/// Runs the server until the process ends, printing its address (and opening it if asked).
pub fn run(options: &ServeOptions) -> std::io::Result<()> {
    let server = start(options)?;
    let url = format!("http://{}/", server.addr());
    println!("pigment serve: the playground is at {url} (Ctrl-C stops it)");
    if options.open {
        if let Err(e) = std::process::Command::new("xdg-open").arg(&url).spawn() {
            eprintln!("pigment serve: cannot open a browser ({e}); open {url} yourself");
        }
    }
    server.wait();
    Ok(())
}
