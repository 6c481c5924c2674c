//! Where a served instance's background work runs: a runtime of its own whose threads
//! run at a lower priority than the request workers ([`NICE`] on Linux), so that a
//! fan-out to thousands of servers (a signature each), a newsletter or a reconciler pass
//! takes the processor time readers leave and never slows their pages much. Idle, the
//! work runs at full speed; while readers keep every core busy it still gets a share
//! (a nice value, not an idle-only policy), so deliveries and scheduled posts go out
//! late rather than never.

use std::sync::LazyLock;
use tokio::runtime::{Handle, Runtime};

/// The nice value of the background threads: the kernel gives a thread of nice 10 about
/// a tenth of the time a thread of nice 0 gets when both want a core.
pub const NICE: i32 = 10;

static RUNTIME: LazyLock<Result<Runtime, String>> = LazyLock::new(|| {
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(threads)
        .thread_name("sibyl-background")
        .on_thread_start(lower_this_thread)
        .enable_all()
        .build()
        .map_err(|e| format!("the background runtime: {e}"))
});

/// The background runtime (built on first use, kept for the process's life).
pub fn handle() -> std::io::Result<Handle> {
    RUNTIME
        .as_ref()
        .map(|runtime| runtime.handle().clone())
        .map_err(|e| std::io::Error::other(e.clone()))
}

/// Lowers the calling thread's priority to [`NICE`] (Linux keeps a nice value per
/// thread; threads it starts inherit it). Elsewhere the work runs at normal priority.
fn lower_this_thread() {
    #[cfg(target_os = "linux")]
    {
        let thread = rustix::thread::gettid();
        if let Err(e) = rustix::process::setpriority_process(Some(thread), NICE) {
            tracing::warn!(error = %e, "a background thread could not lower its priority");
        }
    }
}

/// The calling thread's nice value (Linux), for checks.
#[cfg(target_os = "linux")]
pub fn this_threads_nice() -> std::io::Result<i32> {
    rustix::process::getpriority_process(Some(rustix::thread::gettid())).map_err(Into::into)
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    #[tokio::test]
    async fn background_work_and_its_blocking_work_run_below_the_requests() {
        let here = this_threads_nice().unwrap();
        let handle = handle().unwrap();
        let (task, blocking) = handle
            .spawn(async {
                let blocking = tokio::task::spawn_blocking(this_threads_nice)
                    .await
                    .unwrap()
                    .unwrap();
                (this_threads_nice().unwrap(), blocking)
            })
            .await
            .unwrap();
        assert_eq!((task, blocking), (NICE.max(here), NICE.max(here)));
        // The thread that asked is left as it was.
        assert_eq!(this_threads_nice().unwrap(), here);
    }
}
