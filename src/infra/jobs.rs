//! An instance's background jobs (the reconciler, the binary collector and refresher, the
//! scheduler, the newsletter) and errands (mail a request sends after answering), and how
//! they stop: on shutdown each job finishes the pass it is in, or the step of it (one
//! mail), and starts no other; each errand runs to its end; whatever still runs at the
//! deadline is cut off. Every pass is counted in the metrics.

use std::future::Future;
use std::time::{Duration, Instant};
use tokio::sync::watch;
use tokio::task::JoinHandle;

/// Tells a job that the instance is stopping.
#[derive(Debug, Clone)]
pub struct Stopping(Option<watch::Receiver<bool>>);

impl Stopping {
    /// A job run by hand (a command, a test): never asked to stop.
    pub fn never() -> Self {
        Self(None)
    }

    pub fn is_stopping(&self) -> bool {
        self.0.as_ref().is_some_and(|r| *r.borrow())
    }

    /// Resolves once the instance is stopping (never for [`Stopping::never`]).
    pub async fn stopped(&mut self) {
        match &mut self.0 {
            Some(r) => {
                // An error means the sender is gone: stopping too.
                let _ = r.wait_for(|stop| *stop).await;
            }
            None => std::future::pending().await,
        }
    }
}

/// The jobs of one instance.
#[derive(Debug)]
pub struct Jobs {
    stop: watch::Sender<bool>,
    /// Held by [`Jobs::stop`] while it waits, so that a second call waits with it.
    running: tokio::sync::Mutex<Vec<(&'static str, JoinHandle<()>)>>,
    errands: tokio_util::task::TaskTracker,
    /// What the first stop found, for every later caller.
    stopped: std::sync::OnceLock<Stopped>,
    /// Where jobs and errands run: the runtime that starts them unless given one.
    runtime: Option<tokio::runtime::Handle>,
}

impl Default for Jobs {
    fn default() -> Self {
        Self {
            stop: watch::channel(false).0,
            running: tokio::sync::Mutex::new(Vec::new()),
            errands: tokio_util::task::TaskTracker::new(),
            stopped: std::sync::OnceLock::new(),
            runtime: None,
        }
    }
}

/// What [`Jobs::stop`] found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Stopped {
    /// Jobs that ended their pass and stopped.
    pub cleanly: Vec<&'static str>,
    /// Jobs that had died of a panic (logged when it happened).
    pub panicked: Vec<&'static str>,
    /// Jobs still running at the deadline, cut off.
    pub cut_off: Vec<&'static str>,
    /// Errands (mail after a request) still running at the deadline, cut off.
    pub errands_cut_off: usize,
}

impl Jobs {
    /// Jobs and errands that run on `runtime` (a served instance's
    /// [`crate::infra::background`] runtime, below the requests' priority).
    pub fn on(runtime: tokio::runtime::Handle) -> Self {
        Self {
            runtime: Some(runtime),
            ..Self::default()
        }
    }

    pub fn stopping(&self) -> Stopping {
        Stopping(Some(self.stop.subscribe()))
    }

    /// Runs `job` (told when to stop) as the job called `name`.
    pub fn spawn<F, Fut>(&self, name: &'static str, job: F)
    where
        F: FnOnce(Stopping) -> Fut,
        Fut: Future<Output = ()> + Send + 'static,
    {
        let job = job(self.stopping());
        let handle = match &self.runtime {
            Some(runtime) => runtime.spawn(job),
            None => tokio::spawn(job),
        };
        match self.running.try_lock() {
            Ok(mut running) => running.push((name, handle)),
            // Being stopped: a job started now is not waited for.
            Err(_) => handle.abort(),
        }
    }

    /// Runs `errand`, work a request leaves behind it (a mail to send), so that a stop
    /// waits for it. Started after the stop began, it still runs, within the deadline.
    pub fn errand(&self, errand: impl Future<Output = ()> + Send + 'static) {
        match &self.runtime {
            Some(runtime) => drop(self.errands.spawn_on(errand, runtime)),
            None => drop(self.errands.spawn(errand)),
        }
    }

    /// Runs `pass` at once and then every `period` (a slow pass delays the next one),
    /// until the instance stops; a pass that fails is logged and tried again next time.
    pub fn every<F, Fut>(&self, name: &'static str, period: Duration, mut pass: F)
    where
        F: FnMut(Stopping) -> Fut + Send + 'static,
        Fut: Future<Output = Result<(), String>> + Send,
    {
        self.spawn(name, move |mut stopping| async move {
            let mut ticks = tokio::time::interval(period);
            ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tokio::select! {
                    biased;
                    _ = stopping.stopped() => break,
                    _ = ticks.tick() => {}
                }
                timed(name, pass(stopping.clone())).await;
            }
        });
    }

    /// [`Jobs::every`], and also as soon as `woken` is notified (work queued by this
    /// process need not wait for the next period).
    pub fn every_or_when<F, Fut>(
        &self,
        name: &'static str,
        period: Duration,
        woken: &'static tokio::sync::Notify,
        mut pass: F,
    ) where
        F: FnMut(Stopping) -> Fut + Send + 'static,
        Fut: Future<Output = Result<(), String>> + Send,
    {
        self.spawn(name, move |mut stopping| async move {
            let mut ticks = tokio::time::interval(period);
            ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tokio::select! {
                    biased;
                    _ = stopping.stopped() => break,
                    _ = ticks.tick() => {}
                    _ = woken.notified() => {}
                }
                timed(name, pass(stopping.clone())).await;
            }
        });
    }

    /// Asks every job to stop and waits for them and the errands until `deadline`; cuts
    /// off the rest. A second call waits for the first and gets what it found.
    pub async fn stop(&self, deadline: Duration) -> Stopped {
        self.stop.send_replace(true);
        let mut guard = self.running.lock().await;
        if let Some(stopped) = self.stopped.get() {
            return stopped.clone();
        }
        let running = std::mem::take(&mut *guard);
        let until = tokio::time::Instant::now() + deadline;
        let mut stopped = Stopped::default();
        for (name, mut handle) in running {
            match tokio::time::timeout_at(until, &mut handle).await {
                Ok(Ok(())) => stopped.cleanly.push(name),
                Ok(Err(_)) => stopped.panicked.push(name),
                Err(_) => {
                    handle.abort();
                    tracing::warn!(job = name, "a background job did not stop in time; cut off");
                    stopped.cut_off.push(name);
                }
            }
        }
        self.errands.close();
        if tokio::time::timeout_at(until, self.errands.wait())
            .await
            .is_err()
        {
            stopped.errands_cut_off = self.errands.len();
            tracing::warn!(
                errands = stopped.errands_cut_off,
                "errands (mail) still running at the deadline; cut off"
            );
        }
        let _ = self.stopped.set(stopped.clone());
        stopped
    }
}

/// Runs one pass of `job`, logging a failure and counting it in the metrics.
pub async fn timed(job: &'static str, pass: impl Future<Output = Result<(), String>>) {
    let started = Instant::now();
    let outcome = pass.await;
    if let Err(e) = &outcome {
        tracing::warn!(job, error = %e, "a background pass failed; trying again later");
    }
    crate::infra::metrics::metrics().job_pass(job, outcome.is_ok(), started.elapsed());
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[tokio::test]
    async fn a_job_ends_its_pass_then_stops_and_a_stuck_one_is_cut_off() {
        let jobs = Jobs::default();
        let passes = Arc::new(AtomicUsize::new(0));
        let counted = Arc::clone(&passes);
        jobs.every("steady", Duration::from_millis(5), move |_| {
            let counted = Arc::clone(&counted);
            async move {
                // A pass takes a while; stopping waits for it to end.
                tokio::time::sleep(Duration::from_millis(30)).await;
                counted.fetch_add(1, Ordering::SeqCst);
                Ok(())
            }
        });
        jobs.spawn("stuck", |_| async {
            std::future::pending::<()>().await;
        });
        jobs.spawn("broken", |_| async {
            panic!("a job that panics");
        });
        let errand_done = Arc::new(AtomicUsize::new(0));
        let done = Arc::clone(&errand_done);
        jobs.errand(async move {
            tokio::time::sleep(Duration::from_millis(80)).await;
            done.fetch_add(1, Ordering::SeqCst);
        });
        tokio::time::sleep(Duration::from_millis(50)).await;
        let started = passes.load(Ordering::SeqCst);
        let stopped = jobs.stop(Duration::from_millis(200)).await;
        assert_eq!(stopped.cleanly, vec!["steady"]);
        assert_eq!(stopped.cut_off, vec!["stuck"]);
        assert_eq!(stopped.panicked, vec!["broken"]);
        // The errand ran to its end, before the deadline.
        assert_eq!(errand_done.load(Ordering::SeqCst), 1);
        assert_eq!(stopped.errands_cut_off, 0);
        // A second stop waits for nothing and says the same.
        assert_eq!(jobs.stop(Duration::from_millis(1)).await, stopped);
        let after = passes.load(Ordering::SeqCst);
        // The pass under way when asked finished; none started after.
        assert!(
            after == started || after == started + 1,
            "{started} {after}"
        );
        tokio::time::sleep(Duration::from_millis(60)).await;
        assert_eq!(passes.load(Ordering::SeqCst), after);
        assert!(!Stopping::never().is_stopping());
    }

    #[cfg(target_os = "linux")]
    #[tokio::test]
    async fn jobs_and_errands_on_the_background_runtime_run_below_the_requests() {
        use crate::infra::background::{NICE, handle, this_threads_nice};
        let here = this_threads_nice().unwrap();
        let jobs = Jobs::on(handle().unwrap());
        let (job_tx, job_rx) = tokio::sync::oneshot::channel();
        jobs.spawn("lowered", |_| async move {
            let _ = job_tx.send(this_threads_nice().unwrap());
        });
        let (errand_tx, errand_rx) = tokio::sync::oneshot::channel();
        jobs.errand(async move {
            let _ = errand_tx.send(this_threads_nice().unwrap());
        });
        assert_eq!(job_rx.await.unwrap(), NICE.max(here));
        assert_eq!(errand_rx.await.unwrap(), NICE.max(here));
        let stopped = jobs.stop(Duration::from_secs(5)).await;
        assert_eq!(stopped.cleanly, vec!["lowered"]);
        // The default runs them where they are started.
        let jobs = Jobs::default();
        let (tx, rx) = tokio::sync::oneshot::channel();
        jobs.spawn("here", |_| async move {
            let _ = tx.send(this_threads_nice().unwrap());
        });
        assert_eq!(rx.await.unwrap(), here);
    }
}
