//! An account's passkeys (WebAuthn credentials, each with the public key and signature
//! counter the WebAuthn library keeps of it), and the ceremonies in flight: the state a
//! registration or a sign-in began with, kept a few minutes and taken once.

use super::StoreResult;
use crate::domain::UserId;
use async_trait::async_trait;
use chrono::{DateTime, Utc};

/// The most passkeys an account may have.
pub const MAX_PASSKEYS: usize = 10;

/// How long a ceremony's state is kept: the browser's prompt waits at most this long.
pub const CEREMONY_SECONDS: i64 = 300;

/// The longest ceremony state kept, in bytes (a sign-in's is under 1 kB, a
/// registration's under 2 kB).
pub const MAX_CEREMONY_BYTES: usize = 8 * 1024;

/// The longest credential id kept, in bytes (WebAuthn's bound).
pub const MAX_CREDENTIAL_BYTES: usize = 1023;

/// The longest passkey kept (its public key and counter, serialized), in bytes.
pub const MAX_KEY_BYTES: usize = 4 * 1024;

/// One passkey of an account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredPasskey {
    /// The credential's id, as the authenticator made it.
    pub credential: Vec<u8>,
    /// What its owner called it.
    pub name: String,
    /// The site it was made on: browsers bind a passkey to the host name of its site, so
    /// it signs in there only.
    pub site: String,
    /// The passkey as the WebAuthn library serializes it: its public key, its signature
    /// counter, its flags.
    pub key: String,
    pub added: DateTime<Utc>,
    /// Its last sign-in, if any.
    pub used: Option<DateTime<Utc>>,
}

/// What came of adding a passkey.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PasskeyAdded {
    Added,
    /// The account has [`MAX_PASSKEYS`] already.
    Full,
    /// The account has this credential already.
    Known,
}

#[async_trait]
pub trait Passkeys: Send + Sync {
    /// The account's passkeys, oldest first (at most [`MAX_PASSKEYS`]).
    async fn passkeys(&self, user: UserId) -> StoreResult<Vec<StoredPasskey>>;

    /// Adds a passkey to the account, within [`MAX_PASSKEYS`] however many are added at
    /// once.
    async fn add_passkey(&self, user: UserId, passkey: &StoredPasskey)
    -> StoreResult<PasskeyAdded>;

    /// Records a sign-in with a passkey: its key as the library updated it (its new
    /// counter) and when, if its key is still `was` (what the sign-in checked its counter
    /// against). False when the account no longer has it, or another sign-in changed it
    /// first: two sign-ins cannot both pass with one counter.
    async fn passkey_used(
        &self,
        user: UserId,
        credential: &[u8],
        was: &str,
        key: &str,
        at: DateTime<Utc>,
    ) -> StoreResult<bool>;

    /// Removes a passkey of the account. False when it had no such passkey.
    async fn remove_passkey(&self, user: UserId, credential: &[u8]) -> StoreResult<bool>;

    /// Removes every passkey of the account (when it is deleted).
    async fn remove_passkeys(&self, user: UserId) -> StoreResult<()>;

    /// Keeps a ceremony's state under `id` (random, made by the caller) for
    /// [`CEREMONY_SECONDS`] from `now`.
    async fn begin_ceremony(&self, id: &str, state: &str, now: DateTime<Utc>) -> StoreResult<()>;

    /// Takes a ceremony's state: for one caller only however many race, and never after
    /// it expired.
    async fn take_ceremony(&self, id: &str, now: DateTime<Utc>) -> StoreResult<Option<String>>;
}
