//! The `sibyl` command line, run as a process.

use crate::helpers::cassandra_node;
use std::process::Command;

fn sibyl(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_sibyl"))
        .args(args)
        .env_remove("SIBYL_STORE")
        .output()
        .unwrap()
}

fn stderr(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn help_explains_every_flag() {
    let output = sibyl(&["--help"]);
    assert!(output.status.success());
    let help = String::from_utf8_lossy(&output.stdout);
    for flag in [
        "serve",
        "migrate",
        "--store",
        "--listen",
        "--site-url",
        "--session-hours",
        "--log",
        "--max-file-mib",
        "--fetch-allow",
        "--no-background",
        "--fetch-ca",
        "SIBYL_STORE",
        "SIBYL_LISTEN",
    ] {
        assert!(help.contains(flag), "{flag} missing from --help");
    }
}

#[test]
fn bad_flags_and_store_urls_are_refused_clearly() {
    let unknown = sibyl(&["--frobnicate"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(
        stderr(&unknown).contains("unexpected argument '--frobnicate'"),
        "{}",
        stderr(&unknown)
    );
    let bad_store = sibyl(&["--store", "postgres://db/blog"]);
    assert_eq!(bad_store.status.code(), Some(2));
    assert!(
        stderr(&bad_store).contains("unknown store"),
        "{}",
        stderr(&bad_store)
    );
    let bad_keyspace = sibyl(&[
        "migrate",
        "--store",
        "cassandra://127.0.0.1:9042/Robert'); DROP",
    ]);
    assert_eq!(bad_keyspace.status.code(), Some(2));
    let bad_replication = sibyl(&["migrate", "--replication", "EverywhereStrategy:3"]);
    assert_eq!(bad_replication.status.code(), Some(2));
    // A certificate file that is missing, or holds no certificate, stops the server at
    // start (it never serves fetching without the authority it was told to trust).
    let dir = tempfile::tempdir().unwrap();
    let not_pem = dir.path().join("ca.pem");
    std::fs::write(&not_pem, "not a certificate").unwrap();
    let store = format!("sqlite:{}", dir.path().join("blog.db").display());
    for (file, says) in [
        (
            dir.path().join("missing.pem"),
            "cannot read certificates from",
        ),
        (not_pem, "holds no PEM certificate"),
    ] {
        let output = sibyl(&[
            "serve",
            "--store",
            &store,
            "--listen",
            "127.0.0.1:0",
            "--fetch-ca",
            file.to_str().unwrap(),
        ]);
        assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
        assert!(stderr(&output).contains(says), "{}", stderr(&output));
    }
}

#[test]
fn migrate_creates_an_sqlite_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("nested/blog.db");
    let output = sibyl(&["migrate", "--store", &format!("sqlite:{}", path.display())]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(path.exists());
}

#[test]
fn reconcile_and_repair_run_by_hand_and_say_what_they_did() {
    let dir = tempfile::tempdir().unwrap();
    let store = format!("sqlite:{}", dir.path().join("blog.db").display());
    let reconciled = sibyl(&["reconcile", "--store", &store]);
    assert!(reconciled.status.success(), "{}", stderr(&reconciled));
    let said = String::from_utf8_lossy(&reconciled.stdout);
    assert!(
        said.contains("finished 0 unfinished writes, undid 0"),
        "{said}"
    );
    let repaired = sibyl(&["repair", "--dry-run", "--store", &store]);
    assert!(repaired.status.success(), "{}", stderr(&repaired));
    let said = String::from_utf8_lossy(&repaired.stdout);
    assert!(
        said.contains("checked 0 posts, 0 comments, 0 accounts: nothing to fix"),
        "{said}"
    );
}

#[test]
fn migrate_applies_the_cassandra_schema_and_serve_refuses_a_keyspace_without_it() {
    let node = cassandra_node();
    let output = sibyl(&[
        "migrate",
        "--store",
        &format!("cassandra://{node}/sibyl_test"),
        "--replication",
        "SimpleStrategy:1",
    ]);
    assert!(
        output.status.success(),
        "migrate failed: {}",
        stderr(&output)
    );
    let missing = sibyl(&[
        "serve",
        "--store",
        &format!("cassandra://{node}/sibyl_no_such_keyspace"),
        "--listen",
        "127.0.0.1:0",
    ]);
    assert_eq!(missing.status.code(), Some(1));
    assert!(
        stderr(&missing).contains("run `sibyl migrate"),
        "{}",
        stderr(&missing)
    );
}

/// A request the server cannot parse (here a 70 KB URI) is the client's mistake: a 400,
/// and no ERROR line in the log.
#[test]
fn a_client_that_sends_an_over_long_uri_gets_a_400_and_no_error_is_logged() {
    use std::io::{Read, Write};
    let dir = tempfile::tempdir().unwrap();
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut server = Command::new(env!("CARGO_BIN_EXE_sibyl"))
        .args(["serve", "--listen", &format!("127.0.0.1:{port}")])
        .args([
            "--store",
            &format!("sqlite:{}", dir.path().join("b.db").display()),
        ])
        .args([
            "--lock-dir",
            &dir.path().join("locks").display().to_string(),
        ])
        .args(["--log", "info", "--no-background"])
        .env_remove("SIBYL_STORE")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    let mut stream = loop {
        if let Ok(stream) = std::net::TcpStream::connect(("127.0.0.1", port)) {
            break stream;
        }
        assert!(std::time::Instant::now() < deadline, "sibyl did not start");
        std::thread::sleep(std::time::Duration::from_millis(100));
    };
    let request = format!(
        "GET /posts/{} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
        "a".repeat(70_000)
    );
    stream.write_all(request.as_bytes()).unwrap();
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer);
    assert!(answer.starts_with("HTTP/1.1 400"), "{answer}");
    std::thread::sleep(std::time::Duration::from_millis(300));
    server.kill().unwrap();
    let output = server.wait_with_output().unwrap();
    let log = stderr(&output);
    assert!(log.contains("serving"), "{log}");
    assert!(!log.contains("ERROR"), "{log}");
}
