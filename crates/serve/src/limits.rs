//! The server's limits, checked rather than assumed: the sizes of bodies, sources and pictures,
//! and the time budget of each compile or render, run on a thread of its own so that a request
//! that runs away is answered with an error while the worker goes on serving.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The largest request body read (1 MiB); a larger one is answered 413.
pub const MAX_BODY: usize = 1 << 20;
/// The largest body a refused request may declare and still be answered and closed (see
/// [`crate::body`]): 4 MiB.
pub const MAX_DRAINED: usize = 4 << 20;
/// The largest source file (256 KiB).
pub const MAX_SOURCE: usize = 256 << 10;
/// The most source files one request may send.
pub const MAX_SOURCES: usize = 64;
/// The largest picture side a render may ask for.
pub const MAX_SIDE: u32 = 1024;
/// The memory one render may plan (`RenderOptions::memory_budget`: its target and buffers,
/// charged before they are allocated): 64 MiB, which the largest picture (1024x1024, 40 MiB)
/// fits.
pub const RENDER_MEMORY: u64 = 64 << 20;
/// How long a client may take to send a request's body before it is answered 408.
pub const BODY_TIME: Duration = Duration::from_secs(10);
/// The most request bodies read at once; past it a request is answered 503 at once. (Bodies are
/// read on threads of their own, not by the workers, so a slow client holds no worker.)
pub const MAX_READING: usize = 64;
/// The stack each budgeted job runs on: deep enough for the front ends' recursion on any source
/// within [`MAX_SOURCE`] (a stack overflow aborts the process, so it must not happen).
pub const JOB_STACK: usize = 256 << 20;

/// Why a budgeted job produced nothing.
#[derive(Debug, PartialEq, Eq)]
pub enum Refused {
    /// It ran past the budget; its thread is abandoned (Rust cannot kill a thread) and finishes
    /// on its own, its answer thrown away.
    OverTime(Duration),
    /// Too many abandoned jobs are still running: no new work until some finish.
    Busy(usize),
    /// It panicked (a bug in Pigment); the message says where.
    Panicked(String),
}

/// The time budget and the count of abandoned jobs still running, each render's memory budget,
/// and how long a body may take to arrive.
#[derive(Clone, Debug)]
pub struct Budget {
    /// How long a job may run.
    pub time: Duration,
    /// How many abandoned jobs may still be running before new work is refused.
    pub max_abandoned: usize,
    /// The bytes one render may plan ([`RENDER_MEMORY`] unless set).
    pub memory: u64,
    /// How long a client may take to send a body ([`BODY_TIME`] unless set).
    pub body_time: Duration,
    abandoned: Arc<AtomicUsize>,
}

impl Budget {
    /// A budget of `time` per job, refusing work while `max_abandoned` abandoned jobs still run.
    pub fn new(time: Duration, max_abandoned: usize) -> Budget {
        Budget {
            time,
            max_abandoned,
            memory: RENDER_MEMORY,
            body_time: BODY_TIME,
            abandoned: Arc::new(AtomicUsize::new(0)),
        }
    }

    /// With `bytes` for each render.
    pub fn with_memory(mut self, bytes: u64) -> Budget {
        self.memory = bytes;
        self
    }

    /// With `time` for a body to arrive.
    pub fn with_body_time(mut self, time: Duration) -> Budget {
        self.body_time = time;
        self
    }

    /// How many abandoned jobs are still running.
    pub fn abandoned(&self) -> usize {
        self.abandoned.load(Ordering::SeqCst)
    }

    /// Runs `job` on a thread of its own and waits at most the budget for its result.
    pub fn run<T: Send + 'static>(
        &self,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Refused> {
        let running = self.abandoned();
        if running >= self.max_abandoned {
            return Err(Refused::Busy(running));
        }
        let (send, receive) = mpsc::channel();
        // Whether the waiter gave up on the job, decided under the lock so that exactly one side
        // counts an abandoned job in and out.
        let gave_up = Arc::new(Mutex::new(false));
        let (job_gave_up, abandoned) = (gave_up.clone(), self.abandoned.clone());
        let spawned = std::thread::Builder::new()
            .name("pigment-serve-job".into())
            .stack_size(JOB_STACK)
            .spawn(move || {
                let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job));
                let gave_up = job_gave_up.lock().unwrap_or_else(|p| p.into_inner());
                match *gave_up {
                    true => _ = abandoned.fetch_sub(1, Ordering::SeqCst),
                    false => _ = send.send(result),
                }
            });
        if let Err(e) = spawned {
            return Err(Refused::Panicked(format!("cannot start a job: {e}")));
        }
        let result = receive.recv_timeout(self.time).or_else(|_| {
            let mut gave_up = gave_up.lock().unwrap_or_else(|p| p.into_inner());
            // The job may have answered between the timeout and the lock.
            receive.try_recv().map_err(|_| {
                *gave_up = true;
                self.abandoned.fetch_add(1, Ordering::SeqCst);
            })
        });
        match result {
            Ok(Ok(value)) => Ok(value),
            Ok(Err(panic)) => Err(Refused::Panicked(panic_message(&*panic))),
            Err(()) => Err(Refused::OverTime(self.time)),
        }
    }
}

/// The text a panic carried.
pub fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_job_within_budget_answers() {
        let budget = Budget::new(Duration::from_secs(5), 1);
        assert_eq!(budget.run(|| 6 * 7), Ok(42));
    }

    #[test]
    fn a_runaway_job_is_abandoned_and_then_counted_out() {
        let budget = Budget::new(Duration::from_millis(50), 1);
        let slow = || std::thread::sleep(Duration::from_millis(400));
        assert_eq!(
            budget.run(slow),
            Err(Refused::OverTime(Duration::from_millis(50)))
        );
        assert_eq!(budget.abandoned(), 1);
        // While it still runs, no more work is taken.
        assert_eq!(budget.run(|| 1), Err(Refused::Busy(1)));
        std::thread::sleep(Duration::from_millis(700));
        assert_eq!(budget.abandoned(), 0);
        assert_eq!(budget.run(|| 1), Ok(1));
    }

    #[test]
    fn a_panic_is_an_answer() {
        let budget = Budget::new(Duration::from_secs(5), 1);
        let result: Result<(), _> = budget.run(|| panic!("boom"));
        assert_eq!(result, Err(Refused::Panicked("boom".into())));
    }
}
