//! What every handler is handed: the site, the store, limits and schedules, and the
//! copies of the site's settings, frame and counts an instance keeps between reads.

use super::api;
use super::pages::{NavLink, SiteFrame};
use super::{RateLimits, WebError};
use crate::domain::comment::StateCounts;
use crate::domain::{
    Comment, CommentId, CommentSettings, Moderation, PostId, PostStatus, Site, SiteIdentity,
};
use crate::store::Store;
use crate::urls;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// How long an instance trusts the comment settings it read.
const SETTINGS_TTL: Duration = Duration::from_secs(10);

/// How long an instance shows the moderation desk's counts per state as it read them. A
/// comment written or moderated through this instance reads them again at once.
const COUNTS_TTL: Duration = Duration::from_secs(5);

/// What the web layer is told at start: its site, limits and schedules. Start-up makes it
/// from its own configuration; the web layer never reads start-up's.
#[derive(Debug, Clone)]
pub struct WebConfig {
    pub site: Site,
    pub session_ttl: Duration,
    /// How many posts the home page, and each page of a tag, lists.
    pub front_page_size: usize,
    pub rate_limits: RateLimits,
    /// The least time between showing the comment form and sending it: faster is a bot.
    pub comment_min_delay: Duration,
    /// Upload size limits of the binary service.
    pub binary_limits: crate::binaries::BinaryLimits,
    /// What fetching binaries from URLs may reach, and its caps.
    pub fetch: crate::binaries::fetch::FetchPolicy,
    /// When fetched binaries are revalidated and retried: what their log says, even in
    /// an instance that runs no refresher.
    pub refresh: crate::binaries::RefreshConfig,
    /// The time schedules are checked against.
    pub clock: crate::infra::clock::Clock,
    /// Where mail goes; `None`: mail is off.
    pub mail: Option<crate::infra::mail::MailConfig>,
    /// Who may read `/metrics`; nobody when empty.
    pub metrics_allow: Vec<crate::binaries::fetch::Network>,
    /// Proxies whose `X-Forwarded-For` names the client.
    pub trusted_proxies: Vec<crate::binaries::fetch::Network>,
    /// Sign-ups make authors rather than readers.
    pub new_accounts_write: bool,
    /// Origins allowed to call the JSON API from a browser.
    pub api_cors_origins: Vec<api::CorsOrigin>,
    /// Background jobs and errands (mail sent after a page is answered), stopped with
    /// the instance.
    pub jobs: Arc<crate::infra::jobs::Jobs>,
}

/// The desk's counts as this instance last read them: when, after how many of its own
/// changes, and what they were; and how many changes it has made since it started.
#[derive(Debug, Default, Clone, Copy)]
struct CountsRead {
    last: Option<(std::time::Instant, u64, StateCounts)>,
    changes: u64,
}

/// The site's identity and pages, when they were read, and the number of the read (a
/// later read's frame replaces an earlier one's, never the other way).
type ReadFrame = (std::time::Instant, Arc<SiteFrame>, u64);

#[derive(Clone)]
pub struct AppState {
    pub store: Arc<dyn Store>,
    pub site: Site,
    pub session_ttl: Duration,
    pub front_page_size: usize,
    pub rate_limits: RateLimits,
    pub host_ids: Arc<crate::store::host_ids::HostIds>,
    pub comment_min_delay: Duration,
    /// The site's comment settings as last read, and when: pages use them without a read
    /// of their own (another instance's change shows within `SETTINGS_TTL`).
    comment_settings: Arc<std::sync::RwLock<Option<(std::time::Instant, CommentSettings)>>>,
    /// The site's comments per state as last read, and when, for the moderation desk:
    /// on Cassandra they are the sum of 64 partitions (another instance's comments and
    /// moderations show within `COUNTS_TTL`).
    state_counts: Arc<std::sync::RwLock<CountsRead>>,
    /// Set once the site has an administrator, which never becomes untrue: spares the
    /// home page a read.
    site_ready: Arc<AtomicBool>,
    /// The site's identity and its published pages as last read, and when: every page
    /// shows them without a read of its own. Once older than `SETTINGS_TTL` they are
    /// read again in the background while pages go on with the copy they have (set
    /// while a read is under way).
    identity: Arc<std::sync::RwLock<Option<ReadFrame>>>,
    identity_reading: Arc<AtomicBool>,
    /// The number of the last read of the frame begun.
    frame_reads: Arc<std::sync::atomic::AtomicU64>,
    pub binaries: crate::binaries::Binaries,
    pub fetcher: crate::binaries::fetch::Fetcher,
    pub clock: crate::infra::clock::Clock,
    /// This instance's scheduler, woken when a post is scheduled here.
    pub scheduler: crate::app::jobs::scheduler::Scheduler,
    pub mailer: crate::infra::mail::Mailer,
    /// Who may read `/metrics`.
    pub metrics_allow: Arc<Vec<crate::binaries::fetch::Network>>,
    pub trusted_proxies: Arc<Vec<crate::binaries::fetch::Network>>,
    pub new_accounts_write: bool,
    pub api_cors_origins: Arc<Vec<api::CorsOrigin>>,
    /// The site's secret for API tokens, once read.
    api_secret: Arc<tokio::sync::OnceCell<Vec<u8>>>,
    /// Where work that outlives its request runs, so that a stop waits for it.
    pub jobs: Arc<crate::infra::jobs::Jobs>,
}

impl AppState {
    pub fn new(
        store: Arc<dyn Store>,
        config: &WebConfig,
        host_ids: Arc<crate::store::host_ids::HostIds>,
    ) -> std::io::Result<Self> {
        Ok(Self {
            site: config.site.clone(),
            session_ttl: config.session_ttl,
            front_page_size: config.front_page_size,
            rate_limits: config.rate_limits,
            host_ids,
            comment_min_delay: config.comment_min_delay,
            comment_settings: Arc::new(std::sync::RwLock::new(None)),
            state_counts: Default::default(),
            site_ready: Arc::new(AtomicBool::new(false)),
            identity: Arc::new(std::sync::RwLock::new(None)),
            identity_reading: Arc::new(AtomicBool::new(false)),
            frame_reads: Arc::new(std::sync::atomic::AtomicU64::new(0)),
            binaries: {
                let mut binaries =
                    crate::binaries::Binaries::new(store.binaries(), config.binary_limits);
                binaries.refresh = config.refresh;
                binaries
            },
            fetcher: crate::binaries::fetch::Fetcher::new(crate::binaries::fetch::FetchPolicy {
                max_bytes: config.binary_limits.max_file,
                ..config.fetch.clone()
            })?,
            store,
            clock: config.clock.clone(),
            scheduler: Default::default(),
            mailer: crate::infra::mail::Mailer::new(config.mail.as_ref())
                .map_err(std::io::Error::other)?,
            metrics_allow: Arc::new(config.metrics_allow.clone()),
            trusted_proxies: Arc::new(config.trusted_proxies.clone()),
            new_accounts_write: config.new_accounts_write,
            api_cors_origins: Arc::new(config.api_cors_origins.clone()),
            api_secret: Default::default(),
            jobs: Arc::clone(&config.jobs),
        })
    }

    /// The site's comment settings, read from the store at most every `SETTINGS_TTL`.
    pub async fn comment_settings(&self) -> Result<CommentSettings, WebError> {
        let cached = *self
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
            .comment_settings
            .write()
            .unwrap_or_else(|e| e.into_inner()) = Some((std::time::Instant::now(), settings));
    }

    /// The site's comments per state, read from the store at most every `COUNTS_TTL`
    /// unless a comment was written or moderated here since.
    pub async fn comment_state_counts(&self) -> Result<StateCounts, WebError> {
        let cached = *self.state_counts.read().unwrap_or_else(|e| e.into_inner());
        if let Some((read, changes, counts)) = cached.last
            && changes == cached.changes
            && read.elapsed() < COUNTS_TTL
        {
            return Ok(counts);
        }
        let asked = std::time::Instant::now();
        let counts = self.store.comment_state_counts(&self.site).await?;
        let mut slot = self.state_counts.write().unwrap_or_else(|e| e.into_inner());
        // Kept only if nothing changed here while the read was under way: it may predate
        // that change.
        if slot.changes == cached.changes {
            slot.last = Some((asked, cached.changes, counts));
        }
        Ok(counts)
    }

    /// The counts per state change: the next desk reads them again.
    pub fn forget_comment_state_counts(&self) {
        self.state_counts
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

    /// What the site calls itself, and its published pages for the navigation. Only the
    /// first page after start waits for the read.
    pub async fn identity(&self) -> Arc<SiteFrame> {
        let cached = self
            .identity
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        match cached {
            Some((read, identity, _)) if read.elapsed() < SETTINGS_TTL => identity,
            Some((_, identity, _)) => {
                if !self.identity_reading.swap(true, Ordering::AcqRel) {
                    let state = self.clone();
                    tokio::spawn(async move {
                        /// Ends the read under way however the task ends (a panic
                        /// included), so that a later page starts another.
                        struct Done(Arc<AtomicBool>);
                        impl Drop for Done {
                            fn drop(&mut self) {
                                self.0.store(false, Ordering::Release);
                            }
                        }
                        let _done = Done(Arc::clone(&state.identity_reading));
                        state.read_identity().await;
                    });
                }
                identity
            }
            None => self.read_identity().await,
        }
    }

    async fn read_identity(&self) -> Arc<SiteFrame> {
        let number = self.frame_reads.fetch_add(1, Ordering::AcqRel) + 1;
        let read = async {
            let identity = self.store.site_identity(&self.site).await?;
            let pages = self.store.site_pages(&self.site).await?;
            Ok::<_, crate::store::StoreError>((identity, pages))
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
        self.identity
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .as_ref()
            .map(|(_, frame, _)| Arc::clone(frame))
    }

    /// Keeps the frame read `number`, unless a later read's is kept already (a slow
    /// background read must not bring back what a page's change replaced).
    fn remember_frame(&self, frame: Arc<SiteFrame>, number: u64) {
        let mut kept = self.identity.write().unwrap_or_else(|e| e.into_inner());
        if kept.as_ref().is_none_or(|(_, _, n)| *n <= number) {
            *kept = Some((std::time::Instant::now(), frame, number));
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
        let number = self.frame_reads.fetch_add(1, Ordering::AcqRel) + 1;
        self.remember_frame(Arc::clone(&frame), number);
        frame
    }

    /// Reads the site's identity and pages again now: after a page was made, published,
    /// unpublished or renamed, this instance's navigation shows it at once (others
    /// within `SETTINGS_TTL`).
    pub async fn reread_frame(&self) {
        self.read_identity().await;
    }

    /// The role a new account gets: an author where new accounts may write, else a reader.
    pub fn new_account_role(&self) -> crate::domain::Role {
        if self.new_accounts_write {
            crate::domain::Role::Author
        } else {
            crate::domain::Role::Reader
        }
    }

    /// The site's secret for API tokens, read (or made) once per instance.
    pub async fn api_secret(&self) -> Result<&[u8], WebError> {
        let secret = self
            .api_secret
            .get_or_try_init(|| self.store.api_secret(&self.site))
            .await?;
        Ok(secret)
    }

    /// Whether the site has its administrator yet (read from the store until it has).
    pub async fn site_ready(&self) -> Result<bool, WebError> {
        if self.site_ready.load(Ordering::Relaxed) {
            return Ok(true);
        }
        let ready = self.store.site_admin(&self.site).await?.is_some();
        if ready {
            self.site_ready.store(true, Ordering::Relaxed);
        }
        Ok(ready)
    }
}
