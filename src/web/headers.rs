//! The security headers of every page: what the browser may load and do.

use super::AppState;
use actix_web::HttpMessage;
use actix_web::http::header;
use actix_web::middleware::DefaultHeaders;
use actix_web::web;
use std::sync::Arc;

/// Headers every page carries, whatever its site's settings.
pub fn security() -> DefaultHeaders {
    DefaultHeaders::new()
        .add((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .add((header::X_FRAME_OPTIONS, "DENY"))
        .add((header::REFERRER_POLICY, "same-origin"))
}

/// Every page's Content-Security-Policy: scripts, styles, forms and frames from the site
/// only, and images from the site (and `data:` URLs), plus any https address unless the
/// site shows images from its own files only (or its settings cannot be read to know).
/// A response that set its own (a stored file's sandbox) keeps it.
pub async fn content_policy(
    req: actix_web::dev::ServiceRequest,
    next: actix_web::middleware::Next<impl actix_web::body::MessageBody>,
) -> Result<actix_web::dev::ServiceResponse<impl actix_web::body::MessageBody>, actix_web::Error> {
    let state = req.app_data::<web::Data<AppState>>().cloned();
    let mut response = next.call(req).await?;
    // The frame the request was served with (read once, by the CSRF middleware, before
    // the handler ran); read here only for a response that never reached it.
    let framed = response
        .request()
        .extensions()
        .get::<super::csrf::CsrfToken>()
        .map(|token| Arc::clone(token.frame()));
    let frame = match (framed, state) {
        (Some(frame), _) => Some(frame),
        (None, Some(state)) => Some(state.identity().await),
        (None, None) => None,
    };
    let own_images_only = frame.is_none_or(|frame| frame.own_images_only || !frame.read);
    if !response
        .headers()
        .contains_key(header::CONTENT_SECURITY_POLICY)
    {
        response.headers_mut().insert(
            header::CONTENT_SECURITY_POLICY,
            header::HeaderValue::from_static(if own_images_only {
                "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; \
                 object-src 'none'; frame-ancestors 'none'; form-action 'self'; base-uri 'none'"
            } else {
                "default-src 'self'; img-src 'self' https: data:; style-src 'self'; script-src 'self'; \
                 object-src 'none'; frame-ancestors 'none'; form-action 'self'; base-uri 'none'"
            }),
        );
    }
    Ok(response)
}
