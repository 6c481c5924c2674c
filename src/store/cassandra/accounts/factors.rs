//! An account's second factors: `account_factors` (plain writes only: a change replaces
//! its row), and the claims that make each code count once (`authenticator_steps` and
//! `recovery_codes_used`, written by LWTs only, each settled by a serial read of the
//! claimant's own id when its outcome is not "applied").

use crate::domain::{Site, UserId};
use crate::store::cassandra::{CassandraStore, logged, lwt};
use crate::store::factors::STEP_CLAIM_SECONDS;
use crate::store::prelude::*;
use crate::store::{Authenticator, RecoveryCodes, SecondFactors, StoreResult};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use scylla::client::session::Session;
use scylla::errors::ExecutionError;
use scylla::statement::batch::Batch;
use scylla::statement::prepared::PreparedStatement;
use uuid::Uuid;

/// The kinds of rows in `account_factors`.
const AUTHENTICATOR: &str = "totp";
const RECOVERY: &str = "recovery";

/// The statements of this file, prepared once at start.
pub(in crate::store::cassandra) struct Statements {
    read: PreparedStatement,
    authenticator_write: PreparedStatement,
    codes_write: PreparedStatement,
    /// The authenticator and its first codes, together.
    both_write: Batch,
    remove: PreparedStatement,
    step_claim: PreparedStatement,
    step_claimant: PreparedStatement,
    code_use: PreparedStatement,
    code_user: PreparedStatement,
    codes_used: PreparedStatement,
}

impl Statements {
    pub(in crate::store::cassandra) async fn prepare(
        session: &Session,
        ks: &str,
    ) -> Result<Self, ExecutionError> {
        let prepare = |cql: String| crate::store::cassandra::prepare(session, cql);
        let serial = |mut st: PreparedStatement| {
            crate::store::cassandra::read_serially(&mut st);
            st
        };
        let authenticator = format!(
            "INSERT INTO {ks}.account_factors (user_id, kind, id, sealed, sealed_by, added) \
             VALUES (?, '{AUTHENTICATOR}', '', ?, ?, ?)"
        );
        let codes = format!(
            "INSERT INTO {ks}.account_factors (user_id, kind, id, generation, digests, added) \
             VALUES (?, '{RECOVERY}', '', ?, ?, ?)"
        );
        Ok(Self {
            read: prepare(format!(
                "SELECT kind, sealed, sealed_by, added, generation, digests \
                 FROM {ks}.account_factors WHERE user_id = ?"
            ))
            .await?,
            authenticator_write: prepare(authenticator.clone()).await?,
            codes_write: prepare(codes.clone()).await?,
            both_write: logged(vec![prepare(authenticator).await?, prepare(codes).await?]),
            remove: prepare(format!(
                "DELETE FROM {ks}.account_factors WHERE user_id = ?"
            ))
            .await?,
            step_claim: prepare(format!(
                "INSERT INTO {ks}.authenticator_steps (user_id, step, claimant) VALUES (?, ?, ?) \
                 IF NOT EXISTS USING TTL {STEP_CLAIM_SECONDS}"
            ))
            .await?,
            step_claimant: serial(
                prepare(format!(
                    "SELECT claimant FROM {ks}.authenticator_steps WHERE user_id = ? AND step = ?"
                ))
                .await?,
            ),
            code_use: prepare(format!(
                "INSERT INTO {ks}.recovery_codes_used (user_id, generation, digest, claimant, at) \
                 VALUES (?, ?, ?, ?, ?) IF NOT EXISTS"
            ))
            .await?,
            code_user: serial(
                prepare(format!(
                    "SELECT claimant FROM {ks}.recovery_codes_used \
                     WHERE user_id = ? AND generation = ? AND digest = ?"
                ))
                .await?,
            ),
            codes_used: prepare(format!(
                "SELECT digest FROM {ks}.recovery_codes_used WHERE user_id = ? AND generation = ?"
            ))
            .await?,
        })
    }
}

/// A row of `account_factors`: its kind, then the authenticator's columns or the codes'.
type FactorRow = (
    String,
    Option<Vec<u8>>,
    Option<String>,
    Option<DateTime<Utc>>,
    Option<Uuid>,
    Option<Vec<String>>,
);

#[async_trait]
impl Factors for CassandraStore {
    async fn second_factors(&self, user: UserId) -> StoreResult<SecondFactors> {
        let rows: Vec<FactorRow> = self.rows(&self.factors.read, (user.0,)).await?;
        let mut out = SecondFactors::default();
        for (kind, sealed, sealed_by, added, generation, digests) in rows {
            let added = added.unwrap_or_default();
            match kind.as_str() {
                AUTHENTICATOR => {
                    if let (Some(sealed), Some(by)) = (sealed, sealed_by) {
                        out.authenticator = Some(Authenticator {
                            sealed,
                            sealed_by: Site::parse(&by)?,
                            added,
                        });
                    }
                }
                RECOVERY => {
                    if let Some(generation) = generation {
                        let mut digests = digests.unwrap_or_default();
                        digests.sort();
                        out.recovery = Some(RecoveryCodes {
                            generation,
                            digests,
                            made: added,
                        });
                    }
                }
                _ => {}
            }
        }
        Ok(out)
    }

    async fn set_authenticator(
        &self,
        user: UserId,
        authenticator: &Authenticator,
        codes: Option<&RecoveryCodes>,
    ) -> StoreResult<()> {
        let first = (
            user.0,
            &authenticator.sealed,
            authenticator.sealed_by.as_str(),
            authenticator.added,
        );
        match codes {
            None => {
                self.exec(&self.factors.authenticator_write, first).await?;
            }
            Some(codes) => {
                let second = (user.0, codes.generation, &codes.digests, codes.made);
                self.batch(&self.factors.both_write, (first, second))
                    .await?;
            }
        }
        Ok(())
    }

    async fn set_recovery_codes(&self, user: UserId, codes: &RecoveryCodes) -> StoreResult<()> {
        self.exec(
            &self.factors.codes_write,
            (user.0, codes.generation, &codes.digests, codes.made),
        )
        .await?;
        Ok(())
    }

    async fn remove_second_factors(&self, user: UserId) -> StoreResult<()> {
        self.exec(&self.factors.remove, (user.0,)).await?;
        Ok(())
    }

    async fn claim_authenticator_step(
        &self,
        user: UserId,
        step: u64,
        _now: DateTime<Utc>,
    ) -> StoreResult<bool> {
        let by = Uuid::new_v4();
        let step = step as i64;
        let attempt = self
            .session
            .execute_unpaged(&self.factors.step_claim, (user.0, step, by))
            .await;
        lwt::settled(attempt, || async {
            let row: Option<(Option<Uuid>,)> = self
                .row(&self.factors.step_claimant, (user.0, step))
                .await?;
            Ok(row.and_then(|(b,)| b) == Some(by))
        })
        .await
    }

    async fn use_recovery_code(
        &self,
        user: UserId,
        generation: Uuid,
        digest: &str,
        now: DateTime<Utc>,
    ) -> StoreResult<bool> {
        let by = Uuid::new_v4();
        let attempt = self
            .session
            .execute_unpaged(
                &self.factors.code_use,
                (user.0, generation, digest, by, now),
            )
            .await;
        lwt::settled(attempt, || async {
            let row: Option<(Option<Uuid>,)> = self
                .row(&self.factors.code_user, (user.0, generation, digest))
                .await?;
            Ok(row.and_then(|(b,)| b) == Some(by))
        })
        .await
    }

    async fn used_recovery_codes(
        &self,
        user: UserId,
        generation: Uuid,
    ) -> StoreResult<Vec<String>> {
        let rows: Vec<(String,)> = self
            .rows(&self.factors.codes_used, (user.0, generation))
            .await?;
        Ok(rows.into_iter().map(|(d,)| d).collect())
    }
}
