//! Subscribers through the store contract, on both stores: a subscription pending until
//! its link confirms it (once, however many race in two processes, and only before its
//! deadline), shards paged, unsubscribing, and mailings whose deliveries are claimed once
//! per address however many processes walk them.

use crate::both_stores;
use crate::helpers::{TestStore, unique_name};
use chrono::Duration;
use sibyl::domain::subscription::{Mailing, Scope, shard_of};
use sibyl::domain::token::{random_token, session_key};
use sibyl::domain::{Email, PostId, UserId, now};
use sibyl::store::{LinkPurpose, NewSubscription};
use std::sync::Arc;

fn asked(email: &Email, scope: Scope) -> (NewSubscription, String) {
    let confirm = random_token();
    let at = now();
    (
        NewSubscription {
            email: email.clone(),
            scope,
            confirm_key: session_key(&confirm),
            confirm_by: at + Duration::hours(48),
            unsubscribe: random_token(),
            at,
        },
        confirm,
    )
}

fn address(prefix: &str) -> Email {
    Email::parse(&format!("{}@example.com", unique_name(prefix))).unwrap()
}

/// Every confirmed subscription of a shard, walking pages of `size`.
async fn shard(t: &TestStore, shard: i32, size: usize) -> Vec<String> {
    let mut found = Vec::new();
    let mut cursor: Option<String> = None;
    loop {
        let page = t
            .store
            .subscribers(&t.site, shard, cursor.as_deref(), size)
            .await
            .unwrap();
        found.extend(page.subscriptions.into_iter().map(|s| s.email.key()));
        match page.next {
            Some(next) => cursor = Some(next),
            None => return found,
        }
    }
}

async fn a_subscription_is_confirmed_once_and_ended_by_its_link(t: TestStore) {
    let email = address("sub");
    let (new, confirm) = asked(&email, Scope::Site);
    assert!(t.store.subscribe(&t.site, &new).await.unwrap());
    let key = session_key(&confirm);
    let pending = t
        .store
        .subscription_link(&t.site, &key, LinkPurpose::Confirm, now())
        .await
        .unwrap()
        .expect("a pending subscription");
    assert_eq!(pending.confirmed, None);
    assert_eq!(pending.email, email);
    let home = shard_of(&email.key());
    assert!(
        !shard(&t, home, 10).await.contains(&email.key()),
        "pending: not mailed"
    );
    // Past its deadline the link is dead.
    assert_eq!(
        t.store
            .confirm_subscription(&t.site, &key, now() + Duration::hours(49))
            .await
            .unwrap(),
        None
    );

    // Eight callers in two processes confirm at once: one does.
    let other = t.another_process().await;
    let stores = [Arc::clone(&t.store), other];
    let at = now();
    let racers = (0..8).map(|i| {
        let (store, site, key) = (Arc::clone(&stores[i % 2]), t.site.clone(), key.clone());
        tokio::spawn(async move { store.confirm_subscription(&site, &key, at).await.unwrap() })
    });
    let confirmed: Vec<_> = futures_util::future::join_all(racers)
        .await
        .into_iter()
        .filter_map(|r| r.unwrap())
        .collect();
    assert_eq!(confirmed.len(), 1, "{confirmed:?}");
    assert!(shard(&t, home, 10).await.contains(&email.key()));
    // Asked for again once confirmed: nothing changes.
    let (again, _) = asked(&email, Scope::Site);
    assert!(!t.store.subscribe(&t.site, &again).await.unwrap());
    // Another scope is another subscription.
    let author = Scope::Author(UserId(uuid::Uuid::new_v4()));
    let (to_author, _) = asked(&email, author);
    assert!(t.store.subscribe(&t.site, &to_author).await.unwrap());

    // The unsubscribe link ends it, once.
    let unsubscribe = session_key(&pending.unsubscribe);
    assert!(
        t.store
            .subscription_link(&t.site, &unsubscribe, LinkPurpose::Unsubscribe, now())
            .await
            .unwrap()
            .is_some()
    );
    let ended = t.store.unsubscribe(&t.site, &unsubscribe).await.unwrap();
    assert_eq!(ended.map(|s| s.email), Some(email.clone()));
    assert_eq!(
        t.store.unsubscribe(&t.site, &unsubscribe).await.unwrap(),
        None
    );
    assert!(!shard(&t, home, 10).await.contains(&email.key()));
    // And it may subscribe again.
    let (back, _) = asked(&email, Scope::Site);
    assert!(t.store.subscribe(&t.site, &back).await.unwrap());
}

async fn a_shard_is_paged_and_a_mailing_reaches_each_address_once(t: TestStore) {
    // Five confirmed subscribers in one shard.
    let mut wanted = Vec::new();
    let target = shard_of(&address("probe").key());
    while wanted.len() < 5 {
        let email = address("paged");
        if shard_of(&email.key()) != target {
            continue;
        }
        let (new, confirm) = asked(&email, Scope::Site);
        t.store.subscribe(&t.site, &new).await.unwrap();
        t.store
            .confirm_subscription(&t.site, &session_key(&confirm), now())
            .await
            .unwrap()
            .unwrap();
        wanted.push(email.key());
    }
    for size in [1, 2, 5, 50] {
        let found = shard(&t, target, size).await;
        for key in &wanted {
            assert_eq!(
                found.iter().filter(|k| *k == key).count(),
                1,
                "pages of {size}"
            );
        }
    }

    let mailing = Mailing {
        post: PostId(uuid::Uuid::new_v4()),
        slug: "news".into(),
        title: "News".into(),
        excerpt: "Fresh.".into(),
        author_id: None,
        author_name: "Ada".into(),
        published: now(),
    };
    assert!(t.store.open_mailing(&t.site, &mailing).await.unwrap());
    assert!(
        !t.store.open_mailing(&t.site, &mailing).await.unwrap(),
        "once"
    );
    let open = t.store.open_mailings(&t.site).await.unwrap();
    assert!(open.iter().any(|m| m == &mailing), "{open:?}");
    // Eight walkers in two processes claim one address: one may send.
    let other = t.another_process().await;
    let stores = [Arc::clone(&t.store), other];
    let racers = (0..8).map(|i| {
        let (store, site, m, key) = (
            Arc::clone(&stores[i % 2]),
            t.site.clone(),
            mailing.clone(),
            wanted[0].clone(),
        );
        tokio::spawn(async move { store.claim_delivery(&site, &m, &key, now()).await.unwrap() })
    });
    let claims: Vec<bool> = futures_util::future::join_all(racers)
        .await
        .into_iter()
        .map(|r| r.unwrap())
        .collect();
    assert_eq!(claims.iter().filter(|c| **c).count(), 1, "{claims:?}");
    assert!(
        t.store
            .claim_delivery(&t.site, &mailing, &wanted[1], now())
            .await
            .unwrap()
    );
    // A delivery given back (its mail refused) is claimed again by the next walker.
    let at = now();
    assert!(
        t.store
            .claim_delivery(&t.site, &mailing, &wanted[2], at)
            .await
            .unwrap()
    );
    t.store
        .release_delivery(&t.site, &mailing, &wanted[2], at)
        .await
        .unwrap();
    assert!(
        t.store
            .claim_delivery(&t.site, &mailing, &wanted[2], now())
            .await
            .unwrap()
    );
    t.store.close_mailing(&t.site, &mailing).await.unwrap();
    let open = t.store.open_mailings(&t.site).await.unwrap();
    assert!(!open.iter().any(|m| m.post == mailing.post), "closed");
    // Once in its life: a mailing of the same post (published again) is not made.
    let again = Mailing {
        published: now(),
        ..mailing.clone()
    };
    assert!(!t.store.open_mailing(&t.site, &again).await.unwrap());
    let open = t.store.open_mailings(&t.site).await.unwrap();
    assert!(!open.iter().any(|m| m.post == mailing.post), "still closed");
}

both_stores!(
    a_subscription_is_confirmed_once_and_ended_by_its_link,
    a_shard_is_paged_and_a_mailing_reaches_each_address_once,
);

/// A delivery's claim whose answer was lost (each way it can be: the coordinator's
/// timeout in Paxos or in its commit phase, the client's timeout, a broken connection) is
/// settled by a serial read: the walker whose claim it is sends the mail, no other walker
/// claims the address again, and one whose claim lost to another's is told so.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_delivery_whose_answer_was_lost_is_still_sent_once() {
    use sibyl::store::{Fault, LostAnswer, StoreOptions};
    let options = StoreOptions::default();
    let t = TestStore::cassandra_with(options.clone()).await;
    let mailing = Mailing {
        post: PostId(uuid::Uuid::new_v4()),
        slug: "lost".into(),
        title: "Lost answers".into(),
        excerpt: "Still sent.".into(),
        author_id: None,
        author_name: "Ada".into(),
        published: now(),
    };
    assert!(t.store.open_mailing(&t.site, &mailing).await.unwrap());
    for kind in LostAnswer::ALL {
        let address = Email::parse(&format!("{}@example.com", unique_name("lost"))).unwrap();
        let key = address.key();
        options.faults.arm(Fault::LostLwtAnswer(kind));
        let claimed = t.store.claim_delivery(&t.site, &mailing, &key, now()).await;
        assert!(claimed.unwrap(), "{kind:?}: the claim is this walker's");
        assert!(
            !options.faults.fires(Fault::LostLwtAnswer(kind)),
            "the answer was lost"
        );
        let again = t.store.claim_delivery(&t.site, &mailing, &key, now()).await;
        assert!(!again.unwrap(), "{kind:?}: claimed once");
        options.faults.arm(Fault::LostLwtAnswer(kind));
        let lost = t.store.claim_delivery(&t.site, &mailing, &key, now()).await;
        assert!(
            !lost.unwrap(),
            "{kind:?}: a claim that lost, answer lost too"
        );
    }
}
