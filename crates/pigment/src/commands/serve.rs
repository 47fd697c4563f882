//! `pigment serve`: the playground server. It lives in `crates/serve` (package `pigment-serve`),
//! which depends on this package's library; Cargo forbids the `pigment` binary depending back on
//! it (a package cycle), so the verb runs the `pigment-serve` binary installed beside `pigment`.

use crate::cli::ServeArgs;
use crate::failure::{CommandResult, Failure};
use std::process::Command;

pub fn serve(args: &ServeArgs) -> CommandResult {
    let exe = std::env::current_exe()
        .map_err(|e| Failure::Output(format!("cannot find pigment's own path: {e}")))?;
    let server = exe.with_file_name(format!("pigment-serve{}", std::env::consts::EXE_SUFFIX));
    let mut command = Command::new(&server);
    command.args(["--port", &args.port.to_string(), "--bind", &args.bind]);
    if args.open {
        command.arg("--open");
    }
    let cannot = |e: std::io::Error| {
        Failure::Usage(format!(
            "cannot run `{}` ({e}): build it with `cargo build -p pigment-serve` \
             or install it with `cargo install --path crates/serve`",
            server.display()
        ))
    };
    // On Unix the server takes this process's place, so that a signal to `pigment serve` reaches it.
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        Err(cannot(command.exec()))
    }
    #[cfg(not(unix))]
    match command.status().map_err(cannot)?.success() {
        true => Ok(()),
        false => Err(Failure::Output("the server stopped with an error".into())),
    }
}
