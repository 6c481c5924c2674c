//! Health checks, on both stores: `/healthz` answers without touching the store or
//! setting a cookie; `/readyz` says ready while the store answers, and 503 with the
//! store's reason once it fails.

use crate::helpers::{TestApp, TestStore, spawn_app};

async fn check(app: &TestApp, path: &str) -> (u16, String) {
    let response = app.anonymous_get(path).await;
    assert_eq!(
        response.headers().get("cache-control").unwrap(),
        "no-store",
        "{path}"
    );
    assert!(response.headers().get("set-cookie").is_none(), "{path}");
    let status = response.status().as_u16();
    (status, response.text().await.unwrap())
}

async fn the_checks_say_what_answers(t: TestStore) {
    let url = t.url.clone();
    let app = spawn_app(t).await;
    assert_eq!(check(&app, "/healthz").await, (200, "ok\n".to_owned()));
    assert_eq!(check(&app, "/readyz").await, (200, "ready\n".to_owned()));
    // The table the readiness read goes to disappears under the store: not ready, and
    // why; the process itself still answers.
    crate::helpers::drop_table(&url, "comment_settings").await;
    let (status, body) = check(&app, "/readyz").await;
    assert_eq!(status, 503, "{body}");
    assert!(body.starts_with("not ready: the store failed:"), "{body}");
    assert_eq!(check(&app, "/healthz").await.0, 200);
}

const KEYSPACE: &str = "sibyl_readiness_test";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite() {
    the_checks_say_what_answers(TestStore::sqlite().await).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cassandra() {
    the_checks_say_what_answers(TestStore::cassandra_alone(KEYSPACE).await).await
}
