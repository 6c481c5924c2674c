//! The site contract: what a site calls itself, set by its administrator.

use super::*;
use crate::domain::SiteIdentity;

#[async_trait]
pub trait SiteSettings: Send + Sync {
    /// The site's identity (the defaults until an administrator saves one).
    async fn site_identity(&self, site: &Site) -> StoreResult<SiteIdentity>;

    /// Replaces the site's identity: one row, written whole, the last save wins.
    async fn save_site_identity(&self, site: &Site, identity: &SiteIdentity) -> StoreResult<()>;
}
