//! Subscribers, their links, mailings and deliveries.

use super::*;
use crate::domain::subscription::{Mailing, Scope, Subscription, shard_of};
use crate::store::caps::{self, page_size};
use crate::store::{LinkPurpose, NewSubscription, SubscriberPage, Subscriptions};

const SUBSCRIPTION_COLUMNS: &str = "email, scope, unsubscribe, created, confirmed";

/// A subscriber's address, scope, unsubscribe token, creation and confirmation.
type SubscriberRow = (String, String, String, i64, Option<i64>);

fn subscription(
    (email, scope, unsubscribe, created, confirmed): SubscriberRow,
) -> StoreResult<Subscription> {
    Ok(Subscription {
        email: Email::parse(&email)
            .map_err(|e| StoreError::Corrupt(format!("a subscriber's address: {}", e.0)))?,
        scope: Scope::from_key(&scope)
            .ok_or_else(|| StoreError::Corrupt(format!("a subscription's scope {scope:?}")))?,
        unsubscribe,
        created: millis_to_time(created),
        confirmed: confirmed.map(millis_to_time),
    })
}

fn purpose_text(purpose: LinkPurpose) -> &'static str {
    match purpose {
        LinkPurpose::Confirm => "confirm",
        LinkPurpose::Unsubscribe => "unsubscribe",
    }
}

/// The subscription a link's key names, with its confirmation deadline.
fn linked(
    sql: &Sql<'_>,
    site: &str,
    key: &[u8],
    purpose: LinkPurpose,
) -> StoreResult<Option<(String, String, i64, Subscription)>> {
    let found: Option<(String, String, i64, SubscriberRow)> = sql
        .prepare(&format!(
            "SELECT s.email_key, s.scope, s.confirm_by, {}
             FROM subscription_links l JOIN subscribers s
               ON s.site = l.site AND s.email_key = l.email_key AND s.scope = l.scope
             WHERE l.key = ?1 AND l.purpose = ?2 AND l.site = ?3",
            SUBSCRIPTION_COLUMNS
                .split(", ")
                .map(|c| format!("s.{c}"))
                .collect::<Vec<_>>()
                .join(", ")
        ))
        .and_then(|mut s| {
            s.query_row(params![key, purpose_text(purpose), site], |r| {
                Ok((
                    r.get(0)?,
                    r.get(1)?,
                    r.get(2)?,
                    (r.get(3)?, r.get(4)?, r.get(5)?, r.get(6)?, r.get(7)?),
                ))
            })
            .optional()
        })
        .map_err(unavailable)?;
    found
        .map(|(email_key, scope, confirm_by, row)| {
            Ok((email_key, scope, confirm_by, subscription(row)?))
        })
        .transpose()
}

/// Whether a subscription a link names is usable at `now`: a confirmation link while
/// it is pending and not past its deadline; an unsubscribe link while it is confirmed.
fn usable(purpose: LinkPurpose, confirm_by: i64, s: &Subscription, now: DateTime<Utc>) -> bool {
    match purpose {
        LinkPurpose::Confirm => s.confirmed.is_none() && confirm_by > now.timestamp_millis(),
        LinkPurpose::Unsubscribe => s.confirmed.is_some(),
    }
}

#[async_trait]
impl Subscriptions for SqliteStore {
    async fn subscribe(&self, site: &Site, new: &NewSubscription) -> StoreResult<bool> {
        let (site, new) = (site.to_string(), new.clone());
        self.transaction(move |sql| {
            let (key, scope) = (new.email.key(), new.scope.key());
            // Pending subscriptions whose link died a day ago go, with their links.
            let stale = (new.at - chrono::Duration::days(1)).timestamp_millis();
            for statement in [
                "DELETE FROM subscription_links WHERE (site, email_key, scope) IN
                   (SELECT site, email_key, scope FROM subscribers
                    WHERE site = ?1 AND confirmed IS NULL AND confirm_by < ?2)",
                "DELETE FROM subscribers WHERE site = ?1 AND confirmed IS NULL AND confirm_by < ?2",
            ] {
                sql.prepare(statement)
                    .and_then(|mut s| s.execute(params![site, stale]))
                    .map_err(unavailable)?;
            }
            // A pending subscription asked for again gets new links (the old ones still
            // confirm it); a confirmed one is left as it is.
            let made = sql
                .prepare(
                    "INSERT INTO subscribers
                     (site, email_key, scope, shard, email, unsubscribe, created, confirm_by)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
                     ON CONFLICT (site, email_key, scope) DO UPDATE SET
                         email = ?5, unsubscribe = ?6, created = ?7, confirm_by = ?8
                     WHERE confirmed IS NULL",
                )
                .and_then(|mut s| {
                    s.execute(params![
                        site,
                        key,
                        scope,
                        shard_of(&key),
                        new.email.as_str(),
                        new.unsubscribe,
                        new.at.timestamp_millis(),
                        new.confirm_by.timestamp_millis()
                    ])
                })
                .map_err(unavailable)?
                == 1;
            if made {
                let unsubscribe_key = crate::domain::token::session_key(&new.unsubscribe);
                for (link, purpose) in [
                    (new.confirm_key.clone(), LinkPurpose::Confirm),
                    (unsubscribe_key, LinkPurpose::Unsubscribe),
                ] {
                    sql.prepare(
                        "INSERT OR REPLACE INTO subscription_links (key, purpose, site, email_key, scope)
                         VALUES (?1, ?2, ?3, ?4, ?5)",
                    )
                    .and_then(|mut s| s.execute(params![link, purpose_text(purpose), site, key, scope]))
                    .map_err(unavailable)?;
                }
            }
            Ok(made)
        })
        .await
    }

    async fn subscription_link(
        &self,
        site: &Site,
        key: &[u8],
        purpose: LinkPurpose,
        now: DateTime<Utc>,
    ) -> StoreResult<Option<Subscription>> {
        let (site, key) = (site.to_string(), key.to_vec());
        self.read(move |sql| {
            Ok(linked(sql, &site, &key, purpose)?
                .filter(|(_, _, by, s)| usable(purpose, *by, s, now))
                .map(|(_, _, _, s)| s))
        })
        .await
    }

    async fn confirm_subscription(
        &self,
        site: &Site,
        key: &[u8],
        now: DateTime<Utc>,
    ) -> StoreResult<Option<Subscription>> {
        let (site, key) = (site.to_string(), key.to_vec());
        self.transaction(move |sql| {
            let Some((email_key, scope, by, found)) =
                linked(sql, &site, &key, LinkPurpose::Confirm)?
            else {
                return Ok(None);
            };
            if !usable(LinkPurpose::Confirm, by, &found, now) {
                return Ok(None);
            }
            let changed = sql
                .prepare(
                    "UPDATE subscribers SET confirmed = ?4
                     WHERE site = ?1 AND email_key = ?2 AND scope = ?3 AND confirmed IS NULL",
                )
                .and_then(|mut s| {
                    s.execute(params![site, email_key, scope, now.timestamp_millis()])
                })
                .map_err(unavailable)?;
            Ok((changed == 1).then_some(Subscription {
                confirmed: Some(now),
                ..found
            }))
        })
        .await
    }

    async fn unsubscribe(&self, site: &Site, key: &[u8]) -> StoreResult<Option<Subscription>> {
        let (site, key) = (site.to_string(), key.to_vec());
        self.transaction(move |sql| {
            let Some((email_key, scope, _, found)) =
                linked(sql, &site, &key, LinkPurpose::Unsubscribe)?
            else {
                return Ok(None);
            };
            for statement in [
                "DELETE FROM subscribers WHERE site = ?1 AND email_key = ?2 AND scope = ?3",
                "DELETE FROM subscription_links WHERE site = ?1 AND email_key = ?2 AND scope = ?3",
            ] {
                sql.prepare(statement)
                    .and_then(|mut s| s.execute(params![site, email_key, scope]))
                    .map_err(unavailable)?;
            }
            Ok(Some(found))
        })
        .await
    }

    async fn subscribers(
        &self,
        site: &Site,
        shard: i32,
        cursor: Option<&str>,
        limit: usize,
    ) -> Result<SubscriberPage, PageError> {
        let after = match cursor {
            None => (String::new(), String::new()),
            Some(c) => {
                let (key, scope) = c.split_once('\n').ok_or(PageError::BadCursor)?;
                (key.to_owned(), scope.to_owned())
            }
        };
        let (site, limit) = (site.to_string(), page_size(limit, caps::ROSTER));
        let rows: Vec<(String, String, (String, String, String, i64, Option<i64>))> = self
            .read(move |sql| {
                sql.prepare(&format!(
                    "SELECT email_key, scope, {SUBSCRIPTION_COLUMNS} FROM subscribers
                     WHERE site = ?1 AND shard = ?2 AND confirmed IS NOT NULL
                       AND (email_key, scope) > (?3, ?4)
                     ORDER BY email_key, scope LIMIT ?5"
                ))
                .and_then(|mut s| {
                    s.query_map(params![site, shard, after.0, after.1, limit as i64], |r| {
                        Ok((
                            r.get(0)?,
                            r.get(1)?,
                            (r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?, r.get(6)?),
                        ))
                    })?
                    .collect::<Result<_, _>>()
                })
                .map_err(unavailable)
            })
            .await?;
        let next = (rows.len() == limit)
            .then(|| rows.last().map(|(k, s, _)| format!("{k}\n{s}")))
            .flatten();
        let subscriptions = rows
            .into_iter()
            .map(|(_, _, row)| subscription(row))
            .collect::<StoreResult<_>>()?;
        Ok(SubscriberPage {
            subscriptions,
            next,
        })
    }

    async fn open_mailing(&self, site: &Site, mailing: &Mailing) -> StoreResult<bool> {
        let (site, m) = (site.to_string(), mailing.clone());
        self.run(move |sql| {
            Ok(sql
                .prepare(
                    "INSERT OR IGNORE INTO mailings
                     (site, post_id, slug, title, excerpt, author_id, author_name, published)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                )
                .and_then(|mut s| {
                    s.execute(params![
                        site,
                        m.post.0.to_string(),
                        m.slug,
                        m.title,
                        m.excerpt,
                        m.author_id.map(|a| a.0.to_string()),
                        m.author_name,
                        m.published.timestamp_millis()
                    ])
                })
                .map_err(unavailable)?
                == 1)
        })
        .await
    }

    async fn open_mailings(&self, site: &Site) -> StoreResult<Vec<Mailing>> {
        let site = site.to_string();
        type Row = (String, String, String, String, Option<String>, String, i64);
        let rows: Vec<Row> = self
            .read(move |sql| {
                sql.prepare(
                    "SELECT post_id, slug, title, excerpt, author_id, author_name, published
                     FROM mailings WHERE site = ?1 AND done = 0
                     ORDER BY published LIMIT 100",
                )
                .and_then(|mut s| {
                    s.query_map(params![site], |r| {
                        Ok((
                            r.get(0)?,
                            r.get(1)?,
                            r.get(2)?,
                            r.get(3)?,
                            r.get(4)?,
                            r.get(5)?,
                            r.get(6)?,
                        ))
                    })?
                    .collect::<Result<_, _>>()
                })
                .map_err(unavailable)
            })
            .await?;
        rows.into_iter()
            .map(
                |(post, slug, title, excerpt, author, author_name, published)| {
                    Ok(Mailing {
                        post: PostId(uuid(&post)?),
                        slug,
                        title,
                        excerpt,
                        author_id: author.map(|a| uuid(&a).map(UserId)).transpose()?,
                        author_name,
                        published: millis_to_time(published),
                    })
                },
            )
            .collect()
    }

    async fn close_mailing(&self, site: &Site, mailing: &Mailing) -> StoreResult<()> {
        let (site, post) = (site.to_string(), mailing.post.0.to_string());
        self.run(move |sql| {
            sql.prepare("UPDATE mailings SET done = 1 WHERE site = ?1 AND post_id = ?2")
                .and_then(|mut s| s.execute(params![site, post]))
                .map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    async fn release_delivery(
        &self,
        site: &Site,
        mailing: &Mailing,
        email_key: &str,
        at: DateTime<Utc>,
    ) -> StoreResult<()> {
        let (site, post, key) = (
            site.to_string(),
            mailing.post.0.to_string(),
            email_key.to_owned(),
        );
        self.run(move |sql| {
            sql.prepare(
                "DELETE FROM deliveries WHERE site = ?1 AND post_id = ?2 AND email_key = ?3 AND at = ?4",
            )
            .and_then(|mut s| s.execute(params![site, post, key, at.timestamp_millis()]))
            .map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    async fn claim_delivery(
        &self,
        site: &Site,
        mailing: &Mailing,
        email_key: &str,
        at: DateTime<Utc>,
    ) -> StoreResult<bool> {
        let (site, post, key) = (
            site.to_string(),
            mailing.post.0.to_string(),
            email_key.to_owned(),
        );
        self.run(move |sql| {
            Ok(sql
                .prepare(
                    "INSERT OR IGNORE INTO deliveries (site, post_id, email_key, at) VALUES (?1, ?2, ?3, ?4)",
                )
                .and_then(|mut s| s.execute(params![site, post, key, at.timestamp_millis()]))
                .map_err(unavailable)?
                == 1)
        })
        .await
    }
}
