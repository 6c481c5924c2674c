//! Repair's passes over the social tables, a partition at a time in token order, each
//! row looked up where its copy (or its source) should be: `follows` against
//! `followers` and back, a favorite against its copies in `favorites_by_time` and
//! `favoriters` and back, and each post's counter in `favorite_counts` against its
//! favoriters. Nothing is held but the partition in hand. Every disagreement is judged
//! again against the source row as it is now, so that a follow or favorite made or taken
//! back since it was read (whose own write settles it) is left alone.

use super::{Run, Told};
use crate::domain::{PostId, UserId};
use crate::store::cassandra::social::shard_of;
use crate::store::cassandra::{CassandraStore, prepare, unavailable};
use crate::store::repair::Finding;
use crate::store::social::Social;
use crate::store::{StoreError, StoreResult};
use chrono::{DateTime, Utc};
use futures_util::TryStreamExt;
use scylla::statement::prepared::PreparedStatement;
use scylla::value::{Counter, CqlTimeuuid};
use std::collections::{BTreeMap, HashMap};
use uuid::Uuid;

/// What disagrees about one favorite: each finding, and the list times to drop.
type Disagreement = (Vec<(&'static str, String)>, Vec<CqlTimeuuid>);

/// The social passes' statements, prepared once when a repair starts.
pub(super) struct Statements {
    /// Each table's partitions in token order from a token: (site, key..., token).
    pub(super) follows_from: PreparedStatement,
    pub(super) followers_from: PreparedStatement,
    pub(super) favorites_from: PreparedStatement,
    pub(super) favorite_lists_from: PreparedStatement,
    pub(super) favoriters_from: PreparedStatement,
    /// A partition's rows, and one row by its key.
    follows_of: PreparedStatement,
    follow_key: PreparedStatement,
    followers_of: PreparedStatement,
    follower_key: PreparedStatement,
    favorites_of: PreparedStatement,
    favorite_any: PreparedStatement,
    favorite_list_of: PreparedStatement,
    favoriters_of: PreparedStatement,
    favoriter_key: PreparedStatement,
    favorite_key: PreparedStatement,
    count_key: PreparedStatement,
    counts_of: PreparedStatement,
    /// A post's favoriters in all its shards.
    favoriters_counted: PreparedStatement,
}

impl Statements {
    pub(super) async fn prepare(store: &CassandraStore) -> StoreResult<Self> {
        let (ks, session) = (&store.keyspace, &store.session);
        let prepare = |cql: String| async move { prepare(session, cql).await.map_err(unavailable) };
        let from = |table: &str, key: &str| {
            format!(
                "SELECT {key}, token({key}) FROM {ks}.{table} WHERE token({key}) >= ? PER PARTITION LIMIT 1"
            )
        };
        Ok(Self {
            follows_from: prepare(from("follows", "site, follower")).await?,
            followers_from: prepare(from("followers", "site, followee, shard")).await?,
            favorites_from: prepare(from("favorites", "site, user_id")).await?,
            favorite_lists_from: prepare(from("favorites_by_time", "site, user_id")).await?,
            favoriters_from: prepare(from("favoriters", "site, post_id, shard")).await?,
            follows_of: prepare(format!(
                "SELECT followee, since FROM {ks}.follows WHERE site = ? AND follower = ?"
            ))
            .await?,
            follow_key: prepare(format!(
                "SELECT followee FROM {ks}.follows WHERE site = ? AND follower = ? AND followee = ?"
            ))
            .await?,
            followers_of: prepare(format!(
                "SELECT follower, since FROM {ks}.followers WHERE site = ? AND followee = ? AND shard = ?"
            ))
            .await?,
            follower_key: prepare(format!(
                "SELECT follower FROM {ks}.followers WHERE site = ? AND followee = ? AND shard = ? AND follower = ?"
            ))
            .await?,
            favorites_of: prepare(format!(
                "SELECT post_id, at FROM {ks}.favorites WHERE site = ? AND user_id = ?"
            ))
            .await?,
            favorite_any: prepare(format!(
                "SELECT post_id FROM {ks}.favorites WHERE site = ? AND user_id = ? LIMIT 1"
            ))
            .await?,
            favorite_list_of: prepare(format!(
                "SELECT at, post_id FROM {ks}.favorites_by_time WHERE site = ? AND user_id = ?"
            ))
            .await?,
            favoriters_of: prepare(format!(
                "SELECT user_id FROM {ks}.favoriters WHERE site = ? AND post_id = ? AND shard = ?"
            ))
            .await?,
            favoriter_key: prepare(format!(
                "SELECT user_id FROM {ks}.favoriters WHERE site = ? AND post_id = ? AND shard = ? AND user_id = ?"
            ))
            .await?,
            favorite_key: prepare(format!(
                "SELECT at FROM {ks}.favorites WHERE site = ? AND user_id = ? AND post_id = ?"
            ))
            .await?,
            count_key: prepare(format!(
                "SELECT favorites FROM {ks}.favorite_counts WHERE site = ? AND bucket = ? AND post_id = ?"
            ))
            .await?,
            counts_of: prepare(format!(
                "SELECT post_id, favorites FROM {ks}.favorite_counts WHERE site = ? AND bucket = ?"
            ))
            .await?,
            favoriters_counted: prepare(format!(
                "SELECT COUNT(*) FROM {ks}.favoriters WHERE site = ? AND post_id = ? AND shard IN ?"
            ))
            .await?,
        })
    }
}

impl Run<'_> {
    /// Whether `follower` follows `followee` now.
    async fn follows_now(&self, follower: Uuid, followee: Uuid) -> StoreResult<bool> {
        let found = self
            .store
            .follows_among(self.site, UserId(follower), &[UserId(followee)])
            .await?;
        Ok(!found.is_empty())
    }

    /// One account's follows, each against its row among the followee's followers.
    pub(super) async fn check_follows(&self, follower: Uuid) -> ((), Told) {
        let what = || format!("the follows of account {follower}");
        self.checked_one(what, async {
            let (store, s, here) = (self.store, &self.social, self.site.as_str());
            let followees: Vec<(Uuid, Option<DateTime<Utc>>)> =
                store.scan_prepared(&s.follows_of, (here, follower)).await?;
            let shard = shard_of(UserId(follower));
            let mut findings = Vec::new();
            for (followee, since) in followees {
                let key = (here, followee, shard, follower);
                if store.row::<(Uuid,)>(&s.follower_key, key).await?.is_some() {
                    continue;
                }
                // Unfollowed since it was read: its batch took both rows.
                if !self.follows_now(follower, followee).await? {
                    continue;
                }
                findings.push(Finding {
                    table: "followers",
                    what: format!(
                        "{follower} follows {followee} but is not among their followers; listed"
                    ),
                });
                if self.fix {
                    let since = since.unwrap_or_else(crate::domain::now);
                    store
                        .exec(
                            &store.social.follower_insert,
                            (here, followee, shard, follower, since),
                        )
                        .await?;
                }
            }
            Ok(findings)
        })
        .await
    }

    /// One shard of an account's followers, each against the follow it copies.
    pub(super) async fn check_followers(&self, (followee, shard): (Uuid, i32)) -> ((), Told) {
        let what = || format!("the followers of account {followee} in shard {shard}");
        self.checked_one(what, async {
            let (store, s, here) = (self.store, &self.social, self.site.as_str());
            let rows: Vec<(Uuid, Option<DateTime<Utc>>)> =
                store.scan_prepared(&s.followers_of, (here, followee, shard)).await?;
            let recent = crate::domain::now() - super::accounts::RECENT;
            let mut findings = Vec::new();
            for (follower, since) in rows {
                let right_shard = shard == shard_of(UserId(follower));
                if right_shard {
                    let key = (here, follower, followee);
                    if store.row::<(Uuid,)>(&s.follow_key, key).await?.is_some() {
                        continue;
                    }
                    // Written in one logged batch with its follow: one made in the last
                    // minutes may still be on its way; one made since the read is there.
                    if since.is_some_and(|t| t > recent) || self.follows_now(follower, followee).await? {
                        continue;
                    }
                }
                findings.push(Finding {
                    table: "followers",
                    what: format!(
                        "{follower} is listed among the followers of {followee} (shard {shard}) without following them; removed"
                    ),
                });
                if self.fix {
                    store
                        .exec(&store.social.follower_delete, (here, followee, shard, follower))
                        .await?;
                }
            }
            Ok(findings)
        })
        .await
    }

    /// One account's favorites against their copies in its list (`favorites_by_time`,
    /// the same partition key) and among each post's favoriters, and its list against
    /// its favorites.
    pub(super) async fn check_favorites(&self, user: Uuid) -> ((), Told) {
        let what = || format!("the favorites of account {user}");
        self.checked_one(what, async {
            let (store, s, here) = (self.store, &self.social, self.site.as_str());
            let rows: HashMap<Uuid, CqlTimeuuid> = store
                .scan_prepared::<(Uuid, CqlTimeuuid)>(&s.favorites_of, (here, user))
                .await?
                .into_iter()
                .collect();
            let listed: Vec<(CqlTimeuuid, Uuid)> =
                store.scan_prepared(&s.favorite_list_of, (here, user)).await?;
            let shard = shard_of(UserId(user));
            let mut wrong: BTreeMap<Uuid, Disagreement> = BTreeMap::new();
            for (&post, &at) in &rows {
                if !listed.contains(&(at, post)) {
                    wrong.entry(post).or_default().0.push((
                        "favorites_by_time",
                        format!("{user}'s favorite {post} is missing from their list; listed"),
                    ));
                }
                let key = (here, post, shard, user);
                if store.row::<(Uuid,)>(&s.favoriter_key, key).await?.is_none() {
                    wrong.entry(post).or_default().0.push((
                        "favoriters",
                        format!("{user} is missing from the favoriters of {post}; listed"),
                    ));
                }
            }
            for &(at, post) in &listed {
                if rows.get(&post) != Some(&at) {
                    let entry = wrong.entry(post).or_default();
                    entry.0.push((
                        "favorites_by_time",
                        format!(
                            "{user}'s list keeps {post} at a time that is not their favorite's; removed"
                        ),
                    ));
                    entry.1.push(at);
                }
            }
            let mut findings = Vec::new();
            for (post, disagreement) in wrong {
                let scanned = rows.get(&post).copied();
                self.settle(user, post, scanned, disagreement, &mut findings).await?;
            }
            Ok(findings)
        })
        .await
    }

    /// An account's list of favorites when it keeps no favorite at all (the account's
    /// others were checked with its favorites): every row of it is stale.
    pub(super) async fn check_favorite_list(&self, user: Uuid) -> ((), Told) {
        let what = || format!("the list of favorites of account {user}");
        self.checked_one(what, async {
            let (store, s, here) = (self.store, &self.social, self.site.as_str());
            let mut findings = Vec::new();
            if store
                .row::<(Uuid,)>(&s.favorite_any, (here, user))
                .await?
                .is_some()
            {
                return Ok(findings);
            }
            let listed: Vec<(CqlTimeuuid, Uuid)> = store
                .scan_prepared(&s.favorite_list_of, (here, user))
                .await?;
            for (at, post) in listed {
                let found = vec![(
                    "favorites_by_time",
                    format!(
                        "{user}'s list keeps {post} at a time that is not their favorite's; removed"
                    ),
                )];
                self.settle(user, post, None, (found, vec![at]), &mut findings)
                    .await?;
            }
            Ok(findings)
        })
        .await
    }

    /// One shard of a post's favoriters, each against the favorite it copies; and, once
    /// for the post, whether it has a counter at all (a counter that disagrees is the
    /// counts' pass to find).
    pub(super) async fn check_favoriters(&self, (post, shard): (Uuid, i32)) -> ((), Told) {
        let what = || format!("the favoriters of post {post} in shard {shard}");
        self.checked_one(what, async {
            let (store, s, here) = (self.store, &self.social, self.site.as_str());
            let users: Vec<(Uuid,)> = store.scan_prepared(&s.favoriters_of, (here, post, shard)).await?;
            let mut findings = Vec::new();
            for (user,) in users {
                if shard != shard_of(UserId(user)) {
                    // Never written so: removed as it is.
                    findings.push(Finding {
                        table: "favoriters",
                        what: format!("{user} is listed in shard {shard} of the favoriters of {post}, not theirs; removed"),
                    });
                    if self.fix {
                        store
                            .exec(&store.social.favoriter_delete, (here, post, shard, user))
                            .await?;
                    }
                    continue;
                }
                let key = (here, user, post);
                if store.row::<(CqlTimeuuid,)>(&s.favorite_key, key).await?.is_some() {
                    continue;
                }
                let found = vec![(
                    "favoriters",
                    format!("{user} is listed among the favoriters of {post} without keeping it; removed"),
                )];
                self.settle(user, post, None, (found, Vec::new()), &mut findings)
                    .await?;
            }
            let bucket = i32::from(PostId(post).tally_bucket());
            if self.first_look(format!("favorite count {post}"))
                && store
                    .row::<(Option<Counter>,)>(&s.count_key, (here, bucket, post))
                    .await?
                    .is_none()
            {
                self.check_count(post, 0, &mut findings).await?;
            }
            Ok(findings)
        })
        .await
    }

    /// Every post's counter of the site against its favoriters, a bucket at a time from
    /// `from` (each bucket a point to resume from).
    pub(super) async fn check_favorite_counts(&self, from: i64) -> StoreResult<()> {
        let (store, s, here) = (self.store, &self.social, self.site.as_str());
        let first = from.clamp(0, i64::from(super::super::comments::tallies::BUCKETS));
        for bucket in first..i64::from(super::super::comments::tallies::BUCKETS) {
            let rows = store
                .session
                .execute_iter(s.counts_of.clone(), (here, bucket as i32))
                .await
                .map_err(unavailable)?
                .rows_stream::<(Uuid, Option<Counter>)>()
                .map_err(unavailable)?;
            let mut checks = rows
                .map_err(unavailable)
                .map_ok(|(post, counted)| async move {
                    let counted = counted.map_or(0, |n| n.0);
                    Ok::<_, StoreError>(self.check_counted(post, counted).await)
                })
                .try_buffered(super::ROWS_IN_FLIGHT);
            while let Some(((), told)) = checks.try_next().await? {
                self.tell(told);
            }
            self.passed(bucket);
        }
        Ok(())
    }

    /// One post's counter as one thing checked.
    async fn check_counted(&self, post: Uuid, counted: i64) -> ((), Told) {
        let what = || format!("the favorite count of post {post}");
        self.checked_one(what, async {
            let mut findings = Vec::new();
            self.check_count(post, counted, &mut findings).await?;
            Ok(findings)
        })
        .await
    }

    /// A post's counter (`counted`) against its favoriters; recounted when they differ.
    async fn check_count(
        &self,
        post: Uuid,
        counted: i64,
        findings: &mut Vec<Finding>,
    ) -> StoreResult<()> {
        let (store, s, here) = (self.store, &self.social, self.site.as_str());
        let shards: Vec<i32> = (0..crate::store::cassandra::social::SHARDS).collect();
        let (want,): (i64,) = store
            .row(&s.favoriters_counted, (here, post, shards))
            .await?
            .unwrap_or((0,));
        if want == counted {
            return Ok(());
        }
        let change = if self.fix {
            store.recount_favorites(self.site, PostId(post)).await?
        } else {
            want - counted
        };
        if change != 0 {
            findings.push(Finding {
                table: "favorite_counts",
                what: format!(
                    "{post} counted {counted} favorites, not {}; recounted",
                    counted + change
                ),
            });
        }
        Ok(())
    }

    /// A favorite whose copies disagree, told and settled unless it changed since it was
    /// read (`scanned`: its time then), which its own write settles.
    async fn settle(
        &self,
        user: Uuid,
        post: Uuid,
        scanned: Option<CqlTimeuuid>,
        (found, was): Disagreement,
        findings: &mut Vec<Finding>,
    ) -> StoreResult<()> {
        let store = self.store;
        if store
            .favorite_at(self.site, UserId(user), PostId(post))
            .await?
            != scanned
        {
            return Ok(());
        }
        findings.extend(
            found
                .into_iter()
                .map(|(table, what)| Finding { table, what }),
        );
        if self.fix {
            for at in was {
                store
                    .settle_favorite(self.site, UserId(user), PostId(post), Some(at))
                    .await?;
            }
            store
                .settle_favorite(self.site, UserId(user), PostId(post), None)
                .await?;
        }
        Ok(())
    }
}
