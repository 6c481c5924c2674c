//! The binary service's data contract. Each method is one small step of the protocols in
//! `service` and `collector`; what must be atomic is atomic in both adapters (a
//! compare-and-set is an LWT on Cassandra and a conditional UPDATE in SQLite's single
//! writer).

use super::{Context, Life, LogLine, Original, OriginalId, RefId, Reference, Rendition};
use crate::domain::{Site, UserId};
use crate::store::StoreResult;
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use uuid::Uuid;

#[async_trait]
pub trait BinaryStore: Send + Sync {
    // The bytes, in numbered chunks of `CHUNK_SIZE`.
    async fn put_chunk(&self, original: OriginalId, part: u32, data: Vec<u8>) -> StoreResult<()>;
    async fn chunk(&self, original: OriginalId, part: u32) -> StoreResult<Option<Vec<u8>>>;
    async fn delete_chunks(&self, original: OriginalId, parts: u32) -> StoreResult<()>;

    // The description of an original.
    async fn save_original(&self, original: &Original) -> StoreResult<()>;
    async fn original(&self, id: OriginalId) -> StoreResult<Option<Original>>;
    /// Deletes the description and the renditions.
    async fn delete_original(&self, id: OriginalId) -> StoreResult<()>;

    /// The collector state, read linearizably (a serial read on Cassandra).
    async fn life(&self, id: OriginalId) -> StoreResult<Option<Life>>;
    /// Compare-and-set of the collector state (`None`: no row). True when applied; an
    /// uncertain outcome is settled by a serial read, never by a blind retry.
    async fn set_life(
        &self,
        id: OriginalId,
        from: Option<Life>,
        to: Option<Life>,
    ) -> StoreResult<bool>;

    /// Claims a checksum for an original if no original holds it; returns the holder.
    async fn claim_checksum(&self, checksum: &str, id: OriginalId) -> StoreResult<OriginalId>;
    /// Moves a checksum from one original to another (`None`: releases it) if `from`
    /// still holds it. True when applied.
    async fn swap_checksum(
        &self,
        checksum: &str,
        from: OriginalId,
        to: Option<OriginalId>,
    ) -> StoreResult<bool>;

    /// Claims a URL for an original if none holds it; returns the holder.
    async fn claim_url(&self, url: &str, id: OriginalId) -> StoreResult<OriginalId>;
    async fn url_holder(&self, url: &str) -> StoreResult<Option<OriginalId>>;
    /// Moves a URL from one original to another (`None`: releases it) if `from` still
    /// holds it. True when applied.
    async fn swap_url(
        &self,
        url: &str,
        from: OriginalId,
        to: Option<OriginalId>,
    ) -> StoreResult<bool>;
    /// The list of fetched originals, per shard, that revalidation walks.
    async fn mark_fetched(&self, id: OriginalId, url: &str) -> StoreResult<()>;
    async fn fetched(&self, shard: u32) -> StoreResult<Vec<(OriginalId, String)>>;
    async fn drop_fetched(&self, id: OriginalId) -> StoreResult<()>;
    /// Takes the lease on revalidating a fetched original for `hold`, unless another
    /// refresher holds an unexpired one. True when taken.
    async fn lease_refresh(
        &self,
        id: OriginalId,
        holder: Uuid,
        hold: std::time::Duration,
    ) -> StoreResult<bool>;
    /// Gives the lease back, if `holder` still holds it.
    async fn release_refresh(&self, id: OriginalId, holder: Uuid) -> StoreResult<()>;

    /// Writes every row of a reference: by id, by context, by site, by original.
    async fn add_reference(&self, reference: &Reference) -> StoreResult<()>;
    /// Removes the reference's "references of this original" row (SQLite: the reference,
    /// if it still points at that original): undoes a pointing at another original.
    async fn unlink_reference(&self, original: OriginalId, reference: &RefId) -> StoreResult<()>;
    /// Removes every row of a reference.
    async fn remove_reference(&self, reference: &Reference) -> StoreResult<()>;
    async fn reference(&self, id: &RefId) -> StoreResult<Option<Reference>>;
    async fn references_in(&self, site: &Site, context: &Context) -> StoreResult<Vec<Reference>>;
    /// A page of a site's files, newest first: the `limit` after the cursor `(created,
    /// reference)` of the last one seen.
    async fn files_of_site(
        &self,
        site: &Site,
        after: Option<(DateTime<Utc>, RefId)>,
        limit: u32,
    ) -> StoreResult<Vec<Reference>>;
    /// Which references point at an original, read at a consistency that sees every
    /// completed `add_reference` (QUORUM on Cassandra).
    async fn references_to(&self, original: OriginalId) -> StoreResult<Vec<RefId>>;

    async fn put_rendition(&self, rendition: &Rendition) -> StoreResult<()>;
    async fn rendition(&self, original: OriginalId, name: &str) -> StoreResult<Option<Rendition>>;

    /// Appends to a reference's log and to its context's log.
    async fn log(&self, reference: &Reference, message: &str) -> StoreResult<()>;
    async fn log_of_context(&self, site: &Site, context: &Context) -> StoreResult<Vec<LogLine>>;
    async fn log_of_reference(&self, reference: &RefId) -> StoreResult<Vec<LogLine>>;

    /// The collector's list of originals to look at, per shard.
    async fn mark_candidate(&self, id: OriginalId, since: DateTime<Utc>) -> StoreResult<()>;
    async fn candidates(&self, shard: u32) -> StoreResult<Vec<(OriginalId, DateTime<Utc>)>>;
    /// Drops a candidate unless it was marked again after `seen` (a newer mark survives:
    /// on Cassandra the mark's write time is its `since`, and the drop is a delete at
    /// the write time `seen`).
    async fn drop_candidate(&self, id: OriginalId, seen: DateTime<Utc>) -> StoreResult<()>;

    /// Bytes a user's references account for.
    async fn add_usage(&self, owner: UserId, delta: i64) -> StoreResult<()>;
    async fn usage(&self, owner: UserId) -> StoreResult<i64>;
}
