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

/// What one recovery pass over a stretch of time did and found.
#[derive(Debug, Default)]
pub struct Recovery {
    /// The store's own writes whose remaining steps were run (again).
    pub completed: usize,
    /// The store's own writes that could not be completed (their first step never took
    /// effect, or lost to another writer), whose traces were removed.
    pub undone: usize,
    /// The store's own writes that could not be finished now (the store failed): they
    /// stay unfinished, for a later pass.
    pub failed: usize,
    /// The application's intents in the stretch, unfinished: the caller finishes each
    /// and ends it.
    pub intents: Vec<(IntentId, Intent)>,
    /// The instant up to which every intent begun is counted above (what
    /// [`Intents::passed`] is told once they are all finished).
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
    /// [`Intents::passed`] left off (a bounded stretch of time per call): finishes (or
    /// undoes) and ends the store's own, and hands over the application's.
    async fn recover(&self, before: DateTime<Utc>) -> StoreResult<Recovery>;

    /// Every intent begun before `through` is done: later passes start there.
    async fn passed(&self, through: DateTime<Utc>) -> StoreResult<()>;
}
