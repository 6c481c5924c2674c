//! Lists in the browser: the home page, tags, authors and months of the archive, page by
//! page, older and newer.

use crate::both_stores;
use crate::helpers::{TestApp, TestStore, location, spawn_app, spawn_app_with};

both_stores!(
    readers_follow_tag_links_and_older_posts,
    readers_page_back_through_the_home_page_and_the_months,
);

/// The address of the link with `rel` in a page (its `&amp;` undone).
fn link(html: &str, rel: &str) -> Option<String> {
    let at = html.find(&format!("rel=\"{rel}\""))?;
    let start = html[..at].rfind("href=\"")? + "href=\"".len();
    let end = start + html[start..].find('"')?;
    Some(html[start..end].replace("&amp;", "&"))
}

async fn html(app: &TestApp, path: &str) -> String {
    let response = app.anonymous_get(path).await;
    assert_eq!(response.status(), 200, "{path}");
    response.text().await.unwrap()
}

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
    assert_eq!(
        link(&second, "next"),
        None,
        "the last page links no further"
    );
    let newer = link(&second, "prev").expect("a newer-posts link");
    assert!(
        newer.starts_with("/tags/cassandra%20notes?before="),
        "{newer}"
    );
    let back = app.anonymous_get(&newer).await;
    assert_eq!(
        (back.status().as_u16(), location(&back).as_str()),
        (303, "/tags/cassandra%20notes"),
        "newer than the second page is the first"
    );
    assert_eq!(app.anonymous_get("/tags/nothing-here").await.status(), 404);
    // The list of tags names it, with its count, and is linked from every page.
    let index = self::html(&app, "/tags").await;
    assert!(
        index.contains("href=\"/tags/cassandra%20notes\"") && index.contains("23 posts"),
        "{index}"
    );
    assert!(second.contains("href=\"/tags\""));
    assert_eq!(app.anonymous_get("/tags?after=%00").await.status(), 400);
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
    assert_eq!(
        link(&second, "next"),
        None,
        "the last page links no further"
    );
    assert!(link(&second, "prev").is_some_and(|l| l.starts_with(&format!("{author}?before="))));
    assert_eq!(
        app.anonymous_get(&format!("{author}?after=broken"))
            .await
            .status(),
        400
    );
}

/// 23 posts: the home page shows the newest 20 and links to older posts; that page links
/// back; the archive names this month, whose page lists its posts; bad addresses get a
/// 400 or a 404, and a link to older posts that no longer exist a 404.
async fn readers_page_back_through_the_home_page_and_the_months(t: TestStore) {
    // Posts leave below through the store itself, which no instance hears of: no page
    // cache.
    let app = spawn_app_with(t, |c| c.page_cache.bytes = 0).await;
    let admin = app.set_up().await;
    for i in 0..23 {
        app.submit(
            "/write",
            "/write",
            &[
                ("title", &format!("Paged {i}")),
                ("body", "Body."),
                ("tags", ""),
                ("action", "publish"),
            ],
        )
        .await;
    }
    let home = html(&app, "/").await;
    assert!(home.contains("Paged 22") && !home.contains("Paged 2<"));
    // Every list and post links its author, by the account's id, which leads on to the
    // author's page by name.
    let by = link(&home, "author").expect("the list links the author");
    assert!(by.starts_with("/authors/id/"), "{by}");
    let post = html(&app, "/posts/paged-22").await;
    assert_eq!(
        link(&post, "author"),
        Some(by.clone()),
        "the post links its author"
    );
    let found = app.anonymous_get(&by).await;
    assert_eq!(
        (found.status().as_u16(), location(&found)),
        (302, format!("/authors/{}", admin.username))
    );
    for unknown in [
        "/authors/id/not-an-id",
        "/authors/id/00000000-0000-4000-8000-000000000000",
    ] {
        assert_eq!(app.anonymous_get(unknown).await.status(), 404, "{unknown}");
    }
    assert_eq!(
        link(&home, "prev"),
        None,
        "nothing is newer than the home page"
    );
    let older = link(&home, "next").expect("an older-posts link");
    assert!(older.starts_with("/?after="), "{older}");
    let second = html(&app, &older).await;
    assert!(
        second.contains("Paged 0") && second.contains("Paged 2<") && !second.contains("Paged 3<")
    );
    assert_eq!(
        link(&second, "next"),
        None,
        "the first post is on the last page"
    );
    let newer = link(&second, "prev").expect("a newer-posts link");
    let back = app.anonymous_get(&newer).await;
    assert_eq!(
        (back.status().as_u16(), location(&back).as_str()),
        (303, "/")
    );

    let archive = html(&app, "/archive").await;
    let this_month = {
        use chrono::Datelike;
        let now = sibyl::domain::now();
        format!("/archive/{}/{:02}", now.year(), now.month())
    };
    assert!(
        archive.contains(&format!("href=\"{this_month}\"")),
        "{archive}"
    );
    assert!(
        html(&app, "/").await.contains("href=\"/archive\""),
        "linked from every page"
    );
    let month = html(&app, &this_month).await;
    assert!(month.contains("Paged 22") && !month.contains("Paged 2<"));
    let month_older = link(&month, "next").expect("an older page of the month");
    assert!(html(&app, &month_older).await.contains("Paged 0"));

    for (path, status) in [
        ("/archive/2026/13", 404),
        ("/archive/2026/1", 404),
        ("/archive/26/11", 404),
        ("/archive/abcd/11", 404),
        ("/archive/1969/12", 404),
        ("/archive/2001/01", 404),
        ("/?after=broken", 400),
        ("/?before=broken", 400),
        ("/?after=a&before=b", 400),
    ] {
        let response = app.anonymous_get(path).await;
        assert_eq!(response.status().as_u16(), status, "{path}");
        let text = response.text().await.unwrap();
        assert!(text.contains("<h1>"), "{path}: a page that says why");
    }
    let month_broken = app
        .anonymous_get(&format!("{this_month}?after=broken"))
        .await;
    assert_eq!(month_broken.status(), 400);

    // The posts of the second page leave: its link now leads past the end.
    for i in 0..3 {
        let slug = sibyl::domain::Slug::parse(&format!("paged-{i}")).unwrap();
        let post = app
            .store
            .post_by_slug(&app.site, &slug)
            .await
            .unwrap()
            .unwrap();
        app.store.unpublish_post(&app.site, post.id).await.unwrap();
    }
    let gone = app.anonymous_get(&older).await;
    assert_eq!(gone.status(), 404);
    assert!(gone.text().await.unwrap().contains("no older posts"));
}
