//! Replies from the fediverse, as comments. A `Create` of a note whose `inReplyTo` chain
//! reaches one of the site's posts (walked by at most [`MAX_CHAIN`] fetches) becomes a
//! comment on that post, waiting for moderation like a guest's, within the same rate
//! limits and the post's cap and closing rules; a reply to a comment that came from the
//! fediverse is threaded under it. Only public notes are taken (addressed to everyone,
//! in `to` or `cc`): a reply to followers only, or to the people it mentions, is not the
//! site's to show. The note's `Update` changes the comment's text (while it waits for
//! moderation, or within the edit window members have once it is published; an update
//! that makes it not public deletes it), its `Delete` deletes the comment; only the
//! note's own actor may do either.
//!
//! Each note is written in two steps, each safe to repeat: the note is recorded with the
//! comment it becomes (`ap_notes`), then the comment is created (by its own LWT on
//! Cassandra). The comment's id is made from the note's id and its publication time
//! (kept after the post's publication, or the comment it answers, and at most a few
//! minutes ahead of now; the post's publication when it says none), so two instances
//! given the same note at once make one comment, and a note received again after a
//! failure between the steps finds its comment's id and finishes.

use super::inbox::{Activity, Handled, InboxError, fetch_failed};
use super::remote::{self, RemoteError, id_of};
use crate::app::Ctx;
use crate::app::limits::Subject;
use crate::binaries::fetch::{Fetcher, check_url};
use crate::domain::comment::{EDIT_WINDOW_MINUTES, MAX_COMMENTS_PER_POST};
use crate::domain::comment_policy::{self, PostFacts};
use crate::domain::federation::documents::PUBLIC;
use crate::domain::federation::note_text::{self, Note};
use crate::domain::{
    Comment, CommentId, CommentState, CommentedPost, Commenter, Moderation, NewComment, Post,
    PostId, UserId,
};
use crate::store::federation::{CommentSource, MAX_ID_LENGTH, RemoteNote};
use crate::store::{CommentError, ModerationError};
use serde_json::Value;

/// The most documents fetched to find what a reply answers: a reply deeper in a thread
/// than this, whose ancestors the site has not seen, is not taken.
pub const MAX_CHAIN: usize = 8;

/// The longest name of a remote commenter kept, in characters (as a guest's).
const MAX_NAME_CHARS: usize = 60;

/// The kinds of object taken as replies.
const REPLY_KINDS: &[&str] = &["Note", "Article", "Page"];

/// How far ahead of this server's clock a note's publication time is taken.
const CLOCK_SKEW_MINUTES: i64 = 5;

/// Whether a note is addressed to everyone.
fn is_public(note: &Value) -> bool {
    ["to", "cc"].iter().any(|field| {
        let named = |v: &Value| {
            matches!(id_of(v), Some(id) if id == PUBLIC || id == "as:Public" || id == "Public")
        };
        match note.get(*field) {
            Some(Value::Array(all)) => all.iter().any(named),
            Some(one) => named(one),
            None => false,
        }
    })
}

/// A store failure: not now.
fn unavailable(e: impl std::fmt::Display) -> InboxError {
    InboxError::Unavailable(e.to_string())
}

/// The host (and port) of an address, for comparing origins.
fn origin(url: &str) -> Option<String> {
    let url = url::Url::parse(url).ok()?;
    Some(format!(
        "{}://{}:{}",
        url.scheme(),
        url.host_str()?,
        url.port_or_known_default()?
    ))
}

/// The path of an address of the site (`None` for another's: `https://blog.example.org`
/// is not under `https://blog.example`).
pub(super) fn local_path<'a>(ctx: &Ctx, id: &'a str) -> Option<&'a str> {
    let path = id.strip_prefix(ctx.site.as_str())?;
    (path.is_empty() || path.starts_with('/')).then_some(path)
}

/// The post a local id names (`{site}/ap/posts/{id}`).
pub(super) fn local_post_id(ctx: &Ctx, id: &str) -> Option<PostId> {
    let rest = local_path(ctx, id)?.strip_prefix("/ap/posts/")?;
    uuid::Uuid::try_parse(rest).ok().map(PostId)
}

/// What a reply answers, on this site.
struct Answered {
    post: Post,
    /// The comment it answers, if it answers one (approved: a reply joins its thread).
    parent: Option<Comment>,
}

/// Walks `in_reply_to` up to one of the site's posts: `None` if the chain leaves the
/// site's posts and the notes it knows within [`MAX_CHAIN`] fetches.
async fn answered(
    ctx: &Ctx,
    fetcher: &Fetcher,
    in_reply_to: &str,
) -> Result<Option<Answered>, InboxError> {
    let mut id = in_reply_to.to_owned();
    let mut fetched = 0;
    loop {
        if id.len() > MAX_ID_LENGTH {
            return Ok(None);
        }
        if local_path(ctx, &id).is_some() {
            let Some(post) = local_post_id(ctx, &id) else {
                return Ok(None);
            };
            let post = ctx
                .store
                .post_by_id(&ctx.site, post)
                .await
                .map_err(unavailable)?;
            return Ok(post
                .filter(super::takes_replies)
                .map(|post| Answered { post, parent: None }));
        }
        if let Some(note) = ctx
            .store
            .remote_note(&ctx.site, &id)
            .await
            .map_err(unavailable)?
        {
            let Some(post) = ctx
                .store
                .post_by_id(&ctx.site, note.post)
                .await
                .map_err(unavailable)?
                .filter(super::takes_replies)
            else {
                return Ok(None);
            };
            let parent = ctx
                .store
                .comment(&ctx.site, note.post, note.comment)
                .await
                .map_err(unavailable)?
                .filter(|c| c.state == CommentState::Approved);
            return Ok(Some(Answered { post, parent }));
        }
        if fetched == MAX_CHAIN {
            tracing::info!(reply_to = %in_reply_to, "a reply's chain is longer than is walked");
            return Ok(None);
        }
        fetched += 1;
        let doc = match remote::document(ctx, fetcher, &id).await {
            Ok(doc) => doc,
            // Gone, refused or not a document: not a thread of ours.
            Err(RemoteError::Gone(_) | RemoteError::Refused(_) | RemoteError::Invalid(_)) => {
                return Ok(None);
            }
            Err(e) => return Err(fetch_failed(&format!("what the reply answers ({id})"), e)),
        };
        if id_of(&doc) != Some(id.as_str()) {
            return Ok(None);
        }
        match doc.get("inReplyTo").and_then(id_of) {
            Some(next) => id = next.to_owned(),
            None => return Ok(None),
        }
    }
}

/// The note an activity carries: its object, given whole (a note given by its id is
/// fetched), which must be its actor's.
async fn note_of(
    ctx: &Ctx,
    fetcher: &Fetcher,
    activity: &Activity,
) -> Result<Option<Value>, InboxError> {
    let note = match activity.document.get("object") {
        Some(object @ Value::Object(_)) => object.clone(),
        Some(Value::String(id)) if origin(id) == origin(&activity.actor) => {
            remote::document(ctx, fetcher, id)
                .await
                .map_err(|e| fetch_failed(&format!("the note {id}"), e))?
        }
        _ => return Ok(None),
    };
    if !note
        .get("type")
        .and_then(Value::as_str)
        .is_some_and(|t| REPLY_KINDS.contains(&t))
    {
        return Ok(None);
    }
    let id = id_of(&note).ok_or_else(|| InboxError::Malformed("the note has no id".into()))?;
    if id.len() > MAX_ID_LENGTH || check_url(id).is_err() {
        return Err(InboxError::Malformed(format!(
            "the note's id is not an address of at most {MAX_ID_LENGTH} characters"
        )));
    }
    // A note is its actor's: on its actor's server, and attributed to it.
    if origin(id) != origin(&activity.actor) {
        return Err(InboxError::Unauthorized(format!(
            "the note {id} is not on the server of {}",
            activity.actor
        )));
    }
    let attributed = match note.get("attributedTo") {
        Some(Value::Array(all)) => all.iter().filter_map(id_of).any(|a| a == activity.actor),
        Some(one) => id_of(one) == Some(activity.actor.as_str()),
        None => false,
    };
    if !attributed {
        return Err(InboxError::Unauthorized(format!(
            "the note {id} is not attributed to {}",
            activity.actor
        )));
    }
    Ok(Some(note))
}

/// The text of a note as a comment's.
fn text_of(note: &Value) -> Option<crate::domain::CommentBody> {
    let text = |key: &str| note.get(key).and_then(Value::as_str);
    let id = id_of(note).unwrap_or_default();
    let url = match note.get("url") {
        Some(Value::String(url)) => url.as_str(),
        Some(Value::Object(link)) => link.get("href").and_then(Value::as_str).unwrap_or(id),
        Some(Value::Array(all)) => all
            .iter()
            .find_map(|u| match u {
                Value::String(url) => Some(url.as_str()),
                Value::Object(link) => link.get("href").and_then(Value::as_str),
                _ => None,
            })
            .unwrap_or(id),
        _ => id,
    };
    let attachments = match note.get("attachment") {
        Some(Value::Array(all)) => all.iter().collect(),
        Some(one @ Value::Object(_)) => vec![one],
        _ => Vec::new(),
    };
    let attachments = attachments
        .into_iter()
        .take(4)
        .filter_map(|a| {
            let url = match a.get("url") {
                Some(Value::String(url)) => url.as_str(),
                Some(Value::Object(link)) => link.get("href").and_then(Value::as_str)?,
                _ => a.get("href").and_then(Value::as_str)?,
            };
            let description = a.get("name").and_then(Value::as_str).unwrap_or_default();
            Some((url, description))
        })
        .collect();
    let content = text("content").unwrap_or_else(|| {
        note.get("contentMap")
            .and_then(Value::as_object)
            .and_then(|m| m.values().find_map(Value::as_str))
            .unwrap_or_default()
    });
    note_text::comment_text(&Note {
        content,
        summary: text("summary").or_else(|| text("name")),
        attachments,
        url,
    })
}

/// What a reply's author is known by here.
struct Author {
    /// What it signs with: its display name, else its handle.
    name: String,
    /// `@name@server` (or its id, when it gives no name).
    handle: String,
    /// Where what answers it is delivered: its server's shared inbox, or its own.
    inbox: String,
    /// The address of its picture.
    icon: Option<String>,
}

/// A remote actor as a reply's author: the name it signs with (its display name, else
/// its user name and server, on one line and at most [`MAX_NAME_CHARS`]), its handle and
/// its inbox.
async fn author_of(ctx: &Ctx, fetcher: &Fetcher, actor: &str) -> Result<Author, InboxError> {
    let doc = remote::document(ctx, fetcher, actor)
        .await
        .map_err(|e| fetch_failed(&format!("the actor {actor}"), e))?;
    let (own, shared) = super::inbox::inboxes_in(&doc, actor)?;
    let inbox = shared.unwrap_or(own);
    let clean = |s: &str| -> String {
        let one: String = s
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .chars()
            .filter(|c| !c.is_control())
            .collect();
        one.chars().take(MAX_NAME_CHARS).collect()
    };
    let display = doc.get("name").and_then(Value::as_str).map(clean);
    let handle = doc
        .get("preferredUsername")
        .and_then(Value::as_str)
        .map(|user| {
            let host = url::Url::parse(actor)
                .ok()
                .and_then(|u| u.host_str().map(str::to_owned))
                .unwrap_or_default();
            clean(&format!("@{user}@{host}"))
        });
    let handle = handle.filter(|h| h.len() > 2);
    Ok(Author {
        name: display
            .filter(|d| !d.is_empty())
            .or(handle.clone())
            .unwrap_or_else(|| clean(actor)),
        handle: handle.unwrap_or_else(|| clean(actor)),
        inbox,
        icon: super::avatars::icon_of(&doc),
    })
}

/// The time a reply's comment is made at: when the note says it was published, kept
/// after what it answers (a sender cannot put it first in the thread) and at most a few
/// minutes ahead of now; when it says nothing usable, the moment it answers. The same
/// note gives the same time, on any instance.
fn written_at(
    note: &Value,
    answered: &Answered,
    now: chrono::DateTime<chrono::Utc>,
) -> chrono::DateTime<chrono::Utc> {
    let after = answered
        .parent
        .as_ref()
        .map(Comment::created)
        .or(answered.post.published)
        .unwrap_or(answered.post.created);
    let said = note
        .get("published")
        .and_then(Value::as_str)
        .and_then(|at| chrono::DateTime::parse_from_rfc3339(at).ok())
        .map(|at| at.to_utc())
        .filter(|at| *at <= now + chrono::Duration::minutes(CLOCK_SKEW_MINUTES));
    said.map_or(after, |at| at.max(after))
}

/// A `Create` of a note: a reply to one of the site's posts (or to a comment on one)
/// becomes a comment waiting for moderation.
pub async fn create(
    ctx: &Ctx,
    fetcher: &Fetcher,
    activity: &Activity,
) -> Result<Handled, InboxError> {
    let Some(note) = note_of(ctx, fetcher, activity).await? else {
        return Ok(Handled::Ignored);
    };
    let note_id = id_of(&note).unwrap_or_default().to_owned();
    let Some(in_reply_to) = note.get("inReplyTo").and_then(id_of) else {
        return Ok(Handled::Ignored);
    };
    if !is_public(&note) {
        tracing::info!(note = %note_id, "a reply not addressed to everyone was left alone");
        return Ok(Handled::Ignored);
    }
    if activity.actor.len() > MAX_ID_LENGTH {
        return Err(InboxError::Malformed(format!(
            "the actor's id is longer than {MAX_ID_LENGTH} characters"
        )));
    }
    let limited = |e: crate::app::AppError| match e {
        crate::app::AppError::TooManyRequests {
            message,
            retry_after,
        } => InboxError::TooMany {
            message,
            retry_after,
        },
        other => unavailable(other),
    };
    // Counted before anything is fetched for it: a reply costs its actor one of its
    // comments whatever it answers.
    ctx.check_limit(
        Subject::CommentBy(&activity.actor),
        "This actor is replying too fast.",
    )
    .await
    .map_err(limited)?;
    ctx.record_attempt(Subject::CommentBy(&activity.actor))
        .await
        .map_err(limited)?;
    // And its domain's: what one domain's servers send is bounded however many actors
    // they have (a day of a domain's replies is one partition where they are found).
    let domain = crate::store::federation::host_of_actor(&activity.actor)
        .map(|h| crate::store::federation::comment_domain(&h))
        .unwrap_or_default();
    ctx.check_limit(
        Subject::ReplyThrough(&domain),
        "This server's accounts are replying too fast.",
    )
    .await
    .map_err(limited)?;
    ctx.record_attempt(Subject::ReplyThrough(&domain))
        .await
        .map_err(limited)?;
    let known = ctx
        .store
        .remote_note(&ctx.site, &note_id)
        .await
        .map_err(unavailable)?;
    if let Some(known) = &known
        && ctx
            .store
            .comment(&ctx.site, known.post, known.comment)
            .await
            .map_err(unavailable)?
            .is_some()
    {
        return Ok(Handled::Duplicate);
    }
    let Some(answer) = answered(ctx, fetcher, in_reply_to).await? else {
        tracing::info!(note = %note_id, "a note that answers nothing of this site was left alone");
        return Ok(Handled::Ignored);
    };
    let settings = ctx.comment_settings().await.map_err(unavailable)?;
    let now = ctx.clock.now();
    let at = written_at(&note, &answer, now);
    let Answered { post, parent } = answer;
    if let Some(why) = comment_policy::closed(&PostFacts::of(&post), &settings, now) {
        tracing::info!(note = %note_id, post = %post.id.0, ?why, "a reply to a post closed to comments was refused");
        return Ok(Handled::Ignored);
    }
    let body = text_of(&note)
        .ok_or_else(|| InboxError::Malformed(format!("the note {note_id} has no text")))?;
    let author = author_of(ctx, fetcher, &activity.actor).await?;
    let icon = author.icon.clone();
    let comment_id = match &known {
        Some(known) => known.comment,
        None => CommentId(crate::domain::timeuuid::named(
            at,
            &format!("fediverse:note:{note_id}"),
        )),
    };
    ctx.store
        .note_remote_note(
            &ctx.site,
            &note_id,
            &RemoteNote {
                post: post.id,
                comment: comment_id,
                actor: activity.actor.clone(),
            },
        )
        .await
        .map_err(unavailable)?;
    ctx.store
        .note_comment_source(
            &ctx.site,
            comment_id,
            &CommentSource {
                note: note_id.clone(),
                actor: activity.actor.clone(),
                handle: author.handle,
                inbox: author.inbox,
            },
        )
        .await
        .map_err(unavailable)?;
    let comment = NewComment {
        id: comment_id,
        post: CommentedPost {
            id: post.id,
            slug: post.slug.as_str().to_owned(),
            title: post.title.as_str().to_owned(),
        },
        thread: parent.as_ref().map_or(comment_id, |c| c.thread),
        parent: parent.as_ref().map(|c| c.id),
        author: Commenter::Remote {
            actor: activity.actor.clone(),
            name: author.name,
        },
        body_html: body.to_html(),
        body,
        state: CommentState::Pending,
    };
    let added = ctx.store.add_comment(&ctx.site, &comment).await;
    ctx.forget_comment_state_counts();
    match added {
        Ok(()) => {}
        Err(CommentError::Full) => {
            tracing::info!(note = %note_id, "a reply to a post with {MAX_COMMENTS_PER_POST} comments was refused");
            return Ok(Handled::Ignored);
        }
        Err(CommentError::Store(e)) => {
            // Another instance made it from the same note at the same moment.
            if ctx
                .store
                .comment(&ctx.site, post.id, comment_id)
                .await
                .map_err(unavailable)?
                .is_some()
            {
                return Ok(Handled::Duplicate);
            }
            return Err(unavailable(e));
        }
    }
    tracing::info!(note = %note_id, post = %post.id.0, comment = %comment_id, "a reply from the fediverse waits for moderation");
    // Its author's picture is fetched after the answer.
    let (errand_ctx, errand_fetcher, actor) = (
        ctx.clone(),
        fetcher.for_background(),
        activity.actor.clone(),
    );
    ctx.jobs.errand(async move {
        super::avatars::refresh(&errand_ctx, &errand_fetcher, &actor, icon.as_deref()).await;
    });
    Ok(Handled::Done)
}

/// The comment a note became, if its actor is the one asking.
async fn comment_of_note(
    ctx: &Ctx,
    actor: &str,
    note: &str,
) -> Result<Option<(RemoteNote, Comment)>, InboxError> {
    let Some(known) = ctx
        .store
        .remote_note(&ctx.site, note)
        .await
        .map_err(unavailable)?
    else {
        return Ok(None);
    };
    if known.actor != actor {
        return Err(InboxError::Unauthorized(format!(
            "only {} can change the note {note}",
            known.actor
        )));
    }
    let comment = ctx
        .store
        .comment(&ctx.site, known.post, known.comment)
        .await
        .map_err(unavailable)?
        .filter(|c| c.state != CommentState::Deleted);
    Ok(comment.map(|c| (known, c)))
}

/// An `Update` of a note that became a comment: the comment's text is the note's now.
pub async fn update(
    ctx: &Ctx,
    fetcher: &Fetcher,
    activity: &Activity,
) -> Result<Handled, InboxError> {
    let Some(note) = note_of(ctx, fetcher, activity).await? else {
        return Ok(Handled::Ignored);
    };
    let note_id = id_of(&note).unwrap_or_default();
    let Some((known, comment)) = comment_of_note(ctx, &activity.actor, note_id).await? else {
        return Ok(Handled::Ignored);
    };
    // No longer for everyone: no longer the site's to show.
    if !is_public(&note) {
        return remove(ctx, &known, &comment, "No longer public on the fediverse").await;
    }
    let now = ctx.clock.now();
    // A published comment changes as a member's does, within the edit window only: a
    // reply approved as it was cannot become another later.
    if comment.state == CommentState::Approved
        && now - comment.created() > chrono::Duration::minutes(EDIT_WINDOW_MINUTES)
    {
        tracing::info!(note = %note_id, comment = %known.comment, "an edit of a published reply after the edit window was left alone");
        return Ok(Handled::Ignored);
    }
    let body = text_of(&note)
        .ok_or_else(|| InboxError::Malformed(format!("the note {note_id} has no text")))?;
    if body == comment.body {
        return Ok(Handled::Done);
    }
    match ctx
        .store
        .edit_comment(&ctx.site, known.post, known.comment, &body, now)
        .await
    {
        Ok(_) => {}
        // Deleted or moved meanwhile: nothing to edit.
        Err(ModerationError::NoSuchComment | ModerationError::Illegal { .. }) => {
            return Ok(Handled::Ignored);
        }
        Err(ModerationError::Store(e)) => return Err(unavailable(e)),
    }
    tracing::info!(note = %note_id, comment = %known.comment, "a reply from the fediverse was edited");
    Ok(Handled::Done)
}

/// Deletes the comment a note became, for `reason`.
async fn remove(
    ctx: &Ctx,
    known: &RemoteNote,
    comment: &Comment,
    reason: &str,
) -> Result<Handled, InboxError> {
    let moderation = Moderation {
        to: CommentState::Deleted,
        reason: reason.into(),
        // No account of the site moved it: the nil id says so (only the name is kept).
        by: UserId(uuid::Uuid::nil()),
        by_name: comment.author.name().to_owned(),
        at: ctx.clock.now(),
    };
    match ctx.moderate(known.post, known.comment, &moderation).await {
        Ok(_) => {}
        // Deleted meanwhile.
        Err(ModerationError::NoSuchComment | ModerationError::Illegal { .. }) => {
            return Ok(Handled::Ignored);
        }
        Err(ModerationError::Store(e)) => return Err(unavailable(e)),
    }
    tracing::info!(comment = %known.comment, reason, "a reply from the fediverse was deleted");
    Ok(Handled::Done)
}

/// A `Delete` of a note that became a comment: the comment is deleted.
pub async fn delete(ctx: &Ctx, activity: &Activity) -> Result<Handled, InboxError> {
    let Some(note_id) = activity.document.get("object").and_then(id_of) else {
        return Ok(Handled::Ignored);
    };
    let Some((known, comment)) = comment_of_note(ctx, &activity.actor, note_id).await? else {
        return Ok(Handled::Ignored);
    };
    remove(
        ctx,
        &known,
        &comment,
        "Deleted by its author on the fediverse",
    )
    .await
}
