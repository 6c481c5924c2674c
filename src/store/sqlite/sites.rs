//! The registry of sites and their hosts, in one transaction per change.

use super::*;
use crate::domain::{Host, SiteStatus};
use crate::store::sites::{
    HostEntry, MAX_ALIASES, SITES_PAGE_CAP, SiteError, SiteRecord, SitesPage,
};

/// A site's row as stored.
type SiteRow = (String, String, i64, String);

const SITE_COLUMNS: &str = "site, status, created, first_admin";

fn site_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<SiteRow> {
    Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
}

/// A site's record: its row and its aliases.
fn record(sql: &Sql<'_>, row: SiteRow) -> StoreResult<SiteRecord> {
    let (site, status, created, first_admin) = row;
    let aliases = sql
        .prepare("SELECT host FROM site_hosts WHERE site = ?1 AND alias = 1 ORDER BY host")
        .and_then(|mut s| {
            s.query_map(params![site], |r| r.get::<_, String>(0))?
                .collect::<rusqlite::Result<Vec<_>>>()
        })
        .map_err(unavailable)?;
    Ok(SiteRecord {
        site: Site::parse(&site)?,
        status: SiteStatus::parse(&status)?,
        created: millis_to_time(created),
        first_admin: UserId(uuid(&first_admin)?),
        aliases: aliases
            .iter()
            .map(|h| Host::parse(h))
            .collect::<Result<_, _>>()?,
    })
}

fn find(sql: &Sql<'_>, site: &str) -> StoreResult<Option<SiteRecord>> {
    let row = sql
        .prepare(&format!("SELECT {SITE_COLUMNS} FROM sites WHERE site = ?1"))
        .and_then(|mut s| s.query_row(params![site], site_row).optional())
        .map_err(unavailable)?;
    row.map(|row| record(sql, row)).transpose()
}

/// The site a host answers for, and whether as an alias.
fn host_owner(sql: &Sql<'_>, host: &str) -> StoreResult<Option<(String, bool)>> {
    sql.prepare("SELECT site, alias FROM site_hosts WHERE host = ?1")
        .and_then(|mut s| {
            s.query_row(params![host], |r| Ok((r.get(0)?, r.get(1)?)))
                .optional()
        })
        .map_err(unavailable)
}

#[async_trait]
impl Sites for SqliteStore {
    async fn sites_exist(&self) -> StoreResult<bool> {
        self.read(|sql| {
            sql.prepare("SELECT EXISTS (SELECT 1 FROM sites)")
                .and_then(|mut s| s.query_row([], |r| r.get(0)))
                .map_err(unavailable)
        })
        .await
    }

    async fn register_site(
        &self,
        site: &Site,
        first_admin: UserId,
        at: DateTime<Utc>,
    ) -> Result<SiteRecord, SiteError> {
        let site = site.clone();
        self.transaction(move |sql| {
            if find(sql, site.as_str())?.is_some() {
                return Err(SiteError::Exists(site));
            }
            let host = Host::of(&site);
            if let Some((owner, _)) = host_owner(sql, host.as_str())? {
                return Err(SiteError::HostTaken {
                    host,
                    site: Site::parse(&owner).map_err(StoreError::from)?,
                });
            }
            sql.prepare("INSERT INTO site_hosts (host, site, alias) VALUES (?1, ?2, 0)")
                .and_then(|mut s| s.execute(params![host.as_str(), site.as_str()]))
                .map_err(unavailable)?;
            // The first administrator sets the site up (closing /setup), unless an
            // earlier first visitor did: an existing site's data is adopted as it is.
            sql.prepare(
                "INSERT INTO site_admins (site, user_id) VALUES (?1, ?2) ON CONFLICT DO NOTHING",
            )
            .and_then(|mut s| s.execute(params![site.as_str(), first_admin.0.to_string()]))
            .map_err(unavailable)?;
            sql.prepare(&format!(
                "INSERT INTO sites ({SITE_COLUMNS}) VALUES (?1, ?2, ?3, ?4)"
            ))
            .and_then(|mut s| {
                s.execute(params![
                    site.as_str(),
                    SiteStatus::Live.as_str(),
                    at.timestamp_millis(),
                    first_admin.0.to_string()
                ])
            })
            .map_err(unavailable)?;
            super::members::set(sql, &site, first_admin, Some(Role::Admin), Some(false), at)?;
            find(sql, site.as_str())?.ok_or(SiteError::NotFound(site))
        })
        .await
    }

    async fn registered_site(&self, site: &Site) -> StoreResult<Option<SiteRecord>> {
        self.read(|sql| find(sql, site.as_str())).await
    }

    async fn host_entry(&self, host: &Host) -> StoreResult<Option<HostEntry>> {
        self.read(|sql| {
            let Some((site, alias)) = host_owner(sql, host.as_str())? else {
                return Ok(None);
            };
            Ok(find(sql, &site)?.map(|record| HostEntry {
                host: host.clone(),
                record,
                alias,
            }))
        })
        .await
    }

    async fn add_alias(&self, site: &Site, alias: &Host) -> Result<SiteRecord, SiteError> {
        let (site, alias) = (site.clone(), alias.clone());
        self.transaction(move |sql| {
            let record =
                find(sql, site.as_str())?.ok_or_else(|| SiteError::NotFound(site.clone()))?;
            match host_owner(sql, alias.as_str())? {
                Some((owner, true)) if owner == site.as_str() => return Ok(record),
                Some((owner, _)) => {
                    return Err(SiteError::HostTaken {
                        host: alias,
                        site: Site::parse(&owner).map_err(StoreError::from)?,
                    });
                }
                None => {}
            }
            if record.aliases.len() >= MAX_ALIASES {
                return Err(SiteError::TooManyAliases(site));
            }
            sql.prepare("INSERT INTO site_hosts (host, site, alias) VALUES (?1, ?2, 1)")
                .and_then(|mut s| s.execute(params![alias.as_str(), site.as_str()]))
                .map_err(unavailable)?;
            find(sql, site.as_str())?.ok_or(SiteError::NotFound(site))
        })
        .await
    }

    async fn set_site_status(
        &self,
        site: &Site,
        status: SiteStatus,
    ) -> Result<SiteRecord, SiteError> {
        let site = site.clone();
        self.transaction(move |sql| {
            let changed = sql
                .prepare("UPDATE sites SET status = ?2 WHERE site = ?1")
                .and_then(|mut s| s.execute(params![site.as_str(), status.as_str()]))
                .map_err(unavailable)?;
            if changed == 0 {
                return Err(SiteError::NotFound(site));
            }
            find(sql, site.as_str())?.ok_or(SiteError::NotFound(site))
        })
        .await
    }

    async fn sites_page(&self, after: Option<&str>, limit: usize) -> StoreResult<SitesPage> {
        let limit = limit.clamp(1, SITES_PAGE_CAP);
        let after = after.unwrap_or("").to_owned();
        self.read(move |sql| {
            let rows = sql
                .prepare(&format!(
                    "SELECT {SITE_COLUMNS} FROM sites WHERE site > ?1 ORDER BY site LIMIT ?2"
                ))
                .and_then(|mut s| {
                    s.query_map(params![after, limit as i64 + 1], site_row)?
                        .collect::<rusqlite::Result<Vec<_>>>()
                })
                .map_err(unavailable)?;
            let more = rows.len() > limit;
            let sites = rows
                .into_iter()
                .take(limit)
                .map(|row| record(sql, row))
                .collect::<StoreResult<Vec<_>>>()?;
            let next = more
                .then(|| sites.last().map(|s| s.site.to_string()))
                .flatten();
            Ok(SitesPage { sites, next })
        })
        .await
    }
}
