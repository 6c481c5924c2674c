//! Moderation: the lists by state, transitions, the log.

use super::comment_rows::{CommentRow, comment_of, comment_row, trust};
use super::*;
use crate::domain::comment::log_month;
use crate::store::caps::{self, page_size};

/// The columns of a comment that its row in the moderation lists copies.
const COPIED: &str = "post_slug, post_title, thread, parent, author_id, author_name, author_email, body, body_html, reason, edited, author_actor";

/// Puts a comment in the moderation list of its state (a copy of its row as it is now,
/// which a trigger keeps in step), or takes it out of every list.
pub(super) fn list_for_moderation(
    sql: &Sql<'_>,
    site: &str,
    post: &str,
    id: CommentId,
    state: CommentState,
) -> StoreResult<()> {
    let id_text = id.to_string();
    sql.prepare("DELETE FROM moderation_queue WHERE site = ?1 AND id = ?2")
        .and_then(|mut s| s.execute(params![site, id_text]))
        .map_err(unavailable)?;
    if state.is_listed() {
        sql.prepare(&format!(
            "INSERT INTO moderation_queue (site, state, id, post_id, created, {COPIED})
             SELECT ?1, ?2, ?3, ?4, ?5, {COPIED} FROM comments
             WHERE site = ?1 AND post_id = ?4 AND id = ?3"
        ))
        .and_then(|mut s| {
            s.execute(params![
                site,
                state.as_str(),
                id_text,
                post,
                id.time().timestamp_millis()
            ])
        })
        .map_err(unavailable)?;
    }
    Ok(())
}

/// The condition that a list's row (`q`) is not a copy of its comment's row (`c`).
pub(super) fn copy_differs() -> String {
    COPIED
        .split(", ")
        .map(|column| format!("q.{column} IS NOT c.{column}"))
        .collect::<Vec<_>>()
        .join(" OR ")
}

pub(super) fn moderation_cursor(created: i64, id: &str) -> String {
    format!("{created}.{id}")
}

pub(super) fn parse_moderation_cursor(cursor: &str) -> Option<(i64, String)> {
    let (created, id) = cursor.split_once('.')?;
    CommentId::parse(id).ok()?;
    Some((created.parse().ok()?, id.to_owned()))
}

#[async_trait]
impl CommentModeration for SqliteStore {
    async fn moderation_list(
        &self,
        site: &Site,
        state: CommentState,
        post: Option<PostId>,
        cursor: Option<&str>,
        limit: usize,
    ) -> Result<ModerationPage, PageError> {
        let limit = page_size(limit, caps::MODERATION);
        let after = match cursor {
            None => None,
            Some(c) => Some(parse_moderation_cursor(c).ok_or(PageError::BadCursor)?),
        };
        let site = site.to_string();
        self.read(move |sql| {
            let (created, id) = after.unwrap_or((i64::MAX, String::new()));
            let post_filter = if post.is_some() { "AND q.post_id = ?6" } else { "" };
            let mut stmt = sql
                .prepare(&format!(
                    "SELECT q.id, q.post_id, q.post_slug, q.post_title, q.thread, q.parent, q.author_id,
                            q.author_name, q.author_email, q.body, q.body_html, q.state, q.reason, q.edited, q.author_actor, q.created
                     FROM moderation_queue q
                     WHERE q.site = ?1 AND q.state = ?2 {post_filter}
                       AND (q.created < ?3 OR (q.created = ?3 AND q.id < ?4))
                     ORDER BY q.created DESC, q.id DESC LIMIT ?5"
                ))
                .map_err(unavailable)?;
            let map = |r: &rusqlite::Row<'_>| Ok((comment_row(r)?, r.get::<_, i64>(15)?));
            let id_bound = if id.is_empty() { "~".to_owned() } else { id };
            let rows: Vec<(CommentRow, i64)> = match post {
                Some(p) => stmt.query_map(
                    params![site, state.as_str(), created, id_bound, limit as i64 + 1, p.0.to_string()],
                    map,
                ),
                None => stmt.query_map(
                    params![site, state.as_str(), created, id_bound, limit as i64 + 1],
                    map,
                ),
            }
            .and_then(Iterator::collect)
            .map_err(unavailable)?;
            let more = rows.len() > limit;
            let mut comments = Vec::new();
            let mut next = None;
            for (row, created) in rows.into_iter().take(limit) {
                next = Some(moderation_cursor(created, &row.id));
                comments.push(row.into_comment()?);
            }
            Ok(ModerationPage {
                comments,
                next: if more { next } else { None },
            })
        })
        .await
    }

    async fn moderate(
        &self,
        site: &Site,
        post: PostId,
        id: CommentId,
        moderation: &Moderation,
    ) -> Result<Comment, ModerationError> {
        let (site, m) = (site.to_string(), moderation.clone());
        let faults = self.faults.clone();
        self.transaction(move |sql| {
            let (post_text, id_text) = (post.0.to_string(), id.to_string());
            let comment = comment_of(sql, &site, &post_text, &id_text)?
                .ok_or(ModerationError::NoSuchComment)?;
            let t = m.apply(comment)?;
            sql.prepare(
                "UPDATE comments SET state = ?4, reason = ?5 WHERE site = ?1 AND post_id = ?2 AND id = ?3",
            )
            .and_then(|mut s| {
                s.execute(params![site, post_text, id_text, t.moved.state.as_str(), t.moved.reason])
            })
            .map_err(unavailable)?;
            if faults.fires(Fault::CrashInModeration) {
                // Dropping the transaction undoes the comment's change, as a crash would.
                return Err(Fault::CrashInModeration.error().into());
            }
            list_for_moderation(sql, &site, &post_text, id, t.moved.state)?;
            let log = &t.log;
            sql.prepare(
                "INSERT INTO moderation_log (site, month, at, comment_id, post_id, post_slug, post_title, by_name, from_state, to_state, reason)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
            )
            .and_then(|mut s| {
                s.execute(params![
                    site,
                    log_month(log.at),
                    log.at.timestamp_millis(),
                    log.comment.to_string(),
                    log.post.id.0.to_string(),
                    log.post.slug,
                    log.post.title,
                    log.by_name,
                    log.from.as_str(),
                    log.to.as_str(),
                    log.reason,
                ])
            })
            .map_err(unavailable)?;
            if let Some(author) = t.trusted {
                trust(sql, &site, author)?;
            }
            Ok(t.moved)
        })
        .await
    }

    async fn comment_state_counts(&self, site: &Site) -> StoreResult<StateCounts> {
        let site = site.to_string();
        self.read(move |sql| {
            let mut stmt = sql
                .prepare("SELECT state, n FROM comment_state_tallies WHERE site = ?1")
                .map_err(unavailable)?;
            let rows: Vec<(String, u64)> = stmt
                .query_map(params![site], |r| Ok((r.get(0)?, r.get(1)?)))
                .and_then(Iterator::collect)
                .map_err(unavailable)?;
            let mut counts = StateCounts::default();
            for (state, n) in rows {
                *counts.slot(CommentState::parse(&state)?) = n;
            }
            Ok(counts)
        })
        .await
    }

    async fn moderation_log(
        &self,
        site: &Site,
        month: &str,
        cursor: Option<&str>,
        limit: usize,
    ) -> Result<LogEntries, PageError> {
        // The cursor is the sequence number of the last entry shown.
        let before: i64 = match cursor {
            None => i64::MAX,
            Some(c) => c
                .parse()
                .ok()
                .filter(|n| *n > 0)
                .ok_or(PageError::BadCursor)?,
        };
        let limit = page_size(limit, caps::MODERATION);
        let (site, month) = (site.to_string(), month.to_owned());
        self.read(move |sql| {
            let mut stmt = sql
                .prepare(
                    "SELECT at, comment_id, post_id, post_slug, post_title, by_name, from_state, to_state, reason, seq
                     FROM moderation_log WHERE site = ?1 AND month = ?2 AND seq < ?3
                     ORDER BY seq DESC LIMIT ?4",
                )
                .map_err(unavailable)?;
            type Line = (
                i64,
                String,
                String,
                String,
                String,
                String,
                String,
                String,
                String,
                i64,
            );
            let mut rows: Vec<Line> = stmt
                .query_map(params![site, month, before, limit as i64 + 1], |r| {
                    Ok((
                        r.get(0)?,
                        r.get(1)?,
                        r.get(2)?,
                        r.get(3)?,
                        r.get(4)?,
                        r.get(5)?,
                        r.get(6)?,
                        r.get(7)?,
                        r.get(8)?,
                        r.get(9)?,
                    ))
                })
                .and_then(Iterator::collect)
                .map_err(unavailable)?;
            let more = rows.len() > limit;
            rows.truncate(limit);
            let next = more
                .then(|| rows.last().map(|r| r.9.to_string()))
                .flatten();
            let entries = rows
                .into_iter()
                .map(|(at, comment, post, slug, title, by_name, from, to, reason, _)| {
                    Ok(LogEntry {
                        at: millis_to_time(at),
                        comment: CommentId::parse(&comment)?,
                        post: CommentedPost {
                            id: PostId(uuid(&post)?),
                            slug,
                            title,
                        },
                        by_name,
                        from: CommentState::parse(&from)?,
                        to: CommentState::parse(&to)?,
                        reason,
                    })
                })
                .collect::<StoreResult<Vec<_>>>()?;
            Ok(LogEntries { entries, next })
        })
        .await
    }
}
