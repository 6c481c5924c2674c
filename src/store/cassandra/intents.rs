//! Intents: a row per multi-step write, in a partition per minute and shard, never
//! deleted (marked done, and gone with its TTL), so the reconciler reads recent minutes
//! without meeting tombstones; and the minute the reconciler has looked through.
//!
//! Most rows are this store's own writes ([`OwnIntent`]: a post and its lists, an
//! account and its claims, a comment and its copies); the application's ([`Intent`])
//! share the rows. This file records and reads them; `recovery.rs` finishes them.

use super::CassandraStore;
use crate::domain::timeuuid;
use crate::store::intents::{Intent, IntentId, PARK_AFTER, PARKED_CAP, Parked};
use crate::store::{StoreError, StoreResult};
use chrono::{DateTime, Utc};
use scylla::client::session::Session;
use scylla::errors::ExecutionError;
use scylla::statement::prepared::PreparedStatement;
use scylla::value::CqlTimeuuid;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

/// Partitions per minute: spreads a busy minute over several replicas.
const SHARDS: i32 = 8;
/// The most minutes one reconciler pass reads (each `SHARDS` reads).
const MINUTES_PER_PASS: i64 = 120;
/// Where a keyspace never reconciled starts looking.
const FIRST_LOOK_BACK: i64 = 60;
/// How far before its cursor a pass reads again: an intent is placed by the clock of
/// the process that began it, so one begun by a process whose clock runs behind lands
/// behind the cursor, and is found as long as that clock is less than this behind.
const CLOCK_MARGIN_MINUTES: i64 = 10;
/// How long an intent row lives (the table's default TTL): a row written later (its
/// attempts, a parked copy) expires with it.
const LIFE_SECONDS: i64 = 604_800;
/// Partitions read at once by a pass.
const READS_IN_FLIGHT: usize = 16;
/// The most unfinished intents one pass hands over: what a pass holds is these and the
/// partitions in flight, however many writes its minutes saw (a pass after a long stop,
/// or over a bulk import, reads hundreds of thousands of finished ones).
pub(in crate::store) const PASS_MOST: usize = 500;

/// Where a post was listed (front page, author page, tag pages) before a write that
/// may move or remove its rows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Listed {
    /// The time UUID the rows are keyed by.
    pub published_id: Uuid,
    pub tags: Vec<String>,
}

/// One of this store's multi-step writes, with what its later steps need.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub(super) enum OwnIntent {
    /// A post's rows in the lists follow its row: `was` is where they were before the
    /// write (publish, unpublish, a new revision).
    Relist {
        site: String,
        post: Uuid,
        was: Option<Listed>,
    },
    /// A new post: the slug claimed for it is committed (or, if the post row was never
    /// written, released), its short link written and its lists.
    NewPost {
        site: String,
        post: Uuid,
        slug: String,
        short_id: u64,
    },
    /// A new account: its claims (scope, name), committed once the account's row is
    /// there, released if it is not; a site's set-up claim is committed last.
    SignUp {
        user: Uuid,
        claims: Vec<(String, String)>,
    },
    /// A change of an account's user name or e-mail address (`scope`): the new value's
    /// claim is committed and the old one released once the account has the new value;
    /// released if it has not.
    Rename {
        user: Uuid,
        scope: String,
        old: String,
        new: String,
    },
    /// A comment's write (new, moved, edited): its copies in the lists and thread, and
    /// its post's counts, follow its row.
    Comment {
        site: String,
        post: Uuid,
        comment: Uuid,
    },
    /// A translation's save or change of status: the post's list of published
    /// translations and the search index follow the translation's row.
    Translation {
        site: String,
        post: Uuid,
        locale: String,
    },
    /// A favorite kept or given up: the copies of `favorites`' row follow it, and the
    /// post's count is recounted; `was` is the time of the favorite being given up.
    Favorite {
        site: String,
        user: Uuid,
        post: Uuid,
        was: Option<Uuid>,
    },
    /// A remote actor's follow of one of the site's actors added or removed: the
    /// actor's count of followers follows the row, and is recounted.
    RemoteFollowers { site: String, actor: String },
}

/// A row's body: the kinds of both enums are distinct, so a body reads back as the one
/// it was written as (and rows written before the two were told apart read alike).
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub(super) enum Record {
    Own(OwnIntent),
    App(Intent),
}

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
    attempt: PreparedStatement,
    cursor_read: PreparedStatement,
    cursor_write: PreparedStatement,
    park: PreparedStatement,
    parked: PreparedStatement,
    unpark: PreparedStatement,
    clock: PreparedStatement,
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
                "SELECT id, body, done, attempts FROM {ks}.intents WHERE minute = ? AND shard = ?"
            ))
            .await?,
            attempt: prepare(format!(
                "UPDATE {ks}.intents USING TTL ? SET attempts = ?, error = ? \
                 WHERE minute = ? AND shard = ? AND id = ?"
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
            park: prepare(format!(
                "INSERT INTO {ks}.parked_intents (scope, id, body, attempts, error, next_try) \
                 VALUES ('reconciler', ?, ?, ?, ?, ?) USING TTL ?"
            ))
            .await?,
            parked: prepare(format!(
                "SELECT id, body, attempts, error, next_try FROM {ks}.parked_intents \
                 WHERE scope = 'reconciler' LIMIT {}",
                PARKED_CAP + 1
            ))
            .await?,
            unpark: prepare(format!(
                "DELETE FROM {ks}.parked_intents WHERE scope = 'reconciler' AND id = ?"
            ))
            .await?,
            clock: prepare("SELECT toTimestamp(now()) FROM system.local".to_string()).await?,
        })
    }
}

/// A row of the parked intents.
type ParkedRow = (
    CqlTimeuuid,
    Option<String>,
    Option<i32>,
    Option<String>,
    Option<DateTime<Utc>>,
);

impl CassandraStore {
    /// Records that one of this store's multi-step writes begins.
    pub(super) async fn begin_own(&self, intent: &OwnIntent) -> StoreResult<IntentId> {
        self.record(intent).await
    }

    /// Records a write (its own or the application's, as JSON) and returns its id.
    pub(super) async fn record(&self, intent: &(impl Serialize + Sync)) -> StoreResult<IntentId> {
        let body = serde_json::to_string(intent)
            .map_err(|e| StoreError::Corrupt(format!("an intent: {e}")))?;
        let id = timeuuid::at(crate::domain::now());
        let (minute, shard) = place(id)?;
        self.exec(
            &self.intents.insert,
            (minute, shard, CqlTimeuuid::from(id), body),
        )
        .await?;
        Ok(IntentId(id))
    }

    /// Marks a recorded write done.
    pub(super) async fn end_own(&self, id: IntentId) -> StoreResult<()> {
        let (minute, shard) = place(id.0)?;
        self.exec(&self.intents.done, (minute, shard, CqlTimeuuid::from(id.0)))
            .await?;
        Ok(())
    }

    /// The writes begun by `before`, not marked done and not parked, oldest first, from
    /// [`CLOCK_MARGIN_MINUTES`] before the minute the last pass left off (a bounded
    /// stretch per call), with how many passes failed each, and the instant up to which
    /// they are all of them.
    pub(super) async fn unfinished(
        &self,
        before: DateTime<Utc>,
    ) -> StoreResult<(Vec<(IntentId, Record, u32)>, DateTime<Utc>)> {
        use futures_util::{StreamExt, TryStreamExt};
        let cursor: Option<(DateTime<Utc>,)> = self.row(&self.intents.cursor_read, ()).await?;
        let last = minute_of(before);
        let first = cursor.map_or_else(
            || last - chrono::Duration::minutes(FIRST_LOOK_BACK),
            |(minute,)| minute,
        );
        let end = last.min(first + chrono::Duration::minutes(MINUTES_PER_PASS - 1));
        let start = first - chrono::Duration::minutes(CLOCK_MARGIN_MINUTES);
        let minutes = (end - start).num_minutes().max(-1) + 1;
        let partitions = (0..minutes).flat_map(|m| {
            let minute = start + chrono::Duration::minutes(m);
            (0..SHARDS).map(move |shard| (minute, shard))
        });
        type Row = (CqlTimeuuid, Option<String>, Option<bool>, Option<i32>);
        // Minute by minute (the partitions in their order, a few in flight), keeping the
        // unfinished only, up to PASS_MOST: then the pass ends at the minute it reached.
        let mut read = futures_util::stream::iter(partitions)
            .map(|(minute, shard)| async move {
                let rows = self.rows::<Row>(&self.intents.read, (minute, shard)).await;
                rows.map(|rows| (minute, rows))
            })
            .buffered(READS_IN_FLIGHT);
        let mut records = Vec::new();
        let mut through = before.min(end + chrono::Duration::minutes(1));
        while let Some((minute, rows)) = read.try_next().await? {
            if records.len() >= PASS_MOST {
                // Every write begun before this minute is in hand; the next pass reads on
                // from here (never from before where this one began: that is done).
                through = minute.max(first).min(through);
                break;
            }
            for (id, body, done, attempts) in rows {
                let id = Uuid::from(id);
                let begun = timeuuid::time_of(id).unwrap_or(before);
                let attempts = attempts.map_or(0, |a| u32::try_from(a).unwrap_or(0));
                // Parked ones are tried from the list of them, when they are due.
                if done == Some(true) || begun > before || attempts >= PARK_AFTER {
                    continue;
                }
                let Some(body) = body else { continue };
                // One record no build can read (written by a newer one) must not stop
                // every later pass: it is left for the build that can.
                match serde_json::from_str::<Record>(&body) {
                    Ok(record) => records.push((IntentId(id), record, attempts)),
                    Err(e) => {
                        tracing::warn!(%id, error = %e, "an intent this build cannot read")
                    }
                }
            }
        }
        records.sort_by_key(|(id, _, _)| timeuuid::time_of(id.0));
        Ok((records, through))
    }

    /// Every write begun before `through` is done or parked: later passes start there.
    pub(super) async fn move_cursor(&self, through: DateTime<Utc>) -> StoreResult<()> {
        self.exec(&self.intents.cursor_write, (minute_of(through),))
            .await?;
        Ok(())
    }

    /// The parked intents, oldest first, at most [`PARKED_CAP`] (and one more, which
    /// says the list is full).
    async fn parked_rows(&self) -> StoreResult<Vec<Parked>> {
        let rows: Vec<ParkedRow> = self.rows(&self.intents.parked, ()).await?;
        Ok(rows
            .into_iter()
            .filter_map(|(id, body, attempts, error, next_try)| {
                let id = Uuid::from(id);
                Some(Parked {
                    id: IntentId(id),
                    begun: timeuuid::time_of(id)?,
                    record: body?,
                    attempts: attempts.map_or(PARK_AFTER, |a| u32::try_from(a).unwrap_or(0)),
                    error: error.unwrap_or_default(),
                    next_try: next_try.unwrap_or_default(),
                })
            })
            .collect())
    }

    /// The parked intents, at most [`PARKED_CAP`].
    pub(super) async fn parked_intents(&self) -> StoreResult<Vec<Parked>> {
        let mut parked = self.parked_rows().await?;
        parked.truncate(PARKED_CAP);
        Ok(parked)
    }

    /// The parked intents due for another try at `now`.
    pub(super) async fn due(
        &self,
        now: DateTime<Utc>,
    ) -> StoreResult<Vec<(IntentId, Record, u32)>> {
        let mut due = Vec::new();
        for parked in self.parked_intents().await? {
            if parked.next_try > now {
                continue;
            }
            match serde_json::from_str::<Record>(&parked.record) {
                Ok(record) => due.push((parked.id, record, parked.attempts)),
                Err(e) => {
                    tracing::warn!(id = %parked.id.0, error = %e, "a parked intent this build cannot read")
                }
            }
        }
        Ok(due)
    }

    /// A pass could not finish the intent `id` (recorded as `body`), which had failed
    /// `attempts` passes before: counts this one, and parks the intent once it has failed
    /// [`PARK_AFTER`] (unless [`PARKED_CAP`] are parked already). True when it is parked.
    pub(super) async fn attempt_failed(
        &self,
        id: IntentId,
        body: &str,
        attempts: u32,
        error: &str,
    ) -> StoreResult<bool> {
        let now = crate::domain::now();
        let begun = timeuuid::time_of(id.0).unwrap_or(now);
        // What is left of the intent row's life: what this pass writes dies with it.
        let ttl = LIFE_SECONDS - (now - begun).num_seconds();
        if ttl <= 0 {
            return Ok(false);
        }
        let ttl = i32::try_from(ttl).unwrap_or(i32::MAX);
        let mut attempts = attempts.saturating_add(1);
        let error = &error[..error.floor_char_boundary(500)];
        if attempts == PARK_AFTER && self.parked_rows().await?.len() >= PARKED_CAP {
            tracing::error!(
                id = %id.0, error, cap = PARKED_CAP,
                "an intent keeps failing, and too many are parked to park it: it holds back the reconciler"
            );
            attempts = PARK_AFTER - 1;
        }
        let (minute, shard) = place(id.0)?;
        let count = i32::try_from(attempts).unwrap_or(i32::MAX);
        self.exec(
            &self.intents.attempt,
            (ttl, count, error, minute, shard, CqlTimeuuid::from(id.0)),
        )
        .await?;
        let Some(next_try) = crate::store::intents::next_try(attempts, now) else {
            return Ok(false);
        };
        self.exec(
            &self.intents.park,
            (CqlTimeuuid::from(id.0), body, count, error, next_try, ttl),
        )
        .await?;
        if attempts == PARK_AFTER {
            tracing::error!(id = %id.0, record = body, error, "an intent failed {PARK_AFTER} passes: parked (sibyl repair lists it)");
        }
        Ok(true)
    }

    /// A parked intent was finished: it leaves the list.
    pub(super) async fn unpark(&self, id: IntentId) -> StoreResult<()> {
        self.exec(&self.intents.unpark, (CqlTimeuuid::from(id.0),))
            .await?;
        Ok(())
    }

    /// The time of the node that answers.
    pub(super) async fn node_clock(&self) -> StoreResult<DateTime<Utc>> {
        let row: Option<(DateTime<Utc>,)> = self.row(&self.intents.clock, ()).await?;
        row.map(|(at,)| at)
            .ok_or_else(|| StoreError::Corrupt("system.local answered no row".into()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A row's body reads back as the kind it was written as, whichever enum that kind
    /// belongs to, and a kind neither knows is refused (left for a build that knows it).
    #[test]
    fn bodies_read_back_as_the_kind_they_were_written_as() {
        let post = Uuid::new_v4();
        let own = OwnIntent::Relist {
            site: "https://example.com/".into(),
            post,
            was: None,
        };
        let body = serde_json::to_string(&own).unwrap();
        assert!(body.contains(r#""kind":"relist""#), "{body}");
        assert!(matches!(serde_json::from_str::<Record>(&body), Ok(Record::Own(o)) if o == own));
        let app = Intent::DeletePost {
            site: "https://example.com/".into(),
            post,
        };
        let body = serde_json::to_string(&app).unwrap();
        assert!(body.contains(r#""kind":"delete_post""#), "{body}");
        assert!(matches!(serde_json::from_str::<Record>(&body), Ok(Record::App(a)) if a == app));
        assert!(serde_json::from_str::<Record>(r#"{"kind":"follow","site":"x"}"#).is_err());
    }
}
