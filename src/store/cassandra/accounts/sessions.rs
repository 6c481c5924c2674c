//! Sessions, rate-limited attempts and the links mailed to accounts (password resets,
//! address confirmations), all kept with a TTL.

use crate::domain::session::{SessionDetails, SessionKind};
use crate::domain::{Email, UserId, timeuuid};
use crate::store::cassandra::lwt::is_cas_uncertain;
use crate::store::cassandra::{CassandraStore, logged, lwt, unavailable};
use crate::store::prelude::*;
use crate::store::{
    AccountLink, Fault, LiveSession, MAX_SESSIONS_PER_ACCOUNT, NewSession, SessionRecord,
    StoreError, StoreResult,
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
    /// A session's row and its entry in its account's list, gone together.
    session_forget: Batch,
    /// An account's list of sessions, with what they say of themselves.
    sessions_listed: PreparedStatement,
    /// The instant before which an account's sessions are ended.
    sessions_after: PreparedStatement,
    /// A session begun again (the one kept when the others end).
    session_renew: PreparedStatement,
    /// When a session was last seen.
    session_seen: PreparedStatement,
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
                    "INSERT INTO {ks}.sessions (key, user_id, created, expires, kind, agent, address, label, site) \
                     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) USING TTL ?"
                ))
                .await?,
                prepare(format!(
                    "INSERT INTO {ks}.sessions_by_user (user_id, key, kind, agent, address, label, site) \
                     VALUES (?, ?, ?, ?, ?, ?, ?) USING TTL ?"
                ))
                .await?,
            ]),
            session_forget: logged(vec![
                prepare(format!("DELETE FROM {ks}.sessions WHERE key = ?")).await?,
                prepare(format!("DELETE FROM {ks}.sessions_by_user WHERE user_id = ? AND key = ?")).await?,
            ]),
            sessions_listed: prepare(format!(
                "SELECT key, kind, agent, address, label, site FROM {ks}.sessions_by_user WHERE user_id = ?"
            ))
            .await?,
            sessions_of_user: prepare(format!("SELECT key FROM {ks}.sessions_by_user WHERE user_id = ?")).await?,
            session_of_user_delete: prepare(format!(
                "DELETE FROM {ks}.sessions_by_user WHERE user_id = ? AND key = ?"
            ))
            .await?,
            session_read: prepare(format!(
                "SELECT user_id, created, renewed, expires, last_seen FROM {ks}.sessions WHERE key = ?"
            ))
            .await?,
            sessions_after: prepare(format!("UPDATE {ks}.users SET sessions_after = ? WHERE user_id = ?")).await?,
            session_renew: prepare(format!(
                "UPDATE {ks}.sessions USING TTL ? SET renewed = ? WHERE key = ?"
            ))
            .await?,
            session_seen: prepare(format!(
                "UPDATE {ks}.sessions USING TTL ? SET last_seen = ? WHERE key = ?"
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

/// A session's row: its account, when it began (and began again, the one kept when the
/// others ended), when it ends, when it was last seen. Any may be missing from a row that
/// a write of "last seen" made again after it was deleted: such a row is no session.
type SessionRow = (
    Option<Uuid>,
    Option<DateTime<Utc>>,
    Option<DateTime<Utc>>,
    Option<DateTime<Utc>>,
    Option<DateTime<Utc>>,
);

/// An entry of an account's list: its session's key and what the session said of itself
/// (kind, agent, address, label, site; missing in an entry written before they were
/// kept).
type ListedRow = (
    Vec<u8>,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<String>,
);

/// One of an account's sessions, as its row has it.
struct Listed {
    /// When it began again, or began: what an account's ending of its sessions is
    /// compared with.
    begun: DateTime<Utc>,
    record: SessionRecord,
}

impl CassandraStore {
    /// The sessions an account's list names, each checked against its own row (the list
    /// says what a session said of itself; the row whether, and until when, it lives, and
    /// when it was last seen). Entries whose session is gone leave the list.
    async fn listed_sessions(&self, user: UserId) -> StoreResult<Vec<Listed>> {
        use futures_util::{StreamExt, TryStreamExt};
        let rows: Vec<ListedRow> = self.rows(&self.sessions.sessions_listed, (user.0,)).await?;
        futures_util::stream::iter(rows)
            .map(|(key, kind, agent, address, label, site)| async move {
                let row: Option<SessionRow> = self
                    .row(&self.sessions.session_read, (key.as_slice(),))
                    .await?;
                let Some((Some(owner), Some(created), renewed, Some(expires), seen)) = row else {
                    // Ended (or only a late "last seen" left of it).
                    self.exec(
                        &self.sessions.session_of_user_delete,
                        (user.0, key.as_slice()),
                    )
                    .await?;
                    return StoreResult::Ok(None);
                };
                if owner != user.0 {
                    return Ok(None);
                }
                let details = SessionDetails {
                    kind: SessionKind::parse(kind.as_deref().unwrap_or_default()),
                    agent: agent.unwrap_or_default(),
                    address: address.unwrap_or_default(),
                    label: label.unwrap_or_default(),
                    site: site.unwrap_or_default(),
                };
                Ok(Some(Listed {
                    begun: renewed.unwrap_or(created),
                    record: SessionRecord {
                        key,
                        created,
                        expires,
                        last_seen: seen.unwrap_or(created),
                        details,
                    },
                }))
            })
            .buffer_unordered(16)
            .try_filter_map(|found| async move { Ok(found) })
            .try_collect()
            .await
    }

    /// An account at [`MAX_SESSIONS_PER_ACCOUNT`] sessions loses its oldest, so that the
    /// new one keeps it at the bound. A sign-in costs one read of the account's list.
    async fn make_room_for_a_session(&self, user: UserId) -> StoreResult<()> {
        let keys: Vec<(Vec<u8>,)> = self
            .rows(&self.sessions.sessions_of_user, (user.0,))
            .await?;
        if keys.len() < MAX_SESSIONS_PER_ACCOUNT {
            return Ok(());
        }
        // At the bound: the sessions' rows say which began first (and which are gone).
        let mut listed = self.listed_sessions(user).await?;
        listed.sort_by_key(|l| l.begun);
        let over = (listed.len() + 1).saturating_sub(MAX_SESSIONS_PER_ACCOUNT);
        for gone in listed.into_iter().take(over) {
            self.forget_session(user, &gone.record.key).await?;
        }
        Ok(())
    }

    /// A session's row and its entry in the account's list go, together.
    async fn forget_session(&self, user: UserId, key: &[u8]) -> StoreResult<()> {
        self.batch(&self.sessions.session_forget, ((key,), (user.0, key)))
            .await
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
        let d = &session.details;
        let details = (
            d.kind.as_str(),
            d.agent.as_str(),
            d.address.as_str(),
            d.label.as_str(),
            d.site.as_str(),
        );
        let row = (
            key,
            session.user_id.0,
            session.created,
            session.expires,
            details.0,
            details.1,
            details.2,
            details.3,
            details.4,
            ttl,
        );
        let listed = (
            session.user_id.0,
            key,
            details.0,
            details.1,
            details.2,
            details.3,
            details.4,
            ttl,
        );
        self.batch(&self.sessions.session_insert, (row, listed))
            .await
    }

    async fn session(&self, key: &[u8], now: DateTime<Utc>) -> StoreResult<Option<LiveSession>> {
        let row: Option<SessionRow> = self.row(&self.sessions.session_read, (key,)).await?;
        let Some((Some(user_id), Some(created), renewed, Some(expires), seen)) = row else {
            return Ok(None);
        };
        if expires <= now {
            return Ok(None);
        }
        match self.user_row(UserId(user_id)).await? {
            Some(user) if !user.ended(renewed.unwrap_or(created)) => Ok(Some(LiveSession {
                user: user.into_user()?,
                expires,
                last_seen: seen.unwrap_or(created),
            })),
            _ => Ok(None),
        }
    }

    async fn touch_session(
        &self,
        key: &[u8],
        at: DateTime<Utc>,
        expires: DateTime<Utc>,
    ) -> StoreResult<()> {
        // The cell expires with its session. A session deleted meanwhile is left a row
        // with no account, which reads as no session. (The account's list reads it from
        // the row.)
        let ttl = (expires - at).num_seconds();
        if ttl <= 0 {
            return Ok(());
        }
        self.exec(&self.sessions.session_seen, (ttl as i32, at, key))
            .await?;
        Ok(())
    }

    async fn account_sessions(
        &self,
        user: UserId,
        now: DateTime<Utc>,
    ) -> StoreResult<Vec<SessionRecord>> {
        let Some(account) = self.user_row(user).await? else {
            return Ok(Vec::new());
        };
        let mut live: Vec<SessionRecord> = self
            .listed_sessions(user)
            .await?
            .into_iter()
            .filter(|l| l.record.expires > now && !account.ended(l.begun))
            .map(|l| l.record)
            .collect();
        live.sort_by(|a, b| b.created.cmp(&a.created).then_with(|| a.key.cmp(&b.key)));
        live.truncate(MAX_SESSIONS_PER_ACCOUNT);
        Ok(live)
    }

    async fn delete_session(&self, key: &[u8]) -> StoreResult<()> {
        let row: Option<SessionRow> = self.row(&self.sessions.session_read, (key,)).await?;
        match row {
            Some((Some(user), ..)) => self.forget_session(UserId(user), key).await,
            _ => {
                self.exec(&self.sessions.session_delete, (key,)).await?;
                Ok(())
            }
        }
    }

    async fn end_sessions(&self, user: UserId, keep: Option<&[u8]>) -> StoreResult<()> {
        // One write ends them all: sessions begun before it no longer count, so a process
        // that dies below leaves none alive. The one kept is begun again at that instant.
        let now = crate::domain::now();
        if let Some(key) = keep {
            let row: Option<SessionRow> = self.row(&self.sessions.session_read, (key,)).await?;
            if let Some((Some(owner), Some(_), _, Some(expires), _)) = row
                && owner == user.0
            {
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
