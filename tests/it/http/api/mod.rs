//! The JSON API (the RealWorld "Conduit" specification) on both stores: its main flow as
//! a front end walks it, every route's errors, tokens and their end, a race of sign-ups
//! for one name, CORS, the route × role matrix, and the OpenAPI document against the
//! routes.

mod access;
mod errors;
mod flow;
mod postman;

use crate::helpers::{TestApp, TestStore, spawn_app_with};
use reqwest::Method;
use serde_json::{Value, json};

pub async fn api_app(t: TestStore) -> TestApp {
    spawn_app_with(t, |config| {
        config.new_accounts_write = true;
        config.rate_limits.signup_per_ip.max = 1000;
        config.rate_limits.login_per_ip.max = 1000;
    })
    .await
}

/// A call to the API: the status and the JSON body (null when there is none).
pub async fn call(
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
pub async fn send_raw(
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
pub async fn register(app: &TestApp, name: &str) -> String {
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
pub async fn account(app: &TestApp, name: &str) -> sibyl::domain::User {
    app.store
        .user_by_login(&sibyl::domain::user::Login::parse(name).unwrap())
        .await
        .unwrap()
        .unwrap()
}

/// The one error message of an error body.
pub fn error(body: &Value) -> String {
    let list = body["errors"]["body"]
        .as_array()
        .unwrap_or_else(|| panic!("not an error body: {body}"));
    assert_eq!(list.len(), 1, "{body}");
    list[0].as_str().unwrap().to_owned()
}

/// A time as the specification's test suite checks it: with fractional seconds.
pub fn is_iso_with_millis(value: &Value) -> bool {
    let text = value.as_str().unwrap_or_default();
    chrono::DateTime::parse_from_rfc3339(text).is_ok() && text.contains('.') && text.ends_with('Z')
}
