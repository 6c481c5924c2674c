//! Repair's check of the social tables: `followers` against `follows`, a favorite's
//! copies (`favorites_by_time`, `favoriters`) against its row in `favorites`, and each
//! post's counter in `favorite_counts` against its favorites.

use crate::domain::{PostId, Site, UserId};
use crate::store::StoreResult;
use crate::store::cassandra::CassandraStore;
use crate::store::cassandra::social::shard_of;
use crate::store::repair::Finding;
use crate::store::social::Social;
use chrono::{DateTime, Utc};
use scylla::value::CqlTimeuuid;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use uuid::Uuid;

/// A follow as repair scans it: the site, who, whom, since when.
type FollowRow = (String, Uuid, Uuid, Option<DateTime<Utc>>);

/// A follower as repair scans it: the site, whom, the shard, who, since when.
type FollowerRow = (String, Uuid, i32, Uuid, Option<DateTime<Utc>>);

/// What disagrees about one favorite: each finding, and the list times to drop.
type Disagreement = (Vec<(&'static str, String)>, Vec<CqlTimeuuid>);

impl CassandraStore {
    /// Repair's check of the social tables (see `store::repair`): `followers` against
    /// `follows`, then a favorite's copies (`favorites_by_time`, `favoriters`) against
    /// its row in `favorites`, then each post's counter against its favorites. Every
    /// disagreement is judged again against the source row as it is now, so that a
    /// follow or favorite made or taken back since the scan (whose own write settles it)
    /// is left alone; a favorite's copies are fixed by the favorite's own settle.
    pub(in crate::store::cassandra) async fn repair_social(
        &self,
        site: &Site,
        fix: bool,
        findings: &mut Vec<Finding>,
    ) -> StoreResult<()> {
        self.repair_followers(site, fix, findings).await?;
        let favorites = self.repair_favorite_copies(site, fix, findings).await?;
        self.repair_favorite_counts(site, &favorites, fix, findings)
            .await
    }

    async fn repair_followers(
        &self,
        site: &Site,
        fix: bool,
        findings: &mut Vec<Finding>,
    ) -> StoreResult<()> {
        let (ks, s, here) = (&self.keyspace, &self.social, site.as_str());
        let follows: HashMap<(Uuid, Uuid), Option<DateTime<Utc>>> = self
            .scan_site::<FollowRow>(
                format!("SELECT site, follower, followee, since FROM {ks}.follows"),
                site,
            )
            .await?
            .into_iter()
            .map(|(_, follower, followee, since)| ((follower, followee), since))
            .collect();
        let listed: Vec<FollowerRow> = self
            .scan_site(
                format!("SELECT site, followee, shard, follower, since FROM {ks}.followers"),
                site,
            )
            .await?;
        let recent = crate::domain::now() - crate::store::cassandra::accounts::repair::RECENT;
        let mut seen = HashSet::new();
        for (_, followee, shard, follower, since) in listed {
            let right_shard = shard == shard_of(UserId(follower));
            if right_shard && follows.contains_key(&(follower, followee)) {
                seen.insert((follower, followee));
                continue;
            }
            // Written in one logged batch with its follow: one made in the last minutes
            // may still be on its way; one made since the scan is there now.
            if right_shard
                && (since.is_some_and(|t| t > recent)
                    || self.follows(site, follower, followee).await?)
            {
                continue;
            }
            findings.push(Finding {
                table: "followers",
                what: format!(
                    "{follower} is listed among the followers of {followee} (shard {shard}) without following them; removed"
                ),
            });
            if fix {
                self.exec(&s.follower_delete, (here, followee, shard, follower))
                    .await?;
            }
        }
        for ((follower, followee), since) in follows {
            // Unfollowed since the scan: its batch took both rows.
            if seen.contains(&(follower, followee))
                || !self.follows(site, follower, followee).await?
            {
                continue;
            }
            findings.push(Finding {
                table: "followers",
                what: format!(
                    "{follower} follows {followee} but is not among their followers; listed"
                ),
            });
            if fix {
                let since = since.unwrap_or_else(crate::domain::now);
                self.exec(
                    &s.follower_insert,
                    (here, followee, shard_of(UserId(follower)), follower, since),
                )
                .await?;
            }
        }
        Ok(())
    }

    /// Whether `follower` follows `followee` now.
    async fn follows(&self, site: &Site, follower: Uuid, followee: Uuid) -> StoreResult<bool> {
        Ok(!self
            .follows_among(site, UserId(follower), &[UserId(followee)])
            .await?
            .is_empty())
    }

    /// Checks every favorite's copies; returns each post's favorites as scanned.
    async fn repair_favorite_copies(
        &self,
        site: &Site,
        fix: bool,
        findings: &mut Vec<Finding>,
    ) -> StoreResult<HashMap<Uuid, i64>> {
        let (ks, s, here) = (&self.keyspace, &self.social, site.as_str());
        let rows: HashMap<(Uuid, Uuid), CqlTimeuuid> = self
            .scan_site::<(String, Uuid, Uuid, CqlTimeuuid)>(
                format!("SELECT site, user_id, post_id, at FROM {ks}.favorites"),
                site,
            )
            .await?
            .into_iter()
            .map(|(_, user, post, at)| ((user, post), at))
            .collect();
        let by_time: HashSet<(Uuid, CqlTimeuuid, Uuid)> = self
            .scan_site::<(String, Uuid, CqlTimeuuid, Uuid)>(
                format!("SELECT site, user_id, at, post_id FROM {ks}.favorites_by_time"),
                site,
            )
            .await?
            .into_iter()
            .map(|(_, user, at, post)| (user, at, post))
            .collect();
        let favoriters: HashSet<(Uuid, i32, Uuid)> = self
            .scan_site::<(String, Uuid, i32, Uuid)>(
                format!("SELECT site, post_id, shard, user_id FROM {ks}.favoriters"),
                site,
            )
            .await?
            .into_iter()
            .map(|(_, post, shard, user)| (post, shard, user))
            .collect();
        // What disagrees, by (account, post).
        let mut wrong: BTreeMap<(Uuid, Uuid), Disagreement> = BTreeMap::new();
        for (&(user, post), &at) in &rows {
            let shard = shard_of(UserId(user));
            if !by_time.contains(&(user, at, post)) {
                wrong.entry((user, post)).or_default().0.push((
                    "favorites_by_time",
                    format!("{user}'s favorite {post} is missing from their list; listed"),
                ));
            }
            if !favoriters.contains(&(post, shard, user)) {
                wrong.entry((user, post)).or_default().0.push((
                    "favoriters",
                    format!("{user} is missing from the favoriters of {post}; listed"),
                ));
            }
        }
        for &(user, at, post) in &by_time {
            if rows.get(&(user, post)) != Some(&at) {
                let entry = wrong.entry((user, post)).or_default();
                entry.0.push((
                    "favorites_by_time",
                    format!(
                        "{user}'s list keeps {post} at a time that is not their favorite's; removed"
                    ),
                ));
                entry.1.push(at);
            }
        }
        for &(post, shard, user) in &favoriters {
            if shard != shard_of(UserId(user)) {
                // Never written so: removed as it is.
                findings.push(Finding {
                    table: "favoriters",
                    what: format!("{user} is listed in shard {shard} of the favoriters of {post}, not theirs; removed"),
                });
                if fix {
                    self.exec(&s.favoriter_delete, (here, post, shard, user))
                        .await?;
                }
            } else if !rows.contains_key(&(user, post)) {
                wrong.entry((user, post)).or_default().0.push((
                    "favoriters",
                    format!("{user} is listed among the favoriters of {post} without keeping it; removed"),
                ));
            }
        }
        for ((user, post), (found, was)) in wrong {
            // A favorite made or taken back since the scan is its own write's to settle.
            let scanned = rows.get(&(user, post)).copied();
            if self.favorite_at(site, UserId(user), PostId(post)).await? != scanned {
                continue;
            }
            findings.extend(
                found
                    .into_iter()
                    .map(|(table, what)| Finding { table, what }),
            );
            if fix {
                for at in was {
                    self.settle_favorite(site, UserId(user), PostId(post), Some(at))
                        .await?;
                }
                self.settle_favorite(site, UserId(user), PostId(post), None)
                    .await?;
            }
        }
        let mut counts: HashMap<Uuid, i64> = HashMap::new();
        for (_, post) in rows.keys() {
            *counts.entry(*post).or_default() += 1;
        }
        Ok(counts)
    }

    /// Each post's counter against its favorites as scanned; fixed by a recount from
    /// its favoriters (settled before), which judges it as it is now.
    async fn repair_favorite_counts(
        &self,
        site: &Site,
        favorites: &HashMap<Uuid, i64>,
        fix: bool,
        findings: &mut Vec<Finding>,
    ) -> StoreResult<()> {
        let ks = &self.keyspace;
        let counted: HashMap<Uuid, i64> = self
            .scan_site::<(String, Uuid, Option<scylla::value::Counter>)>(
                format!("SELECT site, post_id, favorites FROM {ks}.favorite_counts"),
                site,
            )
            .await?
            .into_iter()
            .map(|(_, post, n)| (post, n.map_or(0, |n| n.0)))
            .collect();
        let posts: BTreeSet<Uuid> = counted.keys().chain(favorites.keys()).copied().collect();
        for post in posts {
            let (want, have) = (
                favorites.get(&post).copied().unwrap_or(0),
                counted.get(&post).copied().unwrap_or(0),
            );
            if want == have {
                continue;
            }
            let change = if fix {
                self.recount_favorites(site, PostId(post)).await?
            } else {
                want - have
            };
            if change != 0 {
                findings.push(Finding {
                    table: "favorite_counts",
                    what: format!(
                        "{post} counted {have} favorites, not {}; recounted",
                        have + change
                    ),
                });
            }
        }
        Ok(())
    }
}
