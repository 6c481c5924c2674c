//! What every request leaves behind for operators: an id, on each log line written while
//! it is served, in its `X-Request-Id` header and on a server error's page (so that a
//! reader's report can be found in the logs); and its count and time in the metrics, by
//! route pattern. Also `/metrics` itself, for the networks allowed to read it.

use super::AppState;
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderName, HeaderValue};
use actix_web::middleware::Next;
use actix_web::{HttpRequest, HttpResponse, web};
use std::time::Instant;
use tracing::Instrument;

pub const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

tokio::task_local! {
    /// The id of the request being served on this task.
    static CURRENT: String;
}

/// The id of the request being served, if any (for its error page).
pub fn current_request_id() -> Option<String> {
    CURRENT.try_with(String::clone).ok()
}

/// An id a proxy in front already gave the request, if it is a sane one: kept, so that
/// one id follows a request through every log; anything else is replaced.
fn given_id(req: &ServiceRequest) -> Option<String> {
    let value = req.headers().get(&REQUEST_ID)?.to_str().ok()?;
    let sane = (8..=64).contains(&value.len())
        && value
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_' || b == b'.');
    sane.then(|| value.to_owned())
}

/// A new request's id: 16 hex digits, never the same twice within a process, with no
/// system call (a random source read per request cost more than the rest of naming it).
/// A count from a random start, each value put through SplitMix64's finalizer (a
/// bijection of 64-bit numbers), so ids do not say how many requests came before.
fn new_id() -> String {
    use std::sync::LazyLock;
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: LazyLock<AtomicU64> =
        LazyLock::new(|| AtomicU64::new(u64::from_be_bytes(crate::domain::token::random_bytes())));
    let mut z = NEXT.fetch_add(1, Ordering::Relaxed);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    crate::domain::token::hex(&(z ^ (z >> 31)).to_be_bytes())
}

/// A method as a label: the standard ones, and `other` for whatever a client invents
/// (each would be a new series otherwise).
fn method_label(method: &actix_web::http::Method) -> &'static str {
    use actix_web::http::Method;
    match *method {
        Method::GET => "GET",
        Method::HEAD => "HEAD",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::DELETE => "DELETE",
        Method::PATCH => "PATCH",
        Method::OPTIONS => "OPTIONS",
        _ => "other",
    }
}

/// Wraps every request (outermost): names it, times it and counts it.
pub async fn requests<B: MessageBody + 'static>(
    req: ServiceRequest,
    next: Next<B>,
) -> Result<ServiceResponse<B>, actix_web::Error> {
    let id = given_id(&req).unwrap_or_else(new_id);
    let started = Instant::now();
    let method = method_label(req.method());
    // At ERROR level, so that it is on every line whatever the filter keeps. The path is
    // left out: it can hold a secret (a reset link's token).
    let span = tracing::error_span!("request", id = %id, method);
    let served = CURRENT
        .scope(
            id.clone(),
            async move {
                // A failure of a wrapper rather than a handler: its page is made here,
                // where the request's id is known.
                next.call(req).await.map_err(|e| {
                    let page = e.error_response();
                    actix_web::Error::from(actix_web::error::InternalError::from_response(e, page))
                })
            }
            .instrument(span.clone()),
        )
        .await;
    let mut response = match served {
        Ok(response) => response,
        Err(e) => {
            let status = e.as_response_error().status_code();
            crate::infra::metrics::metrics().request(
                "unmatched",
                method,
                status,
                started.elapsed(),
            );
            return Err(e);
        }
    };
    let cached = response
        .response()
        .extensions()
        .get::<super::page_cache::CachedRoute>()
        .map(|r| r.0.to_string());
    let route = cached.or_else(|| response.request().match_pattern());
    let route = route.as_deref().unwrap_or("unmatched");
    let (status, took) = (response.status(), started.elapsed());
    crate::infra::metrics::metrics().request(route, method, status, took);
    // The access log, off by default (`--log info,sibyl::access=debug`).
    span.in_scope(|| {
        tracing::debug!(target: "sibyl::access", route, status = status.as_u16(), micros = took.as_micros() as u64, "answered");
    });
    if let Ok(value) = HeaderValue::from_str(&id) {
        response.headers_mut().insert(REQUEST_ID, value);
    }
    Ok(response)
}

/// `/metrics`: the Prometheus text format, for the networks `--metrics-allow` names (the
/// client's address, as [`super::limits::client_address`] finds it behind trusted
/// proxies); a plain 404 for everyone else.
pub async fn metrics(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    let allowed = super::limits::client_address(&req)
        .is_some_and(|ip| state.metrics_allow.iter().any(|n| n.contains(ip)));
    if !allowed {
        return HttpResponse::NotFound()
            .content_type("text/plain; charset=utf-8")
            .body("not found\n");
    }
    HttpResponse::Ok()
        .content_type("text/plain; version=0.0.4; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .body(crate::infra::metrics::metrics().render())
}
