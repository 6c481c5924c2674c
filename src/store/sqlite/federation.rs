//! The fediverse: remote followers (counted from their rows), the activities sent with
//! their deliveries, and the ids of activities received lately.

use super::*;
use crate::store::federation::{
    Avatar, Block, BlockAdded, CommentSource, Delivery, Failing, Federated, Federation,
    FollowRequest, OUTGOING_DAYS, Outgoing, RECEIVED_DAYS, Reaction, Reactions, RemoteComments,
    RemoteFollower, RemoteNote, Requested, follower_shard, reaction_set,
};

fn add_deliveries(
    sql: &Sql<'_>,
    site: &str,
    activity: &str,
    inboxes: &[String],
    due: i64,
) -> StoreResult<()> {
    for inbox in inboxes {
        sql.prepare(
            "INSERT INTO ap_deliveries (site, activity, inbox, due) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT DO NOTHING",
        )
        .and_then(|mut s| s.execute(params![site, activity, inbox, due]))
        .map_err(unavailable)?;
    }
    Ok(())
}

#[async_trait]
impl Federation for SqliteStore {
    async fn add_remote_follower(
        &self,
        site: &Site,
        actor: &str,
        follower: &RemoteFollower,
    ) -> StoreResult<bool> {
        let (site, actor, f) = (site.to_string(), actor.to_owned(), follower.clone());
        self.run(move |sql| {
            let added = sql
                .prepare(
                    "INSERT INTO ap_followers (site, actor, shard, follower, inbox, follow, since)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT DO NOTHING",
                )
                .and_then(|mut s| {
                    s.execute(params![
                        site,
                        actor,
                        follower_shard(&f.actor),
                        f.actor,
                        f.inbox,
                        f.follow,
                        f.since.timestamp_millis()
                    ])
                })
                .map_err(unavailable)?;
            Ok(added == 1)
        })
        .await
    }

    async fn remove_remote_follower(
        &self,
        site: &Site,
        actor: &str,
        follower: &str,
    ) -> StoreResult<bool> {
        let (site, actor, follower) = (site.to_string(), actor.to_owned(), follower.to_owned());
        self.run(move |sql| {
            let removed = sql
                .prepare(
                    "DELETE FROM ap_followers WHERE site = ?1 AND actor = ?2 AND follower = ?3",
                )
                .and_then(|mut s| s.execute(params![site, actor, follower]))
                .map_err(unavailable)?;
            Ok(removed == 1)
        })
        .await
    }

    async fn remote_followers(
        &self,
        site: &Site,
        actor: &str,
        shard: i32,
        after: Option<&str>,
        limit: usize,
    ) -> StoreResult<Vec<RemoteFollower>> {
        let (site, actor, after) = (
            site.to_string(),
            actor.to_owned(),
            after.unwrap_or("").to_owned(),
        );
        let rows: Vec<(String, String, String, i64)> = self
            .read(|sql| {
                sql.prepare(
                    "SELECT follower, inbox, follow, since FROM ap_followers
                     WHERE site = ?1 AND actor = ?2 AND shard = ?3 AND follower > ?4
                     ORDER BY follower LIMIT ?5",
                )
                .and_then(|mut s| {
                    s.query_map(params![site, actor, shard, after, limit as i64], |r| {
                        Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
                    })?
                    .collect()
                })
                .map_err(unavailable)
            })
            .await?;
        Ok(rows
            .into_iter()
            .map(|(actor, inbox, follow, since)| RemoteFollower {
                actor,
                inbox,
                follow,
                since: millis_to_time(since),
            })
            .collect())
    }

    async fn remote_follower_count(&self, site: &Site, actor: &str) -> StoreResult<u64> {
        let (site, actor) = (site.to_string(), actor.to_owned());
        self.read(|sql| {
            sql.prepare("SELECT COUNT(*) FROM ap_followers WHERE site = ?1 AND actor = ?2")
                .and_then(|mut s| s.query_row(params![site, actor], |r| r.get::<_, i64>(0)))
                .map(|n| n as u64)
                .map_err(unavailable)
        })
        .await
    }

    async fn reaction_counts(&self, site: &Site, post: PostId) -> StoreResult<Reactions> {
        let site = site.to_string();
        let (likes, announces) = (
            reaction_set(Reaction::Like, post),
            reaction_set(Reaction::Announce, post),
        );
        self.read(move |sql| {
            let mut reactions = Reactions::default();
            let mut stmt = sql
                .prepare(
                    "SELECT actor, COUNT(*) FROM ap_followers WHERE site = ?1 AND actor IN (?2, ?3)
                     GROUP BY actor",
                )
                .map_err(unavailable)?;
            let rows: Vec<(String, i64)> = stmt
                .query_map(params![site, likes, announces], |r| {
                    Ok((r.get(0)?, r.get(1)?))
                })
                .and_then(Iterator::collect)
                .map_err(unavailable)?;
            for (set, n) in rows {
                let n = n.max(0) as u64;
                if set == likes {
                    reactions.likes = n;
                } else {
                    reactions.announces = n;
                }
            }
            Ok(reactions)
        })
        .await
    }

    async fn remote_follower_counts(&self, site: &Site) -> StoreResult<Vec<(String, u64)>> {
        let site = site.to_string();
        self.read(|sql| {
            sql.prepare(
                "SELECT actor, COUNT(*) FROM ap_followers WHERE site = ?1
                 AND instr(actor, ':') = 0 GROUP BY actor ORDER BY actor",
            )
            .and_then(|mut s| {
                s.query_map(params![site], |r| {
                    Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?.max(0) as u64))
                })?
                .collect()
            })
            .map_err(unavailable)
        })
        .await
    }

    async fn received(&self, site: &Site, id: &str) -> StoreResult<bool> {
        let (site, key) = (site.to_string(), crate::domain::token::session_key(id));
        let now = crate::domain::now().timestamp_millis();
        self.read(|sql| {
            sql.prepare("SELECT 1 FROM ap_received WHERE site = ?1 AND key = ?2 AND until > ?3")
                .and_then(|mut s| s.exists(params![site, key, now]))
                .map_err(unavailable)
        })
        .await
    }

    async fn note_received(&self, site: &Site, id: &str, at: DateTime<Utc>) -> StoreResult<()> {
        let (site, key) = (site.to_string(), crate::domain::token::session_key(id));
        let until = (at + chrono::Duration::days(RECEIVED_DAYS)).timestamp_millis();
        let now = at.timestamp_millis();
        self.run(move |sql| {
            sql.prepare(
                "INSERT INTO ap_received (site, key, until) VALUES (?1, ?2, ?3)
                 ON CONFLICT (site, key) DO UPDATE SET until = excluded.until",
            )
            .and_then(|mut s| s.execute(params![site, key, until]))
            .map_err(unavailable)?;
            // What has lapsed goes, a little at a time.
            sql.prepare(
                "DELETE FROM ap_received WHERE rowid IN
                 (SELECT rowid FROM ap_received WHERE until <= ?1 LIMIT 100)",
            )
            .and_then(|mut s| s.execute(params![now]))
            .map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    async fn remote_note(&self, site: &Site, note: &str) -> StoreResult<Option<RemoteNote>> {
        let (site, key) = (site.to_string(), crate::domain::token::session_key(note));
        let found: Option<(String, String, String)> = self
            .read(move |sql| {
                sql.prepare(
                    "SELECT post_id, comment_id, actor FROM ap_notes WHERE site = ?1 AND note = ?2",
                )
                .and_then(|mut s| {
                    s.query_row(params![site, key], |r| {
                        Ok((r.get(0)?, r.get(1)?, r.get(2)?))
                    })
                    .optional()
                })
                .map_err(unavailable)
            })
            .await?;
        found
            .map(|(post, comment, actor)| {
                Ok(RemoteNote {
                    post: PostId(uuid(&post)?),
                    comment: CommentId::parse(&comment).map_err(StoreError::from)?,
                    actor,
                })
            })
            .transpose()
    }

    async fn note_remote_note(&self, site: &Site, note: &str, to: &RemoteNote) -> StoreResult<()> {
        let (site, key) = (site.to_string(), crate::domain::token::session_key(note));
        let (post, comment, actor) = (
            to.post.0.to_string(),
            to.comment.to_string(),
            to.actor.clone(),
        );
        self.run(move |sql| {
            sql.prepare(
                "INSERT INTO ap_notes (site, note, post_id, comment_id, actor) VALUES (?1, ?2, ?3, ?4, ?5)
                 ON CONFLICT (site, note) DO UPDATE SET post_id = excluded.post_id,
                 comment_id = excluded.comment_id, actor = excluded.actor",
            )
            .and_then(|mut s| s.execute(params![site, key, post, comment, actor]))
            .map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    async fn queue_activity(
        &self,
        site: &Site,
        activity: &Outgoing,
        inboxes: &[String],
        at: DateTime<Utc>,
    ) -> StoreResult<()> {
        let (site, a, inboxes) = (site.to_string(), activity.clone(), inboxes.to_vec());
        let due = at.timestamp_millis();
        self.transaction(move |sql| {
            let id = a.id.to_string();
            sql.prepare(
                "INSERT INTO ap_outbox (site, id, actor, body, followers_of, made)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT DO NOTHING",
            )
            .and_then(|mut s| {
                s.execute(params![
                    site,
                    id,
                    a.actor,
                    a.body,
                    a.followers_of.join(","),
                    due
                ])
            })
            .map_err(unavailable)?;
            add_deliveries(sql, &site, &id, &inboxes, due)
        })
        .await
    }

    async fn open_activities(&self, site: &Site) -> StoreResult<Vec<Outgoing>> {
        let site = site.to_string();
        let lapsed =
            (crate::domain::now() - chrono::Duration::days(OUTGOING_DAYS)).timestamp_millis();
        let rows: Vec<(String, String, String, String, bool, i64)> = self
            .read(|sql| {
                sql.prepare(
                    "SELECT id, actor, body, followers_of, fanned_out, made FROM ap_outbox
                     WHERE site = ?1 AND open = 1 ORDER BY made, id",
                )
                .and_then(|mut s| {
                    s.query_map(params![site], |r| {
                        Ok((
                            r.get(0)?,
                            r.get(1)?,
                            r.get(2)?,
                            r.get(3)?,
                            r.get(4)?,
                            r.get(5)?,
                        ))
                    })?
                    .collect()
                })
                .map_err(unavailable)
            })
            .await?;
        let mut open = Vec::new();
        for (id, actor, body, followers_of, fanned_out, made) in rows {
            let id = uuid(&id)?;
            if made <= lapsed {
                // Kept as long as the Cassandra adapter keeps one: past it, it is closed.
                self.close_activity(&Site::parse(&site)?, id).await?;
                continue;
            }
            open.push(Outgoing {
                id,
                actor,
                body,
                followers_of: followers_of
                    .split(',')
                    .filter(|n| !n.is_empty())
                    .map(str::to_owned)
                    .collect(),
                fanned_out,
            });
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
        let (site, inboxes) = (site.to_string(), inboxes.to_vec());
        self.transaction(move |sql| {
            add_deliveries(
                sql,
                &site,
                &activity.to_string(),
                &inboxes,
                at.timestamp_millis(),
            )
        })
        .await
    }

    async fn fanned_out(&self, site: &Site, activity: Uuid) -> StoreResult<()> {
        let site = site.to_string();
        self.run(move |sql| {
            sql.prepare("UPDATE ap_outbox SET fanned_out = 1 WHERE site = ?1 AND id = ?2")
                .and_then(|mut s| s.execute(params![site, activity.to_string()]))
                .map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    async fn deliveries(&self, site: &Site, activity: Uuid) -> StoreResult<Vec<Delivery>> {
        let site = site.to_string();
        type Row = (String, i64, i64, bool, Option<String>, i64);
        let rows: Vec<Row> = self
            .read(|sql| {
                sql.prepare(
                    "SELECT inbox, attempts, due, ended, failure, failed FROM ap_deliveries
                     WHERE site = ?1 AND activity = ?2 ORDER BY inbox",
                )
                .and_then(|mut s| {
                    s.query_map(params![site, activity.to_string()], |r| {
                        Ok((
                            r.get(0)?,
                            r.get(1)?,
                            r.get(2)?,
                            r.get(3)?,
                            r.get(4)?,
                            r.get(5)?,
                        ))
                    })?
                    .collect()
                })
                .map_err(unavailable)
            })
            .await?;
        Ok(rows
            .into_iter()
            .map(|(inbox, attempts, due, ended, failure, failed)| Delivery {
                inbox,
                attempts: attempts.max(0) as u32,
                due: millis_to_time(due),
                ended,
                failure,
                failed: failed.max(0) as u32,
            })
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
        self.hasten_delivery_row(site, activity, inbox, attempt, at)
            .await
    }
    async fn close_activity(&self, site: &Site, activity: Uuid) -> StoreResult<()> {
        let site = site.to_string();
        let lapsed =
            (crate::domain::now() - chrono::Duration::days(OUTGOING_DAYS)).timestamp_millis();
        self.transaction(move |sql| {
            sql.prepare("UPDATE ap_outbox SET open = 0 WHERE site = ?1 AND id = ?2")
                .and_then(|mut s| s.execute(params![site, activity.to_string()]))
                .map_err(unavailable)?;
            // Closed activities are kept as long as the Cassandra adapter keeps them:
            // those past it go, a few at a time, with their deliveries.
            let old: Vec<String> = sql
                .prepare(
                    "SELECT id FROM ap_outbox WHERE site = ?1 AND open = 0 AND made <= ?2
                     LIMIT 20",
                )
                .and_then(|mut s| s.query_map(params![site, lapsed], |r| r.get(0))?.collect())
                .map_err(unavailable)?;
            for id in old {
                for table in [
                    "ap_deliveries WHERE site = ?1 AND activity = ?2",
                    "ap_outbox WHERE site = ?1 AND id = ?2",
                ] {
                    sql.prepare(&format!("DELETE FROM {table}"))
                        .and_then(|mut s| s.execute(params![site, id]))
                        .map_err(unavailable)?;
                }
            }
            Ok(())
        })
        .await
    }

    async fn note_post_change(
        &self,
        site: &Site,
        post: PostId,
        at: DateTime<Utc>,
    ) -> StoreResult<()> {
        let site = site.to_string();
        self.run(move |sql| {
            sql.prepare(
                "INSERT INTO ap_post_changes (site, post_id, at) VALUES (?1, ?2, ?3)
                 ON CONFLICT DO NOTHING",
            )
            .and_then(|mut s| s.execute(params![site, post.0.to_string(), at.timestamp_millis()]))
            .map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    async fn post_changes(&self, site: &Site) -> StoreResult<Vec<(PostId, DateTime<Utc>)>> {
        let site = site.to_string();
        let rows: Vec<(String, i64)> = self
            .read(|sql| {
                sql.prepare(
                    "SELECT post_id, at FROM ap_post_changes WHERE site = ?1 ORDER BY post_id, at",
                )
                .and_then(|mut s| {
                    s.query_map(params![site], |r| Ok((r.get(0)?, r.get(1)?)))?
                        .collect()
                })
                .map_err(unavailable)
            })
            .await?;
        rows.into_iter()
            .map(|(post, at)| Ok((PostId(uuid(&post)?), millis_to_time(at))))
            .collect()
    }

    async fn drop_post_changes(
        &self,
        site: &Site,
        post: PostId,
        through: DateTime<Utc>,
    ) -> StoreResult<()> {
        let site = site.to_string();
        self.run(move |sql| {
            sql.prepare(
                "DELETE FROM ap_post_changes WHERE site = ?1 AND post_id = ?2 AND at <= ?3",
            )
            .and_then(|mut s| {
                s.execute(params![
                    site,
                    post.0.to_string(),
                    through.timestamp_millis()
                ])
            })
            .map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    async fn federated_post(&self, site: &Site, post: PostId) -> StoreResult<Option<Federated>> {
        let site = site.to_string();
        let row: Option<(i64, String, i32, bool)> = self
            .read(|sql| {
                sql.prepare(
                    "SELECT sent, author, round, deleted FROM ap_posts WHERE site = ?1 AND post_id = ?2",
                )
                .and_then(|mut s| {
                    s.query_row(params![site, post.0.to_string()], |r| {
                        Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
                    })
                    .optional()
                })
                .map_err(unavailable)
            })
            .await?;
        row.map(|(sent, author, round, deleted)| {
            Ok(Federated {
                sent: millis_to_time(sent),
                author: UserId(uuid(&author)?),
                round,
                deleted,
            })
        })
        .transpose()
    }

    async fn note_federated_post(
        &self,
        site: &Site,
        post: PostId,
        told: &Federated,
    ) -> StoreResult<()> {
        let (site, told) = (site.to_string(), *told);
        self.run(move |sql| {
            sql.prepare(
                "INSERT INTO ap_posts (site, post_id, sent, author, round, deleted)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                 ON CONFLICT (site, post_id) DO UPDATE SET sent = excluded.sent,
                 author = excluded.author, round = excluded.round, deleted = excluded.deleted",
            )
            .and_then(|mut s| {
                s.execute(params![
                    site,
                    post.0.to_string(),
                    told.sent.timestamp_millis(),
                    told.author.0.to_string(),
                    told.round,
                    told.deleted
                ])
            })
            .map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    async fn failing_servers(&self, site: &Site) -> StoreResult<Vec<Failing>> {
        self.failing_rows(site).await
    }

    async fn failing_server(&self, site: &Site, server: &str) -> StoreResult<Option<Failing>> {
        self.failing_row(site, server).await
    }

    async fn note_failing_server(&self, site: &Site, failing: &Failing) -> StoreResult<()> {
        self.note_failing_row(site, failing).await
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

    async fn server_answers(&self, site: &Site, server: &str) -> StoreResult<()> {
        let (site, server) = (site.to_string(), server.to_owned());
        self.run(move |sql| {
            sql.prepare("DELETE FROM ap_failing WHERE site = ?1 AND server = ?2")
                .and_then(|mut s| s.execute(params![site, server]))
                .map_err(unavailable)?;
            Ok(())
        })
        .await
    }
}
