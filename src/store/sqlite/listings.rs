//! The lists of published posts: front page, author pages and tag pages, by index.

use super::*;
use crate::store::FRONT_PAGE_CAP;

/// Removes a post's rows from its tags' lists (through `post_tags_by_post`).
pub(super) const UNLIST_POST: &str = "DELETE FROM post_tags WHERE site = ?1 AND post_id = ?2";

/// Lists a post under one tag.
pub(super) const LIST_POST: &str =
    "INSERT INTO post_tags (site, tag, post_id, published) VALUES (?1, ?2, ?3, ?4)";

/// Makes a post's rows in the tag index match its tags and publication (none for a draft).
pub(super) fn list_tags(sql: &Sql<'_>, site: &str, post: &Post) -> StoreResult<()> {
    let id = post.id.0.to_string();
    sql.prepare(UNLIST_POST)
        .and_then(|mut s| s.execute(params![site, id]))
        .map_err(unavailable)?;
    if let Some(published) = post.published {
        for tag in post.tags.iter() {
            sql.prepare(LIST_POST)
                .and_then(|mut s| {
                    s.execute(params![
                        site,
                        tag.as_str(),
                        id,
                        published.timestamp_millis()
                    ])
                })
                .map_err(unavailable)?;
        }
    }
    Ok(())
}

/// The position after a post in a tag's list: `<published millis>.<post id>`.
pub(super) fn tag_cursor(post: &PostSummary) -> String {
    format!("{}.{}", post.published.timestamp_millis(), post.id.0)
}

pub(super) fn parse_tag_cursor(cursor: &str) -> Option<(i64, String)> {
    let (millis, id) = cursor.split_once('.')?;
    let id = Uuid::try_parse(id).ok()?;
    Some((millis.parse().ok()?, id.to_string()))
}

/// Post summaries selected by `filter` (a FROM ... WHERE ... ORDER BY ... LIMIT clause
/// in which `p` is the posts table).
pub(super) fn summaries(
    sql: &Sql<'_>,
    filter: &str,
    values: impl rusqlite::Params,
) -> StoreResult<Vec<PostSummary>> {
    let mut stmt = sql
        .prepare(&format!(
            "SELECT p.id, p.slug, p.title, p.excerpt, p.author_name, p.tags, p.published {filter}"
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
            ))
        })
        .map_err(unavailable)?;
    let mut out = Vec::new();
    for row in rows {
        let (id, slug, title, excerpt, author_name, tags, published) = row.map_err(unavailable)?;
        out.push(PostSummary {
            id: PostId(uuid(&id)?),
            slug: Slug::parse(&slug)?,
            title,
            excerpt,
            author_name,
            tags: split_tags(&tags),
            published: millis_to_time(published),
        });
    }
    Ok(out)
}

#[async_trait]
impl Listings for SqliteStore {
    async fn front_page(&self, site: &Site, limit: usize) -> StoreResult<Vec<PostSummary>> {
        let site = site.to_string();
        let limit = limit.min(FRONT_PAGE_CAP);
        self.read(move |sql| {
            summaries(
                sql,
                "FROM posts p WHERE site = ?1 AND published IS NOT NULL ORDER BY published DESC, id DESC LIMIT ?2",
                params![site, limit as i64],
            )
        })
        .await
    }

    async fn tag_page(
        &self,
        site: &Site,
        tag: &Tag,
        after: Option<&str>,
        limit: usize,
    ) -> Result<ListPage, PageError> {
        let (millis, id) = match after {
            None => (i64::MAX, "~".to_owned()),
            Some(cursor) => parse_tag_cursor(cursor).ok_or(PageError::BadCursor)?,
        };
        let (site, tag) = (site.to_string(), tag.as_str().to_owned());
        let limit = limit.clamp(1, 100);
        let mut posts = self
            .read(move |sql| {
                summaries(
                    sql,
                    "FROM post_tags t JOIN posts p ON p.site = t.site AND p.id = t.post_id
                     WHERE t.site = ?1 AND t.tag = ?2 AND (t.published < ?3 OR (t.published = ?3 AND t.post_id < ?4))
                     ORDER BY t.published DESC, t.post_id DESC LIMIT ?5",
                    params![site, tag, millis, id, limit as i64 + 1],
                )
            })
            .await?;
        let next = (posts.len() > limit).then(|| {
            posts.truncate(limit);
            posts.last().map(tag_cursor)
        });
        Ok(ListPage {
            posts,
            next: next.flatten(),
        })
    }

    async fn posts_by_author(
        &self,
        site: &Site,
        author: UserId,
        after: Option<&str>,
        limit: usize,
    ) -> Result<ListPage, PageError> {
        let (millis, id) = match after {
            None => (i64::MAX, "~".to_owned()),
            Some(cursor) => parse_tag_cursor(cursor).ok_or(PageError::BadCursor)?,
        };
        let site = site.to_string();
        let limit = limit.clamp(1, 100);
        let mut posts = self
            .read(move |sql| {
                summaries(
                    sql,
                    "FROM posts p WHERE site = ?1 AND author_id = ?2 AND published IS NOT NULL
                     AND (published < ?3 OR (published = ?3 AND id < ?4))
                     ORDER BY published DESC, id DESC LIMIT ?5",
                    params![site, author.0.to_string(), millis, id, limit as i64 + 1],
                )
            })
            .await?;
        let next = (posts.len() > limit).then(|| {
            posts.truncate(limit);
            posts.last().map(tag_cursor)
        });
        Ok(ListPage {
            posts,
            next: next.flatten(),
        })
    }
}
