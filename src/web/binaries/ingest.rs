//! Taking files in: the account's upload limits, and a multipart upload read and
//! ingested as it streams in, all or nothing.

use super::super::csrf::CsrfToken;
use super::super::limits::Subject;
use super::super::{AppState, WebError};
use super::errors::{ApiError, ErrorBody, bad_request};
use super::post_of;
use crate::binaries::service::{Ingested, Upload};
use crate::binaries::{Context, RefId, Reference, Status};
use crate::domain::{Post, User};
use actix_multipart::Multipart;
use actix_web::HttpResponse;
use actix_web::http::{StatusCode, header};
use futures_util::StreamExt;

/// Checks an account's limit (and counts a URL registration); past it, the API's 429 with
/// Retry-After.
pub(super) async fn limited(
    state: &AppState,
    user: &User,
    fetch: bool,
) -> Result<Option<HttpResponse>, ApiError> {
    let account = user.id.0.to_string();
    let subject = || {
        if fetch {
            Subject::FetchBy(&account)
        } else {
            Subject::UploadBy(&account)
        }
    };
    let what = if fetch {
        "You have registered many files from URLs just now."
    } else {
        "You have uploaded many times just now."
    };
    match state.check_limit(subject(), what).await {
        Ok(()) => {
            // An upload counts once its form has proven where it comes from (its CSRF
            // field may come after the limit is checked).
            if fetch {
                state.record_attempt(subject()).await?;
            }
            Ok(None)
        }
        Err(WebError::TooManyRequests {
            message,
            retry_after,
        }) => Ok(Some(
            HttpResponse::TooManyRequests()
                .insert_header((header::RETRY_AFTER, retry_after.to_string()))
                .json(ErrorBody { error: &message }),
        )),
        Err(e) => Err(e.into()),
    }
}

/// How many files one upload request may carry.
const FILES_PER_UPLOAD: usize = 20;

/// Reads a small text field of a multipart form.
async fn text_field(field: &mut actix_multipart::Field, max: usize) -> Result<String, ApiError> {
    let mut value = Vec::new();
    while let Some(piece) = field.next().await {
        let piece = piece.map_err(|e| bad_request(format!("The form could not be read: {e}.")))?;
        if value.len() + piece.len() > max {
            return Err(bad_request("A form field is too long."));
        }
        value.extend_from_slice(&piece);
    }
    String::from_utf8(value).map_err(|_| bad_request("A form field is not text."))
}

/// The files of a multipart upload, ingested one after the other as they stream in.
/// Fields `csrf` and `context` come first (as a browser sends a form's fields in order);
/// `context` may be fixed by the route instead.
pub(super) async fn ingest_multipart(
    state: &AppState,
    user: &User,
    csrf: &CsrfToken,
    header_csrf_ok: bool,
    mut fixed: Option<(Context, Post)>,
    mut form: Multipart,
) -> Result<Vec<Ingested>, ApiError> {
    let mut csrf_ok = header_csrf_ok;
    let mut recorded = false;
    let mut stored: Vec<Ingested> = Vec::new();
    // The file being read when the request failed, if it failed on one.
    let mut failed_on: Option<(Context, String)> = None;
    let outcome: Result<(), ApiError> = async {
    while let Some(field) = form.next().await {
        let mut field =
            field.map_err(|e| bad_request(format!("The upload could not be read: {e}.")))?;
        let name = field.name().unwrap_or("").to_owned();
        let file_name = field
            .content_disposition()
            .and_then(|d| d.get_filename())
            .map(str::to_owned);
        match (name.as_str(), file_name) {
            ("csrf", None) => {
                // Not `CsrfForm`: that reads a whole urlencoded body, and this form is
                // multipart, read as it streams; the same constant-time comparison.
                let sent = text_field(&mut field, 200).await?;
                csrf.check(&sent)?;
                csrf_ok = true;
            }
            ("context", None) => {
                let value = text_field(&mut field, 200).await?;
                let context = Context::parse(value.trim()).map_err(|e| bad_request(e.0))?;
                let post = post_of(state, user, &context).await?;
                fixed = Some((context, post));
            }
            (_, Some(file_name)) => {
                if !csrf_ok {
                    return Err(WebError::csrf().into());
                }
                if !recorded {
                    let account = user.id.0.to_string();
                    state
                        .record_attempt(Subject::UploadBy(&account))
                        .await?;
                    recorded = true;
                }
                let Some((context, _)) = &fixed else {
                    return Err(bad_request(
                        "Say which post the files belong to (a context field before the files).",
                    ));
                };
                if file_name.is_empty() {
                    // A file input left empty.
                    continue;
                }
                if stored.len() == FILES_PER_UPLOAD {
                    return Err(bad_request(format!(
                        "At most {FILES_PER_UPLOAD} files can be uploaded at once; nothing was stored."
                    )));
                }
                failed_on = Some((context.clone(), file_name.clone()));
                let upload = Upload {
                    site: state.site.clone(),
                    context: context.clone(),
                    owner: user.id,
                    name: file_name.clone(),
                };
                let ingested = state.binaries.ingest(upload, &mut field).await.map_err(|e| {
                    let ApiError(status, message) = e.into();
                    ApiError(
                        status,
                        format!("“{file_name}”: {message} Nothing of this upload was stored."),
                    )
                })?;
                stored.push(ingested);
                failed_on = None;
            }
            (_, None) => {
                // Unknown text fields are read and ignored.
                text_field(&mut field, 4096).await?;
            }
        }
    }
    Ok(())
    }
    .await;
    if let Err(ApiError(status, message)) = outcome {
        // An upload is all or nothing: what this request stored goes again, and the
        // post's processing log says why.
        let why = format!("upload refused: {message}");
        // Best effort, every file tried: the refusal is what the author must hear, and
        // a reference left over is the collector's.
        for done in &stored {
            if let Err(e) = state.binaries.remove(&done.reference, &why).await {
                tracing::warn!(error = %e, reference = %done.reference.id, "an upload's file could not be removed");
            }
        }
        if let Some((context, name)) = failed_on {
            let never_stored = Reference {
                id: RefId::new(),
                original: crate::binaries::OriginalId::new(),
                site: state.site.clone(),
                context,
                name,
                owner: user.id,
                created: crate::domain::now(),
                size: 0,
                url: None,
            };
            if let Err(e) = state.binaries.store.log(&never_stored, &why).await {
                tracing::warn!(error = %e, "a refused upload could not be logged");
            }
        }
        return Err(ApiError(status, message));
    }
    if stored.is_empty() {
        return Err(bad_request("The upload held no file."));
    }
    let refused: Vec<String> = stored.iter().filter_map(refusal).collect();
    if !refused.is_empty() {
        // All or nothing here too: a refused file keeps its ERROR record (it says why),
        // and the files stored beside it in this request go again.
        let why = format!("upload refused: {}", refused.join(" "));
        for done in stored.iter().filter(|s| s.original.status != Status::Error) {
            if let Err(e) = state.binaries.remove(&done.reference, &why).await {
                tracing::warn!(error = %e, reference = %done.reference.id, "an upload's file could not be removed");
            }
        }
        stored.retain(|s| s.original.status == Status::Error);
    }
    Ok(stored)
}

/// Why a file of an upload was refused, naming it; None when it was stored.
pub(super) fn refusal(stored: &Ingested) -> Option<String> {
    (stored.original.status == Status::Error).then(|| {
        let why = stored
            .original
            .error
            .as_deref()
            .unwrap_or("it was refused.");
        format!("“{}”: {why}", stored.reference.name)
    })
}

pub(super) fn status_of(stored: &[Ingested]) -> StatusCode {
    if stored.iter().any(|s| s.original.status == Status::Error) {
        StatusCode::UNPROCESSABLE_ENTITY
    } else {
        StatusCode::CREATED
    }
}
