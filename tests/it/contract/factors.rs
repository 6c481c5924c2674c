//! An account's second factors on both stores: kept, replaced and removed; each
//! authenticator step and each recovery code claimed by one caller however many race
//! (on Cassandra each an LWT, on the real node), and a generation's codes apart from
//! another's.

use crate::both_stores;
use crate::fixtures::new_user;
use crate::helpers::{TestStore, unique_name};
use chrono::{DurationRound, TimeDelta};
use sibyl::domain::{Site, UserId, now};
use sibyl::store::{Authenticator, RecoveryCodes, Store};
use std::sync::Arc;
use uuid::Uuid;

async fn account(t: &TestStore) -> UserId {
    let name = unique_name("f");
    t.store
        .create_user(new_user(&name, &format!("{name}@example.com")))
        .await
        .unwrap()
        .id
}

fn codes(n: usize) -> RecoveryCodes {
    RecoveryCodes {
        generation: Uuid::new_v4(),
        digests: (0..n)
            .map(|i| format!("{i:02}{}", Uuid::new_v4()))
            .collect(),
        made: now().duration_trunc(TimeDelta::milliseconds(1)).unwrap(),
    }
}

fn sorted(mut codes: RecoveryCodes) -> RecoveryCodes {
    codes.digests.sort();
    codes
}

async fn second_factors_are_kept_replaced_and_removed(t: TestStore) {
    let user = account(&t).await;
    let other = account(&t).await;
    assert!(!t.store.second_factors(user).await.unwrap().any());
    let first = Authenticator {
        sealed: vec![1, 2, 3, 4],
        sealed_by: Site::parse("http://factors.example").unwrap(),
        added: now().duration_trunc(TimeDelta::milliseconds(1)).unwrap(),
    };
    let given = codes(10);
    t.store
        .set_authenticator(user, &first, Some(&given))
        .await
        .unwrap();
    let read = t.store.second_factors(user).await.unwrap();
    assert!(read.any());
    assert_eq!(read.authenticator.as_ref(), Some(&first));
    assert_eq!(read.recovery, Some(sorted(given.clone())));
    // Another account has none of it.
    assert!(!t.store.second_factors(other).await.unwrap().any());
    // Another authenticator without codes keeps the codes.
    let second = Authenticator {
        sealed: vec![9; 40],
        ..first.clone()
    };
    t.store
        .set_authenticator(user, &second, None)
        .await
        .unwrap();
    let read = t.store.second_factors(user).await.unwrap();
    assert_eq!(read.authenticator.as_ref(), Some(&second));
    assert_eq!(read.recovery, Some(sorted(given.clone())));
    // New codes replace the old ones whole.
    let renewed = codes(10);
    t.store.set_recovery_codes(user, &renewed).await.unwrap();
    let read = t.store.second_factors(user).await.unwrap();
    assert_eq!(read.recovery, Some(sorted(renewed.clone())));
    // Removed: nothing left, and the account signs in with its password alone.
    t.store.remove_second_factors(user).await.unwrap();
    let read = t.store.second_factors(user).await.unwrap();
    assert!(!read.any());
    assert_eq!(read.recovery, None);
}

async fn each_authenticator_step_is_claimed_once_however_many_race(t: TestStore) {
    let user = account(&t).await;
    let other = account(&t).await;
    let step = 59_000_000 + u64::from(rand_below(1000));
    let won = race(&t, move |store| async move {
        store.claim_authenticator_step(user, step, now()).await
    })
    .await;
    assert_eq!(won, 1, "one of forty racers claims the step");
    assert!(
        !t.store
            .claim_authenticator_step(user, step, now())
            .await
            .unwrap()
    );
    // The next step, and the same step of another account, are claims of their own.
    assert!(
        t.store
            .claim_authenticator_step(user, step + 1, now())
            .await
            .unwrap()
    );
    assert!(
        t.store
            .claim_authenticator_step(other, step, now())
            .await
            .unwrap()
    );
}

async fn each_recovery_code_is_used_once_however_many_race(t: TestStore) {
    let user = account(&t).await;
    let given = codes(10);
    let authenticator = Authenticator {
        sealed: vec![7; 40],
        sealed_by: Site::parse("http://factors.example").unwrap(),
        added: now(),
    };
    t.store
        .set_authenticator(user, &authenticator, Some(&given))
        .await
        .unwrap();
    let digest = given.digests[3].clone();
    let (generation, raced) = (given.generation, digest.clone());
    let won = race(&t, move |store| {
        let digest = raced.clone();
        async move {
            store
                .use_recovery_code(user, generation, &digest, now())
                .await
        }
    })
    .await;
    assert_eq!(won, 1, "one of forty racers uses the code");
    let used = t
        .store
        .used_recovery_codes(user, given.generation)
        .await
        .unwrap();
    assert_eq!(used, vec![digest.clone()]);
    // Another code of the generation is still good; a new generation starts unused.
    assert!(
        t.store
            .use_recovery_code(user, given.generation, &given.digests[4], now())
            .await
            .unwrap()
    );
    assert_eq!(
        t.store
            .used_recovery_codes(user, given.generation)
            .await
            .unwrap()
            .len(),
        2
    );
    let renewed = codes(10);
    t.store.set_recovery_codes(user, &renewed).await.unwrap();
    assert!(
        t.store
            .used_recovery_codes(user, renewed.generation)
            .await
            .unwrap()
            .is_empty()
    );
}

/// How many of forty racers, half on the test's store and half on the same store
/// opened again (another process), `claim` says won.
pub(super) async fn race<F, Fut>(t: &TestStore, claim: F) -> usize
where
    F: Fn(Arc<dyn Store>) -> Fut,
    Fut: std::future::Future<Output = sibyl::store::StoreResult<bool>> + Send + 'static,
{
    let second: Arc<dyn Store> = t.another_process().await;
    let racers: Vec<_> = (0..40)
        .map(|i| {
            let store = if i % 2 == 0 {
                Arc::clone(&t.store)
            } else {
                Arc::clone(&second)
            };
            tokio::spawn(claim(store))
        })
        .collect();
    let mut won = 0;
    for racer in racers {
        if racer.await.unwrap().unwrap() {
            won += 1;
        }
    }
    won
}

/// A number below `bound`, so that reruns against one keyspace claim steps of their own.
fn rand_below(bound: u32) -> u32 {
    (Uuid::new_v4().as_u128() % u128::from(bound)) as u32
}

both_stores!(
    second_factors_are_kept_replaced_and_removed,
    each_authenticator_step_is_claimed_once_however_many_race,
    each_recovery_code_is_used_once_however_many_race,
);
