//! Sessions, rate-limited attempts and the links mailed to accounts.

use super::accounts::{USER_COLUMNS, UserRow};
use super::*;
use crate::domain::session::{SessionDetails, SessionKind};
use crate::store::{LiveSession, SessionRecord};

/// A live session's account (its columns first), end and last sighting, and how many
/// columns the account has: the statement is made once.
static SESSION_SQL: std::sync::LazyLock<(String, usize)> = std::sync::LazyLock::new(|| {
    (
        format!(
            "SELECT {USER_COLUMNS}, s_expires, s_seen FROM users JOIN \
             (SELECT user_id AS s_user, expires AS s_expires, coalesce(last_seen, created) AS s_seen \
              FROM sessions WHERE key = ?1 AND expires > ?2) ON id = s_user"
        ),
        USER_COLUMNS.split(", ").count(),
    )
});

#[async_trait]
impl Sessions for SqliteStore {
    async fn record_attempt(
        &self,
        key: &str,
        at: DateTime<Utc>,
        window: Duration,
    ) -> StoreResult<()> {
        let key = key.to_owned();
        let (at, expires) = (
            at.timestamp_millis(),
            at.timestamp_millis() + window.as_millis() as i64,
        );
        self.run(move |sql| {
            sql.prepare("DELETE FROM rate_events WHERE key = ?1 AND expires <= ?2")
                .and_then(|mut s| s.execute(params![key, at]))
                .map_err(unavailable)?;
            sql.prepare("INSERT INTO rate_events (key, at, expires) VALUES (?1, ?2, ?3)")
                .and_then(|mut s| s.execute(params![key, at, expires]))
                .map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    async fn attempts_since(&self, key: &str, since: DateTime<Utc>, cap: u32) -> StoreResult<u32> {
        let key = key.to_owned();
        self.read(move |sql| {
            sql
                .prepare("SELECT count(*) FROM (SELECT 1 FROM rate_events WHERE key = ?1 AND at > ?2 LIMIT ?3)")
                .and_then(|mut s| s.query_row(params![key, since.timestamp_millis(), cap], |r| r.get(0)))
                .map_err(unavailable)
        })
        .await
    }

    async fn create_session(&self, session: &NewSession) -> StoreResult<()> {
        let session = session.clone();
        self.run(move |sql| {
            // The account's oldest sessions beyond the bound end first.
            sql.prepare(
                "DELETE FROM sessions WHERE key IN (SELECT key FROM sessions \
                 WHERE user_id = ?1 ORDER BY created DESC LIMIT -1 OFFSET ?2)",
            )
            .and_then(|mut s| {
                s.execute(params![
                    session.user_id.0.to_string(),
                    (crate::store::accounts::MAX_SESSIONS_PER_ACCOUNT - 1) as i64
                ])
            })
            .map_err(unavailable)?;
            let d = &session.details;
            sql.prepare(
                "INSERT INTO sessions (key, user_id, created, expires, kind, agent, address, label, site) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            )
            .and_then(|mut s| {
                s.execute(params![
                    session.key,
                    session.user_id.0.to_string(),
                    session.created.timestamp_millis(),
                    session.expires.timestamp_millis(),
                    d.kind.as_str(),
                    d.agent,
                    d.address,
                    d.label,
                    d.site
                ])
            })
            .map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    async fn session(&self, key: &[u8], now: DateTime<Utc>) -> StoreResult<Option<LiveSession>> {
        let key = key.to_vec();
        self.read(move |sql| {
            let (statement, n) = (&SESSION_SQL.0, SESSION_SQL.1);
            let row = sql
                .prepare(statement)
                .and_then(|mut s| {
                    s.query_row(params![key, now.timestamp_millis()], |r| {
                        Ok((
                            UserRow::read(r)?,
                            r.get::<_, i64>(n)?,
                            r.get::<_, i64>(n + 1)?,
                        ))
                    })
                    .optional()
                })
                .map_err(unavailable)?;
            row.map(|(user, expires, seen)| {
                Ok(LiveSession {
                    user: user.into_user()?,
                    expires: millis_to_time(expires),
                    last_seen: millis_to_time(seen),
                })
            })
            .transpose()
        })
        .await
    }

    async fn touch_session(
        &self,
        key: &[u8],
        at: DateTime<Utc>,
        _expires: DateTime<Utc>,
    ) -> StoreResult<()> {
        let key = key.to_vec();
        self.run(move |sql| {
            sql.prepare("UPDATE sessions SET last_seen = ?2 WHERE key = ?1")
                .and_then(|mut s| s.execute(params![key, at.timestamp_millis()]))
                .map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    async fn account_sessions(
        &self,
        user: UserId,
        now: DateTime<Utc>,
    ) -> StoreResult<Vec<SessionRecord>> {
        self.read(move |sql| {
            let mut st = sql
                .prepare(
                    "SELECT key, created, expires, coalesce(last_seen, created), kind, agent, address, label, site \
                     FROM sessions WHERE user_id = ?1 AND expires > ?2 ORDER BY created DESC, key ASC LIMIT ?3",
                )
                .map_err(unavailable)?;
            let rows = st
                .query_map(
                    params![
                        user.0.to_string(),
                        now.timestamp_millis(),
                        crate::store::accounts::MAX_SESSIONS_PER_ACCOUNT as i64
                    ],
                    |r| {
                        Ok((
                            r.get::<_, Vec<u8>>(0)?,
                            r.get::<_, i64>(1)?,
                            r.get::<_, i64>(2)?,
                            r.get::<_, i64>(3)?,
                            r.get::<_, String>(4)?,
                            r.get::<_, String>(5)?,
                            r.get::<_, String>(6)?,
                            r.get::<_, String>(7)?,
                            r.get::<_, String>(8)?,
                        ))
                    },
                )
                .map_err(unavailable)?
                .collect::<Result<Vec<_>, _>>()
                .map_err(unavailable)?;
            rows.into_iter()
                .map(|(key, created, expires, seen, kind, agent, address, label, site)| {
                    Ok(SessionRecord {
                        key,
                        created: millis_to_time(created),
                        expires: millis_to_time(expires),
                        last_seen: millis_to_time(seen),
                        details: SessionDetails {
                            kind: SessionKind::parse(&kind),
                            agent,
                            address,
                            label,
                            site,
                        },
                    })
                })
                .collect()
        })
        .await
    }

    async fn delete_session(&self, key: &[u8]) -> StoreResult<()> {
        let key = key.to_vec();
        self.run(move |sql| {
            sql.prepare("DELETE FROM sessions WHERE key = ?1")
                .and_then(|mut s| s.execute([key]))
                .map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    async fn end_sessions(&self, user: UserId, keep: Option<&[u8]>) -> StoreResult<()> {
        let keep = keep.map(<[u8]>::to_vec).unwrap_or_default();
        self.run(move |sql| {
            sql.prepare("DELETE FROM sessions WHERE user_id = ?1 AND key != ?2")
                .and_then(|mut s| s.execute(params![user.0.to_string(), keep]))
                .map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    async fn create_account_link(
        &self,
        key: &[u8],
        link: &AccountLink,
        expires: DateTime<Utc>,
    ) -> StoreResult<()> {
        let key = key.to_vec();
        let link = link.clone();
        self.run(move |sql| {
            // Links that ended a day ago are of no use to anyone: they go.
            let day_ago = (Utc::now() - chrono::Duration::days(1)).timestamp_millis();
            sql.prepare("DELETE FROM password_resets WHERE expires < ?1")
                .and_then(|mut s| s.execute([day_ago]))
                .map_err(unavailable)?;
            sql.prepare(
                "INSERT INTO password_resets (key, user_id, stamp, new_email, expires)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
            )
            .and_then(|mut s| {
                s.execute(params![
                    key,
                    link.user.0.to_string(),
                    link.stamp,
                    link.new_email.as_ref().map(|e| e.as_str().to_owned()),
                    expires.timestamp_millis()
                ])
            })
            .map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    async fn account_link(
        &self,
        key: &[u8],
        now: DateTime<Utc>,
    ) -> StoreResult<Option<AccountLink>> {
        let key = key.to_vec();
        self.read(move |sql| {
            link_found(
                sql,
                "SELECT user_id, stamp, new_email FROM password_resets
                 WHERE key = ?1 AND used = 0 AND expires > ?2",
                &key,
                now,
            )
        })
        .await
    }

    async fn use_account_link(
        &self,
        key: &[u8],
        now: DateTime<Utc>,
    ) -> StoreResult<Option<AccountLink>> {
        let key = key.to_vec();
        self.run(move |sql| {
            link_found(
                sql,
                "UPDATE password_resets SET used = 1
                 WHERE key = ?1 AND used = 0 AND expires > ?2 RETURNING user_id, stamp, new_email",
                &key,
                now,
            )
        })
        .await
    }
}

/// The link a statement of `key` and `now` finds (or uses): its account, stamp and the
/// address it confirms.
fn link_found(
    sql: &Sql<'_>,
    statement: &str,
    key: &[u8],
    now: DateTime<Utc>,
) -> StoreResult<Option<AccountLink>> {
    let found: Option<(String, String, Option<String>)> = sql
        .prepare(statement)
        .and_then(|mut s| {
            s.query_row(params![key, now.timestamp_millis()], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?))
            })
            .optional()
        })
        .map_err(unavailable)?;
    found
        .map(|(user, stamp, new_email)| {
            Ok(AccountLink {
                user: UserId(uuid(&user)?),
                stamp,
                new_email: new_email
                    .map(|e| Email::parse(&e))
                    .transpose()
                    .map_err(|e| StoreError::Corrupt(format!("a link's address: {}", e.0)))?,
            })
        })
        .transpose()
}
