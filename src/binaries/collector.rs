//! The asynchronous collector: deletes originals that no reference needs once they have
//! been unneeded for a grace period, and the leftovers of uploads that died. Runs on its
//! own schedule in every instance; two instances collecting at once only repeat each
//! other's idempotent deletes, because each deletion is won by one compare-and-set.

use super::{BinaryStore, GC_SHARDS, Life, OriginalId};
use crate::store::StoreError;
use chrono::{DateTime, Utc};
use std::sync::Arc;
use std::time::Duration;

#[derive(Debug, Clone, Copy)]
pub struct CollectorConfig {
    /// How often a pass runs.
    pub every: Duration,
    /// How long an unreferenced original is kept (an author who removes an image by
    /// mistake can attach it again without uploading it again).
    pub grace: Duration,
    /// How long an upload may take before its chunks are taken for a crash's leftovers.
    pub upload_grace: Duration,
}

impl Default for CollectorConfig {
    fn default() -> Self {
        Self {
            every: Duration::from_secs(600),
            grace: Duration::from_secs(3600),
            upload_grace: Duration::from_secs(6 * 3600),
        }
    }
}

/// What one pass did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Pass {
    pub deleted: usize,
    /// Found referenced again (or still), and left alone.
    pub kept: usize,
    /// Not old enough yet.
    pub waiting: usize,
}

pub fn spawn(store: Arc<dyn BinaryStore>, config: CollectorConfig) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(config.every);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            ticks.tick().await;
            match collect(&*store, &config, crate::domain::now()).await {
                Ok(pass) if pass.deleted > 0 => {
                    tracing::info!(
                        deleted = pass.deleted,
                        kept = pass.kept,
                        "binary collector pass"
                    )
                }
                Ok(_) => {}
                Err(e) => tracing::warn!(error = %e, "binary collector pass failed"),
            }
        }
    })
}

/// One pass over every shard of candidates.
pub async fn collect(
    store: &dyn BinaryStore,
    config: &CollectorConfig,
    now: DateTime<Utc>,
) -> Result<Pass, StoreError> {
    let mut pass = Pass::default();
    for shard in 0..GC_SHARDS {
        for (id, since) in store.candidates(shard).await? {
            match consider(store, config, now, id, since).await? {
                Outcome::Deleted => pass.deleted += 1,
                Outcome::Kept => pass.kept += 1,
                Outcome::Waiting => pass.waiting += 1,
            }
        }
    }
    Ok(pass)
}

enum Outcome {
    Deleted,
    Kept,
    Waiting,
}

fn older_than(since: DateTime<Utc>, now: DateTime<Utc>, age: Duration) -> bool {
    chrono::Duration::from_std(age).is_ok_and(|age| since + age <= now)
}

async fn consider(
    store: &dyn BinaryStore,
    config: &CollectorConfig,
    now: DateTime<Utc>,
    id: OriginalId,
    since: DateTime<Utc>,
) -> Result<Outcome, StoreError> {
    match store.life(id).await? {
        None => {
            if !older_than(since, now, config.upload_grace) {
                return Ok(Outcome::Waiting);
            }
            // Fences the upload, should it still be running: its commit (a create of
            // the life row) now fails.
            if store.set_life(id, None, Some(Life::Deleting)).await? {
                delete_bytes(store, id).await?;
                store.set_life(id, Some(Life::Deleting), None).await?;
            }
            store.drop_candidate(id, since).await?;
            Ok(Outcome::Deleted)
        }
        Some(life) => {
            if !store.references_to(id).await?.is_empty() {
                if life == Life::Deleting {
                    store
                        .set_life(id, Some(Life::Deleting), Some(Life::Live))
                        .await?;
                }
                store.drop_candidate(id, since).await?;
                return Ok(Outcome::Kept);
            }
            if !older_than(since, now, config.grace) {
                return Ok(Outcome::Waiting);
            }
            if life == Life::Live
                && !store
                    .set_life(id, Some(Life::Live), Some(Life::Deleting))
                    .await?
            {
                return Ok(Outcome::Waiting);
            }
            // Written before this read by anyone who pointed at it while it was live.
            if !store.references_to(id).await?.is_empty() {
                store
                    .set_life(id, Some(Life::Deleting), Some(Life::Live))
                    .await?;
                store.drop_candidate(id, since).await?;
                return Ok(Outcome::Kept);
            }
            if let Some(original) = store.original(id).await? {
                if !original.checksum.is_empty() {
                    store.swap_checksum(&original.checksum, id, None).await?;
                }
                if let Some(url) = &original.url {
                    store.swap_url(url, id, None).await?;
                    store.drop_fetched(id).await?;
                }
            }
            delete_bytes(store, id).await?;
            store.set_life(id, Some(Life::Deleting), None).await?;
            store.drop_candidate(id, since).await?;
            Ok(Outcome::Deleted)
        }
    }
}

/// Deletes the chunks (as many as the description says, or, for an upload that died
/// before it had one, every chunk written: they are written in order, so up to the first
/// missing one), the renditions and the description.
async fn delete_bytes(store: &dyn BinaryStore, id: OriginalId) -> Result<(), StoreError> {
    match store.original(id).await? {
        Some(original) => store.delete_chunks(id, original.parts()).await?,
        None => {
            let mut parts = 0;
            while store.chunk(id, parts).await?.is_some() {
                parts += 1;
            }
            store.delete_chunks(id, parts).await?;
        }
    }
    store.delete_original(id).await
}
