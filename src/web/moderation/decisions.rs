//! What the desk decides: comments moved in bulk to another list, and commenters banned
//! from the site's comments or let back.

use super::super::auth::{Admin, SignedIn};
use super::super::csrf::{CsrfForm, csrf_field};
use super::super::{AppState, WebError, see_other};
use super::moderated_post;
use crate::app::comments;
use crate::domain::comment::parse_reason;
use crate::domain::{CommentId, CommentState, Post, PostId};
use crate::urls;
use actix_web::{HttpResponse, web};
use serde::Deserialize;
use uuid::Uuid;

/// A bulk decision: the form's picks, state and reason, moved by
/// [`comments::moderate_many`].
async fn decide(
    state: &AppState,
    user: &crate::domain::User,
    post: Option<&Post>,
    form: Vec<(String, String)>,
) -> Result<HttpResponse, WebError> {
    let field = |name: &str| {
        form.iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    };
    let to = match field("action") {
        Some("approve") => CommentState::Approved,
        Some("reject") => CommentState::Rejected,
        Some("spam") => CommentState::Spam,
        Some("delete") => CommentState::Deleted,
        _ => {
            return Err(WebError::BadRequest(
                "Choose Approve, Reject, Spam or Delete.".into(),
            ));
        }
    };
    let reason =
        parse_reason(field("reason").unwrap_or_default()).map_err(|e| WebError::BadRequest(e.0))?;
    let back = field("state").and_then(|s| CommentState::parse(s).ok());
    let mut picks = Vec::new();
    for (key, value) in &form {
        if key != "pick" {
            continue;
        }
        let parsed = value
            .split_once('.')
            .and_then(|(p, c)| Some((PostId(Uuid::parse_str(p).ok()?), CommentId::parse(c).ok()?)));
        let (post_id, id) = parsed
            .ok_or_else(|| WebError::BadRequest(format!("{value:?} does not name a comment.")))?;
        if post.is_some_and(|p| p.id != post_id) {
            return Err(WebError::BadRequest(
                "A comment of another post was picked on this post's page.".into(),
            ));
        }
        picks.push((post_id, id));
    }
    let moved = comments::moderate_many(&state.ctx(), user, &picks, to, &reason).await?;
    let done = match to {
        CommentState::Approved => "approved",
        CommentState::Rejected => "rejected",
        CommentState::Spam => "spam",
        _ => "deleted",
    };
    let back = back
        .filter(|s| s.is_listed())
        .unwrap_or(CommentState::Pending);
    Ok(see_other(&urls::moderated(
        post.map(|p| p.slug.as_str()),
        back.as_str(),
        done,
        moved,
    )))
}

pub async fn site_decide(
    state: web::Data<AppState>,
    admin: Admin,
    form: CsrfForm<Vec<(String, String)>>,
) -> Result<HttpResponse, WebError> {
    decide(&state, &admin.0, None, form.into_inner()).await
}

pub async fn post_decide(
    state: web::Data<AppState>,
    user: SignedIn,
    slug: web::Path<String>,
    form: CsrfForm<Vec<(String, String)>>,
) -> Result<HttpResponse, WebError> {
    let post = moderated_post(&state, &user, &slug).await?;
    decide(&state, &user.0, Some(&post), form.into_inner()).await
}

#[derive(Deserialize)]
pub struct BanForm {
    csrf: String,
    /// `ban` or `unban`.
    action: String,
    /// The account, by id (the buttons on the lists) or by user name (the desk's form).
    #[serde(default)]
    user: String,
    #[serde(default)]
    username: String,
    #[serde(default)]
    state: String,
}

csrf_field!(BanForm);

/// Bans a commenter from the site's comments, or lifts the ban. A banned commenter's
/// comments are refused with a message, not queued.
pub async fn commenter(
    state: web::Data<AppState>,
    _admin: Admin,
    form: CsrfForm<BanForm>,
) -> Result<HttpResponse, WebError> {
    let banned = match form.action.as_str() {
        "ban" => true,
        "unban" => false,
        _ => return Err(WebError::BadRequest("Choose Ban or Unban.".into())),
    };
    let who = if form.user.is_empty() {
        let name = crate::domain::Username::parse(form.username.trim()).map_err(|_| {
            WebError::BadRequest(format!("{:?} is not a user name.", form.username))
        })?;
        state.store.author_by_name(&name).await?
    } else {
        let id = Uuid::parse_str(&form.user)
            .map_err(|_| WebError::BadRequest(format!("{:?} is not an account.", form.user)))?;
        state.store.user(crate::domain::UserId(id)).await?
    };
    let who = who.ok_or_else(|| WebError::BadRequest("There is no such account.".into()))?;
    state
        .store
        .set_comment_ban(&state.site, who.id, banned)
        .await?;
    let list = CommentState::parse(&form.state)
        .ok()
        .filter(|s| s.is_listed())
        .unwrap_or(CommentState::Pending);
    Ok(see_other(&urls::ban_changed(
        list.as_str(),
        if banned { "banned" } else { "unbanned" },
        &who.id.0.to_string(),
    )))
}
