//! Comments under posts: writing one (or a reply) as the site's policy places it,
//! editing or deleting one's own within the edit window, closing a post's comments, and
//! moderating them, one at a time or in bulk.

use super::limits::Subject;
use super::{AppError, Ctx};
use crate::domain::comment::{EDIT_WINDOW_MINUTES, MAX_COMMENTS_PER_POST, parse_guest_name};
use crate::domain::comment_policy::{self, Closed, Refusal};
use crate::domain::{
    Comment, CommentBody, CommentId, CommentState, CommentedPost, Commenter, Email, Moderation,
    NewComment, Post, PostId, User, now,
};
use crate::store::{CommentError, ModerationError};
use crate::urls;

/// What a commenter who sent the form too soon is told, under the form they sent.
pub const TOO_QUICK: &str = "That was quick: please read your comment over and send it again.";

/// The most comments one bulk decision moves.
pub const MAX_PICKS: usize = 200;

/// Why a post takes no comments, as its page and a refused comment say it.
pub fn closed_message(why: Closed) -> String {
    match why {
        Closed::Page => "Pages take no comments.".into(),
        Closed::Unpublished => "Comments open when the post is published.".into(),
        Closed::ByEditors => "Comments on this post are closed.".into(),
        Closed::After { days } => {
            format!("Comments close {days} days after a post is published; this one is closed.")
        }
    }
}

/// The answer to a comment the policy refuses.
pub fn refused(why: Refusal, post: &Post) -> AppError {
    match why {
        Refusal::Closed(why) => AppError::Forbidden(closed_message(why)),
        Refusal::SignInRequired => AppError::SignInRequired {
            next: urls::post(post.slug.as_str()),
        },
        Refusal::Automated => {
            AppError::Invalid("This comment looks automated and was not posted.".into())
        }
        Refusal::FormExpired => AppError::Invalid(
            "The comment form has expired or was not made by this site. Reload the page and try again."
                .into(),
        ),
        Refusal::TooQuick => AppError::Invalid(TOO_QUICK.into()),
        Refusal::Banned => AppError::Forbidden("You can no longer comment on this site.".into()),
    }
}

/// How a refused moderation or edit reads.
pub fn moderation_failed(e: ModerationError) -> AppError {
    match e {
        ModerationError::NoSuchComment => {
            AppError::NotFoundWith("There is no such comment on this post.".into())
        }
        ModerationError::Illegal { .. } => {
            let message = e.to_string();
            let mut chars = message.chars();
            let capitalized: String = chars
                .next()
                .map(|c| c.to_uppercase().chain(chars).collect())
                .unwrap_or_default();
            AppError::Conflict(format!("{capitalized}."))
        }
        ModerationError::Store(e) => e.into(),
    }
}

/// Writes a comment that passed the form's screening: within the rate limits of its
/// address and account, its text and author checked (`Err`: why not, for the writer to
/// see under what they sent), a reply to a published comment of the same post, placed
/// by the site's policy, within the post's cap. `guest` is the name and address a
/// visitor without an account gives.
pub async fn write_comment(
    ctx: &Ctx,
    ip: &str,
    post: &Post,
    me: Option<&User>,
    guest: (&str, &str),
    text: &str,
    parent: &str,
) -> Result<Result<NewComment, String>, AppError> {
    let settings = ctx.comment_settings().await?;
    ctx.check_limit(
        Subject::CommentFromIp(ip),
        "Too many comments have come from your address.",
    )
    .await?;
    if let Some(u) = me {
        let account = u.id.0.to_string();
        ctx.check_limit(Subject::CommentBy(&account), "You are commenting too fast.")
            .await?;
    }
    ctx.record_attempt(Subject::CommentFromIp(ip)).await?;
    if let Some(u) = me {
        ctx.record_attempt(Subject::CommentBy(&u.id.0.to_string()))
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
        let id = CommentId::parse(parent).map_err(|e| AppError::Invalid(e.0))?;
        let answered = ctx
            .store
            .comment(&ctx.site, post.id, id)
            .await?
            .filter(|c| c.state == CommentState::Approved)
            .ok_or_else(|| {
                AppError::Invalid("A reply answers a published comment on the same post.".into())
            })?;
        Some(answered)
    };
    let author_facts = match me {
        Some(u) => {
            let standing = ctx.store.commenter_standing(&ctx.site, u.id).await?;
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
    let added = ctx.store.add_comment(&ctx.site, &comment).await;
    ctx.forget_comment_state_counts();
    match added {
        Ok(()) => {}
        Err(CommentError::Full) => {
            return Err(AppError::Forbidden(format!(
                "This post has reached its limit of {MAX_COMMENTS_PER_POST} comments and takes no more."
            )));
        }
        Err(CommentError::Store(e)) => return Err(e.into()),
    }
    // The post's author answering someone on the fediverse: sent to them. The comment is
    // written whatever comes of it.
    if comment.parent.is_some()
        && comment.state == CommentState::Approved
        && let Err(e) = crate::app::federation::answers::send(ctx, post, &comment.stored()).await
    {
        tracing::warn!(comment = %comment.id, error = %e, "a reply could not be sent to the fediverse");
    }
    Ok(Ok(comment))
}

/// A comment of `post` that is not deleted.
async fn live_comment(ctx: &Ctx, post: &Post, id: CommentId) -> Result<Comment, AppError> {
    ctx.store
        .comment(&ctx.site, post.id, id)
        .await?
        .filter(|c| c.state != CommentState::Deleted)
        .ok_or_else(|| AppError::NotFoundWith("There is no such comment on this post.".into()))
}

/// The comment `id` of `post`, for its author within the edit window.
pub async fn own_comment(
    ctx: &Ctx,
    user: &User,
    post: &Post,
    id: CommentId,
) -> Result<Comment, AppError> {
    let comment = live_comment(ctx, post, id).await?;
    if comment.author.user_id() != Some(user.id) {
        return Err(AppError::Forbidden(
            "Only its author can change a comment.".into(),
        ));
    }
    if !comment.editable_by(user.id, now()) {
        return Err(AppError::Forbidden(format!(
            "A comment can be changed for {EDIT_WINDOW_MINUTES} minutes after it is written; this one no longer can."
        )));
    }
    Ok(comment)
}

/// Replaces the text of a comment [`own_comment`] found.
pub async fn edit_comment(
    ctx: &Ctx,
    post: &Post,
    comment: &Comment,
    body: &CommentBody,
) -> Result<(), AppError> {
    let edited = ctx
        .store
        .edit_comment(&ctx.site, post.id, comment.id, body, now())
        .await
        .map_err(moderation_failed)?;
    // An answer to the fediverse: its edit goes there too (the edit stands whatever
    // comes of it).
    if let Err(e) = crate::app::federation::answers::send_update(ctx, post, &edited).await {
        tracing::warn!(comment = %comment.id, error = %e, "an answer's edit could not be sent to the fediverse");
    }
    Ok(())
}

/// Deletes comment `id` of `post`: its author may within the edit window, the post's
/// editors (its author and administrators) at any time.
pub async fn delete_comment(
    ctx: &Ctx,
    user: &User,
    post: &Post,
    id: CommentId,
) -> Result<(), AppError> {
    let editor = post.may_be_edited_by(Some(user));
    let comment = if editor {
        live_comment(ctx, post, id).await?
    } else {
        own_comment(ctx, user, post, id).await?
    };
    let moderation = Moderation {
        to: CommentState::Deleted,
        reason: if comment.author.user_id() != Some(user.id) {
            "Deleted by a moderator".into()
        } else {
            "Deleted by its author".into()
        },
        by: user.id,
        by_name: user.display_name.clone(),
        at: now(),
    };
    let answer = crate::app::federation::answers::delete_of(ctx, post, &comment)
        .await
        .unwrap_or_else(|e| {
            tracing::warn!(comment = %comment.id, error = %e, "an answer's deletion cannot be sent to the fediverse");
            None
        });
    ctx.moderate(post.id, comment.id, &moderation)
        .await
        .map_err(moderation_failed)?;
    if let Some(answer) = answer
        && let Err(e) =
            crate::app::federation::answers::send_delete(ctx, post, &comment, answer).await
    {
        tracing::warn!(comment = %comment.id, error = %e, "an answer's deletion could not be sent to the fediverse");
    }
    Ok(())
}

/// Closes or reopens a post's comments (its editors).
pub async fn set_comments_closed(
    ctx: &Ctx,
    user: &User,
    post: &Post,
    closed: bool,
) -> Result<(), AppError> {
    if !post.may_be_edited_by(Some(user)) {
        return Err(AppError::Forbidden(
            "Only the post's author or an administrator can close its comments.".into(),
        ));
    }
    ctx.store
        .set_comments_closed(&ctx.site, post.id, closed)
        .await?;
    Ok(())
}

/// A bulk decision: every picked comment (at most [`MAX_PICKS`]) moves to `to`. Every
/// pick is checked first, so that a pick that does not exist or cannot move changes
/// nothing. The comments then move one at a time, each in its own store operation (on
/// Cassandra a comment's move is a conditional write of its own partition; a batch over
/// many posts' partitions would not be atomic either): if another moderator moves one of
/// them between the check and its move, the decision stops there, and the error says how
/// many moved before it. Returns how many moved.
pub async fn moderate_many(
    ctx: &Ctx,
    by: &User,
    picks: &[(PostId, CommentId)],
    to: CommentState,
    reason: &str,
) -> Result<usize, AppError> {
    if picks.is_empty() {
        return Err(AppError::Invalid("Pick at least one comment.".into()));
    }
    if picks.len() > MAX_PICKS {
        return Err(AppError::Invalid(format!(
            "At most {MAX_PICKS} comments can be moved at once."
        )));
    }
    let mut problems = Vec::new();
    for (post_id, id) in picks {
        match ctx.store.comment(&ctx.site, *post_id, *id).await? {
            None => problems.push(format!("comment {id} does not exist")),
            Some(c) if !c.state.can_become(to) => problems.push(format!(
                "the comment by {} is {} and cannot become {}",
                c.author.name(),
                c.state.as_str(),
                to.as_str()
            )),
            Some(_) => {}
        }
    }
    if !problems.is_empty() {
        return Err(AppError::Conflict(format!(
            "Nothing was changed: {}.",
            problems.join("; ")
        )));
    }
    for (moved, (post_id, id)) in picks.iter().enumerate() {
        let moderation = Moderation {
            to,
            reason: reason.to_owned(),
            by: by.id,
            by_name: by.display_name.clone(),
            at: now(),
        };
        let answer = Answer::before(ctx, *post_id, *id).await;
        if let Err(e) = ctx.moderate(*post_id, *id, &moderation).await {
            return Err(match moderation_failed(e) {
                AppError::Conflict(why) if moved > 0 => AppError::Conflict(format!(
                    "{moved} of {} comments were moved; then this one could not be: {why}",
                    picks.len()
                )),
                other => other,
            });
        }
        answer.after(ctx).await;
    }
    Ok(picks.len())
}

/// An answer to the fediverse a moderator moves: sent when it is approved, its `Delete`
/// sent when it leaves the approved (the move stands whatever comes of sending).
struct Answer {
    post: Option<Post>,
    comment_id: CommentId,
    delete: Option<(serde_json::Value, String)>,
}

impl Answer {
    /// What the comment is before it moves.
    async fn before(ctx: &Ctx, post: PostId, id: CommentId) -> Self {
        let mut answer = Answer {
            post: None,
            comment_id: id,
            delete: None,
        };
        let Ok(Some(comment)) = ctx.store.comment(&ctx.site, post, id).await else {
            return answer;
        };
        // Only a member's reply can be an answer to the fediverse.
        if comment.parent.is_none() || comment.author.user_id().is_none() {
            return answer;
        }
        let Ok(Some(post)) = ctx.store.post_by_id(&ctx.site, post).await else {
            return answer;
        };
        if comment.author.user_id() != Some(post.author_id) {
            return answer;
        }
        answer.delete = crate::app::federation::answers::delete_of(ctx, &post, &comment)
            .await
            .unwrap_or(None);
        answer.post = Some(post);
        answer
    }

    /// Sends what its move changed for the fediverse.
    async fn after(self, ctx: &Ctx) {
        let Some(post) = self.post else {
            return;
        };
        let Ok(Some(comment)) = ctx.store.comment(&ctx.site, post.id, self.comment_id).await else {
            return;
        };
        let sent = match (self.delete, comment.state) {
            (None, CommentState::Approved) => {
                crate::app::federation::answers::send(ctx, &post, &comment)
                    .await
                    .map(|_| ())
            }
            (Some(delete), state) if state != CommentState::Approved => {
                crate::app::federation::answers::send_delete(ctx, &post, &comment, delete).await
            }
            _ => Ok(()),
        };
        if let Err(e) = sent {
            tracing::warn!(comment = %comment.id, error = %e, "a moderated answer could not be told to the fediverse");
        }
    }
}
