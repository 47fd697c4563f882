//! The `pigment-serve` binary, which `pigment serve` runs: its options read into
//! [`pigment_serve::ServeOptions`], then [`pigment_serve::run`].

use clap::Parser;
use std::net::IpAddr;
use std::time::Duration;

/// Serve Pigment's playground: compile and render from a page in the browser.
#[derive(Parser, Debug)]
#[command(name = "pigment serve", version)]
struct Args {
    /// The port to listen on (0: any free one).
    #[arg(long, default_value_t = 8031)]
    port: u16,
    /// The address to listen on; anything but 127.0.0.1 lets other machines in.
    #[arg(long, default_value = "127.0.0.1")]
    bind: IpAddr,
    /// Open the page in the desktop's browser.
    #[arg(long)]
    open: bool,
    /// Requests served at once.
    #[arg(long, default_value_t = 8)]
    workers: usize,
    /// Seconds one compile or render may run before it is answered 408 and abandoned.
    #[arg(long, default_value_t = 10.0)]
    budget: f64,
    /// MiB one render may plan (its target and buffers, checked before they are allocated).
    #[arg(long, default_value_t = pigment_serve::limits::RENDER_MEMORY >> 20)]
    memory: u64,
}

fn main() -> std::process::ExitCode {
    let args = Args::parse();
    if !(args.budget > 0.0 && args.budget <= 3600.0) {
        eprintln!("pigment serve: --budget must be more than 0 and at most 3600 seconds");
        return std::process::ExitCode::from(2);
    }
    let options = pigment_serve::ServeOptions {
        bind: args.bind,
        port: args.port,
        open: args.open,
        workers: args.workers.clamp(1, 64),
        budget: Duration::from_secs_f64(args.budget),
        memory: args.memory.min(1 << 20) << 20,
        ..Default::default()
    };
    match pigment_serve::run(&options) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!(
                "pigment serve: cannot listen on {}:{}: {e}",
                args.bind, args.port
            );
            std::process::ExitCode::FAILURE
        }
    }
}
