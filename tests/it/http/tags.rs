//! Tag pages in the browser: tag links and older posts.

use crate::both_stores;
use crate::helpers::{TestStore, spawn_app};

both_stores!(readers_follow_tag_links_and_older_posts,);

async fn readers_follow_tag_links_and_older_posts(t: TestStore) {
    let app = spawn_app(t).await;
    let admin = app.set_up().await;
    for i in 0..23 {
        app.submit(
            "/write",
            "/write",
            &[
                ("title", &format!("Tagged {i}")),
                ("body", "Body."),
                ("tags", "Cassandra Notes"),
                ("action", "publish"),
            ],
        )
        .await;
    }
    let post = app
        .anonymous_get("/posts/tagged-0")
        .await
        .text()
        .await
        .unwrap();
    assert!(
        post.contains("href=\"/tags/cassandra%20notes\""),
        "tags link to their pages"
    );
    let first = app.anonymous_get("/tags/cassandra%20notes").await;
    assert_eq!(first.status(), 200);
    let html = first.text().await.unwrap();
    assert!(
        html.contains("Tagged 22") && !html.contains("Tagged 2<"),
        "newest 20 first"
    );
    let marker = "href=\"/tags/cassandra%20notes?after=";
    let start = html.find(marker).expect("an older-posts link") + "href=\"".len();
    let older = &html[start..start + html[start..].find('"').unwrap()];
    let second = app
        .anonymous_get(&older.replace("&amp;", "&"))
        .await
        .text()
        .await
        .unwrap();
    assert!(
        second.contains("Tagged 0") && second.contains("Tagged 2") && !second.contains("Tagged 22")
    );
    assert!(
        !second.contains("?after="),
        "the last page links no further"
    );
    assert_eq!(app.anonymous_get("/tags/nothing-here").await.status(), 404);
    assert_eq!(
        app.anonymous_get(&format!("/tags/{}", "x".repeat(500)))
            .await
            .status(),
        404
    );
    assert_eq!(
        app.anonymous_get("/tags/cassandra%20notes?after=broken")
            .await
            .status(),
        400
    );

    // The author's page lists the same posts a page at a time.
    let author = format!("/authors/{}", admin.username);
    let html = app.anonymous_get(&author).await.text().await.unwrap();
    assert!(html.contains("Tagged 22") && !html.contains("Tagged 2<"));
    let marker = format!("href=\"{author}?after=");
    let start = html.find(&marker).expect("an older-posts link") + "href=\"".len();
    let older = &html[start..start + html[start..].find('"').unwrap()];
    let second = app
        .anonymous_get(&older.replace("&amp;", "&"))
        .await
        .text()
        .await
        .unwrap();
    assert!(
        second.contains("Tagged 0") && second.contains("Tagged 2") && !second.contains("Tagged 22")
    );
    assert!(
        !second.contains("?after="),
        "the last page links no further"
    );
    assert_eq!(
        app.anonymous_get(&format!("{author}?after=broken"))
            .await
            .status(),
        400
    );
}
