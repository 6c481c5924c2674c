//! Intents: a row per multi-step write, in a partition per minute and shard, never
//! deleted (marked done, and gone with its TTL), so the reconciler reads recent minutes
//! without meeting tombstones; and the minute the reconciler has looked through.

use super::CassandraStore;
use crate::domain::{CommentId, Locale, PostId, Site, Slug, UserId, timeuuid};
use crate::store::intents::{Finished, Intent, IntentId, Intents, Unfinished};
use crate::store::{StoreError, StoreResult};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use scylla::client::session::Session;
use scylla::errors::ExecutionError;
use scylla::statement::prepared::PreparedStatement;
use scylla::value::CqlTimeuuid;
use uuid::Uuid;

/// Partitions per minute: spreads a busy minute over several replicas.
const SHARDS: i32 = 8;
/// The most minutes one reconciler pass reads (each `SHARDS` reads).
const MINUTES_PER_PASS: i64 = 120;
/// Where a keyspace never reconciled starts looking.
const FIRST_LOOK_BACK: i64 = 60;

fn minute_of(at: DateTime<Utc>) -> DateTime<Utc> {
    DateTime::from_timestamp(at.timestamp().div_euclid(60) * 60, 0).unwrap_or(at)
}

fn shard_of(id: Uuid) -> i32 {
    i32::from(id.as_bytes().iter().fold(0u8, |a, b| a ^ b)) % SHARDS
}

fn place(id: Uuid) -> StoreResult<(DateTime<Utc>, i32)> {
    let at = timeuuid::time_of(id)
        .ok_or_else(|| StoreError::Corrupt(format!("intent {id} is not a time UUID")))?;
    Ok((minute_of(at), shard_of(id)))
}

pub(super) struct Statements {
    insert: PreparedStatement,
    done: PreparedStatement,
    read: PreparedStatement,
    cursor_read: PreparedStatement,
    cursor_write: PreparedStatement,
}

impl Statements {
    pub(super) async fn prepare(session: &Session, ks: &str) -> Result<Self, ExecutionError> {
        let prepare = |cql: String| super::prepare(session, cql);
        Ok(Self {
            insert: prepare(format!(
                "INSERT INTO {ks}.intents (minute, shard, id, body, done) VALUES (?, ?, ?, ?, false)"
            ))
            .await?,
            done: prepare(format!(
                "UPDATE {ks}.intents SET done = true WHERE minute = ? AND shard = ? AND id = ?"
            ))
            .await?,
            read: prepare(format!(
                "SELECT id, body, done FROM {ks}.intents WHERE minute = ? AND shard = ?"
            ))
            .await?,
            cursor_read: prepare(format!(
                "SELECT minute FROM {ks}.intent_cursor WHERE scope = 'reconciler'"
            ))
            .await?,
            cursor_write: prepare(format!(
                "INSERT INTO {ks}.intent_cursor (scope, minute) VALUES ('reconciler', ?)"
            ))
            .await?,
        })
    }
}

#[async_trait]
impl Intents for CassandraStore {
    async fn begin(&self, intent: &Intent) -> StoreResult<IntentId> {
        let id = timeuuid::at(crate::domain::now());
        let (minute, shard) = place(id)?;
        let body = serde_json::to_string(intent)
            .map_err(|e| StoreError::Corrupt(format!("an intent: {e}")))?;
        self.exec(
            &self.intents.insert,
            (minute, shard, CqlTimeuuid::from(id), body),
        )
        .await?;
        Ok(IntentId(id))
    }

    async fn end(&self, id: IntentId) -> StoreResult<()> {
        let (minute, shard) = place(id.0)?;
        self.exec(&self.intents.done, (minute, shard, CqlTimeuuid::from(id.0)))
            .await?;
        Ok(())
    }

    async fn unfinished(&self, before: DateTime<Utc>) -> StoreResult<Unfinished> {
        let cursor: Option<(DateTime<Utc>,)> = self.row(&self.intents.cursor_read, ()).await?;
        let last = minute_of(before);
        let first = cursor.map_or_else(
            || last - chrono::Duration::minutes(FIRST_LOOK_BACK),
            |(minute,)| minute,
        );
        let end = last.min(first + chrono::Duration::minutes(MINUTES_PER_PASS - 1));
        let mut intents = Vec::new();
        let mut minute = first;
        while minute <= end {
            for shard in 0..SHARDS {
                let rows: Vec<(CqlTimeuuid, String, Option<bool>)> =
                    self.rows(&self.intents.read, (minute, shard)).await?;
                for (id, body, done) in rows {
                    let id = Uuid::from(id);
                    let begun = timeuuid::time_of(id).unwrap_or(before);
                    if done == Some(true) || begun > before {
                        continue;
                    }
                    // One record no build can read (written by a newer one) must not
                    // stop every later pass: it is left for the build that can.
                    match serde_json::from_str::<Intent>(&body) {
                        Ok(intent) => intents.push((IntentId(id), intent)),
                        Err(e) => {
                            tracing::warn!(%id, error = %e, "an intent this build cannot read")
                        }
                    }
                }
            }
            minute += chrono::Duration::minutes(1);
        }
        intents.sort_by_key(|(id, _)| timeuuid::time_of(id.0));
        Ok(Unfinished {
            intents,
            through: Some(before.min(end + chrono::Duration::minutes(1))),
        })
    }

    async fn passed(&self, through: DateTime<Utc>) -> StoreResult<()> {
        self.exec(&self.intents.cursor_write, (minute_of(through),))
            .await?;
        Ok(())
    }

    async fn finish(&self, intent: &Intent) -> StoreResult<Finished> {
        match intent {
            Intent::Relist { site, post, was } => {
                let site = Site::parse(site)?;
                self.settle_lists(&site, PostId(*post), was.clone()).await?;
                Ok(Finished::Completed)
            }
            Intent::NewPost {
                site,
                post,
                slug,
                short_id,
            } => {
                let site = Site::parse(site)?;
                let slug = Slug::parse(slug)?;
                self.finish_new_post(&site, PostId(*post), &slug, *short_id)
                    .await
            }
            Intent::SignUp { user, claims } => self.finish_sign_up(UserId(*user), claims).await,
            Intent::Rename {
                user,
                scope,
                old,
                new,
            } => self.finish_rename(UserId(*user), scope, old, new).await,
            Intent::Comment {
                site,
                post,
                comment,
            } => {
                let site = Site::parse(site)?;
                self.finish_comment(&site, PostId(*post), CommentId(*comment))
                    .await
            }
            Intent::Translation { site, post, locale } => {
                let site = Site::parse(site)?;
                let locale = Locale::parse(locale)?;
                self.follow_translation(&site, PostId(*post), &locale, true)
                    .await?;
                Ok(Finished::Completed)
            }
            Intent::Favorite {
                site,
                user,
                post,
                was,
            } => {
                let site = Site::parse(site)?;
                self.finish_favorite(&site, UserId(*user), PostId(*post), *was)
                    .await
            }
            Intent::ApplySuggestion { .. }
            | Intent::DeletePost { .. }
            | Intent::DeleteAccount { .. } => Ok(Finished::NotMine),
        }
    }
}
