//! Atom feeds, read by a feed parser from a registry (Python's feedparser, Debian's
//! python3-feedparser): the site's, a tag's and an author's, their entries and ids, whole
//! texts with absolute URLs, conditional requests, and what each costs in statements.

use crate::both_stores;
use crate::helpers::{Kind, TestApp, TestStore, spawn_app, spawn_app_with};
use serde_json::Value;
use std::io::Write;
use std::process::{Command, Stdio};

/// The Python that has feedparser (Debian's; `SIBYL_PYTHON` to use another).
fn python() -> String {
    std::env::var("SIBYL_PYTHON").unwrap_or_else(|_| "/usr/bin/python3".into())
}

/// What feedparser reads in a feed: whether it complained (`bozo`) and why, the feed's
/// title and links, and each entry's id, title, link, dates, author, tags and content.
fn parse(xml: &str) -> Value {
    let script = r#"
import json, sys, feedparser
d = feedparser.parse(sys.stdin.buffer.read())
print(json.dumps({
    "bozo": bool(d.bozo),
    "problem": str(d.get("bozo_exception", "")),
    "version": d.version,
    "title": d.feed.get("title"),
    "links": [{"rel": l.get("rel"), "href": l.get("href")} for l in d.feed.get("links", [])],
    "updated": d.feed.get("updated"),
    "entries": [{
        "id": e.get("id"),
        "title": e.get("title"),
        "link": e.get("link"),
        "updated": e.get("updated"),
        "published": e.get("published"),
        "author": e.get("author"),
        "tags": [t.get("term") for t in e.get("tags", [])],
        "summary": e.get("summary"),
        "content": e.get("content", [{}])[0].get("value"),
    } for e in d.entries],
}))
"#;
    let mut child = Command::new(python())
        .args(["-c", script])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| {
            panic!(
                "cannot run {} ({e}); scripts/test installs Debian's python3-feedparser",
                python()
            )
        });
    child
        .stdin
        .take()
        .unwrap()
        .write_all(xml.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "feedparser failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// A feed as a reader fetches it: 200, Atom, and read by feedparser without a complaint.
async fn feed(app: &TestApp, path: &str) -> (Value, reqwest::header::HeaderMap) {
    let response = app.anonymous_get(path).await;
    assert_eq!(response.status(), 200, "{path}");
    let headers = response.headers().clone();
    assert_eq!(
        headers["content-type"].to_str().unwrap(),
        "application/atom+xml; charset=utf-8"
    );
    let xml = response.text().await.unwrap();
    let parsed = parse(&xml);
    assert_eq!(
        parsed["bozo"], false,
        "{path}: {}\n{xml}",
        parsed["problem"]
    );
    assert_eq!(parsed["version"], "atom10", "{path}");
    (parsed, headers)
}

both_stores!(
    feeds_carry_the_newest_posts_whole_with_ids_that_never_change,
    feeds_answer_conditional_requests_and_unknown_lists,
);

async fn feeds_carry_the_newest_posts_whole_with_ids_that_never_change(t: TestStore) {
    // The statements of the store's path are counted: no page cache.
    let app = spawn_app_with(t, |c| c.page_cache.bytes = 0).await;
    let admin = app.set_up().await;
    let site = app.site.as_str().to_owned();
    for i in 0..22 {
        let body = format!(
            "Post number {i}, see [the first](/posts/feed-0) and \
             [elsewhere](https://example.org/x).\n\n![A chart](/images/chart-{i}.png)\n\n\
             Some **bold** text & an ampersand < and a less-than."
        );
        let response = app
            .write(&format!("Feed {i}"), &body, "Feeds, Cassandra", "publish")
            .await;
        assert_eq!(response.status(), 303);
    }
    app.write("A draft", "Not in any feed.", "Feeds", "draft")
        .await;

    let (site_feed, _) = feed(&app, "/feed.xml").await;
    let entries = site_feed["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 20, "the newest 20");
    assert_eq!(entries[0]["title"], "Feed 21");
    assert_eq!(entries[19]["title"], "Feed 2");
    assert_eq!(site_feed["title"], "Sibyl");
    let links = site_feed["links"].as_array().unwrap();
    assert!(
        links
            .iter()
            .any(|l| l["rel"] == "self" && l["href"] == format!("{site}/feed.xml"))
    );
    assert!(
        links
            .iter()
            .any(|l| l["rel"] == "alternate" && l["href"] == format!("{site}/"))
    );
    let newest = &entries[0];
    assert!(
        newest["id"]
            .as_str()
            .unwrap()
            .starts_with(&format!("tag:{},", site.trim_start_matches("http://"))),
        "{newest}"
    );
    assert_eq!(newest["link"], format!("{site}/posts/feed-21"));
    assert_eq!(newest["author"], "Ada Admin");
    let mut tags: Vec<String> = newest["tags"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap().to_owned())
        .collect();
    tags.sort();
    assert_eq!(tags, ["cassandra", "feeds"]);
    let content = newest["content"].as_str().unwrap();
    assert!(
        content.contains("<strong>bold</strong>"),
        "the whole text: {content}"
    );
    assert!(
        content.contains(&format!("href=\"{site}/posts/feed-0\"")),
        "{content}"
    );
    assert!(
        content.contains("href=\"https://example.org/x\""),
        "{content}"
    );
    assert!(
        content.contains(&format!("src=\"{site}/images/chart-21.png\"")),
        "{content}"
    );
    assert!(
        newest["summary"]
            .as_str()
            .unwrap()
            .starts_with("Post number 21")
    );
    assert!(newest["published"].is_string() && newest["updated"].is_string());
    assert!(!entries.iter().any(|e| e["title"] == "A draft"));

    // A new revision: the entry keeps its id, its updated date moves, the title follows.
    let id = newest["id"].clone();
    let published = newest["published"].clone();
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    let edit = "/posts/feed-21/edit";
    let saved = app
        .submit(
            edit,
            edit,
            &[
                ("base", "1"),
                ("title", "Feed 21, revised"),
                ("body", "A new text."),
                ("tags", "Feeds"),
                ("message", "Revised"),
                ("action", "save"),
            ],
        )
        .await;
    assert_eq!(saved.status(), 303);
    let (again, _) = feed(&app, "/feed.xml").await;
    let revised = &again["entries"][0];
    assert_eq!(
        (&revised["id"], &revised["title"]),
        (&id, &Value::from("Feed 21, revised"))
    );
    assert_eq!(revised["published"], published);
    assert_ne!(
        revised["updated"], published,
        "updated from the new revision"
    );
    assert_eq!(again["updated"], revised["updated"]);

    let (tag_feed, _) = feed(&app, "/tags/cassandra/feed.xml").await;
    let tagged = tag_feed["entries"].as_array().unwrap();
    assert_eq!(tagged.len(), 20);
    assert!(
        tagged.iter().all(|e| e["title"] != "Feed 21, revised"),
        "the revision dropped the tag"
    );
    let author_path = format!("/authors/{}/feed.xml", admin.username);
    let (author_feed, _) = feed(&app, &author_path).await;
    assert_eq!(author_feed["entries"].as_array().unwrap().len(), 20);

    // Each list's page names its feed, for readers' feed finders.
    for (page, href) in [
        ("/".to_owned(), "/feed.xml".to_owned()),
        (
            "/tags/cassandra".to_owned(),
            "/tags/cassandra/feed.xml".to_owned(),
        ),
        (format!("/authors/{}", admin.username), author_path.clone()),
    ] {
        let html = app.anonymous_get(&page).await.text().await.unwrap();
        assert!(
            html.contains("rel=\"alternate\" type=\"application/atom+xml\"")
                && html.contains(&format!("href=\"{href}\"")),
            "{page} names {href}"
        );
    }

    // What a feed costs, on either store: its list's first page (the front page), then
    // each post's row, read at once. The instance keeps the front page for LIST_TTL
    // (on SQLite, the connection that read it): a feed asked for again meanwhile reads
    // the posts' rows only.
    tokio::time::sleep(sibyl::store::cassandra::LIST_TTL).await;
    let (before, read) = (app.store.statements(), std::time::Instant::now());
    feed(&app, "/feed.xml").await;
    assert_eq!(app.store.statements() - before, 1 + 20, "the site's feed");
    let before = app.store.statements();
    feed(&app, "/feed.xml").await;
    let again = app.store.statements() - before;
    match app.kind {
        // Asked for again within LIST_TTL of the read: the front page was kept.
        Kind::Cassandra if read.elapsed() < sibyl::store::cassandra::LIST_TTL => {
            assert_eq!(again, 20, "the site's feed again")
        }
        _ => assert!((20..=21).contains(&again), "{again}"),
    }
}

async fn feeds_answer_conditional_requests_and_unknown_lists(t: TestStore) {
    // The parser does complain when a feed is broken.
    assert_eq!(
        parse("<feed xmlns=\"http://www.w3.org/2005/Atom\"><entry></feed>")["bozo"],
        true
    );
    let app = spawn_app(t).await;
    let admin = app.set_up().await;
    app.publish("Conditional", "Body.").await;
    let (_, headers) = feed(&app, "/feed.xml").await;
    let etag = headers["etag"].to_str().unwrap().to_owned();
    let modified = headers["last-modified"].to_str().unwrap().to_owned();
    assert!(
        headers["cache-control"]
            .to_str()
            .unwrap()
            .contains("max-age")
    );
    let client = app.anonymous();
    for (name, value) in [
        ("if-none-match", etag.as_str()),
        ("if-modified-since", modified.as_str()),
    ] {
        let again = client
            .get(app.url("/feed.xml"))
            .header(name, value)
            .send()
            .await
            .unwrap();
        assert_eq!(again.status(), 304, "{name}");
        assert_eq!(again.headers()["etag"].to_str().unwrap(), etag);
        assert!(again.text().await.unwrap().is_empty());
    }
    let stale = client
        .get(app.url("/feed.xml"))
        .header("if-none-match", "\"something-else\"")
        .send()
        .await
        .unwrap();
    assert_eq!(stale.status(), 200);
    // A new post changes the feed, its tag and its date.
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    app.publish("Newer", "Body.").await;
    let (_, changed) = feed(&app, "/feed.xml").await;
    assert_ne!(changed["etag"], etag.as_str());
    let old = client
        .get(app.url("/feed.xml"))
        .header("if-modified-since", modified.as_str())
        .send()
        .await
        .unwrap();
    assert_eq!(old.status(), 200, "modified since");

    for path in [
        "/tags/nothing-here/feed.xml".to_owned(),
        format!("/tags/{}/feed.xml", "x".repeat(500)),
        "/authors/nobody-at-all/feed.xml".to_owned(),
        "/authors/%00/feed.xml".to_owned(),
    ] {
        let response = app.anonymous_get(&path).await;
        assert_eq!(response.status(), 404, "{path}");
    }
    assert_eq!(
        app.anonymous_get(&format!("/authors/{}/feed.xml", admin.username))
            .await
            .status(),
        200
    );
    // HEAD answers the same headers.
    let head = client.head(app.url("/feed.xml")).send().await.unwrap();
    assert_eq!(head.status(), 200);
    assert!(head.headers().contains_key("etag"));
}
