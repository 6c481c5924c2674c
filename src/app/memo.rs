//! What an instance keeps of a site between reads: its comment settings, its comments'
//! counts per state for the moderation desk, whether it has an administrator yet, and
//! its identity with its published pages (every page's frame). Each is read from the
//! store again after a short while, or at once after a change made through this instance.

use super::{AppError, Ctx};
use crate::domain::SiteIdentity;
use crate::domain::comment::StateCounts;
use crate::domain::{Comment, CommentId, CommentSettings, Moderation, PostId, PostStatus};
use crate::urls;
use chrono::{DateTime, Utc};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// How long an instance trusts the comment settings, identity and pages it read.
const SETTINGS_TTL: Duration = Duration::from_secs(10);

/// How long an instance shows the moderation desk's counts per state as it read them. A
/// comment written or moderated through this instance reads them again at once.
const COUNTS_TTL: Duration = Duration::from_secs(5);

/// What every page's frame shows of the site: its identity (the fields of which a
/// frame answers to as its own) and its published pages, in the navigation.
#[derive(Debug, Default)]
pub struct SiteFrame {
    pub identity: SiteIdentity,
    pub pages: Vec<NavLink>,
    /// Read from the store (the defaults stand in while it cannot be read).
    pub read: bool,
}

impl std::ops::Deref for SiteFrame {
    type Target = SiteIdentity;

    fn deref(&self) -> &SiteIdentity {
        &self.identity
    }
}

/// A link of the site's navigation.
#[derive(Debug, Clone)]
pub struct NavLink {
    pub title: String,
    pub url: String,
}

/// The desk's counts as this instance last read them: when, after how many of its own
/// changes, and what they were; and how many changes it has made since it started.
#[derive(Debug, Default, Clone, Copy)]
struct CountsRead {
    last: Option<(Instant, u64, StateCounts)>,
    changes: u64,
}

/// The site's identity and pages, when they were read, and the number of the read (a
/// later read's frame replaces an earlier one's, never the other way).
type ReadFrame = (Instant, Arc<SiteFrame>, u64);

/// An actor's key pair, and when it was read.
pub(super) type KeyRead = (DateTime<Utc>, Arc<crate::domain::federation::ActorKey>);

/// One site's copies, shared by every request of an instance.
#[derive(Debug, Default)]
pub struct SiteMemo {
    /// The comment settings as last read, and when: pages use them without a read of
    /// their own (another instance's change shows within `SETTINGS_TTL`).
    comment_settings: std::sync::RwLock<Option<(Instant, CommentSettings)>>,
    /// The comments per state as last read: on Cassandra they are the sum of 64
    /// partitions (another instance's comments and moderations show within `COUNTS_TTL`).
    state_counts: std::sync::RwLock<CountsRead>,
    /// Set once the site has an administrator, which never becomes untrue: spares the
    /// home page a read.
    site_ready: AtomicBool,
    /// The identity and published pages as last read, and when. Once older than
    /// `SETTINGS_TTL` they are read again in the background while pages go on with the
    /// copy they have (set while a read is under way).
    identity: std::sync::RwLock<Option<ReadFrame>>,
    identity_reading: Arc<AtomicBool>,
    /// The number of the last read of the frame begun.
    frame_reads: AtomicU64,
    /// The key pairs of the site's fediverse actors read so far, by actor, with when each
    /// was read (a key rotated by another process is read again after
    /// [`super::federation::KEY_RECHECK`]): at most [`super::federation::KEYS_KEPT`].
    pub(super) actor_keys: std::sync::RwLock<std::collections::HashMap<String, KeyRead>>,
    /// Other servers' actors' keys by key id, with their owner and when they were read:
    /// at most [`super::federation::remote::KEYS_KEPT`].
    pub(super) remote_keys: std::sync::RwLock<RemoteKeys>,
    /// The generation of the site's pages this instance may serve from its page cache,
    /// and the count of changes it last read ([`super::page_cache`]).
    pub(super) pages: super::page_cache::PagesSeen,
}

/// Remote keys by id: when read, whose, and the key.
type RemoteKeys =
    std::collections::HashMap<String, (Instant, String, crate::domain::federation::RemoteKey)>;

impl SiteFrame {
    /// About how many bytes the frame holds.
    fn approx_bytes(&self) -> usize {
        let identity = &self.identity;
        std::mem::size_of::<Self>()
            + identity.title.len()
            + identity.tagline.len()
            + identity.description.len()
            + identity.footer.len()
            + self
                .pages
                .iter()
                .map(|p| std::mem::size_of::<NavLink>() + p.title.len() + p.url.len())
                .sum::<usize>()
    }
}

impl SiteMemo {
    /// About how many bytes this site's copies hold now (they grow as they are read): what
    /// an instance's budget for the copies of the sites it serves counts.
    pub fn approx_bytes(&self) -> usize {
        let frame = self
            .identity
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .as_ref()
            .map_or(0, |(_, frame, _)| frame.approx_bytes());
        std::mem::size_of::<Self>() + frame
    }

    /// Forgets the comment settings read: the next page reads them again.
    pub(super) fn forget_comment_settings(&self) {
        *self
            .comment_settings
            .write()
            .unwrap_or_else(|e| e.into_inner()) = None;
    }

    /// Keeps `frame` as if just read (for tests of what holds the copies).
    #[cfg(test)]
    pub(crate) fn keep_frame(&self, frame: SiteFrame) {
        *self.identity.write().unwrap_or_else(|e| e.into_inner()) =
            Some((Instant::now(), Arc::new(frame), 1));
    }
}

impl Ctx {
    /// The site's comment settings, read from the store at most every `SETTINGS_TTL`.
    pub async fn comment_settings(&self) -> Result<CommentSettings, AppError> {
        let cached = *self
            .memo
            .comment_settings
            .read()
            .unwrap_or_else(|e| e.into_inner());
        if let Some((read, settings)) = cached
            && read.elapsed() < SETTINGS_TTL
        {
            return Ok(settings);
        }
        let settings = self.store.comment_settings(&self.site).await?;
        self.remember_comment_settings(settings);
        Ok(settings)
    }

    pub fn remember_comment_settings(&self, settings: CommentSettings) {
        *self
            .memo
            .comment_settings
            .write()
            .unwrap_or_else(|e| e.into_inner()) = Some((Instant::now(), settings));
    }

    /// The site's comments per state, read from the store at most every `COUNTS_TTL`
    /// unless a comment was written or moderated here since.
    pub async fn comment_state_counts(&self) -> Result<StateCounts, AppError> {
        let cached = *self
            .memo
            .state_counts
            .read()
            .unwrap_or_else(|e| e.into_inner());
        if let Some((read, changes, counts)) = cached.last
            && changes == cached.changes
            && read.elapsed() < COUNTS_TTL
        {
            return Ok(counts);
        }
        let asked = Instant::now();
        let counts = self.store.comment_state_counts(&self.site).await?;
        let mut slot = self
            .memo
            .state_counts
            .write()
            .unwrap_or_else(|e| e.into_inner());
        // Kept only if nothing changed here while the read was under way: it may predate
        // that change.
        if slot.changes == cached.changes {
            slot.last = Some((asked, cached.changes, counts));
        }
        Ok(counts)
    }

    /// The counts per state change: the next desk reads them again.
    pub fn forget_comment_state_counts(&self) {
        self.memo
            .state_counts
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .changes += 1;
    }

    /// Moves a comment as `moderation` says, through the store; the desk's counts are
    /// read again after.
    pub async fn moderate(
        &self,
        post: PostId,
        comment: CommentId,
        moderation: &Moderation,
    ) -> Result<Comment, crate::store::ModerationError> {
        let moved = self
            .store
            .moderate(&self.site, post, comment, moderation)
            .await;
        self.forget_comment_state_counts();
        moved
    }

    /// Whether the site has its administrator yet (read from the store until it has).
    pub async fn site_ready(&self) -> Result<bool, AppError> {
        if self.memo.site_ready.load(Ordering::Relaxed) {
            return Ok(true);
        }
        let ready = self.store.site_admin(&self.site).await?.is_some();
        if ready {
            self.memo.site_ready.store(true, Ordering::Relaxed);
        }
        Ok(ready)
    }

    /// What the site calls itself, and its published pages for the navigation. Only the
    /// first page after start waits for the read.
    pub async fn identity(&self) -> Arc<SiteFrame> {
        let cached = self
            .memo
            .identity
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        match cached {
            Some((read, identity, _)) if read.elapsed() < SETTINGS_TTL => identity,
            Some((_, identity, _)) => {
                if !self.memo.identity_reading.swap(true, Ordering::AcqRel) {
                    let ctx = self.clone();
                    tokio::spawn(async move {
                        /// Ends the read under way however the task ends (a panic
                        /// included), so that a later page starts another.
                        struct Done(Arc<AtomicBool>);
                        impl Drop for Done {
                            fn drop(&mut self) {
                                self.0.store(false, Ordering::Release);
                            }
                        }
                        let _done = Done(Arc::clone(&ctx.memo.identity_reading));
                        ctx.read_identity().await;
                    });
                }
                identity
            }
            None => self.read_identity().await,
        }
    }

    async fn read_identity(&self) -> Arc<SiteFrame> {
        let number = self.memo.frame_reads.fetch_add(1, Ordering::AcqRel) + 1;
        let read = async {
            futures_util::try_join!(
                self.store.site_identity(&self.site),
                self.store.site_pages(&self.site)
            )
        };
        match read.await {
            Ok((identity, pages)) => {
                let frame = Arc::new(SiteFrame {
                    read: true,
                    identity,
                    pages: pages
                        .into_iter()
                        .filter(|p| p.status == PostStatus::Published)
                        .map(|p| NavLink {
                            url: urls::page(p.slug.as_str()),
                            title: p.title,
                        })
                        .collect(),
                });
                self.remember_frame(Arc::clone(&frame), number);
                frame
            }
            Err(e) => {
                // The page itself reports the store's state; its header makes do with
                // the copy it has, or the defaults, and the next page reads again.
                tracing::warn!(error = %e, "cannot read the site's identity and pages");
                self.cached_frame().unwrap_or_default()
            }
        }
    }

    fn cached_frame(&self) -> Option<Arc<SiteFrame>> {
        self.memo
            .identity
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .as_ref()
            .map(|(_, frame, _)| Arc::clone(frame))
    }

    /// Keeps the frame read `number`, unless a later read's is kept already (a slow
    /// background read must not bring back what a page's change replaced).
    fn remember_frame(&self, frame: Arc<SiteFrame>, number: u64) {
        let mut kept = self
            .memo
            .identity
            .write()
            .unwrap_or_else(|e| e.into_inner());
        if kept.as_ref().is_none_or(|(_, _, n)| *n <= number) {
            *kept = Some((Instant::now(), frame, number));
        }
    }

    /// Keeps a saved identity with the pages this instance knows: its pages show it at
    /// once. Returns the frame they show.
    pub fn remember_identity(&self, identity: SiteIdentity) -> Arc<SiteFrame> {
        let pages = self
            .cached_frame()
            .map(|frame| frame.pages.clone())
            .unwrap_or_default();
        let frame = Arc::new(SiteFrame {
            identity,
            pages,
            read: true,
        });
        let number = self.memo.frame_reads.fetch_add(1, Ordering::AcqRel) + 1;
        self.remember_frame(Arc::clone(&frame), number);
        frame
    }

    /// Reads the site's identity and pages again now: after a page was made, published,
    /// unpublished or renamed, this instance's navigation shows it at once (others
    /// within `SETTINGS_TTL`).
    pub async fn reread_frame(&self) {
        self.read_identity().await;
    }
}
