//! Follows and favorites: both ways, paged, idempotent, capped, counted once however
//! many race, finished by the reconciler when a favorite's write dies half-way, and
//! forgotten with the post or the account they name.

use crate::both_stores;
use crate::fixtures::{post, user};
use crate::helpers::{Kind, TestStore};
use sibyl::app::Ctx;
use sibyl::app::deletion::{Deleter, delete_account, delete_post};
use sibyl::app::jobs::reconciler::reconcile;
use sibyl::domain::{PostId, Role, UserId, now};
use sibyl::store::{Fault, MAX_FOLLOWS, SocialError, StoreOptions};
use std::collections::HashSet;

both_stores!(
    follows_are_kept_both_ways_and_paged,
    favorites_are_counted_once_however_many_race,
    favorites_are_listed_newest_first_and_paged,
);
both_stores!(
    reconciling:
    deletions_forget_the_favorites_and_follows_they_name => "sibyl_deletions_forget_test",
);

async fn follows_are_kept_both_ways_and_paged(t: TestStore) {
    let star = user(&t, Role::Author, "Star").await;
    let fan = user(&t, Role::Reader, "Fan").await;
    let site = &t.site;
    t.store.follow(site, fan.id, star.id, now()).await.unwrap();
    t.store.follow(site, fan.id, star.id, now()).await.unwrap();
    assert_eq!(
        t.store.followed(site, fan.id, None, 10).await.unwrap(),
        [star.id],
        "once, however often"
    );
    assert_eq!(
        t.store.followers(site, star.id, None, 10).await.unwrap(),
        [fan.id]
    );
    let other = user(&t, Role::Author, "Other").await;
    assert_eq!(
        t.store
            .follows_among(site, fan.id, &[star.id, other.id])
            .await
            .unwrap(),
        HashSet::from([star.id])
    );
    assert!(
        t.store
            .follows_among(site, star.id, &[fan.id])
            .await
            .unwrap()
            .is_empty(),
        "one way"
    );

    // Forty followers, paged seven at a time: each once.
    let mut fans = vec![fan.id];
    for i in 0..39 {
        let f = UserId(uuid::Uuid::new_v4());
        t.store.follow(site, f, star.id, now()).await.unwrap();
        if i % 2 == 0 {
            t.store.follow(site, f, other.id, now()).await.unwrap();
        }
        fans.push(f);
    }
    let mut seen = Vec::new();
    let mut after = None;
    loop {
        let page = t.store.followers(site, star.id, after, 7).await.unwrap();
        assert!(page.len() <= 7);
        seen.extend(page.iter().copied());
        if page.len() < 7 {
            break;
        }
        after = page.last().copied();
    }
    assert_eq!(seen.len(), 40, "{seen:?}");
    assert_eq!(
        seen.iter().collect::<HashSet<_>>(),
        fans.iter().collect::<HashSet<_>>()
    );
    // Another site's follows are its own.
    let elsewhere = sibyl::domain::Site::parse("https://elsewhere.example").unwrap();
    assert!(
        t.store
            .followed(&elsewhere, fan.id, None, 10)
            .await
            .unwrap()
            .is_empty()
    );

    t.store.unfollow(site, fan.id, star.id).await.unwrap();
    t.store.unfollow(site, fan.id, star.id).await.unwrap();
    assert!(
        t.store
            .followed(site, fan.id, None, 10)
            .await
            .unwrap()
            .is_empty()
    );
    assert!(
        !t.store
            .followers(site, star.id, None, 100)
            .await
            .unwrap()
            .contains(&fan.id)
    );

    // At most MAX_FOLLOWS accounts followed.
    let collector = UserId(uuid::Uuid::new_v4());
    for chunk in 0..MAX_FOLLOWS / 50 {
        let follows = (0..50).map(|_| {
            t.store
                .follow(site, collector, UserId(uuid::Uuid::new_v4()), now())
        });
        for made in futures_util::future::join_all(follows).await {
            made.unwrap_or_else(|e| panic!("chunk {chunk}: {e}"));
        }
    }
    let over = t.store.follow(site, collector, star.id, now()).await;
    assert!(matches!(over, Err(SocialError::TooManyFollows)), "{over:?}");
}

async fn favorites_are_counted_once_however_many_race(t: TestStore) {
    let author = user(&t, Role::Author, "Author").await;
    let site = &t.site;
    let first = post(&t, &author, "Liked", "Text.", "").await;
    let second = post(&t, &author, "Also liked", "Text.", "").await;
    let readers: Vec<UserId> = (0..8).map(|_| UserId(uuid::Uuid::new_v4())).collect();
    // Eight readers, each favoriting the first post three times at once.
    let races = readers.iter().flat_map(|reader| {
        let store = std::sync::Arc::clone(&t.store);
        (0..3).map(move |_| {
            let store = std::sync::Arc::clone(&store);
            let (site, reader) = (site.clone(), *reader);
            tokio::spawn(async move {
                store
                    .favorite(&site, reader, first.id, now())
                    .await
                    .unwrap()
            })
        })
    });
    let mut made = 0;
    for race in races.collect::<Vec<_>>() {
        made += usize::from(race.await.unwrap());
    }
    assert_eq!(made, 8, "one favorite each");
    let counts = t
        .store
        .favorite_counts(site, &[first.id, second.id])
        .await
        .unwrap();
    assert_eq!(counts.get(&first.id), Some(&8));
    assert_eq!(counts.get(&second.id), None, "nobody's favorite");
    assert_eq!(
        t.store
            .favorites_among(site, readers[0], &[first.id, second.id])
            .await
            .unwrap(),
        HashSet::from([first.id])
    );

    // Three racing unfavorites of one favorite: one of them takes it.
    let undo = (0..3).map(|_| {
        let store = std::sync::Arc::clone(&t.store);
        let (site, reader) = (site.clone(), readers[0]);
        tokio::spawn(async move { store.unfavorite(&site, reader, first.id).await.unwrap() })
    });
    let mut removed = 0;
    for u in undo.collect::<Vec<_>>() {
        removed += usize::from(u.await.unwrap());
    }
    assert_eq!(removed, 1);
    let counts = t.store.favorite_counts(site, &[first.id]).await.unwrap();
    assert_eq!(counts.get(&first.id), Some(&7));
    assert!(
        t.store
            .favorites_among(site, readers[0], &[first.id])
            .await
            .unwrap()
            .is_empty()
    );
    assert!(
        !t.store
            .unfavorite(site, readers[0], first.id)
            .await
            .unwrap()
    );
    // Favorited again: counted again.
    assert!(
        t.store
            .favorite(site, readers[0], first.id, now())
            .await
            .unwrap()
    );
    let counts = t.store.favorite_counts(site, &[first.id]).await.unwrap();
    assert_eq!(counts.get(&first.id), Some(&8));

    // A favorite and a giving up by one account racing, round after round: its list and
    // the post's count always end agreeing with whether it is a favorite.
    let reader = UserId(uuid::Uuid::new_v4());
    for round in 0..12 {
        let (kept, given_up) = tokio::join!(
            t.store.favorite(site, reader, second.id, now()),
            t.store.unfavorite(site, reader, second.id)
        );
        kept.unwrap();
        given_up.unwrap();
        let is_favorite = !t
            .store
            .favorites_among(site, reader, &[second.id])
            .await
            .unwrap()
            .is_empty();
        let listed = t
            .store
            .favorites_of(site, reader, None, 10)
            .await
            .unwrap()
            .posts;
        assert_eq!(listed.contains(&second.id), is_favorite, "round {round}");
        assert!(listed.len() <= 1, "round {round}: {listed:?}");
        let counted = t
            .store
            .favorite_counts(site, &[second.id])
            .await
            .unwrap()
            .get(&second.id)
            .copied()
            .unwrap_or(0);
        assert_eq!(counted, u64::from(is_favorite), "round {round}");
    }
}

async fn favorites_are_listed_newest_first_and_paged(t: TestStore) {
    let author = user(&t, Role::Author, "Author").await;
    let reader = UserId(uuid::Uuid::new_v4());
    let site = &t.site;
    let mut posts: Vec<PostId> = Vec::new();
    for i in 0..7 {
        let p = post(&t, &author, &format!("Favorite {i}"), "Text.", "").await;
        let at = now() + chrono::Duration::milliseconds(i);
        assert!(t.store.favorite(site, reader, p.id, at).await.unwrap());
        posts.push(p.id);
    }
    // Given up, then kept again: the newest.
    assert!(t.store.unfavorite(site, reader, posts[2]).await.unwrap());
    let again = now() + chrono::Duration::seconds(5);
    assert!(
        t.store
            .favorite(site, reader, posts[2], again)
            .await
            .unwrap()
    );
    let mut listed = Vec::new();
    let mut cursor: Option<String> = None;
    loop {
        let page = t
            .store
            .favorites_of(site, reader, cursor.as_deref(), 3)
            .await
            .unwrap();
        listed.extend(page.posts);
        match page.next {
            Some(next) => cursor = Some(next),
            None => break,
        }
    }
    let expected = [
        posts[2], posts[6], posts[5], posts[4], posts[3], posts[1], posts[0],
    ];
    assert_eq!(listed, expected);
    assert!(matches!(
        t.store
            .favorites_of(site, reader, Some("not a cursor"), 3)
            .await,
        Err(sibyl::store::PageError::BadCursor)
    ));
}

async fn deletions_forget_the_favorites_and_follows_they_name(t: TestStore) {
    let site = &t.site;
    let admin = user(&t, Role::Admin, "Admin").await;
    let author = user(&t, Role::Author, "Writer").await;
    let leaving = user(&t, Role::Reader, "Leaving").await;
    let staying = user(&t, Role::Reader, "Staying").await;
    let kept = post(&t, &author, "Kept", "Text.", "").await;
    let doomed = post(&t, &author, "Doomed", "Text.", "").await;
    for who in [&leaving, &staying] {
        for liked in [&kept, &doomed] {
            assert!(
                t.store
                    .favorite(site, who.id, liked.id, now())
                    .await
                    .unwrap()
            );
        }
    }
    // More than a deletion reads at a time, paged seven at a time here: each once.
    let mut fans = HashSet::from([leaving.id, staying.id]);
    for _ in 0..128 {
        let fan = UserId(uuid::Uuid::new_v4());
        assert!(t.store.favorite(site, fan, doomed.id, now()).await.unwrap());
        fans.insert(fan);
    }
    let mut seen = Vec::new();
    let mut after = None;
    loop {
        let page = t.store.favoriters(site, doomed.id, after, 7).await.unwrap();
        seen.extend(page.iter().copied());
        if page.len() < 7 {
            break;
        }
        after = page.last().copied();
    }
    assert_eq!(seen.len(), 130);
    assert_eq!(seen.into_iter().collect::<HashSet<_>>(), fans);
    t.store
        .follow(site, leaving.id, author.id, now())
        .await
        .unwrap();
    t.store
        .follow(site, staying.id, leaving.id, now())
        .await
        .unwrap();
    t.store
        .follow(site, staying.id, author.id, now())
        .await
        .unwrap();

    assert!(
        delete_post(&Ctx::offline(t.store.clone(), site.clone()), doomed.id)
            .await
            .unwrap()
    );
    let by = Deleter {
        id: admin.id,
        name: admin.display_name.clone(),
    };
    delete_account(&Ctx::offline(t.store.clone(), site.clone()), &leaving, &by)
        .await
        .unwrap()
        .unwrap();
    // Forgotten on the reconciler's pass, a page at a time.
    reconcile(t.store.as_ref(), now()).await.unwrap();
    assert!(
        t.store
            .favoriters(site, doomed.id, None, 10)
            .await
            .unwrap()
            .is_empty()
    );
    assert_eq!(
        t.store
            .favorites_of(site, staying.id, None, 10)
            .await
            .unwrap()
            .posts,
        [kept.id]
    );
    assert_eq!(
        t.store
            .favorites_among(site, staying.id, &[kept.id, doomed.id])
            .await
            .unwrap(),
        HashSet::from([kept.id])
    );
    assert!(
        t.store
            .favorites_of(site, leaving.id, None, 10)
            .await
            .unwrap()
            .posts
            .is_empty()
    );
    let counts = t
        .store
        .favorite_counts(site, &[kept.id, doomed.id])
        .await
        .unwrap();
    assert_eq!(
        counts.get(&kept.id),
        Some(&1),
        "the deleted account's is gone"
    );
    assert_eq!(counts.get(&doomed.id), None);
    assert!(
        t.store
            .followed(site, leaving.id, None, 10)
            .await
            .unwrap()
            .is_empty()
    );
    assert!(
        t.store
            .followers(site, leaving.id, None, 10)
            .await
            .unwrap()
            .is_empty()
    );
    assert_eq!(
        t.store.followers(site, author.id, None, 10).await.unwrap(),
        [staying.id]
    );
    assert_eq!(
        t.store.followed(site, staying.id, None, 10).await.unwrap(),
        [author.id]
    );
}

/// A favorite whose write dies after its row: the reconciler makes its copies and its
/// post's count agree (Cassandra; SQLite writes it in one transaction).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_favorite_cut_short_is_finished_by_the_reconciler() {
    let options = StoreOptions::default();
    let t = TestStore::cassandra_alone_with("sibyl_social_test", options.clone()).await;
    assert_eq!(t.kind, Kind::Cassandra);
    reconcile(t.store.as_ref(), now()).await.unwrap();
    let author = user(&t, Role::Author, "Author").await;
    let liked = post(&t, &author, "Cut short", "Text.", "").await;
    let reader = UserId(uuid::Uuid::new_v4());
    options.faults.arm(Fault::CrashAfterFavoriteRow);
    let died = t.store.favorite(&t.site, reader, liked.id, now()).await;
    assert!(died.is_err(), "{died:?}");
    // The window is open: the row is there, its copies and count are not.
    let among = t
        .store
        .favorites_among(&t.site, reader, &[liked.id])
        .await
        .unwrap();
    assert_eq!(among, HashSet::from([liked.id]));
    let counts = t.store.favorite_counts(&t.site, &[liked.id]).await.unwrap();
    assert_eq!(counts.get(&liked.id), None);
    assert!(
        t.store
            .favorites_of(&t.site, reader, None, 10)
            .await
            .unwrap()
            .posts
            .is_empty()
    );
    // A retry changes nothing: the favorite is there already.
    assert!(
        !t.store
            .favorite(&t.site, reader, liked.id, now())
            .await
            .unwrap()
    );
    let report = reconcile(t.store.as_ref(), now() + chrono::Duration::minutes(10))
        .await
        .unwrap();
    assert_eq!(report.completed, 1, "{report:?}");
    let counts = t.store.favorite_counts(&t.site, &[liked.id]).await.unwrap();
    assert_eq!(counts.get(&liked.id), Some(&1));
    assert_eq!(
        t.store
            .favorites_of(&t.site, reader, None, 10)
            .await
            .unwrap()
            .posts,
        [liked.id]
    );
    // A second pass finds nothing, and giving it up counts down to nothing.
    let again = reconcile(t.store.as_ref(), now() + chrono::Duration::minutes(10))
        .await
        .unwrap();
    assert_eq!(again.completed, 0, "{again:?}");
    assert!(t.store.unfavorite(&t.site, reader, liked.id).await.unwrap());
    let counts = t.store.favorite_counts(&t.site, &[liked.id]).await.unwrap();
    assert_eq!(counts.get(&liked.id), None);
}
