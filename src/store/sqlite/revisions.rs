//! Revisions: numbered saves from a base, and authors' drafts.

use super::post_indexes::list_tags;
use super::post_rows::{insert_revision, post_by_id};
use super::*;

#[async_trait]
impl Revisions for SqliteStore {
    async fn save_revision(
        &self,
        site: &Site,
        id: PostId,
        edit: PostEdit,
    ) -> Result<Post, EditError> {
        let site = site.to_string();
        let faults = self.faults.clone();
        self.transaction(move |sql| {
            let id = id.0.to_string();
            let current = post_by_id(sql, &site, &id)?.ok_or(EditError::NoSuchPost)?;
            if current.revision != edit.base {
                return Err(EditError::Conflict);
            }
            let number = edit.base + 1;
            let tags = join_tags(&edit.tags);
            let crash = faults.fires(Fault::CrashAfterRevisionClaim);
            insert_revision(sql, &site, &id, &current.locale.code(), number, &edit)?;
            if crash {
                // Dropping the transaction rolls the revision back, as a crash would.
                return Err(Fault::CrashAfterRevisionClaim.error().into());
            }
            sql.prepare(
                "UPDATE posts SET title = ?3, body = ?4, body_html = ?5, excerpt = ?6, tags = ?7, revision = ?8
                 WHERE site = ?1 AND id = ?2",
            )
            .and_then(|mut s| {
                s.execute(params![
                    site,
                    id,
                    edit.title.as_str(),
                    edit.body.as_str(),
                    edit.body_html,
                    edit.excerpt,
                    tags,
                    number,
                ])
            })
            .map_err(unavailable)?;
            let post = post_by_id(sql, &site, &id)?.ok_or(EditError::NoSuchPost)?;
            list_tags(sql, &site, &post)?;
            Ok(post)
        })
        .await
    }

    async fn save_draft(
        &self,
        site: &Site,
        id: PostId,
        user: UserId,
        locale: &Locale,
        draft: &Draft,
    ) -> StoreResult<()> {
        let (site, locale, draft) = (site.to_string(), locale.code(), draft.clone());
        self.run(move |sql| {
            sql
                .prepare(
                    "INSERT INTO user_drafts (site, post_id, user_id, locale, base, title, body, tags, saved)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
                     ON CONFLICT (site, post_id, user_id, locale) DO UPDATE SET
                       base = ?5, title = ?6, body = ?7, tags = ?8, saved = ?9",
                )
                .and_then(|mut s| {
                    s.execute(params![
                        site,
                        id.0.to_string(),
                        user.0.to_string(),
                        locale,
                        draft.base,
                        draft.title,
                        draft.body,
                        draft.tags,
                        draft.saved.timestamp_millis(),
                    ])
                })
                .map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    async fn draft(
        &self,
        site: &Site,
        id: PostId,
        user: UserId,
        locale: &Locale,
    ) -> StoreResult<Option<Draft>> {
        let (site, locale) = (site.to_string(), locale.code());
        self.read(move |sql| {
            sql.prepare(
                "SELECT base, title, body, tags, saved FROM user_drafts
                     WHERE site = ?1 AND post_id = ?2 AND user_id = ?3 AND locale = ?4",
            )
            .and_then(|mut s| {
                s.query_row(
                    params![site, id.0.to_string(), user.0.to_string(), locale],
                    |r| {
                        Ok(Draft {
                            base: r.get(0)?,
                            title: r.get(1)?,
                            body: r.get(2)?,
                            tags: r.get(3)?,
                            saved: millis_to_time(r.get(4)?),
                        })
                    },
                )
                .optional()
            })
            .map_err(unavailable)
        })
        .await
    }

    async fn discard_draft(
        &self,
        site: &Site,
        id: PostId,
        user: UserId,
        locale: &Locale,
    ) -> StoreResult<()> {
        let (site, locale) = (site.to_string(), locale.code());
        self.run(move |sql| {
            sql
                .prepare(
                    "DELETE FROM user_drafts WHERE site = ?1 AND post_id = ?2 AND user_id = ?3 AND locale = ?4",
                )
                .and_then(|mut s| {
                    s.execute(params![site, id.0.to_string(), user.0.to_string(), locale])
                })
                .map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    async fn revisions(
        &self,
        site: &Site,
        id: PostId,
        locale: &Locale,
        newest: u32,
        limit: usize,
    ) -> StoreResult<Vec<RevisionSummary>> {
        let (site, locale) = (site.to_string(), locale.code());
        let limit = limit.min(crate::domain::HISTORY_PAGE) as i64;
        self.read(move |sql| {
            let mut stmt = sql
                .prepare(
                    "SELECT revision, title, author_name, created, message FROM revisions
                     WHERE site = ?1 AND post_id = ?2 AND locale = ?3 AND branch = 1 AND revision <= ?4
                     ORDER BY revision DESC LIMIT ?5",
                )
                .map_err(unavailable)?;
            stmt.query_map(params![site, id.0.to_string(), locale, newest, limit], |r| {
                Ok(RevisionSummary {
                    number: r.get(0)?,
                    title: r.get(1)?,
                    author_name: r.get(2)?,
                    created: millis_to_time(r.get(3)?),
                    message: r.get(4)?,
                })
            })
            .and_then(Iterator::collect)
            .map_err(unavailable)
        })
        .await
    }

    async fn revision(
        &self,
        site: &Site,
        id: PostId,
        locale: &Locale,
        number: u32,
    ) -> StoreResult<Option<SavedRevision>> {
        let (site, locale) = (site.to_string(), locale.code());
        self.read(move |sql| {
            let row = sql
                .prepare(
                    "SELECT title, body, body_html, tags, author_id, author_name, created, message FROM revisions
                     WHERE site = ?1 AND post_id = ?2 AND locale = ?4 AND branch = 1 AND revision = ?3",
                )
                .and_then(|mut s| {
                    s.query_row(params![site, id.0.to_string(), number, locale], |r| {
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
                    .optional()
                })
                .map_err(unavailable)?;
            row.map(|(title, body, body_html, tags, author_id, author_name, created, message)| {
                Ok(SavedRevision {
                    number,
                    title: Title::parse(&title)?,
                    body: Body::parse(&body)?,
                    body_html,
                    tags: split_tags(&tags),
                    author_id: UserId(uuid(&author_id)?),
                    author_name,
                    created: millis_to_time(created),
                    message,
                })
            })
            .transpose()
        })
        .await
    }
}
