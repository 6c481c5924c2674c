//! The lists of published posts: the front page, author pages and tag pages (the
//! authors and tag indexes of the blog's data model), each a single-partition read.

use crate::domain::{PostId, PostSummary, ScheduledPost, Site, Slug, Tag, Tags, UserId, timeuuid};
use crate::store::caps::{self, page_size};
use crate::store::cassandra::{CassandraStore, logged, unavailable};
use crate::store::list_memo::ReadStart;
use crate::store::posts::{page_of, tag_count_page};
use crate::store::prelude::*;
use crate::store::{
    FRONT_PAGE_CAP, ListPage, Month, PageAt, PageError, SitemapEntry, StoreError, StoreResult,
    TagCountPage,
};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use scylla::DeserializeRow;
use scylla::client::session::Session;
use scylla::errors::ExecutionError;
use scylla::statement::batch::Batch;
use scylla::statement::prepared::PreparedStatement;
use scylla::value::CqlTimeuuid;
use uuid::Uuid;

pub(in crate::store::cassandra) const SUMMARY_COLUMNS: &str =
    "published, post_id, slug, title, excerpt, author_name, tags";

/// What every list row holds: the summary and the author's id (in `author_month_posts`,
/// a column of the key).
pub(in crate::store::cassandra) const LIST_COLUMNS: &str =
    "published, post_id, slug, title, excerpt, author_name, tags, author_id";

/// How a list of published posts is bucketed: a tag's by month, the site's archive and
/// an author's by half of a month (an author's half month holds no more than the site's,
/// whoever writes the blog; see schema.cql).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::store::cassandra) enum Bucket {
    /// The year and month, `202611`.
    Month,
    /// The year, month and half of the month (1: days 1 to 15, 2: from the 16th),
    /// `2026112`: the site's archive and an author's list, whose busiest month is too
    /// much for one partition.
    HalfMonth,
}

impl Bucket {
    /// The bucket of a time.
    pub(in crate::store::cassandra) fn at(self, at: DateTime<Utc>) -> i32 {
        use chrono::Datelike;
        match self {
            Bucket::Month => at.year() * 100 + at.month() as i32,
            Bucket::HalfMonth => {
                (at.year() * 100 + at.month() as i32) * 10 + if at.day() <= 15 { 1 } else { 2 }
            }
        }
    }

    /// The bucket of a publication time UUID.
    pub(in crate::store::cassandra) fn of(self, published: CqlTimeuuid) -> StoreResult<i32> {
        timeuuid::time_of(Uuid::from(published))
            .map(|at| self.at(at))
            .ok_or_else(|| StoreError::Corrupt("a publication key is not a time UUID".into()))
    }

    /// Whether a number names a bucket (from 1970 to 9999).
    pub(in crate::store::cassandra) fn valid(self, bucket: i32) -> bool {
        match self {
            Bucket::Month => {
                (197001..=999912).contains(&bucket) && (1..=12).contains(&(bucket % 100))
            }
            Bucket::HalfMonth => matches!(bucket % 10, 1 | 2) && Bucket::Month.valid(bucket / 10),
        }
    }
}

/// The bucket of a post's row in its author's list: the half of the month.
pub(in crate::store::cassandra) fn author_bucket_of(published: CqlTimeuuid) -> StoreResult<i32> {
    Bucket::HalfMonth.of(published)
}

/// The reserved key under which `tag_posts` and `tag_months` list every published post
/// of a site: the site's archive, by month. No tag can be named so (a tag has letters,
/// digits, spaces and `- _ . + #` only).
pub(in crate::store::cassandra) const ARCHIVE: &str = "*";

/// The lists of `tag_posts` a published post with these tags is in: its tags' and the
/// archive's.
pub(in crate::store::cassandra) fn listed_under(tags: &[String]) -> Vec<String> {
    let mut lists = tags.to_vec();
    lists.push(ARCHIVE.to_owned());
    lists
}

/// The bucket of a post's row in the list of `tag_posts` under `key`: the month for a
/// tag, the half of the month for the archive.
pub(in crate::store::cassandra) fn bucket_of(
    key: &str,
    published: CqlTimeuuid,
) -> StoreResult<i32> {
    let kind = if key == ARCHIVE {
        Bucket::HalfMonth
    } else {
        Bucket::Month
    };
    kind.of(published)
}

/// The place of a post in a list: its publication time UUID, which names its bucket.
pub(in crate::store::cassandra) fn list_cursor(published: CqlTimeuuid) -> String {
    Uuid::from(published).to_string()
}

/// The publication time UUID a cursor names, if it names one in a valid bucket.
fn parse_list_cursor(cursor: &str, kind: Bucket) -> Option<CqlTimeuuid> {
    let id = Uuid::try_parse(cursor).ok()?;
    let published = CqlTimeuuid::from(id);
    kind.of(published).ok().filter(|b| kind.valid(*b))?;
    Some(published)
}

/// A row of front_page or posts_by_author.
#[derive(DeserializeRow)]
pub(in crate::store::cassandra) struct SummaryRow {
    published: CqlTimeuuid,
    post_id: Uuid,
    slug: String,
    title: String,
    excerpt: String,
    author_name: String,
    tags: Option<Vec<String>>,
    /// None in rows written before the column.
    author_id: Option<Uuid>,
}

/// What a list row shows of its post.
pub(in crate::store::cassandra) fn summary(row: SummaryRow) -> StoreResult<PostSummary> {
    let published = timeuuid::time_of(Uuid::from(row.published))
        .ok_or_else(|| StoreError::Corrupt("a list key is not a time UUID".into()))?;
    Ok(PostSummary {
        id: PostId(row.post_id),
        slug: Slug::parse(&row.slug)?,
        title: row.title,
        excerpt: row.excerpt,
        author_name: row.author_name,
        author_id: row.author_id.map(UserId),
        tags: Tags::from_stored(row.tags.unwrap_or_default()),
        published,
    })
}

/// The reads of one kind of bucketed list (`tag_posts` and `author_month_posts`):
/// a bucket from its newest row, from a cursor down or up, or from its oldest row; some
/// buckets at once, from their newest or oldest rows; and the list's index of buckets,
/// some before or after a bucket.
pub(in crate::store::cassandra) struct BucketReads {
    newest: PreparedStatement,
    older: PreparedStatement,
    newer: PreparedStatement,
    oldest: PreparedStatement,
    newest_of_some: PreparedStatement,
    oldest_of_some: PreparedStatement,
    buckets_before: PreparedStatement,
    buckets_after: PreparedStatement,
    bucket: Bucket,
}

impl BucketReads {
    async fn prepare(
        session: &Session,
        ks: &str,
        (table, index, key): (&str, &str, &str),
        bucket: Bucket,
    ) -> Result<Self, ExecutionError> {
        // A bucket's number is in the month column (the halves of months too).
        let by = "month";
        let rows = format!(
            "SELECT {LIST_COLUMNS} FROM {ks}.{table} WHERE site = ? AND {key} = ? AND {by} = ?"
        );
        let some = format!(
            "SELECT {LIST_COLUMNS} FROM {ks}.{table} WHERE site = ? AND {key} = ? AND {by} IN ?"
        );
        let buckets =
            format!("SELECT {by} FROM {ks}.{index} WHERE site = ? AND {key} = ? AND {by}");
        let prepare = |cql: String| crate::store::cassandra::prepare(session, cql);
        Ok(Self {
            newest: prepare(format!("{rows} LIMIT ?")).await?,
            older: prepare(format!("{rows} AND published < ? LIMIT ?")).await?,
            newer: prepare(format!(
                "{rows} AND published > ? ORDER BY published ASC LIMIT ?"
            ))
            .await?,
            oldest: prepare(format!("{rows} ORDER BY published ASC LIMIT ?")).await?,
            newest_of_some: prepare(format!("{some} PER PARTITION LIMIT ?")).await?,
            oldest_of_some: prepare(format!(
                "{some} ORDER BY published ASC PER PARTITION LIMIT ?"
            ))
            .await?,
            buckets_before: prepare(format!("{buckets} < ? LIMIT ?")).await?,
            buckets_after: prepare(format!("{buckets} > ? ORDER BY {by} ASC LIMIT ?")).await?,
            bucket,
        })
    }
}

/// The statements of this file, prepared once at start.
pub(in crate::store::cassandra) struct Statements {
    /// The front page row and the author page row of a newly published post.
    pub(in crate::store::cassandra) publish_rows: Batch,
    /// Both rows again, removed when a post goes back to draft.
    pub(in crate::store::cassandra) unlist_rows: Batch,
    pub(in crate::store::cassandra) tag_post_insert: PreparedStatement,
    pub(in crate::store::cassandra) tag_post_delete: PreparedStatement,
    pub(in crate::store::cassandra) tag_month_insert: PreparedStatement,
    pub(in crate::store::cassandra) tag_months_newest: PreparedStatement,
    pub(in crate::store::cassandra) author_months_newest: PreparedStatement,
    pub(in crate::store::cassandra) tag_bucket_count: PreparedStatement,
    pub(in crate::store::cassandra) tag_month_count_write: PreparedStatement,
    pub(in crate::store::cassandra) tag_month_counts_read: PreparedStatement,
    pub(in crate::store::cassandra) tag_count_write: PreparedStatement,
    pub(in crate::store::cassandra) archive_sitemap: PreparedStatement,
    pub(in crate::store::cassandra) tag_counts_first: PreparedStatement,
    pub(in crate::store::cassandra) tag_counts_after: PreparedStatement,
    pub(in crate::store::cassandra) archive_months: PreparedStatement,
    pub(in crate::store::cassandra) tag_reads: BucketReads,
    pub(in crate::store::cassandra) archive_reads: BucketReads,
    pub(in crate::store::cassandra) author_reads: BucketReads,
    pub(in crate::store::cassandra) front_page_read: PreparedStatement,
    pub(in crate::store::cassandra) front_page_insert: PreparedStatement,
    pub(in crate::store::cassandra) front_page_keys: PreparedStatement,
    pub(in crate::store::cassandra) front_page_trim: PreparedStatement,
}

impl Statements {
    pub(in crate::store::cassandra) async fn prepare(
        session: &Session,
        ks: &str,
    ) -> Result<Self, ExecutionError> {
        let prepare = |cql: String| crate::store::cassandra::prepare(session, cql);
        let front_page_insert = prepare(format!(
            "INSERT INTO {ks}.front_page (site, {LIST_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
        ))
        .await?;
        let unlist_rows = logged(vec![
            prepare(format!("DELETE FROM {ks}.front_page WHERE site = ? AND published = ?")).await?,
            prepare(format!(
                "DELETE FROM {ks}.author_month_posts WHERE site = ? AND author_id = ? AND month = ? AND published = ?"
            ))
            .await?,
        ]);
        let publish_rows = logged(vec![
            front_page_insert.clone(),
            prepare(format!(
                "INSERT INTO {ks}.author_month_posts (site, author_id, month, {SUMMARY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            ))
            .await?,
            prepare(format!("INSERT INTO {ks}.author_months (site, author_id, month) VALUES (?, ?, ?)")).await?,
        ]);
        Ok(Self {
            publish_rows,
            unlist_rows,
            tag_post_insert: prepare(format!(
                "INSERT INTO {ks}.tag_posts (site, tag, month, {LIST_COLUMNS}, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            ))
            .await?,
            tag_post_delete: prepare(format!(
                "DELETE FROM {ks}.tag_posts WHERE site = ? AND tag = ? AND month = ? AND published = ?"
            ))
            .await?,
            tag_month_insert: prepare(format!("INSERT INTO {ks}.tag_months (site, tag, month) VALUES (?, ?, ?)")).await?,
            tag_months_newest: prepare(format!(
                "SELECT month FROM {ks}.tag_months WHERE site = ? AND tag = ? LIMIT ?"
            ))
            .await?,
            author_months_newest: prepare(format!(
                "SELECT month FROM {ks}.author_months WHERE site = ? AND author_id = ? LIMIT ?"
            ))
            .await?,
            archive_sitemap: prepare(format!(
                "SELECT slug, published, updated FROM {ks}.tag_posts WHERE site = ? AND tag = ? AND month = ?"
            ))
            .await?,
            tag_bucket_count: prepare(format!(
                "SELECT COUNT(*) FROM {ks}.tag_posts WHERE site = ? AND tag = ? AND month = ?"
            ))
            .await?,
            tag_month_count_write: prepare(format!(
                "INSERT INTO {ks}.tag_month_counts (site, tag, month, posts) VALUES (?, ?, ?, ?) USING TIMESTAMP ?"
            ))
            .await?,
            tag_month_counts_read: prepare(format!(
                "SELECT posts FROM {ks}.tag_month_counts WHERE site = ? AND tag = ?"
            ))
            .await?,
            tag_count_write: prepare(format!(
                "INSERT INTO {ks}.tag_list (site, sort_key, tag, posts) VALUES (?, ?, ?, ?) USING TIMESTAMP ?"
            ))
            .await?,
            tag_counts_first: prepare(format!(
                "SELECT tag, posts FROM {ks}.tag_list WHERE site = ? LIMIT ?"
            ))
            .await?,
            tag_counts_after: prepare(format!(
                "SELECT tag, posts FROM {ks}.tag_list WHERE site = ? AND (sort_key, tag) > (?, ?) LIMIT ?"
            ))
            .await?,
            archive_months: prepare(format!(
                "SELECT month FROM {ks}.tag_months WHERE site = ? AND tag = ? LIMIT {MONTHS_SHOWN}"
            ))
            .await?,
            tag_reads: BucketReads::prepare(session, ks, ("tag_posts", "tag_months", "tag"), Bucket::Month).await?,
            archive_reads: BucketReads::prepare(session, ks, ("tag_posts", "tag_months", "tag"), Bucket::HalfMonth).await?,
            author_reads: BucketReads::prepare(
                session,
                ks,
                ("author_month_posts", "author_months", "author_id"),
                Bucket::HalfMonth,
            )
            .await?,
            front_page_read: prepare(format!("SELECT {LIST_COLUMNS} FROM {ks}.front_page WHERE site = ? LIMIT ?")).await?,
            front_page_insert,
            front_page_keys: prepare(format!("SELECT published FROM {ks}.front_page WHERE site = ? LIMIT ?")).await?,
            front_page_trim: prepare(format!("DELETE FROM {ks}.front_page WHERE site = ? AND published <= ?")).await?,
        })
    }
}

/// The most buckets the archive's index is read for: the halves of a hundred years' months.
const MONTHS_SHOWN: usize = 2400;

/// A bucketed list to page through: its reads, where a first page starts, and whether
/// the page stays in one bucket (a month of the archive).
pub(in crate::store::cassandra) struct BucketList<'a> {
    reads: &'a BucketReads,
    /// The list's newest buckets in its index, as many as a first page wants rows (its
    /// current bucket is often empty: a tag's month, an author's half month).
    newest: &'a PreparedStatement,
    /// Only the buckets from the first to the second (a month of the archive, its two
    /// halves): the page does not leave them.
    only: Option<(i32, i32)>,
}

impl CassandraStore {
    /// A page of a bucketed list (the archive's, a tag's, an author's) from where `at`
    /// says (see [`CassandraStore::walk`]). One row past the page is read, when there is
    /// one, to know whether another page follows.
    async fn bucket_page<K>(
        &self,
        list: BucketList<'_>,
        site: &Site,
        key: K,
        at: PageAt<'_>,
        limit: usize,
    ) -> Result<ListPage, PageError>
    where
        K: scylla::serialize::value::SerializeValue + Copy + Send + Sync,
    {
        let limit = page_size(limit, caps::POSTS);
        let rows = self.walk(&list, site, key, at, limit + 1).await?;
        let rows = rows
            .into_iter()
            .map(|(post, published)| (post, list_cursor(published)))
            .collect();
        Ok(page_of(at, rows, limit))
    }

    /// Up to `want` rows of a bucketed list from where `at` says, in the order walked
    /// (newest first; oldest first for [`PageAt::Newer`]), each with its time UUID. The
    /// cursor's bucket (a cursor is a post's time UUID, which names its bucket) is one
    /// read; when it ends before the page is full, the list's index of buckets names the
    /// next ones, as many as rows are still wanted (a listed bucket has a row), in one
    /// read (never a pointer kept in the buckets, which a post published into an older
    /// bucket could leave stale), and their rows are read two buckets at a time, then
    /// four, eight..., each read asking every bucket for what the page still lacks. So a
    /// page costs a few statements however many buckets it spans: a small tag's posts,
    /// one a month over years, are not a read (and an index read) a month.
    pub(in crate::store::cassandra) async fn walk<K>(
        &self,
        list: &BucketList<'_>,
        site: &Site,
        key: K,
        at: PageAt<'_>,
        want: usize,
    ) -> Result<Vec<(PostSummary, CqlTimeuuid)>, PageError>
    where
        K: scylla::serialize::value::SerializeValue + Copy + Send + Sync,
    {
        let reads = list.reads;
        let kind = reads.bucket;
        let up = matches!(at, PageAt::Newer(_));
        // Buckets the index named after the one read, not read yet; and whether the
        // index may name more after them.
        let mut listed: std::collections::VecDeque<i32> = Default::default();
        let mut index_more = true;
        let (bucket, bound) = match at {
            PageAt::Older(cursor) | PageAt::Newer(cursor) => {
                let published = parse_list_cursor(cursor, kind).ok_or(PageError::BadCursor)?;
                let bucket = kind.of(published)?;
                if let Some((lo, hi)) = list.only {
                    if bucket < lo || bucket > hi {
                        return Err(PageError::BadCursor);
                    }
                    // The span's buckets are known (a month's two halves): no index read.
                    listed = if up {
                        (bucket + 1..=hi).collect()
                    } else {
                        (lo..bucket).rev().collect()
                    };
                    index_more = false;
                }
                (bucket, Some(published))
            }
            PageAt::Newest => match list.only {
                // A month's newest: both its halves in one read, however empty either is.
                Some((lo, hi)) => {
                    let these: Vec<i32> = (lo..=hi).rev().collect();
                    return self
                        .rows_of_some(reads, site, key, &these, want, false)
                        .await;
                }
                // The current bucket often has no posts: a first page reads the index for
                // its newest buckets, as many as rows are wanted.
                None => {
                    let buckets: Vec<(i32,)> = self
                        .rows(list.newest, (site.as_str(), key, want as i32))
                        .await?;
                    index_more = buckets.len() >= want;
                    listed = buckets.into_iter().map(|(b,)| b).collect();
                    let Some(first) = listed.pop_front() else {
                        return Ok(Vec::new());
                    };
                    (first, None)
                }
            },
        };
        let site_name = site.as_str();
        let want_i32 = want as i32;
        let rows: Vec<SummaryRow> = match (bound, up) {
            (Some(from), false) => {
                let values = (site_name, key, bucket, from, want_i32);
                self.rows(&reads.older, values).await?
            }
            (Some(from), true) => {
                let values = (site_name, key, bucket, from, want_i32);
                self.rows(&reads.newer, values).await?
            }
            (None, false) => {
                let values = (site_name, key, bucket, want_i32);
                self.rows(&reads.newest, values).await?
            }
            (None, true) => {
                let values = (site_name, key, bucket, want_i32);
                self.rows(&reads.oldest, values).await?
            }
        };
        let mut out = Vec::new();
        for row in rows {
            let published = row.published;
            out.push((summary(row)?, published));
        }
        let within = |b: &i32| list.only.is_none_or(|(lo, hi)| (lo..=hi).contains(b));
        let (mut last, mut group) = (bucket, 2);
        while out.len() < want {
            let left = want - out.len();
            if listed.is_empty() {
                if !index_more {
                    break;
                }
                let index = if up {
                    &reads.buckets_after
                } else {
                    &reads.buckets_before
                };
                let found: Vec<(i32,)> = self
                    .rows(index, (site_name, key, last, left as i32))
                    .await?;
                index_more = found.len() >= left;
                listed = found.into_iter().map(|(b,)| b).collect();
            }
            let take = group.min(listed.len());
            let mut these: Vec<i32> = listed.drain(..take).collect();
            group *= 2;
            if let Some(outside) = these.iter().position(|b| !within(b)) {
                these.truncate(outside);
                (listed, index_more) = (Default::default(), false);
            }
            let Some(&furthest) = these.last() else {
                break;
            };
            last = furthest;
            let more = self
                .rows_of_some(reads, site, key, &these, left, up)
                .await?;
            out.extend(more);
        }
        Ok(out)
    }

    /// Up to `want` rows of some buckets of a list, in one read: the buckets in the order
    /// given, each one's rows newest first (oldest first when `up`).
    async fn rows_of_some<K>(
        &self,
        reads: &BucketReads,
        site: &Site,
        key: K,
        these: &[i32],
        want: usize,
        up: bool,
    ) -> Result<Vec<(PostSummary, CqlTimeuuid)>, PageError>
    where
        K: scylla::serialize::value::SerializeValue + Copy + Send + Sync,
    {
        let statement = if up {
            &reads.oldest_of_some
        } else {
            &reads.newest_of_some
        };
        let mut rows: Vec<SummaryRow> = self
            .rows(statement, (site.as_str(), key, these, want as i32))
            .await?;
        // The buckets in the order given, each one's rows in the order read (a stable
        // sort): buckets are disjoint spans of time.
        let kind = reads.bucket;
        let place = |row: &SummaryRow| {
            kind.of(row.published)
                .ok()
                .and_then(|b| these.iter().position(|t| *t == b))
                .unwrap_or(usize::MAX)
        };
        rows.sort_by_key(place);
        let mut out = Vec::new();
        for row in rows.into_iter().take(want) {
            let published = row.published;
            out.push((summary(row)?, published));
        }
        Ok(out)
    }

    /// The site's archive: every published post, in the month buckets of `tag_posts`
    /// under the reserved key [`ARCHIVE`]; `only`: one month of it.
    pub(in crate::store::cassandra) fn archive(&self, only: Option<(i32, i32)>) -> BucketList<'_> {
        BucketList {
            reads: &self.listings.archive_reads,
            newest: &self.listings.tag_months_newest,
            only,
        }
    }
}

#[async_trait]
impl Listings for CassandraStore {
    /// The first page is the front page partition (one read); the pages after it are the
    /// archive's month buckets.
    async fn home_page(
        &self,
        site: &Site,
        at: PageAt<'_>,
        limit: usize,
    ) -> Result<ListPage, PageError> {
        let limit = page_size(limit, caps::POSTS);
        // The front page holds the newest FRONT_PAGE_CAP: a first page of fewer reads it,
        // and one more row to know whether older pages follow.
        if at != PageAt::Newest || limit >= FRONT_PAGE_CAP {
            return self
                .bucket_page(self.archive(None), site, ARCHIVE, at, limit)
                .await;
        }
        // As this instance read it less than LIST_TTL ago, unless it changed a list since.
        let kept = || self.list_memo.front(site.as_str(), limit);
        let read = |start| async move {
            let rows: Vec<SummaryRow> = self
                .rows(
                    &self.listings.front_page_read,
                    (site.as_str(), limit as i32 + 1),
                )
                .await?;
            let rows = rows
                .into_iter()
                .map(|row| {
                    let cursor = list_cursor(row.published);
                    Ok((summary(row)?, cursor))
                })
                .collect::<StoreResult<Vec<_>>>()?;
            self.list_memo
                .keep_front(site.as_str(), limit, start, rows.clone());
            Ok::<_, StoreError>(rows)
        };
        let rows = self
            .list_memo
            .kept_or_read(site.as_str(), kept, read)
            .await?;
        Ok(page_of(at, rows, limit))
    }

    async fn month_page(
        &self,
        site: &Site,
        month: Month,
        at: PageAt<'_>,
        limit: usize,
    ) -> Result<ListPage, PageError> {
        if !Bucket::Month.valid(month) {
            return Ok(page_of(at, Vec::new(), limit));
        }
        let halves = (month * 10 + 1, month * 10 + 2);
        self.bucket_page(self.archive(Some(halves)), site, ARCHIVE, at, limit)
            .await
    }

    async fn archive_months(&self, site: &Site) -> StoreResult<Vec<Month>> {
        let kept = || self.list_memo.months(site.as_str());
        self.list_memo
            .kept_or_read(site.as_str(), kept, |start| self.read_months(site, start))
            .await
    }

    /// The month's two halves of the archive, each read whole (the driver paging), both
    /// at once.
    async fn sitemap_month(&self, site: &Site, month: Month) -> StoreResult<Vec<SitemapEntry>> {
        use futures_util::StreamExt;
        if !Bucket::Month.valid(month) {
            return Ok(Vec::new());
        }
        let half = |half: Month| async move {
            let mut out = Vec::new();
            let mut rows = self
                .session
                .execute_iter(
                    self.listings.archive_sitemap.clone(),
                    (site.as_str(), ARCHIVE, half),
                )
                .await
                .map_err(unavailable)?
                .rows_stream::<(String, CqlTimeuuid, Option<DateTime<Utc>>)>()
                .map_err(unavailable)?;
            while let Some(row) = rows.next().await {
                let (slug, published, updated) =
                    row.map_err(|e| StoreError::Corrupt(e.to_string()))?;
                let published = timeuuid::time_of(Uuid::from(published))
                    .ok_or_else(|| StoreError::Corrupt("a list key is not a time UUID".into()))?;
                out.push(SitemapEntry {
                    slug: Slug::parse(&slug)?,
                    updated: updated.map_or(published, |u| u.max(published)),
                });
            }
            Ok::<_, StoreError>(out)
        };
        let (mut late, early) =
            futures_util::future::try_join(half(month * 10 + 2), half(month * 10 + 1)).await?;
        late.extend(early);
        Ok(late)
    }

    async fn tag_counts(
        &self,
        site: &Site,
        after: Option<&Tag>,
        limit: usize,
    ) -> StoreResult<TagCountPage> {
        let limit = page_size(limit, caps::ROSTER);
        let read = limit as i32 + 1;
        let rows: Vec<(String, Option<i64>)> = match after {
            None => {
                self.rows(&self.listings.tag_counts_first, (site.as_str(), read))
                    .await?
            }
            Some(after) => {
                self.rows(
                    &self.listings.tag_counts_after,
                    (site.as_str(), after.order_key(), after.as_str(), read),
                )
                .await?
            }
        };
        tag_count_page(
            rows.into_iter()
                .map(|(t, n)| (t, n.unwrap_or_default()))
                .collect(),
            limit,
        )
    }

    async fn tag_page(
        &self,
        site: &Site,
        tag: &Tag,
        at: PageAt<'_>,
        limit: usize,
    ) -> Result<ListPage, PageError> {
        let list = BucketList {
            reads: &self.listings.tag_reads,
            newest: &self.listings.tag_months_newest,
            only: None,
        };
        self.bucket_page(list, site, tag.as_str(), at, limit).await
    }

    async fn scheduled_posts(&self, site: &Site) -> StoreResult<Vec<ScheduledPost>> {
        self.read_scheduled(site).await
    }

    async fn drafts_by_author(
        &self,
        site: &Site,
        author: UserId,
        at: PageAt<'_>,
        limit: usize,
    ) -> Result<ListPage, PageError> {
        self.read_drafts(site, author, at, limit).await
    }

    async fn drafts_counted(
        &self,
        site: &Site,
        author: UserId,
        at_most: usize,
    ) -> StoreResult<usize> {
        self.count_drafts(site, author, at_most).await
    }

    async fn site_pages(&self, site: &Site) -> StoreResult<Vec<crate::domain::PageEntry>> {
        self.read_site_pages(site).await
    }

    async fn posts_by_author(
        &self,
        site: &Site,
        author: UserId,
        at: PageAt<'_>,
        limit: usize,
    ) -> Result<ListPage, PageError> {
        let list = BucketList {
            reads: &self.listings.author_reads,
            newest: &self.listings.author_months_newest,
            only: None,
        };
        self.bucket_page(list, site, author.0, at, limit).await
    }
}

impl CassandraStore {
    /// The archive's months of a site, kept under `start`.
    async fn read_months(&self, site: &Site, start: ReadStart) -> StoreResult<Vec<Month>> {
        let months: Vec<(i32,)> = self
            .rows(&self.listings.archive_months, (site.as_str(), ARCHIVE))
            .await?;
        // Halves of months, newest first: each month once.
        let mut out: Vec<Month> = Vec::new();
        for (half,) in months {
            if out.last() != Some(&(half / 10)) {
                out.push(half / 10);
            }
        }
        self.list_memo
            .keep_months(site.as_str(), start, out.clone());
        Ok(out)
    }
}
