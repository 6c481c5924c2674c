//! Comments under posts, as readers meet them: a page of approved comments with replies
//! under the comment they answer, the form to write one (or a reply), and editing or
//! deleting one's own for `EDIT_WINDOW_MINUTES`.

use super::auth::{MaybeUser, SignedIn};
use super::comment_section::shown_at;
use super::csrf::{CsrfForm, CsrfOnly, CsrfToken, csrf_field, layout};
use super::limits::client_ip;
use super::pages::{CommentDraft, CommentEditPage};
use super::post_page::page_with_comment;
use super::{AppState, WebError, render, see_other};
use crate::app::comments;
use crate::app::posts;
use crate::domain::comment_policy::{self, FormFacts, PostFacts, Refusal};
use crate::domain::{CommentBody, CommentId, CommentState, Post, PostStatus, User, now};
use crate::urls;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;

#[derive(Deserialize)]
pub struct CommentFormData {
    csrf: String,
    #[serde(default)]
    body: String,
    #[serde(default)]
    parent: String,
    #[serde(default)]
    name: String,
    #[serde(default)]
    email: String,
    /// The honeypot: hidden from people, filled in by some robots.
    #[serde(default)]
    website: String,
    #[serde(default)]
    shown: String,
}

/// Writes a comment or a reply: gathers the facts the comment policy
/// (`domain::comment_policy`) asks for, and does what it decides.
pub async fn create(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    slug: web::Path<String>,
    lang: super::locales::Lang,
    form: CsrfForm<CommentFormData>,
) -> Result<HttpResponse, WebError> {
    let post = posts::post_at(&state.ctx(), &slug).await?;
    if post.status != PostStatus::Published {
        return Err(WebError::NotFound);
    }
    let settings = state.comment_settings().await?;
    let me = user.0.clone();
    // An account the site requires two-step sign-in of writes nothing before it has it
    // (its comment may be published at once, and sent to the fediverse).
    if let Some(me) = &me
        && crate::app::factors::missing_required(&state.ctx(), me).await?
    {
        return Err(WebError::Forbidden(crate::app::factors::REQUIRED.into()));
    }
    let facts = FormFacts {
        signed_in: me.is_some(),
        honeypot_filled: !form.website.is_empty(),
        shown_at_ms: shown_at(&csrf, &form.shown),
        now_ms: now().timestamp_millis(),
        min_delay: state.comment_min_delay,
    };
    let screened = comment_policy::screen(&PostFacts::of(&post), &settings, &facts, now());
    let lang_shown = match &lang.0 {
        Some(l) if *l != post.locale => Some(l),
        _ => None,
    };
    let form = form.into_inner();
    let again = |error: String| CommentDraft {
        body: form.body.clone(),
        name: form.name.clone(),
        email: form.email.clone(),
        parent: form.parent.clone(),
        error,
    };
    match screened {
        Ok(()) => {}
        // A person who was merely quick gets their comment back, to send again.
        Err(Refusal::TooQuick) => {
            let draft = again(comments::TOO_QUICK.into());
            return page_with_comment(&state, &user, &csrf, &post, &lang, draft).await;
        }
        Err(why) => return Err(comments::refused(why, &post).into()),
    }
    let guest = (form.name.as_str(), form.email.as_str());
    let written = comments::write_comment(
        &state.ctx(),
        &client_ip(&req),
        &post,
        me.as_ref(),
        guest,
        &form.body,
        &form.parent,
    )
    .await?;
    let state_of_new = match written {
        Ok(comment) => comment.state,
        Err(e) => {
            return page_with_comment(&state, &user, &csrf, &post, &lang, again(e)).await;
        }
    };
    let outcome = if state_of_new == CommentState::Approved {
        "published"
    } else {
        "pending"
    };
    Ok(see_other(&urls::commented(
        post.slug.as_str(),
        lang_shown,
        outcome,
    )))
}

/// The comment a path names, for its author within the edit window.
async fn own_comment(
    state: &AppState,
    user: &User,
    slug: &str,
    id: &str,
) -> Result<(Post, crate::domain::Comment), WebError> {
    let post = posts::post_at(&state.ctx(), slug).await?;
    let id = CommentId::parse(id).map_err(|_| WebError::NotFound)?;
    let comment = comments::own_comment(&state.ctx(), user, &post, id).await?;
    Ok((post, comment))
}

/// The form that edits or deletes one's own comment.
fn edit_page(
    layout: super::pages::Layout,
    post: &Post,
    comment: &crate::domain::Comment,
    body: String,
    error: Option<String>,
) -> CommentEditPage {
    let (slug, id) = (post.slug.as_str(), comment.id.to_string());
    CommentEditPage {
        layout,
        post_url: urls::post(slug),
        post_title: post.title.as_str().to_owned(),
        action: urls::edited_comment(slug, &id),
        delete_url: urls::delete_comment(slug, &id),
        body,
        error,
    }
}

pub async fn edit_form(
    state: web::Data<AppState>,
    user: SignedIn,
    csrf: CsrfToken,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let (post, comment) = own_comment(&state, &user.0, &slug, &id).await?;
    let page = edit_page(
        layout(&MaybeUser(Some(user.0)), &csrf),
        &post,
        &comment,
        comment.body.as_str().to_owned(),
        None,
    );
    render(StatusCode::OK, &page)
}

#[derive(Deserialize)]
pub struct EditFormData {
    csrf: String,
    #[serde(default)]
    body: String,
}

csrf_field!(CommentFormData, EditFormData);

pub async fn edit(
    state: web::Data<AppState>,
    user: SignedIn,
    csrf: CsrfToken,
    path: web::Path<(String, String)>,
    form: CsrfForm<EditFormData>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let (post, comment) = own_comment(&state, &user.0, &slug, &id).await?;
    let body = match CommentBody::parse(&form.body) {
        Ok(body) => body,
        Err(e) => {
            let page = edit_page(
                layout(&MaybeUser(Some(user.0)), &csrf),
                &post,
                &comment,
                form.body.clone(),
                Some(e.0),
            );
            return render(StatusCode::UNPROCESSABLE_ENTITY, &page);
        }
    };
    comments::edit_comment(&state.ctx(), &post, &comment, &body).await?;
    Ok(see_other(&urls::comment(
        post.slug.as_str(),
        &comment.id.to_string(),
    )))
}

pub async fn delete(
    state: web::Data<AppState>,
    user: SignedIn,
    path: web::Path<(String, String)>,
    _form: CsrfForm<CsrfOnly>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let (post, comment) = own_comment(&state, &user.0, &slug, &id).await?;
    comments::delete_comment(&state.ctx(), &user.0, &post, comment.id).await?;
    Ok(see_other(&urls::comments(post.slug.as_str())))
}

/// Closes or reopens a post's comments (its editors).
pub async fn set_closed(
    state: web::Data<AppState>,
    user: SignedIn,
    slug: web::Path<String>,
    closed: bool,
) -> Result<HttpResponse, WebError> {
    let post = posts::post_at(&state.ctx(), &slug).await?;
    comments::set_comments_closed(&state.ctx(), &user.0, &post, closed).await?;
    Ok(see_other(&urls::comments(post.slug.as_str())))
}

pub async fn close(
    state: web::Data<AppState>,
    user: SignedIn,
    slug: web::Path<String>,
    _form: CsrfForm<CsrfOnly>,
) -> Result<HttpResponse, WebError> {
    set_closed(state, user, slug, true).await
}

pub async fn open(
    state: web::Data<AppState>,
    user: SignedIn,
    slug: web::Path<String>,
    _form: CsrfForm<CsrfOnly>,
) -> Result<HttpResponse, WebError> {
    set_closed(state, user, slug, false).await
}
