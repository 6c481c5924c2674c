//! What every handler is handed: the site, the store, limits and schedules, and the
//! copies of the site's settings, frame and counts an instance keeps between reads.

use super::api;
use super::pages::SiteFrame;
use super::{RateLimits, WebError};
use crate::app::Ctx;
use crate::app::limits::Subject;
use crate::domain::comment::StateCounts;
use crate::domain::{Comment, CommentId, CommentSettings, Moderation, PostId, Site, SiteIdentity};
use crate::store::Store;
use std::sync::Arc;
use std::time::Duration;

/// What the web layer is told at start: its site (served while no site is registered),
/// limits and schedules. Start-up makes it
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
    /// How long an instance trusts what it read of the registry of sites.
    pub sites_recheck: Duration,
    /// Anonymous readers' pages kept between requests.
    pub page_cache: super::page_cache::PageCacheConfig,
}

/// What every instance shares, whichever site a request is for.
pub struct Instance {
    pub store: Arc<dyn Store>,
    pub session_ttl: Duration,
    pub front_page_size: usize,
    pub rate_limits: RateLimits,
    pub host_ids: Arc<crate::store::host_ids::HostIds>,
    pub comment_min_delay: Duration,
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
    /// Where work that outlives its request runs, so that a stop waits for it.
    pub jobs: Arc<crate::infra::jobs::Jobs>,
    /// The deployment's sites as this instance sees them, and what it keeps of each.
    pub sites: crate::app::sites::Directory,
    /// Anonymous readers' pages, as they were sent.
    pub pages: Arc<super::page_cache::PageCache>,
}

/// What a handler is handed: the instance, and the site the request is for with what the
/// instance keeps of it. Made per request from the host it names ([`super::sites`]).
#[derive(Clone)]
pub struct AppState {
    instance: Arc<Instance>,
    /// The site the request is for.
    pub site: Site,
    /// The site is a registered one: its roles and bans are its own (its members'),
    /// rather than the accounts' (the one site served while none is registered).
    pub own_roles: bool,
    /// What this instance keeps of the site between reads.
    pub memo: Arc<crate::app::memo::SiteMemo>,
    /// The site's secret for API tokens, once read.
    api_secret: Arc<tokio::sync::OnceCell<Vec<u8>>>,
}

impl std::ops::Deref for AppState {
    type Target = Instance;

    fn deref(&self) -> &Instance {
        &self.instance
    }
}

impl AppState {
    pub fn new(
        store: Arc<dyn Store>,
        config: &WebConfig,
        host_ids: Arc<crate::store::host_ids::HostIds>,
        scheduler: crate::app::jobs::scheduler::Scheduler,
    ) -> std::io::Result<Self> {
        let instance = Instance {
            session_ttl: config.session_ttl,
            front_page_size: config.front_page_size,
            rate_limits: config.rate_limits,
            host_ids,
            comment_min_delay: config.comment_min_delay,
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
            scheduler,
            mailer: crate::infra::mail::Mailer::new(config.mail.as_ref())
                .map_err(std::io::Error::other)?,
            metrics_allow: Arc::new(config.metrics_allow.clone()),
            trusted_proxies: Arc::new(config.trusted_proxies.clone()),
            new_accounts_write: config.new_accounts_write,
            api_cors_origins: Arc::new(config.api_cors_origins.clone()),
            jobs: Arc::clone(&config.jobs),
            sites: crate::app::sites::Directory::new(config.site.clone(), config.sites_recheck),
            pages: Arc::new(super::page_cache::PageCache::new(config.page_cache)),
        };
        let local = instance.sites.local(&config.site);
        Ok(Self::for_site(
            Arc::new(instance),
            &config.site,
            false,
            &local,
        ))
    }

    /// The state of a request for `site`, with what the instance keeps of it.
    fn for_site(
        instance: Arc<Instance>,
        site: &Site,
        own_roles: bool,
        local: &crate::app::sites::SiteLocal,
    ) -> Self {
        Self {
            site: site.clone(),
            own_roles,
            memo: Arc::clone(&local.memo),
            api_secret: Arc::clone(&local.api_secret),
            instance,
        }
    }

    /// The store key of a session token of this site. A registered site's is bound to it
    /// ([`crate::domain::token::site_session_key`]), so that a cookie of one site names no
    /// session on another; the one site served while none is registered keeps the key
    /// its sessions always had (the token's SHA-256).
    pub fn session_key(&self, token: &str) -> Vec<u8> {
        if !self.own_roles {
            crate::domain::token::session_key(token)
        } else {
            crate::domain::token::site_session_key(&self.site, token)
        }
    }

    /// The same instance, for a request to `site`.
    pub fn for_request(&self, site: &Site, own_roles: bool) -> Self {
        let local = self.sites.local(site);
        Self::for_site(Arc::clone(&self.instance), site, own_roles, &local)
    }

    /// The same instance, for work on another site outside requests (its identity, its
    /// navigation).
    pub fn with_site(&self, site: &Site) -> Self {
        let local = self.sites.kept(site);
        Self::for_site(Arc::clone(&self.instance), site, false, &local)
    }

    /// The account as it stands on this site ([`Ctx::standing`]).
    pub async fn standing(
        &self,
        user: crate::domain::User,
    ) -> Result<crate::domain::User, WebError> {
        Ok(self.ctx().standing(user).await?)
    }

    /// What the use cases work with, for this request's site.
    pub fn ctx(&self) -> Ctx {
        Ctx {
            store: Arc::clone(&self.store),
            site: self.site.clone(),
            own_roles: self.own_roles,
            clock: self.clock.clone(),
            mailer: self.mailer.clone(),
            jobs: Arc::clone(&self.jobs),
            limits: self.rate_limits,
            memo: Arc::clone(&self.memo),
        }
    }

    /// The site's comment settings, as [`Ctx::comment_settings`] keeps them.
    pub async fn comment_settings(&self) -> Result<CommentSettings, WebError> {
        Ok(self.ctx().comment_settings().await?)
    }

    pub fn remember_comment_settings(&self, settings: CommentSettings) {
        self.ctx().remember_comment_settings(settings)
    }

    /// The site's comments per state, as [`Ctx::comment_state_counts`] keeps them.
    pub async fn comment_state_counts(&self) -> Result<StateCounts, WebError> {
        Ok(self.ctx().comment_state_counts().await?)
    }

    /// The counts per state change: the next desk reads them again.
    pub fn forget_comment_state_counts(&self) {
        self.ctx().forget_comment_state_counts()
    }

    /// Moves a comment as `moderation` says ([`Ctx::moderate`]).
    pub async fn moderate(
        &self,
        post: PostId,
        comment: CommentId,
        moderation: &Moderation,
    ) -> Result<Comment, crate::store::ModerationError> {
        self.ctx().moderate(post, comment, moderation).await
    }

    /// What the site calls itself, and its published pages ([`Ctx::identity`]).
    pub async fn identity(&self) -> Arc<SiteFrame> {
        self.ctx().identity().await
    }

    /// Keeps a saved identity ([`Ctx::remember_identity`]).
    pub fn remember_identity(&self, identity: SiteIdentity) -> Arc<SiteFrame> {
        self.ctx().remember_identity(identity)
    }

    /// Reads the site's identity and pages again now ([`Ctx::reread_frame`]).
    pub async fn reread_frame(&self) {
        self.ctx().reread_frame().await
    }

    /// Refuses with a 429 when the subject has used up its attempts.
    pub async fn check_limit(&self, subject: Subject<'_>, message: &str) -> Result<(), WebError> {
        Ok(self.ctx().check_limit(subject, message).await?)
    }

    /// Counts one attempt against the subject.
    pub async fn record_attempt(&self, subject: Subject<'_>) -> Result<(), WebError> {
        Ok(self.ctx().record_attempt(subject).await?)
    }

    /// Whether the site has its administrator yet ([`Ctx::site_ready`]).
    pub async fn site_ready(&self) -> Result<bool, WebError> {
        Ok(self.ctx().site_ready().await?)
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
}
