//! Subscribers by e-mail: a reader subscribes to the whole site or to one author,
//! confirms by a mailed link (double opt-in), and then receives each post published
//! afterwards, once, with a link that unsubscribes in one click (RFC 8058).

use super::{Email, UserId};
use chrono::{DateTime, Utc};
use sha2::{Digest, Sha256};

/// The partitions a site's subscribers are spread over (by their address), so that no
/// one partition holds them all: a mailing walks them one by one.
pub const SHARDS: i32 = 64;

/// How long a confirmation link works; an unconfirmed subscription goes after it.
pub const CONFIRM_HOURS: i64 = 48;

/// How recently a post must have been published to be mailed: a post published longer
/// ago (an old post published again, an archive imported) is never mailed, and a
/// process that was down for less than this catches up on what it missed.
pub const MAILING_WINDOW_HOURS: i64 = 48;

/// How many of the newest posts a delivery pass looks at for new mailings.
pub const NEWEST_READ: usize = 20;

/// The shard of an address (its key: the address without case).
pub fn shard_of(email_key: &str) -> i32 {
    let digest = Sha256::digest(email_key.as_bytes());
    i32::from(u16::from_be_bytes([digest[0], digest[1]]) % SHARDS as u16)
}

/// What a subscription is to: the site's every post, or one author's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Scope {
    Site,
    Author(UserId),
}

impl Scope {
    /// How stores keep it: "" for the site, the author's id otherwise.
    pub fn key(&self) -> String {
        match self {
            Scope::Site => String::new(),
            Scope::Author(id) => id.0.to_string(),
        }
    }

    pub fn from_key(key: &str) -> Option<Self> {
        if key.is_empty() {
            return Some(Scope::Site);
        }
        uuid::Uuid::parse_str(key)
            .ok()
            .map(|id| Scope::Author(UserId(id)))
    }

    /// Whether a post by `author` is for this subscription.
    pub fn covers(&self, author: Option<UserId>) -> bool {
        match self {
            Scope::Site => true,
            Scope::Author(id) => author == Some(*id),
        }
    }
}

/// A subscription as a store keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Subscription {
    pub email: Email,
    pub scope: Scope,
    /// The token of its unsubscribe link (in every mail it receives).
    pub unsubscribe: String,
    pub created: DateTime<Utc>,
    /// When it was confirmed; `None` while it waits for its link.
    pub confirmed: Option<DateTime<Utc>>,
}

/// A post to mail to the subscribers, recorded once when a delivery pass first sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mailing {
    pub post: super::PostId,
    pub slug: String,
    pub title: String,
    pub excerpt: String,
    pub author_id: Option<UserId>,
    pub author_name: String,
    pub published: DateTime<Utc>,
}

impl Mailing {
    /// Whether `subscription` receives this post: confirmed before it was published, and
    /// to the site or to its author.
    pub fn goes_to(&self, subscription: &Subscription) -> bool {
        subscription.confirmed.is_some_and(|c| c <= self.published)
            && subscription.scope.covers(self.author_id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_spread_addresses_and_stay_in_range() {
        let mut seen = std::collections::HashSet::new();
        for i in 0..1000 {
            let shard = shard_of(&format!("reader{i}@example.com"));
            assert!((0..SHARDS).contains(&shard));
            seen.insert(shard);
        }
        assert_eq!(
            seen.len(),
            SHARDS as usize,
            "1,000 addresses reach every shard"
        );
        assert_eq!(shard_of("a@example.com"), shard_of("a@example.com"));
    }

    #[test]
    fn scopes_round_trip_and_cover_their_posts() {
        let author = UserId(uuid::Uuid::new_v4());
        for scope in [Scope::Site, Scope::Author(author)] {
            assert_eq!(Scope::from_key(&scope.key()), Some(scope));
        }
        assert_eq!(Scope::from_key("not an id"), None);
        assert!(Scope::Site.covers(None));
        assert!(Scope::Author(author).covers(Some(author)));
        assert!(!Scope::Author(author).covers(Some(UserId(uuid::Uuid::new_v4()))));
        assert!(!Scope::Author(author).covers(None));
    }

    #[test]
    fn a_mailing_goes_to_subscribers_confirmed_before_it() {
        let now = crate::domain::now();
        let mailing = Mailing {
            post: crate::domain::PostId(uuid::Uuid::new_v4()),
            slug: "s".into(),
            title: "T".into(),
            excerpt: "E".into(),
            author_id: None,
            author_name: "A".into(),
            published: now,
        };
        let subscription = |confirmed| Subscription {
            email: Email::parse("r@example.com").unwrap(),
            scope: Scope::Site,
            unsubscribe: "t".into(),
            created: now - chrono::Duration::days(1),
            confirmed,
        };
        assert!(mailing.goes_to(&subscription(Some(now - chrono::Duration::hours(1)))));
        assert!(!mailing.goes_to(&subscription(None)), "unconfirmed");
        assert!(
            !mailing.goes_to(&subscription(Some(now + chrono::Duration::hours(1)))),
            "confirmed after the post"
        );
    }
}
