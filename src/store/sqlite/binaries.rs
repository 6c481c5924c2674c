//! The binary service on the embedded SQLite file. The lookup "tables" of the Cassandra
//! schema (references by context, by site, by original) are indexes here, kept in step
//! by SQLite itself; compare-and-set is a conditional statement under the single writer.

use super::{Sql, Writer, run_blocking};
use crate::domain::{Site, UserId, millis_to_time};
use crate::store::binaries::{
    BinaryStore, Context, LOG_DAYS, LOG_LINES, Life, LogLine, Original, OriginalId,
    REFERENCES_PAGE, RefId, Reference, Rendition, StoredOriginal, StoredReference,
};
use crate::store::{StoreError, StoreResult};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use rusqlite::{OptionalExtension, params};
use std::sync::Arc;
use std::sync::atomic::AtomicU64;
use uuid::Uuid;

pub struct SqliteBinaries {
    writer: Writer,
    /// The store's statement counter: the binary service's statements count too.
    statements: Arc<AtomicU64>,
}

impl SqliteBinaries {
    pub(super) fn new(writer: Writer, statements: Arc<AtomicU64>) -> Self {
        Self { writer, statements }
    }

    async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce(&Sql<'_>) -> rusqlite::Result<T> + Send + 'static,
    ) -> StoreResult<T> {
        run_blocking(&self.writer, &self.statements, |conn, statements| {
            work(&Sql { conn, statements }).map_err(|e| StoreError::Unavailable(e.to_string()))
        })
        .await
    }
}

fn id_text(id: OriginalId) -> String {
    id.0.simple().to_string()
}

fn parse_id(text: &str) -> StoreResult<OriginalId> {
    Uuid::parse_str(text)
        .map(OriginalId)
        .map_err(|e| StoreError::Corrupt(format!("bad original id {text:?}: {e}")))
}

const REFERENCE_COLUMNS: &str =
    "reference_id, original_id, site, context, name, owner, created, size, url";

type ReferenceRow = (
    String,
    String,
    String,
    String,
    String,
    String,
    i64,
    i64,
    Option<String>,
);

fn reference_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<ReferenceRow> {
    Ok((
        row.get(0)?,
        row.get(1)?,
        row.get(2)?,
        row.get(3)?,
        row.get(4)?,
        row.get(5)?,
        row.get(6)?,
        row.get(7)?,
        row.get(8)?,
    ))
}

fn to_reference(row: ReferenceRow) -> StoreResult<Reference> {
    let (id, original, site, context, name, owner, created, size, url) = row;
    StoredReference {
        id,
        original: parse_id(&original)?,
        site,
        context,
        name,
        owner: UserId(
            Uuid::parse_str(&owner).map_err(|e| StoreError::Corrupt(format!("bad owner: {e}")))?,
        ),
        created: millis_to_time(created),
        size,
        url,
    }
    .into_reference()
}

#[async_trait]
impl BinaryStore for SqliteBinaries {
    async fn put_chunk(&self, original: OriginalId, part: u32, data: Vec<u8>) -> StoreResult<()> {
        self.run(move |c| {
            c.prepare(
                "INSERT OR REPLACE INTO binary_data (original_id, part, data) VALUES (?1, ?2, ?3)",
            )?
            .execute(params![id_text(original), part, data])
            .map(drop)
        })
        .await
    }

    async fn chunk(&self, original: OriginalId, part: u32) -> StoreResult<Option<Vec<u8>>> {
        self.run(move |c| {
            c.prepare("SELECT data FROM binary_data WHERE original_id = ?1 AND part = ?2")?
                .query_row(params![id_text(original), part], |r| r.get(0))
                .optional()
        })
        .await
    }

    async fn delete_chunks(&self, original: OriginalId, _parts: u32) -> StoreResult<()> {
        self.run(move |c| {
            c.prepare("DELETE FROM binary_data WHERE original_id = ?1")?
                .execute(params![id_text(original)])
                .map(drop)
        })
        .await
    }

    async fn save_original(&self, o: &Original) -> StoreResult<()> {
        let o = o.clone();
        self.run(move |c| {
            c.prepare(
                "INSERT OR REPLACE INTO binary_originals (original_id, mime, size, created, last_checked, \
                 checksum, e_tag, last_modified, status, width, height, url, error, attempts) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
            )?
            .execute(params![
                id_text(o.id),
                o.mime,
                o.size as i64,
                o.created.timestamp_millis(),
                o.last_checked.map(|t| t.timestamp_millis()),
                o.checksum,
                o.e_tag,
                o.last_modified,
                o.status.as_str(),
                o.width,
                o.height,
                o.url,
                o.error,
                o.attempts,
            ])
            .map(drop)
        })
        .await
    }

    async fn original(&self, id: OriginalId) -> StoreResult<Option<Original>> {
        type Row = (
            String,
            i64,
            i64,
            Option<i64>,
            String,
            Option<String>,
            Option<String>,
            String,
            Option<i64>,
            Option<i64>,
            Option<String>,
            Option<String>,
            i64,
        );
        let row: Option<Row> = self
            .run(move |c| {
                c.prepare(
                    "SELECT mime, size, created, last_checked, checksum, e_tag, last_modified, status, \
                     width, height, url, error, attempts FROM binary_originals WHERE original_id = ?1",
                )?
                .query_row(params![id_text(id)], |r| {
                    Ok((
                        r.get(0)?,
                        r.get(1)?,
                        r.get(2)?,
                        r.get(3)?,
                        r.get(4)?,
                        r.get(5)?,
                        r.get(6)?,
                        r.get(7)?,
                        r.get(8)?,
                        r.get(9)?,
                        r.get(10)?,
                        r.get(11)?,
                        r.get(12)?,
                    ))
                })
                .optional()
            })
            .await?;
        row.map(
            |(
                mime,
                size,
                created,
                checked,
                checksum,
                e_tag,
                modified,
                status,
                w,
                h,
                url,
                error,
                attempts,
            )| {
                StoredOriginal {
                    mime,
                    size,
                    created: millis_to_time(created),
                    last_checked: checked.map(millis_to_time),
                    checksum,
                    e_tag,
                    last_modified: modified,
                    status,
                    width: w,
                    height: h,
                    url,
                    error,
                    attempts: Some(attempts),
                }
                .into_original(id)
            },
        )
        .transpose()
    }

    async fn delete_original(&self, id: OriginalId) -> StoreResult<()> {
        self.run(move |c| {
            let id = id_text(id);
            c.prepare("DELETE FROM binary_renditions WHERE original_id = ?1")?
                .execute(params![id])?;
            c.prepare("DELETE FROM binary_originals WHERE original_id = ?1")?
                .execute(params![id])
                .map(drop)
        })
        .await
    }

    async fn life(&self, id: OriginalId) -> StoreResult<Option<Life>> {
        let life: Option<String> = self
            .run(move |c| {
                c.prepare("SELECT life FROM binary_lives WHERE original_id = ?1")?
                    .query_row(params![id_text(id)], |r| r.get(0))
                    .optional()
            })
            .await?;
        life.map(|l| Life::parse(&l).ok_or_else(|| StoreError::Corrupt(format!("life {l:?}"))))
            .transpose()
    }

    async fn set_life(
        &self,
        id: OriginalId,
        from: Option<Life>,
        to: Option<Life>,
    ) -> StoreResult<bool> {
        self.run(move |c| {
            let id = id_text(id);
            let changed = match (from, to) {
                (None, Some(to)) => c
                    .prepare(
                        "INSERT OR IGNORE INTO binary_lives (original_id, life) VALUES (?1, ?2)",
                    )?
                    .execute(params![id, to.text()])?,
                (Some(from), Some(to)) => c
                    .prepare(
                        "UPDATE binary_lives SET life = ?3 WHERE original_id = ?1 AND life = ?2",
                    )?
                    .execute(params![id, from.text(), to.text()])?,
                (Some(from), None) => c
                    .prepare("DELETE FROM binary_lives WHERE original_id = ?1 AND life = ?2")?
                    .execute(params![id, from.text()])?,
                (None, None) => {
                    let exists: Option<String> = c
                        .prepare("SELECT life FROM binary_lives WHERE original_id = ?1")?
                        .query_row(params![id], |r| r.get(0))
                        .optional()?;
                    usize::from(exists.is_none())
                }
            };
            Ok(changed == 1)
        })
        .await
    }

    async fn claim_checksum(&self, checksum: &str, id: OriginalId) -> StoreResult<OriginalId> {
        let checksum = checksum.to_owned();
        let holder: String = self
            .run(move |c| {
                c.prepare(
                    "INSERT INTO binary_checksums (checksum, original_id) VALUES (?1, ?2) \
                     ON CONFLICT (checksum) DO UPDATE SET original_id = original_id \
                     RETURNING original_id",
                )?
                .query_row(params![checksum, id_text(id)], |r| r.get(0))
            })
            .await?;
        parse_id(&holder)
    }

    async fn swap_checksum(
        &self,
        checksum: &str,
        from: OriginalId,
        to: Option<OriginalId>,
    ) -> StoreResult<bool> {
        let checksum = checksum.to_owned();
        self.run(move |c| {
            let changed = match to {
                Some(to) => c
                    .prepare(
                        "UPDATE binary_checksums SET original_id = ?3 WHERE checksum = ?1 AND original_id = ?2",
                    )?
                    .execute(params![checksum, id_text(from), id_text(to)])?,
                None => c
                    .prepare(
                        "DELETE FROM binary_checksums WHERE checksum = ?1 AND original_id = ?2",
                    )?
                    .execute(params![checksum, id_text(from)])?,
            };
            Ok(changed == 1)
        })
        .await
    }

    async fn claim_url(&self, url: &str, id: OriginalId) -> StoreResult<OriginalId> {
        let url = url.to_owned();
        let holder: String = self
            .run(move |c| {
                c.prepare(
                    "INSERT INTO binary_urls (url, original_id) VALUES (?1, ?2) \
                     ON CONFLICT (url) DO UPDATE SET original_id = original_id \
                     RETURNING original_id",
                )?
                .query_row(params![url, id_text(id)], |r| r.get(0))
            })
            .await?;
        parse_id(&holder)
    }

    async fn url_holder(&self, url: &str) -> StoreResult<Option<OriginalId>> {
        let url = url.to_owned();
        let holder: Option<String> = self
            .run(move |c| {
                c.prepare("SELECT original_id FROM binary_urls WHERE url = ?1")?
                    .query_row(params![url], |r| r.get(0))
                    .optional()
            })
            .await?;
        holder.as_deref().map(parse_id).transpose()
    }

    async fn swap_url(
        &self,
        url: &str,
        from: OriginalId,
        to: Option<OriginalId>,
    ) -> StoreResult<bool> {
        let url = url.to_owned();
        self.run(move |c| {
            let changed = match to {
                Some(to) => c
                    .prepare(
                        "UPDATE binary_urls SET original_id = ?3 WHERE url = ?1 AND original_id = ?2",
                    )?
                    .execute(params![url, id_text(from), id_text(to)])?,
                None => c
                    .prepare("DELETE FROM binary_urls WHERE url = ?1 AND original_id = ?2")?
                    .execute(params![url, id_text(from)])?,
            };
            Ok(changed == 1)
        })
        .await
    }

    async fn mark_fetched(&self, id: OriginalId) -> StoreResult<()> {
        self.run(move |c| {
            c.prepare("INSERT OR REPLACE INTO binary_fetched (original_id, shard) VALUES (?1, ?2)")?
                .execute(params![id_text(id), id.shard()])
                .map(drop)
        })
        .await
    }

    async fn fetched(&self, shard: u32) -> StoreResult<Vec<OriginalId>> {
        let rows: Vec<String> = self
            .run(move |c| {
                c.prepare("SELECT original_id FROM binary_fetched WHERE shard = ?1")?
                    .query_map(params![shard], |r| r.get(0))?
                    .collect()
            })
            .await?;
        rows.iter().map(|id| parse_id(id)).collect()
    }

    async fn drop_fetched(&self, id: OriginalId) -> StoreResult<()> {
        self.run(move |c| {
            c.prepare("DELETE FROM binary_fetched WHERE original_id = ?1")?
                .execute(params![id_text(id)])
                .map(drop)
        })
        .await
    }

    async fn lease_refresh(
        &self,
        id: OriginalId,
        holder: Uuid,
        hold: std::time::Duration,
    ) -> StoreResult<bool> {
        let now = crate::domain::now().timestamp_millis();
        let until = now.saturating_add(i64::try_from(hold.as_millis()).unwrap_or(i64::MAX));
        self.run(move |c| {
            c.prepare(
                "INSERT INTO binary_refreshing (original_id, holder, until) VALUES (?1, ?2, ?3) \
                 ON CONFLICT (original_id) DO UPDATE SET holder = excluded.holder, \
                 until = excluded.until WHERE until <= ?4",
            )?
            .execute(params![id_text(id), holder.to_string(), until, now])
            .map(|changed| changed == 1)
        })
        .await
    }

    async fn release_refresh(&self, id: OriginalId, holder: Uuid) -> StoreResult<()> {
        self.run(move |c| {
            c.prepare("DELETE FROM binary_refreshing WHERE original_id = ?1 AND holder = ?2")?
                .execute(params![id_text(id), holder.to_string()])
                .map(drop)
        })
        .await
    }

    /// The reference's row, and its link from the original it names. As in Cassandra's
    /// `binary_refs_by_original`, a link stays until it is unlinked: pointing a
    /// reference at other bytes (to share them) never leaves its own bytes unreferenced
    /// in the collector's eyes while it tries.
    async fn add_reference(&self, r: &Reference) -> StoreResult<()> {
        let r = r.clone();
        self.run(move |c| {
            let tx = c.conn.unchecked_transaction()?;
            let c = Sql {
                conn: &tx,
                statements: c.statements,
            };
            c.prepare(&format!(
                "INSERT OR REPLACE INTO binary_refs ({REFERENCE_COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)"
            ))?
            .execute(params![
                r.id.as_str(),
                id_text(r.original),
                r.site.as_str(),
                r.context.as_str(),
                r.name,
                r.owner.0.to_string(),
                r.created.timestamp_millis(),
                r.size as i64,
                r.url,
            ])?;
            c.prepare(
                "INSERT OR IGNORE INTO binary_ref_links (original_id, reference_id) VALUES (?1, ?2)",
            )?
            .execute(params![id_text(r.original), r.id.as_str()])?;
            tx.commit()
        })
        .await
    }

    async fn unlink_reference(&self, original: OriginalId, reference: &RefId) -> StoreResult<()> {
        let id = reference.as_str().to_owned();
        self.run(move |c| {
            c.prepare("DELETE FROM binary_ref_links WHERE original_id = ?1 AND reference_id = ?2")?
                .execute(params![id_text(original), id])
                .map(drop)
        })
        .await
    }

    async fn remove_reference(&self, r: &Reference) -> StoreResult<()> {
        let (id, original) = (r.id.as_str().to_owned(), id_text(r.original));
        self.run(move |c| {
            let tx = c.conn.unchecked_transaction()?;
            let c = Sql {
                conn: &tx,
                statements: c.statements,
            };
            c.prepare("DELETE FROM binary_refs WHERE reference_id = ?1")?
                .execute(params![id])?;
            c.prepare("DELETE FROM binary_ref_links WHERE original_id = ?1 AND reference_id = ?2")?
                .execute(params![original, id])?;
            tx.commit()
        })
        .await
    }

    async fn reference(&self, id: &RefId) -> StoreResult<Option<Reference>> {
        let id = id.as_str().to_owned();
        let row = self
            .run(move |c| {
                c.prepare(&format!(
                    "SELECT {REFERENCE_COLUMNS} FROM binary_refs WHERE reference_id = ?1"
                ))?
                .query_row(params![id], reference_row)
                .optional()
            })
            .await?;
        row.map(to_reference).transpose()
    }

    async fn references_in(&self, site: &Site, context: &Context) -> StoreResult<Vec<Reference>> {
        let (site, context) = (site.as_str().to_owned(), context.as_str().to_owned());
        let rows = self
            .run(move |c| {
                c.prepare(&format!(
                    "SELECT {REFERENCE_COLUMNS} FROM binary_refs WHERE site = ?1 AND context = ?2 \
                     ORDER BY reference_id"
                ))?
                .query_map(params![site, context], reference_row)?
                .collect::<rusqlite::Result<Vec<_>>>()
            })
            .await?;
        rows.into_iter().map(to_reference).collect()
    }

    async fn files_of_site(
        &self,
        site: &Site,
        after: Option<(DateTime<Utc>, RefId)>,
        limit: u32,
    ) -> StoreResult<Vec<Reference>> {
        let site = site.as_str().to_owned();
        // The first page's cursor is past any file.
        let (created, id) = match after {
            Some((created, id)) => (created.timestamp_millis(), id.as_str().to_owned()),
            None => (i64::MAX, String::new()),
        };
        let rows = self
            .run(move |c| {
                c.prepare(&format!(
                    "SELECT {REFERENCE_COLUMNS} FROM binary_refs WHERE site = ?1 \
                     AND (created < ?2 OR (created = ?2 AND reference_id < ?3)) \
                     ORDER BY created DESC, reference_id DESC LIMIT ?4"
                ))?
                .query_map(params![site, created, id, limit], reference_row)?
                .collect::<rusqlite::Result<Vec<_>>>()
            })
            .await?;
        rows.into_iter().map(to_reference).collect()
    }

    async fn is_referenced(&self, original: OriginalId) -> StoreResult<bool> {
        Ok(!self.references_to(original, None, 1).await?.is_empty())
    }

    async fn references_to(
        &self,
        original: OriginalId,
        after: Option<&RefId>,
        limit: u32,
    ) -> StoreResult<Vec<RefId>> {
        let after = after.map_or(String::new(), |a| a.as_str().to_owned());
        let limit = limit.min(REFERENCES_PAGE);
        let ids: Vec<String> = self
            .run(move |c| {
                c.prepare(
                    "SELECT reference_id FROM binary_ref_links WHERE original_id = ?1 AND reference_id > ?2
                     ORDER BY reference_id LIMIT ?3",
                )?
                .query_map(params![id_text(original), after, limit], |r| r.get(0))?
                .collect()
            })
            .await?;
        ids.iter()
            .map(|id| RefId::parse(id).map_err(StoreError::from))
            .collect()
    }

    async fn put_rendition(&self, r: &Rendition) -> StoreResult<()> {
        let r = r.clone();
        self.run(move |c| {
            c.prepare(
                "INSERT OR REPLACE INTO binary_renditions (original_id, name, mime, width, height, data) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            )?
            .execute(params![id_text(r.original), r.name, r.mime, r.width, r.height, r.data])
            .map(drop)
        })
        .await
    }

    async fn rendition(&self, original: OriginalId, name: &str) -> StoreResult<Option<Rendition>> {
        let name = name.to_owned();
        self.run(move |c| {
            c.prepare(
                "SELECT mime, width, height, data FROM binary_renditions WHERE original_id = ?1 AND name = ?2",
            )?
            .query_row(params![id_text(original), name], |r| {
                Ok(Rendition {
                    original,
                    name: name.clone(),
                    mime: r.get(0)?,
                    width: r.get(1)?,
                    height: r.get(2)?,
                    data: r.get(3)?,
                })
            })
            .optional()
        })
        .await
    }

    async fn log(&self, r: &Reference, message: &str) -> StoreResult<()> {
        let at = crate::domain::timeuuid::at(crate::domain::now());
        let (site, context, id, message) = (
            r.site.as_str().to_owned(),
            r.context.as_str().to_owned(),
            r.id.as_str().to_owned(),
            message.to_owned(),
        );
        self.run(move |c| {
            c.prepare(
                "INSERT INTO binary_log (site, context, reference_id, at, message) VALUES (?1, ?2, ?3, ?4, ?5)",
            )?
            .execute(params![site, context, id, at.to_string(), message])
            .map(drop)
        })
        .await
    }

    async fn log_of_context(&self, site: &Site, context: &Context) -> StoreResult<Vec<LogLine>> {
        let (site, context) = (site.as_str().to_owned(), context.as_str().to_owned());
        let rows: Vec<(String, String, String)> = self
            .run(move |c| {
                c.prepare(
                    "SELECT at, reference_id, message FROM binary_log WHERE site = ?1 AND context = ?2 ORDER BY seq DESC LIMIT ?3",
                )?
                .query_map(params![site, context, LOG_LINES as i64], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
                .collect()
            })
            .await?;
        let lines: Vec<LogLine> = rows
            .into_iter()
            .rev()
            .map(|(at, reference, message)| {
                Ok(LogLine {
                    at: Uuid::parse_str(&at)
                        .map_err(|e| StoreError::Corrupt(format!("log time: {e}")))?,
                    reference: RefId::parse(&reference)?,
                    message,
                })
            })
            .collect::<StoreResult<_>>()?;
        Ok(recent(lines))
    }

    async fn log_of_reference(&self, reference: &RefId) -> StoreResult<Vec<LogLine>> {
        let id = reference.as_str().to_owned();
        let rows: Vec<(String, String)> = self
            .run(move |c| {
                c.prepare(
                    "SELECT at, message FROM binary_log WHERE reference_id = ?1 ORDER BY seq DESC LIMIT ?2",
                )?
                .query_map(params![id, LOG_LINES as i64], |r| Ok((r.get(0)?, r.get(1)?)))?
                .collect()
            })
            .await?;
        let lines: Vec<LogLine> = rows
            .into_iter()
            .rev()
            .map(|(at, message)| {
                Ok(LogLine {
                    at: Uuid::parse_str(&at)
                        .map_err(|e| StoreError::Corrupt(format!("log time: {e}")))?,
                    reference: reference.clone(),
                    message,
                })
            })
            .collect::<StoreResult<_>>()?;
        Ok(recent(lines))
    }

    async fn mark_candidate(&self, id: OriginalId, since: DateTime<Utc>) -> StoreResult<()> {
        self.run(move |c| {
            // A mark again is always later than the one it replaces, even within a
            // millisecond: a drop of the earlier one (`since <= seen`) must not take it.
            c.prepare(
                "INSERT INTO binary_gc (original_id, shard, since) VALUES (?1, ?2, ?3) \
                 ON CONFLICT (original_id) DO UPDATE SET since = max(excluded.since, since + 1)",
            )?
            .execute(params![id_text(id), id.shard(), since.timestamp_millis()])
            .map(drop)
        })
        .await
    }

    async fn candidates(&self, shard: u32) -> StoreResult<Vec<(OriginalId, DateTime<Utc>)>> {
        let rows: Vec<(String, i64)> = self
            .run(move |c| {
                c.prepare("SELECT original_id, since FROM binary_gc WHERE shard = ?1")?
                    .query_map(params![shard], |r| Ok((r.get(0)?, r.get(1)?)))?
                    .collect()
            })
            .await?;
        rows.into_iter()
            .map(|(id, since)| Ok((parse_id(&id)?, millis_to_time(since))))
            .collect()
    }

    async fn drop_candidate(&self, id: OriginalId, seen: DateTime<Utc>) -> StoreResult<()> {
        self.run(move |c| {
            c.prepare("DELETE FROM binary_gc WHERE original_id = ?1 AND since <= ?2")?
                .execute(params![id_text(id), seen.timestamp_millis()])
                .map(drop)
        })
        .await
    }

    async fn add_usage(&self, owner: UserId, delta: i64) -> StoreResult<()> {
        self.run(move |c| {
            c.prepare(
                "INSERT INTO binary_usage (owner, bytes) VALUES (?1, ?2) \
                 ON CONFLICT (owner) DO UPDATE SET bytes = bytes + excluded.bytes",
            )?
            .execute(params![owner.0.to_string(), delta])
            .map(drop)
        })
        .await
    }

    async fn usage(&self, owner: UserId) -> StoreResult<i64> {
        self.run(move |c| {
            c.prepare("SELECT bytes FROM binary_usage WHERE owner = ?1")?
                .query_row(params![owner.0.to_string()], |r| r.get(0))
                .optional()
                .map(Option::unwrap_or_default)
        })
        .await
    }
}

/// The lines of the last `LOG_DAYS`: what Cassandra's TTL keeps (SQLite keeps the older
/// lines in its file, unshown).
fn recent(lines: Vec<LogLine>) -> Vec<LogLine> {
    let since = crate::domain::now() - chrono::Duration::days(LOG_DAYS);
    lines
        .into_iter()
        .filter(|line| crate::domain::timeuuid::time_of(line.at).is_none_or(|at| at >= since))
        .collect()
}
