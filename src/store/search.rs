//! The search contract: published texts found by their words.

use super::*;
use crate::domain::search::SearchQuery;

/// One published text that has every word of a query: a post's own, or one of its
/// published translations.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchHit {
    pub post_id: PostId,
    /// The translation's locale; `Neutral` for the post's own text.
    pub locale: Locale,
    pub slug: Slug,
    pub title: String,
    pub published: DateTime<Utc>,
    /// The start of its plain text, to cut the passage from.
    pub passage_source: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchPage {
    pub hits: Vec<SearchHit>,
    /// The cursor of the next page, when there is one.
    pub next: Option<String>,
}

#[async_trait]
pub trait Search: Send + Sync {
    /// Published texts with every word of the query in their title, text or tags, a
    /// page at a time, from `after` (the `next` of an earlier page).
    ///
    /// SQLite ranks them, best first (BM25 over the words, a title's words weighing
    /// four times a text's), when the query matches at most 5,000 texts; a query more
    /// common than that lists the most recently indexed texts first. Cassandra's index
    /// finds but cannot rank: newest first.
    async fn search(
        &self,
        site: &Site,
        query: &SearchQuery,
        after: Option<&str>,
        limit: usize,
    ) -> Result<SearchPage, PageError>;
}
