//! An account's second factors: one transaction per change, and a primary key (or a
//! conditional UPDATE) for each claim that a code counts once.

use super::*;
use crate::store::factors::STEP_CLAIM_SECONDS;
use crate::store::{Authenticator, RecoveryCodes, SecondFactors};

#[async_trait]
impl Factors for SqliteStore {
    async fn second_factors(&self, user: UserId) -> StoreResult<SecondFactors> {
        let id = user.0.to_string();
        self.read(move |sql| {
            let authenticator: Option<(Vec<u8>, String, i64)> = sql
                .prepare(
                    "SELECT sealed, sealed_by, added FROM account_authenticators WHERE user_id = ?1",
                )
                .and_then(|mut s| {
                    s.query_row([&id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
                        .optional()
                })
                .map_err(unavailable)?;
            let authenticator = authenticator
                .map(|(sealed, by, added)| {
                    Ok::<_, StoreError>(Authenticator {
                        sealed,
                        sealed_by: Site::parse(&by)?,
                        added: millis_to_time(added),
                    })
                })
                .transpose()?;
            let codes: Vec<(String, String, i64)> = sql
                .prepare(
                    "SELECT digest, generation, made FROM recovery_codes WHERE user_id = ?1 \
                     ORDER BY digest",
                )
                .and_then(|mut s| {
                    s.query_map([&id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
                        .collect()
                })
                .map_err(unavailable)?;
            let recovery = match codes.first() {
                None => None,
                Some((_, generation, made)) => Some(RecoveryCodes {
                    generation: uuid(generation)?,
                    made: millis_to_time(*made),
                    digests: codes.iter().map(|(d, _, _)| d.clone()).collect(),
                }),
            };
            Ok(SecondFactors {
                authenticator,
                recovery,
            })
        })
        .await
    }

    async fn set_authenticator(
        &self,
        user: UserId,
        authenticator: &Authenticator,
        codes: Option<&RecoveryCodes>,
    ) -> StoreResult<()> {
        let authenticator = authenticator.clone();
        let codes = codes.cloned();
        self.transaction(move |sql| {
            sql.prepare(
                "INSERT OR REPLACE INTO account_authenticators (user_id, sealed, sealed_by, added) \
                 VALUES (?1, ?2, ?3, ?4)",
            )
            .and_then(|mut s| {
                s.execute(params![
                    user.0.to_string(),
                    authenticator.sealed,
                    authenticator.sealed_by.as_str(),
                    authenticator.added.timestamp_millis()
                ])
            })
            .map_err(unavailable)?;
            if let Some(codes) = &codes {
                replace_codes(sql, user, codes)?;
            }
            Ok(())
        })
        .await
    }

    async fn set_recovery_codes(&self, user: UserId, codes: &RecoveryCodes) -> StoreResult<()> {
        let codes = codes.clone();
        self.transaction(move |sql| replace_codes(sql, user, &codes))
            .await
    }

    async fn remove_second_factors(&self, user: UserId) -> StoreResult<()> {
        self.transaction(move |sql| {
            for table in ["account_authenticators", "recovery_codes"] {
                sql.prepare(&format!("DELETE FROM {table} WHERE user_id = ?1"))
                    .and_then(|mut s| s.execute([user.0.to_string()]))
                    .map_err(unavailable)?;
            }
            Ok(())
        })
        .await
    }

    async fn claim_authenticator_step(
        &self,
        user: UserId,
        step: u64,
        now: DateTime<Utc>,
    ) -> StoreResult<bool> {
        let (now, expires) = (
            now.timestamp_millis(),
            (now + chrono::Duration::seconds(STEP_CLAIM_SECONDS)).timestamp_millis(),
        );
        self.run(move |sql| {
            sql.prepare("DELETE FROM authenticator_steps WHERE expires <= ?1")
                .and_then(|mut s| s.execute([now]))
                .map_err(unavailable)?;
            let claimed = sql
                .prepare(
                    "INSERT OR IGNORE INTO authenticator_steps (user_id, step, expires) \
                     VALUES (?1, ?2, ?3)",
                )
                .and_then(|mut s| s.execute(params![user.0.to_string(), step as i64, expires]))
                .map_err(unavailable)?;
            Ok(claimed == 1)
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
        let digest = digest.to_owned();
        self.run(move |sql| {
            let used = sql
                .prepare(
                    "UPDATE recovery_codes SET used = ?4 \
                     WHERE user_id = ?1 AND generation = ?2 AND digest = ?3 AND used IS NULL",
                )
                .and_then(|mut s| {
                    s.execute(params![
                        user.0.to_string(),
                        generation.to_string(),
                        digest,
                        now.timestamp_millis()
                    ])
                })
                .map_err(unavailable)?;
            Ok(used == 1)
        })
        .await
    }

    async fn used_recovery_codes(
        &self,
        user: UserId,
        generation: Uuid,
    ) -> StoreResult<Vec<String>> {
        self.read(move |sql| {
            sql.prepare(
                "SELECT digest FROM recovery_codes \
                 WHERE user_id = ?1 AND generation = ?2 AND used IS NOT NULL ORDER BY digest",
            )
            .and_then(|mut s| {
                s.query_map(params![user.0.to_string(), generation.to_string()], |r| {
                    r.get(0)
                })?
                .collect()
            })
            .map_err(unavailable)
        })
        .await
    }
}

/// The account's recovery codes replaced by `codes`, in the caller's transaction.
fn replace_codes(sql: &Sql<'_>, user: UserId, codes: &RecoveryCodes) -> StoreResult<()> {
    let id = user.0.to_string();
    sql.prepare("DELETE FROM recovery_codes WHERE user_id = ?1")
        .and_then(|mut s| s.execute([&id]))
        .map_err(unavailable)?;
    for digest in &codes.digests {
        sql.prepare(
            "INSERT OR IGNORE INTO recovery_codes (user_id, digest, generation, made) \
             VALUES (?1, ?2, ?3, ?4)",
        )
        .and_then(|mut s| {
            s.execute(params![
                id,
                digest,
                codes.generation.to_string(),
                codes.made.timestamp_millis()
            ])
        })
        .map_err(unavailable)?;
    }
    Ok(())
}
