//! Comments: rows, approved threads and their paging, counts and commenters.

use super::comment_rows::{COMMENT_COLUMNS, CommentRow, comment_of, comment_row};
use super::moderation::list_for_moderation;
use super::*;
use crate::domain::comment::{DELETED_USER, OWN_PENDING_WINDOW, own_pending_since};
use crate::store::caps::{self, page_size};

/// All of a post's comments, for its cap: the sum of its tallies (kept by triggers in the
/// same transaction as the rows, so exact), a row per state rather than an index entry
/// per comment.
pub(super) const COMMENTS_OF_POST: &str =
    "SELECT COALESCE(SUM(n), 0) FROM comment_tallies WHERE site = ?1 AND post_id = ?2";

/// Where a comment sorts among a post's comments: its thread's time, then its own, each
/// as the 100-nanosecond count and clock sequence of the time UUID, so that the text
/// order is the time order.
pub(super) fn comment_sort_key(thread: CommentId, id: CommentId) -> String {
    let part = |c: CommentId| {
        let (ticks, seq) =
            c.0.get_timestamp()
                .map(|t| t.to_gregorian())
                .unwrap_or_default();
        format!("{ticks:020}{seq:05}{}", c.0.simple())
    };
    format!("{}{}", part(thread), part(id))
}

#[async_trait]
impl Comments for SqliteStore {
    async fn comment_settings(&self, site: &Site) -> StoreResult<CommentSettings> {
        let site = site.to_string();
        self.read(move |sql| {
            let row = sql
                .prepare(
                    "SELECT guests, trust_approved, close_after_days, remove_deleted
                     FROM comment_settings WHERE site = ?1",
                )
                .and_then(|mut s| {
                    s.query_row(params![site], |r| {
                        Ok(CommentSettings {
                            guests: r.get(0)?,
                            trust_approved: r.get(1)?,
                            close_after_days: r.get(2)?,
                            remove_deleted_accounts_comments: r.get(3)?,
                        })
                    })
                    .optional()
                })
                .map_err(unavailable)?;
            Ok(row.unwrap_or_default())
        })
        .await
    }

    async fn save_comment_settings(
        &self,
        site: &Site,
        settings: &CommentSettings,
    ) -> StoreResult<()> {
        let (site, settings) = (site.to_string(), *settings);
        self.run(move |sql| {
            sql
                .prepare(
                    "INSERT INTO comment_settings (site, guests, trust_approved, close_after_days, remove_deleted)
                     VALUES (?1, ?2, ?3, ?4, ?5)
                     ON CONFLICT (site) DO UPDATE SET guests = ?2, trust_approved = ?3,
                         close_after_days = ?4, remove_deleted = ?5",
                )
                .and_then(|mut s| {
                    s.execute(params![
                        site,
                        settings.guests,
                        settings.trust_approved,
                        settings.close_after_days,
                        settings.remove_deleted_accounts_comments
                    ])
                })
                .map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    async fn set_comments_closed(
        &self,
        site: &Site,
        post: PostId,
        closed: bool,
    ) -> StoreResult<()> {
        let site = site.to_string();
        self.run(move |sql| {
            sql.prepare("UPDATE posts SET comments_closed = ?3 WHERE site = ?1 AND id = ?2")
                .and_then(|mut s| s.execute(params![site, post.0.to_string(), closed]))
                .map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    async fn add_comment(&self, site: &Site, comment: &NewComment) -> Result<(), CommentError> {
        let (site, c) = (site.to_string(), comment.clone());
        self.transaction(move |sql| {
            let post = c.post.id.0.to_string();
            let count: u64 = sql
                .prepare(COMMENTS_OF_POST)
                .and_then(|mut s| s.query_row(params![site, post], |r| r.get(0)))
                .map_err(unavailable)?;
            if count >= MAX_COMMENTS_PER_POST {
                return Err(CommentError::Full);
            }
            sql.prepare(&format!(
                "INSERT INTO comments ({COMMENT_COLUMNS}, site, created, sort_key)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, '', NULL, ?16, ?13, ?14, ?15)"
            ))
            .and_then(|mut s| {
                s.execute(params![
                    c.id.to_string(),
                    post,
                    c.post.slug,
                    c.post.title,
                    c.thread.to_string(),
                    c.parent.map(|p| p.to_string()),
                    c.author.user_id().map(|u| u.0.to_string()),
                    c.author.name(),
                    c.author.email(),
                    c.body.as_str(),
                    c.body_html,
                    c.state.as_str(),
                    site,
                    c.id.time().timestamp_millis(),
                    comment_sort_key(c.thread, c.id),
                    c.author.actor(),
                ])
            })
            .map_err(unavailable)?;
            list_for_moderation(sql, &site, &post, c.id, c.state)?;
            Ok(())
        })
        .await
    }

    async fn comment(
        &self,
        site: &Site,
        post: PostId,
        id: CommentId,
    ) -> StoreResult<Option<Comment>> {
        let site = site.to_string();
        self.read(move |sql| comment_of(sql, &site, &post.0.to_string(), &id.to_string()))
            .await
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
        let (site, post) = (site.to_string(), post.0.to_string());
        let list = json_list(ids.iter());
        let rows: Vec<(String, String)> = self
            .read(move |sql| {
                sql.prepare(
                    "SELECT id, body FROM comments WHERE site = ?1 AND post_id = ?2
                     AND id IN (SELECT value FROM json_each(?3))",
                )
                .and_then(|mut s| {
                    s.query_map(params![site, post, list], |r| Ok((r.get(0)?, r.get(1)?)))?
                        .collect()
                })
                .map_err(unavailable)
            })
            .await?;
        rows.into_iter()
            .map(|(id, body)| Ok((CommentId::parse(&id)?, body)))
            .collect()
    }

    async fn comment_page(
        &self,
        site: &Site,
        post: PostId,
        cursor: Option<&str>,
        limit: usize,
    ) -> Result<CommentPage, PageError> {
        let limit = page_size(limit, caps::COMMENTS);
        // Cursors are keyset positions: `n<key>` starts after a comment, `o<key>` ends
        // before one (read backwards, then turned around).
        let (forward, key) = match cursor {
            None => (true, String::new()),
            Some(c) => {
                let (direction, key) = c.split_at_checked(1).ok_or(PageError::BadCursor)?;
                let well_formed =
                    key.len() == 2 * (20 + 5 + 32) && key.bytes().all(|b| b.is_ascii_hexdigit());
                match direction {
                    "n" if well_formed => (true, key.to_owned()),
                    "o" if well_formed => (false, key.to_owned()),
                    _ => return Err(PageError::BadCursor),
                }
            }
        };
        let (site, started) = (site.to_string(), cursor.is_some());
        self.read(move |sql| {
            let query = if forward {
                format!(
                    "SELECT {COMMENT_COLUMNS}, sort_key FROM comments
                     WHERE site = ?1 AND post_id = ?2 AND state = 'approved' AND sort_key > ?3
                     ORDER BY sort_key LIMIT ?4"
                )
            } else {
                format!(
                    "SELECT {COMMENT_COLUMNS}, sort_key FROM comments
                     WHERE site = ?1 AND post_id = ?2 AND state = 'approved' AND sort_key < ?3
                     ORDER BY sort_key DESC LIMIT ?4"
                )
            };
            let mut stmt = sql.prepare(&query).map_err(unavailable)?;
            let mut rows: Vec<(CommentRow, String)> = stmt
                .query_map(
                    params![site, post.0.to_string(), key, limit as i64 + 1],
                    |r| Ok((comment_row(r)?, r.get(15)?)),
                )
                .and_then(Iterator::collect)
                .map_err(unavailable)?;
            let more = rows.len() > limit;
            rows.truncate(limit);
            if !forward {
                rows.reverse();
            }
            let first = rows.first().map(|(_, k)| format!("o{k}"));
            let last = rows.last().map(|(_, k)| format!("n{k}"));
            let (newer, older) = if forward {
                (
                    if more { last } else { None },
                    if started { first } else { None },
                )
            } else {
                (last, if more { first } else { None })
            };
            let comments = rows
                .into_iter()
                .map(|(row, _)| row.into_thread_comment())
                .collect::<StoreResult<Vec<_>>>()?;
            Ok(CommentPage {
                comments,
                newer,
                older,
            })
        })
        .await
    }

    async fn pending_comments_by(
        &self,
        site: &Site,
        post: PostId,
        author: UserId,
    ) -> StoreResult<Vec<Comment>> {
        let site = site.to_string();
        let since = own_pending_since(crate::domain::now()).timestamp_millis();
        self.read(move |sql| {
            let mut stmt = sql
                .prepare(&format!(
                    "SELECT {COMMENT_COLUMNS} FROM (
                       SELECT * FROM comments
                       WHERE site = ?1 AND post_id = ?2 AND author_id = ?3 AND created >= ?4
                       ORDER BY created DESC, id DESC LIMIT {OWN_PENDING_WINDOW}
                     ) WHERE state = 'pending' ORDER BY created, id"
                ))
                .map_err(unavailable)?;
            let rows: Vec<CommentRow> = stmt
                .query_map(
                    params![site, post.0.to_string(), author.0.to_string(), since],
                    comment_row,
                )
                .and_then(Iterator::collect)
                .map_err(unavailable)?;
            rows.into_iter().map(CommentRow::into_comment).collect()
        })
        .await
    }

    async fn edit_comment(
        &self,
        site: &Site,
        post: PostId,
        id: CommentId,
        body: &CommentBody,
        at: DateTime<Utc>,
    ) -> Result<Comment, ModerationError> {
        let (site, body) = (site.to_string(), body.clone());
        self.transaction(move |sql| {
            let (post_text, id_text) = (post.0.to_string(), id.to_string());
            let comment = comment_of(sql, &site, &post_text, &id_text)?
                .ok_or(ModerationError::NoSuchComment)?;
            if comment.state == CommentState::Deleted {
                return Err(ModerationError::Illegal {
                    from: comment.state,
                    to: comment.state,
                });
            }
            sql.prepare(
                "UPDATE comments SET body = ?4, body_html = ?5, edited = ?6 WHERE site = ?1 AND post_id = ?2 AND id = ?3",
            )
            .and_then(|mut s| {
                s.execute(params![
                    site,
                    post_text,
                    id_text,
                    body.as_str(),
                    body.to_html(),
                    at.timestamp_millis()
                ])
            })
            .map_err(unavailable)?;
            let edited = comment_of(sql, &site, &post_text, &id_text)?
                .ok_or(ModerationError::NoSuchComment)?;
            Ok(edited)
        })
        .await
    }

    /// Kept between reads (`kept.rs`): every list page asks for them.
    async fn approved_comment_counts(
        &self,
        site: &Site,
        posts: &[PostId],
    ) -> StoreResult<Vec<(PostId, u64)>> {
        if posts.is_empty() {
            return Ok(Vec::new());
        }
        let key = site.as_str();
        self.kept_or_read(
            |lists| {
                let (known, missing) = lists.counts(key, posts);
                missing.is_empty().then_some(known)
            },
            |sql| read_counts(sql, key, posts, CommentState::Approved),
            |lists, start, read| lists.keep_counts(key, start, posts, read),
        )
    }

    async fn pending_comment_counts(
        &self,
        site: &Site,
        posts: &[PostId],
    ) -> StoreResult<Vec<(PostId, u64)>> {
        self.counts_in(site, posts, CommentState::Pending).await
    }

    async fn commenter_standing(&self, site: &Site, user: UserId) -> StoreResult<Standing> {
        let site = site.to_string();
        self.read(move |sql| {
            let row = sql
                .prepare("SELECT banned, trusted FROM commenters WHERE site = ?1 AND user_id = ?2")
                .and_then(|mut s| {
                    s.query_row(params![site, user.0.to_string()], |r| {
                        Ok(Standing {
                            banned: r.get(0)?,
                            trusted: r.get(1)?,
                        })
                    })
                    .optional()
                })
                .map_err(unavailable)?;
            Ok(row.unwrap_or_default())
        })
        .await
    }

    async fn set_comment_ban(&self, site: &Site, user: UserId, banned: bool) -> StoreResult<()> {
        let site = site.to_string();
        self.run(move |sql| {
            sql.prepare(
                "INSERT INTO commenters (site, user_id, banned) VALUES (?1, ?2, ?3)
                     ON CONFLICT (site, user_id) DO UPDATE SET banned = ?3",
            )
            .and_then(|mut s| s.execute(params![site, user.0.to_string(), banned]))
            .map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    async fn comments_by_member(
        &self,
        site: &Site,
        user: UserId,
        _since: DateTime<Utc>,
        cursor: Option<&str>,
        limit: usize,
    ) -> Result<MemberComments, PageError> {
        // The cursor is the last (post, comment) given, in the index's order.
        let after = match cursor {
            None => (String::new(), String::new()),
            Some(c) => {
                let (post, id) = c.split_once(':').ok_or(PageError::BadCursor)?;
                let valid = |t: &str| Uuid::parse_str(t).is_ok();
                if !valid(post) || !valid(id) {
                    return Err(PageError::BadCursor);
                }
                (post.to_owned(), id.to_owned())
            }
        };
        let (site, limit) = (site.to_string(), page_size(limit, caps::ROSTER));
        let rows: Vec<(String, String)> = self
            .read(move |sql| {
                sql.prepare(
                    "SELECT post_id, id FROM comments INDEXED BY comments_by_user
                     WHERE site = ?1 AND author_id = ?2 AND (post_id, id) > (?3, ?4)
                     ORDER BY post_id, id LIMIT ?5",
                )
                .and_then(|mut s| {
                    s.query_map(
                        params![site, user.0.to_string(), after.0, after.1, limit as i64],
                        |r| Ok((r.get(0)?, r.get(1)?)),
                    )?
                    .collect::<Result<_, _>>()
                })
                .map_err(unavailable)
            })
            .await?;
        let next = (rows.len() == limit)
            .then(|| rows.last().map(|(p, i)| format!("{p}:{i}")))
            .flatten();
        let comments = rows
            .iter()
            .map(|(p, i)| Ok((PostId(uuid(p)?), CommentId(uuid(i)?))))
            .collect::<StoreResult<_>>()?;
        Ok(MemberComments { comments, next })
    }

    async fn forget_commenter(
        &self,
        site: &Site,
        post: PostId,
        id: CommentId,
    ) -> Result<Comment, ModerationError> {
        let site = site.to_string();
        self.transaction(move |sql| {
            let (post_text, id_text) = (post.0.to_string(), id.to_string());
            comment_of(sql, &site, &post_text, &id_text)?.ok_or(ModerationError::NoSuchComment)?;
            sql.prepare(
                "UPDATE comments SET author_id = NULL, author_name = ?4, author_email = '',
                 author_actor = NULL WHERE site = ?1 AND post_id = ?2 AND id = ?3",
            )
            .and_then(|mut s| s.execute(params![site, post_text, id_text, DELETED_USER]))
            .map_err(unavailable)?;
            comment_of(sql, &site, &post_text, &id_text)?.ok_or(ModerationError::NoSuchComment)
        })
        .await
    }

    async fn drop_comments_by_member(
        &self,
        _site: &Site,
        _user: UserId,
        _since: DateTime<Utc>,
    ) -> StoreResult<()> {
        // The index is over the comments themselves: a forgotten comment has left it.
        Ok(())
    }
}

impl SqliteStore {
    /// The comments of each of `posts` in `state`, from their tallies, in one statement.
    async fn counts_in(
        &self,
        site: &Site,
        posts: &[PostId],
        state: CommentState,
    ) -> StoreResult<Vec<(PostId, u64)>> {
        if posts.is_empty() {
            return Ok(Vec::new());
        }
        self.read(|sql| read_counts(sql, site.as_str(), posts, state))
            .await
    }
}

/// The comments in `state` of each of `posts` (missing: none), in one statement.
fn read_counts(
    sql: &Sql<'_>,
    site: &str,
    posts: &[PostId],
    state: CommentState,
) -> StoreResult<Vec<(PostId, u64)>> {
    let marks = vec!["?"; posts.len()].join(", ");
    let ids: Vec<String> = posts.iter().map(|p| p.0.to_string()).collect();
    post_counts(
        sql,
        &format!(
            "SELECT post_id, n FROM comment_tallies
             WHERE site = ? AND state = ? AND n > 0 AND post_id IN ({marks})"
        ),
        [site, state.as_str()]
            .into_iter()
            .chain(ids.iter().map(String::as_str)),
    )
}
