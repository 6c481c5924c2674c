//! The site answering the fediverse: a comment its post's author writes here in reply to
//! a comment that came from the fediverse is sent as a `Note` by the author's actor,
//! answering that comment's note and mentioning its author (delivered to their inbox and
//! to the author's followers). Every approved comment of a member on a post on the
//! fediverse is a `Note` at its own address (`/ap/posts/{post}/comments/{comment}`).

use super::delivery::queue_as;
use super::{Whose, federates};
use crate::app::{AppError, Ctx};
use crate::domain::comment::{Comment, CommentState, Commenter};
use crate::domain::federation::reply::{Mentioned, Reply};
use crate::domain::{CommentId, Post, PostId};
use crate::urls;

/// A comment's note's path.
pub fn note_path(post: PostId, comment: CommentId) -> String {
    format!("{}/comments/{}", urls::ap_post(post), comment.0)
}

/// What a member's comment answers on the fediverse, and whom it mentions: the note a
/// comment from the fediverse came as (and its author), another member's comment's note,
/// or the post's article.
async fn answering(
    ctx: &Ctx,
    post: &Post,
    comment: &Comment,
) -> Result<(String, Option<Mentioned>), AppError> {
    let article = ctx.absolute(&urls::ap_post(post.id));
    let Some(parent) = comment.parent else {
        return Ok((article, None));
    };
    let Some(answered) = ctx.store.comment(&ctx.site, post.id, parent).await? else {
        return Ok((article, None));
    };
    match &answered.author {
        Commenter::Remote { .. } => match ctx.store.comment_source(&ctx.site, parent).await? {
            Some(source) => Ok((
                source.note,
                Some(Mentioned {
                    actor: source.actor,
                    handle: source.handle,
                }),
            )),
            None => Ok((article, None)),
        },
        Commenter::Member { .. } => Ok((ctx.absolute(&note_path(post.id, parent)), None)),
        Commenter::Guest { .. } => Ok((article, None)),
    }
}

/// A member's approved comment on a post on the fediverse, as a `Note`.
pub async fn reply_of(
    ctx: &Ctx,
    post: &Post,
    comment: &Comment,
) -> Result<Option<Reply>, AppError> {
    let Commenter::Member { id: author, .. } = comment.author else {
        return Ok(None);
    };
    if !federates(post) || comment.state != CommentState::Approved {
        return Ok(None);
    }
    let (in_reply_to, mentioned) = answering(ctx, post, comment).await?;
    let actor = ctx.absolute(&Whose::Author(author).path());
    let base = url::Url::parse(ctx.site.as_str())
        .map_err(|e| AppError::Internal(format!("the site's address: {e}")))?;
    Ok(Some(Reply {
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
    }))
}

/// Sends a comment to the fediverse when it is its post's author answering a comment
/// that came from there, on a post the fediverse was told of: true if it was queued.
/// Queued under an id made from the comment, so queuing it again sends nothing twice.
pub async fn send(ctx: &Ctx, post: &Post, comment: &Comment) -> Result<bool, AppError> {
    if comment.author.user_id() != Some(post.author_id) || ctx.identity().await.fediverse_off {
        return Ok(false);
    }
    let Some(reply) = reply_of(ctx, post, comment).await? else {
        return Ok(false);
    };
    let Some(mentioned) = &reply.mentioned else {
        return Ok(false);
    };
    let told = ctx.store.federated_post(&ctx.site, post.id).await?;
    if told.is_none_or(|t| t.deleted) {
        return Ok(false);
    }
    let Some(source) = ctx
        .store
        .comment_source(&ctx.site, comment.parent.unwrap_or(comment.id))
        .await?
    else {
        return Ok(false);
    };
    let id = crate::domain::timeuuid::named(
        comment.created(),
        &format!("fediverse:answer:{}", comment.id),
    );
    let activity = reply.create_as(&format!("{}#create", reply.id));
    queue_as(
        ctx,
        id,
        Whose::Author(post.author_id),
        &activity,
        &[source.inbox],
        &[Whose::Author(post.author_id)],
    )
    .await?;
    tracing::info!(comment = %comment.id, to = %mentioned.actor, "a reply was sent to the fediverse");
    Ok(true)
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
