//! The middleware that gives every browser a CSRF token, and the cookie that keeps its
//! pre-session id.

use super::super::AppState;
use super::super::auth::{csrf_cookie_for, csrf_cookie_name, session_cookie, well_formed};
use super::CsrfToken;
use crate::domain::token::{CsrfBinding, csrf_token, random_token};
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header;
use actix_web::middleware::Next;
use actix_web::{HttpMessage, web};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Gives every browser a CSRF token, and sets its cookie on the responses that put it in a
/// form. Such a response is private to that browser; a response marked public never
/// carries the cookie.
pub async fn csrf_cookie(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let state = req.app_data::<web::Data<AppState>>().cloned();
    let secure = state.as_ref().is_some_and(|s| s.site.is_https());
    let existing = req
        .cookie(csrf_cookie_name(secure))
        .map(|c| c.value().to_owned())
        .filter(|t| well_formed(t));
    let session = req
        .cookie(session_cookie(secure))
        .map(|c| c.value().to_owned())
        .filter(|t| well_formed(t));
    // The site's frame and its secret are read at once (each is kept once read).
    let (identity, secret) = match &state {
        Some(state) => {
            let (identity, secret) = tokio::join!(state.identity(), state.api_secret());
            (identity, Some(secret))
        }
        None => (Arc::default(), None),
    };
    let site = req
        .app_data::<web::Data<AppState>>()
        .map(|s| s.site.as_str().to_owned())
        .unwrap_or_default();
    let page: Arc<str> = match req.uri().path_and_query() {
        Some(pq) => format!("{site}{pq}").into(),
        None => format!("{site}{}", req.path()).into(),
    };
    // A signed-in reader's pages are not kept by the browser; anyone else's are kept and
    // asked for again each time (the page then answers 304 if it did not change).
    let signed_in = session.is_some();
    let (pre_session, fresh) = match existing {
        Some(id) => (id, false),
        None => (random_token(), true),
    };
    let binding = match &session {
        Some(session) => CsrfBinding::Session(session),
        None => CsrfBinding::PreSession(&pre_session),
    };
    let token = match secret {
        Some(Ok(secret)) => csrf_token(secret, binding),
        Some(Err(e)) => {
            // Without the site's secret no form can be checked: its token then matches
            // nothing, and the store's error shows where it is read again.
            tracing::warn!(error = %e, "the site's secret could not be read for a CSRF token");
            random_token()
        }
        None => random_token(),
    };
    // A page framed by the defaults (the site's identity could not be read) is not kept
    // by the page cache.
    let frame_read = identity.read;
    let speech = Arc::clone(
        crate::i18n::languages().choose(
            req.headers()
                .get(header::ACCEPT_LANGUAGE)
                .map(|v| v.as_bytes()),
            &identity.lang(),
        ),
    );
    let used = Arc::new(AtomicBool::new(false));
    req.extensions_mut().insert(CsrfToken {
        token: token.clone(),
        used: used.clone(),
        page,
        identity,
        speech,
    });
    let mut response = next.call(req).await?;
    // A page's words are in the language its reader's browser asks for (a feed, a
    // sitemap or a JSON answer speaks the site's language, or none: it varies by nothing).
    let html = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|t| t.as_bytes().starts_with(b"text/html"));
    if html {
        response.headers_mut().append(
            header::VARY,
            header::HeaderValue::from_static("Accept-Language"),
        );
    }
    if !frame_read {
        response
            .response_mut()
            .extensions_mut()
            .remove::<super::super::page_cache::Cacheable>();
    }
    // A handler that rotated the token (sign-in) set its own cookie already.
    let rotated = response
        .response()
        .cookies()
        .any(|c| c.name() == csrf_cookie_name(secure));
    if !used.load(Ordering::Relaxed) && !rotated {
        return Ok(response);
    }
    let headers = response.headers_mut();
    let public = headers
        .get(header::CACHE_CONTROL)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.to_ascii_lowercase().contains("public"));
    if public {
        // A page that is both public and holds a form is a bug; the form then fails its
        // check rather than a cache sharing a token.
        tracing::error!("a public response rendered a CSRF token; its cookie is not set");
        return Ok(response);
    }
    headers.insert(
        header::CACHE_CONTROL,
        header::HeaderValue::from_static(if signed_in {
            "private, no-store"
        } else {
            "private, no-cache"
        }),
    );
    if fresh && !rotated && session.is_none() {
        response
            .response_mut()
            .add_cookie(&csrf_cookie_for(pre_session, secure))?;
    }
    Ok(response)
}
