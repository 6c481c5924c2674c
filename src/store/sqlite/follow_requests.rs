//! Follows waiting for the followed actor's approval, whether each of the site's actors
//! approves its followers itself, and one follower's row.

use super::*;
use crate::store::caps::{self, page_size};
use crate::store::federation::{FollowRequest, MAX_FOLLOW_REQUESTS, RemoteFollower, Requested};

fn request(r: &rusqlite::Row<'_>) -> rusqlite::Result<FollowRequest> {
    Ok(FollowRequest {
        follower: r.get(0)?,
        inbox: r.get(1)?,
        deliver_to: r.get(2)?,
        follow: r.get(3)?,
        since: millis_to_time(r.get(4)?),
    })
}

impl SqliteStore {
    pub(super) async fn follower_row(
        &self,
        site: &Site,
        actor: &str,
        follower: &str,
    ) -> StoreResult<Option<RemoteFollower>> {
        let (site, actor, follower) = (site.to_string(), actor.to_owned(), follower.to_owned());
        self.read(|sql| {
            sql.prepare(
                "SELECT follower, inbox, follow, since FROM ap_followers
                 WHERE site = ?1 AND actor = ?2 AND follower = ?3",
            )
            .and_then(|mut s| {
                s.query_row(params![site, actor, follower], |r| {
                    Ok(RemoteFollower {
                        actor: r.get(0)?,
                        inbox: r.get(1)?,
                        follow: r.get(2)?,
                        since: millis_to_time(r.get(3)?),
                    })
                })
                .optional()
            })
            .map_err(unavailable)
        })
        .await
    }

    pub(super) async fn approves_followers_row(
        &self,
        site: &Site,
        actor: &str,
    ) -> StoreResult<bool> {
        let (site, actor) = (site.to_string(), actor.to_owned());
        let on: Option<bool> = self
            .read(|sql| {
                sql.prepare(
                    "SELECT approve_followers FROM ap_actor_settings WHERE site = ?1 AND actor = ?2",
                )
                .and_then(|mut s| s.query_row(params![site, actor], |r| r.get(0)).optional())
                .map_err(unavailable)
            })
            .await?;
        Ok(on.unwrap_or(false))
    }

    pub(super) async fn set_approves_followers_row(
        &self,
        site: &Site,
        actor: &str,
        on: bool,
    ) -> StoreResult<()> {
        let (site, actor) = (site.to_string(), actor.to_owned());
        self.run(move |sql| {
            sql.prepare(
                "INSERT INTO ap_actor_settings (site, actor, approve_followers) VALUES (?1, ?2, ?3)
                 ON CONFLICT (site, actor) DO UPDATE SET approve_followers = excluded.approve_followers",
            )
            .and_then(|mut s| s.execute(params![site, actor, on]))
            .map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    pub(super) async fn add_request_row(
        &self,
        site: &Site,
        actor: &str,
        r: &FollowRequest,
    ) -> StoreResult<Requested> {
        let (site, actor, r) = (site.to_string(), actor.to_owned(), r.clone());
        self.transaction(move |sql| {
            let had: Option<i64> = sql
                .prepare(
                    "SELECT 1 FROM ap_follow_requests WHERE site = ?1 AND actor = ?2 AND follower = ?3",
                )
                .and_then(|mut s| s.query_row(params![site, actor, r.follower], |row| row.get(0)).optional())
                .map_err(unavailable)?;
            if had.is_none() {
                let count: i64 = sql
                    .prepare("SELECT COUNT(*) FROM ap_follow_requests WHERE site = ?1 AND actor = ?2")
                    .and_then(|mut s| s.query_row(params![site, actor], |row| row.get(0)))
                    .map_err(unavailable)?;
                if count as usize >= MAX_FOLLOW_REQUESTS {
                    return Ok(Requested::Full);
                }
            }
            sql.prepare(
                "INSERT INTO ap_follow_requests (site, actor, follower, inbox, deliver_to, follow, since)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
                 ON CONFLICT (site, actor, follower) DO UPDATE SET inbox = excluded.inbox,
                 deliver_to = excluded.deliver_to, follow = excluded.follow, since = excluded.since",
            )
            .and_then(|mut s| {
                s.execute(params![
                    site,
                    actor,
                    r.follower,
                    r.inbox,
                    r.deliver_to,
                    r.follow,
                    r.since.timestamp_millis()
                ])
            })
            .map_err(unavailable)?;
            Ok(if had.is_some() { Requested::Again } else { Requested::New })
        })
        .await
    }

    pub(super) async fn request_row(
        &self,
        site: &Site,
        actor: &str,
        follower: &str,
    ) -> StoreResult<Option<FollowRequest>> {
        let (site, actor, follower) = (site.to_string(), actor.to_owned(), follower.to_owned());
        self.read(|sql| {
            sql.prepare(
                "SELECT follower, inbox, deliver_to, follow, since FROM ap_follow_requests
                 WHERE site = ?1 AND actor = ?2 AND follower = ?3",
            )
            .and_then(|mut s| {
                s.query_row(params![site, actor, follower], request)
                    .optional()
            })
            .map_err(unavailable)
        })
        .await
    }

    pub(super) async fn request_rows(
        &self,
        site: &Site,
        actor: &str,
        after: Option<&str>,
        limit: usize,
    ) -> StoreResult<Vec<FollowRequest>> {
        let (site, actor) = (site.to_string(), actor.to_owned());
        let after = after.unwrap_or("").to_owned();
        let limit = page_size(limit, caps::ROSTER) as i64;
        self.read(|sql| {
            sql.prepare(
                "SELECT follower, inbox, deliver_to, follow, since FROM ap_follow_requests
                 WHERE site = ?1 AND actor = ?2 AND follower > ?3 ORDER BY follower LIMIT ?4",
            )
            .and_then(|mut s| {
                s.query_map(params![site, actor, after, limit], request)?
                    .collect()
            })
            .map_err(unavailable)
        })
        .await
    }

    pub(super) async fn remove_request_row(
        &self,
        site: &Site,
        actor: &str,
        follower: &str,
    ) -> StoreResult<bool> {
        let (site, actor, follower) = (site.to_string(), actor.to_owned(), follower.to_owned());
        self.run(move |sql| {
            let gone = sql
                .prepare(
                    "DELETE FROM ap_follow_requests WHERE site = ?1 AND actor = ?2 AND follower = ?3",
                )
                .and_then(|mut s| s.execute(params![site, actor, follower]))
                .map_err(unavailable)?;
            Ok(gone > 0)
        })
        .await
    }
}
