//! Erasing a deleted site's rows: every table whose partition key holds `site`, read
//! from the keyspace's schema (so that a table added later is erased too), in name order,
//! then the site's claims (its slugs, its setup). A table keyed by the site alone loses
//! the site's partition at once; any other is walked by token, a page of partitions at a
//! time, keeping the site's. The cursor (table and token) is kept with the site's record,
//! so that an erase stopped by a crash goes on where it was. A subscriber's unsubscribe
//! link, keyed by its token's hash rather than by the site, goes with the subscriber; the
//! other rows keyed by a token (sessions, rate events, confirmation links) expire by
//! their TTL, naming a site that is served no more.
//!
//! Nobody writes a site being erased: its hosts answer as unknown ones from the moment
//! its deletion began, and erasing waits until every instance has read that. Rows of a
//! table any LWT writes are removed by LWTs (`DELETE ... IF EXISTS`, row by row), whose
//! ballots come after every LWT before them; the other tables' partitions by plain
//! deletes. These statements are prepared here, not at start, and are not among the
//! statements checked for cells written both ways: no other writer is left to race.
//! An LWT delete whose answer is lost is run again by the next call, from the same page.

use super::{CassandraStore, lwt, unavailable};
use crate::domain::Site;
use crate::store::{StoreError, StoreResult};
use futures_util::{StreamExt, TryStreamExt, stream};
use scylla::statement::prepared::PreparedStatement;
use scylla::value::{CqlValue, Row};
use std::collections::BTreeMap;

/// The registry's own tables, which [`crate::store::Sites::forget_site`] clears last, and
/// the count of a site's page changes, which is kept: a counter deleted in Cassandra may
/// not count again (a site made again at the address goes on from the count it left,
/// which any instance that served the old one sees move).
const REGISTRY: [&str; 3] = ["sites", "site_hosts", "page_changes"];

/// The last step: the site's claims in the deployment's `claims` table.
const CLAIMS: &str = "claims";

/// How many deletes of one page run at once.
const IN_FLIGHT: usize = 16;

/// A table's key columns of one kind, with their places.
type KeyColumns = Vec<(i32, String)>;

/// A table holding rows of sites.
#[derive(Debug)]
struct SiteTable {
    name: String,
    partition: Vec<String>,
    clustering: Vec<String>,
    /// Its static columns: a partition's own cells.
    statics: Vec<String>,
    /// Some LWT writes it: its rows go by LWTs.
    lwt: bool,
}

/// Where an erase stands: the table, and the token of the last partition done in it.
fn parse_cursor(cursor: &str) -> (String, Option<i64>) {
    match cursor.split_once(' ') {
        Some((table, token)) => (table.to_owned(), token.parse().ok()),
        None => (cursor.to_owned(), None),
    }
}

/// The statements that erase one table's partitions: a partition at once (a table no
/// LWT writes, or one without rows in a partition), or its rows one by one (their keys
/// read, then each deleted by an LWT) and then its static cells.
struct Erasers {
    partition: Option<PreparedStatement>,
    rows: Option<(PreparedStatement, PreparedStatement)>,
    statics: Option<PreparedStatement>,
}

/// What one call did: the cursor for the next, the step it was at, and what it removed.
pub(super) struct Step {
    pub cursor: Option<String>,
    pub step: usize,
    pub steps: usize,
    pub removed: u64,
}

impl CassandraStore {
    /// Every table whose partition key holds `site`, but the registry's, by name.
    async fn site_tables(&self) -> StoreResult<Vec<SiteTable>> {
        let rows: Vec<(String, String, String, i32)> = self
            .session
            .query_unpaged(
                "SELECT table_name, column_name, kind, position FROM system_schema.columns WHERE keyspace_name = ?",
                (self.keyspace.as_str(),),
            )
            .await
            .map_err(unavailable)?
            .into_rows_result()
            .map_err(unavailable)?
            .rows::<(String, String, String, i32)>()
            .map_err(unavailable)?
            .collect::<Result<_, _>>()
            .map_err(unavailable)?;
        let mut keys: BTreeMap<String, (KeyColumns, KeyColumns)> = BTreeMap::new();
        let mut statics: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for (table, column, kind, position) in rows {
            let (partition, clustering) = keys.entry(table.clone()).or_default();
            match kind.as_str() {
                "partition_key" => partition.push((position, column)),
                "clustering" => clustering.push((position, column)),
                "static" => statics.entry(table).or_default().push(column),
                _ => {}
            }
        }
        let lwt = super::cql::lwt_tables();
        Ok(keys
            .into_iter()
            .filter(|(name, (partition, _))| {
                !REGISTRY.contains(&name.as_str()) && partition.iter().any(|(_, c)| c == "site")
            })
            .map(|(name, (mut partition, mut clustering))| {
                partition.sort();
                clustering.sort();
                SiteTable {
                    lwt: lwt.contains(&name),
                    statics: statics.remove(&name).unwrap_or_default(),
                    name,
                    partition: partition.into_iter().map(|(_, c)| c).collect(),
                    clustering: clustering.into_iter().map(|(_, c)| c).collect(),
                }
            })
            .collect())
    }

    async fn prepare_here(&self, cql: String) -> StoreResult<PreparedStatement> {
        self.session
            .prepare(cql)
            .await
            .map_err(|e| StoreError::Unavailable(e.to_string()))
    }

    /// One step of erasing `site` from `cursor` (`""` at the start).
    pub(super) async fn erase_step(
        &self,
        site: &Site,
        cursor: &str,
        batch: usize,
    ) -> StoreResult<Step> {
        let tables = self.site_tables().await?;
        let steps = tables.len() + 1;
        let (from, token) = parse_cursor(cursor);
        let at = if from == CLAIMS {
            tables.len()
        } else if from == "~" {
            steps
        } else {
            // A table gone since the cursor was written is passed.
            tables
                .iter()
                .position(|t| t.name >= from)
                .unwrap_or(tables.len())
        };
        let token = if tables.get(at).is_some_and(|t| t.name == from) || from == CLAIMS {
            token
        } else {
            None
        };
        let done = |at: usize, token: Option<i64>| match (at, token) {
            (at, _) if at >= steps => None,
            (at, None) if at == tables.len() => Some(CLAIMS.to_owned()),
            (at, Some(token)) if at == tables.len() => Some(format!("{CLAIMS} {token}")),
            (at, None) => Some(tables[at].name.clone()),
            (at, Some(token)) => Some(format!("{} {token}", tables[at].name)),
        };
        if at >= steps {
            return Ok(Step {
                cursor: None,
                step: steps,
                steps,
                removed: 0,
            });
        }
        let (removed, next) = match tables.get(at) {
            Some(table) => self.erase_table(site, table, token, batch).await?,
            None => self.erase_claims(site, token, batch).await?,
        };
        let cursor = match next {
            Some(token) => done(at, Some(token)),
            None => done(at + 1, None),
        };
        Ok(Step {
            cursor,
            step: at + 1,
            steps,
            removed,
        })
    }

    /// The statements that erase `table`'s partitions, prepared once a step.
    async fn erasers(&self, table: &SiteTable) -> StoreResult<Erasers> {
        let ks = &self.keyspace;
        let name = &table.name;
        let at = |columns: &[String]| {
            columns
                .iter()
                .map(|c| format!("{c} = ?"))
                .collect::<Vec<_>>()
                .join(" AND ")
        };
        let partition = at(&table.partition);
        if !table.lwt || table.clustering.is_empty() {
            let condition = if table.lwt { " IF EXISTS" } else { "" };
            let delete = self
                .prepare_here(format!(
                    "DELETE FROM {ks}.{name} WHERE {partition}{condition}"
                ))
                .await?;
            return Ok(Erasers {
                partition: Some(delete),
                rows: None,
                statics: None,
            });
        }
        let clustering = table.clustering.join(", ");
        let read = self
            .prepare_here(format!(
                "SELECT {clustering} FROM {ks}.{name} WHERE {partition} LIMIT ?"
            ))
            .await?;
        let delete = self
            .prepare_here(format!(
                "DELETE FROM {ks}.{name} WHERE {partition} AND {} IF EXISTS",
                at(&table.clustering)
            ))
            .await?;
        let statics = if table.statics.is_empty() {
            None
        } else {
            Some(
                self.prepare_here(format!(
                    "DELETE {} FROM {ks}.{name} WHERE {partition} IF EXISTS",
                    table.statics.join(", ")
                ))
                .await?,
            )
        };
        Ok(Erasers {
            partition: None,
            rows: Some((read, delete)),
            statics,
        })
    }

    /// Erases a page of `table`'s partitions of `site` after `token`; returns how many
    /// rows or partitions went, and the token to go on from (`None`: the table is done).
    async fn erase_table(
        &self,
        site: &Site,
        table: &SiteTable,
        token: Option<i64>,
        batch: usize,
    ) -> StoreResult<(u64, Option<i64>)> {
        let ks = &self.keyspace;
        let name = &table.name;
        let erasers = self.erasers(table).await?;
        if table.partition == ["site"] {
            // Keyed by the site alone: its one partition.
            let values = vec![CqlValue::Text(site.as_str().to_owned())];
            let removed = self.erase_partition(&erasers, values, batch).await?;
            // A table LWTs write loses a page of rows at a time: more may be left.
            let more = erasers.rows.is_some() && removed >= batch as u64;
            return Ok((removed, more.then_some(i64::MIN)));
        }
        let key = table.partition.join(", ");
        let site_at = table
            .partition
            .iter()
            .position(|c| c == "site")
            .unwrap_or(0);
        let scan = self
            .prepare_here(format!(
                "SELECT {key}, token({key}) FROM {ks}.{name} WHERE token({key}) > ? PER PARTITION LIMIT 1 LIMIT {batch}"
            ))
            .await?;
        let rows: Vec<Row> = self.rows(&scan, (token.unwrap_or(i64::MIN),)).await?;
        let read = rows.len();
        let mut last = None;
        let mut ours = Vec::new();
        for row in rows {
            let mut values: Vec<CqlValue> = row.columns.into_iter().map(key_value).collect();
            if let Some(CqlValue::BigInt(t)) = values.pop() {
                last = Some(t);
            }
            if values.get(site_at) == Some(&CqlValue::Text(site.as_str().to_owned())) {
                ours.push(values);
            }
        }
        if table.name == "site_members" {
            // The members' lists of their sites name this one no more.
            let unlist = self
                .prepare_here(format!(
                    "DELETE FROM {ks}.member_sites WHERE site = ? AND user_id = ?"
                ))
                .await?;
            for values in &ours {
                self.exec(&unlist, values.clone()).await?;
            }
        }
        if table.name == "subscribers" {
            // Their unsubscribe links (keyed by their tokens' hashes) go first.
            self.unlink_subscribers(&ours).await?;
        }
        let removed = stream::iter(ours)
            .map(|values| self.erase_partition(&erasers, values, usize::MAX))
            .buffer_unordered(IN_FLIGHT)
            .try_fold(0, |sum, n| async move { Ok(sum + n) })
            .await?;
        Ok((removed, if read < batch { None } else { last }))
    }

    /// Removes the unsubscribe links of the subscribers in a page of partitions of
    /// `subscribers` (each its site and shard), each partition read a driver page at a
    /// time, its statements prepared once for the page. (Confirmation links expire with
    /// the pending subscriptions they confirm.)
    async fn unlink_subscribers(&self, partitions: &[Vec<CqlValue>]) -> StoreResult<()> {
        let ks = &self.keyspace;
        let read = self
            .prepare_here(format!(
                "SELECT unsubscribe FROM {ks}.subscribers WHERE site = ? AND shard = ?"
            ))
            .await?;
        let unlink = self
            .prepare_here(format!("DELETE FROM {ks}.subscription_links WHERE key = ?"))
            .await?;
        for values in partitions {
            let tokens = self
                .session
                .execute_iter(read.clone(), values.clone())
                .await
                .map_err(unavailable)?
                .rows_stream::<(Option<String>,)>()
                .map_err(unavailable)?;
            tokens
                .map_err(|e| StoreError::Corrupt(e.to_string()))
                .try_filter_map(|(token,)| async move { Ok(token) })
                .map(|token| async {
                    let key = crate::domain::token::session_key(&token?);
                    self.exec(&unlink, (key,)).await.map(|_| ())
                })
                .buffer_unordered(IN_FLIGHT)
                .try_collect::<Vec<()>>()
                .await?;
        }
        Ok(())
    }

    /// Erases one partition (at most `most` rows of it, for a table LWTs write row by
    /// row); returns how many rows (or 1, the partition) went.
    async fn erase_partition(
        &self,
        erasers: &Erasers,
        values: Vec<CqlValue>,
        most: usize,
    ) -> StoreResult<u64> {
        let Some((read, delete)) = &erasers.rows else {
            if let Some(delete) = &erasers.partition {
                self.exec(delete, values).await?;
            }
            return Ok(1);
        };
        let mut limited = values.clone();
        limited.push(CqlValue::Int(i32::try_from(most).unwrap_or(i32::MAX)));
        let rows: Vec<Row> = self.rows(read, limited).await?;
        let removed = rows.len() as u64;
        stream::iter(rows)
            .map(|row| {
                let mut key = values.clone();
                key.extend(row.columns.into_iter().map(key_value));
                async move { self.exec(delete, key).await.map(|_| ()) }
            })
            .buffer_unordered(IN_FLIGHT)
            .try_collect::<Vec<()>>()
            .await?;
        if (removed as usize) < most
            && let Some(statics) = &erasers.statics
        {
            // The partition's own cells, once its rows are gone.
            self.exec(statics, values).await?;
        }
        Ok(removed)
    }

    /// Erases a page of the site's claims after `token`: its slugs, and (first) the
    /// claim that it is set up.
    async fn erase_claims(
        &self,
        site: &Site,
        token: Option<i64>,
        batch: usize,
    ) -> StoreResult<(u64, Option<i64>)> {
        let ks = &self.keyspace;
        let delete = self
            .prepare_here(format!(
                "DELETE FROM {ks}.claims WHERE scope = ? AND name = ? IF EXISTS"
            ))
            .await?;
        let mut removed = 0;
        if token.is_none() {
            let setup = super::accounts::setup_scope();
            self.exec(&delete, (setup, site.as_str())).await?;
            removed += 1;
        }
        let scan = self
            .prepare_here(format!(
                "SELECT scope, name, token(scope, name) FROM {ks}.claims WHERE token(scope, name) > ? LIMIT {batch}"
            ))
            .await?;
        let rows: Vec<(String, String, i64)> =
            self.rows(&scan, (token.unwrap_or(i64::MIN),)).await?;
        let read = rows.len();
        let last = rows.last().map(|(_, _, t)| *t);
        let slugs = lwt::slug_scope(site);
        let ours: Vec<(String, String)> = rows
            .into_iter()
            .filter(|(scope, _, _)| *scope == slugs)
            .map(|(scope, name, _)| (scope, name))
            .collect();
        removed += ours.len() as u64;
        stream::iter(ours)
            .map(|key| {
                let delete = &delete;
                async move { self.exec(delete, key).await.map(|_| ()) }
            })
            .buffer_unordered(IN_FLIGHT)
            .try_collect::<Vec<()>>()
            .await?;
        Ok((removed, if read < batch { None } else { last }))
    }
}

/// A key column's value (never null).
fn key_value(cell: Option<CqlValue>) -> CqlValue {
    cell.unwrap_or(CqlValue::Empty)
}
