//! Revisions (by revision key): a numbered claim per save, then the post moves to it;
//! and authors' drafts.
//!
//! A text's history is shelved: revisions 1-50 of a post in one locale share a partition
//! of `post_revisions`, 51-100 the next, and so on, so no partition grows with the
//! history. Revision numbers are dense (a save claims `base + 1` only while the text is
//! at `base`, and a claimed number is always rolled forward to), so a page of the
//! history, at most a shelf long, reads one or two shelves.

use crate::domain::HISTORY_PAGE;
use crate::domain::post::Body;
use crate::domain::{
    Draft, Locale, Post, PostEdit, PostId, RevisionSummary, SavedRevision, Site, Tags, Title,
    UserId,
};
use crate::store::cassandra::intents::OwnIntent;
use crate::store::cassandra::lwt::{is_cas_uncertain, settled};
use crate::store::cassandra::{CassandraStore, unavailable};
use crate::store::prelude::*;
use crate::store::{EditError, Fault, StoreError, StoreResult};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use scylla::DeserializeRow;
use scylla::client::session::Session;
use scylla::errors::ExecutionError;
use scylla::statement::prepared::PreparedStatement;
use uuid::Uuid;

/// Revisions per partition of `post_revisions`; `schema.cql` states the bound.
pub(crate) const REVISIONS_PER_SHELF: i32 = 50;

/// The shelf that holds revision `number` (numbers start at 1).
pub(in crate::store::cassandra) fn shelf_of(number: i32) -> i32 {
    (number.max(1) - 1) / REVISIONS_PER_SHELF
}

/// The columns of a revision row, in the order of `RevisionRow` after the key.
pub(in crate::store::cassandra) const REVISION_COLUMNS: &str =
    "revision, title, body, body_html, tags, author_id, author_name, created, message";

#[derive(DeserializeRow)]
pub(in crate::store::cassandra) struct RevisionRow {
    revision: i32,
    title: String,
    body: String,
    body_html: String,
    tags: Option<Vec<String>>,
    author_id: Uuid,
    author_name: Option<String>,
    created: DateTime<Utc>,
    message: String,
}

impl RevisionRow {
    pub(in crate::store::cassandra) fn into_revision(self) -> StoreResult<SavedRevision> {
        Ok(SavedRevision {
            number: u32::try_from(self.revision).map_err(|e| StoreError::Corrupt(e.to_string()))?,
            title: Title::parse(&self.title)?,
            body: Body::parse(&self.body)?,
            body_html: self.body_html,
            tags: Tags::from_stored(self.tags.unwrap_or_default()),
            author_id: UserId(self.author_id),
            author_name: self.author_name.unwrap_or_default(),
            created: self.created,
            message: self.message,
        })
    }
}

/// The statements of this file, prepared once at start.
pub(in crate::store::cassandra) struct Statements {
    pub(in crate::store::cassandra) revision_claim: PreparedStatement,
    pub(in crate::store::cassandra) revision_save_id_serial: PreparedStatement,
    pub(in crate::store::cassandra) post_revise: PreparedStatement,
    pub(in crate::store::cassandra) revisions_page: PreparedStatement,
    pub(in crate::store::cassandra) revision_read: PreparedStatement,
    pub(in crate::store::cassandra) draft_write: PreparedStatement,
    pub(in crate::store::cassandra) draft_read: PreparedStatement,
    pub(in crate::store::cassandra) draft_delete: PreparedStatement,
}

impl Statements {
    pub(in crate::store::cassandra) async fn prepare(
        session: &Session,
        ks: &str,
    ) -> Result<Self, ExecutionError> {
        let prepare = |cql: String| crate::store::cassandra::prepare(session, cql);
        let mut revision_save_id_serial = prepare(format!(
            "SELECT save_id FROM {ks}.post_revisions WHERE site = ? AND post_id = ? AND locale = ? AND shelf = ? AND branch = 1 AND revision = ?"
        ))
        .await?;
        crate::store::cassandra::read_serially(&mut revision_save_id_serial);
        Ok(Self {
            revision_claim: prepare(format!(
                "INSERT INTO {ks}.post_revisions (site, post_id, locale, shelf, branch, revision, title, body, body_html, tags, author_id, author_name, created, message, save_id)
                 VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) IF NOT EXISTS"
            ))
            .await?,
            revision_save_id_serial,
            post_revise: prepare(format!(
                "UPDATE {ks}.posts SET title = ?, body = ?, body_html = ?, excerpt = ?, tags = ?, revision = ?, updated = ?
                 WHERE site = ? AND post_id = ? IF revision = ? AND status IN ('draft', 'published')"
            ))
            .await?,
            revisions_page: prepare(format!(
                "SELECT revision, title, author_name, created, message FROM {ks}.post_revisions
                 WHERE site = ? AND post_id = ? AND locale = ? AND shelf = ? AND branch = 1 AND revision <= ?
                 LIMIT ?"
            ))
            .await?,
            revision_read: prepare(format!(
                "SELECT {REVISION_COLUMNS} FROM {ks}.post_revisions
                 WHERE site = ? AND post_id = ? AND locale = ? AND shelf = ? AND branch = 1 AND revision = ?"
            ))
            .await?,
            draft_write: prepare(format!(
                "INSERT INTO {ks}.user_drafts (site, post_id, user_id, locale, base, title, body, tags, saved) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
            ))
            .await?,
            draft_read: prepare(format!(
                "SELECT base, title, body, tags, saved FROM {ks}.user_drafts WHERE site = ? AND post_id = ? AND user_id = ? AND locale = ?"
            ))
            .await?,
            draft_delete: prepare(format!(
                "DELETE FROM {ks}.user_drafts WHERE site = ? AND post_id = ? AND user_id = ? AND locale = ?"
            ))
            .await?,
        })
    }
}

impl CassandraStore {
    /// Revision `number` of a post's text in `locale`, from its shelf.
    pub(in crate::store::cassandra) async fn revision_row(
        &self,
        site: &Site,
        id: PostId,
        locale: &Locale,
        number: i32,
    ) -> StoreResult<Option<RevisionRow>> {
        self.row(
            &self.revisions.revision_read,
            (site.as_str(), id.0, locale.code(), shelf_of(number), number),
        )
        .await
    }

    /// Moves a post whose next revision row exists but which still shows `base` (its saver
    /// is between its two writes, or died there) to that revision, so that a crash can
    /// never leave a post that refuses every save. Harmless when the saver is alive: its
    /// own move then finds the post already there.
    pub(in crate::store::cassandra) async fn roll_forward(
        &self,
        site: &Site,
        id: PostId,
        locale: &Locale,
        base: u32,
    ) -> StoreResult<()> {
        let next = base as i32 + 1;
        let Some(row) = self.revision_row(site, id, locale, next).await? else {
            return Ok(());
        };
        let revision = row.into_revision()?;
        let was = match self.post_listing(site, id, false).await? {
            Some((_, was)) => was,
            None => return Ok(()),
        };
        let excerpt = revision.body.excerpt();
        let tags = revision.tags.to_strings();
        let intent = self
            .begin_own(&OwnIntent::Relist {
                site: site.to_string(),
                post: id.0,
                was: was.clone(),
            })
            .await?;
        let moved = self
            .session
            .execute_unpaged(
                &self.revisions.post_revise,
                (
                    revision.title.as_str(),
                    revision.body.as_str(),
                    revision.body_html.as_str(),
                    excerpt.as_str(),
                    &tags,
                    next,
                    revision.created,
                    site.as_str(),
                    id.0,
                    base as i32,
                ),
            )
            .await;
        match moved {
            Ok(_) => {
                self.settle_lists(site, id, was).await?;
            }
            // Left to the reconciler, which settles the lists whichever way it went.
            Err(e) if is_cas_uncertain(&e) => return Ok(()),
            Err(e) => return Err(unavailable(e)),
        }
        self.end_own(intent).await
    }

    /// Claims revision `number` of a post's text in `locale` by the LWT insert of its row:
    /// of concurrent savers from one base, one wins. "Not applied" and a CAS timeout are
    /// settled by a serial read of the row's save id, never by a blind retry.
    pub(in crate::store::cassandra) async fn claim_revision(
        &self,
        site: &Site,
        id: PostId,
        locale: &Locale,
        number: i32,
        edit: &PostEdit,
    ) -> StoreResult<bool> {
        let save_id = Uuid::new_v4();
        let tags = edit.tags.to_strings();
        let code = locale.code();
        let claim = self
            .session
            .execute_unpaged(
                &self.revisions.revision_claim,
                (
                    site.as_str(),
                    id.0,
                    code.as_str(),
                    shelf_of(number),
                    number,
                    edit.title.as_str(),
                    edit.body.as_str(),
                    edit.body_html.as_str(),
                    &tags,
                    edit.author_id.0,
                    edit.author_name.as_str(),
                    edit.at,
                    edit.message.as_str(),
                    save_id,
                ),
            )
            .await;
        settled(claim, || async {
            let row: Option<(Option<Uuid>,)> = self
                .row(
                    &self.revisions.revision_save_id_serial,
                    (site.as_str(), id.0, code.as_str(), shelf_of(number), number),
                )
                .await?;
            Ok(row.and_then(|(s,)| s) == Some(save_id))
        })
        .await
    }
}

#[async_trait]
impl Revisions for CassandraStore {
    async fn save_revision(
        &self,
        site: &Site,
        id: PostId,
        edit: PostEdit,
    ) -> Result<Post, EditError> {
        let (post, was) = self
            .post_listing(site, id, false)
            .await?
            .ok_or(EditError::NoSuchPost)?;
        if post.revision != edit.base {
            return Err(EditError::Conflict);
        }
        let number = edit.base as i32 + 1;
        let tags = edit.tags.to_strings();
        // Recorded first: if this save dies after moving the post, the reconciler
        // brings the lists to it.
        let intent = self
            .begin_own(&OwnIntent::Relist {
                site: site.to_string(),
                post: id.0,
                was: was.clone(),
            })
            .await?;
        // The revision number is claimed by the LWT insert of its row: of concurrent saves
        // from one base, one writes revision base + 1 and the others are refused.
        let won = self
            .claim_revision(site, id, &post.locale, number, &edit)
            .await?;
        if !won {
            self.roll_forward(site, id, &post.locale, edit.base).await?;
            self.end_own(intent).await?;
            return Err(EditError::Conflict);
        }
        if self.options.faults.fires(Fault::CrashAfterRevisionClaim) {
            return Err(Fault::CrashAfterRevisionClaim.error().into());
        }
        // Only the holder of revision `number` moves the post to it.
        let moved = self
            .session
            .execute_unpaged(
                &self.revisions.post_revise,
                (
                    edit.title.as_str(),
                    edit.body.as_str(),
                    edit.body_html.as_str(),
                    edit.excerpt.as_str(),
                    &tags,
                    number,
                    edit.at,
                    site.as_str(),
                    id.0,
                    edit.base as i32,
                ),
            )
            .await;
        let saved = match moved {
            Ok(_) => self.post_by_id(site, id).await?,
            // Maybe applied: only a serial read tells.
            Err(e) if is_cas_uncertain(&e) => self.post_by_id_serial(site, id).await?,
            Err(e) => return Err(unavailable(e).into()),
        }
        .ok_or(EditError::NoSuchPost)?;
        if saved.revision != number as u32 {
            return Err(StoreError::Unavailable(
                "the post did not move to its new revision".into(),
            )
            .into());
        }
        if self.options.faults.fires(Fault::CrashAfterRevisionMove) {
            return Err(Fault::CrashAfterRevisionMove.error().into());
        }
        self.settle_lists(site, id, was).await?;
        self.end_own(intent).await?;
        Ok(saved)
    }

    async fn save_draft(
        &self,
        site: &Site,
        id: PostId,
        user: UserId,
        locale: &Locale,
        draft: &Draft,
    ) -> StoreResult<()> {
        let values = (
            site.as_str(),
            id.0,
            user.0,
            locale.code(),
            draft.base as i32,
            draft.title.as_str(),
            draft.body.as_str(),
            draft.tags.as_str(),
            draft.saved,
        );
        self.exec(&self.revisions.draft_write, values).await?;
        Ok(())
    }

    async fn draft(
        &self,
        site: &Site,
        id: PostId,
        user: UserId,
        locale: &Locale,
    ) -> StoreResult<Option<Draft>> {
        let row: Option<(i32, String, String, String, DateTime<Utc>)> = self
            .row(
                &self.revisions.draft_read,
                (site.as_str(), id.0, user.0, locale.code()),
            )
            .await?;
        row.map(|(base, title, body, tags, saved)| {
            let base = u32::try_from(base).map_err(|e| StoreError::Corrupt(e.to_string()))?;
            Ok(Draft {
                base,
                title,
                body,
                tags,
                saved,
            })
        })
        .transpose()
    }

    async fn discard_draft(
        &self,
        site: &Site,
        id: PostId,
        user: UserId,
        locale: &Locale,
    ) -> StoreResult<()> {
        self.exec(
            &self.revisions.draft_delete,
            (site.as_str(), id.0, user.0, locale.code()),
        )
        .await?;
        Ok(())
    }

    async fn revisions(
        &self,
        site: &Site,
        id: PostId,
        locale: &Locale,
        newest: u32,
        limit: usize,
    ) -> StoreResult<Vec<RevisionSummary>> {
        let limit = limit.min(HISTORY_PAGE) as i32;
        let Ok(newest) = i32::try_from(newest) else {
            return Ok(Vec::new());
        };
        if newest < 1 || limit < 1 {
            return Ok(Vec::new());
        }
        let code = locale.code();
        let mut rows: Vec<(i32, String, Option<String>, DateTime<Utc>, String)> = Vec::new();
        // A page is at most a shelf long, so it spans at most the newest's shelf and the
        // one before it.
        let shelf = shelf_of(newest);
        for shelf in [shelf, shelf - 1] {
            let wanted = limit - rows.len() as i32;
            if shelf < 0 || wanted < 1 {
                break;
            }
            rows.extend(
                self.rows::<(i32, String, Option<String>, DateTime<Utc>, String)>(
                    &self.revisions.revisions_page,
                    (site.as_str(), id.0, code.as_str(), shelf, newest, wanted),
                )
                .await?,
            );
        }
        rows.into_iter()
            .map(|(number, title, author_name, created, message)| {
                Ok(RevisionSummary {
                    number: u32::try_from(number)
                        .map_err(|e| StoreError::Corrupt(e.to_string()))?,
                    title,
                    author_name: author_name.unwrap_or_default(),
                    created,
                    message,
                })
            })
            .collect()
    }

    async fn revision(
        &self,
        site: &Site,
        id: PostId,
        locale: &Locale,
        number: u32,
    ) -> StoreResult<Option<SavedRevision>> {
        let Ok(number) = i32::try_from(number) else {
            return Ok(None);
        };
        let row = self.revision_row(site, id, locale, number).await?;
        row.map(RevisionRow::into_revision).transpose()
    }
}
