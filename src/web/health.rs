//! Health checks for load balancers and orchestrators, outside every page's middleware
//! (no session, no cookie, no compression): `/healthz` says the process answers;
//! `/readyz` says the store answers, one point read within [`READY_DEADLINE`], or 503
//! with the reason. Both are cheap enough to ask every second and never cached.

use super::AppState;
use actix_web::http::header;
use actix_web::{HttpResponse, web};
use std::time::Duration;

/// How long `/readyz` waits for the store.
pub const READY_DEADLINE: Duration = Duration::from_secs(2);

fn plain(mut response: actix_web::HttpResponseBuilder, body: String) -> HttpResponse {
    response
        .content_type("text/plain; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .body(body)
}

pub async fn healthz() -> HttpResponse {
    plain(HttpResponse::Ok(), "ok\n".into())
}

pub async fn readyz(state: web::Data<AppState>) -> HttpResponse {
    // The site's comment settings: one small point read on either store.
    match tokio::time::timeout(READY_DEADLINE, state.store.comment_settings(&state.site)).await {
        Ok(Ok(_)) => plain(HttpResponse::Ok(), "ready\n".into()),
        Ok(Err(e)) => plain(
            HttpResponse::ServiceUnavailable(),
            format!("not ready: the store failed: {e}\n"),
        ),
        Err(_) => plain(
            HttpResponse::ServiceUnavailable(),
            format!(
                "not ready: the store did not answer within {} ms\n",
                READY_DEADLINE.as_millis()
            ),
        ),
    }
}
