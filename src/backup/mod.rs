//! A whole site as files, and back: `sibyl export DIR` and `sibyl import sibyl DIR`.
//!
//! The format (version 1) is a folder of JSON, documented in `docs/EXPORT.md`:
//!
//! - `manifest.json`: the format's name and version, the Sibyl that wrote it, the site, when,
//!   whether password hashes are in it, and how many records of each kind;
//! - `site.json`: the site's identity and comment settings;
//! - `users.jsonl`: one account a line;
//! - `posts.jsonl`: one post or page a line, with every revision of its text and of each
//!   translation;
//! - `comments.jsonl`: one comment a line, in every state but deleted;
//! - `files.jsonl`: one attachment of a post a line (version 2), its bytes in
//!   `files/<checksum>`, once for every attachment with those bytes.
//!
//! Lines are read and written one at a time, so neither side holds a whole site in
//! memory (an export holds one post's comments at a time, at most 10,000).

pub mod export;
pub mod ghost;
pub mod moving_in;
mod reading;
pub mod restore;
pub mod wordpress;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

/// What `manifest.json` says the folder is.
pub const FORMAT: &str = "sibyl-export";
/// The version this Sibyl writes, and the newest it reads (version 1 had no files).
pub const VERSION: u32 = 2;

pub const MANIFEST: &str = "manifest.json";
pub const SITE: &str = "site.json";
pub const USERS: &str = "users.jsonl";
pub const POSTS: &str = "posts.jsonl";
pub const COMMENTS: &str = "comments.jsonl";
pub const FILES: &str = "files.jsonl";
/// The folder of the files' bytes.
pub const FILE_BYTES: &str = "files";

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    pub format: String,
    pub version: u32,
    /// `sibyl <version>`.
    pub generator: String,
    /// The site's address when it was exported (an import may give it another).
    pub site: String,
    pub exported: DateTime<Utc>,
    /// Whether `users.jsonl` holds the accounts' password hashes (`--with-password-hashes`).
    pub password_hashes: bool,
    pub counts: Counts,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Counts {
    pub users: u64,
    pub posts: u64,
    pub revisions: u64,
    pub translations: u64,
    pub comments: u64,
    /// Attachments (none in version 1).
    #[serde(default)]
    pub files: u64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SiteRecord {
    /// The account that administers the site (it made it, or was given it).
    pub admin: Option<Uuid>,
    pub title: String,
    pub tagline: String,
    pub description: String,
    pub language: String,
    pub footer: String,
    /// Pages show images from the site's own files only (exports made before this
    /// setting have none: off).
    #[serde(default)]
    pub own_images_only: bool,
    /// The site stays off the fediverse (exports made before this setting have none:
    /// on the fediverse).
    #[serde(default)]
    pub fediverse_off: bool,
    /// Static pages go to the fediverse too (none in older exports: they do not).
    #[serde(default)]
    pub fediverse_pages: bool,
    /// Whose accounts must sign in in two steps: '', 'admins', 'staff' or 'everyone'
    /// (none in older exports: nobody's). Second factors themselves are not exported:
    /// they are sealed under the site's secret, which stays with the site.
    #[serde(default)]
    pub second_factor_for: String,
    pub comments: CommentSettingsRecord,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CommentSettingsRecord {
    pub guests: bool,
    pub trust_approved: bool,
    pub close_after_days: u32,
    pub remove_deleted_accounts_comments: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UserRecord {
    pub id: Uuid,
    pub username: String,
    pub email: String,
    pub display_name: String,
    /// `reader`, `author` or `admin`.
    pub role: String,
    pub created: DateTime<Utc>,
    pub bio: String,
    pub homepage: String,
    /// The address of a picture of them (added after version 2's first exports: an
    /// export without it reads as none).
    #[serde(default)]
    pub image: String,
    pub banned: bool,
    /// The argon2id hash, only when exported with `--with-password-hashes`; without it
    /// an imported account has no password until its owner resets it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub password_hash: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PostRecord {
    pub id: Uuid,
    pub slug: String,
    /// `post` or `page`.
    pub kind: String,
    /// The language of the original text (empty: none named).
    pub locale: String,
    pub author_id: Uuid,
    /// The byline the post's lists show.
    pub author_name: String,
    /// `published` or `draft`.
    pub status: String,
    pub created: DateTime<Utc>,
    /// Its publication date, while published.
    pub published: Option<DateTime<Utc>>,
    /// The date it is listed under while published, kept while it is a draft again.
    pub first_published: Option<DateTime<Utc>>,
    pub scheduled: Option<DateTime<Utc>>,
    pub comments_closed: bool,
    /// Every revision of the original text, oldest first (numbers 1, 2, ...).
    pub revisions: Vec<RevisionRecord>,
    pub translations: Vec<TranslationRecord>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RevisionRecord {
    pub number: u32,
    pub title: String,
    /// Markdown, as written.
    pub body: String,
    pub tags: Vec<String>,
    pub author_id: Uuid,
    pub author_name: String,
    pub created: DateTime<Utc>,
    pub message: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TranslationRecord {
    pub locale: String,
    pub status: String,
    pub published: Option<DateTime<Utc>>,
    pub revisions: Vec<RevisionRecord>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CommentRecord {
    pub post: Uuid,
    /// A time UUID: when it was written.
    pub id: Uuid,
    pub thread: Uuid,
    pub parent: Option<Uuid>,
    pub author: CommenterRecord,
    /// Markdown, as written.
    pub body: String,
    /// `pending`, `approved`, `spam` or `rejected`.
    pub state: String,
}

/// An attachment of a post: a reference to bytes, which posts show as
/// `/binary/<reference>`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FileRecord {
    pub reference: String,
    pub post: Uuid,
    /// The file name it was uploaded with.
    pub name: String,
    /// The account whose quota it counts against.
    pub owner: Uuid,
    pub created: DateTime<Utc>,
    /// The URL it was fetched from, if it was.
    pub url: Option<String>,
    pub size: u64,
    /// Hex SHA-256 of the bytes, which are in `files/<checksum>`.
    pub checksum: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
pub enum CommenterRecord {
    Member {
        id: Uuid,
        name: String,
    },
    Guest {
        name: String,
        email: String,
    },
    /// Someone on the fediverse, by their actor's id.
    Remote {
        actor: String,
        name: String,
    },
}

/// Told how far a long command has got, for a progress bar: `done` of `total` (0 while
/// not known) of `what` ("posts", "comments").
pub type Progress<'a> = &'a mut dyn FnMut(u64, u64, &'static str);

/// What went wrong with an export or an import, said for the person who ran it.
#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error("{0}")]
    Files(String),
    /// The folder is not an export this Sibyl reads, or a record in it is wrong.
    #[error("{0}")]
    Invalid(String),
    /// The target already holds the site, or accounts of the export.
    #[error("{0}")]
    Occupied(String),
    #[error(transparent)]
    Store(#[from] crate::store::StoreError),
}

impl BackupError {
    fn file(path: &std::path::Path, e: impl std::fmt::Display) -> Self {
        BackupError::Files(format!("{}: {e}", path.display()))
    }

    fn page(e: crate::store::PageError) -> Self {
        match e {
            crate::store::PageError::Store(e) => BackupError::Store(e),
            other => BackupError::Invalid(other.to_string()),
        }
    }
}
