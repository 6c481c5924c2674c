//! Intents: the record a multi-step write leaves before its first step, so that a
//! process dying half-way never leaves a state nobody finishes.
//!
//! A write that takes several statements (and on Cassandra most do: an LWT, then the
//! rows derived from it) begins by recording what it is about to do, and ends by marking
//! the record done. Every step after the record can be run again from the record alone:
//! the reconciler ([`crate::app::jobs::reconciler`]) reads the records begun before a grace period
//! and never marked done, and has the store finish each (or undo it, where finishing is
//! no longer possible), then marks it done. A write that is one transaction (SQLite's)
//! records nothing; a write that spans several calls to the store (accepting a
//! suggestion) records an intent on both stores.

use super::StoreResult;
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

/// Where a post was listed (front page, author page, tag pages) before a write that
/// may move or remove its rows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Listed {
    /// The time UUID the rows are keyed by.
    pub published_id: Uuid,
    pub tags: Vec<String>,
}

/// A multi-step write, with what its later steps need.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Intent {
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
    /// A favorite kept or given up: the copies of `favorites`' row follow it, and the
    /// post's count is recounted; `was` is the time of the favorite being given up.
    Favorite {
        site: String,
        user: Uuid,
        post: Uuid,
        was: Option<Uuid>,
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

/// What a reconciler pass found: the intents to finish, and the instant up to which
/// every intent begun is among them (what [`Intents::passed`] is told after).
#[derive(Debug, Default)]
pub struct Unfinished {
    pub intents: Vec<(IntentId, Intent)>,
    pub through: Option<DateTime<Utc>>,
}

/// The outcome of finishing one intent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Finished {
    /// Its remaining steps were run (again): the state is what the write meant.
    Completed,
    /// It could not be completed (its first step never took effect, or lost to another
    /// writer): what it left was removed.
    Undone,
    /// Not the store's to finish (an intent spanning several calls): the caller does.
    NotMine,
}

#[async_trait]
pub trait Intents {
    /// Records that a multi-step write begins.
    async fn begin(&self, intent: &Intent) -> StoreResult<IntentId>;

    /// Marks a recorded write done.
    async fn end(&self, id: IntentId) -> StoreResult<()>;

    /// The intents begun by `before` and not marked done, from where the last
    /// [`Intents::passed`] left off (a bounded stretch of time per call).
    async fn unfinished(&self, before: DateTime<Utc>) -> StoreResult<Unfinished>;

    /// Every intent begun before `through` is done: later passes start there.
    async fn passed(&self, through: DateTime<Utc>) -> StoreResult<()>;

    /// Runs the remaining steps of one of the store's own intents again, or undoes it.
    async fn finish(&self, intent: &Intent) -> StoreResult<Finished>;
}
