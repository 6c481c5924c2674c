//! HTTP as monitors, caches and link checkers see it: HEAD answers like GET without a
//! body, a wrong method is a 405 naming the allowed ones, public responses carry no
//! cookie, signing in keeps the whole address, and notices come from fixed codes.

use crate::both_stores;
use crate::helpers::{TestApp, TestStore, location, spawn_app};

/// An image attached to a published post; returns its reference.
async fn picture(app: &TestApp, post_path: &str) -> String {
    let slug = sibyl::domain::Slug::parse(post_path.trim_start_matches("/posts/")).unwrap();
    let post = app
        .store
        .post_by_slug(&app.site, &slug)
        .await
        .unwrap()
        .unwrap();
    let owner = app.store.user(post.author_id).await.unwrap().unwrap().id;
    let files = sibyl::binaries::Binaries::new(app.store.binaries(), Default::default());
    let mut data = std::io::Cursor::new(Vec::new());
    image::RgbImage::from_fn(64, 48, |x, y| image::Rgb([x as u8, y as u8, 90]))
        .write_to(&mut data, image::ImageFormat::Png)
        .unwrap();
    let upload = sibyl::binaries::service::Upload {
        site: app.site.clone(),
        context: sibyl::binaries::Context::post(post.id),
        owner,
        name: "picture.png".into(),
    };
    let body = futures_util::stream::iter([Ok::<_, std::io::Error>(bytes::Bytes::from(
        data.into_inner(),
    ))]);
    files
        .ingest(upload, body)
        .await
        .unwrap()
        .reference
        .id
        .to_string()
}

fn header(response: &reqwest::Response, name: &str) -> String {
    response
        .headers()
        .get_all(name)
        .iter()
        .map(|v| v.to_str().unwrap().to_owned())
        .collect::<Vec<_>>()
        .join(", ")
}

both_stores!(
    head_answers_every_page_like_get_without_a_body,
    a_wrong_method_is_405_with_allow,
    public_responses_carry_no_cookie_and_forms_are_private,
    signing_in_keeps_the_whole_address_and_bad_queries_get_the_styled_page,
    notices_come_from_fixed_codes_and_setup_sends_the_signed_in_home,
    titles_in_any_script_make_readable_addresses,
);

async fn head_answers_every_page_like_get_without_a_body(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let post = app.publish("Heads up", "Body with a [link](/).").await;
    let reference = picture(&app, &post).await;
    let anonymous = app.another_browser();
    for path in [
        "/".to_owned(),
        post.clone(),
        "/tags/notes".to_owned(),
        "/static/sibyl.css".to_owned(),
        "/login".to_owned(),
        "/signup".to_owned(),
        format!("/binary/{reference}"),
        format!("/binary/{reference}/full/max/0/default.jpg"),
        "/no/such/page".to_owned(),
    ] {
        let get = anonymous.get(&path).await;
        let head = anonymous
            .client
            .head(anonymous.url(&path))
            .send()
            .await
            .unwrap();
        assert_eq!(head.status(), get.status(), "HEAD {path}");
        for name in ["content-type", "content-length", "cache-control", "etag"] {
            assert_eq!(
                header(&head, name),
                header(&get, name),
                "HEAD {path}: {name}"
            );
        }
        assert_eq!(
            head.bytes().await.unwrap().len(),
            0,
            "HEAD {path} has a body"
        );
        assert!(
            !get.bytes().await.unwrap().is_empty(),
            "GET {path} has a body"
        );
    }
}

async fn a_wrong_method_is_405_with_allow(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let post = app.publish("Methods", "Body.").await;
    let cases = [
        ("/", "GET, HEAD"),
        (post.as_str(), "GET, HEAD"),
        ("/login", "GET, HEAD, POST"),
        ("/static/sibyl.css", "GET, HEAD"),
        ("/logout", "POST"),
    ];
    for (path, allowed) in cases {
        for method in ["PUT", "DELETE", "OPTIONS", "PATCH"] {
            let response = app
                .client
                .request(method.parse().unwrap(), app.url(path))
                .send()
                .await
                .unwrap();
            assert_eq!(response.status(), 405, "{method} {path}");
            let mut got: Vec<String> = header(&response, "allow")
                .split(',')
                .map(|m| m.trim().to_owned())
                .collect();
            got.sort();
            let mut want: Vec<&str> = allowed.split(", ").collect();
            want.sort();
            assert_eq!(got, want, "{method} {path}: Allow");
        }
    }
    // A path that is no page stays a 404, whatever the method.
    let response = app
        .client
        .put(app.url("/no/such/page"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 404);
}

async fn public_responses_carry_no_cookie_and_forms_are_private(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let post = app.publish("Cacheable", "A public page.").await;
    let reference = picture(&app, &post).await;
    let anonymous = app.another_browser();
    for path in [
        "/".to_owned(),
        post.clone(),
        "/tags/notes".to_owned(),
        "/static/sibyl.css".to_owned(),
        "/static/autosave.js".to_owned(),
        format!("/binary/{reference}"),
        format!("/binary/{reference}/full/!800,600/0/default.jpg"),
        format!("/binary/{reference}/full/30,/0/default.jpg"),
        format!("/binary/{reference}/info.json"),
    ] {
        let response = anonymous.get(&path).await;
        assert_eq!(response.status(), 200, "{path}");
        assert_eq!(header(&response, "set-cookie"), "", "{path} sets a cookie");
    }
    for path in [
        "/static/sibyl.css".to_owned(),
        format!("/binary/{reference}"),
    ] {
        let response = anonymous.get(&path).await;
        assert!(
            header(&response, "cache-control").contains("public"),
            "{path} is cacheable"
        );
    }
    // A page with a form sets the token's cookie, and only for this browser.
    let login = anonymous.get("/login").await;
    assert!(
        header(&login, "set-cookie").starts_with("sibyl_csrf="),
        "{}",
        header(&login, "set-cookie")
    );
    assert_eq!(header(&login, "cache-control"), "private, no-cache");
    // Once it has the cookie, the browser is not sent another.
    let again = anonymous.get("/signup").await;
    assert_eq!(header(&again, "set-cookie"), "");
    assert_eq!(header(&again, "cache-control"), "private, no-cache");
    // And the forms it shows still work: the token is the cookie's.
    let response = anonymous.log_in("nobody_here", "wrong password").await;
    assert_eq!(response.status(), 401, "{}", response.text().await.unwrap());
}

async fn signing_in_keeps_the_whole_address_and_bad_queries_get_the_styled_page(t: TestStore) {
    let app = spawn_app(t).await;
    let admin = app.set_up().await;
    let post = app.publish("Twice", "First text.").await;
    let edited = app
        .submit(
            &format!("{post}/edit"),
            &format!("{post}/edit"),
            &[
                ("base", "1"),
                ("title", "Twice"),
                ("body", "Second text."),
                ("tags", "notes"),
                ("message", ""),
            ],
        )
        .await;
    assert_eq!(edited.status(), 303, "{}", edited.text().await.unwrap());
    let diff = format!("{post}/diff?from=1&to=2");
    let reader = app.another_browser();
    let response = reader.get(&diff).await;
    assert_eq!(response.status(), 303);
    let login = location(&response);
    assert_eq!(
        login,
        format!("/login?next={post}/diff%3Ffrom%3D1%26to%3D2")
    );
    let page = reader.get_html(&login).await;
    let csrf = crate::helpers::csrf_in(&page);
    let next = page
        .split("name=\"next\" value=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .unwrap()
        .replace("&#38;", "&")
        .replace("&amp;", "&")
        .replace("&#x3D;", "=")
        .replace("&#x2F;", "/");
    assert_eq!(next, diff);
    let response = reader
        .post_form(
            "/login",
            &[
                ("csrf", &csrf),
                ("login", &admin.username),
                ("password", &admin.password),
                ("next", &next),
            ],
        )
        .await;
    assert_eq!(response.status(), 303);
    assert_eq!(location(&response), diff);
    let shown = reader.get(&diff).await;
    assert_eq!(shown.status(), 200);

    // A query missing a field, or with one that is not a number: the styled 400 page.
    for bad in [format!("{post}/diff?from=1"), format!("{post}/diff")] {
        let response = reader.get(&bad).await;
        assert_eq!(response.status(), 400, "{bad}");
        assert!(header(&response, "content-type").starts_with("text/html"));
        let html = response.text().await.unwrap();
        assert!(html.contains("<!doctype html>"), "{html}");
        assert!(html.contains("could not be read"), "{html}");
    }
    // A next that leads off the site is not followed.
    let page = reader
        .another_browser()
        .get_html("/login?next=/%09/evil.example")
        .await;
    assert!(page.contains("name=\"next\" value=\"/\""), "{page}");
}

async fn notices_come_from_fixed_codes_and_setup_sends_the_signed_in_home(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let page = app
        .get_html("/admin/comments?done=Your%20account%20is%20closed")
        .await;
    assert!(!page.contains("Your account is closed"), "{page}");
    assert!(!page.contains("class=\"notice\""), "{page}");
    let page = app.get_html("/admin/comments?done=approved&n=3").await;
    assert!(page.contains("3 comments approved."), "{page}");
    let page = app.get_html("/admin/comments?done=approved&n=-1").await;
    assert!(!page.contains("class=\"notice\""), "{page}");

    let response = app.get("/setup").await;
    assert_eq!(response.status(), 303);
    assert_eq!(location(&response), "/");

    // Error pages know who is signed in.
    for path in [
        "/no/such/page",
        "/posts/no-such-post",
        "/posts/no-such-post/edit",
    ] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 404, "{path}");
        let html = response.text().await.unwrap();
        assert!(
            html.contains("Log out") && !html.contains("Sign up"),
            "{path}: {html}"
        );
    }
    let html = app.another_browser().get_html("/no/such/page").await;
    assert!(
        html.contains("Sign up") && !html.contains("Log out"),
        "{html}"
    );
    let response = app.another_browser().get("/setup").await;
    assert_eq!(location(&response), "/login");
}

async fn titles_in_any_script_make_readable_addresses(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let tokyo = app.publish("東京の天気", "晴れ。").await;
    // A header is ASCII: the slug's letters are percent-encoded in it.
    assert_eq!(
        tokyo,
        "/posts/%E6%9D%B1%E4%BA%AC%E3%81%AE%E5%A4%A9%E6%B0%97"
    );
    let page = app.anonymous_get(&tokyo).await;
    assert_eq!(page.status(), 200);
    let html = page.text().await.unwrap();
    assert!(html.contains("東京の天気"), "{html}");
    let accents = app.publish(&"é".repeat(200), "Long.").await;
    assert!(accents.starts_with("/posts/eeeeeeeeee"), "{accents}");
    let moscow = app.publish("Погода в Москве", "Солнечно.").await;
    assert_eq!(app.anonymous_get(&moscow).await.status(), 200);
    // The short link leads to the encoded address, and the history keeps its keys.
    let slug = sibyl::domain::Slug::parse("東京の天気").unwrap();
    let post = app
        .store
        .post_by_slug(&app.site, &slug)
        .await
        .unwrap()
        .unwrap();
    let short = app.anonymous_get(&format!("/p/{}", post.short_id)).await;
    assert_eq!(short.status(), 301);
    assert_eq!(location(&short), tokyo);
    let revision = app.get_html(&format!("{tokyo}/revisions/1")).await;
    assert!(revision.contains("/posts/東京の天気#1.1"), "{revision}");
}
