//! The ids contract: the short-number pool and per-host counters.

use super::*;

/// How many free short numbers a site's id pool holds: allocations pick one of
/// them at random, so up to this many can proceed without meeting.
pub const ID_POOL_SIZE: u64 = 100;

/// Short numbers from the id pool, and per-host counters.
#[async_trait]
pub trait Ids: Send + Sync {
    /// Takes a short number from the site's id pool: one free number is removed
    /// with a conditional write and replaced by itself plus the pool size, so no number is
    /// ever handed out twice and the pool keeps `ID_POOL_SIZE` numbers. `create_post`
    /// calls it; it is public so that its guarantees can be tested on their own.
    async fn allocate_short_id(&self, site: &Site) -> StoreResult<u64>;

    /// The free numbers a site's pool holds now.
    async fn short_id_pool(&self, site: &Site) -> StoreResult<Vec<u64>>;

    /// The last number handed out at a host's counter (0 before the first). Only
    /// processes holding that host's counter lock read or write it (see `host_ids`).
    async fn host_counter(&self, host: &str) -> StoreResult<u64>;

    async fn set_host_counter(&self, host: &str, value: u64) -> StoreResult<()>;
}
