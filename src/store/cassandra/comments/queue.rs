//! The site's moderation lists (pending, spam, rejected): a partition per site, state and
//! hour of the comments' creation, found newest first through `moderation_hours`, so that
//! no read walks through the tombstones of a whole site's moderated comments.

use crate::domain::{Comment, CommentId, CommentState, PostId, Site};
use crate::store::caps::{self, page_size};
use crate::store::cassandra::CassandraStore;
use crate::store::cassandra::comments::{COMMENT_COLUMNS, CommentRow};
use crate::store::{ModerationPage, PageError, StoreResult};
use scylla::client::session::Session;
use scylla::errors::ExecutionError;
use scylla::statement::prepared::PreparedStatement;
use scylla::value::CqlTimeuuid;

/// How many hours must have ended after an hour before a page that finds it empty takes
/// it out of `moderation_hours`: comments are created in the current hour, so an older
/// hour is filled again only by a move back into a state (which writes its hour again) or
/// by the reconciler finishing a comment whose write died, within minutes, at its stamp.
/// A page then walks the tombstones of the hours it reads with rows, and of the last two
/// hours that emptied, not of two days of them.
const SETTLED_HOURS: i32 = 1;

/// The statements of this file, prepared once at start.
pub(in crate::store::cassandra) struct Statements {
    pub(in crate::store::cassandra) insert: PreparedStatement,
    pub(in crate::store::cassandra) delete: PreparedStatement,
    pub(in crate::store::cassandra) hour_insert: PreparedStatement,
    hour_delete: PreparedStatement,
    hours: PreparedStatement,
    rows_all: PreparedStatement,
    rows_before: PreparedStatement,
}

impl Statements {
    pub(in crate::store::cassandra) async fn prepare(
        session: &Session,
        ks: &str,
    ) -> Result<Self, ExecutionError> {
        let prepare = |cql: String| crate::store::cassandra::prepare(session, cql);
        Ok(Self {
            insert: prepare(format!(
                "INSERT INTO {ks}.moderation_lists (site, {COMMENT_COLUMNS}, hour) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            ))
            .await?,
            delete: prepare(format!(
                "DELETE FROM {ks}.moderation_lists WHERE site = ? AND state = ? AND hour = ? AND id = ?"
            ))
            .await?,
            hour_insert: prepare(format!(
                "INSERT INTO {ks}.moderation_hours (site, state, hour) VALUES (?, ?, ?)"
            ))
            .await?,
            hour_delete: prepare(format!(
                "DELETE FROM {ks}.moderation_hours USING TIMESTAMP ? WHERE site = ? AND state = ? AND hour = ?"
            ))
            .await?,
            hours: prepare(format!(
                "SELECT hour FROM {ks}.moderation_hours WHERE site = ? AND state = ? AND hour <= ? LIMIT {}",
                crate::store::cassandra::hours::HOURS_PER_READ
            ))
            .await?,
            rows_all: prepare(format!(
                "SELECT {COMMENT_COLUMNS} FROM {ks}.moderation_lists
                 WHERE site = ? AND state = ? AND hour IN ? PER PARTITION LIMIT ?"
            ))
            .await?,
            rows_before: prepare(format!(
                "SELECT {COMMENT_COLUMNS} FROM {ks}.moderation_lists
                 WHERE site = ? AND state = ? AND hour IN ? AND id < ? PER PARTITION LIMIT ?"
            ))
            .await?,
        })
    }
}

/// The hour of a comment's creation, in hours since 1970: its partition in the lists.
pub(in crate::store::cassandra) fn hour_of(id: CommentId) -> i32 {
    crate::store::cassandra::hours::hour_of(id.0)
}

impl CassandraStore {
    /// A page of the site's list of `state`, newest first (see `hours::hour_page`).
    /// Hours found empty, and old enough that no new comment goes there, leave the
    /// list of hours.
    pub(in crate::store::cassandra) async fn list_page(
        &self,
        site: &Site,
        state: CommentState,
        cursor: Option<&str>,
        limit: usize,
    ) -> Result<ModerationPage, PageError> {
        let limit = page_size(limit, caps::MODERATION);
        let started = crate::domain::now().timestamp_micros();
        let (key, queue) = ((site.as_str(), state.as_str()), &self.queue);
        let page = crate::store::cassandra::hours::hour_page(
            cursor,
            limit,
            |from| async move {
                let hours: Vec<(i32,)> = self.rows(&queue.hours, (key.0, key.1, from)).await?;
                Ok(hours.into_iter().map(|(h,)| h).collect())
            },
            |hours, after, per_hour| async move {
                let rows: Vec<CommentRow> = match after {
                    Some(after) => {
                        let values = (key.0, key.1, hours, CqlTimeuuid::from(after), per_hour);
                        self.rows(&queue.rows_before, values).await?
                    }
                    None => {
                        let values = (key.0, key.1, hours, per_hour);
                        self.rows(&queue.rows_all, values).await?
                    }
                };
                rows.into_iter().map(CommentRow::into_comment).collect()
            },
            |c: &Comment| c.id.0,
        )
        .await?;
        let settled_before = (started / 3_600_000_000) as i32 - SETTLED_HOURS;
        for hour in page.empty.into_iter().filter(|h| *h < settled_before) {
            self.exec(&queue.hour_delete, (started, key.0, key.1, hour))
                .await?;
        }
        Ok(ModerationPage {
            comments: page.rows,
            next: page.next,
        })
    }
}

impl CassandraStore {
    /// Writes a comment into the moderation lists of its state (and out of the others)
    /// as its row, read at SERIAL, has it; out of every list when it has no row. Repair's
    /// fix for a comment its lists disagree with.
    pub(in crate::store::cassandra) async fn relist_comment(
        &self,
        site: &Site,
        post: PostId,
        id: CommentId,
    ) -> StoreResult<()> {
        match self.moved_comment(site, post, id, true).await? {
            Some((mut comment, mut stamp, _)) => {
                // Written now, not at the row's stamp: what broke the lists may have
                // been written later than it. A move that lands meanwhile is seen
                // by reading the row again, and its state written over.
                for _ in 0..super::copies::MOVE_ATTEMPTS {
                    let now = crate::domain::now().timestamp_micros();
                    let (batch, values) = self.state_batch(site, &comment, now, None);
                    self.batch(&batch, values).await?;
                    match self.moved_comment(site, post, id, true).await? {
                        Some((again, again_stamp, _)) if again_stamp != stamp => {
                            (comment, stamp) = (again, again_stamp);
                        }
                        _ => break,
                    }
                }
            }
            // Rows of a comment that does not exist: out of every list.
            None => {
                for state in [
                    CommentState::Pending,
                    CommentState::Spam,
                    CommentState::Rejected,
                ] {
                    let (statement, values) = self.list_delete(site, state, id);
                    self.exec(&statement, values).await?;
                    self.exec(
                        &self.moderation.post_queue_delete,
                        (
                            site.as_str(),
                            post.0,
                            state.as_str(),
                            CqlTimeuuid::from(id.0),
                        ),
                    )
                    .await?;
                }
            }
        }
        Ok(())
    }
}
