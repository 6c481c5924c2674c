//! The primary-key (id) pool of short numbers, and the per-host counters.

use super::*;

/// Takes a number from the site's pool inside the caller's transaction: a random slot,
/// seeded with slot + 1 on first use, hands out its number and keeps number + pool size.
pub(super) fn take_short_id(sql: &Sql<'_>, site: &str) -> StoreResult<u64> {
    let slot = crate::domain::token::random_below(ID_POOL_SIZE);
    sql.prepare("INSERT OR IGNORE INTO id_pool (site, slot, next) VALUES (?1, ?2, ?2 + 1)")
        .and_then(|mut s| s.execute(params![site, slot]))
        .map_err(unavailable)?;
    sql.prepare(
        "UPDATE id_pool SET next = next + ?3 WHERE site = ?1 AND slot = ?2 RETURNING next - ?3",
    )
    .and_then(|mut s| s.query_row(params![site, slot, ID_POOL_SIZE], |r| r.get(0)))
    .map_err(unavailable)
}

#[async_trait]
impl Ids for SqliteStore {
    async fn allocate_short_id(&self, site: &Site) -> StoreResult<u64> {
        let site = site.to_string();
        self.transaction(move |sql| take_short_id(sql, &site)).await
    }

    async fn short_id_pool(&self, site: &Site) -> StoreResult<Vec<u64>> {
        let site = site.to_string();
        self.run(move |sql| {
            let mut stmt = sql
                .prepare("SELECT slot, next FROM id_pool WHERE site = ?1")
                .map_err(unavailable)?;
            let used: std::collections::HashMap<u64, u64> = stmt
                .query_map([&site], |r| Ok((r.get(0)?, r.get(1)?)))
                .and_then(Iterator::collect)
                .map_err(unavailable)?;
            Ok((0..ID_POOL_SIZE)
                .map(|slot| used.get(&slot).copied().unwrap_or(slot + 1))
                .collect())
        })
        .await
    }

    async fn host_counter(&self, host: &str) -> StoreResult<u64> {
        let host = host.to_owned();
        self.run(move |sql| {
            let last: Option<u64> = sql
                .prepare("SELECT last FROM host_counters WHERE host = ?1")
                .and_then(|mut s| s.query_row([&host], |r| r.get(0)).optional())
                .map_err(unavailable)?;
            Ok(last.unwrap_or(0))
        })
        .await
    }

    async fn set_host_counter(&self, host: &str, value: u64) -> StoreResult<()> {
        let host = host.to_owned();
        self.run(move |sql| {
            sql
                .prepare("INSERT INTO host_counters (host, last) VALUES (?1, ?2) ON CONFLICT (host) DO UPDATE SET last = ?2")
                .and_then(|mut s| s.execute(params![host, value]))
                .map_err(unavailable)?;
            Ok(())
        })
        .await
    }
}
