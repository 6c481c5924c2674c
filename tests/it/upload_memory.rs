//! A 100 MB upload streams to the store chunk by chunk: the real `sibyl` process, on
//! each store, never holds the file in memory. Its peak resident size is reset just
//! before the upload (`/proc/<pid>/clear_refs`; signing in hashes a password with
//! argon2, which takes tens of MB of its own) and measured after it.

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

fn start(store: Option<String>) -> Server {
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
        .args(["--site-url", &site, "--max-file-mib", "200"])
        .args([
            "--lock-dir",
            &dir.path().join("locks").display().to_string(),
        ])
        .args(["--log", "warn"])
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

async fn measure(store: Option<String>) {
    let server = start(store);
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
