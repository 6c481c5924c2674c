//! Comments: a post's time UUID comments. The API lists the approved ones; a new one goes
//! through the site's screening, rate limits and moderation like any other.

use super::articles::article_at;
use super::errors::page_failed;
use super::profiles::ProfileView;
use super::{ApiError, ApiResult, Caller, Errors, MaybeCaller, timestamp};
use crate::app::AppError;
use crate::app::comments::{delete_comment as delete, refused, write_comment};
use crate::domain::comment::ThreadComment;
use crate::domain::comment_policy::{self, FormFacts, PostFacts};
use crate::domain::{CommentId, CommentState, Post, User, UserId, now};
use crate::web::AppState;
use crate::web::limits::client_ip;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, delete, get, post, web};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use utoipa::ToSchema;

/// How many comments the list gives at most: a post's first, threads oldest first.
const COMMENTS_LISTED: usize = 100;

/// A comment as the specification shows it. Its id is the comment's time UUID, a
/// string: the specification's integer cannot carry it, and clients give it back as
/// they got it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CommentView {
    id: String,
    created_at: String,
    /// When it was last edited (when it was written, if never).
    updated_at: String,
    /// Its Markdown, as written.
    body: String,
    author: ProfileView,
}

#[derive(Serialize, ToSchema)]
pub struct CommentBody {
    comment: CommentView,
}

#[derive(Serialize, ToSchema)]
pub struct CommentsBody {
    comments: Vec<CommentView>,
}

fn view(
    id: CommentId,
    body: String,
    edited: Option<chrono::DateTime<chrono::Utc>>,
    author: ProfileView,
) -> CommentView {
    CommentView {
        id: id.to_string(),
        created_at: timestamp(id.time()),
        updated_at: timestamp(edited.unwrap_or(id.time())),
        body,
        author,
    }
}

/// A post's published comments: its first 100, threads oldest first.
#[utoipa::path(
    tag = "Comments",
    params(("slug" = String, Path, description = "The article's slug")),
    responses(
        (status = 200, description = "The article's published comments", body = CommentsBody),
        (status = 404, description = "No such article", body = Errors),
    )
)]
#[get("/articles/{slug}/comments")]
pub async fn list_comments(
    state: web::Data<AppState>,
    caller: MaybeCaller,
    slug: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let post = article_at(&state, &slug, caller.user()).await?;
    let page = state
        .store
        .comment_page(&state.site, post.id, None, COMMENTS_LISTED)
        .await
        .map_err(page_failed)?;
    let ids: Vec<UserId> = page.comments.iter().filter_map(|c| c.author_id).collect();
    let users = super::profiles::accounts(&state, ids.iter().copied()).await?;
    let following = match caller.user() {
        Some(me) => state.store.follows_among(&state.site, me.id, &ids).await?,
        None => Default::default(),
    };
    // Their Markdown as written, from the comments' own rows, in one read.
    let ids: Vec<CommentId> = page.comments.iter().map(|c| c.id).collect();
    let mut bodies = state
        .store
        .comment_bodies(&state.site, post.id, &ids)
        .await?;
    let comments = page
        .comments
        .iter()
        .map(|c| {
            let body = bodies.remove(&c.id).unwrap_or_default();
            view(c.id, body, c.edited, author_of(c, &users, &following))
        })
        .collect();
    Ok(HttpResponse::Ok().json(CommentsBody { comments }))
}

fn author_of(
    c: &ThreadComment,
    users: &HashMap<UserId, User>,
    following: &std::collections::HashSet<UserId>,
) -> ProfileView {
    c.author_id.and_then(|id| users.get(&id)).map_or_else(
        || ProfileView::named(&c.author_name),
        |u| ProfileView::of(u, following.contains(&u.id)),
    )
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewCommentBody {
    comment: NewCommentFields,
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct NewCommentFields {
    /// Markdown.
    body: String,
}

/// Writes a comment, as the post's page takes one: published at once (200) when the
/// site's policy publishes it (on a post the caller edits, or from a member approved
/// before where the site trusts them), else kept for moderation (202, and listed once a
/// moderator approves it).
#[utoipa::path(
    tag = "Comments",
    params(("slug" = String, Path, description = "The article's slug")),
    request_body = NewCommentBody,
    responses(
        (status = 200, description = "Published", body = CommentBody),
        (status = 202, description = "Kept for moderation", body = CommentBody),
        (status = 401, description = "No valid token", body = Errors),
        (status = 403, description = "Comments are closed, or the caller may not comment", body = Errors),
        (status = 404, description = "No such article", body = Errors),
        (status = 422, description = "Not valid", body = Errors),
        (status = 429, description = "Too many comments just now", body = Errors),
    ),
    security(("Token" = []))
)]
#[post("/articles/{slug}/comments")]
pub async fn add_comment(
    state: web::Data<AppState>,
    req: HttpRequest,
    caller: Caller,
    slug: web::Path<String>,
    body: web::Json<NewCommentBody>,
) -> ApiResult<HttpResponse> {
    let post = article_at(&state, &slug, Some(&caller.user)).await?;
    if post.status != crate::domain::PostStatus::Published {
        return Err(ApiError::not_found("article"));
    }
    let settings = state.comment_settings().await?;
    // No form was shown: the form's delay and hidden field do not apply to a signed-in
    // client, whom the rate limits hold.
    let at = now().timestamp_millis();
    let facts = FormFacts {
        signed_in: true,
        honeypot_filled: false,
        shown_at_ms: Some(at),
        now_ms: at,
        min_delay: std::time::Duration::ZERO,
    };
    comment_policy::screen(&PostFacts::of(&post), &settings, &facts, now())
        .map_err(|why| refused(why, &post))?;
    let text = body.into_inner().comment.body;
    let written = write_comment(
        &state.ctx(),
        &client_ip(&req),
        &post,
        Some(&caller.user),
        ("", ""),
        &text,
        "",
    )
    .await?
    .map_err(ApiError::invalid)?;
    let status = if written.state == CommentState::Approved {
        StatusCode::OK
    } else {
        StatusCode::ACCEPTED
    };
    let comment = view(
        written.id,
        written.body.as_str().to_owned(),
        None,
        ProfileView::of(&caller.user, false),
    );
    Ok(HttpResponse::build(status).json(CommentBody { comment }))
}

/// Deletes a comment: its author within the edit window, or the post's editors (its
/// author and administrators) at any time.
#[utoipa::path(
    tag = "Comments",
    params(
        ("slug" = String, Path, description = "The article's slug"),
        ("id" = String, Path, description = "The comment's id"),
    ),
    responses(
        (status = 204, description = "Deleted"),
        (status = 401, description = "No valid token", body = Errors),
        (status = 403, description = "Not the caller's to delete", body = Errors),
        (status = 404, description = "No such article or comment", body = Errors),
    ),
    security(("Token" = []))
)]
#[delete("/articles/{slug}/comments/{id}")]
pub async fn delete_comment(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<(String, String)>,
) -> ApiResult<HttpResponse> {
    let (slug, id) = path.into_inner();
    let user = caller.user;
    let post: Post = article_at(&state, &slug, Some(&user)).await?;
    let id = CommentId::parse(&id).map_err(|_| ApiError::not_found("comment"))?;
    delete(&state.ctx(), &user, &post, id)
        .await
        .map_err(|e| match e {
            AppError::NotFoundWith(_) => ApiError::not_found("comment"),
            AppError::Forbidden(_) => ApiError::forbidden(
                "only its author (for a while after writing it) or the article's editors can delete a comment",
            ),
            e => e.into(),
        })?;
    Ok(HttpResponse::NoContent().finish())
}
