//! The asynchronous collector: deletes originals that no reference needs once they have
//! been unneeded for a grace period, and the leftovers of uploads that died. Runs on its
//! own schedule in every instance.
//!
//! Two collectors never undo each other: a collector claims an original by moving it from
//! `Live` to `Deleting` under its own claim, and only that claim may move it on, back to
//! `Live` (references were found) or to `Gone` (none were). Another collector leaves a
//! claimed original alone until the claim expires (its collector died), and then takes
//! it over with a claim of its own, after which the old claim can change nothing.

use super::{BinaryStore, Claim, GC_SHARDS, Life, OriginalId};
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
    /// How long a collector's claim on an original holds before another collector may
    /// take the original over (the first one is taken for dead).
    pub claim_expiry: Duration,
}

impl Default for CollectorConfig {
    fn default() -> Self {
        Self {
            every: Duration::from_secs(600),
            grace: Duration::from_secs(3600),
            upload_grace: Duration::from_secs(6 * 3600),
            claim_expiry: Duration::from_secs(1800),
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

/// Runs [`collect`] every `config.every` among `jobs`.
pub fn spawn(
    jobs: &crate::infra::jobs::Jobs,
    store: Arc<dyn BinaryStore>,
    config: CollectorConfig,
) {
    jobs.every("collector", config.every, move |_| {
        let store = Arc::clone(&store);
        async move {
            let pass = collect(&*store, &config, crate::domain::now())
                .await
                .map_err(|e| e.to_string())?;
            if pass.deleted > 0 {
                tracing::info!(
                    deleted = pass.deleted,
                    kept = pass.kept,
                    "binary collector pass"
                );
            }
            Ok(())
        }
    });
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
            // the life row) now fails, for good.
            if !store.set_life(id, None, Some(Life::Gone)).await?
                && store.life(id).await? != Some(Life::Gone)
            {
                // It committed just now.
                return Ok(Outcome::Waiting);
            }
            purge(store, id, since).await
        }
        // Decided earlier; the deletion may not have finished.
        Some(Life::Gone) => purge(store, id, since).await,
        Some(Life::Live) => {
            if store.is_referenced(id).await? {
                store.drop_candidate(id, since).await?;
                return Ok(Outcome::Kept);
            }
            if !older_than(since, now, config.grace) {
                return Ok(Outcome::Waiting);
            }
            let claim = Claim::new(now);
            if !store
                .set_life(id, Some(Life::Live), Some(Life::Deleting(claim)))
                .await?
            {
                return Ok(Outcome::Waiting);
            }
            decide(store, id, claim, since).await
        }
        Some(Life::Deleting(other)) => {
            if !older_than(other.at, now, config.claim_expiry) {
                // Another collector is at it.
                return Ok(Outcome::Waiting);
            }
            let claim = Claim::new(now);
            if !store
                .set_life(id, Some(Life::Deleting(other)), Some(Life::Deleting(claim)))
                .await?
            {
                return Ok(Outcome::Waiting);
            }
            decide(store, id, claim, since).await
        }
    }
}

/// With the original claimed: delete it if nothing references it, else give it back.
async fn decide(
    store: &dyn BinaryStore,
    id: OriginalId,
    claim: Claim,
    since: DateTime<Utc>,
) -> Result<Outcome, StoreError> {
    let claimed = Some(Life::Deleting(claim));
    // Written before this read by anyone who pointed at it while it was live; anyone
    // pointing from now on finds it claimed and backs out.
    if store.is_referenced(id).await? {
        store.set_life(id, claimed, Some(Life::Live)).await?;
        store.drop_candidate(id, since).await?;
        return Ok(Outcome::Kept);
    }
    if !store.set_life(id, claimed, Some(Life::Gone)).await? {
        // Taken over meanwhile: the new claim decides.
        return Ok(Outcome::Waiting);
    }
    purge(store, id, since).await
}

/// Deletes an original that is `Gone`: releases its checksum and URL, then deletes its
/// bytes and description. Idempotent, so a pass that died half-way is finished by the
/// next one.
async fn purge(
    store: &dyn BinaryStore,
    id: OriginalId,
    since: DateTime<Utc>,
) -> Result<Outcome, StoreError> {
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
    store.drop_candidate(id, since).await?;
    Ok(Outcome::Deleted)
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
