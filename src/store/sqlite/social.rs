//! Follows and favorites: one row each, read both ways through an index; a post's count
//! of favorites is counted from its rows.

use super::*;
use crate::store::social::{FavoritePage, MAX_FAVORITES, MAX_FOLLOWS, Social, SocialError};
use std::collections::{HashMap, HashSet};

/// Ids read from the rows of a one-column query.
fn ids_of(sql: &Sql<'_>, query: &str, params: impl rusqlite::Params) -> StoreResult<Vec<Uuid>> {
    let texts: Vec<String> = sql
        .prepare(query)
        .and_then(|mut s| s.query_map(params, |r| r.get(0))?.collect())
        .map_err(unavailable)?;
    texts.iter().map(|t| uuid(t)).collect()
}

impl SqliteStore {
    /// Accounts by id, `limit` after `after`, from `query`, which takes the site, the
    /// key (an account or a post), the id to start after and the limit.
    async fn accounts_after(
        &self,
        query: &'static str,
        site: &Site,
        key: Uuid,
        after: Option<UserId>,
        limit: usize,
    ) -> StoreResult<Vec<UserId>> {
        let (site, key) = (site.to_string(), key.to_string());
        let after = after.map(|u| u.0.to_string()).unwrap_or_default();
        self.read(move |sql| {
            let ids = ids_of(sql, query, params![site, key, after, limit as i64])?;
            Ok(ids.into_iter().map(UserId).collect())
        })
        .await
    }
}

#[async_trait]
impl Social for SqliteStore {
    async fn follow(
        &self,
        site: &Site,
        follower: UserId,
        followee: UserId,
        at: DateTime<Utc>,
    ) -> Result<(), SocialError> {
        let (site, follower, followee) = (
            site.to_string(),
            follower.0.to_string(),
            followee.0.to_string(),
        );
        self.transaction(move |sql| {
            let already = sql
                .prepare(
                    "SELECT 1 FROM follows WHERE site = ?1 AND follower = ?2 AND followee = ?3",
                )
                .and_then(|mut s| s.exists(params![site, follower, followee]))
                .map_err(unavailable)?;
            if already {
                return Ok(());
            }
            let count: i64 = sql
                .prepare("SELECT COUNT(*) FROM follows WHERE site = ?1 AND follower = ?2")
                .and_then(|mut s| s.query_row(params![site, follower], |r| r.get(0)))
                .map_err(unavailable)?;
            if count as usize >= MAX_FOLLOWS {
                return Err(SocialError::TooManyFollows);
            }
            sql.prepare(
                "INSERT INTO follows (site, follower, followee, since) VALUES (?1, ?2, ?3, ?4)",
            )
            .and_then(|mut s| s.execute(params![site, follower, followee, at.timestamp_millis()]))
            .map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    async fn unfollow(&self, site: &Site, follower: UserId, followee: UserId) -> StoreResult<()> {
        let (site, follower, followee) = (
            site.to_string(),
            follower.0.to_string(),
            followee.0.to_string(),
        );
        self.run(move |sql| {
            sql.prepare("DELETE FROM follows WHERE site = ?1 AND follower = ?2 AND followee = ?3")
                .and_then(|mut s| s.execute(params![site, follower, followee]))
                .map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    async fn follows_among(
        &self,
        site: &Site,
        follower: UserId,
        candidates: &[UserId],
    ) -> StoreResult<HashSet<UserId>> {
        if candidates.is_empty() {
            return Ok(HashSet::new());
        }
        let (site, follower) = (site.to_string(), follower.0.to_string());
        let list = json_list(candidates.iter().map(|u| u.0));
        self.read(move |sql| {
            let ids = ids_of(
                sql,
                "SELECT followee FROM follows WHERE site = ?1 AND follower = ?2
                 AND followee IN (SELECT value FROM json_each(?3))",
                params![site, follower, list],
            )?;
            Ok(ids.into_iter().map(UserId).collect())
        })
        .await
    }

    async fn followed(
        &self,
        site: &Site,
        follower: UserId,
        after: Option<UserId>,
        limit: usize,
    ) -> StoreResult<Vec<UserId>> {
        self.accounts_after(
            "SELECT followee FROM follows WHERE site = ?1 AND follower = ?2 AND followee > ?3
             ORDER BY followee LIMIT ?4",
            site,
            follower.0,
            after,
            limit,
        )
        .await
    }

    async fn followers(
        &self,
        site: &Site,
        followee: UserId,
        after: Option<UserId>,
        limit: usize,
    ) -> StoreResult<Vec<UserId>> {
        self.accounts_after(
            "SELECT follower FROM follows WHERE site = ?1 AND followee = ?2 AND follower > ?3
             ORDER BY follower LIMIT ?4",
            site,
            followee.0,
            after,
            limit,
        )
        .await
    }

    async fn favoriters(
        &self,
        site: &Site,
        post: PostId,
        after: Option<UserId>,
        limit: usize,
    ) -> StoreResult<Vec<UserId>> {
        self.accounts_after(
            "SELECT user_id FROM favorites WHERE site = ?1 AND post_id = ?2 AND user_id > ?3
             ORDER BY user_id LIMIT ?4",
            site,
            post.0,
            after,
            limit,
        )
        .await
    }

    async fn favorite(
        &self,
        site: &Site,
        user: UserId,
        post: PostId,
        at: DateTime<Utc>,
    ) -> Result<bool, SocialError> {
        let (site, user, post) = (site.to_string(), user.0.to_string(), post.0.to_string());
        self.transaction(move |sql| {
            let already = sql
                .prepare(
                    "SELECT 1 FROM favorites WHERE site = ?1 AND user_id = ?2 AND post_id = ?3",
                )
                .and_then(|mut s| s.exists(params![site, user, post]))
                .map_err(unavailable)?;
            if already {
                return Ok(false);
            }
            let count: i64 = sql
                .prepare("SELECT COUNT(*) FROM favorites WHERE site = ?1 AND user_id = ?2")
                .and_then(|mut s| s.query_row(params![site, user], |r| r.get(0)))
                .map_err(unavailable)?;
            if count as usize >= MAX_FAVORITES {
                return Err(SocialError::TooManyFavorites);
            }
            sql.prepare(
                "INSERT INTO favorites (site, user_id, post_id, at) VALUES (?1, ?2, ?3, ?4)",
            )
            .and_then(|mut s| s.execute(params![site, user, post, at.timestamp_millis()]))
            .map_err(unavailable)?;
            Ok(true)
        })
        .await
    }

    async fn unfavorite(&self, site: &Site, user: UserId, post: PostId) -> StoreResult<bool> {
        let (site, user, post) = (site.to_string(), user.0.to_string(), post.0.to_string());
        self.run(move |sql| {
            let removed = sql
                .prepare("DELETE FROM favorites WHERE site = ?1 AND user_id = ?2 AND post_id = ?3")
                .and_then(|mut s| s.execute(params![site, user, post]))
                .map_err(unavailable)?;
            Ok(removed > 0)
        })
        .await
    }

    async fn favorites_among(
        &self,
        site: &Site,
        user: UserId,
        posts: &[PostId],
    ) -> StoreResult<HashSet<PostId>> {
        if posts.is_empty() {
            return Ok(HashSet::new());
        }
        let (site, user) = (site.to_string(), user.0.to_string());
        let list = json_list(posts.iter().map(|p| p.0));
        self.read(move |sql| {
            let ids = ids_of(
                sql,
                "SELECT post_id FROM favorites WHERE site = ?1 AND user_id = ?2
                 AND post_id IN (SELECT value FROM json_each(?3))",
                params![site, user, list],
            )?;
            Ok(ids.into_iter().map(PostId).collect())
        })
        .await
    }

    async fn favorite_counts(
        &self,
        site: &Site,
        posts: &[PostId],
    ) -> StoreResult<HashMap<PostId, u64>> {
        if posts.is_empty() {
            return Ok(HashMap::new());
        }
        let site = site.to_string();
        let list = json_list(posts.iter().map(|p| p.0));
        self.read(move |sql| {
            let rows: Vec<(String, i64)> = sql
                .prepare(
                    "SELECT post_id, COUNT(*) FROM favorites WHERE site = ?1
                     AND post_id IN (SELECT value FROM json_each(?2)) GROUP BY post_id",
                )
                .and_then(|mut s| {
                    s.query_map(params![site, list], |r| Ok((r.get(0)?, r.get(1)?)))?
                        .collect()
                })
                .map_err(unavailable)?;
            rows.into_iter()
                .map(|(id, n)| Ok((PostId(uuid(&id)?), n as u64)))
                .collect()
        })
        .await
    }

    async fn favorites_of(
        &self,
        site: &Site,
        user: UserId,
        cursor: Option<&str>,
        limit: usize,
    ) -> Result<FavoritePage, PageError> {
        let (at, after) = match cursor {
            None => (i64::MAX, String::new()),
            Some(c) => {
                let (at, post) = c.split_once(':').ok_or(PageError::BadCursor)?;
                let at: i64 = at.parse().map_err(|_| PageError::BadCursor)?;
                Uuid::try_parse(post).map_err(|_| PageError::BadCursor)?;
                (at, post.to_owned())
            }
        };
        let (site, user) = (site.to_string(), user.0.to_string());
        let rows: Vec<(String, i64)> = self
            .read(move |sql| {
                sql.prepare(
                    "SELECT post_id, at FROM favorites WHERE site = ?1 AND user_id = ?2
                     AND (at < ?3 OR (at = ?3 AND post_id < ?4))
                     ORDER BY at DESC, post_id DESC LIMIT ?5",
                )
                .and_then(|mut s| {
                    s.query_map(params![site, user, at, after, limit as i64 + 1], |r| {
                        Ok((r.get(0)?, r.get(1)?))
                    })?
                    .collect()
                })
                .map_err(unavailable)
            })
            .await?;
        let more = rows.len() > limit;
        let rows = &rows[..rows.len().min(limit)];
        let next = match rows.last() {
            Some((post, at)) if more => Some(format!("{at}:{post}")),
            _ => None,
        };
        let posts = rows
            .iter()
            .map(|(post, _)| uuid(post).map(PostId))
            .collect::<StoreResult<Vec<_>>>()?;
        Ok(FavoritePage { posts, next })
    }
}
