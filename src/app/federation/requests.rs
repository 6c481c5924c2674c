//! Follows that wait for the followed actor's approval. An author (for their actor) or an
//! administrator (for the site's) can have new followers wait: a `Follow` is then kept
//! as a request (at most `MAX_FOLLOW_REQUESTS` an actor) and answered only when they
//! decide: approved, its actor follows and is sent an `Accept`; rejected, a `Reject`.
//! Approving runs its steps in an order that can run again: the follower first, then the
//! `Accept` (under an id made from the Follow), then the request goes.

use super::{Whose, delivery};
use crate::app::{AppError, Ctx};
use crate::domain::federation::documents;
use crate::domain::{Role, User};
use crate::store::federation::{FollowRequest, MAX_REMOTE_FOLLOWERS, RemoteFollower, Requested};
use serde_json::{Value, json};

/// Whether `user` decides on the followers of `whose`: its author, or an administrator.
fn may_decide(user: &User, whose: Whose) -> Result<(), AppError> {
    let allowed = user.role == Role::Admin || whose == Whose::Author(user.id);
    if !allowed {
        return Err(AppError::Forbidden(
            "Only the account's author or an administrator decides who follows it.".into(),
        ));
    }
    Ok(())
}

/// Whether `whose` approves its followers itself.
pub async fn approves(ctx: &Ctx, whose: Whose) -> Result<bool, AppError> {
    Ok(ctx
        .store
        .approves_followers(&ctx.site, &whose.name())
        .await?)
}

/// Sets whether `whose` approves its followers itself. Follows waiting when it is turned
/// off stay waiting for a decision.
pub async fn set_approval(ctx: &Ctx, user: &User, whose: Whose, on: bool) -> Result<(), AppError> {
    may_decide(user, whose)?;
    ctx.store
        .set_approves_followers(&ctx.site, &whose.name(), on)
        .await?;
    Ok(())
}

/// The follows waiting for `whose`, a page from after `after`.
pub async fn waiting(
    ctx: &Ctx,
    user: &User,
    whose: Whose,
    after: Option<&str>,
) -> Result<Vec<FollowRequest>, AppError> {
    may_decide(user, whose)?;
    Ok(ctx
        .store
        .follow_requests(&ctx.site, &whose.name(), after, crate::store::caps::ROSTER)
        .await?)
}

/// Keeps a Follow waiting: `false` when `whose` has `MAX_FOLLOW_REQUESTS` waiting.
pub(super) async fn keep(
    ctx: &Ctx,
    whose: Whose,
    request: &FollowRequest,
) -> Result<bool, crate::store::StoreError> {
    let kept = ctx
        .store
        .add_follow_request(&ctx.site, &whose.name(), request)
        .await?;
    Ok(kept != Requested::Full)
}

/// The id an answer to a Follow is queued under: one per Follow, whatever retries.
pub(super) fn answer_id(kind: &str, follower: &str, follow: &str) -> uuid::Uuid {
    let name = match kind {
        // As it always was, so an Accept queued before requests existed keeps its id.
        "accept" => format!("fediverse:accept:{follower} {follow}"),
        other => format!("fediverse:{other}:{follower} {follow}"),
    };
    crate::domain::timeuuid::named(chrono::DateTime::UNIX_EPOCH, &name)
}

/// The Follow a request was, as an answer quotes it.
fn follow_of(ours: &str, request: &FollowRequest) -> Value {
    json!({
        "id": request.follow,
        "type": "Follow",
        "actor": request.follower,
        "object": ours,
    })
}

/// Approves (`true`) or rejects a follow waiting for `whose`.
pub async fn decide(
    ctx: &Ctx,
    user: &User,
    whose: Whose,
    follower: &str,
    approve: bool,
) -> Result<(), AppError> {
    may_decide(user, whose)?;
    let name = whose.name();
    let request = ctx
        .store
        .follow_request(&ctx.site, &name, follower)
        .await?
        .ok_or_else(|| AppError::NotFoundWith("No such follow is waiting.".into()))?;
    let ours = ctx.absolute(&whose.path());
    let follow = follow_of(&ours, &request);
    let blocked = super::blocks::blocking(ctx, &[&request.follower, &request.inbox])
        .await?
        .is_some();
    if approve && blocked {
        ctx.store
            .remove_follow_request(&ctx.site, &name, follower)
            .await?;
        return Err(AppError::Invalid(
            "That account or its server is blocked: its follow was dropped.".into(),
        ));
    }
    if approve {
        let count = ctx.store.remote_follower_count(&ctx.site, &name).await?;
        if count >= MAX_REMOTE_FOLLOWERS {
            return Err(AppError::Invalid(format!(
                "This account has {MAX_REMOTE_FOLLOWERS} followers, the most it can have: reject some follows, or wait for some to end."
            )));
        }
        ctx.store
            .add_remote_follower(
                &ctx.site,
                &name,
                &RemoteFollower {
                    actor: request.follower.clone(),
                    inbox: request.deliver_to.clone(),
                    follow: request.follow.clone(),
                    since: ctx.clock.now(),
                },
            )
            .await?;
        let id = answer_id("accept", &request.follower, &request.follow);
        let accept = documents::accept(&ours, &format!("{ours}#accepts/{id}"), &follow);
        delivery::queue_as(
            ctx,
            id,
            whose,
            &accept,
            std::slice::from_ref(&request.inbox),
            &[],
        )
        .await?;
    } else if !blocked {
        // Rejected: it follows no more, if it did (a Follow sent again by a follower).
        ctx.store
            .remove_remote_follower(&ctx.site, &name, &request.follower)
            .await?;
        let id = answer_id("reject", &request.follower, &request.follow);
        let reject = documents::reject(&ours, &format!("{ours}#rejects/{id}"), &follow);
        delivery::queue_as(
            ctx,
            id,
            whose,
            &reject,
            std::slice::from_ref(&request.inbox),
            &[],
        )
        .await?;
    }
    ctx.store
        .remove_follow_request(&ctx.site, &name, follower)
        .await?;
    tracing::info!(follower, actor = %ours, approve, "a waiting follow was decided");
    Ok(())
}
