//! Members of the sites that keep roles of their own (`site_members`, written by LWTs
//! only), listed by the month they joined (`site_members_by_month`, `site_member_months`).

use super::{CassandraStore, lwt};
use crate::domain::{Role, Site, UserId};
use crate::store::members::{MEMBERS_PAGE_CAP, Membership, SITE_ADMINS_CAP};
use crate::store::{Members, StoreError, StoreResult};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use scylla::client::session::Session;
use scylla::errors::ExecutionError;
use scylla::statement::prepared::PreparedStatement;
use uuid::Uuid;

/// The statements of this file, prepared once at start.
pub(super) struct Statements {
    read: PreparedStatement,
    read_serial: PreparedStatement,
    join: PreparedStatement,
    change_role: PreparedStatement,
    change_ban: PreparedStatement,
    change_both: PreparedStatement,
    list_write: PreparedStatement,
    month_write: PreparedStatement,
    months_read: PreparedStatement,
    list_read: PreparedStatement,
    list_read_before: PreparedStatement,
    site_list_write: PreparedStatement,
    sites_read: PreparedStatement,
    admin_write: PreparedStatement,
    admin_write_at: PreparedStatement,
    admin_delete_at: PreparedStatement,
    admins_read: PreparedStatement,
    role_time_serial: PreparedStatement,
}

impl Statements {
    pub(super) async fn prepare(session: &Session, ks: &str) -> Result<Self, ExecutionError> {
        let prepare = |cql: String| super::prepare(session, cql);
        let read = format!(
            "SELECT role, banned, joined FROM {ks}.site_members WHERE site = ? AND user_id = ?"
        );
        Ok(Self {
            read: prepare(read.clone()).await?,
            read_serial: {
                let mut statement = prepare(read).await?;
                super::read_serially(&mut statement);
                statement
            },
            join: prepare(format!(
                "INSERT INTO {ks}.site_members (site, user_id, role, banned, joined) VALUES (?, ?, ?, false, ?) IF NOT EXISTS"
            ))
            .await?,
            change_role: prepare(format!(
                "UPDATE {ks}.site_members SET role = ? WHERE site = ? AND user_id = ? IF EXISTS"
            ))
            .await?,
            change_ban: prepare(format!(
                "UPDATE {ks}.site_members SET banned = ? WHERE site = ? AND user_id = ? IF EXISTS"
            ))
            .await?,
            change_both: prepare(format!(
                "UPDATE {ks}.site_members SET role = ?, banned = ? WHERE site = ? AND user_id = ? IF EXISTS"
            ))
            .await?,
            list_write: prepare(format!(
                "INSERT INTO {ks}.site_members_by_month (site, month, joined, user_id) VALUES (?, ?, ?, ?)"
            ))
            .await?,
            month_write: prepare(format!(
                "INSERT INTO {ks}.site_member_months (site, month) VALUES (?, ?)"
            ))
            .await?,
            months_read: prepare(format!(
                "SELECT month FROM {ks}.site_member_months WHERE site = ?"
            ))
            .await?,
            list_read: prepare(format!(
                "SELECT joined, user_id FROM {ks}.site_members_by_month WHERE site = ? AND month = ? LIMIT ?"
            ))
            .await?,
            site_list_write: prepare(format!(
                "INSERT INTO {ks}.member_sites (user_id, site, joined) VALUES (?, ?, ?)"
            ))
            .await?,
            sites_read: prepare(format!(
                "SELECT site FROM {ks}.member_sites WHERE user_id = ? AND site > ? LIMIT ?"
            ))
            .await?,
            admin_write: prepare(format!(
                "INSERT INTO {ks}.site_admins (site, user_id) VALUES (?, ?)"
            ))
            .await?,
            admin_write_at: prepare(format!(
                "INSERT INTO {ks}.site_admins (site, user_id) VALUES (?, ?) USING TIMESTAMP ?"
            ))
            .await?,
            admin_delete_at: prepare(format!(
                "DELETE FROM {ks}.site_admins USING TIMESTAMP ? WHERE site = ? AND user_id = ?"
            ))
            .await?,
            role_time_serial: {
                let mut statement = prepare(format!(
                    "SELECT role, WRITETIME(role) FROM {ks}.site_members WHERE site = ? AND user_id = ?"
                ))
                .await?;
                super::read_serially(&mut statement);
                statement
            },
            admins_read: prepare(format!(
                "SELECT user_id FROM {ks}.site_admins WHERE site = ? LIMIT ?"
            ))
            .await?,
            list_read_before: prepare(format!(
                "SELECT joined, user_id FROM {ks}.site_members_by_month WHERE site = ? AND month = ? \
                 AND (joined, user_id) < (?, ?) LIMIT ?"
            ))
            .await?,
        })
    }
}

type Row = (Option<String>, Option<bool>, Option<DateTime<Utc>>);

fn membership((role, banned, joined): Row) -> StoreResult<Membership> {
    Ok(Membership {
        role: Role::parse(role.as_deref().unwrap_or("reader"))?,
        banned: banned.unwrap_or(false),
        joined: joined.unwrap_or_default(),
    })
}

fn month(at: DateTime<Utc>) -> String {
    at.format("%Y-%m").to_string()
}

impl CassandraStore {
    async fn read_member(
        &self,
        site: &Site,
        user: UserId,
        serial: bool,
    ) -> StoreResult<Option<Membership>> {
        let statement = if serial {
            &self.members.read_serial
        } else {
            &self.members.read
        };
        self.row::<Row>(statement, (site.as_str(), user.0))
            .await?
            .map(membership)
            .transpose()
    }

    /// Makes the list of the site's administrators agree with the account's role as the
    /// serial read finds it, at the time the role was written (the time of the LWT that
    /// wrote it): of two changes of one account's role, the list ends as the later
    /// leaves the membership, whichever finishes first.
    async fn settle_admin_row(&self, site: &Site, user: UserId) -> StoreResult<()> {
        let Some((role, at)) = self
            .row::<(Option<String>, Option<i64>)>(
                &self.members.role_time_serial,
                (site.as_str(), user.0),
            )
            .await?
        else {
            return Ok(());
        };
        let at = at.unwrap_or(0);
        if role.as_deref() == Some(Role::Admin.as_str()) {
            self.exec(&self.members.admin_write_at, (site.as_str(), user.0, at))
                .await?;
        } else {
            self.exec(&self.members.admin_delete_at, (at, site.as_str(), user.0))
                .await?;
        }
        Ok(())
    }

    /// Lists a membership by the month it joined: the same rows whoever writes them.
    async fn list_member(
        &self,
        site: &Site,
        user: UserId,
        joined: DateTime<Utc>,
    ) -> StoreResult<()> {
        let month = month(joined);
        self.exec(
            &self.members.list_write,
            (site.as_str(), &month, joined, user.0),
        )
        .await?;
        self.exec(&self.members.month_write, (site.as_str(), &month))
            .await?;
        self.exec(
            &self.members.site_list_write,
            (user.0, site.as_str(), joined),
        )
        .await?;
        Ok(())
    }
}

#[async_trait]
impl Members for CassandraStore {
    async fn membership(&self, site: &Site, user: UserId) -> StoreResult<Option<Membership>> {
        self.read_member(site, user, false).await
    }

    async fn join_site(
        &self,
        site: &Site,
        user: UserId,
        role: Role,
        at: DateTime<Utc>,
    ) -> StoreResult<Membership> {
        if let Some(kept) = self.read_member(site, user, false).await? {
            // Listed again: a join that died before its list row is finished here.
            self.list_member(site, user, kept.joined).await?;
            return Ok(kept);
        }
        if role == Role::Admin {
            // Before the membership: the list of administrators holds every one.
            self.exec(&self.members.admin_write, (site.as_str(), user.0))
                .await?;
        }
        let mut attempt = self
            .session
            .execute_unpaged(
                &self.members.join,
                (site.as_str(), user.0, role.as_str(), at),
            )
            .await;
        lwt::lose_answer_if_armed(&self.options.faults, &mut attempt);
        if let Err(e) = &attempt
            && !lwt::is_cas_uncertain(e)
        {
            return Err(StoreError::Unavailable(e.to_string()));
        }
        // Applied or not, answered or not: the serial read says which membership is kept
        // (this one's, or one made at the same moment).
        let kept = self.read_member(site, user, true).await?.ok_or_else(|| {
            StoreError::Unavailable("joining the site did not take; try again".into())
        })?;
        if role == Role::Admin {
            self.settle_admin_row(site, user).await?;
        }
        self.list_member(site, user, kept.joined).await?;
        Ok(kept)
    }

    async fn set_membership(
        &self,
        site: &Site,
        user: UserId,
        role: Option<Role>,
        banned: Option<bool>,
        at: DateTime<Utc>,
    ) -> StoreResult<Membership> {
        let joined = self
            .join_site(site, user, role.unwrap_or(Role::Reader), at)
            .await?;
        let (site_key, id) = (site.as_str(), user.0);
        if role == Some(Role::Admin) {
            // Before the membership: the list of administrators holds every one.
            self.exec(&self.members.admin_write, (site_key, id)).await?;
        }
        for _ in 0..3 {
            // Only what changes is written: a role change and a ban at once keep both.
            let mut attempt = match (role, banned) {
                (Some(role), Some(banned)) => {
                    self.session
                        .execute_unpaged(
                            &self.members.change_both,
                            (role.as_str(), banned, site_key, id),
                        )
                        .await
                }
                (Some(role), None) => {
                    self.session
                        .execute_unpaged(&self.members.change_role, (role.as_str(), site_key, id))
                        .await
                }
                (None, Some(banned)) => {
                    self.session
                        .execute_unpaged(&self.members.change_ban, (banned, site_key, id))
                        .await
                }
                (None, None) => return Ok(joined),
            };
            lwt::lose_answer_if_armed(&self.options.faults, &mut attempt);
            if let Err(e) = &attempt
                && !lwt::is_cas_uncertain(e)
            {
                return Err(StoreError::Unavailable(e.to_string()));
            }
            // Setting the same values again is no blind retry: the serial read says
            // whether they hold.
            if let Some(now) = self.read_member(site, user, true).await?
                && role.is_none_or(|r| now.role == r)
                && banned.is_none_or(|b| now.banned == b)
            {
                if role.is_some() {
                    self.settle_admin_row(site, user).await?;
                }
                return Ok(now);
            }
        }
        Err(StoreError::Unavailable(
            "the member's role could not be set; try again".into(),
        ))
    }

    async fn members_page(
        &self,
        site: &Site,
        before: Option<(DateTime<Utc>, UserId)>,
        limit: usize,
    ) -> StoreResult<Vec<(UserId, Membership)>> {
        let limit = limit.clamp(1, MEMBERS_PAGE_CAP);
        let months: Vec<(String,)> = self
            .rows(&self.members.months_read, (site.as_str(),))
            .await?;
        let start = before.map(|(at, _)| month(at));
        let mut ids: Vec<Uuid> = Vec::new();
        for (month,) in months {
            if start.as_ref().is_some_and(|start| month > *start) {
                continue;
            }
            let want = limit.saturating_sub(ids.len()) as i32;
            if want == 0 {
                break;
            }
            let found: Vec<(DateTime<Utc>, Uuid)> = match before {
                Some((at, id)) if Some(&month) == start.as_ref() => {
                    self.rows(
                        &self.members.list_read_before,
                        (site.as_str(), &month, at, id.0, want),
                    )
                    .await?
                }
                _ => {
                    self.rows(&self.members.list_read, (site.as_str(), &month, want))
                        .await?
                }
            };
            ids.extend(found.into_iter().map(|(_, id)| id));
        }
        let members = futures_util::future::try_join_all(ids.into_iter().map(|id| async move {
            Ok::<_, StoreError>((UserId(id), self.membership(site, UserId(id)).await?))
        }))
        .await?;
        Ok(members
            .into_iter()
            .filter_map(|(id, m)| m.map(|m| (id, m)))
            .collect())
    }

    async fn site_admins(&self, site: &Site, limit: usize) -> StoreResult<Vec<UserId>> {
        let limit = limit.min(SITE_ADMINS_CAP);
        // The rows hold every administrator and perhaps a few whose demotion died
        // half-way: each is kept only if its membership says administrator.
        let listed: Vec<(Uuid,)> = self
            .rows(
                &self.members.admins_read,
                (site.as_str(), (SITE_ADMINS_CAP * 2) as i32),
            )
            .await?;
        use futures_util::{StreamExt, TryStreamExt, stream};
        stream::iter(listed)
            .map(|(id,)| async move {
                let member = self.read_member(site, UserId(id), false).await?;
                Ok::<_, StoreError>(member.filter(|m| m.role == Role::Admin).map(|_| UserId(id)))
            })
            .buffered(8)
            .try_filter_map(|admin| async move { Ok(admin) })
            .take(limit)
            .try_collect()
            .await
    }

    async fn sites_of_member(
        &self,
        user: UserId,
        after: Option<&Site>,
        limit: usize,
    ) -> StoreResult<Vec<Site>> {
        let limit = limit.clamp(1, MEMBERS_PAGE_CAP) as i32;
        let after = after.map_or("", Site::as_str);
        self.rows::<(String,)>(&self.members.sites_read, (user.0, after, limit))
            .await?
            .iter()
            .map(|(s,)| Site::parse(s).map_err(StoreError::from))
            .collect()
    }
}
