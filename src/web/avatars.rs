//! `/fediverse/avatars/{key}.jpg`: a remote commenter's picture, as the site keeps it
//! (never fetched from their server by the reader's browser), or a plain silhouette
//! when none is kept. Served whether or not the site is on the fediverse, so that the
//! comments it took keep their pictures.

use super::{AppState, WebError};
use actix_web::http::header;
use actix_web::{HttpResponse, web};

const SILHOUETTE: &str = include_str!("../../static/avatar.svg");

pub async fn avatar(
    state: web::Data<AppState>,
    file: web::Path<String>,
) -> Result<HttpResponse, WebError> {
    let key = file.strip_suffix(".jpg").unwrap_or("");
    let kept = crate::app::federation::avatars::avatar(&state.ctx(), key).await?;
    Ok(match kept {
        Some(avatar) => HttpResponse::Ok()
            .content_type("image/jpeg")
            .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
            .body(avatar.jpeg),
        None => HttpResponse::Ok()
            .content_type("image/svg+xml")
            .insert_header((header::CACHE_CONTROL, "public, max-age=600"))
            .body(SILHOUETTE),
    })
}
