//! Editing a post as a chain of immutable revisions: edit, history, one revision, the
//! difference between two, and restoring an old one (a new revision that copies it).

use super::auth::{Author, CsrfForm, CsrfToken, MaybeUser};
use super::pages::{
    DiffPage, EditPage, HistoryPage, HistoryRow, Layout, RevisionPage, comparable, dated,
    diff_lines,
};
use super::posts::editable;
use super::{AppState, WebError, render, see_other};
use crate::domain::post::{Body, parse_message};
use crate::domain::revision::{Locale, PagePath, RevisionKey};
use crate::domain::{Draft, Post, PostEdit, SavedRevision, Tags, Title, User, now};
use crate::store::EditError;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

async fn saved(state: &AppState, post: &Post, number: &str) -> Result<SavedRevision, WebError> {
    let number: u32 = number
        .parse()
        .map_err(|_| WebError::BadRequest(format!("{number:?} is not a revision number.")))?;
    state
        .store
        .revision(&state.site, post.id, number)
        .await?
        .ok_or_else(|| WebError::NotFoundWith(format!("This post has no revision {number}.")))
}

fn key_of(state: &AppState, post: &Post, number: u32) -> String {
    let path = PagePath::parse(&format!("posts/{}", post.slug.as_str())).map(|path| {
        RevisionKey::Revision {
            site: state.site.clone(),
            path,
            locale: Locale::Neutral,
            branch: 1,
            revision: number,
        }
    });
    path.map(|key| key.to_string()).unwrap_or_default()
}

fn edit_page(
    author: &User,
    csrf: &CsrfToken,
    post: &Post,
    error: Option<String>,
    form: Option<&EditForm>,
) -> EditPage {
    EditPage {
        layout: Layout::new(&MaybeUser(Some(author.clone())), csrf),
        url: format!("/posts/{}", post.slug.as_str()),
        error,
        notice: None,
        has_draft: false,
        base: form.map_or(post.revision, |f| f.base),
        title: form.map_or_else(|| post.title.as_str().to_owned(), |f| f.title.clone()),
        body: form.map_or_else(|| post.body.as_str().to_owned(), |f| f.body.clone()),
        tags: form.map_or_else(|| post.tags.to_strings().join(", "), |f| f.tags.clone()),
        message: form.map_or_else(String::new, |f| f.message.clone()),
    }
}

pub async fn edit_form(
    state: web::Data<AppState>,
    author: Author,
    csrf: CsrfToken,
    slug: web::Path<String>,
) -> Result<HttpResponse, WebError> {
    let post = editable(&state, &author.0, &slug).await?;
    let mut page = edit_page(&author.0, &csrf, &post, None, None);
    if let Some(draft) = state.store.draft(&state.site, post.id, author.0.id).await? {
        let changed = if draft.base == post.revision {
            String::new()
        } else {
            format!(
                " The post has moved on to revision {} since.",
                post.revision
            )
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
    render(StatusCode::OK, &page)
}

pub async fn discard_draft(
    state: web::Data<AppState>,
    author: Author,
    csrf: CsrfToken,
    slug: web::Path<String>,
    form: web::Form<CsrfForm>,
) -> Result<HttpResponse, WebError> {
    csrf.check(&form.csrf)?;
    let post = editable(&state, &author.0, &slug).await?;
    state
        .store
        .discard_draft(&state.site, post.id, author.0.id)
        .await?;
    Ok(see_other(&format!("/posts/{}/edit", post.slug.as_str())))
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
    /// `draft` keeps the text as a private draft; anything else saves a revision.
    #[serde(default)]
    action: String,
}

pub async fn save(
    state: web::Data<AppState>,
    author: Author,
    csrf: CsrfToken,
    slug: web::Path<String>,
    form: web::Form<EditForm>,
) -> Result<HttpResponse, WebError> {
    csrf.check(&form.csrf)?;
    let user = author.0;
    let post = editable(&state, &user, &slug).await?;
    if form.action == "draft" {
        return match Draft::parse(form.base, &form.title, &form.body, &form.tags, now()) {
            Ok(draft) => {
                state
                    .store
                    .save_draft(&state.site, post.id, user.id, &draft)
                    .await?;
                Ok(see_other(&format!("/posts/{}/edit", post.slug.as_str())))
            }
            Err(e) => render(
                StatusCode::UNPROCESSABLE_ENTITY,
                &edit_page(&user, &csrf, &post, Some(e.0), Some(&form)),
            ),
        };
    }
    let parsed = (|| {
        Ok::<_, crate::domain::Invalid>((
            Title::parse(&form.title)?,
            Body::parse(&form.body)?,
            Tags::parse(&form.tags)?,
            parse_message(&form.message, "Edited")?,
        ))
    })();
    let (title, body, tags, message) = match parsed {
        Ok(fields) => fields,
        Err(e) => {
            let page = edit_page(&user, &csrf, &post, Some(e.0), Some(&form));
            return render(StatusCode::UNPROCESSABLE_ENTITY, &page);
        }
    };
    let edit = PostEdit::new(
        form.base,
        title,
        body,
        tags,
        user.id,
        user.display_name.clone(),
        now(),
        message,
    );
    match state.store.save_revision(&state.site, post.id, edit).await {
        Ok(saved) => {
            state
                .store
                .discard_draft(&state.site, post.id, user.id)
                .await?;
            Ok(see_other(&format!("/posts/{}", saved.slug.as_str())))
        }
        Err(EditError::Conflict) => {
            let error = format!(
                "Someone saved this post (revision {}) after you opened it. Your text is below: compare it with the history, then save again.",
                post.revision
            );
            let mut page = edit_page(&user, &csrf, &post, Some(error), Some(&form));
            page.base = post.revision;
            render(StatusCode::CONFLICT, &page)
        }
        Err(EditError::NoSuchPost) => Err(WebError::NotFound),
        Err(EditError::Store(e)) => Err(e.into()),
    }
}

pub async fn history(
    state: web::Data<AppState>,
    author: Author,
    csrf: CsrfToken,
    slug: web::Path<String>,
) -> Result<HttpResponse, WebError> {
    let post = editable(&state, &author.0, &slug).await?;
    let revisions = state.store.revisions(&state.site, post.id).await?;
    let url = format!("/posts/{}", post.slug.as_str());
    let rows = revisions
        .into_iter()
        .map(|r| HistoryRow {
            number: r.number,
            key: key_of(&state, &post, r.number),
            title: r.title,
            author: r.author_name,
            date: dated(r.created),
            message: r.message,
            current: r.number == post.revision,
        })
        .collect();
    let page = HistoryPage {
        layout: Layout::new(&MaybeUser(Some(author.0)), &csrf),
        url,
        title: post.title.as_str().to_owned(),
        rows,
    };
    render(StatusCode::OK, &page)
}

pub async fn show(
    state: web::Data<AppState>,
    author: Author,
    csrf: CsrfToken,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, WebError> {
    let (slug, number) = path.into_inner();
    let post = editable(&state, &author.0, &slug).await?;
    let revision = saved(&state, &post, &number).await?;
    let page = RevisionPage {
        layout: Layout::new(&MaybeUser(Some(author.0)), &csrf),
        url: format!("/posts/{}", post.slug.as_str()),
        key: key_of(&state, &post, revision.number),
        number: revision.number,
        current: revision.number == post.revision,
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
    csrf: CsrfToken,
    path: web::Path<(String, String)>,
    form: web::Form<CsrfForm>,
) -> Result<HttpResponse, WebError> {
    csrf.check(&form.csrf)?;
    let (slug, number) = path.into_inner();
    let user = author.0;
    let post = editable(&state, &user, &slug).await?;
    let old = saved(&state, &post, &number).await?;
    let edit = PostEdit::new(
        post.revision,
        old.title,
        old.body,
        old.tags,
        user.id,
        user.display_name.clone(),
        now(),
        format!("Restored revision {}", old.number),
    );
    match state.store.save_revision(&state.site, post.id, edit).await {
        Ok(_) => Ok(see_other(&format!("/posts/{}/history", post.slug.as_str()))),
        Err(EditError::Conflict) => Err(WebError::Conflict(
            "Someone saved this post a moment ago. Open the history again and retry.".into(),
        )),
        Err(EditError::NoSuchPost) => Err(WebError::NotFound),
        Err(EditError::Store(e)) => Err(e.into()),
    }
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
    query: web::Query<DiffQuery>,
) -> Result<HttpResponse, WebError> {
    let post = editable(&state, &author.0, &slug).await?;
    let (from, to) = (
        saved(&state, &post, &query.from).await?,
        saved(&state, &post, &query.to).await?,
    );
    let text = |r: &SavedRevision| comparable(r.title.as_str(), &r.tags, r.body.as_str());
    let lines = diff_lines(&text(&from), &text(&to));
    let page = DiffPage {
        layout: Layout::new(&MaybeUser(Some(author.0)), &csrf),
        url: format!("/posts/{}", post.slug.as_str()),
        title: post.title.as_str().to_owned(),
        from: from.number,
        to: to.number,
        lines,
    };
    render(StatusCode::OK, &page)
}
