//! The application over HTTP, driven as a browser would: forms, cookies, redirects.

use crate::both_stores;
use crate::helpers::{
    Kind, TestApp, TestStore, location, spawn_app, spawn_app_for, spawn_app_with,
};
use sibyl::domain::Site;

both_stores!(
    a_fresh_site_lets_its_first_visitor_create_the_admin,
    an_author_publishes_and_an_anonymous_reader_sees_it,
    a_draft_is_hidden_until_published,
    list_and_post_pages_take_a_fixed_number_of_statements,
    bad_post_input_is_explained_and_changes_nothing,
    a_preview_shows_the_rendered_text_and_stores_nothing,
    forms_without_the_right_csrf_token_are_refused,
    anonymous_visitors_cannot_write,
    sign_in_and_out,
    unknown_urls_get_a_404_page,
    markdown_is_sanitized_on_the_page,
    short_links_redirect_to_the_canonical_address,
);

async fn home_lists(app: &TestApp, title: &str) -> bool {
    let html = app.anonymous_get("/").await.text().await.unwrap();
    html.contains(title)
}

async fn a_fresh_site_lets_its_first_visitor_create_the_admin(t: TestStore) {
    let app = spawn_app(t).await;
    let home = app.get_html("/").await;
    assert!(home.contains("Set up this site"), "{home}");
    let bad = app
        .submit(
            "/setup",
            "/setup",
            &[
                ("username", "x"),
                ("email", "a@b.co"),
                ("password", "long enough pw"),
                ("password_confirm", "long enough pw"),
            ],
        )
        .await;
    assert_eq!(bad.status(), 422);
    assert!(
        bad.text()
            .await
            .unwrap()
            .contains("A user name has 3 to 32 characters.")
    );
    let mismatch = app
        .submit(
            "/setup",
            "/setup",
            &[
                ("username", "someone"),
                ("email", "a@b.co"),
                ("password", "long enough pw"),
                ("password_confirm", "other long pw"),
            ],
        )
        .await;
    assert_eq!(mismatch.status(), 422);
    assert!(
        mismatch
            .text()
            .await
            .unwrap()
            .contains("The two passwords differ.")
    );
    assert_eq!(
        app.store.site_admin(&app.site).await.unwrap(),
        None,
        "bad input changed nothing"
    );

    app.set_up().await;
    assert_eq!(
        app.get("/write").await.status(),
        200,
        "the new admin is signed in"
    );
    assert!(app.store.site_admin(&app.site).await.unwrap().is_some());
    let again = app.get("/setup").await;
    assert_eq!(
        (again.status().as_u16(), location(&again)),
        (303, "/".to_owned()),
        "the signed-in admin is sent home"
    );
    let again = app.another_browser().get("/setup").await;
    assert_eq!(
        (again.status().as_u16(), location(&again)),
        (303, "/login".to_owned())
    );
    // A second visitor who had the form open before cannot take over.
    let other = app.anonymous();
    let html = other
        .get(app.url("/login"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let csrf = crate::helpers::csrf_in(&html);
    let late = other
        .post(app.url("/setup"))
        .form(&[
            ("csrf", csrf.as_str()),
            ("username", "latecomer"),
            ("email", "late@example.com"),
            ("password", "long enough pw"),
            ("password_confirm", "long enough pw"),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(late.status(), 403);
}

async fn an_author_publishes_and_an_anonymous_reader_sees_it(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let first = app.publish("First light", "The *first* post.").await;
    let second = app.publish("Second wind", "The second post.").await;
    assert_eq!(first, "/posts/first-light");
    assert_eq!(second, "/posts/second-wind");
    let home = app.anonymous_get("/").await;
    assert_eq!(home.status(), 200);
    let html = home.text().await.unwrap();
    let (a, b) = (
        html.find("Second wind").unwrap(),
        html.find("First light").unwrap(),
    );
    assert!(a < b, "newest first");
    assert!(html.contains("Ada Admin"));
    let post = app.anonymous_get(&first).await;
    assert_eq!(post.status(), 200);
    assert_eq!(post.headers()["content-type"], "text/html; charset=utf-8");
    assert_eq!(post.headers()["x-content-type-options"], "nosniff");
    let html = post.text().await.unwrap();
    assert!(html.contains("<h1>First light</h1>"));
    assert!(html.contains("The <em>first</em> post."));
    assert!(html.contains("<a class=\"tag\" href=\"/tags/notes\">notes</a>"));
}

async fn a_draft_is_hidden_until_published(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let response = app
        .write("Work in progress", "Not ready.", "", "draft")
        .await;
    assert_eq!(response.status(), 303);
    let path = location(&response);
    assert_eq!(app.anonymous_get(&path).await.status(), 404);
    assert!(!home_lists(&app, "Work in progress").await);
    let own = app.get_html(&path).await;
    assert!(own.contains("This post is a draft"));
    let publish = app.submit(&path, &format!("{path}/publish"), &[]).await;
    assert_eq!(
        (publish.status().as_u16(), location(&publish)),
        (303, path.clone())
    );
    assert_eq!(app.anonymous_get(&path).await.status(), 200);
    assert!(home_lists(&app, "Work in progress").await);
    let withdrawn = app.submit(&path, &format!("{path}/unpublish"), &[]).await;
    assert_eq!(
        (withdrawn.status().as_u16(), location(&withdrawn)),
        (303, path.clone())
    );
    assert_eq!(
        app.anonymous_get(&path).await.status(),
        404,
        "a draft again"
    );
    assert!(!home_lists(&app, "Work in progress").await);
}

async fn list_and_post_pages_take_a_fixed_number_of_statements(t: TestStore) {
    // The statements of the store's path are counted: no page cache.
    let app = spawn_app_with(t, |c| c.page_cache.bytes = 0).await;
    app.set_up().await;
    for i in 0..3 {
        app.publish(&format!("Counted post {i}"), "Body.").await;
    }
    let reader = app.anonymous();
    let before = app.store.statements();
    let home = reader.get(app.url("/")).send().await.unwrap();
    assert_eq!(home.status(), 200);
    assert!(home.text().await.unwrap().contains("Counted post 2"));
    assert_eq!(
        app.store.statements() - before,
        2,
        "home page: one read of the posts, one of their comment counts"
    );
    // The first view of a post also reads the site's comment settings, which the
    // instance then keeps for a while; count a later view.
    reader
        .get(app.url("/posts/counted-post-0"))
        .send()
        .await
        .unwrap();
    let before = app.store.statements();
    let post = reader
        .get(app.url("/posts/counted-post-1"))
        .send()
        .await
        .unwrap();
    assert_eq!(post.status(), 200);
    // Both with the post's likes and shares from the fediverse (read with the comments).
    let expected = match app.kind {
        Kind::Sqlite => 3, // the post (the slug is a column of posts), a page of comments
        // the slug claim names the post, then the post's partition, a page of comments
        Kind::Cassandra => 4,
    };
    assert_eq!(app.store.statements() - before, expected, "post page reads");
}

async fn bad_post_input_is_explained_and_changes_nothing(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let cases: [(&str, &str, &str, &str); 5] = [
        ("", "body", "", "A post needs a title."),
        ("   ", "body", "", "A post needs a title."),
        ("Title", "  ", "", "A post needs some text."),
        (
            "Title",
            "body",
            &"x".repeat(500),
            "A tag has at most 40 characters.",
        ),
        (
            &"t".repeat(201),
            "body",
            "",
            "A title has at most 200 characters.",
        ),
    ];
    for (title, body, tags, message) in cases {
        let response = app.write(title, body, tags, "publish").await;
        assert_eq!(response.status(), 422, "{title:?}");
        let html = response.text().await.unwrap();
        assert!(html.contains(message), "{message} not in {html}");
    }
    let big_body = "word ".repeat(60_000);
    let response = app.write("Big", &big_body, "", "publish").await;
    assert_eq!(response.status(), 422);
    assert!(response.text().await.unwrap().contains("at most 256 KiB"));
    let csrf = crate::helpers::csrf_in(&app.get_html("/write").await);
    let huge = "x".repeat(10 * 1024 * 1024);
    let response = app
        .post_form(
            "/write",
            &[
                ("csrf", csrf.as_str()),
                ("title", "Huge"),
                ("body", &huge),
                ("action", "publish"),
            ],
        )
        .await;
    assert_eq!(response.status(), 413);
    assert!(
        response
            .text()
            .await
            .unwrap()
            .contains("The form is too large")
    );
    let response = app.write("Odd", "body", "", "delete-everything").await;
    assert_eq!(response.status(), 400);
    assert!(
        app.store
            .home_page(&app.site, sibyl::store::PageAt::Newest, 20)
            .await
            .unwrap()
            .posts
            .is_empty(),
        "nothing was created"
    );
    assert_eq!(app.anonymous_get("/posts/big").await.status(), 404);
}

async fn forms_without_the_right_csrf_token_are_refused(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let fields = [
        ("title", "Forged"),
        ("body", "Forged body"),
        ("action", "publish"),
    ];
    let missing = app.post_form("/write", &fields).await;
    assert_eq!(missing.status(), 403, "a form without the token");
    assert!(
        missing
            .text()
            .await
            .unwrap()
            .contains("did not come from this site")
    );
    let mut wrong = vec![("csrf", "0".repeat(64))];
    wrong.extend(fields.iter().map(|(k, v)| (*k, v.to_string())));
    let wrong: Vec<(&str, &str)> = wrong.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let response = app.post_form("/write", &wrong).await;
    assert_eq!(response.status(), 403);
    assert!(
        response
            .text()
            .await
            .unwrap()
            .contains("did not come from this site")
    );
    let logout = app
        .post_form("/logout", &[("csrf", "f".repeat(64).as_str())])
        .await;
    assert_eq!(logout.status(), 403);
    assert_eq!(app.get("/write").await.status(), 200, "still signed in");
    assert!(
        app.store
            .home_page(&app.site, sibyl::store::PageAt::Newest, 20)
            .await
            .unwrap()
            .posts
            .is_empty()
    );
}

async fn anonymous_visitors_cannot_write(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let reader = app.anonymous();
    let form = reader.get(app.url("/write")).send().await.unwrap();
    assert_eq!(
        (form.status().as_u16(), location(&form)),
        (303, "/login?next=/write".to_owned())
    );
    let html = reader
        .get(app.url("/login"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let csrf = crate::helpers::csrf_in(&html);
    let post = reader
        .post(app.url("/write"))
        .form(&[
            ("csrf", csrf.as_str()),
            ("title", "Sneaky"),
            ("body", "x"),
            ("action", "publish"),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(post.status(), 303);
    assert!(location(&post).starts_with("/login"));
    assert!(
        app.store
            .home_page(&app.site, sibyl::store::PageAt::Newest, 20)
            .await
            .unwrap()
            .posts
            .is_empty()
    );
}

async fn sign_in_and_out(t: TestStore) {
    let app = spawn_app(t).await;
    let admin = app.set_up().await;
    let logout = app.submit("/", "/logout", &[]).await;
    assert_eq!(logout.status(), 303);
    assert_eq!(app.get("/write").await.status(), 303, "signed out");

    let wrong = app
        .submit(
            "/login",
            "/login",
            &[("login", &admin.username), ("password", "not the password")],
        )
        .await;
    assert_eq!(wrong.status(), 401);
    assert!(
        wrong
            .text()
            .await
            .unwrap()
            .contains("Wrong user name, e-mail address or password.")
    );
    let unknown = app
        .submit(
            "/login",
            "/login",
            &[("login", "nobody_at_all"), ("password", "whatever it is")],
        )
        .await;
    assert_eq!(unknown.status(), 401);

    let by_email = app
        .submit(
            "/login",
            "/login",
            &[
                ("login", &admin.email.to_uppercase()),
                ("password", &admin.password),
                ("next", "/write"),
            ],
        )
        .await;
    assert_eq!(
        (by_email.status().as_u16(), location(&by_email)),
        (303, "/write".to_owned())
    );
    let cookies: Vec<String> = by_email
        .headers()
        .get_all("set-cookie")
        .iter()
        .map(|v| v.to_str().unwrap().to_owned())
        .collect();
    let session = cookies
        .iter()
        .find(|c| c.starts_with("sibyl_session="))
        .expect("a session cookie");
    assert!(
        session.contains("HttpOnly") && session.contains("SameSite=Lax"),
        "{session}"
    );
    assert!(!session.contains("Secure"), "plain http site: {session}");
    assert!(
        cookies.iter().any(|c| c.starts_with("sibyl_csrf=")),
        "CSRF token rotated at sign-in"
    );
    assert_eq!(app.get("/write").await.status(), 200);

    // The session token stops working once signed out, even if replayed.
    let token = session
        .split(';')
        .next()
        .unwrap()
        .trim_start_matches("sibyl_session=")
        .to_owned();
    app.submit("/", "/logout", &[]).await;
    let replay = app
        .anonymous()
        .get(app.url("/write"))
        .header("cookie", format!("sibyl_session={token}"))
        .send()
        .await
        .unwrap();
    assert_eq!(replay.status(), 303);

    let by_name = app
        .submit(
            "/login",
            "/login",
            &[
                ("login", &admin.username),
                ("password", &admin.password),
                ("next", "//evil.example"),
            ],
        )
        .await;
    assert_eq!(
        (by_name.status().as_u16(), location(&by_name)),
        (303, "/".to_owned())
    );
}

async fn unknown_urls_get_a_404_page(t: TestStore) {
    let app = spawn_app(t).await;
    for path in [
        "/nope",
        "/posts/no-such-post",
        "/posts/Not_A_Slug",
        "/posts/a/b/c",
    ] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 404, "{path}");
        assert_eq!(
            response.headers()["content-type"],
            "text/html; charset=utf-8"
        );
        let html = response.text().await.unwrap();
        assert!(
            html.contains("Page not found") && html.contains("<!doctype html>"),
            "{html}"
        );
    }
}

async fn markdown_is_sanitized_on_the_page(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let body = "Hi <script>alert(1)</script> <img src=x onerror=alert(2)> [x](javascript:alert(3))";
    let path = app.publish("Hostile", body).await;
    let html =
        crate::helpers::without_json_ld(&app.anonymous_get(&path).await.text().await.unwrap())
            .to_lowercase();
    for needle in ["<script", "onerror", "javascript:"] {
        assert!(!html.contains(needle), "{needle} survived: {html}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_store_failure_gets_a_503_page() {
    let t = TestStore::sqlite().await;
    let path = t.sqlite_path.clone().unwrap();
    // The store fails below under a page asked for before: no page cache, whose copy
    // would answer it.
    let app = spawn_app_with(t, |c| c.page_cache.bytes = 0).await;
    assert_eq!(app.get("/").await.status(), 200);
    // Break the store underneath the running application.
    rusqlite::Connection::open(&path)
        .unwrap()
        .execute_batch("DROP TABLE posts;")
        .unwrap();
    let response = app.get("/").await;
    assert_eq!(response.status(), 503);
    assert_eq!(response.headers()["retry-after"], "30");
    let html = response.text().await.unwrap();
    assert!(html.contains("Temporarily unavailable"), "{html}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unreachable_cassandra_is_a_clear_start_up_error() {
    let url = sibyl::store::StoreUrl::parse("cassandra://127.0.0.1:1/sibyl_test").unwrap();
    let error = sibyl::store::open(&url, Default::default())
        .await
        .err()
        .expect("no node listens on port 1");
    assert!(
        error
            .to_string()
            .contains("cannot connect to Cassandra at 127.0.0.1:1"),
        "{error}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn https_sites_get_secure_cookies() {
    let t = TestStore::sqlite().await;
    let site = Site::parse("https://secure.example").unwrap();
    let app = spawn_app_for(site, t).await;
    assert_eq!(app.kind, Kind::Sqlite);
    let response = app.get("/login").await;
    let cookie = response.headers()["set-cookie"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(
        cookie.starts_with("__Host-sibyl_csrf=")
            && cookie.contains("Secure")
            && cookie.contains("HttpOnly"),
        "{cookie}"
    );
}

async fn short_links_redirect_to_the_canonical_address(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let path = app.publish("Shortly", "Body.").await;
    let html = app.anonymous_get(&path).await.text().await.unwrap();
    let marker = "id=\"short-link\">";
    let start = html.find(marker).expect("the post shows its short link") + marker.len();
    let short = &html[start..start + html[start..].find('<').unwrap()];
    assert!(short.starts_with("/p/"), "{short}");
    let redirect = app.anonymous_get(short).await;
    assert_eq!(
        (redirect.status().as_u16(), location(&redirect)),
        (301, path.clone())
    );
    for bad in [
        "/p/abc",
        "/p/-1",
        "/p/99999999999",
        "/p/184467440737095516150",
    ] {
        assert_eq!(app.anonymous_get(bad).await.status(), 404, "{bad}");
    }
}

async fn a_preview_shows_the_rendered_text_and_stores_nothing(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let body = "Some *emphasis*.\n\n<script>alert(1)</script>";
    let preview = app.write("Previewed", body, "notes", "preview").await;
    assert_eq!(preview.status(), 200);
    let page = preview.text().await.unwrap();
    assert!(page.contains("Preview <span class=\"meta\">(not saved)</span>"));
    assert!(
        page.contains("<em>emphasis</em>"),
        "rendered as it will be published"
    );
    assert!(
        !page.contains("<script>alert"),
        "and sanitized the same way"
    );
    assert!(
        page.contains("Some *emphasis*."),
        "the editor keeps the Markdown"
    );
    assert!(
        app.store
            .home_page(&app.site, sibyl::store::PageAt::Newest, 10)
            .await
            .unwrap()
            .posts
            .is_empty()
    );
    let slug = sibyl::domain::Slug::parse("previewed").unwrap();
    assert_eq!(
        app.store.post_by_slug(&app.site, &slug).await.unwrap(),
        None
    );
    // A preview of bad input explains it, as saving would.
    let bad = app.write("", body, "", "preview").await;
    assert_eq!(bad.status(), 422);
    assert!(bad.text().await.unwrap().contains("A post needs a title."));

    // Previewing an edit shows the new text and makes no revision.
    let path = app.publish("Stable", "Old text.").await;
    let previewed = app
        .submit(
            &format!("{path}/edit"),
            &format!("{path}/edit"),
            &[
                ("base", "1"),
                ("title", "Stable"),
                ("body", "New **text**."),
                ("tags", "notes"),
                ("action", "preview"),
            ],
        )
        .await;
    assert_eq!(previewed.status(), 200);
    let page = previewed.text().await.unwrap();
    assert!(page.contains("New <strong>text</strong>."));
    assert!(
        page.contains("name=\"base\" value=\"1\""),
        "saving goes on from the same base"
    );
    let post = app
        .store
        .post_by_slug(&app.site, &sibyl::domain::Slug::parse("stable").unwrap())
        .await
        .unwrap()
        .unwrap();
    assert_eq!((post.revision, post.body.as_str()), (1, "Old text."));
}
