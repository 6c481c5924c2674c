//! The social contract: who follows whom on a site, and which posts each account keeps
//! as favorites, with each post's count of them. Both are read a page at a time, for
//! many posts or accounts in one read: never one read per post.

use super::*;
use std::collections::{HashMap, HashSet};

/// How many accounts one account follows on a site at most.
pub const MAX_FOLLOWS: usize = 1_000;

/// How many posts one account keeps as favorites on a site at most.
pub const MAX_FAVORITES: usize = 10_000;

#[derive(Debug, thiserror::Error)]
pub enum SocialError {
    #[error("you follow {MAX_FOLLOWS} accounts already, the most there can be")]
    TooManyFollows,
    #[error("you have {MAX_FAVORITES} favorites already, the most there can be")]
    TooManyFavorites,
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// A page of an account's favorites, the most recently favorited first, and the cursor
/// of the rest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FavoritePage {
    pub posts: Vec<PostId>,
    pub next: Option<String>,
}

#[async_trait]
pub trait Social: Send + Sync {
    /// `follower` follows `followee` on `site`; following again changes nothing. At most
    /// [`MAX_FOLLOWS`] (accounts followed at the same moment can pass it together).
    async fn follow(
        &self,
        site: &Site,
        follower: UserId,
        followee: UserId,
        at: DateTime<Utc>,
    ) -> Result<(), SocialError>;

    /// `follower` no longer follows `followee`; unfollowing again changes nothing.
    async fn unfollow(&self, site: &Site, follower: UserId, followee: UserId) -> StoreResult<()>;

    /// Which of `candidates` `follower` follows, in one read.
    async fn follows_among(
        &self,
        site: &Site,
        follower: UserId,
        candidates: &[UserId],
    ) -> StoreResult<HashSet<UserId>>;

    /// The accounts `follower` follows, by id, `limit` at a time after `after`.
    async fn followed(
        &self,
        site: &Site,
        follower: UserId,
        after: Option<UserId>,
        limit: usize,
    ) -> StoreResult<Vec<UserId>>;

    /// The accounts that follow `followee`, by id, `limit` at a time after `after`.
    async fn followers(
        &self,
        site: &Site,
        followee: UserId,
        after: Option<UserId>,
        limit: usize,
    ) -> StoreResult<Vec<UserId>>;

    /// The accounts that keep `post` as a favorite, by id, `limit` at a time after
    /// `after`: what a deleted post's favorites are found by.
    async fn favoriters(
        &self,
        site: &Site,
        post: PostId,
        after: Option<UserId>,
        limit: usize,
    ) -> StoreResult<Vec<UserId>>;

    /// `user` keeps `post` as a favorite: true if it was not one already (its count then
    /// grows by one, however many such calls race). At most [`MAX_FAVORITES`].
    async fn favorite(
        &self,
        site: &Site,
        user: UserId,
        post: PostId,
        at: DateTime<Utc>,
    ) -> Result<bool, SocialError>;

    /// `user` no longer keeps `post` as a favorite: true if it was one.
    async fn unfavorite(&self, site: &Site, user: UserId, post: PostId) -> StoreResult<bool>;

    /// Which of `posts` `user` keeps as favorites, in one read.
    async fn favorites_among(
        &self,
        site: &Site,
        user: UserId,
        posts: &[PostId],
    ) -> StoreResult<HashSet<PostId>>;

    /// How many accounts keep each of `posts` as a favorite (posts nobody keeps are left
    /// out): one read on SQLite, one per tally bucket among the posts on Cassandra.
    async fn favorite_counts(
        &self,
        site: &Site,
        posts: &[PostId],
    ) -> StoreResult<HashMap<PostId, u64>>;

    /// `user`'s favorites, the most recently favorited first, `limit` at a time from
    /// `cursor` (a page's `next`).
    async fn favorites_of(
        &self,
        site: &Site,
        user: UserId,
        cursor: Option<&str>,
        limit: usize,
    ) -> Result<FavoritePage, PageError>;
}
