//! Where each member's comments are (`comments_by_user`, by month of writing), for
//! deleting an account: its comments are found month by month from the account's
//! creation, signed "deleted user" (or removed) one by one, then the months are dropped.

use crate::domain::comment::DELETED_USER;
use crate::domain::{Comment, CommentId, Commenter, PostId, Site, UserId};
use crate::store::caps::{self, page_size};
use crate::store::cassandra::CassandraStore;
use crate::store::{MemberComments, ModerationError, PageError, StoreResult};
use chrono::Datelike;
use chrono::{DateTime, Utc};
use scylla::client::session::Session;
use scylla::errors::ExecutionError;
use scylla::statement::prepared::PreparedStatement;
use scylla::value::CqlTimeuuid;
use uuid::Uuid;

/// The months from the one of `since` to the one after now (a clock a little ahead
/// included), oldest first.
fn months_since(since: DateTime<Utc>) -> Vec<i32> {
    let last = crate::domain::now() + chrono::Duration::days(31);
    let (mut year, mut month) = (since.year(), since.month() as i32);
    let end = last.year() * 100 + last.month() as i32;
    let mut months = Vec::new();
    while year * 100 + month <= end {
        months.push(year * 100 + month);
        (year, month) = if month == 12 {
            (year + 1, 1)
        } else {
            (year, month + 1)
        };
    }
    months
}

/// Where a page of a member's comments starts: a month, after a comment of it if any.
fn parse_cursor(cursor: &str) -> Result<(i32, Option<(Uuid, Uuid)>), PageError> {
    let mut parts = cursor.split(':');
    let month: i32 = parts
        .next()
        .and_then(|m| m.parse().ok())
        .filter(|m| (197001..=999912).contains(m))
        .ok_or(PageError::BadCursor)?;
    let id = |t: Option<&str>| t.and_then(|t| Uuid::parse_str(t).ok());
    match (parts.next(), parts.next(), parts.next()) {
        (None, None, None) => Ok((month, None)),
        (post, comment, None) => match (id(post), id(comment)) {
            (Some(post), Some(comment)) => Ok((month, Some((post, comment)))),
            _ => Err(PageError::BadCursor),
        },
        _ => Err(PageError::BadCursor),
    }
}

/// The statements of this file, prepared once at start.
pub(in crate::store::cassandra) struct Statements {
    pub(in crate::store::cassandra) insert: PreparedStatement,
    first: PreparedStatement,
    after: PreparedStatement,
    drop_month: PreparedStatement,
    /// A member's comments on one post in some months (`month IN ?`).
    pub(in crate::store::cassandra) on_post: PreparedStatement,
}

impl Statements {
    pub(in crate::store::cassandra) async fn prepare(
        session: &Session,
        ks: &str,
    ) -> Result<Self, ExecutionError> {
        let prepare = |cql: String| crate::store::cassandra::prepare(session, cql);
        Ok(Self {
            insert: prepare(format!(
                "INSERT INTO {ks}.comments_by_user (site, user_id, month, post_id, id) VALUES (?, ?, ?, ?, ?)"
            ))
            .await?,
            first: prepare(format!(
                "SELECT post_id, id FROM {ks}.comments_by_user WHERE site = ? AND user_id = ? AND month = ? LIMIT ?"
            ))
            .await?,
            after: prepare(format!(
                "SELECT post_id, id FROM {ks}.comments_by_user WHERE site = ? AND user_id = ? AND month = ?
                 AND (post_id, id) > (?, ?) LIMIT ?"
            ))
            .await?,
            drop_month: prepare(format!(
                "DELETE FROM {ks}.comments_by_user WHERE site = ? AND user_id = ? AND month = ?"
            ))
            .await?,
            on_post: prepare(format!(
                "SELECT id FROM {ks}.comments_by_user WHERE site = ? AND user_id = ? AND month IN ? AND post_id = ?"
            ))
            .await?,
        })
    }
}

impl CassandraStore {
    pub(in crate::store::cassandra) async fn member_comments(
        &self,
        site: &Site,
        user: UserId,
        since: DateTime<Utc>,
        cursor: Option<&str>,
        limit: usize,
    ) -> Result<MemberComments, PageError> {
        let limit = page_size(limit, caps::ROSTER);
        let (start, mut after) = match cursor {
            Some(c) => parse_cursor(c)?,
            None => (0, None),
        };
        let mut comments = Vec::new();
        for month in months_since(since).into_iter().filter(|m| *m >= start) {
            let want = (limit - comments.len()) as i32;
            let rows: Vec<(Uuid, CqlTimeuuid)> = match after.take() {
                Some((post, id)) if month == start => {
                    self.rows(
                        &self.commenters.after,
                        (
                            site.as_str(),
                            user.0,
                            month,
                            post,
                            CqlTimeuuid::from(id),
                            want,
                        ),
                    )
                    .await?
                }
                _ => {
                    self.rows(&self.commenters.first, (site.as_str(), user.0, month, want))
                        .await?
                }
            };
            comments.extend(
                rows.into_iter()
                    .map(|(post, id)| (PostId(post), CommentId(Uuid::from(id)))),
            );
            if comments.len() == limit {
                let (post, id) = comments[limit - 1];
                return Ok(MemberComments {
                    comments,
                    next: Some(format!("{month}:{}:{}", post.0, id.0)),
                });
            }
        }
        Ok(MemberComments {
            comments,
            next: None,
        })
    }

    pub(in crate::store::cassandra) async fn forget_member_comment(
        &self,
        site: &Site,
        post: PostId,
        id: CommentId,
    ) -> Result<Comment, ModerationError> {
        self.rewrite_comment(site, post, id, |comment| {
            Ok(Comment {
                author: Commenter::Guest {
                    name: DELETED_USER.to_owned(),
                    email: String::new(),
                },
                ..comment
            })
        })
        .await
    }

    pub(in crate::store::cassandra) async fn drop_member_months(
        &self,
        site: &Site,
        user: UserId,
        since: DateTime<Utc>,
    ) -> StoreResult<()> {
        for month in months_since(since) {
            self.exec(&self.commenters.drop_month, (site.as_str(), user.0, month))
                .await?;
        }
        Ok(())
    }
}
