//! Routes, extractors and pages. Handlers are small: they parse input into domain types,
//! call the store, and render one askama page.

mod account;
mod admin;
mod assets;
mod auth;
mod authors;
pub mod binaries;
mod comments;
mod error;
mod home;
mod limits;
mod locales;
mod moderation;
mod pages;
mod posts;
mod revisions;
mod settings;
mod suggestions;
mod tags;

pub use auth::{CSRF_COOKIE, SESSION_COOKIE};
pub use error::WebError;
pub use limits::{Limit, RateLimits};

use crate::domain::{CommentSettings, Site};
use crate::startup::AppConfig;
use crate::store::Store;
use actix_web::http::header;
use actix_web::middleware::{DefaultHeaders, from_fn};
use actix_web::{HttpResponse, web};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// How long an instance trusts the comment settings it read.
const SETTINGS_TTL: Duration = Duration::from_secs(10);

/// The largest form body accepted (a post body is capped lower, at 256 KiB of Markdown).
pub const FORM_LIMIT: usize = 1024 * 1024;

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
    /// Set once the site has an administrator, which never becomes untrue: spares the
    /// home page a read.
    site_ready: Arc<AtomicBool>,
    pub binaries: crate::binaries::Binaries,
    pub fetcher: crate::binaries::fetch::Fetcher,
}

impl AppState {
    pub fn new(
        store: Arc<dyn Store>,
        config: &AppConfig,
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
            site_ready: Arc::new(AtomicBool::new(false)),
            binaries: {
                let mut binaries =
                    crate::binaries::Binaries::new(store.binaries(), config.binary_limits);
                binaries.refresh = config.refresh.unwrap_or_default();
                binaries
            },
            fetcher: crate::binaries::fetch::Fetcher::new(crate::binaries::fetch::FetchPolicy {
                max_bytes: config.binary_limits.max_file,
                ..config.fetch.clone()
            })?,
            store,
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
    let security_headers = DefaultHeaders::new()
        .add((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .add((header::X_FRAME_OPTIONS, "DENY"))
        .add((header::REFERRER_POLICY, "same-origin"))
        .add((
            header::CONTENT_SECURITY_POLICY,
            "default-src 'self'; img-src 'self' https: data:; style-src 'self'; script-src 'self'; \
             object-src 'none'; frame-ancestors 'none'; form-action 'self'; base-uri 'none'",
        ));
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
        .service(
            web::scope("")
                .wrap(from_fn(auth::csrf_cookie))
                .wrap(security_headers)
                .route("/", web::get().to(home::show))
                .route("/setup", web::get().to(account::setup_form))
                .route("/setup", web::post().to(account::setup))
                .route("/login", web::get().to(account::login_form))
                .route("/login", web::post().to(account::login))
                .route("/logout", web::post().to(account::logout))
                .route("/signup", web::get().to(account::signup_form))
                .route("/signup", web::post().to(account::signup))
                .route("/account", web::get().to(settings::show))
                .route("/account/profile", web::post().to(settings::profile))
                .route("/account/username", web::post().to(settings::username))
                .route("/account/email", web::post().to(settings::email))
                .route("/account/password", web::post().to(settings::password))
                .route("/authors/{username}", web::get().to(authors::show))
                .route("/admin/comments", web::get().to(moderation::site_desk))
                .route("/admin/comments", web::post().to(moderation::site_decide))
                .route("/admin/comments/log", web::get().to(moderation::log))
                .route(
                    "/admin/comments/settings",
                    web::get().to(moderation::settings_form),
                )
                .route(
                    "/admin/comments/settings",
                    web::post().to(moderation::save_settings),
                )
                .route("/admin/commenters", web::post().to(moderation::commenter))
                .route("/admin/users", web::get().to(admin::users))
                .route("/admin/users/{id}/role", web::post().to(admin::set_role))
                .route("/admin/users/{id}/ban", web::post().to(admin::ban))
                .route("/admin/users/{id}/unban", web::post().to(admin::unban))
                .route("/write", web::get().to(posts::write_form))
                .route("/write", web::post().to(posts::create))
                .route("/posts/{slug}", web::get().to(posts::show))
                .route("/p/{n}", web::get().to(posts::short_link))
                .route("/tags/{tag}", web::get().to(tags::show))
                .route("/posts/{slug}/publish", web::post().to(posts::publish))
                .route("/posts/{slug}/unpublish", web::post().to(posts::unpublish))
                .route("/posts/{slug}/edit", web::get().to(revisions::edit_form))
                .route("/posts/{slug}/edit", web::post().to(revisions::save))
                .route(
                    "/posts/{slug}/draft/discard",
                    web::post().to(revisions::discard_draft),
                )
                .route("/posts/{slug}/history", web::get().to(revisions::history))
                .route("/posts/{slug}/suggest", web::get().to(suggestions::form))
                .route("/posts/{slug}/suggest", web::post().to(suggestions::create))
                .route(
                    "/posts/{slug}/suggestions",
                    web::get().to(suggestions::queue),
                )
                .route(
                    "/posts/{slug}/suggestions/{host}/{n}",
                    web::get().to(suggestions::show),
                )
                .route(
                    "/posts/{slug}/suggestions/{host}/{n}/accept",
                    web::post().to(suggestions::accept),
                )
                .route(
                    "/posts/{slug}/suggestions/{host}/{n}/reject",
                    web::post().to(suggestions::reject),
                )
                .route("/posts/{slug}/comments", web::post().to(comments::create))
                .route(
                    "/posts/{slug}/comments/moderate",
                    web::get().to(moderation::post_desk),
                )
                .route(
                    "/posts/{slug}/comments/moderate",
                    web::post().to(moderation::post_decide),
                )
                .route(
                    "/posts/{slug}/comments/close",
                    web::post().to(comments::close),
                )
                .route(
                    "/posts/{slug}/comments/open",
                    web::post().to(comments::open),
                )
                .route(
                    "/posts/{slug}/comments/{id}/edit",
                    web::get().to(comments::edit_form),
                )
                .route(
                    "/posts/{slug}/comments/{id}",
                    web::post().to(comments::edit),
                )
                .route(
                    "/posts/{slug}/comments/{id}/delete",
                    web::post().to(comments::delete),
                )
                .route("/posts/{slug}/diff", web::get().to(revisions::diff))
                .route(
                    "/posts/{slug}/revisions/{n}",
                    web::get().to(revisions::show),
                )
                .route(
                    "/posts/{slug}/revisions/{n}/restore",
                    web::post().to(revisions::restore),
                )
                .route("/binaries", web::post().to(binaries::upload))
                .route("/binaries", web::put().to(binaries::register_url))
                .route(
                    "/binaries/reference/{reference}",
                    web::delete().to(binaries::delete_reference),
                )
                .route(
                    "/binaries/context/{context}",
                    web::delete().to(binaries::delete_context),
                )
                .route("/binary/logs/{context}", web::get().to(binaries::log))
                .route("/binary/{reference}", get_or_head().to(binaries::original))
                .route(
                    "/binary/{reference}/info.json",
                    get_or_head().to(binaries::info),
                )
                .route(
                    "/binary/{reference}/{region}/{size}/{rotation}/{quality_format}",
                    get_or_head().to(binaries::iiif),
                )
                .route(
                    "/binary/{reference}/{region}/{size}/{quality_format}",
                    get_or_head().to(binaries::iiif_unturned),
                )
                .route("/admin/binaries", web::get().to(binaries::admin))
                .route(
                    "/posts/{slug}/attachments",
                    web::post().to(binaries::attach),
                )
                .route(
                    "/posts/{slug}/attachments/{reference}/delete",
                    web::post().to(binaries::detach),
                )
                .route("/static/sibyl.css", web::get().to(assets::stylesheet))
                .route(
                    "/static/attachments.js",
                    web::get().to(assets::attachments_script),
                )
                .route(
                    "/static/autosave.js",
                    web::get().to(assets::autosave_script),
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

/// A 303 See Other, how every successful form post ends.
pub(crate) fn see_other(location: &str) -> HttpResponse {
    HttpResponse::SeeOther()
        .insert_header((header::LOCATION, location))
        .finish()
}
