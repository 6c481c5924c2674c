//! Comments: the comment rows, the approved threads and their paging, counts and
//! commenters.

pub(super) mod commenters;
pub(super) mod copies;
pub(super) mod moderation;
pub(super) mod queue;
pub(super) mod tallies;

use super::intents::OwnIntent;
use super::{CassandraStore, decode_rows, paging_error};
use crate::domain::comment::{
    OWN_PENDING_MONTHS, OWN_PENDING_WINDOW, ThreadComment, own_pending_since,
};
use crate::domain::{
    Comment, CommentBody, CommentId, CommentSettings, CommentState, CommentedPost, Commenter,
    NewComment, PostId, Site, UserId,
};
use crate::store::caps::{self, page_size};
use crate::store::prelude::*;
use crate::store::{
    CommentError, CommentPage, Fault, MemberComments, ModerationError, PageError, Standing,
    StoreResult,
};
use async_trait::async_trait;
use chrono::{DateTime, Datelike, Utc};
use scylla::DeserializeRow;
use scylla::client::session::Session;
use scylla::errors::ExecutionError;
use scylla::response::PagingState;
use scylla::serialize::row::SerializeRow;
use scylla::statement::prepared::PreparedStatement;
use scylla::value::{CqlTimeuuid, CqlValue};
use uuid::Uuid;

/// The columns of a comment in its row and in the moderation lists' copies. Its HTML is
/// not among them: it is made from the text when read (only the readers' thread keeps
/// it), which keeps a post's partitions under their bound.
pub(super) const COMMENT_COLUMNS: &str = "id, post_id, post_slug, post_title, thread, parent, author_id, author_name, author_email, body, state, reason, edited, author_actor";

pub(super) const THREAD_COLUMNS: &str =
    "thread, id, parent, author_id, author_name, body_html, edited, author_actor";

/// A row of comments, moderation_lists or post_moderation (the lists hold copies).
#[derive(DeserializeRow)]
pub(super) struct CommentRow {
    id: CqlTimeuuid,
    post_id: Uuid,
    post_slug: String,
    post_title: String,
    thread: CqlTimeuuid,
    parent: Option<CqlTimeuuid>,
    author_id: Option<Uuid>,
    author_name: String,
    author_email: Option<String>,
    body: String,
    state: String,
    reason: Option<String>,
    edited: Option<DateTime<Utc>>,
    author_actor: Option<String>,
}

impl CommentRow {
    pub(super) fn into_comment(self) -> StoreResult<Comment> {
        let author = Commenter::from_columns(
            self.author_id.map(UserId),
            self.author_name,
            self.author_email,
            self.author_actor,
        );
        let body = CommentBody::stored(&self.body);
        Ok(Comment {
            id: CommentId(Uuid::from(self.id)),
            post: CommentedPost {
                id: PostId(self.post_id),
                slug: self.post_slug,
                title: self.post_title,
            },
            thread: CommentId(Uuid::from(self.thread)),
            parent: self.parent.map(|p| CommentId(Uuid::from(p))),
            author,
            body_html: body.to_html(),
            body,
            state: CommentState::parse(&self.state)?,
            reason: self.reason.unwrap_or_default(),
            edited: self.edited,
        })
    }
}

/// A comment's own row with the stamp and mover of its last move. Every write of the
/// row's cells is an LWT conditional on the stamp read with them (the create too), so a
/// change made from a stale read is refused instead of undoing another one; the stamp
/// also times the copies in the lists (see `state_batch`).
#[derive(DeserializeRow)]
pub(super) struct MovedRow {
    stamp: Option<i64>,
    mover: Option<Uuid>,
    id: CqlTimeuuid,
    post_id: Uuid,
    post_slug: String,
    post_title: String,
    thread: CqlTimeuuid,
    parent: Option<CqlTimeuuid>,
    author_id: Option<Uuid>,
    author_name: String,
    author_email: Option<String>,
    body: String,
    state: String,
    reason: Option<String>,
    edited: Option<DateTime<Utc>>,
    author_actor: Option<String>,
}

impl MovedRow {
    /// The comment, its stamp and the id of the act that wrote it.
    pub(super) fn into_moved(self) -> StoreResult<(Comment, Option<i64>, Option<Uuid>)> {
        let (stamp, mover) = (self.stamp, self.mover);
        let row = CommentRow {
            id: self.id,
            post_id: self.post_id,
            post_slug: self.post_slug,
            post_title: self.post_title,
            thread: self.thread,
            parent: self.parent,
            author_id: self.author_id,
            author_name: self.author_name,
            author_email: self.author_email,
            body: self.body,
            state: self.state,
            reason: self.reason,
            edited: self.edited,
            author_actor: self.author_actor,
        };
        Ok((row.into_comment()?, stamp, mover))
    }
}

/// A row of comment_thread.
#[derive(DeserializeRow)]
pub(super) struct ThreadRow {
    thread: CqlTimeuuid,
    id: CqlTimeuuid,
    parent: Option<CqlTimeuuid>,
    author_id: Option<Uuid>,
    author_name: String,
    body_html: String,
    edited: Option<DateTime<Utc>>,
    author_actor: Option<String>,
}

pub(super) fn thread_comments(rows: Vec<ThreadRow>) -> StoreResult<Vec<ThreadComment>> {
    Ok(rows
        .into_iter()
        .map(|r| ThreadComment {
            id: CommentId(Uuid::from(r.id)),
            thread: CommentId(Uuid::from(r.thread)),
            parent: r.parent.map(|p| CommentId(Uuid::from(p))),
            author_id: r.author_id.map(UserId),
            author_name: r.author_name,
            author_actor: r.author_actor.filter(|a| Commenter::is_actor_address(a)),
            body_html: r.body_html,
            edited: r.edited,
        })
        .collect())
}

/// The values of `(site, COMMENT_COLUMNS)` for a comment.
pub(super) fn comment_values(site: &Site, c: &Comment) -> Vec<Option<CqlValue>> {
    let text = |s: &str| Some(CqlValue::Text(s.to_owned()));
    let tuuid = |id: CommentId| Some(CqlValue::Timeuuid(CqlTimeuuid::from(id.0)));
    vec![
        text(site.as_str()),
        tuuid(c.id),
        Some(CqlValue::Uuid(c.post.id.0)),
        text(&c.post.slug),
        text(&c.post.title),
        tuuid(c.thread),
        c.parent.and_then(tuuid),
        c.author.user_id().map(|u| CqlValue::Uuid(u.0)),
        text(c.author.name()),
        text(c.author.email()),
        text(c.body.as_str()),
        text(c.state.as_str()),
        text(&c.reason),
        c.edited
            .map(|t| CqlValue::Timestamp(scylla::value::CqlTimestamp(t.timestamp_millis()))),
        // Empty for a comment written here: a value, where a null would leave a
        // tombstone in every row of the lists and the thread for their readers to meet.
        Some(CqlValue::Text(
            c.author.actor().unwrap_or_default().to_owned(),
        )),
    ]
}

/// The values of `(site, post_id, THREAD_COLUMNS)` for an approved comment.
pub(super) fn thread_values(site: &Site, c: &Comment) -> Vec<Option<CqlValue>> {
    let tuuid = |id: CommentId| Some(CqlValue::Timeuuid(CqlTimeuuid::from(id.0)));
    vec![
        Some(CqlValue::Text(site.to_string())),
        Some(CqlValue::Uuid(c.post.id.0)),
        tuuid(c.thread),
        tuuid(c.id),
        c.parent.and_then(tuuid),
        c.author.user_id().map(|u| CqlValue::Uuid(u.0)),
        Some(CqlValue::Text(c.author.name().to_owned())),
        Some(CqlValue::Text(c.body_html.clone())),
        c.edited
            .map(|t| CqlValue::Timestamp(scylla::value::CqlTimestamp(t.timestamp_millis()))),
        // Empty for a comment written here: a value, where a null would leave a
        // tombstone in every row of the lists and the thread for their readers to meet.
        Some(CqlValue::Text(
            c.author.actor().unwrap_or_default().to_owned(),
        )),
    ]
}

/// Where a page of a post's approved comments starts: after a position (none: the
/// beginning) continued by the driver's paging state, remembering the last comment shown
/// before it; or, read back, before a comment (or up to and including one).
pub(super) enum ThreadCursor {
    After {
        bound: Option<(CqlTimeuuid, CqlTimeuuid)>,
        state: PagingState,
        last: Option<(CqlTimeuuid, CqlTimeuuid)>,
    },
    Before(CqlTimeuuid, CqlTimeuuid),
    UpTo(CqlTimeuuid, CqlTimeuuid),
}

pub(super) fn row_position(row: &ThreadRow) -> (CqlTimeuuid, CqlTimeuuid) {
    (row.thread, row.id)
}

pub(super) fn thread_cursor_after(
    bound: Option<(CqlTimeuuid, CqlTimeuuid)>,
    state: &PagingState,
    last: Option<(CqlTimeuuid, CqlTimeuuid)>,
) -> String {
    let pair = |p: Option<(CqlTimeuuid, CqlTimeuuid)>| match p {
        Some((thread, id)) => format!("{}.{}", Uuid::from(thread), Uuid::from(id)),
        None => ".".to_owned(),
    };
    let state = state
        .as_bytes_slice()
        .map(|b| crate::domain::token::hex(b))
        .unwrap_or_default();
    format!("a.{}.{state}.{}", pair(bound), pair(last))
}

pub(super) fn thread_cursor_before(first: &ThreadRow) -> String {
    format!("b.{}.{}", Uuid::from(first.thread), Uuid::from(first.id))
}

pub(super) fn parse_thread_cursor(cursor: &str) -> Option<ThreadCursor> {
    let parts: Vec<&str> = cursor.split('.').collect();
    let id = |text: &str| CommentId::parse(text).ok().map(|c| CqlTimeuuid::from(c.0));
    let pair = |thread: &str, at: &str| -> Option<Option<(CqlTimeuuid, CqlTimeuuid)>> {
        match (thread, at) {
            ("", "") => Some(None),
            _ => Some(Some((id(thread)?, id(at)?))),
        }
    };
    match parts.as_slice() {
        ["a", thread, at, hex, last_thread, last_at] => {
            let state = if hex.is_empty() {
                PagingState::start()
            } else {
                PagingState::new_from_raw_bytes(crate::domain::token::unhex(hex)?)
            };
            Some(ThreadCursor::After {
                bound: pair(thread, at)?,
                state,
                last: pair(last_thread, last_at)?,
            })
        }
        ["b", thread, at] => Some(ThreadCursor::Before(id(thread)?, id(at)?)),
        ["B", thread, at] => Some(ThreadCursor::UpTo(id(thread)?, id(at)?)),
        _ => None,
    }
}

/// The statements of this file, prepared once at start.
pub(super) struct Statements {
    pub(super) comment_settings_read: PreparedStatement,
    pub(super) comment_settings_write: PreparedStatement,
    pub(super) post_comments_closed: PreparedStatement,
    pub(super) comment_read: PreparedStatement,
    comment_bodies: PreparedStatement,
    /// Some of a post's comments, as the lists copy them.
    comments_by_id: PreparedStatement,
    pub(super) comment_read_serial: PreparedStatement,
    pub(super) comment_create: PreparedStatement,
    pub(super) comment_move: PreparedStatement,
    pub(super) thread_insert: PreparedStatement,
    pub(super) thread_from_start: PreparedStatement,
    pub(super) thread_after: PreparedStatement,
    pub(super) thread_before: PreparedStatement,
    pub(super) thread_up_to: PreparedStatement,
    pub(super) commenter_read: PreparedStatement,
    pub(super) commenter_ban: PreparedStatement,
    pub(super) commenter_trust: PreparedStatement,
    pub(super) post_queue_insert: PreparedStatement,
    pub(super) taken_read: PreparedStatement,
    pub(super) taken_read_serial: PreparedStatement,
    pub(super) taken_claim: PreparedStatement,
    pub(super) rows_count: PreparedStatement,
}

impl Statements {
    pub(super) async fn prepare(session: &Session, ks: &str) -> Result<Self, ExecutionError> {
        let prepare = |cql: String| super::prepare(session, cql);
        let comment_read = format!(
            "SELECT stamp, mover, {COMMENT_COLUMNS} FROM {ks}.comments WHERE site = ? AND post_id = ? AND id = ?"
        );
        let taken_read =
            format!("SELECT taken FROM {ks}.comments WHERE site = ? AND post_id = ? LIMIT 1");
        Ok(Self {
            taken_read: prepare(taken_read.clone()).await?,
            taken_read_serial: {
                let mut st = prepare(taken_read).await?;
                crate::store::cassandra::read_serially(&mut st);
                st
            },
            taken_claim: prepare(format!(
                "UPDATE {ks}.comments SET taken = ? WHERE site = ? AND post_id = ? IF taken = ?"
            ))
            .await?,
            rows_count: prepare(format!(
                "SELECT COUNT(*) FROM {ks}.comments WHERE site = ? AND post_id = ?"
            ))
            .await?,
            comment_settings_read: prepare(format!(
                "SELECT guests, trust_approved, close_after_days, remove_deleted FROM {ks}.comment_settings WHERE site = ?"
            ))
            .await?,
            comment_settings_write: prepare(format!(
                "INSERT INTO {ks}.comment_settings (site, guests, trust_approved, close_after_days, remove_deleted) VALUES (?, ?, ?, ?, ?)"
            ))
            .await?,
            post_comments_closed: prepare(format!(
                "UPDATE {ks}.posts SET comments_closed = ? WHERE site = ? AND post_id = ?"
            ))
            .await?,
            comment_read: prepare(comment_read.clone()).await?,
            comment_bodies: prepare(format!(
                "SELECT id, body FROM {ks}.comments WHERE site = ? AND post_id = ? AND id IN ?"
            ))
            .await?,
            comments_by_id: prepare(format!(
                "SELECT {COMMENT_COLUMNS} FROM {ks}.comments WHERE site = ? AND post_id = ? AND id IN ?"
            ))
            .await?,
            comment_read_serial: {
                let mut st = prepare(comment_read).await?;
                crate::store::cassandra::read_serially(&mut st);
                st
            },
            comment_create: prepare(format!(
                "INSERT INTO {ks}.comments (site, {COMMENT_COLUMNS}, stamp, mover) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) IF NOT EXISTS"
            ))
            .await?,
            comment_move: prepare(format!(
                "UPDATE {ks}.comments SET author_id = ?, author_name = ?, author_email = ?, author_actor = ?, body = ?, state = ?,
                 reason = ?, edited = ?, stamp = ?, mover = ? WHERE site = ? AND post_id = ? AND id = ? IF stamp = ?"
            ))
            .await?,
            thread_insert: prepare(format!(
                "INSERT INTO {ks}.comment_thread (site, post_id, {THREAD_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            ))
            .await?,
            thread_from_start: prepare(format!(
                "SELECT {THREAD_COLUMNS} FROM {ks}.comment_thread WHERE site = ? AND post_id = ?"
            ))
            .await?,
            thread_after: prepare(format!(
                "SELECT {THREAD_COLUMNS} FROM {ks}.comment_thread WHERE site = ? AND post_id = ? AND (thread, id) > (?, ?)"
            ))
            .await?,
            thread_before: prepare(format!(
                "SELECT {THREAD_COLUMNS} FROM {ks}.comment_thread WHERE site = ? AND post_id = ? AND (thread, id) < (?, ?)
                 ORDER BY thread DESC, id DESC LIMIT ?"
            ))
            .await?,
            thread_up_to: prepare(format!(
                "SELECT {THREAD_COLUMNS} FROM {ks}.comment_thread WHERE site = ? AND post_id = ? AND (thread, id) <= (?, ?)
                 ORDER BY thread DESC, id DESC LIMIT ?"
            ))
            .await?,
            commenter_read: prepare(format!(
                "SELECT banned, trusted FROM {ks}.commenters WHERE site = ? AND user_id = ?"
            ))
            .await?,
            commenter_ban: prepare(format!(
                "UPDATE {ks}.commenters SET banned = ? WHERE site = ? AND user_id = ?"
            ))
            .await?,
            commenter_trust: prepare(format!(
                "UPDATE {ks}.commenters SET trusted = true WHERE site = ? AND user_id = ?"
            ))
            .await?,
            post_queue_insert: prepare(format!(
                "INSERT INTO {ks}.post_moderation (site, {COMMENT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            ))
            .await?,
        })
    }
}

impl CassandraStore {
    /// One page of comment_thread rows and the paging state after it, if any.
    pub(super) async fn thread_single_page(
        &self,
        statement: &PreparedStatement,
        values: impl SerializeRow,
        state: PagingState,
        limit: usize,
    ) -> Result<(Vec<ThreadRow>, Option<PagingState>), PageError> {
        use std::ops::ControlFlow;
        let mut statement = statement.clone();
        statement.set_page_size(limit as i32);
        let (result, response) = self
            .session
            .execute_single_page(&statement, values, state)
            .await
            .map_err(paging_error)?;
        let rows = decode_rows(result)?;
        let next = match response.into_paging_control_flow() {
            ControlFlow::Continue(next) => Some(next),
            ControlFlow::Break(()) => None,
        };
        Ok((rows, next))
    }
}

#[async_trait]
impl Comments for CassandraStore {
    async fn comment_settings(&self, site: &Site) -> StoreResult<CommentSettings> {
        type Row = (Option<bool>, Option<bool>, Option<i32>, Option<bool>);
        let row: Option<Row> = self
            .row(&self.comments.comment_settings_read, (site.as_str(),))
            .await?;
        Ok(
            row.map_or_else(CommentSettings::default, |(guests, trust, days, remove)| {
                CommentSettings {
                    guests: guests.unwrap_or(false),
                    trust_approved: trust.unwrap_or(false),
                    close_after_days: days.and_then(|d| u32::try_from(d).ok()).unwrap_or(0),
                    remove_deleted_accounts_comments: remove.unwrap_or(false),
                }
            }),
        )
    }

    async fn save_comment_settings(
        &self,
        site: &Site,
        settings: &CommentSettings,
    ) -> StoreResult<()> {
        let days = i32::try_from(settings.close_after_days).unwrap_or(i32::MAX);
        self.exec(
            &self.comments.comment_settings_write,
            (
                site.as_str(),
                settings.guests,
                settings.trust_approved,
                days,
                settings.remove_deleted_accounts_comments,
            ),
        )
        .await?;
        Ok(())
    }

    async fn set_comments_closed(
        &self,
        site: &Site,
        post: PostId,
        closed: bool,
    ) -> StoreResult<()> {
        self.exec(
            &self.comments.post_comments_closed,
            (closed, site.as_str(), post.0),
        )
        .await?;
        Ok(())
    }

    async fn add_comment(&self, site: &Site, comment: &NewComment) -> Result<(), CommentError> {
        let post = comment.post.id;
        let stored = comment.stored();
        if let Some(actor) = stored.author.actor() {
            let at =
                crate::domain::timeuuid::time_of(stored.id.0).unwrap_or_else(crate::domain::now);
            self.note_remote_comment(site, actor, post, stored.id, at)
                .await?;
        }
        let intent = self
            .begin_own(&OwnIntent::Comment {
                site: site.to_string(),
                post: post.0,
                comment: stored.id.0,
            })
            .await?;
        let stamp = match self.create_comment(site, &stored).await {
            Ok(stamp) => stamp,
            Err(CommentError::Full) => {
                // Nothing was written: nothing for the reconciler to finish.
                self.end_own(intent).await?;
                return Err(CommentError::Full);
            }
            Err(e) => return Err(e),
        };
        if self.options.faults.fires(Fault::CrashAfterCommentRow) {
            return Err(Fault::CrashAfterCommentRow.error().into());
        }
        let (batch, values) = self.state_batch(site, &stored, stamp, Some(stored.state));
        self.batch(&batch, values).await?;
        self.count_move(site, post, None, stored.state).await?;
        self.end_own(intent).await?;
        Ok(())
    }

    async fn comment(
        &self,
        site: &Site,
        post: PostId,
        id: CommentId,
    ) -> StoreResult<Option<Comment>> {
        Ok(self
            .moved_comment(site, post, id, false)
            .await?
            .map(|(comment, _, _)| comment))
    }

    async fn comment_bodies(
        &self,
        site: &Site,
        post: PostId,
        ids: &[CommentId],
    ) -> StoreResult<std::collections::HashMap<CommentId, String>> {
        if ids.is_empty() {
            return Ok(Default::default());
        }
        let keys: Vec<CqlTimeuuid> = ids.iter().map(|id| CqlTimeuuid::from(id.0)).collect();
        let rows: Vec<(CqlTimeuuid, String)> = self
            .rows(&self.comments.comment_bodies, (site.as_str(), post.0, keys))
            .await?;
        Ok(rows
            .into_iter()
            .map(|(id, body)| (CommentId(Uuid::from(id)), body))
            .collect())
    }

    async fn comment_page(
        &self,
        site: &Site,
        post: PostId,
        cursor: Option<&str>,
        limit: usize,
    ) -> Result<CommentPage, PageError> {
        let limit = page_size(limit, caps::COMMENTS);
        let position = match cursor {
            None => ThreadCursor::After {
                bound: None,
                state: PagingState::start(),
                last: None,
            },
            Some(c) => parse_thread_cursor(c).ok_or(PageError::BadCursor)?,
        };
        match position {
            ThreadCursor::After { bound, state, last } => {
                let (rows, next) = match bound {
                    None => {
                        self.thread_single_page(
                            &self.comments.thread_from_start,
                            (site.as_str(), post.0),
                            state,
                            limit,
                        )
                        .await?
                    }
                    Some((thread, id)) => {
                        self.thread_single_page(
                            &self.comments.thread_after,
                            (site.as_str(), post.0, thread, id),
                            state,
                            limit,
                        )
                        .await?
                    }
                };
                // A full last page still hands out a paging state: the page after it
                // is empty, and its way back is the last comment shown before it.
                let older = match (rows.first(), last) {
                    (Some(first), Some(_)) => Some(thread_cursor_before(first)),
                    (None, Some((thread, id))) => {
                        Some(format!("B.{}.{}", Uuid::from(thread), Uuid::from(id)))
                    }
                    _ => None,
                };
                let shown_last = rows.last().map(row_position).or(last);
                let newer = next.map(|state| thread_cursor_after(bound, &state, shown_last));
                Ok(CommentPage {
                    comments: thread_comments(rows)?,
                    newer,
                    older,
                })
            }
            ThreadCursor::Before(thread, id) | ThreadCursor::UpTo(thread, id) => {
                let statement = if matches!(position, ThreadCursor::Before(..)) {
                    &self.comments.thread_before
                } else {
                    &self.comments.thread_up_to
                };
                let mut rows: Vec<ThreadRow> = self
                    .rows(
                        statement,
                        (site.as_str(), post.0, thread, id, limit as i32 + 1),
                    )
                    .await?;
                let more = rows.len() > limit;
                rows.truncate(limit);
                rows.reverse();
                let older = rows.first().filter(|_| more).map(thread_cursor_before);
                let newer = rows.last().map(|last| {
                    thread_cursor_after(
                        Some(row_position(last)),
                        &PagingState::start(),
                        Some(row_position(last)),
                    )
                });
                Ok(CommentPage {
                    comments: thread_comments(rows)?,
                    newer,
                    older,
                })
            }
        }
    }

    async fn pending_comments_by(
        &self,
        site: &Site,
        post: PostId,
        author: UserId,
    ) -> StoreResult<Vec<Comment>> {
        // Where the author's comments are (a partition a month, no row ever deleted but
        // with the account), then their rows: the post's pending list is not read, as
        // every comment moderated out of it left a tombstone there.
        let since = own_pending_since(crate::domain::now());
        let months: Vec<i32> = (0..OWN_PENDING_MONTHS)
            .map(|n| since + chrono::Months::new(n))
            .map(|at| at.year() * 100 + at.month() as i32)
            .collect();
        let found: Vec<(CqlTimeuuid,)> = self
            .rows(
                &self.commenters.on_post,
                (site.as_str(), author.0, months, post.0),
            )
            .await?;
        let mut ids: Vec<Uuid> = found.into_iter().map(|(id,)| Uuid::from(id)).collect();
        ids.sort_by_key(|id| std::cmp::Reverse((CommentId(*id).time(), *id)));
        ids.truncate(OWN_PENDING_WINDOW);
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let keys: Vec<CqlTimeuuid> = ids.into_iter().map(CqlTimeuuid::from).collect();
        let rows: Vec<CommentRow> = self
            .rows(&self.comments.comments_by_id, (site.as_str(), post.0, keys))
            .await?;
        let mut mine: Vec<Comment> = rows
            .into_iter()
            .filter(|r| r.state == CommentState::Pending.as_str() && r.author_id == Some(author.0))
            .map(CommentRow::into_comment)
            .collect::<StoreResult<_>>()?;
        mine.sort_by_key(|c| (c.id.time(), c.id.0));
        Ok(mine)
    }

    async fn edit_comment(
        &self,
        site: &Site,
        post: PostId,
        id: CommentId,
        body: &CommentBody,
        at: DateTime<Utc>,
    ) -> Result<Comment, ModerationError> {
        self.rewrite_comment(site, post, id, |comment| {
            if comment.state == CommentState::Deleted {
                return Err(ModerationError::Illegal {
                    from: comment.state,
                    to: comment.state,
                });
            }
            Ok(Comment {
                body_html: body.to_html(),
                body: body.clone(),
                edited: Some(at),
                ..comment
            })
        })
        .await
    }

    async fn approved_comment_counts(
        &self,
        site: &Site,
        posts: &[PostId],
    ) -> StoreResult<Vec<(PostId, u64)>> {
        self.approved_counts(site, posts).await
    }

    async fn pending_comment_counts(
        &self,
        site: &Site,
        posts: &[PostId],
    ) -> StoreResult<Vec<(PostId, u64)>> {
        self.read_counts(site, posts, true).await
    }

    async fn commenter_standing(&self, site: &Site, user: UserId) -> StoreResult<Standing> {
        let row: Option<(Option<bool>, Option<bool>)> = self
            .row(&self.comments.commenter_read, (site.as_str(), user.0))
            .await?;
        Ok(
            row.map_or_else(Standing::default, |(banned, trusted)| Standing {
                banned: banned.unwrap_or(false),
                trusted: trusted.unwrap_or(false),
            }),
        )
    }

    async fn set_comment_ban(&self, site: &Site, user: UserId, banned: bool) -> StoreResult<()> {
        self.exec(
            &self.comments.commenter_ban,
            (banned, site.as_str(), user.0),
        )
        .await?;
        Ok(())
    }

    async fn comments_by_member(
        &self,
        site: &Site,
        user: UserId,
        since: DateTime<Utc>,
        cursor: Option<&str>,
        limit: usize,
    ) -> Result<MemberComments, PageError> {
        self.member_comments(site, user, since, cursor, limit).await
    }

    async fn forget_commenter(
        &self,
        site: &Site,
        post: PostId,
        id: CommentId,
    ) -> Result<Comment, ModerationError> {
        self.forget_member_comment(site, post, id).await
    }

    async fn drop_comments_by_member(
        &self,
        site: &Site,
        user: UserId,
        since: DateTime<Utc>,
    ) -> StoreResult<()> {
        self.drop_member_months(site, user, since).await
    }
}
