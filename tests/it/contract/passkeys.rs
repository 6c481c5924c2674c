//! An account's passkeys on both stores: added, listed oldest first, used and removed;
//! ten at most however many are added at once (on Cassandra a slot each, taken by LWT on
//! the real node); and each ceremony's state taken by one caller however many race.

use super::factors::race;
use crate::both_stores;
use crate::fixtures::new_user;
use crate::helpers::{TestStore, unique_name};
use chrono::{DurationRound, TimeDelta};
use sibyl::domain::{UserId, now};
use sibyl::store::passkeys::MAX_PASSKEYS;
use sibyl::store::{PasskeyAdded, Store, StoredPasskey};
use std::sync::Arc;
use uuid::Uuid;

async fn account(t: &TestStore) -> UserId {
    let name = unique_name("pk");
    t.store
        .create_user(new_user(&name, &format!("{name}@example.com")))
        .await
        .unwrap()
        .id
}

fn passkey(name: &str, seconds_ago: i64) -> StoredPasskey {
    StoredPasskey {
        credential: Uuid::new_v4().as_bytes().to_vec(),
        name: name.to_owned(),
        site: "http://passkeys.example".into(),
        key: format!("{{\"key\":\"{}\"}}", Uuid::new_v4()),
        added: (now() - TimeDelta::seconds(seconds_ago))
            .duration_trunc(TimeDelta::milliseconds(1))
            .unwrap(),
        used: None,
    }
}

async fn passkeys_are_added_listed_used_and_removed(t: TestStore) {
    let user = account(&t).await;
    let other = account(&t).await;
    assert!(t.store.passkeys(user).await.unwrap().is_empty());
    let (older, newer) = (passkey("Laptop", 60), passkey("Phone", 10));
    for key in [&newer, &older] {
        assert_eq!(
            t.store.add_passkey(user, key).await.unwrap(),
            PasskeyAdded::Added
        );
    }
    assert_eq!(
        t.store.passkeys(user).await.unwrap(),
        vec![older.clone(), newer.clone()],
        "oldest first"
    );
    // The same credential again is known; another account has none of them.
    assert_eq!(
        t.store.add_passkey(user, &older).await.unwrap(),
        PasskeyAdded::Known
    );
    assert!(t.store.passkeys(other).await.unwrap().is_empty());
    assert!(
        !t.store
            .passkey_used(other, &older.credential, &older.key, "{}", now())
            .await
            .unwrap(),
        "another account's passkey is not this one's"
    );

    // A sign-in keeps the key as the library updated it, and when; only over the key
    // it checked the counter against.
    let at = now().duration_trunc(TimeDelta::milliseconds(1)).unwrap();
    assert!(
        t.store
            .passkey_used(user, &older.credential, &older.key, "{\"counter\":2}", at)
            .await
            .unwrap()
    );
    assert!(
        !t.store
            .passkey_used(user, &older.credential, &older.key, "{\"counter\":1}", at)
            .await
            .unwrap(),
        "a sign-in checked against the old counter writes nothing over the new one"
    );
    let read = t.store.passkeys(user).await.unwrap();
    assert_eq!(read[0].key, "{\"counter\":2}");
    assert_eq!(read[0].used, Some(at));
    assert_eq!(read[1], newer, "the other passkey is untouched");

    // Removed once; then it is gone, and a sign-in with it records nothing.
    assert!(
        t.store
            .remove_passkey(user, &older.credential)
            .await
            .unwrap()
    );
    assert!(
        !t.store
            .remove_passkey(user, &older.credential)
            .await
            .unwrap()
    );
    assert!(
        !t.store
            .passkey_used(user, &older.credential, "{\"counter\":2}", "{}", now())
            .await
            .unwrap()
    );
    assert_eq!(t.store.passkeys(user).await.unwrap(), vec![newer.clone()]);
    // Its place is free again.
    assert_eq!(
        t.store.add_passkey(user, &older).await.unwrap(),
        PasskeyAdded::Added
    );
    t.store.remove_passkeys(user).await.unwrap();
    assert!(t.store.passkeys(user).await.unwrap().is_empty());
}

async fn an_account_holds_ten_passkeys_however_many_are_added_at_once(t: TestStore) {
    let user = account(&t).await;
    let second: Arc<dyn Store> = t.another_process().await;
    let racers: Vec<_> = (0..24)
        .map(|i| {
            let store = if i % 2 == 0 {
                Arc::clone(&t.store)
            } else {
                Arc::clone(&second)
            };
            let key = passkey(&format!("Key {i}"), 0);
            tokio::spawn(async move { store.add_passkey(user, &key).await })
        })
        .collect();
    let mut outcomes = Vec::new();
    for racer in racers {
        outcomes.push(racer.await.unwrap().unwrap());
    }
    let added = outcomes
        .iter()
        .filter(|o| **o == PasskeyAdded::Added)
        .count();
    assert_eq!(added, MAX_PASSKEYS, "{outcomes:?}");
    assert!(
        outcomes
            .iter()
            .all(|o| matches!(o, PasskeyAdded::Added | PasskeyAdded::Full))
    );
    assert_eq!(t.store.passkeys(user).await.unwrap().len(), MAX_PASSKEYS);
    assert_eq!(
        t.store
            .add_passkey(user, &passkey("One more", 0))
            .await
            .unwrap(),
        PasskeyAdded::Full
    );
}

async fn one_of_the_sign_ins_racing_with_one_counter_passes(t: TestStore) {
    let user = account(&t).await;
    let key = passkey("Phone", 0);
    t.store.add_passkey(user, &key).await.unwrap();
    let (credential, was) = (key.credential.clone(), key.key.clone());
    let won = race(&t, move |store| {
        let (credential, was) = (credential.clone(), was.clone());
        // Each with the same new counter, as two sign-ins with one answer would write.
        async move {
            store
                .passkey_used(user, &credential, &was, "{\"counter\":7}", now())
                .await
        }
    })
    .await;
    assert_eq!(won, 1, "one of forty sign-ins with one counter passes");
    assert_ne!(t.store.passkeys(user).await.unwrap()[0].key, key.key);
}

async fn each_ceremony_is_taken_once_however_many_race(t: TestStore) {
    let id = Uuid::new_v4().simple().to_string();
    let state = format!("{{\"challenge\":\"{}\"}}", Uuid::new_v4());
    t.store.begin_ceremony(&id, &state, now()).await.unwrap();
    let raced = id.clone();
    let won = race(&t, move |store| {
        let id = raced.clone();
        async move { Ok(store.take_ceremony(&id, now()).await?.is_some()) }
    })
    .await;
    assert_eq!(won, 1, "one of forty racers takes the ceremony");
    assert_eq!(t.store.take_ceremony(&id, now()).await.unwrap(), None);
    assert_eq!(
        t.store
            .take_ceremony("no-such-ceremony", now())
            .await
            .unwrap(),
        None
    );
    // What is taken is what was begun.
    let other = Uuid::new_v4().simple().to_string();
    t.store.begin_ceremony(&other, &state, now()).await.unwrap();
    assert_eq!(
        t.store.take_ceremony(&other, now()).await.unwrap(),
        Some(state)
    );
}

both_stores!(
    passkeys_are_added_listed_used_and_removed,
    an_account_holds_ten_passkeys_however_many_are_added_at_once,
    one_of_the_sign_ins_racing_with_one_counter_passes,
    each_ceremony_is_taken_once_however_many_race,
);
