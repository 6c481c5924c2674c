//! Pure rules and types. Nothing here knows about HTTP, templates or databases.

pub mod api_token;
pub mod comment;
pub mod comment_policy;
pub mod federation;
pub mod host;
pub mod html_balance;
pub mod html_repair;
pub mod iiif;
pub mod markdown;
pub mod markdown_file;
pub mod password;
pub mod post;
pub mod recovery_codes;
pub mod revision;
pub mod schedule;
pub mod sealed;
pub mod search;
pub mod session;
pub mod site;
pub mod subscription;
pub mod timeuuid;
pub mod token;
pub mod totp;
pub mod user;

pub use comment::{
    Comment, CommentBody, CommentId, CommentSettings, CommentState, CommentedPost, Commenter,
    LogEntry, Moderation, NewComment, StateCounts,
};
pub use host::Host;
pub use post::{
    Draft, HISTORY_PAGE, MAX_DRAFTS_PER_AUTHOR, MAX_PAGES, MAX_TRANSLATIONS, NewPost, PageEntry,
    Post, PostEdit, PostId, PostKind, PostStatus, PostSummary, RevisionSummary, SavedRevision,
    Slug, Suggestion, SuggestionState, SuggestionSummary, TAG_ORDER_VERSION, Tag, Tags, Title,
    Translation, tag_order_key,
};
pub use revision::Locale;
pub use schedule::ScheduledPost;
pub use site::{Site, SiteIdentity, SiteStatus};
pub use user::{Email, NewUser, Profile, Role, User, UserId, Username};

/// A value that failed to parse, with a message meant for the person who typed it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Invalid(pub String);

impl Invalid {
    pub fn new(message: impl Into<String>) -> Self {
        Self(message.into())
    }
}

/// Now, at the millisecond precision every store keeps.
pub fn now() -> chrono::DateTime<chrono::Utc> {
    millis_to_time(chrono::Utc::now().timestamp_millis())
}

pub fn millis_to_time(ms: i64) -> chrono::DateTime<chrono::Utc> {
    chrono::DateTime::from_timestamp_millis(ms).unwrap_or_default()
}
