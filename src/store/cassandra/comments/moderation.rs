//! Moderation: a comment's moves by LWT, the lists by state written after them in a
//! logged batch, the log.

use super::copies::MOVE_ATTEMPTS;
use crate::domain::comment::MAX_COMMENTS_PER_POST;
use crate::domain::comment::log_month;
use crate::domain::{
    Comment, CommentId, CommentState, CommentedPost, LogEntry, Moderation, PostId, Site,
    StateCounts, timeuuid,
};
use crate::store::caps::{self, page_size};
use crate::store::cassandra::comments::{COMMENT_COLUMNS, CommentRow, comment_values};
use crate::store::cassandra::intents::OwnIntent;
use crate::store::cassandra::lwt::{Capped, settled};
use crate::store::cassandra::{CassandraStore, decode_rows, logged, paging_error};
use crate::store::prelude::*;
use crate::store::{
    CommentError, Fault, Finished, LogEntries, ModerationError, ModerationPage, PageError,
    StoreError, StoreResult,
};
use async_trait::async_trait;
use scylla::client::session::Session;
use scylla::errors::ExecutionError;
use scylla::response::PagingState;
use scylla::statement::prepared::PreparedStatement;
use scylla::value::{CqlTimeuuid, CqlValue, MaybeUnset};
use uuid::Uuid;

/// The statements of this file, prepared once at start.
pub(in crate::store::cassandra) struct Statements {
    pub(in crate::store::cassandra) thread_delete: PreparedStatement,
    pub(in crate::store::cassandra) post_queue_delete: PreparedStatement,
    pub(in crate::store::cassandra) log_insert: PreparedStatement,
    pub(in crate::store::cassandra) log_hour_insert: PreparedStatement,
    log_hours: PreparedStatement,
    log_rows_all: PreparedStatement,
    log_rows_before: PreparedStatement,
    pub(in crate::store::cassandra) post_queue_page: PreparedStatement,
}

impl Statements {
    pub(in crate::store::cassandra) async fn prepare(
        session: &Session,
        ks: &str,
    ) -> Result<Self, ExecutionError> {
        let prepare = |cql: String| crate::store::cassandra::prepare(session, cql);
        Ok(Self {
            thread_delete: prepare(format!(
                "DELETE FROM {ks}.comment_thread WHERE site = ? AND post_id = ? AND thread = ? AND id = ?"
            ))
            .await?,
            post_queue_delete: prepare(format!(
                "DELETE FROM {ks}.post_moderation WHERE site = ? AND post_id = ? AND state = ? AND id = ?"
            ))
            .await?,
            log_insert: prepare(format!(
                "INSERT INTO {ks}.moderation_log_by_hour (site, hour, at, comment_id, post_id, post_slug, post_title, by_name, from_state, to_state, reason)
                 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            ))
            .await?,
            log_hour_insert: prepare(format!(
                "INSERT INTO {ks}.moderation_log_hours (site, month, hour) VALUES (?, ?, ?)"
            ))
            .await?,
            log_hours: prepare(format!(
                "SELECT hour FROM {ks}.moderation_log_hours WHERE site = ? AND month = ? AND hour <= ? LIMIT {}",
                crate::store::cassandra::hours::HOURS_PER_READ
            ))
            .await?,
            log_rows_all: prepare(format!(
                "SELECT {LOG_COLUMNS} FROM {ks}.moderation_log_by_hour
                 WHERE site = ? AND hour IN ? PER PARTITION LIMIT ?"
            ))
            .await?,
            log_rows_before: prepare(format!(
                "SELECT {LOG_COLUMNS} FROM {ks}.moderation_log_by_hour
                 WHERE site = ? AND hour IN ? AND at < ? PER PARTITION LIMIT ?"
            ))
            .await?,
            post_queue_page: prepare(format!(
                "SELECT {COMMENT_COLUMNS} FROM {ks}.post_moderation WHERE site = ? AND post_id = ? AND state = ?"
            ))
            .await?,
        })
    }
}

/// The columns of a line of the log, as `LogLine` reads them.
pub(in crate::store::cassandra) const LOG_COLUMNS: &str =
    "at, comment_id, post_id, post_slug, post_title, by_name, from_state, to_state, reason";

/// A line of the moderation log.
pub(in crate::store::cassandra) type LogLine = (
    CqlTimeuuid,
    CqlTimeuuid,
    Uuid,
    String,
    String,
    String,
    String,
    String,
    Option<String>,
);

/// A stamp later than `previous` and than now, in microseconds: stamps of one comment's
/// moves only grow, whatever the clocks of the processes that make them.
fn next_stamp(previous: Option<i64>) -> i64 {
    let now = crate::domain::now().timestamp_micros();
    previous.map_or(now, |p| now.max(p + 1))
}

impl CassandraStore {
    /// Finishes a comment's write that died after its LWT: writes the copies of the row
    /// as it is now, at its stamp (what its last move's batch writes), and recounts the
    /// post. Safe beside live moves: copies at an older stamp never win over newer ones.
    pub(in crate::store::cassandra) async fn finish_comment(
        &self,
        site: &Site,
        post: PostId,
        id: CommentId,
    ) -> StoreResult<Finished> {
        let Some((comment, stamp, _)) = self.moved_comment(site, post, id, true).await? else {
            // The row was never created: nothing to count.
            return Ok(Finished::Undone);
        };
        if let Some(stamp) = stamp {
            let (batch, values) = self.state_batch(site, &comment, stamp, None);
            self.batch(&batch, values).await?;
            // Its hour in the index of the moderation lists, again at the time of this
            // finish: a page that found the hour empty meanwhile and took it out (stamped
            // later than the comment) must not hide the comment from the desk.
            if let Some((statement, values)) = self.listed_hour(site, &comment) {
                self.exec(&statement, values).await?;
            }
        }
        self.recount(site, post).await?;
        // A counter write that timed out may have reached the post's counters and not
        // its bucket's state counts: those follow the post counters.
        self.settle_bucket(
            site,
            crate::store::cassandra::comments::tallies::bucket_of(post.0),
            None,
            true,
        )
        .await?;
        Ok(Finished::Completed)
    }

    /// How many comments a post has taken: its partition's `taken`, read at SERIAL when
    /// `serial`, or counted from its rows when never set (a post from before `taken`).
    async fn comments_taken(
        &self,
        site: &Site,
        post: PostId,
        serial: bool,
    ) -> StoreResult<(Option<i32>, i32)> {
        let statement = if serial {
            &self.comments.taken_read_serial
        } else {
            &self.comments.taken_read
        };
        let taken: Option<(Option<i32>,)> = self.row(statement, (site.as_str(), post.0)).await?;
        match taken.and_then(|(t,)| t) {
            Some(n) => Ok((Some(n), n)),
            None => {
                let (rows,): (i64,) = self
                    .row(&self.comments.rows_count, (site.as_str(), post.0))
                    .await?
                    .unwrap_or((0,));
                Ok((None, rows as i32))
            }
        }
    }

    /// Creates a comment's row by an LWT and returns its stamp. The same LWT (a
    /// conditional batch in the post's partition) moves the post's `taken` from the value
    /// read to one more, so the cap of `MAX_COMMENTS_PER_POST` holds however many race
    /// for the last places (see `capped_create`). "Not applied" and a timeout are
    /// settled by a serial read of the act that wrote the row.
    pub(in crate::store::cassandra) async fn create_comment(
        &self,
        site: &Site,
        c: &Comment,
    ) -> Result<i64, CommentError> {
        let stamp = next_stamp(None);
        let mover = Uuid::new_v4();
        let mut values = comment_values(site, c);
        values.push(Some(CqlValue::BigInt(stamp)));
        values.push(Some(CqlValue::Uuid(mover)));
        // A new row: a column without a value is left unset, not written null, which
        // would leave a tombstone in every comment's row for each read to count.
        let values: Vec<MaybeUnset<CqlValue>> = values
            .into_iter()
            .map(|v| v.map_or(MaybeUnset::Unset, MaybeUnset::Set))
            .collect();
        let batch = logged(vec![
            self.comments.comment_create.clone(),
            self.comments.taken_claim.clone(),
        ]);
        let post = c.post.id;
        let made = self
            .capped_create(
                post.0,
                MAX_COMMENTS_PER_POST as i32,
                |serial| self.comments_taken(site, post, serial),
                |was, count| {
                    let values = values.clone();
                    let batch = &batch;
                    async move {
                        let claim = (count + 1, site.as_str(), post.0, was);
                        let outcome = self.session.batch(batch, (values, claim)).await;
                        let mut found = None;
                        let created = settled(outcome, || async {
                            found = self.moved_comment(site, post, c.id, true).await?;
                            Ok(found.as_ref().is_some_and(|(_, _, m)| *m == Some(mover)))
                        })
                        .await?;
                        if !created && found.is_some() {
                            return Err(StoreError::Corrupt(format!(
                                "comment id {} is already taken",
                                c.id.0
                            )));
                        }
                        Ok(created.then_some(stamp))
                    }
                },
            )
            .await?;
        match made {
            Capped::Made(stamp) => Ok(stamp),
            Capped::Full => Err(CommentError::Full),
        }
    }

    /// Writes `to` over a comment's row by an LWT, if the row still has the stamp it was
    /// read with. Returns the new stamp, or None when another move came first (the caller
    /// reads again and decides again).
    pub(in crate::store::cassandra) async fn move_comment(
        &self,
        site: &Site,
        to: &Comment,
        read: Option<i64>,
    ) -> StoreResult<Option<i64>> {
        let stamp = next_stamp(read);
        let mover = Uuid::new_v4();
        let values = (
            to.author.user_id().map(|u| u.0),
            to.author.name(),
            to.author.email(),
            // Empty rather than null (a null would be a tombstone in the row).
            to.author.actor().unwrap_or_default(),
            to.body.as_str(),
            to.state.as_str(),
            to.reason.as_str(),
            to.edited,
            stamp,
            mover,
            site.as_str(),
            to.post.id.0,
            CqlTimeuuid::from(to.id.0),
            read,
        );
        let attempt = self
            .session
            .execute_unpaged(&self.comments.comment_move, values)
            .await;
        let moved = settled(attempt, || async {
            Ok(self
                .moved_comment(site, to.post.id, to.id, true)
                .await?
                .is_some_and(|(_, _, m)| m == Some(mover)))
        })
        .await?;
        Ok(moved.then_some(stamp))
    }

    /// Decides a comment's next state from its row and moves it there by LWT: a move
    /// lost to a concurrent one is decided again from a serial read of the winner's row,
    /// up to `MOVE_ATTEMPTS` times. Returns what `decide` gave with the move's stamp.
    pub(in crate::store::cassandra) async fn decide_move<T>(
        &self,
        site: &Site,
        post: PostId,
        id: CommentId,
        decide: impl Fn(Comment) -> Result<(Comment, T), ModerationError>,
    ) -> Result<(T, i64), ModerationError> {
        for attempt in 0..MOVE_ATTEMPTS {
            let (comment, stamp, _) = self
                .moved_comment(site, post, id, attempt > 0)
                .await?
                .ok_or(ModerationError::NoSuchComment)?;
            let (to, outcome) = decide(comment)?;
            if let Some(stamp) = self.move_comment(site, &to, stamp).await? {
                return Ok((outcome, stamp));
            }
        }
        Err(StoreError::Unavailable("the comment kept changing".into()).into())
    }
}

#[async_trait]
impl CommentModeration for CassandraStore {
    async fn moderation_list(
        &self,
        site: &Site,
        state: CommentState,
        post: Option<PostId>,
        cursor: Option<&str>,
        limit: usize,
    ) -> Result<ModerationPage, PageError> {
        let Some(post) = post else {
            return self.list_page(site, state, cursor, limit).await;
        };
        use std::ops::ControlFlow;
        let paging = match cursor {
            None => PagingState::start(),
            Some(c) => PagingState::new_from_raw_bytes(
                crate::domain::token::unhex(c).ok_or(PageError::BadCursor)?,
            ),
        };
        let mut statement = self.moderation.post_queue_page.clone();
        statement.set_page_size(page_size(limit, caps::MODERATION) as i32);
        let (result, response) = self
            .session
            .execute_single_page(&statement, (site.as_str(), post.0, state.as_str()), paging)
            .await
            .map_err(paging_error)?;
        let rows: Vec<CommentRow> = decode_rows(result)?;
        let next = match response.into_paging_control_flow() {
            ControlFlow::Continue(next) => {
                next.as_bytes_slice().map(|b| crate::domain::token::hex(b))
            }
            ControlFlow::Break(()) => None,
        };
        Ok(ModerationPage {
            comments: rows
                .into_iter()
                .map(CommentRow::into_comment)
                .collect::<StoreResult<_>>()?,
            next,
        })
    }

    async fn moderate(
        &self,
        site: &Site,
        post: PostId,
        id: CommentId,
        moderation: &Moderation,
    ) -> Result<Comment, ModerationError> {
        // Recorded first: if this process dies after the move, the reconciler writes the
        // copies of whatever the row then is and recounts the post.
        let intent = self
            .begin_own(&OwnIntent::Comment {
                site: site.to_string(),
                post: post.0,
                comment: id.0,
            })
            .await?;
        // Only the move that wins the comment's LWT writes the copies, the log and the
        // counts.
        let (t, stamp) = self
            .decide_move(site, post, id, |comment| {
                let t = moderation.apply(comment)?;
                Ok((t.moved.clone(), t))
            })
            .await?;
        let log = &t.log;
        let at = timeuuid::at(log.at);
        let hour = crate::store::cassandra::hours::hour_of(at);
        let log_hour = vec![
            Some(CqlValue::Text(site.to_string())),
            Some(CqlValue::Text(log_month(log.at))),
            Some(CqlValue::Int(hour)),
        ];
        let log = vec![
            Some(CqlValue::Text(site.to_string())),
            Some(CqlValue::Int(hour)),
            Some(CqlValue::Timeuuid(CqlTimeuuid::from(at))),
            Some(CqlValue::Timeuuid(CqlTimeuuid::from(log.comment.0))),
            Some(CqlValue::Uuid(log.post.id.0)),
            Some(CqlValue::Text(log.post.slug.clone())),
            Some(CqlValue::Text(log.post.title.clone())),
            Some(CqlValue::Text(log.by_name.clone())),
            Some(CqlValue::Text(log.from.as_str().to_owned())),
            Some(CqlValue::Text(log.to.as_str().to_owned())),
            Some(CqlValue::Text(log.reason.clone())),
        ];
        let (mut batch, mut values) = self.state_batch(site, &t.moved, stamp, Some(t.from));
        batch.append_statement(self.moderation.log_insert.clone());
        values.push(log);
        batch.append_statement(self.moderation.log_hour_insert.clone());
        values.push(log_hour);
        self.batch(&batch, values).await?;
        if self.options.faults.fires(Fault::CrashInModeration) {
            return Err(Fault::CrashInModeration.error().into());
        }
        self.count_move(site, post, Some(t.from), t.moved.state)
            .await?;
        if let Some(author) = t.trusted {
            self.exec(&self.comments.commenter_trust, (site.as_str(), author.0))
                .await?;
        }
        self.end_own(intent).await?;
        Ok(t.moved)
    }

    async fn comment_state_counts(&self, site: &Site) -> StoreResult<StateCounts> {
        self.state_counts(site).await
    }

    async fn moderation_log(
        &self,
        site: &Site,
        month: &str,
        cursor: Option<&str>,
        limit: usize,
    ) -> Result<LogEntries, PageError> {
        let limit = page_size(limit, caps::MODERATION);
        let (site_key, statements) = (site.as_str(), &self.moderation);
        let page = crate::store::cassandra::hours::hour_page(
            cursor,
            limit,
            |from| async move {
                let hours: Vec<(i32,)> = self
                    .rows(&statements.log_hours, (site_key, month, from))
                    .await?;
                Ok(hours.into_iter().map(|(h,)| h).collect())
            },
            |hours, after, per_hour| async move {
                let rows: Vec<LogLine> = match after {
                    Some(after) => {
                        let values = (site_key, hours, CqlTimeuuid::from(after), per_hour);
                        self.rows(&statements.log_rows_before, values).await?
                    }
                    None => {
                        let values = (site_key, hours, per_hour);
                        self.rows(&statements.log_rows_all, values).await?
                    }
                };
                Ok(rows)
            },
            |line: &LogLine| Uuid::from(line.0),
        )
        .await?;
        let entries = page
            .rows
            .into_iter()
            .map(
                |(at, comment, post, slug, title, by_name, from, to, reason)| {
                    Ok(LogEntry {
                        at: timeuuid::time_of(Uuid::from(at)).unwrap_or_default(),
                        comment: CommentId(Uuid::from(comment)),
                        post: CommentedPost {
                            id: PostId(post),
                            slug,
                            title,
                        },
                        by_name,
                        from: CommentState::parse(&from)?,
                        to: CommentState::parse(&to)?,
                        reason: reason.unwrap_or_default(),
                    })
                },
            )
            .collect::<StoreResult<Vec<_>>>()?;
        Ok(LogEntries {
            entries,
            next: page.next,
        })
    }
}
