//! The comments contract: comments, threads, moderation.

use super::*;

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

/// Where some of one member's comments are (post and comment), and the cursor of the
/// rest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemberComments {
    pub comments: Vec<(PostId, CommentId)>,
    pub next: Option<String>,
}

/// A page of a month's moderation log, newest first, and the cursor of the next older.
#[derive(Debug)]
pub struct LogEntries {
    pub entries: Vec<LogEntry>,
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

impl From<crate::domain::comment::IllegalMove> for ModerationError {
    fn from(e: crate::domain::comment::IllegalMove) -> Self {
        ModerationError::Illegal {
            from: e.from,
            to: e.to,
        }
    }
}

/// What a site knows of one commenter.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Standing {
    /// Their comments are refused.
    pub banned: bool,
    /// They have had a comment approved.
    pub trusted: bool,
}

/// Comments (the data model's timeuuid comments), their threads, counts and commenters.
#[async_trait]
pub trait Comments: Send + Sync {
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

    /// The Markdown of some of a post's comments, as written, in one read (comments not
    /// found are left out).
    async fn comment_bodies(
        &self,
        site: &Site,
        post: PostId,
        ids: &[CommentId],
    ) -> StoreResult<std::collections::HashMap<CommentId, String>>;

    /// One author's comments on a post that wait for moderation, oldest first: those among
    /// the author's newest [`crate::domain::comment::OWN_PENDING_WINDOW`] comments on it
    /// written since [`crate::domain::comment::own_pending_since`] (this month and the two
    /// before). Found from where the author's comments are, never by reading the post's
    /// pending list, so the post's moderated comments are not walked through.
    async fn pending_comments_by(
        &self,
        site: &Site,
        post: PostId,
        author: UserId,
    ) -> StoreResult<Vec<Comment>>;

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

    /// The comments of each of `posts` that wait for moderation, in one statement.
    async fn pending_comment_counts(
        &self,
        site: &Site,
        posts: &[PostId],
    ) -> StoreResult<Vec<(PostId, u64)>>;

    async fn commenter_standing(&self, site: &Site, user: UserId) -> StoreResult<Standing>;

    async fn set_comment_ban(&self, site: &Site, user: UserId, banned: bool) -> StoreResult<()>;

    /// Where a member's comments on a site are (every state), `limit` at a time from
    /// `cursor`; `since` is when their account was made (no comment of theirs is older).
    async fn comments_by_member(
        &self,
        site: &Site,
        user: UserId,
        since: DateTime<Utc>,
        cursor: Option<&str>,
        limit: usize,
    ) -> Result<MemberComments, PageError>;

    /// Signs a comment as left by a deleted account: [`crate::domain::comment::DELETED_USER`],
    /// no account, no address, in its row and every copy. Its state and text stay.
    async fn forget_commenter(
        &self,
        site: &Site,
        post: PostId,
        id: CommentId,
    ) -> Result<Comment, ModerationError>;

    /// Forgets where a member's comments are, once none is signed by them any more.
    async fn drop_comments_by_member(
        &self,
        site: &Site,
        user: UserId,
        since: DateTime<Utc>,
    ) -> StoreResult<()>;
}

/// The moderation lists, transitions, counts by state and log.
#[async_trait]
pub trait CommentModeration: Send + Sync {
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

    async fn comment_state_counts(&self, site: &Site) -> StoreResult<StateCounts>;

    /// A page of the moderation log of one month (`2026-11`), newest first, from a
    /// cursor the previous page gave.
    async fn moderation_log(
        &self,
        site: &Site,
        month: &str,
        cursor: Option<&str>,
        limit: usize,
    ) -> Result<LogEntries, PageError>;
}
