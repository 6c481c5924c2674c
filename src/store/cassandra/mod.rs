//! The Cassandra (or ScyllaDB) adapter, on the scylla driver: a folder per large
//! aggregate (`posts/`, `comments/`, `accounts/`, `social/`, `binaries/`) and a file per
//! small one, each implementing its contract trait with its own `Statements`, prepared once in
//! [`CassandraStore::connect`]. This file holds the session and the helpers every file
//! shares (`exec`, `rows`, `row`, `batch`); each file names what it imports.
//!
//! Reads and plain writes run at LOCAL_QUORUM; lightweight transactions use SERIAL.
//! Uniqueness (user names, e-mail addresses, slugs, a site's first administrator) goes
//! through [`lwt::Claims`], the multi-row uniqueness lock described in
//! ARCHITECTURE.md.

mod accounts;
mod actor_sets;
mod avatars;
mod binaries;
mod blocks;
mod comments;
mod cql;
mod deletion;
mod deliveries;
mod federation;
mod follow_requests;
mod hours;
mod ids;
mod intents;
mod lwt;
mod members;
mod migrations;
mod posts;
pub(crate) use posts::revisions::REVISIONS_PER_SHELF;
mod recovery;
mod repair;
mod schema;
mod schema_changes;
mod search;
mod session;
mod site;
mod site_erase;
mod sites;
mod social;
mod suggestions;

pub use crate::store::list_memo::LIST_TTL;
pub use cql::{mixed_writes, prepared_statements};
pub use schema::{SCHEMA, latest_version, migrate, schema_statements};

use super::{OpenError, PageError, Store, StoreError, StoreOptions, StoreResult};
use crate::domain::{CommentId, CommentState};
use crate::domain::{PostId, PostKind, Site};
use chrono::{DateTime, Utc};
use scylla::client::session::Session;
use scylla::errors::{DbError, ExecutionError, RequestAttemptError};
use scylla::response::query_result::QueryResult;
use scylla::serialize::row::SerializeRow;
use scylla::statement::batch::{Batch, BatchType};
use scylla::statement::prepared::PreparedStatement;
use scylla::value::{Counter, CqlTimeuuid, CqlValue};
use session::connect_session;
use std::sync::Arc;
use uuid::Uuid;

pub struct CassandraStore {
    session: Arc<Session>,
    keyspace: String,
    lwt: lwt::Statements,
    accounts: accounts::Statements,
    sessions: accounts::sessions::Statements,
    factors: accounts::factors::Statements,
    passkeys: accounts::passkeys::Statements,
    posts: posts::Statements,
    listings: posts::listings::Statements,
    revisions: posts::revisions::Statements,
    translations: posts::translations::Statements,
    suggestions: suggestions::Statements,
    ids: ids::Statements,
    comments: comments::Statements,
    commenters: comments::commenters::Statements,
    moderation: comments::moderation::Statements,
    queue: comments::queue::Statements,
    intents: intents::Statements,
    tallies: comments::tallies::Statements,
    site: site::Statements,
    sites: sites::Statements,
    members: members::Statements,
    search: search::Statements,
    pages: posts::pages::Statements,
    drafts: posts::drafts::Statements,
    schedule: posts::schedule::Statements,
    deletion: deletion::Statements,
    subscriptions: social::subscriptions::Statements,
    social: social::Statements,
    federation: federation::Statements,
    options: StoreOptions,
    binaries: Arc<binaries::CassandraBinaries>,
    /// This process's turns at a capped partition's LWT, a lock per partition: new
    /// comments (or suggestions) on one post go one at a time from each process, so
    /// racers in one process wait their turn instead of failing each other's LWTs (see
    /// `capped_create`).
    partition_turns: Arc<lwt::Turns>,
    /// This instance's copies of the front page and the archive's months.
    list_memo: crate::store::list_memo::ListMemo,
}

fn unavailable(e: impl std::fmt::Display) -> StoreError {
    StoreError::Unavailable(e.to_string())
}

/// A paging state this cluster did not make is a broken page link, not an outage.
fn paging_error(e: ExecutionError) -> PageError {
    match e {
        ExecutionError::LastAttemptError(RequestAttemptError::DbError(
            DbError::ProtocolError | DbError::Invalid,
            _,
        )) => PageError::BadCursor,
        other => PageError::Store(unavailable(other)),
    }
}

fn decode_rows<T>(result: QueryResult) -> StoreResult<Vec<T>>
where
    T: for<'f, 'm> scylla::deserialize::row::DeserializeRow<'f, 'm>,
{
    result
        .into_rows_result()
        .map_err(unavailable)?
        .rows::<T>()
        .map_err(|e| StoreError::Corrupt(e.to_string()))?
        .collect::<Result<_, _>>()
        .map_err(|e| StoreError::Corrupt(e.to_string()))
}

/// Prepares one statement; every file's statements are prepared with it at start. A
/// statement that is safe to run twice is marked idempotent, so that the driver may try
/// it on another replica when a node dies mid-request; LWTs, counter updates and list
/// appends are not (see [`cql::is_idempotent`]).
async fn prepare(session: &Session, cql: String) -> Result<PreparedStatement, ExecutionError> {
    let mut statement = session.prepare(cql.as_str()).await?;
    statement.set_is_idempotent(cql::is_idempotent(&cql));
    if cql::is_read(&cql) {
        statement.set_execution_profile_handle(Some(session::speculative_reads(session)));
    }
    observe(&mut statement, &cql);
    cql::record(&cql);
    Ok(statement)
}

/// Makes a read a serial one (a Paxos round, to settle what an LWT did), which is never
/// sent to a second replica as a slow plain read is: two rounds would contend.
/// How many times a serial read is sent when the cluster answers it with a timeout.
const SERIAL_READ_ATTEMPTS: u32 = 3;

/// Whether the cluster answered that it timed out (not the driver's own deadline, after
/// which the request has taken as long as a request may).
fn is_server_timeout(e: &ExecutionError) -> bool {
    matches!(
        e,
        ExecutionError::LastAttemptError(RequestAttemptError::DbError(
            DbError::WriteTimeout { .. } | DbError::ReadTimeout { .. },
            _,
        ))
    )
}

fn read_serially(statement: &mut PreparedStatement) {
    statement.set_consistency(scylla::statement::Consistency::Serial);
    statement.set_execution_profile_handle(None);
}

/// Counts a statement in the metrics under its name (verb and table), with its failures.
fn observe(statement: &mut PreparedStatement, cql: &str) {
    statement.set_history_listener(Observed::named(&crate::infra::metrics::statement_name(cql)));
}

/// The driver tells it of each execution of a statement, and how it ended.
#[derive(Debug)]
struct Observed(prometheus::IntCounter);

impl Observed {
    fn named(name: &str) -> Arc<Self> {
        Arc::new(Self(
            crate::infra::metrics::metrics().statement_counter("cassandra", name),
        ))
    }
}

impl scylla::observability::history::HistoryListener for Observed {
    fn log_request_start(&self) -> scylla::observability::history::RequestId {
        self.0.inc();
        scylla::observability::history::RequestId(0)
    }

    fn log_request_success(&self, _: scylla::observability::history::RequestId) {}

    fn log_request_error(
        &self,
        _: scylla::observability::history::RequestId,
        error: &scylla::errors::RequestError,
    ) {
        use scylla::errors::RequestError as E;
        let kind = match error {
            E::RequestTimeout(_) => "client_timeout",
            E::EmptyPlan | E::ConnectionPoolError(_) => "no_connection",
            E::LastAttemptError(RequestAttemptError::DbError(db, _)) => match db {
                DbError::ReadTimeout { .. } => "read_timeout",
                DbError::WriteTimeout { .. } => "write_timeout",
                DbError::Unavailable { .. } => "unavailable",
                DbError::Overloaded => "overloaded",
                // A request Sibyl built from what a client sent (a forged page cursor).
                DbError::Invalid | DbError::ProtocolError => "invalid_request",
                _ => "refused",
            },
            E::LastAttemptError(_) => "connection",
            _ => "other",
        };
        crate::infra::metrics::metrics().store_error("cassandra", kind);
    }

    fn log_new_speculative_fiber(
        &self,
        _: scylla::observability::history::RequestId,
    ) -> scylla::observability::history::SpeculativeId {
        crate::infra::metrics::metrics().speculative("cassandra");
        scylla::observability::history::SpeculativeId(0)
    }

    fn log_attempt_start(
        &self,
        _: scylla::observability::history::RequestId,
        _: Option<scylla::observability::history::SpeculativeId>,
        _: std::net::SocketAddr,
    ) -> scylla::observability::history::AttemptId {
        scylla::observability::history::AttemptId(0)
    }

    fn log_attempt_success(&self, _: scylla::observability::history::AttemptId) {}

    fn log_attempt_error(
        &self,
        _: scylla::observability::history::AttemptId,
        _: &RequestAttemptError,
        _: &scylla::policies::retry::RetryDecision,
    ) {
    }
}

/// A logged batch of statements whose rows must agree: idempotent when every statement
/// in it is.
fn logged(statements: Vec<PreparedStatement>) -> Batch {
    let mut batch = Batch::new(BatchType::Logged);
    for statement in statements {
        batch.append_statement(statement);
    }
    mark_idempotence(&mut batch);
    batch
}

/// Marks a batch idempotent when every statement in it is (and counts it in the
/// metrics).
fn mark_idempotence(batch: &mut Batch) {
    batch.set_history_listener(Observed::named("BATCH"));
    let all = batch.statements.iter().all(|s| {
        matches!(s, scylla::statement::batch::BatchStatement::PreparedStatement(p) if p.get_is_idempotent())
    });
    batch.set_is_idempotent(all);
}

impl CassandraStore {
    pub async fn connect(
        nodes: &[String],
        keyspace: &str,
        options: StoreOptions,
    ) -> Result<Self, OpenError> {
        let session = connect_session(nodes, keyspace, options.local_dc.as_deref()).await?;
        let missing = |e: ExecutionError| {
            OpenError(format!(
                "keyspace {keyspace} does not have Sibyl's schema ({e}); run `sibyl migrate --store cassandra://{}/{keyspace}`",
                nodes.join(",")
            ))
        };
        // Each file prepares its statements in a boxed future (inline, the futures of
        // them all make opening a store overflow a test thread's stack in debug builds),
        // and the files prepare theirs at once: one after another, the 300-odd round
        // trips made opening a store take a third of a second.
        let ks = keyspace;
        let (
            lwt,
            accounts,
            sessions,
            factors,
            passkeys,
            posts,
            listings,
            revisions,
            translations,
            suggestions,
            ids,
            comments,
            commenters,
            moderation,
            queue,
            intents,
            tallies,
            site,
            sites,
            members,
            search,
            pages,
            drafts,
            schedule,
            deletion,
            subscriptions,
            social,
            federation,
            recorded,
        ) = tokio::try_join!(
            Box::pin(lwt::Statements::prepare(&session, ks)),
            Box::pin(accounts::Statements::prepare(&session, ks)),
            Box::pin(accounts::sessions::Statements::prepare(&session, ks)),
            Box::pin(accounts::factors::Statements::prepare(&session, ks)),
            Box::pin(accounts::passkeys::Statements::prepare(&session, ks)),
            Box::pin(posts::Statements::prepare(&session, ks)),
            Box::pin(posts::listings::Statements::prepare(&session, ks)),
            Box::pin(posts::revisions::Statements::prepare(&session, ks)),
            Box::pin(posts::translations::Statements::prepare(&session, ks)),
            Box::pin(suggestions::Statements::prepare(&session, ks)),
            Box::pin(ids::Statements::prepare(&session, ks)),
            Box::pin(comments::Statements::prepare(&session, ks)),
            Box::pin(comments::commenters::Statements::prepare(&session, ks)),
            Box::pin(comments::moderation::Statements::prepare(&session, ks)),
            Box::pin(comments::queue::Statements::prepare(&session, ks)),
            Box::pin(intents::Statements::prepare(&session, ks)),
            Box::pin(comments::tallies::Statements::prepare(&session, ks)),
            Box::pin(site::Statements::prepare(&session, ks)),
            Box::pin(sites::Statements::prepare(&session, ks)),
            Box::pin(members::Statements::prepare(&session, ks)),
            Box::pin(search::Statements::prepare(&session, ks)),
            Box::pin(posts::pages::Statements::prepare(&session, ks)),
            Box::pin(posts::drafts::Statements::prepare(&session, ks)),
            Box::pin(posts::schedule::Statements::prepare(&session, ks)),
            Box::pin(deletion::Statements::prepare(&session, ks)),
            Box::pin(social::subscriptions::Statements::prepare(&session, ks)),
            Box::pin(social::Statements::prepare(&session, ks)),
            Box::pin(federation::Statements::prepare(&session, ks)),
            Box::pin(schema::recorded_version(&session, ks)),
        )
        .map_err(missing)?;
        let needed = schema::latest_version();
        if recorded.is_none_or(|v| v < needed) {
            return Err(OpenError(format!(
                "keyspace {keyspace} has schema version {}, and this Sibyl needs {needed}; run `sibyl migrate --store cassandra://{}/{keyspace}`",
                recorded.map_or("none".to_owned(), |v| v.to_string()),
                nodes.join(",")
            )));
        }
        let session = Arc::new(session);
        let binaries = binaries::CassandraBinaries::prepare(
            Arc::clone(&session),
            keyspace,
            options.faults.clone(),
        )
        .await
        .map_err(|e| {
            OpenError(format!(
                "keyspace {keyspace} does not have the binary service's tables ({e}); run `sibyl migrate`"
            ))
        })?;
        Ok(Self {
            session,
            keyspace: keyspace.to_owned(),
            lwt,
            accounts,
            sessions,
            factors,
            passkeys,
            posts,
            listings,
            revisions,
            translations,
            suggestions,
            ids,
            comments,
            commenters,
            moderation,
            queue,
            intents,
            tallies,
            site,
            sites,
            members,
            search,
            pages,
            drafts,
            schedule,
            deletion,
            subscriptions,
            social,
            federation,
            options,
            binaries: Arc::new(binaries),
            partition_turns: Arc::default(),
            list_memo: Default::default(),
        })
    }

    pub(super) async fn exec(
        &self,
        statement: &PreparedStatement,
        values: impl SerializeRow,
    ) -> StoreResult<QueryResult> {
        let traces = &self.options.traces;
        if traces.on() {
            let mut traced = statement.clone();
            traced.set_tracing(true);
            let result = self
                .session
                .execute_unpaged(&traced, values)
                .await
                .map_err(unavailable)?;
            if let Some(id) = result.tracing_id() {
                traces.keep(id);
            }
            return Ok(result);
        }
        // A serial read completes any proposal in flight on its partition, and under
        // contention it can time out as an LWT does; it changes nothing of its own, so it
        // is sent again, a few times, before its caller is told the store is unavailable
        // (a caller settling an LWT's outcome by it would otherwise give up on an answer
        // one more round would give).
        let serial = statement.get_consistency() == Some(scylla::statement::Consistency::Serial);
        let mut attempt = 1;
        loop {
            let outcome = self.session.execute_unpaged(statement, &values).await;
            match outcome {
                Err(e) if serial && attempt < SERIAL_READ_ATTEMPTS && is_server_timeout(&e) => {
                    tokio::time::sleep(std::time::Duration::from_millis(50 * u64::from(attempt)))
                        .await;
                    attempt += 1;
                }
                other => return other.map_err(unavailable),
            }
        }
    }

    pub(super) async fn rows<T>(
        &self,
        statement: &PreparedStatement,
        values: impl SerializeRow,
    ) -> StoreResult<Vec<T>>
    where
        T: for<'f, 'm> scylla::deserialize::row::DeserializeRow<'f, 'm>,
    {
        let result = self.exec(statement, values).await?;
        let rows = result.into_rows_result().map_err(unavailable)?;
        rows.rows::<T>()
            .map_err(|e| StoreError::Corrupt(e.to_string()))?
            .map(|r| r.map_err(|e| StoreError::Corrupt(e.to_string())))
            .collect()
    }

    pub(super) async fn row<T>(
        &self,
        statement: &PreparedStatement,
        values: impl SerializeRow,
    ) -> StoreResult<Option<T>>
    where
        T: for<'f, 'm> scylla::deserialize::row::DeserializeRow<'f, 'm>,
    {
        Ok(self.rows(statement, values).await?.into_iter().next())
    }

    pub(super) async fn batch(
        &self,
        batch: &Batch,
        values: impl scylla::serialize::batch::BatchValues,
    ) -> StoreResult<()> {
        self.session
            .batch(batch, values)
            .await
            .map_err(unavailable)?;
        Ok(())
    }
}

impl Store for CassandraStore {
    fn statements(&self) -> u64 {
        let metrics = self.session.get_metrics();
        metrics.get_requests_unpaged_num()
            + metrics.get_requests_manually_paged_num()
            + metrics.get_requests_automatically_paged_num()
    }

    fn binaries(&self) -> Arc<dyn crate::store::binaries::BinaryStore> {
        self.binaries.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use scylla::errors::WriteType;
    use scylla::statement::Consistency;

    /// The cluster's own timeouts send a serial read again; a refusal, and the driver's
    /// deadline, do not.
    #[test]
    fn only_the_clusters_timeouts_are_tried_again() {
        let db = |error| {
            ExecutionError::LastAttemptError(RequestAttemptError::DbError(error, String::new()))
        };
        assert!(is_server_timeout(&db(DbError::WriteTimeout {
            consistency: Consistency::Serial,
            received: 1,
            required: 2,
            write_type: WriteType::Cas,
        })));
        assert!(is_server_timeout(&db(DbError::ReadTimeout {
            consistency: Consistency::Serial,
            received: 1,
            required: 2,
            data_present: false,
        })));
        assert!(!is_server_timeout(&db(DbError::Unavailable {
            consistency: Consistency::Serial,
            required: 2,
            alive: 1,
        })));
        assert!(!is_server_timeout(&ExecutionError::RequestTimeout(
            std::time::Duration::from_secs(10)
        )));
    }
}
