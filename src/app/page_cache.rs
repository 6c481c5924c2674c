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
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
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

/// How long an instance serves no kept page of a site after it could not read the site's
/// count of changes (its pages are rendered meanwhile, each reading the store itself).
const AFTER_A_FAILED_READ: u64 = 1000;

/// One site's generation of pages on this instance, and the count of changes last read.
#[derive(Debug)]
pub struct PagesSeen {
    generation: AtomicU64,
    /// Until when (milliseconds from [`EPOCH`]) the count last read stands.
    fresh_until: AtomicU64,
    /// Until when no read of the count is tried again, after one failed.
    failed_until: AtomicU64,
    /// The count last read (none before the first read), held while it is read again:
    /// one read serves every page waiting for it.
    read: tokio::sync::Mutex<Option<i64>>,
    /// The changes this instance counted (and the store acknowledged) since the count was
    /// last read: when the next read is the sum, no other instance or process changed
    /// the site meanwhile.
    own: AtomicI64,
}

impl Default for PagesSeen {
    fn default() -> Self {
        Self {
            generation: AtomicU64::new(next_generation()),
            fresh_until: AtomicU64::new(0),
            failed_until: AtomicU64::new(0),
            read: tokio::sync::Mutex::new(None),
            own: AtomicI64::new(0),
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
    /// read at a time: pages asking meanwhile take the generation as it stands); if it
    /// moved by more than this instance's own changes, another instance or process
    /// changed the site: a new generation begins,
    /// and what this instance kept of the site between reads is read again. While the
    /// count cannot be read (and for a second after a failed read), no kept page is
    /// served: the error says so.
    pub async fn pages_generation(&self, recheck: Duration) -> Result<u64, super::AppError> {
        let seen = &self.memo.pages;
        let now = now_ms();
        if now < seen.fresh_until.load(Ordering::Acquire) {
            return Ok(seen.generation());
        }
        if now < seen.failed_until.load(Ordering::Acquire) {
            return Err(crate::store::StoreError::Unavailable(
                "the count of the site's changes could not be read a moment ago".into(),
            )
            .into());
        }
        let recheck = u64::try_from(recheck.as_millis()).unwrap_or(u64::MAX);
        let mut last = match seen.read.try_lock() {
            Ok(last) => last,
            Err(_) => {
                // Another page is reading the count: this one is answered from the
                // generation as it stands rather than waiting with every other reader,
                // while the last read is less than two rechecks old (a change made
                // before that read began is shown once it ends, as to those waiting).
                let fresh_until = seen.fresh_until.load(Ordering::Acquire);
                if fresh_until != 0 && now < fresh_until.saturating_add(recheck) {
                    return Ok(seen.generation());
                }
                seen.read.lock().await
            }
        };
        if now_ms() < seen.fresh_until.load(Ordering::Acquire) {
            return Ok(seen.generation());
        }
        let asked = now_ms();
        let own = seen.own.load(Ordering::Acquire);
        let read = match self.store.pages_changes(&self.site).await {
            Ok(read) => read,
            Err(e) => {
                seen.failed_until.store(
                    now_ms().saturating_add(AFTER_A_FAILED_READ),
                    Ordering::Release,
                );
                return Err(e.into());
            }
        };
        match *last {
            // Its own changes began their generations already. (One counted twice, a
            // retry, or acknowledged while the count was read, looks like another's
            // change: the pages are rendered again, which does no harm.)
            Some(before) if before + own != read => {
                seen.begin_generation();
                self.forget_kept();
                self.reread_frame().await;
            }
            Some(_) => {}
            // The first read since this instance began keeping the site's copies: the
            // lists it keeps of every site may be older than it.
            None => self.store.forget_kept_lists(),
        }
        *last = Some(read);
        seen.own.fetch_sub(own, Ordering::AcqRel);
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
    /// before it is served after it here, and the store counts it for other instances. A
    /// change whose count cannot be written is logged and counted in [`UNCOUNTED`]: it is
    /// made, and other instances show it when their pages expire.
    pub async fn pages_changed(&self) {
        self.memo.pages.begin_generation();
        if count_change(self.store.as_ref(), &self.site).await {
            self.memo.pages.own.fetch_add(1, Ordering::AcqRel);
        }
    }

    /// [`Ctx::pages_changed`], where nothing can wait for the count (a request dropped on
    /// its way): it is written in the background.
    pub fn pages_changed_soon(&self) {
        self.memo.pages.begin_generation();
        let ctx = self.clone();
        // On the requests' runtime, not the background's: other instances wait for it.
        tokio::spawn(async move { ctx.pages_changed().await });
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

/// An account's name, profile or standing changed: it shows on the pages of every site
/// it is a member of (its posts, comments and author page), each of which counts the
/// change (in the background, a page of sites at a time). The site of the request that
/// made it counts its own.
pub fn account_changed(ctx: &Ctx, user: crate::domain::UserId) {
    let (store, here) = (std::sync::Arc::clone(&ctx.store), ctx.site.clone());
    tokio::spawn(async move {
        let mut after: Option<crate::domain::Site> = None;
        loop {
            let sites = match store
                .sites_of_member(
                    user,
                    after.as_ref(),
                    crate::store::members::MEMBERS_PAGE_CAP,
                )
                .await
            {
                Ok(sites) => sites,
                Err(e) => {
                    UNCOUNTED.fetch_add(1, Ordering::Relaxed);
                    tracing::warn!(error = %e, "an account's change could not be counted on its sites");
                    return;
                }
            };
            for site in sites.iter().filter(|s| **s != here) {
                count_change(store.as_ref(), site).await;
            }
            match sites.last() {
                Some(last) if sites.len() == crate::store::members::MEMBERS_PAGE_CAP => {
                    after = Some(last.clone());
                }
                _ => return,
            }
        }
    });
}

/// Counts a change to `site`'s pages made outside any instance's requests (the shell's
/// commands, background passes): every instance learns of it at its next recheck. False
/// when it could not be counted (logged, and counted in [`UNCOUNTED`]).
pub async fn count_change(store: &dyn crate::store::Store, site: &crate::domain::Site) -> bool {
    match store.count_pages_change(site).await {
        Ok(()) => true,
        Err(e) => {
            UNCOUNTED.fetch_add(1, Ordering::Relaxed);
            tracing::warn!(error = %e, site = %site, "a change to the site's pages could not be counted for other instances");
            false
        }
    }
}
