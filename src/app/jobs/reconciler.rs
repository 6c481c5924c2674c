//! The reconciler: finishes what a process that died half-way through a multi-step
//! write left behind (see [`crate::store::intents`]).
//!
//! Every instance serving a site runs one in the background (unless told to run no
//! background work); `sibyl reconcile` runs a pass by hand. A pass has the store
//! recover the intents begun more than a grace period ago and never marked done: the
//! store finishes or undoes its own writes, and hands over the application's (a post's
//! or an account's deletion, an accepted suggestion), which are finished here and
//! marked done. Finishing is idempotent and safe beside live writers, so two
//! instances reconciling at once only repeat each other's work.
//!
//! An intent that a pass cannot finish holds back the passes (they start again where it
//! is) until it has failed [`crate::store::intents::PARK_AFTER`] of them: it is then parked, listed by `sibyl
//! repair`, counted in `sibyl_intents_parked`, tried again after a wait that doubles up
//! to an hour, and the passes move on.

use crate::app::suggestions::{applied_message_prefix, apply_suggestion, saved_since};
use crate::domain::{PostId, Site, SuggestionState, now};
use crate::store::{EditError, Finished, Intent, Store, StoreError, StoreResult};
use chrono::{DateTime, Utc};
use std::sync::Arc;
use std::time::Duration;

#[derive(Debug, Clone, Copy)]
pub struct ReconcilerConfig {
    /// Time between passes.
    pub every: Duration,
    /// How old an unfinished intent must be before a pass finishes it: longer than any
    /// live write takes, so that a pass never finishes a write still under way.
    pub grace: Duration,
}

impl Default for ReconcilerConfig {
    fn default() -> Self {
        Self {
            every: Duration::from_secs(30),
            grace: Duration::from_secs(60),
        }
    }
}

/// What one or more passes did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Report {
    /// Writes whose remaining steps were run.
    pub completed: usize,
    /// Writes that could not be finished, whose traces were removed.
    pub undone: usize,
    /// Intents that could not be finished now and are not parked: tried again at the
    /// next pass, which starts where this one stopped.
    pub failed: usize,
    /// Intents parked by these passes: they had failed
    /// [`crate::store::intents::PARK_AFTER`] passes, and no
    /// longer hold back those begun after them (`sibyl repair` lists them).
    pub parked: usize,
}

/// Finishes every unfinished intent begun before `before`, reading on from where the
/// last complete pass left off, and the parked ones due for another try.
pub async fn reconcile(store: &dyn Store, before: DateTime<Utc>) -> StoreResult<Report> {
    let mut report = Report::default();
    // A store behind by more than one pass's stretch of time catches up in several.
    for _ in 0..100 {
        let recovery = store.recover(before).await?;
        report.completed += recovery.completed;
        report.undone += recovery.undone;
        report.failed += recovery.failed;
        report.parked += recovery.parked;
        // Failures not parked: the stretch is read again from its start next pass.
        let mut holding = recovery.failed;
        for handed in recovery.intents {
            match finish(store, &handed.intent).await {
                Ok(finished) => {
                    // What readers see of its site changed: every instance's page cache
                    // learns of it.
                    let (Intent::DeletePost { site, .. }
                    | Intent::DeleteAccount { site, .. }
                    | Intent::ApplySuggestion { site, .. }) = &handed.intent;
                    if let Ok(site) = Site::parse(site) {
                        crate::app::page_cache::count_change(store, &site).await;
                    }
                    store.finished(&handed).await?;
                    match finished {
                        Finished::Undone => report.undone += 1,
                        Finished::Completed => report.completed += 1,
                    }
                }
                Err(e) => {
                    tracing::warn!(intent = ?handed.intent, attempts = handed.attempts, error = %e, "could not finish a write; trying again later");
                    let was_parked = handed.parked();
                    match store.failed(&handed, &e.to_string()).await? {
                        true if !was_parked => report.parked += 1,
                        true => {}
                        false => {
                            holding += 1;
                            report.failed += 1;
                        }
                    }
                }
            }
        }
        match recovery.through {
            Some(through) if holding == 0 => {
                store.passed(through).await?;
                if through >= before {
                    break;
                }
            }
            _ => break,
        }
    }
    if report != Report::default() {
        tracing::info!(?report, "reconciled unfinished writes");
    }
    Ok(report)
}

/// One pass as an instance runs it, at `instance_now` by its clock: for the writes begun
/// more than `grace` ago by that clock and by the store's, whichever is behind, so that
/// an instance whose clock runs ahead never looks past writes still under way (nor moves
/// the next pass's start past writes still to come). Sets the metrics of what it saw.
pub async fn pass(
    store: &dyn Store,
    instance_now: DateTime<Utc>,
    grace: Duration,
) -> StoreResult<Report> {
    let store_now = store.clock().await?;
    let skew = instance_now - store_now;
    if skew.num_seconds().abs() >= 60 {
        tracing::warn!(
            skew_seconds = skew.num_seconds(),
            "this instance's clock is not the store's: intents are placed by the clock of the instance that begins them, so keep the instances' clocks in step with the store's (NTP)"
        );
    }
    let before =
        instance_now.min(store_now) - chrono::Duration::from_std(grace).unwrap_or_default();
    let report = reconcile(store, before).await?;
    let parked = store.parked().await?.len();
    crate::infra::metrics::metrics().reconciled(parked, skew);
    Ok(report)
}

/// Runs [`pass`] every `config.every`, for intents older than `config.grace`.
pub fn spawn(jobs: &crate::infra::jobs::Jobs, store: Arc<dyn Store>, config: ReconcilerConfig) {
    jobs.every("reconciler", config.every, move |_| {
        let store = Arc::clone(&store);
        async move {
            pass(store.as_ref(), now(), config.grace)
                .await
                .map(|_| ())
                .map_err(|e| e.to_string())
        }
    });
}

/// Finishes one of the application's writes, those that span several calls to the store.
async fn finish(store: &dyn Store, intent: &Intent) -> StoreResult<Finished> {
    match intent {
        Intent::ApplySuggestion {
            site,
            post,
            suggestion,
            accepted_by,
        } => {
            let site = Site::parse(site)?;
            let post = PostId(*post);
            let Some(found) = store.suggestion(&site, post, suggestion).await? else {
                return Ok(Finished::Undone);
            };
            if found.state != SuggestionState::Accepted {
                // The decision never took effect: nothing was done.
                return Ok(Finished::Undone);
            }
            let Some(current) = store.post_by_id(&site, post).await? else {
                return Ok(Finished::Undone);
            };
            let marker = applied_message_prefix(suggestion);
            if saved_since(store, &site, &current, found.base, &marker).await? {
                return Ok(Finished::Completed);
            }
            match apply_suggestion(store, &site, post, suggestion, accepted_by).await {
                Ok(_) => Ok(Finished::Completed),
                Err(EditError::Store(e)) => Err(e),
                Err(e) => Err(StoreError::Unavailable(format!(
                    "accepted suggestion {suggestion} could not be saved: {e:?}"
                ))),
            }
        }
        Intent::DeletePost { site, post } => {
            let site = Site::parse(site)?;
            crate::app::deletion::finish_post_deletion(store, &site, PostId(*post), true).await?;
            Ok(Finished::Completed)
        }
        Intent::DeleteAccount {
            site,
            user,
            remove_comments,
            by,
            by_name,
        } => {
            let site = Site::parse(site)?;
            let by = crate::app::deletion::Deleter {
                id: crate::domain::UserId(*by),
                name: by_name.clone(),
            };
            crate::app::deletion::finish_account_deletion(
                store,
                &site,
                crate::domain::UserId(*user),
                *remove_comments,
                &by,
                true,
            )
            .await?;
            Ok(Finished::Completed)
        }
    }
}
