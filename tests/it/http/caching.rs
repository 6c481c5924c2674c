//! What browsers and proxies see of every response: compression (gzip and brotli) of
//! pages, stylesheets, feeds and sitemaps, never of stored files; entity tags on pages
//! and a 304 on a repeat visit; what may be kept, and by whom.

use crate::both_stores;
use crate::fixtures::post_of;
use crate::helpers::{TestApp, TestStore, spawn_app};
use crate::http::binaries::{api_upload, context_of};
use reqwest::header::{ACCEPT_ENCODING, CACHE_CONTROL, CONTENT_ENCODING, ETAG, VARY};
use reqwest::multipart::Part;
use std::io::Read;

fn decode(encoding: &str, bytes: &[u8]) -> String {
    let mut text = String::new();
    match encoding {
        "gzip" => flate2::read::GzDecoder::new(bytes)
            .read_to_string(&mut text)
            .expect("a gzip body"),
        "br" => brotli_decompressor::Decompressor::new(bytes, 4096)
            .read_to_string(&mut text)
            .expect("a brotli body"),
        other => panic!("no decoder for {other}"),
    };
    text
}

/// A response read with the given `Accept-Encoding`: its encoding, `Vary` and raw bytes.
async fn fetch(
    client: &reqwest::Client,
    app: &TestApp,
    path: &str,
    accept: &str,
) -> (Option<String>, String, Vec<u8>) {
    let response = client
        .get(app.url(path))
        .header(ACCEPT_ENCODING, accept)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200, "{path}");
    let header = |name| {
        response
            .headers()
            .get(name)
            .map(|v: &reqwest::header::HeaderValue| v.to_str().unwrap().to_owned())
    };
    let encoding = header(CONTENT_ENCODING);
    // Every Vary header, as one list (a post's page varies by Accept as well).
    let vary = response
        .headers()
        .get_all(VARY)
        .iter()
        .map(|v| v.to_str().unwrap())
        .collect::<Vec<_>>()
        .join(", ");
    (encoding, vary, response.bytes().await.unwrap().to_vec())
}

async fn pages_stylesheets_feeds_and_sitemaps_are_compressed(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let path = app
        .publish(
            "Compressed",
            &"A paragraph long enough to be worth compressing. ".repeat(40),
        )
        .await;
    // One browser, so that every page carries the same CSRF token in each encoding.
    let reader = app.anonymous();
    reader.get(app.url("/")).send().await.unwrap();
    for page in [
        "/",
        path.as_str(),
        "/tags",
        "/archive",
        "/static/sibyl.css",
        "/feed.xml",
        "/sitemap.xml",
    ] {
        let (plain_encoding, _, plain) = fetch(&reader, &app, page, "identity").await;
        assert_eq!(plain_encoding, None, "{page}");
        let plain = String::from_utf8(plain).unwrap();
        for encoding in ["gzip", "br"] {
            let (sent, vary, bytes) = fetch(&reader, &app, page, encoding).await;
            assert_eq!(sent.as_deref(), Some(encoding), "{page}");
            assert!(
                vary.to_ascii_lowercase().contains("accept-encoding"),
                "{page}: Vary {vary:?}"
            );
            if plain.len() > 2000 {
                assert!(
                    bytes.len() < plain.len() / 2,
                    "{page} in {encoding}: {} bytes of {}",
                    bytes.len(),
                    plain.len()
                );
            }
            assert_eq!(decode(encoding, &bytes), plain, "{page} in {encoding}");
        }
    }

    // A stored file is sent as stored: its ranges and its strong tag name those bytes.
    let post = post_of(&app, &path).await;
    let text = "%PDF-1.4\n".to_owned() + &"0 0 obj\n<<>>\nendobj\n".repeat(200) + "%%EOF\n";
    let (status, json) = api_upload(
        &app,
        &context_of(&post),
        vec![
            Part::bytes(text.clone().into_bytes())
                .file_name("notes.pdf")
                .mime_str("application/pdf")
                .unwrap(),
        ],
    )
    .await;
    assert_eq!(status, 201, "{json}");
    let reference = json[0]["reference"].as_str().unwrap();
    let whole = reader
        .get(app.url(&format!("/binary/{reference}")))
        .header(ACCEPT_ENCODING, "gzip, br")
        .send()
        .await
        .unwrap();
    assert_eq!(whole.status(), 200);
    assert_ne!(whole.headers().get(CONTENT_ENCODING).unwrap(), "gzip");
    assert_ne!(whole.headers().get(CONTENT_ENCODING).unwrap(), "br");
    assert_eq!(whole.bytes().await.unwrap(), text.as_bytes());
    let part = reader
        .get(app.url(&format!("/binary/{reference}")))
        .header(ACCEPT_ENCODING, "gzip, br")
        .header("range", "bytes=0-7")
        .send()
        .await
        .unwrap();
    assert_eq!(part.status(), 206);
    assert_eq!(part.bytes().await.unwrap(), "%PDF-1.4".as_bytes());
}

/// Asks for a page again with the tag it was sent with.
async fn revisit(
    client: &reqwest::Client,
    app: &TestApp,
    path: &str,
    etag: &str,
) -> reqwest::Response {
    client
        .get(app.url(path))
        .header("if-none-match", etag)
        .send()
        .await
        .unwrap()
}

async fn a_repeat_visit_gets_304_until_the_page_changes(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let path = app.publish("First", "The first post.").await;
    let reader = app.anonymous();
    for page in [
        "/",
        path.as_str(),
        "/tags",
        "/archive",
        "/robots.txt",
        "/sitemap.xml",
    ] {
        let first = reader.get(app.url(page)).send().await.unwrap();
        assert_eq!(first.status(), 200, "{page}");
        let etag = first.headers()[ETAG].to_str().unwrap().to_owned();
        assert!(etag.starts_with("W/\""), "{page}: {etag}");
        let cache = first.headers()[CACHE_CONTROL].to_str().unwrap().to_owned();
        let html = first.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/html");
        let body = first.text().await.unwrap();
        if html {
            // Kept by the browser, which asks again each time (a page changes whenever
            // a post does)...
            assert!(cache.contains("no-cache"), "{page}: {cache}");
            assert!(!cache.contains("public"), "{page}: {cache}");
            if body.contains("name=\"csrf\"") {
                // ... and by nobody else when it holds this browser's token.
                assert!(cache.contains("private"), "{page}: {cache}");
            }
        } else {
            assert_eq!(cache, "public, max-age=3600", "{page}");
        }
        let again = revisit(&reader, &app, page, &etag).await;
        assert_eq!(again.status(), 304, "{page}");
        assert_eq!(again.headers()[ETAG].to_str().unwrap(), etag, "{page}");
        assert!(again.bytes().await.unwrap().is_empty(), "{page}");
        // Another tag is not this page.
        let other = revisit(&reader, &app, page, "W/\"0123\"").await;
        assert_eq!(other.status(), 200, "{page}");
        assert_eq!(other.text().await.unwrap(), body, "{page}");
    }

    // A new post changes the home page, and its tag with it.
    let home = reader.get(app.url("/")).send().await.unwrap();
    let etag = home.headers()[ETAG].to_str().unwrap().to_owned();
    app.publish("Second", "The second post.").await;
    let changed = revisit(&reader, &app, "/", &etag).await;
    assert_eq!(changed.status(), 200);
    assert_ne!(changed.headers()[ETAG].to_str().unwrap(), etag);
    assert!(changed.text().await.unwrap().contains("Second"));

    // A signed-in author's pages are kept by nobody, so they have no tag to send back.
    let own = app.get("/").await;
    assert_eq!(own.status(), 200);
    assert_eq!(own.headers()[CACHE_CONTROL], "private, no-store");
    assert!(own.headers().get(ETAG).is_none());

    // Errors and forms sent are never answered from a tag.
    let missing = reader
        .get(app.url("/posts/no-such-post"))
        .send()
        .await
        .unwrap();
    assert_eq!(missing.status(), 404);
    assert!(missing.headers().get(ETAG).is_none());
}

both_stores!(
    pages_stylesheets_feeds_and_sitemaps_are_compressed,
    a_repeat_visit_gets_304_until_the_page_changes,
);
