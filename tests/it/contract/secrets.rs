//! A site's secrets (the API's, each fediverse actor's key pair): made once and kept,
//! whoever races to make them.

use crate::both_stores;
use crate::helpers::TestStore;

both_stores!(
    racing_keepers_all_get_the_one_secret_kept,
    racing_rotations_of_one_secret_replace_it_once,
);

async fn racing_keepers_all_get_the_one_secret_kept(t: TestStore) {
    let name = sibyl::store::site::actor_key_name(&uuid::Uuid::new_v4().to_string());
    assert_eq!(t.store.site_secret(&t.site, &name).await.unwrap(), None);
    let keepers = (0..8u8).map(|i| {
        let store = std::sync::Arc::clone(&t.store);
        let (site, name) = (t.site.clone(), name.clone());
        tokio::spawn(async move { store.keep_site_secret(&site, &name, vec![i; 32]).await })
    });
    let kept: Vec<Vec<u8>> = futures_util::future::join_all(keepers)
        .await
        .into_iter()
        .map(|r| r.unwrap().unwrap())
        .collect();
    assert!(kept.iter().all(|k| *k == kept[0]), "{kept:?}");
    assert_eq!(kept[0].len(), 32);
    assert_eq!(
        t.store.site_secret(&t.site, &name).await.unwrap(),
        Some(kept[0].clone())
    );
    // A later keeper changes nothing; another name and another site are apart.
    assert_eq!(
        t.store
            .keep_site_secret(&t.site, &name, vec![99; 32])
            .await
            .unwrap(),
        kept[0]
    );
    let other = sibyl::store::site::actor_key_name("site");
    assert_ne!(
        t.store.site_secret(&t.site, &other).await.unwrap(),
        Some(kept[0].clone())
    );
    let elsewhere = crate::helpers::unique_site();
    assert_eq!(t.store.site_secret(&elsewhere, &name).await.unwrap(), None);
}

async fn racing_rotations_of_one_secret_replace_it_once(t: TestStore) {
    let name = sibyl::store::site::actor_key_name(&uuid::Uuid::new_v4().to_string());
    // Nothing kept: nothing replaced.
    assert!(
        !t.store
            .replace_site_secret(&t.site, &name, &[1; 32], vec![2; 32])
            .await
            .unwrap()
    );
    assert_eq!(t.store.site_secret(&t.site, &name).await.unwrap(), None);
    let old = t
        .store
        .keep_site_secret(&t.site, &name, vec![1; 32])
        .await
        .unwrap();
    // Eight rotations of the kept secret race: one replaces it.
    let rotations = (10..18u8).map(|i| {
        let store = std::sync::Arc::clone(&t.store);
        let (site, name, old) = (t.site.clone(), name.clone(), old.clone());
        tokio::spawn(async move {
            let won = store
                .replace_site_secret(&site, &name, &old, vec![i; 32])
                .await
                .unwrap();
            (i, won)
        })
    });
    let outcomes: Vec<(u8, bool)> = futures_util::future::join_all(rotations)
        .await
        .into_iter()
        .map(Result::unwrap)
        .collect();
    let winners: Vec<u8> = outcomes
        .iter()
        .filter(|(_, w)| *w)
        .map(|(i, _)| *i)
        .collect();
    assert_eq!(winners.len(), 1, "{outcomes:?}");
    let kept = t.store.site_secret(&t.site, &name).await.unwrap();
    assert_eq!(kept, Some(vec![winners[0]; 32]));
    // A rotation of the old secret, now replaced, changes nothing.
    assert!(
        !t.store
            .replace_site_secret(&t.site, &name, &old, vec![99; 32])
            .await
            .unwrap()
    );
    assert_eq!(t.store.site_secret(&t.site, &name).await.unwrap(), kept);
    // A later keeper keeps the rotated one.
    assert_eq!(
        t.store
            .keep_site_secret(&t.site, &name, vec![50; 32])
            .await
            .unwrap(),
        vec![winners[0]; 32]
    );
    if t.kind == crate::helpers::Kind::Cassandra {
        a_rotation_whose_answer_was_lost_is_settled(&t).await;
    }
}

/// On Cassandra: a rotation whose LWT answer was lost (it ran all the same) is settled by
/// a serial read, and counts as made.
async fn a_rotation_whose_answer_was_lost_is_settled(t: &TestStore) {
    use sibyl::store::{Fault, LostAnswer, StoreOptions};
    let options = StoreOptions::default();
    let faults = options.faults.clone();
    let store = sibyl::store::open(&t.url, options).await.unwrap();
    let name = sibyl::store::site::actor_key_name(&uuid::Uuid::new_v4().to_string());
    let mut kept = store
        .keep_site_secret(&t.site, &name, vec![1; 32])
        .await
        .unwrap();
    for (n, kind) in LostAnswer::ALL.into_iter().enumerate() {
        let new = vec![n as u8 + 10; 32];
        faults.arm(Fault::LostLwtAnswer(kind));
        assert!(
            store
                .replace_site_secret(&t.site, &name, &kept, new.clone())
                .await
                .unwrap(),
            "{kind:?}"
        );
        assert!(
            !faults.fires(Fault::LostLwtAnswer(kind)),
            "{kind:?} did not fire"
        );
        assert_eq!(
            store.site_secret(&t.site, &name).await.unwrap(),
            Some(new.clone())
        );
        kept = new;
    }
}
