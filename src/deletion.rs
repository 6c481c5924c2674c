//! Deleting a post: the store's records of it (see [`crate::store::Posts::delete_post`])
//! and its files in the binary service, as one write recorded first as an intent, so
//! that the reconciler finishes it if the process dies half-way.
//!
//! The intent is left for the reconciler even when the deletion ends well: its pass,
//! after the grace period, runs every step again, removing what a write that read the
//! post before it was deleted (a comment, a save, a publication settling its lists)
//! put back meanwhile, and only then marks it done.

use crate::binaries::{Binaries, Context};
use crate::domain::{PostId, Site};
use crate::store::{Intent, Store, StoreResult};

/// Deletes a post and its files; returns whether there was such a post.
pub async fn delete_post(store: &dyn Store, site: &Site, id: PostId) -> StoreResult<bool> {
    let intent = store
        .begin(&Intent::DeletePost {
            site: site.to_string(),
            post: id.0,
        })
        .await?;
    let existed = finish_post_deletion(store, site, id).await?;
    if !existed {
        store.end(intent).await?;
    }
    Ok(existed)
}

/// Every step of a post's deletion, each of which can run again: the store's part,
/// then the references to its files (whose originals the collector then removes when
/// nothing else refers to them).
pub(crate) async fn finish_post_deletion(
    store: &dyn Store,
    site: &Site,
    id: PostId,
) -> StoreResult<bool> {
    let existed = store.delete_post(site, id).await?;
    if existed {
        Binaries::new(store.binaries(), Default::default())
            .remove_context(site, &Context::post(id), "its post was deleted")
            .await?;
    }
    Ok(existed)
}
