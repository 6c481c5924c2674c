//! The data contract, one trait per aggregate gathered by [`Store`], and its two
//! adapters.
//!
//! Everything above this module speaks to `dyn Store` and domain types only; row
//! structs and statements stay private to each adapter.

pub mod accounts;
pub mod binaries;
pub mod caps;
pub mod cassandra;
pub mod comments;
pub mod factors;
pub mod federation;
pub mod host_ids;
pub mod ids;
pub mod intents;
pub mod limits;
pub mod list_memo;
pub mod members;
pub mod open;
pub mod passkeys;
pub mod posts;
pub mod repair;
pub mod revisions;
pub mod search;
pub mod site;
pub mod sites;
pub mod social;
pub mod sqlite;
pub mod subscriptions;

pub use accounts::{
    AccountError, AccountLink, Accounts, DirectoryEntry, LiveSession, MAX_SESSIONS_PER_ACCOUNT,
    NewSession, SessionRecord, Sessions, SetupError, Taken,
};
pub use comments::{
    CommentError, CommentModeration, CommentPage, Comments, LogEntries, MemberComments,
    ModerationError, ModerationPage, Standing,
};
pub use factors::{Authenticator, Factors, RecoveryCodes, SecondFactors};
pub use federation::Federation;
pub use ids::{ID_POOL_SIZE, Ids};
pub use intents::{Finished, Handed, Intent, IntentId, Intents, Parked, Recovery};
pub use members::{Members, Membership};
pub use open::{OpenError, Replication, StoreUrl, migrate, open};
pub use passkeys::{PasskeyAdded, Passkeys, StoredPasskey};
pub use posts::{
    FRONT_PAGE_CAP, ListPage, Listings, Month, PAGES_READ, PageAt, PageError, Posts, ShortLink,
    SitemapEntry, TagCount, TagCountPage, author_post_ids, month, month_span,
};
pub use repair::{Finding, Repair, RepairReport};
pub use revisions::{EditError, Revisions, SuggestionError, Suggestions, Translations};
pub use search::{Search, SearchHit, SearchPage};
pub use site::SiteSettings;
pub use sites::{Erased, HostEntry, SiteError, SiteRecord, Sites, SitesPage};
pub use social::{FavoritePage, MAX_FAVORITES, MAX_FOLLOWS, Social, SocialError};
pub use subscriptions::{LinkPurpose, NewSubscription, SubscriberPage, Subscriptions};

/// The aggregates' traits, for the adapters (and for code holding a concrete store).
pub mod prelude {
    pub use super::{
        Accounts, CommentModeration, Comments, Factors, Federation, Ids, Intents, Listings,
        Members, Passkeys, Posts, Repair, Revisions, Search, Sessions, SiteSettings, Sites, Social,
        Store, Suggestions, Translations,
    };
}

use crate::domain::comment::ThreadComment;
use crate::domain::password::PasswordHash;
use crate::domain::session::SessionDetails;
use crate::domain::user::Login;
use crate::domain::{
    Comment, CommentBody, CommentId, CommentSettings, CommentState, LogEntry, Moderation,
    NewComment, StateCounts,
};
use crate::domain::{
    Draft, Email, Invalid, Locale, NewPost, NewUser, PageEntry, Post, PostEdit, PostId, PostStatus,
    PostSummary, Profile, RevisionSummary, Role, SavedRevision, ScheduledPost, Site, Slug,
    Suggestion, SuggestionState, SuggestionSummary, Tag, Translation, User, UserId, Username,
};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database could not be reached or refused the request; worth retrying later.
    #[error("the store is unavailable: {0}")]
    Unavailable(String),
    /// A record in the store does not parse as the domain type it should be.
    #[error("a stored record is invalid: {0}")]
    Corrupt(String),
}

impl From<Invalid> for StoreError {
    fn from(e: Invalid) -> Self {
        StoreError::Corrupt(e.0)
    }
}

pub type StoreResult<T> = Result<T, StoreError>;

/// The one data contract: every aggregate's, on one database. Everything above `store/`
/// holds an `Arc<dyn Store>`, on which every aggregate's methods can be called.
pub trait Store:
    Accounts
    + Sessions
    + Factors
    + Passkeys
    + Posts
    + Listings
    + Revisions
    + Translations
    + Suggestions
    + Ids
    + Comments
    + CommentModeration
    + Intents
    + Repair
    + SiteSettings
    + Sites
    + Members
    + Social
    + Search
    + Subscriptions
    + Federation
    + Send
    + Sync
{
    /// Statements sent to the database since the store was opened, as the database
    /// client counts them. Tests and benchmarks read it around a page.
    fn statements(&self) -> u64;

    /// The binary service's store, on the same database.
    fn binaries(&self) -> Arc<dyn crate::store::binaries::BinaryStore>;
}

/// Tunables of the adapters that tests shorten, and faults that tests inject.
#[derive(Debug, Clone)]
pub struct StoreOptions {
    /// How long a pending uniqueness claim (user name, e-mail, slug, site set-up) lives
    /// if its owner dies before committing it.
    pub pending_claim_ttl: Duration,
    /// Cassandra: the data centre whose nodes coordinate this process's statements,
    /// and the only one (no statement fails over to another data centre). None: every
    /// node, which suits a cluster of one data centre.
    pub local_dc: Option<String>,
    pub faults: Faults,
    pub traces: Traces,
}

impl Default for StoreOptions {
    fn default() -> Self {
        Self {
            pending_claim_ttl: Duration::from_secs(60),
            local_dc: None,
            faults: Faults::default(),
            traces: Traces::default(),
        }
    }
}

/// How an LWT's answer is lost (`Fault::LostLwtAnswer`): each leaves its outcome unknown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LostAnswer {
    /// The coordinator's timeout in Paxos (WriteTimeout, CAS).
    CasTimeout,
    /// The coordinator's timeout in Paxos's commit phase, after the proposal was
    /// accepted (WriteTimeout, SIMPLE).
    CommitTimeout,
    /// The client's own timeout.
    ClientTimeout,
    /// The connection broke while the answer was awaited.
    BrokenConnection,
}

impl LostAnswer {
    pub const ALL: [LostAnswer; 4] = [
        LostAnswer::CasTimeout,
        LostAnswer::CommitTimeout,
        LostAnswer::ClientTimeout,
        LostAnswer::BrokenConnection,
    ];
}

/// Places in the adapters where a test can make the process "die": the adapter stops
/// right there, as a crash would, without any clean-up. Never armed in production.
#[derive(Debug, Clone, Default)]
pub struct Faults(Arc<std::sync::Mutex<Vec<Fault>>>);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// Sign-up dies after claiming the user name, before the e-mail address.
    CrashAfterUsernameClaim,
    /// A save dies after claiming its revision number, before the post moves to it.
    CrashAfterRevisionClaim,
    /// A save dies after moving the post to its new revision, before the lists follow.
    CrashAfterRevisionMove,
    /// A new post dies after its row is written, before its slug is committed and its
    /// short link and lists are written.
    CrashAfterPostRow,
    /// Publishing dies after the post's row says published, before the lists have it.
    CrashAfterPublish,
    /// Unpublishing dies after the post's row says draft, before the lists drop it.
    CrashAfterUnpublish,
    /// Scheduling (or unscheduling) dies after the post's row has its time, before the
    /// schedule's list has it.
    CrashAfterSchedule,
    /// Deleting a post dies after its row says deleted: on Cassandra before anything
    /// hanging from it is removed; on SQLite after the store's part, before its files.
    CrashAfterDeleteMark,
    /// A translation's save or change of status dies after its row moved, before the
    /// post's list of translations and the search index follow.
    CrashAfterTranslationMove,
    /// A sign-up dies after the account's rows are written, before any claim is
    /// committed.
    CrashBeforeClaimsCommitted,
    /// A change of user name dies after writing the account, before the claims move.
    CrashAfterRenameWrite,
    /// A new comment dies after its row, before its copies and counts.
    CrashAfterCommentRow,
    /// Accepting a suggestion dies after the decision, before the post has its text.
    CrashAfterSuggestionDecision,
    /// A moderation dies midway: SQLite after the comment's row, before the lists;
    /// Cassandra after its logged batch, before the counters.
    CrashInModeration,
    /// Cassandra: a favorite dies after its row, before its copies and its post's count.
    CrashAfterFavoriteRow,
    /// Cassandra: a remote actor's follow dies after its row, before its actor's count.
    CrashAfterRemoteFollowerRow,
    /// Cassandra: the answer to the LWT that takes a short number, that claims a
    /// newsletter's delivery to an address, or that moves a file's state in the binary
    /// service, is lost after the LWT ran, in one of the ways that leave its outcome
    /// unknown (SQLite has no such window).
    LostLwtAnswer(LostAnswer),
    /// Cassandra: an LWT of the binary service runs and takes effect, and its answer
    /// says "not applied", as a coordinator answers that completed its own earlier
    /// proposal when it retried its Paxos round.
    LwtFalselyNotApplied,
    /// Cassandra: ending an account's sessions dies after the one write that ends them,
    /// before their rows are removed.
    CrashEndingSessions,
}

impl Faults {
    pub fn arm(&self, fault: Fault) {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).push(fault);
    }

    /// Whether `fault` is armed; it fires once.
    pub fn fires(&self, fault: Fault) -> bool {
        let mut armed = self.0.lock().unwrap_or_else(|e| e.into_inner());
        match armed.iter().position(|f| *f == fault) {
            Some(i) => {
                armed.remove(i);
                true
            }
            None => false,
        }
    }
}

/// Cassandra: while started, every read and single write the store sends asks the node
/// to trace it, and the trace's id is kept, so that a test can count what a page made the
/// node read (live rows and tombstones). Never started in production, where asking
/// whether it is on is one atomic load per statement.
#[derive(Debug, Clone, Default)]
pub struct Traces(Arc<TracesInner>);

#[derive(Debug, Default)]
struct TracesInner {
    on: std::sync::atomic::AtomicBool,
    ids: std::sync::Mutex<Vec<uuid::Uuid>>,
}

impl Traces {
    /// Traces every statement from now on, forgetting those traced before.
    pub fn start(&self) {
        self.0.ids.lock().unwrap_or_else(|e| e.into_inner()).clear();
        self.0.on.store(true, std::sync::atomic::Ordering::SeqCst);
    }

    /// Stops tracing; the ids of the traces taken since `start`.
    pub fn stop(&self) -> Vec<uuid::Uuid> {
        self.0.on.store(false, std::sync::atomic::Ordering::SeqCst);
        std::mem::take(&mut *self.0.ids.lock().unwrap_or_else(|e| e.into_inner()))
    }

    /// Whether statements are traced now.
    pub fn on(&self) -> bool {
        self.0.on.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Keeps a trace's id.
    pub fn keep(&self, id: uuid::Uuid) {
        self.0
            .ids
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(id);
    }
}

impl Fault {
    pub fn error(self) -> StoreError {
        StoreError::Unavailable(format!("injected fault: {self:?}"))
    }
}
