//! Reviewing suggestions: a post's queue, one suggestion as a diff, and accepting or
//! rejecting it.

use super::super::auth::{Author, MaybeUser};
use super::super::csrf::{CsrfForm, CsrfOnly, CsrfToken, layout};
use super::super::pages::{
    SuggestionPage, SuggestionRow, SuggestionsPage, comparable, dated, diff_lines,
};
use super::super::{AppState, WebError, render, see_other};
use super::{may_review, published};
use crate::domain::{Post, Suggestion, SuggestionState};
use crate::store::{EditError, Intent, IntentId};
use crate::urls;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

pub async fn queue(
    state: web::Data<AppState>,
    author: Author,
    csrf: CsrfToken,
    slug: web::Path<String>,
) -> Result<HttpResponse, WebError> {
    let post = published(&state, &slug).await?;
    may_review(&author.0, &post)?;
    let slug = post.slug.as_str();
    let rows = state
        .store
        .suggestions(&state.site, post.id)
        .await?
        .into_iter()
        .map(|g| SuggestionRow {
            url: urls::suggestion(slug, &g.id),
            id: g.id,
            by: g.suggester_name,
            date: dated(g.created),
            note: g.note,
            state: g.state.as_str(),
        })
        .collect();
    let page = SuggestionsPage {
        layout: layout(&MaybeUser(Some(author.0)), &csrf),
        url: urls::post(slug),
        history_url: urls::history(slug, None),
        title: post.title.as_str().to_owned(),
        rows,
    };
    render(StatusCode::OK, &page)
}

async fn suggestion_at(
    state: &AppState,
    post: &Post,
    host: &str,
    n: &str,
) -> Result<Suggestion, WebError> {
    let id = format!("{host}/{n}");
    state
        .store
        .suggestion(&state.site, post.id, &id)
        .await?
        .ok_or_else(|| WebError::NotFoundWith(format!("This post has no suggestion {id}.")))
}

pub async fn show(
    state: web::Data<AppState>,
    author: Author,
    csrf: CsrfToken,
    path: web::Path<(String, String, String)>,
) -> Result<HttpResponse, WebError> {
    let (slug, host, n) = path.into_inner();
    let post = published(&state, &slug).await?;
    may_review(&author.0, &post)?;
    let suggestion = suggestion_at(&state, &post, &host, &n).await?;
    let base = state
        .store
        .revision(&state.site, post.id, &post.locale, suggestion.base)
        .await?;
    let old = base
        .map(|b| comparable(b.title.as_str(), &b.tags, b.body.as_str()))
        .unwrap_or_default();
    let new = comparable(
        suggestion.title.as_str(),
        &suggestion.tags,
        suggestion.body.as_str(),
    );
    let lines = diff_lines(&old, &new);
    let slug = post.slug.as_str();
    let page = SuggestionPage {
        layout: layout(&MaybeUser(Some(author.0)), &csrf),
        suggestions_url: urls::suggestions(slug),
        accept_url: urls::accept_suggestion(slug, &suggestion.id),
        reject_url: urls::reject_suggestion(slug, &suggestion.id),
        id: suggestion.id,
        by: suggestion.suggester_name,
        date: dated(suggestion.created),
        note: suggestion.note,
        base: suggestion.base,
        current: post.revision,
        open: suggestion.state == SuggestionState::Open,
        state: suggestion.state.as_str(),
        lines,
    };
    render(StatusCode::OK, &page)
}

/// Checks the form and the reviewer, then moves the suggestion the path names from open
/// to `to`: of two concurrent decisions only one gets here. An acceptance is recorded
/// first as an intent, ended once the text is saved, so that the reconciler saves it if
/// this process dies between the decision and the save.
async fn decide(
    state: &AppState,
    author: &Author,
    path: (String, String, String),
    to: SuggestionState,
) -> Result<(Post, Suggestion, Option<IntentId>), WebError> {
    let (slug, host, n) = path;
    let post = published(state, &slug).await?;
    may_review(&author.0, &post)?;
    let suggestion = suggestion_at(state, &post, &host, &n).await?;
    let intent = match to {
        SuggestionState::Accepted => Some(
            state
                .store
                .begin(&Intent::ApplySuggestion {
                    site: state.site.to_string(),
                    post: post.id.0,
                    suggestion: suggestion.id.clone(),
                    accepted_by: author.0.display_name.clone(),
                })
                .await?,
        ),
        _ => None,
    };
    let won = state
        .store
        .decide_suggestion(&state.site, post.id, &suggestion.id, to)
        .await?;
    if !won {
        if let Some(intent) = intent {
            state.store.end(intent).await?;
        }
        return Err(WebError::Conflict(
            "This suggestion was already accepted or rejected.".into(),
        ));
    }
    Ok((post, suggestion, intent))
}

/// Accepts: the suggestion becomes the post's newest revision, credited to its author.
pub async fn accept(
    state: web::Data<AppState>,
    author: Author,
    path: web::Path<(String, String, String)>,
    _form: CsrfForm<CsrfOnly>,
) -> Result<HttpResponse, WebError> {
    let (post, suggestion, intent) = decide(
        &state,
        &author,
        path.into_inner(),
        SuggestionState::Accepted,
    )
    .await?;
    let saved = crate::app::suggestions::apply_suggestion(
        state.store.as_ref(),
        &state.site,
        post.id,
        &suggestion.id,
        &author.0.display_name,
    )
    .await;
    match saved {
        Ok(saved) => {
            if let Some(intent) = intent {
                state.store.end(intent).await?;
            }
            Ok(see_other(&urls::post(saved.slug.as_str())))
        }
        // Left to the reconciler, which saves it on top of whatever the post is then.
        Err(EditError::Conflict) => Err(WebError::Conflict(
            "The post kept changing while the suggestion was being saved; it will be saved \
             shortly."
                .into(),
        )),
        Err(e) => Err(crate::app::posts::edit_failed(e).into()),
    }
}

pub async fn reject(
    state: web::Data<AppState>,
    author: Author,
    path: web::Path<(String, String, String)>,
    _form: CsrfForm<CsrfOnly>,
) -> Result<HttpResponse, WebError> {
    let (post, _, _) = decide(
        &state,
        &author,
        path.into_inner(),
        SuggestionState::Rejected,
    )
    .await?;
    Ok(see_other(&urls::suggestions(post.slug.as_str())))
}
