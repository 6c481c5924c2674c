//! Comments under posts, as readers meet them: a page of approved comments with replies
//! under the comment they answer, the form to write one (or a reply), and editing or
//! deleting one's own for `EDIT_WINDOW_MINUTES`.

use super::auth::{CsrfForm, CsrfOnly, CsrfToken, MaybeUser, SignedIn, csrf_field, layout};
use super::comment_section::{closed_message, post_facts, shown_at};
use super::limits::{Subject, client_ip};
use super::pages::{CommentDraft, CommentEditPage};
use super::posts::post_at;
use super::{AppState, WebError, render, see_other};
use crate::domain::comment::{EDIT_WINDOW_MINUTES, MAX_COMMENTS_PER_POST, parse_guest_name};
use crate::domain::comment_policy::{self, FormFacts, Refusal};
use crate::domain::{
    CommentBody, CommentId, CommentState, CommentedPost, Commenter, Email, Moderation, NewComment,
    Post, PostStatus, User, now,
};
use crate::store::{CommentError, ModerationError};
use crate::urls;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;

/// The answer to a comment the policy refuses.
pub(super) fn refused(why: Refusal, post: &Post) -> WebError {
    match why {
        Refusal::Closed(why) => WebError::Forbidden(closed_message(why)),
        Refusal::SignInRequired => WebError::LoginRequired {
            next: urls::post(post.slug.as_str()),
        },
        Refusal::Automated => {
            WebError::BadRequest("This comment looks automated and was not posted.".into())
        }
        Refusal::FormExpired => WebError::BadRequest(
            "The comment form has expired or was not made by this site. Reload the page and try again."
                .into(),
        ),
        Refusal::TooQuick => WebError::BadRequest(TOO_QUICK.into()),
        Refusal::Banned => WebError::Forbidden("You can no longer comment on this site.".into()),
    }
}

/// What a commenter who sent the form too soon is told, under the form they sent.
const TOO_QUICK: &str = "That was quick: please read your comment over and send it again.";

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
    let post = post_at(&state, &slug).await?;
    if post.status != PostStatus::Published {
        return Err(WebError::NotFound);
    }
    let settings = state.comment_settings().await?;
    let me = user.0.clone();
    let facts = FormFacts {
        signed_in: me.is_some(),
        honeypot_filled: !form.website.is_empty(),
        shown_at_ms: shown_at(&csrf, &form.shown),
        now_ms: now().timestamp_millis(),
        min_delay: state.comment_min_delay,
    };
    let screened = comment_policy::screen(&post_facts(&post), &settings, &facts, now());
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
            let draft = again(TOO_QUICK.into());
            return super::posts::page_with_comment(&state, &user, &csrf, &post, &lang, draft)
                .await;
        }
        Err(why) => return Err(refused(why, &post)),
    }
    let guest = (form.name.as_str(), form.email.as_str());
    let written = write_comment(
        &state,
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
            return super::posts::page_with_comment(&state, &user, &csrf, &post, &lang, again(e))
                .await;
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

/// Writes a comment that passed the form's screening: within the rate limits of its
/// address and account, its text and author checked (`Err`: why not, for the writer to
/// see under what they sent), a reply to a published comment of the same post, placed
/// by the site's policy, within the post's cap. `guest` is the name and address a
/// visitor without an account gives.
pub(super) async fn write_comment(
    state: &AppState,
    ip: &str,
    post: &Post,
    me: Option<&User>,
    guest: (&str, &str),
    text: &str,
    parent: &str,
) -> Result<Result<NewComment, String>, WebError> {
    let settings = state.comment_settings().await?;
    state
        .check_limit(
            Subject::CommentFromIp(ip),
            "Too many comments have come from your address.",
        )
        .await?;
    if let Some(u) = me {
        let account = u.id.0.to_string();
        state
            .check_limit(Subject::CommentBy(&account), "You are commenting too fast.")
            .await?;
    }
    state.record_attempt(Subject::CommentFromIp(ip)).await?;
    if let Some(u) = me {
        state
            .record_attempt(Subject::CommentBy(&u.id.0.to_string()))
            .await?;
    }
    let parsed = (|| {
        let body = CommentBody::parse(text)?;
        let author = match me {
            Some(u) => Commenter::Member {
                id: u.id,
                name: u.display_name.clone(),
            },
            None => Commenter::Guest {
                name: parse_guest_name(guest.0)?,
                email: Email::parse(guest.1)?.as_str().to_owned(),
            },
        };
        Ok::<_, crate::domain::Invalid>((body, author))
    })();
    let (body, author) = match parsed {
        Ok(fields) => fields,
        Err(e) => return Ok(Err(e.0)),
    };
    let parent = if parent.is_empty() {
        None
    } else {
        let id = CommentId::parse(parent).map_err(|e| WebError::BadRequest(e.0))?;
        let answered = state
            .store
            .comment(&state.site, post.id, id)
            .await?
            .filter(|c| c.state == CommentState::Approved)
            .ok_or_else(|| {
                WebError::BadRequest("A reply answers a published comment on the same post.".into())
            })?;
        Some(answered)
    };
    let author_facts = match me {
        Some(u) => {
            let standing = state.store.commenter_standing(&state.site, u.id).await?;
            comment_policy::Author::Member {
                banned: standing.banned,
                trusted: standing.trusted,
                editor: post.may_be_edited_by(Some(u)),
            }
        }
        None => comment_policy::Author::Guest,
    };
    let state_of_new =
        comment_policy::place(&author_facts, &settings).map_err(|why| refused(why, post))?;
    let comment = NewComment::new(
        CommentedPost {
            id: post.id,
            slug: post.slug.as_str().to_owned(),
            title: post.title.as_str().to_owned(),
        },
        parent.as_ref(),
        author,
        body,
        state_of_new,
        now(),
    );
    let added = state.store.add_comment(&state.site, &comment).await;
    state.forget_comment_state_counts();
    match added {
        Ok(()) => {}
        Err(CommentError::Full) => {
            return Err(WebError::Forbidden(format!(
                "This post has reached its limit of {MAX_COMMENTS_PER_POST} comments and takes no more."
            )));
        }
        Err(CommentError::Store(e)) => return Err(e.into()),
    }
    Ok(Ok(comment))
}

/// The comment a path names, for its author within the edit window.
async fn own_comment(
    state: &AppState,
    user: &User,
    slug: &str,
    id: &str,
) -> Result<(Post, crate::domain::Comment), WebError> {
    let post = post_at(state, slug).await?;
    let id = CommentId::parse(id).map_err(|_| WebError::NotFound)?;
    let comment = state
        .store
        .comment(&state.site, post.id, id)
        .await?
        .filter(|c| c.state != CommentState::Deleted)
        .ok_or_else(|| WebError::NotFoundWith("There is no such comment on this post.".into()))?;
    if comment.author.user_id() != Some(user.id) {
        return Err(WebError::Forbidden(
            "Only its author can change a comment.".into(),
        ));
    }
    if !comment.editable_by(user.id, now()) {
        return Err(WebError::Forbidden(format!(
            "A comment can be changed for {EDIT_WINDOW_MINUTES} minutes after it is written; this one no longer can."
        )));
    }
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
    state
        .store
        .edit_comment(&state.site, post.id, comment.id, &body, now())
        .await
        .map_err(moderation_failed)?;
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
    let moderation = Moderation {
        to: CommentState::Deleted,
        reason: "Deleted by its author".into(),
        by: user.0.id,
        by_name: user.0.display_name.clone(),
        at: now(),
    };
    state
        .moderate(post.id, comment.id, &moderation)
        .await
        .map_err(moderation_failed)?;
    Ok(see_other(&urls::comments(post.slug.as_str())))
}

/// How a refused moderation or edit reads.
pub fn moderation_failed(e: ModerationError) -> WebError {
    match e {
        ModerationError::NoSuchComment => {
            WebError::NotFoundWith("There is no such comment on this post.".into())
        }
        ModerationError::Illegal { .. } => {
            let message = e.to_string();
            let mut chars = message.chars();
            let capitalized: String = chars
                .next()
                .map(|c| c.to_uppercase().chain(chars).collect())
                .unwrap_or_default();
            WebError::Conflict(format!("{capitalized}."))
        }
        ModerationError::Store(e) => e.into(),
    }
}

/// Closes or reopens a post's comments (its editors).
pub async fn set_closed(
    state: web::Data<AppState>,
    user: SignedIn,
    slug: web::Path<String>,
    closed: bool,
) -> Result<HttpResponse, WebError> {
    let post = post_at(&state, &slug).await?;
    if !post.may_be_edited_by(Some(&user.0)) {
        return Err(WebError::Forbidden(
            "Only the post's author or an administrator can close its comments.".into(),
        ));
    }
    state
        .store
        .set_comments_closed(&state.site, post.id, closed)
        .await?;
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
