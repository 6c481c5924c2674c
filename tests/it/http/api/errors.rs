//! Every kind of bad request gets the specification's error, and changes nothing.

use super::*;
use crate::both_stores;
use crate::helpers::{TestStore, unique_name};
use serde_json::json;

both_stores!(bad_requests_get_the_specs_errors_and_change_nothing,);

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
    // A user name someone else holds is refused before anything is written, the bio
    // sent with it included.
    let other_name = unique_name("holder");
    register(&app, &other_name).await;
    let (status, answer) = call(
        &app,
        Method::PUT,
        "/user",
        Some(&token),
        Some(json!({"user": {"username": other_name, "bio": "Not written.", "currentPassword": "a long enough password"}})),
    )
    .await;
    assert_eq!(
        (status, error(&answer).as_str()),
        (422, "username has already been taken")
    );
    let (_, me) = call(&app, Method::GET, "/user", Some(&token), None).await;
    assert_eq!(me["user"]["bio"], Value::Null, "{me}");

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
        Some(json!({"user": {"image": "javascript:alert(1)"}})),
    )
    .await;
    assert_eq!(status, 422, "{answer}");
    let (_, me) = call(&app, Method::GET, "/user", Some(&token), None).await;
    assert_eq!(me["user"]["username"], name.as_str(), "nothing changed");
    assert_eq!(count().await, 1);
}
