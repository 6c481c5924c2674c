//! A comment's copies: the moderation lists, the approved thread and the member's list
//! are written after the comment's row, from it, in one logged batch; a comment read
//! after its row moved, and a comment rewritten with its copies.

use super::{MovedRow, comment_values, thread_values};
use crate::domain::{Comment, CommentId, CommentState, PostId, Site};
use crate::store::cassandra::intents::OwnIntent;
use crate::store::cassandra::{CassandraStore, hours, mark_idempotence};
use crate::store::{ModerationError, StoreResult};
use chrono::Datelike;
use scylla::statement::batch::{Batch, BatchType};
use scylla::statement::prepared::PreparedStatement;
use scylla::value::{CqlTimeuuid, CqlValue};
use uuid::Uuid;

/// How many times a comment's move is tried again after losing to a concurrent one.
pub(in crate::store::cassandra) const MOVE_ATTEMPTS: usize = 5;

/// The month (yyyymm) a comment was written in: its partition in `comments_by_user`.
pub(in crate::store::cassandra) fn month_of(id: CommentId) -> i32 {
    let at = id.time();
    at.year() * 100 + at.month() as i32
}

impl CassandraStore {
    /// The logged batch that writes a comment's copies: its place in each moderation
    /// list (inserted in its state's, deleted from the one it `was` in, or from every
    /// other when that is not known) and among the approved comments, all at the stamp
    /// of the move that decided them. A later move has a later stamp, so its copies win
    /// in every table whichever batch lands last, and the lists never disagree with the
    /// comment's row for long. Deleting only where the comment was keeps tombstones out
    /// of the lists it never entered.
    pub(in crate::store::cassandra) fn state_batch(
        &self,
        site: &Site,
        c: &Comment,
        stamp: i64,
        was: Option<CommentState>,
    ) -> (Batch, Vec<Vec<Option<CqlValue>>>) {
        let mut batch = Batch::new(BatchType::Logged);
        batch.set_timestamp(Some(stamp));
        let mut values = Vec::new();
        let row = comment_values(site, c);
        let id = Some(CqlValue::Timeuuid(CqlTimeuuid::from(c.id.0)));
        let site_value = Some(CqlValue::Text(site.to_string()));
        let post_value = Some(CqlValue::Uuid(c.post.id.0));
        let left = |state: CommentState| c.state != state && was.is_none_or(|w| w == state);
        for listed in [
            CommentState::Pending,
            CommentState::Spam,
            CommentState::Rejected,
        ] {
            if c.state == listed {
                for (statement, row) in self.list_insert(site, c) {
                    batch.append_statement(statement);
                    values.push(row);
                }
                batch.append_statement(self.comments.post_queue_insert.clone());
                values.push(row.clone());
            } else if left(listed) {
                let (statement, row) = self.list_delete(site, listed, c.id);
                batch.append_statement(statement);
                values.push(row);
                batch.append_statement(self.moderation.post_queue_delete.clone());
                values.push(vec![
                    site_value.clone(),
                    post_value.clone(),
                    Some(CqlValue::Text(listed.as_str().to_owned())),
                    id.clone(),
                ]);
            }
        }
        if let Some(row) = self.member_row(site, c) {
            batch.append_statement(self.commenters.insert.clone());
            values.push(row);
        }
        if c.state == CommentState::Approved {
            batch.append_statement(self.comments.thread_insert.clone());
            values.push(thread_values(site, c));
        } else if left(CommentState::Approved) {
            batch.append_statement(self.moderation.thread_delete.clone());
            values.push(vec![
                site_value,
                post_value,
                Some(CqlValue::Timeuuid(CqlTimeuuid::from(c.thread.0))),
                id,
            ]);
        }
        mark_idempotence(&mut batch);
        (batch, values)
    }

    /// A comment's row with its stamp and mover, read at SERIAL when `serial`
    /// (after an LWT on it timed out or lost).
    pub(in crate::store::cassandra) async fn moved_comment(
        &self,
        site: &Site,
        post: PostId,
        id: CommentId,
        serial: bool,
    ) -> StoreResult<Option<(Comment, Option<i64>, Option<Uuid>)>> {
        let statement = if serial {
            &self.comments.comment_read_serial
        } else {
            &self.comments.comment_read
        };
        self.row::<MovedRow>(statement, (site.as_str(), post.0, CqlTimeuuid::from(id.0)))
            .await?
            .map(MovedRow::into_moved)
            .transpose()
    }

    /// Rewrites a comment in its state (its text, or its author), as `rewrite` decides
    /// from its row: the row by LWT, then its copies at the move's stamp, recorded as an
    /// intent for the reconciler should the copies not be written.
    pub(in crate::store::cassandra) async fn rewrite_comment(
        &self,
        site: &Site,
        post: PostId,
        id: CommentId,
        rewrite: impl Fn(Comment) -> Result<Comment, ModerationError>,
    ) -> Result<Comment, ModerationError> {
        let intent = self
            .begin_own(&OwnIntent::Comment {
                site: site.to_string(),
                post: post.0,
                comment: id.0,
            })
            .await?;
        let (rewritten, stamp) = self
            .decide_move(site, post, id, |comment| {
                let rewritten = rewrite(comment)?;
                Ok((rewritten.clone(), rewritten))
            })
            .await?;
        let (batch, values) = self.state_batch(site, &rewritten, stamp, Some(rewritten.state));
        self.batch(&batch, values).await?;
        self.end_own(intent).await?;
        Ok(rewritten)
    }

    /// The values of a comment's row in `comments_by_user`, if a member wrote it.
    pub(in crate::store::cassandra) fn member_row(
        &self,
        site: &Site,
        c: &Comment,
    ) -> Option<Vec<Option<CqlValue>>> {
        let user = c.author.user_id()?;
        Some(vec![
            Some(CqlValue::Text(site.to_string())),
            Some(CqlValue::Uuid(user.0)),
            Some(CqlValue::Int(month_of(c.id))),
            Some(CqlValue::Uuid(c.post.id.0)),
            Some(CqlValue::Timeuuid(CqlTimeuuid::from(c.id.0))),
        ])
    }

    /// The statements that put a comment in a list (its row and its hour), for a batch.
    pub(in crate::store::cassandra) fn list_insert(
        &self,
        site: &Site,
        c: &Comment,
    ) -> [(PreparedStatement, Vec<Option<CqlValue>>); 2] {
        let hour = hours::hour_of(c.id.0);
        let mut row = comment_values(site, c);
        row.push(Some(CqlValue::Int(hour)));
        [
            (self.queue.insert.clone(), row),
            (
                self.queue.hour_insert.clone(),
                vec![
                    Some(CqlValue::Text(site.to_string())),
                    Some(CqlValue::Text(c.state.as_str().to_owned())),
                    Some(CqlValue::Int(hour)),
                ],
            ),
        ]
    }

    /// The statement that writes a comment's hour into the index of its state's list,
    /// if it is in one (pending, spam, rejected).
    pub(in crate::store::cassandra) fn listed_hour(
        &self,
        site: &Site,
        c: &Comment,
    ) -> Option<(PreparedStatement, Vec<Option<CqlValue>>)> {
        let listed = [
            CommentState::Pending,
            CommentState::Spam,
            CommentState::Rejected,
        ];
        if !listed.contains(&c.state) {
            return None;
        }
        let [_, hour] = self.list_insert(site, c);
        Some(hour)
    }

    /// The statement that takes a comment out of the list of `state`, for a batch.
    pub(in crate::store::cassandra) fn list_delete(
        &self,
        site: &Site,
        state: CommentState,
        id: CommentId,
    ) -> (PreparedStatement, Vec<Option<CqlValue>>) {
        (
            self.queue.delete.clone(),
            vec![
                Some(CqlValue::Text(site.to_string())),
                Some(CqlValue::Text(state.as_str().to_owned())),
                Some(CqlValue::Int(hours::hour_of(id.0))),
                Some(CqlValue::Timeuuid(CqlTimeuuid::from(id.0))),
            ],
        )
    }
}
