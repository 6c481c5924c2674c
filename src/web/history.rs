//! A text's history: its revisions a page at a time, one revision, the difference
//! between two, and restoring an old one (a new revision that copies it).

use super::auth::{Author, MaybeUser};
use super::csrf::{CsrfForm, CsrfOnly, CsrfToken, layout};
use super::locales::{Lang, Text};
use super::pages::{
    DiffPage, HistoryPage, HistoryRow, RevisionPage, comparable, dated, diff_lines,
};
use super::{AppState, WebError, render, see_other};
use crate::app::posts;
use crate::domain::post::Rendered;
use crate::domain::revision::{Locale, PagePath, RevisionKey};
use crate::domain::{HISTORY_PAGE, Post, PostEdit, SavedRevision, now};
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
