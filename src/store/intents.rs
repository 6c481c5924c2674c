//! Intents: the record a multi-step write leaves before its first step, so that a
//! process dying half-way never leaves a state nobody finishes.
//!
//! A write that takes several statements (and on Cassandra most do: an LWT, then the
//! rows derived from it) begins by recording what it is about to do, and ends by marking
//! the record done. Every step after the record can be run again from the record alone:
//! the reconciler ([`crate::app::jobs::reconciler`]) asks the store to recover the records
//! begun before a grace period and never marked done. The store finishes its own writes
//! (or undoes them, where finishing is no longer possible) and marks them done; it hands
//! the application's writes, those spanning several calls to the store ([`Intent`]:
//! deleting a post or an account, accepting a suggestion), to the reconciler, which
//! finishes each and marks it done. A store write that is one transaction (SQLite's)
//! records nothing; the application's writes are recorded on both stores.

use super::StoreResult;
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

/// A write of the application's that spans several calls to the store: recorded
/// before its first call, finished by the reconciler from the record alone.
///
/// The store's own multi-step writes (a post and its lists, an account and its claims,
/// a comment and its copies) are the adapter's to record and to finish: they never
/// leave it, and [`Intents::recover`] finishes them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Intent {
    /// A post's deletion: everything hanging from it in the store, then its files in
    /// the binary service, go (see [`crate::app::deletion`]).
    DeletePost { site: String, post: Uuid },
    /// An account's deletion: it is suspended, its comments are signed "deleted user" (or
    /// removed), and its name and address are released (see [`crate::app::deletion`]).
    DeleteAccount {
        site: String,
        user: Uuid,
        remove_comments: bool,
        by: Uuid,
        by_name: String,
    },
    /// An accepted suggestion becomes the post's newest revision.
    ApplySuggestion {
        site: String,
        post: Uuid,
        suggestion: String,
        accepted_by: String,
    },
}

/// One recorded intent: a time UUID, so the record's place follows from it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IntentId(pub Uuid);

/// How many passes may fail to finish an intent before it is parked: set aside where
/// operators see it (`sibyl repair`, the log, `sibyl_intents_parked`), tried again
/// after a growing wait, and no longer holding back the intents begun after it.
pub const PARK_AFTER: u32 = 5;

/// The most intents parked at once (a bound of the store's list of them). Beyond it an
/// intent that keeps failing is not parked: it holds the passes back, as every failing
/// intent does before it is parked, and the log says why.
pub const PARKED_CAP: usize = 1_000;

/// When an intent that has failed `attempts` passes is tried again: at the next pass
/// until it is parked, then after a wait that doubles with each failure, from a minute
/// up to an hour.
pub fn next_try(attempts: u32, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
    let over = attempts.checked_sub(PARK_AFTER)?;
    let minutes = 1i64 << over.min(6);
    Some(now + chrono::Duration::minutes(minutes.min(60)))
}

/// One of the application's intents handed to the reconciler, with how many passes
/// failed to finish it so far (a parked one has failed at least [`PARK_AFTER`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Handed {
    pub id: IntentId,
    pub intent: Intent,
    pub attempts: u32,
}

impl Handed {
    pub fn parked(&self) -> bool {
        self.attempts >= PARK_AFTER
    }
}

/// A parked intent, as operators see it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parked {
    pub id: IntentId,
    /// When its write began (by the clock of the process that began it).
    pub begun: DateTime<Utc>,
    /// What it is, as recorded (JSON: its `kind` and what finishing it needs).
    pub record: String,
    /// Passes that failed to finish it.
    pub attempts: u32,
    /// Why the last one failed.
    pub error: String,
    /// When it is tried again.
    pub next_try: DateTime<Utc>,
}

/// What one recovery pass over a stretch of time did and found.
#[derive(Debug, Default)]
pub struct Recovery {
    /// The store's own writes whose remaining steps were run (again).
    pub completed: usize,
    /// The store's own writes that could not be completed (their first step never took
    /// effect, or lost to another writer), whose traces were removed.
    pub undone: usize,
    /// The store's own writes that could not be finished now and are not parked: they
    /// stay unfinished for the next pass, and hold the stretch back until then.
    pub failed: usize,
    /// The store's own writes parked by this pass (they had failed [`PARK_AFTER`]
    /// passes): they no longer hold the stretch back.
    pub parked: usize,
    /// The application's intents in the stretch, and parked ones due for another try,
    /// unfinished: the caller finishes each and calls [`Intents::finished`], or
    /// [`Intents::failed`].
    pub intents: Vec<Handed>,
    /// The instant up to which every intent begun is counted above (what
    /// [`Intents::passed`] is told once none holds the stretch back).
    pub through: Option<DateTime<Utc>>,
}

/// The outcome of finishing one multi-step write.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Finished {
    /// Its remaining steps were run (again): the state is what the write meant.
    Completed,
    /// It could not be completed (its first step never took effect, or lost to another
    /// writer): what it left was removed.
    Undone,
}

#[async_trait]
pub trait Intents {
    /// Records that one of the application's multi-step writes begins.
    async fn begin(&self, intent: &Intent) -> StoreResult<IntentId>;

    /// Marks a recorded write done.
    async fn end(&self, id: IntentId) -> StoreResult<()>;

    /// Reads the writes begun by `before` and not marked done, from where the last
    /// [`Intents::passed`] left off (a bounded stretch of time per call, and a margin
    /// before it for writers whose clocks run behind), with the parked ones due for
    /// another try: finishes (or undoes) and ends the store's own, counting the
    /// attempts of those that fail and parking those that keep failing, and hands over
    /// the application's.
    async fn recover(&self, before: DateTime<Utc>) -> StoreResult<Recovery>;

    /// Every intent begun before `through` is done or parked: later passes start there.
    async fn passed(&self, through: DateTime<Utc>) -> StoreResult<()>;

    /// A handed intent was finished: it is marked done (and leaves the parked ones).
    async fn finished(&self, handed: &Handed) -> StoreResult<()>;

    /// A pass could not finish a handed intent: counts the attempt, and parks the
    /// intent once it has failed [`PARK_AFTER`] passes. True when it is parked (now or
    /// before), so that it no longer holds the stretch back.
    async fn failed(&self, handed: &Handed, error: &str) -> StoreResult<bool>;

    /// The parked intents, oldest first (at most [`PARKED_CAP`]).
    async fn parked(&self) -> StoreResult<Vec<Parked>>;

    /// The store's time, by which the reconciler judges how old an intent is: whatever
    /// the clock of the instance running a pass says, it never looks past this, so an
    /// instance whose clock runs ahead cannot move the stretch past writes still to come.
    async fn clock(&self) -> StoreResult<DateTime<Utc>>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failing_intent_is_tried_each_pass_then_less_and_less_often() {
        let now = crate::domain::now();
        for attempts in 0..PARK_AFTER {
            assert_eq!(next_try(attempts, now), None);
        }
        let waits: Vec<i64> = (PARK_AFTER..PARK_AFTER + 9)
            .map(|a| (next_try(a, now).unwrap() - now).num_minutes())
            .collect();
        assert_eq!(waits, [1, 2, 4, 8, 16, 32, 60, 60, 60]);
        assert_eq!((next_try(u32::MAX, now).unwrap() - now).num_minutes(), 60);
    }
}
