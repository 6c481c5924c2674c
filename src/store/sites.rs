//! The sites contract: which sites one deployment serves, the hosts each answers to, and
//! whether each is served now. Like accounts, the registry belongs to the deployment,
//! not to a site.
//!
//! A host belongs to one site at most: its row is claimed (as a user name is) before the
//! site's record is written, so two operators registering one host at once get one site,
//! and registering again after a crash half-way finishes the first attempt.

use super::*;
use crate::domain::{Host, SiteStatus};

/// The most aliases one site has (old domains, `www.`): enforced when one is added.
pub const MAX_ALIASES: usize = 16;

/// How many sites a page of the registry lists at most.
pub const SITES_PAGE_CAP: usize = 100;

/// How many shards each background job's work over the registered sites is split into:
/// an instance does a shard's sites while it holds the shard's lease.
pub const WORK_SHARDS: u32 = 16;

/// How many instances running one background job are counted at most (the bound of the
/// job's list of holders).
pub const MAX_JOB_HOLDERS: usize = 256;

/// The shard of a site's background work (by the SHA-256 of its URL).
pub fn work_shard(site: &Site) -> u32 {
    use sha2::Digest;
    u32::from(sha2::Sha256::digest(site.as_str().as_bytes())[0]) % WORK_SHARDS
}

/// A registered site.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SiteRecord {
    pub site: Site,
    pub status: SiteStatus,
    pub created: DateTime<Utc>,
    /// The administrator named when it was registered.
    pub first_admin: UserId,
    /// Other hosts that answer with a redirect to it, in host order.
    pub aliases: Vec<Host>,
    /// When its deletion began (its status is then [`SiteStatus::Deleting`]).
    pub deleting: Option<DateTime<Utc>>,
}

/// How far erasing a deleted site's rows has come.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Erased {
    /// The table the next call erases from; `None` once every row of the site is gone.
    pub table: Option<String>,
    /// Its place among the tables to erase (from 1), and how many there are.
    pub step: usize,
    pub steps: usize,
    /// How many rows (or partitions) this call removed.
    pub removed: u64,
}

/// What a host answers for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HostEntry {
    pub host: Host,
    /// The site it answers for.
    pub record: SiteRecord,
    /// An alias redirects to the site's own host.
    pub alias: bool,
}

/// A page of the registry, and where the next begins.
#[derive(Debug, Clone, Default)]
pub struct SitesPage {
    pub sites: Vec<SiteRecord>,
    /// Opaque: handed back to read the page after this one.
    pub next: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum SiteError {
    #[error("{0} is registered already")]
    Exists(Site),
    #[error("no site {0} is registered")]
    NotFound(Site),
    #[error("the host {host} answers for {site} already")]
    HostTaken { host: Host, site: Site },
    #[error("{0} has {MAX_ALIASES} aliases, the most a site keeps")]
    TooManyAliases(Site),
    #[error("{0} is being deleted")]
    Deleting(Site),
    #[error("{0} is not being deleted")]
    NotDeleting(Site),
    #[error(transparent)]
    Store(#[from] StoreError),
}

#[async_trait]
pub trait Sites: Send + Sync {
    /// Whether any site is registered. A deployment with none serves the one site it is
    /// started with, whatever the host.
    async fn sites_exist(&self) -> StoreResult<bool>;

    /// Registers `site` with its first administrator: claims its host, makes the
    /// administrator one there (a member, [`super::Members`]; a registered site's roles
    /// are its own), then records it.
    /// [`SiteError::Exists`] when it is registered already, [`SiteError::HostTaken`]
    /// when its host answers for another site (an alias of it).
    async fn register_site(
        &self,
        site: &Site,
        first_admin: UserId,
        at: DateTime<Utc>,
    ) -> Result<SiteRecord, SiteError>;

    /// The record of a registered site.
    async fn registered_site(&self, site: &Site) -> StoreResult<Option<SiteRecord>>;

    /// What a host answers for, if anything: a site's own host or an alias of it, once
    /// the site's record is written.
    async fn host_entry(&self, host: &Host) -> StoreResult<Option<HostEntry>>;

    /// Makes `alias` answer for `site` (with a redirect). Adding an alias the site has
    /// already changes nothing.
    async fn add_alias(&self, site: &Site, alias: &Host) -> Result<SiteRecord, SiteError>;

    /// Serves or suspends a registered site ([`SiteError::Deleting`] for one being
    /// deleted: nothing brings it back).
    async fn set_site_status(
        &self,
        site: &Site,
        status: SiteStatus,
    ) -> Result<SiteRecord, SiteError>;

    /// A page of at most `limit` (up to [`SITES_PAGE_CAP`]) registered sites, after
    /// the page whose `next` is `after`. Every site comes once over the pages, in an
    /// order of the store's own.
    async fn sites_page(&self, after: Option<&str>, limit: usize) -> StoreResult<SitesPage>;

    /// Begins deleting a registered site: from now on it is [`SiteStatus::Deleting`] (its
    /// hosts answer as unknown ones) whatever else is written to its record. Beginning
    /// again keeps the first beginning.
    async fn begin_site_deletion(
        &self,
        site: &Site,
        at: DateTime<Utc>,
    ) -> Result<SiteRecord, SiteError>;

    /// Erases up to about `batch` rows (or partitions) of a site being deleted, from where
    /// the last call stopped (kept with its record, so that a call after a crash goes
    /// on), every table holding its rows in turn; says how far it has come.
    /// [`SiteError::NotDeleting`] for a site whose deletion has not begun.
    async fn erase_site_rows(&self, site: &Site, batch: usize) -> Result<Erased, SiteError>;

    /// Once a deleted site's rows are erased: frees its host and aliases (another site
    /// may then be registered with them) and removes it from the registry. A site whose
    /// record is gone already is forgotten: nothing changes.
    async fn forget_site(&self, site: &Site) -> Result<(), SiteError>;

    /// Takes, or renews, `holder`'s lease on one shard of a background job for `ttl`:
    /// true when `holder` holds it now. A lease another holder has not let lapse is
    /// theirs; of holders racing for a free one, one gets it.
    async fn hold_lease(
        &self,
        job: &str,
        shard: u32,
        holder: uuid::Uuid,
        ttl: std::time::Duration,
    ) -> StoreResult<bool>;

    /// Gives back `holder`'s lease on one shard of a job, if it holds it (another's is
    /// left alone), so that the instance the shard goes to can take it at once.
    async fn release_lease(&self, job: &str, shard: u32, holder: uuid::Uuid) -> StoreResult<()>;

    /// Records that `holder` runs `job` for the next `ttl` (each pass says so again), and
    /// returns every holder that does, in id order, `holder` among them: among these
    /// the job's shards are shared.
    async fn announce_holder(
        &self,
        job: &str,
        holder: uuid::Uuid,
        ttl: std::time::Duration,
    ) -> StoreResult<Vec<uuid::Uuid>>;

    /// Whether an account is a network administrator (of the deployment: it sees and
    /// manages every site at `/network`, whatever its role on each).
    async fn is_network_admin(&self, user: UserId) -> StoreResult<bool>;

    /// Makes an account a network administrator, or no longer one.
    async fn set_network_admin(&self, user: UserId, on: bool, at: DateTime<Utc>)
    -> StoreResult<()>;
}
