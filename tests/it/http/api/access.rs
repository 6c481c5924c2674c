//! Who may do what: tokens and their end, a race of sign-ups, the route × role matrix,
//! CORS and the OpenAPI document against the routes.

use super::*;
use crate::both_stores;
use crate::helpers::{TestStore, unique_name};
use serde_json::json;
use sibyl::domain::api_token::{self, Claims};

both_stores!(
    tokens_expire_and_end_with_sign_out_and_a_new_password,
    api_sign_ups_race_for_one_name,
    every_api_route_answers_each_role,
    cors_lets_in_the_configured_origins_only,
    the_openapi_document_matches_the_routes,
    head_answers_as_get_and_options_names_the_methods,
);

async fn head_answers_as_get_and_options_names_the_methods(t: TestStore) {
    let app = api_app(t).await;
    app.set_up().await;
    let token = register(&app, &unique_name("heads")).await;
    let (status, body) = call(
        &app,
        Method::POST,
        "/articles",
        Some(&token),
        Some(json!({"article": {"title": "Heads", "description": "", "body": "Text.", "tagList": ["t"]}})),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let slug = body["article"]["slug"].as_str().unwrap().to_owned();
    let client = reqwest::Client::new();
    for path in [
        "/api/articles".to_owned(),
        format!("/api/articles/{slug}"),
        format!("/api/articles/{slug}/comments"),
        "/api/tags".to_owned(),
        "/api/openapi.json".to_owned(),
        "/api/articles/feed".to_owned(),
        "/api/no-such-route".to_owned(),
    ] {
        let get = client.get(app.url(&path)).send().await.unwrap();
        let (status, kind) = (get.status(), get.headers()["content-type"].clone());
        let length = get.bytes().await.unwrap().len();
        let head = client.head(app.url(&path)).send().await.unwrap();
        assert_eq!(head.status(), status, "{path}");
        assert_eq!(head.headers()["content-type"], kind, "{path}");
        if let Some(sent) = head.headers().get("content-length") {
            assert_eq!(sent.to_str().unwrap(), length.to_string(), "{path}");
        }
        assert!(head.bytes().await.unwrap().is_empty(), "{path}: no body");
    }
    for (path, allow) in [
        ("/api/articles".to_owned(), "GET, HEAD, POST, OPTIONS"),
        (
            format!("/api/articles/{slug}"),
            "GET, HEAD, PUT, DELETE, OPTIONS",
        ),
        (
            format!("/api/articles/{slug}/favorite"),
            "POST, DELETE, OPTIONS",
        ),
        ("/api/user".to_owned(), "GET, HEAD, PUT, OPTIONS"),
        ("/api/openapi.json".to_owned(), "GET, HEAD, OPTIONS"),
    ] {
        let options = client
            .request(Method::OPTIONS, app.url(&path))
            .send()
            .await
            .unwrap();
        assert_eq!(options.status(), 204, "{path}");
        assert_eq!(options.headers()["allow"], allow, "{path}");
    }
    let nowhere = client
        .request(Method::OPTIONS, app.url("/api/no-such-route"))
        .send()
        .await
        .unwrap();
    assert_eq!(nowhere.status(), 404);
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

    // The session a token names never works as a browser's cookie.
    let claims =
        api_token::verify(&third, &secret, app.site.as_str(), sibyl::domain::now()).unwrap();
    let browser = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let account_page = browser
        .get(format!("{}/account", app.address))
        .header(
            "Cookie",
            format!("{}={}", sibyl::web::SESSION_COOKIE, claims.sid),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(account_page.status(), 303, "not signed in");
    assert!(
        account_page.headers()["location"]
            .to_str()
            .unwrap()
            .starts_with("/login")
    );

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
            "/articles/feed".into(),
            None,
            [401, 200, 200, 200, 401],
        ),
        (
            Method::POST,
            format!("/articles/{slug}/favorite"),
            None,
            [401, 200, 200, 200, 401],
        ),
        (
            Method::DELETE,
            format!("/articles/{slug}/favorite"),
            None,
            [401, 200, 200, 200, 401],
        ),
        (
            Method::POST,
            format!("/profiles/{author_name}/follow"),
            None,
            [401, 200, 422, 200, 401],
        ),
        (
            Method::DELETE,
            format!("/profiles/{author_name}/follow"),
            None,
            [401, 200, 200, 200, 401],
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
        "GET /api/articles/feed",
        "POST /api/articles/{slug}/favorite",
        "DELETE /api/articles/{slug}/favorite",
        "POST /api/profiles/{username}/follow",
        "DELETE /api/profiles/{username}/follow",
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
