//! An account's second factors: its authenticator (a TOTP secret, sealed), the recovery
//! codes of its current generation (kept as digests), and the claims that make each
//! authenticator code and each recovery code count once, however many instances race.

use super::StoreResult;
use crate::domain::{Site, UserId};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use uuid::Uuid;

/// How long a claimed authenticator step is remembered: longer than a code is accepted
/// (its own step and one either side, 90 seconds), so that no code counts twice.
pub const STEP_CLAIM_SECONDS: i64 = 180;

/// An account's authenticator: its secret sealed under the secret of the site where it
/// was added (see [`crate::domain::sealed`]), and when.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Authenticator {
    pub sealed: Vec<u8>,
    pub sealed_by: Site,
    pub added: DateTime<Utc>,
}

/// The recovery codes of an account: a generation (each regeneration makes a new one,
/// and the codes of older ones count for nothing) and the digests of its codes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecoveryCodes {
    pub generation: Uuid,
    pub digests: Vec<String>,
    pub made: DateTime<Utc>,
}

/// What an account has of second factors.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SecondFactors {
    pub authenticator: Option<Authenticator>,
    pub recovery: Option<RecoveryCodes>,
}

impl SecondFactors {
    /// Whether a sign-in needs a second step.
    pub fn any(&self) -> bool {
        self.authenticator.is_some()
    }
}

#[async_trait]
pub trait Factors: Send + Sync {
    /// The account's second factors (none for an unknown account).
    async fn second_factors(&self, user: UserId) -> StoreResult<SecondFactors>;

    /// Sets the account's authenticator, replacing any it had, and its recovery codes
    /// when `codes` is given (a first factor brings its codes).
    async fn set_authenticator(
        &self,
        user: UserId,
        authenticator: &Authenticator,
        codes: Option<&RecoveryCodes>,
    ) -> StoreResult<()>;

    /// Replaces the account's recovery codes with a new generation: the old ones die.
    async fn set_recovery_codes(&self, user: UserId, codes: &RecoveryCodes) -> StoreResult<()>;

    /// Removes every second factor of the account (its authenticator and its recovery
    /// codes): a sign-in is a password again.
    async fn remove_second_factors(&self, user: UserId) -> StoreResult<()>;

    /// Claims the step of an authenticator code: true for one caller only however many
    /// race with a code of that step, so that each code is accepted once.
    async fn claim_authenticator_step(
        &self,
        user: UserId,
        step: u64,
        now: DateTime<Utc>,
    ) -> StoreResult<bool>;

    /// Uses a recovery code of the generation given: true for one caller only however
    /// many race with it. The caller has checked that the digest is one of the
    /// generation's.
    async fn use_recovery_code(
        &self,
        user: UserId,
        generation: Uuid,
        digest: &str,
        now: DateTime<Utc>,
    ) -> StoreResult<bool>;

    /// The digests of a generation's codes used so far (at most its ten).
    async fn used_recovery_codes(&self, user: UserId, generation: Uuid)
    -> StoreResult<Vec<String>>;
}
