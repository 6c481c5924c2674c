//! The binary service on Cassandra (or ScyllaDB). Statements are prepared once. The
//! tables written by compare-and-set (`binary_lives`, `binary_checksums`) are written only
//! with LWTs and read at SERIAL; a CAS timeout is settled by that serial read.

pub(super) mod binary_store;

use super::logged;
use super::lwt::{is_cas_uncertain, lose_answer_if_armed, lwt_applied};
use crate::domain::{Site, UserId};
use crate::store::binaries::{LOG_LINES, OriginalId, Reference, StoredReference};
use crate::store::{Fault, Faults, StoreError, StoreResult};
use chrono::{DateTime, Utc};
use scylla::client::session::Session;
use scylla::errors::ExecutionError;
use scylla::serialize::row::SerializeRow;
use scylla::statement::batch::Batch;
use scylla::statement::prepared::PreparedStatement;
use std::sync::Arc;
use uuid::Uuid;

pub struct CassandraBinaries {
    pub(super) session: Arc<Session>,
    pub(super) st: Statements,
    /// What a test arms to lose an LWT's answer (never armed in production).
    faults: Faults,
}

pub(super) struct Statements {
    pub(super) chunk_put: PreparedStatement,
    pub(super) chunk_get: PreparedStatement,
    pub(super) chunk_delete: PreparedStatement,
    pub(super) original_put: PreparedStatement,
    pub(super) original_get: PreparedStatement,
    pub(super) original_delete: PreparedStatement,
    pub(super) renditions_delete: PreparedStatement,
    pub(super) life_get: PreparedStatement,
    pub(super) life_create: PreparedStatement,
    pub(super) life_move: PreparedStatement,
    pub(super) life_delete: PreparedStatement,
    pub(super) checksum_claim: PreparedStatement,
    pub(super) checksum_get: PreparedStatement,
    pub(super) checksum_move: PreparedStatement,
    pub(super) checksum_release: PreparedStatement,
    pub(super) url_claim: PreparedStatement,
    pub(super) url_get: PreparedStatement,
    pub(super) url_move: PreparedStatement,
    pub(super) url_release: PreparedStatement,
    pub(super) fetched_mark: PreparedStatement,
    pub(super) fetched_list: PreparedStatement,
    pub(super) fetched_drop: PreparedStatement,
    pub(super) lease_take: PreparedStatement,
    pub(super) lease_get: PreparedStatement,
    pub(super) lease_release: PreparedStatement,
    pub(super) reference_add: Batch,
    pub(super) reference_remove: Batch,
    pub(super) reference_unlink: PreparedStatement,
    pub(super) reference_get: PreparedStatement,
    pub(super) references_in: PreparedStatement,
    pub(super) files_first: PreparedStatement,
    pub(super) files_after: PreparedStatement,
    pub(super) file_month_before: PreparedStatement,
    pub(super) references_to: PreparedStatement,
    pub(super) rendition_put: PreparedStatement,
    pub(super) rendition_get: PreparedStatement,
    pub(super) log_add: Batch,
    pub(super) log_of_context: PreparedStatement,
    pub(super) log_of_reference: PreparedStatement,
    pub(super) gc_mark: PreparedStatement,
    pub(super) gc_list: PreparedStatement,
    pub(super) gc_drop: PreparedStatement,
    pub(super) usage_add: PreparedStatement,
    pub(super) usage_get: PreparedStatement,
}

pub(super) const REF_COLUMNS: &str =
    "reference_id, original_id, site, context, name, owner, created, size, url";

/// The month bucket of a site's list of files (year * 100 + month, such as 202611).
pub(super) fn file_month(created: DateTime<Utc>) -> i32 {
    use chrono::Datelike;
    created.year() * 100 + created.month() as i32
}

impl CassandraBinaries {
    /// The newest month before `month` in which the site has files.
    pub(super) async fn month_before(&self, site: &Site, month: i32) -> StoreResult<Option<i32>> {
        let rows: Vec<(i32,)> = self
            .rows(&self.st.file_month_before, (site.as_str(), month))
            .await?;
        Ok(rows.first().map(|(m,)| *m))
    }

    pub async fn prepare(
        session: Arc<Session>,
        ks: &str,
        faults: Faults,
    ) -> Result<Self, ExecutionError> {
        let s = &session;
        let prepare = |cql: String| super::prepare(s, cql);
        let serial = |mut st: PreparedStatement| {
            crate::store::cassandra::read_serially(&mut st);
            st
        };
        let st = Statements {
            chunk_put: prepare(format!(
                "INSERT INTO {ks}.binary_data (original_id, part, data) VALUES (?, ?, ?)"
            ))
            .await?,
            chunk_get: prepare(format!(
                "SELECT data FROM {ks}.binary_data WHERE original_id = ? AND part = ?"
            ))
            .await?,
            chunk_delete: prepare(format!(
                "DELETE FROM {ks}.binary_data WHERE original_id = ? AND part = ?"
            ))
            .await?,
            original_put: prepare(format!(
                "INSERT INTO {ks}.binary_originals (original_id, mime, size, created, last_checked, \
                 checksum, e_tag, last_modified, status, width, height, url, error, attempts) \
                 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            ))
            .await?,
            original_get: prepare(format!(
                "SELECT mime, size, created, last_checked, checksum, e_tag, last_modified, status, \
                 width, height, url, error, attempts FROM {ks}.binary_originals WHERE original_id = ?"
            ))
            .await?,
            original_delete: prepare(format!(
                "DELETE FROM {ks}.binary_originals WHERE original_id = ?"
            ))
            .await?,
            renditions_delete: prepare(format!(
                "DELETE FROM {ks}.binary_renditions WHERE original_id = ?"
            ))
            .await?,
            life_get: serial(
                prepare(format!(
                    "SELECT life FROM {ks}.binary_lives WHERE original_id = ?"
                ))
                .await?,
            ),
            life_create: prepare(format!(
                "INSERT INTO {ks}.binary_lives (original_id, life) VALUES (?, ?) IF NOT EXISTS"
            ))
            .await?,
            life_move: prepare(format!(
                "UPDATE {ks}.binary_lives SET life = ? WHERE original_id = ? IF life = ?"
            ))
            .await?,
            life_delete: prepare(format!(
                "DELETE FROM {ks}.binary_lives WHERE original_id = ? IF life = ?"
            ))
            .await?,
            checksum_claim: prepare(format!(
                "INSERT INTO {ks}.binary_checksums (checksum, original_id) VALUES (?, ?) IF NOT EXISTS"
            ))
            .await?,
            checksum_get: serial(
                prepare(format!(
                    "SELECT original_id FROM {ks}.binary_checksums WHERE checksum = ?"
                ))
                .await?,
            ),
            checksum_move: prepare(format!(
                "UPDATE {ks}.binary_checksums SET original_id = ? WHERE checksum = ? IF original_id = ?"
            ))
            .await?,
            checksum_release: prepare(format!(
                "DELETE FROM {ks}.binary_checksums WHERE checksum = ? IF original_id = ?"
            ))
            .await?,
            url_claim: prepare(format!(
                "INSERT INTO {ks}.binary_urls (url, original_id) VALUES (?, ?) IF NOT EXISTS"
            ))
            .await?,
            url_get: serial(
                prepare(format!(
                    "SELECT original_id FROM {ks}.binary_urls WHERE url = ?"
                ))
                .await?,
            ),
            url_move: prepare(format!(
                "UPDATE {ks}.binary_urls SET original_id = ? WHERE url = ? IF original_id = ?"
            ))
            .await?,
            url_release: prepare(format!(
                "DELETE FROM {ks}.binary_urls WHERE url = ? IF original_id = ?"
            ))
            .await?,
            fetched_mark: prepare(format!(
                "INSERT INTO {ks}.binary_fetched (shard, original_id) VALUES (?, ?)"
            ))
            .await?,
            fetched_list: prepare(format!(
                "SELECT original_id FROM {ks}.binary_fetched WHERE shard = ?"
            ))
            .await?,
            lease_take: prepare(format!(
                "INSERT INTO {ks}.binary_refreshing (original_id, holder) VALUES (?, ?) \
                 IF NOT EXISTS USING TTL ?"
            ))
            .await?,
            lease_get: serial(
                prepare(format!(
                    "SELECT holder FROM {ks}.binary_refreshing WHERE original_id = ?"
                ))
                .await?,
            ),
            lease_release: prepare(format!(
                "DELETE FROM {ks}.binary_refreshing WHERE original_id = ? IF holder = ?"
            ))
            .await?,
            fetched_drop: prepare(format!(
                "DELETE FROM {ks}.binary_fetched WHERE shard = ? AND original_id = ?"
            ))
            .await?,
            reference_add: logged(vec![
                prepare(format!(
                    "INSERT INTO {ks}.binary_refs ({REF_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
                ))
                .await?,
                prepare(format!(
                    "INSERT INTO {ks}.binary_refs_by_context ({REF_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
                ))
                .await?,
                prepare(format!(
                    "INSERT INTO {ks}.binary_files_by_month (month, {REF_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                ))
                .await?,
                prepare(format!(
                    "INSERT INTO {ks}.binary_file_months (site, month) VALUES (?, ?)"
                ))
                .await?,
                prepare(format!(
                    "INSERT INTO {ks}.binary_refs_by_original (original_id, reference_id) VALUES (?, ?)"
                ))
                .await?,
            ]),
            reference_remove: logged(vec![
                prepare(format!(
                    "DELETE FROM {ks}.binary_refs WHERE reference_id = ?"
                ))
                .await?,
                prepare(format!(
                    "DELETE FROM {ks}.binary_refs_by_context WHERE site = ? AND context = ? AND reference_id = ?"
                ))
                .await?,
                prepare(format!(
                    "DELETE FROM {ks}.binary_files_by_month WHERE site = ? AND month = ? AND created = ? AND reference_id = ?"
                ))
                .await?,
                prepare(format!(
                    "DELETE FROM {ks}.binary_refs_by_original WHERE original_id = ? AND reference_id = ?"
                ))
                .await?,
            ]),
            reference_unlink: prepare(format!(
                "DELETE FROM {ks}.binary_refs_by_original WHERE original_id = ? AND reference_id = ?"
            ))
            .await?,
            reference_get: prepare(format!(
                "SELECT {REF_COLUMNS} FROM {ks}.binary_refs WHERE reference_id = ?"
            ))
            .await?,
            references_in: prepare(format!(
                "SELECT {REF_COLUMNS} FROM {ks}.binary_refs_by_context WHERE site = ? AND context = ?"
            ))
            .await?,
            files_first: prepare(format!(
                "SELECT {REF_COLUMNS} FROM {ks}.binary_files_by_month WHERE site = ? AND month = ? LIMIT ?"
            ))
            .await?,
            files_after: prepare(format!(
                "SELECT {REF_COLUMNS} FROM {ks}.binary_files_by_month WHERE site = ? AND month = ? \
                 AND (created, reference_id) < (?, ?) LIMIT ?"
            ))
            .await?,
            file_month_before: prepare(format!(
                "SELECT month FROM {ks}.binary_file_months WHERE site = ? AND month < ? LIMIT 1"
            ))
            .await?,
            references_to: prepare(format!(
                "SELECT reference_id FROM {ks}.binary_refs_by_original WHERE original_id = ? AND reference_id > ? LIMIT ?"
            ))
            .await?,
            rendition_put: prepare(format!(
                "INSERT INTO {ks}.binary_renditions (original_id, name, mime, width, height, data) \
                 VALUES (?, ?, ?, ?, ?, ?)"
            ))
            .await?,
            rendition_get: prepare(format!(
                "SELECT mime, width, height, data FROM {ks}.binary_renditions WHERE original_id = ? AND name = ?"
            ))
            .await?,
            log_add: logged(vec![
                prepare(format!(
                    "INSERT INTO {ks}.binary_log (reference_id, at, message) VALUES (?, ?, ?) USING TTL ?"
                ))
                .await?,
                prepare(format!(
                    "INSERT INTO {ks}.binary_log_by_context (site, context, at, reference_id, message) \
                     VALUES (?, ?, ?, ?, ?) USING TTL ?"
                ))
                .await?,
            ]),
            log_of_context: prepare(format!(
                "SELECT at, reference_id, message FROM {ks}.binary_log_by_context WHERE site = ? AND context = ? \
                 ORDER BY at DESC LIMIT {LOG_LINES}"
            ))
            .await?,
            log_of_reference: prepare(format!(
                "SELECT at, message FROM {ks}.binary_log WHERE reference_id = ? ORDER BY at DESC LIMIT {LOG_LINES}"
            ))
            .await?,
            gc_mark: prepare(format!(
                "INSERT INTO {ks}.binary_gc (shard, original_id, since) VALUES (?, ?, ?) USING TIMESTAMP ?"
            ))
            .await?,
            gc_list: prepare(format!(
                "SELECT original_id, since FROM {ks}.binary_gc WHERE shard = ?"
            ))
            .await?,
            gc_drop: prepare(format!(
                "DELETE FROM {ks}.binary_gc USING TIMESTAMP ? WHERE shard = ? AND original_id = ?"
            ))
            .await?,
            usage_add: prepare(format!(
                "UPDATE {ks}.binary_usage SET bytes = bytes + ? WHERE owner = ?"
            ))
            .await?,
            usage_get: prepare(format!(
                "SELECT bytes FROM {ks}.binary_usage WHERE owner = ?"
            ))
            .await?,
        };
        Ok(Self {
            session,
            st,
            faults,
        })
    }

    pub(super) async fn exec(
        &self,
        statement: &PreparedStatement,
        values: impl SerializeRow,
    ) -> Result<scylla::response::query_result::QueryResult, ExecutionError> {
        self.session.execute_unpaged(statement, values).await
    }

    pub(super) async fn write(
        &self,
        statement: &PreparedStatement,
        values: impl SerializeRow,
    ) -> StoreResult<()> {
        self.exec(statement, values)
            .await
            .map(drop)
            .map_err(unavailable)
    }

    pub(super) async fn rows<T>(
        &self,
        statement: &PreparedStatement,
        values: impl SerializeRow,
    ) -> StoreResult<Vec<T>>
    where
        T: for<'f, 'm> scylla::deserialize::row::DeserializeRow<'f, 'm>,
    {
        let result = self.exec(statement, values).await.map_err(unavailable)?;
        let rows = result.into_rows_result().map_err(unavailable)?;
        rows.rows::<T>()
            .map_err(corrupt)?
            .map(|r| r.map_err(corrupt))
            .collect()
    }

    /// A compare-and-set. "Applied" is proof. An unknown outcome (a CAS timeout, a lost
    /// answer) is settled by `settled`, a serial read of whether the state this writer
    /// wanted holds. So is "not applied" when that state names its writer (`Wanted::Own`:
    /// a new original, a collector's claim, a lease's holder), for it is no proof either:
    /// a coordinator that retries its own Paxos round finds its first proposal accepted,
    /// completes it, then reports the condition false. A state anyone may want (a file
    /// gone, a released value, a claim given back) cannot tell this writer from another,
    /// so there "not applied" is taken at its word.
    pub(super) async fn cas(
        &self,
        statement: &PreparedStatement,
        values: impl SerializeRow,
        wanted: Wanted,
        settled: impl AsyncFnOnce() -> StoreResult<bool>,
    ) -> StoreResult<bool> {
        let mut answer = self.exec(statement, values).await;
        lose_answer_if_armed(&self.faults, &mut answer);
        let falsely = self.faults.fires(Fault::LwtFalselyNotApplied);
        match answer {
            Ok(result) => match lwt_applied(result)? && !falsely {
                true => Ok(true),
                false if wanted == Wanted::Own => settled().await,
                false => Ok(false),
            },
            Err(e) if is_cas_uncertain(&e) => settled().await,
            Err(e) => Err(unavailable(e)),
        }
    }

    pub(super) async fn holder(&self, checksum: &str) -> StoreResult<Option<OriginalId>> {
        let rows: Vec<(Uuid,)> = self.rows(&self.st.checksum_get, (checksum,)).await?;
        Ok(rows.first().map(|(id,)| OriginalId(*id)))
    }
}

/// Whose the state a compare-and-set wants is: see [`CassandraBinaries::cas`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Wanted {
    /// Only this writer writes it: finding it proves the write was this one's.
    Own,
    /// Any writer may write it.
    Anyones,
}

pub(super) fn unavailable(e: impl std::fmt::Display) -> StoreError {
    StoreError::Unavailable(e.to_string())
}

fn corrupt(e: impl std::fmt::Display) -> StoreError {
    StoreError::Corrupt(e.to_string())
}

/// The statements that list a file in its site's month: the row and the month.
pub(super) struct FilePuts {
    row: PreparedStatement,
    month: PreparedStatement,
}

impl FilePuts {
    pub(super) async fn prepare(session: &Session, ks: &str) -> Result<Self, String> {
        let fail = |e: &dyn std::fmt::Display| format!("copying the list of files: {e}");
        let mut row = session
            .prepare(format!(
                "INSERT INTO {ks}.binary_files_by_month (month, {REF_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            ))
            .await
            .map_err(|e| fail(&e))?;
        row.set_is_idempotent(true);
        let mut month = session
            .prepare(format!(
                "INSERT INTO {ks}.binary_file_months (site, month) VALUES (?, ?)"
            ))
            .await
            .map_err(|e| fail(&e))?;
        month.set_is_idempotent(true);
        Ok(Self { row, month })
    }

    /// Lists one reference row (of REF_COLUMNS) in its month; run again, it writes the
    /// same rows.
    pub(super) async fn put(&self, session: &Session, row: ReferenceRow) -> Result<(), String> {
        let fail = |e: &dyn std::fmt::Display| format!("copying the list of files: {e}");
        let (id, original, site, context, name, owner, created, size, url) = row;
        let month = file_month(created);
        session
            .execute_unpaged(
                &self.row,
                (
                    month,
                    id,
                    original,
                    site.as_str(),
                    context,
                    name,
                    owner,
                    created,
                    size,
                    url,
                ),
            )
            .await
            .map_err(|e| fail(&e))?;
        session
            .execute_unpaged(&self.month, (site.as_str(), month))
            .await
            .map_err(|e| fail(&e))?;
        Ok(())
    }
}

pub(super) type ReferenceRow = (
    String,
    Uuid,
    String,
    String,
    String,
    Uuid,
    DateTime<Utc>,
    i64,
    Option<String>,
);

pub(super) fn to_reference(row: ReferenceRow) -> StoreResult<Reference> {
    let (id, original, site, context, name, owner, created, size, url) = row;
    StoredReference {
        id,
        original: OriginalId(original),
        site,
        context,
        name,
        owner: UserId(owner),
        created,
        size,
        url,
    }
    .into_reference()
}
