//! Routes, extractors and pages. Handlers are small: they parse input into domain types,
//! call the store, and render one askama page.

mod account;
mod account_deletion;
mod admin;
pub mod api;
mod archive;
mod assets;
mod auth;
mod authors;
pub mod binaries;
mod caching;
mod comment_section;
mod comments;
mod deletion;
mod desk;
mod email_change;
mod error;
mod feeds;
mod formatting;
mod headers;
mod health;
mod home;
mod limits;
mod lists;
mod locales;
mod moderation;
pub mod observe;
mod pages;
mod password_reset;
mod post_download;
mod posts;
mod revisions;
mod schedule;
mod search;
mod settings;
mod site_admin;
mod sitemaps;
mod subscriptions;
mod suggestions;
mod tags;

pub use auth::{CSRF_COOKIE, SESSION_COOKIE};
pub use error::WebError;
pub use limits::{Limit, RateLimits};

use crate::domain::comment::StateCounts;
use crate::domain::{
    Comment, CommentId, CommentSettings, Moderation, PostId, PostStatus, Site, SiteIdentity,
};
use crate::store::Store;
use crate::urls;
use actix_web::http::header;
use actix_web::middleware::{Compress, from_fn};
use actix_web::{HttpResponse, web};
use pages::{NavLink, SiteFrame};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// How long an instance trusts the comment settings it read.
const SETTINGS_TTL: Duration = Duration::from_secs(10);

/// How long an instance shows the moderation desk's counts per state as it read them. A
/// comment written or moderated through this instance reads them again at once.
const COUNTS_TTL: Duration = Duration::from_secs(5);

/// The largest form body accepted (a post body is capped lower, at 256 KiB of Markdown).
pub const FORM_LIMIT: usize = 1024 * 1024;

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

/// A route for GET and HEAD alike (HEAD answers the same headers without the body).
fn get_or_head() -> actix_web::Route {
    use actix_web::guard;
    web::route().guard(guard::Any(guard::Get()).or(guard::Head()))
}

pub fn configure(cfg: &mut web::ServiceConfig, state: AppState) {
    let api_origins = Arc::clone(&state.api_cors_origins);
    cfg.app_data(web::Data::new(state))
        .app_data(
            web::FormConfig::default()
                .limit(FORM_LIMIT)
                .error_handler(|err, _req| WebError::from_form(err).into()),
        )
        .app_data(
            web::JsonConfig::default()
                .limit(16 * 1024)
                .error_handler(|err, _req| binaries::ApiError::bad_json(err).into()),
        )
        .app_data(web::PathConfig::default().error_handler(|_err, _req| WebError::NotFound.into()))
        .app_data(web::QueryConfig::default().error_handler(|err, _req| {
            let why = match err {
                actix_web::error::QueryPayloadError::Deserialize(e) => e.to_string(),
                other => other.to_string(),
            };
            WebError::BadRequest(format!("The address's query could not be read: {why}.")).into()
        }))
        .service(web::resource("/healthz").route(get_or_head().to(health::healthz)))
        .service(web::resource("/readyz").route(get_or_head().to(health::readyz)))
        .service(web::resource("/metrics").route(get_or_head().to(observe::metrics)))
        .configure(|cfg| api::mount(cfg, &api_origins))
        .service(
            web::scope("")
                .wrap(from_fn(error::signed_in_errors))
                .wrap(from_fn(auth::csrf_cookie))
                .wrap(headers::security())
                .wrap(from_fn(headers::content_policy))
                .wrap(from_fn(caching::conditional_pages))
                .wrap(Compress::default())
                .service(web::resource("/").route(get_or_head().to(home::show)))
                .service(
                    web::resource("/setup")
                        .route(get_or_head().to(account::setup_form))
                        .route(web::post().to(account::setup)),
                )
                .service(
                    web::resource("/login")
                        .route(get_or_head().to(account::login_form))
                        .route(web::post().to(account::login)),
                )
                .service(web::resource("/logout").route(web::post().to(account::logout)))
                .service(
                    web::resource("/password/forgot")
                        .route(get_or_head().to(password_reset::forgot_form))
                        .route(web::post().to(password_reset::forgot)),
                )
                .service(
                    web::resource("/password/reset/{token}")
                        .route(get_or_head().to(password_reset::reset_form))
                        .route(web::post().to(password_reset::reset)),
                )
                .service(
                    web::resource("/signup")
                        .route(get_or_head().to(account::signup_form))
                        .route(web::post().to(account::signup)),
                )
                .service(web::resource("/account").route(get_or_head().to(settings::show)))
                .service(web::resource("/account/profile").route(web::post().to(settings::profile)))
                .service(
                    web::resource("/account/username").route(web::post().to(settings::username)),
                )
                .service(web::resource("/account/email").route(web::post().to(settings::email)))
                .service(
                    web::resource("/subscribe")
                        .route(get_or_head().to(subscriptions::form))
                        .route(web::post().to(subscriptions::subscribe)),
                )
                .service(
                    web::resource("/subscribe/confirm/{token}")
                        .route(get_or_head().to(subscriptions::confirm_form))
                        .route(web::post().to(subscriptions::confirm)),
                )
                .service(
                    web::resource("/unsubscribe/{token}")
                        .route(get_or_head().to(subscriptions::unsubscribe_form))
                        .route(web::post().to(subscriptions::unsubscribe)),
                )
                .service(
                    web::resource("/account/delete")
                        .route(get_or_head().to(account_deletion::own_form))
                        .route(web::post().to(account_deletion::own)),
                )
                .service(
                    web::resource("/admin/users/{id}/delete")
                        .route(get_or_head().to(account_deletion::admin_form))
                        .route(web::post().to(account_deletion::admin)),
                )
                .service(
                    web::resource("/account/email/confirm/{token}")
                        .route(get_or_head().to(email_change::confirm_form))
                        .route(web::post().to(email_change::confirm)),
                )
                .service(
                    web::resource("/account/password").route(web::post().to(settings::password)),
                )
                .service(
                    web::resource("/authors/{username}").route(get_or_head().to(authors::show)),
                )
                .service(web::resource("/authors/id/{id}").route(get_or_head().to(authors::by_id)))
                .service(
                    web::resource("/admin/comments")
                        .route(get_or_head().to(moderation::site_desk))
                        .route(web::post().to(moderation::site_decide)),
                )
                .service(
                    web::resource("/admin/comments/log").route(get_or_head().to(moderation::log)),
                )
                .service(
                    web::resource("/admin/comments/settings")
                        .route(get_or_head().to(moderation::settings_form))
                        .route(web::post().to(moderation::save_settings)),
                )
                .service(
                    web::resource("/admin/commenters").route(web::post().to(moderation::commenter)),
                )
                .service(web::resource("/admin/users").route(get_or_head().to(admin::users)))
                .service(
                    web::resource("/admin/site")
                        .route(get_or_head().to(site_admin::show))
                        .route(web::post().to(site_admin::save)),
                )
                .service(
                    web::resource("/admin/site/test-mail")
                        .route(web::post().to(site_admin::test_mail)),
                )
                .service(
                    web::resource("/admin/users/{id}/role").route(web::post().to(admin::set_role)),
                )
                .service(web::resource("/admin/users/{id}/ban").route(web::post().to(admin::ban)))
                .service(
                    web::resource("/admin/users/{id}/unban").route(web::post().to(admin::unban)),
                )
                .service(
                    web::resource("/write")
                        .route(get_or_head().to(posts::write_form))
                        .route(web::post().to(posts::create)),
                )
                .service(web::resource("/posts/{slug}").route(get_or_head().to(posts::show)))
                .service(web::resource("/pages/{slug}").route(get_or_head().to(posts::show_page)))
                .service(web::resource("/admin/pages").route(get_or_head().to(site_admin::pages)))
                .service(web::resource("/desk").route(get_or_head().to(desk::show)))
                .service(
                    web::resource("/desk/download")
                        .route(get_or_head().to(post_download::download)),
                )
                .service(web::resource("/p/{n}").route(get_or_head().to(posts::short_link)))
                .service(web::resource("/tags").route(get_or_head().to(tags::index)))
                .service(web::resource("/search").route(get_or_head().to(search::show)))
                .service(web::resource("/tags/{tag}").route(get_or_head().to(tags::show)))
                .service(web::resource("/archive").route(get_or_head().to(archive::index)))
                .service(web::resource("/feed.xml").route(get_or_head().to(feeds::site)))
                .service(web::resource("/robots.txt").route(get_or_head().to(sitemaps::robots)))
                .service(web::resource("/sitemap.xml").route(get_or_head().to(sitemaps::index)))
                .service(
                    web::resource("/sitemaps/{name}")
                        .route(get_or_head().to(sitemaps::month_sitemap)),
                )
                .service(web::resource("/tags/{tag}/feed.xml").route(get_or_head().to(feeds::tag)))
                .service(
                    web::resource("/authors/{username}/feed.xml")
                        .route(get_or_head().to(feeds::author)),
                )
                .service(
                    web::resource("/archive/{year}/{month}")
                        .route(get_or_head().to(archive::month_page)),
                )
                .service(
                    web::resource("/posts/{slug}/publish").route(web::post().to(posts::publish)),
                )
                .service(
                    web::resource("/posts/{slug}/schedule")
                        .route(get_or_head().to(schedule::form))
                        .route(web::post().to(schedule::schedule)),
                )
                .service(
                    web::resource("/posts/{slug}/delete")
                        .route(get_or_head().to(deletion::confirm))
                        .route(web::post().to(deletion::delete)),
                )
                .service(
                    web::resource("/posts/{slug}/unschedule")
                        .route(web::post().to(schedule::unschedule)),
                )
                .service(
                    web::resource("/posts/{slug}/unpublish")
                        .route(web::post().to(posts::unpublish)),
                )
                .service(
                    web::resource("/posts/{slug}/edit")
                        .route(get_or_head().to(revisions::edit_form))
                        .route(web::post().to(revisions::save)),
                )
                .service(
                    web::resource("/posts/{slug}/draft/discard")
                        .route(web::post().to(revisions::discard_draft)),
                )
                .service(
                    web::resource("/posts/{slug}/history")
                        .route(get_or_head().to(revisions::history)),
                )
                .service(
                    web::resource("/posts/{slug}/suggest")
                        .route(get_or_head().to(suggestions::form))
                        .route(web::post().to(suggestions::create)),
                )
                .service(
                    web::resource("/posts/{slug}/suggestions")
                        .route(get_or_head().to(suggestions::queue)),
                )
                .service(
                    web::resource("/posts/{slug}/suggestions/{host}/{n}")
                        .route(get_or_head().to(suggestions::show)),
                )
                .service(
                    web::resource("/posts/{slug}/suggestions/{host}/{n}/accept")
                        .route(web::post().to(suggestions::accept)),
                )
                .service(
                    web::resource("/posts/{slug}/suggestions/{host}/{n}/reject")
                        .route(web::post().to(suggestions::reject)),
                )
                .service(
                    web::resource("/posts/{slug}/comments").route(web::post().to(comments::create)),
                )
                .service(
                    web::resource("/posts/{slug}/comments/moderate")
                        .route(get_or_head().to(moderation::post_desk))
                        .route(web::post().to(moderation::post_decide)),
                )
                .service(
                    web::resource("/posts/{slug}/comments/close")
                        .route(web::post().to(comments::close)),
                )
                .service(
                    web::resource("/posts/{slug}/comments/open")
                        .route(web::post().to(comments::open)),
                )
                .service(
                    web::resource("/posts/{slug}/comments/{id}/edit")
                        .route(get_or_head().to(comments::edit_form)),
                )
                .service(
                    web::resource("/posts/{slug}/comments/{id}")
                        .route(web::post().to(comments::edit)),
                )
                .service(
                    web::resource("/posts/{slug}/comments/{id}/delete")
                        .route(web::post().to(comments::delete)),
                )
                .service(
                    web::resource("/posts/{slug}/diff").route(get_or_head().to(revisions::diff)),
                )
                .service(
                    web::resource("/posts/{slug}/revisions/{n}")
                        .route(get_or_head().to(revisions::show)),
                )
                .service(
                    web::resource("/posts/{slug}/revisions/{n}/restore")
                        .route(web::post().to(revisions::restore)),
                )
                .service(
                    web::resource("/binaries")
                        .route(web::post().to(binaries::upload))
                        .route(web::put().to(binaries::register_url)),
                )
                .service(
                    web::resource("/binaries/reference/{reference}")
                        .route(web::delete().to(binaries::delete_reference)),
                )
                .service(
                    web::resource("/binaries/context/{context}")
                        .route(web::delete().to(binaries::delete_context)),
                )
                .service(
                    web::resource("/binary/logs/{context}").route(get_or_head().to(binaries::log)),
                )
                .service(
                    web::resource("/binary/{reference}")
                        .route(get_or_head().to(binaries::original)),
                )
                .service(
                    web::resource("/binary/{reference}/info.json")
                        .route(get_or_head().to(binaries::info)),
                )
                .service(
                    web::resource(
                        "/binary/{reference}/{region}/{size}/{rotation}/{quality_format}",
                    )
                    .route(get_or_head().to(binaries::iiif)),
                )
                .service(
                    web::resource("/binary/{reference}/{region}/{size}/{quality_format}")
                        .route(get_or_head().to(binaries::iiif_unturned)),
                )
                .service(web::resource("/admin/binaries").route(get_or_head().to(binaries::admin)))
                .service(
                    web::resource("/posts/{slug}/attachments")
                        .route(web::post().to(binaries::attach)),
                )
                .service(
                    web::resource("/posts/{slug}/attachments/{reference}/delete")
                        .route(web::post().to(binaries::detach)),
                )
                .service(
                    web::resource("/static/sibyl.css").route(get_or_head().to(assets::stylesheet)),
                )
                .service(
                    web::resource("/static/favicon.svg").route(get_or_head().to(assets::favicon)),
                )
                .service(web::resource("/favicon.ico").route(get_or_head().to(assets::favicon_ico)))
                .service(
                    web::resource("/static/attachments.js")
                        .route(get_or_head().to(assets::attachments_script)),
                )
                .service(
                    web::resource("/static/autosave.js")
                        .route(get_or_head().to(assets::autosave_script)),
                )
                .service(
                    web::resource("/static/schedule.js")
                        .route(get_or_head().to(assets::schedule_script)),
                )
                .default_service(web::to(not_found)),
        );
}

async fn not_found() -> Result<HttpResponse, WebError> {
    Err(WebError::NotFound)
}

/// Renders a page as an HTML response.
pub(crate) fn render(
    status: actix_web::http::StatusCode,
    page: &impl askama::Template,
) -> Result<HttpResponse, WebError> {
    let html = page
        .render()
        .map_err(|e| WebError::Internal(format!("template: {e}")))?;
    Ok(HttpResponse::build(status)
        .content_type("text/html; charset=utf-8")
        .body(html))
}

/// A 303 See Other, how every successful form post ends. A header is ASCII: letters of
/// other scripts (in a slug) are percent-encoded.
pub(crate) fn see_other(location: &str) -> HttpResponse {
    HttpResponse::SeeOther()
        .insert_header((header::LOCATION, urls::ascii_location(location)))
        .finish()
}
