//! Sessions and rate-limited attempts, both kept with a TTL.

use super::*;

/// The statements of this file, prepared once at start.
pub(super) struct Statements {
    pub(super) rate_insert: PreparedStatement,
    pub(super) rate_count: PreparedStatement,
    /// The session row and its entry in sessions_by_user.
    pub(super) session_insert: Batch,
    pub(super) sessions_of_user: PreparedStatement,
    pub(super) session_of_user_delete: PreparedStatement,
    pub(super) session_read: PreparedStatement,
    pub(super) session_delete: PreparedStatement,
}

impl Statements {
    pub(super) async fn prepare(session: &Session, ks: &str) -> Result<Self, ExecutionError> {
        let prepare = |cql: String| super::prepare(session, cql);
        Ok(Self {
            rate_insert: prepare(format!("INSERT INTO {ks}.rate_events (key, at) VALUES (?, ?) USING TTL ?")).await?,
            rate_count: prepare(format!(
                "SELECT at FROM {ks}.rate_events WHERE key = ? AND at > maxTimeuuid(?) LIMIT ?"
            ))
            .await?,
            session_insert: logged(vec![
                prepare(format!(
                    "INSERT INTO {ks}.sessions (key, user_id, created, expires) VALUES (?, ?, ?, ?) USING TTL ?"
                ))
                .await?,
                prepare(format!("INSERT INTO {ks}.sessions_by_user (user_id, key) VALUES (?, ?) USING TTL ?")).await?,
            ]),
            sessions_of_user: prepare(format!("SELECT key FROM {ks}.sessions_by_user WHERE user_id = ?")).await?,
            session_of_user_delete: prepare(format!(
                "DELETE FROM {ks}.sessions_by_user WHERE user_id = ? AND key = ?"
            ))
            .await?,
            session_read: prepare(format!("SELECT user_id, expires FROM {ks}.sessions WHERE key = ?")).await?,
            session_delete: prepare(format!("DELETE FROM {ks}.sessions WHERE key = ?")).await?,
        })
    }
}

#[async_trait]
impl Sessions for CassandraStore {
    async fn record_attempt(
        &self,
        key: &str,
        at: DateTime<Utc>,
        window: Duration,
    ) -> StoreResult<()> {
        let ttl = window.as_secs().max(1) as i32;
        self.exec(
            &self.sessions.rate_insert,
            (key, CqlTimeuuid::from(timeuuid::at(at)), ttl),
        )
        .await?;
        Ok(())
    }

    async fn attempts_since(&self, key: &str, since: DateTime<Utc>, cap: u32) -> StoreResult<u32> {
        let rows: Vec<(CqlTimeuuid,)> = self
            .rows(&self.sessions.rate_count, (key, since, cap as i32))
            .await?;
        Ok(rows.len() as u32)
    }

    async fn create_session(&self, session: &NewSession) -> StoreResult<()> {
        let ttl = (session.expires - session.created).num_seconds().max(1) as i32;
        let key = session.key.as_slice();
        let row = (
            key,
            session.user_id.0,
            session.created,
            session.expires,
            ttl,
        );
        self.batch(
            &self.sessions.session_insert,
            (row, (session.user_id.0, key, ttl)),
        )
        .await
    }

    async fn session_user(&self, key: &[u8], now: DateTime<Utc>) -> StoreResult<Option<User>> {
        let row: Option<(Uuid, DateTime<Utc>)> =
            self.row(&self.sessions.session_read, (key,)).await?;
        match row {
            Some((user_id, expires)) if expires > now => self.user(UserId(user_id)).await,
            _ => Ok(None),
        }
    }

    async fn delete_session(&self, key: &[u8]) -> StoreResult<()> {
        self.exec(&self.sessions.session_delete, (key,)).await?;
        Ok(())
    }

    async fn end_sessions(&self, user: UserId, keep: Option<&[u8]>) -> StoreResult<()> {
        let keys: Vec<(Vec<u8>,)> = self
            .rows(&self.sessions.sessions_of_user, (user.0,))
            .await?;
        for (key,) in keys {
            if Some(key.as_slice()) != keep {
                self.exec(&self.sessions.session_delete, (key.as_slice(),))
                    .await?;
                self.exec(
                    &self.sessions.session_of_user_delete,
                    (user.0, key.as_slice()),
                )
                .await?;
            }
        }
        Ok(())
    }
}
