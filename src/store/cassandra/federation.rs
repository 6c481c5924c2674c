//! The fediverse: remote followers (`ap_followers`, LWTs, with a counter per actor), the
//! activities sent (`ap_outbox`, listed in `ap_open` until delivered) with a delivery
//! per inbox (`ap_deliveries`, each attempt claimed by an LWT), and the ids received
//! (`ap_received`). See schema.cql for each table's bound.

use super::CassandraStore;
use crate::domain::{CommentId, PostId, Site};
use crate::store::PageError;
use crate::store::federation::{
    Avatar, Block, BlockAdded, CommentSource, Delivery, Failing, Federated, Federation,
    FollowRequest, Outgoing, Reactions, RemoteComments, RemoteFollower, RemoteNote, Requested,
};
use crate::store::{StoreError, StoreResult};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use scylla::client::session::Session;
use scylla::errors::ExecutionError;
use scylla::statement::prepared::PreparedStatement;
use scylla::value::CqlTimeuuid;
use uuid::Uuid;

/// The statements of this file, prepared once at start.
pub(super) struct Statements {
    pub(super) follower_insert: PreparedStatement,
    pub(super) follower_delete: PreparedStatement,
    pub(super) follower_read_serial: PreparedStatement,
    pub(super) followers_first: PreparedStatement,
    pub(super) followers_after: PreparedStatement,
    pub(super) followers_count: PreparedStatement,
    pub(super) count_add: PreparedStatement,
    pub(super) count_read: PreparedStatement,
    pub(super) counts_read: PreparedStatement,
    pub(super) reaction_add: PreparedStatement,
    pub(super) reaction_read: PreparedStatement,
    pub(super) reactions_read: PreparedStatement,
    pub(super) received_read: PreparedStatement,
    pub(super) received_insert: PreparedStatement,
    pub(super) note_read: PreparedStatement,
    pub(super) note_insert: PreparedStatement,
    pub(super) open_insert: PreparedStatement,
    pub(super) open_read: PreparedStatement,
    pub(super) open_delete: PreparedStatement,
    pub(super) outbox_insert: PreparedStatement,
    pub(super) outbox_read: PreparedStatement,
    pub(super) outbox_fanned: PreparedStatement,
    pub(super) delivery_insert: PreparedStatement,
    pub(super) deliveries_read: PreparedStatement,
    pub(super) change_insert: PreparedStatement,
    pub(super) changes_read: PreparedStatement,
    pub(super) changes_delete: PreparedStatement,
    pub(super) told_read: PreparedStatement,
    pub(super) told_write: PreparedStatement,
    pub(super) failing_read: PreparedStatement,
    pub(super) failing_one: PreparedStatement,
    pub(super) failing_write: PreparedStatement,
    pub(super) failing_delete: PreparedStatement,
    pub(super) blocks: super::blocks::Statements,
    pub(super) requests: super::follow_requests::Statements,
    pub(super) deliveries: super::deliveries::Statements,
    pub(super) avatars: super::avatars::Statements,
}

impl Statements {
    pub(super) async fn prepare(session: &Session, ks: &str) -> Result<Self, ExecutionError> {
        let prepare = |cql: String| super::prepare(session, cql);
        let serial = |cql: String| async move {
            let mut read = super::prepare(session, cql).await?;
            super::read_serially(&mut read);
            Ok::<_, ExecutionError>(read)
        };
        Ok(Self {
            follower_insert: prepare(format!(
                "INSERT INTO {ks}.ap_followers (site, actor, shard, follower, inbox, follow, since, claimer) VALUES (?, ?, ?, ?, ?, ?, ?, ?) IF NOT EXISTS"
            ))
            .await?,
            follower_delete: prepare(format!(
                "DELETE FROM {ks}.ap_followers WHERE site = ? AND actor = ? AND shard = ? AND follower = ? IF EXISTS"
            ))
            .await?,
            follower_read_serial: serial(format!(
                "SELECT claimer FROM {ks}.ap_followers WHERE site = ? AND actor = ? AND shard = ? AND follower = ?"
            ))
            .await?,
            followers_first: prepare(format!(
                "SELECT follower, inbox, follow, since FROM {ks}.ap_followers WHERE site = ? AND actor = ? AND shard = ? LIMIT ?"
            ))
            .await?,
            followers_after: prepare(format!(
                "SELECT follower, inbox, follow, since FROM {ks}.ap_followers WHERE site = ? AND actor = ? AND shard = ? AND follower > ? LIMIT ?"
            ))
            .await?,
            followers_count: prepare(format!(
                "SELECT COUNT(*) FROM {ks}.ap_followers WHERE site = ? AND actor = ? AND shard = ?"
            ))
            .await?,
            count_add: prepare(format!(
                "UPDATE {ks}.ap_follower_counts SET followers = followers + ? WHERE site = ? AND actor = ?"
            ))
            .await?,
            count_read: prepare(format!(
                "SELECT followers FROM {ks}.ap_follower_counts WHERE site = ? AND actor = ?"
            ))
            .await?,
            reaction_add: prepare(format!(
                "UPDATE {ks}.ap_reaction_counts SET actors = actors + ? WHERE site = ? AND post_id = ? AND kind = ?"
            ))
            .await?,
            reaction_read: prepare(format!(
                "SELECT actors FROM {ks}.ap_reaction_counts WHERE site = ? AND post_id = ? AND kind = ?"
            ))
            .await?,
            reactions_read: prepare(format!(
                "SELECT kind, actors FROM {ks}.ap_reaction_counts WHERE site = ? AND post_id = ?"
            ))
            .await?,
            counts_read: prepare(format!(
                "SELECT actor, followers FROM {ks}.ap_follower_counts WHERE site = ?"
            ))
            .await?,
            received_read: prepare(format!(
                "SELECT key FROM {ks}.ap_received WHERE site = ? AND key = ?"
            ))
            .await?,
            received_insert: prepare(format!(
                "INSERT INTO {ks}.ap_received (site, key) VALUES (?, ?)"
            ))
            .await?,
            note_read: prepare(format!(
                "SELECT post_id, id, actor FROM {ks}.ap_notes WHERE site = ? AND note = ?"
            ))
            .await?,
            note_insert: prepare(format!(
                "INSERT INTO {ks}.ap_notes (site, note, post_id, id, actor) VALUES (?, ?, ?, ?, ?)"
            ))
            .await?,
            open_insert: prepare(format!(
                "INSERT INTO {ks}.ap_open (site, id, queued) VALUES (?, ?, ?)"
            ))
            .await?,
            open_read: prepare(format!("SELECT id, queued FROM {ks}.ap_open WHERE site = ?"))
                .await?,
            open_delete: prepare(format!("DELETE FROM {ks}.ap_open WHERE site = ? AND id = ?"))
                .await?,
            outbox_insert: prepare(format!(
                "INSERT INTO {ks}.ap_outbox (site, id, actor, body, followers_of) VALUES (?, ?, ?, ?, ?)"
            ))
            .await?,
            outbox_read: prepare(format!(
                "SELECT actor, body, followers_of, fanned_out FROM {ks}.ap_outbox WHERE site = ? AND id = ?"
            ))
            .await?,
            outbox_fanned: prepare(format!(
                "UPDATE {ks}.ap_outbox SET fanned_out = true WHERE site = ? AND id = ?"
            ))
            .await?,
            delivery_insert: prepare(format!(
                "INSERT INTO {ks}.ap_deliveries (site, activity, inbox, queued) VALUES (?, ?, ?, ?)"
            ))
            .await?,
            deliveries_read: prepare(format!(
                "SELECT inbox, queued, attempts, due, ended, failure, failed FROM {ks}.ap_deliveries WHERE site = ? AND activity = ?"
            ))
            .await?,
            change_insert: prepare(format!(
                "INSERT INTO {ks}.ap_post_changes (site, post_id, at) VALUES (?, ?, ?)"
            ))
            .await?,
            changes_read: prepare(format!(
                "SELECT post_id, at FROM {ks}.ap_post_changes WHERE site = ?"
            ))
            .await?,
            changes_delete: prepare(format!(
                "DELETE FROM {ks}.ap_post_changes WHERE site = ? AND post_id = ? AND at <= ?"
            ))
            .await?,
            told_read: prepare(format!(
                "SELECT sent, author, round, deleted FROM {ks}.ap_posts WHERE site = ? AND post_id = ?"
            ))
            .await?,
            told_write: prepare(format!(
                "INSERT INTO {ks}.ap_posts (site, post_id, sent, author, round, deleted) VALUES (?, ?, ?, ?, ?, ?)"
            ))
            .await?,
            failing_read: prepare(format!(
                "SELECT server, since, last FROM {ks}.ap_failing WHERE site = ?"
            ))
            .await?,
            failing_one: prepare(format!(
                "SELECT server, since, last FROM {ks}.ap_failing WHERE site = ? AND server = ?"
            ))
            .await?,
            failing_write: prepare(format!(
                "INSERT INTO {ks}.ap_failing (site, server, since, last) VALUES (?, ?, ?, ?)"
            ))
            .await?,
            failing_delete: prepare(format!(
                "DELETE FROM {ks}.ap_failing WHERE site = ? AND server = ?"
            ))
            .await?,
            blocks: super::blocks::Statements::prepare(session, ks).await?,
            requests: super::follow_requests::Statements::prepare(session, ks).await?,
            deliveries: super::deliveries::Statements::prepare(session, ks).await?,
            avatars: super::avatars::Statements::prepare(session, ks).await?,
        })
    }
}

/// How long an open activity's record may be missing (its writer queuing it still)
/// before the id is closed.
const MISSING_MINUTES: i64 = 10;

/// The largest page of followers read at once.
const FOLLOWERS_PAGE: usize = 1_000;

#[async_trait]
impl Federation for CassandraStore {
    async fn add_remote_follower(
        &self,
        site: &Site,
        actor: &str,
        follower: &RemoteFollower,
    ) -> StoreResult<bool> {
        self.add_to_actor_set(site, actor, follower).await
    }

    async fn remove_remote_follower(
        &self,
        site: &Site,
        actor: &str,
        follower: &str,
    ) -> StoreResult<bool> {
        self.remove_from_actor_set(site, actor, follower).await
    }

    async fn remote_followers(
        &self,
        site: &Site,
        actor: &str,
        shard: i32,
        after: Option<&str>,
        limit: usize,
    ) -> StoreResult<Vec<RemoteFollower>> {
        let limit = limit.clamp(1, FOLLOWERS_PAGE) as i32;
        type Row = (
            String,
            Option<String>,
            Option<String>,
            Option<DateTime<Utc>>,
        );
        let rows: Vec<Row> = match after {
            None => {
                self.rows(
                    &self.federation.followers_first,
                    (site.as_str(), actor, shard, limit),
                )
                .await?
            }
            Some(after) => {
                self.rows(
                    &self.federation.followers_after,
                    (site.as_str(), actor, shard, after, limit),
                )
                .await?
            }
        };
        rows.into_iter()
            .map(|(actor, inbox, follow, since)| {
                Ok(RemoteFollower {
                    inbox: inbox.ok_or_else(|| {
                        StoreError::Corrupt(format!("the follower {actor} has no inbox"))
                    })?,
                    follow: follow.unwrap_or_default(),
                    since: since.unwrap_or_default(),
                    actor,
                })
            })
            .collect()
    }

    async fn remote_follower_count(&self, site: &Site, actor: &str) -> StoreResult<u64> {
        Ok(self.counted_followers(site, actor).await?.max(0) as u64)
    }

    async fn reaction_counts(&self, site: &Site, post: PostId) -> StoreResult<Reactions> {
        let rows: Vec<(String, Option<scylla::value::Counter>)> = self
            .rows(&self.federation.reactions_read, (site.as_str(), post.0))
            .await?;
        let mut reactions = Reactions::default();
        for (kind, n) in rows {
            let n = n.map_or(0, |c| c.0.max(0) as u64);
            match kind.as_str() {
                "like" => reactions.likes = n,
                "announce" => reactions.announces = n,
                _ => {}
            }
        }
        Ok(reactions)
    }

    async fn remote_follower_counts(&self, site: &Site) -> StoreResult<Vec<(String, u64)>> {
        let rows: Vec<(String, Option<scylla::value::Counter>)> = self
            .rows(&self.federation.counts_read, (site.as_str(),))
            .await?;
        Ok(rows
            .into_iter()
            .map(|(actor, n)| (actor, n.map_or(0, |c| c.0.max(0) as u64)))
            .collect())
    }

    async fn received(&self, site: &Site, id: &str) -> StoreResult<bool> {
        let found: Option<(Vec<u8>,)> = self
            .row(
                &self.federation.received_read,
                (site.as_str(), crate::domain::token::session_key(id)),
            )
            .await?;
        Ok(found.is_some())
    }

    async fn note_received(&self, site: &Site, id: &str, _at: DateTime<Utc>) -> StoreResult<()> {
        self.exec(
            &self.federation.received_insert,
            (site.as_str(), crate::domain::token::session_key(id)),
        )
        .await?;
        Ok(())
    }

    async fn remote_note(&self, site: &Site, note: &str) -> StoreResult<Option<RemoteNote>> {
        let found: Option<(Uuid, CqlTimeuuid, String)> = self
            .row(
                &self.federation.note_read,
                (site.as_str(), crate::domain::token::session_key(note)),
            )
            .await?;
        Ok(found.map(|(post, id, actor)| RemoteNote {
            post: PostId(post),
            comment: CommentId(Uuid::from(id)),
            actor,
        }))
    }

    async fn note_remote_note(&self, site: &Site, note: &str, to: &RemoteNote) -> StoreResult<()> {
        self.exec(
            &self.federation.note_insert,
            (
                site.as_str(),
                crate::domain::token::session_key(note),
                to.post.0,
                CqlTimeuuid::from(to.comment.0),
                to.actor.as_str(),
            ),
        )
        .await?;
        Ok(())
    }

    async fn queue_activity(
        &self,
        site: &Site,
        activity: &Outgoing,
        inboxes: &[String],
        at: DateTime<Utc>,
    ) -> StoreResult<()> {
        let id = CqlTimeuuid::from(activity.id);
        // Listed first: a crash after it leaves an open id whose record is missing,
        // which a pass closes once it has been missing a while.
        self.exec(&self.federation.open_insert, (site.as_str(), id, at))
            .await?;
        self.add_deliveries(site, activity.id, inboxes, at).await?;
        self.exec(
            &self.federation.outbox_insert,
            (
                site.as_str(),
                id,
                activity.actor.as_str(),
                activity.body.as_str(),
                &activity.followers_of,
            ),
        )
        .await?;
        Ok(())
    }

    async fn open_activities(&self, site: &Site) -> StoreResult<Vec<Outgoing>> {
        let ids: Vec<(CqlTimeuuid, Option<DateTime<Utc>>)> = self
            .rows(&self.federation.open_read, (site.as_str(),))
            .await?;
        let lapsed = crate::domain::now() - chrono::Duration::minutes(MISSING_MINUTES);
        let mut open = Vec::with_capacity(ids.len());
        for (id, queued) in ids {
            type Row = (
                Option<String>,
                Option<String>,
                Option<Vec<String>>,
                Option<bool>,
            );
            let row: Option<Row> = self
                .row(&self.federation.outbox_read, (site.as_str(), id))
                .await?;
            match row {
                Some((Some(actor), Some(body), followers_of, fanned_out)) => open.push(Outgoing {
                    id: Uuid::from(id),
                    actor,
                    body,
                    followers_of: followers_of.unwrap_or_default(),
                    fanned_out: fanned_out.unwrap_or(false),
                }),
                // Listed, never recorded (its writer died between), or expired; one
                // being queued right now is left to its writer.
                _ if queued.is_none_or(|at| at < lapsed) => {
                    self.exec(&self.federation.open_delete, (site.as_str(), id))
                        .await?;
                }
                _ => {}
            }
        }
        Ok(open)
    }

    async fn add_deliveries(
        &self,
        site: &Site,
        activity: Uuid,
        inboxes: &[String],
        at: DateTime<Utc>,
    ) -> StoreResult<()> {
        let id = CqlTimeuuid::from(activity);
        for chunk in inboxes.chunks(16) {
            futures_util::future::try_join_all(chunk.iter().map(|inbox| {
                self.exec(
                    &self.federation.delivery_insert,
                    (site.as_str(), id, inbox.as_str(), at),
                )
            }))
            .await?;
        }
        Ok(())
    }

    async fn fanned_out(&self, site: &Site, activity: Uuid) -> StoreResult<()> {
        self.exec(
            &self.federation.outbox_fanned,
            (site.as_str(), CqlTimeuuid::from(activity)),
        )
        .await?;
        Ok(())
    }

    async fn deliveries(&self, site: &Site, activity: Uuid) -> StoreResult<Vec<Delivery>> {
        type Row = (
            String,
            Option<DateTime<Utc>>,
            Option<i32>,
            Option<DateTime<Utc>>,
            Option<bool>,
            Option<String>,
            Option<i32>,
        );
        let rows: Vec<Row> = self
            .rows(
                &self.federation.deliveries_read,
                (site.as_str(), CqlTimeuuid::from(activity)),
            )
            .await?;
        Ok(rows
            .into_iter()
            .map(
                |(inbox, queued, attempts, due, ended, failure, failed)| Delivery {
                    inbox,
                    attempts: attempts.unwrap_or(0).max(0) as u32,
                    due: due.or(queued).unwrap_or_default(),
                    ended: ended.unwrap_or(false),
                    failure,
                    failed: failed.unwrap_or(0).max(0) as u32,
                },
            )
            .collect())
    }

    async fn claim_attempt(
        &self,
        site: &Site,
        activity: Uuid,
        inbox: &str,
        seen: u32,
        until: DateTime<Utc>,
    ) -> StoreResult<bool> {
        self.claim_attempt_row(site, activity, inbox, seen, until)
            .await
    }
    async fn end_delivery(
        &self,
        site: &Site,
        activity: Uuid,
        inbox: &str,
        failure: Option<&str>,
    ) -> StoreResult<()> {
        self.end_delivery_row(site, activity, inbox, failure).await
    }
    async fn note_failure(
        &self,
        site: &Site,
        activity: Uuid,
        inbox: &str,
        attempt: u32,
        failure: &str,
    ) -> StoreResult<()> {
        self.note_failure_row(site, activity, inbox, attempt, failure)
            .await
    }

    async fn hasten_delivery(
        &self,
        site: &Site,
        activity: Uuid,
        inbox: &str,
        attempt: u32,
        at: DateTime<Utc>,
    ) -> StoreResult<bool> {
        self.hasten_row(site, activity, inbox, attempt, at).await
    }
    async fn close_activity(&self, site: &Site, activity: Uuid) -> StoreResult<()> {
        self.exec(
            &self.federation.open_delete,
            (site.as_str(), CqlTimeuuid::from(activity)),
        )
        .await?;
        Ok(())
    }

    async fn note_post_change(
        &self,
        site: &Site,
        post: PostId,
        at: DateTime<Utc>,
    ) -> StoreResult<()> {
        self.exec(&self.federation.change_insert, (site.as_str(), post.0, at))
            .await?;
        Ok(())
    }

    async fn post_changes(&self, site: &Site) -> StoreResult<Vec<(PostId, DateTime<Utc>)>> {
        let rows: Vec<(Uuid, DateTime<Utc>)> = self
            .rows(&self.federation.changes_read, (site.as_str(),))
            .await?;
        Ok(rows.into_iter().map(|(p, at)| (PostId(p), at)).collect())
    }

    async fn drop_post_changes(
        &self,
        site: &Site,
        post: PostId,
        through: DateTime<Utc>,
    ) -> StoreResult<()> {
        self.exec(
            &self.federation.changes_delete,
            (site.as_str(), post.0, through),
        )
        .await?;
        Ok(())
    }

    async fn federated_post(&self, site: &Site, post: PostId) -> StoreResult<Option<Federated>> {
        type Row = (
            Option<DateTime<Utc>>,
            Option<Uuid>,
            Option<i32>,
            Option<bool>,
        );
        let row: Option<Row> = self
            .row(&self.federation.told_read, (site.as_str(), post.0))
            .await?;
        Ok(row.map(|(sent, author, round, deleted)| Federated {
            sent: sent.unwrap_or_default(),
            author: crate::domain::UserId(author.unwrap_or_default()),
            round: round.unwrap_or(0),
            deleted: deleted.unwrap_or(false),
        }))
    }

    async fn note_federated_post(
        &self,
        site: &Site,
        post: PostId,
        told: &Federated,
    ) -> StoreResult<()> {
        self.exec(
            &self.federation.told_write,
            (
                site.as_str(),
                post.0,
                told.sent,
                told.author.0,
                told.round,
                told.deleted,
            ),
        )
        .await?;
        Ok(())
    }

    async fn failing_servers(&self, site: &Site) -> StoreResult<Vec<Failing>> {
        let rows: Vec<FailingRow> = self
            .rows(&self.federation.failing_read, (site.as_str(),))
            .await?;
        Ok(rows.into_iter().map(failing).collect())
    }

    async fn failing_server(&self, site: &Site, server: &str) -> StoreResult<Option<Failing>> {
        let row: Option<FailingRow> = self
            .row(&self.federation.failing_one, (site.as_str(), server))
            .await?;
        Ok(row.map(failing))
    }

    async fn note_failing_server(&self, site: &Site, failing: &Failing) -> StoreResult<()> {
        self.exec(
            &self.federation.failing_write,
            (
                site.as_str(),
                failing.server.as_str(),
                failing.since,
                failing.last.as_str(),
            ),
        )
        .await?;
        Ok(())
    }

    async fn server_answers(&self, site: &Site, server: &str) -> StoreResult<()> {
        self.exec(&self.federation.failing_delete, (site.as_str(), server))
            .await?;
        Ok(())
    }

    async fn note_comment_source(
        &self,
        site: &Site,
        comment: CommentId,
        source: &CommentSource,
    ) -> StoreResult<()> {
        self.note_source_row(site, comment, source).await
    }

    async fn comment_source(
        &self,
        site: &Site,
        comment: CommentId,
    ) -> StoreResult<Option<CommentSource>> {
        self.source_row(site, comment).await
    }

    async fn remote_follower(
        &self,
        site: &Site,
        actor: &str,
        follower: &str,
    ) -> StoreResult<Option<RemoteFollower>> {
        self.follower_row(site, actor, follower).await
    }

    async fn approves_followers(&self, site: &Site, actor: &str) -> StoreResult<bool> {
        self.approves_followers_row(site, actor).await
    }

    async fn set_approves_followers(&self, site: &Site, actor: &str, on: bool) -> StoreResult<()> {
        self.set_approves_followers_row(site, actor, on).await
    }

    async fn add_follow_request(
        &self,
        site: &Site,
        actor: &str,
        request: &FollowRequest,
    ) -> StoreResult<Requested> {
        self.add_request_row(site, actor, request).await
    }

    async fn follow_request(
        &self,
        site: &Site,
        actor: &str,
        follower: &str,
    ) -> StoreResult<Option<FollowRequest>> {
        self.request_row(site, actor, follower).await
    }

    async fn follow_requests(
        &self,
        site: &Site,
        actor: &str,
        after: Option<&str>,
        limit: usize,
    ) -> StoreResult<Vec<FollowRequest>> {
        self.request_rows(site, actor, after, limit).await
    }

    async fn remove_follow_request(
        &self,
        site: &Site,
        actor: &str,
        follower: &str,
    ) -> StoreResult<bool> {
        self.remove_request_row(site, actor, follower).await
    }

    async fn add_block(&self, site: &Site, block: &Block) -> StoreResult<BlockAdded> {
        self.add_block_row(site, block).await
    }

    async fn remove_block(&self, site: &Site, target: &str) -> StoreResult<bool> {
        self.remove_block_row(site, target).await
    }

    async fn blocks(
        &self,
        site: &Site,
        after: Option<&str>,
        limit: usize,
    ) -> StoreResult<Vec<Block>> {
        self.block_rows(site, after, limit).await
    }

    async fn blocked(&self, site: &Site, targets: &[String]) -> StoreResult<Option<String>> {
        self.first_blocked(site, targets).await
    }

    async fn remote_comments(
        &self,
        site: &Site,
        domain: &str,
        cursor: Option<&str>,
        limit: usize,
    ) -> Result<RemoteComments, PageError> {
        self.remote_comment_rows(site, domain, cursor, limit).await
    }

    async fn avatar(&self, site: &Site, key: &str) -> StoreResult<Option<Avatar>> {
        self.avatar_row(site, key).await
    }

    async fn keep_avatar(&self, site: &Site, key: &str, avatar: &Avatar) -> StoreResult<()> {
        self.keep_avatar_row(site, key, avatar).await
    }

    async fn drop_avatar(&self, site: &Site, key: &str) -> StoreResult<()> {
        self.drop_avatar_row(site, key).await
    }
}

type FailingRow = (String, Option<DateTime<Utc>>, Option<String>);

fn failing((server, since, last): FailingRow) -> Failing {
    Failing {
        server,
        since: since.unwrap_or_default(),
        last: last.unwrap_or_default(),
    }
}
