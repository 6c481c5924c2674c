//! Memory of the real `sibyl` process, on each store. A 100 MB upload streams to the
//! store chunk by chunk and is never held in memory; images computed for IIIF requests
//! stay within the image memory budget, however many arrive at once. The peak resident
//! size is reset just before what is measured (`/proc/<pid>/clear_refs`; signing in
//! hashes a password with argon2, which takes tens of MB of its own) and read after it.

use crate::helpers::{TEST_KEYSPACE, cassandra_node, csrf_in, location, unique_name};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const UPLOAD: usize = 100 * 1024 * 1024;

/// The most a serving process may grow by while taking the upload: far below the
/// file's 100 MB.
const GROWTH_LIMIT: u64 = 32 * 1024 * 1024;

struct Server {
    child: Child,
    base: String,
    _dir: tempfile::TempDir,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start(store: Option<String>, extra: &[&str]) -> Server {
    let dir = tempfile::tempdir().unwrap();
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let base = format!("http://127.0.0.1:{port}");
    let site = format!("http://m{}.test", uuid::Uuid::new_v4().simple());
    let store = store.unwrap_or_else(|| format!("sqlite:{}", dir.path().join("blog.db").display()));
    let child = Command::new(env!("CARGO_BIN_EXE_sibyl"))
        .args([
            "serve",
            "--store",
            &store,
            "--listen",
            &format!("127.0.0.1:{port}"),
        ])
        .args(["--site-url", &site])
        .args([
            "--lock-dir",
            &dir.path().join("locks").display().to_string(),
        ])
        .args(["--log", "warn"])
        .args(extra)
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    Server {
        child,
        base,
        _dir: dir,
    }
}

/// A size from /proc/<pid>/status: VmHWM (the peak) or VmRSS (now).
fn resident(pid: u32, field: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status
        .lines()
        .find(|l| l.starts_with(field))
        .unwrap_or_else(|| panic!("{field} in /proc status"));
    let kib: u64 = line
        .split_whitespace()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap();
    kib * 1024
}

/// A signed-in administrator's browser on a fresh site with one published post.
struct Session {
    client: reqwest::Client,
    base: String,
    csrf: String,
    /// The post's binary context, `post:<id>`.
    context: String,
}

impl Session {
    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }
}

async fn sign_in(server: &Server) -> Session {
    sibyl::binaries::fetch::install_tls_provider();
    let client = reqwest::Client::builder()
        .cookie_store(true)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let url = |path: &str| format!("{}{path}", server.base);
    let deadline = Instant::now() + Duration::from_secs(30);
    let setup = loop {
        if let Ok(response) = client.get(url("/setup")).send().await {
            break response.text().await.unwrap();
        }
        assert!(Instant::now() < deadline, "sibyl did not start");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let admin = unique_name("mem");
    let password = "a long enough password";
    let response = client
        .post(url("/setup"))
        .form(&[
            ("csrf", csrf_in(&setup).as_str()),
            ("username", &admin),
            ("email", &format!("{admin}@example.com")),
            ("display_name", "Mem"),
            ("password", password),
            ("password_confirm", password),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 303);
    let write = client
        .get(url("/write"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let csrf = csrf_in(&write);
    let response = client
        .post(url("/write"))
        .form(&[
            ("csrf", csrf.as_str()),
            ("title", "Big file"),
            ("body", "Here."),
            ("tags", ""),
            ("action", "publish"),
        ])
        .send()
        .await
        .unwrap();
    let post_path = location(&response);
    let editor = client
        .get(url(&format!("{post_path}/edit")))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let marker = "/binary/logs/post:";
    let at = editor.find(marker).unwrap() + marker.len();
    let context = format!("post:{}", &editor[at..at + 32]);
    Session {
        client,
        base: server.base.clone(),
        csrf,
        context,
    }
}

async fn measure(store: Option<String>) {
    let server = start(store, &["--max-file-mib", "200"]);
    let Session {
        client,
        csrf,
        context,
        ..
    } = sign_in(&server).await;
    let url = |path: &str| format!("{}{path}", server.base);
    let pid = server.child.id();
    // Resets the peak to the present size.
    std::fs::write(format!("/proc/{pid}/clear_refs"), "5").unwrap();
    let before = resident(pid, "VmRSS:");

    // The body is made as it is sent, a megabyte at a time.
    let pieces = (0..UPLOAD / (1024 * 1024))
        .map(|i| Ok::<_, std::io::Error>(bytes::Bytes::from(vec![(i % 251) as u8; 1024 * 1024])));
    let part = reqwest::multipart::Part::stream_with_length(
        reqwest::Body::wrap_stream(futures_util::stream::iter(pieces)),
        UPLOAD as u64,
    )
    .file_name("big.bin");
    let form = reqwest::multipart::Form::new()
        .text("context", context)
        .part("file", part);
    let response = client
        .post(url("/binaries"))
        .header("x-csrf-token", csrf)
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 201, "{}", response.text().await.unwrap());
    let json: serde_json::Value = response.json().await.unwrap();
    assert_eq!(json[0]["size"], UPLOAD as u64);
    let peak = resident(pid, "VmHWM:");
    let growth = peak.saturating_sub(before);
    eprintln!(
        "100 MB upload: peak resident size {:.1} MiB, {:.1} MiB before it: grew by {:.1} MiB",
        peak as f64 / 1048576.0,
        before as f64 / 1048576.0,
        growth as f64 / 1048576.0
    );
    assert!(
        growth < GROWTH_LIMIT,
        "the server grew by {} MiB while taking the upload",
        growth / 1048576
    );
    // And it is all there: the last byte comes back.
    let reference = json[0]["reference"].as_str().unwrap();
    let tail = client
        .get(url(&format!("/binary/{reference}")))
        .header("range", "bytes=-1")
        .send()
        .await
        .unwrap();
    assert_eq!(tail.status(), 206);
    assert_eq!(tail.bytes().await.unwrap().to_vec(), [99u8]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_100_mb_upload_is_never_held_in_memory_sqlite() {
    measure(None).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_100_mb_upload_is_never_held_in_memory_cassandra() {
    // The keyspace's schema is made by the other Cassandra tests' helper.
    crate::helpers::TestStore::cassandra().await;
    measure(Some(format!(
        "cassandra://{}/{TEST_KEYSPACE}",
        cassandra_node()
    )))
    .await;
}

/// The image memory budget the image test runs with (the smallest allowed), and the
/// picture it asks for: 3000×3000 RGBA, 36 MB decoded.
const IMAGE_BUDGET_MIB: u64 = 64;
const SIDE: u32 = 3000;

/// Slack over the budget for what is not the pixels: the allocator's own (it keeps
/// freed pages a while, and each decoding thread has its heap), the decoder's and
/// encoder's state, requests and responses. Without the budget, the same four requests
/// grow the process by about 280 MB (two at a time, each with a full copy of the
/// picture and a 32-bit float intermediate).
const IMAGE_SLACK: u64 = 96 * 1024 * 1024;
/// What the server may keep after a burst of image work: the computed images' cache
/// (16 MiB) and what its allocator holds at hand.
const KEPT_AFTER_BURST: u64 = 32 * 1024 * 1024;

async fn images_within_budget(store: Option<String>) {
    let budget = IMAGE_BUDGET_MIB.to_string();
    let server = start(store, &["--image-memory-mib", &budget]);
    let session = sign_in(&server).await;
    let picture = image::RgbaImage::from_fn(SIDE, SIDE, |x, y| {
        image::Rgba([(x % 256) as u8, (y % 256) as u8, ((x + y) % 256) as u8, 255])
    });
    let mut png = std::io::Cursor::new(Vec::new());
    picture.write_to(&mut png, image::ImageFormat::Png).unwrap();
    drop(picture);
    let part = reqwest::multipart::Part::bytes(png.into_inner()).file_name("large.png");
    let form = reqwest::multipart::Form::new()
        .text("context", session.context.clone())
        .part("file", part);
    let response = session
        .client
        .post(session.url("/binaries"))
        .header("x-csrf-token", &session.csrf)
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 201, "{}", response.text().await.unwrap());
    let json: serde_json::Value = response.json().await.unwrap();
    let reference = json[0]["reference"].as_str().unwrap().to_owned();
    let pid = server.child.id();
    std::fs::write(format!("/proc/{pid}/clear_refs"), "5").unwrap();
    let before = resident(pid, "VmRSS:");

    // Four sizes at once, each needing most of the budget: they take turns.
    let sizes = ["1000,", "900,", ",800", "pct:25"];
    let requests = sizes.iter().map(|size| {
        let url = session.url(&format!("/binary/{reference}/full/{size}/0/default.jpg"));
        let client = session.client.clone();
        async move {
            // On a loaded machine a request may wait longer for memory than the server
            // lets it (20 s): it is told 503 with Retry-After, and asks again.
            for _ in 0..5 {
                let response = client.get(url.clone()).send().await.unwrap();
                let status = response.status().as_u16();
                if status == 503 {
                    assert!(response.headers().contains_key("retry-after"));
                    tokio::time::sleep(std::time::Duration::from_secs(1)).await;
                    continue;
                }
                return (status, response.bytes().await.unwrap().len());
            }
            (503, 0)
        }
    });
    let answers = futures_util::future::join_all(requests).await;
    let peak = resident(pid, "VmHWM:");
    let growth = peak.saturating_sub(before);
    eprintln!(
        "four {SIDE}x{SIDE} images at once within {IMAGE_BUDGET_MIB} MiB: {answers:?}; peak {:.1} MiB, {:.1} MiB before: grew by {:.1} MiB",
        peak as f64 / 1048576.0,
        before as f64 / 1048576.0,
        growth as f64 / 1048576.0
    );
    for (size, (status, length)) in sizes.iter().zip(&answers) {
        assert_eq!(*status, 200, "{size}");
        assert!(*length > 1000, "{size}");
    }
    assert!(
        growth <= IMAGE_BUDGET_MIB * 1024 * 1024 + IMAGE_SLACK,
        "the server grew by {} MiB computing images within a {IMAGE_BUDGET_MIB} MiB budget",
        growth / 1048576
    );
    // Once the burst is over its memory goes back to the system: what stays is the
    // computed images' cache and what the allocator keeps at hand. The allocator hands
    // pages back on its own schedule, later on a loaded machine: looked at every half
    // second, for up to ten.
    let burst_over = std::time::Instant::now();
    let mut after = resident(pid, "VmRSS:");
    while after > before + KEPT_AFTER_BURST && burst_over.elapsed().as_secs() < 10 {
        tokio::time::sleep(std::time::Duration::from_millis(500)).await;
        after = resident(pid, "VmRSS:");
    }
    eprintln!(
        "{:.1} MiB resident {:.1} s after the burst",
        after as f64 / 1048576.0,
        burst_over.elapsed().as_secs_f64()
    );
    assert!(
        after <= before + KEPT_AFTER_BURST,
        "the server kept {} MiB after computing images ({} MiB before)",
        after.saturating_sub(before) / 1048576,
        before / 1048576
    );

    // Small computed images, more of them than the budget has MiB, each kept in the
    // computed images' cache: the cache's memory is its own, and the budget stays whole.
    for width in 0..IMAGE_BUDGET_MIB + 6 {
        let size = format!("{},", 16 + width);
        let response = session
            .client
            .get(session.url(&format!("/binary/{reference}/full/{size}/0/default.jpg")))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200, "{size}");
    }

    // What can never fit the budget is refused at once, with a reason.
    let response = session
        .client
        .get(session.url(&format!("/binary/{reference}/full/max/0/default.png")))
        .send()
        .await
        .unwrap();
    // 400: asking again will never help.
    assert_eq!(response.status(), 400);
    assert!(response.headers().get("retry-after").is_none());
    let text = response.text().await.unwrap();
    assert!(text.contains("more than the 64 MiB"), "{text}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn computed_images_stay_within_the_memory_budget_sqlite() {
    images_within_budget(None).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn computed_images_stay_within_the_memory_budget_cassandra() {
    crate::helpers::TestStore::cassandra().await;
    images_within_budget(Some(format!(
        "cassandra://{}/{TEST_KEYSPACE}",
        cassandra_node()
    )))
    .await;
}
