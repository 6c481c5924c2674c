//! The registry of sites (`sites`, in buckets) and the hosts they answer to
//! (`site_hosts`, claimed by LWTs), with the flag that says the registry is in use.

use super::{CassandraStore, lwt};
use crate::domain::{Host, Site, SiteStatus, UserId};
use crate::store::sites::{
    HostEntry, MAX_ALIASES, SITES_PAGE_CAP, SiteError, SiteRecord, SitesPage,
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
}

const SITE_COLUMNS: &str = "site, status, created, first_admin, aliases";

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
        })
    }
}

type SiteRow = (
    String,
    Option<String>,
    Option<DateTime<Utc>>,
    Option<Uuid>,
    Option<Vec<String>>,
);

type HostRow = (String, Option<bool>, Option<Uuid>);

fn record(row: SiteRow) -> StoreResult<SiteRecord> {
    let (site, status, created, first_admin, aliases) = row;
    let mut aliases = aliases
        .unwrap_or_default()
        .iter()
        .map(|h| Host::parse(h))
        .collect::<Result<Vec<_>, _>>()?;
    aliases.sort();
    Ok(SiteRecord {
        site: Site::parse(&site)?,
        status: SiteStatus::parse(status.as_deref().unwrap_or("live"))?,
        created: created.unwrap_or_default(),
        first_admin: UserId(first_admin.unwrap_or_default()),
        aliases,
    })
}

impl CassandraStore {
    async fn site_row(&self, site: &Site) -> StoreResult<Option<SiteRecord>> {
        self.row::<SiteRow>(&self.sites.site_read, (bucket(site), site.as_str()))
            .await?
            .map(record)
            .transpose()
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
        if self.site_row(site).await?.is_some() {
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
                found.push((bucket, record(row)?));
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
}
