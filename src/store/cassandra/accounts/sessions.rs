//! Sessions, rate-limited attempts and the links mailed to accounts (password resets,
//! address confirmations), all kept with a TTL.

use crate::domain::{Email, User, UserId, timeuuid};
use crate::store::cassandra::lwt::is_cas_uncertain;
use crate::store::cassandra::{CassandraStore, logged, lwt, unavailable};
use crate::store::prelude::*;
use crate::store::{
    AccountLink, Fault, MAX_SESSIONS_PER_ACCOUNT, NewSession, StoreError, StoreResult,
};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use scylla::client::session::Session;
use scylla::errors::ExecutionError;
use scylla::statement::batch::Batch;
use scylla::statement::prepared::PreparedStatement;
use scylla::value::CqlTimeuuid;
use std::time::Duration;
use uuid::Uuid;

/// How long a link's row outlives the link.
const LINK_ROW_SECONDS_AFTER: i64 = 86400;

/// A link's account, stamp, address to confirm, expiry, use, and the seconds its row
/// has left.
type LinkRow = (
    Option<Uuid>,
    Option<String>,
    Option<String>,
    Option<DateTime<Utc>>,
    Option<bool>,
    Option<i32>,
);

trait Usable {
    /// What the link is for, if it is unused and unexpired at `now`.
    fn usable(&self, now: DateTime<Utc>) -> Option<AccountLink>;
}

impl Usable for LinkRow {
    fn usable(&self, now: DateTime<Utc>) -> Option<AccountLink> {
        let (user, stamp, new_email, expires, used, _) = self;
        // An address that no longer parses makes the link dead, not the page broken.
        let new_email = match new_email {
            Some(e) => Some(Email::parse(e).ok()?),
            None => None,
        };
        match (user, stamp) {
            (Some(user), Some(stamp))
                if *used == Some(false) && expires.is_some_and(|e| e > now) =>
            {
                Some(AccountLink {
                    user: UserId(*user),
                    stamp: stamp.clone(),
                    new_email,
                })
            }
            _ => None,
        }
    }
}

/// The statements of this file, prepared once at start.
pub(in crate::store::cassandra) struct Statements {
    pub(in crate::store::cassandra) rate_insert: PreparedStatement,
    pub(in crate::store::cassandra) rate_count: PreparedStatement,
    /// The session row and its entry in sessions_by_user.
    pub(in crate::store::cassandra) session_insert: Batch,
    pub(in crate::store::cassandra) sessions_of_user: PreparedStatement,
    pub(in crate::store::cassandra) session_of_user_delete: PreparedStatement,
    pub(in crate::store::cassandra) session_read: PreparedStatement,
    pub(in crate::store::cassandra) session_delete: PreparedStatement,
    /// The instant before which an account's sessions are ended.
    sessions_after: PreparedStatement,
    /// A session's row written again (the one kept when the others end).
    session_renew: PreparedStatement,
    link_insert: PreparedStatement,
    link_read: PreparedStatement,
    link_use: PreparedStatement,
    link_read_serial: PreparedStatement,
}

impl Statements {
    pub(in crate::store::cassandra) async fn prepare(
        session: &Session,
        ks: &str,
    ) -> Result<Self, ExecutionError> {
        let prepare = |cql: String| crate::store::cassandra::prepare(session, cql);
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
            session_read: prepare(format!("SELECT user_id, created, expires FROM {ks}.sessions WHERE key = ?")).await?,
            sessions_after: prepare(format!("UPDATE {ks}.users SET sessions_after = ? WHERE user_id = ?")).await?,
            session_renew: prepare(format!(
                "UPDATE {ks}.sessions USING TTL ? SET created = ? WHERE key = ?"
            ))
            .await?,
            session_delete: prepare(format!("DELETE FROM {ks}.sessions WHERE key = ?")).await?,
            link_insert: prepare(format!(
                "INSERT INTO {ks}.password_resets (key, user_id, stamp, new_email, expires, used) VALUES (?, ?, ?, ?, ?, false) IF NOT EXISTS USING TTL ?"
            ))
            .await?,
            link_read: prepare(format!(
                "SELECT user_id, stamp, new_email, expires, used, TTL(user_id) FROM {ks}.password_resets WHERE key = ?"
            ))
            .await?,
            // The cell it changes expires with the rest of the row (the TTL left to it).
            link_use: prepare(format!(
                "UPDATE {ks}.password_resets USING TTL ? SET used = true WHERE key = ? IF used = false AND expires > ?"
            ))
            .await?,
            link_read_serial: {
                let mut st = prepare(format!(
                    "SELECT user_id, stamp, new_email, expires, used, TTL(user_id) FROM {ks}.password_resets WHERE key = ?"
                ))
                .await?;
                crate::store::cassandra::read_serially(&mut st);
                st
            },
        })
    }
}

impl CassandraStore {
    /// An account at [`MAX_SESSIONS_PER_ACCOUNT`] sessions loses its oldest, so that the
    /// new one keeps it at the bound. The sessions' times are read only then: a sign-in
    /// otherwise costs one read of the account's list.
    async fn make_room_for_a_session(&self, user: UserId) -> StoreResult<()> {
        use futures_util::{StreamExt, TryStreamExt};
        let keys: Vec<(Vec<u8>,)> = self
            .rows(&self.sessions.sessions_of_user, (user.0,))
            .await?;
        if keys.len() < MAX_SESSIONS_PER_ACCOUNT {
            return Ok(());
        }
        let found: Vec<(Option<DateTime<Utc>>, Vec<u8>)> = futures_util::stream::iter(keys)
            .map(|(key,)| async move {
                let row: Option<(Uuid, DateTime<Utc>, DateTime<Utc>)> = self
                    .row(&self.sessions.session_read, (key.as_slice(),))
                    .await?;
                StoreResult::Ok((row.map(|(_, created, _)| created), key))
            })
            .buffer_unordered(16)
            .try_collect()
            .await?;
        let mut begun = Vec::new();
        for (created, key) in found {
            match created {
                Some(created) => begun.push((created, key)),
                // Signed out: its entry in the list goes too.
                None => {
                    self.exec(
                        &self.sessions.session_of_user_delete,
                        (user.0, key.as_slice()),
                    )
                    .await?;
                }
            }
        }
        begun.sort();
        let over = (begun.len() + 1).saturating_sub(MAX_SESSIONS_PER_ACCOUNT);
        for (_, key) in begun.into_iter().take(over) {
            self.forget_session(user, &key).await?;
        }
        Ok(())
    }

    /// A session's row and its entry in the account's list go.
    async fn forget_session(&self, user: UserId, key: &[u8]) -> StoreResult<()> {
        self.exec(&self.sessions.session_delete, (key,)).await?;
        self.exec(&self.sessions.session_of_user_delete, (user.0, key))
            .await?;
        Ok(())
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
        self.make_room_for_a_session(session.user_id).await?;
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
        let row: Option<(Uuid, DateTime<Utc>, DateTime<Utc>)> =
            self.row(&self.sessions.session_read, (key,)).await?;
        let Some((user_id, created, _)) = row.filter(|(_, _, expires)| *expires > now) else {
            return Ok(None);
        };
        match self.user_row(UserId(user_id)).await? {
            Some(user) if !user.ended(created) => user.into_user().map(Some),
            _ => Ok(None),
        }
    }

    async fn delete_session(&self, key: &[u8]) -> StoreResult<()> {
        self.exec(&self.sessions.session_delete, (key,)).await?;
        Ok(())
    }

    async fn end_sessions(&self, user: UserId, keep: Option<&[u8]>) -> StoreResult<()> {
        // One write ends them all: sessions begun before it no longer count, so a process
        // that dies below leaves none alive. The one kept is begun again at that instant.
        let now = crate::domain::now();
        if let Some(key) = keep {
            let row: Option<(Uuid, DateTime<Utc>, DateTime<Utc>)> =
                self.row(&self.sessions.session_read, (key,)).await?;
            if let Some((_, _, expires)) = row.filter(|(owner, _, _)| *owner == user.0) {
                let ttl = (expires - now).num_seconds().max(1) as i32;
                self.exec(&self.sessions.session_renew, (ttl, now, key))
                    .await?;
            }
        }
        self.exec(&self.sessions.sessions_after, (now, user.0))
            .await?;
        if self.options.faults.fires(Fault::CrashEndingSessions) {
            return Err(StoreError::Unavailable(
                "fault: died after ending the sessions, before removing them".into(),
            ));
        }
        // Then their rows go, so that they are not read again.
        let keys: Vec<(Vec<u8>,)> = self
            .rows(&self.sessions.sessions_of_user, (user.0,))
            .await?;
        for (key,) in keys {
            if Some(key.as_slice()) != keep {
                self.forget_session(user, &key).await?;
            }
        }
        Ok(())
    }

    async fn create_account_link(
        &self,
        key: &[u8],
        link: &AccountLink,
        expires: DateTime<Utc>,
    ) -> StoreResult<()> {
        // A token is 32 random bytes: its digest is never taken already.
        let ttl = ((expires - Utc::now()).num_seconds().max(0) + LINK_ROW_SECONDS_AFTER) as i32;
        let values = (
            key,
            link.user.0,
            link.stamp.as_str(),
            link.new_email.as_ref().map(Email::as_str),
            expires,
            ttl,
        );
        let result = self
            .session
            .execute_unpaged(&self.sessions.link_insert, values)
            .await
            .map_err(unavailable)?;
        if lwt::lwt_applied(result)? {
            Ok(())
        } else {
            Err(StoreError::Corrupt(
                "a link token's digest was taken".into(),
            ))
        }
    }

    async fn account_link(
        &self,
        key: &[u8],
        now: DateTime<Utc>,
    ) -> StoreResult<Option<AccountLink>> {
        let row: Option<LinkRow> = self.row(&self.sessions.link_read, (key,)).await?;
        Ok(row.and_then(|r| r.usable(now)))
    }

    async fn use_account_link(
        &self,
        key: &[u8],
        now: DateTime<Utc>,
    ) -> StoreResult<Option<AccountLink>> {
        let row: Option<LinkRow> = self.row(&self.sessions.link_read, (key,)).await?;
        let Some(row) = row else {
            return Ok(None);
        };
        let Some(reset) = row.usable(now) else {
            return Ok(None);
        };
        // The use's cell lives as long as the row's other cells have left.
        let ttl = row.5.unwrap_or(1).max(1);
        match self
            .session
            .execute_unpaged(&self.sessions.link_use, (ttl, key, now))
            .await
        {
            Ok(result) => Ok(lwt::lwt_applied(result)?.then_some(reset)),
            // Whether this call used it cannot be told from the row: it is used (by
            // someone) or still usable; the caller asks for a new link either way.
            Err(e) if is_cas_uncertain(&e) => {
                let row: Option<LinkRow> =
                    self.row(&self.sessions.link_read_serial, (key,)).await?;
                tracing::warn!(error = %e, still_usable = row.is_some_and(|r| r.usable(now).is_some()), "using a link token timed out");
                Err(unavailable(e))
            }
            Err(e) => Err(unavailable(e)),
        }
    }
}
