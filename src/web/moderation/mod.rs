//! The moderation desk: the site's comment lists for administrators, one post's for its
//! author, decisions one by one or in bulk, the log of who did what, commenter bans and
//! the site's comment policy.
//!
//! This file shows the desk's lists; [`decisions`] takes what is decided on them, and
//! [`admin`] holds the log and the policy.

mod admin;
mod decisions;

pub use admin::{log, save_settings, settings_form};
pub use decisions::{commenter, post_decide, site_decide};

use super::auth::{Admin, MaybeUser, SignedIn};
use super::csrf::{CsrfToken, layout};
use super::pages::{Dated, ModerationItem, ModerationPage, Tab};
use super::{AppState, WebError, render};
use crate::app::posts;
use crate::domain::{CommentState, Post};
use crate::i18n::Speech;
use crate::store::PageError;
use crate::urls;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use serde::Deserialize;
use uuid::Uuid;

const PAGE_SIZE: usize = 50;
const LISTS: [CommentState; 3] = [
    CommentState::Pending,
    CommentState::Spam,
    CommentState::Rejected,
];

#[derive(Deserialize)]
pub struct ListQuery {
    state: Option<String>,
    after: Option<String>,
    /// What was just done: a code from a fixed set (see [`notice`]), never text to show.
    done: Option<String>,
    /// How many comments it moved.
    n: Option<String>,
    /// Whose ban changed (an account id).
    who: Option<String>,
}

/// The notice the desk shows after an action, in the page's language. Only fixed codes
/// are understood, so a link cannot make the desk say something of the link's choosing.
async fn notice(
    state: &AppState,
    query: &ListQuery,
    speech: &Speech,
) -> Result<Option<String>, WebError> {
    let Some(done) = query.done.as_deref() else {
        return Ok(None);
    };
    let moved = |id: &str| {
        let n = query.n.as_deref().and_then(|n| n.parse::<u64>().ok());
        n.filter(|n| (1..=10_000).contains(n))
            .map(|n| speech.count(id, n))
    };
    Ok(match done {
        "approved" => moved("moderation-done-approved"),
        "rejected" => moved("moderation-done-rejected"),
        "spam" => moved("moderation-done-spam"),
        "deleted" => moved("moderation-done-deleted"),
        "banned" | "unbanned" => {
            let id = query.who.as_deref().and_then(|w| Uuid::parse_str(w).ok());
            let who = match id {
                Some(id) => state.store.user(crate::domain::UserId(id)).await?,
                None => None,
            };
            who.map(|who| {
                let id = if done == "banned" {
                    "moderation-done-banned"
                } else {
                    "moderation-done-unbanned"
                };
                speech.t1(id, "name", &who.display_name)
            })
        }
        _ => None,
    })
}

fn list_state(query: &ListQuery) -> Result<CommentState, WebError> {
    match query.state.as_deref().unwrap_or("pending") {
        "pending" => Ok(CommentState::Pending),
        "spam" => Ok(CommentState::Spam),
        "rejected" => Ok(CommentState::Rejected),
        other => Err(WebError::BadRequest(format!(
            "{other:?} is not a moderation list: pending, spam or rejected."
        ))),
    }
}

/// The site's lists (administrators).
pub async fn site_desk(
    state: web::Data<AppState>,
    admin: Admin,
    csrf: CsrfToken,
    query: web::Query<ListQuery>,
) -> Result<HttpResponse, WebError> {
    desk(&state, &MaybeUser(Some(admin.0)), &csrf, None, &query).await
}

/// One post's lists (its author and administrators).
pub async fn post_desk(
    state: web::Data<AppState>,
    user: SignedIn,
    csrf: CsrfToken,
    slug: web::Path<String>,
    query: web::Query<ListQuery>,
) -> Result<HttpResponse, WebError> {
    let post = moderated_post(&state, &user, &slug).await?;
    desk(&state, &MaybeUser(Some(user.0)), &csrf, Some(&post), &query).await
}

async fn moderated_post(state: &AppState, user: &SignedIn, slug: &str) -> Result<Post, WebError> {
    let post = posts::post_at(&state.ctx(), slug).await?;
    if !post.may_be_edited_by(Some(&user.0)) {
        return Err(WebError::Forbidden(
            "Only the post's author or an administrator moderates its comments.".into(),
        ));
    }
    Ok(post)
}

/// The answer to a page link whose cursor no store would have made.
fn broken_link(e: PageError) -> WebError {
    match e {
        PageError::BadCursor => WebError::BadRequest(
            "This page link is broken. Start again from the first page of the list.".into(),
        ),
        PageError::Store(e) => e.into(),
    }
}

async fn desk(
    state: &AppState,
    user: &MaybeUser,
    csrf: &CsrfToken,
    post: Option<&Post>,
    query: &ListQuery,
) -> Result<HttpResponse, WebError> {
    let shown = list_state(query)?;
    let slug = post.map(|p| p.slug.as_str());
    let after = query.after.as_deref().filter(|a| !a.is_empty());
    let page = state
        .store
        .moderation_list(&state.site, shown, post.map(|p| p.id), after, PAGE_SIZE)
        .await
        .map_err(broken_link)?;
    let admin = post.is_none();
    let counts = if admin {
        Some(state.comment_state_counts().await?)
    } else {
        None
    };
    let items = page
        .comments
        .into_iter()
        .map(|c| ModerationItem {
            pick: format!("{}.{}", c.post.id.0, c.id),
            post_title: c.post.title.clone(),
            post_url: urls::post(&c.post.slug),
            author: c.author.name().to_owned(),
            email: if admin {
                c.author.email().to_owned()
            } else {
                String::new()
            },
            member: c.author.user_id().map(|u| u.0.to_string()),
            actor: c.author.actor().map(str::to_owned),
            date: Dated::new(c.created()),
            body_html: c.body_html.clone(),
            reason: c.reason.clone(),
            reply: c.parent.is_some(),
        })
        .collect();
    let frame = layout(user, csrf);
    let message = notice(state, query, &frame.speech).await?;
    let page = ModerationPage {
        title: match post {
            Some(p) => frame.t1("moderation-comments-on", "title", p.title.as_str()),
            None => frame.t("nav-comments").into_owned(),
        },
        layout: frame,
        post_url: slug.map(urls::post),
        action: urls::moderation(slug),
        state: shown.as_str(),
        tabs: LISTS
            .iter()
            .map(|s| Tab {
                label: s.as_str(),
                url: urls::moderation_list(slug, s.as_str()),
                current: *s == shown,
                count: counts.map(|c| c.get(*s)),
            })
            .collect(),
        approved: counts.map(|c| c.approved),
        deleted: counts.map(|c| c.deleted),
        items,
        next: page
            .next
            .map(|n| urls::moderation_after(slug, shown.as_str(), &n)),
        message,
        can_ban: admin,
    };
    render(StatusCode::OK, &page)
}
