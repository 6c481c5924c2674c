//! Members of the sites that keep roles of their own: a row per site and account.

use super::*;
use crate::store::members::{MEMBERS_PAGE_CAP, Membership, SITE_ADMINS_CAP};

fn membership(r: &rusqlite::Row<'_>) -> rusqlite::Result<(String, String, bool, i64)> {
    Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
}

fn parsed(
    (user, role, banned, joined): (String, String, bool, i64),
) -> StoreResult<(UserId, Membership)> {
    Ok((
        UserId(uuid(&user)?),
        Membership {
            role: Role::parse(&role)?,
            banned,
            joined: millis_to_time(joined),
        },
    ))
}

fn find(sql: &Sql<'_>, site: &Site, user: UserId) -> StoreResult<Option<Membership>> {
    let row = sql
        .prepare(
            "SELECT user_id, role, banned, joined FROM site_members WHERE site = ?1 AND user_id = ?2",
        )
        .and_then(|mut s| {
            s.query_row(params![site.as_str(), user.0.to_string()], membership)
                .optional()
        })
        .map_err(unavailable)?;
    Ok(row.map(parsed).transpose()?.map(|(_, m)| m))
}

/// Sets a member's role or ban or both (a reader from `at` if it was no member), in
/// `sql`'s transaction.
pub(super) fn set(
    sql: &Sql<'_>,
    site: &Site,
    user: UserId,
    role: Option<Role>,
    banned: Option<bool>,
    at: DateTime<Utc>,
) -> StoreResult<Membership> {
    sql.prepare(
        "INSERT INTO site_members (site, user_id, role, banned, joined)
         VALUES (?1, ?2, COALESCE(?3, 'reader'), COALESCE(?4, 0), ?5)
         ON CONFLICT (site, user_id) DO UPDATE SET role = COALESCE(?3, role),
             banned = COALESCE(?4, banned)",
    )
    .and_then(|mut s| {
        s.execute(params![
            site.as_str(),
            user.0.to_string(),
            role.map(Role::as_str),
            banned,
            at.timestamp_millis()
        ])
    })
    .map_err(unavailable)?;
    find(sql, site, user)?.ok_or_else(|| StoreError::Unavailable("a membership vanished".into()))
}

#[async_trait]
impl Members for SqliteStore {
    async fn membership(&self, site: &Site, user: UserId) -> StoreResult<Option<Membership>> {
        self.read(|sql| find(sql, site, user)).await
    }

    async fn join_site(
        &self,
        site: &Site,
        user: UserId,
        role: Role,
        at: DateTime<Utc>,
    ) -> StoreResult<Membership> {
        if let Some(kept) = self.membership(site, user).await? {
            return Ok(kept);
        }
        let site = site.clone();
        self.transaction(move |sql| {
            sql.prepare(
                "INSERT INTO site_members (site, user_id, role, banned, joined)
                 VALUES (?1, ?2, ?3, 0, ?4) ON CONFLICT (site, user_id) DO NOTHING",
            )
            .and_then(|mut s| {
                s.execute(params![
                    site.as_str(),
                    user.0.to_string(),
                    role.as_str(),
                    at.timestamp_millis()
                ])
            })
            .map_err(unavailable)?;
            find(sql, &site, user)?
                .ok_or_else(|| StoreError::Unavailable("a membership vanished".into()))
        })
        .await
    }

    async fn set_membership(
        &self,
        site: &Site,
        user: UserId,
        role: Option<Role>,
        banned: Option<bool>,
        at: DateTime<Utc>,
    ) -> StoreResult<Membership> {
        let site = site.clone();
        self.transaction(move |sql| set(sql, &site, user, role, banned, at))
            .await
    }

    async fn members_page(
        &self,
        site: &Site,
        before: Option<(DateTime<Utc>, UserId)>,
        limit: usize,
    ) -> StoreResult<Vec<(UserId, Membership)>> {
        let limit = limit.clamp(1, MEMBERS_PAGE_CAP) as i64;
        let (at, id) = before.map_or((i64::MAX, String::new()), |(at, id)| {
            (at.timestamp_millis(), id.0.to_string())
        });
        self.read(|sql| {
            let rows = sql
                .prepare(
                    "SELECT user_id, role, banned, joined FROM site_members
                     WHERE site = ?1 AND (joined < ?2 OR (joined = ?2 AND user_id < ?3))
                     ORDER BY joined DESC, user_id DESC LIMIT ?4",
                )
                .and_then(|mut s| {
                    s.query_map(params![site.as_str(), at, id, limit], membership)?
                        .collect::<rusqlite::Result<Vec<_>>>()
                })
                .map_err(unavailable)?;
            rows.into_iter().map(parsed).collect()
        })
        .await
    }

    async fn site_admins(&self, site: &Site, limit: usize) -> StoreResult<Vec<UserId>> {
        let limit = limit.min(SITE_ADMINS_CAP) as i64;
        self.read(|sql| {
            let ids = sql
                .prepare(
                    "SELECT user_id FROM site_members WHERE site = ?1 AND role = 'admin'
                     ORDER BY user_id LIMIT ?2",
                )
                .and_then(|mut s| {
                    s.query_map(params![site.as_str(), limit], |r| r.get::<_, String>(0))?
                        .collect::<rusqlite::Result<Vec<_>>>()
                })
                .map_err(unavailable)?;
            ids.iter().map(|id| Ok(UserId(uuid(id)?))).collect()
        })
        .await
    }

    async fn sites_of_member(
        &self,
        user: UserId,
        after: Option<&Site>,
        limit: usize,
    ) -> StoreResult<Vec<Site>> {
        let limit = limit.clamp(1, MEMBERS_PAGE_CAP) as i64;
        let after = after.map(|s| s.as_str().to_owned()).unwrap_or_default();
        self.read(move |sql| {
            let rows: Vec<String> = sql
                .prepare(
                    "SELECT site FROM site_members WHERE user_id = ?1 AND site > ?2
                     ORDER BY site LIMIT ?3",
                )
                .and_then(|mut s| {
                    s.query_map(params![user.0.to_string(), after, limit], |r| r.get(0))?
                        .collect::<rusqlite::Result<Vec<_>>>()
                })
                .map_err(unavailable)?;
            rows.iter()
                .map(|s| Site::parse(s).map_err(StoreError::from))
                .collect()
        })
        .await
    }
}
