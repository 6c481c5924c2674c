//! The site answering the fediverse: a comment its post's author writes here in reply to
//! a comment that came from the fediverse is sent as a `Note` by the author's actor,
//! answering that comment's note and mentioning its author (delivered to their inbox and
//! to the author's followers). Every approved comment of a member on a post on the
//! fediverse is a `Note` at its own address (`/ap/posts/{post}/comments/{comment}`).

use super::delivery::queue_as;
use super::{Whose, takes_replies};
use crate::app::{AppError, Ctx};
use crate::domain::comment::{Comment, CommentState, Commenter};
use crate::domain::federation::reply::{Mentioned, Reply};
use crate::domain::{CommentId, Post, PostId};
use crate::urls;

/// A comment's note's path.
pub fn note_path(post: PostId, comment: CommentId) -> String {
    format!("{}/comments/{}", urls::ap_post(post), comment.0)
}

/// Whom a member's comment answers on the fediverse.
struct Answering {
    /// The note a comment from the fediverse came as, another member's comment's note,
    /// or the post's article.
    in_reply_to: String,
    /// The author of a comment from the fediverse, and their inbox.
    mentioned: Option<(Mentioned, String)>,
}

/// What a member's comment answers on the fediverse, and whom it mentions.
async fn answering(ctx: &Ctx, post: &Post, comment: &Comment) -> Result<Answering, AppError> {
    let article = Answering {
        in_reply_to: ctx.absolute(&urls::ap_post(post.id)),
        mentioned: None,
    };
    let Some(parent) = comment.parent else {
        return Ok(article);
    };
    let Some(answered) = ctx.store.comment(&ctx.site, post.id, parent).await? else {
        return Ok(article);
    };
    match &answered.author {
        Commenter::Remote { .. } => match ctx.store.comment_source(&ctx.site, parent).await? {
            Some(source) => Ok(Answering {
                in_reply_to: source.note,
                mentioned: Some((
                    Mentioned {
                        actor: source.actor,
                        handle: source.handle,
                    },
                    source.inbox,
                )),
            }),
            None => Ok(article),
        },
        Commenter::Member { .. } => Ok(Answering {
            in_reply_to: ctx.absolute(&note_path(post.id, parent)),
            mentioned: None,
        }),
        Commenter::Guest { .. } => Ok(article),
    }
}

/// A member's approved comment on a post on the fediverse, as a `Note`.
pub async fn reply_of(
    ctx: &Ctx,
    post: &Post,
    comment: &Comment,
) -> Result<Option<Reply>, AppError> {
    Ok(reply_and_inbox(ctx, post, comment)
        .await?
        .map(|(reply, _)| reply))
}

/// [`reply_of`], with the inbox of whom it mentions, if it mentions someone.
async fn reply_and_inbox(
    ctx: &Ctx,
    post: &Post,
    comment: &Comment,
) -> Result<Option<(Reply, Option<String>)>, AppError> {
    let Commenter::Member { id: author, .. } = comment.author else {
        return Ok(None);
    };
    if !takes_replies(post) || comment.state != CommentState::Approved {
        return Ok(None);
    }
    let Answering {
        in_reply_to,
        mentioned,
    } = answering(ctx, post, comment).await?;
    let (mentioned, inbox) = mentioned.unzip();
    let actor = ctx.absolute(&Whose::Author(author).path());
    let base = url::Url::parse(ctx.site.as_str())
        .map_err(|e| AppError::Internal(format!("the site's address: {e}")))?;
    Ok(Some((
        Reply {
            id: ctx.absolute(&note_path(post.id, comment.id)),
            followers: urls::ap_part(&actor, "followers"),
            attributed_to: actor,
            in_reply_to,
            context: ctx.absolute(&urls::ap_post(post.id)),
            url: ctx.absolute(&format!(
                "{}#comment-{}",
                urls::post(post.slug.as_str()),
                comment.id
            )),
            content: crate::domain::markdown::with_absolute_urls(&comment.body_html, &base),
            mentioned,
            published: comment.created(),
            updated: comment.edited,
        },
        inbox,
    )))
}

/// A comment as it goes to the fediverse, if it does: its post's author answering a
/// comment that came from there, on a post the fediverse was told of. Its note, and the
/// inbox of whom it answers.
async fn outgoing(
    ctx: &Ctx,
    post: &Post,
    comment: &Comment,
) -> Result<Option<(Reply, String)>, AppError> {
    if comment.author.user_id() != Some(post.author_id) || ctx.identity().await.fediverse_off {
        return Ok(None);
    }
    let Some((reply, Some(inbox))) = reply_and_inbox(ctx, post, comment).await? else {
        return Ok(None);
    };
    let told = ctx.store.federated_post(&ctx.site, post.id).await?;
    if told.is_none_or(|t| t.deleted) {
        return Ok(None);
    }
    Ok(Some((reply, inbox)))
}

/// Queues one of an answer's activities, under an id made from the comment and `what`
/// (queuing it again sends nothing twice).
async fn queue(
    ctx: &Ctx,
    post: &Post,
    comment: &Comment,
    what: &str,
    activity: &serde_json::Value,
    inbox: String,
) -> Result<(), AppError> {
    let id = crate::domain::timeuuid::named(
        comment.created(),
        &format!("fediverse:answer:{}:{what}", comment.id),
    );
    queue_as(
        ctx,
        id,
        Whose::Author(post.author_id),
        activity,
        &[inbox],
        &[Whose::Author(post.author_id)],
    )
    .await
}

/// Sends an answer to the fediverse, if the comment is one ([`outgoing`]): true if it
/// was queued.
pub async fn send(ctx: &Ctx, post: &Post, comment: &Comment) -> Result<bool, AppError> {
    let Some((reply, inbox)) = outgoing(ctx, post, comment).await? else {
        return Ok(false);
    };
    let activity = reply.create_as(&format!("{}#create", reply.id));
    queue(ctx, post, comment, "create", &activity, inbox).await?;
    tracing::info!(comment = %comment.id, "an answer was sent to the fediverse");
    Ok(true)
}

/// Sends an answer's edit (`comment` as edited): an `Update` of its note.
pub async fn send_update(ctx: &Ctx, post: &Post, comment: &Comment) -> Result<bool, AppError> {
    let Some((reply, inbox)) = outgoing(ctx, post, comment).await? else {
        return Ok(false);
    };
    let at = comment.edited.unwrap_or_else(|| ctx.clock.now());
    let what = format!("update:{}", at.timestamp_micros());
    let activity = reply.update_as(&format!("{}#{what}", reply.id));
    queue(ctx, post, comment, &what, &activity, inbox).await?;
    Ok(true)
}

/// What deleting an answer sends, found before it is deleted (`comment` as it is now):
/// a `Delete` of its note, to be queued by [`send_delete`] once it is.
pub async fn delete_of(
    ctx: &Ctx,
    post: &Post,
    comment: &Comment,
) -> Result<Option<(serde_json::Value, String)>, AppError> {
    let Some((reply, inbox)) = outgoing(ctx, post, comment).await? else {
        return Ok(None);
    };
    Ok(Some((
        reply.delete_as(&format!("{}#delete", reply.id), ctx.clock.now()),
        inbox,
    )))
}

/// Sends what [`delete_of`] found.
pub async fn send_delete(
    ctx: &Ctx,
    post: &Post,
    comment: &Comment,
    delete: (serde_json::Value, String),
) -> Result<(), AppError> {
    let (activity, inbox) = delete;
    queue(ctx, post, comment, "delete", &activity, inbox).await
}

/// The note of comment `comment` of post `post`, if it is one (a member's approved
/// comment on a post on the fediverse).
pub async fn note(ctx: &Ctx, post: PostId, comment: CommentId) -> Result<Option<Reply>, AppError> {
    let Some(post) = ctx.store.post_by_id(&ctx.site, post).await? else {
        return Ok(None);
    };
    let Some(comment) = ctx.store.comment(&ctx.site, post.id, comment).await? else {
        return Ok(None);
    };
    reply_of(ctx, &post, &comment).await
}
