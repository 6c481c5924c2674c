//! The binary service's routes, and the post editor's attachments.
//!
//! API routes answer in JSON and take the CSRF token in the `X-CSRF-Token` header (or,
//! in a multipart upload, a `csrf` field before the files): the session cookie alone
//! never authorizes a change.
//!
//! This file takes files in (uploads, URL registrations) and lets them go; [`serve`]
//! gives them out (originals and IIIF images); [`files`] lists them for people (the
//! editor's attachments, processing logs, the admins' list).

mod files;
pub(super) mod serve;

pub use files::{admin, attachments_of, log};
pub use serve::{iiif, iiif_unturned, info, original};

use super::auth::{Author, CsrfForm, CsrfOnly, CsrfToken};
use super::{AppState, WebError, see_other};
use crate::app::posts;
use crate::binaries::service::{Ingested, Upload};
use crate::binaries::{Context, IngestError, Original, RefId, Reference, Status};
use crate::domain::{Post, User};
use crate::store::StoreError;
use crate::urls;
use actix_multipart::Multipart;
use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, web};
use futures_util::StreamExt;
use serde::Serialize;

/// A JSON error: `{"error": "..."}` with its status.
#[derive(Debug)]
pub struct ApiError(StatusCode, String);

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.1)
    }
}

impl actix_web::ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.0
    }

    fn error_response(&self) -> HttpResponse {
        if self.0.is_server_error() {
            tracing::warn!(error = %self.1, "binary service");
        }
        HttpResponse::build(self.0).json(serde_json_error(&self.1))
    }
}

#[derive(Serialize)]
struct ErrorBody<'a> {
    error: &'a str,
}

fn serde_json_error(message: &str) -> ErrorBody<'_> {
    ErrorBody { error: message }
}

impl From<WebError> for ApiError {
    fn from(e: WebError) -> Self {
        use actix_web::ResponseError;
        let status = e.status_code();
        let message = match e {
            WebError::LoginRequired { .. } => {
                return ApiError(StatusCode::UNAUTHORIZED, "Sign in first.".into());
            }
            WebError::Unavailable(_) => {
                "The store is unavailable; nothing was changed. Try again shortly.".into()
            }
            WebError::Internal(_) => "An unexpected error happened; it has been logged.".into(),
            WebError::NotFound => "Not found.".into(),
            other => other.to_string(),
        };
        ApiError(status, message)
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> Self {
        WebError::from(e).into()
    }
}

impl From<IngestError> for ApiError {
    fn from(e: IngestError) -> Self {
        match e {
            IngestError::TooLarge(m) | IngestError::Quota(m) => {
                ApiError(StatusCode::PAYLOAD_TOO_LARGE, m)
            }
            IngestError::Body(_) => ApiError(StatusCode::BAD_REQUEST, e.to_string()),
            IngestError::Busy => ApiError(StatusCode::SERVICE_UNAVAILABLE, e.to_string()),
            IngestError::Store(e) => e.into(),
        }
    }
}

/// Checks an account's limit (and counts a URL registration); past it, the API's 429 with
/// Retry-After.
async fn limited(
    state: &AppState,
    user: &User,
    fetch: bool,
) -> Result<Option<HttpResponse>, ApiError> {
    use super::limits::Subject;
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

fn bad_request(message: impl Into<String>) -> ApiError {
    ApiError(StatusCode::BAD_REQUEST, message.into())
}

/// What the API says about a stored binary.
#[derive(Debug, Serialize)]
pub struct BinaryJson {
    pub reference: String,
    pub context: String,
    pub name: String,
    pub url: String,
    pub status: &'static str,
    pub mime: String,
    pub size: u64,
    pub width: Option<u32>,
    pub height: Option<u32>,
    pub error: Option<String>,
    /// Markdown that shows it in a post.
    pub markdown: String,
}

impl BinaryJson {
    fn of(ingested: &Ingested) -> Self {
        let (r, o) = (&ingested.reference, &ingested.original);
        Self {
            reference: r.id.to_string(),
            context: r.context.to_string(),
            name: r.name.clone(),
            url: urls::binary(&r.id.to_string()),
            status: o.status.as_str(),
            mime: o.mime.clone(),
            size: o.size,
            width: o.width,
            height: o.height,
            error: o.error.clone(),
            markdown: markdown_for(r, o),
        }
    }
}

/// How a binary is shown in a post: an image with its size (so the page can reserve
/// its space), or a link.
pub fn markdown_for(reference: &Reference, original: &Original) -> String {
    let name: String = reference
        .name
        .chars()
        .filter(|c| {
            !matches!(
                c,
                '[' | ']' | '(' | ')' | '\\' | '*' | '_' | '`' | '<' | '>'
            )
        })
        .collect();
    match (original.is_raster(), original.width, original.height) {
        (true, Some(w), Some(h)) => format!(
            "![{name}]({})",
            urls::binary_sized(&reference.id.to_string(), w, h)
        ),
        _ => format!("[{name}]({})", urls::binary(&reference.id.to_string())),
    }
}

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
async fn ingest_multipart(
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
                        .record_attempt(super::limits::Subject::UploadBy(&account))
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
fn refusal(stored: &Ingested) -> Option<String> {
    (stored.original.status == Status::Error).then(|| {
        let why = stored
            .original
            .error
            .as_deref()
            .unwrap_or("it was refused.");
        format!("“{}”: {why}", stored.reference.name)
    })
}

fn status_of(stored: &[Ingested]) -> StatusCode {
    if stored.iter().any(|s| s.original.status == Status::Error) {
        StatusCode::UNPROCESSABLE_ENTITY
    } else {
        StatusCode::CREATED
    }
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
    let subject = || super::limits::Subject::UploadBy(&account);
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

impl ApiError {
    /// A JSON body that could not be read.
    pub fn bad_json(err: actix_web::error::JsonPayloadError) -> Self {
        use actix_web::error::JsonPayloadError;
        match err {
            JsonPayloadError::Overflow { limit }
            | JsonPayloadError::OverflowKnownLength { limit, .. } => ApiError(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!("The request is too large: at most {limit} bytes of JSON."),
            ),
            JsonPayloadError::ContentType => {
                bad_request("Send JSON, with Content-Type: application/json.")
            }
            other => bad_request(format!("The JSON could not be read: {other}.")),
        }
    }
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
