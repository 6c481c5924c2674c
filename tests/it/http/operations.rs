//! What operators see, on both stores: `/metrics` for the networks allowed to read it
//! (and a 404 for everyone else), counting requests by route, statements by name and
//! store, lightweight transactions and store errors; a request id on every response,
//! kept from a proxy in front when sane, and shown on a server error's page.
//!
//! The metrics are the process's, and other tests run in it at once: values are
//! compared before and after, as at least what this test did.

use crate::helpers::{Kind, TestApp, TestStore, spawn_app, spawn_app_with};
use sibyl::binaries::fetch::Network;

async fn metrics(app: &TestApp) -> String {
    let response = app.anonymous_get("/metrics").await;
    assert_eq!(response.status(), 200);
    assert_eq!(
        response.headers()["content-type"],
        "text/plain; version=0.0.4; charset=utf-8"
    );
    assert!(response.headers().get("set-cookie").is_none());
    response.text().await.unwrap()
}

/// The value of the sample `series` (name and labels, as written), 0 when absent.
fn sample(text: &str, series: &str) -> f64 {
    text.lines()
        .find_map(|line| line.strip_prefix(series)?.strip_prefix(' '))
        .map_or(0.0, |value| value.trim().parse().unwrap())
}

/// The sum of every sample whose series starts with `prefix`.
fn total(text: &str, prefix: &str) -> f64 {
    text.lines()
        .filter(|line| line.starts_with(prefix))
        .filter_map(|line| line.rsplit(' ').next()?.parse::<f64>().ok())
        .sum()
}

fn request_id(response: &reqwest::Response) -> String {
    response
        .headers()
        .get("x-request-id")
        .expect("every response has a request id")
        .to_str()
        .unwrap()
        .to_owned()
}

async fn operators_see_what_happened(t: TestStore) {
    let kind = t.kind;
    let url = t.url.clone();
    let store = match kind {
        Kind::Sqlite => "sqlite",
        Kind::Cassandra => "cassandra",
    };
    // The store fails below under a page readers asked for before: no page cache, whose
    // copy would answer it.
    let app = spawn_app_with(t, |config| {
        config.metrics_allow = vec![Network::parse("127.0.0.1").unwrap()];
        config.page_cache.bytes = 0;
    })
    .await;
    let home = r#"sibyl_http_requests_total{method="GET",route="/",status="200"}"#;
    let unmatched = r#"sibyl_http_requests_total{method="GET",route="unmatched",status="404"}"#;
    let statements = "sibyl_store_statements_total{statement=";
    let before = metrics(&app).await;
    app.set_up().await;
    let post = app.publish("Counted", "Every request is counted.").await;
    for _ in 0..3 {
        assert_eq!(app.anonymous_get("/").await.status(), 200);
    }
    assert_eq!(app.anonymous_get(&post).await.status(), 200);
    assert_eq!(app.anonymous_get("/no/such/page").await.status(), 404);
    let after = metrics(&app).await;
    assert!(
        sample(&after, home) >= sample(&before, home) + 3.0,
        "{after}"
    );
    assert!(
        sample(&after, unmatched) > sample(&before, unmatched),
        "{after}"
    );
    // Routes are counted by pattern, never by path.
    assert!(after.contains(r#"route="/posts/{slug}""#), "{after}");
    assert!(!after.contains("/no/such/page"));
    assert!(
        after.contains(
            r#"sibyl_http_request_duration_seconds_bucket{method="GET",route="/",le="0.1"}"#
        ),
        "{after}"
    );
    // Statements by name and store: the set-up and the posts were written and read.
    let ours = |text: &str| {
        text.lines()
            .filter(|l| l.starts_with(statements) && l.contains(&format!("store=\"{store}\"")))
            .filter_map(|l| l.rsplit(' ').next()?.parse::<f64>().ok())
            .sum::<f64>()
    };
    assert!(ours(&after) > ours(&before), "{after}");
    assert!(
        after
            .lines()
            .any(|l| l.starts_with(statements) && l.contains("SELECT posts")),
        "{after}"
    );
    if kind == Kind::Cassandra {
        // The set-up's claims are lightweight transactions.
        let applied = r#"sibyl_lwt_total{outcome="applied"}"#;
        assert!(
            sample(&after, applied) > sample(&before, applied),
            "{after}"
        );
    }
    assert!(
        sample(&after, "process_resident_memory_bytes") > 1e6,
        "{after}"
    );

    // Request ids: made here, or kept from a proxy in front when sane.
    let made = request_id(&app.anonymous_get("/").await);
    assert_eq!(made.len(), 16, "{made}");
    assert!(made.bytes().all(|b| b.is_ascii_hexdigit()));
    let given = app
        .client
        .get(format!("{}/", app.address))
        .header("x-request-id", "lb-7f3a9c01")
        .send()
        .await
        .unwrap();
    assert_eq!(request_id(&given), "lb-7f3a9c01");
    let insane = app
        .client
        .get(format!("{}/healthz", app.address))
        .header("x-request-id", "<b>hi</b>")
        .send()
        .await
        .unwrap();
    assert_ne!(request_id(&insane), "<b>hi</b>");

    // A store failure: the page gives the request's id to quote, and it is counted.
    let errors = "sibyl_store_errors_total{kind=";
    let failed_before = total(&metrics(&app).await, errors);
    // The table the home page reads, on each store.
    let table = match kind {
        Kind::Sqlite => "posts",
        Kind::Cassandra => "front_page",
    };
    crate::helpers::drop_table(&url, table).await;
    // What the instance read of the front page is kept for a moment on Cassandra.
    tokio::time::sleep(sibyl::store::cassandra::LIST_TTL).await;
    let broken = app.anonymous_get("/").await;
    assert_eq!(broken.status(), 503);
    let id = request_id(&broken);
    let html = broken.text().await.unwrap();
    assert!(
        html.contains(&format!("<code id=\"request-id\">{id}</code>")),
        "{html}"
    );
    let failed_after = total(&metrics(&app).await, errors);
    assert!(
        failed_after > failed_before,
        "{failed_before} {failed_after}"
    );
    // A page that is not a server error gives no reference.
    let missing = app
        .anonymous_get("/no/such/page")
        .await
        .text()
        .await
        .unwrap();
    assert!(!missing.contains("request-id"), "{missing}");
}

/// Without `--metrics-allow`, nobody reads the metrics; with it, only the networks it
/// names, judged by the client's address behind a trusted proxy.
async fn metrics_are_not_public(t: TestStore, u: TestStore) {
    let app = spawn_app(t).await;
    let response = app.anonymous_get("/metrics").await;
    assert_eq!(response.status(), 404);
    assert!(!response.text().await.unwrap().contains("sibyl_"));
    let app = spawn_app_with(u, |config| {
        config.metrics_allow = vec![Network::parse("10.0.0.0/8").unwrap()];
        config.trusted_proxies = vec![Network::parse("127.0.0.1").unwrap()];
    })
    .await;
    // This client is not in the allowed network.
    assert_eq!(app.anonymous_get("/metrics").await.status(), 404);
    // Through the trusted proxy (this address), the client the proxy names decides.
    let via = |client: &'static str| {
        app.client
            .get(format!("{}/metrics", app.address))
            .header("x-forwarded-for", client)
            .send()
    };
    assert_eq!(via("10.1.2.3").await.unwrap().status(), 200);
    assert_eq!(via("203.0.113.5").await.unwrap().status(), 404);
    // A client cannot slip in an allowed address before the proxy's entry.
    assert_eq!(via("10.1.2.3, 203.0.113.5").await.unwrap().status(), 404);
}

const KEYSPACE: &str = "sibyl_operations_test";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite() {
    operators_see_what_happened(TestStore::sqlite().await).await;
    metrics_are_not_public(TestStore::sqlite().await, TestStore::sqlite().await).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cassandra() {
    operators_see_what_happened(TestStore::cassandra_alone(KEYSPACE).await).await;
    metrics_are_not_public(TestStore::cassandra().await, TestStore::cassandra().await).await;
}
