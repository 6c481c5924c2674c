//! Connecting to the cluster: one session per store, with the consistency levels and
//! timeouts every statement gets unless it says otherwise.

use crate::store::OpenError;
use scylla::client::execution_profile::ExecutionProfile;
use scylla::client::execution_profile::ExecutionProfileHandle;
use scylla::client::session::Session;
use scylla::client::session_builder::SessionBuilder;
use scylla::policies::load_balancing::DefaultPolicy;
use scylla::policies::speculative_execution::SimpleSpeculativeExecutionPolicy;
use scylla::policies::timestamp_generator::MonotonicTimestampGenerator;
use scylla::statement::{Consistency, SerialConsistency};
use std::time::Duration;

/// A serving store's session. With `local_dc`, statements are coordinated by that data
/// centre's nodes only, never failing over to another (its `LOCAL_QUORUM` means that data
/// centre's replicas): a data centre no node of the cluster is in is refused, naming
/// those there are. Without, every node coordinates, and a cluster of several data
/// centres is worth a warning.
pub(super) async fn connect_session(
    nodes: &[String],
    keyspace: &str,
    local_dc: Option<&str>,
) -> Result<Session, OpenError> {
    let session = connect_with(
        nodes,
        keyspace,
        Duration::from_secs(10),
        Refresh::AfterEachChange,
        local_dc,
    )
    .await?;
    let mut centres: Vec<String> = session
        .get_cluster_state()
        .get_nodes_info()
        .iter()
        .filter_map(|node| node.datacenter.clone())
        .collect();
    centres.sort();
    centres.dedup();
    match local_dc {
        Some(dc) if !centres.iter().any(|c| c == dc) => Err(OpenError(format!(
            "no node of the cluster at {} is in data centre {dc:?} (--cassandra-local-dc); its data centres are: {}",
            nodes.join(","),
            centres.join(", ")
        ))),
        None if centres.len() > 1 => {
            tracing::warn!(
                data_centres = %centres.join(", "),
                "the cluster has several data centres: name this process's with --cassandra-local-dc, so that its statements stay there"
            );
            Ok(session)
        }
        _ => Ok(session),
    }
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
    connect_with(nodes, keyspace, timeout, refresh, None).await
}

async fn connect_with(
    nodes: &[String],
    keyspace: &str,
    timeout: Duration,
    refresh: Refresh,
    local_dc: Option<&str>,
) -> Result<Session, OpenError> {
    let mut balancing = DefaultPolicy::builder().token_aware(true);
    if let Some(dc) = local_dc {
        balancing = balancing
            .prefer_datacenter(dc.to_owned())
            .permit_dc_failover(false);
    }
    let profile = ExecutionProfile::builder()
        .consistency(Consistency::LocalQuorum)
        .serial_consistency(Some(SerialConsistency::Serial))
        .request_timeout(Some(timeout))
        .load_balancing_policy(balancing.build())
        .build();
    SessionBuilder::new()
        .known_nodes(nodes)
        // Each write stamped by this process, in the order it makes them (never two
        // alike), not by the coordinators' clocks: a list row this process inserts
        // and then deletes is deleted, whichever nodes coordinate the two.
        .timestamp_generator(std::sync::Arc::new(MonotonicTimestampGenerator::new()))
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

/// How long a read waits for its replica before it is sent to a second one as well.
const SPECULATE_AFTER: Duration = Duration::from_millis(100);

/// The session's profile for reads: as every statement's, and a read a replica is slow to
/// answer (a node dying, a long pause of its JVM) is sent to a second replica after
/// [`SPECULATE_AFTER`], once; the first answer wins. Only reads, which are idempotent:
/// a write is never sent twice by choice.
pub(super) fn speculative_reads(session: &Session) -> ExecutionProfileHandle {
    session
        .get_default_execution_profile_handle()
        .pointee_to_builder()
        .speculative_execution_policy(Some(std::sync::Arc::new(
            SimpleSpeculativeExecutionPolicy {
                max_retry_count: 1,
                retry_interval: SPECULATE_AFTER,
            },
        )))
        .build()
        .into_handle()
}
