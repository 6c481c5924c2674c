//! An account's passkeys: `account_passkeys`, one row per slot of the account's ten,
//! written by LWTs only (a slot is taken with IF NOT EXISTS, a sign-in's new counter and
//! a removal are conditional on the slot still holding the credential), so that the bound
//! holds however many are added at once, and a sign-in's new counter is written only
//! over the key it was checked against); and the ceremonies in flight
//! (`webauthn_ceremonies`, LWTs only: begun IF NOT EXISTS, taken by naming a taker IF
//! there is none yet, for one caller only). Every outcome short of "applied" is settled
//! by a serial read.

use crate::domain::UserId;
use crate::store::cassandra::{CassandraStore, lwt};
use crate::store::passkeys::{CEREMONY_SECONDS, MAX_PASSKEYS};
use crate::store::{PasskeyAdded, Passkeys, StoreError, StoreResult, StoredPasskey};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use scylla::client::session::Session;
use scylla::errors::ExecutionError;
use scylla::statement::prepared::PreparedStatement;
use uuid::Uuid;

/// The statements of this file, prepared once at start.
pub(in crate::store::cassandra) struct Statements {
    slots: PreparedStatement,
    slots_serial: PreparedStatement,
    slot_serial: PreparedStatement,
    take_slot: PreparedStatement,
    used: PreparedStatement,
    free_slot: PreparedStatement,
    ceremony_begin: PreparedStatement,
    ceremony_read: PreparedStatement,
    ceremony_take: PreparedStatement,
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
        let slots = format!(
            "SELECT slot, credential, name, site, passkey, added, used, claimant \
             FROM {ks}.account_passkeys WHERE user_id = ? LIMIT {MAX_PASSKEYS}"
        );
        Ok(Self {
            slots: prepare(slots.clone()).await?,
            slots_serial: serial(prepare(slots).await?),
            slot_serial: serial(
                prepare(format!(
                    "SELECT credential, claimant, used_by FROM {ks}.account_passkeys \
                     WHERE user_id = ? AND slot = ?"
                ))
                .await?,
            ),
            take_slot: prepare(format!(
                "INSERT INTO {ks}.account_passkeys \
                 (user_id, slot, credential, name, site, passkey, added, claimant) \
                 VALUES (?, ?, ?, ?, ?, ?, ?, ?) IF NOT EXISTS"
            ))
            .await?,
            used: prepare(format!(
                "UPDATE {ks}.account_passkeys SET passkey = ?, used = ?, used_by = ? \
                 WHERE user_id = ? AND slot = ? IF credential = ? AND passkey = ?"
            ))
            .await?,
            free_slot: prepare(format!(
                "DELETE FROM {ks}.account_passkeys WHERE user_id = ? AND slot = ? \
                 IF credential = ?"
            ))
            .await?,
            ceremony_begin: prepare(format!(
                "INSERT INTO {ks}.webauthn_ceremonies (id, state) VALUES (?, ?) \
                 IF NOT EXISTS USING TTL {CEREMONY_SECONDS}"
            ))
            .await?,
            ceremony_read: serial(
                prepare(format!(
                    "SELECT state, taker FROM {ks}.webauthn_ceremonies WHERE id = ?"
                ))
                .await?,
            ),
            ceremony_take: prepare(format!(
                "UPDATE {ks}.webauthn_ceremonies USING TTL {CEREMONY_SECONDS} SET taker = ? \
                 WHERE id = ? IF state = ? AND taker = null"
            ))
            .await?,
        })
    }
}

/// A row of `account_passkeys`.
type SlotRow = (
    i32,
    Option<Vec<u8>>,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<DateTime<Utc>>,
    Option<DateTime<Utc>>,
    Option<Uuid>,
);

/// A taken slot: its number, its passkey, and who took it.
struct Slot {
    slot: i32,
    passkey: StoredPasskey,
    claimant: Option<Uuid>,
}

fn slot_of(row: SlotRow) -> Option<Slot> {
    let (slot, credential, name, site, key, added, used, claimant) = row;
    Some(Slot {
        slot,
        passkey: StoredPasskey {
            credential: credential?,
            name: name.unwrap_or_default(),
            site: site.unwrap_or_default(),
            key: key?,
            added: added.unwrap_or_default(),
            used,
        },
        claimant,
    })
}

/// A slot's row as a serial read finds it: its credential, who took the slot, and the
/// sign-in that wrote its key last.
type SlotNowRow = (Option<Vec<u8>>, Option<Uuid>, Option<Uuid>);

/// What a serial read finds in a slot.
struct SlotNow {
    credential: Vec<u8>,
    claimant: Option<Uuid>,
    used_by: Option<Uuid>,
}

/// How many times an add reads the slots again after losing one to another add.
const SLOT_ATTEMPTS: usize = MAX_PASSKEYS + 2;

impl CassandraStore {
    async fn passkey_slots(&self, user: UserId, serial: bool) -> StoreResult<Vec<Slot>> {
        let statement = if serial {
            &self.passkeys.slots_serial
        } else {
            &self.passkeys.slots
        };
        let rows: Vec<SlotRow> = self.rows(statement, (user.0,)).await?;
        Ok(rows.into_iter().filter_map(slot_of).collect())
    }

    /// The credential a slot holds now, who took it, and the sign-in that wrote its key
    /// last (a serial read).
    async fn slot_now(&self, user: UserId, slot: i32) -> StoreResult<Option<SlotNow>> {
        let row: Option<SlotNowRow> = self.row(&self.passkeys.slot_serial, (user.0, slot)).await?;
        Ok(row.and_then(|(credential, claimant, used_by)| {
            credential.map(|credential| SlotNow {
                credential,
                claimant,
                used_by,
            })
        }))
    }

    /// Frees the slot holding `credential`, if it still does.
    async fn free_slot(&self, user: UserId, slot: i32, credential: &[u8]) -> StoreResult<bool> {
        let attempt = self
            .session
            .execute_unpaged(&self.passkeys.free_slot, (user.0, slot, credential))
            .await;
        lwt::settled(attempt, || async {
            Ok(self
                .slot_now(user, slot)
                .await?
                .is_none_or(|now| now.credential != credential))
        })
        .await
    }
}

#[async_trait]
impl Passkeys for CassandraStore {
    async fn passkeys(&self, user: UserId) -> StoreResult<Vec<StoredPasskey>> {
        let mut slots = self.passkey_slots(user, false).await?;
        slots.sort_by(|a, b| {
            (a.passkey.added, &a.passkey.credential).cmp(&(b.passkey.added, &b.passkey.credential))
        });
        Ok(slots.into_iter().map(|s| s.passkey).collect())
    }

    async fn add_passkey(
        &self,
        user: UserId,
        passkey: &StoredPasskey,
    ) -> StoreResult<PasskeyAdded> {
        let claimant = Uuid::new_v4();
        for _ in 0..SLOT_ATTEMPTS {
            let slots = self.passkey_slots(user, true).await?;
            if let Some(had) = slots
                .iter()
                .find(|s| s.passkey.credential == passkey.credential)
            {
                // A slot this add took in an attempt whose answer was lost is its own.
                return Ok(if had.claimant == Some(claimant) {
                    PasskeyAdded::Added
                } else {
                    PasskeyAdded::Known
                });
            }
            let Some(free) = (0..MAX_PASSKEYS as i32).find(|n| slots.iter().all(|s| s.slot != *n))
            else {
                return Ok(PasskeyAdded::Full);
            };
            let attempt = self
                .session
                .execute_unpaged(
                    &self.passkeys.take_slot,
                    (
                        user.0,
                        free,
                        &passkey.credential,
                        &passkey.name,
                        &passkey.site,
                        &passkey.key,
                        passkey.added,
                        claimant,
                    ),
                )
                .await;
            let taken = lwt::settled(attempt, || async {
                Ok(self
                    .slot_now(user, free)
                    .await?
                    .is_some_and(|now| now.claimant == Some(claimant)))
            })
            .await?;
            if taken {
                return Ok(PasskeyAdded::Added);
            }
            // Another add took that slot first: read them again.
        }
        Err(StoreError::Unavailable(
            "the passkey was not added: other adds kept taking its slot".into(),
        ))
    }

    async fn passkey_used(
        &self,
        user: UserId,
        credential: &[u8],
        was: &str,
        key: &str,
        at: DateTime<Utc>,
    ) -> StoreResult<bool> {
        let slots = self.passkey_slots(user, false).await?;
        let Some(slot) = slots
            .iter()
            .find(|s| s.passkey.credential == credential)
            .map(|s| s.slot)
        else {
            return Ok(false);
        };
        let writer = Uuid::new_v4();
        let attempt = self
            .session
            .execute_unpaged(
                &self.passkeys.used,
                (key, at, writer, user.0, slot, credential, was),
            )
            .await;
        // Not applied, or not known: it was written if this sign-in is the one that
        // wrote the slot's key last.
        lwt::settled(attempt, || async {
            Ok(self
                .slot_now(user, slot)
                .await?
                .is_some_and(|now| now.credential == credential && now.used_by == Some(writer)))
        })
        .await
    }

    async fn remove_passkey(&self, user: UserId, credential: &[u8]) -> StoreResult<bool> {
        let slots = self.passkey_slots(user, true).await?;
        let Some(slot) = slots
            .iter()
            .find(|s| s.passkey.credential == credential)
            .map(|s| s.slot)
        else {
            return Ok(false);
        };
        self.free_slot(user, slot, credential).await
    }

    async fn remove_passkeys(&self, user: UserId) -> StoreResult<()> {
        for slot in self.passkey_slots(user, true).await? {
            self.free_slot(user, slot.slot, &slot.passkey.credential)
                .await?;
        }
        Ok(())
    }

    async fn begin_ceremony(&self, id: &str, state: &str, _now: DateTime<Utc>) -> StoreResult<()> {
        let attempt = self
            .session
            .execute_unpaged(&self.passkeys.ceremony_begin, (id, state))
            .await;
        let begun = lwt::settled(attempt, || async {
            let row: Option<(Option<String>, Option<Uuid>)> =
                self.row(&self.passkeys.ceremony_read, (id,)).await?;
            Ok(row.and_then(|(s, _)| s).as_deref() == Some(state))
        })
        .await?;
        if begun {
            Ok(())
        } else {
            Err(StoreError::Corrupt(format!(
                "the ceremony id {id} is already in use"
            )))
        }
    }

    async fn take_ceremony(&self, id: &str, _now: DateTime<Utc>) -> StoreResult<Option<String>> {
        let row: Option<(Option<String>, Option<Uuid>)> =
            self.row(&self.passkeys.ceremony_read, (id,)).await?;
        let Some((Some(state), None)) = row else {
            return Ok(None);
        };
        let taker = Uuid::new_v4();
        let attempt = self
            .session
            .execute_unpaged(&self.passkeys.ceremony_take, (taker, id, &state))
            .await;
        // Not applied: another took it first. Not known: the taker named now says.
        let taken = lwt::settled(attempt, || async {
            let row: Option<(Option<String>, Option<Uuid>)> =
                self.row(&self.passkeys.ceremony_read, (id,)).await?;
            Ok(row.is_some_and(|(_, by)| by == Some(taker)))
        })
        .await?;
        Ok(taken.then_some(state))
    }
}
