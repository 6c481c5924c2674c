//! The registry of sites (`sites`, in buckets) and the hosts they answer to
//! (`site_hosts`, claimed by LWTs), with the flag that says the registry is in use.

use super::{CassandraStore, lwt};
use crate::domain::{Host, Site, SiteStatus, UserId};
use crate::store::sites::{
    Erased, HostEntry, MAX_ALIASES, SITES_PAGE_CAP, SiteError, SiteRecord, SitesPage,
};
use crate::store::{Members, StoreError, StoreResult, prelude::*};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use scylla::client::session::Session;
use scylla::errors::ExecutionError;
use scylla::statement::prepared::PreparedStatement;
use sha2::{Digest, Sha256};
use uuid::Uuid;

/// The registry's buckets: a site's is the first byte of the SHA-256 of its URL, modulo
/// this, so that 10,000 sites make about 160 rows a partition.
pub(super) const SITE_BUCKETS: i32 = 64;

/// The flag written once the first site is registered (and never removed).
const REGISTRY_FLAG: &str = "sites";

pub(super) fn bucket(site: &Site) -> i32 {
    i32::from(Sha256::digest(site.as_str().as_bytes())[0]) % SITE_BUCKETS
}

/// The statements of this file, prepared once at start.
pub(super) struct Statements {
    site_read: PreparedStatement,
    site_insert: PreparedStatement,
    status_write: PreparedStatement,
    alias_add: PreparedStatement,
    bucket_page: PreparedStatement,
    host_insert: PreparedStatement,
    host_read: PreparedStatement,
    host_read_serial: PreparedStatement,
    flag_read: PreparedStatement,
    flag_write: PreparedStatement,
    deletion_begin: PreparedStatement,
    erased_read: PreparedStatement,
    erased_write: PreparedStatement,
    site_delete: PreparedStatement,
    host_release: PreparedStatement,
    lease_take: PreparedStatement,
    lease_renew: PreparedStatement,
    lease_read_serial: PreparedStatement,
    lease_release: PreparedStatement,
    holder_write: PreparedStatement,
    holders_read: PreparedStatement,
    network_admin_read: PreparedStatement,
    network_admin_add: PreparedStatement,
    network_admin_remove: PreparedStatement,
}

const SITE_COLUMNS: &str = "site, status, created, first_admin, aliases, deleting";

impl Statements {
    pub(super) async fn prepare(session: &Session, ks: &str) -> Result<Self, ExecutionError> {
        let prepare = |cql: String| super::prepare(session, cql);
        Ok(Self {
            site_read: prepare(format!(
                "SELECT {SITE_COLUMNS} FROM {ks}.sites WHERE bucket = ? AND site = ?"
            ))
            .await?,
            site_insert: prepare(format!(
                "INSERT INTO {ks}.sites (bucket, site, status, created, first_admin) VALUES (?, ?, ?, ?, ?)"
            ))
            .await?,
            status_write: prepare(format!(
                "UPDATE {ks}.sites SET status = ? WHERE bucket = ? AND site = ?"
            ))
            .await?,
            alias_add: prepare(format!(
                "UPDATE {ks}.sites SET aliases = aliases + ? WHERE bucket = ? AND site = ?"
            ))
            .await?,
            bucket_page: prepare(format!(
                "SELECT {SITE_COLUMNS} FROM {ks}.sites WHERE bucket = ? AND site > ? LIMIT ?"
            ))
            .await?,
            host_insert: prepare(format!(
                "INSERT INTO {ks}.site_hosts (host, site, alias, claimer) VALUES (?, ?, ?, ?) IF NOT EXISTS"
            ))
            .await?,
            host_read: prepare(format!(
                "SELECT site, alias, claimer FROM {ks}.site_hosts WHERE host = ?"
            ))
            .await?,
            host_read_serial: {
                let mut read = prepare(format!(
                    "SELECT site, alias, claimer FROM {ks}.site_hosts WHERE host = ?"
                ))
                .await?;
                super::read_serially(&mut read);
                read
            },
            flag_read: prepare(format!(
                "SELECT name FROM {ks}.deployment_flags WHERE name = ?"
            ))
            .await?,
            flag_write: prepare(format!(
                "INSERT INTO {ks}.deployment_flags (name, set_at) VALUES (?, ?)"
            ))
            .await?,
            deletion_begin: prepare(format!(
                "UPDATE {ks}.sites SET deleting = ?, erased = '' WHERE bucket = ? AND site = ?"
            ))
            .await?,
            erased_read: prepare(format!(
                "SELECT erased FROM {ks}.sites WHERE bucket = ? AND site = ?"
            ))
            .await?,
            erased_write: prepare(format!(
                "UPDATE {ks}.sites SET erased = ? WHERE bucket = ? AND site = ?"
            ))
            .await?,
            site_delete: prepare(format!("DELETE FROM {ks}.sites WHERE bucket = ? AND site = ?"))
                .await?,
            host_release: prepare(format!(
                "DELETE FROM {ks}.site_hosts WHERE host = ? IF site = ?"
            ))
            .await?,
            lease_take: prepare(format!(
                "INSERT INTO {ks}.job_leases (job, shard, holder) VALUES (?, ?, ?) IF NOT EXISTS USING TTL ?"
            ))
            .await?,
            lease_renew: prepare(format!(
                "UPDATE {ks}.job_leases USING TTL ? SET holder = ? WHERE job = ? AND shard = ? IF holder = ?"
            ))
            .await?,
            lease_read_serial: {
                let mut read = prepare(format!(
                    "SELECT holder FROM {ks}.job_leases WHERE job = ? AND shard = ?"
                ))
                .await?;
                super::read_serially(&mut read);
                read
            },
            lease_release: prepare(format!(
                "DELETE FROM {ks}.job_leases WHERE job = ? AND shard = ? IF holder = ?"
            ))
            .await?,
            holder_write: prepare(format!(
                "INSERT INTO {ks}.job_holders (job, holder) VALUES (?, ?) USING TTL ?"
            ))
            .await?,
            holders_read: prepare(format!(
                "SELECT holder FROM {ks}.job_holders WHERE job = ? LIMIT ?"
            ))
            .await?,
            network_admin_read: prepare(format!(
                "SELECT user_id FROM {ks}.network_admins WHERE user_id = ?"
            ))
            .await?,
            network_admin_add: prepare(format!(
                "INSERT INTO {ks}.network_admins (user_id, granted) VALUES (?, ?)"
            ))
            .await?,
            network_admin_remove: prepare(format!(
                "DELETE FROM {ks}.network_admins WHERE user_id = ?"
            ))
            .await?,
        })
    }
}

type SiteRow = (
    String,
    Option<String>,
    Option<DateTime<Utc>>,
    Option<Uuid>,
    Option<Vec<String>>,
    Option<DateTime<Utc>>,
);

type HostRow = (String, Option<bool>, Option<Uuid>);

/// A registry row, unless it is what a write left after the site was forgotten (a row
/// without its registration).
fn record(row: SiteRow) -> StoreResult<Option<SiteRecord>> {
    let (site, status, created, first_admin, aliases, deleting) = row;
    let (Some(created), Some(first_admin)) = (created, first_admin) else {
        return Ok(None);
    };
    let mut aliases = aliases
        .unwrap_or_default()
        .iter()
        .map(|h| Host::parse(h))
        .collect::<Result<Vec<_>, _>>()?;
    aliases.sort();
    Ok(Some(SiteRecord {
        site: Site::parse(&site)?,
        status: match deleting {
            Some(_) => SiteStatus::Deleting,
            None => SiteStatus::parse(status.as_deref().unwrap_or("live"))?,
        },
        created,
        first_admin: UserId(first_admin),
        aliases,
        deleting,
    }))
}

impl CassandraStore {
    async fn site_row(&self, site: &Site) -> StoreResult<Option<SiteRecord>> {
        match self
            .row::<SiteRow>(&self.sites.site_read, (bucket(site), site.as_str()))
            .await?
        {
            Some(row) => record(row),
            None => Ok(None),
        }
    }

    async fn mark_registry(&self, at: DateTime<Utc>) -> StoreResult<()> {
        self.exec(&self.sites.flag_write, (REGISTRY_FLAG, at))
            .await?;
        Ok(())
    }

    /// Claims `host` for `site` (as its own host, or an alias) on behalf of `claimer`,
    /// and returns the host's row as it stands after: this claim's, or the one that held
    /// it already. The row is written by this LWT only; whatever its answer (applied, not
    /// applied, lost), a serial read settles whose the host is.
    async fn claim_host(
        &self,
        host: &Host,
        site: &Site,
        alias: bool,
        claimer: Uuid,
    ) -> StoreResult<HostRow> {
        let mut attempt = self
            .session
            .execute_unpaged(
                &self.sites.host_insert,
                (host.as_str(), site.as_str(), alias, claimer),
            )
            .await;
        lwt::lose_answer_if_armed(&self.options.faults, &mut attempt);
        if let Err(e) = &attempt
            && !lwt::is_cas_uncertain(e)
        {
            return Err(StoreError::Unavailable(e.to_string()));
        }
        self.row::<HostRow>(&self.sites.host_read_serial, (host.as_str(),))
            .await?
            .ok_or_else(|| {
                StoreError::Unavailable(format!("claiming {host} did not take; try again"))
            })
    }
}

#[async_trait]
impl Sites for CassandraStore {
    async fn sites_exist(&self) -> StoreResult<bool> {
        Ok(self
            .row::<(String,)>(&self.sites.flag_read, (REGISTRY_FLAG,))
            .await?
            .is_some())
    }

    async fn register_site(
        &self,
        site: &Site,
        first_admin: UserId,
        at: DateTime<Utc>,
    ) -> Result<SiteRecord, SiteError> {
        if let Some(record) = self.site_row(site).await? {
            if record.deleting.is_some() {
                return Err(SiteError::Deleting(site.clone()));
            }
            // A registration that died before its flag is finished by the next attempt.
            self.mark_registry(at).await?;
            return Err(SiteError::Exists(site.clone()));
        }
        let host = Host::of(site);
        // The host first: of registrations racing, the one whose claim holds writes the
        // record; one that dies after its claim is finished by running it again (the claim
        // found is its own).
        let (owner, alias, claimer) = self.claim_host(&host, site, false, first_admin.0).await?;
        if owner != site.as_str() || alias != Some(false) {
            return Err(SiteError::HostTaken {
                host,
                site: Site::parse(&owner).map_err(StoreError::from)?,
            });
        }
        if claimer != Some(first_admin.0) {
            return Err(SiteError::Exists(site.clone()));
        }
        // The first administrator sets the site up (closing /setup), unless an earlier
        // first visitor did: an existing site's data is adopted as it is.
        let setup = super::accounts::setup_scope();
        if self
            .claims()
            .claim(setup, site.as_str(), first_admin.0)
            .await?
            == lwt::Claim::Won
        {
            self.claims()
                .commit(setup, site.as_str(), first_admin.0)
                .await?;
        }
        self.set_membership(
            site,
            first_admin,
            Some(crate::domain::Role::Admin),
            Some(false),
            at,
        )
        .await?;
        self.exec(
            &self.sites.site_insert,
            (
                bucket(site),
                site.as_str(),
                SiteStatus::Live.as_str(),
                at,
                first_admin.0,
            ),
        )
        .await?;
        self.mark_registry(at).await?;
        Ok(SiteRecord {
            site: site.clone(),
            status: SiteStatus::Live,
            created: at,
            first_admin,
            aliases: Vec::new(),
            deleting: None,
        })
    }

    async fn registered_site(&self, site: &Site) -> StoreResult<Option<SiteRecord>> {
        self.site_row(site).await
    }

    async fn host_entry(&self, host: &Host) -> StoreResult<Option<HostEntry>> {
        let Some((site, alias, _)) = self
            .row::<HostRow>(&self.sites.host_read, (host.as_str(),))
            .await?
        else {
            return Ok(None);
        };
        let site = Site::parse(&site)?;
        Ok(self.site_row(&site).await?.map(|record| HostEntry {
            host: host.clone(),
            record,
            alias: alias.unwrap_or(false),
        }))
    }

    async fn add_alias(&self, site: &Site, alias: &Host) -> Result<SiteRecord, SiteError> {
        let mut record = self
            .site_row(site)
            .await?
            .ok_or_else(|| SiteError::NotFound(site.clone()))?;
        if record.deleting.is_some() {
            return Err(SiteError::Deleting(site.clone()));
        }
        if record.aliases.contains(alias) {
            return Ok(record);
        }
        if record.aliases.len() >= MAX_ALIASES {
            return Err(SiteError::TooManyAliases(site.clone()));
        }
        let (owner, is_alias, _) = self.claim_host(alias, site, true, Uuid::nil()).await?;
        if owner != site.as_str() || is_alias != Some(true) {
            return Err(SiteError::HostTaken {
                host: alias.clone(),
                site: Site::parse(&owner).map_err(StoreError::from)?,
            });
        }
        self.exec(
            &self.sites.alias_add,
            (vec![alias.as_str()], bucket(site), site.as_str()),
        )
        .await?;
        record.aliases.push(alias.clone());
        record.aliases.sort();
        Ok(record)
    }

    async fn set_site_status(
        &self,
        site: &Site,
        status: SiteStatus,
    ) -> Result<SiteRecord, SiteError> {
        let mut record = self
            .site_row(site)
            .await?
            .ok_or_else(|| SiteError::NotFound(site.clone()))?;
        if status == SiteStatus::Deleting || record.deleting.is_some() {
            return Err(SiteError::Deleting(site.clone()));
        }
        self.exec(
            &self.sites.status_write,
            (status.as_str(), bucket(site), site.as_str()),
        )
        .await?;
        record.status = status;
        Ok(record)
    }

    async fn sites_page(&self, after: Option<&str>, limit: usize) -> StoreResult<SitesPage> {
        let limit = limit.clamp(1, SITES_PAGE_CAP);
        // The cursor: the bucket and the last site of the page before.
        let bad = || StoreError::Corrupt(format!("bad cursor {after:?}"));
        let (mut bucket, mut last) = match after {
            Some(cursor) => {
                let (b, site) = cursor.split_once(' ').ok_or_else(bad)?;
                (b.parse::<i32>().map_err(|_| bad())?, site.to_owned())
            }
            None => (0, String::new()),
        };
        let mut found: Vec<(i32, SiteRecord)> = Vec::new();
        while bucket < SITE_BUCKETS && found.len() <= limit {
            let want = limit + 1 - found.len();
            let rows: Vec<SiteRow> = self
                .rows(
                    &self.sites.bucket_page,
                    (bucket, last.as_str(), want as i32),
                )
                .await?;
            let got = rows.len();
            for row in rows {
                last = row.0.clone();
                // A forgotten site's remnant is skipped (it counts towards this read).
                if let Some(record) = record(row)? {
                    found.push((bucket, record));
                }
            }
            if got < want {
                // This bucket is read to its end.
                bucket += 1;
                last.clear();
            }
        }
        let next = if found.len() > limit {
            found.truncate(limit);
            found.last().map(|(b, s)| format!("{b} {}", s.site))
        } else {
            None
        };
        let sites = found.into_iter().map(|(_, s)| s).collect();
        Ok(SitesPage { sites, next })
    }

    async fn begin_site_deletion(
        &self,
        site: &Site,
        at: DateTime<Utc>,
    ) -> Result<SiteRecord, SiteError> {
        let mut record = self
            .site_row(site)
            .await?
            .ok_or_else(|| SiteError::NotFound(site.clone()))?;
        if record.deleting.is_none() {
            self.exec(
                &self.sites.deletion_begin,
                (at, bucket(site), site.as_str()),
            )
            .await?;
            record.deleting = Some(at);
            record.status = SiteStatus::Deleting;
        }
        Ok(record)
    }

    async fn erase_site_rows(&self, site: &Site, batch: usize) -> Result<Erased, SiteError> {
        let record = self
            .site_row(site)
            .await?
            .ok_or_else(|| SiteError::NotFound(site.clone()))?;
        if record.deleting.is_none() {
            return Err(SiteError::NotDeleting(site.clone()));
        }
        let (cursor,): (Option<String>,) = self
            .row(&self.sites.erased_read, (bucket(site), site.as_str()))
            .await?
            .unwrap_or((None,));
        let step = self
            .erase_step(site, cursor.as_deref().unwrap_or(""), batch.max(1))
            .await?;
        let next = step.cursor.clone().unwrap_or_else(|| "~".to_owned());
        self.exec(
            &self.sites.erased_write,
            (next.as_str(), bucket(site), site.as_str()),
        )
        .await?;
        Ok(Erased {
            table: step
                .cursor
                .map(|c| c.split(' ').next().unwrap_or_default().to_owned()),
            step: step.step,
            steps: step.steps,
            removed: step.removed,
        })
    }

    async fn forget_site(&self, site: &Site) -> Result<(), SiteError> {
        let Some(record) = self.site_row(site).await? else {
            return Ok(());
        };
        if record.deleting.is_none() {
            return Err(SiteError::NotDeleting(site.clone()));
        }
        // Its hosts first (each only while it is this site's: a host freed and claimed
        // again since is left to its new site), then its record: a crash between them is
        // finished by forgetting it again.
        let hosts = std::iter::once(Host::of(site)).chain(record.aliases.iter().cloned());
        for host in hosts {
            let attempt = self
                .session
                .execute_unpaged(&self.sites.host_release, (host.as_str(), site.as_str()))
                .await;
            if let Err(e) = &attempt
                && !lwt::is_cas_uncertain(e)
            {
                return Err(StoreError::Unavailable(e.to_string()).into());
            }
            // Whatever the answer, a serial read says whether the host is free of it.
            if let Some((owner, _, _)) = self
                .row::<HostRow>(&self.sites.host_read_serial, (host.as_str(),))
                .await?
                && owner == site.as_str()
            {
                return Err(StoreError::Unavailable(format!(
                    "freeing {host} did not take; try again"
                ))
                .into());
            }
        }
        self.exec(&self.sites.site_delete, (bucket(site), site.as_str()))
            .await?;
        Ok(())
    }

    async fn hold_lease(
        &self,
        job: &str,
        shard: u32,
        holder: Uuid,
        ttl: std::time::Duration,
    ) -> StoreResult<bool> {
        let shard = shard as i32;
        let ttl = i32::try_from(ttl.as_secs().max(1)).unwrap_or(i32::MAX);
        let settle = |attempt: Result<
            scylla::response::query_result::QueryResult,
            ExecutionError,
        >| {
            match attempt {
                Err(e) if !lwt::is_cas_uncertain(&e) => Err(StoreError::Unavailable(e.to_string())),
                // Applied, refused or unknown: the serial read below says whose it is.
                _ => Ok(()),
            }
        };
        let holder_now = || async {
            Ok::<_, StoreError>(
                self.row::<(Option<Uuid>,)>(&self.sites.lease_read_serial, (job, shard))
                    .await?
                    .and_then(|(h,)| h),
            )
        };
        let taken = self
            .session
            .execute_unpaged(&self.sites.lease_take, (job, shard, holder, ttl))
            .await;
        let fresh =
            matches!(&taken, Ok(result) if lwt::lwt_applied(result.clone()).unwrap_or(false));
        settle(taken)?;
        if fresh {
            return Ok(true);
        }
        if holder_now().await? != Some(holder) {
            return Ok(false);
        }
        // Ours already: renewed for another `ttl`.
        let renewed = self
            .session
            .execute_unpaged(&self.sites.lease_renew, (ttl, holder, job, shard, holder))
            .await;
        settle(renewed)?;
        Ok(holder_now().await? == Some(holder))
    }

    async fn release_lease(&self, job: &str, shard: u32, holder: Uuid) -> StoreResult<()> {
        let shard = shard as i32;
        let released = self
            .session
            .execute_unpaged(&self.sites.lease_release, (job, shard, holder))
            .await;
        match released {
            Ok(_) => Ok(()),
            Err(e) if lwt::is_cas_uncertain(&e) => {
                // Settled by a serial read: still ours, it lapses with its TTL all the
                // same, as if this instance had stopped.
                let still = self
                    .row::<(Option<Uuid>,)>(&self.sites.lease_read_serial, (job, shard))
                    .await?
                    .and_then(|(h,)| h);
                if still == Some(holder) {
                    tracing::debug!(job, shard, "a lease given back is kept until it lapses");
                }
                Ok(())
            }
            Err(e) => Err(StoreError::Unavailable(e.to_string())),
        }
    }

    async fn announce_holder(
        &self,
        job: &str,
        holder: Uuid,
        ttl: std::time::Duration,
    ) -> StoreResult<Vec<Uuid>> {
        let ttl = i32::try_from(ttl.as_secs().max(1)).unwrap_or(i32::MAX);
        self.exec(&self.sites.holder_write, (job, holder, ttl))
            .await?;
        let rows: Vec<(Uuid,)> = self
            .rows(
                &self.sites.holders_read,
                (job, crate::store::sites::MAX_JOB_HOLDERS as i32),
            )
            .await?;
        let mut holders: Vec<Uuid> = rows.into_iter().map(|(h,)| h).collect();
        if !holders.contains(&holder) {
            holders.push(holder);
        }
        holders.sort();
        Ok(holders)
    }

    async fn is_network_admin(&self, user: UserId) -> StoreResult<bool> {
        Ok(self
            .row::<(Uuid,)>(&self.sites.network_admin_read, (user.0,))
            .await?
            .is_some())
    }

    async fn set_network_admin(
        &self,
        user: UserId,
        on: bool,
        at: DateTime<Utc>,
    ) -> StoreResult<()> {
        if on {
            self.exec(&self.sites.network_admin_add, (user.0, at))
                .await?;
        } else {
            self.exec(&self.sites.network_admin_remove, (user.0,))
                .await?;
        }
        Ok(())
    }
}
