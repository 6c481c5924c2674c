//! Deleting a post: its row is marked deleted by an LWT (and emptied of its text), then
//! everything that hangs from it is removed, each step re-runnable from the row alone,
//! so that a call for a post already marked finishes what a crashed one left. The row
//! stays, keeping its slug claim and short number taken: both answer as gone.
//!
//! Rows of tables that LWTs write (comments, suggestions, translations) are removed by
//! LWTs one by one; the other tables' partitions of the post by plain deletes.

use super::intents::Listed;
use super::lwt::is_cas_uncertain;
use super::lwt::slug_scope;
use super::posts::revisions::shelf_of;
use super::{CassandraStore, unavailable};
use crate::domain::{PostId, PostKind, Site, Slug, UserId};
use crate::store::{Fault, StoreError, StoreResult};
use chrono::{DateTime, Utc};
use futures_util::{StreamExt, TryStreamExt};
use scylla::DeserializeRow;
use scylla::client::session::Session;
use scylla::errors::ExecutionError;
use scylla::serialize::row::SerializeRow;
use scylla::statement::prepared::PreparedStatement;
use scylla::value::CqlTimeuuid;
use uuid::Uuid;

/// The statements of this file, prepared once at start.
pub(super) struct Statements {
    mark: PreparedStatement,
    read: PreparedStatement,
    read_serial: PreparedStatement,
    short_gone: PreparedStatement,
    page_delete: PreparedStatement,
    draft_delete: PreparedStatement,
    comment_delete: PreparedStatement,
    comments_taken: PreparedStatement,
    comments_taken_delete: PreparedStatement,
    suggestions_taken: PreparedStatement,
    suggestions_taken_delete: PreparedStatement,
    list_delete: PreparedStatement,
    thread_delete: PreparedStatement,
    post_moderation_delete: PreparedStatement,
    tally_delete: PreparedStatement,
    suggestion_delete: PreparedStatement,
    user_drafts_delete: PreparedStatement,
    translation_delete: PreparedStatement,
    shelf_delete: PreparedStatement,
    comment_ids: PreparedStatement,
    suggestion_ids: PreparedStatement,
    translation_revisions: PreparedStatement,
    shelf_rows: PreparedStatement,
}

impl Statements {
    pub(super) async fn prepare(session: &Session, ks: &str) -> Result<Self, ExecutionError> {
        let prepare = |cql: String| super::prepare(session, cql);
        let post = "site = ? AND post_id = ?";
        let read = format!(
            "SELECT status, kind, author_id, created, tags, published_id, revision, origin, short_id, slug FROM {ks}.posts WHERE {post}"
        );
        Ok(Self {
            comment_ids: prepare(format!("SELECT id, state FROM {ks}.comments WHERE {post}")).await?,
            suggestion_ids: prepare(format!("SELECT id FROM {ks}.suggestions WHERE {post}"))
                .await?,
            translation_revisions: prepare(format!(
                "SELECT locale, revision FROM {ks}.translations WHERE {post}"
            ))
            .await?,
            shelf_rows: prepare(format!(
                "SELECT branch, revision FROM {ks}.post_revisions WHERE {post} AND locale = ? AND shelf = ?"
            ))
            .await?,
            mark: prepare(format!(
                "UPDATE {ks}.posts SET status = 'deleted', title = '', body = '', body_html = '', excerpt = '', scheduled = null WHERE {post} IF status IN ('draft', 'published')"
            ))
            .await?,
            read: prepare(read.clone()).await?,
            read_serial: {
                let mut st = prepare(read).await?;
                crate::store::cassandra::read_serially(&mut st);
                st
            },
            short_gone: prepare(format!(
                "UPDATE {ks}.short_links SET gone = true, post_id = ?, slug = ? WHERE site = ? AND short_id = ?"
            ))
            .await?,
            page_delete: prepare(format!(
                "DELETE FROM {ks}.site_pages WHERE site = ? AND created = ? AND post_id = ?"
            ))
            .await?,
            draft_delete: prepare(format!(
                "DELETE FROM {ks}.author_drafts WHERE site = ? AND author_id = ? AND created = ? AND post_id = ?"
            ))
            .await?,
            comment_delete: prepare(format!(
                "DELETE FROM {ks}.comments WHERE {post} AND id = ? IF EXISTS"
            ))
            .await?,
            comments_taken: prepare(format!(
                "SELECT taken FROM {ks}.comments WHERE {post} LIMIT 1"
            ))
            .await?,
            comments_taken_delete: prepare(format!(
                "DELETE taken FROM {ks}.comments WHERE {post} IF taken = ?"
            ))
            .await?,
            suggestions_taken: prepare(format!(
                "SELECT taken FROM {ks}.suggestions WHERE {post} LIMIT 1"
            ))
            .await?,
            suggestions_taken_delete: prepare(format!(
                "DELETE taken FROM {ks}.suggestions WHERE {post} IF taken = ?"
            ))
            .await?,
            list_delete: prepare(format!(
                "DELETE FROM {ks}.moderation_lists WHERE site = ? AND state = ? AND hour = ? AND id = ?"
            ))
            .await?,
            thread_delete: prepare(format!("DELETE FROM {ks}.comment_thread WHERE {post}")).await?,
            post_moderation_delete: prepare(format!(
                "DELETE FROM {ks}.post_moderation WHERE {post}"
            ))
            .await?,
            tally_delete: prepare(format!(
                "DELETE FROM {ks}.post_comment_tallies WHERE site = ? AND bucket = ? AND post_id = ?"
            ))
            .await?,
            suggestion_delete: prepare(format!(
                "DELETE FROM {ks}.suggestions WHERE {post} AND id = ? IF EXISTS"
            ))
            .await?,
            user_drafts_delete: prepare(format!("DELETE FROM {ks}.user_drafts WHERE {post}"))
                .await?,
            translation_delete: prepare(format!(
                "DELETE FROM {ks}.translations WHERE {post} AND locale = ? IF EXISTS"
            ))
            .await?,
            shelf_delete: prepare(format!(
                "DELETE FROM {ks}.post_revisions WHERE {post} AND locale = ? AND shelf = ? AND branch = ? AND revision = ? IF EXISTS"
            ))
            .await?,
        })
    }
}

/// What a deleted post's row still says.
#[derive(DeserializeRow)]
struct MarkedRow {
    status: String,
    kind: Option<String>,
    author_id: Uuid,
    created: DateTime<Utc>,
    tags: Option<Vec<String>>,
    published_id: Option<CqlTimeuuid>,
    revision: i32,
    origin: Option<String>,
    short_id: Option<i64>,
    slug: Option<String>,
}

impl CassandraStore {
    pub(super) async fn delete_marked(&self, site: &Site, id: PostId) -> StoreResult<bool> {
        let key = (site.as_str(), id.0);
        let Some(row) = self.row::<MarkedRow>(&self.deletion.read, key).await? else {
            return Ok(false);
        };
        if row.status != "deleted" {
            match self.session.execute_unpaged(&self.deletion.mark, key).await {
                Ok(_) => {}
                // Whether it applied is read back below, at SERIAL.
                Err(e) if is_cas_uncertain(&e) => {}
                Err(e) => return Err(unavailable(e)),
            }
        }
        if self.options.faults.fires(Fault::CrashAfterDeleteMark) {
            return Err(Fault::CrashAfterDeleteMark.error());
        }
        let Some(row) = self
            .row::<MarkedRow>(&self.deletion.read_serial, key)
            .await?
        else {
            return Ok(false);
        };
        if row.status != "deleted" {
            return Err(StoreError::Unavailable(format!(
                "post {} could not be marked deleted; try again",
                id.0
            )));
        }
        self.purge(site, id, &row).await?;
        Ok(true)
    }

    /// Removes everything that hangs from a post marked deleted, from what its row
    /// still says; each step removes what is left of it.
    async fn purge(&self, site: &Site, id: PostId, row: &MarkedRow) -> StoreResult<()> {
        let key = (site.as_str(), id.0);
        let author = UserId(row.author_id);
        // Out of the lists of posts, their counts and the search index. The row keeps
        // where it was listed: a second purge (the reconciler's, after a write that read
        // the post before it was marked) removes what such a write put back.
        if let Some(published_id) = row.published_id {
            let was = Listed {
                published_id: Uuid::from(published_id),
                tags: row.tags.clone().unwrap_or_default(),
            };
            self.unlist_post(site, author, &was).await?;
            self.unindex_search(site, id, published_id).await?;
        }
        // Its rows in the lists of pages, drafts and the schedule.
        if row.kind.as_deref() == Some(PostKind::Page.as_str()) {
            self.exec(
                &self.deletion.page_delete,
                (site.as_str(), row.created, id.0),
            )
            .await?;
        } else {
            self.exec(
                &self.deletion.draft_delete,
                (site.as_str(), author.0, row.created, id.0),
            )
            .await?;
        }
        self.unlist_scheduled(site, id).await?;
        // Comments: out of the moderation lists, then their rows, thread and counts.
        let comments: Vec<(CqlTimeuuid, Option<String>)> =
            self.scan_prepared(&self.deletion.comment_ids, key).await?;
        // Sixteen at a time: a post can have 10,000.
        let removals = comments.into_iter().map(|(comment, state)| async move {
            if let Some(state) = state {
                self.exec(
                    &self.deletion.list_delete,
                    (
                        site.as_str(),
                        state.as_str(),
                        super::hours::hour_of(Uuid::from(comment)),
                        comment,
                    ),
                )
                .await?;
            }
            self.lwt_delete(
                &self.deletion.comment_delete,
                (site.as_str(), id.0, comment),
            )
            .await
        });
        futures_util::stream::iter(removals)
            .buffer_unordered(16)
            .try_collect::<Vec<()>>()
            .await?;
        self.delete_taken(
            &self.deletion.comments_taken,
            &self.deletion.comments_taken_delete,
            site,
            id,
        )
        .await?;
        self.exec(&self.deletion.thread_delete, key).await?;
        self.exec(&self.deletion.post_moderation_delete, key)
            .await?;
        // Its counts out of its bucket's, recounted from the other posts' (only when it
        // had any: a recount races the comments other posts get meanwhile).
        if !self.tally(site, id).await?.is_zero() {
            let bucket = super::comments::tallies::bucket_of(id.0);
            self.exec(&self.deletion.tally_delete, (site.as_str(), bucket, id.0))
                .await?;
            self.settle_bucket(site, bucket, None, true).await?;
        }
        // Suggestions and editors' drafts.
        let suggestions: Vec<(String,)> = self
            .scan_prepared(&self.deletion.suggestion_ids, key)
            .await?;
        for (suggestion,) in &suggestions {
            self.lwt_delete(
                &self.deletion.suggestion_delete,
                (site.as_str(), id.0, suggestion.as_str()),
            )
            .await?;
        }
        self.delete_taken(
            &self.deletion.suggestions_taken,
            &self.deletion.suggestions_taken_delete,
            site,
            id,
        )
        .await?;
        self.exec(&self.deletion.user_drafts_delete, key).await?;
        // Each translation's revisions, then the translation (last: it names them).
        let translations: Vec<(String, Option<i32>)> = self
            .scan_prepared(&self.deletion.translation_revisions, key)
            .await?;
        for (locale, revision) in &translations {
            self.delete_shelves(site, id, locale, revision.unwrap_or(1))
                .await?;
            self.lwt_delete(
                &self.deletion.translation_delete,
                (site.as_str(), id.0, locale.as_str()),
            )
            .await?;
        }
        let origin = row.origin.clone().unwrap_or_default();
        self.delete_shelves(site, id, &origin, row.revision).await?;
        if let Some(short_id) = row.short_id {
            let slug = row.slug.as_deref().unwrap_or_default();
            self.exec(
                &self.deletion.short_gone,
                (id.0, slug, site.as_str(), short_id),
            )
            .await?;
        }
        Ok(())
    }

    /// A partition's count of rows taken (a static cell, which LWTs write), removed by
    /// an LWT from the value read, so that nothing of the partition is left.
    async fn delete_taken(
        &self,
        read: &PreparedStatement,
        delete: &PreparedStatement,
        site: &Site,
        id: PostId,
    ) -> StoreResult<()> {
        let row: Option<(Option<i32>,)> = self.row(read, (site.as_str(), id.0)).await?;
        if let Some((Some(taken),)) = row {
            self.lwt_delete(delete, (site.as_str(), id.0, taken))
                .await?;
        }
        Ok(())
    }

    /// Every revision of one text, shelf by shelf up to the one of `newest`: each row by
    /// an LWT (revisions are made by LWTs), sixteen at a time.
    async fn delete_shelves(
        &self,
        site: &Site,
        id: PostId,
        locale: &str,
        newest: i32,
    ) -> StoreResult<()> {
        for shelf in 0..=shelf_of(newest.max(1)) {
            let rows: Vec<(i32, i32)> = self
                .scan_prepared(
                    &self.deletion.shelf_rows,
                    (site.as_str(), id.0, locale, shelf),
                )
                .await?;
            let removals = rows.into_iter().map(|(branch, revision)| {
                self.lwt_delete(
                    &self.deletion.shelf_delete,
                    (site.as_str(), id.0, locale, shelf, branch, revision),
                )
            });
            futures_util::stream::iter(removals)
                .buffer_unordered(16)
                .try_collect::<Vec<()>>()
                .await?;
        }
        Ok(())
    }

    /// A conditional delete of one row; a failure (an uncertain outcome too) fails the
    /// deletion, which the next run (or the reconciler) takes up again.
    async fn lwt_delete(
        &self,
        statement: &PreparedStatement,
        values: impl SerializeRow,
    ) -> StoreResult<()> {
        self.exec(statement, values).await.map(|_| ())
    }

    /// Whether a post's row is there, marked deleted: read at SERIAL when `serial` (a
    /// caller racing a deletion), else as a plain read sees a finished one.
    pub(super) async fn marked_deleted(
        &self,
        site: &Site,
        id: PostId,
        serial: bool,
    ) -> StoreResult<bool> {
        let statement = if serial {
            &self.deletion.read_serial
        } else {
            &self.deletion.read
        };
        let row = self
            .row::<MarkedRow>(statement, (site.as_str(), id.0))
            .await?;
        Ok(row.is_some_and(|r| r.status == "deleted"))
    }

    /// Whether `slug` names a post marked deleted.
    pub(super) async fn slug_gone(&self, site: &Site, slug: &Slug) -> StoreResult<bool> {
        let claim: Option<(Uuid, String)> = self
            .row(&self.lwt.claim_read, (slug_scope(site), slug.as_str()))
            .await?;
        let Some((owner, _)) = claim else {
            return Ok(false);
        };
        let row = self
            .row::<MarkedRow>(&self.deletion.read, (site.as_str(), owner))
            .await?;
        Ok(row.is_some_and(|r| r.status == "deleted"))
    }
}
