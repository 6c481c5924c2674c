//! Each attempt at a delivery (`ap_deliveries`): claimed by an LWT on `attempts` (one
//! caller of any number racing, an uncertain outcome settled by a serial read), ended
//! and its failure noted plainly (with the attempt it was, `failed`), and hastened by an
//! administrator with an LWT on `due` once no attempt is in flight.

use super::{CassandraStore, lwt};
use crate::domain::Site;
use crate::store::StoreResult;
use chrono::{DateTime, Utc};
use scylla::client::session::Session;
use scylla::errors::ExecutionError;
use scylla::statement::prepared::PreparedStatement;
use scylla::value::CqlTimeuuid;
use uuid::Uuid;

/// The statements of this file, prepared once at start.
pub(super) struct Statements {
    claim_first: PreparedStatement,
    claim_next: PreparedStatement,
    claim_read_serial: PreparedStatement,
    end: PreparedStatement,
    failure: PreparedStatement,
    hasten: PreparedStatement,
    hasten_read_serial: PreparedStatement,
}

impl Statements {
    pub(super) async fn prepare(session: &Session, ks: &str) -> Result<Self, ExecutionError> {
        let prepare = |cql: String| super::prepare(session, cql);
        let serial = |cql: String| async move {
            let mut read = super::prepare(session, cql).await?;
            super::read_serially(&mut read);
            Ok::<_, ExecutionError>(read)
        };
        Ok(Self {
            claim_first: prepare(format!(
                "UPDATE {ks}.ap_deliveries SET attempts = 1, due = ?, claimer = ? WHERE site = ? AND activity = ? AND inbox = ? IF attempts = null AND ended = null"
            ))
            .await?,
            claim_next: prepare(format!(
                "UPDATE {ks}.ap_deliveries SET attempts = ?, due = ?, claimer = ? WHERE site = ? AND activity = ? AND inbox = ? IF attempts = ? AND ended = null"
            ))
            .await?,
            claim_read_serial: serial(format!(
                "SELECT attempts, claimer FROM {ks}.ap_deliveries WHERE site = ? AND activity = ? AND inbox = ?"
            ))
            .await?,
            end: prepare(format!(
                "UPDATE {ks}.ap_deliveries SET ended = true, failure = ? WHERE site = ? AND activity = ? AND inbox = ?"
            ))
            .await?,
            failure: prepare(format!(
                "UPDATE {ks}.ap_deliveries SET failure = ?, failed = ? WHERE site = ? AND activity = ? AND inbox = ?"
            ))
            .await?,
            hasten: prepare(format!(
                "UPDATE {ks}.ap_deliveries SET due = ? WHERE site = ? AND activity = ? AND inbox = ? IF attempts = ? AND failed = ? AND ended = null"
            ))
            .await?,
            hasten_read_serial: serial(format!(
                "SELECT attempts, due, ended FROM {ks}.ap_deliveries WHERE site = ? AND activity = ? AND inbox = ?"
            ))
            .await?,
        })
    }
}

impl CassandraStore {
    fn delivery_statements(&self) -> &Statements {
        &self.federation.deliveries
    }

    pub(super) async fn claim_attempt_row(
        &self,
        site: &Site,
        activity: Uuid,
        inbox: &str,
        seen: u32,
        until: DateTime<Utc>,
    ) -> StoreResult<bool> {
        let statements = self.delivery_statements();
        let id = CqlTimeuuid::from(activity);
        let claimer = Uuid::new_v4();
        let attempt = if seen == 0 {
            self.session
                .execute_unpaged(
                    &statements.claim_first,
                    (until, claimer, site.as_str(), id, inbox),
                )
                .await
        } else {
            self.session
                .execute_unpaged(
                    &statements.claim_next,
                    (
                        seen as i32 + 1,
                        until,
                        claimer,
                        site.as_str(),
                        id,
                        inbox,
                        seen as i32,
                    ),
                )
                .await
        };
        let mut attempt = attempt;
        lwt::lose_answer_if_armed(&self.options.faults, &mut attempt);
        lwt::settled(attempt, || async {
            let found: Option<(Option<i32>, Option<Uuid>)> = self
                .row(&statements.claim_read_serial, (site.as_str(), id, inbox))
                .await?;
            Ok(found == Some((Some(seen as i32 + 1), Some(claimer))))
        })
        .await
    }

    pub(super) async fn end_delivery_row(
        &self,
        site: &Site,
        activity: Uuid,
        inbox: &str,
        failure: Option<&str>,
    ) -> StoreResult<()> {
        self.exec(
            &self.delivery_statements().end,
            (failure, site.as_str(), CqlTimeuuid::from(activity), inbox),
        )
        .await?;
        Ok(())
    }

    pub(super) async fn note_failure_row(
        &self,
        site: &Site,
        activity: Uuid,
        inbox: &str,
        attempt: u32,
        failure: &str,
    ) -> StoreResult<()> {
        self.exec(
            &self.delivery_statements().failure,
            (
                failure,
                attempt as i32,
                site.as_str(),
                CqlTimeuuid::from(activity),
                inbox,
            ),
        )
        .await?;
        Ok(())
    }

    pub(super) async fn hasten_row(
        &self,
        site: &Site,
        activity: Uuid,
        inbox: &str,
        attempt: u32,
        at: DateTime<Utc>,
    ) -> StoreResult<bool> {
        let statements = self.delivery_statements();
        let id = CqlTimeuuid::from(activity);
        let attempt = attempt as i32;
        let mut hastened = self
            .session
            .execute_unpaged(
                &statements.hasten,
                (at, site.as_str(), id, inbox, attempt, attempt),
            )
            .await;
        lwt::lose_answer_if_armed(&self.options.faults, &mut hastened);
        lwt::settled(hastened, || async {
            type Row = (Option<i32>, Option<DateTime<Utc>>, Option<bool>);
            let found: Option<Row> = self
                .row(&statements.hasten_read_serial, (site.as_str(), id, inbox))
                .await?;
            Ok(matches!(
                found,
                Some((Some(n), Some(due), None | Some(false)))
                    if n == attempt && due.timestamp_millis() == at.timestamp_millis()
            ))
        })
        .await
    }
}
