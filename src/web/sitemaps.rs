//! What search engines read: `/robots.txt`, and `/sitemap.xml`, a sitemap index of one
//! sitemap per month with posts (`/sitemaps/2026-11.xml`), each listing that month's
//! posts with when their latest revision was saved.

use super::{AppState, WebError};
use crate::domain::PostStatus;
use crate::store::month;
use crate::urls;
use actix_web::http::header;
use actix_web::{HttpResponse, web};
use std::fmt::Write;

/// Text for XML: the five characters XML escapes.
fn xml(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&apos;")
}

fn xml_response(body: String) -> HttpResponse {
    super::page_cache::cacheable(
        HttpResponse::Ok()
            .content_type("application/xml; charset=utf-8")
            .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
            .body(body),
    )
}

/// `/robots.txt`: every reader's page may be crawled, not the writers' and admins'
/// pages; the sitemap index is named.
pub async fn robots(state: web::Data<AppState>) -> HttpResponse {
    let body = format!(
        "User-agent: *\nDisallow: /admin/\nDisallow: /account\nDisallow: /write\nDisallow: /desk\nDisallow: /login\n\
         Disallow: /signup\nDisallow: /setup\nDisallow: /binary/logs/\n\nSitemap: {}{}\n",
        state.site.as_str(),
        urls::sitemap_index()
    );
    HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
        .body(body)
}

/// `/sitemap.xml`: a sitemap index naming the sitemap of every month with posts.
pub async fn index(state: web::Data<AppState>) -> Result<HttpResponse, WebError> {
    let months = state.store.archive_months(&state.site).await?;
    let site = state.site.as_str();
    let mut body = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    // The published pages, as the navigation has them (no read of its own).
    if !state.identity().await.pages.is_empty() {
        let _ = writeln!(
            body,
            "  <sitemap><loc>{}</loc></sitemap>",
            xml(&format!("{site}{PAGES_SITEMAP}"))
        );
    }
    for m in months {
        let _ = writeln!(
            body,
            "  <sitemap><loc>{}</loc></sitemap>",
            xml(&format!("{site}{}", urls::sitemap_month(m)))
        );
    }
    body.push_str("</sitemapindex>\n");
    Ok(xml_response(body))
}

/// The sitemap of the site's published pages.
const PAGES_SITEMAP: &str = "/sitemaps/pages.xml";

/// `/sitemaps/pages.xml`: the site's published pages, if it has any.
async fn pages_sitemap(state: &AppState) -> Result<Option<HttpResponse>, WebError> {
    let pages = state.store.site_pages(&state.site).await?;
    let site = state.site.as_str();
    let mut body = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    let mut any = false;
    for page in pages.iter().filter(|p| p.status == PostStatus::Published) {
        any = true;
        let _ = writeln!(
            body,
            "  <url><loc>{}</loc><lastmod>{}</lastmod></url>",
            xml(&format!("{site}{}", urls::page(page.slug.as_str()))),
            page.updated.format("%Y-%m-%dT%H:%M:%SZ")
        );
    }
    body.push_str("</urlset>\n");
    Ok(any.then(|| xml_response(body)))
}

/// `/sitemaps/{year}-{month}.xml`: the posts published that month.
pub async fn month_sitemap(
    state: web::Data<AppState>,
    name: web::Path<String>,
) -> Result<HttpResponse, WebError> {
    let not_found = || {
        WebError::NotFoundWith("There is no such sitemap: /sitemap.xml names every month's.".into())
    };
    if format!("/sitemaps/{name}") == PAGES_SITEMAP {
        return pages_sitemap(&state).await?.ok_or_else(not_found);
    }
    let wanted = name
        .strip_suffix(".xml")
        .and_then(|n| n.split_once('-'))
        .filter(|(y, m)| y.len() == 4 && m.len() == 2)
        .and_then(|(y, m)| month(y.parse().ok()?, m.parse().ok()?))
        .ok_or_else(not_found)?;
    let entries = state.store.sitemap_month(&state.site, wanted).await?;
    if entries.is_empty() {
        return Err(not_found());
    }
    let site = state.site.as_str();
    let mut body = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for entry in entries {
        let _ = writeln!(
            body,
            "  <url><loc>{}</loc><lastmod>{}</lastmod></url>",
            xml(&format!("{site}{}", urls::post(entry.slug.as_str()))),
            entry.updated.format("%Y-%m-%dT%H:%M:%SZ")
        );
    }
    body.push_str("</urlset>\n");
    Ok(xml_response(body))
}
