//! Likes and announces (boosts) of the site's posts from the fediverse, counted per post,
//! each actor once: a `Like` or `Announce` of a published post adds its actor to the
//! post's set of that kind, and its `Undo` takes the actor out. The sets are kept and
//! counted as followers are (see [`crate::store::federation::reaction_set`]).

use super::inbox::{Activity, Handled, InboxError};
use super::remote::id_of;
use crate::app::Ctx;
use crate::domain::PostId;
use crate::store::federation::{
    MAX_ID_LENGTH, MAX_REMOTE_FOLLOWERS, Reaction, RemoteFollower, reaction_set,
};
use serde_json::Value;

/// The kind of reaction an activity's type is, if it is one.
pub fn kind_of(kind: &str) -> Option<Reaction> {
    match kind {
        "Like" => Some(Reaction::Like),
        "Announce" => Some(Reaction::Announce),
        _ => None,
    }
}

/// The post an object names (by its id, or its page's address), if it names one of the
/// site's: `Ok(None)` for another server's object (an announce of something else
/// reaching the shared inbox), 404 for an address of the site that is no published post
/// (`published`), or no post at all (not `published`: an undo of a reaction to a post
/// since unpublished still takes it back).
async fn post_of(
    ctx: &Ctx,
    object: Option<&Value>,
    published: bool,
) -> Result<Option<PostId>, InboxError> {
    let Some(id) = object.and_then(id_of) else {
        return Err(InboxError::Malformed("the activity names no object".into()));
    };
    let Some(path) = super::replies::local_path(ctx, id) else {
        return Ok(None);
    };
    let unknown = || InboxError::Unknown(format!("{id} is not a post of this site"));
    let unavailable = |e: crate::store::StoreError| InboxError::Unavailable(e.to_string());
    let found = if let Some(post) = super::replies::local_post_id(ctx, id) {
        if !published {
            return Ok(Some(post));
        }
        ctx.store
            .post_by_id(&ctx.site, post)
            .await
            .map_err(unavailable)?
    } else {
        // A page's address: its path, without a query or fragment, decoded.
        let path = path.split(['?', '#']).next().unwrap_or_default();
        let slug = path
            .strip_prefix("/posts/")
            .or_else(|| path.strip_prefix("/pages/"))
            .map(|s| percent_encoding::percent_decode_str(s).decode_utf8_lossy())
            .and_then(|s| crate::domain::Slug::parse(&s).ok())
            .ok_or_else(unknown)?;
        ctx.store
            .post_by_slug(&ctx.site, &slug)
            .await
            .map_err(unavailable)?
    };
    let pages = ctx.identity().await.fediverse_pages;
    let post = found
        .filter(|p| !published || super::federates(p, pages))
        .ok_or_else(unknown)?;
    Ok(Some(post.id))
}

/// A `Like` or `Announce` of one of the site's posts: its actor is counted once.
pub async fn react(ctx: &Ctx, activity: &Activity, kind: Reaction) -> Result<Handled, InboxError> {
    let Some(post) = post_of(ctx, activity.document.get("object"), true).await? else {
        return Ok(Handled::Ignored);
    };
    if activity.actor.len() > MAX_ID_LENGTH {
        return Err(InboxError::Malformed(format!(
            "the actor's id is longer than {MAX_ID_LENGTH} characters"
        )));
    }
    let unavailable = |e: crate::store::StoreError| InboxError::Unavailable(e.to_string());
    let set = reaction_set(kind, post);
    let count = ctx
        .store
        .remote_follower_count(&ctx.site, &set)
        .await
        .map_err(unavailable)?;
    if count >= MAX_REMOTE_FOLLOWERS {
        // Counted as far as a post counts: acknowledged, not kept.
        return Ok(Handled::Ignored);
    }
    let added = ctx
        .store
        .add_remote_follower(
            &ctx.site,
            &set,
            &RemoteFollower {
                actor: activity.actor.clone(),
                inbox: String::new(),
                follow: activity.id.clone().unwrap_or_default(),
                since: ctx.clock.now(),
            },
        )
        .await
        .map_err(unavailable)?;
    tracing::info!(actor = %activity.actor, post = %post.0, kind = kind.as_str(), new = added, "a post's reaction from the fediverse");
    Ok(Handled::Done)
}

/// The `Undo` of a `Like` or `Announce` (given whole, as servers send it, by the actor
/// who reacted): its actor is no longer counted.
pub async fn undo(
    ctx: &Ctx,
    activity: &Activity,
    object: &Value,
    kind: Reaction,
) -> Result<Handled, InboxError> {
    let Some(post) = post_of(ctx, object.get("object"), false).await? else {
        return Ok(Handled::Ignored);
    };
    if object.get("actor").and_then(id_of) != Some(activity.actor.as_str()) {
        return Err(InboxError::Unauthorized(
            "an actor can undo only its own reaction".into(),
        ));
    }
    let removed = ctx
        .store
        .remove_remote_follower(&ctx.site, &reaction_set(kind, post), &activity.actor)
        .await
        .map_err(|e| InboxError::Unavailable(e.to_string()))?;
    tracing::info!(actor = %activity.actor, post = %post.0, kind = kind.as_str(), removed, "a post's reaction from the fediverse was undone");
    Ok(Handled::Done)
}
