//! The schema: connecting, and `sibyl migrate`.

use super::accounts::signup_month;
use super::*;

/// The schema, applied by `sibyl migrate`.
pub const SCHEMA: &str = include_str!("../../../schema.cql");

pub(super) async fn connect_session(nodes: &[String]) -> Result<Session, OpenError> {
    let profile = ExecutionProfile::builder()
        .consistency(Consistency::LocalQuorum)
        .serial_consistency(Some(SerialConsistency::LocalSerial))
        .request_timeout(Some(Duration::from_secs(10)))
        .build();
    SessionBuilder::new()
        .known_nodes(nodes)
        .connection_timeout(Duration::from_secs(5))
        .default_execution_profile_handle(profile.into_handle())
        .build()
        .await
        .map_err(|e| {
            OpenError(format!(
                "cannot connect to Cassandra at {}: {e}",
                nodes.join(",")
            ))
        })
}

/// Creates the keyspace (if missing) with the given replication and applies schema.cql.
pub async fn migrate(
    nodes: &[String],
    keyspace: &str,
    replication: &Replication,
) -> Result<(), OpenError> {
    let session = connect_session(nodes).await?;
    let fail = |e: ExecutionError| OpenError(format!("migrating keyspace {keyspace}: {e}"));
    session
        .query_unpaged(
            format!(
                "CREATE KEYSPACE IF NOT EXISTS {keyspace} WITH replication = {}",
                replication.to_cql()
            ),
            &[],
        )
        .await
        .map_err(fail)?;
    session
        .use_keyspace(keyspace, false)
        .await
        .map_err(|e| OpenError(format!("using keyspace {keyspace}: {e}")))?;
    for statement in schema_statements(SCHEMA) {
        if statement == "DROP TABLE IF EXISTS binary_refs_by_site" {
            let copied = binaries::carry_over_site_files(&session, keyspace)
                .await
                .map_err(|e| OpenError(format!("migrating keyspace {keyspace}: {e}")))?;
            if copied > 0 {
                tracing::info!(copied, "the list of files is now newest first");
            }
        }
        session.query_unpaged(statement, &[]).await.map_err(fail)?;
    }
    let listed = list_earlier_signups(&session, keyspace)
        .await
        .map_err(|e| OpenError(format!("migrating keyspace {keyspace}: {e}")))?;
    if listed > 0 {
        tracing::info!(
            listed,
            "accounts made earlier are in the list of newest accounts"
        );
    }
    Ok(())
}

/// Lists every account in `users_by_signup`: those made before it existed, and those
/// made meanwhile by instances of an earlier version during an upgrade. Every write is
/// an idempotent upsert, so `sibyl migrate` runs it each time (a scan of `users`, paged)
/// and a migration that dies midway is simply run again.
pub(super) async fn list_earlier_signups(session: &Session, keyspace: &str) -> Result<u64, String> {
    use futures_util::StreamExt;
    let fail = |e: &dyn std::fmt::Display| format!("listing earlier accounts by sign-up: {e}");
    let signup = session
        .prepare(format!(
            "INSERT INTO {keyspace}.users_by_signup (month, created, user_id) VALUES (?, ?, ?)"
        ))
        .await
        .map_err(|e| fail(&e))?;
    let month_row = session
        .prepare(format!(
            "INSERT INTO {keyspace}.signup_months (scope, month) VALUES ('all', ?)"
        ))
        .await
        .map_err(|e| fail(&e))?;
    let mut users = session
        .query_iter(format!("SELECT user_id, created FROM {keyspace}.users"), ())
        .await
        .map_err(|e| fail(&e))?
        .rows_stream::<(Uuid, DateTime<Utc>)>()
        .map_err(|e| fail(&e))?;
    let mut listed = 0;
    while let Some(row) = users.next().await {
        let (id, created) = row.map_err(|e| fail(&e))?;
        let month = signup_month(created);
        session
            .execute_unpaged(&signup, (&month, created, id))
            .await
            .map_err(|e| fail(&e))?;
        session
            .execute_unpaged(&month_row, (&month,))
            .await
            .map_err(|e| fail(&e))?;
        listed += 1;
    }
    Ok(listed)
}

/// The statements of a CQL file: `--` comments dropped, split on `;`.
pub fn schema_statements(cql: &str) -> Vec<String> {
    let without_comments: String = cql
        .lines()
        .map(|line| line.split_once("--").map_or(line, |(code, _)| code))
        .collect::<Vec<_>>()
        .join("\n");
    without_comments
        .split(';')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schema_file_splits_into_idempotent_statements() {
        let statements = schema_statements(SCHEMA);
        let creates = statements
            .iter()
            .filter(|s| s.starts_with("CREATE TABLE IF NOT EXISTS"))
            .count();
        assert_eq!(creates, 45);
        let changes: Vec<&String> = statements.iter().skip(creates).collect();
        assert_eq!(changes.len(), 8);
        assert!(changes.iter().all(|s| (s.starts_with("ALTER TABLE ")
            && s.contains(" ADD IF NOT EXISTS "))
            || s.starts_with("DROP TABLE IF EXISTS")));
        assert!(!statements.iter().any(|s| s.contains("--")));
    }
}
