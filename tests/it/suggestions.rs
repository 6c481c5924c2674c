//! Suggestions: readers propose, authors review a queue and accept (a new revision
//! crediting the suggester) or reject; ids come from the per-host counter.

use crate::both_stores;
use crate::helpers::{TestStore, location, spawn_app};
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

both_stores!(
    suggestions_are_stored_listed_and_decided_once,
    readers_suggest_and_authors_accept_or_reject
);

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

async fn readers_suggest_and_authors_accept_or_reject(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let path = app.publish("Open to ideas", "Teh first line.").await;
    let (reader, _) = app.sign_up("reader password 1").await;
    let page = reader.get_html(&path).await;
    assert!(page.contains("Suggest an edit"));
    let sent = reader
        .submit(
            &format!("{path}/suggest"),
            &format!("{path}/suggest"),
            &[
                ("base", "1"),
                ("title", "Open to ideas"),
                ("body", "The first line."),
                ("tags", "notes"),
                ("note", "Fixed a typo"),
            ],
        )
        .await;
    assert_eq!(
        (sent.status().as_u16(), location(&sent)),
        (303, format!("{path}?suggested"))
    );
    let bad = reader
        .submit(
            &format!("{path}/suggest"),
            &format!("{path}/suggest"),
            &[
                ("base", "1"),
                ("title", ""),
                ("body", "x"),
                ("tags", ""),
                ("note", ""),
            ],
        )
        .await;
    assert_eq!(bad.status(), 422);
    assert_eq!(
        reader.get(&format!("{path}/suggestions")).await.status(),
        403,
        "readers do not review"
    );

    let queue = app.get_html(&format!("{path}/suggestions")).await;
    let host = gethostname::gethostname().to_string_lossy().into_owned();
    let marker = format!("{path}/suggestions/{host}/");
    let start = queue.find(&marker).expect("the queue links the suggestion");
    let link = &queue[start..start + queue[start..].find('"').unwrap()];
    assert!(queue.contains("Fixed a typo") && queue.contains("open"));
    let view = app.get_html(link).await;
    assert!(
        view.contains("- Teh first line.") && view.contains("+ The first line."),
        "{view}"
    );
    let accepted = app.submit(link, &format!("{link}/accept"), &[]).await;
    assert_eq!(
        (accepted.status().as_u16(), location(&accepted)),
        (303, path.clone())
    );
    assert!(
        app.anonymous_get(&path)
            .await
            .text()
            .await
            .unwrap()
            .contains("The first line.")
    );
    let history = app.get_html(&format!("{path}/history")).await;
    assert!(
        history.contains("accepted by Ada Admin")
            && history.contains(&format!("Suggestion {host}/"))
    );
    let again = app.submit(link, &format!("{link}/accept"), &[]).await;
    assert_eq!(again.status(), 409, "decided once");

    reader
        .submit(
            &format!("{path}/suggest"),
            &format!("{path}/suggest"),
            &[
                ("base", "2"),
                ("title", "Open to ideas"),
                ("body", "Worse."),
                ("tags", ""),
                ("note", ""),
            ],
        )
        .await;
    let queue = app.get_html(&format!("{path}/suggestions")).await;
    let open = queue.find("<td>open</td>").expect("a new open suggestion");
    let start = queue[..open].rfind(&marker).unwrap();
    let second = &queue[start..start + queue[start..].find('"').unwrap()];
    assert_ne!(second, link, "a new id from the host counter");
    let rejected = app.submit(second, &format!("{second}/reject"), &[]).await;
    assert_eq!(rejected.status(), 303);
    assert!(
        !app.anonymous_get(&path)
            .await
            .text()
            .await
            .unwrap()
            .contains("Worse.")
    );
    assert_eq!(
        app.get(&format!("{path}/suggestions/{host}/999999"))
            .await
            .status(),
        404
    );
    assert_eq!(
        app.another_browser()
            .get(&format!("{path}/suggest"))
            .await
            .status(),
        303,
        "anonymous visitors sign in first"
    );
}
