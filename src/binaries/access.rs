//! Pointing references at originals, releasing them, and reading what they hold: a
//! reference pointed at an original that is already stored (the protocol in `service`),
//! references and unneeded originals removed, and an original's bytes read chunk by chunk.

use super::{Binaries, CHUNK_SIZE, Context, Life, Original, OriginalId, RefId, Reference};
use crate::domain::{Site, now};
use crate::store::StoreError;
use bytes::Bytes;
use futures_util::{Stream, StreamExt};
use std::sync::Arc;

impl Binaries {
    /// Points a reference at its original (see the protocol in `service`). False when the
    /// original is not live; then nothing of the reference remains.
    pub async fn point(&self, reference: &Reference) -> Result<bool, StoreError> {
        self.store.add_reference(reference).await?;
        if self.store.life(reference.original).await? == Some(Life::Live) {
            return Ok(true);
        }
        self.store.remove_reference(reference).await?;
        // A collector that saw this reference gives the original back unreferenced.
        self.store.mark_candidate(reference.original, now()).await?;
        Ok(false)
    }

    /// Deletes a committed original that nothing references (a duplicate that lost).
    pub(super) async fn drop_committed(
        &self,
        id: OriginalId,
        parts: u32,
    ) -> Result<(), StoreError> {
        // Nobody else can know it: it never held its checksum.
        if self
            .store
            .set_life(id, Some(Life::Live), Some(Life::Gone))
            .await?
        {
            self.store.delete_chunks(id, parts).await?;
            self.store.delete_original(id).await?;
            self.store.drop_candidate(id, now()).await?;
        } else {
            // A collector has claimed it; should it give it back (having seen this
            // upload's reference before it went), it must find it listed again.
            self.store.mark_candidate(id, now()).await?;
        }
        Ok(())
    }

    /// Best effort after a failed upload; what is left, the collector removes.
    pub(super) async fn discard_uncommitted(&self, id: OriginalId, parts: u32) {
        let result = async {
            self.store.delete_chunks(id, parts).await?;
            self.store.drop_candidate(id, now()).await
        }
        .await;
        if let Err(e) = result {
            tracing::warn!(original = %id, error = %e, "could not clean up a failed upload");
        }
    }

    /// Drops a reference; an original left without references becomes the collector's.
    pub async fn remove(&self, reference: &Reference, why: &str) -> Result<(), StoreError> {
        self.store.remove_reference(reference).await?;
        self.store
            .add_usage(reference.owner, -(reference.size as i64))
            .await?;
        self.store
            .log(reference, &format!("removed {}: {why}", reference.name))
            .await?;
        if !self.store.is_referenced(reference.original).await? {
            self.store.mark_candidate(reference.original, now()).await?;
        }
        Ok(())
    }

    /// Drops every reference of a context; returns how many.
    pub async fn remove_context(
        &self,
        site: &Site,
        context: &Context,
        why: &str,
    ) -> Result<usize, StoreError> {
        let references = self.store.references_in(site, context).await?;
        for reference in &references {
            self.remove(reference, why).await?;
        }
        Ok(references.len())
    }

    /// A reference with its original, if both exist and the reference is of this site.
    pub async fn find(
        &self,
        site: &Site,
        id: &RefId,
    ) -> Result<Option<(Reference, Original)>, StoreError> {
        let Some(reference) = self.store.reference(id).await? else {
            return Ok(None);
        };
        if reference.site != *site {
            return Ok(None);
        }
        let original = self.store.original(reference.original).await?;
        Ok(original.map(|o| (reference, o)))
    }

    /// The bytes of `start..end` of an original, chunk by chunk, as a stream.
    pub fn read_range(
        &self,
        original: &Original,
        start: u64,
        end: u64,
    ) -> impl Stream<Item = Result<Bytes, StoreError>> + 'static {
        let store = Arc::clone(&self.store);
        let id = original.id;
        let chunk = CHUNK_SIZE as u64;
        futures_util::stream::unfold(start, move |at| {
            let store = Arc::clone(&store);
            async move {
                if at >= end {
                    return None;
                }
                let part = (at / chunk) as u32;
                let result = match store.chunk(id, part).await {
                    Ok(Some(data)) => {
                        let from = (at - u64::from(part) * chunk) as usize;
                        let to = ((end - u64::from(part) * chunk).min(data.len() as u64)) as usize;
                        if from >= to {
                            Err(StoreError::Corrupt(format!(
                                "chunk {part} of {id} is short"
                            )))
                        } else {
                            Ok(Bytes::copy_from_slice(&data[from..to]))
                        }
                    }
                    Ok(None) => Err(StoreError::Corrupt(format!(
                        "chunk {part} of {id} is missing"
                    ))),
                    Err(e) => Err(e),
                };
                let next = match &result {
                    Ok(bytes) => at + bytes.len() as u64,
                    Err(_) => end,
                };
                Some((result, next))
            }
        })
    }

    /// The first `max` bytes of an original (its header, for an image).
    pub async fn read_head(&self, original: &Original, max: u64) -> Result<Vec<u8>, StoreError> {
        let end = original.size.min(max);
        let mut head = Vec::with_capacity(end as usize);
        let mut stream = Box::pin(self.read_range(original, 0, end));
        while let Some(piece) = stream.next().await {
            head.extend_from_slice(&piece?);
        }
        Ok(head)
    }

    /// All the bytes of an original, for decoding (bounded by the image limit).
    pub async fn read_all(&self, original: &Original) -> Result<Vec<u8>, StoreError> {
        let mut all = Vec::with_capacity(original.size as usize);
        let mut stream = Box::pin(self.read_range(original, 0, original.size));
        while let Some(piece) = stream.next().await {
            all.extend_from_slice(&piece?);
        }
        Ok(all)
    }
}
