//! Several oracles at once (on one thread and on many) and the timing entry point.
//! These tests need Mesa's EGL and llvmpipe and fail (never skip) without them.

use gl_oracle::{Inputs, Oracle, OracleError};

fn oracle() -> Oracle {
    Oracle::new().unwrap_or_else(|e| panic!("the GL oracle is unavailable: {e}"))
}

fn constant_program(value: f32) -> String {
    format!("!!ARBfp1.0\nMOV result.color, {{{value}, 0, 0, 1}};\nEND\n")
}

#[test]
fn two_oracles_on_one_thread_each_draw_in_their_own_context() {
    let mut first = oracle();
    let mut second = oracle();
    // The second oracle's context became current when it was made; the first must take it back.
    let a = first.draw_reference_quad(&constant_program(1.0), 2, 1, &Inputs::default());
    let b = second.draw_reference_quad(&constant_program(2.0), 1, 2, &Inputs::default());
    let a_again = first.draw_reference_quad(&constant_program(3.0), 2, 1, &Inputs::default());
    assert_eq!(a, Ok([1.0, 0.0, 0.0, 1.0].repeat(2)));
    assert_eq!(b, Ok([2.0, 0.0, 0.0, 1.0].repeat(2)));
    assert_eq!(a_again, Ok([3.0, 0.0, 0.0, 1.0].repeat(2)));
}

#[test]
fn oracles_on_several_threads_draw_concurrently() {
    let workers: Vec<_> = (0..4)
        .map(|n| {
            std::thread::spawn(move || {
                let mut oracle = oracle();
                (0..5)
                    .map(|_| {
                        oracle.draw_reference_quad(
                            &constant_program(n as f32),
                            3,
                            3,
                            &Inputs::default(),
                        )
                    })
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    for (n, worker) in workers.into_iter().enumerate() {
        for result in worker.join().expect("a drawing thread panicked") {
            assert_eq!(result, Ok([n as f32, 0.0, 0.0, 1.0].repeat(9)));
        }
    }
}

#[test]
fn time_draws_runs_and_reports_program_errors() {
    let mut oracle = oracle();
    let timed = oracle.time_draws(&constant_program(1.0), 16, 16, &Inputs::default(), 3);
    assert!(timed.is_ok(), "{timed:?}");
    let bad = oracle.time_draws("!!ARBfp1.0\nFOO;\nEND\n", 16, 16, &Inputs::default(), 3);
    assert!(matches!(bad, Err(OracleError::Program { .. })), "{bad:?}");
    // The oracle still draws normally afterwards.
    assert_eq!(
        oracle.draw_reference_quad(&constant_program(5.0), 1, 1, &Inputs::default()),
        Ok(vec![5.0, 0.0, 0.0, 1.0])
    );
}
