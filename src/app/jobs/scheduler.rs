//! The scheduler: publishes drafts when the time their authors chose comes.
//!
//! Every instance serving a site runs one (even with no other background work: two
//! instances' passes at once publish each post once). It
//! reads the site's schedule, publishes what is due, and sleeps until the next post is
//! due, at most `every` (another instance may have scheduled one sooner), or until this
//! instance schedules one. Publishing is the store's `publish_scheduled`, which lets
//! one call publish a post however many instances race for it, and the schedule lives
//! in the store, so it survives restarts: a post due while no instance ran goes out at
//! the first pass after one starts, with the date it was scheduled for.

use crate::domain::Site;
use crate::infra::clock::Clock;
use crate::store::{Store, StoreResult};
use chrono::{DateTime, Utc};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{Notify, watch};

#[derive(Debug, Clone, Copy)]
pub struct SchedulerConfig {
    /// The longest wait between two reads of the schedule.
    pub every: Duration,
}

impl Default for SchedulerConfig {
    fn default() -> Self {
        Self {
            every: Duration::from_secs(30),
        }
    }
}

/// What a pass did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Pass {
    /// The time the pass went by.
    pub at: DateTime<Utc>,
    /// Posts this pass published (not those another instance got to first).
    pub published: usize,
    /// Posts it could not publish now (the store failed); tried again next pass.
    pub failed: usize,
    /// When the next scheduled post is due, if any is.
    pub next: Option<DateTime<Utc>>,
}

/// Publishes every post of `site` due by `now`.
pub async fn publish_due(store: &dyn Store, site: &Site, now: DateTime<Utc>) -> StoreResult<Pass> {
    let mut pass = Pass {
        at: now,
        ..Pass::default()
    };
    for post in store.scheduled_posts(site).await? {
        if post.due > now {
            // Soonest first: the rest are later still.
            pass.next = Some(post.due);
            break;
        }
        // Its followers on the fediverse hear of it (noted before it is published, as
        // every change is: a page, which no list of the newest posts shows, too).
        let published = match store.note_post_change(site, post.id, now).await {
            Ok(()) => store.publish_scheduled(site, post.id, post.due).await,
            Err(e) => Err(e),
        };
        if published.is_err() || matches!(published, Ok(true)) {
            // Every instance's page cache learns of it (a failure may have written part).
            crate::app::page_cache::count_change(store, site).await;
        }
        match published {
            Ok(true) => {
                pass.published += 1;
                tracing::info!(post = %post.id.0, slug = post.slug.as_str(), due = %post.due, "published a scheduled post");
            }
            Ok(false) => {}
            Err(e) => {
                pass.failed += 1;
                tracing::warn!(post = %post.id.0, error = %e, "could not publish a scheduled post; trying again");
            }
        }
    }
    Ok(pass)
}

/// How many sites' schedules a pass reads at once.
const SITES_AT_ONCE: usize = 8;

/// The handle of an instance's scheduler: wakes it when this instance changes the
/// schedule, and tells what its passes did.
#[derive(Debug, Clone)]
pub struct Scheduler {
    wake: Arc<Notify>,
    passes: Arc<watch::Sender<(u64, Pass)>>,
    /// The sites the last pass published posts on.
    published_on: Arc<std::sync::Mutex<Vec<Site>>>,
    /// Who this instance's scheduler is, for the leases of the sites it works on.
    holder: uuid::Uuid,
    /// What this instance does on a site a pass published on, before the pass is told.
    on_published: Arc<std::sync::OnceLock<Hook>>,
}

struct Hook(OnPublished);

impl std::fmt::Debug for Hook {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Hook")
    }
}

/// What an instance does on a site a pass of its scheduler published on (its navigation
/// and page cache made to show it at once).
pub type OnPublished = Box<
    dyn Fn(Site) -> std::pin::Pin<Box<dyn std::future::Future<Output = ()> + Send>> + Send + Sync,
>;

impl Default for Scheduler {
    fn default() -> Self {
        Self {
            wake: Arc::new(Notify::new()),
            passes: Arc::new(watch::channel((0, Pass::default())).0),
            published_on: Default::default(),
            on_published: Default::default(),
            holder: uuid::Uuid::new_v4(),
        }
    }
}

impl Scheduler {
    /// Runs passes in the background, by `clock`'s time, over every site the deployment
    /// serves (`default_site` while none is registered).
    pub fn spawn(
        &self,
        jobs: &crate::infra::jobs::Jobs,
        store: Arc<dyn Store>,
        default_site: Site,
        clock: Clock,
        config: SchedulerConfig,
    ) {
        let me = self.clone();
        jobs.spawn("scheduler", move |mut stopping| async move {
            loop {
                let now = clock.now();
                let started = std::time::Instant::now();
                let lease = crate::app::sites::LEASE_TTL.max(config.every * 3);
                let next = match me.pass(store.as_ref(), &default_site, now, lease).await {
                    Ok(pass) => {
                        me.passes.send_modify(|(n, last)| {
                            *n += 1;
                            *last = pass;
                        });
                        let ok = pass.failed == 0;
                        crate::infra::metrics::metrics().job_pass(
                            "scheduler",
                            ok,
                            started.elapsed(),
                        );
                        if ok { pass.next } else { None }
                    }
                    Err(e) => {
                        tracing::warn!(error = %e, "the scheduler could not read the schedule");
                        crate::infra::metrics::metrics().job_pass(
                            "scheduler",
                            false,
                            started.elapsed(),
                        );
                        None
                    }
                };
                let until = next.unwrap_or(now + chrono::Duration::days(1));
                tokio::select! {
                    biased;
                    _ = stopping.stopped() => break,
                    _ = clock.sleep_until(until, now, config.every) => {}
                    _ = me.wake.notified() => {}
                }
            }
        });
    }

    /// One pass over the sites served that this instance works on (every one, alone;
    /// those of the shards it holds, among several): the sum of each site's.
    async fn pass(
        &self,
        store: &dyn Store,
        default_site: &Site,
        now: DateTime<Utc>,
        lease: Duration,
    ) -> StoreResult<Pass> {
        let mut total = Pass {
            at: now,
            ..Pass::default()
        };
        let mut published_on = Vec::new();
        let sites = crate::app::sites::sites_to_work_on(
            store,
            default_site,
            "scheduler",
            self.holder,
            lease,
        )
        .await?;
        // Several sites' schedules read at once: a pass over many sites takes the time
        // of a few reads in depth, not of one a site.
        use futures_util::StreamExt;
        let mut passes = futures_util::stream::iter(sites)
            .map(|site| async move {
                let pass = publish_due(store, &site, now).await;
                (site, pass)
            })
            .buffer_unordered(SITES_AT_ONCE);
        while let Some((site, pass)) = passes.next().await {
            match pass {
                Ok(pass) => {
                    total.published += pass.published;
                    total.failed += pass.failed;
                    total.next = match (total.next, pass.next) {
                        (Some(a), Some(b)) => Some(a.min(b)),
                        (a, b) => a.or(b),
                    };
                    if pass.published > 0 {
                        published_on.push(site);
                    }
                }
                Err(e) => {
                    total.failed += 1;
                    tracing::warn!(site = %site, error = %e, "the scheduler could not read a site's schedule");
                }
            }
        }
        published_on.sort_by(|a: &Site, b: &Site| a.as_str().cmp(b.as_str()));
        if let Some(on_published) = self.on_published.get() {
            for site in &published_on {
                (on_published.0)(site.clone()).await;
            }
        }
        *self
            .published_on
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner()) = published_on;
        Ok(total)
    }

    /// Sets what this instance does on a site a pass published on (once; later calls
    /// change nothing).
    pub fn on_published(&self, then: OnPublished) {
        let _ = self.on_published.set(Hook(then));
    }

    /// The sites the last pass published posts on.
    pub fn published_on(&self) -> Vec<Site> {
        self.published_on
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .clone()
    }

    /// Tells the scheduler that the schedule changed (a post scheduled sooner than it
    /// knows of): it reads it again at once.
    pub fn wake(&self) {
        self.wake.notify_one();
    }

    /// The passes run so far and the last one's report.
    pub fn passes(&self) -> watch::Receiver<(u64, Pass)> {
        self.passes.subscribe()
    }
}
