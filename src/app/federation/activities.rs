//! What a verified activity does. A `Follow` of one of the site's actors makes its actor
//! a follower (kept with the inbox the site's activities reach it by) and is answered by
//! an `Accept`, queued for delivery; an `Undo` of it ends the follow. An activity whose
//! id was received in the last days changes nothing again; one Sibyl does not act on is
//! acknowledged and left alone.

use super::inbox::{Activity, InboxError, fetch_failed};
use super::remote::{self, id_of};
use super::{Whose, delivery};
use crate::app::Ctx;
use crate::binaries::fetch::Fetcher;
use crate::domain::federation::documents;
use crate::store::federation::{
    FollowRequest, MAX_FOLLOW_REQUESTS, MAX_ID_LENGTH, MAX_REMOTE_FOLLOWERS, Reaction,
    RemoteFollower,
};
use serde_json::Value;

pub use super::inbox::Handled;

/// The local actor an activity's object names, which must be one of the site's.
async fn local_actor(ctx: &Ctx, object: Option<&Value>) -> Result<Whose, InboxError> {
    let id = object
        .and_then(id_of)
        .ok_or_else(|| InboxError::Malformed("the activity names no object".into()))?;
    let unknown = || InboxError::Unknown(format!("{id} is not an actor of this site"));
    let whose = Whose::from_id(ctx, id).ok_or_else(unknown)?;
    super::actor(ctx, whose)
        .await
        .map_err(|e| InboxError::Unavailable(e.to_string()))?
        .ok_or_else(unknown)?;
    Ok(whose)
}

fn bounded<'a>(what: &str, id: &'a str) -> Result<&'a str, InboxError> {
    if id.len() > MAX_ID_LENGTH {
        return Err(InboxError::Malformed(format!(
            "{what} is longer than {MAX_ID_LENGTH} characters"
        )));
    }
    Ok(id)
}

/// What a received activity is remembered by: its actor and its id.
pub fn received_key(actor: &str, id: &str) -> String {
    format!("{actor} {id}")
}

/// Acts on a verified activity, once per id.
pub async fn handle(
    ctx: &Ctx,
    fetcher: &Fetcher,
    activity: &Activity,
) -> Result<Handled, InboxError> {
    let store_failed = |e: crate::store::StoreError| InboxError::Unavailable(e.to_string());
    // Remembered by its actor and id: an actor cannot make another's activity a
    // duplicate by sending its id first.
    let received = match &activity.id {
        Some(id) => Some(format!(
            "{} {}",
            activity.actor,
            bounded("the activity's id", id)?
        )),
        None => None,
    };
    if let Some(key) = &received
        && ctx
            .store
            .received(&ctx.site, key)
            .await
            .map_err(store_failed)?
    {
        return Ok(Handled::Duplicate);
    }
    // A server that sends something is up: its deliveries are no longer set aside.
    let server = super::delivery::server_of(&activity.actor);
    if ctx
        .store
        .failing_server(&ctx.site, &server)
        .await
        .map_err(store_failed)?
        .is_some()
    {
        ctx.store
            .server_answers(&ctx.site, &server)
            .await
            .map_err(store_failed)?;
    }
    let handled = match activity.kind.as_str() {
        "Follow" => follow(ctx, fetcher, activity).await?,
        "Undo" => undo(ctx, activity).await?,
        "Create" => super::replies::create(ctx, fetcher, activity).await?,
        "Update" => super::replies::update(ctx, fetcher, activity).await?,
        "Delete"
            if activity.document.get("object").and_then(id_of) == Some(activity.actor.as_str()) =>
        {
            actor_deleted(ctx, activity).await?
        }
        "Delete" => super::replies::delete(ctx, activity).await?,
        "Move" => moved(ctx, fetcher, activity).await?,
        "Like" => super::reactions::react(ctx, activity, Reaction::Like).await?,
        "Announce" => super::reactions::react(ctx, activity, Reaction::Announce).await?,
        _ => Handled::Ignored,
    };
    // Noted once done (or found to be nothing to act on, which it will still be): an
    // activity that failed half-way is acted on again when its server sends it again
    // (each step is idempotent).
    if let Some(key) = &received
        && matches!(handled, Handled::Done | Handled::Ignored)
    {
        ctx.store
            .note_received(&ctx.site, key, ctx.clock.now())
            .await
            .map_err(store_failed)?;
    }
    Ok(handled)
}

/// The inboxes of a remote actor: its own, and its server's shared one if it has one.
async fn inboxes_of(
    ctx: &Ctx,
    fetcher: &Fetcher,
    actor: &str,
) -> Result<(String, Option<String>), InboxError> {
    let doc = remote::document(ctx, fetcher, actor)
        .await
        .map_err(|e| fetch_failed(&format!("the actor {actor}"), e))?;
    inboxes_in(&doc, actor)
}

/// The inboxes an actor's document gives (it must be that actor's).
fn inboxes_in(doc: &Value, actor: &str) -> Result<(String, Option<String>), InboxError> {
    if id_of(doc) != Some(actor) {
        return Err(InboxError::Malformed(format!(
            "the document at {actor} is not that actor"
        )));
    }
    super::inbox::inboxes_in(doc, actor)
}

/// A `Follow` of one of the site's actors: its actor follows from now on, and is told
/// so by an `Accept` (following again is accepted again, and counted once).
async fn follow(ctx: &Ctx, fetcher: &Fetcher, activity: &Activity) -> Result<Handled, InboxError> {
    let whose = local_actor(ctx, activity.document.get("object")).await?;
    let follower = bounded("the actor's id", &activity.actor)?;
    let follow_id = activity
        .id
        .clone()
        .ok_or_else(|| InboxError::Malformed("the Follow has no id".into()))?;
    let count = ctx
        .store
        .remote_follower_count(&ctx.site, &whose.name())
        .await
        .map_err(|e| InboxError::Unavailable(e.to_string()))?;
    if count >= MAX_REMOTE_FOLLOWERS {
        return Err(InboxError::Malformed(format!(
            "this actor has {MAX_REMOTE_FOLLOWERS} followers, the most it can have"
        )));
    }
    let (inbox, shared) = inboxes_of(ctx, fetcher, follower).await?;
    let now = ctx.clock.now();
    let unavailable = |e: crate::store::StoreError| InboxError::Unavailable(e.to_string());
    // Its actor approves its followers itself: the follow waits for a decision (unless
    // it follows already: then it is accepted again).
    let follows = ctx
        .store
        .remote_follower(&ctx.site, &whose.name(), follower)
        .await
        .map_err(unavailable)?
        .is_some();
    if !follows
        && ctx
            .store
            .approves_followers(&ctx.site, &whose.name())
            .await
            .map_err(unavailable)?
    {
        let request = FollowRequest {
            follower: follower.to_owned(),
            inbox: inbox.clone(),
            deliver_to: shared.unwrap_or_else(|| inbox.clone()),
            follow: follow_id.clone(),
            since: now,
        };
        if !super::requests::keep(ctx, whose, &request)
            .await
            .map_err(unavailable)?
        {
            return Err(InboxError::Malformed(format!(
                "this actor has {MAX_FOLLOW_REQUESTS} follows waiting for its approval, the most it can have"
            )));
        }
        tracing::info!(follower = %activity.actor, actor = %whose.name(), "a follow waits for approval");
        return Ok(Handled::Done);
    }
    let added = ctx
        .store
        .add_remote_follower(
            &ctx.site,
            &whose.name(),
            &RemoteFollower {
                actor: follower.to_owned(),
                inbox: shared.unwrap_or_else(|| inbox.clone()),
                follow: follow_id.clone(),
                since: now,
            },
        )
        .await
        .map_err(|e| InboxError::Unavailable(e.to_string()))?;
    // A request left waiting from when its actor approved followers itself is settled.
    ctx.store
        .remove_follow_request(&ctx.site, &whose.name(), follower)
        .await
        .map_err(unavailable)?;
    let ours = ctx.absolute(&whose.path());
    let accept_id = super::requests::answer_id("accept", &activity.actor, &follow_id);
    let accept = documents::accept(
        &ours,
        &format!("{ours}#accepts/{accept_id}"),
        &activity.document,
    );
    // One Accept per Follow, whatever retries: its id is made from the Follow's.
    delivery::queue_as(ctx, accept_id, whose, &accept, &[inbox], &[])
        .await
        .map_err(|e| InboxError::Unavailable(e.to_string()))?;
    tracing::info!(
        follower = %activity.actor,
        actor = %ours,
        new = added,
        "a remote actor follows"
    );
    Ok(Handled::Done)
}

/// The `Delete` of an actor by itself: it follows none of the site's actors any more, its
/// picture is forgotten, and its comments are signed "deleted user" (removed first if the site's policy for deleted
/// accounts says so).
async fn actor_deleted(ctx: &Ctx, activity: &Activity) -> Result<Handled, InboxError> {
    let unavailable = |e: crate::store::StoreError| InboxError::Unavailable(e.to_string());
    let followed = ctx
        .store
        .remote_follower_counts(&ctx.site)
        .await
        .map_err(unavailable)?;
    let mut ended = 0;
    // Its follows waiting for approval go (those of the site's actor, and of each author
    // with followers: an author's request waits on a page that checks it too).
    ctx.store
        .remove_follow_request(&ctx.site, &Whose::Site.name(), &activity.actor)
        .await
        .map_err(unavailable)?;
    for (name, count) in followed {
        if Whose::from_name(&name).is_none() {
            continue;
        }
        ctx.store
            .remove_follow_request(&ctx.site, &name, &activity.actor)
            .await
            .map_err(unavailable)?;
        if count == 0 {
            continue;
        }
        if ctx
            .store
            .remove_remote_follower(&ctx.site, &name, &activity.actor)
            .await
            .map_err(unavailable)?
        {
            ended += 1;
        }
    }
    // Its picture goes; its comments as the site's policy for deleted accounts says.
    super::blocks::forget_avatar(ctx, &activity.actor)
        .await
        .map_err(|e| InboxError::Unavailable(e.to_string()))?;
    let forgotten = super::blocks::forget_comments_of(ctx, &activity.actor)
        .await
        .map_err(|e| InboxError::Unavailable(e.to_string()))?;
    tracing::info!(actor = %activity.actor, follows_ended = ended, comments_signed = forgotten, "a remote actor was deleted");
    Ok(Handled::Done)
}

/// A `Move` of an actor to another account (its `target`, whose document must name the
/// actor in `alsoKnownAs`): the new account follows each of the site's actors the old one
/// did, in its place (added first, then the old one removed: a Move cut short and sent
/// again finishes).
async fn moved(ctx: &Ctx, fetcher: &Fetcher, activity: &Activity) -> Result<Handled, InboxError> {
    let unavailable = |e: crate::store::StoreError| InboxError::Unavailable(e.to_string());
    if activity.document.get("object").and_then(id_of) != Some(activity.actor.as_str()) {
        return Ok(Handled::Ignored);
    }
    let target = activity
        .document
        .get("target")
        .and_then(id_of)
        .ok_or_else(|| InboxError::Malformed("the Move names no target".into()))?;
    let target = bounded("the target's id", target)?;
    if target == activity.actor {
        return Err(InboxError::Malformed(
            "the Move's target is its own actor".into(),
        ));
    }
    let doc = remote::document(ctx, fetcher, target)
        .await
        .map_err(|e| fetch_failed(&format!("the actor {target}"), e))?;
    let (inbox, shared) = inboxes_in(&doc, target)?;
    let aliases: Vec<&str> = match doc.get("alsoKnownAs") {
        Some(Value::Array(all)) => all.iter().filter_map(id_of).collect(),
        Some(one) => id_of(one).into_iter().collect(),
        None => Vec::new(),
    };
    if !aliases.contains(&activity.actor.as_str()) {
        return Err(InboxError::Unauthorized(format!(
            "{target} does not name {} among its aliases (alsoKnownAs)",
            activity.actor
        )));
    }
    let followed = ctx
        .store
        .remote_follower_counts(&ctx.site)
        .await
        .map_err(unavailable)?;
    let mut moved = 0;
    for (name, _) in followed {
        if Whose::from_name(&name).is_none() {
            continue;
        }
        let Some(old) = ctx
            .store
            .remote_follower(&ctx.site, &name, &activity.actor)
            .await
            .map_err(unavailable)?
        else {
            continue;
        };
        ctx.store
            .add_remote_follower(
                &ctx.site,
                &name,
                &RemoteFollower {
                    actor: target.to_owned(),
                    inbox: shared.clone().unwrap_or_else(|| inbox.clone()),
                    follow: old.follow,
                    since: old.since,
                },
            )
            .await
            .map_err(unavailable)?;
        ctx.store
            .remove_remote_follower(&ctx.site, &name, &activity.actor)
            .await
            .map_err(unavailable)?;
        moved += 1;
    }
    tracing::info!(from = %activity.actor, to = %target, follows_moved = moved, "a remote actor moved");
    Ok(Handled::Done)
}

/// An `Undo`: of a `Follow` (given whole, as servers send it), the follow ends; of a
/// `Like` or `Announce`, its actor is no longer counted.
async fn undo(ctx: &Ctx, activity: &Activity) -> Result<Handled, InboxError> {
    let Some(object) = activity.document.get("object").filter(|o| o.is_object()) else {
        return Ok(Handled::Ignored);
    };
    let kind = object
        .get("type")
        .and_then(Value::as_str)
        .unwrap_or_default();
    if let Some(reaction) = super::reactions::kind_of(kind) {
        return super::reactions::undo(ctx, activity, object, reaction).await;
    }
    if kind != "Follow" {
        return Ok(Handled::Ignored);
    }
    if object.get("actor").and_then(id_of) != Some(activity.actor.as_str()) {
        return Err(InboxError::Unauthorized(
            "an actor can undo only its own follow".into(),
        ));
    }
    let whose = local_actor(ctx, object.get("object")).await?;
    let removed = ctx
        .store
        .remove_remote_follower(&ctx.site, &whose.name(), &activity.actor)
        .await
        .map_err(|e| InboxError::Unavailable(e.to_string()))?;
    // A follow still waiting for approval is withdrawn.
    ctx.store
        .remove_follow_request(&ctx.site, &whose.name(), &activity.actor)
        .await
        .map_err(|e| InboxError::Unavailable(e.to_string()))?;
    tracing::info!(
        follower = %activity.actor,
        actor = %ctx.absolute(&whose.path()),
        removed,
        "a remote actor no longer follows"
    );
    Ok(Handled::Done)
}
