//! Texts nested deeper than any writing needs (quotes or lists thousands deep, which
//! cost an HTML parser the square of their length) are refused with a message wherever
//! a text is written (the editor's preview and save, a revision, the API, a suggestion,
//! a comment), and nothing is saved; a text stored before that bound is served, its
//! feed too, at the cost of its length; texts are rendered off the request workers, so
//! two heavy ones in flight leave a reader's page alone.

use crate::both_stores;
use crate::helpers::{TestStore, csrf_in, spawn_app, unique_name};
use crate::http::api::{api_app, call, error, register};
use reqwest::Method;
use serde_json::json;
use sibyl::domain::post::{Body, Rendered};
use sibyl::domain::user::Login;
use sibyl::domain::{NewPost, Tags, Title, now};
use std::time::{Duration, Instant};

/// The attacks: quotes and lists nested as deep as a text's size allows.
fn too_deep() -> [(&'static str, String); 3] {
    [
        ("quotes", format!("{} x", ">".repeat(200_000))),
        ("lists", format!("{}x", "- ".repeat(50_000))),
        ("raw HTML", format!("{}x", "<div>".repeat(10_000))),
    ]
}

fn refused(page: &str) -> bool {
    page.contains("more than 32 levels deep")
}

async fn deep_texts_are_refused_wherever_a_text_is_written(t: TestStore) {
    let app = api_app(t).await;
    app.set_up().await;
    let path = app.publish("Shallow", "A plain text.").await;
    let edit = format!("{path}/edit");
    for (what, body) in too_deep() {
        for action in ["preview", "draft", "publish"] {
            let response = app.write("Deep", &body, "", action).await;
            assert_eq!(response.status(), 422, "{what} {action}");
            let page = response.text().await.unwrap();
            assert!(refused(&page), "{what} {action}: {page}");
            // The author keeps the text to mend it.
            let end = body[body.len() - 20..]
                .replace('>', "&#62;")
                .replace('<', "&#60;");
            assert!(page.contains(&end), "{what}");
        }
        let revised = app
            .submit(
                &edit,
                &edit,
                &[
                    ("base", "1"),
                    ("title", "Shallow"),
                    ("body", &body),
                    ("tags", ""),
                    ("message", ""),
                    ("action", "save"),
                ],
            )
            .await;
        assert_eq!(revised.status(), 422, "{what} as a revision");
        assert!(refused(&revised.text().await.unwrap()), "{what}");
    }
    // Nothing was saved: one post, at its first revision.
    let home = app.anonymous_get("/").await.text().await.unwrap();
    assert!(!home.contains("Deep"), "{home}");
    let post = crate::fixtures::post_of(&app, &path).await;
    assert_eq!((post.revision, post.body.as_str()), (1, "A plain text."));

    // The JSON API, creating and changing an article.
    let token = register(&app, &unique_name("deepwriter")).await;
    let (status, body) = call(
        &app,
        Method::POST,
        "/articles",
        Some(&token),
        Some(json!({"article": {"title": "Deep", "description": "", "body": too_deep()[0].1, "tagList": []}})),
    )
    .await;
    assert_eq!(status, 422, "{body}");
    assert!(refused(&error(&body)), "{body}");
    let (status, body) = call(
        &app,
        Method::POST,
        "/articles",
        Some(&token),
        Some(json!({"article": {"title": "Fine", "description": "", "body": "Flat.", "tagList": []}})),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let slug = body["article"]["slug"].as_str().unwrap().to_owned();
    let (status, body) = call(
        &app,
        Method::PUT,
        &format!("/articles/{slug}"),
        Some(&token),
        Some(json!({"article": {"body": too_deep()[1].1}})),
    )
    .await;
    assert_eq!(status, 422, "{body}");
    assert!(refused(&error(&body)), "{body}");
    let (_, body) = call(&app, Method::GET, &format!("/articles/{slug}"), None, None).await;
    assert_eq!(body["article"]["body"], "Flat.");

    // A reader's suggestion and comment.
    let (reader, _) = app.sign_up("reader password 1").await;
    let suggested = reader
        .submit(
            &format!("{path}/suggest"),
            &format!("{path}/suggest"),
            &[
                ("base", "1"),
                ("title", "Shallow"),
                ("body", &too_deep()[0].1),
                ("tags", ""),
                ("note", ""),
            ],
        )
        .await;
    assert_eq!(suggested.status(), 422);
    assert!(refused(&suggested.text().await.unwrap()));
    let commented = crate::http::comments::comment_on(
        &reader,
        &path,
        &[("body", &format!("{} x", ">".repeat(1000)))],
    )
    .await;
    assert_eq!(commented.status(), 422);
    let page = commented.text().await.unwrap();
    assert!(page.contains("This comment nests"), "{page}");
    let queue = app.get_html("/admin/comments").await;
    assert!(!queue.contains("&gt;&gt;&gt;"), "{queue}");
}

/// What the renderer stored for a text of quotes `depth` deep before texts were bounded.
fn stored_before_the_bound(depth: usize) -> String {
    format!(
        "{}<p><a href=\"/posts/shallow\">x</a></p>\n{}",
        "<blockquote>\n".repeat(depth),
        "</blockquote>\n".repeat(depth)
    )
}

async fn a_text_stored_before_the_bound_is_served_and_its_feed_read_once(t: TestStore) {
    let app = spawn_app(t).await;
    let admin = app.set_up().await;
    let me = app
        .store
        .user_by_login(&Login::parse(&admin.username).unwrap())
        .await
        .unwrap()
        .unwrap();
    let depth = 50_000;
    let text = Rendered {
        body: Body::parse(&format!("{} [x](/posts/shallow)", ">".repeat(depth))).unwrap(),
        html: stored_before_the_bound(depth),
        excerpt: "x".into(),
    };
    let post = app
        .store
        .create_post(NewPost::new(
            app.site.clone(),
            Title::parse("Deep from before").unwrap(),
            text,
            Tags::default(),
            me.id,
            me.display_name.clone(),
            now(),
            true,
        ))
        .await
        .unwrap();
    // Read again for every feed request, each level of it once: the feed answers as any
    // does (a parser walking the levels again per level took minutes here).
    let reader = reqwest::Client::builder()
        .timeout(Duration::from_secs(60))
        .build()
        .unwrap();
    for _ in 0..3 {
        let feed = reader
            .get(app.url("/feed.xml"))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        let content = feed
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&quot;", "\"")
            .replace("&amp;", "&");
        assert_eq!(
            content.matches("<blockquote>").count(),
            depth,
            "the whole text"
        );
        assert!(
            content.contains(&format!(
                "href=\"{}/posts/shallow\"",
                app.site.as_str().trim_end_matches('/')
            )),
            "absolute links"
        );
    }
    let page = reader
        .get(app.url(&format!("/posts/{}", post.slug.as_str())))
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), 200);
    assert_eq!(
        page.text().await.unwrap().matches("<blockquote>").count(),
        depth
    );
}

/// A heavy text that is accepted: quotes each at the deepest level allowed (a paragraph
/// in 31 quotes, 32 levels), 19,200 elements in all, just under the bound.
fn heavy_accepted() -> String {
    let block = format!("{} x {}\n\n", ">".repeat(31), "word ".repeat(10));
    block.repeat(600)
}

/// Sends the heaviest accepted text to the editor's preview from a signed-in browser;
/// returns when it was answered and how.
async fn preview(
    browser: reqwest::Client,
    url: String,
    csrf: String,
    body: String,
) -> (Instant, u16) {
    let response = browser
        .post(url)
        .form(&[
            ("csrf", csrf.as_str()),
            ("title", "Heavy"),
            ("body", body.as_str()),
            ("tags", ""),
            ("action", "preview"),
        ])
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    let page = response.text().await.unwrap();
    assert!(page.contains("<blockquote>"), "{status}");
    (Instant::now(), status)
}

async fn two_heavy_texts_in_flight_leave_a_readers_page_alone(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let path = app.publish("A reader's page", "Short.").await;
    let csrf = csrf_in(&app.get_html("/write").await);
    let body = heavy_accepted();
    assert!(
        Rendered::of(Body::parse(&body).unwrap()).is_ok(),
        "accepted"
    );
    // The server has as many request workers as cores (two here): both heavy previews
    // in flight, each on a worker of its own if they rendered there.
    let [first, second] = [(); 2].map(|()| {
        tokio::spawn(preview(
            app.client.clone(),
            app.url("/write"),
            csrf.clone(),
            body.clone(),
        ))
    });
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(
        !first.is_finished() && !second.is_finished(),
        "the heavy previews are still being rendered"
    );
    let page = app.anonymous_get(&path).await;
    let read = Instant::now();
    assert_eq!(page.status(), 200);
    let (first, second) = (first.await.unwrap(), second.await.unwrap());
    assert_eq!((first.1, second.1), (200, 200));
    assert!(
        read < first.0.min(second.0),
        "the reader's page waited for a heavy preview"
    );
}

both_stores!(
    deep_texts_are_refused_wherever_a_text_is_written,
    texts_that_format_to_too_much_html_are_refused,
    a_text_stored_before_the_bound_is_served_and_its_feed_read_once,
    two_heavy_texts_in_flight_leave_a_readers_page_alone,
);

/// An image of the site's files becomes a link and an image with every rendition's
/// address (30 bytes of Markdown make over 400 of HTML): thousands of them would make
/// megabytes of HTML from a text under the size limit, stored with every revision. Such a
/// text is refused, in the editor and the API, with a message, before any HTML is made;
/// nothing is saved. A long text of ordinary Markdown is not.
async fn texts_that_format_to_too_much_html_are_refused(t: TestStore) {
    let body = "![](/binary/ABCDEFGHIJKLMNOP) ".repeat(8_000);
    assert!(Body::parse(&body).is_ok(), "under the size limit");
    let app = api_app(t).await;
    app.set_up().await;
    for action in ["preview", "draft", "publish"] {
        let response = app.write("Bomb", &body, "", action).await;
        assert_eq!(response.status(), 422, "{action}");
        let page = response.text().await.unwrap();
        assert!(
            page.contains("KiB of HTML once formatted"),
            "{action}: {page}"
        );
    }
    let token = register(&app, &unique_name("bomber")).await;
    let (status, answer) = call(
        &app,
        Method::POST,
        "/articles",
        Some(&token),
        Some(json!({"article": {"title": "Bomb", "description": "", "body": body, "tagList": []}})),
    )
    .await;
    assert_eq!(status, 422, "{answer}");
    assert!(
        error(&answer).contains("more than the 1024 KiB a post may have"),
        "{answer}"
    );
    let home = app.anonymous_get("/").await.text().await.unwrap();
    assert!(!home.contains("Bomb"), "{home}");
    // A long ordinary text, as large as a post may be, is saved.
    let paragraph = "Words of an ordinary paragraph, with *emphasis* and [a link](https://example.com/page).\n\n";
    let long = paragraph.repeat(Body::MAX_BYTES / paragraph.len() - 1);
    let response = app.write("Long", &long, "", "publish").await;
    assert!(
        response.status().is_redirection() || response.status() == 200,
        "{}",
        response.status()
    );
    let home = app.anonymous_get("/").await.text().await.unwrap();
    assert!(home.contains("Long"), "{home}");
}
