//! The revisions contract: history, drafts, translations and suggestions.

use super::*;

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
    /// A translation into one more language than a post may have.
    #[error("the post has as many translations as it may")]
    TooManyTranslations,
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// A post's history (named by revision keys) and its authors' drafts.
#[async_trait]
pub trait Revisions: Send + Sync {
    /// Saves a new revision (the next number after `edit.base`) and makes it the post's
    /// current text; earlier revisions stay as they were. Of concurrent saves from the
    /// same base, exactly one succeeds; the others get `Conflict`.
    async fn save_revision(
        &self,
        site: &Site,
        id: PostId,
        edit: PostEdit,
    ) -> Result<Post, EditError>;

    /// Keeps (replacing) a user's draft of a post's text in one locale (the revision
    /// key `#user/<id>/<locale>/<branch>`).
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

    /// A page of the history of a post's text in one locale: the revisions numbered
    /// `newest` and below, newest first, at most `limit` of them (and never more than
    /// `HISTORY_PAGE`). Numbers are dense from 1, so the page after one that ends at
    /// revision `n > 1` starts at `n - 1`.
    async fn revisions(
        &self,
        site: &Site,
        id: PostId,
        locale: &Locale,
        newest: u32,
        limit: usize,
    ) -> StoreResult<Vec<RevisionSummary>>;

    async fn revision(
        &self,
        site: &Site,
        id: PostId,
        locale: &Locale,
        number: u32,
    ) -> StoreResult<Option<SavedRevision>>;
}

/// A post's text in other languages, each with its own revisions.
#[async_trait]
pub trait Translations: Send + Sync {
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
}

#[derive(Debug, thiserror::Error)]
pub enum SuggestionError {
    /// The post holds `MAX_SUGGESTIONS_PER_POST` suggestions already.
    #[error("this post takes no more suggestions")]
    Full,
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Readers' proposed changes to a post, which its author accepts or rejects.
#[async_trait]
pub trait Suggestions: Send + Sync {
    /// Stores a new suggestion, unless its post holds `MAX_SUGGESTIONS_PER_POST` already
    /// (exactly, however many race for the last places).
    async fn create_suggestion(
        &self,
        site: &Site,
        suggestion: &Suggestion,
    ) -> Result<(), SuggestionError>;

    /// A post's suggestions, newest first, without their texts.
    async fn suggestions(&self, site: &Site, post: PostId) -> StoreResult<Vec<SuggestionSummary>>;

    /// How many suggestions wait for a decision on each of `posts` (those with any), in
    /// one statement: on Cassandra it reads the state of each suggestion of those posts,
    /// at most `MAX_SUGGESTIONS_PER_POST` a post.
    async fn open_suggestion_counts(
        &self,
        site: &Site,
        posts: &[PostId],
    ) -> StoreResult<Vec<(PostId, u64)>>;

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
}
