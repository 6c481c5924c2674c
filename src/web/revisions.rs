//! Editing a post as a chain of immutable revisions: edit, history, one revision, the
//! difference between two, and restoring an old one (a new revision that copies it).

use super::auth::{Author, CsrfForm, CsrfOnly, CsrfToken, MaybeUser, csrf_field, layout};
use super::locales::{Lang, Text};
use super::pages::{
    DiffPage, EditPage, HistoryPage, HistoryRow, RevisionPage, comparable, dated, diff_lines,
};
use super::{AppState, WebError, render, see_other};
use crate::app::posts;
use crate::domain::post::{Body, Rendered, parse_message};
use crate::domain::revision::{Locale, PagePath, RevisionKey};
use crate::domain::{
    Draft, HISTORY_PAGE, Post, PostEdit, PostStatus, SavedRevision, Tags, Title, User, now,
};
use crate::store::EditError;
use crate::urls;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;

/// Revision `number` of a text of a post. A revision of another post or language is
/// simply not found there.
async fn saved(
    state: &AppState,
    post: &Post,
    text: &Text,
    number: &str,
) -> Result<SavedRevision, WebError> {
    let number: u32 = number
        .parse()
        .map_err(|_| WebError::BadRequest(format!("{number:?} is not a revision number.")))?;
    state
        .store
        .revision(&state.site, post.id, &text.locale, number)
        .await?
        .ok_or_else(|| WebError::NotFoundWith(format!("This post has no revision {number}.")))
}

fn key_of(state: &AppState, post: &Post, locale: &Locale, number: u32) -> String {
    let path = PagePath::parse(&format!("posts/{}", post.slug.as_str())).map(|path| {
        RevisionKey::Revision {
            site: state.site.clone(),
            path,
            locale: locale.clone(),
            branch: 1,
            revision: number,
        }
    });
    path.map(|key| key.to_string()).unwrap_or_default()
}

/// The editor, showing the text as it stands (a translation not yet begun starts from
/// the original) or as the author sent it.
fn edit_page(
    author: &User,
    csrf: &CsrfToken,
    post: &Post,
    text: &Text,
    error: Option<String>,
    form: Option<&EditForm>,
) -> EditPage {
    let (title, body) = match &text.current {
        Some(t) => (t.title.as_str(), t.body.as_str()),
        None => (post.title.as_str(), post.body.as_str()),
    };
    let slug = post.slug.as_str();
    EditPage {
        layout: layout(&MaybeUser(Some(author.clone())), csrf),
        post_url: urls::text_url(slug, post.is_page(), None),
        text_url: urls::text_url(slug, post.is_page(), text.lang()),
        history_url: urls::history(slug, text.lang()),
        discard_draft_url: urls::discard_draft(slug, text.lang()),
        save_url: urls::edit(slug, text.lang()),
        upload_url: urls::attachments(slug),
        log_url: urls::binary_log(&crate::binaries::Context::post(post.id).to_string()),
        language: text.language(),
        error,
        notice: None,
        has_draft: false,
        base: form.map_or(text.base(), |f| f.base),
        title: form.map_or_else(|| title.to_owned(), |f| f.title.clone()),
        body: form.map_or_else(|| body.to_owned(), |f| f.body.clone()),
        tags: form.map_or_else(|| post.tags.to_strings().join(", "), |f| f.tags.clone()),
        message: form.map_or_else(String::new, |f| f.message.clone()),
        preview: None,
        attachments: Vec::new(),
        page: post.is_page(),
        can_publish: match &text.current {
            Some(current) => current.status == PostStatus::Draft,
            None => false,
        },
        schedule_url: (text.original && post.status == PostStatus::Draft)
            .then(|| urls::schedule(slug)),
        unpublish_url: text
            .current
            .as_ref()
            .filter(|current| current.status == PostStatus::Published)
            .map(|_| urls::unpublish(slug, text.lang())),
    }
}

/// Renders the editor with the post's files.
async fn render_editor(
    state: &AppState,
    status: StatusCode,
    mut page: EditPage,
    post: &Post,
) -> Result<HttpResponse, WebError> {
    page.attachments = super::binaries::attachments_of(state, post).await?;
    render(status, &page)
}

pub async fn edit_form(
    state: web::Data<AppState>,
    author: Author,
    csrf: CsrfToken,
    slug: web::Path<String>,
    lang: Lang,
) -> Result<HttpResponse, WebError> {
    let post = posts::editable(&state.ctx(), &author.0, &slug).await?;
    let text = Text::of(&state, &post, &lang).await?;
    let mut page = edit_page(&author.0, &csrf, &post, &text, None, None);
    if text.current.is_none() {
        page.notice = Some(format!(
            "You are starting the {} translation from the original text. It stays a draft until you publish it.",
            text.locale.label()
        ));
    }
    let draft = state
        .store
        .draft(&state.site, post.id, author.0.id, &text.locale)
        .await?;
    if let Some(draft) = draft {
        let changed = if draft.base == text.base() {
            String::new()
        } else {
            format!(" The text has moved on to revision {} since.", text.base())
        };
        page.notice = Some(format!(
            "This is your draft, saved {} from revision {}; it is not a revision yet.{changed}",
            draft.saved.format("%B %-d, %Y at %H:%M UTC"),
            draft.base
        ));
        page.has_draft = true;
        page.base = draft.base;
        page.title = draft.title;
        page.body = draft.body;
        page.tags = draft.tags;
    }
    render_editor(&state, StatusCode::OK, page, &post).await
}

pub async fn discard_draft(
    state: web::Data<AppState>,
    author: Author,
    slug: web::Path<String>,
    lang: Lang,
    _form: CsrfForm<CsrfOnly>,
) -> Result<HttpResponse, WebError> {
    let post = posts::editable(&state.ctx(), &author.0, &slug).await?;
    let text = Text::of(&state, &post, &lang).await?;
    state
        .store
        .discard_draft(&state.site, post.id, author.0.id, &text.locale)
        .await?;
    Ok(see_other(&urls::edit(post.slug.as_str(), text.lang())))
}

#[derive(Deserialize)]
pub struct EditForm {
    csrf: String,
    base: u32,
    title: String,
    body: String,
    #[serde(default)]
    tags: String,
    #[serde(default)]
    message: String,
    /// `draft` keeps the text as a private draft; `publish` saves a revision and
    /// publishes the text (a draft's); `schedule` saves a revision and goes on to the
    /// draft's schedule; anything else saves a revision.
    #[serde(default)]
    action: String,
}

csrf_field!(EditForm);

pub async fn save(
    state: web::Data<AppState>,
    author: Author,
    csrf: CsrfToken,
    slug: web::Path<String>,
    lang: Lang,
    form: CsrfForm<EditForm>,
) -> Result<HttpResponse, WebError> {
    let user = author.0;
    let post = posts::editable(&state.ctx(), &user, &slug).await?;
    let text = Text::of(&state, &post, &lang).await?;
    if form.action == "draft" {
        return match Draft::parse(form.base, &form.title, &form.body, &form.tags, now()) {
            Ok(draft) => {
                state
                    .store
                    .save_draft(&state.site, post.id, user.id, &text.locale, &draft)
                    .await?;
                Ok(see_other(&urls::edit(post.slug.as_str(), text.lang())))
            }
            Err(e) => {
                let page = edit_page(&user, &csrf, &post, &text, Some(e.0), Some(&form));
                render_editor(&state, StatusCode::UNPROCESSABLE_ENTITY, page, &post).await
            }
        };
    }
    let default_message = if text.current.is_none() {
        crate::domain::post::FIRST_VERSION
    } else {
        "Edited"
    };
    let parsed = (|| {
        Ok::<_, crate::domain::Invalid>((
            Title::parse(&form.title)?,
            Body::parse(&form.body)?,
            // A translation has the post's tags; a page has none.
            if text.original && !post.is_page() {
                Tags::parse(&form.tags)?
            } else {
                post.tags.clone()
            },
            parse_message(&form.message, default_message)?,
        ))
    })();
    let fields = match parsed {
        Ok((title, body, tags, message)) => crate::app::formatting::rendered(&state.ctx(), body)
            .await?
            .map(|rendered| (title, rendered, tags, message)),
        Err(e) => Err(e),
    };
    let (title, rendered, tags, message) = match fields {
        Ok(fields) => fields,
        Err(e) => {
            let page = edit_page(&user, &csrf, &post, &text, Some(e.0), Some(&form));
            return render_editor(&state, StatusCode::UNPROCESSABLE_ENTITY, page, &post).await;
        }
    };
    if form.action == "preview" {
        // Rendered exactly as the revision will be, and nothing is stored.
        let mut page = edit_page(&user, &csrf, &post, &text, None, Some(&form));
        page.preview = Some(rendered.html);
        return render_editor(&state, StatusCode::OK, page, &post).await;
    }
    let edit = PostEdit::new(
        form.base,
        title,
        rendered,
        tags,
        user.id,
        user.display_name.clone(),
        now(),
        message,
    );
    match posts::save_text(&state.ctx(), &post, text.translation(), edit).await {
        Ok(()) => {
            state
                .store
                .discard_draft(&state.site, post.id, user.id, &text.locale)
                .await?;
            let ctx = state.ctx();
            if form.action == "publish" {
                // The text just saved goes out (a draft published before keeps its date);
                // a page's navigation is read again with it.
                let published = posts::change_status(
                    &ctx,
                    &post,
                    text.translation(),
                    PostStatus::Published,
                    false,
                )
                .await?;
                if !published {
                    return Err(text.not_there());
                }
            } else if post.is_page() {
                // Its title (and state) in the navigation.
                ctx.reread_frame().await;
            }
            if form.action == "schedule" && text.original && post.status == PostStatus::Draft {
                return Ok(see_other(&urls::schedule(post.slug.as_str())));
            }
            Ok(see_other(&urls::text_url(
                post.slug.as_str(),
                post.is_page(),
                text.lang(),
            )))
        }
        Err(EditError::Conflict) => {
            // Show the newest revision number, so that saving again is a deliberate act.
            let now_at = Text::of(&state, &post, &lang).await?;
            let error = format!(
                "Someone saved this text (revision {}) after you opened it. Your text is below: compare it with the history, then save again.",
                now_at.base()
            );
            let mut page = edit_page(&user, &csrf, &post, &now_at, Some(error), Some(&form));
            page.base = now_at.base();
            render_editor(&state, StatusCode::CONFLICT, page, &post).await
        }
        Err(e) => Err(posts::edit_failed(e).into()),
    }
}

#[derive(Deserialize)]
struct HistoryQuery {
    #[serde(default)]
    from: Option<String>,
}

/// The newest revision a history page lists: `from` in the address (a later page), never
/// past the current revision.
fn newest_listed(req: &HttpRequest, current: u32) -> Result<u32, WebError> {
    let broken = || {
        WebError::BadRequest(
            "This page link is broken. Start again from the newest revisions.".into(),
        )
    };
    let query = web::Query::<HistoryQuery>::from_query(req.query_string()).map_err(|_| broken())?;
    match query.from.as_deref() {
        None => Ok(current),
        Some(from) => match from.parse::<u32>() {
            Ok(n) if n >= 1 => Ok(n.min(current)),
            _ => Err(broken()),
        },
    }
}

pub async fn history(
    state: web::Data<AppState>,
    author: Author,
    csrf: CsrfToken,
    slug: web::Path<String>,
    lang: Lang,
    req: HttpRequest,
) -> Result<HttpResponse, WebError> {
    let post = posts::editable(&state.ctx(), &author.0, &slug).await?;
    let text = Text::of(&state, &post, &lang).await?;
    let current = text.existing()?;
    let newest = newest_listed(&req, current.revision)?;
    let revisions = state
        .store
        .revisions(&state.site, post.id, &text.locale, newest, HISTORY_PAGE)
        .await?;
    let slug = post.slug.as_str();
    let older = revisions
        .last()
        .filter(|last| last.number > 1)
        .map(|last| urls::history_from(slug, text.lang(), last.number - 1));
    let newer = (newest < current.revision).then(|| urls::history(slug, text.lang()));
    let rows = revisions
        .into_iter()
        .map(|r| HistoryRow {
            number: r.number,
            url: urls::revision(slug, text.lang(), r.number),
            key: key_of(&state, &post, &text.locale, r.number),
            title: r.title,
            author: r.author_name,
            date: dated(r.created),
            message: r.message,
            current: r.number == current.revision,
        })
        .collect();
    let page = HistoryPage {
        layout: layout(&MaybeUser(Some(author.0)), &csrf),
        text_url: urls::text_url(slug, post.is_page(), text.lang()),
        edit_url: urls::edit(slug, text.lang()),
        diff_url: urls::diff(slug),
        language: text.language(),
        lang: if text.original {
            String::new()
        } else {
            text.locale.code()
        },
        title: current.title.as_str().to_owned(),
        rows,
        older,
        newer,
    };
    render(StatusCode::OK, &page)
}

pub async fn show(
    state: web::Data<AppState>,
    author: Author,
    csrf: CsrfToken,
    path: web::Path<(String, String)>,
    lang: Lang,
) -> Result<HttpResponse, WebError> {
    let (slug, number) = path.into_inner();
    let post = posts::editable(&state.ctx(), &author.0, &slug).await?;
    let text = Text::of(&state, &post, &lang).await?;
    let revision = saved(&state, &post, &text, &number).await?;
    let page = RevisionPage {
        layout: layout(&MaybeUser(Some(author.0)), &csrf),
        history_url: urls::history(post.slug.as_str(), text.lang()),
        restore_url: urls::restore(post.slug.as_str(), text.lang(), revision.number),
        key: key_of(&state, &post, &text.locale, revision.number),
        number: revision.number,
        current: revision.number == text.base(),
        title: revision.title.as_str().to_owned(),
        body_html: revision.body_html,
        author: revision.author_name,
        date: dated(revision.created),
        message: revision.message,
    };
    render(StatusCode::OK, &page)
}

/// Restores an old revision by saving a copy of it as the newest one.
pub async fn restore(
    state: web::Data<AppState>,
    author: Author,
    path: web::Path<(String, String)>,
    lang: Lang,
    _form: CsrfForm<CsrfOnly>,
) -> Result<HttpResponse, WebError> {
    let (slug, number) = path.into_inner();
    let user = author.0;
    let post = posts::editable(&state.ctx(), &user, &slug).await?;
    let text = Text::of(&state, &post, &lang).await?;
    let old = saved(&state, &post, &text, &number).await?;
    let edit = PostEdit::new(
        text.base(),
        old.title,
        // Its text as it was rendered then: nothing renders it again.
        Rendered::stored(old.body, old.body_html),
        old.tags,
        user.id,
        user.display_name.clone(),
        now(),
        format!("Restored revision {}", old.number),
    );
    posts::save_text(&state.ctx(), &post, text.translation(), edit)
        .await
        .map_err(posts::edit_failed)?;
    Ok(see_other(&urls::history(post.slug.as_str(), text.lang())))
}

#[derive(Deserialize)]
pub struct DiffQuery {
    from: String,
    to: String,
}

/// A line-by-line difference between two revisions of one post (titles, tags and text).
pub async fn diff(
    state: web::Data<AppState>,
    author: Author,
    csrf: CsrfToken,
    slug: web::Path<String>,
    lang: Lang,
    query: web::Query<DiffQuery>,
) -> Result<HttpResponse, WebError> {
    let post = posts::editable(&state.ctx(), &author.0, &slug).await?;
    let text = Text::of(&state, &post, &lang).await?;
    let (from, to) = (
        saved(&state, &post, &text, &query.from).await?,
        saved(&state, &post, &text, &query.to).await?,
    );
    let compared = |r: &SavedRevision| comparable(r.title.as_str(), &r.tags, r.body.as_str());
    let lines = diff_lines(&compared(&from), &compared(&to));
    let page = DiffPage {
        layout: layout(&MaybeUser(Some(author.0)), &csrf),
        history_url: urls::history(post.slug.as_str(), text.lang()),
        title: to.title.as_str().to_owned(),
        from: from.number,
        from_url: urls::revision(post.slug.as_str(), text.lang(), from.number),
        to: to.number,
        to_url: urls::revision(post.slug.as_str(), text.lang(), to.number),
        lines,
    };
    render(StatusCode::OK, &page)
}
