//! Binaries fetched from URLs (`PUT /binaries`), on both stores, from a local origin
//! server that the test configuration explicitly allows: sharing by URL, validators,
//! revalidation as the origin changes and goes away, retries with backoff, the caps, and
//! the refusal of private addresses (loopback included, when it is not allowed).

use crate::both_stores;
use crate::fixtures::png;
use crate::fixtures::post_of;
use crate::helpers::{TestApp, TestStore, csrf_in, spawn_app_with};
use crate::http::binaries::context_of;
use actix_web::{App, HttpRequest, HttpResponse, HttpServer, web};
use serde_json::{Value, json};
use sibyl::binaries::fetch::{FetchPolicy, Fetcher, Network};
use sibyl::binaries::remote::Revalidated;
use sibyl::binaries::{Binaries, BinaryLimits, RefId, RefreshConfig, Status};
use std::sync::{Arc, Mutex};
use std::time::Duration;

#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Normal,
    Unavailable,
    Gone,
    /// 200 with an HTML page (a captive portal, a CDN's error page) and a new ETag.
    ErrorPage,
}

struct Origin {
    body: Vec<u8>,
    e_tag: String,
    mode: Mode,
    /// Each request of /photo.png: the If-None-Match it carried.
    hits: Vec<Option<String>>,
}

type Shared = Arc<Mutex<Origin>>;

async fn photo(state: web::Data<Shared>, req: HttpRequest) -> HttpResponse {
    let mut origin = state.lock().unwrap();
    let condition = req
        .headers()
        .get("if-none-match")
        .map(|v| v.to_str().unwrap().to_owned());
    origin.hits.push(condition.clone());
    match origin.mode {
        Mode::Unavailable => return HttpResponse::ServiceUnavailable().finish(),
        Mode::Gone => return HttpResponse::NotFound().finish(),
        Mode::ErrorPage => {
            return HttpResponse::Ok()
                .insert_header(("etag", "\"error-page\""))
                .content_type("text/html")
                .body("<!doctype html><html><body>Something went wrong</body></html>");
        }
        Mode::Normal => {}
    }
    if condition.as_deref() == Some(origin.e_tag.as_str()) {
        return HttpResponse::NotModified()
            .insert_header(("etag", origin.e_tag.clone()))
            .finish();
    }
    HttpResponse::Ok()
        .insert_header(("etag", origin.e_tag.clone()))
        .insert_header(("last-modified", "Sat, 21 Nov 2026 10:00:00 GMT"))
        .content_type("image/png")
        .body(origin.body.clone())
}

async fn redirect(path: web::Path<u32>) -> HttpResponse {
    let n = path.into_inner();
    // Relative, within the origin's own path (see `origin`).
    let next = if n == 0 {
        "../photo.png".to_owned()
    } else {
        (n - 1).to_string()
    };
    HttpResponse::Found()
        .insert_header(("location", next))
        .finish()
}

async fn to_metadata() -> HttpResponse {
    HttpResponse::Found()
        .insert_header(("location", "http://169.254.169.254/latest/meta-data/"))
        .finish()
}

async fn big() -> HttpResponse {
    HttpResponse::Ok().body(vec![7u8; 300_000])
}

async fn slow() -> HttpResponse {
    tokio::time::sleep(Duration::from_secs(5)).await;
    HttpResponse::Ok().body("late")
}

/// The origin on a free loopback port.
async fn origin() -> (String, Shared) {
    // Bytes no other origin of this run serves.
    static ORIGINS: std::sync::atomic::AtomicU8 = std::sync::atomic::AtomicU8::new(0);
    let n = ORIGINS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let state: Shared = Arc::new(Mutex::new(Origin {
        body: png(30, 20, 100u8.wrapping_add(n)),
        e_tag: "\"v1\"".into(),
        mode: Mode::Normal,
        hits: Vec::new(),
    }));
    let data = web::Data::new(Arc::clone(&state));
    // Each origin serves under a path of its own (see `origin_path`).
    let prefix = crate::helpers::origin_path();
    let scope = prefix.clone();
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let server = HttpServer::new(move || {
        App::new().app_data(data.clone()).service(
            web::scope(&scope)
                .route("/photo.png", web::get().to(photo))
                .route("/redirect/{n}", web::get().to(redirect))
                .route(
                    "/loop",
                    web::get().to(|| async {
                        HttpResponse::Found()
                            .insert_header(("location", "loop"))
                            .finish()
                    }),
                )
                .route("/to-metadata", web::get().to(to_metadata))
                .route("/big", web::get().to(big))
                .route("/slow", web::get().to(slow)),
        )
    })
    .workers(1)
    .listen(listener)
    .unwrap()
    .run();
    tokio::spawn(server);
    (format!("http://127.0.0.1:{port}{prefix}"), state)
}

fn allowing_loopback() -> FetchPolicy {
    FetchPolicy {
        allow: vec![Network::parse("127.0.0.1").unwrap()],
        timeout: Duration::from_secs(2),
        ..FetchPolicy::default()
    }
}

/// An application whose fetching may reach the local origin, with a published post.
async fn app_allowing_loopback(t: TestStore) -> (TestApp, String) {
    let app = spawn_app_with(t, |config| {
        config.fetch = allowing_loopback();
        config.binary_limits.max_file = 200_000;
    })
    .await;
    app.set_up().await;
    let context = post_context(&app).await;
    (app, context)
}

async fn post_context(app: &TestApp) -> String {
    let path = app.publish("Fetched", "Text.").await;
    context_of(&post_of(app, &path).await)
}

async fn put(app: &TestApp, body: Value) -> (u16, Value) {
    let token = csrf_in(&app.get_html("/login").await);
    let response = app
        .client
        .put(app.url("/binaries"))
        .header("x-csrf-token", token)
        .json(&body)
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    let text = response.text().await.unwrap();
    (
        status,
        serde_json::from_str(&text).unwrap_or(json!({"raw": text})),
    )
}

/// The service as the refresher runs it, on the application's store.
fn refresher(app: &TestApp) -> (Binaries, Fetcher) {
    let mut binaries = Binaries::new(app.store.binaries(), BinaryLimits::default());
    binaries.refresh = RefreshConfig {
        retry_after: Duration::from_secs(60),
        max_attempts: 3,
        ..RefreshConfig::default()
    };
    (binaries, Fetcher::new(allowing_loopback()).unwrap())
}

async fn original_of(app: &TestApp, reference: &str) -> sibyl::binaries::Original {
    let store = app.store.binaries();
    let r = store
        .reference(&RefId::parse(reference).unwrap())
        .await
        .unwrap()
        .unwrap();
    store.original(r.original).await.unwrap().unwrap()
}

/// The log page's text, quotes unescaped.
async fn log_of(app: &TestApp, context: &str) -> String {
    app.get_html(&format!("/binary/logs/{context}"))
        .await
        .replace("&#34;", "\"")
        .replace("&quot;", "\"")
}

async fn a_url_is_fetched_once_shared_and_its_validators_kept(t: TestStore) {
    let (app, context) = app_allowing_loopback(t).await;
    let (base, origin) = origin().await;
    let url = format!("{base}/photo.png");
    let (status, first) = put(
        &app,
        json!({"url": url, "context": context, "mime": "image/png"}),
    )
    .await;
    assert_eq!(status, 201, "{first}");
    assert_eq!(first["status"], "OK");
    assert_eq!(first["mime"], "image/png");
    assert_eq!(
        (first["width"].as_u64(), first["height"].as_u64()),
        (Some(30), Some(20))
    );
    assert_eq!(first["name"], "photo.png");
    // Whether a file was stored before is not said (it may have been by another site).
    assert!(first.get("deduplicated").is_none(), "{first}");
    let (status, second) = put(&app, json!({"url": url, "context": context})).await;
    assert_eq!(status, 201, "{second}");
    assert_ne!(first["reference"], second["reference"]);
    assert_eq!(
        second["name"], "photo.png",
        "a shared copy is named after its URL too"
    );
    assert_eq!(
        original_of(&app, first["reference"].as_str().unwrap())
            .await
            .id,
        original_of(&app, second["reference"].as_str().unwrap())
            .await
            .id,
        "one copy, shared"
    );
    assert_eq!(origin.lock().unwrap().hits.len(), 1, "fetched once");
    let original = original_of(&app, first["reference"].as_str().unwrap()).await;
    assert_eq!(original.e_tag.as_deref(), Some("\"v1\""));
    assert_eq!(
        original.last_modified.as_deref(),
        Some("Sat, 21 Nov 2026 10:00:00 GMT")
    );
    assert_eq!(original.url.as_deref(), Some(url.as_str()));
    assert!(original.last_checked.is_some());
    let served = app
        .get(&format!(
            "/binary/{}",
            second["reference"].as_str().unwrap()
        ))
        .await;
    assert_eq!(served.status(), 200);
    assert_eq!(
        served.bytes().await.unwrap().to_vec(),
        origin.lock().unwrap().body
    );
    let log = log_of(&app, &context).await;
    assert!(
        log.contains(&format!("fetched {url} (ETag \"v1\"")),
        "{log}"
    );
    assert!(log.contains("was fetched before"), "{log}");
}

async fn revalidation_follows_the_origin_as_it_changes_and_goes_away(t: TestStore) {
    let (app, context) = app_allowing_loopback(t).await;
    let (base, origin) = origin().await;
    let url = format!("{base}/photo.png");
    let (_, a) = put(&app, json!({"url": url, "context": context})).await;
    let (_, b) = put(&app, json!({"url": url, "context": context})).await;
    let (ra, rb) = (
        a["reference"].as_str().unwrap(),
        b["reference"].as_str().unwrap(),
    );
    let first = original_of(&app, ra).await;
    let (binaries, fetcher) = refresher(&app);

    // Unchanged: a conditional request, answered 304.
    let outcome = binaries.revalidate(&fetcher, first.id).await.unwrap();
    assert_eq!(outcome, Revalidated::Unchanged);
    assert_eq!(
        origin.lock().unwrap().hits.last().unwrap().as_deref(),
        Some("\"v1\""),
        "If-None-Match was sent"
    );
    let checked = original_of(&app, ra).await;
    assert!(checked.last_checked >= first.last_checked);

    // Changed: new bytes, a new ETag; both references follow.
    let new_body = png(40, 10, 2);
    {
        let mut o = origin.lock().unwrap();
        o.body = new_body.clone();
        o.e_tag = "\"v2\"".into();
    }
    let outcome = binaries.revalidate(&fetcher, first.id).await.unwrap();
    let Revalidated::Changed(new) = outcome else {
        panic!("{outcome:?}")
    };
    for r in [ra, rb] {
        let served = app.get(&format!("/binary/{r}")).await;
        assert_eq!(served.bytes().await.unwrap().to_vec(), new_body, "{r}");
        assert_eq!(original_of(&app, r).await.id, new);
    }
    let moved = original_of(&app, ra).await;
    assert_eq!(moved.e_tag.as_deref(), Some("\"v2\""));
    assert_eq!((moved.width, moved.height), (Some(40), Some(10)));
    assert!(
        !app.store.binaries().is_referenced(first.id).await.unwrap(),
        "the old copy is left to the collector"
    );
    // Each reference now accounts for the new bytes.
    let owner = app
        .store
        .binaries()
        .reference(&RefId::parse(ra).unwrap())
        .await
        .unwrap()
        .unwrap()
        .owner;
    assert_eq!(
        app.store.binaries().usage(owner).await.unwrap(),
        2 * new_body.len() as i64
    );
    // The URL now names the new copy: a new registration shares it.
    let (_, c) = put(&app, json!({"url": url, "context": context})).await;
    assert_eq!(
        original_of(&app, c["reference"].as_str().unwrap()).await.id,
        new
    );

    // The origin goes away: RETRY with growing delays, then ERROR; the copy stays.
    origin.lock().unwrap().mode = Mode::Unavailable;
    assert_eq!(
        binaries
            .refresh(&fetcher, sibyl::domain::now())
            .await
            .unwrap(),
        0,
        "not due"
    );
    assert_eq!(
        binaries.revalidate(&fetcher, new).await.unwrap(),
        Revalidated::Failed(Status::Retry)
    );
    let retrying = original_of(&app, ra).await;
    assert_eq!((retrying.status, retrying.attempts), (Status::Retry, 1));
    assert_eq!(binaries.refresh.backoff(1), Duration::from_secs(60));
    assert_eq!(binaries.refresh.backoff(2), Duration::from_secs(120));
    let soon = sibyl::domain::now() + chrono::Duration::seconds(30);
    assert_eq!(
        binaries.refresh(&fetcher, soon).await.unwrap(),
        0,
        "backing off"
    );
    let later = sibyl::domain::now() + chrono::Duration::seconds(61);
    assert!(binaries.refresh(&fetcher, later).await.unwrap() >= 1);
    assert_eq!(original_of(&app, ra).await.attempts, 2);
    let much_later = sibyl::domain::now() + chrono::Duration::seconds(200);
    assert!(binaries.refresh(&fetcher, much_later).await.unwrap() >= 1);
    let given_up = original_of(&app, ra).await;
    assert_eq!((given_up.status, given_up.attempts), (Status::Error, 3));
    let served = app.get(&format!("/binary/{ra}")).await;
    assert_eq!(served.status(), 200, "the last good copy is still served");
    assert_eq!(served.bytes().await.unwrap().to_vec(), new_body);
    let log = log_of(&app, &context).await;
    for step in [
        "unchanged (304)",
        "changed at the origin (ETag \"v2\")",
        "(attempt 1): the origin answered 503 Service Unavailable; trying again in 60 s",
        "(attempt 2)",
        "given up, the last good copy is kept",
    ] {
        assert!(log.contains(step), "{step} missing from the log:\n{log}");
    }
}

/// An origin that answers 200 with something else than the file (an error page) is a
/// failed attempt: the references keep the good copy.
async fn an_error_page_from_the_origin_is_a_failed_attempt(t: TestStore) {
    let (app, context) = app_allowing_loopback(t).await;
    let (base, origin) = origin().await;
    let url = format!("{base}/photo.png");
    let (_, a) = put(&app, json!({"url": url, "context": context})).await;
    let ra = a["reference"].as_str().unwrap();
    let good = original_of(&app, ra).await;
    let (binaries, fetcher) = refresher(&app);
    origin.lock().unwrap().mode = Mode::ErrorPage;
    assert_eq!(
        binaries.revalidate(&fetcher, good.id).await.unwrap(),
        Revalidated::Failed(Status::Retry)
    );
    let after = original_of(&app, ra).await;
    assert_eq!(after.id, good.id, "the reference stays on the good copy");
    assert_eq!((after.status, after.attempts), (Status::Retry, 1));
    assert!(
        after
            .error
            .as_deref()
            .unwrap()
            .contains("named as image/png but its content is"),
        "{:?}",
        after.error
    );
    let served = app.get(&format!("/binary/{ra}")).await;
    assert_eq!(served.status(), 200);
    assert_eq!(
        served.bytes().await.unwrap().to_vec(),
        origin.lock().unwrap().body
    );
    // Back to normal: the next attempt finds the same bytes and forgets the failure.
    origin.lock().unwrap().mode = Mode::Normal;
    assert_eq!(
        binaries.revalidate(&fetcher, good.id).await.unwrap(),
        Revalidated::Unchanged
    );
    let healed = original_of(&app, ra).await;
    assert_eq!((healed.status, healed.attempts), (Status::Ok, 0));
}

/// Refreshers of several instances revalidate one original at once: one does it, the
/// others find it leased and leave it; the references all end on one new copy, each
/// accounted once.
async fn one_refresher_at_a_time_revalidates_an_original(t: TestStore) {
    let (app, context) = app_allowing_loopback(t).await;
    let (base, origin) = origin().await;
    let url = format!("{base}/photo.png");
    let mut references = Vec::new();
    for _ in 0..3 {
        let (_, r) = put(&app, json!({"url": url, "context": context})).await;
        references.push(r["reference"].as_str().unwrap().to_owned());
    }
    let first = original_of(&app, &references[0]).await;
    let new_body = png(50, 20, 7);
    {
        let mut o = origin.lock().unwrap();
        o.body = new_body.clone();
        o.e_tag = "\"v9\"".into();
    }
    let instances: Vec<(Binaries, Fetcher)> = (0..4).map(|_| refresher(&app)).collect();
    let outcomes = futures_util::future::join_all(
        instances
            .iter()
            .map(|(binaries, fetcher)| binaries.revalidate(fetcher, first.id)),
    )
    .await;
    let outcomes: Vec<Revalidated> = outcomes.into_iter().map(Result::unwrap).collect();
    let changed: Vec<_> = outcomes
        .iter()
        .filter(|o| matches!(o, Revalidated::Changed(_)))
        .collect();
    assert_eq!(changed.len(), 1, "{outcomes:?}");
    // The others found it leased, or (a contended lease settles late) came after the
    // lease was given back and found the old copy unneeded.
    let busy = outcomes.iter().filter(|o| **o == Revalidated::Busy).count();
    let after = outcomes
        .iter()
        .filter(|o| **o == Revalidated::Unchanged)
        .count();
    assert_eq!(busy + after, 3, "{outcomes:?}");
    let Revalidated::Changed(new) = changed[0] else {
        unreachable!()
    };
    for r in &references {
        assert_eq!(original_of(&app, r).await.id, *new, "{r}");
    }
    let owner = app
        .store
        .binaries()
        .reference(&RefId::parse(&references[0]).unwrap())
        .await
        .unwrap()
        .unwrap()
        .owner;
    assert_eq!(
        app.store.binaries().usage(owner).await.unwrap(),
        3 * new_body.len() as i64
    );
    // The lease was given back: the next pass may look again.
    assert_eq!(
        instances[1]
            .0
            .revalidate(&instances[1].1, *new)
            .await
            .unwrap(),
        Revalidated::Unchanged
    );
}

/// An HTTPS origin on a free loopback port, named `localhost`, whose certificate is
/// issued by a certificate authority of its own; answers every request with `body`.
/// Returns its base URL and that authority's certificate.
async fn tls_origin(body: Vec<u8>) -> (String, rustls::pki_types::CertificateDer<'static>) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let ca_key = rcgen::KeyPair::generate().unwrap();
    let mut ca_params = rcgen::CertificateParams::new(Vec::<String>::new()).unwrap();
    ca_params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
    ca_params
        .distinguished_name
        .push(rcgen::DnType::CommonName, "Sibyl test authority");
    let ca = ca_params.self_signed(&ca_key).unwrap();
    let issuer = rcgen::Issuer::new(ca_params, ca_key);
    let key = rcgen::KeyPair::generate().unwrap();
    let leaf = rcgen::CertificateParams::new(vec!["localhost".to_owned()])
        .unwrap()
        .signed_by(&key, &issuer)
        .unwrap();
    let config = rustls::ServerConfig::builder_with_provider(Arc::new(
        rustls::crypto::ring::default_provider(),
    ))
    .with_safe_default_protocol_versions()
    .unwrap()
    .with_no_client_auth()
    .with_single_cert(
        vec![leaf.der().clone()],
        rustls::pki_types::PrivateKeyDer::Pkcs8(key.serialize_der().into()),
    )
    .unwrap();
    let acceptor = tokio_rustls::TlsAcceptor::from(Arc::new(config));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(async move {
        while let Ok((tcp, _)) = listener.accept().await {
            let (acceptor, body) = (acceptor.clone(), body.clone());
            tokio::spawn(async move {
                // A client that does not trust the certificate ends here.
                let Ok(mut tls) = acceptor.accept(tcp).await else {
                    return;
                };
                let mut request = Vec::new();
                let mut buffer = [0u8; 1024];
                while !request.windows(4).any(|w| w == b"\r\n\r\n") {
                    match tls.read(&mut buffer).await {
                        Ok(0) | Err(_) => return,
                        Ok(n) => request.extend_from_slice(&buffer[..n]),
                    }
                }
                let head = format!(
                    "HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nContent-Length: {}\r\n\
                     ETag: \"tls-1\"\r\nConnection: close\r\n\r\n",
                    body.len()
                );
                let _ = tls.write_all(head.as_bytes()).await;
                let _ = tls.write_all(&body).await;
                let _ = tls.shutdown().await;
            });
        }
    });
    (format!("https://localhost:{port}"), ca.der().clone())
}

/// Fetching over HTTPS checks the origin's certificate: an origin whose authority is
/// not trusted is refused; trusted (as `--fetch-ca` does), it is fetched.
async fn https_origins_are_fetched_with_their_certificates_checked(t: TestStore) {
    let body = png(12, 8, 177);
    let (base, authority) = tls_origin(body.clone()).await;
    let url = format!("{base}/photo.png");
    let loopback = || FetchPolicy {
        allow: vec![
            Network::parse("127.0.0.1").unwrap(),
            Network::parse("::1").unwrap(),
        ],
        timeout: Duration::from_secs(5),
        ..FetchPolicy::default()
    };
    let parsed = sibyl::binaries::fetch::check_url(&url).unwrap();
    let untrusting = Fetcher::new(loopback()).unwrap();
    let Err(refused) = untrusting.get(&parsed, None, None).await else {
        panic!("a certificate of an unknown authority was accepted")
    };
    assert!(refused.to_string().contains("certificate"), "{refused}");

    let app = spawn_app_with(t, move |config| {
        config.fetch = FetchPolicy {
            extra_roots: vec![authority.clone()],
            ..loopback()
        };
    })
    .await;
    app.set_up().await;
    let context = post_context(&app).await;
    let (status, json) = put(&app, json!({"url": url, "context": context})).await;
    assert_eq!(status, 201, "{json}");
    assert_eq!(json["status"], "OK", "{json}");
    assert_eq!(
        (json["width"].as_u64(), json["height"].as_u64()),
        (Some(12), Some(8))
    );
    let reference = json["reference"].as_str().unwrap();
    let original = original_of(&app, reference).await;
    assert_eq!(original.e_tag.as_deref(), Some("\"tls-1\""));
    let served = app.get(&format!("/binary/{reference}")).await;
    assert_eq!(served.bytes().await.unwrap().to_vec(), body);
}

async fn a_first_fetch_that_fails_is_retried_with_backoff(t: TestStore) {
    let (app, context) = app_allowing_loopback(t).await;
    let (base, origin) = origin().await;
    origin.lock().unwrap().mode = Mode::Unavailable;
    let url = format!("{base}/photo.png");
    let (status, json) = put(
        &app,
        json!({"url": url, "context": context, "mime": "image/png"}),
    )
    .await;
    assert_eq!(status, 202, "{json}");
    assert_eq!(json["status"], "RETRY");
    assert_eq!(json["mime"], "image/png", "what it was registered as");
    let reference = json["reference"].as_str().unwrap().to_owned();
    let waiting = app.get(&format!("/binary/{reference}")).await;
    assert_eq!(waiting.status(), 404);
    assert!(waiting.text().await.unwrap().contains("503"));
    let (binaries, fetcher) = refresher(&app);
    origin.lock().unwrap().mode = Mode::Normal;
    let tried = origin.lock().unwrap().hits.len();
    // Other sites of a shared keyspace may have files due: only this one is looked at.
    binaries
        .refresh(&fetcher, sibyl::domain::now())
        .await
        .unwrap();
    assert_eq!(
        origin.lock().unwrap().hits.len(),
        tried,
        "not fetched again before its backoff"
    );
    assert_eq!(original_of(&app, &reference).await.status, Status::Retry);
    let due = sibyl::domain::now() + chrono::Duration::seconds(61);
    assert!(binaries.refresh(&fetcher, due).await.unwrap() >= 1);
    let fetched = original_of(&app, &reference).await;
    assert_eq!(fetched.status, Status::Ok);
    assert_eq!(fetched.width, Some(30));
    let served = app.get(&format!("/binary/{reference}")).await;
    assert_eq!(
        served.bytes().await.unwrap().to_vec(),
        origin.lock().unwrap().body
    );
    // A file the origin does not have is an ERROR at once, with its reason.
    origin.lock().unwrap().mode = Mode::Gone;
    let (status, json) = put(
        &app,
        json!({"url": format!("{base}/photo.png?v=2"), "context": context}),
    )
    .await;
    assert_eq!(status, 422, "{json}");
    assert_eq!(json["status"], "ERROR");
    assert!(json["error"].as_str().unwrap().contains("404"));
}

async fn loopback_is_refused_without_an_explicit_allowance(t: TestStore) {
    // The default configuration: no allowance at all.
    let app = spawn_app_with(t, |_| {}).await;
    app.set_up().await;
    let context = post_context(&app).await;
    let (base, origin) = origin().await;
    let port = base.rsplit(':').next().unwrap().to_owned();
    for url in [
        format!("{base}/photo.png"),
        format!("http://localhost:{port}/photo.png"),
        format!("http://[::1]:{port}/photo.png"),
        format!("http://[::ffff:127.0.0.1]:{port}/photo.png"),
        // IPv4-translated (SIIT), NAT64 and IPv4-compatible forms of loopback.
        format!("http://[::ffff:0:7f00:1]:{port}/photo.png"),
        format!("http://[64:ff9b::7f00:1]:{port}/photo.png"),
        format!("http://[::127.0.0.1]:{port}/photo.png"),
        format!("http://0.0.0.0:{port}/photo.png"),
        "http://10.0.0.1/a.png".to_owned(),
        "http://192.168.1.1/a.png".to_owned(),
        "http://169.254.169.254/latest/meta-data/".to_owned(),
        "http://[fe80::1]/a.png".to_owned(),
        "http://2130706433/a.png".to_owned(),
    ] {
        let (status, json) = put(&app, json!({"url": url, "context": context})).await;
        assert_eq!(status, 400, "{url}: {json}");
        let error = json["error"].as_str().unwrap_or_default();
        assert!(error.contains("not allowed"), "{url}: {error}");
        // One plain sentence, not the HTTP client's chain of errors.
        for chain in ["error sending request", "client error", "dns error"] {
            assert!(!error.contains(chain), "{url}: {error}");
        }
        if url.contains("[::1]") || url.contains("localhost") || url.starts_with(&base) {
            assert!(error.contains("a loopback address"), "{url}: {error}");
        }
    }
    assert!(
        origin.lock().unwrap().hits.is_empty(),
        "nothing reached the origin"
    );
    let listed = app.get_html("/admin/binaries").await;
    assert!(
        listed.contains("No file has been attached yet."),
        "nothing was stored"
    );
}

async fn redirects_sizes_and_time_are_capped(t: TestStore) {
    let (app, context) = app_allowing_loopback(t).await;
    let (base, _origin) = origin().await;
    let (status, json) = put(
        &app,
        json!({"url": format!("{base}/redirect/3"), "context": context}),
    )
    .await;
    assert_eq!(status, 201, "three redirects are followed: {json}");
    let (status, json) = put(
        &app,
        json!({"url": format!("{base}/to-metadata"), "context": context}),
    )
    .await;
    assert_eq!(status, 400, "{json}");
    assert!(
        json["error"].as_str().unwrap().contains("169.254.169.254"),
        "{json}"
    );
    let (status, json) = put(
        &app,
        json!({"url": format!("{base}/loop"), "context": context}),
    )
    .await;
    assert_eq!(status, 400, "{json}");
    assert!(
        json["error"]
            .as_str()
            .unwrap()
            .contains("more than 5 redirects"),
        "{json}"
    );
    let (status, json) = put(
        &app,
        json!({"url": format!("{base}/big"), "context": context}),
    )
    .await;
    assert_eq!(status, 413, "{json}");
    let started = std::time::Instant::now();
    let (status, json) = put(
        &app,
        json!({"url": format!("{base}/slow"), "context": context}),
    )
    .await;
    assert_eq!(status, 202, "a timeout is tried again later: {json}");
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "the 2 s cap held"
    );
}

async fn bad_registrations_are_refused_clearly(t: TestStore) {
    let (app, context) = app_allowing_loopback(t).await;
    let (base, _origin) = origin().await;
    let url = format!("{base}/photo.png");
    for (body, want, says) in [
        (json!({"context": context}), 400, "missing field `url`"),
        (json!({"url": url}), 400, "missing field `context`"),
        (
            json!({"url": url, "context": context, "extra": 1}),
            400,
            "unknown field",
        ),
        (
            json!({"url": url, "context": "post:nope"}),
            400,
            "is not a context",
        ),
        (
            json!({"url": url, "context": context, "mime": "not a type"}),
            400,
            "is not a media type",
        ),
        (
            json!({"url": "ftp://example.com/a.png", "context": context}),
            400,
            "only http and https",
        ),
        (
            json!({"url": "javascript:alert(1)", "context": context}),
            400,
            "only http and https",
        ),
        (
            json!({"url": url, "context": context, "mime": "image/jpeg"}),
            422,
            "registered as image/jpeg but its content is image/png",
        ),
    ] {
        let (status, json) = put(&app, body.clone()).await;
        assert_eq!(status, want, "{body}: {json}");
        assert!(
            json["error"].as_str().unwrap_or_default().contains(says),
            "{body}: {json}"
        );
    }
    let raw = app
        .client
        .put(app.url("/binaries"))
        .header("x-csrf-token", csrf_in(&app.get_html("/login").await))
        .header("content-type", "application/json")
        .body("{not json")
        .send()
        .await
        .unwrap();
    assert_eq!(raw.status(), 400);
    let forged = app
        .client
        .put(app.url("/binaries"))
        .json(&json!({"url": url, "context": context}))
        .send()
        .await
        .unwrap();
    assert_eq!(forged.status(), 403, "no CSRF token, no fetch");
}

async fn fetches_and_uploads_are_rate_limited_per_account(t: TestStore) {
    let app = spawn_app_with(t, |config| {
        config.fetch = allowing_loopback();
        config.rate_limits.fetch_per_account = sibyl::web::Limit {
            max: 2,
            window: Duration::from_secs(600),
        };
        config.rate_limits.upload_per_account = sibyl::web::Limit {
            max: 1,
            window: Duration::from_secs(600),
        };
    })
    .await;
    app.set_up().await;
    let context = post_context(&app).await;
    let (base, origin) = origin().await;
    for i in 0..2 {
        let (status, json) = put(
            &app,
            json!({"url": format!("{base}/photo.png?n={i}"), "context": context}),
        )
        .await;
        assert_eq!(status, 201, "{json}");
    }
    let token = csrf_in(&app.get_html("/login").await);
    let refused = app
        .client
        .put(app.url("/binaries"))
        .header("x-csrf-token", &token)
        .json(&json!({"url": format!("{base}/photo.png?n=3"), "context": context}))
        .send()
        .await
        .unwrap();
    assert_eq!(refused.status(), 429);
    assert_eq!(refused.headers()["retry-after"], "600");
    let body: Value = refused.json().await.unwrap();
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("many files from URLs")
    );
    assert_eq!(
        origin.lock().unwrap().hits.len(),
        2,
        "the third was never fetched"
    );
    let upload = |name: &'static str| {
        let form = reqwest::multipart::Form::new()
            .text("context", context.clone())
            .part(
                "file",
                reqwest::multipart::Part::bytes(name.as_bytes().to_vec()).file_name(name),
            );
        app.client
            .post(app.url("/binaries"))
            .header("x-csrf-token", &token)
            .multipart(form)
            .send()
    };
    // A form that fails its CSRF check counts for nothing: the one allowed upload stays.
    for forged in ["", "not-the-token"] {
        let form = reqwest::multipart::Form::new()
            .text("csrf", forged)
            .text("context", context.clone())
            .part(
                "file",
                reqwest::multipart::Part::bytes(b"forged".to_vec()).file_name("forged.txt"),
            );
        let response = app
            .client
            .post(app.url("/binaries"))
            .multipart(form)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 403, "{forged:?}");
    }
    assert_eq!(upload("one.txt").await.unwrap().status(), 201);
    let second = upload("two.txt").await.unwrap();
    assert_eq!(second.status(), 429);
    assert!(second.headers().contains_key("retry-after"));
}

both_stores!(
    fetches_and_uploads_are_rate_limited_per_account,
    a_url_is_fetched_once_shared_and_its_validators_kept,
    revalidation_follows_the_origin_as_it_changes_and_goes_away,
    a_first_fetch_that_fails_is_retried_with_backoff,
    an_error_page_from_the_origin_is_a_failed_attempt,
    https_origins_are_fetched_with_their_certificates_checked,
    one_refresher_at_a_time_revalidates_an_original,
    loopback_is_refused_without_an_explicit_allowance,
    redirects_sizes_and_time_are_capped,
    bad_registrations_are_refused_clearly,
);
