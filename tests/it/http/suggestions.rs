//! Suggestions in the browser: readers propose, authors decide.

use crate::both_stores;
use crate::helpers::{TestStore, location, spawn_app, spawn_app_with};

both_stores!(
    readers_suggest_and_authors_accept_or_reject,
    suggestions_are_rate_limited_per_account,
);

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

async fn suggestions_are_rate_limited_per_account(t: TestStore) {
    let app = spawn_app_with(t, |config| {
        config.rate_limits.suggestion_per_account.max = 2;
    })
    .await;
    app.set_up().await;
    let path = app.publish("Popular", "Everyone has an opinion.").await;
    let (reader, _) = app.sign_up("reader password 1").await;
    let suggest = |n: usize| {
        let (reader, path) = (&reader, &path);
        async move {
            reader
                .submit(
                    &format!("{path}/suggest"),
                    &format!("{path}/suggest"),
                    &[
                        ("base", "1"),
                        ("title", "Popular"),
                        ("body", &format!("Opinion number {n}.")),
                        ("tags", ""),
                        ("note", ""),
                    ],
                )
                .await
        }
    };
    for n in 0..2 {
        assert_eq!(suggest(n).await.status(), 303, "suggestion {n}");
    }
    let refused = suggest(2).await;
    assert_eq!(refused.status(), 429);
    assert!(refused.headers().contains_key("retry-after"));
    assert!(
        refused
            .text()
            .await
            .unwrap()
            .contains("You are suggesting changes too fast.")
    );
    let queue = app.get_html(&format!("{path}/suggestions")).await;
    assert_eq!(
        queue.matches(&format!("{path}/suggestions/")).count(),
        2,
        "{queue}"
    );
}
