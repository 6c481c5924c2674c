//! Lightweight transactions in one place: reading `[applied]`, telling a CAS timeout
//! from a failure, and the claims of the multi-row uniqueness lock. The store and the
//! binaries adapter use them.

use super::{CassandraStore, unavailable};
use crate::store::{Fault, Faults, LostAnswer};
use crate::store::{StoreError, StoreResult};
use scylla::client::session::Session;
use scylla::errors::{
    BrokenConnectionErrorKind, DbError, ExecutionError, RequestAttemptError, WriteType,
};
use scylla::response::query_result::QueryResult;
use scylla::statement::Consistency;
use scylla::statement::prepared::PreparedStatement;
use scylla::value::{CqlValue, Row};
use std::sync::{Arc, Weak};
use std::time::Duration;

/// The claims' scope of a site's slugs: a post's slug is claimed under it.
pub(super) fn slug_scope(site: &crate::domain::Site) -> String {
    format!("slug:{site}")
}
use uuid::Uuid;

/// Rounds a claim's commit tries while its partition is contended.
const COMMIT_ATTEMPTS: u32 = 8;

/// A random pause before another round at a contended partition, its ceiling doubling
/// with each attempt (1, 2, 4, ... up to 128 ms).
async fn contention_pause(attempt: u32) {
    let ceiling = 1u64 << attempt.min(7);
    let pause = 1 + Uuid::new_v4().as_u64_pair().0 % ceiling;
    tokio::time::sleep(Duration::from_millis(pause)).await;
}

/// The outcome of a claim: won, or held by another owner.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Claim {
    Won,
    Taken,
}

/// The multi-row uniqueness lock: one LWT per claimed value.
pub(super) struct Claims<'s> {
    store: &'s CassandraStore,
}

impl Claims<'_> {
    /// Claims `scope/name` for `owner` as pending, with a TTL so that a crashed owner's
    /// claim frees itself. A CAS timeout means "maybe applied": a serial read decides.
    pub(super) async fn claim(&self, scope: &str, name: &str, owner: Uuid) -> StoreResult<Claim> {
        let st = &self.store.lwt;
        let ttl = self.store.options.pending_claim_ttl.as_secs().max(1) as i32;
        for _ in 0..3 {
            let attempt = self
                .store
                .session
                .execute_unpaged(
                    &st.claim_insert,
                    (scope, name, owner, crate::domain::now(), ttl),
                )
                .await;
            let applied = match attempt {
                Ok(result) => lwt_applied(result)?,
                Err(e) if is_cas_uncertain(&e) => false,
                Err(e) => return Err(unavailable(e)),
            };
            if applied {
                return Ok(Claim::Won);
            }
            // Not applied, or unknown: the serial read completes any proposal in flight
            // and says whose the claim is (possibly this owner's, from a first round the
            // coordinator retried).
            match self.owner(scope, name).await? {
                Some((holder, _)) if holder == owner => return Ok(Claim::Won),
                Some(_) => return Ok(Claim::Taken),
                // None of ours took effect and nobody holds it: trying again is not a
                // blind retry.
                None => continue,
            }
        }
        Err(StoreError::Unavailable(format!(
            "claim of {scope}/{name} stayed contended"
        )))
    }

    /// Makes a pending claim permanent. The UPDATE re-sets every non-key column with
    /// TTL 0, because it cannot renew the TTL the INSERT put on the row marker.
    ///
    /// A value many sign-ups race for keeps its partition busy with their claims and
    /// serial reads while the winner commits, so the commit's Paxos round can time out
    /// without taking effect. Whatever the answer, unless it is "applied", a serial read
    /// says where the claim stands: committed by us (done), still ours and pending (the
    /// round lost to contention: try again after a random pause), or gone or another's
    /// (it expired: the caller's sign-up is left to the reconciler).
    pub(super) async fn commit(&self, scope: &str, name: &str, owner: Uuid) -> StoreResult<()> {
        let st = &self.store.lwt;
        let mut last = StoreError::Unavailable(format!(
            "the claim of {scope}/{name} could not be committed: its partition stayed contended"
        ));
        for attempt in 0..COMMIT_ATTEMPTS {
            if attempt > 0 {
                contention_pause(attempt).await;
            }
            let values = (owner, crate::domain::now(), scope, name, owner);
            match self
                .store
                .session
                .execute_unpaged(&st.claim_commit, values)
                .await
            {
                Ok(result) => {
                    if lwt_applied(result)? {
                        return Ok(());
                    }
                }
                Err(e) if is_cas_uncertain(&e) => {}
                Err(e) => return Err(unavailable(e)),
            }
            match self.owner(scope, name).await {
                Ok(Some((holder, state))) if holder == owner => {
                    if state == "committed" {
                        return Ok(());
                    }
                }
                Ok(_) => {
                    return Err(StoreError::Unavailable(format!(
                        "the claim of {scope}/{name} expired before it was committed"
                    )));
                }
                // A serial read is a Paxos round too, and times out under the same
                // contention: the next attempt reads again.
                Err(e) => last = e,
            }
        }
        Err(last)
    }

    /// Releases a claim if `owner` still holds it. A CAS timeout is resolved by a serial
    /// read: the release is tried again only while the claim is still ours. Never fails
    /// the caller's request: a pending claim that cannot be released expires by its TTL.
    pub(super) async fn release(&self, scope: &str, name: &str, owner: Uuid) {
        for _ in 0..5 {
            let attempt = self
                .store
                .session
                .execute_unpaged(&self.store.lwt.claim_release, (scope, name, owner))
                .await;
            match attempt {
                Ok(_) => return,
                Err(e) if is_cas_uncertain(&e) => match self.owner(scope, name).await {
                    Ok(Some((holder, _))) if holder == owner => continue,
                    Ok(_) => return,
                    Err(e) => tracing::warn!(scope, name, error = %e, "could not read a claim"),
                },
                Err(e) => tracing::warn!(scope, name, error = %e, "could not release a claim"),
            }
        }
        tracing::warn!(
            scope,
            name,
            "gave up releasing a claim; a pending one expires by its TTL"
        );
    }

    /// The holder of a claim, read at SERIAL.
    pub(super) async fn owner(
        &self,
        scope: &str,
        name: &str,
    ) -> StoreResult<Option<(Uuid, String)>> {
        self.store
            .row(&self.store.lwt.claim_read_serial, (scope, name))
            .await
    }
}

/// Whether an LWT that writes an id of its own took effect. "Applied" is proof; "not
/// applied" is not: a coordinator that retries its own Paxos round after a timeout finds
/// its first proposal accepted, completes it, and then reports the condition false. So
/// "not applied" and an unknown outcome (a CAS timeout) are both settled by `ours`, a
/// serial read that looks for the id the statement wrote.
pub(super) async fn settled<F, Fut>(
    attempt: Result<QueryResult, ExecutionError>,
    ours: F,
) -> StoreResult<bool>
where
    F: FnOnce() -> Fut,
    Fut: std::future::Future<Output = StoreResult<bool>>,
{
    match attempt {
        Ok(result) => {
            if lwt_applied(result)? {
                Ok(true)
            } else {
                ours().await
            }
        }
        Err(e) if is_cas_uncertain(&e) => ours().await,
        Err(e) => Err(unavailable(e)),
    }
}

/// Reads the `[applied]` column of an LWT result. Cassandra and ScyllaDB differ in the
/// other columns they return, so only the first one is relied on.
pub(super) fn lwt_applied(result: QueryResult) -> StoreResult<bool> {
    let rows = result.into_rows_result().map_err(unavailable)?;
    let row: Row = rows.first_row().map_err(unavailable)?;
    match row.columns.first() {
        Some(Some(CqlValue::Boolean(applied))) => {
            crate::infra::metrics::metrics().lwt(if *applied {
                crate::infra::metrics::LwtOutcome::Applied
            } else {
                crate::infra::metrics::LwtOutcome::NotApplied
            });
            Ok(*applied)
        }
        other => Err(StoreError::Corrupt(format!(
            "LWT result without [applied]: {other:?}"
        ))),
    }
}

/// Whether an LWT's error leaves its outcome unknown: the statement may have been
/// applied, and only a serial read of the writer's own token tells. That is every
/// error after the request may have reached a coordinator and before an answer that
/// says what happened: a write timeout of any kind (Paxos contention or slow replicas
/// report CAS; a timeout in Paxos's commit phase, after the proposal was accepted,
/// reports SIMPLE), a write failure, a read timeout or failure in Paxos's read phase,
/// CAS_WRITE_UNKNOWN, the client's own timeout, a connection broken while waiting, and
/// an answer that could not be read. Errors before the request was sent, and the
/// coordinator's refusals (unavailable, overloaded, bad query), are certain: not
/// applied.
pub(super) fn is_cas_uncertain(e: &ExecutionError) -> bool {
    let uncertain = match e {
        ExecutionError::RequestTimeout(_) => true,
        ExecutionError::LastAttemptError(attempt) => match attempt {
            RequestAttemptError::DbError(db, _) => matches!(
                db,
                DbError::WriteTimeout { .. }
                    | DbError::WriteFailure { .. }
                    | DbError::ReadTimeout { .. }
                    | DbError::ReadFailure { .. }
                    | DbError::Other(CAS_WRITE_UNKNOWN)
            ),
            RequestAttemptError::BrokenConnectionError(_)
            | RequestAttemptError::BodyExtensionsParseError(_)
            | RequestAttemptError::CqlResultParseError(_)
            | RequestAttemptError::CqlErrorParseError(_)
            | RequestAttemptError::UnexpectedResponse(_)
            | RequestAttemptError::NonfinishedPagingState => true,
            _ => false,
        },
        _ => false,
    };
    if uncertain {
        crate::infra::metrics::metrics().lwt(crate::infra::metrics::LwtOutcome::Timeout);
    }
    uncertain
}

/// The protocol's error code for a CAS write whose outcome the coordinator does not know.
const CAS_WRITE_UNKNOWN: i32 = 0x1700;

/// Loses an LWT's answer (the LWT ran all the same) when a test armed
/// `Fault::LostLwtAnswer` in `faults`: the answer becomes the error of that kind.
pub(super) fn lose_answer_if_armed(
    faults: &Faults,
    answer: &mut Result<QueryResult, ExecutionError>,
) {
    if let Some(kind) = LostAnswer::ALL
        .into_iter()
        .find(|kind| faults.fires(Fault::LostLwtAnswer(*kind)))
        && answer.is_ok()
    {
        *answer = Err(lost_answer(kind));
    }
}

/// The error an LWT whose answer was lost gives, of each kind that leaves its outcome
/// unknown: what `Fault::LostLwtAnswer` puts in place of an LWT's answer.
fn lost_answer(kind: LostAnswer) -> ExecutionError {
    let timeout = |write_type| {
        ExecutionError::LastAttemptError(RequestAttemptError::DbError(
            DbError::WriteTimeout {
                consistency: Consistency::Quorum,
                received: 0,
                required: 1,
                write_type,
            },
            "the answer was lost".into(),
        ))
    };
    match kind {
        LostAnswer::CasTimeout => timeout(WriteType::Cas),
        LostAnswer::CommitTimeout => timeout(WriteType::Simple),
        LostAnswer::ClientTimeout => ExecutionError::RequestTimeout(Duration::from_secs(12)),
        LostAnswer::BrokenConnection => {
            ExecutionError::LastAttemptError(RequestAttemptError::BrokenConnectionError(
                BrokenConnectionErrorKind::KeepaliveTimeout(std::net::Ipv4Addr::LOCALHOST.into())
                    .into(),
            ))
        }
    }
}

/// The statements of this file, prepared once at start.
pub(super) struct Statements {
    pub(super) claim_insert: PreparedStatement,
    pub(super) claim_commit: PreparedStatement,
    pub(super) claim_release: PreparedStatement,
    pub(super) claim_read_serial: PreparedStatement,
    pub(super) claim_read: PreparedStatement,
}

impl Statements {
    pub(super) async fn prepare(session: &Session, ks: &str) -> Result<Self, ExecutionError> {
        let prepare = |cql: String| super::prepare(session, cql);
        let mut claim_read_serial = prepare(format!(
            "SELECT owner, state FROM {ks}.claims WHERE scope = ? AND name = ?"
        ))
        .await?;
        crate::store::cassandra::read_serially(&mut claim_read_serial);
        Ok(Self {
            claim_insert: prepare(
                format!("INSERT INTO {ks}.claims (scope, name, owner, state, claimed) VALUES (?, ?, ?, 'pending', ?) IF NOT EXISTS USING TTL ?"),
            )
            .await?,
            claim_commit: prepare(
                format!("UPDATE {ks}.claims USING TTL 0 SET owner = ?, state = 'committed', claimed = ? WHERE scope = ? AND name = ? IF owner = ?"),
            )
            .await?,
            claim_release: prepare(format!("DELETE FROM {ks}.claims WHERE scope = ? AND name = ? IF owner = ?")).await?,
            claim_read_serial,
            claim_read: prepare(format!("SELECT owner, state FROM {ks}.claims WHERE scope = ? AND name = ?")).await?,
        })
    }
}

impl CassandraStore {
    pub(super) fn claims(&self) -> Claims<'_> {
        Claims { store: self }
    }
}

/// What a create in a capped partition came to.
pub(super) enum Capped<T> {
    Made(T),
    /// The partition holds its cap already.
    Full,
}

/// How long a capped create goes on trying while other creates in its partition win
/// the partition's LWT before it.
const CAPPED_DEADLINE: Duration = Duration::from_secs(30);
/// Rounds a capped create loses without any other create winning before it gives up.
const STALLED_ATTEMPTS: u32 = 10;

/// This process's turns at capped partitions: a lock per partition with a create in
/// progress or waiting, kept only while someone holds it.
#[derive(Default)]
pub(super) struct Turns(std::sync::Mutex<std::collections::HashMap<Uuid, Weak<TurnLock>>>);

type TurnLock = tokio::sync::Mutex<()>;

impl Turns {
    /// The lock of `partition`'s turns (made if nobody holds one).
    fn of(&self, partition: Uuid) -> Arc<TurnLock> {
        let mut map = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(turn) = map.get(&partition).and_then(Weak::upgrade) {
            return turn;
        }
        // Locks nobody holds any more go as new ones are made: the map holds at most
        // twice the partitions being written.
        if map.len() >= 64 && map.len().is_power_of_two() {
            map.retain(|_, turn| turn.strong_count() > 0);
        }
        let turn = Arc::new(TurnLock::new(()));
        map.insert(partition, Arc::downgrade(&turn));
        turn
    }
}

impl CassandraStore {
    /// Creates a row in a partition whose static `taken` counts its rows up to `cap`
    /// (a post's comments, its suggestions). `read(serial)` gives `taken` as read (None
    /// when never set) and the count to start from (the rows, counted, when not set);
    /// `create(read, count)` sends the one conditional batch that inserts the row and
    /// moves `taken` from `read` to `count + 1`, and settles its outcome: Some when the
    /// row is ours, None when another create came first.
    ///
    /// Creates in one partition contend. Within this process they take turns (a lock per
    /// partition, so that a busy post holds back no other post's); between processes, each round one wins, and the
    /// others read `taken` again at SERIAL and try from there after a random pause that
    /// doubles each time, for as long as others are seen to win and up to a deadline.
    pub(super) async fn capped_create<T, R, RF, C, CF>(
        &self,
        partition: Uuid,
        cap: i32,
        read: R,
        create: C,
    ) -> StoreResult<Capped<T>>
    where
        R: Fn(bool) -> RF,
        RF: std::future::Future<Output = StoreResult<(Option<i32>, i32)>>,
        C: Fn(Option<i32>, i32) -> CF,
        CF: std::future::Future<Output = StoreResult<Option<T>>>,
    {
        let deadline = std::time::Instant::now() + CAPPED_DEADLINE;
        // The partition's own turn, waited for no longer than the whole create may take.
        let turn = self.partition_turns.of(partition);
        let Ok(_turn) = tokio::time::timeout_at(deadline.into(), turn.lock()).await else {
            return Err(StoreError::Unavailable(
                "the write was not acknowledged: too many writes to its partition were waiting"
                    .into(),
            ));
        };
        let (mut attempt, mut stalled) = (0u32, 0u32);
        let mut seen = None;
        while std::time::Instant::now() < deadline {
            let (was, count) = read(attempt > 0).await?;
            if count >= cap {
                return Ok(Capped::Full);
            }
            if seen == Some(count) {
                stalled += 1;
                if stalled > STALLED_ATTEMPTS {
                    break;
                }
            } else {
                (seen, stalled) = (Some(count), 0);
            }
            if let Some(made) = create(was, count).await? {
                return Ok(Capped::Made(made));
            }
            contention_pause(attempt).await;
            attempt += 1;
        }
        Err(StoreError::Unavailable(
            "the write was not acknowledged: others kept winning its partition".into(),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every way an LWT's answer can be lost leaves its outcome to a serial read; a
    /// coordinator's refusal, and a request never sent, are certain.
    #[test]
    fn lost_answers_are_uncertain_and_refusals_are_not() {
        for kind in LostAnswer::ALL {
            assert!(is_cas_uncertain(&lost_answer(kind)), "{kind:?}");
        }
        let db = |error| {
            ExecutionError::LastAttemptError(RequestAttemptError::DbError(error, String::new()))
        };
        assert!(is_cas_uncertain(&db(DbError::Other(CAS_WRITE_UNKNOWN))));
        assert!(is_cas_uncertain(&db(DbError::WriteTimeout {
            consistency: Consistency::Serial,
            received: 1,
            required: 2,
            write_type: WriteType::Batch,
        })));
        for certain in [
            db(DbError::Unavailable {
                consistency: Consistency::Quorum,
                required: 2,
                alive: 1,
            }),
            db(DbError::Overloaded),
            db(DbError::IsBootstrapping),
            ExecutionError::EmptyPlan,
            ExecutionError::LastAttemptError(RequestAttemptError::UnableToAllocStreamId),
        ] {
            assert!(!is_cas_uncertain(&certain), "{certain:?}");
        }
    }
}
