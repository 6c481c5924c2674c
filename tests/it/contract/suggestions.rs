//! Suggestions: readers propose, authors review a queue and accept (a new revision
//! crediting the suggester) or reject; ids come from the per-host counter.

use crate::both_stores;
use crate::helpers::TestStore;
use sibyl::domain::post::Body;
use sibyl::domain::post::MAX_SUGGESTIONS_PER_POST;
use sibyl::domain::{PostId, Suggestion, SuggestionState, Tags, Title, UserId, now};
use sibyl::store::SuggestionError;

fn suggestion(id: &str, post: PostId) -> Suggestion {
    Suggestion {
        id: id.to_owned(),
        post_id: post,
        base: 1,
        title: Title::parse("Better title").unwrap(),
        body: Body::parse("Better body.").unwrap(),
        tags: Tags::parse("one").unwrap(),
        note: "typo".into(),
        suggester_id: UserId::new(),
        suggester_name: "Sam Suggester".into(),
        created: now(),
        state: SuggestionState::Open,
    }
}

both_stores!(
    suggestions_are_stored_listed_and_decided_once,
    a_post_takes_a_bounded_number_of_suggestions,
    open_suggestions_are_counted_per_post_in_one_read,
);

/// The desk's counts: the open suggestions of each post asked about, decided ones and
/// other posts' apart.
async fn open_suggestions_are_counted_per_post_in_one_read(t: TestStore) {
    let (busy, quiet, other) = (PostId::new(), PostId::new(), PostId::new());
    for (id, post) in [
        ("host-c/1", busy),
        ("host-c/2", busy),
        ("host-c/3", busy),
        ("host-c/4", other),
    ] {
        t.store
            .create_suggestion(&t.site, &suggestion(id, post))
            .await
            .unwrap();
    }
    t.store
        .decide_suggestion(&t.site, busy, "host-c/3", SuggestionState::Rejected)
        .await
        .unwrap();
    let before = t.store.statements();
    let counts = t
        .store
        .open_suggestion_counts(&t.site, &[busy, quiet])
        .await
        .unwrap();
    assert_eq!(t.store.statements() - before, 1, "one read");
    assert_eq!(counts, [(busy, 2)]);
    assert!(
        t.store
            .open_suggestion_counts(&t.site, &[])
            .await
            .unwrap()
            .is_empty()
    );
}

async fn suggestions_are_stored_listed_and_decided_once(t: TestStore) {
    let post = PostId::new();
    let (a, b) = (suggestion("host-a/1", post), suggestion("host-a/2", post));
    t.store.create_suggestion(&t.site, &a).await.unwrap();
    t.store.create_suggestion(&t.site, &b).await.unwrap();
    let listed: Vec<String> = t
        .store
        .suggestions(&t.site, post)
        .await
        .unwrap()
        .into_iter()
        .map(|g| g.id)
        .collect();
    assert_eq!(listed, ["host-a/2", "host-a/1"], "newest first");
    assert_eq!(
        t.store.suggestion(&t.site, post, "host-a/1").await.unwrap(),
        Some(a)
    );
    assert_eq!(
        t.store.suggestion(&t.site, post, "host-a/9").await.unwrap(),
        None
    );
    let tasks: Vec<_> = (0..8)
        .map(|i| {
            let (store, site) = (t.store.clone(), t.site.clone());
            let to = if i % 2 == 0 {
                SuggestionState::Accepted
            } else {
                SuggestionState::Rejected
            };
            tokio::spawn(async move {
                store
                    .decide_suggestion(&site, post, "host-a/2", to)
                    .await
                    .unwrap()
            })
        })
        .collect();
    let mut wins = 0;
    for task in tasks {
        wins += usize::from(task.await.unwrap());
    }
    assert_eq!(wins, 1, "one decision wins");
    let decided = t
        .store
        .suggestion(&t.site, post, "host-a/2")
        .await
        .unwrap()
        .unwrap();
    assert_ne!(decided.state, SuggestionState::Open);
}

/// The cap holds under a race for the last places: 30 suggestions sent at once through
/// two processes to a post 10 short of it leave exactly 10 more, on both stores.
async fn a_post_takes_a_bounded_number_of_suggestions(t: TestStore) {
    let post = PostId::new();
    let below = MAX_SUGGESTIONS_PER_POST - 10;
    for start in (0..below).step_by(50) {
        let tasks: Vec<_> = (start..(start + 50).min(below))
            .map(|i| {
                let (store, site) = (t.store.clone(), t.site.clone());
                let g = suggestion(&format!("host-a/{i}"), post);
                tokio::spawn(async move { store.create_suggestion(&site, &g).await.unwrap() })
            })
            .collect();
        for task in tasks {
            task.await.unwrap();
        }
    }
    let other = t.another_process().await;
    let racers: Vec<_> = (0..30)
        .map(|i| {
            let store = if i % 2 == 0 {
                t.store.clone()
            } else {
                other.clone()
            };
            let site = t.site.clone();
            let g = suggestion(&format!("host-b/{i}"), post);
            tokio::spawn(async move { store.create_suggestion(&site, &g).await })
        })
        .collect();
    let (mut accepted, mut refused) = (0, 0);
    for racer in racers {
        match racer.await.unwrap() {
            Ok(()) => accepted += 1,
            Err(SuggestionError::Full) => refused += 1,
            Err(e) => panic!("{e}"),
        }
    }
    assert_eq!((accepted, refused), (10, 20));
    let listed = t.store.suggestions(&t.site, post).await.unwrap();
    assert_eq!(listed.len() as u64, MAX_SUGGESTIONS_PER_POST);
    let one_more = t
        .store
        .create_suggestion(&t.site, &suggestion("host-c/1", post))
        .await;
    assert!(
        matches!(one_more, Err(SuggestionError::Full)),
        "{one_more:?}"
    );
    assert_eq!(
        t.store.suggestion(&t.site, post, "host-c/1").await.unwrap(),
        None
    );
}
