//! The registry of sites and their hosts, in one transaction per change.

use super::*;
use crate::domain::{Host, SiteStatus};
use crate::store::sites::{
    Erased, HostEntry, MAX_ALIASES, SITES_PAGE_CAP, SiteError, SiteRecord, SitesPage,
};

/// A site's row as stored.
type SiteRow = (String, String, i64, String, Option<i64>);

const SITE_COLUMNS: &str = "site, status, created, first_admin, deleting";

/// The flag written once the first site is registered (and never removed).
const REGISTRY_FLAG: &str = "sites";

fn site_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<SiteRow> {
    Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
}

/// A site's record: its row and its aliases.
fn record(sql: &Sql<'_>, row: SiteRow) -> StoreResult<SiteRecord> {
    let (site, status, created, first_admin, deleting) = row;
    let aliases = sql
        .prepare("SELECT host FROM site_hosts WHERE site = ?1 AND alias = 1 ORDER BY host")
        .and_then(|mut s| {
            s.query_map(params![site], |r| r.get::<_, String>(0))?
                .collect::<rusqlite::Result<Vec<_>>>()
        })
        .map_err(unavailable)?;
    Ok(SiteRecord {
        site: Site::parse(&site)?,
        status: match deleting {
            Some(_) => SiteStatus::Deleting,
            None => SiteStatus::parse(&status)?,
        },
        deleting: deleting.map(millis_to_time),
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
            sql.prepare("SELECT EXISTS (SELECT 1 FROM deployment_flags WHERE name = ?1)")
                .and_then(|mut s| s.query_row(params![REGISTRY_FLAG], |r| r.get(0)))
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
            sql.prepare(
                "INSERT INTO deployment_flags (name, set_at) VALUES (?1, ?2) ON CONFLICT DO NOTHING",
            )
            .and_then(|mut s| s.execute(params![REGISTRY_FLAG, at.timestamp_millis()]))
            .map_err(unavailable)?;
            sql.prepare("INSERT INTO sites (site, status, created, first_admin) VALUES (?1, ?2, ?3, ?4)")
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
            if record.deleting.is_some() {
                return Err(SiteError::Deleting(site));
            }
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
            if status == SiteStatus::Deleting
                || find(sql, site.as_str())?.is_some_and(|r| r.deleting.is_some())
            {
                return Err(SiteError::Deleting(site));
            }
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

    async fn begin_site_deletion(
        &self,
        site: &Site,
        at: DateTime<Utc>,
    ) -> Result<SiteRecord, SiteError> {
        let site = site.clone();
        self.transaction(move |sql| {
            let changed = sql
                .prepare(
                    "UPDATE sites SET deleting = COALESCE(deleting, ?2), erased = COALESCE(erased, '') WHERE site = ?1",
                )
                .and_then(|mut s| s.execute(params![site.as_str(), at.timestamp_millis()]))
                .map_err(unavailable)?;
            if changed == 0 {
                return Err(SiteError::NotFound(site));
            }
            find(sql, site.as_str())?.ok_or(SiteError::NotFound(site))
        })
        .await
    }

    async fn erase_site_rows(&self, site: &Site, batch: usize) -> Result<Erased, SiteError> {
        let site = site.clone();
        let batch = batch.max(1) as i64;
        self.transaction(move |sql| {
            let erased: Option<Option<String>> = sql
                .prepare("SELECT erased FROM sites WHERE site = ?1")
                .and_then(|mut s| s.query_row(params![site.as_str()], |r| r.get(0)).optional())
                .map_err(unavailable)?;
            let from = match erased {
                None => return Err(SiteError::NotFound(site)),
                Some(None) => return Err(SiteError::NotDeleting(site)),
                Some(Some(from)) => from,
            };
            let tables = erase_order(sql)?;
            let steps = tables.len();
            // The table the last call stopped in ("~" once all are erased); from the
            // first again should it be gone since (erasing what is erased finds nothing).
            let mut at = match from.as_str() {
                "~" => steps,
                from => tables.iter().position(|t| t.name == from).unwrap_or(0),
            };
            let mut removed = 0;
            while let Some(table) = tables.get(at) {
                let key = table.key.join(", ");
                removed = sql
                    .prepare(&format!(
                        "DELETE FROM \"{name}\" WHERE ({key}) IN (SELECT {key} FROM \"{name}\" WHERE site = ?1 LIMIT ?2)",
                        name = table.name
                    ))
                    .and_then(|mut s| s.execute(params![site.as_str(), batch]))
                    .map_err(unavailable)? as u64;
                if removed as i64 == batch {
                    break;
                }
                // This table is erased: the next call begins with the next one.
                at += 1;
                if removed > 0 {
                    break;
                }
            }
            let next = tables.get(at).map(|t| t.name.clone());
            let cursor = next.clone().unwrap_or_else(|| "~".to_owned());
            sql.prepare("UPDATE sites SET erased = ?2 WHERE site = ?1")
                .and_then(|mut s| s.execute(params![site.as_str(), cursor]))
                .map_err(unavailable)?;
            Ok(Erased {
                table: next,
                step: (at + 1).min(steps),
                steps,
                removed,
            })
        })
        .await
    }

    async fn forget_site(&self, site: &Site) -> Result<(), SiteError> {
        let site = site.clone();
        self.transaction(move |sql| {
            let Some(record) = find(sql, site.as_str())? else {
                return Ok(());
            };
            if record.deleting.is_none() {
                return Err(SiteError::NotDeleting(site));
            }
            for table in ["site_hosts", "sites"] {
                sql.prepare(&format!("DELETE FROM {table} WHERE site = ?1"))
                    .and_then(|mut s| s.execute(params![site.as_str()]))
                    .map_err(unavailable)?;
            }
            Ok(())
        })
        .await
    }

    async fn hold_lease(
        &self,
        job: &str,
        shard: u32,
        holder: uuid::Uuid,
        ttl: std::time::Duration,
    ) -> StoreResult<bool> {
        let job = job.to_owned();
        let now = crate::domain::now().timestamp_millis();
        let until = now + i64::try_from(ttl.as_millis()).unwrap_or(i64::MAX / 2);
        self.transaction(move |sql| {
            sql.prepare(
                "INSERT INTO job_leases (job, shard, holder, until) VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT (job, shard) DO UPDATE SET holder = excluded.holder, until = excluded.until
                 WHERE job_leases.holder = excluded.holder OR job_leases.until < ?5",
            )
            .and_then(|mut s| s.execute(params![job, shard, holder.to_string(), until, now]))
            .map_err(unavailable)?;
            let held: String = sql
                .prepare("SELECT holder FROM job_leases WHERE job = ?1 AND shard = ?2")
                .and_then(|mut s| s.query_row(params![job, shard], |r| r.get(0)))
                .map_err(unavailable)?;
            Ok::<_, StoreError>(held == holder.to_string())
        })
        .await
    }

    async fn release_lease(&self, job: &str, shard: u32, holder: uuid::Uuid) -> StoreResult<()> {
        let job = job.to_owned();
        self.transaction(move |sql| {
            sql.prepare("DELETE FROM job_leases WHERE job = ?1 AND shard = ?2 AND holder = ?3")
                .and_then(|mut s| s.execute(params![job, shard, holder.to_string()]))
                .map_err(unavailable)?;
            Ok::<_, StoreError>(())
        })
        .await
    }

    async fn announce_holder(
        &self,
        job: &str,
        holder: uuid::Uuid,
        ttl: std::time::Duration,
    ) -> StoreResult<Vec<uuid::Uuid>> {
        let job = job.to_owned();
        let now = crate::domain::now().timestamp_millis();
        let until = now + i64::try_from(ttl.as_millis()).unwrap_or(i64::MAX / 2);
        self.transaction(move |sql| {
            sql.prepare(
                "INSERT INTO job_holders (job, holder, until) VALUES (?1, ?2, ?3)
                 ON CONFLICT (job, holder) DO UPDATE SET until = excluded.until",
            )
            .and_then(|mut s| s.execute(params![job, holder.to_string(), until]))
            .and_then(|_| {
                sql.prepare("DELETE FROM job_holders WHERE job = ?1 AND until < ?2")
                    .and_then(|mut s| s.execute(params![job, now]))
            })
            .map_err(unavailable)?;
            let holders: Vec<String> = sql
                .prepare("SELECT holder FROM job_holders WHERE job = ?1 LIMIT ?2")
                .and_then(|mut s| {
                    s.query_map(
                        params![job, crate::store::sites::MAX_JOB_HOLDERS as i64],
                        |r| r.get(0),
                    )?
                    .collect::<rusqlite::Result<Vec<_>>>()
                })
                .map_err(unavailable)?;
            let mut holders = holders
                .iter()
                .map(|h| uuid(h))
                .collect::<StoreResult<Vec<_>>>()?;
            holders.sort();
            Ok::<_, StoreError>(holders)
        })
        .await
    }

    async fn is_network_admin(&self, user: UserId) -> StoreResult<bool> {
        self.network_admin_is(user).await
    }

    async fn set_network_admin(
        &self,
        user: UserId,
        on: bool,
        at: DateTime<Utc>,
    ) -> StoreResult<()> {
        self.network_admin_set(user, on, at).await
    }
}

/// The trait's part for network administrators.
impl SqliteStore {
    pub(super) async fn network_admin_is(&self, user: UserId) -> StoreResult<bool> {
        self.read(move |sql| {
            sql.prepare("SELECT EXISTS (SELECT 1 FROM network_admins WHERE user_id = ?1)")
                .and_then(|mut s| s.query_row(params![user.0.to_string()], |r| r.get(0)))
                .map_err(unavailable)
        })
        .await
    }

    pub(super) async fn network_admin_set(
        &self,
        user: UserId,
        on: bool,
        at: DateTime<Utc>,
    ) -> StoreResult<()> {
        self.transaction(move |sql| {
            let user = user.0.to_string();
            if on {
                sql.prepare(
                    "INSERT INTO network_admins (user_id, granted) VALUES (?1, ?2) ON CONFLICT DO NOTHING",
                )
                .and_then(|mut s| s.execute(params![user, at.timestamp_millis()]))
            } else {
                sql.prepare("DELETE FROM network_admins WHERE user_id = ?1")
                    .and_then(|mut s| s.execute(params![user]))
            }
            .map_err(unavailable)?;
            Ok::<_, StoreError>(())
        })
        .await
    }
}

/// A table holding rows of sites (a `site` column), and the columns that name a row.
struct SiteTable {
    name: String,
    key: Vec<String>,
}

/// Every table with rows of sites but the registry's own, in the order they are erased:
/// a table before the tables its rows refer to (comments before posts), by name
/// otherwise. Read from the schema, so that a table added later is erased too.
fn erase_order(sql: &Sql<'_>) -> StoreResult<Vec<SiteTable>> {
    let names: Vec<String> = sql
        .prepare(
            "SELECT m.name FROM sqlite_master m WHERE m.type = 'table'
               AND m.name NOT IN ('sites', 'site_hosts')
               AND EXISTS (SELECT 1 FROM pragma_table_info(m.name) c WHERE c.name = 'site')
             ORDER BY m.name",
        )
        .and_then(|mut s| {
            s.query_map([], |r| r.get(0))?
                .collect::<rusqlite::Result<_>>()
        })
        .map_err(unavailable)?;
    let mut tables = Vec::new();
    let mut refers = Vec::new();
    for name in &names {
        let key: Vec<String> = sql
            .prepare("SELECT name FROM pragma_table_info(?1) WHERE pk > 0 ORDER BY pk")
            .and_then(|mut s| {
                s.query_map(params![name], |r| r.get(0))?
                    .collect::<rusqlite::Result<_>>()
            })
            .map_err(unavailable)?;
        let parents: Vec<String> = sql
            .prepare("SELECT DISTINCT \"table\" FROM pragma_foreign_key_list(?1)")
            .and_then(|mut s| {
                s.query_map(params![name], |r| r.get(0))?
                    .collect::<rusqlite::Result<_>>()
            })
            .map_err(unavailable)?;
        refers.push(parents);
        tables.push(SiteTable {
            name: name.clone(),
            key: if key.is_empty() {
                vec!["rowid".to_owned()]
            } else {
                key.iter().map(|k| format!("\"{k}\"")).collect()
            },
        });
    }
    // Children first: a table goes once no table left refers to it.
    let mut order = Vec::new();
    let mut left: Vec<usize> = (0..tables.len()).collect();
    while !left.is_empty() {
        let free = left
            .iter()
            .position(|&i| {
                !left
                    .iter()
                    .any(|&j| j != i && refers[j].contains(&tables[i].name))
            })
            .unwrap_or(0);
        order.push(left.remove(free));
    }
    let mut tables: Vec<Option<SiteTable>> = tables.into_iter().map(Some).collect();
    Ok(order.into_iter().filter_map(|i| tables[i].take()).collect())
}
