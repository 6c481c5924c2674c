//! Ingesting, referencing and releasing binaries.
//!
//! The protocol that keeps references and the collector apart ("pointing"): to make a
//! reference point at an original, write the reference's rows first, then read the
//! original's [`Life`] linearizably; the reference holds only if the original is `Live`,
//! otherwise its rows are removed again (and the original is marked for the collector to
//! look at again). The collector does the mirror image: it claims an original, moving it
//! from `Live` to `Deleting` by compare-and-set first, then reads the original's
//! references, and deletes only if there are none and its claim still stands (moving it
//! to `Gone`, for good); else it moves it back to `Live`. Each side writes before it
//! reads, so at least one of them sees the other, and only the claim's own collector can
//! act on what it read: a reference can never be left pointing at deleted bytes.

use super::budget::{Turn, TurnRefused, human, mebibytes};
use super::image::{self, DecodeLimits};
use super::{
    BinaryStore, CHUNK_SIZE, Context, Life, Original, OriginalId, RefId, Reference, RefreshConfig,
    Rendition, Status, clean_name,
};
use crate::domain::{Site, UserId, now};
use crate::store::StoreError;
use bytes::Bytes;
use futures_util::{Stream, StreamExt};
use sha2::{Digest, Sha256};
use std::sync::Arc;

/// Size limits of uploads, configurable per deployment.
#[derive(Debug, Clone, Copy)]
pub struct BinaryLimits {
    /// The largest file accepted.
    pub max_file: u64,
    /// The most bytes one user's references may account for.
    pub max_per_user: u64,
    /// The largest raster image decoded (to check it and make its renditions); a larger
    /// image is refused, since decoding needs it whole in memory.
    pub max_image: u64,
    pub decode: DecodeLimits,
    /// The memory every image being decoded or scaled in one instance may take together
    /// (estimated from each image's header before it is decoded; see
    /// `image::render_cost`). What does not fit waits its turn, then is refused.
    pub image_memory: u64,
    /// The most files one post may hold (`binary_refs_by_context`'s bound).
    pub max_files_per_post: usize,
}

/// The most files one post holds, unless told otherwise: what its editor lists in one read.
pub const MAX_FILES_PER_POST: usize = 500;

impl Default for BinaryLimits {
    fn default() -> Self {
        Self {
            max_file: 100 * 1024 * 1024,
            max_per_user: 1024 * 1024 * 1024,
            max_image: 32 * 1024 * 1024,
            decode: DecodeLimits::default(),
            image_memory: 512 * 1024 * 1024,
            max_files_per_post: MAX_FILES_PER_POST,
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum IngestError {
    #[error("{0}")]
    TooLarge(String),
    #[error("{0}")]
    Quota(String),
    /// The post holds as many files as it may.
    #[error("{0}")]
    TooMany(String),
    /// The upload itself broke off.
    #[error("the upload did not arrive whole: {0}")]
    Body(String),
    /// Lost every round against concurrent uploads and the collector; worth retrying.
    #[error("the binary store is busy; please try again")]
    Busy,
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// What an upload became: its reference and the original it points at (which may be an
/// earlier upload of the same bytes). An original with status ERROR says why in `error`.
#[derive(Debug, Clone)]
pub struct Ingested {
    pub reference: Reference,
    pub original: Original,
    pub deduplicated: bool,
}

/// Who uploads what, where.
#[derive(Debug, Clone)]
pub struct Upload {
    pub site: Site,
    pub context: Context,
    pub owner: UserId,
    pub name: String,
}

/// Where a fetched binary came from, and the validators its origin gave.
#[derive(Debug, Clone)]
pub struct Source {
    pub url: String,
    pub e_tag: Option<String>,
    pub last_modified: Option<String>,
}

/// An original whose bytes are stored but not yet committed (not live, unreferenced).
pub(super) struct Received {
    pub original: Original,
    pub parts: u32,
    pub renditions: Vec<image::Rendition>,
}

/// How many times an upload re-tries pointing at the holder of its checksum while that
/// holder is being collected.
const POINTING_ROUNDS: usize = 5;

/// Every how many chunks (16 MiB) an upload looks whether the collector fenced it.
const FENCE_CHECK_EVERY: u32 = 64;

/// The memory computed IIIF images may take in one instance.
const SCALED_CACHE_BYTES: usize = 16 * 1024 * 1024;

/// How many images one instance decodes at once, to check an upload or to scale (each
/// can take a few hundred MB while it decodes a large photo).
const SCALING_AT_ONCE: usize = 2;

#[derive(Clone)]
pub struct Binaries {
    pub store: Arc<dyn BinaryStore>,
    pub limits: BinaryLimits,
    pub iiif_limits: crate::domain::iiif::IiifLimits,
    pub(super) scaled_cache: Arc<super::scaled_cache::ScaledCache>,
    pub(super) scaling: Arc<tokio::sync::Semaphore>,
    /// The image memory budget, one permit a MiB.
    pub(super) memory: Arc<tokio::sync::Semaphore>,
    /// When fetched binaries are revalidated and retried.
    pub refresh: RefreshConfig,
}

impl Binaries {
    pub fn new(store: Arc<dyn BinaryStore>, limits: BinaryLimits) -> Self {
        Self {
            store,
            limits,
            iiif_limits: Default::default(),
            scaled_cache: Arc::new(super::scaled_cache::ScaledCache::new(SCALED_CACHE_BYTES)),
            scaling: Arc::new(tokio::sync::Semaphore::new(SCALING_AT_ONCE)),
            memory: Arc::new(tokio::sync::Semaphore::new(
                mebibytes(limits.image_memory) as usize
            )),
            refresh: Default::default(),
        }
    }

    /// Stores an upload chunk by chunk (one chunk in memory at a time, plus the whole
    /// file only for a raster image, which must be decoded), then deduplicates it.
    pub async fn ingest<S, E>(&self, upload: Upload, body: S) -> Result<Ingested, IngestError>
    where
        S: Stream<Item = Result<Bytes, E>> + Unpin,
        E: std::fmt::Display,
    {
        self.ingest_as(upload, body, |_| {}).await
    }

    /// [`Self::ingest`], with the reference as `adjust` leaves it.
    async fn ingest_as<S, E>(
        &self,
        upload: Upload,
        body: S,
        adjust: impl FnOnce(&mut Reference),
    ) -> Result<Ingested, IngestError>
    where
        S: Stream<Item = Result<Bytes, E>> + Unpin,
        E: std::fmt::Display,
    {
        let received = self.receive(&upload, None, None, body).await?;
        let mut reference = reference_for(upload, &received.original);
        adjust(&mut reference);
        self.commit(reference, received).await
    }

    /// Stores bytes under a reference a Sibyl export names, with its id, time and URL,
    /// so that the posts that show `/binary/<id>` show it again.
    pub async fn restore<S, E>(
        &self,
        upload: Upload,
        id: RefId,
        created: chrono::DateTime<chrono::Utc>,
        url: Option<String>,
        body: S,
    ) -> Result<Ingested, IngestError>
    where
        S: Stream<Item = Result<Bytes, E>> + Unpin,
        E: std::fmt::Display,
    {
        self.ingest_as(upload, body, |reference| {
            reference.id = id;
            reference.created = created;
            reference.url = url;
        })
        .await
    }

    /// Stores the bytes of an upload or a fetch and checks them; commits nothing.
    pub(super) async fn receive<S, E>(
        &self,
        upload: &Upload,
        source: Option<&Source>,
        claimed: Option<&str>,
        mut body: S,
    ) -> Result<Received, IngestError>
    where
        S: Stream<Item = Result<Bytes, E>> + Unpin,
        E: std::fmt::Display,
    {
        let held = self
            .store
            .references_in(&upload.site, &upload.context)
            .await?
            .len();
        if held >= self.limits.max_files_per_post {
            return Err(IngestError::TooMany(format!(
                "A post can hold at most {} files, and this one has {held}; remove some before adding more.",
                self.limits.max_files_per_post
            )));
        }
        let used = self.store.usage(upload.owner).await?.max(0) as u64;
        if used >= self.limits.max_per_user {
            return Err(IngestError::Quota(format!(
                "Your attachments already take {} of your {}; remove some before uploading more.",
                human(used),
                human(self.limits.max_per_user)
            )));
        }
        let allowed = self.limits.max_file.min(self.limits.max_per_user - used);
        let id = OriginalId::new();
        let created = now();
        // Listed before the first byte is written: if this process dies mid-upload, the
        // collector finds the chunks and removes them.
        self.store.mark_candidate(id, created).await?;
        let mut stored = Stored {
            id,
            owner: upload.owner,
            parts: 0,
            size: 0,
            hasher: Sha256::new(),
            head: Vec::new(),
            whole: Some(Vec::new()),
        };
        let mut buffer: Vec<u8> = Vec::with_capacity(CHUNK_SIZE);
        let outcome: Result<(), IngestError> = async {
            while let Some(piece) = body.next().await {
                let piece = piece.map_err(|e| IngestError::Body(e.to_string()))?;
                if stored.size + (buffer.len() + piece.len()) as u64 > allowed {
                    return Err(too_large(&self.limits, used, allowed));
                }
                let mut rest = &piece[..];
                while !rest.is_empty() {
                    let take = (CHUNK_SIZE - buffer.len()).min(rest.len());
                    buffer.extend_from_slice(&rest[..take]);
                    rest = &rest[take..];
                    if buffer.len() == CHUNK_SIZE {
                        let full = std::mem::replace(&mut buffer, Vec::with_capacity(CHUNK_SIZE));
                        self.write_chunk(&mut stored, full).await?;
                    }
                }
            }
            if !buffer.is_empty() {
                self.write_chunk(&mut stored, std::mem::take(&mut buffer))
                    .await?;
            }
            Ok(())
        }
        .await;
        if let Err(e) = outcome {
            self.discard_uncommitted(id, stored.parts).await;
            self.refund(upload.owner, stored.size).await;
            return Err(e);
        }
        let checksum = crate::domain::token::hex(&stored.hasher.clone().finalize());
        let sniffed = image::sniff(&stored.head);
        let mut original = Original {
            id,
            mime: sniffed.mime.to_owned(),
            size: stored.size,
            created,
            last_checked: None,
            checksum,
            e_tag: source.and_then(|s| s.e_tag.clone()),
            last_modified: source.and_then(|s| s.last_modified.clone()),
            status: Status::Ok,
            width: None,
            height: None,
            url: source.map(|s| s.url.clone()),
            error: None,
            attempts: 0,
        };
        if source.is_some() {
            original.last_checked = Some(created);
        }
        let mut renditions = Vec::new();
        if let Some(problem) = mismatch(&upload.name, sniffed.mime)
            .or_else(|| claimed.and_then(|c| claimed_mismatch(c, sniffed.mime)))
        {
            original.status = Status::Error;
            original.error = Some(problem);
        } else if sniffed.raster {
            match stored.whole.take() {
                None => {
                    original.status = Status::Error;
                    original.error = Some(format!(
                        "Images can be at most {}; this one is {}.",
                        human(self.limits.max_image),
                        human(stored.size)
                    ));
                }
                Some(bytes) => match self.check_image(bytes).await {
                    Ok((width, height, made)) => {
                        original.width = Some(width);
                        original.height = Some(height);
                        renditions = made;
                    }
                    Err(message) => {
                        original.status = Status::Error;
                        original.error = Some(message);
                    }
                },
            }
        }
        Ok(Received {
            original,
            parts: stored.parts,
            renditions,
        })
    }

    async fn write_chunk(&self, stored: &mut Stored, chunk: Vec<u8>) -> Result<(), IngestError> {
        stored.hasher.update(&chunk);
        if stored.head.len() < 512 {
            let take = (512 - stored.head.len()).min(chunk.len());
            stored.head.extend_from_slice(&chunk[..take]);
        }
        let length = chunk.len() as u64;
        if let Some(whole) = &mut stored.whole {
            let raster = image::sniff(&stored.head).raster;
            if raster && stored.size + length <= self.limits.max_image {
                whole.extend_from_slice(&chunk);
            } else {
                stored.whole = None;
            }
        }
        // The bytes count against the owner's quota as they arrive, and the count is
        // read back after: of two uploads that together pass the quota, at least one
        // sees it (each adds before it reads), so simultaneous uploads cannot overshoot.
        self.store.add_usage(stored.owner, length as i64).await?;
        stored.size += length;
        let total = self.store.usage(stored.owner).await?.max(0) as u64;
        if total > self.limits.max_per_user {
            return Err(IngestError::Quota(format!(
                "This file does not fit in what is left of your {} for attachments.",
                human(self.limits.max_per_user)
            )));
        }
        self.store.put_chunk(stored.id, stored.parts, chunk).await?;
        stored.parts += 1;
        // An upload that outlived its grace was fenced by the collector (`Gone`), which
        // deleted what it had written; it stops here rather than write on for nothing.
        if stored.parts.is_multiple_of(FENCE_CHECK_EVERY)
            && self.store.life(stored.id).await? == Some(Life::Gone)
        {
            return Err(IngestError::Busy);
        }
        Ok(())
    }

    /// Decodes an image within the limits and makes its named renditions, on a blocking
    /// thread: a bad image is an error message, never a crash or a stalled server.
    async fn check_image(
        &self,
        bytes: Vec<u8>,
    ) -> Result<(u32, u32, Vec<image::Rendition>), String> {
        let limits = self.limits.decode;
        // The renditions' cost: the image decoded (a JPEG shrunk for 800x600) and the
        // largest rendition.
        let header = image::header(&bytes, &limits).map_err(|e| e.to_string())?;
        let (w, h) = image::fit(header.width, header.height, 800, 600);
        let whole = crate::domain::iiif::Plan::whole(header.width, header.height, w, h);
        // An image within the decoding limits is always taken: one that needs more than
        // the whole budget waits until it can have all of it, and runs alone.
        let cost = (bytes.len() as u64 + image::render_cost(&header, &whole))
            .min(self.limits.image_memory);
        let turn = self.turn(cost, None).await.map_err(|e| e.to_string())?;
        tokio::task::spawn_blocking(move || {
            let made = (|| {
                let (width, height) = image::probe(&bytes, &limits).map_err(|e| e.to_string())?;
                let made = image::renditions(&bytes, &limits).map_err(|e| e.to_string())?;
                Ok((width, height, made))
            })();
            drop(bytes);
            // What the work freed goes back to the system before the next turn.
            crate::infra::allocator::give_back();
            drop(turn);
            made
        })
        .await
        .map_err(|e| format!("the image could not be processed: {e}"))?
    }

    /// Makes the upload's original live and points a new reference at it, or at an
    /// earlier original with the same checksum (and then drops this copy).
    pub(super) async fn commit(
        &self,
        mut reference: Reference,
        received: Received,
    ) -> Result<Ingested, IngestError> {
        let Received {
            mut original,
            parts,
            renditions,
        } = received;
        let id = original.id;
        if original.status == Status::Error {
            // An error keeps its description and log, never its bytes (nor their quota).
            self.store.delete_chunks(id, parts).await?;
            self.refund(reference.owner, original.size).await;
            original.size = 0;
        }
        self.store.save_original(&original).await?;
        reference.original = id;
        reference.size = original.size;
        // The reference is written before the original goes live, so a collector that
        // ever sees it live also sees it referenced.
        self.store.add_reference(&reference).await?;
        if !self.store.set_life(id, None, Some(Life::Live)).await? {
            // The collector took it for a crashed upload: it took longer than the grace.
            // What it wrote since the collector looked is the collector's again.
            self.store.remove_reference(&reference).await?;
            self.store.mark_candidate(id, now()).await?;
            self.refund(reference.owner, original.size).await;
            return Err(IngestError::Busy);
        }
        // Without bytes (refused, or a fetch that failed) there is nothing to share.
        if original.status == Status::Error || original.checksum.is_empty() {
            // A failed fetch logs its own story.
            if original.url.is_none() {
                let why = original.error.clone().unwrap_or_default();
                self.store
                    .log(&reference, &format!("refused {}: {why}", reference.name))
                    .await?;
            }
            return Ok(Ingested {
                reference,
                original,
                deduplicated: false,
            });
        }
        // A fetched original follows its origin (revalidation may replace it), so it is
        // shared by its URL only, never by checksum with bytes of another source.
        let shareable = original.url.is_none();
        let mut round = 0;
        loop {
            // After the last round lost to the collector, this copy is kept unshared.
            let holder = if shareable && round < POINTING_ROUNDS {
                self.store.claim_checksum(&original.checksum, id).await?
            } else {
                id
            };
            round += 1;
            if holder == id {
                for r in &renditions {
                    self.store
                        .put_rendition(&Rendition {
                            original: id,
                            name: r.name.to_owned(),
                            mime: "image/jpeg".into(),
                            width: r.width,
                            height: r.height,
                            data: r.jpeg.clone(),
                        })
                        .await?;
                }
                self.store
                    .log(
                        &reference,
                        &stored_line(&reference.name, &original, renditions.len()),
                    )
                    .await?;
                return Ok(Ingested {
                    reference,
                    original,
                    deduplicated: false,
                });
            }
            // Earlier bytes hold the checksum: point at them (this copy stays referenced
            // until that holds).
            let mut shared = reference.clone();
            shared.original = holder;
            self.store.add_reference(&shared).await?;
            if self.store.life(holder).await? == Some(Life::Live) {
                self.store.unlink_reference(id, &reference.id).await?;
                self.drop_committed(id, parts).await?;
                let earlier = self.store.original(holder).await?.ok_or_else(|| {
                    StoreError::Corrupt(format!("live original {holder} has no description"))
                })?;
                shared.size = earlier.size;
                // (The same bytes, so the same size; the quota counted it already.)
                let differs = earlier.size as i64 - original.size as i64;
                if differs != 0 {
                    self.store.add_usage(shared.owner, differs).await?;
                }
                // Said as of any upload: which bytes are already stored (perhaps by
                // another site) is nobody's business.
                self.store
                    .log(
                        &shared,
                        &stored_line(&shared.name, &earlier, renditions.len()),
                    )
                    .await?;
                return Ok(Ingested {
                    reference: shared,
                    original: earlier,
                    deduplicated: true,
                });
            }
            // The holder is being collected: this copy takes its place. (Should the
            // collector give the holder back, having seen this reference, the holder is
            // unreferenced again: a candidate.)
            self.store.unlink_reference(holder, &reference.id).await?;
            self.store.mark_candidate(holder, now()).await?;
            self.store.add_reference(&reference).await?;
            self.store
                .swap_checksum(&original.checksum, holder, Some(id))
                .await?;
        }
    }

    /// Gives back quota that bytes no longer take. Best effort: a failure is logged (the
    /// count is then too high, which errs on the safe side).
    pub(super) async fn refund(&self, owner: UserId, bytes: u64) {
        if bytes == 0 {
            return;
        }
        if let Err(e) = self.store.add_usage(owner, -(bytes as i64)).await {
            tracing::warn!(%owner, bytes, error = %e, "could not give back attachment quota");
        }
    }

    /// Counts `bytes` against an owner's quota if they fit. False (and nothing counted)
    /// when they do not.
    pub(super) async fn reserve(&self, owner: UserId, bytes: u64) -> Result<bool, StoreError> {
        self.store.add_usage(owner, bytes as i64).await?;
        if self.store.usage(owner).await?.max(0) as u64 > self.limits.max_per_user {
            self.refund(owner, bytes).await;
            return Ok(false);
        }
        Ok(true)
    }

    /// A turn to decode an image that takes `cost` bytes of memory: at most
    /// `SCALING_AT_ONCE` run in one instance, and together they stay within the image
    /// memory budget (uploads and IIIF requests alike). Waits at most `wait` (or as long
    /// as it takes); the turn is held by the blocking work it is moved into.
    pub(super) async fn turn(
        &self,
        cost: u64,
        wait: Option<std::time::Duration>,
    ) -> Result<Turn, TurnRefused> {
        let needed = mebibytes(cost);
        if needed > mebibytes(self.limits.image_memory) {
            return Err(TurnRefused::TooCostly {
                needed: cost,
                budget: self.limits.image_memory,
            });
        }
        let take = async {
            let cpu = Arc::clone(&self.scaling).acquire_owned().await;
            let memory = Arc::clone(&self.memory)
                .acquire_many_owned(needed as u32)
                .await;
            match (cpu, memory) {
                (Ok(cpu), Ok(memory)) => Ok(Turn::new(cpu, memory)),
                _ => Err(TurnRefused::Busy),
            }
        };
        match wait {
            Some(wait) => tokio::time::timeout(wait, take)
                .await
                .unwrap_or(Err(TurnRefused::Busy)),
            None => take.await,
        }
    }
}

struct Stored {
    id: OriginalId,
    owner: UserId,
    parts: u32,
    size: u64,
    hasher: Sha256,
    head: Vec<u8>,
    whole: Option<Vec<u8>>,
}

/// The log's line for a stored upload, the same whether its bytes were new or shared.
fn stored_line(name: &str, original: &Original, renditions: usize) -> String {
    let dims = match (original.width, original.height) {
        (Some(w), Some(h)) => format!(", {w}×{h} pixels, {renditions} renditions"),
        _ => String::new(),
    };
    format!(
        "stored {name} ({}, {}{dims}) in {} chunks",
        original.mime,
        human(original.size),
        original.parts()
    )
}

/// A new reference for an upload (its original is set when it is committed).
/// The time a reference is made: the clock's millisecond, but always later than the
/// last one this process made, so that lists by time keep the order files came in.
fn reference_time() -> chrono::DateTime<chrono::Utc> {
    static LAST: std::sync::atomic::AtomicI64 = std::sync::atomic::AtomicI64::new(0);
    let now = now().timestamp_millis();
    let mut last = LAST.load(std::sync::atomic::Ordering::Relaxed);
    loop {
        let next = now.max(last + 1);
        match LAST.compare_exchange_weak(
            last,
            next,
            std::sync::atomic::Ordering::Relaxed,
            std::sync::atomic::Ordering::Relaxed,
        ) {
            Ok(_) => return crate::domain::millis_to_time(next),
            Err(seen) => last = seen,
        }
    }
}

pub(super) fn reference_for(upload: Upload, original: &Original) -> Reference {
    Reference {
        id: RefId::new(),
        original: original.id,
        site: upload.site,
        context: upload.context,
        name: clean_name(&upload.name),
        owner: upload.owner,
        // When this reference was made, not its bytes (an upload of bytes stored
        // before points at an older original).
        created: reference_time(),
        size: original.size,
        url: original.url.clone(),
    }
}

fn too_large(limits: &BinaryLimits, used: u64, allowed: u64) -> IngestError {
    if allowed < limits.max_file {
        IngestError::Quota(format!(
            "This file does not fit in what is left of your {} for attachments ({} used).",
            human(limits.max_per_user),
            human(used)
        ))
    } else {
        IngestError::TooLarge(format!("Files can be at most {}.", human(limits.max_file)))
    }
}

/// A file whose name promises one type and whose content is another.
fn mismatch(name: &str, sniffed: &str) -> Option<String> {
    let claimed = image::mime_for_extension(name)?;
    (claimed != sniffed).then(|| {
        format!(
            "The file {} is named as {claimed} but its content is {sniffed}.",
            clean_name(name)
        )
    })
}

/// A fetch whose response is not the type the client said it would be.
fn claimed_mismatch(claimed: &str, sniffed: &str) -> Option<String> {
    let claimed = claimed
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    (!claim_fits(&claimed, sniffed))
        .then(|| format!("The binary was registered as {claimed} but its content is {sniffed}."))
}

/// Whether content sniffed as `sniffed` can be what was claimed. The sniffer knows
/// images, PDF, ZIP, SVG and text; content it does not know can be any other binary
/// type, never one it knows.
fn claim_fits(claimed: &str, sniffed: &str) -> bool {
    const RECOGNISED: [&str; 9] = [
        "image/jpeg",
        "image/png",
        "image/gif",
        "image/webp",
        "image/svg+xml",
        "application/pdf",
        "application/zip",
        "text/plain",
        "application/octet-stream",
    ];
    let texty = claimed.starts_with("text/")
        || claimed.ends_with("+json")
        || claimed.ends_with("+xml")
        || matches!(
            claimed,
            "application/json" | "application/xml" | "application/javascript"
        );
    let zipped = claimed.ends_with("+zip")
        || claimed.starts_with("application/vnd.openxmlformats-officedocument.")
        || claimed.starts_with("application/vnd.oasis.opendocument.")
        || claimed == "application/java-archive";
    claimed == sniffed
        || claimed == "application/octet-stream"
        || (sniffed == "text/plain" && texty)
        || (sniffed == "image/svg+xml" && (claimed == "text/xml" || claimed == "application/xml"))
        || (sniffed == "application/zip" && zipped)
        || (sniffed == "application/octet-stream" && !RECOGNISED.contains(&claimed) && !texty)
}

#[cfg(test)]
mod tests {
    use super::{Binaries, BinaryLimits, TurnRefused, claimed_mismatch};
    use crate::store::{Store, StoreOptions, sqlite::SqliteStore};
    use std::time::Duration;

    /// The memory budget is shared: a turn that does not fit beside one held waits, and
    /// past its wait is refused as busy (a 503 with Retry-After for a IIIF request); a
    /// cost above the whole budget is refused at once; a released turn lets the next in.
    #[tokio::test]
    async fn image_turns_share_one_memory_budget() {
        let dir = tempfile::tempdir().unwrap();
        let store = SqliteStore::open(&dir.path().join("t.db"), StoreOptions::default())
            .await
            .unwrap();
        const MIB: u64 = 1024 * 1024;
        let limits = BinaryLimits {
            image_memory: 4 * MIB,
            ..BinaryLimits::default()
        };
        let binaries = Binaries::new(store.binaries(), limits);
        let held = binaries.turn(3 * MIB, None).await.unwrap();
        let short = Some(Duration::from_millis(50));
        assert!(matches!(
            binaries.turn(2 * MIB, short).await,
            Err(TurnRefused::Busy)
        ));
        assert!(matches!(
            binaries.turn(5 * MIB, short).await,
            Err(TurnRefused::TooCostly { .. })
        ));
        let beside = binaries.turn(MIB, short).await.unwrap();
        drop(held);
        binaries.turn(2 * MIB, short).await.unwrap();
        drop(beside);
    }

    #[test]
    fn any_registered_type_the_content_cannot_be_is_a_mismatch() {
        for (claimed, sniffed) in [
            ("image/png", "image/png"),
            ("IMAGE/PNG; charset=x", "image/png"),
            ("application/octet-stream", "image/jpeg"),
            ("text/csv", "text/plain"),
            ("application/json", "text/plain"),
            ("application/epub+zip", "application/zip"),
            (
                "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
                "application/zip",
            ),
            ("video/mp4", "application/octet-stream"),
            ("audio/mpeg", "application/octet-stream"),
        ] {
            assert_eq!(
                claimed_mismatch(claimed, sniffed),
                None,
                "{claimed} {sniffed}"
            );
        }
        for (claimed, sniffed) in [
            ("image/png", "image/jpeg"),
            ("image/png", "application/octet-stream"),
            ("text/plain", "application/octet-stream"),
            ("text/csv", "image/gif"),
            ("video/mp4", "text/plain"),
            ("audio/ogg", "image/png"),
            ("application/msword", "application/pdf"),
            ("application/zip", "application/pdf"),
        ] {
            assert!(
                claimed_mismatch(claimed, sniffed).is_some(),
                "{claimed} {sniffed}"
            );
        }
    }
}
