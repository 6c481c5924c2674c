//! The bounds on a site's members that its administrators' changes keep.

use crate::domain::{Site, UserId};
use crate::store::members::SITE_ADMINS_CAP;
use crate::store::{Store, StoreResult};

/// What refuses one administrator too many.
pub const TOO_MANY_ADMINS: &str =
    "A site has at most 100 administrators: make one of them an author or a reader first.";

/// Whether `user` may be made an administrator of `site`: it is one already, or the site
/// has fewer than [`SITE_ADMINS_CAP`].
pub async fn room_for_admin(store: &dyn Store, site: &Site, user: UserId) -> StoreResult<bool> {
    let admins = store.site_admins(site, SITE_ADMINS_CAP).await?;
    Ok(admins.len() < SITE_ADMINS_CAP || admins.contains(&user))
}
