//! The posts contract: posts and the lists they appear in.

use super::*;

/// How many posts the front page partition keeps. The home page shows the newest of
/// them; older ones are trimmed on publish, so the partition stays bounded.
pub const FRONT_PAGE_CAP: usize = 100;

/// A page of a list of posts, newest first, and where the pages beside it start:
/// cursors that only the store that made them understands (the place of a post in the
/// list: Cassandra its publication time UUID, whose bucket it names; SQLite its time and
/// id). Never an offset.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListPage {
    pub posts: Vec<PostSummary>,
    /// The posts after the last one shown, if there are any.
    pub older: Option<String>,
    /// The posts before the first one shown, if there are any.
    pub newer: Option<String>,
}

/// Where a page of a list starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PageAt<'a> {
    /// The newest posts.
    Newest,
    /// The posts just older than the cursor's (a page's `older`).
    Older(&'a str),
    /// The posts just newer than the cursor's (a page's `newer`), still newest first.
    Newer(&'a str),
}

impl<'a> From<Option<&'a str>> for PageAt<'a> {
    /// No cursor: the newest posts; a cursor: the posts older than it.
    fn from(after: Option<&'a str>) -> Self {
        after.map_or(PageAt::Newest, PageAt::Older)
    }
}

/// A published post in a sitemap.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SitemapEntry {
    pub slug: Slug,
    /// When its latest revision was saved.
    pub updated: DateTime<Utc>,
}

/// A tag and how many published posts it has.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TagCount {
    pub tag: Tag,
    pub posts: u64,
}

/// A page of the site's tags, by name, and the name after which the next page starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TagCountPage {
    pub tags: Vec<TagCount>,
    pub next: Option<String>,
}

/// How many of a site's pages a read of them takes at most: the cap and room for the
/// few that pages made at the same moment can add.
pub const PAGES_READ: usize = crate::domain::MAX_PAGES + 20;

/// A month of the site's archive: `year * 100 + month`, such as 202611.
pub type Month = i32;

#[derive(Debug, thiserror::Error)]
pub enum PageError {
    /// A cursor this store did not make, or made for another list.
    #[error("this page link is broken")]
    BadCursor,
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Posts: their current text, publication and short links (from the id pool).
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

    /// Schedules a draft to be published at `due`, or with `None` takes it off the
    /// schedule. A published post is returned unchanged.
    async fn schedule_post(
        &self,
        site: &Site,
        id: PostId,
        due: Option<DateTime<Utc>>,
    ) -> StoreResult<Option<Post>>;

    /// Publishes a draft scheduled for `due`, dated `due`, if it still is: true for the
    /// one call, of any number racing in any number of processes, that published it.
    /// A post no longer scheduled for `due` (published, unscheduled or moved to another
    /// time) is left as it is, and a list row that still names it is removed.
    async fn publish_scheduled(
        &self,
        site: &Site,
        id: PostId,
        due: DateTime<Utc>,
    ) -> StoreResult<bool>;

    async fn post_by_slug(&self, site: &Site, slug: &Slug) -> StoreResult<Option<Post>>;

    async fn post_by_id(&self, site: &Site, id: PostId) -> StoreResult<Option<Post>>;

    /// Where a short number leads: the slug of the post it names, or gone if that post
    /// was deleted.
    async fn slug_by_short_id(&self, site: &Site, short_id: u64) -> StoreResult<Option<ShortLink>>;

    /// Deletes a post and everything that hangs from it: its revisions, translations,
    /// drafts, suggestions and comments (with their counts and moderation lists), its
    /// rows in every list, count and search index. Its slug and short number stay
    /// taken, and answer as gone ([`Posts::is_gone`]). A call for a post already marked
    /// deleted finishes what an earlier call left (a crash half-way on Cassandra).
    /// Returns whether there was such a post, deleted now or before. The post's files
    /// belong to the binary service: [`crate::app::deletion`] removes both.
    async fn delete_post(&self, site: &Site, id: PostId) -> StoreResult<bool>;

    /// Whether `slug` named a post that was deleted.
    async fn is_gone(&self, site: &Site, slug: &Slug) -> StoreResult<bool>;

    /// Whether the post `id` was deleted (its id stays taken, as its slug does).
    async fn is_deleted(&self, site: &Site, id: PostId) -> StoreResult<bool>;
}

/// Where a short link leads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShortLink {
    Post(Slug),
    /// The post was deleted.
    Gone,
}

/// The lists readers page through: the home page's archive, months, tag pages (the tag
/// indexes of the blog's data model) and author pages.
#[async_trait]
pub trait Listings: Send + Sync {
    /// The site's published posts, newest first, `limit` at a time: the first page is the
    /// home page (one read), the pages after it go back to the first post.
    async fn home_page(
        &self,
        site: &Site,
        at: PageAt<'_>,
        limit: usize,
    ) -> Result<ListPage, PageError>;

    /// The posts published in one month (UTC), newest first, `limit` at a time.
    async fn month_page(
        &self,
        site: &Site,
        month: Month,
        at: PageAt<'_>,
        limit: usize,
    ) -> Result<ListPage, PageError>;

    /// The months in which the site has published posts, newest first.
    async fn archive_months(&self, site: &Site) -> StoreResult<Vec<Month>>;

    /// Every post published in a month, newest first, with when its latest revision was
    /// saved: a month's sitemap. Bounded by what a month can hold (see schema.cql).
    async fn sitemap_month(&self, site: &Site, month: Month) -> StoreResult<Vec<SitemapEntry>>;

    /// The site's tags that have published posts, by name, with how many each has:
    /// `limit` at a time, after the tag named `after`.
    async fn tag_counts(
        &self,
        site: &Site,
        after: Option<&Tag>,
        limit: usize,
    ) -> StoreResult<TagCountPage>;

    /// A tag's published posts (the data model's tag index), newest first, `limit` at a
    /// time.
    async fn tag_page(
        &self,
        site: &Site,
        tag: &Tag,
        at: PageAt<'_>,
        limit: usize,
    ) -> Result<ListPage, PageError>;

    /// The site's static pages, published or not, in the order they were made: at most
    /// [`crate::domain::MAX_PAGES`] and a few more (pages made at the same moment can pass
    /// the cap together), in one read.
    async fn site_pages(&self, site: &Site) -> StoreResult<Vec<PageEntry>>;

    /// The site's drafts waiting for their time (posts and pages), soonest first: at
    /// most [`crate::domain::schedule::SCHEDULED_READ`], in one read.
    async fn scheduled_posts(&self, site: &Site) -> StoreResult<Vec<ScheduledPost>>;

    /// An author's drafts on a site (posts, not pages), the most recently made first,
    /// `limit` at a time; each summary's `published` is when the draft was made.
    async fn drafts_by_author(
        &self,
        site: &Site,
        author: UserId,
        at: PageAt<'_>,
        limit: usize,
    ) -> Result<ListPage, PageError>;

    /// How many drafts an author has on a site (those [`Store::drafts_by_author`] lists),
    /// counted up to `at_most`: one read of at most that many keys.
    async fn drafts_counted(
        &self,
        site: &Site,
        author: UserId,
        at_most: usize,
    ) -> StoreResult<usize>;

    /// An author's published posts on a site, newest first, `limit` at a time.
    async fn posts_by_author(
        &self,
        site: &Site,
        author: UserId,
        at: PageAt<'_>,
        limit: usize,
    ) -> Result<ListPage, PageError>;
}

/// The ids of `author`'s posts on `site`, published and drafts (not pages, nor drafts
/// waiting on the schedule), through both of their lists, `page` at a time.
pub async fn author_post_ids(
    store: &dyn super::Store,
    site: &Site,
    author: UserId,
    page: usize,
) -> Result<Vec<PostId>, PageError> {
    let mut ids = Vec::new();
    for drafts in [false, true] {
        let mut cursor: Option<String> = None;
        loop {
            let at = cursor.as_deref().map_or(PageAt::Newest, PageAt::Older);
            let listed = if drafts {
                store.drafts_by_author(site, author, at, page).await?
            } else {
                store.posts_by_author(site, author, at, page).await?
            };
            ids.extend(listed.posts.iter().map(|p| p.id));
            match listed.older {
                Some(next) => cursor = Some(next),
                None => break,
            }
        }
    }
    Ok(ids)
}

/// The month of the archive a year and a month of the year name, if they name one.
pub fn month(year: i32, month: u32) -> Option<Month> {
    ((1970..=9999).contains(&year) && (1..=12).contains(&month)).then(|| year * 100 + month as i32)
}

/// When a month of the archive starts and when the next one does (UTC).
pub fn month_span(month: Month) -> Option<(DateTime<Utc>, DateTime<Utc>)> {
    use chrono::TimeZone;
    let (year, number) = (month / 100, (month % 100) as u32);
    let start = Utc.with_ymd_and_hms(year, number, 1, 0, 0, 0).single()?;
    let (next_year, next) = if number == 12 {
        (year + 1, 1)
    } else {
        (year, number + 1)
    };
    let end = Utc.with_ymd_and_hms(next_year, next, 1, 0, 0, 0).single()?;
    Some((start, end))
}

/// A page made from the rows a store read from where `at` says, each with its cursor: at
/// most `limit + 1` rows, newest first (for [`PageAt::Newer`], oldest first, as read from
/// the cursor up). The row past the limit, if read, says that there is more that way.
pub(crate) fn page_of(
    at: PageAt<'_>,
    mut rows: Vec<(PostSummary, String)>,
    limit: usize,
) -> ListPage {
    let more = rows.len() > limit;
    rows.truncate(limit);
    if matches!(at, PageAt::Newer(_)) {
        rows.reverse();
    }
    let first = rows.first().map(|(_, cursor)| cursor.clone());
    let last = rows.last().map(|(_, cursor)| cursor.clone());
    let (older, newer) = match at {
        PageAt::Newest => (last.filter(|_| more), None),
        PageAt::Older(_) => (last.filter(|_| more), first),
        PageAt::Newer(_) => (last, first.filter(|_| more)),
    };
    ListPage {
        posts: rows.into_iter().map(|(post, _)| post).collect(),
        older,
        newer,
    }
}

/// A page of tags from the rows a store read after a name: at most `limit + 1` rows of a
/// tag and its count, by name. Tags counted at zero or less (a store whose counts are
/// repaired later) are left out; the row past the limit, if read, says that more follow.
pub(crate) fn tag_count_page(rows: Vec<(String, i64)>, limit: usize) -> StoreResult<TagCountPage> {
    let next = (rows.len() > limit).then(|| rows[limit - 1].0.clone());
    let mut tags = Vec::new();
    for (name, posts) in rows.into_iter().take(limit) {
        if posts > 0 {
            tags.push(TagCount {
                tag: Tag::parse(&name)?,
                posts: posts as u64,
            });
        }
    }
    Ok(TagCountPage { tags, next })
}
