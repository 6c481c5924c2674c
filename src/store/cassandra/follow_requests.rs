//! Follows waiting for the followed actor's approval (`ap_follow_requests`, plain writes,
//! counted before each new one), whether each of the site's actors approves its
//! followers itself (`ap_actor_settings`), and one follower's row (`ap_followers`).

use super::CassandraStore;
use crate::domain::Site;
use crate::store::StoreResult;
use crate::store::caps::{self, page_size};
use crate::store::federation::{
    FollowRequest, MAX_FOLLOW_REQUESTS, RemoteFollower, Requested, follower_shard,
};
use chrono::{DateTime, Utc};
use scylla::client::session::Session;
use scylla::errors::ExecutionError;
use scylla::statement::prepared::PreparedStatement;

/// The statements of this file, prepared once at start.
pub(super) struct Statements {
    setting_read: PreparedStatement,
    setting_write: PreparedStatement,
    count: PreparedStatement,
    one: PreparedStatement,
    insert: PreparedStatement,
    delete: PreparedStatement,
    first: PreparedStatement,
    after: PreparedStatement,
    follower_one: PreparedStatement,
}

const COLUMNS: &str = "follower, inbox, deliver_to, follow, since";

impl Statements {
    pub(super) async fn prepare(session: &Session, ks: &str) -> Result<Self, ExecutionError> {
        let prepare = |cql: String| super::prepare(session, cql);
        Ok(Self {
            setting_read: prepare(format!(
                "SELECT approve_followers FROM {ks}.ap_actor_settings WHERE site = ? AND actor = ?"
            ))
            .await?,
            setting_write: prepare(format!(
                "INSERT INTO {ks}.ap_actor_settings (site, actor, approve_followers) VALUES (?, ?, ?)"
            ))
            .await?,
            count: prepare(format!(
                "SELECT COUNT(*) FROM {ks}.ap_follow_requests WHERE site = ? AND actor = ?"
            ))
            .await?,
            one: prepare(format!(
                "SELECT {COLUMNS} FROM {ks}.ap_follow_requests WHERE site = ? AND actor = ? AND follower = ?"
            ))
            .await?,
            insert: prepare(format!(
                "INSERT INTO {ks}.ap_follow_requests (site, actor, {COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)"
            ))
            .await?,
            delete: prepare(format!(
                "DELETE FROM {ks}.ap_follow_requests WHERE site = ? AND actor = ? AND follower = ?"
            ))
            .await?,
            first: prepare(format!(
                "SELECT {COLUMNS} FROM {ks}.ap_follow_requests WHERE site = ? AND actor = ? LIMIT ?"
            ))
            .await?,
            after: prepare(format!(
                "SELECT {COLUMNS} FROM {ks}.ap_follow_requests WHERE site = ? AND actor = ? AND follower > ? LIMIT ?"
            ))
            .await?,
            follower_one: prepare(format!(
                "SELECT follower, inbox, follow, since FROM {ks}.ap_followers WHERE site = ? AND actor = ? AND shard = ? AND follower = ?"
            ))
            .await?,
        })
    }
}

type Row = (String, String, String, String, Option<DateTime<Utc>>);

fn request((follower, inbox, deliver_to, follow, since): Row) -> FollowRequest {
    FollowRequest {
        follower,
        inbox,
        deliver_to,
        follow,
        since: since.unwrap_or_default(),
    }
}

impl CassandraStore {
    pub(super) async fn follower_row(
        &self,
        site: &Site,
        actor: &str,
        follower: &str,
    ) -> StoreResult<Option<RemoteFollower>> {
        let row: Option<(String, String, String, Option<DateTime<Utc>>)> = self
            .row(
                &self.federation.requests.follower_one,
                (site.as_str(), actor, follower_shard(follower), follower),
            )
            .await?;
        Ok(row.map(|(actor, inbox, follow, since)| RemoteFollower {
            actor,
            inbox,
            follow,
            since: since.unwrap_or_default(),
        }))
    }

    pub(super) async fn approves_followers_row(
        &self,
        site: &Site,
        actor: &str,
    ) -> StoreResult<bool> {
        let s = &self.federation.requests;
        let row: Option<(Option<bool>,)> =
            self.row(&s.setting_read, (site.as_str(), actor)).await?;
        Ok(row.and_then(|(on,)| on).unwrap_or(false))
    }

    pub(super) async fn set_approves_followers_row(
        &self,
        site: &Site,
        actor: &str,
        on: bool,
    ) -> StoreResult<()> {
        self.exec(
            &self.federation.requests.setting_write,
            (site.as_str(), actor, on),
        )
        .await?;
        Ok(())
    }

    pub(super) async fn add_request_row(
        &self,
        site: &Site,
        actor: &str,
        r: &FollowRequest,
    ) -> StoreResult<Requested> {
        let s = &self.federation.requests;
        let had = self.request_row(site, actor, &r.follower).await?.is_some();
        if !had {
            let (count,): (i64,) = self
                .row(&s.count, (site.as_str(), actor))
                .await?
                .unwrap_or((0,));
            if count as usize >= MAX_FOLLOW_REQUESTS {
                return Ok(Requested::Full);
            }
        }
        self.exec(
            &s.insert,
            (
                site.as_str(),
                actor,
                r.follower.as_str(),
                r.inbox.as_str(),
                r.deliver_to.as_str(),
                r.follow.as_str(),
                r.since,
            ),
        )
        .await?;
        Ok(if had {
            Requested::Again
        } else {
            Requested::New
        })
    }

    pub(super) async fn request_row(
        &self,
        site: &Site,
        actor: &str,
        follower: &str,
    ) -> StoreResult<Option<FollowRequest>> {
        let row: Option<Row> = self
            .row(
                &self.federation.requests.one,
                (site.as_str(), actor, follower),
            )
            .await?;
        Ok(row.map(request))
    }

    pub(super) async fn request_rows(
        &self,
        site: &Site,
        actor: &str,
        after: Option<&str>,
        limit: usize,
    ) -> StoreResult<Vec<FollowRequest>> {
        let s = &self.federation.requests;
        let limit = page_size(limit, caps::ROSTER) as i32;
        let rows: Vec<Row> = match after {
            Some(after) => {
                self.rows(&s.after, (site.as_str(), actor, after, limit))
                    .await?
            }
            None => self.rows(&s.first, (site.as_str(), actor, limit)).await?,
        };
        Ok(rows.into_iter().map(request).collect())
    }

    pub(super) async fn remove_request_row(
        &self,
        site: &Site,
        actor: &str,
        follower: &str,
    ) -> StoreResult<bool> {
        if self.request_row(site, actor, follower).await?.is_none() {
            return Ok(false);
        }
        self.exec(
            &self.federation.requests.delete,
            (site.as_str(), actor, follower),
        )
        .await?;
        Ok(true)
    }
}
