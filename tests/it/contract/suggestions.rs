//! Suggestions: readers propose, authors review a queue and accept (a new revision
//! crediting the suggester) or reject; ids come from the per-host counter.

use crate::both_stores;
use crate::helpers::TestStore;
use sibyl::domain::post::Body;
use sibyl::domain::{PostId, Suggestion, SuggestionState, Tags, Title, UserId, now};

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

both_stores!(suggestions_are_stored_listed_and_decided_once,);

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
