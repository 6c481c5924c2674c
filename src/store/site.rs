//! The site contract: what a site calls itself, set by its administrator.

use super::*;
use crate::domain::SiteIdentity;

#[async_trait]
pub trait SiteSettings: Send + Sync {
    /// The site's identity (the defaults until an administrator saves one).
    async fn site_identity(&self, site: &Site) -> StoreResult<SiteIdentity>;

    /// Replaces the site's identity: one row, written whole, the last save wins.
    async fn save_site_identity(&self, site: &Site, identity: &SiteIdentity) -> StoreResult<()>;

    /// The site's secret that signs its API tokens ([`crate::domain::api_token`]): 32
    /// random bytes, made by the first call and never changed. Of any number of calls
    /// racing in any number of processes, all get the one secret kept.
    async fn api_secret(&self, site: &Site) -> StoreResult<Vec<u8>>;

    /// The secret the site keeps under `name` (an actor's key pair:
    /// [`actor_key_name`]), or none yet.
    async fn site_secret(&self, site: &Site, name: &str) -> StoreResult<Option<Vec<u8>>>;

    /// Keeps `secret` under `name` unless the site keeps one there already, and returns
    /// the one kept: of any number of calls racing in any number of processes, all get
    /// the same secret, and it changes only by [`SiteSettings::replace_site_secret`].
    async fn keep_site_secret(
        &self,
        site: &Site,
        name: &str,
        secret: Vec<u8>,
    ) -> StoreResult<Vec<u8>>;

    /// Replaces the secret kept under `name` by `new` if it is still `old` (an actor's
    /// key rotated): true when `new` is kept now. Of replacements of the same secret
    /// racing in any number of processes, one wins.
    async fn replace_site_secret(
        &self,
        site: &Site,
        name: &str,
        old: &[u8],
        new: Vec<u8>,
    ) -> StoreResult<bool>;

    /// How many changes to the site's pages have been counted
    /// ([`SiteSettings::count_pages_change`]; 0 before the first): an instance that finds
    /// the count moved drops the pages it keeps of the site.
    async fn pages_changes(&self, site: &Site) -> StoreResult<i64>;

    /// Counts a change to what the site's pages show. Counts from any number of processes
    /// add up (none is lost to another written at the same time); one counted twice
    /// (a retry) does no harm.
    async fn count_pages_change(&self, site: &Site) -> StoreResult<()>;

    /// Forgets what this process keeps of every site's lists between reads (another
    /// process changed them): the next read of each goes to the database.
    fn forget_kept_lists(&self) {}
}

/// The name under which a site keeps the key pair of one of its actors (`site`, or an
/// author's account id).
pub fn actor_key_name(actor: &str) -> String {
    format!("actor:{actor}")
}

/// A new secret for a site's API tokens.
pub(crate) fn new_api_secret() -> Vec<u8> {
    crate::domain::token::random_bytes::<32>().to_vec()
}
