//! Which executor runs an NV_fragment_program (`pigment eval`, `run`, `render`): the Cranelift JIT of
//! `nvfp-jit` by default on x86_64 and aarch64, the interpreter with `--no-jit`, `PIGMENT_JIT=0`, on
//! other hosts, or when the JIT cannot compile for the host. `--timings` reports on stderr.

use crate::cli::ExecArgs;
use nvfp::exec::Machine;
use nvfp::program::Program;
use std::time::Instant;

/// The machine that runs `program` as `args` ask.
pub fn machine(program: &Program, args: &ExecArgs) -> Machine {
    if args.no_jit || !nvfp_jit::enabled_by_default() {
        if args.timings {
            eprintln!("pigment: timings: interpreter (JIT off)");
        }
        return Machine::new(program);
    }
    let (machine, compiled) = nvfp_jit::machine(program);
    match compiled {
        Ok(time) if args.timings => eprintln!(
            "pigment: timings: JIT compile {:.3} ms ({} instructions)",
            time.as_secs_f64() * 1e3,
            program.instructions.len()
        ),
        Ok(_) => {}
        Err(e) => eprintln!("pigment: warning: {e}; interpreting"),
    }
    machine
}

/// Runs `work`, reporting its duration as `what` when `args.timings` is set.
pub fn timed<T>(args: &ExecArgs, what: &str, work: impl FnOnce() -> T) -> T {
    let start = Instant::now();
    let result = work();
    if args.timings {
        eprintln!(
            "pigment: timings: {what} {:.3} ms",
            start.elapsed().as_secs_f64() * 1e3
        );
    }
    result
}
