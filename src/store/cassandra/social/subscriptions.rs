//! Subscribers, their links, mailings and deliveries.

use crate::domain::subscription::{Mailing, Scope, Subscription, shard_of};
use crate::domain::{Email, PostId, Site, UserId};
use crate::store::caps::{self, page_size};
use crate::store::cassandra::{CassandraStore, lwt};
use crate::store::{LinkPurpose, NewSubscription, SubscriberPage, Subscriptions};
use crate::store::{PageError, StoreError, StoreResult};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use scylla::client::session::Session;
use scylla::errors::ExecutionError;
use scylla::serialize::row::SerializeRow;
use scylla::statement::prepared::PreparedStatement;
use uuid::Uuid;

/// How long a pending subscription (and its links) outlives its confirmation deadline.
const PENDING_AFTER: i64 = 86400;

/// A subscriber row: address, scope, unsubscribe token, made, confirm-by, confirmed.
type SubscriberRow = (
    Option<String>,
    String,
    Option<String>,
    Option<DateTime<Utc>>,
    Option<DateTime<Utc>>,
    Option<DateTime<Utc>>,
);

fn subscription_of(row: SubscriberRow) -> Option<(Subscription, DateTime<Utc>)> {
    let (email, scope, unsubscribe, created, confirm_by, confirmed) = row;
    Some((
        Subscription {
            email: Email::parse(&email?).ok()?,
            scope: Scope::from_key(&scope)?,
            unsubscribe: unsubscribe?,
            created: created?,
            confirmed,
        },
        confirm_by?,
    ))
}

fn purpose_text(purpose: LinkPurpose) -> &'static str {
    match purpose {
        LinkPurpose::Confirm => "confirm",
        LinkPurpose::Unsubscribe => "unsubscribe",
    }
}

/// The statements of this file, prepared once at start.
pub(in crate::store::cassandra) struct Statements {
    insert: PreparedStatement,
    renew: PreparedStatement,
    read: PreparedStatement,
    confirm: PreparedStatement,
    delete: PreparedStatement,
    first: PreparedStatement,
    after: PreparedStatement,
    link_insert: PreparedStatement,
    link_read: PreparedStatement,
    link_delete: PreparedStatement,
    mailing_insert: PreparedStatement,
    mailing_read: PreparedStatement,
    mailing_done: PreparedStatement,
    open_insert: PreparedStatement,
    open_read: PreparedStatement,
    open_delete: PreparedStatement,
    delivery_claim: PreparedStatement,
    delivery_release: PreparedStatement,
    /// A delivery's claim read at SERIAL, to settle an LWT on it whose outcome is unknown.
    delivery_serial: PreparedStatement,
}

const SUBSCRIBER_COLUMNS: &str = "email, scope, unsubscribe, created, confirm_by, confirmed";
const SUBSCRIBER_KEY: &str = "site = ? AND shard = ? AND email_key = ? AND scope = ?";

impl Statements {
    pub(in crate::store::cassandra) async fn prepare(
        session: &Session,
        ks: &str,
    ) -> Result<Self, ExecutionError> {
        let prepare = |cql: String| crate::store::cassandra::prepare(session, cql);
        Ok(Self {
            insert: prepare(format!(
                "INSERT INTO {ks}.subscribers (site, shard, email_key, scope, email, unsubscribe, created, confirm_by)
                 VALUES (?, ?, ?, ?, ?, ?, ?, ?) IF NOT EXISTS USING TTL ?"
            ))
            .await?,
            renew: prepare(format!(
                "UPDATE {ks}.subscribers USING TTL ? SET email = ?, unsubscribe = ?, created = ?, confirm_by = ?
                 WHERE {SUBSCRIBER_KEY} IF confirmed = null"
            ))
            .await?,
            read: prepare(format!(
                "SELECT {SUBSCRIBER_COLUMNS} FROM {ks}.subscribers WHERE {SUBSCRIBER_KEY}"
            ))
            .await?,
            // Every cell again, without a TTL: the row outlives its pending insert's.
            // `confirm_by` in the condition: a row unsubscribed (gone) meanwhile stays gone.
            confirm: prepare(format!(
                "UPDATE {ks}.subscribers USING TTL 0 SET email = ?, unsubscribe = ?, created = ?, confirm_by = ?,
                 confirmed = ? WHERE {SUBSCRIBER_KEY} IF confirmed = null AND confirm_by = ?"
            ))
            .await?,
            delete: prepare(format!(
                "DELETE FROM {ks}.subscribers WHERE {SUBSCRIBER_KEY} IF EXISTS"
            ))
            .await?,
            first: prepare(format!(
                "SELECT email_key, {SUBSCRIBER_COLUMNS} FROM {ks}.subscribers WHERE site = ? AND shard = ? LIMIT ?"
            ))
            .await?,
            after: prepare(format!(
                "SELECT email_key, {SUBSCRIBER_COLUMNS} FROM {ks}.subscribers WHERE site = ? AND shard = ?
                 AND (email_key, scope) > (?, ?) LIMIT ?"
            ))
            .await?,
            link_insert: prepare(format!(
                "INSERT INTO {ks}.subscription_links (key, purpose, site, shard, email_key, scope)
                 VALUES (?, ?, ?, ?, ?, ?) USING TTL ?"
            ))
            .await?,
            link_read: prepare(format!(
                "SELECT purpose, site, shard, email_key, scope FROM {ks}.subscription_links WHERE key = ?"
            ))
            .await?,
            link_delete: prepare(format!("DELETE FROM {ks}.subscription_links WHERE key = ?")).await?,
            mailing_insert: prepare(format!(
                "INSERT INTO {ks}.post_mailings (site, post_id, slug, title, excerpt, author_id, author_name, published)
                 VALUES (?, ?, ?, ?, ?, ?, ?, ?) IF NOT EXISTS"
            ))
            .await?,
            mailing_read: prepare(format!(
                "SELECT slug, title, excerpt, author_id, author_name, published, done
                 FROM {ks}.post_mailings WHERE site = ? AND post_id = ?"
            ))
            .await?,
            mailing_done: prepare(format!(
                "UPDATE {ks}.post_mailings SET done = true WHERE site = ? AND post_id = ?"
            ))
            .await?,
            open_insert: prepare(format!(
                "INSERT INTO {ks}.open_mailings (site, post_id) VALUES (?, ?)"
            ))
            .await?,
            open_read: prepare(format!("SELECT post_id FROM {ks}.open_mailings WHERE site = ?")).await?,
            open_delete: prepare(format!(
                "DELETE FROM {ks}.open_mailings WHERE site = ? AND post_id = ?"
            ))
            .await?,
            delivery_release: prepare(format!(
                "DELETE FROM {ks}.deliveries WHERE site = ? AND post_id = ? AND shard = ? AND email_key = ? IF at = ?"
            ))
            .await?,
            delivery_claim: prepare(format!(
                "INSERT INTO {ks}.deliveries (site, post_id, shard, email_key, at, claimer) VALUES (?, ?, ?, ?, ?, ?) IF NOT EXISTS"
            ))
            .await?,
            delivery_serial: {
                let mut st = prepare(format!(
                    "SELECT at, claimer FROM {ks}.deliveries WHERE site = ? AND post_id = ? AND shard = ? AND email_key = ?"
                ))
                .await?;
                crate::store::cassandra::read_serially(&mut st);
                st
            },
        })
    }
}

/// Where a link points: the subscription's shard, address key and scope.
type LinkTarget = (i32, String, String);

impl CassandraStore {
    /// A post's mailing and whether it is done.
    async fn mailing(&self, site: &Site, post: PostId) -> StoreResult<Option<(Mailing, bool)>> {
        type Row = (
            Option<String>,
            Option<String>,
            Option<String>,
            Option<Uuid>,
            Option<String>,
            Option<DateTime<Utc>>,
            Option<bool>,
        );
        let row: Option<Row> = self
            .row(&self.subscriptions.mailing_read, (site.as_str(), post.0))
            .await?;
        Ok(row.and_then(
            |(slug, title, excerpt, author, author_name, published, done)| {
                Some((
                    Mailing {
                        post,
                        slug: slug?,
                        title: title?,
                        excerpt: excerpt.unwrap_or_default(),
                        author_id: author.map(UserId),
                        author_name: author_name.unwrap_or_default(),
                        published: published?,
                    },
                    done == Some(true),
                ))
            },
        ))
    }

    async fn applied(
        &self,
        statement: &PreparedStatement,
        values: impl SerializeRow,
    ) -> StoreResult<bool> {
        lwt::lwt_applied(self.exec(statement, values).await?)
    }

    async fn link_target(
        &self,
        site: &Site,
        key: &[u8],
        purpose: LinkPurpose,
    ) -> StoreResult<Option<LinkTarget>> {
        type Row = (
            Option<String>,
            Option<String>,
            Option<i32>,
            Option<String>,
            Option<String>,
        );
        let row: Option<Row> = self.row(&self.subscriptions.link_read, (key,)).await?;
        Ok(match row {
            Some((Some(p), Some(s), Some(shard), Some(email_key), Some(scope)))
                if p == purpose_text(purpose) && s == site.as_str() =>
            {
                Some((shard, email_key, scope))
            }
            _ => None,
        })
    }

    async fn subscriber(
        &self,
        site: &Site,
        (shard, email_key, scope): &LinkTarget,
    ) -> StoreResult<Option<(Subscription, DateTime<Utc>)>> {
        let row: Option<SubscriberRow> = self
            .row(
                &self.subscriptions.read,
                (site.as_str(), *shard, email_key.as_str(), scope.as_str()),
            )
            .await?;
        Ok(row.and_then(subscription_of))
    }

    async fn write_link(
        &self,
        site: &Site,
        key: &[u8],
        purpose: LinkPurpose,
        (shard, email_key, scope): &LinkTarget,
        ttl: i32,
    ) -> StoreResult<()> {
        self.exec(
            &self.subscriptions.link_insert,
            (
                key,
                purpose_text(purpose),
                site.as_str(),
                *shard,
                email_key.as_str(),
                scope.as_str(),
                ttl,
            ),
        )
        .await?;
        Ok(())
    }
}

#[async_trait]
impl Subscriptions for CassandraStore {
    async fn subscribe(&self, site: &Site, new: &NewSubscription) -> StoreResult<bool> {
        let key = new.email.key();
        let target: LinkTarget = (shard_of(&key), key.clone(), new.scope.key());
        let ttl = ((new.confirm_by - new.at).num_seconds().max(0) + PENDING_AFTER) as i32;
        let (shard, email_key, scope) = &target;
        let made = self
            .applied(
                &self.subscriptions.insert,
                (
                    site.as_str(),
                    *shard,
                    email_key.as_str(),
                    scope.as_str(),
                    new.email.as_str(),
                    new.unsubscribe.as_str(),
                    new.at,
                    new.confirm_by,
                    ttl,
                ),
            )
            .await?
            || self
                .applied(
                    &self.subscriptions.renew,
                    (
                        ttl,
                        new.email.as_str(),
                        new.unsubscribe.as_str(),
                        new.at,
                        new.confirm_by,
                        site.as_str(),
                        *shard,
                        email_key.as_str(),
                        scope.as_str(),
                    ),
                )
                .await?;
        if made {
            let unsubscribe = crate::domain::token::session_key(&new.unsubscribe);
            self.write_link(site, &new.confirm_key, LinkPurpose::Confirm, &target, ttl)
                .await?;
            self.write_link(site, &unsubscribe, LinkPurpose::Unsubscribe, &target, ttl)
                .await?;
        }
        Ok(made)
    }

    async fn subscription_link(
        &self,
        site: &Site,
        key: &[u8],
        purpose: LinkPurpose,
        now: DateTime<Utc>,
    ) -> StoreResult<Option<Subscription>> {
        let Some(target) = self.link_target(site, key, purpose).await? else {
            return Ok(None);
        };
        Ok(self
            .subscriber(site, &target)
            .await?
            .filter(|(s, by)| match purpose {
                LinkPurpose::Confirm => s.confirmed.is_none() && *by > now,
                LinkPurpose::Unsubscribe => s.confirmed.is_some(),
            })
            .map(|(s, _)| s))
    }

    async fn confirm_subscription(
        &self,
        site: &Site,
        key: &[u8],
        now: DateTime<Utc>,
    ) -> StoreResult<Option<Subscription>> {
        let Some(target) = self.link_target(site, key, LinkPurpose::Confirm).await? else {
            return Ok(None);
        };
        let Some((found, by)) = self.subscriber(site, &target).await? else {
            return Ok(None);
        };
        if found.confirmed.is_some() || by <= now {
            return Ok(None);
        }
        // The unsubscribe link is made to last first: harmless if the confirmation then
        // does not apply, and never left expiring under a confirmed subscription.
        let unsubscribe = crate::domain::token::session_key(&found.unsubscribe);
        self.write_link(site, &unsubscribe, LinkPurpose::Unsubscribe, &target, 0)
            .await?;
        let (shard, email_key, scope) = &target;
        let confirmed = self
            .applied(
                &self.subscriptions.confirm,
                (
                    found.email.as_str(),
                    found.unsubscribe.as_str(),
                    found.created,
                    by,
                    now,
                    site.as_str(),
                    *shard,
                    email_key.as_str(),
                    scope.as_str(),
                    by,
                ),
            )
            .await?;
        if !confirmed {
            return Ok(None);
        }
        Ok(Some(Subscription {
            confirmed: Some(now),
            ..found
        }))
    }

    async fn unsubscribe(&self, site: &Site, key: &[u8]) -> StoreResult<Option<Subscription>> {
        let Some(target) = self
            .link_target(site, key, LinkPurpose::Unsubscribe)
            .await?
        else {
            return Ok(None);
        };
        let found = self.subscriber(site, &target).await?;
        let (shard, email_key, scope) = &target;
        let removed = self
            .applied(
                &self.subscriptions.delete,
                (site.as_str(), *shard, email_key.as_str(), scope.as_str()),
            )
            .await?;
        self.exec(&self.subscriptions.link_delete, (key,)).await?;
        Ok(found.filter(|_| removed).map(|(s, _)| s))
    }

    async fn subscribers(
        &self,
        site: &Site,
        shard: i32,
        cursor: Option<&str>,
        limit: usize,
    ) -> Result<SubscriberPage, PageError> {
        let limit = page_size(limit, caps::ROSTER);
        type Row = (
            String,
            Option<String>,
            String,
            Option<String>,
            Option<DateTime<Utc>>,
            Option<DateTime<Utc>>,
            Option<DateTime<Utc>>,
        );
        let rows: Vec<Row> = match cursor {
            None => {
                self.rows(
                    &self.subscriptions.first,
                    (site.as_str(), shard, limit as i32),
                )
                .await?
            }
            Some(c) => {
                let (key, scope) = c.split_once('\n').ok_or(PageError::BadCursor)?;
                self.rows(
                    &self.subscriptions.after,
                    (site.as_str(), shard, key, scope, limit as i32),
                )
                .await?
            }
        };
        let next = (rows.len() == limit)
            .then(|| rows.last().map(|r| format!("{}\n{}", r.0, r.2)))
            .flatten();
        // Pending subscriptions share the shard: read, and left out.
        let subscriptions = rows
            .into_iter()
            .filter_map(|(_, email, scope, unsubscribe, created, by, confirmed)| {
                subscription_of((email, scope, unsubscribe, created, by, confirmed))
            })
            .map(|(s, _)| s)
            .filter(|s| s.confirmed.is_some())
            .collect();
        Ok(SubscriberPage {
            subscriptions,
            next,
        })
    }

    async fn open_mailing(&self, site: &Site, m: &Mailing) -> StoreResult<bool> {
        // Listed first: a crash before the LWT leaves a listed post without a mailing,
        // which the next pass reads past and lists again.
        self.exec(&self.subscriptions.open_insert, (site.as_str(), m.post.0))
            .await?;
        let made = self
            .applied(
                &self.subscriptions.mailing_insert,
                (
                    site.as_str(),
                    m.post.0,
                    m.slug.as_str(),
                    m.title.as_str(),
                    m.excerpt.as_str(),
                    m.author_id.map(|a| a.0),
                    m.author_name.as_str(),
                    m.published,
                ),
            )
            .await?;
        if !made
            && self
                .mailing(site, m.post)
                .await?
                .is_none_or(|(_, done)| done)
        {
            self.exec(&self.subscriptions.open_delete, (site.as_str(), m.post.0))
                .await?;
        }
        Ok(made)
    }

    async fn open_mailings(&self, site: &Site) -> StoreResult<Vec<Mailing>> {
        let listed: Vec<(Uuid,)> = self
            .rows(&self.subscriptions.open_read, (site.as_str(),))
            .await?;
        let mut mailings = Vec::new();
        for (post,) in listed {
            match self.mailing(site, PostId(post)).await? {
                Some((mailing, false)) => mailings.push(mailing),
                Some((_, true)) => {
                    self.exec(&self.subscriptions.open_delete, (site.as_str(), post))
                        .await?;
                }
                // Listed by a pass that died before its LWT: the next pass that sees
                // the post newly published makes it.
                None => {}
            }
        }
        mailings.sort_by_key(|m| m.published);
        Ok(mailings)
    }

    async fn close_mailing(&self, site: &Site, m: &Mailing) -> StoreResult<()> {
        self.exec(&self.subscriptions.mailing_done, (site.as_str(), m.post.0))
            .await?;
        self.exec(&self.subscriptions.open_delete, (site.as_str(), m.post.0))
            .await?;
        Ok(())
    }

    async fn release_delivery(
        &self,
        site: &Site,
        m: &Mailing,
        email_key: &str,
        at: DateTime<Utc>,
    ) -> StoreResult<()> {
        let key = (site.as_str(), m.post.0, shard_of(email_key), email_key);
        let released = self
            .session
            .execute_unpaged(
                &self.subscriptions.delivery_release,
                (key.0, key.1, key.2, key.3, at),
            )
            .await;
        // Not applied: the claim is not ours (any more). Unknown: the serial read says.
        let gone = lwt::settled(released, || async {
            let now: Option<(DateTime<Utc>, Option<Uuid>)> =
                self.row(&self.subscriptions.delivery_serial, key).await?;
            Ok(now.is_none_or(|(claimed, _)| claimed != at))
        })
        .await?;
        if !gone {
            return Err(StoreError::Unavailable(
                "a delivery's claim could not be released".into(),
            ));
        }
        Ok(())
    }

    async fn claim_delivery(
        &self,
        site: &Site,
        m: &Mailing,
        email_key: &str,
        at: DateTime<Utc>,
    ) -> StoreResult<bool> {
        let key = (site.as_str(), m.post.0, shard_of(email_key), email_key);
        let claimer = Uuid::new_v4();
        let mut claimed = self
            .session
            .execute_unpaged(
                &self.subscriptions.delivery_claim,
                (key.0, key.1, key.2, key.3, at, claimer),
            )
            .await;
        crate::store::cassandra::lwt::lose_answer_if_armed(&self.options.faults, &mut claimed);
        match claimed {
            Ok(result) => lwt::lwt_applied(result),
            // Unknown: ours if the claim names this claimer, so that a claim whose answer
            // was lost is not given up for good (the address would never get the mail).
            Err(e) if lwt::is_cas_uncertain(&e) => {
                let now: Option<(DateTime<Utc>, Option<Uuid>)> =
                    self.row(&self.subscriptions.delivery_serial, key).await?;
                Ok(now.is_some_and(|(_, holder)| holder == Some(claimer)))
            }
            Err(e) => Err(StoreError::Unavailable(e.to_string())),
        }
    }
}
