//! What search engines and link previews read: robots.txt, the sitemap index and the
//! months' sitemaps (read by a sitemap reader from a registry), canonical addresses and
//! descriptions on every page, and a post's OpenGraph, Twitter card and JSON-LD.

use crate::both_stores;
use crate::helpers::{Kind, TestApp, TestStore, spawn_app};
use chrono::{DateTime, Duration, FixedOffset, Utc};
use sibyl::domain::post::Body;
use sibyl::domain::{NewPost, Tags, Title, Username, now};
use sitemap::reader::{SiteMapEntity, SiteMapReader};
use sitemap::structs::{LastMod, Location};

/// What a sitemap reader finds in a document: its sitemaps and its URLs with their
/// dates. Any error of the reader, or a URL or date it cannot read, fails.
fn read_sitemap(xml: &str) -> (Vec<String>, Vec<(String, DateTime<FixedOffset>)>) {
    let (mut maps, mut urls) = (Vec::new(), Vec::new());
    for entity in SiteMapReader::new(xml.as_bytes()) {
        match entity {
            SiteMapEntity::SiteMap(map) => match map.loc {
                Location::Url(url) => maps.push(url.to_string()),
                other => panic!("a sitemap without a readable address: {other:?}\n{xml}"),
            },
            SiteMapEntity::Url(entry) => match (entry.loc, entry.lastmod) {
                (Location::Url(url), LastMod::DateTime(at)) => urls.push((url.to_string(), at)),
                other => panic!("an entry the reader cannot read: {other:?}\n{xml}"),
            },
            SiteMapEntity::Err(e) => panic!("the sitemap reader failed: {e}\n{xml}"),
        }
    }
    (maps, urls)
}

async fn xml(app: &TestApp, path: &str) -> String {
    let response = app.anonymous_get(path).await;
    assert_eq!(response.status(), 200, "{path}");
    assert_eq!(
        response.headers()["content-type"].to_str().unwrap(),
        "application/xml; charset=utf-8"
    );
    response.text().await.unwrap()
}

/// The content of the first `<meta>` whose `name` or `property` is `key`.
fn meta<'a>(html: &'a str, key: &str) -> Option<&'a str> {
    let at = html
        .find(&format!("property=\"{key}\""))
        .or_else(|| html.find(&format!("name=\"{key}\"")))?;
    let start = at + html[at..].find("content=\"")? + "content=\"".len();
    Some(&html[start..start + html[start..].find('"')?])
}

both_stores!(
    search_engines_find_every_post_by_month,
    every_page_names_its_address_and_a_post_its_preview,
);

async fn search_engines_find_every_post_by_month(t: TestStore) {
    let app = spawn_app(t).await;
    let admin = app.set_up().await;
    let site = app.site.as_str().to_owned();
    let robots = app.anonymous_get("/robots.txt").await;
    assert_eq!(robots.status(), 200);
    let robots = robots.text().await.unwrap();
    assert!(
        robots.contains(&format!("Sitemap: {site}/sitemap.xml")),
        "{robots}"
    );
    assert!(robots.contains("Disallow: /admin/"), "{robots}");

    // Two posts this month, one 400 days ago.
    let author = app
        .store
        .author_by_name(&Username::parse(&admin.username).unwrap())
        .await
        .unwrap()
        .unwrap();
    let old_at = now() - Duration::days(400);
    let old = NewPost::new(
        app.site.clone(),
        Title::parse("An old post").unwrap(),
        sibyl::domain::post::Rendered::of(Body::parse("Old.").unwrap()).unwrap(),
        Tags::parse("").unwrap(),
        author.id,
        author.display_name.clone(),
        old_at,
        true,
    );
    app.store.create_post(old).await.unwrap();
    app.publish("New post one", "One.").await;
    app.publish("New post two", "Two.").await;

    let (maps, urls) = read_sitemap(&xml(&app, "/sitemap.xml").await);
    assert!(urls.is_empty());
    let month_of = |at: DateTime<Utc>| {
        use chrono::Datelike;
        format!("{site}/sitemaps/{}-{:02}.xml", at.year(), at.month())
    };
    assert_eq!(
        maps,
        [month_of(now()), month_of(old_at)],
        "newest month first"
    );
    let this_month = maps[0].trim_start_matches(&site).to_owned();
    let before = app.store.statements();
    let (_, urls) = read_sitemap(&xml(&app, &this_month).await);
    let reads = match app.kind {
        Kind::Sqlite => 1,
        Kind::Cassandra => 2, // the month's two halves
    };
    assert_eq!(app.store.statements() - before, reads, "a month's sitemap");
    let locs: Vec<&str> = urls.iter().map(|(u, _)| u.as_str()).collect();
    assert_eq!(
        locs,
        [
            format!("{site}/posts/new-post-two"),
            format!("{site}/posts/new-post-one")
        ]
    );
    let (_, old_urls) = read_sitemap(&xml(&app, maps[1].trim_start_matches(&site)).await);
    assert_eq!(old_urls.len(), 1);
    assert_eq!(old_urls[0].0, format!("{site}/posts/an-old-post"));
    assert_eq!(
        old_urls[0].1.timestamp(),
        old_at.timestamp(),
        "never revised: its first save"
    );

    // A new revision moves the post's lastmod.
    let first_lastmod = urls[1].1;
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    let edit = "/posts/new-post-one/edit";
    let saved = app
        .submit(
            edit,
            edit,
            &[
                ("base", "1"),
                ("title", "New post one"),
                ("body", "One, revised."),
                ("tags", "notes"),
                ("message", "Revised"),
                ("action", "save"),
            ],
        )
        .await;
    assert_eq!(saved.status(), 303);
    let (_, urls) = read_sitemap(&xml(&app, &this_month).await);
    let revised = urls
        .iter()
        .find(|(u, _)| u.ends_with("/posts/new-post-one"))
        .unwrap();
    assert!(revised.1 > first_lastmod, "{} > {first_lastmod}", revised.1);

    for path in [
        "/sitemaps/2001-01.xml",
        "/sitemaps/2026-13.xml",
        "/sitemaps/2026-1.xml",
        "/sitemaps/garbage.xml",
        "/sitemaps/2026-11",
    ] {
        assert_eq!(app.anonymous_get(path).await.status(), 404, "{path}");
    }
}

async fn every_page_names_its_address_and_a_post_its_preview(t: TestStore) {
    let app = spawn_app(t).await;
    let admin = app.set_up().await;
    let site = app.site.as_str().to_owned();
    let post = app
        .publish(
            "A post with a preview",
            "The first words of the post, for its description.\n\n![A chart](/binary/AB12CD34EF56GH78?size=800x600)",
        )
        .await;
    let html = app.anonymous_get(&post).await.text().await.unwrap();
    assert!(
        html.contains(&format!("<link rel=\"canonical\" href=\"{site}{post}\">")),
        "{html}"
    );
    // The post's excerpt: its text's first words (an image's description among them).
    assert_eq!(
        meta(&html, "description"),
        Some("The first words of the post, for its description. A chart")
    );
    assert_eq!(meta(&html, "og:title"), Some("A post with a preview"));
    assert_eq!(
        meta(&html, "og:url"),
        Some(format!("{site}{post}").as_str())
    );
    assert_eq!(
        meta(&html, "og:image"),
        Some(format!("{site}/binary/AB12CD34EF56GH78/full/!800,600/0/default.jpg").as_str())
    );
    assert_eq!(meta(&html, "twitter:card"), Some("summary_large_image"));
    let start = html
        .find("<script type=\"application/ld+json\">")
        .expect("JSON-LD")
        + "<script type=\"application/ld+json\">".len();
    let json: serde_json::Value =
        serde_json::from_str(&html[start..start + html[start..].find("</script>").unwrap()])
            .unwrap();
    assert_eq!(json["@type"], "BlogPosting");
    assert_eq!(json["headline"], "A post with a preview");
    assert_eq!(json["author"]["name"], "Ada Admin");
    assert!(
        json["author"]["url"]
            .as_str()
            .unwrap()
            .starts_with(&format!("{site}/authors/id/"))
    );
    assert!(
        json["datePublished"]
            .as_str()
            .unwrap()
            .parse::<DateTime<FixedOffset>>()
            .is_ok()
    );
    assert_eq!(json["image"], meta(&html, "og:image").unwrap());

    // A title with markup stays text in the preview and cannot end the script element.
    let hostile = app
        .publish("</script><b>Bold</b> \"quoted\"", "Body.")
        .await;
    let html = app.anonymous_get(&hostile).await.text().await.unwrap();
    assert_eq!(
        meta(&html, "og:title"),
        Some("&#60;/script&#62;&#60;b&#62;Bold&#60;/b&#62; &#34;quoted&#34;")
    );
    assert_eq!(meta(&html, "twitter:card"), Some("summary"), "no image");
    let start = html.find("<script type=\"application/ld+json\">").unwrap();
    assert_eq!(
        html[start..].matches("</script>").count(),
        1 + html[start + 1..].matches("<script").count(),
        "the JSON-LD ends only at its own end"
    );

    for page in [
        "/".to_owned(),
        "/tags/notes".to_owned(),
        format!("/authors/{}", admin.username),
        "/archive".to_owned(),
        "/tags".to_owned(),
    ] {
        let html = app.anonymous_get(&page).await.text().await.unwrap();
        assert!(
            html.contains(&format!("<link rel=\"canonical\" href=\"{site}{page}\">")),
            "{page}"
        );
        assert!(
            meta(&html, "description").is_some_and(|d| !d.is_empty()),
            "{page}"
        );
    }
}
