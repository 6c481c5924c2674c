//! What `sibyl migrate` carries over, table by table, when a keyspace made by an earlier
//! version lacks a table this one reads: each function reads the rows the earlier version
//! kept and writes them whole, so a second run writes the same. `schema.rs` calls them
//! after the numbered change that makes their table.

pub mod accounts;
pub mod binaries;
pub mod comments;
pub mod lists;
pub mod posts;

use scylla::client::session::Session;

/// Whether `ks` has a table `table` (a change that carries an old table over finds it
/// gone when it runs again).
pub(super) async fn table_exists(session: &Session, ks: &str, table: &str) -> Result<bool, String> {
    let fail = |e: &dyn std::fmt::Display| format!("reading the schema of {ks}: {e}");
    Ok(session
        .query_unpaged(
            "SELECT table_name FROM system_schema.tables WHERE keyspace_name = ? AND table_name = ?",
            (ks, table),
        )
        .await
        .map_err(|e| fail(&e))?
        .into_rows_result()
        .map_err(|e| fail(&e))?
        .rows_num()
        > 0)
}

/// Prepares a statement of a migration, marked idempotent: each writes rows whole, so the
/// driver may send it again.
pub(super) async fn prepare_idempotent(
    session: &Session,
    cql: String,
) -> Result<scylla::statement::prepared::PreparedStatement, scylla::errors::PrepareError> {
    let mut statement = session.prepare(cql).await?;
    statement.set_is_idempotent(true);
    Ok(statement)
}
