//! The JSON API (the RealWorld "Conduit" specification) on both stores: its main flow as
//! a front end walks it, every route's errors, tokens and their end, a race of sign-ups
//! for one name, CORS, the route × role matrix, and the OpenAPI document against the
//! routes.

use crate::both_stores;
use crate::helpers::{TestApp, TestStore, spawn_app_with, unique_name};
use reqwest::Method;
use serde_json::{Value, json};
use sibyl::domain::api_token::{self, Claims};

both_stores!(
    the_main_flow_runs_through_the_api,
    bad_requests_get_the_specs_errors_and_change_nothing,
    tokens_expire_and_end_with_sign_out_and_a_new_password,
    api_sign_ups_race_for_one_name,
    every_api_route_answers_each_role,
    cors_lets_in_the_configured_origins_only,
    the_openapi_document_matches_the_routes,
);

/// A site whose new accounts may write, as RealWorld front ends expect, with room in
/// the rate limits for a test's sign-ups.
async fn api_app(t: TestStore) -> TestApp {
    spawn_app_with(t, |config| {
        config.new_accounts_write = true;
        config.rate_limits.signup_per_ip.max = 1000;
        config.rate_limits.login_per_ip.max = 1000;
    })
    .await
}

/// A call to the API: the status and the JSON body (null when there is none).
async fn call(
    app: &TestApp,
    method: Method,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> (u16, Value) {
    let mut request = reqwest::Client::new().request(method, format!("{}/api{path}", app.address));
    if let Some(token) = token {
        request = request.header("Authorization", format!("Token {token}"));
    }
    if let Some(body) = body {
        request = request.json(&body);
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    let text = response.text().await.unwrap();
    let json = if text.is_empty() {
        Value::Null
    } else {
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: not JSON ({e}): {text}"))
    };
    (status, json)
}

/// A raw body sent as JSON, for bodies that are not valid JSON.
async fn send_raw(
    app: &TestApp,
    method: Method,
    path: &str,
    token: Option<&str>,
    raw: &str,
) -> (u16, Value) {
    let mut request = reqwest::Client::new()
        .request(method, format!("{}/api{path}", app.address))
        .header("Content-Type", "application/json")
        .body(raw.to_owned());
    if let Some(token) = token {
        request = request.header("Authorization", format!("Token {token}"));
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap())
}

/// The site's administrator through /setup, then a signed-in API user; returns the
/// user name and token.
async fn register(app: &TestApp, name: &str) -> String {
    let (status, body) = call(
        app,
        Method::POST,
        "/users",
        None,
        Some(json!({"user": {"username": name, "email": format!("{name}@example.com"), "password": "a long enough password"}})),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    body["user"]["token"].as_str().unwrap().to_owned()
}

/// The account of a user name.
async fn account(app: &TestApp, name: &str) -> sibyl::domain::User {
    app.store
        .user_by_login(&sibyl::domain::user::Login::parse(name).unwrap())
        .await
        .unwrap()
        .unwrap()
}

/// The one error message of an error body.
fn error(body: &Value) -> String {
    let list = body["errors"]["body"]
        .as_array()
        .unwrap_or_else(|| panic!("not an error body: {body}"));
    assert_eq!(list.len(), 1, "{body}");
    list[0].as_str().unwrap().to_owned()
}

/// A time as the specification's test suite checks it: with fractional seconds.
fn is_iso_with_millis(value: &Value) -> bool {
    let text = value.as_str().unwrap_or_default();
    chrono::DateTime::parse_from_rfc3339(text).is_ok() && text.contains('.') && text.ends_with('Z')
}

async fn the_main_flow_runs_through_the_api(t: TestStore) {
    let app = api_app(t).await;
    app.set_up().await;
    let name = unique_name("jake");
    let email = format!("{name}@example.com");

    // Register, sign in, the current user, an update that sends the same address.
    let token = register(&app, &name).await;
    let (status, body) = call(
        &app,
        Method::POST,
        "/users/login",
        None,
        Some(json!({"user": {"email": email, "password": "a long enough password"}})),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    for field in ["email", "token", "username", "bio", "image"] {
        assert!(
            body["user"].get(field).is_some(),
            "user has {field}: {body}"
        );
    }
    assert_eq!(body["user"]["username"], name.as_str());
    let (status, me) = call(&app, Method::GET, "/user", Some(&token), None).await;
    assert_eq!(
        (status, me["user"]["email"].as_str()),
        (200, Some(email.as_str()))
    );
    assert_eq!(
        me["user"]["token"],
        token.as_str(),
        "the token it was asked with"
    );
    let (status, updated) = call(
        &app,
        Method::PUT,
        "/user",
        Some(&token),
        Some(json!({"user": {"email": email, "bio": "I like to skateboard"}})),
    )
    .await;
    assert_eq!(status, 200, "{updated}");
    assert_eq!(updated["user"]["bio"], "I like to skateboard");

    // Lists before anything is written.
    for path in [
        "/articles",
        &format!("/articles?author={name}"),
        "/articles?tag=dragons",
        &format!("/articles?favorited={name}"),
    ] {
        let (status, list) = call(&app, Method::GET, path, None, None).await;
        assert_eq!(status, 200, "{path}");
        assert_eq!(list["articles"], json!([]), "{path}");
        assert_eq!(list["articlesCount"], 0, "{path}");
    }

    // An article; lists leave out its body, and give its tags by name.
    let (status, created) = call(&app, Method::POST, "/articles", Some(&token), Some(json!({"article": {"title": "How to train your dragon", "description": "Ever wonder how?", "body": "Very *carefully*.", "tagList": ["training", "dragons"]}}))).await;
    assert_eq!(status, 201, "{created}");
    let article = &created["article"];
    let slug = article["slug"].as_str().unwrap().to_owned();
    assert!(slug.starts_with("how-to-train-your-dragon"), "{slug}");
    assert_eq!(article["description"], "Ever wonder how?");
    assert_eq!(article["body"], "Very *carefully*.");
    assert_eq!(article["tagList"], json!(["dragons", "training"]));
    assert!(
        is_iso_with_millis(&article["createdAt"]) && is_iso_with_millis(&article["updatedAt"]),
        "{article}"
    );
    assert_eq!(
        (
            article["favorited"].as_bool(),
            article["favoritesCount"].as_u64()
        ),
        (Some(false), Some(0))
    );
    assert_eq!(article["author"]["username"], name.as_str());
    assert_eq!(article["author"]["bio"], "I like to skateboard");
    assert_eq!(article["author"]["following"], false);
    // The post is the site's own: on its page, for readers.
    let page = app.anonymous_get(&format!("/posts/{slug}")).await;
    assert_eq!(page.status(), 200);
    assert!(page.text().await.unwrap().contains("<em>carefully</em>"));

    for path in [
        "/articles".to_owned(),
        format!("/articles?author={name}"),
        "/articles?tag=dragons".to_owned(),
        format!("/articles?tag=Dragons&author={name}"),
    ] {
        for token in [None, Some(token.as_str())] {
            let (status, list) = call(&app, Method::GET, &path, token, None).await;
            assert_eq!(status, 200, "{path}");
            assert_eq!(list["articlesCount"], 1, "{path}: {list}");
            let first = &list["articles"][0];
            assert_eq!(first["slug"], slug.as_str(), "{path}");
            assert!(
                first.get("body").is_none(),
                "lists leave out the body: {first}"
            );
            assert_eq!(first["tagList"], json!(["dragons", "training"]));
            assert_eq!(first["description"], "Ever wonder how?");
            assert!(is_iso_with_millis(&first["createdAt"]));
        }
    }
    let (_, other_tag) = call(
        &app,
        Method::GET,
        &format!("/articles?tag=cats&author={name}"),
        None,
        None,
    )
    .await;
    assert_eq!(other_tag["articlesCount"], 0);

    // One article, then a change to its body: a new revision, the description kept.
    let (status, single) = call(&app, Method::GET, &format!("/articles/{slug}"), None, None).await;
    assert_eq!(
        (status, single["article"]["body"].as_str()),
        (200, Some("Very *carefully*."))
    );
    let (status, changed) = call(
        &app,
        Method::PUT,
        &format!("/articles/{slug}"),
        Some(&token),
        Some(json!({"article": {"body": "With two hands"}})),
    )
    .await;
    assert_eq!(status, 200, "{changed}");
    assert_eq!(changed["article"]["body"], "With two hands");
    assert_eq!(changed["article"]["slug"], slug.as_str());
    assert_eq!(changed["article"]["description"], "Ever wonder how?");
    let post = app
        .store
        .post_by_slug(&app.site, &sibyl::domain::Slug::parse(&slug).unwrap())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(post.revision, 2, "the change is a revision");
    let history = app.anonymous_get(&format!("/posts/{slug}/history")).await;
    assert!(history.status().is_success() || history.status().is_redirection());

    // Tags and profiles.
    let (status, tags) = call(&app, Method::GET, "/tags", None, None).await;
    assert_eq!(status, 200);
    assert!(
        tags["tags"].as_array().unwrap().contains(&json!("dragons")),
        "{tags}"
    );
    let (status, profile) = call(
        &app,
        Method::GET,
        &format!("/profiles/{name}"),
        Some(&token),
        None,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(
        profile["profile"],
        json!({"username": name, "bio": "I like to skateboard", "image": null, "following": false})
    );

    // Paging: three more articles, two at a time.
    for i in 0..3 {
        let (status, _) = call(&app, Method::POST, "/articles", Some(&token), Some(json!({"article": {"title": format!("Page {i}"), "description": "", "body": "Text."}}))).await;
        assert_eq!(status, 201);
    }
    let (_, first) = call(
        &app,
        Method::GET,
        &format!("/articles?author={name}&limit=2"),
        None,
        None,
    )
    .await;
    let (_, second) = call(
        &app,
        Method::GET,
        &format!("/articles?author={name}&limit=2&offset=2"),
        None,
        None,
    )
    .await;
    let titles = |list: &Value| {
        list["articles"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a["title"].as_str().unwrap().to_owned())
            .collect::<Vec<_>>()
    };
    assert_eq!(titles(&first), ["Page 2", "Page 1"], "newest first");
    assert_eq!(titles(&second), ["Page 0", "How to train your dragon"]);
    assert_eq!(first["articlesCount"], 3, "two, and more to come");
    assert_eq!(second["articlesCount"], 4, "the end: all of them");

    // Comments: the author's own is published at once; another member's waits for
    // moderation (202) and is listed once approved.
    let path = format!("/articles/{slug}/comments");
    let (status, written) = call(
        &app,
        Method::POST,
        &path,
        Some(&token),
        Some(json!({"comment": {"body": "Thank you so *much*!"}})),
    )
    .await;
    assert_eq!(status, 200, "{written}");
    let comment = &written["comment"];
    let id = comment["id"].as_str().unwrap().to_owned();
    assert_eq!(comment["body"], "Thank you so *much*!");
    assert_eq!(comment["author"]["username"], name.as_str());
    assert!(is_iso_with_millis(&comment["createdAt"]) && is_iso_with_millis(&comment["updatedAt"]));
    let reader = register(&app, &unique_name("reader")).await;
    let (status, pending) = call(
        &app,
        Method::POST,
        &path,
        Some(&reader),
        Some(json!({"comment": {"body": "First!"}})),
    )
    .await;
    assert_eq!(status, 202, "{pending}");
    let pending_id = pending["comment"]["id"].as_str().unwrap().to_owned();
    for token in [None, Some(token.as_str())] {
        let (status, list) = call(&app, Method::GET, &path, token, None).await;
        assert_eq!(status, 200);
        assert_eq!(list["comments"].as_array().unwrap().len(), 1, "{list}");
        assert_eq!(list["comments"][0]["id"], id.as_str());
        assert_eq!(list["comments"][0]["body"], "Thank you so *much*!");
    }
    let shown = app
        .anonymous_get(&format!("/posts/{slug}"))
        .await
        .text()
        .await
        .unwrap();
    assert!(
        shown.contains("<em>much</em>") && !shown.contains("First!"),
        "the site shows the same"
    );
    let (status, _) = call(
        &app,
        Method::DELETE,
        &format!("{path}/{id}"),
        Some(&reader),
        None,
    )
    .await;
    assert_eq!(status, 403, "not the reader's");
    let (status, _) = call(
        &app,
        Method::DELETE,
        &format!("{path}/{pending_id}"),
        Some(&token),
        None,
    )
    .await;
    assert_eq!(status, 204, "the article's author removes what waits on it");
    let (status, _) = call(
        &app,
        Method::DELETE,
        &format!("{path}/{id}"),
        Some(&token),
        None,
    )
    .await;
    assert_eq!(status, 204);
    let (_, list) = call(&app, Method::GET, &path, None, None).await;
    assert_eq!(list["comments"], json!([]));
    let (status, _) = call(
        &app,
        Method::DELETE,
        &format!("{path}/{id}"),
        Some(&token),
        None,
    )
    .await;
    assert_eq!(status, 404, "deleted already");

    // Delete: gone for the API and the site.
    let (status, body) = call(
        &app,
        Method::DELETE,
        &format!("/articles/{slug}"),
        Some(&token),
        None,
    )
    .await;
    assert_eq!((status, body), (204, Value::Null));
    let (status, body) = call(&app, Method::GET, &format!("/articles/{slug}"), None, None).await;
    assert_eq!(status, 404, "{body}");
    assert_eq!(
        app.anonymous_get(&format!("/posts/{slug}")).await.status(),
        410
    );
}

async fn bad_requests_get_the_specs_errors_and_change_nothing(t: TestStore) {
    let app = api_app(t).await;
    app.set_up().await;
    let name = unique_name("author");
    let token = register(&app, &name).await;
    let (status, created) = call(
        &app,
        Method::POST,
        "/articles",
        Some(&token),
        Some(json!({"article": {"title": "Kept", "description": "", "body": "Kept."}})),
    )
    .await;
    assert_eq!(status, 201);
    let slug = created["article"]["slug"].as_str().unwrap().to_owned();
    let count = || async {
        let (_, list) = call(
            &app,
            Method::GET,
            &format!("/articles?author={name}"),
            None,
            None,
        )
        .await;
        list["articlesCount"].as_u64().unwrap()
    };

    // Bodies that cannot be read, or are not valid: 422, and why.
    let huge = "x".repeat(1_000_000);
    let cases: Vec<(Value, &str)> = vec![
        (
            json!({"article": {"title": 7, "description": "", "body": "B"}}),
            "invalid type",
        ),
        (
            json!({"article": {"title": "T", "description": "", "body": "B", "draft": true}}),
            "unknown field",
        ),
        (
            json!({"article": {"title": "T", "body": "B"}}),
            "missing field `description`",
        ),
        (
            json!({"article": {"title": huge, "description": "", "body": "B"}}),
            "title",
        ),
        (
            json!({"article": {"title": "  ", "description": "", "body": "B"}}),
            "title",
        ),
        (
            json!({"article": {"title": "T", "description": "", "body": ""}}),
            "text",
        ),
        (
            json!({"article": {"title": "T", "description": "", "body": "B", "tagList": ["ok", "no/slash"]}}),
            "tag",
        ),
        (
            json!({"article": {"title": "T", "description": "d".repeat(281), "body": "B"}}),
            "description",
        ),
        (json!({"title": "T"}), "unknown field"),
    ];
    for (body, why) in cases {
        let (status, answer) = call(
            &app,
            Method::POST,
            "/articles",
            Some(&token),
            Some(body.clone()),
        )
        .await;
        assert_eq!(status, 422, "{body}: {answer}");
        assert!(
            error(&answer).to_lowercase().contains(why),
            "{why}: {answer}"
        );
    }
    let (status, answer) = send_raw(
        &app,
        Method::POST,
        "/articles",
        Some(&token),
        "{\"article\": {",
    )
    .await;
    assert_eq!(status, 422, "{answer}");
    assert!(error(&answer).contains("could not be read"));
    let (status, answer) = call(
        &app,
        Method::PUT,
        &format!("/articles/{slug}"),
        Some(&token),
        Some(json!({"article": {"title": ""}})),
    )
    .await;
    assert_eq!(status, 422, "{answer}");
    assert_eq!(count().await, 1, "nothing was written");
    let (_, kept) = call(&app, Method::GET, &format!("/articles/{slug}"), None, None).await;
    assert_eq!(kept["article"]["title"], "Kept");

    // Sign-up and sign-in.
    let (status, answer) = call(&app, Method::POST, "/users", None, Some(json!({"user": {"username": name, "email": "other@example.com", "password": "a long enough password"}}))).await;
    assert_eq!(
        (status, error(&answer).as_str()),
        (422, "username has already been taken")
    );
    let (status, answer) = call(&app, Method::POST, "/users", None, Some(json!({"user": {"username": unique_name("x"), "email": format!("{name}@example.com"), "password": "a long enough password"}}))).await;
    assert_eq!(
        (status, error(&answer).as_str()),
        (422, "email has already been taken")
    );
    let (status, answer) = call(&app, Method::POST, "/users", None, Some(json!({"user": {"username": unique_name("x"), "email": "short@example.com", "password": "short"}}))).await;
    assert_eq!(status, 422, "{answer}");
    let (status, answer) = call(&app, Method::POST, "/users/login", None, Some(json!({"user": {"email": format!("{name}@example.com"), "password": "wrong password!"}}))).await;
    assert_eq!(
        (status, error(&answer).as_str()),
        (401, "email or password is invalid")
    );

    // No token, a bad one, another's article, what is not there, a bad window.
    let (status, answer) = call(&app, Method::GET, "/user", None, None).await;
    assert_eq!(status, 401, "{answer}");
    let (status, _) = call(&app, Method::GET, "/user", Some("not.a.token"), None).await;
    assert_eq!(status, 401);
    let (status, _) = call(&app, Method::GET, "/articles", Some("not.a.token"), None).await;
    assert_eq!(status, 401, "a token sent must be valid");
    let other = register(&app, &unique_name("other")).await;
    let (status, answer) = call(
        &app,
        Method::PUT,
        &format!("/articles/{slug}"),
        Some(&other),
        Some(json!({"article": {"title": "Mine"}})),
    )
    .await;
    assert_eq!(status, 403, "{answer}");
    let (status, _) = call(
        &app,
        Method::DELETE,
        &format!("/articles/{slug}"),
        Some(&other),
        None,
    )
    .await;
    assert_eq!(status, 403);
    for path in [
        "/articles/no-such-article",
        "/profiles/nobody-here",
        "/no-such-route",
    ] {
        let (status, answer) = call(&app, Method::GET, path, None, None).await;
        assert_eq!(status, 404, "{path}: {answer}");
        assert!(error(&answer).contains("not found"));
    }
    for query in [
        "limit=0",
        "limit=101",
        "offset=-1",
        "offset=10001",
        "limit=many",
    ] {
        let (status, answer) =
            call(&app, Method::GET, &format!("/articles?{query}"), None, None).await;
        assert_eq!(status, 422, "{query}: {answer}");
    }
    // Changing the user name needs the current password.
    let (status, answer) = call(
        &app,
        Method::PUT,
        "/user",
        Some(&token),
        Some(json!({"user": {"username": unique_name("renamed")}})),
    )
    .await;
    assert_eq!(status, 403, "{answer}");
    let (status, answer) = call(
        &app,
        Method::PUT,
        "/user",
        Some(&token),
        Some(json!({"user": {"image": "https://example.com/me.png"}})),
    )
    .await;
    assert_eq!(status, 422, "{answer}");
    let (_, me) = call(&app, Method::GET, "/user", Some(&token), None).await;
    assert_eq!(me["user"]["username"], name.as_str(), "nothing changed");
    assert_eq!(count().await, 1);
}

async fn tokens_expire_and_end_with_sign_out_and_a_new_password(t: TestStore) {
    let app = api_app(t).await;
    app.set_up().await;
    let name = unique_name("tokens");
    let token = register(&app, &name).await;
    let (status, _) = call(&app, Method::GET, "/user", Some(&token), None).await;
    assert_eq!(status, 200);

    // A token signed with the site's secret but expired, or for another site, or with
    // another secret.
    let secret = app.store.api_secret(&app.site).await.unwrap();
    assert_eq!(
        app.store.api_secret(&app.site).await.unwrap(),
        secret,
        "kept"
    );
    let claims =
        api_token::verify(&token, &secret, app.site.as_str(), sibyl::domain::now()).unwrap();
    let expired = api_token::sign(
        &Claims {
            exp: sibyl::domain::now().timestamp() - 1,
            ..claims.clone()
        },
        &secret,
    );
    let (status, answer) = call(&app, Method::GET, "/user", Some(&expired), None).await;
    assert_eq!(
        (status, error(&answer).as_str()),
        (401, "the token has expired; sign in again")
    );
    let elsewhere = api_token::sign(
        &Claims {
            iss: "https://elsewhere.example".into(),
            ..claims.clone()
        },
        &secret,
    );
    assert_eq!(
        call(&app, Method::GET, "/user", Some(&elsewhere), None)
            .await
            .0,
        401
    );
    let forged = api_token::sign(&claims, b"a guessed secret");
    assert_eq!(
        call(&app, Method::GET, "/user", Some(&forged), None)
            .await
            .0,
        401
    );

    // A second sign-in, then a sign-out ends the first token only.
    let (_, signed_in) = call(&app, Method::POST, "/users/login", None, Some(json!({"user": {"email": format!("{name}@example.com"), "password": "a long enough password"}}))).await;
    let second = signed_in["user"]["token"].as_str().unwrap().to_owned();
    assert_eq!(
        call(&app, Method::DELETE, "/users/login", Some(&token), None)
            .await
            .0,
        204
    );
    assert_eq!(
        call(&app, Method::GET, "/user", Some(&token), None).await.0,
        401
    );
    assert_eq!(
        call(&app, Method::GET, "/user", Some(&second), None)
            .await
            .0,
        200
    );

    // A new password (with the current one) ends every token but the one it gives.
    let (status, answer) = call(&app, Method::PUT, "/user", Some(&second), Some(json!({"user": {"password": "another long password", "currentPassword": "a long enough password"}}))).await;
    assert_eq!(status, 200, "{answer}");
    let third = answer["user"]["token"].as_str().unwrap().to_owned();
    assert_eq!(
        call(&app, Method::GET, "/user", Some(&second), None)
            .await
            .0,
        401
    );
    assert_eq!(
        call(&app, Method::GET, "/user", Some(&third), None).await.0,
        200
    );
    let (status, _) = call(&app, Method::POST, "/users/login", None, Some(json!({"user": {"email": format!("{name}@example.com"), "password": "another long password"}}))).await;
    assert_eq!(status, 200);

    // A banned account's tokens count for nothing.
    let user = account(&app, &name).await;
    app.store.set_banned(user.id, true).await.unwrap();
    assert_eq!(
        call(&app, Method::GET, "/user", Some(&third), None).await.0,
        401
    );
}

async fn api_sign_ups_race_for_one_name(t: TestStore) {
    let app = api_app(t).await;
    app.set_up().await;
    let name = unique_name("racer");
    let attempts = (0..20).map(|i| {
        let (address, name) = (app.address.clone(), name.clone());
        tokio::spawn(async move {
            reqwest::Client::new()
                .post(format!("{address}/api/users"))
                .json(&json!({"user": {"username": name, "email": format!("racer{i}-{name}@example.com"), "password": "a long enough password"}}))
                .send()
                .await
                .unwrap()
                .status()
                .as_u16()
        })
    });
    let mut statuses = Vec::new();
    for attempt in attempts {
        statuses.push(attempt.await.unwrap());
    }
    assert_eq!(
        statuses.iter().filter(|s| **s == 201).count(),
        1,
        "{statuses:?}"
    );
    assert!(
        statuses.iter().all(|s| *s == 201 || *s == 422),
        "{statuses:?}"
    );
    let user = account(&app, &name).await;
    let winner = user.email.as_str().to_owned();
    for i in 0..20 {
        let email = format!("racer{i}-{name}@example.com");
        let claimed = app
            .store
            .is_claimed(&sibyl::domain::user::Login::parse(&email).unwrap())
            .await
            .unwrap();
        assert_eq!(
            claimed,
            email == winner,
            "{email}: only the winner's address is held"
        );
    }
}

#[derive(Clone, Copy, Debug)]
enum Who {
    Anonymous,
    Reader,
    Author,
    Admin,
    Banned,
}

async fn every_api_route_answers_each_role(t: TestStore) {
    // Readers stay readers here: the site does not let new accounts write.
    let app = spawn_app_with(t, |config| {
        config.rate_limits.signup_per_ip.max = 1000;
        config.rate_limits.login_per_ip.max = 1000;
    })
    .await;
    app.set_up().await;
    let admin = app.store.site_admin(&app.site).await.unwrap().unwrap();
    let admin_user = app.store.user(admin).await.unwrap().unwrap();
    let admin_token = {
        let (_, body) = call(&app, Method::POST, "/users/login", None, Some(json!({"user": {"email": admin_user.email.as_str(), "password": "a long enough password"}}))).await;
        body["user"]["token"].as_str().unwrap().to_owned()
    };
    let reader = register(&app, &unique_name("reader")).await;
    let author_name = unique_name("writer");
    let author = register(&app, &author_name).await;
    let author_id = account(&app, &author_name).await.id;
    app.store
        .set_role(author_id, sibyl::domain::Role::Author)
        .await
        .unwrap();
    let banned_name = unique_name("banned");
    let banned = register(&app, &banned_name).await;
    let banned_id = account(&app, &banned_name).await.id;
    app.store
        .set_role(banned_id, sibyl::domain::Role::Author)
        .await
        .unwrap();
    app.store.set_banned(banned_id, true).await.unwrap();
    let token = |who: Who| match who {
        Who::Anonymous => None,
        Who::Reader => Some(reader.clone()),
        Who::Author => Some(author.clone()),
        Who::Admin => Some(admin_token.clone()),
        Who::Banned => Some(banned.clone()),
    };
    let (_, made) = call(
        &app,
        Method::POST,
        "/articles",
        Some(&author),
        Some(json!({"article": {"title": "Matrix", "description": "", "body": "Text."}})),
    )
    .await;
    let slug = made["article"]["slug"].as_str().unwrap().to_owned();
    let new_article =
        || Some(json!({"article": {"title": unique_name("t"), "description": "", "body": "B"}}));
    let everyone = [
        Who::Anonymous,
        Who::Reader,
        Who::Author,
        Who::Admin,
        Who::Banned,
    ];
    // Method, path, body, and the status of anonymous, reader, author, admin, banned.
    let table: Vec<(Method, String, Option<Value>, [u16; 5])> = vec![
        (Method::GET, "/user".into(), None, [401, 200, 200, 200, 401]),
        (
            Method::PUT,
            "/user".into(),
            Some(json!({"user": {"bio": "b"}})),
            [401, 200, 200, 200, 401],
        ),
        (
            Method::GET,
            format!("/profiles/{author_name}"),
            None,
            [200, 200, 200, 200, 401],
        ),
        (Method::GET, "/tags".into(), None, [200, 200, 200, 200, 200]),
        (
            Method::GET,
            "/articles".into(),
            None,
            [200, 200, 200, 200, 401],
        ),
        (
            Method::GET,
            format!("/articles/{slug}"),
            None,
            [200, 200, 200, 200, 401],
        ),
        (
            Method::POST,
            "/articles".into(),
            new_article(),
            [401, 403, 201, 201, 401],
        ),
        (
            Method::PUT,
            format!("/articles/{slug}"),
            Some(json!({"article": {"body": "New."}})),
            [401, 403, 200, 200, 401],
        ),
        (
            Method::GET,
            format!("/articles/{slug}/comments"),
            None,
            [200, 200, 200, 200, 401],
        ),
        (
            Method::POST,
            format!("/articles/{slug}/comments"),
            Some(json!({"comment": {"body": "A comment."}})),
            [401, 202, 200, 200, 401],
        ),
        (
            Method::GET,
            "/openapi.json".into(),
            None,
            [200, 200, 200, 200, 200],
        ),
    ];
    for (method, path, body, expected) in table {
        for (who, want) in everyone.iter().zip(expected) {
            let body = if path == "/articles" && method == Method::POST {
                new_article()
            } else {
                body.clone()
            };
            let (status, answer) =
                call(&app, method.clone(), &path, token(*who).as_deref(), body).await;
            assert_eq!(status, want, "{method} {path} as {who:?}: {answer}");
        }
    }
    // Deleting a comment: its author, and the article's editors.
    let (_, by_admin) = call(
        &app,
        Method::POST,
        &format!("/articles/{slug}/comments"),
        Some(&admin_token),
        Some(json!({"comment": {"body": "Mine."}})),
    )
    .await;
    let comment = format!(
        "/articles/{slug}/comments/{}",
        by_admin["comment"]["id"].as_str().unwrap()
    );
    for (token, want) in [
        (None, 401),
        (Some(reader.clone()), 403),
        (Some(banned.clone()), 401),
        (Some(author.clone()), 204),
    ] {
        let (status, answer) = call(&app, Method::DELETE, &comment, token.as_deref(), None).await;
        assert_eq!(status, want, "{answer}");
    }
    // Deleting last: the reader and anonymous cannot, the author can.
    let (status, _) = call(
        &app,
        Method::DELETE,
        &format!("/articles/{slug}"),
        Some(&reader),
        None,
    )
    .await;
    assert_eq!(status, 403);
    let (status, _) = call(
        &app,
        Method::DELETE,
        &format!("/articles/{slug}"),
        None,
        None,
    )
    .await;
    assert_eq!(status, 401);
    let (status, _) = call(
        &app,
        Method::DELETE,
        &format!("/articles/{slug}"),
        Some(&author),
        None,
    )
    .await;
    assert_eq!(status, 204);
    // Signing out: anyone signed in.
    assert_eq!(
        call(&app, Method::DELETE, "/users/login", None, None)
            .await
            .0,
        401
    );
    assert_eq!(
        call(&app, Method::DELETE, "/users/login", Some(&reader), None)
            .await
            .0,
        204
    );
}

async fn cors_lets_in_the_configured_origins_only(t: TestStore) {
    let app = spawn_app_with(t, |config| {
        config.api_cors_origins =
            vec![sibyl::web::api::CorsOrigin::parse("https://app.example").unwrap()];
    })
    .await;
    app.set_up().await;
    let preflight = |origin: &'static str| {
        reqwest::Client::new()
            .request(Method::OPTIONS, format!("{}/api/articles", app.address))
            .header("Origin", origin)
            .header("Access-Control-Request-Method", "POST")
            .header(
                "Access-Control-Request-Headers",
                "authorization, content-type",
            )
            .send()
    };
    let allowed = preflight("https://app.example").await.unwrap();
    assert!(allowed.status().is_success(), "{}", allowed.status());
    assert_eq!(
        allowed.headers()["access-control-allow-origin"],
        "https://app.example"
    );
    let allowed_headers = allowed.headers()["access-control-allow-headers"]
        .to_str()
        .unwrap()
        .to_lowercase();
    assert!(
        allowed_headers.contains("authorization") && allowed_headers.contains("content-type"),
        "{allowed_headers}"
    );
    let refused = preflight("https://evil.example").await.unwrap();
    assert!(
        refused
            .headers()
            .get("access-control-allow-origin")
            .is_none()
    );
    let get = reqwest::Client::new()
        .get(format!("{}/api/tags", app.address))
        .header("Origin", "https://app.example")
        .send()
        .await
        .unwrap();
    assert_eq!(
        get.headers()["access-control-allow-origin"],
        "https://app.example"
    );
    assert!(
        get.headers()
            .get("access-control-allow-credentials")
            .is_none(),
        "no cookies"
    );
    // The site's pages are not opened to other origins.
    let page = reqwest::Client::new()
        .get(format!("{}/", app.address))
        .header("Origin", "https://app.example")
        .send()
        .await
        .unwrap();
    assert!(page.headers().get("access-control-allow-origin").is_none());
    assert!(sibyl::web::api::CorsOrigin::parse("https://app.example/path").is_err());
    assert!(sibyl::web::api::CorsOrigin::parse("ftp://app.example").is_err());
}

async fn the_openapi_document_matches_the_routes(t: TestStore) {
    let app = api_app(t).await;
    app.set_up().await;
    let (status, document) = call(&app, Method::GET, "/openapi.json", None, None).await;
    assert_eq!(status, 200);
    assert!(
        document["openapi"].as_str().unwrap().starts_with("3."),
        "{document}"
    );
    let mut described = Vec::new();
    for (path, item) in document["paths"].as_object().unwrap() {
        for method in item.as_object().unwrap().keys() {
            described.push(format!("{} {path}", method.to_uppercase()));
        }
    }
    described.sort();
    let mut expected = vec![
        "POST /api/users",
        "POST /api/users/login",
        "DELETE /api/users/login",
        "GET /api/user",
        "PUT /api/user",
        "GET /api/profiles/{username}",
        "GET /api/tags",
        "GET /api/articles",
        "POST /api/articles",
        "GET /api/articles/{slug}",
        "PUT /api/articles/{slug}",
        "DELETE /api/articles/{slug}",
        "GET /api/articles/{slug}/comments",
        "POST /api/articles/{slug}/comments",
        "DELETE /api/articles/{slug}/comments/{id}",
    ];
    expected.sort();
    assert_eq!(described, expected);
    // Every route described is served: none answers the API's "route not found".
    let token = register(&app, &unique_name("doc")).await;
    for entry in &described {
        let (method, path) = entry.split_once(' ').unwrap();
        let path = path
            .trim_start_matches("/api")
            .replace("{username}", "nobody")
            .replace("{slug}", "no-such-slug")
            .replace("{id}", "no-such-comment");
        let method = Method::from_bytes(method.as_bytes()).unwrap();
        let (status, answer) = call(&app, method, &path, Some(&token), Some(json!({}))).await;
        assert_ne!(status, 405, "{entry}");
        if status == 404 {
            assert_ne!(
                error(&answer),
                "route not found",
                "{entry} is described but not served"
            );
        }
    }
    // Each route's security and responses are described.
    let create = &document["paths"]["/api/articles"]["post"];
    assert_eq!(create["security"], json!([{"Token": []}]));
    assert!(create["responses"].get("201").is_some() && create["responses"].get("422").is_some());
    assert!(
        document["components"]["securitySchemes"]
            .get("Token")
            .is_some()
    );
}
