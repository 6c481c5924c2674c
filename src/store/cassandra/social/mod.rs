//! Follows and favorites.
//!
//! A follow is two rows written together by plain writes in one logged batch: `follows`
//! (whom an account follows, what the feed reads) and `followers` (the other way,
//! sharded by the follower). A favorite is one row of `favorites` written only by LWTs
//! (`INSERT IF NOT EXISTS`, `DELETE IF at = ?`), so that of racing favorites exactly
//! one counts; its copies (`favorites_by_time`, newest first, and `favoriters`, the
//! post's side, sharded) and the post's counter follow it, after an intent: a process
//! that dies between them is finished by the reconciler, which makes the copies agree
//! with the row and recounts the post's counter from `favoriters`.

pub(super) mod subscriptions;

use super::intents::OwnIntent;
use super::{CassandraStore, logged, lwt, unavailable};
use crate::domain::{PostId, Site, UserId};
use crate::store::social::{FavoritePage, MAX_FAVORITES, MAX_FOLLOWS, Social, SocialError};
use crate::store::{Fault, Finished, PageError, StoreError, StoreResult};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use scylla::client::session::Session;
use scylla::errors::ExecutionError;
use scylla::statement::prepared::PreparedStatement;
use scylla::value::CqlTimeuuid;
use std::collections::{HashMap, HashSet};
use uuid::Uuid;

/// Shards of an account's followers and of a post's favoriters, by the other account.
pub(super) const SHARDS: i32 = 16;

/// How many times a favorite's copies are written again while its row keeps changing.
const SETTLE_ROUNDS: usize = 5;

pub(super) fn shard_of(user: UserId) -> i32 {
    i32::from(user.0.as_bytes()[15]) % SHARDS
}

/// The statements of this file, prepared once at start.
pub(super) struct Statements {
    follows_count: PreparedStatement,
    follow_insert: PreparedStatement,
    pub(super) follower_insert: PreparedStatement,
    follow_delete: PreparedStatement,
    pub(super) follower_delete: PreparedStatement,
    follows_among: PreparedStatement,
    followed_first: PreparedStatement,
    followed_after: PreparedStatement,
    followers_read: PreparedStatement,
    favorites_count: PreparedStatement,
    favorite_insert: PreparedStatement,
    favorite_delete: PreparedStatement,
    favorite_read_serial: PreparedStatement,
    by_time_insert: PreparedStatement,
    by_time_delete: PreparedStatement,
    favoriter_insert: PreparedStatement,
    pub(super) favoriter_delete: PreparedStatement,
    favoriters_count: PreparedStatement,
    favoriters_read: PreparedStatement,
    favorites_among: PreparedStatement,
    count_add: PreparedStatement,
    counts_read: PreparedStatement,
    favorites_first: PreparedStatement,
    favorites_before: PreparedStatement,
}

impl Statements {
    pub(super) async fn prepare(session: &Session, ks: &str) -> Result<Self, ExecutionError> {
        let prepare = |cql: String| super::prepare(session, cql);
        let mut favorite_read_serial = prepare(format!(
            "SELECT at FROM {ks}.favorites WHERE site = ? AND user_id = ? AND post_id = ?"
        ))
        .await?;
        crate::store::cassandra::read_serially(&mut favorite_read_serial);
        Ok(Self {
            follows_count: prepare(format!(
                "SELECT COUNT(*) FROM {ks}.follows WHERE site = ? AND follower = ?"
            ))
            .await?,
            follow_insert: prepare(format!(
                "INSERT INTO {ks}.follows (site, follower, followee, since) VALUES (?, ?, ?, ?)"
            ))
            .await?,
            follower_insert: prepare(format!(
                "INSERT INTO {ks}.followers (site, followee, shard, follower, since) VALUES (?, ?, ?, ?, ?)"
            ))
            .await?,
            follow_delete: prepare(format!(
                "DELETE FROM {ks}.follows WHERE site = ? AND follower = ? AND followee = ?"
            ))
            .await?,
            follower_delete: prepare(format!(
                "DELETE FROM {ks}.followers WHERE site = ? AND followee = ? AND shard = ? AND follower = ?"
            ))
            .await?,
            follows_among: prepare(format!(
                "SELECT followee FROM {ks}.follows WHERE site = ? AND follower = ? AND followee IN ?"
            ))
            .await?,
            followed_first: prepare(format!(
                "SELECT followee FROM {ks}.follows WHERE site = ? AND follower = ? LIMIT ?"
            ))
            .await?,
            followed_after: prepare(format!(
                "SELECT followee FROM {ks}.follows WHERE site = ? AND follower = ? AND followee > ? LIMIT ?"
            ))
            .await?,
            followers_read: prepare(format!(
                "SELECT follower FROM {ks}.followers WHERE site = ? AND followee = ? AND shard = ? AND follower > ? LIMIT ?"
            ))
            .await?,
            favorites_count: prepare(format!(
                "SELECT COUNT(*) FROM {ks}.favorites WHERE site = ? AND user_id = ?"
            ))
            .await?,
            favorite_insert: prepare(format!(
                "INSERT INTO {ks}.favorites (site, user_id, post_id, at) VALUES (?, ?, ?, ?) IF NOT EXISTS"
            ))
            .await?,
            favorite_delete: prepare(format!(
                "DELETE FROM {ks}.favorites WHERE site = ? AND user_id = ? AND post_id = ? IF at = ?"
            ))
            .await?,
            favorite_read_serial,
            by_time_insert: prepare(format!(
                "INSERT INTO {ks}.favorites_by_time (site, user_id, at, post_id) VALUES (?, ?, ?, ?)"
            ))
            .await?,
            by_time_delete: prepare(format!(
                "DELETE FROM {ks}.favorites_by_time WHERE site = ? AND user_id = ? AND at = ?"
            ))
            .await?,
            favoriter_insert: prepare(format!(
                "INSERT INTO {ks}.favoriters (site, post_id, shard, user_id) VALUES (?, ?, ?, ?)"
            ))
            .await?,
            favoriter_delete: prepare(format!(
                "DELETE FROM {ks}.favoriters WHERE site = ? AND post_id = ? AND shard = ? AND user_id = ?"
            ))
            .await?,
            favoriters_count: prepare(format!(
                "SELECT COUNT(*) FROM {ks}.favoriters WHERE site = ? AND post_id = ? AND shard = ?"
            ))
            .await?,
            favoriters_read: prepare(format!(
                "SELECT user_id FROM {ks}.favoriters WHERE site = ? AND post_id = ? AND shard = ? AND user_id > ? LIMIT ?"
            ))
            .await?,
            favorites_among: prepare(format!(
                "SELECT post_id FROM {ks}.favorites WHERE site = ? AND user_id = ? AND post_id IN ?"
            ))
            .await?,
            count_add: prepare(format!(
                "UPDATE {ks}.favorite_counts SET favorites = favorites + ? WHERE site = ? AND bucket = ? AND post_id = ?"
            ))
            .await?,
            counts_read: prepare(format!(
                "SELECT post_id, favorites FROM {ks}.favorite_counts WHERE site = ? AND bucket = ? AND post_id IN ?"
            ))
            .await?,
            favorites_first: prepare(format!(
                "SELECT at, post_id FROM {ks}.favorites_by_time WHERE site = ? AND user_id = ? LIMIT ?"
            ))
            .await?,
            favorites_before: prepare(format!(
                "SELECT at, post_id FROM {ks}.favorites_by_time WHERE site = ? AND user_id = ? AND at < ? LIMIT ?"
            ))
            .await?,
        })
    }
}

impl CassandraStore {
    /// When `user` favorited `post`, read at SERIAL: `None` when it is no favorite.
    pub(super) async fn favorite_at(
        &self,
        site: &Site,
        user: UserId,
        post: PostId,
    ) -> StoreResult<Option<CqlTimeuuid>> {
        let row: Option<(CqlTimeuuid,)> = self
            .row(
                &self.social.favorite_read_serial,
                (site.as_str(), user.0, post.0),
            )
            .await?;
        Ok(row.map(|(at,)| at))
    }

    /// Makes a favorite's copies agree with its row: there when the row is (at its
    /// time), gone when it is not, and `was` (the time of a favorite being removed) gone
    /// unless it is the row's. The row is read again after the copies are written, and
    /// they are written again if it changed meanwhile (a racing favorite or unfavorite
    /// of the same post by the same account), so that the last settle leaves them right.
    pub(super) async fn settle_favorite(
        &self,
        site: &Site,
        user: UserId,
        post: PostId,
        was: Option<CqlTimeuuid>,
    ) -> StoreResult<()> {
        let mut now = self.favorite_at(site, user, post).await?;
        // The times whose list rows must go unless they are the row's: the favorite
        // given up, and each time this settle wrote a row for that has changed since.
        let mut stale: Vec<CqlTimeuuid> = was.into_iter().collect();
        for _ in 0..SETTLE_ROUNDS {
            self.copy_favorite(site, user, post, now, &stale).await?;
            let after = self.favorite_at(site, user, post).await?;
            if after == now {
                return Ok(());
            }
            stale.extend(now);
            now = after;
        }
        Err(StoreError::Unavailable(
            "a favorite kept changing while its copies were written; try again".into(),
        ))
    }

    /// Writes a favorite's copies for the row as read (`now`), and removes the list rows
    /// of `stale` times other than its.
    async fn copy_favorite(
        &self,
        site: &Site,
        user: UserId,
        post: PostId,
        now: Option<CqlTimeuuid>,
        stale: &[CqlTimeuuid],
    ) -> StoreResult<()> {
        let s = &self.social;
        let shard = shard_of(user);
        if let Some(at) = now {
            let batch = logged(vec![s.by_time_insert.clone(), s.favoriter_insert.clone()]);
            self.batch(
                &batch,
                (
                    (site.as_str(), user.0, at, post.0),
                    (site.as_str(), post.0, shard, user.0),
                ),
            )
            .await?;
        } else {
            self.exec(&s.favoriter_delete, (site.as_str(), post.0, shard, user.0))
                .await?;
        }
        for old in stale.iter().filter(|old| Some(**old) != now) {
            self.exec(&s.by_time_delete, (site.as_str(), user.0, *old))
                .await?;
        }
        Ok(())
    }

    async fn add_to_count(&self, site: &Site, post: PostId, change: i64) -> StoreResult<()> {
        self.exec(
            &self.social.count_add,
            (
                scylla::value::Counter(change),
                site.as_str(),
                i32::from(post.tally_bucket()),
                post.0,
            ),
        )
        .await?;
        Ok(())
    }

    /// Sets a post's counter to the number of its favoriters (a write that died between
    /// its row and its counter left it off by one), and returns what it added. A favorite
    /// of the post counted at the same moment can leave it off by one until the next
    /// recount.
    pub(super) async fn recount_favorites(&self, site: &Site, post: PostId) -> StoreResult<i64> {
        let mut actual = 0i64;
        for shard in 0..SHARDS {
            let (n,): (i64,) = self
                .row(
                    &self.social.favoriters_count,
                    (site.as_str(), post.0, shard),
                )
                .await?
                .unwrap_or((0,));
            actual += n;
        }
        // The counter as it is, below zero too.
        let counted = self
            .rows::<(Uuid, scylla::value::Counter)>(
                &self.social.counts_read,
                (site.as_str(), i32::from(post.tally_bucket()), vec![post.0]),
            )
            .await?
            .first()
            .map_or(0, |(_, n)| n.0);
        if actual != counted {
            self.add_to_count(site, post, actual - counted).await?;
        }
        Ok(actual - counted)
    }

    /// Accounts kept in `SHARDS` partitions by account under `key` (an account's
    /// followers, a post's favoriters), `limit` after `after`: in the order of the
    /// shards, each by id. An id's shard follows from it, so the last id of a page says
    /// where the next one starts.
    async fn sharded_accounts(
        &self,
        read: &PreparedStatement,
        site: &Site,
        key: Uuid,
        after: Option<UserId>,
        limit: usize,
    ) -> StoreResult<Vec<UserId>> {
        let mut found = Vec::new();
        let (start, mut from) = match after {
            Some(after) => (shard_of(after), after.0),
            None => (0, Uuid::nil()),
        };
        for shard in start..SHARDS {
            let want = (limit - found.len()) as i32;
            let rows: Vec<(Uuid,)> = self
                .rows(read, (site.as_str(), key, shard, from, want))
                .await?;
            found.extend(rows.into_iter().map(|(id,)| UserId(id)));
            if found.len() >= limit {
                break;
            }
            from = Uuid::nil();
        }
        Ok(found)
    }

    /// Finishes a favorite's write that a process left half-done.
    pub(super) async fn finish_favorite(
        &self,
        site: &Site,
        user: UserId,
        post: PostId,
        was: Option<Uuid>,
    ) -> StoreResult<Finished> {
        self.settle_favorite(site, user, post, was.map(CqlTimeuuid::from))
            .await?;
        self.recount_favorites(site, post).await?;
        Ok(Finished::Completed)
    }
}

#[async_trait]
impl Social for CassandraStore {
    async fn follow(
        &self,
        site: &Site,
        follower: UserId,
        followee: UserId,
        at: DateTime<Utc>,
    ) -> Result<(), SocialError> {
        let s = &self.social;
        if !self
            .follows_among(site, follower, &[followee])
            .await?
            .is_empty()
        {
            return Ok(());
        }
        let (count,): (i64,) = self
            .row(&s.follows_count, (site.as_str(), follower.0))
            .await?
            .unwrap_or((0,));
        if count as usize >= MAX_FOLLOWS {
            return Err(SocialError::TooManyFollows);
        }
        let batch = logged(vec![s.follow_insert.clone(), s.follower_insert.clone()]);
        self.batch(
            &batch,
            (
                (site.as_str(), follower.0, followee.0, at),
                (
                    site.as_str(),
                    followee.0,
                    shard_of(follower),
                    follower.0,
                    at,
                ),
            ),
        )
        .await?;
        Ok(())
    }

    async fn unfollow(&self, site: &Site, follower: UserId, followee: UserId) -> StoreResult<()> {
        let s = &self.social;
        let batch = logged(vec![s.follow_delete.clone(), s.follower_delete.clone()]);
        self.batch(
            &batch,
            (
                (site.as_str(), follower.0, followee.0),
                (site.as_str(), followee.0, shard_of(follower), follower.0),
            ),
        )
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
        let ids: Vec<Uuid> = candidates.iter().map(|u| u.0).collect();
        let rows: Vec<(Uuid,)> = self
            .rows(&self.social.follows_among, (site.as_str(), follower.0, ids))
            .await?;
        Ok(rows.into_iter().map(|(id,)| UserId(id)).collect())
    }

    async fn followed(
        &self,
        site: &Site,
        follower: UserId,
        after: Option<UserId>,
        limit: usize,
    ) -> StoreResult<Vec<UserId>> {
        let limit = limit as i32;
        let rows: Vec<(Uuid,)> = match after {
            None => {
                self.rows(
                    &self.social.followed_first,
                    (site.as_str(), follower.0, limit),
                )
                .await?
            }
            Some(after) => {
                self.rows(
                    &self.social.followed_after,
                    (site.as_str(), follower.0, after.0, limit),
                )
                .await?
            }
        };
        Ok(rows.into_iter().map(|(id,)| UserId(id)).collect())
    }

    async fn followers(
        &self,
        site: &Site,
        followee: UserId,
        after: Option<UserId>,
        limit: usize,
    ) -> StoreResult<Vec<UserId>> {
        self.sharded_accounts(&self.social.followers_read, site, followee.0, after, limit)
            .await
    }

    async fn favoriters(
        &self,
        site: &Site,
        post: PostId,
        after: Option<UserId>,
        limit: usize,
    ) -> StoreResult<Vec<UserId>> {
        self.sharded_accounts(&self.social.favoriters_read, site, post.0, after, limit)
            .await
    }

    async fn favorite(
        &self,
        site: &Site,
        user: UserId,
        post: PostId,
        at: DateTime<Utc>,
    ) -> Result<bool, SocialError> {
        if self.favorite_at(site, user, post).await?.is_some() {
            return Ok(false);
        }
        let (count,): (i64,) = self
            .row(&self.social.favorites_count, (site.as_str(), user.0))
            .await?
            .unwrap_or((0,));
        if count as usize >= MAX_FAVORITES {
            return Err(SocialError::TooManyFavorites);
        }
        let intent = self
            .begin_own(&OwnIntent::Favorite {
                site: site.to_string(),
                user: user.0,
                post: post.0,
                was: None,
            })
            .await?;
        let ours = CqlTimeuuid::from(crate::domain::timeuuid::at(at));
        let attempt = self
            .session
            .execute_unpaged(
                &self.social.favorite_insert,
                (site.as_str(), user.0, post.0, ours),
            )
            .await;
        let made = lwt::settled(attempt, || async {
            Ok(self.favorite_at(site, user, post).await? == Some(ours))
        })
        .await?;
        if made && self.options.faults.fires(Fault::CrashAfterFavoriteRow) {
            return Err(Fault::CrashAfterFavoriteRow.error().into());
        }
        if made {
            self.settle_favorite(site, user, post, None).await?;
            self.add_to_count(site, post, 1).await?;
        }
        self.end_own(intent).await?;
        Ok(made)
    }

    async fn unfavorite(&self, site: &Site, user: UserId, post: PostId) -> StoreResult<bool> {
        let Some(at) = self.favorite_at(site, user, post).await? else {
            return Ok(false);
        };
        let intent = self
            .begin_own(&OwnIntent::Favorite {
                site: site.to_string(),
                user: user.0,
                post: post.0,
                was: Some(Uuid::from(at)),
            })
            .await?;
        let attempt = self
            .session
            .execute_unpaged(
                &self.social.favorite_delete,
                (site.as_str(), user.0, post.0, at),
            )
            .await;
        // Applied: ours. Not applied: a racer's delete came first. Unknown (the answer
        // lost): gone now, but whose delete took it cannot be told, so the post is
        // recounted rather than counted down.
        let removed = match attempt {
            Ok(result) => lwt::lwt_applied(result)?,
            Err(e) if lwt::is_cas_uncertain(&e) => {
                let gone = self.favorite_at(site, user, post).await? != Some(at);
                if gone {
                    self.settle_favorite(site, user, post, Some(at)).await?;
                    self.recount_favorites(site, post).await?;
                }
                self.end_own(intent).await?;
                return Ok(gone);
            }
            Err(e) => return Err(unavailable(e)),
        };
        if removed {
            self.settle_favorite(site, user, post, Some(at)).await?;
            self.add_to_count(site, post, -1).await?;
        }
        self.end_own(intent).await?;
        Ok(removed)
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
        let ids: Vec<Uuid> = posts.iter().map(|p| p.0).collect();
        let rows: Vec<(Uuid,)> = self
            .rows(&self.social.favorites_among, (site.as_str(), user.0, ids))
            .await?;
        Ok(rows.into_iter().map(|(id,)| PostId(id)).collect())
    }

    async fn favorite_counts(
        &self,
        site: &Site,
        posts: &[PostId],
    ) -> StoreResult<HashMap<PostId, u64>> {
        let mut by_bucket: HashMap<u8, Vec<Uuid>> = HashMap::new();
        for post in posts {
            by_bucket
                .entry(post.tally_bucket())
                .or_default()
                .push(post.0);
        }
        let mut counts = HashMap::new();
        for (bucket, ids) in by_bucket {
            let rows: Vec<(Uuid, scylla::value::Counter)> = self
                .rows(
                    &self.social.counts_read,
                    (site.as_str(), i32::from(bucket), ids),
                )
                .await?;
            for (id, n) in rows {
                if n.0 > 0 {
                    counts.insert(PostId(id), n.0 as u64);
                }
            }
        }
        Ok(counts)
    }

    async fn favorites_of(
        &self,
        site: &Site,
        user: UserId,
        cursor: Option<&str>,
        limit: usize,
    ) -> Result<FavoritePage, PageError> {
        let want = limit as i32 + 1;
        let rows: Vec<(CqlTimeuuid, Uuid)> = match cursor {
            None => {
                self.rows(&self.social.favorites_first, (site.as_str(), user.0, want))
                    .await?
            }
            Some(c) => {
                let before =
                    CqlTimeuuid::from(Uuid::try_parse(c).map_err(|_| PageError::BadCursor)?);
                self.rows(
                    &self.social.favorites_before,
                    (site.as_str(), user.0, before, want),
                )
                .await?
            }
        };
        let more = rows.len() > limit;
        let rows = &rows[..rows.len().min(limit)];
        Ok(FavoritePage {
            posts: rows.iter().map(|(_, post)| PostId(*post)).collect(),
            next: rows
                .last()
                .filter(|_| more)
                .map(|(at, _)| Uuid::from(*at).to_string()),
        })
    }
}
