//! The moderation desk: the site's comment lists for administrators, one post's for its
//! author, decisions one by one or in bulk, the log of who did what, commenter bans and
//! the site's comment policy.

use super::auth::{Admin, CsrfForm, CsrfToken, MaybeUser, SignedIn, csrf_field, layout};
use super::pages::{
    CommentSettingsPage, Dated, LogPage, LogRow, ModerationItem, ModerationPage, MonthLink, Tab,
};
use super::{AppState, WebError, render, see_other};
use crate::app::comments;
use crate::app::posts;
use crate::domain::comment::parse_reason;
use crate::domain::{CommentId, CommentSettings, CommentState, Post, PostId, now};
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

/// The notice the desk shows after an action. Only fixed codes are understood, so a link
/// cannot make the desk say something of the link's choosing.
async fn notice(state: &AppState, query: &ListQuery) -> Result<Option<String>, WebError> {
    let Some(done) = query.done.as_deref() else {
        return Ok(None);
    };
    let moved = |verb: &str| {
        let n = query.n.as_deref().and_then(|n| n.parse::<usize>().ok());
        n.filter(|n| (1..=10_000).contains(n))
            .map(|n| format!("{n} comment{} {verb}.", if n == 1 { "" } else { "s" }))
    };
    Ok(match done {
        "approved" => moved("approved"),
        "rejected" => moved("rejected"),
        "spam" => moved("marked as spam"),
        "deleted" => moved("deleted"),
        "banned" | "unbanned" => {
            let id = query.who.as_deref().and_then(|w| Uuid::parse_str(w).ok());
            let who = match id {
                Some(id) => state.store.user(crate::domain::UserId(id)).await?,
                None => None,
            };
            who.map(|who| {
                if done == "banned" {
                    format!("{} can no longer comment.", who.display_name)
                } else {
                    format!("{} can comment again.", who.display_name)
                }
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
            date: Dated::new(c.created()),
            body_html: c.body_html.clone(),
            reason: c.reason.clone(),
            reply: c.parent.is_some(),
        })
        .collect();
    let page = ModerationPage {
        layout: layout(user, csrf),
        title: match post {
            Some(p) => format!("Comments on “{}”", p.title.as_str()),
            None => "Comments".to_owned(),
        },
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
        message: notice(state, query).await?,
        can_ban: admin,
    };
    render(StatusCode::OK, &page)
}

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
pub struct LogQuery {
    month: Option<String>,
    after: Option<String>,
}

/// Lines of the moderation log a page shows.
const LOG_PAGE_SIZE: usize = 100;

/// The moderation log of a month, newest first.
pub async fn log(
    state: web::Data<AppState>,
    admin: Admin,
    csrf: CsrfToken,
    query: web::Query<LogQuery>,
) -> Result<HttpResponse, WebError> {
    let this_month = crate::domain::comment::log_month(now());
    let month = query.month.clone().unwrap_or_else(|| this_month.clone());
    let first = chrono::NaiveDate::parse_from_str(&format!("{month}-01"), "%Y-%m-%d")
        .ok()
        .filter(|_| month.len() == 7)
        .ok_or_else(|| {
            WebError::BadRequest(format!("{month:?} is not a month such as 2026-11."))
        })?;
    let after = query.after.as_deref().filter(|a| !a.is_empty());
    let entries = state
        .store
        .moderation_log(&state.site, &month, after, LOG_PAGE_SIZE)
        .await
        .map_err(broken_link)?;
    let previous = first
        .checked_sub_months(chrono::Months::new(1))
        .map(|d| d.format("%Y-%m").to_string());
    let older = entries
        .next
        .as_deref()
        .map(|cursor| urls::moderation_log_after(&month, cursor));
    let page = LogPage {
        layout: layout(&MaybeUser(Some(admin.0)), &csrf),
        older,
        month,
        previous: previous.map(|month| MonthLink {
            url: urls::moderation_log(&month),
            month,
        }),
        rows: entries
            .entries
            .into_iter()
            .map(|e| LogRow {
                date: Dated::new(e.at),
                time: e.at.format("%H:%M:%S").to_string(),
                by: e.by_name,
                from: e.from.as_str(),
                to: e.to.as_str(),
                reason: e.reason,
                post_title: e.post.title,
                comment_url: urls::comment(&e.post.slug, &e.comment.to_string()),
            })
            .collect(),
    };
    render(StatusCode::OK, &page)
}

pub async fn settings_form(
    state: web::Data<AppState>,
    admin: Admin,
    csrf: CsrfToken,
) -> Result<HttpResponse, WebError> {
    let settings = state.store.comment_settings(&state.site).await?;
    state.remember_comment_settings(settings);
    let page = CommentSettingsPage {
        layout: layout(&MaybeUser(Some(admin.0)), &csrf),
        settings,
        saved: false,
        error: None,
    };
    render(StatusCode::OK, &page)
}

#[derive(Deserialize)]
pub struct SettingsForm {
    csrf: String,
    #[serde(default)]
    guests: Option<String>,
    #[serde(default)]
    trust_approved: Option<String>,
    #[serde(default)]
    close_after_days: String,
    #[serde(default)]
    deleted_accounts: String,
}

pub async fn save_settings(
    state: web::Data<AppState>,
    admin: Admin,
    csrf: CsrfToken,
    form: CsrfForm<SettingsForm>,
) -> Result<HttpResponse, WebError> {
    let days = form.close_after_days.trim();
    let close_after_days = if days.is_empty() {
        Ok(0)
    } else {
        days.parse::<u32>().ok().filter(|d| *d <= 3650).ok_or(())
    };
    let close_after_days = close_after_days.and_then(|days| {
        matches!(form.deleted_accounts.as_str(), "" | "keep" | "remove")
            .then_some(days)
            .ok_or(())
    });
    let Ok(close_after_days) = close_after_days else {
        let page = CommentSettingsPage {
            layout: layout(&MaybeUser(Some(admin.0)), &csrf),
            settings: state.comment_settings().await?,
            saved: false,
            error: Some(
                "Close comments after a number of days from 0 (never) to 3650, and say what becomes of a deleted account's comments.".into(),
            ),
        };
        return render(StatusCode::UNPROCESSABLE_ENTITY, &page);
    };
    let settings = CommentSettings {
        guests: form.guests.is_some(),
        trust_approved: form.trust_approved.is_some(),
        close_after_days,
        remove_deleted_accounts_comments: form.deleted_accounts == "remove",
    };
    state
        .store
        .save_comment_settings(&state.site, &settings)
        .await?;
    state.remember_comment_settings(settings);
    let page = CommentSettingsPage {
        layout: layout(&MaybeUser(Some(admin.0)), &csrf),
        settings,
        saved: true,
        error: None,
    };
    render(StatusCode::OK, &page)
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

csrf_field!(SettingsForm, BanForm);

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
