//! The binary service's routes, and (in [`editor`]) the post editor's attachments.
//!
//! API routes answer in JSON and take the CSRF token in the `X-CSRF-Token` header (or,
//! in a multipart upload, a `csrf` field before the files): the session cookie alone
//! never authorizes a change.
//!
//! This file takes files in (uploads, URL registrations; [`ingest`] reads an upload) and
//! lets them go, answering with [`json`] and [`errors`]; [`serve`] gives them out
//! (originals) and [`images`] their IIIF images; [`files`] lists them for people (the
//! editor's attachments, processing logs, the admins' list).

mod editor;
mod errors;
mod files;
mod images;
mod ingest;
mod json;
pub(super) mod serve;

pub use editor::{attach, detach};
pub use errors::ApiError;
pub use files::{admin, attachments_of, log};
pub use images::{iiif, iiif_unturned, info};
pub use json::{BinaryJson, markdown_for};
pub use serve::original;

use super::auth::Author;
use super::csrf::CsrfToken;
use super::{AppState, WebError};
use crate::binaries::service::Upload;
use crate::binaries::{Context, RefId, Status};
use crate::domain::{Post, User};
use actix_multipart::Multipart;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use errors::bad_request;
use ingest::{ingest_multipart, limited, status_of};
use serde::Serialize;

/// The post a context names, for someone who may change its attachments.
async fn post_of(state: &AppState, user: &User, context: &Context) -> Result<Post, WebError> {
    let post = match context.post_id() {
        Some(id) => state.store.post_by_id(&state.site, id).await?,
        None => None,
    }
    .ok_or_else(|| WebError::NotFoundWith(format!("There is no post {context} on this site.")))?;
    if !post.may_be_edited_by(Some(user)) {
        return Err(WebError::Forbidden(
            "Only the post's author or an administrator can change its attachments.".into(),
        ));
    }
    Ok(post)
}

/// The API's CSRF check: the token in the `X-CSRF-Token` header. (Web forms are checked
/// by `CsrfForm`; a multipart upload, which that extractor cannot read, checks its `csrf`
/// field as it streams in: see [`ingest_multipart`].)
fn check_header_csrf(req: &HttpRequest, csrf: &CsrfToken) -> Result<(), WebError> {
    let sent = req
        .headers()
        .get("x-csrf-token")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    csrf.check(sent)
}

/// `POST /binaries`: a multipart upload of one or more files; answers a JSON list of
/// what each became (status ERROR, with the reason, for a file that was refused).
pub async fn upload(
    state: web::Data<AppState>,
    author: Author,
    csrf: CsrfToken,
    req: HttpRequest,
    form: Multipart,
) -> Result<HttpResponse, ApiError> {
    let header_ok = check_header_csrf(&req, &csrf).is_ok();
    if let Some(refused) = limited(&state, &author.0, false).await? {
        return Ok(refused);
    }
    let stored = ingest_multipart(&state, &author.0, &csrf, header_ok, None, form).await?;
    let body: Vec<BinaryJson> = stored.iter().map(BinaryJson::of).collect();
    Ok(HttpResponse::build(status_of(&stored)).json(body))
}
/// `DELETE /binaries/reference/{ref}`.
pub async fn delete_reference(
    state: web::Data<AppState>,
    author: Author,
    csrf: CsrfToken,
    req: HttpRequest,
    reference: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    check_header_csrf(&req, &csrf)?;
    let id = RefId::parse(&reference).map_err(|e| ApiError(StatusCode::NOT_FOUND, e.0))?;
    let reference = state
        .binaries
        .store
        .reference(&id)
        .await?
        .filter(|r| r.site == state.site)
        .ok_or_else(|| ApiError(StatusCode::NOT_FOUND, format!("There is no binary {id}.")))?;
    post_of(&state, &author.0, &reference.context).await?;
    state
        .binaries
        .remove(
            &reference,
            &format!("deleted by {}", author.0.username.as_str()),
        )
        .await?;
    Ok(HttpResponse::NoContent().finish())
}

#[derive(Serialize)]
struct Removed {
    removed: usize,
}

/// `DELETE /binaries/context/{context}`: every reference of a post.
pub async fn delete_context(
    state: web::Data<AppState>,
    author: Author,
    csrf: CsrfToken,
    req: HttpRequest,
    context: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    check_header_csrf(&req, &csrf)?;
    let context = Context::parse(&context).map_err(|e| bad_request(e.0))?;
    post_of(&state, &author.0, &context).await?;
    let removed = state
        .binaries
        .remove_context(
            &state.site,
            &context,
            &format!(
                "deleted with every file of the post by {}",
                author.0.username.as_str()
            ),
        )
        .await?;
    Ok(HttpResponse::Ok().json(Removed { removed }))
}

/// `PUT /binaries` with `{url, context, mime}`.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UrlBinary {
    url: String,
    context: String,
    #[serde(default)]
    mime: Option<String>,
}

/// `PUT /binaries`: registers a binary fetched from a URL under a context. 201 when it
/// is stored, 202 when the fetch failed for now and will be tried again (RETRY), 422
/// when it was refused (ERROR); 400 for a URL that may not be fetched (nothing stored).
pub async fn register_url(
    state: web::Data<AppState>,
    author: Author,
    csrf: CsrfToken,
    req: HttpRequest,
    body: web::Json<UrlBinary>,
) -> Result<HttpResponse, ApiError> {
    check_header_csrf(&req, &csrf)?;
    let body = body.into_inner();
    let context = Context::parse(body.context.trim()).map_err(|e| bad_request(e.0))?;
    if let Some(mime) = &body.mime {
        let valid = mime.len() <= 100
            && mime
                .split_once('/')
                .is_some_and(|(a, b)| !a.is_empty() && !b.is_empty())
            && mime.bytes().all(|b| b.is_ascii_graphic());
        if !valid {
            return Err(bad_request(format!("{mime:?} is not a media type.")));
        }
    }
    post_of(&state, &author.0, &context).await?;
    if let Some(refused) = limited(&state, &author.0, true).await? {
        return Ok(refused);
    }
    let upload = Upload {
        site: state.site.clone(),
        context,
        owner: author.0.id,
        name: String::new(),
    };
    let ingested = state
        .binaries
        .fetch_url(&state.fetcher, upload, &body.url, body.mime.as_deref())
        .await
        .map_err(|e| match e {
            crate::binaries::remote::FetchUrlError::Refused(why) => {
                bad_request(format!("This URL is not fetched: {why}."))
            }
            crate::binaries::remote::FetchUrlError::Ingest(e) => e.into(),
        })?;
    let status = match ingested.original.status {
        Status::Ok => StatusCode::CREATED,
        Status::Retry => StatusCode::ACCEPTED,
        Status::Error => StatusCode::UNPROCESSABLE_ENTITY,
    };
    Ok(HttpResponse::build(status).json(BinaryJson::of(&ingested)))
}
