//! Intents: on this store every write the store makes is one transaction, so only the
//! writes spanning several calls (accepting a suggestion) are recorded, a row each,
//! deleted when the write ends. One that keeps failing is parked in its row (its attempts
//! and when it is tried again).

use super::*;
use crate::store::intents::{
    Handed, Intent, IntentId, Intents, PARK_AFTER, PARKED_CAP, Parked, Recovery, next_try,
};

/// How many unfinished intents one pass hands over at most.
const PASS: i64 = 500;

#[async_trait]
impl Intents for SqliteStore {
    async fn begin(&self, intent: &Intent) -> StoreResult<IntentId> {
        let now = crate::domain::now();
        let id = crate::domain::timeuuid::at(now);
        let body = serde_json::to_string(intent)
            .map_err(|e| StoreError::Corrupt(format!("an intent: {e}")))?;
        self.run(move |sql| {
            sql.prepare("INSERT INTO intents (id, begun, body) VALUES (?1, ?2, ?3)")
                .and_then(|mut s| s.execute(params![id.to_string(), now.timestamp_millis(), body]))
                .map_err(unavailable)?;
            Ok(IntentId(id))
        })
        .await
    }

    async fn end(&self, id: IntentId) -> StoreResult<()> {
        self.run(move |sql| {
            sql.prepare("DELETE FROM intents WHERE id = ?1")
                .and_then(|mut s| s.execute([id.0.to_string()]))
                .map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    async fn recover(&self, before: DateTime<Utc>) -> StoreResult<Recovery> {
        let now = crate::domain::now();
        self.run(move |sql| {
            // Parked ones only once their wait is over, so that those that keep failing
            // leave the pass to the others.
            let mut stmt = sql
                .prepare(
                    "SELECT id, body, attempts FROM intents \
                     WHERE begun <= ?1 AND (next_try IS NULL OR next_try <= ?3) \
                     ORDER BY begun LIMIT ?2",
                )
                .map_err(unavailable)?;
            let rows: Vec<(String, String, i64)> = stmt
                .query_map(
                    params![before.timestamp_millis(), PASS, now.timestamp_millis()],
                    |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
                )
                .and_then(Iterator::collect)
                .map_err(unavailable)?;
            let mut intents = Vec::new();
            for (id, body, attempts) in rows {
                // One record no build can read (written by a newer one) must not stop
                // every later pass: it is left for the build that can.
                match serde_json::from_str::<Intent>(&body) {
                    Ok(intent) => intents.push(Handed {
                        id: IntentId(uuid(&id)?),
                        intent,
                        attempts: u32::try_from(attempts).unwrap_or(0),
                    }),
                    Err(e) => tracing::warn!(%id, error = %e, "an intent this build cannot read"),
                }
            }
            // The store's own writes are one transaction each: none is ever recorded, so
            // every record is the application's. Rows are deleted when done: there is no
            // place to remember.
            Ok(Recovery {
                intents,
                ..Recovery::default()
            })
        })
        .await
    }

    async fn passed(&self, _through: DateTime<Utc>) -> StoreResult<()> {
        Ok(())
    }

    async fn finished(&self, handed: &Handed) -> StoreResult<()> {
        self.end(handed.id).await
    }

    async fn failed(&self, handed: &Handed, error: &str) -> StoreResult<bool> {
        let attempts = handed.attempts.saturating_add(1);
        let next_try = next_try(attempts, crate::domain::now()).map(|t| t.timestamp_millis());
        let error = error[..error.floor_char_boundary(500)].to_string();
        let id = handed.id;
        let said = error.clone();
        self.run(move |sql| {
            sql.prepare(
                "UPDATE intents SET attempts = ?2, error = ?3, next_try = ?4 WHERE id = ?1",
            )
            .and_then(|mut s| s.execute(params![id.0.to_string(), attempts, said, next_try]))
            .map_err(unavailable)?;
            Ok::<(), StoreError>(())
        })
        .await?;
        if attempts == PARK_AFTER {
            tracing::error!(id = %handed.id.0, intent = ?handed.intent, error, "an intent failed {PARK_AFTER} passes: parked (sibyl repair lists it)");
        }
        Ok(next_try.is_some())
    }

    async fn parked(&self) -> StoreResult<Vec<Parked>> {
        self.run(move |sql| {
            let mut stmt = sql
                .prepare(
                    "SELECT id, begun, body, attempts, error, next_try FROM intents \
                     WHERE attempts >= ?1 ORDER BY begun LIMIT ?2",
                )
                .map_err(unavailable)?;
            let rows: Vec<(String, i64, String, i64, Option<String>, Option<i64>)> = stmt
                .query_map(params![PARK_AFTER, PARKED_CAP as i64], |r| {
                    Ok((
                        r.get(0)?,
                        r.get(1)?,
                        r.get(2)?,
                        r.get(3)?,
                        r.get(4)?,
                        r.get(5)?,
                    ))
                })
                .and_then(Iterator::collect)
                .map_err(unavailable)?;
            rows.into_iter()
                .map(|(id, begun, record, attempts, error, next_try)| {
                    Ok(Parked {
                        id: IntentId(uuid(&id)?),
                        begun: crate::domain::millis_to_time(begun),
                        record,
                        attempts: u32::try_from(attempts).unwrap_or(0),
                        error: error.unwrap_or_default(),
                        next_try: crate::domain::millis_to_time(next_try.unwrap_or_default()),
                    })
                })
                .collect()
        })
        .await
    }

    async fn clock(&self) -> StoreResult<DateTime<Utc>> {
        // One process, one clock: the store's is the instance's.
        Ok(crate::domain::now())
    }
}
