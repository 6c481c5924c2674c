//! The servers and accounts a site blocks (`ap_blocks`, plain writes, counted before
//! each); where the comments from the fediverse are by their author's domain
//! (`ap_comments_by_domain` a day at a time, with the days listed in
//! `ap_comment_days`), for removing a blocked server's or account's comments; and where
//! each came from (`ap_comment_sources`), for the replies to them.

use super::CassandraStore;
use crate::domain::{CommentId, PostId, Site};
use crate::store::caps::{self, page_size};
use crate::store::federation::{
    Block, BlockAdded, CommentSource, MAX_BLOCK_LOOKUPS, MAX_BLOCKS, RemoteComment, RemoteComments,
    comment_domain, host_of_actor, under_domain,
};
use crate::store::{PageError, StoreResult};
use chrono::{DateTime, Datelike, Utc};
use scylla::client::session::Session;
use scylla::errors::ExecutionError;
use scylla::statement::prepared::PreparedStatement;
use scylla::value::CqlTimeuuid;
use uuid::Uuid;

/// The statements of this file, prepared once at start.
pub(super) struct Statements {
    count: PreparedStatement,
    one: PreparedStatement,
    insert: PreparedStatement,
    delete: PreparedStatement,
    first: PreparedStatement,
    after: PreparedStatement,
    any: PreparedStatement,
    comment_insert: PreparedStatement,
    day_insert: PreparedStatement,
    days: PreparedStatement,
    comments_first: PreparedStatement,
    comments_after: PreparedStatement,
    source_insert: PreparedStatement,
    source_read: PreparedStatement,
}

impl Statements {
    pub(super) async fn prepare(session: &Session, ks: &str) -> Result<Self, ExecutionError> {
        let prepare = |cql: String| super::prepare(session, cql);
        Ok(Self {
            count: prepare(format!(
                "SELECT COUNT(*) FROM {ks}.ap_blocks WHERE site = ?"
            ))
            .await?,
            one: prepare(format!(
                "SELECT target FROM {ks}.ap_blocks WHERE site = ? AND target = ?"
            ))
            .await?,
            insert: prepare(format!(
                "INSERT INTO {ks}.ap_blocks (site, target, at, blocked_by) VALUES (?, ?, ?, ?)"
            ))
            .await?,
            delete: prepare(format!(
                "DELETE FROM {ks}.ap_blocks WHERE site = ? AND target = ?"
            ))
            .await?,
            first: prepare(format!(
                "SELECT target, at, blocked_by FROM {ks}.ap_blocks WHERE site = ? LIMIT ?"
            ))
            .await?,
            after: prepare(format!(
                "SELECT target, at, blocked_by FROM {ks}.ap_blocks WHERE site = ? AND target > ? LIMIT ?"
            ))
            .await?,
            any: prepare(format!(
                "SELECT target FROM {ks}.ap_blocks WHERE site = ? AND target IN ?"
            ))
            .await?,
            comment_insert: prepare(format!(
                "INSERT INTO {ks}.ap_comments_by_domain (site, domain, day, actor, post_id, id) VALUES (?, ?, ?, ?, ?, ?)"
            ))
            .await?,
            day_insert: prepare(format!(
                "INSERT INTO {ks}.ap_comment_days (site, domain, day) VALUES (?, ?, ?)"
            ))
            .await?,
            days: prepare(format!(
                "SELECT day FROM {ks}.ap_comment_days WHERE site = ? AND domain = ?"
            ))
            .await?,
            comments_first: prepare(format!(
                "SELECT actor, post_id, id FROM {ks}.ap_comments_by_domain WHERE site = ? AND domain = ? AND day = ? LIMIT ?"
            ))
            .await?,
            comments_after: prepare(format!(
                "SELECT actor, post_id, id FROM {ks}.ap_comments_by_domain WHERE site = ? AND domain = ? AND day = ?
                 AND (actor, post_id, id) > (?, ?, ?) LIMIT ?"
            ))
            .await?,
            source_insert: prepare(format!(
                "INSERT INTO {ks}.ap_comment_sources (site, id, note, actor, handle, inbox) VALUES (?, ?, ?, ?, ?, ?)"
            ))
            .await?,
            source_read: prepare(format!(
                "SELECT note, actor, handle, inbox FROM {ks}.ap_comment_sources WHERE site = ? AND id = ?"
            ))
            .await?,
        })
    }
}

/// A row of ap_comments_by_domain within its day: actor, post, comment.
type RowKey = (String, Uuid, Uuid);

/// A day as its partitions are named: 20261130.
fn day_of(at: DateTime<Utc>) -> i32 {
    at.year() * 10_000 + at.month() as i32 * 100 + at.day() as i32
}

/// Where a page of a domain's comments starts: a day, after a row of it if any
/// (`day|post|comment|actor`: an actor's id may hold any character, so it comes last).
fn parse_cursor(cursor: &str) -> Result<(i32, Option<RowKey>), PageError> {
    let mut parts = cursor.splitn(4, '|');
    let day: i32 = parts
        .next()
        .and_then(|d| d.parse().ok())
        .filter(|d| (19700101..=99991231).contains(d))
        .ok_or(PageError::BadCursor)?;
    let id = |t: Option<&str>| t.and_then(|t| Uuid::parse_str(t).ok());
    match (parts.next(), parts.next(), parts.next()) {
        (None, None, None) => Ok((day, None)),
        (post, comment, Some(actor)) => match (id(post), id(comment)) {
            (Some(post), Some(comment)) => Ok((day, Some((actor.to_owned(), post, comment)))),
            _ => Err(PageError::BadCursor),
        },
        _ => Err(PageError::BadCursor),
    }
}

impl CassandraStore {
    pub(super) async fn note_source_row(
        &self,
        site: &Site,
        comment: CommentId,
        source: &CommentSource,
    ) -> StoreResult<()> {
        self.exec(
            &self.federation.blocks.source_insert,
            (
                site.as_str(),
                CqlTimeuuid::from(comment.0),
                source.note.as_str(),
                source.actor.as_str(),
                source.handle.as_str(),
                source.inbox.as_str(),
            ),
        )
        .await?;
        Ok(())
    }

    pub(super) async fn source_row(
        &self,
        site: &Site,
        comment: CommentId,
    ) -> StoreResult<Option<CommentSource>> {
        let row: Option<(String, String, String, String)> = self
            .row(
                &self.federation.blocks.source_read,
                (site.as_str(), CqlTimeuuid::from(comment.0)),
            )
            .await?;
        Ok(row.map(|(note, actor, handle, inbox)| CommentSource {
            note,
            actor,
            handle,
            inbox,
        }))
    }

    pub(super) async fn add_block_row(
        &self,
        site: &Site,
        block: &Block,
    ) -> StoreResult<BlockAdded> {
        let s = &self.federation.blocks;
        let had: Option<(String,)> = self
            .row(&s.one, (site.as_str(), block.target.as_str()))
            .await?;
        if had.is_some() {
            return Ok(BlockAdded::Already);
        }
        let (count,): (i64,) = self.row(&s.count, (site.as_str(),)).await?.unwrap_or((0,));
        if count as usize >= MAX_BLOCKS {
            return Ok(BlockAdded::Full);
        }
        self.exec(
            &s.insert,
            (
                site.as_str(),
                block.target.as_str(),
                block.at,
                block.by.as_str(),
            ),
        )
        .await?;
        Ok(BlockAdded::Added)
    }

    pub(super) async fn remove_block_row(&self, site: &Site, target: &str) -> StoreResult<bool> {
        let s = &self.federation.blocks;
        let had: Option<(String,)> = self.row(&s.one, (site.as_str(), target)).await?;
        if had.is_none() {
            return Ok(false);
        }
        self.exec(&s.delete, (site.as_str(), target)).await?;
        Ok(true)
    }

    pub(super) async fn block_rows(
        &self,
        site: &Site,
        after: Option<&str>,
        limit: usize,
    ) -> StoreResult<Vec<Block>> {
        let s = &self.federation.blocks;
        let limit = page_size(limit, caps::ROSTER) as i32;
        let rows: Vec<(String, Option<DateTime<Utc>>, Option<String>)> = match after {
            Some(after) => self.rows(&s.after, (site.as_str(), after, limit)).await?,
            None => self.rows(&s.first, (site.as_str(), limit)).await?,
        };
        Ok(rows
            .into_iter()
            .map(|(target, at, by)| Block {
                target,
                at: at.unwrap_or_default(),
                by: by.unwrap_or_default(),
            })
            .collect())
    }

    pub(super) async fn first_blocked(
        &self,
        site: &Site,
        targets: &[String],
    ) -> StoreResult<Option<String>> {
        let targets: Vec<&str> = targets
            .iter()
            .take(MAX_BLOCK_LOOKUPS)
            .map(String::as_str)
            .collect();
        if targets.is_empty() {
            return Ok(None);
        }
        let found: Vec<(String,)> = self
            .rows(&self.federation.blocks.any, (site.as_str(), &targets))
            .await?;
        // The first asked for, not the first in the partition's order.
        Ok(targets
            .iter()
            .find(|t| found.iter().any(|(f,)| f == *t))
            .map(|t| (*t).to_owned()))
    }

    /// Notes where a comment from the fediverse is, by its author's domain, before the
    /// comment is written (a row naming a comment never written is read as one that
    /// does not exist).
    pub(super) async fn note_remote_comment(
        &self,
        site: &Site,
        actor: &str,
        post: PostId,
        comment: CommentId,
        at: DateTime<Utc>,
    ) -> StoreResult<()> {
        let Some(host) = host_of_actor(actor) else {
            return Ok(());
        };
        let s = &self.federation.blocks;
        let (domain, day) = (comment_domain(&host), day_of(at));
        self.exec(&s.day_insert, (site.as_str(), domain.as_str(), day))
            .await?;
        self.exec(
            &s.comment_insert,
            (
                site.as_str(),
                domain.as_str(),
                day,
                actor,
                post.0,
                CqlTimeuuid::from(comment.0),
            ),
        )
        .await?;
        Ok(())
    }

    pub(super) async fn remote_comment_rows(
        &self,
        site: &Site,
        domain: &str,
        cursor: Option<&str>,
        limit: usize,
    ) -> Result<RemoteComments, PageError> {
        let s = &self.federation.blocks;
        let limit = page_size(limit, caps::ROSTER);
        let (start, mut after) = match cursor {
            Some(c) => parse_cursor(c)?,
            None => (0, None),
        };
        let key = comment_domain(domain);
        let mut days: Vec<(i32,)> = self.rows(&s.days, (site.as_str(), key.as_str())).await?;
        days.retain(|(d,)| *d >= start);
        let mut comments = Vec::new();
        for (day,) in days {
            let mut from = if day == start { after.take() } else { None };
            loop {
                let want = (limit - comments.len()) as i32;
                let rows: Vec<(String, Uuid, CqlTimeuuid)> = match from.take() {
                    Some((actor, post, id)) => {
                        self.rows(
                            &s.comments_after,
                            (
                                site.as_str(),
                                key.as_str(),
                                day,
                                actor,
                                post,
                                CqlTimeuuid::from(id),
                                want,
                            ),
                        )
                        .await?
                    }
                    None => {
                        self.rows(&s.comments_first, (site.as_str(), key.as_str(), day, want))
                            .await?
                    }
                };
                let full = rows.len() as i32 == want;
                let last = rows.last().cloned();
                comments.extend(rows.into_iter().filter_map(|(actor, post, id)| {
                    let host = host_of_actor(&actor)?;
                    under_domain(&host, domain).then_some(RemoteComment {
                        post: PostId(post),
                        comment: CommentId(Uuid::from(id)),
                        actor,
                    })
                }));
                let Some((actor, post, id)) = last else {
                    break;
                };
                if comments.len() == limit {
                    return Ok(RemoteComments {
                        comments,
                        next: Some(format!("{day}|{post}|{}|{actor}", Uuid::from(id))),
                    });
                }
                if !full {
                    break;
                }
                // Rows of other domains under the same key were left out: read on.
                from = Some((actor, post, Uuid::from(id)));
            }
        }
        Ok(RemoteComments {
            comments,
            next: None,
        })
    }
}
