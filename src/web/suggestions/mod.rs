//! Suggestions: a signed-in reader proposes an edit of a published post; its author (or
//! an admin) reviews the queue, sees each as a diff, and accepts it (a new revision
//! crediting the suggester) or rejects it.
//!
//! This file takes suggestions; [`review`] holds the reviewers' pages and decisions.

mod review;

pub use review::{accept, queue, reject, show};

use super::auth::{MaybeUser, SignedIn};
use super::csrf::{CsrfForm, CsrfToken, csrf_field, layout};
use super::limits::Subject;
use super::pages::SuggestPage;
use super::{AppState, WebError, render, see_other};
use crate::app::posts;
use crate::domain::post::MAX_SUGGESTIONS_PER_POST;
use crate::domain::post::{Body, parse_message};
use crate::domain::{Post, PostStatus, Suggestion, SuggestionState, Tags, Title, User, now};
use crate::store::SuggestionError;
use crate::urls;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

async fn published(state: &AppState, slug: &str) -> Result<Post, WebError> {
    let post = posts::post_at(&state.ctx(), slug).await?;
    if post.status != PostStatus::Published {
        return Err(WebError::NotFound);
    }
    Ok(post)
}

/// Reviewers of a post's suggestions are its editors.
fn may_review(user: &User, post: &Post) -> Result<(), WebError> {
    if post.may_be_edited_by(Some(user)) {
        Ok(())
    } else {
        Err(WebError::Forbidden(
            "Only the post's author or an administrator reviews suggestions.".into(),
        ))
    }
}

pub async fn form(
    state: web::Data<AppState>,
    user: SignedIn,
    csrf: CsrfToken,
    slug: web::Path<String>,
) -> Result<HttpResponse, WebError> {
    let post = published(&state, &slug).await?;
    let page = SuggestPage {
        layout: layout(&MaybeUser(Some(user.0)), &csrf),
        url: urls::post(post.slug.as_str()),
        action: urls::suggest(post.slug.as_str()),
        error: None,
        base: post.revision,
        title: post.title.as_str().to_owned(),
        body: post.body.as_str().to_owned(),
        tags: post.tags.to_strings().join(", "),
        note: String::new(),
    };
    render(StatusCode::OK, &page)
}

#[derive(Deserialize)]
pub struct SuggestForm {
    csrf: String,
    base: u32,
    title: String,
    body: String,
    #[serde(default)]
    tags: String,
    #[serde(default)]
    note: String,
}

csrf_field!(SuggestForm);

pub async fn create(
    state: web::Data<AppState>,
    user: SignedIn,
    csrf: CsrfToken,
    slug: web::Path<String>,
    form: CsrfForm<SuggestForm>,
) -> Result<HttpResponse, WebError> {
    let user = user.0;
    let post = published(&state, &slug).await?;
    let account = user.id.0.to_string();
    state
        .check_limit(
            Subject::SuggestionBy(&account),
            "You are suggesting changes too fast.",
        )
        .await?;
    state
        .record_attempt(Subject::SuggestionBy(&account))
        .await?;
    let parsed = (|| {
        Ok::<_, crate::domain::Invalid>((
            Title::parse(&form.title)?,
            Body::parse(&form.body)?,
            Tags::parse(&form.tags)?,
            parse_message(&form.note, "")?,
        ))
    })();
    // A suggestion is refused as its text would be when saved.
    let fields = match parsed {
        Ok((title, body, tags, note)) => crate::app::formatting::rendered(&state.ctx(), body)
            .await?
            .map(|rendered| (title, rendered.body, tags, note)),
        Err(e) => Err(e),
    };
    let (title, body, tags, note) = match fields {
        Ok(fields) => fields,
        Err(e) => {
            let page = SuggestPage {
                layout: layout(&MaybeUser(Some(user)), &csrf),
                url: urls::post(post.slug.as_str()),
                action: urls::suggest(post.slug.as_str()),
                error: Some(e.0),
                base: form.base,
                title: form.title.clone(),
                body: form.body.clone(),
                tags: form.tags.clone(),
                note: form.note.clone(),
            };
            return render(StatusCode::UNPROCESSABLE_ENTITY, &page);
        }
    };
    if form.base > post.revision {
        return Err(WebError::BadRequest(
            "That revision of the post does not exist.".into(),
        ));
    }
    let id = state.host_ids.next().await?;
    let suggestion = Suggestion {
        id: id.to_string(),
        post_id: post.id,
        base: form.base,
        title,
        body,
        tags,
        note,
        suggester_id: user.id,
        suggester_name: user.display_name.clone(),
        created: now(),
        state: SuggestionState::Open,
    };
    match state
        .store
        .create_suggestion(&state.site, &suggestion)
        .await
    {
        Ok(()) => Ok(see_other(&urls::suggested(post.slug.as_str()))),
        Err(SuggestionError::Full) => Err(WebError::Forbidden(format!(
            "This post has reached its limit of {MAX_SUGGESTIONS_PER_POST} suggestions and takes no more."
        ))),
        Err(SuggestionError::Store(e)) => Err(e.into()),
    }
}
