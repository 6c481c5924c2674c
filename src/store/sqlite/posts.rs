//! Posts: the posts row with its first revision and short number, publication.

use super::ids::take_short_id;
use super::post_indexes::list_tags;
use super::post_rows::{POST_COLUMNS, POST_SELECT, PostRow, insert_revision, post_by_id};
use super::*;

/// The status of a deleted post's row, which stays to keep its slug and short number.
const DELETED: &str = "deleted";

#[async_trait]
impl Posts for SqliteStore {
    async fn create_post(&self, post: NewPost) -> StoreResult<Post> {
        self.transaction(move |sql| {
            let site = post.site.to_string();
            let mut candidates = post.wanted_slug().candidates();
            let mut slug = candidates.next_slug();
            while sql
                .prepare("SELECT 1 FROM posts WHERE site = ?1 AND slug = ?2")
                .and_then(|mut s| s.exists(params![site, slug.as_str()]))
                .map_err(unavailable)?
            {
                slug = candidates.next_slug();
            }
            let short_id = take_short_id(sql, &site)?;
            let id = post.id.0.to_string();
            let tags = join_tags(&post.tags);
            let created = post.created.timestamp_millis();
            let published = post.published();
            let status = post.status();
            sql.prepare(&format!(
                "INSERT INTO posts ({POST_COLUMNS}, site) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, 1, ?14, ?15, 0, ?16, ?12, ?13)"
            ))
            .and_then(|mut s| {
                s.execute(params![
                    id,
                    slug.as_str(),
                    post.title.as_str(),
                    post.body.as_str(),
                    post.body_html,
                    post.excerpt,
                    tags,
                    post.author_id.0.to_string(),
                    post.author_name,
                    status.as_str(),
                    created,
                    published.map(|p| p.timestamp_millis()),
                    site,
                    short_id,
                    post.locale.code(),
                    post.kind.as_str(),
                ])
            })
            .map_err(unavailable)?;
            let first = post.first_version();
            insert_revision(sql, &site, &id, &post.locale.code(), 1, &first)?;
            let created = post.into_post(slug, short_id);
            list_tags(sql, &site, &created)?;
            Ok(created)
        })
        .await
    }

    async fn unpublish_post(&self, site: &Site, id: PostId) -> StoreResult<Option<Post>> {
        let site = site.to_string();
        self.transaction(move |sql| {
            let id = id.0.to_string();
            sql.prepare(
                "UPDATE posts SET status = 'draft', published = NULL
                 WHERE site = ?1 AND id = ?2 AND status = 'published'",
            )
            .and_then(|mut s| s.execute(params![site, id]))
            .map_err(unavailable)?;
            let post = post_by_id(sql, &site, &id)?;
            if let Some(post) = &post {
                list_tags(sql, &site, post)?;
            }
            Ok(post)
        })
        .await
    }

    async fn publish_post(
        &self,
        site: &Site,
        id: PostId,
        at: DateTime<Utc>,
    ) -> StoreResult<Option<Post>> {
        let site = site.to_string();
        self.transaction(move |sql| {
            let id = id.0.to_string();
            sql.prepare(
                "UPDATE posts SET status = 'published', published = ?3, first_published = ?3,
                 scheduled = NULL WHERE site = ?1 AND id = ?2 AND status = 'draft'",
            )
            .and_then(|mut s| s.execute(params![site, id, at.timestamp_millis()]))
            .map_err(unavailable)?;
            let post = post_by_id(sql, &site, &id)?;
            if let Some(post) = &post {
                list_tags(sql, &site, post)?;
            }
            Ok(post)
        })
        .await
    }

    async fn schedule_post(
        &self,
        site: &Site,
        id: PostId,
        due: Option<DateTime<Utc>>,
    ) -> StoreResult<Option<Post>> {
        let site = site.to_string();
        self.transaction(move |sql| {
            let id = id.0.to_string();
            sql.prepare(
                "UPDATE posts SET scheduled = ?3 WHERE site = ?1 AND id = ?2 AND status = 'draft'",
            )
            .and_then(|mut s| s.execute(params![site, id, due.map(|d| d.timestamp_millis())]))
            .map_err(unavailable)?;
            post_by_id(sql, &site, &id)
        })
        .await
    }

    async fn publish_scheduled(
        &self,
        site: &Site,
        id: PostId,
        due: DateTime<Utc>,
    ) -> StoreResult<bool> {
        let site = site.to_string();
        self.transaction(move |sql| {
            let id = id.0.to_string();
            let changed = sql
                .prepare(
                    "UPDATE posts SET status = 'published', published = ?3, first_published = ?3,
                     scheduled = NULL
                     WHERE site = ?1 AND id = ?2 AND status = 'draft' AND scheduled = ?3",
                )
                .and_then(|mut s| s.execute(params![site, id, due.timestamp_millis()]))
                .map_err(unavailable)?;
            if changed == 0 {
                return Ok(false);
            }
            if let Some(post) = post_by_id(sql, &site, &id)? {
                list_tags(sql, &site, &post)?;
            }
            Ok(true)
        })
        .await
    }

    async fn post_by_id(&self, site: &Site, id: PostId) -> StoreResult<Option<Post>> {
        let (site, id) = (site.to_string(), id.0.to_string());
        self.read(move |sql| {
            let row = sql
                .prepare(&format!(
                    "SELECT {POST_SELECT} FROM posts p WHERE site = ?1 AND id = ?2 AND status != 'deleted'"
                ))
                .and_then(|mut s| s.query_row(params![site, id], PostRow::read).optional())
                .map_err(unavailable)?;
            row.map(PostRow::into_post).transpose()
        })
        .await
    }

    async fn post_by_slug(&self, site: &Site, slug: &Slug) -> StoreResult<Option<Post>> {
        let (site, slug) = (site.to_string(), slug.as_str().to_owned());
        self.read(move |sql| {
            let row = sql
                .prepare(&format!(
                    "SELECT {POST_SELECT} FROM posts p WHERE site = ?1 AND slug = ?2 AND status != 'deleted'"
                ))
                .and_then(|mut s| s.query_row(params![site, slug], PostRow::read).optional())
                .map_err(unavailable)?;
            row.map(PostRow::into_post).transpose()
        })
        .await
    }

    async fn slug_by_short_id(&self, site: &Site, short_id: u64) -> StoreResult<Option<ShortLink>> {
        let site = site.to_string();
        self.read(move |sql| {
            let row: Option<(String, String)> = sql
                .prepare("SELECT slug, status FROM posts WHERE site = ?1 AND short_id = ?2")
                .and_then(|mut s| {
                    s.query_row(params![site, short_id], |r| Ok((r.get(0)?, r.get(1)?)))
                        .optional()
                })
                .map_err(unavailable)?;
            row.map(|(slug, status)| {
                Ok(if status == DELETED {
                    ShortLink::Gone
                } else {
                    ShortLink::Post(Slug::parse(&slug)?)
                })
            })
            .transpose()
        })
        .await
    }

    async fn delete_post(&self, site: &Site, id: PostId) -> StoreResult<bool> {
        let site = site.to_string();
        let deleted: bool = self
            .transaction(move |sql| -> StoreResult<bool> {
                let id = id.0.to_string();
                let status: Option<String> = sql
                    .prepare("SELECT status FROM posts WHERE site = ?1 AND id = ?2")
                    .and_then(|mut s| s.query_row(params![site, id], |r| r.get(0)).optional())
                    .map_err(unavailable)?;
                let Some(status) = status else {
                    return Ok(false);
                };
                // The post as it was, unless a deletion already emptied it (this one then
                // removes what a write that read the post before it was deleted added).
                let post = match status.as_str() {
                    DELETED => None,
                    _ => post_by_id(sql, &site, &id)?,
                };
                // Children before parents (the moderation queue names comments); the
                // comments' triggers take them out of the site's counts.
                for table in [
                    "moderation_queue",
                    "comments",
                    "comment_tallies",
                    "suggestions",
                    "user_drafts",
                    "revisions",
                    "translations",
                ] {
                    sql.prepare(&format!(
                        "DELETE FROM {table} WHERE site = ?1 AND post_id = ?2"
                    ))
                    .and_then(|mut s| s.execute(params![site, id]))
                    .map_err(unavailable)?;
                }
                let Some(post) = post else {
                    return Ok(true);
                };
                // The row stays, emptied, so that its slug and short number stay taken and
                // answer as gone.
                sql.prepare(
                    "UPDATE posts SET status = 'deleted', title = '', body = '', body_html = '',
                 excerpt = '', tags = '', published = NULL, first_published = NULL,
                 scheduled = NULL WHERE site = ?1 AND id = ?2",
                )
                .and_then(|mut s| s.execute(params![site, id]))
                .map_err(unavailable)?;
                // Out of its tags (and their counts) and the search index.
                let unlisted = Post {
                    published: None,
                    ..post
                };
                list_tags(sql, &site, &unlisted)?;
                Ok(true)
            })
            .await?;
        // The store's part is one transaction; the files' references, which the caller
        // removes next, are the window a crash here opens.
        if deleted && self.faults.fires(Fault::CrashAfterDeleteMark) {
            return Err(Fault::CrashAfterDeleteMark.error());
        }
        Ok(deleted)
    }

    async fn is_gone(&self, site: &Site, slug: &Slug) -> StoreResult<bool> {
        let (site, slug) = (site.to_string(), slug.as_str().to_owned());
        self.read(move |sql| {
            sql.prepare("SELECT 1 FROM posts WHERE site = ?1 AND slug = ?2 AND status = 'deleted'")
                .and_then(|mut s| s.exists(params![site, slug]))
                .map_err(unavailable)
        })
        .await
    }

    async fn is_deleted(&self, site: &Site, id: PostId) -> StoreResult<bool> {
        let (site, id) = (site.to_string(), id.0.to_string());
        self.read(move |sql| {
            sql.prepare("SELECT 1 FROM posts WHERE site = ?1 AND id = ?2 AND status = 'deleted'")
                .and_then(|mut s| s.exists(params![site, id]))
                .map_err(unavailable)
        })
        .await
    }
}
