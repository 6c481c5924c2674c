//! Sending activities: each is queued in the store with a delivery per receiving inbox
//! (its actor's followers' servers' shared inboxes, once each, when it goes to them), and
//! delivered by the `fediverse` job of whichever instance holds the site: each attempt is
//! claimed first (one instance at a time delivers it; the claim is its lease) and POSTed
//! signed as its actor under the address rules of every fetch. What fails is tried again
//! later and later ([`lease`]: a minute, then four times longer each time up to a day),
//! [`MAX_ATTEMPTS`] times over about five days; what the inbox refuses for good (a 4xx
//! other than 408 and 429) is not. At least once: an instance that dies after a POST,
//! before noting it, leaves it to be sent again when the lease ends.

use super::blocks::BlockedHosts;
use super::{Whose, actor_key};
use crate::app::{AppError, Ctx};
use crate::binaries::fetch::{FetchError, Fetcher, check_url};
use crate::domain::federation::documents::{ACTIVITY_JSON, Actor};
use crate::domain::federation::message_signature;
use crate::domain::federation::signature::{self, Request, SignatureError};
use crate::store::federation::{
    Delivery, FOLLOWER_SHARDS, Failing, MAX_FAILURE_CHARS, MAX_INBOXES_PER_ACTIVITY,
    MAX_SENT_BYTES, Outgoing,
};
use chrono::{DateTime, Duration, Utc};
use serde_json::Value;
use std::collections::BTreeSet;
use std::collections::HashMap;
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
/// it fails: five minutes (longer than an attempt's two POSTs at their time limit), times
/// four each attempt, at most a day.
pub fn lease(attempt: u32) -> Duration {
    let minutes = 5 * 4i64.saturating_pow(attempt.saturating_sub(1).min(8));
    Duration::minutes(minutes.min(24 * 60))
}

/// The most inboxes of one server an activity is delivered to (servers with a shared
/// inbox need one; the rest, one per follower, up to this).
pub const MAX_INBOXES_PER_SERVER: usize = 20;

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
    wake();
    Ok(())
}

/// Wakes this process's delivery job: every job waiting now wakes; one busy in a pass
/// finds a permit when it is done.
pub fn wake() {
    QUEUED.notify_waiters();
    QUEUED.notify_one();
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
async fn fan_out(
    ctx: &Ctx,
    activity: &Outgoing,
    now: DateTime<Utc>,
    blocked: &mut BlockedHosts,
) -> Result<(), AppError> {
    let mut inboxes: BTreeSet<String> = ctx
        .store
        .deliveries(&ctx.site, activity.id)
        .await?
        .into_iter()
        .map(|d| d.inbox)
        .collect();
    let mut per_server: HashMap<String, usize> = HashMap::new();
    for inbox in &inboxes {
        *per_server.entry(server_of(inbox)).or_default() += 1;
    }
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
            let addresses: Vec<&str> = page.iter().map(|f| f.inbox.as_str()).collect();
            blocked.learn(ctx, &addresses).await?;
            for follower in &page {
                if inboxes.contains(&follower.inbox) || blocked.blocks(&follower.inbox) {
                    continue;
                }
                let on_server = per_server.entry(server_of(&follower.inbox)).or_default();
                if inboxes.len() >= MAX_INBOXES_PER_ACTIVITY || *on_server >= MAX_INBOXES_PER_SERVER
                {
                    left_out += 1;
                    continue;
                }
                *on_server += 1;
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

/// How a POST is signed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Scheme {
    /// draft-cavage HTTP Signatures, what most servers read.
    Cavage,
    /// RFC 9421 HTTP Message Signatures, for a server that refused the other.
    Message,
}

/// POSTs an activity to an inbox, signed as `whose` by `scheme`.
async fn post(
    ctx: &Ctx,
    fetcher: &Fetcher,
    whose: Whose,
    inbox: &str,
    body: &str,
    scheme: Scheme,
) -> Result<(), FetchError> {
    let url = check_url(inbox)?;
    let key = actor_key(ctx, whose)
        .await
        .map_err(|e| FetchError::Transient(e.to_string()))?;
    let key_id = Actor::key_id(&ctx.absolute(&whose.path()));
    let now = ctx.clock.now();
    let host = super::remote::host_of(&url);
    let target = super::remote::target_of(&url);
    let failed = |e: SignatureError| FetchError::Transient(format!("signing: {e}"));
    let mut headers = match scheme {
        Scheme::Cavage => {
            let signed = vec![
                ("host".to_owned(), host),
                ("date".to_owned(), super::remote::http_date(now)),
                ("digest".to_owned(), signature::digest(body.as_bytes())),
            ];
            let request = Request {
                method: "POST",
                target: &target,
                headers: &signed,
            };
            let value = signature::sign(&key, &key_id, &request).map_err(failed)?;
            let mut headers = signed;
            headers.push(("signature".to_owned(), value));
            headers
        }
        Scheme::Message => {
            let signed = vec![
                ("host".to_owned(), host),
                (
                    "content-digest".to_owned(),
                    message_signature::content_digest(body.as_bytes()),
                ),
            ];
            let message = message_signature::Message {
                method: "POST",
                scheme: url.scheme(),
                target: &target,
                headers: &signed,
            };
            let (input, value) = message_signature::sign(&key, &key_id, &message, now.timestamp())
                .map_err(failed)?;
            let mut headers = signed;
            headers.push(("date".to_owned(), super::remote::http_date(now)));
            headers.push(("signature-input".to_owned(), input));
            headers.push(("signature".to_owned(), value));
            headers
        }
    };
    headers.push(("content-type".to_owned(), ACTIVITY_JSON.to_owned()));
    headers.push(("accept".to_owned(), ACTIVITY_JSON.to_owned()));
    fetcher
        .post(&url, &headers, body.as_bytes().to_vec())
        .await
        .map(|_| ())
}

/// POSTs an activity signed draft-cavage, and again signed as RFC 9421 says when the
/// server answers 401 (it reads only the newer scheme).
async fn post_either(
    ctx: &Ctx,
    fetcher: &Fetcher,
    whose: Whose,
    inbox: &str,
    body: &str,
) -> Result<(), FetchError> {
    match post(ctx, fetcher, whose, inbox, body, Scheme::Cavage).await {
        Err(FetchError::Gone(401)) => {
            match post(ctx, fetcher, whose, inbox, body, Scheme::Message).await {
                // Refused both ways: likely its server could not fetch the key just now.
                Err(FetchError::Gone(401)) => Err(FetchError::Transient(
                    "the server refused both signatures (401)".into(),
                )),
                other => other,
            }
        }
        other => other,
    }
}

/// What came of one delivery's turn.
enum Turn {
    NotDue,
    Delivered,
    Failed,
    GivenUp,
}

/// The server an address is on: its host and port.
pub(super) fn server_of(inbox: &str) -> String {
    check_url(inbox)
        .map(|url| super::remote::host_of(&url))
        .unwrap_or_else(|_| inbox.to_owned())
}

/// What one pass knows of the site's failing servers, and how long one may fail before
/// its deliveries are set aside.
struct Servers {
    failing: HashMap<String, Failing>,
    dead_after: Duration,
    /// The servers of this pass's deliveries the site blocks.
    blocked: BlockedHosts,
}

/// Claims and makes one attempt at a delivery, if it is due; one to a server failing
/// every delivery for `dead_after` is set aside instead.
async fn attempt(
    ctx: &Ctx,
    fetcher: &Fetcher,
    activity: &Outgoing,
    whose: Whose,
    delivery: &Delivery,
    now: DateTime<Utc>,
    servers: &Servers,
) -> Result<Turn, AppError> {
    let (site, id, inbox) = (&ctx.site, activity.id, delivery.inbox.as_str());
    if delivery.due > now {
        return Ok(Turn::NotDue);
    }
    if servers.blocked.blocks(inbox) {
        let why = "not delivered: the site blocks this server";
        ctx.store.end_delivery(site, id, inbox, Some(why)).await?;
        return Ok(Turn::GivenUp);
    }
    let server = server_of(inbox);
    let failing = servers.failing.get(&server);
    if let Some(failing) = failing
        && failing.since <= now - servers.dead_after
        // Read again: an administrator may have had it delivered to since the pass began.
        && ctx
            .store
            .failing_server(site, &server)
            .await?
            .is_some_and(|now_failing| now_failing.since == failing.since)
    {
        let why = short(&format!(
            "set aside: {server} has failed every delivery since {} ({})",
            failing.since.format("%Y-%m-%d %H:%M UTC"),
            failing.last
        ));
        ctx.store.end_delivery(site, id, inbox, Some(&why)).await?;
        return Ok(Turn::GivenUp);
    }
    if delivery.attempts >= MAX_ATTEMPTS {
        let why = short(&format!(
            "given up after {MAX_ATTEMPTS} attempts: {}",
            delivery.failure.as_deref().unwrap_or("no answer")
        ));
        ctx.store.end_delivery(site, id, inbox, Some(&why)).await?;
        return Ok(Turn::GivenUp);
    }
    // The lease runs from the claim (a pass may be minutes old by now).
    let until = ctx.clock.now() + lease(delivery.attempts + 1);
    if !ctx
        .store
        .claim_attempt(site, id, inbox, delivery.attempts, until)
        .await?
    {
        return Ok(Turn::NotDue);
    }
    match post_either(ctx, fetcher, whose, inbox, &activity.body).await {
        Ok(()) => {
            ctx.store.end_delivery(site, id, inbox, None).await?;
            if failing.is_some() {
                ctx.store.server_answers(site, &server).await?;
            }
            Ok(Turn::Delivered)
        }
        Err(FetchError::Transient(why)) => {
            tracing::info!(inbox, error = %why, attempt = delivery.attempts + 1, "a delivery failed; it is tried again later");
            let why = short(&why);
            ctx.store
                .note_failure(site, id, inbox, delivery.attempts + 1, &why)
                .await?;
            // Failing since when it is noted now (not when the pass began: an
            // administrator may have had it delivered to again since).
            let since = ctx.store.failing_server(site, &server).await?;
            let noted = Failing {
                since: since.map_or(now, |f| f.since),
                server,
                last: why,
            };
            ctx.store.note_failing_server(site, &noted).await?;
            Ok(Turn::Failed)
        }
        Err(refused) => {
            // The server answered (with a refusal): it is up.
            let why = short(&refused.to_string());
            tracing::info!(inbox, error = %why, "a delivery was refused for good");
            ctx.store.end_delivery(site, id, inbox, Some(&why)).await?;
            if failing.is_some() && matches!(refused, FetchError::Gone(_)) {
                ctx.store.server_answers(site, &server).await?;
            }
            Ok(Turn::GivenUp)
        }
    }
}

/// How long a server may fail every delivery before its deliveries are set aside (until it
/// answers or sends something, or [`crate::store::federation::FAILING_DAYS`] pass).
pub const DEAD_AFTER: std::time::Duration = std::time::Duration::from_secs(24 * 3600);

/// One pass over the site's open activities: each fanned out if it has not been, its due
/// deliveries attempted ([`IN_FLIGHT`] at once), and closed once all have ended; those to
/// a server failing every delivery for `dead_after` are set aside.
pub async fn deliver_some(
    ctx: &Ctx,
    fetcher: &Fetcher,
    dead_after: std::time::Duration,
) -> Result<Pass, AppError> {
    use futures_util::StreamExt;
    let mut pass = Pass::default();
    let mut servers = Servers {
        failing: ctx
            .store
            .failing_servers(&ctx.site)
            .await?
            .into_iter()
            .map(|f| (f.server.clone(), f))
            .collect(),
        dead_after: Duration::from_std(dead_after).unwrap_or_else(|_| Duration::days(1)),
        blocked: BlockedHosts::default(),
    };
    for activity in ctx.store.open_activities(&ctx.site).await? {
        let Some(whose) = Whose::from_name(&activity.actor) else {
            tracing::warn!(actor = %activity.actor, "an activity of no actor is closed");
            ctx.store.close_activity(&ctx.site, activity.id).await?;
            continue;
        };
        let now = ctx.clock.now();
        if !activity.followers_of.is_empty() && !activity.fanned_out {
            fan_out(ctx, &activity, now, &mut servers.blocked).await?;
        }
        let deliveries = ctx.store.deliveries(&ctx.site, activity.id).await?;
        let pending: Vec<&Delivery> = deliveries.iter().filter(|d| !d.ended).collect();
        let addresses: Vec<&str> = pending.iter().map(|d| d.inbox.as_str()).collect();
        servers.blocked.learn(ctx, &addresses).await?;
        let servers = &servers;
        type Attempt<'a> = std::pin::Pin<
            Box<dyn std::future::Future<Output = Result<Turn, AppError>> + Send + 'a>,
        >;
        let attempts: Vec<Attempt<'_>> = pending
            .iter()
            .map(|d| {
                Box::pin(attempt(ctx, fetcher, &activity, whose, d, now, servers)) as Attempt<'_>
            })
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
