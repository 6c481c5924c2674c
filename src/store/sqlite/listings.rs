//! The lists of published posts: front page, author pages and tag pages, by index.

use super::post_rows::latest_save;
use super::*;
use crate::domain::schedule::SCHEDULED_READ;
use crate::store::caps::{self, page_size};
use crate::store::posts::page_of;
use crate::store::posts::tag_count_page;
use crate::store::{Month, PAGES_READ, PageAt, SitemapEntry, TagCountPage, month_span};
use rusqlite::types::Value;

/// The place of a post in a list: `<published millis>.<post id>`.
pub(super) fn list_cursor(post: &PostSummary) -> String {
    format!("{}.{}", post.published.timestamp_millis(), post.id.0)
}

pub(super) fn parse_list_cursor(cursor: &str) -> Option<(i64, String)> {
    let (millis, id) = cursor.split_once('.')?;
    let id = Uuid::try_parse(id).ok()?;
    Some((millis.parse().ok()?, id.to_string()))
}

/// Post summaries selected by `filter` (a FROM ... WHERE ... ORDER BY ... LIMIT clause
/// in which `p` is the posts table).
/// The summaries of the posts `filter` selects, each dated by the column `time` (its
/// publication; a draft's creation).
pub(super) fn summaries(
    sql: &Sql<'_>,
    time: &str,
    filter: &str,
    values: impl rusqlite::Params,
) -> StoreResult<Vec<PostSummary>> {
    let mut stmt = sql
        .prepare(&format!(
            "SELECT p.id, p.slug, p.title, p.excerpt, p.author_name, p.tags, p.{time}, p.author_id {filter}"
        ))
        .map_err(unavailable)?;
    let rows = stmt
        .query_map(values, |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, String>(3)?,
                r.get::<_, String>(4)?,
                r.get::<_, String>(5)?,
                r.get::<_, i64>(6)?,
                r.get::<_, String>(7)?,
            ))
        })
        .map_err(unavailable)?;
    let mut out = Vec::new();
    for row in rows {
        let (id, slug, title, excerpt, author_name, tags, published, author) =
            row.map_err(unavailable)?;
        out.push(PostSummary {
            id: PostId(uuid(&id)?),
            slug: Slug::parse(&slug)?,
            title,
            excerpt,
            author_name,
            author_id: Some(UserId(uuid(&author)?)),
            tags: split_tags(&tags),
            published: millis_to_time(published),
        });
    }
    Ok(out)
}

impl SqliteStore {
    /// A page of a list by its keys: `filter` is a `FROM ... WHERE ...` clause over posts
    /// `p` (with `?1`, `?2`... for `args`), `key` the list's columns of time and post id.
    /// `front` names the site whose front page this is: its first page is kept between
    /// reads (`kept.rs`).
    async fn keyset_page(
        &self,
        filter: &'static str,
        key: (&'static str, &'static str),
        args: Vec<Value>,
        at: PageAt<'_>,
        limit: usize,
        front: Option<&Site>,
    ) -> Result<ListPage, PageError> {
        let limit = page_size(limit, caps::POSTS);
        let (time, id) = key;
        let n = args.len();
        let (bound, order) = match at {
            PageAt::Newest => (String::new(), "DESC"),
            PageAt::Older(_) => (
                format!(" AND ({time}, {id}) < (?{}, ?{})", n + 1, n + 2),
                "DESC",
            ),
            PageAt::Newer(_) => (
                format!(" AND ({time}, {id}) > (?{}, ?{})", n + 1, n + 2),
                "ASC",
            ),
        };
        let mut args = args;
        if let PageAt::Older(cursor) | PageAt::Newer(cursor) = at {
            let (millis, post) = parse_list_cursor(cursor).ok_or(PageError::BadCursor)?;
            args.push(Value::Integer(millis));
            args.push(Value::Text(post));
        }
        args.push(Value::Integer(limit as i64 + 1));
        // Made only when the rows are read (not for a kept front page).
        let query = move |sql: &Sql<'_>| {
            let clause = format!(
                "{filter}{bound} ORDER BY {time} {order}, {id} {order} LIMIT ?{}",
                args.len()
            );
            // Each post dated by its own column of the list's order (`t.published`, a tag
            // row's copy of it, is the post's `published`).
            let dated = time.rsplit('.').next().unwrap_or(time);
            let posts = summaries(sql, dated, &clause, rusqlite::params_from_iter(args))?;
            Ok::<_, StoreError>(
                posts
                    .into_iter()
                    .map(|post| {
                        let cursor = list_cursor(&post);
                        (post, cursor)
                    })
                    .collect::<Vec<_>>(),
            )
        };
        let rows = match front {
            Some(site) if at == PageAt::Newest => self.kept_or_read(
                |lists| lists.front(site.as_str(), limit),
                query,
                |lists, start, rows| lists.keep_front(site.as_str(), limit, start, rows.clone()),
            )?,
            _ => self.read(query).await?,
        };
        Ok(page_of(at, rows, limit))
    }
}

#[async_trait]
impl Listings for SqliteStore {
    async fn home_page(
        &self,
        site: &Site,
        at: PageAt<'_>,
        limit: usize,
    ) -> Result<ListPage, PageError> {
        self.keyset_page(
            "FROM posts p WHERE site = ?1 AND published IS NOT NULL AND kind = 'post'",
            ("published", "id"),
            vec![Value::Text(site.to_string())],
            at,
            limit,
            Some(site),
        )
        .await
    }

    async fn month_page(
        &self,
        site: &Site,
        month: Month,
        at: PageAt<'_>,
        limit: usize,
    ) -> Result<ListPage, PageError> {
        let Some((start, end)) = month_span(month) else {
            return Ok(page_of(at, Vec::new(), limit));
        };
        if let PageAt::Older(cursor) | PageAt::Newer(cursor) = at {
            let (millis, _) = parse_list_cursor(cursor).ok_or(PageError::BadCursor)?;
            if millis < start.timestamp_millis() || millis >= end.timestamp_millis() {
                return Err(PageError::BadCursor);
            }
        }
        self.keyset_page(
            "FROM posts p WHERE site = ?1 AND published IS NOT NULL AND kind = 'post' AND published >= ?2 AND published < ?3",
            ("published", "id"),
            vec![
                Value::Text(site.to_string()),
                Value::Integer(start.timestamp_millis()),
                Value::Integer(end.timestamp_millis()),
            ],
            at,
            limit,
            None,
        )
        .await
    }

    async fn archive_months(&self, site: &Site) -> StoreResult<Vec<Month>> {
        let site = site.to_string();
        self.read(move |sql| {
            // From the newest post, month by month: each step one seek in the index of
            // publication times for the newest post before the month's start.
            let mut stmt = sql.prepare(ARCHIVE_MONTHS).map_err(unavailable)?;
            let rows = stmt
                .query_map(params![site], |r| r.get::<_, i64>(0))
                .map_err(unavailable)?;
            let mut months = Vec::new();
            for row in rows {
                let at = millis_to_time(row.map_err(unavailable)?);
                months
                    .push(chrono::Datelike::year(&at) * 100 + chrono::Datelike::month(&at) as i32);
            }
            Ok(months)
        })
        .await
    }

    async fn sitemap_month(&self, site: &Site, month: Month) -> StoreResult<Vec<SitemapEntry>> {
        let Some((start, end)) = month_span(month) else {
            return Ok(Vec::new());
        };
        let site = site.to_string();
        let rows: Vec<(String, i64, Option<i64>)> = self
            .read(move |sql| {
                sql.prepare(concat!(
                    "SELECT slug, published, ",
                    latest_save!(),
                    " FROM posts p WHERE site = ?1 AND published IS NOT NULL AND kind = 'post'
                        AND published >= ?2 AND published < ?3
                     ORDER BY published DESC, id DESC",
                ))
                .and_then(|mut s| {
                    s.query_map(
                        params![site, start.timestamp_millis(), end.timestamp_millis()],
                        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
                    )?
                    .collect()
                })
                .map_err(unavailable)
            })
            .await?;
        rows.into_iter()
            .map(|(slug, published, updated)| {
                Ok(SitemapEntry {
                    slug: Slug::parse(&slug)?,
                    updated: millis_to_time(updated.unwrap_or(published).max(published)),
                })
            })
            .collect()
    }

    async fn tag_counts(
        &self,
        site: &Site,
        after: Option<&Tag>,
        limit: usize,
    ) -> StoreResult<TagCountPage> {
        let site = site.to_string();
        let after = after.map(|t| (t.order_key(), t.as_str().to_owned()));
        let limit = page_size(limit, caps::ROSTER) as i64;
        // In the tags' collation order (their sort keys), the name breaking ties.
        let rows: Vec<(String, i64)> = self
            .read(move |sql| {
                let row = |r: &rusqlite::Row<'_>| Ok((r.get(0)?, r.get(1)?));
                match &after {
                    None => sql
                        .prepare(
                            "SELECT tag, posts FROM tag_counts WHERE site = ?1
                             ORDER BY sort_key, tag LIMIT ?2",
                        )
                        .and_then(|mut s| s.query_map(params![site, limit + 1], row)?.collect()),
                    Some((key, tag)) => sql
                        .prepare(
                            "SELECT tag, posts FROM tag_counts WHERE site = ?1
                             AND (sort_key, tag) > (?2, ?3) ORDER BY sort_key, tag LIMIT ?4",
                        )
                        .and_then(|mut s| {
                            s.query_map(params![site, key, tag, limit + 1], row)?
                                .collect()
                        }),
                }
                .map_err(unavailable)
            })
            .await?;
        let limit = limit as usize;
        tag_count_page(rows, limit)
    }

    async fn tag_page(
        &self,
        site: &Site,
        tag: &Tag,
        at: PageAt<'_>,
        limit: usize,
    ) -> Result<ListPage, PageError> {
        self.keyset_page(
            "FROM post_tags t JOIN posts p ON p.site = t.site AND p.id = t.post_id
             WHERE t.site = ?1 AND t.tag = ?2",
            ("t.published", "t.post_id"),
            vec![
                Value::Text(site.to_string()),
                Value::Text(tag.as_str().to_owned()),
            ],
            at,
            limit,
            None,
        )
        .await
    }

    async fn drafts_by_author(
        &self,
        site: &Site,
        author: UserId,
        at: PageAt<'_>,
        limit: usize,
    ) -> Result<ListPage, PageError> {
        self.keyset_page(
            "FROM posts p WHERE site = ?1 AND author_id = ?2 AND status = 'draft' AND kind = 'post' AND scheduled IS NULL",
            ("created", "id"),
            vec![
                Value::Text(site.to_string()),
                Value::Text(author.0.to_string()),
            ],
            at,
            limit,
            None,
        )
        .await
    }

    async fn drafts_counted(
        &self,
        site: &Site,
        author: UserId,
        at_most: usize,
    ) -> StoreResult<usize> {
        let (site, author) = (site.to_string(), author.0.to_string());
        let counted: i64 = self
            .read(move |sql| {
                sql.prepare(
                    "SELECT COUNT(*) FROM (SELECT 1 FROM posts WHERE site = ?1 AND author_id = ?2
                     AND status = 'draft' AND kind = 'post' AND scheduled IS NULL LIMIT ?3)",
                )
                .and_then(|mut s| s.query_row(params![site, author, at_most as i64], |r| r.get(0)))
                .map_err(unavailable)
            })
            .await?;
        Ok(counted as usize)
    }

    async fn scheduled_posts(&self, site: &Site) -> StoreResult<Vec<ScheduledPost>> {
        let site = site.to_string();
        type Row = (String, String, String, String, String, i64);
        let rows: Vec<Row> = self
            .read(move |sql| {
                sql.prepare(
                    "SELECT id, slug, title, author_id, author_name, scheduled FROM posts
                     WHERE site = ?1 AND scheduled IS NOT NULL AND status = 'draft'
                     ORDER BY scheduled, id LIMIT ?2",
                )
                .and_then(|mut s| {
                    s.query_map(params![site, SCHEDULED_READ as i64], |r| {
                        Ok((
                            r.get(0)?,
                            r.get(1)?,
                            r.get(2)?,
                            r.get(3)?,
                            r.get(4)?,
                            r.get(5)?,
                        ))
                    })?
                    .collect()
                })
                .map_err(unavailable)
            })
            .await?;
        rows.into_iter()
            .map(|(id, slug, title, author, author_name, due)| {
                Ok(ScheduledPost {
                    id: PostId(uuid(&id)?),
                    slug: Slug::parse(&slug)?,
                    title,
                    author_id: UserId(uuid(&author)?),
                    author_name,
                    due: millis_to_time(due),
                })
            })
            .collect()
    }

    async fn site_pages(&self, site: &Site) -> StoreResult<Vec<PageEntry>> {
        let site = site.to_string();
        type Row = (String, String, String, String, i64, Option<i64>);
        let rows: Vec<Row> = self
            .read(move |sql| {
                sql.prepare(concat!(
                    "SELECT id, slug, title, status, created, ",
                    latest_save!(),
                    " FROM posts p WHERE site = ?1 AND kind = 'page' AND status != 'deleted' ORDER BY created, id LIMIT ?2",
                ))
                .and_then(|mut s| {
                    s.query_map(params![site, PAGES_READ as i64], |r| {
                        Ok((
                            r.get(0)?,
                            r.get(1)?,
                            r.get(2)?,
                            r.get(3)?,
                            r.get(4)?,
                            r.get(5)?,
                        ))
                    })?
                    .collect()
                })
                .map_err(unavailable)
            })
            .await?;
        rows.into_iter()
            .map(|(id, slug, title, status, created, updated)| {
                Ok(PageEntry {
                    id: PostId(uuid(&id)?),
                    slug: Slug::parse(&slug)?,
                    title,
                    status: PostStatus::parse(&status)?,
                    created: millis_to_time(created),
                    updated: millis_to_time(updated.unwrap_or(created)),
                })
            })
            .collect()
    }

    async fn posts_by_author(
        &self,
        site: &Site,
        author: UserId,
        at: PageAt<'_>,
        limit: usize,
    ) -> Result<ListPage, PageError> {
        self.keyset_page(
            "FROM posts p WHERE site = ?1 AND author_id = ?2 AND published IS NOT NULL AND kind = 'post'",
            ("published", "id"),
            vec![
                Value::Text(site.to_string()),
                Value::Text(author.0.to_string()),
            ],
            at,
            limit,
            None,
        )
        .await
    }
}

/// The months with published posts, newest first: the newest post's time, then for each
/// month the newest post before it started.
const ARCHIVE_MONTHS: &str = "
WITH RECURSIVE months(at) AS (
    SELECT MAX(published) FROM posts WHERE site = ?1 AND published IS NOT NULL AND kind = 'post'
    UNION ALL
    SELECT (SELECT MAX(published) FROM posts
            WHERE site = ?1 AND published IS NOT NULL AND kind = 'post'
              AND published < CAST(strftime('%s', months.at / 1000, 'unixepoch', 'start of month') AS INTEGER) * 1000)
    FROM months WHERE months.at IS NOT NULL
)
SELECT at FROM months WHERE at IS NOT NULL";
