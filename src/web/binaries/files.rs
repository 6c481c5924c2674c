//! Files as people see them listed: a post's attachments in its editor, the processing
//! log of a post or of one file, and the admins' list of every file of the site.

use super::super::auth::{Admin, MaybeUser};
use super::super::csrf::{CsrfToken, layout};
use super::super::pages::{AttachmentView, Dated, Layout};
use super::super::{AppState, WebError, render};
use super::{markdown_for, post_of};
use crate::binaries::{Context, Original, RefId, Reference, Status};
use crate::domain::Post;
use crate::urls;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

/// How an attachment is listed: its original's type, size and state (`None`: the
/// original is missing).
fn attachment_view(reference: &Reference, original: Option<&Original>) -> AttachmentView {
    let id = reference.id.to_string();
    let context = reference.context.to_string();
    AttachmentView {
        url: urls::binary(&id),
        thumbnail: original
            .filter(|o| o.is_raster() && o.status == Status::Ok)
            .map(|_| urls::binary_thumbnail(&id)),
        log_url: urls::binary_log(&id),
        context_log_url: urls::binary_log(&context),
        remove_url: String::new(),
        reference: id,
        name: reference.name.clone(),
        context,
        mime: original.map_or_else(|| "?".into(), |o| o.mime.clone()),
        size: original.map_or(reference.size, |o| o.size),
        status: original.map_or("MISSING", |o| o.status.as_str()),
        error: original.and_then(|o| o.error.clone()),
        // A file in ERROR has nothing a reader could be shown: nothing to insert.
        markdown: original
            .filter(|o| o.status != Status::Error)
            .map_or_else(String::new, |o| markdown_for(reference, o)),
        created: Dated::with_time(reference.created),
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
        view.remove_url = urls::detach(post.slug.as_str(), &view.reference);
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
            post_url: Some(urls::post(post.slug.as_str())),
            attachments_url: urls::edit_attachments(post.slug.as_str()),
            context_log_url: urls::binary_log(&reference.context.to_string()),
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
        post_url: Some(urls::post(post.slug.as_str())),
        attachments_url: urls::edit_attachments(post.slug.as_str()),
        context_log_url: urls::binary_log(&context.to_string()),
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
            log_url: urls::binary_log(&line.reference.to_string()),
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
            urls::admin_binaries_after(last.created.timestamp_millis(), &last.id.to_string())
        });
    let page = AdminPage {
        layout: layout(&MaybeUser(Some(admin.0)), &csrf),
        attachments: views(&state, references).await?,
        older,
        later_page,
    };
    render(StatusCode::OK, &page)
}
