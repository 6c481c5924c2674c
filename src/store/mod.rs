//! The one data contract (`Store`) and its two adapters.
//!
//! Everything above this module speaks to `dyn Store` and domain types only; row
//! structs and statements stay private to each adapter.

pub mod cassandra;
pub mod host_ids;
pub mod sqlite;

use crate::domain::comment::ThreadComment;
use crate::domain::password::PasswordHash;
use crate::domain::user::Login;
use crate::domain::{
    Comment, CommentBody, CommentId, CommentSettings, CommentState, LogEntry, Moderation,
    NewComment, StateCounts,
};
use crate::domain::{
    Draft, Email, Invalid, Locale, NewPost, NewUser, Post, PostEdit, PostId, PostStatus,
    PostSummary, Profile, RevisionSummary, Role, SavedRevision, Site, Slug, Suggestion,
    SuggestionState, Tag, Translation, User, UserId, Username,
};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// How many posts the front page partition keeps. The home page shows the newest of
/// them; older ones are trimmed on publish, so the partition stays bounded.
pub const FRONT_PAGE_CAP: usize = 100;

/// How many free short numbers a site's id pool holds (seed 002): allocations pick one of
/// them at random, so up to this many can proceed without meeting.
pub const ID_POOL_SIZE: u64 = 100;

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

/// Which unique value of an account is already held by someone else.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Taken {
    Username,
    Email,
}

#[derive(Debug, thiserror::Error)]
pub enum AccountError {
    #[error("that {} is already taken", match .0 { Taken::Username => "user name", Taken::Email => "e-mail address" })]
    Taken(Taken),
    #[error("no such user")]
    NoSuchUser,
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// A page of a list of posts, and where the next page starts: a cursor that only the store
/// that made it understands (Cassandra: a bucket and the driver's paging state; SQLite: a
/// keyset position). Never an offset.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListPage {
    pub posts: Vec<PostSummary>,
    pub next: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum PageError {
    /// A cursor this store did not make, or made for another list.
    #[error("this page link is broken")]
    BadCursor,
    #[error(transparent)]
    Store(#[from] StoreError),
}

#[derive(Debug, thiserror::Error)]
pub enum EditError {
    /// Another save came in after the revision the author started from.
    #[error("the post changed since it was opened")]
    Conflict,
    #[error("no such post")]
    NoSuchPost,
    /// A translation into the language the post is written in.
    #[error("the post is already written in that language")]
    SameLocale,
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// A page of a post's approved comments, oldest first, and the cursors of the pages
/// around it (Cassandra: the driver's paging state forward, a clustering position back;
/// SQLite: keyset positions). Never offsets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommentPage {
    pub comments: Vec<ThreadComment>,
    pub newer: Option<String>,
    pub older: Option<String>,
}

/// A page of a moderation list, newest first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModerationPage {
    pub comments: Vec<Comment>,
    pub next: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum CommentError {
    /// The post holds `MAX_COMMENTS_PER_POST` comments already.
    #[error("this post takes no more comments")]
    Full,
    #[error(transparent)]
    Store(#[from] StoreError),
}

#[derive(Debug, thiserror::Error)]
pub enum ModerationError {
    #[error("no such comment")]
    NoSuchComment,
    #[error("a {} comment cannot become {}", .from.as_str(), .to.as_str())]
    Illegal {
        from: CommentState,
        to: CommentState,
    },
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// What a site knows of one commenter.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Standing {
    /// Their comments are refused.
    pub banned: bool,
    /// They have had a comment approved.
    pub trusted: bool,
}

#[derive(Debug, thiserror::Error)]
pub enum SetupError {
    #[error("this site already has an administrator")]
    AlreadySetUp,
    #[error("that {} is already taken", match .0 { Taken::Username => "user name", Taken::Email => "e-mail address" })]
    Taken(Taken),
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl From<AccountError> for SetupError {
    fn from(e: AccountError) -> Self {
        match e {
            AccountError::Taken(taken) => SetupError::Taken(taken),
            AccountError::NoSuchUser => {
                SetupError::Store(StoreError::Corrupt("account vanished".into()))
            }
            AccountError::Store(e) => SetupError::Store(e),
        }
    }
}

/// One line of the admins' user directory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DirectoryEntry {
    pub id: UserId,
    pub username: String,
    pub display_name: String,
    pub email: String,
    pub role: Role,
    pub banned: bool,
}

impl From<&User> for DirectoryEntry {
    fn from(u: &User) -> Self {
        Self {
            id: u.id,
            username: u.username.as_str().to_owned(),
            display_name: u.display_name.clone(),
            email: u.email.as_str().to_owned(),
            role: u.role,
            banned: u.banned,
        }
    }
}

/// A signed-in browser. Stores keep only the SHA-256 of the cookie's token.
#[derive(Debug, Clone)]
pub struct NewSession {
    pub key: Vec<u8>,
    pub user_id: UserId,
    pub created: DateTime<Utc>,
    pub expires: DateTime<Utc>,
}

#[async_trait]
pub trait Store: Send + Sync {
    /// Statements sent to the database since the store was opened, as the database
    /// client counts them. Tests and benchmarks read it around a page.
    fn statements(&self) -> u64;

    /// The account that set up `site`, if any.
    async fn site_admin(&self, site: &Site) -> StoreResult<Option<UserId>>;

    /// Creates the first account of a site, as its administrator. Exactly one of any
    /// number of concurrent callers succeeds; the others get `AlreadySetUp`.
    async fn create_first_admin(&self, site: &Site, admin: NewUser) -> Result<User, SetupError>;

    /// Creates an account, its user name and e-mail address claimed together: of any
    /// number of concurrent sign-ups for one name or one address, exactly one succeeds,
    /// and a loser holds no claim afterwards.
    async fn create_user(&self, user: NewUser) -> Result<User, AccountError>;

    async fn user(&self, id: UserId) -> StoreResult<Option<User>>;

    /// Renames an account: the new name is claimed, then the old one released.
    async fn change_username(&self, id: UserId, new: &Username) -> Result<User, AccountError>;

    /// Moves an account to another e-mail address, with the same claim protocol.
    async fn change_email(&self, id: UserId, new: &Email) -> Result<User, AccountError>;

    async fn change_password(&self, id: UserId, hash: &PasswordHash) -> Result<(), AccountError>;

    async fn update_profile(&self, id: UserId, profile: &Profile) -> Result<User, AccountError>;

    async fn set_role(&self, id: UserId, role: Role) -> Result<User, AccountError>;

    async fn set_banned(&self, id: UserId, banned: bool) -> Result<User, AccountError>;

    /// One shelf of the user directory (see `domain::user::shelf_of`), by user name,
    /// starting after the user name key `after`.
    async fn user_directory(
        &self,
        shelf: &str,
        after: Option<&str>,
        limit: usize,
    ) -> StoreResult<Vec<DirectoryEntry>>;

    /// The newest accounts first: `limit` of them, signed up before `before` (a sign-up
    /// time and account id, the last of the previous page).
    async fn newest_users(
        &self,
        before: Option<(DateTime<Utc>, UserId)>,
        limit: usize,
    ) -> StoreResult<Vec<User>>;

    /// Whether anyone holds (or is in the middle of claiming) a user name or e-mail address.
    async fn is_claimed(&self, login: &Login) -> StoreResult<bool>;

    /// Records one attempt of something rate-limited, remembered for `window`.
    async fn record_attempt(
        &self,
        key: &str,
        at: DateTime<Utc>,
        window: Duration,
    ) -> StoreResult<()>;

    /// How many attempts under `key` were recorded after `since`, counting at most `cap`.
    async fn attempts_since(&self, key: &str, since: DateTime<Utc>, cap: u32) -> StoreResult<u32>;

    /// Finds the account a user name or e-mail address belongs to.
    async fn user_by_login(&self, login: &Login) -> StoreResult<Option<User>>;

    /// The account a user name belongs to, for public pages: unlike `user_by_login` it
    /// need not see a claim committed a moment ago, so it is a plain read.
    async fn author_by_name(&self, username: &Username) -> StoreResult<Option<User>>;

    async fn create_session(&self, session: &NewSession) -> StoreResult<()>;

    /// The user of a live session; `None` when the session is unknown or expired.
    async fn session_user(&self, key: &[u8], now: DateTime<Utc>) -> StoreResult<Option<User>>;

    async fn delete_session(&self, key: &[u8]) -> StoreResult<()>;

    /// Ends every session of a user but the one whose key is `keep`.
    async fn end_sessions(&self, user: UserId, keep: Option<&[u8]>) -> StoreResult<()>;

    /// Creates a post with its first revision, claiming a slug made from its title (with
    /// a number appended when taken). Published at once when `post.publish` is set.
    async fn create_post(&self, post: NewPost) -> StoreResult<Post>;

    /// Publishes a draft. Publishing a published post changes nothing.
    async fn publish_post(
        &self,
        site: &Site,
        id: PostId,
        at: DateTime<Utc>,
    ) -> StoreResult<Option<Post>>;

    /// Takes a published post back to draft: off the front page and the author page.
    /// Unpublishing a draft changes nothing.
    async fn unpublish_post(&self, site: &Site, id: PostId) -> StoreResult<Option<Post>>;

    async fn post_by_slug(&self, site: &Site, slug: &Slug) -> StoreResult<Option<Post>>;
    async fn post_by_id(&self, site: &Site, id: PostId) -> StoreResult<Option<Post>>;
    /// The binary service's store, on the same database.
    fn binaries(&self) -> Arc<dyn crate::binaries::BinaryStore>;

    /// Saves a new revision (the next number after `edit.base`) and makes it the post's
    /// current text; earlier revisions stay as they were. Of concurrent saves from the
    /// same base, exactly one succeeds; the others get `Conflict`.
    async fn save_revision(
        &self,
        site: &Site,
        id: PostId,
        edit: PostEdit,
    ) -> Result<Post, EditError>;

    /// One translation of a post (not its original text, which the post itself holds).
    async fn translation(
        &self,
        site: &Site,
        id: PostId,
        locale: &Locale,
    ) -> StoreResult<Option<Translation>>;

    /// Every translation of a post, published or not, by locale.
    async fn translations(&self, site: &Site, id: PostId) -> StoreResult<Vec<Translation>>;

    /// Saves a new revision of a translation, numbered after `edit.base` in that locale;
    /// base 0 starts the translation. The same contract as `save_revision`: of concurrent
    /// saves from one base exactly one succeeds, the others get `Conflict`. Tags belong
    /// to the post, so the edit's tags are ignored.
    async fn save_translation(
        &self,
        site: &Site,
        id: PostId,
        locale: &Locale,
        edit: PostEdit,
    ) -> Result<Translation, EditError>;

    /// Publishes a translation or takes it back to draft, and keeps the post's list of
    /// published translations in step. `None` when there is no such translation.
    async fn set_translation_status(
        &self,
        site: &Site,
        id: PostId,
        locale: &Locale,
        status: PostStatus,
        at: DateTime<Utc>,
    ) -> StoreResult<Option<Translation>>;

    /// Keeps (replacing) a user's draft of a post's text in one locale (seed 000's
    /// `#user/<id>/<locale>/<branch>`).
    async fn save_draft(
        &self,
        site: &Site,
        id: PostId,
        user: UserId,
        locale: &Locale,
        draft: &Draft,
    ) -> StoreResult<()>;

    async fn draft(
        &self,
        site: &Site,
        id: PostId,
        user: UserId,
        locale: &Locale,
    ) -> StoreResult<Option<Draft>>;

    async fn discard_draft(
        &self,
        site: &Site,
        id: PostId,
        user: UserId,
        locale: &Locale,
    ) -> StoreResult<()>;

    async fn create_suggestion(&self, site: &Site, suggestion: &Suggestion) -> StoreResult<()>;

    /// A post's suggestions, newest first.
    async fn suggestions(&self, site: &Site, post: PostId) -> StoreResult<Vec<Suggestion>>;

    async fn suggestion(
        &self,
        site: &Site,
        post: PostId,
        id: &str,
    ) -> StoreResult<Option<Suggestion>>;

    /// Moves an open suggestion to `to`; `false` when it was no longer open (of two
    /// concurrent decisions, one wins).
    async fn decide_suggestion(
        &self,
        site: &Site,
        post: PostId,
        id: &str,
        to: SuggestionState,
    ) -> StoreResult<bool>;

    /// The history of a post's text in one locale, newest first.
    async fn revisions(
        &self,
        site: &Site,
        id: PostId,
        locale: &Locale,
    ) -> StoreResult<Vec<RevisionSummary>>;

    async fn revision(
        &self,
        site: &Site,
        id: PostId,
        locale: &Locale,
        number: u32,
    ) -> StoreResult<Option<SavedRevision>>;

    /// Takes a short number from the site's pool (seed 002): one free number is removed
    /// with a conditional write and replaced by itself plus the pool size, so no number is
    /// ever handed out twice and the pool keeps `ID_POOL_SIZE` numbers. `create_post`
    /// calls it; it is public so that its guarantees can be tested on their own.
    async fn allocate_short_id(&self, site: &Site) -> StoreResult<u64>;

    /// The free numbers a site's pool holds now.
    async fn short_id_pool(&self, site: &Site) -> StoreResult<Vec<u64>>;

    /// The last number handed out at a host's counter (0 before the first). Only
    /// processes holding that host's counter lock read or write it (see `host_ids`).
    async fn host_counter(&self, host: &str) -> StoreResult<u64>;

    async fn set_host_counter(&self, host: &str, value: u64) -> StoreResult<()>;

    /// The slug of the post a short number names.
    async fn slug_by_short_id(&self, site: &Site, short_id: u64) -> StoreResult<Option<Slug>>;

    /// The newest published posts of a site, newest first: one read.
    async fn front_page(&self, site: &Site, limit: usize) -> StoreResult<Vec<PostSummary>>;

    /// A tag's published posts (seed 001's Tag rows), newest first, `limit` at a time,
    /// starting where the cursor `after` says.
    async fn tag_page(
        &self,
        site: &Site,
        tag: &Tag,
        after: Option<&str>,
        limit: usize,
    ) -> Result<ListPage, PageError>;

    /// An author's published posts on a site, newest first: one read.
    async fn posts_by_author(
        &self,
        site: &Site,
        author: UserId,
        limit: usize,
    ) -> StoreResult<Vec<PostSummary>>;

    /// The site's comment policy (defaults until an administrator saves one).
    async fn comment_settings(&self, site: &Site) -> StoreResult<CommentSettings>;

    async fn save_comment_settings(
        &self,
        site: &Site,
        settings: &CommentSettings,
    ) -> StoreResult<()>;

    /// Closes (or reopens) a post's comments.
    async fn set_comments_closed(&self, site: &Site, post: PostId, closed: bool)
    -> StoreResult<()>;

    /// Stores a new comment, with its place in the moderation lists or among the approved
    /// comments, together (a logged batch; a transaction). `Full` past
    /// `MAX_COMMENTS_PER_POST`.
    async fn add_comment(&self, site: &Site, comment: &NewComment) -> Result<(), CommentError>;

    async fn comment(
        &self,
        site: &Site,
        post: PostId,
        id: CommentId,
    ) -> StoreResult<Option<Comment>>;

    /// A post's approved comments, threads oldest first and each thread's replies under
    /// it, `limit` at a time from `cursor`.
    async fn comment_page(
        &self,
        site: &Site,
        post: PostId,
        cursor: Option<&str>,
        limit: usize,
    ) -> Result<CommentPage, PageError>;

    /// One author's comments on a post that wait for moderation, oldest first.
    async fn pending_comments_by(
        &self,
        site: &Site,
        post: PostId,
        author: UserId,
    ) -> StoreResult<Vec<Comment>>;

    /// The comments in one state of the moderation lists (pending, spam, rejected) of the
    /// site, or of one post, newest first.
    async fn moderation_list(
        &self,
        site: &Site,
        state: CommentState,
        post: Option<PostId>,
        cursor: Option<&str>,
        limit: usize,
    ) -> Result<ModerationPage, PageError>;

    /// Moves a comment to another state, with the lists, the log and the counts in step.
    /// An illegal move (approving a deleted comment) changes nothing.
    async fn moderate(
        &self,
        site: &Site,
        post: PostId,
        id: CommentId,
        moderation: &Moderation,
    ) -> Result<Comment, ModerationError>;

    /// Replaces a comment's text (its author, within the edit window).
    async fn edit_comment(
        &self,
        site: &Site,
        post: PostId,
        id: CommentId,
        body: &CommentBody,
        at: DateTime<Utc>,
    ) -> Result<Comment, ModerationError>;

    /// The approved comments of each of `posts`, in one statement whatever their number.
    async fn approved_comment_counts(
        &self,
        site: &Site,
        posts: &[PostId],
    ) -> StoreResult<Vec<(PostId, u64)>>;

    async fn comment_state_counts(&self, site: &Site) -> StoreResult<StateCounts>;

    /// The moderation log of one month (`2026-11`), newest first.
    async fn moderation_log(&self, site: &Site, month: &str) -> StoreResult<Vec<LogEntry>>;

    async fn commenter_standing(&self, site: &Site, user: UserId) -> StoreResult<Standing>;

    async fn set_comment_ban(&self, site: &Site, user: UserId, banned: bool) -> StoreResult<()>;
}

/// Where the data lives, from `--store`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StoreUrl {
    Sqlite(PathBuf),
    Cassandra {
        nodes: Vec<String>,
        keyspace: String,
    },
}

impl StoreUrl {
    pub fn parse(input: &str) -> Result<Self, Invalid> {
        if let Some(path) = input.strip_prefix("sqlite:") {
            let path = path.strip_prefix("//").unwrap_or(path);
            if path.is_empty() {
                return Err(Invalid::new(
                    "sqlite: needs a file path, e.g. sqlite:./data/sibyl.db",
                ));
            }
            return Ok(StoreUrl::Sqlite(PathBuf::from(path)));
        }
        if let Some(rest) = input.strip_prefix("cassandra://") {
            let (hosts, keyspace) = rest.split_once('/').ok_or_else(|| {
                Invalid::new(
                    "a Cassandra store URL names a keyspace: cassandra://HOST:PORT/KEYSPACE",
                )
            })?;
            let mut nodes = Vec::new();
            for node in hosts.split(',') {
                let (host, port) = node.rsplit_once(':').ok_or_else(|| {
                    Invalid::new(format!(
                        "Cassandra node {node:?} needs a port, as in 127.0.0.1:9042"
                    ))
                })?;
                if host.is_empty() || port.parse::<u16>().is_err() {
                    return Err(Invalid::new(format!(
                        "Cassandra node {node:?} is not HOST:PORT"
                    )));
                }
                nodes.push(node.to_owned());
            }
            let keyspace_ok = !keyspace.is_empty()
                && keyspace.len() <= 48
                && keyspace.starts_with(|c: char| c.is_ascii_lowercase())
                && keyspace
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
            if !keyspace_ok {
                return Err(Invalid::new(format!(
                    "keyspace {keyspace:?} must be 1 to 48 lowercase letters, digits or '_', starting with a letter"
                )));
            }
            return Ok(StoreUrl::Cassandra {
                nodes,
                keyspace: keyspace.to_owned(),
            });
        }
        Err(Invalid::new(format!(
            "unknown store {input:?}: use sqlite:PATH or cassandra://HOST:PORT[,HOST:PORT]/KEYSPACE"
        )))
    }
}

impl std::str::FromStr for StoreUrl {
    type Err = Invalid;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse(s)
    }
}

/// Replication of a Cassandra keyspace, from `--replication`:
/// `SimpleStrategy:N` or `NetworkTopologyStrategy:DC=N[,DC=N]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Replication {
    Simple(u8),
    NetworkTopology(Vec<(String, u8)>),
}

impl Replication {
    pub fn parse(input: &str) -> Result<Self, Invalid> {
        let bad = || {
            Invalid::new(format!(
                "replication {input:?} must be SimpleStrategy:N or NetworkTopologyStrategy:DC=N[,DC=N]"
            ))
        };
        let factor = |s: &str| s.parse::<u8>().ok().filter(|n| (1..=9).contains(n));
        match input.split_once(':') {
            Some(("SimpleStrategy", n)) => factor(n).map(Replication::Simple).ok_or_else(bad),
            Some(("NetworkTopologyStrategy", dcs)) => {
                let mut out = Vec::new();
                for dc in dcs.split(',') {
                    let (name, n) = dc.split_once('=').ok_or_else(bad)?;
                    let name_ok = !name.is_empty()
                        && name
                            .chars()
                            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
                    if !name_ok {
                        return Err(bad());
                    }
                    out.push((name.to_owned(), factor(n).ok_or_else(bad)?));
                }
                Ok(Replication::NetworkTopology(out))
            }
            _ => Err(bad()),
        }
    }

    /// The CQL map literal; every part was validated, so nothing can be injected.
    pub fn to_cql(&self) -> String {
        match self {
            Replication::Simple(n) => {
                format!("{{'class': 'SimpleStrategy', 'replication_factor': {n}}}")
            }
            Replication::NetworkTopology(dcs) => {
                let parts: Vec<String> = dcs.iter().map(|(dc, n)| format!("'{dc}': {n}")).collect();
                format!(
                    "{{'class': 'NetworkTopologyStrategy', {}}}",
                    parts.join(", ")
                )
            }
        }
    }
}

impl std::str::FromStr for Replication {
    type Err = Invalid;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse(s)
    }
}

/// Tunables of the adapters that tests shorten, and faults that tests inject.
#[derive(Debug, Clone)]
pub struct StoreOptions {
    /// How long a pending uniqueness claim (user name, e-mail, slug, site set-up) lives
    /// if its owner dies before committing it.
    pub pending_claim_ttl: Duration,
    pub faults: Faults,
}

impl Default for StoreOptions {
    fn default() -> Self {
        Self {
            pending_claim_ttl: Duration::from_secs(60),
            faults: Faults::default(),
        }
    }
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
    /// A moderation dies midway: SQLite after the comment's row, before the lists;
    /// Cassandra after its logged batch, before the counters.
    CrashInModeration,
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

impl Fault {
    pub fn error(self) -> StoreError {
        StoreError::Unavailable(format!("injected fault: {self:?}"))
    }
}

/// Opens the store a URL names. SQLite files are created and migrated on open; a
/// Cassandra keyspace must have been made by `sibyl migrate`.
pub async fn open(url: &StoreUrl, options: StoreOptions) -> Result<Arc<dyn Store>, OpenError> {
    match url {
        StoreUrl::Sqlite(path) => Ok(Arc::new(sqlite::SqliteStore::open(path, options).await?)),
        StoreUrl::Cassandra { nodes, keyspace } => Ok(Arc::new(
            cassandra::CassandraStore::connect(nodes, keyspace, options).await?,
        )),
    }
}

/// Creates or upgrades the schema of the store a URL names.
pub async fn migrate(url: &StoreUrl, replication: &Replication) -> Result<(), OpenError> {
    match url {
        StoreUrl::Sqlite(path) => {
            sqlite::SqliteStore::open(path, StoreOptions::default()).await?;
        }
        StoreUrl::Cassandra { nodes, keyspace } => {
            cassandra::migrate(nodes, keyspace, replication).await?;
        }
    }
    Ok(())
}

/// Why a store could not be opened or migrated: a message for the operator.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct OpenError(pub String);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_urls_parse() {
        assert_eq!(
            StoreUrl::parse("sqlite:./data/x.db").unwrap(),
            StoreUrl::Sqlite("./data/x.db".into())
        );
        assert_eq!(
            StoreUrl::parse("cassandra://a:9042,b:9043/blog").unwrap(),
            StoreUrl::Cassandra {
                nodes: vec!["a:9042".into(), "b:9043".into()],
                keyspace: "blog".into()
            }
        );
        for bad in [
            "postgres://x",
            "sqlite:",
            "cassandra://a:9042",
            "cassandra://a/blog",
            "cassandra://a:x/blog",
            "cassandra://a:9042/Blog",
            "cassandra://a:9042/b;drop",
        ] {
            assert!(StoreUrl::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn replication_renders_only_validated_cql() {
        assert_eq!(
            Replication::parse("SimpleStrategy:3").unwrap().to_cql(),
            "{'class': 'SimpleStrategy', 'replication_factor': 3}"
        );
        assert_eq!(
            Replication::parse("NetworkTopologyStrategy:dc1=3,dc2=2")
                .unwrap()
                .to_cql(),
            "{'class': 'NetworkTopologyStrategy', 'dc1': 3, 'dc2': 2}"
        );
        for bad in [
            "SimpleStrategy:0",
            "Simple:1",
            "NetworkTopologyStrategy:dc'=1",
            "NetworkTopologyStrategy:dc1",
        ] {
            assert!(Replication::parse(bad).is_err(), "{bad}");
        }
    }
}
