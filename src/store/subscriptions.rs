//! The subscribers contract: subscriptions by e-mail with their links, the mailings of
//! new posts, and the deliveries that make each mailing reach a subscriber once.

use super::*;
use crate::domain::subscription::{Mailing, Scope, Subscription};

/// What a link in a subscriber's mail does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkPurpose {
    Confirm,
    Unsubscribe,
}

/// A subscription asked for: pending until its confirmation link (kept as `confirm_key`,
/// the SHA-256 of its token) is followed before `confirm_by`.
#[derive(Debug, Clone)]
pub struct NewSubscription {
    pub email: Email,
    pub scope: Scope,
    pub confirm_key: Vec<u8>,
    pub confirm_by: DateTime<Utc>,
    /// The token of its unsubscribe link (kept as it is: every mail carries it).
    pub unsubscribe: String,
    pub at: DateTime<Utc>,
}

/// A page of one shard's confirmed subscriptions, and where the next starts.
#[derive(Debug, Clone)]
pub struct SubscriberPage {
    pub subscriptions: Vec<Subscription>,
    pub next: Option<String>,
}

#[async_trait]
pub trait Subscriptions: Send + Sync {
    /// Records a pending subscription with its links, unless the address has a confirmed
    /// one to the same scope; a pending one gets the new links (its old ones still work).
    /// Returns whether it recorded one.
    async fn subscribe(&self, site: &Site, new: &NewSubscription) -> StoreResult<bool>;

    /// The subscription a link's key is for, if the link still works at `now`.
    async fn subscription_link(
        &self,
        site: &Site,
        key: &[u8],
        purpose: LinkPurpose,
        now: DateTime<Utc>,
    ) -> StoreResult<Option<Subscription>>;

    /// Confirms the subscription of a confirmation link, once: the confirmed subscription
    /// for the caller that confirmed it, `None` for a dead link or a later caller.
    async fn confirm_subscription(
        &self,
        site: &Site,
        key: &[u8],
        now: DateTime<Utc>,
    ) -> StoreResult<Option<Subscription>>;

    /// Ends the subscription of an unsubscribe link: what it was, if there was one.
    async fn unsubscribe(&self, site: &Site, key: &[u8]) -> StoreResult<Option<Subscription>>;

    /// A page of one shard's confirmed subscriptions, `limit` at a time from `cursor`.
    async fn subscribers(
        &self,
        site: &Site,
        shard: i32,
        cursor: Option<&str>,
        limit: usize,
    ) -> Result<SubscriberPage, PageError>;

    /// Records the mailing of a post unless the post has one (open or done): a post is
    /// mailed once in its life. Returns whether it did.
    async fn open_mailing(&self, site: &Site, mailing: &Mailing) -> StoreResult<bool>;

    /// The site's mailings that are not done, oldest post first (a few at a time: the
    /// posts of the last days).
    async fn open_mailings(&self, site: &Site) -> StoreResult<Vec<Mailing>>;

    /// Marks a mailing done: every shard was walked (or its post is gone).
    async fn close_mailing(&self, site: &Site, mailing: &Mailing) -> StoreResult<()>;

    /// Claims the delivery of a mailing to an address: true for one caller only, however
    /// many race (in any number of processes); the caller then sends it.
    async fn claim_delivery(
        &self,
        site: &Site,
        mailing: &Mailing,
        email_key: &str,
        at: DateTime<Utc>,
    ) -> StoreResult<bool>;

    /// Gives back a delivery claimed at `at` whose mail the server did not take, so that a
    /// later pass sends it.
    async fn release_delivery(
        &self,
        site: &Site,
        mailing: &Mailing,
        email_key: &str,
        at: DateTime<Utc>,
    ) -> StoreResult<()>;
}
