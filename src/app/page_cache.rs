//! What the page cache needs to know of a site: which pages it may still serve.
//!
//! An instance keeps anonymous readers' pages (`web::page_cache`), each under the
//! *generation* of its site's pages it was rendered in. A change made through the
//! instance begins a new generation at once, so nothing rendered before it is served
//! after it: the writer never sees a page older than their change. The change is also
//! counted in the store ([`crate::store::SiteSettings::count_pages_change`]); every
//! instance reads the count at most once per recheck interval while it serves the site,
//! and begins a new generation (forgetting the site's settings, frame and lists it kept)
//! when the count moved. Another instance's change thus shows within the interval.

use super::Ctx;
use std::sync::LazyLock;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Generations are numbered across the process, never twice: a site's copies that were
/// dropped (and its pages' generation with them) and made again start in a new one.
static GENERATIONS: AtomicU64 = AtomicU64::new(1);

fn next_generation() -> u64 {
    GENERATIONS.fetch_add(1, Ordering::AcqRel)
}

/// The instant the process measures its rechecks from.
static EPOCH: LazyLock<Instant> = LazyLock::new(Instant::now);

fn now_ms() -> u64 {
    u64::try_from(EPOCH.elapsed().as_millis()).unwrap_or(u64::MAX)
}

/// Changes counted in the store that could not be written: other instances learn of those
/// changes only when their pages expire.
pub static UNCOUNTED: AtomicU64 = AtomicU64::new(0);

/// One site's generation of pages on this instance, and the count of changes last read.
#[derive(Debug)]
pub struct PagesSeen {
    generation: AtomicU64,
    /// Until when (milliseconds from [`EPOCH`]) the count last read stands.
    fresh_until: AtomicU64,
    /// The count last read, and this instance's changes counted since; held while it is
    /// read again (one read serves every page waiting for it) and while this instance
    /// counts a change.
    count: tokio::sync::Mutex<Counted>,
}

/// The count of a site's changes as an instance last read it (none before the first
/// read), and how many it counted itself since: when the count read next is the sum, no
/// other instance or process changed the site meanwhile.
#[derive(Debug, Default)]
struct Counted {
    read: Option<i64>,
    own: i64,
}

impl Default for PagesSeen {
    fn default() -> Self {
        Self {
            generation: AtomicU64::new(next_generation()),
            fresh_until: AtomicU64::new(0),
            count: tokio::sync::Mutex::new(Counted::default()),
        }
    }
}

impl PagesSeen {
    /// The generation now, as it stands (no read of the store).
    pub fn generation(&self) -> u64 {
        self.generation.load(Ordering::Acquire)
    }

    fn begin_generation(&self) {
        self.generation.store(next_generation(), Ordering::Release);
    }
}

impl Ctx {
    /// The generation of the site's pages this instance may serve now. When the count of
    /// the site's changes was read longer than `recheck` ago, it is read again first (one
    /// read for every page asking meanwhile); if it moved, another instance or process
    /// changed the site: a new generation begins, and what this instance kept of the site
    /// between reads is read again.
    pub async fn pages_generation(&self, recheck: Duration) -> Result<u64, super::AppError> {
        let seen = &self.memo.pages;
        if now_ms() < seen.fresh_until.load(Ordering::Acquire) {
            return Ok(seen.generation());
        }
        let mut count = seen.count.lock().await;
        if now_ms() < seen.fresh_until.load(Ordering::Acquire) {
            return Ok(seen.generation());
        }
        let asked = now_ms();
        let read = self.store.pages_changes(&self.site).await?;
        // Its own changes began their generations already. (One counted twice, a retry,
        // looks like another's change: the pages are rendered again, which does no harm.)
        if count.read.is_some_and(|before| before + count.own != read) {
            seen.begin_generation();
            self.forget_kept();
            self.reread_frame().await;
        }
        *count = Counted {
            read: Some(read),
            own: 0,
        };
        let recheck = u64::try_from(recheck.as_millis()).unwrap_or(u64::MAX);
        seen.fresh_until
            .store(asked.saturating_add(recheck), Ordering::Release);
        Ok(seen.generation())
    }

    /// The generation of the site's pages as it stands, without looking for other
    /// instances' changes.
    pub fn pages_generation_now(&self) -> u64 {
        self.memo.pages.generation()
    }

    /// A change to what the site's pages show, made through this instance: no page kept
    /// before it is served after it here, and the store counts it for other instances.
    /// (A change whose count cannot be written is logged and counted in
    /// [`UNCOUNTED`]: it is made, and other instances show it when their pages expire.)
    pub async fn pages_changed(&self) {
        self.memo.pages.begin_generation();
        let mut count = self.memo.pages.count.lock().await;
        match self.store.count_pages_change(&self.site).await {
            Ok(()) => count.own += 1,
            Err(e) => {
                UNCOUNTED.fetch_add(1, Ordering::Relaxed);
                tracing::warn!(error = %e, site = %self.site, "a change to the site's pages could not be counted for other instances");
            }
        }
        drop(count);
        // A page rendered while the count was written may have read what other processes
        // wrote before it: it is not kept either.
        self.memo.pages.begin_generation();
    }

    /// A change this instance learned of otherwise than by a request (its scheduler's
    /// pass, which counted it in the store): no page kept before it is served here.
    pub fn pages_changed_here(&self) {
        self.memo.pages.begin_generation();
    }

    /// Forgets the site's settings, counts and lists this instance kept between reads.
    fn forget_kept(&self) {
        self.memo.forget_comment_settings();
        self.forget_comment_state_counts();
        self.store.forget_kept_lists();
    }
}

/// Counts a change to `site`'s pages made outside any instance's requests (the shell's
/// commands, background passes): every instance learns of it at its next recheck.
pub async fn count_change(store: &dyn crate::store::Store, site: &crate::domain::Site) {
    if let Err(e) = store.count_pages_change(site).await {
        UNCOUNTED.fetch_add(1, Ordering::Relaxed);
        tracing::warn!(error = %e, site = %site, "a change to the site's pages could not be counted for other instances");
    }
}
