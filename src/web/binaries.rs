//! The binary service's routes (seed 003), and the post editor's attachments.
//!
//! API routes answer in JSON and take the CSRF token in the `X-CSRF-Token` header (or,
//! in a multipart upload, a `csrf` field before the files): the session cookie alone
//! never authorizes a change.

use super::auth::{Admin, Author, CsrfForm, CsrfOnly, CsrfToken, MaybeUser, layout};
use super::pages::{AttachmentView, Layout};
use super::paths;
use super::posts::{editable, may_edit};
use super::{AppState, WebError, render, see_other};
use crate::binaries::service::{Ingested, Upload, human};
use crate::binaries::{Context, IngestError, Original, RefId, Reference, Status};
use crate::domain::{Post, User};
use crate::store::StoreError;
use actix_multipart::Multipart;
use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
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
            url: paths::binary(&r.id.to_string()),
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
            paths::binary_sized(&reference.id.to_string(), w, h)
        ),
        _ => format!("[{name}]({})", paths::binary(&reference.id.to_string())),
    }
}

/// The post a context names, for someone who may change its attachments.
async fn post_of(state: &AppState, user: &User, context: &Context) -> Result<Post, WebError> {
    let post = match context.post_id() {
        Some(id) => state.store.post_by_id(&state.site, id).await?,
        None => None,
    }
    .ok_or_else(|| WebError::NotFoundWith(format!("There is no post {context} on this site.")))?;
    if !may_edit(Some(user), post.author_id) {
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
    Ok(stored)
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
    let post = editable(&state, &author.0, &slug).await?;
    let account = author.0.id.0.to_string();
    let subject = || super::limits::Subject::UploadBy(&account);
    state
        .check_limit(subject(), "You have uploaded many times just now.")
        .await?;
    let context = Context::post(post.id);
    let back = paths::edit_attachments(post.slug.as_str());
    match ingest_multipart(&state, &author.0, &csrf, false, Some((context, post)), form).await {
        Ok(stored) => {
            let refused: Vec<String> = stored
                .iter()
                .filter_map(|s| s.original.error.clone())
                .collect();
            if refused.is_empty() {
                Ok(see_other(&back))
            } else {
                Err(WebError::BadRequest(refused.join(" ")))
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
    let post = editable(&state, &author.0, &slug).await?;
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
    Ok(see_other(&paths::edit_attachments(post.slug.as_str())))
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

fn quoted_etag(checksum: &str) -> String {
    format!("\"{checksum}\"")
}

/// Whether an If-None-Match header names this entity tag (or is `*`).
pub fn none_match(req: &HttpRequest, etag: &str) -> bool {
    req.headers()
        .get_all(header::IF_NONE_MATCH)
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(|t| t.trim().trim_start_matches("W/"))
        .any(|t| t == "*" || t == etag)
}

/// A single byte range of a `Range` header, resolved against the length. `None`: no
/// usable Range (serve everything); `Some(Err)`: unsatisfiable.
pub fn byte_range(req: &HttpRequest, len: u64, etag: &str) -> Option<Result<(u64, u64), ()>> {
    let value = req.headers().get(header::RANGE)?.to_str().ok()?;
    // A Range conditioned on another version of the file is ignored.
    if let Some(if_range) = req.headers().get(header::IF_RANGE)
        && if_range.to_str().ok()? != etag
    {
        return None;
    }
    let spec = value.strip_prefix("bytes=")?.trim();
    if spec.contains(',') {
        // Several ranges are allowed to be answered with the whole file.
        return None;
    }
    let (first, last) = spec.split_once('-')?;
    let parse = |s: &str| -> Option<u64> {
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            None
        } else {
            s.parse().ok()
        }
    };
    let range = match (first.is_empty(), last.is_empty()) {
        (false, _) => {
            let start = parse(first)?;
            let end = if last.is_empty() {
                len
            } else {
                parse(last)?.saturating_add(1).min(len)
            };
            if !last.is_empty() && end <= start && start < len {
                return None;
            }
            (start, end)
        }
        (true, false) => {
            let suffix = parse(last)?;
            (len.saturating_sub(suffix), len)
        }
        (true, true) => return None,
    };
    if range.0 >= len || range.0 >= range.1 {
        return Some(Err(()));
    }
    Some(Ok(range))
}

/// `Content-Disposition`: raster images inline, everything else (SVG included, which can
/// carry script) as a download.
fn disposition(original: &Original, name: &str) -> String {
    let kind = if original.is_raster() {
        "inline"
    } else {
        "attachment"
    };
    let ascii: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_graphic() || c == ' ' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let encoded: String = name
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'.' | b'-' | b'_' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect();
    format!("{kind}; filename=\"{ascii}\"; filename*=UTF-8''{encoded}")
}

/// `GET /binary/{ref}`: the original, with a strong ETag, conditional and Range
/// requests, and its sniffed type.
pub async fn original(
    state: web::Data<AppState>,
    reference: web::Path<String>,
    req: HttpRequest,
) -> Result<HttpResponse, WebError> {
    let id = RefId::parse(&reference).map_err(|_| WebError::NotFound)?;
    let (reference, original) = state
        .binaries
        .find(&state.site, &id)
        .await?
        .ok_or(WebError::NotFound)?;
    if !original.has_bytes() {
        return Err(WebError::NotFoundWith(format!(
            "This file could not be stored: {}",
            original
                .error
                .as_deref()
                .unwrap_or("it is not available yet.")
        )));
    }
    let etag = quoted_etag(&original.checksum);
    let not_modified = none_match(&req, &etag);
    let mut response = if not_modified {
        HttpResponse::NotModified()
    } else {
        HttpResponse::Ok()
    };
    response
        .insert_header((header::ETAG, etag.clone()))
        .insert_header((header::CACHE_CONTROL, "public, max-age=86400"))
        .insert_header((header::ACCEPT_RANGES, "bytes"))
        .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .insert_header((
            header::CONTENT_DISPOSITION,
            disposition(&original, &reference.name),
        ));
    if !original.is_raster() {
        // Opened directly, a non-image runs in a sandbox with no script and no origin.
        response.insert_header((
            header::CONTENT_SECURITY_POLICY,
            "sandbox; default-src 'none'",
        ));
    }
    if not_modified {
        return Ok(response.finish());
    }
    let len = original.size;
    let (start, end) = match byte_range(&req, len, &etag) {
        Some(Ok(range)) => {
            response.status(StatusCode::PARTIAL_CONTENT).insert_header((
                header::CONTENT_RANGE,
                format!("bytes {}-{}/{len}", range.0, range.1 - 1),
            ));
            range
        }
        Some(Err(())) => {
            return Ok(HttpResponse::RangeNotSatisfiable()
                .insert_header((header::CONTENT_RANGE, format!("bytes */{len}")))
                .insert_header((header::ETAG, etag))
                .finish());
        }
        None => (0, len),
    };
    response.content_type(original.mime.as_str());
    let body = state.binaries.read_range(&original, start, end);
    Ok(response.no_chunking(end - start).streaming(body))
}

/// How an attachment is listed: its original's type, size and state (`None`: the
/// original is missing).
fn attachment_view(reference: &Reference, original: Option<&Original>) -> AttachmentView {
    let id = reference.id.to_string();
    let context = reference.context.to_string();
    AttachmentView {
        url: paths::binary(&id),
        thumbnail: original
            .filter(|o| o.is_raster() && o.status == Status::Ok)
            .map(|_| paths::binary_thumbnail(&id)),
        log_url: paths::binary_log(&id),
        context_log_url: paths::binary_log(&context),
        remove_url: String::new(),
        reference: id,
        name: reference.name.clone(),
        context,
        mime: original.map_or_else(|| "?".into(), |o| o.mime.clone()),
        size: human(original.map_or(reference.size, |o| o.size)),
        status: original.map_or("MISSING", |o| o.status.as_str()),
        error: original.and_then(|o| o.error.clone()),
        // A file in ERROR has nothing a reader could be shown: nothing to insert.
        markdown: original
            .filter(|o| o.status != Status::Error)
            .map_or_else(String::new, |o| markdown_for(reference, o)),
        created: reference.created.format("%Y-%m-%d %H:%M UTC").to_string(),
    }
}

/// The attachments of a post, for its editor.
pub async fn attachments_of(
    state: &AppState,
    post: &Post,
) -> Result<Vec<AttachmentView>, WebError> {
    let references = state
        .binaries
        .store
        .references_in(&state.site, &Context::post(post.id))
        .await?;
    let mut references = references;
    references.sort_by(|a, b| a.created.cmp(&b.created).then(a.id.cmp(&b.id)));
    let mut views = views(state, references).await?;
    for view in &mut views {
        view.remove_url = paths::detach(post.slug.as_str(), &view.reference);
    }
    Ok(views)
}

/// How many originals a list reads at once.
const ORIGINALS_AT_ONCE: usize = 16;

/// The views of references, in their order: each distinct original is read once, and
/// up to `ORIGINALS_AT_ONCE` at a time.
async fn views(
    state: &AppState,
    references: Vec<Reference>,
) -> Result<Vec<AttachmentView>, WebError> {
    use futures_util::{StreamExt, TryStreamExt};
    let mut ids: Vec<_> = references.iter().map(|r| r.original).collect();
    ids.sort_by_key(|id| id.0);
    ids.dedup();
    let store = &state.binaries.store;
    let originals: std::collections::HashMap<_, _> = futures_util::stream::iter(ids)
        .map(|id| async move { store.original(id).await.map(|o| (id, o)) })
        .buffer_unordered(ORIGINALS_AT_ONCE)
        .try_collect()
        .await?;
    Ok(references
        .iter()
        .map(|r| attachment_view(r, originals.get(&r.original).and_then(Option::as_ref)))
        .collect())
}

#[derive(Template)]
#[template(path = "binaries/log.html")]
pub struct LogPage {
    pub layout: Layout,
    pub context: String,
    /// The file whose log this is; `None` for a whole context's.
    pub file: Option<String>,
    pub post_title: Option<String>,
    pub post_url: Option<String>,
    /// The post's files in its editor.
    pub attachments_url: String,
    /// The log of every file of the context.
    pub context_log_url: String,
    pub lines: Vec<LogRow>,
    pub attachments: Vec<AttachmentView>,
}

pub struct LogRow {
    pub time: String,
    pub log_url: String,
    pub reference: String,
    pub message: String,
}

/// `GET /binary/logs/{context}`: the processing log of a post's binaries (admins and the
/// post's editors).
pub async fn log(
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    subject: web::Path<String>,
    req: HttpRequest,
) -> Result<HttpResponse, WebError> {
    let Some(me) = user.0.clone() else {
        return Err(WebError::LoginRequired {
            next: req.uri().path().to_owned(),
        });
    };
    // `/binary/logs/<reference>`: one file's log, for those who may see its post's.
    if let Ok(id) = RefId::parse(&subject) {
        let found = state.binaries.store.reference(&id).await?;
        let reference = found
            .filter(|r| r.site == state.site)
            .ok_or_else(|| WebError::NotFoundWith("There is no such file.".into()))?;
        let post = post_of(&state, &me, &reference.context).await?;
        let lines = state.binaries.store.log_of_reference(&id).await?;
        let page = LogPage {
            layout: layout(&user, &csrf),
            context: reference.context.to_string(),
            file: Some(reference.name.clone()),
            post_title: Some(post.title.as_str().to_owned()),
            post_url: Some(paths::post(post.slug.as_str())),
            attachments_url: paths::edit_attachments(post.slug.as_str()),
            context_log_url: paths::binary_log(&reference.context.to_string()),
            lines: log_rows(lines),
            attachments: views(&state, vec![reference]).await?,
        };
        return render(StatusCode::OK, &page);
    }
    let context = Context::parse(&subject).map_err(|e| WebError::BadRequest(e.0))?;
    let post = post_of(&state, &me, &context).await?;
    let lines = state
        .binaries
        .store
        .log_of_context(&state.site, &context)
        .await?;
    let page = LogPage {
        layout: layout(&user, &csrf),
        context: context.to_string(),
        file: None,
        post_title: Some(post.title.as_str().to_owned()),
        post_url: Some(paths::post(post.slug.as_str())),
        attachments_url: paths::edit_attachments(post.slug.as_str()),
        context_log_url: paths::binary_log(&context.to_string()),
        lines: log_rows(lines),
        attachments: attachments_of(&state, &post).await?,
    };
    render(StatusCode::OK, &page)
}

fn log_rows(lines: Vec<crate::binaries::LogLine>) -> Vec<LogRow> {
    lines
        .into_iter()
        .map(|line| LogRow {
            time: line.time().format("%Y-%m-%d %H:%M:%S%.3f UTC").to_string(),
            log_url: paths::binary_log(&line.reference.to_string()),
            reference: line.reference.to_string(),
            message: line.message,
        })
        .collect()
}

#[derive(Template)]
#[template(path = "binaries/admin.html")]
pub struct AdminPage {
    pub layout: Layout,
    pub attachments: Vec<AttachmentView>,
    /// The next page's link, if there may be more.
    pub older: Option<String>,
    /// Whether this is a later page (then the first page is linked).
    pub later_page: bool,
}

/// Files on one page of the admins' list.
const FILES_PER_PAGE: u32 = 50;

#[derive(serde::Deserialize)]
pub struct FilesQuery {
    after: Option<String>,
}

/// A cursor of the admins' list: the time (milliseconds) and reference of the last file
/// shown, as `1790000000000-0123456789ABCDEF`.
fn parse_cursor(cursor: &str) -> Option<(chrono::DateTime<chrono::Utc>, RefId)> {
    let (millis, reference) = cursor.split_once('-')?;
    let created = chrono::DateTime::from_timestamp_millis(millis.parse().ok()?)?;
    Some((created, RefId::parse(reference).ok()?))
}

/// `GET /admin/binaries`: every file of the site and its status, newest first, a page
/// at a time.
pub async fn admin(
    state: web::Data<AppState>,
    admin: Admin,
    csrf: CsrfToken,
    query: web::Query<FilesQuery>,
) -> Result<HttpResponse, WebError> {
    let after = match query.after.as_deref() {
        None => None,
        Some(cursor) => Some(
            parse_cursor(cursor)
                .ok_or_else(|| WebError::BadRequest("That page of files does not exist.".into()))?,
        ),
    };
    let later_page = after.is_some();
    let references = state
        .binaries
        .store
        .files_of_site(&state.site, after, FILES_PER_PAGE)
        .await?;
    let older = (references.len() == FILES_PER_PAGE as usize)
        .then(|| references.last())
        .flatten()
        .map(|last| {
            paths::admin_binaries_after(last.created.timestamp_millis(), &last.id.to_string())
        });
    let page = AdminPage {
        layout: layout(&MaybeUser(Some(admin.0)), &csrf),
        attachments: views(&state, references).await?,
        older,
        later_page,
    };
    render(StatusCode::OK, &page)
}

const IIIF_PROFILE_LINK: &str = "<http://iiif.io/api/image/3/level2.json>;rel=\"profile\"";

/// A IIIF error: plain text, with the status the specification gives it.
fn iiif_error(status: u16, message: &str) -> HttpResponse {
    let mut response =
        HttpResponse::build(StatusCode::from_u16(status).unwrap_or(StatusCode::BAD_REQUEST));
    if status == 503 {
        response.insert_header((header::RETRY_AFTER, "10"));
    }
    response
        .insert_header((header::ACCESS_CONTROL_ALLOW_ORIGIN, "*"))
        .content_type("text/plain; charset=utf-8")
        .body(message.to_owned())
}

/// The reference and original of an image request; a 404 for anything else.
async fn image_of(
    state: &AppState,
    reference: &str,
) -> Result<(Reference, Original), HttpResponse> {
    let not_found = || iiif_error(404, "There is no image here.");
    let id = RefId::parse(reference).map_err(|_| not_found())?;
    match state.binaries.find(&state.site, &id).await {
        Ok(Some(found)) => Ok(found),
        Ok(None) => Err(not_found()),
        Err(e) => Err(iiif_error(503, &WebError::from(e).to_string())),
    }
}

/// `GET /binary/{ref}/info.json`: the IIIF image information.
pub async fn info(
    state: web::Data<AppState>,
    reference: web::Path<String>,
    req: HttpRequest,
) -> HttpResponse {
    let (reference, original) = match image_of(&state, &reference).await {
        Ok(found) => found,
        Err(response) => return response,
    };
    let (Some(width), Some(height)) = (original.width, original.height) else {
        return iiif_error(404, "This file is not an image.");
    };
    if !original.has_bytes() {
        return iiif_error(404, "This image could not be stored.");
    }
    let mut sizes: Vec<(u32, u32)> = crate::binaries::delivery::rendition_sizes(width, height)
        .into_iter()
        .rev()
        .map(|(_, w, h)| (w, h))
        .collect();
    // A small image is its own size at several renditions: each size is listed once.
    sizes.dedup();
    let id = format!(
        "{}{}",
        state.site.as_str().trim_end_matches('/'),
        paths::binary(&reference.id.to_string())
    );
    let body =
        crate::domain::iiif::info_json(&id, width, height, &state.binaries.iiif_limits, &sizes);
    let wants_ld = req
        .headers()
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.contains("application/ld+json"));
    let content_type = if wants_ld {
        "application/ld+json;profile=\"http://iiif.io/api/image/3/context.json\""
    } else {
        "application/json"
    };
    HttpResponse::Ok()
        .insert_header((header::ACCESS_CONTROL_ALLOW_ORIGIN, "*"))
        .insert_header((header::LINK, IIIF_PROFILE_LINK))
        .insert_header((header::CACHE_CONTROL, "public, max-age=86400"))
        .insert_header((header::ETAG, format!("\"{}-info\"", original.checksum)))
        .content_type(content_type)
        .body(body)
}

/// `GET /binary/{ref}/{region}/{size}/{rotation}/{quality}.{format}`.
pub async fn iiif(
    state: web::Data<AppState>,
    path: web::Path<(String, String, String, String, String)>,
    req: HttpRequest,
) -> HttpResponse {
    let (reference, region, size, rotation, quality_format) = path.into_inner();
    scaled_image(
        &state,
        &req,
        &reference,
        &region,
        &size,
        &rotation,
        &quality_format,
    )
    .await
}

/// `GET /binary/{ref}/{region}/{size}/{quality}.{format}`: the seed's form, unturned.
pub async fn iiif_unturned(
    state: web::Data<AppState>,
    path: web::Path<(String, String, String, String)>,
    req: HttpRequest,
) -> HttpResponse {
    let (reference, region, size, quality_format) = path.into_inner();
    scaled_image(
        &state,
        &req,
        &reference,
        &region,
        &size,
        "0",
        &quality_format,
    )
    .await
}

async fn scaled_image(
    state: &AppState,
    req: &HttpRequest,
    reference: &str,
    region: &str,
    size: &str,
    rotation: &str,
    quality_format: &str,
) -> HttpResponse {
    // The request's syntax is checked before anything is read.
    let request =
        match crate::domain::iiif::IiifRequest::parse(region, size, rotation, quality_format) {
            Ok(request) => request,
            Err(e) => {
                let status = if e.kind == crate::domain::iiif::IiifErrorKind::NotImplemented {
                    501
                } else {
                    400
                };
                return iiif_error(status, &e.message);
            }
        };
    let (_, original) = match image_of(state, reference).await {
        Ok(found) => found,
        Err(response) => return response,
    };
    if state.binaries.must_compute(&original, &request) {
        let ip = super::limits::client_ip(req);
        let subject = || super::limits::Subject::ScaleFromIp(&ip);
        match state
            .check_limit(subject(), "Many images were scaled for you just now.")
            .await
        {
            Ok(()) => {
                if let Err(e) = state.record_attempt(subject()).await {
                    return iiif_error(503, &e.to_string());
                }
            }
            Err(WebError::TooManyRequests {
                message,
                retry_after,
            }) => {
                return HttpResponse::TooManyRequests()
                    .insert_header((header::RETRY_AFTER, retry_after.to_string()))
                    .insert_header((header::ACCESS_CONTROL_ALLOW_ORIGIN, "*"))
                    .content_type("text/plain; charset=utf-8")
                    .body(message);
            }
            Err(e) => return iiif_error(503, &e.to_string()),
        }
    }
    let scaled = match state.binaries.scaled(&original, &request).await {
        Ok(scaled) => scaled,
        Err(e) => return iiif_error(e.status(), &e.to_string()),
    };
    // An uploaded original never changes, so neither does anything made of it; one
    // fetched from a URL can, when its origin changes.
    let cache = if original.url.is_none() {
        "public, max-age=31536000, immutable"
    } else {
        "public, max-age=86400"
    };
    let not_modified = none_match(req, &scaled.etag);
    let mut response = if not_modified {
        HttpResponse::NotModified()
    } else {
        HttpResponse::Ok()
    };
    response
        .insert_header((header::ACCESS_CONTROL_ALLOW_ORIGIN, "*"))
        .insert_header((header::LINK, IIIF_PROFILE_LINK))
        .insert_header((header::CACHE_CONTROL, cache))
        .insert_header((header::ETAG, scaled.etag))
        .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"));
    if not_modified {
        return response.finish();
    }
    response.content_type(scaled.mime).body(scaled.bytes)
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
