//! What an administrator sees of the site on the fediverse: how many remote actors follow
//! each of its actors, how many activities are being delivered, the deliveries waiting
//! and failed per server, and the servers failing every delivery (which an administrator
//! can have delivered to again at once).

use super::delivery::server_of;
use super::{Whose, authority, site_actor_name};
use crate::app::{AppError, Ctx};
use crate::store::federation::{Delivery, Failing, Outgoing};
use chrono::{DateTime, Utc};
use std::collections::HashMap;

/// The open activities whose deliveries the page counts, oldest first (each has one
/// delivery per server it reaches, at most MAX_INBOXES_PER_ACTIVITY).
pub const COUNTED_ACTIVITIES: usize = 50;

/// Deliveries read past which no further activity is counted (one activity's are always
/// read whole: a page reads at most this and one activity's more).
pub const COUNTED_DELIVERIES: usize = 20_000;

/// The servers the page lists, those with the most failed deliveries first.
pub const LISTED_SERVERS: usize = 100;

/// The deliveries to one server of the activities still being delivered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServerDeliveries {
    pub server: String,
    /// Not attempted yet, or due again.
    pub waiting: usize,
    /// Of those, the ones whose last attempt failed.
    pub failing: usize,
    /// Given up: refused for good, attempted too often, set aside or blocked.
    pub given_up: usize,
    /// When the soonest waiting one may be attempted.
    pub next: Option<DateTime<Utc>>,
    /// Why one of them failed last.
    pub last_failure: Option<String>,
}

/// One of the site's actors with followers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Followed {
    /// `@name@host`.
    pub handle: String,
    /// Its page on the site.
    pub page: String,
    pub followers: u64,
}

#[derive(Debug, Clone)]
pub struct Overview {
    /// The site's actor first, then its authors with followers.
    pub followed: Vec<Followed>,
    /// Activities not delivered everywhere yet.
    pub sending: usize,
    /// Deliveries per server, the most failed first (at most [`LISTED_SERVERS`]).
    pub servers: Vec<ServerDeliveries>,
    /// How many activities `servers` counts (at most [`COUNTED_ACTIVITIES`] of `sending`).
    pub counted: usize,
    /// Servers failing every delivery, and since when.
    pub failing: Vec<Failing>,
}

/// Counts deliveries per server.
fn per_server(deliveries: impl IntoIterator<Item = Delivery>) -> Vec<ServerDeliveries> {
    let mut servers: HashMap<String, ServerDeliveries> = HashMap::new();
    for d in deliveries {
        let server = server_of(&d.inbox);
        let row = servers
            .entry(server.clone())
            .or_insert_with(|| ServerDeliveries {
                server,
                waiting: 0,
                failing: 0,
                given_up: 0,
                next: None,
                last_failure: None,
            });
        if d.ended {
            if d.failure.is_some() {
                row.given_up += 1;
                row.last_failure = d.failure;
            }
            continue;
        }
        row.waiting += 1;
        row.next = Some(row.next.map_or(d.due, |n| n.min(d.due)));
        if d.failure.is_some() {
            row.failing += 1;
            row.last_failure = d.failure;
        }
    }
    let mut servers: Vec<ServerDeliveries> = servers
        .into_values()
        .filter(|s| s.waiting > 0 || s.given_up > 0)
        .collect();
    servers.sort_by(|a, b| {
        (b.failing + b.given_up, b.waiting, &a.server).cmp(&(
            a.failing + a.given_up,
            a.waiting,
            &b.server,
        ))
    });
    servers.truncate(LISTED_SERVERS);
    servers
}

/// The site on the fediverse, as its administrators see it.
pub async fn overview(ctx: &Ctx) -> Result<Overview, AppError> {
    let counts = ctx.store.remote_follower_counts(&ctx.site).await?;
    let host = authority(ctx).to_owned();
    let mut followed = vec![Followed {
        handle: format!("@{}@{host}", site_actor_name(ctx)),
        page: ctx.absolute("/"),
        followers: counts
            .iter()
            .find(|(name, _)| Whose::from_name(name) == Some(Whose::Site))
            .map_or(0, |(_, n)| *n),
    }];
    for (name, n) in &counts {
        let Some(Whose::Author(id)) = Whose::from_name(name) else {
            continue;
        };
        if *n == 0 {
            continue;
        }
        if let Some(user) = ctx.store.user(id).await? {
            followed.push(Followed {
                handle: format!("@{}@{host}", user.username.as_str()),
                page: ctx.absolute(&crate::urls::author(user.username.as_str())),
                followers: *n,
            });
        }
    }
    let open = ctx.store.open_activities(&ctx.site).await?;
    let counted = counted_deliveries(ctx, &open).await?;
    Ok(Overview {
        followed,
        sending: open.len(),
        counted: counted.len(),
        servers: per_server(counted.into_iter().flat_map(|(_, d)| d)),
        failing: ctx.store.failing_servers(&ctx.site).await?,
    })
}

/// The deliveries the page counts and "Deliver now" looks at, by activity: those of the
/// oldest open activities, [`COUNTED_ACTIVITIES`] at most, until [`COUNTED_DELIVERIES`]
/// are read.
async fn counted_deliveries(
    ctx: &Ctx,
    open: &[Outgoing],
) -> Result<Vec<(uuid::Uuid, Vec<Delivery>)>, AppError> {
    let mut counted = Vec::new();
    let mut read = 0;
    for activity in open.iter().take(COUNTED_ACTIVITIES) {
        if read >= COUNTED_DELIVERIES {
            break;
        }
        let deliveries = ctx.store.deliveries(&ctx.site, activity.id).await?;
        read += deliveries.len();
        counted.push((activity.id, deliveries));
    }
    Ok(counted)
}

/// What "deliver now" did for a server.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Retried {
    /// The server was set aside as failing every delivery, and no longer is.
    pub was_failing: bool,
    /// Deliveries waiting out a failed attempt's backoff now due.
    pub hastened: usize,
}

/// Has a server delivered to now: it is no longer set aside as failing, each delivery to
/// it whose last attempt failed (none in flight, and attempts left) among the activities
/// the page counts is due at once, and the delivery job is woken (the others go at their
/// next attempt). Not found when the server is neither failing nor waited on there.
pub async fn retry_server(ctx: &Ctx, server: &str) -> Result<Retried, AppError> {
    let was_failing = ctx.store.failing_server(&ctx.site, server).await?.is_some();
    if was_failing {
        ctx.store.server_answers(&ctx.site, server).await?;
    }
    let now = ctx.clock.now();
    let mut hastened = 0;
    let mut waited_on = false;
    let open = ctx.store.open_activities(&ctx.site).await?;
    for (activity, deliveries) in counted_deliveries(ctx, &open).await? {
        for d in deliveries {
            if d.ended || server_of(&d.inbox) != server {
                continue;
            }
            waited_on = true;
            if d.due > now
                && d.attempts > 0
                && d.attempts < super::delivery::MAX_ATTEMPTS
                && d.failed == d.attempts
                && ctx
                    .store
                    .hasten_delivery(&ctx.site, activity, &d.inbox, d.attempts, now)
                    .await?
            {
                hastened += 1;
            }
        }
    }
    if !was_failing && !waited_on {
        return Err(AppError::NotFound);
    }
    super::delivery::wake();
    Ok(Retried {
        was_failing,
        hastened,
    })
}
