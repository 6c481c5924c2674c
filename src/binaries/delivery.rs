//! Scaled images in IIIF syntax: the named renditions come from the store (made once at
//! upload); any other request is computed on a blocking thread, a few at a time, and kept
//! in a bounded cache.

use super::budget::{Turn, TurnRefused};
use super::image::{self, RENDITIONS};
use super::scaled_cache::Scaled;
use super::{Binaries, Original, Rendition};
use crate::domain::iiif::{IiifError, IiifErrorKind, IiifRequest, Plan};
use crate::store::StoreError;
use bytes::Bytes;
use sha2::{Digest, Sha256};

#[derive(Debug, thiserror::Error)]
pub enum ScaleError {
    #[error("{0}")]
    Request(IiifError),
    /// The binary is not an image, or not usable.
    #[error("{0}")]
    NotAnImage(String),
    #[error("{0}")]
    Image(#[from] image::ImageError),
    #[error(transparent)]
    Store(#[from] StoreError),
    /// Over the image memory budget, now or always.
    #[error("{0}")]
    Busy(#[from] TurnRefused),
}

/// How much of an original is read for its header before its turn: one chunk.
const HEAD_BYTES: u64 = 256 * 1024;

/// How long an image request waits for its turn and its memory before it is refused
/// with a 503.
const IIIF_WAIT: std::time::Duration = std::time::Duration::from_secs(20);

impl From<IiifError> for ScaleError {
    fn from(e: IiifError) -> Self {
        ScaleError::Request(e)
    }
}

/// A computed image: made by this request, or found made by another meanwhile.
enum Rendered {
    /// Made now, with the turn it was made in.
    Made(Vec<u8>, Turn),
    Cached(Scaled),
}

/// What a computed image is cached under: the bytes it is made of and what is done.
fn cache_key(original: &Original, plan: &Plan) -> String {
    format!(
        "{}/{},{},{},{}/{},{}/{}{}/{}.{}",
        original.checksum,
        plan.x,
        plan.y,
        plan.w,
        plan.h,
        plan.out_w,
        plan.out_h,
        if plan.mirror { "!" } else { "" },
        plan.rotate,
        plan.quality.as_str(),
        plan.format.extension()
    )
}

fn short_hash(text: &str) -> String {
    crate::domain::token::hex(&Sha256::digest(text.as_bytes())[..8])
}

/// The sizes of the named renditions of a `width × height` image.
pub fn rendition_sizes(width: u32, height: u32) -> Vec<(&'static str, u32, u32)> {
    RENDITIONS
        .iter()
        .map(|(name, bw, bh)| {
            let (w, h) = image::fit(width, height, *bw, *bh);
            (*name, w, h)
        })
        .collect()
}

impl Binaries {
    /// Whether serving a request means computing an image (not a stored rendition, not
    /// in the cache): the costly case, which the web tier rate-limits.
    pub fn must_compute(&self, original: &Original, request: &IiifRequest) -> bool {
        if let Some(size) = request.is_full_confined()
            && RENDITIONS.iter().any(|(_, w, h)| (*w, *h) == size)
        {
            return false;
        }
        let (Some(width), Some(height)) = (original.width, original.height) else {
            return false;
        };
        match request.plan(width, height, &self.iiif_limits) {
            Ok(plan) => self.scaled_cache.get(&cache_key(original, &plan)).is_none(),
            Err(_) => false,
        }
    }

    /// The scaled image a IIIF request asks of an original.
    pub async fn scaled(
        &self,
        original: &Original,
        request: &IiifRequest,
    ) -> Result<Scaled, ScaleError> {
        let (Some(width), Some(height)) = (original.width, original.height) else {
            return Err(ScaleError::NotAnImage(
                "This file is not an image; only images are served in IIIF form.".into(),
            ));
        };
        if !original.has_bytes() || !original.is_raster() {
            return Err(ScaleError::NotAnImage(
                "This file is not an image that can be scaled.".into(),
            ));
        }
        if let Some((bw, bh)) = request.is_full_confined()
            && let Some((name, _, _)) = RENDITIONS.iter().find(|(_, w, h)| (*w, *h) == (bw, bh))
        {
            let stored = match self.store.rendition(original.id, name).await? {
                Some(stored) => stored,
                None => self.remake_rendition(original, name).await?,
            };
            return Ok(Scaled {
                bytes: Bytes::from(stored.data),
                mime: "image/jpeg",
                etag: format!("\"{}-{name}\"", original.checksum),
            });
        }
        let plan = request.plan(width, height, &self.iiif_limits)?;
        let key = cache_key(original, &plan);
        if let Some(hit) = self.scaled_cache.get(&key) {
            return Ok(hit);
        }
        let (made, turn) = match self
            .render_plan(original, plan, width, height, &key)
            .await?
        {
            Rendered::Made(made, turn) => (made, turn),
            // Someone made it while this request waited its turn.
            Rendered::Cached(hit) => return Ok(hit),
        };
        let cached = self.scaled_cache.admits(made.len());
        let scaled = Scaled {
            // The cache's few MiB are its own; an image too large for it holds its share
            // of the image budget for as long as it is being sent.
            bytes: if cached {
                drop(turn);
                Bytes::from(made)
            } else {
                turn.keeping(made)
            },
            mime: plan.format.mime(),
            etag: format!("\"{}-{}\"", original.checksum, short_hash(&key)),
        };
        if cached {
            self.scaled_cache.put(key, scaled.clone());
        }
        Ok(scaled)
    }

    /// Renders a plan from the smallest source that holds it: the stored 800x600
    /// rendition when the whole image is asked for at most at that size, else the
    /// original, decoded within the limits (a JPEG shrunk on load where the plan allows).
    /// The work waits until the memory its header says it takes is free.
    async fn render_plan(
        &self,
        original: &Original,
        plan: Plan,
        width: u32,
        height: u32,
        key: &str,
    ) -> Result<Rendered, ScaleError> {
        let (_, rw, rh) = rendition_sizes(width, height)[0];
        let whole = (plan.x, plan.y, plan.w, plan.h) == (0, 0, width, height);
        let limits = self.limits.decode;
        let small = if whole && plan.out_w <= rw && plan.out_h <= rh && (rw, rh) != (width, height)
        {
            self.store.rendition(original.id, "800x600").await?
        } else {
            None
        };
        if let Some(small) = small {
            let mut smaller = plan;
            (smaller.w, smaller.h) = (small.width, small.height);
            let header = image::header(&small.data, &limits)?;
            let cost = small.data.len() as u64 + image::render_cost(&header, &smaller);
            let turn = self.turn(cost, Some(IIIF_WAIT)).await?;
            if let Some(hit) = self.scaled_cache.get(key) {
                return Ok(Rendered::Cached(hit));
            }
            let (made, turn) = spawn(turn, move || {
                let img = image::decode(&small.data, &limits)?;
                Ok(image::render(img, &smaller)?)
            })
            .await?;
            return Ok(Rendered::Made(made, turn));
        }
        // The original is read only once its turn and its memory are had: the cost
        // comes from the header, at the start of the file.
        let turn = self.turn_for_original(original, &plan).await?;
        if let Some(hit) = self.scaled_cache.get(key) {
            return Ok(Rendered::Cached(hit));
        }
        let data = self.read_all(original).await?;
        let (made, turn) = spawn(turn, move || {
            let (img, plan) = image::decode_for(&data, &plan, &limits)?;
            drop(data);
            Ok(image::render(img, &plan)?)
        })
        .await?;
        Ok(Rendered::Made(made, turn))
    }

    /// A turn to decode an original for `plan`, with the memory its header (read from
    /// the file's first chunk) says the work takes, the file's own bytes included. A
    /// header beyond the first chunk is counted at the widest an image decodes to.
    async fn turn_for_original(
        &self,
        original: &Original,
        plan: &Plan,
    ) -> Result<Turn, ScaleError> {
        if original.size > self.limits.max_image {
            return Err(ScaleError::NotAnImage(
                "This image is too large to be scaled here.".into(),
            ));
        }
        let limits = self.limits.decode;
        let head = self.read_head(original, HEAD_BYTES).await?;
        let read = image::header(&head, &limits);
        let whole_file = head.len() as u64 == original.size;
        // Not held while waiting for the turn.
        drop(head);
        let header = match read {
            Ok(header) => header,
            Err(e) if whole_file => return Err(e.into()),
            Err(_) => image::Header {
                width: original.width.unwrap_or(limits.max_side),
                height: original.height.unwrap_or(limits.max_side),
                bytes_per_pixel: 8,
                channels: 4,
                oriented: true,
                jpeg: original.mime == "image/jpeg",
                progressive: true,
                webp: original.mime == "image/webp",
            },
        };
        let cost = original.size + image::render_cost(&header, plan);
        Ok(self.turn(cost, Some(IIIF_WAIT)).await?)
    }

    /// Makes a named rendition that is missing from the store (an image stored before
    /// renditions were made) and stores it.
    async fn remake_rendition(
        &self,
        original: &Original,
        name: &str,
    ) -> Result<Rendition, ScaleError> {
        let (width, height) = (original.width.unwrap_or(1), original.height.unwrap_or(1));
        let (w, h) = image::fit(width, height, 800, 600);
        let turn = self
            .turn_for_original(original, &Plan::whole(width, height, w, h))
            .await?;
        let data = self.read_all(original).await?;
        let limits = self.limits.decode;
        let (made, _turn) = spawn(turn, move || Ok(image::renditions(&data, &limits)?)).await?;
        let mut wanted = None;
        for r in made {
            let rendition = Rendition {
                original: original.id,
                name: r.name.to_owned(),
                mime: "image/jpeg".into(),
                width: r.width,
                height: r.height,
                data: r.jpeg,
            };
            self.store.put_rendition(&rendition).await?;
            if r.name == name {
                wanted = Some(rendition);
            }
        }
        wanted.ok_or_else(|| ScaleError::NotAnImage(format!("no rendition {name}")))
    }
}

/// Runs image work on a blocking thread, holding its scaling turn until the work ends
/// (even if the request that wanted it has gone) and the memory it freed is given back
/// to the system; returns what it made with the turn, for the caller to keep the part
/// of the budget the result takes ([`Turn::keeping`]).
async fn spawn<T: Send + 'static>(
    turn: Turn,
    work: impl FnOnce() -> Result<T, ScaleError> + Send + 'static,
) -> Result<(T, Turn), ScaleError> {
    tokio::task::spawn_blocking(move || {
        let made = work();
        crate::infra::allocator::give_back();
        made.map(|made| (made, turn))
    })
    .await
    .map_err(|e| ScaleError::NotAnImage(format!("the image could not be scaled: {e}")))?
}

impl ScaleError {
    /// The HTTP status the IIIF specification gives this error.
    pub fn status(&self) -> u16 {
        match self {
            ScaleError::Request(e) if e.kind == IiifErrorKind::NotImplemented => 501,
            ScaleError::Request(_) | ScaleError::NotAnImage(_) | ScaleError::Image(_) => 400,
            // Never computable here: asking again will not help.
            ScaleError::Busy(TurnRefused::TooCostly { .. }) => 400,
            ScaleError::Store(StoreError::Unavailable(_)) | ScaleError::Busy(_) => 503,
            ScaleError::Store(_) => 500,
        }
    }
}
