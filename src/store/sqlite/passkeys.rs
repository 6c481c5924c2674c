//! An account's passkeys, and the ceremonies in flight: one statement or transaction
//! each, the bound checked in the transaction that adds.

use super::*;
use crate::store::passkeys::{CEREMONY_SECONDS, MAX_PASSKEYS};
use crate::store::{PasskeyAdded, Passkeys, StoredPasskey};

#[async_trait]
impl Passkeys for SqliteStore {
    async fn passkeys(&self, user: UserId) -> StoreResult<Vec<StoredPasskey>> {
        self.read(move |sql| {
            type Row = (Vec<u8>, String, String, String, i64, Option<i64>);
            let rows: Vec<Row> = sql
                .prepare(
                    "SELECT credential, name, site, passkey, added, used FROM account_passkeys \
                     WHERE user_id = ?1 ORDER BY added, credential LIMIT ?2",
                )
                .and_then(|mut s| {
                    s.query_map(params![user.0.to_string(), MAX_PASSKEYS as i64], |r| {
                        Ok((
                            r.get(0)?,
                            r.get(1)?,
                            r.get(2)?,
                            r.get(3)?,
                            r.get(4)?,
                            r.get(5)?,
                        ))
                    })?
                    .collect()
                })
                .map_err(unavailable)?;
            Ok(rows
                .into_iter()
                .map(|(credential, name, site, key, added, used)| StoredPasskey {
                    credential,
                    name,
                    site,
                    key,
                    added: millis_to_time(added),
                    used: used.map(millis_to_time),
                })
                .collect())
        })
        .await
    }

    async fn add_passkey(
        &self,
        user: UserId,
        passkey: &StoredPasskey,
    ) -> StoreResult<PasskeyAdded> {
        let passkey = passkey.clone();
        self.transaction(move |sql| {
            let id = user.0.to_string();
            let (had, known): (i64, i64) = sql
                .prepare(
                    "SELECT count(*), coalesce(sum(credential = ?2), 0) FROM account_passkeys \
                     WHERE user_id = ?1",
                )
                .and_then(|mut s| {
                    s.query_row(params![id, passkey.credential], |r| {
                        Ok((r.get(0)?, r.get(1)?))
                    })
                })
                .map_err(unavailable)?;
            if known > 0 {
                return Ok(PasskeyAdded::Known);
            }
            if had >= MAX_PASSKEYS as i64 {
                return Ok(PasskeyAdded::Full);
            }
            sql.prepare(
                "INSERT INTO account_passkeys (user_id, credential, name, site, passkey, added) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            )
            .and_then(|mut s| {
                s.execute(params![
                    id,
                    passkey.credential,
                    passkey.name,
                    passkey.site,
                    passkey.key,
                    passkey.added.timestamp_millis()
                ])
            })
            .map_err(unavailable)?;
            Ok(PasskeyAdded::Added)
        })
        .await
    }

    async fn passkey_used(
        &self,
        user: UserId,
        credential: &[u8],
        was: &str,
        key: &str,
        at: DateTime<Utc>,
    ) -> StoreResult<bool> {
        let (credential, was, key) = (credential.to_vec(), was.to_owned(), key.to_owned());
        self.run(move |sql| {
            let changed = sql
                .prepare(
                    "UPDATE account_passkeys SET passkey = ?3, used = ?4 \
                     WHERE user_id = ?1 AND credential = ?2 AND passkey = ?5",
                )
                .and_then(|mut s| {
                    s.execute(params![
                        user.0.to_string(),
                        credential,
                        key,
                        at.timestamp_millis(),
                        was
                    ])
                })
                .map_err(unavailable)?;
            Ok(changed == 1)
        })
        .await
    }

    async fn remove_passkey(&self, user: UserId, credential: &[u8]) -> StoreResult<bool> {
        let credential = credential.to_vec();
        self.run(move |sql| {
            let gone = sql
                .prepare("DELETE FROM account_passkeys WHERE user_id = ?1 AND credential = ?2")
                .and_then(|mut s| s.execute(params![user.0.to_string(), credential]))
                .map_err(unavailable)?;
            Ok(gone == 1)
        })
        .await
    }

    async fn remove_passkeys(&self, user: UserId) -> StoreResult<()> {
        self.run(move |sql| {
            sql.prepare("DELETE FROM account_passkeys WHERE user_id = ?1")
                .and_then(|mut s| s.execute([user.0.to_string()]))
                .map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    async fn begin_ceremony(&self, id: &str, state: &str, now: DateTime<Utc>) -> StoreResult<()> {
        let (id, state) = (id.to_owned(), state.to_owned());
        let (now, expires) = (
            now.timestamp_millis(),
            (now + chrono::Duration::seconds(CEREMONY_SECONDS)).timestamp_millis(),
        );
        self.run(move |sql| {
            sql.prepare("DELETE FROM webauthn_ceremonies WHERE expires <= ?1")
                .and_then(|mut s| s.execute([now]))
                .map_err(unavailable)?;
            sql.prepare("INSERT INTO webauthn_ceremonies (id, state, expires) VALUES (?1, ?2, ?3)")
                .and_then(|mut s| s.execute(params![id, state, expires]))
                .map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    async fn take_ceremony(&self, id: &str, now: DateTime<Utc>) -> StoreResult<Option<String>> {
        let id = id.to_owned();
        let now = now.timestamp_millis();
        self.run(move |sql| {
            sql.prepare("DELETE FROM webauthn_ceremonies WHERE id = ?1 RETURNING state, expires")
                .and_then(|mut s| {
                    s.query_row([&id], |r| Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?)))
                        .optional()
                })
                .map_err(unavailable)
                .map(|taken| taken.filter(|(_, expires)| *expires > now).map(|(s, _)| s))
        })
        .await
    }
}
