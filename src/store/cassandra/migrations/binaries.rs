//! What `sibyl migrate` carries over into the attachments' tables a keyspace made by an
//! earlier version lacks.

use super::super::binaries::{FilePuts, REF_COLUMNS, ReferenceRow};
use futures_util::StreamExt;
use scylla::client::session::Session;

/// Copies the rows of the admins' list by reference id (`binary_refs_by_site`, of
/// earlier versions) into the list by month, from the references themselves; `migrate`
/// runs it before it drops the old table. Nothing to do where the old table does not
/// exist. Returns how many references were copied.
pub async fn carry_over_site_files(session: &Session, ks: &str) -> Result<usize, String> {
    let fail = |e: &dyn std::fmt::Display| format!("copying the list of files: {e}");
    if !super::table_exists(session, ks, "binary_refs_by_site").await? {
        return Ok(0);
    }
    let get = session
        .prepare(format!(
            "SELECT {REF_COLUMNS} FROM {ks}.binary_refs WHERE reference_id = ?"
        ))
        .await
        .map_err(|e| fail(&e))?;
    let puts = FilePuts::prepare(session, ks).await?;
    let mut ids = session
        .query_iter(
            format!("SELECT reference_id FROM {ks}.binary_refs_by_site"),
            (),
        )
        .await
        .map_err(|e| fail(&e))?
        .rows_stream::<(String,)>()
        .map_err(|e| fail(&e))?;
    let mut copied = 0;
    while let Some(row) = ids.next().await {
        let (id,) = row.map_err(|e| fail(&e))?;
        let rows = session
            .execute_unpaged(&get, (id.as_str(),))
            .await
            .map_err(|e| fail(&e))?
            .into_rows_result()
            .map_err(|e| fail(&e))?;
        // A reference removed since has no row: nothing to copy.
        if let Some(row) = rows
            .rows::<ReferenceRow>()
            .map_err(|e| fail(&e))?
            .next()
            .transpose()
            .map_err(|e| fail(&e))?
        {
            puts.put(session, row).await?;
            copied += 1;
        }
    }
    Ok(copied)
}

/// Copies the list of files newest first of earlier versions (`binary_files_by_site`,
/// one partition a site) into the list by month; `migrate` runs it before it drops the
/// old table. Returns how many rows were copied.
pub async fn carry_over_files_by_month(session: &Session, ks: &str) -> Result<usize, String> {
    let fail = |e: &dyn std::fmt::Display| format!("copying the list of files: {e}");
    if !super::table_exists(session, ks, "binary_files_by_site").await? {
        return Ok(0);
    }
    let puts = FilePuts::prepare(session, ks).await?;
    let mut rows = session
        .query_iter(
            format!("SELECT {REF_COLUMNS} FROM {ks}.binary_files_by_site"),
            (),
        )
        .await
        .map_err(|e| fail(&e))?
        .rows_stream::<ReferenceRow>()
        .map_err(|e| fail(&e))?;
    let mut copied = 0;
    while let Some(row) = rows.next().await {
        puts.put(session, row.map_err(|e| fail(&e))?).await?;
        copied += 1;
    }
    Ok(copied)
}
