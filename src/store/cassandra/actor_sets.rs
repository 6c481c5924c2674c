//! Sets of remote actors, sharded and counted: the followers of each of the site's
//! actors, and (under the names [`crate::store::federation::reaction_set`] gives) the
//! actors who liked or announced a post. Rows are written only by LWTs naming their
//! writer; an applied one then moves the set's counter (`ap_follower_counts` for an
//! actor's followers, `ap_reaction_counts` for a post's reactions), after an intent the
//! reconciler finishes by recounting the set's shards.

use super::intents::OwnIntent;
use super::{CassandraStore, lwt};
use crate::domain::Site;
use crate::store::federation::{FOLLOWER_SHARDS, RemoteFollower, follower_shard, reaction_of};
use crate::store::{Fault, Finished, StoreError, StoreResult};
use uuid::Uuid;

impl CassandraStore {
    /// Whether a follower row is there, and which writer's it is (its `claimer`), read at
    /// SERIAL (settling an LWT whose answer was lost).
    pub(super) async fn follow_serial(
        &self,
        site: &Site,
        actor: &str,
        follower: &str,
    ) -> StoreResult<Option<Option<Uuid>>> {
        let found: Option<(Option<Uuid>,)> = self
            .row(
                &self.federation.follower_read_serial,
                (site.as_str(), actor, follower_shard(follower), follower),
            )
            .await?;
        Ok(found.map(|(claimer,)| claimer))
    }

    async fn add_to_follower_count(&self, site: &Site, actor: &str, by: i64) -> StoreResult<()> {
        // A post's reactions are counted per post: the site's actors' counts stay one
        // small partition.
        if let Some((kind, post)) = reaction_of(actor) {
            self.exec(
                &self.federation.reaction_add,
                (
                    scylla::value::Counter(by),
                    site.as_str(),
                    post.0,
                    kind.as_str(),
                ),
            )
            .await?;
            return Ok(());
        }
        self.exec(
            &self.federation.count_add,
            (scylla::value::Counter(by), site.as_str(), actor),
        )
        .await?;
        Ok(())
    }

    /// Sets an actor's count of followers to the number of its rows (a write that died
    /// between its row and its counter left it off by one).
    pub(super) async fn recount_remote_followers(
        &self,
        site: &Site,
        actor: &str,
    ) -> StoreResult<Finished> {
        let mut actual = 0i64;
        for shard in 0..FOLLOWER_SHARDS {
            let (n,): (i64,) = self
                .row(
                    &self.federation.followers_count,
                    (site.as_str(), actor, shard),
                )
                .await?
                .unwrap_or((0,));
            actual += n;
        }
        let counted = self.counted_followers(site, actor).await?;
        if actual != counted {
            self.add_to_follower_count(site, actor, actual - counted)
                .await?;
        }
        Ok(Finished::Completed)
    }

    pub(super) async fn counted_followers(&self, site: &Site, actor: &str) -> StoreResult<i64> {
        if let Some((kind, post)) = reaction_of(actor) {
            let found: Option<(Option<scylla::value::Counter>,)> = self
                .row(
                    &self.federation.reaction_read,
                    (site.as_str(), post.0, kind.as_str()),
                )
                .await?;
            return Ok(found.and_then(|(c,)| c).map_or(0, |c| c.0));
        }
        let found: Option<(Option<scylla::value::Counter>,)> = self
            .row(&self.federation.count_read, (site.as_str(), actor))
            .await?;
        Ok(found.and_then(|(c,)| c).map_or(0, |c| c.0))
    }

    async fn begin_follow_change(
        &self,
        site: &Site,
        actor: &str,
    ) -> StoreResult<crate::store::IntentId> {
        self.begin_own(&OwnIntent::RemoteFollowers {
            site: site.to_string(),
            actor: actor.to_owned(),
        })
        .await
    }

    pub(super) async fn add_to_actor_set(
        &self,
        site: &Site,
        actor: &str,
        follower: &RemoteFollower,
    ) -> StoreResult<bool> {
        if self
            .follow_serial(site, actor, &follower.actor)
            .await?
            .is_some()
        {
            return Ok(false);
        }
        let intent = self.begin_follow_change(site, actor).await?;
        let claimer = Uuid::new_v4();
        let attempt = self
            .session
            .execute_unpaged(
                &self.federation.follower_insert,
                (
                    site.as_str(),
                    actor,
                    follower_shard(&follower.actor),
                    follower.actor.as_str(),
                    follower.inbox.as_str(),
                    follower.follow.as_str(),
                    follower.since,
                    claimer,
                ),
            )
            .await;
        let mut there = false;
        let made = lwt::settled(attempt, || async {
            let found = self.follow_serial(site, actor, &follower.actor).await?;
            there = found.is_some();
            Ok(found == Some(Some(claimer)))
        })
        .await?;
        if !made && !there {
            // Not applied, yet no row: the LWT's answer was lost and nothing was kept.
            self.end_own(intent).await?;
            return Err(StoreError::Unavailable(
                "the follow could not be recorded; try again".into(),
            ));
        }
        if made
            && self
                .options
                .faults
                .fires(Fault::CrashAfterRemoteFollowerRow)
        {
            return Err(Fault::CrashAfterRemoteFollowerRow.error());
        }
        if made {
            self.add_to_follower_count(site, actor, 1).await?;
        }
        self.end_own(intent).await?;
        Ok(made)
    }

    pub(super) async fn remove_from_actor_set(
        &self,
        site: &Site,
        actor: &str,
        follower: &str,
    ) -> StoreResult<bool> {
        if self.follow_serial(site, actor, follower).await?.is_none() {
            return Ok(false);
        }
        let intent = self.begin_follow_change(site, actor).await?;
        let attempt = self
            .session
            .execute_unpaged(
                &self.federation.follower_delete,
                (site.as_str(), actor, follower_shard(follower), follower),
            )
            .await;
        // Applied: ours. Not applied: a racer's came first. Unknown: gone now, but whose
        // delete took it cannot be told, so the actor is recounted rather than counted
        // down.
        let removed = match attempt {
            Ok(result) => lwt::lwt_applied(result)?,
            Err(e) if lwt::is_cas_uncertain(&e) => {
                let gone = self.follow_serial(site, actor, follower).await?.is_none();
                if gone {
                    self.recount_remote_followers(site, actor).await?;
                }
                self.end_own(intent).await?;
                if !gone {
                    return Err(StoreError::Unavailable(
                        "the follow could not be removed; try again".into(),
                    ));
                }
                return Ok(true);
            }
            Err(e) => return Err(super::unavailable(e)),
        };
        if removed {
            self.add_to_follower_count(site, actor, -1).await?;
        }
        self.end_own(intent).await?;
        Ok(removed)
    }
}
