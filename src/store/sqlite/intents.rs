//! Intents: on this store every write the store makes is one transaction, so only the
//! writes spanning several calls (accepting a suggestion) are recorded, a row each,
//! deleted when the write ends.

use super::*;
use crate::store::intents::{Intent, IntentId, Intents, Recovery};

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
        self.run(move |sql| {
            let mut stmt = sql
                .prepare("SELECT id, body FROM intents WHERE begun <= ?1 ORDER BY begun LIMIT ?2")
                .map_err(unavailable)?;
            let rows: Vec<(String, String)> = stmt
                .query_map(params![before.timestamp_millis(), PASS], |r| {
                    Ok((r.get(0)?, r.get(1)?))
                })
                .and_then(Iterator::collect)
                .map_err(unavailable)?;
            let mut intents = Vec::new();
            for (id, body) in rows {
                // One record no build can read (written by a newer one) must not stop
                // every later pass: it is left for the build that can.
                match serde_json::from_str::<Intent>(&body) {
                    Ok(intent) => intents.push((IntentId(uuid(&id)?), intent)),
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
}
