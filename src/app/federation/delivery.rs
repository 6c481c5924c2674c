//! Sending activities: each is queued in the store with a delivery per receiving inbox
//! (its actor's followers' servers' shared inboxes, once each, when it goes to them), and
//! delivered by the `fediverse` job of whichever instance holds the site: each attempt is
//! claimed first (one instance at a time delivers it; the claim is its lease) and POSTed
//! signed as its actor under the address rules of every fetch. What fails is tried again
//! later and later ([`lease`]: a minute, then four times longer each time up to a day),
//! [`MAX_ATTEMPTS`] times over about five days; what the inbox refuses for good (a 4xx
//! other than 408 and 429) is not. At least once: an instance that dies after a POST,
//! before noting it, leaves it to be sent again when the lease ends.

use super::{Whose, actor_key};
use crate::app::{AppError, Ctx};
use crate::binaries::fetch::{FetchError, Fetcher, check_url};
use crate::domain::federation::documents::{ACTIVITY_JSON, Actor};
use crate::domain::federation::signature::{self, Request};
use crate::store::federation::{
    Delivery, FOLLOWER_SHARDS, MAX_FAILURE_CHARS, MAX_INBOXES_PER_ACTIVITY, MAX_SENT_BYTES,
    Outgoing,
};
use chrono::{DateTime, Duration, Utc};
use serde_json::Value;
use std::collections::BTreeSet;
use std::sync::LazyLock;
use tokio::sync::Notify;

/// Attempts at one delivery before it is given up.
pub const MAX_ATTEMPTS: u32 = 10;

/// Deliveries one instance makes at once.
pub const IN_FLIGHT: usize = 8;

/// Followers read a page at a time when an activity fans out.
const FAN_OUT_PAGE: usize = 500;

/// Wakes this process's delivery job when something is queued.
pub static QUEUED: LazyLock<Notify> = LazyLock::new(Notify::new);

/// The lease of attempt `n` (from 1), which is also how long until the next attempt if
/// it fails: one minute, times four each attempt, at most a day.
pub fn lease(attempt: u32) -> Duration {
    let minutes = 4i64.saturating_pow(attempt.saturating_sub(1)).min(24 * 60);
    Duration::minutes(minutes)
}

/// Queues an activity of `whose` for `inboxes` and the followers of `followers_of`, and
/// wakes the delivery job.
pub async fn queue(
    ctx: &Ctx,
    whose: Whose,
    activity: &Value,
    inboxes: &[String],
    followers_of: &[Whose],
) -> Result<(), AppError> {
    let id = crate::domain::timeuuid::at(ctx.clock.now());
    queue_as(ctx, id, whose, activity, inboxes, followers_of).await
}

/// [`queue`] under a given id: queuing the same id again changes nothing it recorded.
pub async fn queue_as(
    ctx: &Ctx,
    id: uuid::Uuid,
    whose: Whose,
    activity: &Value,
    inboxes: &[String],
    followers_of: &[Whose],
) -> Result<(), AppError> {
    let body = activity.to_string();
    if body.len() > MAX_SENT_BYTES {
        return Err(AppError::Invalid(format!(
            "an activity of {} bytes is more than the {MAX_SENT_BYTES} one may be",
            body.len()
        )));
    }
    let outgoing = Outgoing {
        id,
        actor: whose.name(),
        body,
        followers_of: followers_of.iter().map(|w| w.name()).collect(),
        fanned_out: false,
    };
    ctx.store
        .queue_activity(&ctx.site, &outgoing, inboxes, ctx.clock.now())
        .await?;
    QUEUED.notify_waiters();
    Ok(())
}

/// What a pass did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Pass {
    /// Deliveries that arrived.
    pub delivered: usize,
    /// Attempts that failed (to be tried again, or given up).
    pub failed: usize,
    /// Deliveries given up.
    pub given_up: usize,
    /// Activities closed: every delivery ended.
    pub closed: usize,
}

/// Records a delivery to each distinct inbox of the actor's followers (its servers'
/// shared inboxes), at most [`MAX_INBOXES_PER_ACTIVITY`] of them with those queued.
async fn fan_out(ctx: &Ctx, activity: &Outgoing, now: DateTime<Utc>) -> Result<(), AppError> {
    let mut inboxes: BTreeSet<String> = ctx
        .store
        .deliveries(&ctx.site, activity.id)
        .await?
        .into_iter()
        .map(|d| d.inbox)
        .collect();
    let mut left_out = 0u64;
    for (followed, shard) in activity
        .followers_of
        .iter()
        .flat_map(|name| (0..FOLLOWER_SHARDS).map(move |shard| (name, shard)))
    {
        let mut after: Option<String> = None;
        loop {
            let page = ctx
                .store
                .remote_followers(&ctx.site, followed, shard, after.as_deref(), FAN_OUT_PAGE)
                .await?;
            let mut new = Vec::new();
            for follower in &page {
                if inboxes.contains(&follower.inbox) {
                    continue;
                }
                if inboxes.len() >= MAX_INBOXES_PER_ACTIVITY {
                    left_out += 1;
                    continue;
                }
                inboxes.insert(follower.inbox.clone());
                new.push(follower.inbox.clone());
            }
            ctx.store
                .add_deliveries(&ctx.site, activity.id, &new, now)
                .await?;
            match page.last() {
                Some(last) if page.len() == FAN_OUT_PAGE => after = Some(last.actor.clone()),
                _ => break,
            }
        }
    }
    if left_out > 0 {
        tracing::warn!(
            activity = %activity.id,
            left_out,
            "an activity reaches {MAX_INBOXES_PER_ACTIVITY} servers at most: some followers are left out"
        );
    }
    ctx.store.fanned_out(&ctx.site, activity.id).await?;
    Ok(())
}

/// A failed attempt's reason, as kept.
fn short(why: &str) -> String {
    why.chars().take(MAX_FAILURE_CHARS).collect()
}

/// POSTs an activity to an inbox, signed as `whose`.
async fn post(
    ctx: &Ctx,
    fetcher: &Fetcher,
    whose: Whose,
    inbox: &str,
    body: &str,
) -> Result<(), FetchError> {
    let url = check_url(inbox)?;
    let key = actor_key(ctx, whose)
        .await
        .map_err(|e| FetchError::Transient(e.to_string()))?;
    let key_id = Actor::key_id(&ctx.absolute(&whose.path()));
    let signed = vec![
        ("host".to_owned(), super::remote::host_of(&url)),
        ("date".to_owned(), super::remote::http_date(ctx.clock.now())),
        ("digest".to_owned(), signature::digest(body.as_bytes())),
    ];
    let target = super::remote::target_of(&url);
    let request = Request {
        method: "POST",
        target: &target,
        headers: &signed,
    };
    let value = signature::sign(&key, &key_id, &request)
        .map_err(|e| FetchError::Transient(format!("signing: {e}")))?;
    let mut headers = signed;
    headers.push(("signature".to_owned(), value));
    headers.push(("content-type".to_owned(), ACTIVITY_JSON.to_owned()));
    headers.push(("accept".to_owned(), ACTIVITY_JSON.to_owned()));
    fetcher
        .post(&url, &headers, body.as_bytes().to_vec())
        .await
        .map(|_| ())
}

/// What came of one delivery's turn.
enum Turn {
    NotDue,
    Delivered,
    Failed,
    GivenUp,
}

/// Claims and makes one attempt at a delivery, if it is due.
async fn attempt(
    ctx: &Ctx,
    fetcher: &Fetcher,
    activity: &Outgoing,
    whose: Whose,
    delivery: &Delivery,
    now: DateTime<Utc>,
) -> Result<Turn, AppError> {
    let (site, id, inbox) = (&ctx.site, activity.id, delivery.inbox.as_str());
    if delivery.due > now {
        return Ok(Turn::NotDue);
    }
    if delivery.attempts >= MAX_ATTEMPTS {
        let why = short(&format!(
            "given up after {MAX_ATTEMPTS} attempts: {}",
            delivery.failure.as_deref().unwrap_or("no answer")
        ));
        ctx.store.end_delivery(site, id, inbox, Some(&why)).await?;
        return Ok(Turn::GivenUp);
    }
    let until = now + lease(delivery.attempts + 1);
    if !ctx
        .store
        .claim_attempt(site, id, inbox, delivery.attempts, until)
        .await?
    {
        return Ok(Turn::NotDue);
    }
    match post(ctx, fetcher, whose, inbox, &activity.body).await {
        Ok(()) => {
            ctx.store.end_delivery(site, id, inbox, None).await?;
            Ok(Turn::Delivered)
        }
        Err(FetchError::Transient(why)) => {
            tracing::info!(inbox, error = %why, attempt = delivery.attempts + 1, "a delivery failed; it is tried again later");
            ctx.store
                .note_failure(site, id, inbox, &short(&why))
                .await?;
            Ok(Turn::Failed)
        }
        Err(refused) => {
            let why = short(&refused.to_string());
            tracing::info!(inbox, error = %why, "a delivery was refused for good");
            ctx.store.end_delivery(site, id, inbox, Some(&why)).await?;
            Ok(Turn::GivenUp)
        }
    }
}

/// One pass over the site's open activities: each fanned out if it has not been, its due
/// deliveries attempted ([`IN_FLIGHT`] at once), and closed once all have ended.
pub async fn deliver_some(ctx: &Ctx, fetcher: &Fetcher) -> Result<Pass, AppError> {
    use futures_util::StreamExt;
    let mut pass = Pass::default();
    for activity in ctx.store.open_activities(&ctx.site).await? {
        let Some(whose) = Whose::from_name(&activity.actor) else {
            tracing::warn!(actor = %activity.actor, "an activity of no actor is closed");
            ctx.store.close_activity(&ctx.site, activity.id).await?;
            continue;
        };
        let now = ctx.clock.now();
        if !activity.followers_of.is_empty() && !activity.fanned_out {
            fan_out(ctx, &activity, now).await?;
        }
        let deliveries = ctx.store.deliveries(&ctx.site, activity.id).await?;
        let pending: Vec<&Delivery> = deliveries.iter().filter(|d| !d.ended).collect();
        type Attempt<'a> = std::pin::Pin<
            Box<dyn std::future::Future<Output = Result<Turn, AppError>> + Send + 'a>,
        >;
        let attempts: Vec<Attempt<'_>> = pending
            .iter()
            .map(|d| Box::pin(attempt(ctx, fetcher, &activity, whose, d, now)) as Attempt<'_>)
            .collect();
        let turns: Vec<Result<Turn, AppError>> = futures_util::stream::iter(attempts)
            .buffer_unordered(IN_FLIGHT)
            .collect()
            .await;
        let mut open = 0;
        for turn in turns {
            match turn? {
                Turn::NotDue => open += 1,
                Turn::Failed => {
                    pass.failed += 1;
                    open += 1;
                }
                Turn::Delivered => pass.delivered += 1,
                Turn::GivenUp => pass.given_up += 1,
            }
        }
        if open == 0 {
            ctx.store.close_activity(&ctx.site, activity.id).await?;
            pass.closed += 1;
        }
    }
    Ok(pass)
}
