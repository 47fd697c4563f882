//! Which executor runs an NV_fragment_program (`pigment eval`, `run`, `render`): the Cranelift JIT of
//! `nvfp-jit` by default on x86_64 and aarch64, the interpreter with `--no-jit`, `PIGMENT_JIT=0`, on
//! other hosts, or when the JIT cannot compile for the host. `--timings` reports on stderr.

use crate::cli::ExecArgs;
use nvfp::exec::Machine;
use nvfp::program::Program;
use pigment::render::Executor;

/// The machine that runs `program` as `args` ask.
pub fn machine(program: &Program, args: &ExecArgs) -> Machine {
    let executor = match args.no_jit {
        true => Executor::Interpreter,
        false => Executor::Jit,
    };
    let (machine, compile_time, warning) = pigment::render::machine(program, executor);
    if let Some(warning) = warning {
        eprintln!("pigment: warning: {warning}");
    }
    if args.timings {
        match compile_time {
            Some(time) => eprintln!(
                "pigment: timings: JIT compile {:.3} ms ({} instructions)",
                time.as_secs_f64() * 1e3,
                program.instructions.len()
            ),
            None => eprintln!("pigment: timings: interpreter (JIT off)"),
        }
    }
    machine
}

/// Reports the library's timings of a render (`--timings`).
pub fn report_timings(timings: &pigment::render::Timings) {
    match timings.jit_compile {
        Some(time) => eprintln!(
            "pigment: timings: JIT compile {:.3} ms",
            time.as_secs_f64() * 1e3
        ),
        None => eprintln!("pigment: timings: interpreter (JIT off)"),
    }
    eprintln!(
        "pigment: timings: shading {:.3} ms",
        timings.shading.as_secs_f64() * 1e3
    );
}
