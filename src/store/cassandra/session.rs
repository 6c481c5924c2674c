//! Connecting to the cluster: one session per store, with the consistency levels and
//! timeouts every statement gets unless it says otherwise.

use crate::store::OpenError;
use scylla::client::execution_profile::ExecutionProfile;
use scylla::client::session::Session;
use scylla::client::session_builder::SessionBuilder;
use scylla::statement::{Consistency, SerialConsistency};
use std::time::Duration;

pub(super) async fn connect_session(
    nodes: &[String],
    keyspace: &str,
) -> Result<Session, OpenError> {
    connect_with_timeout(
        nodes,
        keyspace,
        Duration::from_secs(10),
        Refresh::AfterEachChange,
    )
    .await
}

/// A schema change waits for every node to agree on it, which takes far longer than a
/// page's statement on a busy cluster: `sibyl migrate` gives each statement this long.
pub(super) const SCHEMA_TIMEOUT: Duration = Duration::from_secs(120);

/// What a session learns of the schema. Either way it reads only the store's keyspace,
/// and only what routing needs (its replication, its tables' partitioners), never the
/// columns: by default the driver reads every keyspace of the cluster in full when it
/// connects, every minute, and after each schema change it makes, which on a cluster
/// holding many keyspaces costs more than the change itself.
#[derive(Clone, Copy, PartialEq)]
pub(super) enum Refresh {
    /// After each schema change the session makes too, as the driver does by default: a
    /// serving store.
    AfterEachChange,
    /// Not after each schema change: `migrate`, which makes dozens in a row and then
    /// refreshes once.
    NotAfterChanges,
}

pub(super) async fn connect_with_timeout(
    nodes: &[String],
    keyspace: &str,
    timeout: Duration,
    refresh: Refresh,
) -> Result<Session, OpenError> {
    let profile = ExecutionProfile::builder()
        .consistency(Consistency::LocalQuorum)
        .serial_consistency(Some(SerialConsistency::Serial))
        .request_timeout(Some(timeout))
        .build();
    SessionBuilder::new()
        .known_nodes(nodes)
        .connection_timeout(Duration::from_secs(5))
        .default_execution_profile_handle(profile.into_handle())
        .keyspaces_to_fetch([keyspace])
        .fetch_full_schema_metadata(false)
        .refresh_metadata_on_auto_schema_agreement(refresh == Refresh::AfterEachChange)
        .build()
        .await
        .map_err(|e| {
            OpenError(format!(
                "cannot connect to Cassandra at {}: {e}",
                nodes.join(",")
            ))
        })
}
