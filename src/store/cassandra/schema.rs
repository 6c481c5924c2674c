//! The schema, and `sibyl migrate`.

use super::accounts::signup_month;
use super::schema_changes::{CHANGES, Change};
use super::session::{Refresh, SCHEMA_TIMEOUT, connect_with_timeout};
use crate::store::{OpenError, Replication};
use chrono::{DateTime, Utc};
use scylla::client::session::Session;
use scylla::errors::ExecutionError;
use uuid::Uuid;

/// The schema, applied by `sibyl migrate`.
pub const SCHEMA: &str = include_str!("../../../schema.cql");

/// The table an `ALTER TABLE` change alters, when a later change drops that table.
fn dropped_later(version: u32, cql: &str) -> Option<&'static str> {
    let table = cql
        .strip_prefix("ALTER TABLE ")?
        .split_whitespace()
        .next()?;
    CHANGES.iter().find_map(|(n, _, change)| match change {
        Change::Cql(later) if *n > version => later
            .strip_prefix("DROP TABLE IF EXISTS ")
            .filter(|dropped| *dropped == table),
        _ => None,
    })
}

/// The schema version this build of Sibyl needs: the last change's number.
pub fn latest_version() -> u32 {
    CHANGES.last().map_or(0, |(n, _, _)| *n)
}

/// Creates the keyspace (if missing) with the given replication, applies schema.cql, then
/// the changes after the keyspace's recorded version.
pub async fn migrate(
    nodes: &[String],
    keyspace: &str,
    replication: Option<&Replication>,
) -> Result<(), OpenError> {
    let session =
        connect_with_timeout(nodes, keyspace, SCHEMA_TIMEOUT, Refresh::NotAfterChanges).await?;
    let fail = |e: &dyn std::fmt::Display| OpenError(format!("migrating keyspace {keyspace}: {e}"));
    // The nodes as the cluster knows them now, not as at connection.
    session.refresh_metadata().await.map_err(|e| fail(&e))?;
    let mut per_dc: std::collections::BTreeMap<String, usize> = Default::default();
    for node in session.get_cluster_state().get_nodes_info() {
        let dc = node
            .datacenter
            .clone()
            .unwrap_or_else(|| "datacenter1".into());
        *per_dc.entry(dc).or_default() += 1;
    }
    let existing = session
        .query_unpaged(
            "SELECT replication FROM system_schema.keyspaces WHERE keyspace_name = ?",
            (keyspace,),
        )
        .await
        .map_err(|e| fail(&e))?
        .into_rows_result()
        .map_err(|e| fail(&e))?
        .maybe_first_row::<(std::collections::HashMap<String, String>,)>()
        .map_err(|e| fail(&e))?;
    match existing {
        // A keyspace keeps the replication it was made with; one copy on a cluster of
        // several nodes is worth a warning every time.
        Some((settings,)) => {
            let total: usize = per_dc.values().sum();
            let single = settings
                .iter()
                .filter(|(k, _)| k.as_str() != "class")
                .all(|(_, v)| v == "1");
            if single && total > 1 {
                tracing::warn!(
                    keyspace,
                    nodes = total,
                    "the keyspace keeps one copy of each row on a cluster of several nodes: losing any node loses part of the site (ALTER KEYSPACE to raise it, then run a repair)"
                );
            }
        }
        None => {
            tracing::info!(keyspace, nodes = ?per_dc, "making the keyspace");
            let chosen = crate::store::open::choose_replication(replication, &per_dc)
                .map_err(|why| OpenError(format!("keyspace {keyspace}: {why}")))?;
            session
                .query_unpaged(
                    format!(
                        "CREATE KEYSPACE IF NOT EXISTS {keyspace} WITH replication = {}",
                        chosen.to_cql()
                    ),
                    &[],
                )
                .await
                .map_err(|e| fail(&e))?;
        }
    }
    session
        .use_keyspace(keyspace, false)
        .await
        .map_err(|e| OpenError(format!("using keyspace {keyspace}: {e}")))?;
    // Before schema.cql makes them: a keyspace without tables is new, and needs none of
    // the changes.
    let tables = session
        .query_unpaged(
            "SELECT table_name FROM system_schema.tables WHERE keyspace_name = ?",
            (keyspace,),
        )
        .await
        .map_err(|e| fail(&e))?
        .into_rows_result()
        .map_err(|e| fail(&e))?
        .rows_num();
    for statement in schema_statements(SCHEMA) {
        session
            .query_unpaged(statement, &[])
            .await
            .map_err(|e| fail(&e))?;
    }
    // Once, now that the keyspace and its tables exist: the copies below are routed to
    // the nodes that own their rows.
    session.refresh_metadata().await.map_err(|e| fail(&e))?;
    let record = session
        .prepare(format!(
            "INSERT INTO {keyspace}.schema_version (scope, version, updated) VALUES ('sibyl', ?, ?)"
        ))
        .await
        .map_err(|e| fail(&e))?;
    let recorded = if tables == 0 {
        None
    } else {
        recorded_version(&session, keyspace)
            .await
            .map_err(|e| fail(&e))?
    };
    let from = match (tables, recorded) {
        (0, _) => latest_version(),
        // Made before versions were recorded: every change, each idempotent.
        (_, None) => 0,
        (_, Some(version)) => version,
    };
    for (version, what, change) in CHANGES.iter().filter(|(n, _, _)| *n > from) {
        tracing::info!(version, what, "changing the schema");
        match change {
            Change::Cql(cql) => {
                // A keyspace made without a table that a later change drops (because it
                // was made after that change, by an older schema file's successor) has
                // nothing to alter.
                if let Some(table) = dropped_later(*version, cql)
                    && !super::migrations::table_exists(&session, keyspace, table)
                        .await
                        .map_err(|e| fail(&e))?
                {
                    tracing::info!(version, table, "no such table to change: skipped");
                } else {
                    session
                        .query_unpaged(*cql, &[])
                        .await
                        .map_err(|e| fail(&e))?;
                }
            }
            Change::CopySiteFiles => {
                let copied = super::migrations::binaries::carry_over_site_files(&session, keyspace)
                    .await
                    .map_err(|e| fail(&e))?;
                tracing::info!(copied, "the list of files is now newest first");
            }
            Change::CountComments => {
                let posts = super::migrations::comments::carry_over_tallies(&session, keyspace)
                    .await
                    .map_err(|e| fail(&e))?;
                tracing::info!(posts, "comments counted into the tallies");
            }
            Change::CopyAuthorPosts => {
                let rows = super::migrations::lists::carry_over_author_posts(&session, keyspace)
                    .await
                    .map_err(|e| fail(&e))?;
                tracing::info!(rows, "author pages are now in buckets");
            }
            Change::CopyAuthorMonths => {
                let rows = super::migrations::lists::carry_over_author_months(&session, keyspace)
                    .await
                    .map_err(|e| fail(&e))?;
                tracing::info!(rows, "author pages are now in half-month buckets");
            }
            Change::CopyModerationLists => {
                let rows =
                    super::migrations::comments::carry_over_comment_lists(&session, keyspace)
                        .await
                        .map_err(|e| fail(&e))?;
                tracing::info!(rows, "moderation lists are now in hour buckets");
            }
            Change::CopyRevisions => {
                let rows = super::migrations::posts::carry_over_revisions(&session, keyspace)
                    .await
                    .map_err(|e| fail(&e))?;
                tracing::info!(rows, "post histories are now on shelves of 50 revisions");
            }
            Change::CopyDirectory => {
                let rows = super::migrations::accounts::carry_over_directory(&session, keyspace)
                    .await
                    .map_err(|e| fail(&e))?;
                tracing::info!(rows, "the user directory is now in partitions by prefix");
            }
            Change::CopyFilesByMonth => {
                let rows =
                    super::migrations::binaries::carry_over_files_by_month(&session, keyspace)
                        .await
                        .map_err(|e| fail(&e))?;
                tracing::info!(rows, "the list of files is now in month buckets");
            }
            Change::CopyTagPosts => {
                let rows = super::migrations::lists::carry_over_tag_posts(&session, keyspace)
                    .await
                    .map_err(|e| fail(&e))?;
                tracing::info!(rows, "tag pages are now in month buckets");
            }
            Change::CountTags => {
                let tags = super::migrations::lists::carry_over_tag_counts(&session, keyspace)
                    .await
                    .map_err(|e| fail(&e))?;
                tracing::info!(tags, "every tag's posts are counted");
            }
            Change::IndexCommentsByUser => {
                let comments = super::migrations::comments::carry_over_by_user(&session, keyspace)
                    .await
                    .map_err(|e| fail(&e))?;
                tracing::info!(comments, "every member's comments are listed by account");
            }
            Change::ListDrafts => {
                let drafts = super::migrations::posts::carry_over_drafts(&session, keyspace)
                    .await
                    .map_err(|e| fail(&e))?;
                tracing::info!(drafts, "every draft is on its author's desk");
            }
            Change::OrderTags => {
                let tags = super::migrations::lists::carry_over_tag_order(&session, keyspace)
                    .await
                    .map_err(|e| fail(&e))?;
                tracing::info!(tags, "the list of tags is in the collation's order");
            }
            Change::ReshardSearch => {
                let rows = super::migrations::posts::carry_over_search_shards(&session, keyspace)
                    .await
                    .map_err(|e| fail(&e))?;
                tracing::info!(rows, "the search index is in sixteen shards a half month");
            }
            Change::IndexSearch => {
                let texts = super::migrations::posts::carry_over_search(&session, keyspace)
                    .await
                    .map_err(|e| fail(&e))?;
                tracing::info!(texts, "every published text is searchable");
            }
            Change::ListArchive => {
                let posts = super::migrations::lists::carry_over_lists(&session, keyspace)
                    .await
                    .map_err(|e| fail(&e))?;
                tracing::info!(
                    posts,
                    "every published post is in the archive, every list row names its author"
                );
            }
            Change::CopyModerationLog => {
                let rows = super::migrations::comments::carry_over_log(&session, keyspace)
                    .await
                    .map_err(|e| fail(&e))?;
                tracing::info!(rows, "the moderation log is now in hour buckets");
            }
        }
        session
            .execute_unpaged(&record, (*version as i32, Utc::now()))
            .await
            .map_err(|e| fail(&e))?;
    }
    if from == latest_version() && recorded != Some(from) {
        session
            .execute_unpaged(&record, (from as i32, Utc::now()))
            .await
            .map_err(|e| fail(&e))?;
    }
    // Not a numbered change: instances of a version before the list by sign-up may still
    // make accounts during a rolling upgrade, so every migrate lists what they made.
    let listed = list_earlier_signups(&session, keyspace)
        .await
        .map_err(|e| fail(&e))?;
    if listed > 0 {
        tracing::info!(
            listed,
            "accounts made earlier are in the list of newest accounts"
        );
    }
    Ok(())
}

/// The version a keyspace records, if it records one.
pub(super) async fn recorded_version(
    session: &Session,
    keyspace: &str,
) -> Result<Option<u32>, ExecutionError> {
    let rows = session
        .query_unpaged(
            format!("SELECT version FROM {keyspace}.schema_version WHERE scope = 'sibyl'"),
            (),
        )
        .await?;
    let version = rows
        .into_rows_result()
        .ok()
        .and_then(|r| r.maybe_first_row::<(Option<i32>,)>().ok().flatten())
        .and_then(|(v,)| v)
        .and_then(|v| u32::try_from(v).ok());
    Ok(version)
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
        assert_eq!(creates, 110);
        let indexes = statements
            .iter()
            .filter(|s| s.starts_with("CREATE INDEX IF NOT EXISTS") && s.contains("USING 'sai'"))
            .count();
        assert_eq!(indexes, 1);
        // Changes to earlier keyspaces are numbered in CHANGES, not in the file.
        assert_eq!(statements.len(), creates + indexes);
        assert!(!statements.iter().any(|s| s.contains("--")));
    }

    #[test]
    fn changes_are_numbered_in_order_and_idempotent() {
        for (i, (version, what, change)) in CHANGES.iter().enumerate() {
            assert_eq!(*version as usize, i + 1);
            assert!(!what.is_empty());
            if let Change::Cql(cql) = change {
                assert!(
                    (cql.starts_with("ALTER TABLE ")
                        && (cql.contains(" ADD IF NOT EXISTS ")
                            || cql.contains(" DROP IF EXISTS ")
                            || cql.contains(" WITH compaction = ")
                            || cql.contains(" WITH gc_grace_seconds = ")))
                        || cql.starts_with("DROP TABLE IF EXISTS "),
                    "{cql}"
                );
            }
        }
        assert_eq!(latest_version() as usize, CHANGES.len());
    }

    #[test]
    fn an_alter_of_a_table_dropped_later_is_known() {
        let older_year = "ALTER TABLE posts_by_tag DROP IF EXISTS older_year";
        assert_eq!(dropped_later(18, older_year), Some("posts_by_tag"));
        assert_eq!(dropped_later(40, older_year), None);
        let leveled =
            "ALTER TABLE comment_tallies WITH compaction = {'class': 'LeveledCompactionStrategy'}";
        assert_eq!(dropped_later(58, leveled), Some("comment_tallies"));
        let kept = "ALTER TABLE comments ADD IF NOT EXISTS stamp bigint";
        assert_eq!(dropped_later(10, kept), None);
    }
}
