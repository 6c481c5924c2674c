//! Conditional requests for rendered pages: every successful page, sitemap, robots.txt
//! and stylesheet carries an entity tag of its body, and a browser that sends the tag back gets a 304
//! without the body.
//!
//! The tag is weak (`W/"..."`): it names the page's content, while the compression
//! middleware outside may send the same content in different bytes. Pages are rendered
//! per browser (a form carries its CSRF token), so they are `private`; the browser keeps
//! them and asks again every time (`no-cache`). A signed-in reader's pages are not kept
//! at all (`no-store`: a shared computer must not show them to the next person), so they
//! get no tag either.

use super::binaries::serve::none_match;
use crate::domain::token::hex;
use actix_web::body::{BoxBody, MessageBody, to_bytes};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::HeaderValue;
use actix_web::http::{Method, StatusCode, header};
use actix_web::middleware::Next;

/// The body types that get a tag: what the engine renders from the store.
fn taggable(content_type: &str) -> bool {
    let essence = content_type.split(';').next().unwrap_or("").trim();
    matches!(
        essence,
        "text/html"
            | "application/xml"
            | "text/plain"
            | "text/css"
            | "text/javascript"
            | "image/svg+xml"
    )
}

/// The weak entity tag of a body: its 128-bit XXH3 hash. A tag needs to tell a page's
/// versions apart, not to resist a forger (who could change the page anyway); XXH3 reads
/// a page some ten times faster than SHA-256 did, which was 5 % of a page's time when
/// every request renders it.
pub fn weak_etag(body: &[u8]) -> String {
    format!(
        "W/\"{}\"",
        hex(&twox_hash::XxHash3_128::oneshot(body).to_be_bytes())
    )
}

pub async fn conditional_pages(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let read = matches!(*req.method(), Method::GET | Method::HEAD);
    let response = next.call(req).await?.map_into_boxed_body();
    if !read || response.status() != StatusCode::OK {
        return Ok(response);
    }
    let headers = response.headers();
    let content_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let no_store = headers
        .get(header::CACHE_CONTROL)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.to_ascii_lowercase().contains("no-store"));
    if !taggable(content_type) || no_store || headers.contains_key(header::ETAG) {
        return Ok(response);
    }
    let (req, res) = response.into_parts();
    let (mut res, body) = res.into_parts();
    let bytes = to_bytes(body)
        .await
        .map_err(|e| actix_web::error::ErrorInternalServerError(e.to_string()))?;
    let etag = weak_etag(&bytes);
    let unchanged = none_match(&req, etag.trim_start_matches("W/"));
    let headers = res.headers_mut();
    headers.insert(header::ETAG, HeaderValue::from_str(&etag)?);
    if !headers.contains_key(header::CACHE_CONTROL) {
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    }
    let res = if unchanged {
        // A 304 has no body, so nothing that describes one.
        headers.remove(header::CONTENT_TYPE);
        headers.remove(header::CONTENT_LENGTH);
        res.head_mut().status = StatusCode::NOT_MODIFIED;
        res.set_body(BoxBody::new(()))
    } else {
        res.set_body(BoxBody::new(bytes))
    };
    Ok(ServiceResponse::new(req, res))
}
