//! Suggestions: a signed-in reader proposes an edit of a published post; its author (or
//! an admin) reviews the queue, sees each as a diff, and accepts it (a new revision
//! crediting the suggester) or rejects it.

use super::auth::{Author, CsrfForm, CsrfOnly, CsrfToken, MaybeUser, SignedIn, csrf_field, layout};
use super::limits::Subject;
use super::pages::{
    SuggestPage, SuggestionPage, SuggestionRow, SuggestionsPage, comparable, dated, diff_lines,
};
use super::{AppState, WebError, render, see_other};
use crate::app::posts;
use crate::domain::post::MAX_SUGGESTIONS_PER_POST;
use crate::domain::post::{Body, parse_message};
use crate::domain::{Post, PostStatus, Suggestion, SuggestionState, Tags, Title, User, now};
use crate::store::SuggestionError;
use crate::store::{EditError, Intent, IntentId};
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
