//! The posts contract: posts and the lists they appear in.

use super::*;

/// How many posts the front page partition keeps. The home page shows the newest of
/// them; older ones are trimmed on publish, so the partition stays bounded.
pub const FRONT_PAGE_CAP: usize = 100;

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

/// Posts: their current text, publication and short links (seed 002).
#[async_trait]
pub trait Posts: Send + Sync {
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

    /// The slug of the post a short number names.
    async fn slug_by_short_id(&self, site: &Site, short_id: u64) -> StoreResult<Option<Slug>>;
}

/// The lists readers page through: the front page, tag pages (seed 001) and author pages.
#[async_trait]
pub trait Listings: Send + Sync {
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

    /// An author's published posts on a site, newest first, `limit` at a time, starting
    /// where the cursor `after` says (as [`Listings::tag_page`]).
    async fn posts_by_author(
        &self,
        site: &Site,
        author: UserId,
        after: Option<&str>,
        limit: usize,
    ) -> Result<ListPage, PageError>;
}
