//! The servers and accounts a site blocks, the comments from the fediverse by their
//! author's server (read from the comments themselves, through an index of those with
//! an actor), and where each came from.

use super::*;
use crate::store::caps::{self, page_size};
use crate::store::federation::{
    Block, BlockAdded, CommentSource, MAX_BLOCK_LOOKUPS, MAX_BLOCKS, RemoteComment, RemoteComments,
    host_of_actor, under_domain,
};

/// Comments with an actor read at once while looking for one domain's.
const SCAN_PAGE: usize = 1_000;

impl SqliteStore {
    pub(super) async fn note_source_row(
        &self,
        site: &Site,
        comment: CommentId,
        source: &CommentSource,
    ) -> StoreResult<()> {
        let (site, id, s) = (site.to_string(), comment.to_string(), source.clone());
        self.run(move |sql| {
            sql.prepare(
                "INSERT INTO ap_comment_sources (site, id, note, actor, handle, inbox)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                 ON CONFLICT (site, id) DO UPDATE SET note = excluded.note,
                 actor = excluded.actor, handle = excluded.handle, inbox = excluded.inbox",
            )
            .and_then(|mut st| st.execute(params![site, id, s.note, s.actor, s.handle, s.inbox]))
            .map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    pub(super) async fn source_row(
        &self,
        site: &Site,
        comment: CommentId,
    ) -> StoreResult<Option<CommentSource>> {
        let (site, id) = (site.to_string(), comment.to_string());
        self.read(|sql| {
            sql.prepare(
                "SELECT note, actor, handle, inbox FROM ap_comment_sources
                 WHERE site = ?1 AND id = ?2",
            )
            .and_then(|mut st| {
                st.query_row(params![site, id], |r| {
                    Ok(CommentSource {
                        note: r.get(0)?,
                        actor: r.get(1)?,
                        handle: r.get(2)?,
                        inbox: r.get(3)?,
                    })
                })
                .optional()
            })
            .map_err(unavailable)
        })
        .await
    }

    pub(super) async fn add_block_row(
        &self,
        site: &Site,
        block: &Block,
    ) -> StoreResult<BlockAdded> {
        let (site, b) = (site.to_string(), block.clone());
        self.transaction(move |sql| {
            let had: Option<i64> = sql
                .prepare("SELECT 1 FROM ap_blocks WHERE site = ?1 AND target = ?2")
                .and_then(|mut s| {
                    s.query_row(params![site, b.target], |r| r.get(0))
                        .optional()
                })
                .map_err(unavailable)?;
            if had.is_some() {
                return Ok(BlockAdded::Already);
            }
            let count: i64 = sql
                .prepare("SELECT COUNT(*) FROM ap_blocks WHERE site = ?1")
                .and_then(|mut s| s.query_row(params![site], |r| r.get(0)))
                .map_err(unavailable)?;
            if count as usize >= MAX_BLOCKS {
                return Ok(BlockAdded::Full);
            }
            sql.prepare(
                "INSERT INTO ap_blocks (site, target, at, blocked_by) VALUES (?1, ?2, ?3, ?4)",
            )
            .and_then(|mut s| s.execute(params![site, b.target, b.at.timestamp_millis(), b.by]))
            .map_err(unavailable)?;
            Ok(BlockAdded::Added)
        })
        .await
    }

    pub(super) async fn remove_block_row(&self, site: &Site, target: &str) -> StoreResult<bool> {
        let (site, target) = (site.to_string(), target.to_owned());
        self.run(move |sql| {
            let gone = sql
                .prepare("DELETE FROM ap_blocks WHERE site = ?1 AND target = ?2")
                .and_then(|mut s| s.execute(params![site, target]))
                .map_err(unavailable)?;
            Ok(gone > 0)
        })
        .await
    }

    pub(super) async fn block_rows(
        &self,
        site: &Site,
        after: Option<&str>,
        limit: usize,
    ) -> StoreResult<Vec<Block>> {
        let (site, after) = (site.to_string(), after.unwrap_or("").to_owned());
        let limit = page_size(limit, caps::ROSTER) as i64;
        self.read(|sql| {
            sql.prepare(
                "SELECT target, at, blocked_by FROM ap_blocks WHERE site = ?1 AND target > ?2
                 ORDER BY target LIMIT ?3",
            )
            .and_then(|mut s| {
                s.query_map(params![site, after, limit], |r| {
                    Ok(Block {
                        target: r.get(0)?,
                        at: millis_to_time(r.get(1)?),
                        by: r.get(2)?,
                    })
                })?
                .collect()
            })
            .map_err(unavailable)
        })
        .await
    }

    pub(super) async fn first_blocked(
        &self,
        site: &Site,
        targets: &[String],
    ) -> StoreResult<Option<String>> {
        let site = site.to_string();
        self.read(|sql| {
            for target in targets.iter().take(MAX_BLOCK_LOOKUPS) {
                let had: Option<i64> = sql
                    .prepare("SELECT 1 FROM ap_blocks WHERE site = ?1 AND target = ?2")
                    .and_then(|mut s| s.query_row(params![site, target], |r| r.get(0)).optional())
                    .map_err(unavailable)?;
                if had.is_some() {
                    return Ok(Some(target.clone()));
                }
            }
            Ok(None)
        })
        .await
    }

    pub(super) async fn remote_comment_rows(
        &self,
        site: &Site,
        domain: &str,
        cursor: Option<&str>,
        limit: usize,
    ) -> Result<RemoteComments, PageError> {
        let limit = page_size(limit, caps::ROSTER);
        // `actor|post|comment`, split from the right: an actor's id may hold a '|'.
        let mut after: (String, String, String) = match cursor {
            None => (String::new(), String::new(), String::new()),
            Some(c) => {
                let mut parts = c.rsplitn(3, '|');
                let (comment, post, actor) = (parts.next(), parts.next(), parts.next());
                match (actor, post, comment) {
                    (Some(a), Some(p), Some(c))
                        if uuid::Uuid::parse_str(p).is_ok() && uuid::Uuid::parse_str(c).is_ok() =>
                    {
                        (a.to_owned(), p.to_owned(), c.to_owned())
                    }
                    _ => return Err(PageError::BadCursor),
                }
            }
        };
        let site = site.to_string();
        let mut comments = Vec::new();
        loop {
            let rows: Vec<(String, String, String)> = self
                .read(|sql| {
                    sql.prepare(
                        "SELECT author_actor, post_id, id FROM comments
                         WHERE site = ?1 AND author_actor IS NOT NULL AND author_actor <> ''
                         AND (author_actor, post_id, id) > (?2, ?3, ?4)
                         ORDER BY author_actor, post_id, id LIMIT ?5",
                    )
                    .and_then(|mut s| {
                        s.query_map(
                            params![site, after.0, after.1, after.2, SCAN_PAGE as i64],
                            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
                        )?
                        .collect()
                    })
                    .map_err(unavailable)
                })
                .await?;
            let full = rows.len() == SCAN_PAGE;
            for (actor, post, id) in rows {
                after = (actor.clone(), post.clone(), id.clone());
                let ours = host_of_actor(&actor).is_some_and(|h| under_domain(&h, domain));
                let ids = (uuid::Uuid::parse_str(&post), uuid::Uuid::parse_str(&id));
                if let (true, (Ok(post), Ok(id))) = (ours, ids) {
                    comments.push(RemoteComment {
                        post: PostId(post),
                        comment: CommentId(id),
                        actor,
                    });
                    if comments.len() == limit {
                        return Ok(RemoteComments {
                            comments,
                            next: Some(format!("{}|{}|{}", after.0, after.1, after.2)),
                        });
                    }
                }
            }
            if !full {
                return Ok(RemoteComments {
                    comments,
                    next: None,
                });
            }
        }
    }
}
