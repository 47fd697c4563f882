//! llvmpipe's rasterizer thread count through `Oracle::with_threads`, observed as the threads Mesa names
//! `llvmpipe-N` in /proc/self/task. Alone in its own test binary (its own process) because the count must not
//! see other tests' oracles, and as one test so nothing in this process runs beside it.
//! Needs Mesa's EGL and llvmpipe and fails (never skips) without them.

use gl_oracle::{Inputs, Oracle, OracleError};

/// How many threads of this process llvmpipe runs.
fn llvmpipe_threads() -> usize {
    let tasks = std::fs::read_dir("/proc/self/task")
        .expect("Linux lists a process's threads in /proc/self/task");
    tasks
        .filter_map(|task| std::fs::read_to_string(task.ok()?.path().join("comm")).ok())
        .filter(|name| name.starts_with("llvmpipe-"))
        .count()
}

/// The llvmpipe thread count once it reaches `expected`, or whatever it is after two seconds: Mesa
/// starts and names its threads asynchronously, so a count read at once can lag behind.
fn llvmpipe_threads_settled(expected: usize) -> usize {
    for _ in 0..200 {
        if llvmpipe_threads() == expected {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    llvmpipe_threads()
}

fn with_threads(n: u32) -> Oracle {
    Oracle::with_threads(n).unwrap_or_else(|e| panic!("the GL oracle is unavailable: {e}"))
}

#[test]
fn each_display_gets_the_thread_count_asked_for() {
    let mut three = with_threads(3);
    assert_eq!(llvmpipe_threads_settled(3), 3);
    // Joining the live display with the same count (or none) works; another count does not.
    let same = with_threads(3);
    let any = Oracle::new().expect("joining the live display");
    assert_eq!(
        Oracle::with_threads(2).err(),
        Some(OracleError::ThreadCountConflict {
            requested: Some(2),
            live: Some(3)
        })
    );
    let program = "!!ARBfp1.0\nMOV result.color, fragment.position;\nEND\n";
    assert_eq!(
        three.draw_reference_quad(program, 1, 1, &Inputs::default()),
        Ok(vec![0.5, 0.5, 0.5, 1.0])
    );
    drop((three, same, any));
    // The last oracle gone, the next one starts a fresh llvmpipe screen with its own count.
    assert_eq!(llvmpipe_threads_settled(0), 0);
    let five = with_threads(5);
    assert_eq!(llvmpipe_threads_settled(5), 5);
    drop(five);
    let mut zero = with_threads(0);
    assert_eq!(llvmpipe_threads_settled(0), 0);
    assert_eq!(
        zero.draw_reference_quad(program, 1, 1, &Inputs::default()),
        Ok(vec![0.5, 0.5, 0.5, 1.0])
    );
}
