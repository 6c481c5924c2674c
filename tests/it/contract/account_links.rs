//! Links mailed to accounts through the store contract: a link is for its account (and,
//! confirming a new address, for that address) until it expires, and is used once, by
//! one of any number of callers racing in two processes.

use crate::both_stores;
use crate::fixtures;
use crate::helpers::TestStore;
use chrono::Duration;
use sibyl::domain::token::{random_token, reset_key, reset_stamp};
use sibyl::domain::{Email, Role, now};
use sibyl::store::AccountLink;
use std::sync::Arc;

async fn a_reset_link_is_used_once_before_it_expires(t: TestStore) {
    let user = fixtures::user(&t, Role::Reader, "Rae Resetter").await;
    let (token, at) = (random_token(), now());
    let key = reset_key(&token);
    let reset = AccountLink {
        user: user.id,
        stamp: reset_stamp(&user),
        new_email: None,
    };
    t.store
        .create_account_link(&key, &reset, at + Duration::hours(1))
        .await
        .unwrap();
    assert_eq!(
        t.store.account_link(&key, at).await.unwrap(),
        Some(reset.clone())
    );
    // Looking does not use it; an unknown token and a late look find nothing.
    assert_eq!(
        t.store.account_link(&key, at).await.unwrap(),
        Some(reset.clone())
    );
    let unknown = reset_key(&random_token());
    assert_eq!(t.store.account_link(&unknown, at).await.unwrap(), None);
    assert_eq!(
        t.store
            .account_link(&key, at + Duration::minutes(61))
            .await
            .unwrap(),
        None
    );
    assert_eq!(
        t.store
            .use_account_link(&key, at + Duration::minutes(61))
            .await
            .unwrap(),
        None,
        "too late to use"
    );

    // Eight callers from two processes race to use it: one does.
    let other = t.another_process().await;
    let stores = [Arc::clone(&t.store), other];
    let racers = (0..8).map(|i| {
        let (store, key) = (Arc::clone(&stores[i % 2]), key.clone());
        tokio::spawn(async move { store.use_account_link(&key, at).await })
    });
    let outcomes: Vec<_> = futures_util::future::join_all(racers)
        .await
        .into_iter()
        .map(|r| r.unwrap())
        .collect();
    let used: Vec<_> = outcomes
        .iter()
        .filter_map(|o| o.as_ref().ok().cloned().flatten())
        .collect();
    assert_eq!(used, [reset], "{outcomes:?}");
    assert_eq!(t.store.account_link(&key, at).await.unwrap(), None);
    assert_eq!(t.store.use_account_link(&key, at).await.unwrap(), None);
}

async fn a_confirmation_link_carries_its_address(t: TestStore) {
    let user = fixtures::user(&t, Role::Reader, "Cora Confirmer").await;
    let (token, at) = (random_token(), now());
    let key = reset_key(&token);
    let link = AccountLink {
        user: user.id,
        stamp: reset_stamp(&user),
        new_email: Some(Email::parse("Cora.New@Example.org").unwrap()),
    };
    t.store
        .create_account_link(&key, &link, at + Duration::hours(24))
        .await
        .unwrap();
    let found = t
        .store
        .account_link(&key, at + Duration::hours(23))
        .await
        .unwrap();
    assert_eq!(found, Some(link.clone()));
    assert_eq!(
        found.unwrap().new_email.unwrap().as_str(),
        "Cora.New@example.org",
        "the address as written (its domain in lower case)"
    );
    assert_eq!(
        t.store
            .account_link(&key, at + Duration::hours(25))
            .await
            .unwrap(),
        None
    );
    assert_eq!(
        t.store.use_account_link(&key, at).await.unwrap(),
        Some(link)
    );
    assert_eq!(t.store.use_account_link(&key, at).await.unwrap(), None);
}

both_stores!(
    a_reset_link_is_used_once_before_it_expires,
    a_confirmation_link_carries_its_address,
);
