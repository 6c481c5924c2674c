//! The post editor's attachments: files uploaded from its form, and removed by its
//! buttons; both lead back to the editor.

use super::super::auth::Author;
use super::super::csrf::{CsrfForm, CsrfOnly, CsrfToken};
use super::super::limits::Subject;
use super::super::{AppState, WebError, see_other};
use super::ApiError;
use super::ingest::{ingest_multipart, refusal};
use crate::app::posts;
use crate::binaries::{Context, RefId};
use crate::urls;
use actix_multipart::Multipart;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

/// `POST /posts/{slug}/attachments`: the editor's upload form; back to the editor.
pub async fn attach(
    state: web::Data<AppState>,
    author: Author,
    csrf: CsrfToken,
    slug: web::Path<String>,
    form: Multipart,
) -> Result<HttpResponse, WebError> {
    let post = posts::editable(&state.ctx(), &author.0, &slug).await?;
    let account = author.0.id.0.to_string();
    let subject = || Subject::UploadBy(&account);
    state
        .check_limit(subject(), "You have uploaded many times just now.")
        .await?;
    let context = Context::post(post.id);
    let back = urls::edit_attachments(post.slug.as_str());
    match ingest_multipart(&state, &author.0, &csrf, false, Some((context, post)), form).await {
        Ok(stored) => {
            let refused: Vec<String> = stored.iter().filter_map(refusal).collect();
            if refused.is_empty() {
                Ok(see_other(&back))
            } else {
                Err(WebError::BadRequest(format!(
                    "{} Nothing else of this upload was stored.",
                    refused.join(" ")
                )))
            }
        }
        Err(ApiError(status, message)) => Err(match status {
            StatusCode::PAYLOAD_TOO_LARGE => WebError::TooLarge(message),
            StatusCode::FORBIDDEN => WebError::Forbidden(message),
            StatusCode::NOT_FOUND => WebError::NotFoundWith(message),
            s if s.is_server_error() => WebError::Unavailable(message),
            _ => WebError::BadRequest(message),
        }),
    }
}

/// `POST /posts/{slug}/attachments/{ref}/delete`: the editor's remove button.
pub async fn detach(
    state: web::Data<AppState>,
    author: Author,
    path: web::Path<(String, String)>,
    _form: CsrfForm<CsrfOnly>,
) -> Result<HttpResponse, WebError> {
    let (slug, reference) = path.into_inner();
    let post = posts::editable(&state.ctx(), &author.0, &slug).await?;
    let id = RefId::parse(&reference).map_err(|_| WebError::NotFound)?;
    let found = state.binaries.store.reference(&id).await?;
    let reference = found
        .filter(|r| r.site == state.site && r.context == Context::post(post.id))
        .ok_or_else(|| WebError::NotFoundWith("This post has no such attachment.".into()))?;
    state
        .binaries
        .remove(
            &reference,
            &format!("removed by {}", author.0.username.as_str()),
        )
        .await?;
    Ok(see_other(&urls::edit_attachments(post.slug.as_str())))
}
