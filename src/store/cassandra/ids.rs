//! The primary-key (id) pool of short numbers, and the per-host counters.

use super::lwt::{is_cas_uncertain, settled};
use super::{CassandraStore, unavailable};
use crate::domain::Site;
use crate::domain::token::random_below;
use crate::store::prelude::*;
use crate::store::{ID_POOL_SIZE, StoreError, StoreResult};
use async_trait::async_trait;
use scylla::client::session::Session;
use scylla::errors::ExecutionError;
use scylla::statement::prepared::PreparedStatement;
use uuid::Uuid;

/// The statements of this file, prepared once at start.
pub(super) struct Statements {
    pub(super) id_pool_read: PreparedStatement,
    id_pool_serial: PreparedStatement,
    pub(super) id_pool_seed: PreparedStatement,
    pub(super) id_pool_take: PreparedStatement,
    pub(super) id_pool_all: PreparedStatement,
    pub(super) host_counter_read: PreparedStatement,
    pub(super) host_counter_write: PreparedStatement,
}

impl Statements {
    pub(super) async fn prepare(session: &Session, ks: &str) -> Result<Self, ExecutionError> {
        let prepare = |cql: String| super::prepare(session, cql);
        Ok(Self {
            id_pool_read: prepare(format!(
                "SELECT next FROM {ks}.id_pool WHERE site = ? AND slot = ?"
            ))
            .await?,
            id_pool_serial: {
                let mut st = prepare(format!(
                    "SELECT next, taker FROM {ks}.id_pool WHERE site = ? AND slot = ?"
                ))
                .await?;
                crate::store::cassandra::read_serially(&mut st);
                st
            },
            id_pool_seed: prepare(format!(
                "INSERT INTO {ks}.id_pool (site, slot, next) VALUES (?, ?, ?) IF NOT EXISTS"
            ))
            .await?,
            id_pool_take: prepare(format!(
                "UPDATE {ks}.id_pool SET next = ?, taker = ? WHERE site = ? AND slot = ? IF next = ?"
            ))
            .await?,
            id_pool_all: prepare(format!(
                "SELECT slot, next FROM {ks}.id_pool WHERE site = ? AND slot IN ?"
            ))
            .await?,
            host_counter_read: prepare(format!(
                "SELECT last FROM {ks}.host_counters WHERE host = ?"
            ))
            .await?,
            host_counter_write: prepare(format!(
                "UPDATE {ks}.host_counters USING TIMESTAMP ? SET last = ? WHERE host = ?"
            ))
            .await?,
        })
    }
}

#[async_trait]
impl Ids for CassandraStore {
    async fn allocate_short_id(&self, site: &Site) -> StoreResult<u64> {
        let size = ID_POOL_SIZE as i64;
        for _ in 0..64 {
            let slot = random_below(ID_POOL_SIZE) as i32;
            let seen: Option<(i64,)> = self
                .row(&self.ids.id_pool_read, (site.as_str(), slot))
                .await?;
            let n = match seen {
                Some((n,)) => n,
                None => {
                    // First use of the slot: every allocator agrees on its first value
                    // through the LWT; if another got there first, the take below fails
                    // and a fresh read follows.
                    let seeded = self
                        .session
                        .execute_unpaged(
                            &self.ids.id_pool_seed,
                            (site.as_str(), slot, i64::from(slot) + 1),
                        )
                        .await;
                    match seeded {
                        Ok(_) => i64::from(slot) + 1,
                        Err(e) if is_cas_uncertain(&e) => continue,
                        Err(e) => return Err(unavailable(e)),
                    }
                }
            };
            let taker = Uuid::new_v4();
            let mut taken = self
                .session
                .execute_unpaged(
                    &self.ids.id_pool_take,
                    (n + size, taker, site.as_str(), slot, n),
                )
                .await;
            // A lost answer is settled below like any timeout.
            super::lwt::lose_answer_if_armed(&self.options.faults, &mut taken);
            // Applied, or a timeout after which the serial read (which completes any
            // proposal in flight) shows the slot moved on by this take: n is ours.
            // Otherwise someone took n first: another candidate.
            let ours = settled(taken, || async {
                let now: Option<(i64, Option<Uuid>)> = self
                    .row(&self.ids.id_pool_serial, (site.as_str(), slot))
                    .await?;
                Ok(now == Some((n + size, Some(taker))))
            })
            .await?;
            if ours {
                return u64::try_from(n).map_err(|e| StoreError::Corrupt(e.to_string()));
            }
        }
        Err(StoreError::Unavailable(
            "the short id pool stayed contended".into(),
        ))
    }

    async fn short_id_pool(&self, site: &Site) -> StoreResult<Vec<u64>> {
        let slots: Vec<i32> = (0..ID_POOL_SIZE as i32).collect();
        let used: std::collections::HashMap<i32, i64> = self
            .rows(&self.ids.id_pool_all, (site.as_str(), &slots))
            .await?
            .into_iter()
            .collect();
        slots
            .iter()
            .map(|slot| {
                let n = used.get(slot).copied().unwrap_or(i64::from(*slot) + 1);
                u64::try_from(n).map_err(|e| StoreError::Corrupt(e.to_string()))
            })
            .collect()
    }

    async fn host_counter(&self, host: &str) -> StoreResult<u64> {
        let row: Option<(Option<i64>,)> = self.row(&self.ids.host_counter_read, (host,)).await?;
        let last = row.and_then(|(last,)| last).unwrap_or(0);
        u64::try_from(last).map_err(|e| StoreError::Corrupt(e.to_string()))
    }

    async fn set_host_counter(&self, host: &str, value: u64) -> StoreResult<()> {
        let value = i64::try_from(value).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        // The value is its own write timestamp: values only grow, so the latest write
        // wins last-write-wins even when coordinators' clocks disagree.
        self.exec(&self.ids.host_counter_write, (value, value, host))
            .await?;
        Ok(())
    }
}
