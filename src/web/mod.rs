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
mod avatars;
pub mod binaries;
mod caching;
mod comment_section;
mod comments;
mod csrf;
mod deletion;
mod desk;
mod editor;
mod email_change;
mod error;
mod federation;
mod fediverse_followers;
mod feeds;
mod headers;
mod health;
mod history;
mod home;
mod limits;
mod lists;
mod locales;
mod moderation;
mod network;
pub mod observe;
pub mod page_cache;
mod pages;
mod passkeys;
mod password_reset;
mod post_download;
mod post_page;
mod post_view;
mod posts;
mod revisions;
mod routes;
mod schedule;
mod search;
mod second_factor;
mod security;
mod settings;
mod sign_in;
mod site_admin;
mod sitemaps;
pub mod sites;
mod state;
mod subscriptions;
mod suggestions;
mod tags;

pub use auth::{CSRF_COOKIE, SESSION_COOKIE};
pub use error::WebError;
pub use limits::{Limit, RateLimits};
pub use routes::configure;
pub use state::{AppState, Instance, WebConfig};

use crate::urls;
use actix_web::HttpResponse;
use actix_web::http::header;

/// The largest form body accepted (a post body is capped lower, at 256 KiB of Markdown).
pub const FORM_LIMIT: usize = 1024 * 1024;

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
