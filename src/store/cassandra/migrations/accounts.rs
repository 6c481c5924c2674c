//! What `sibyl migrate` carries over into the accounts' tables a keyspace made by an
//! earlier version lacks.

use super::super::accounts::{DIRECTORY_COLUMNS, prefix_of, prefix_values};
use super::super::*;

/// Copies the user directory of a keyspace made before the partitions by prefix (one
/// partition a shelf, `user_directory`) into them, with each prefix in its shelf's
/// index; run again, it writes the same rows. Every instance of this build refuses the
/// older keyspace until the version is recorded, so nothing else writes meanwhile.
/// Returns the entries copied.
pub async fn carry_over_directory(session: &Session, ks: &str) -> Result<usize, String> {
    use futures_util::StreamExt;
    let fail = |e: &dyn std::fmt::Display| format!("copying the user directory: {e}");
    if !super::table_exists(session, ks, "user_directory").await? {
        return Ok(0);
    }
    let mut put = session
        .prepare(format!(
            "INSERT INTO {ks}.user_directory_by_prefix (prefix, username_key, {DIRECTORY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
        ))
        .await
        .map_err(|e| fail(&e))?;
    put.set_is_idempotent(true);
    let mut put_prefix = session
        .prepare(format!(
            "INSERT INTO {ks}.user_directory_prefixes (shelf, prefix) VALUES (?, ?)"
        ))
        .await
        .map_err(|e| fail(&e))?;
    put_prefix.set_is_idempotent(true);
    type Old = (
        String,
        Option<Uuid>,
        Option<String>,
        Option<String>,
        Option<String>,
        Option<String>,
        Option<bool>,
    );
    let mut rows = session
        .query_iter(
            format!("SELECT username_key, {DIRECTORY_COLUMNS} FROM {ks}.user_directory"),
            (),
        )
        .await
        .map_err(|e| fail(&e))?
        .rows_stream::<Old>()
        .map_err(|e| fail(&e))?;
    let mut copied = 0;
    while let Some(row) = rows.next().await {
        let (key, id, username, display_name, email, role, banned) = row.map_err(|e| fail(&e))?;
        let values = (
            prefix_of(&key),
            key.as_str(),
            id,
            username,
            display_name,
            email,
            role,
            banned,
        );
        session
            .execute_unpaged(&put, values)
            .await
            .map_err(|e| fail(&e))?;
        session
            .execute_unpaged(&put_prefix, prefix_values(&key))
            .await
            .map_err(|e| fail(&e))?;
        copied += 1;
    }
    Ok(copied)
}
