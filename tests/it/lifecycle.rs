//! The server as an operator runs it, as a process, on both stores: settings from a TOML
//! file under `SIBYL_*` variables under flags; JSON log lines that carry each request's
//! id whatever the filter; the process's own metrics, exactly; and a graceful stop on
//! SIGTERM that lets a request in flight finish and the background jobs end, then exits 0.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Two distinct free ports.
fn free_ports() -> (u16, u16) {
    let a = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let b = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    (
        a.local_addr().unwrap().port(),
        b.local_addr().unwrap().port(),
    )
}

fn connect(port: u16, within: Duration) -> TcpStream {
    let deadline = Instant::now() + within;
    loop {
        if let Ok(stream) = TcpStream::connect(("127.0.0.1", port)) {
            return stream;
        }
        assert!(Instant::now() < deadline, "sibyl did not start on {port}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// One request on its own connection; the whole answer.
fn ask(port: u16, request: &str) -> String {
    let mut stream = connect(port, Duration::from_secs(30));
    stream.write_all(request.as_bytes()).unwrap();
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer);
    answer
}

fn header<'a>(answer: &'a str, name: &str) -> Option<&'a str> {
    answer.lines().find_map(|line| {
        let (key, value) = line.split_once(':')?;
        key.eq_ignore_ascii_case(name).then(|| value.trim())
    })
}

/// The value of the sample `series` in a metrics page, 0 when absent.
fn sample(text: &str, series: &str) -> f64 {
    text.lines()
        .find_map(|line| line.strip_prefix(series)?.strip_prefix(' '))
        .map_or(0.0, |value| value.trim().parse().unwrap())
}

fn metrics(port: u16) -> String {
    let answer = ask(
        port,
        "GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
    );
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    answer
}

#[test]
fn sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let store = format!("sqlite:{}", dir.path().join("blog.db").display());
    an_operator_runs_and_stops_the_server(&dir, &store, "sqlite");
}

#[test]
fn cassandra() {
    let dir = tempfile::tempdir().unwrap();
    // A keyspace of its own: the server's background jobs go through every site of it, and
    // must stop within the deadline whatever other tests have left.
    let keyspace = "sibyl_lifecycle_test";
    let _keyspace = crate::helpers::OwnKeyspace::dropped_when_done(keyspace);
    let store = format!(
        "cassandra://{}/{keyspace}",
        crate::helpers::cassandra_node()
    );
    let migrated = Command::new(env!("CARGO_BIN_EXE_sibyl"))
        .args(["migrate", "--store", &store, "--log", "warn"])
        .env_remove("SIBYL_STORE")
        .env_remove("SIBYL_CONFIG")
        .output()
        .unwrap();
    assert!(
        migrated.status.success(),
        "Cassandra tests need a node (scripts/cassandra/run start): {}",
        String::from_utf8_lossy(&migrated.stderr)
    );
    an_operator_runs_and_stops_the_server(&dir, &store, "cassandra");
}

fn an_operator_runs_and_stops_the_server(dir: &tempfile::TempDir, store: &str, kind: &str) {
    let (file_port, env_port) = free_ports();
    let config = dir.path().join("sibyl.toml");
    std::fs::write(
        &config,
        format!(
            "# The operator's file\n\
             listen = \"127.0.0.1:{file_port}\"\n\
             log-format = \"json\"\n\
             log = \"error\"\n\
             shutdown-timeout-secs = 20\n\
             metrics-allow = [\"127.0.0.1\"]\n\
             store = \"{store}\"\n\
             site-url = \"http://lifecycle-{}.example\"\n\
             lock-dir = \"{}\"\n",
            uuid::Uuid::new_v4().simple(),
            dir.path().join("locks").display()
        ),
    )
    .unwrap();
    let mut server = Command::new(env!("CARGO_BIN_EXE_sibyl"))
        // At WARN but for the stop's lines and the access log: a request's span must
        // be on its lines still.
        .args([
            "serve",
            "--log",
            "warn,sibyl::startup=info,sibyl::access=debug",
        ])
        .env("SIBYL_CONFIG", &config)
        // The variable wins over the file; the flag over the variable.
        .env("SIBYL_LISTEN", format!("127.0.0.1:{env_port}"))
        .env("SIBYL_LOG", "warn")
        .env_remove("SIBYL_STORE")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let port = env_port;
    // This process's metrics count exactly what it was asked.
    let home_series = r#"sibyl_http_requests_total{method="GET",route="/",status="200"}"#;
    let before = metrics(port);
    let mut id = String::new();
    for _ in 0..3 {
        let home = ask(
            port,
            "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
        );
        assert!(home.starts_with("HTTP/1.1 200"), "{home}");
        id = header(&home, "x-request-id")
            .expect("a request id")
            .to_owned();
    }
    let after = metrics(port);
    assert_eq!(
        sample(&after, home_series),
        sample(&before, home_series) + 3.0,
        "{after}"
    );
    let other = if kind == "sqlite" {
        "cassandra"
    } else {
        "sqlite"
    };
    assert!(
        after.contains(&format!("store=\"{kind}\""))
            && !after.contains(&format!("store=\"{other}\"")),
        "{after}"
    );
    assert!(
        TcpStream::connect(("127.0.0.1", file_port)).is_err(),
        "the file's address is not the one used"
    );

    // A form on its way in: its headers and half its body are sent...
    let mut in_flight = connect(port, Duration::from_secs(5));
    let body = "username=someone&password=not-the-password&csrf=".to_owned() + &"0".repeat(64);
    let (first, rest) = body.split_at(body.len() / 2);
    write!(
        in_flight,
        "POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\
         Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\r\n{first}",
        body.len()
    )
    .unwrap();
    in_flight.flush().unwrap();
    std::thread::sleep(Duration::from_millis(300));
    // ...when the process is told to stop.
    let asked = Instant::now();
    let killed = Command::new("kill")
        .args(["-TERM", &server.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    // It stops accepting.
    let deadline = Instant::now() + Duration::from_secs(10);
    while TcpStream::connect(("127.0.0.1", port)).is_ok() {
        assert!(
            Instant::now() < deadline,
            "still accepting connections after SIGTERM"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    // The request in flight is still answered.
    in_flight.write_all(rest.as_bytes()).unwrap();
    let mut answer = String::new();
    let _ = in_flight.read_to_string(&mut answer);
    assert!(answer.starts_with("HTTP/1.1 "), "no answer: {answer:?}");
    assert!(!answer.starts_with("HTTP/1.1 5"), "{answer}");
    // And the process ends by itself, well within its deadline, with success.
    let status = loop {
        if let Some(status) = server.try_wait().unwrap() {
            break status;
        }
        assert!(
            asked.elapsed() < Duration::from_secs(25),
            "still running after the shutdown deadline"
        );
        std::thread::sleep(Duration::from_millis(100));
    };
    assert!(status.success(), "{status:?}");
    let mut log = String::new();
    server
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut log)
        .unwrap();

    // Every line is one JSON object (the file's format; the flag's filter).
    let lines: Vec<serde_json::Value> = log
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect();
    let message = |v: &serde_json::Value| v["fields"]["message"].as_str().unwrap_or("").to_owned();
    // The flag's filter: no INFO line of other targets.
    assert!(
        !lines
            .iter()
            .any(|v| v["level"] == "INFO" && v["target"] != "sibyl::startup"),
        "{log}"
    );
    // The home page's access line carries the id its answer gave.
    let access = lines
        .iter()
        .find(|v| v["target"] == "sibyl::access" && v["span"]["id"] == id.as_str())
        .unwrap_or_else(|| panic!("no line of request {id}:\n{log}"));
    assert_eq!(access["fields"]["route"], "/");
    assert_eq!(access["fields"]["status"], 200);
    assert_eq!(access["span"]["method"], "GET");
    assert!(
        lines
            .iter()
            .any(|v| message(v).starts_with("stopping") && v["fields"]["signal"] == "SIGTERM"),
        "{log}"
    );
    // The background jobs ended their passes; none was cut off.
    let stopped = lines
        .iter()
        .find(|v| message(v) == "background jobs stopped")
        .unwrap_or_else(|| panic!("{log}"));
    let said = stopped["fields"]["stopped"].as_str().unwrap();
    for job in ["reconciler", "collector", "scheduler", "refresher"] {
        assert!(said.contains(job), "{said}");
    }
    assert!(
        said.contains("panicked: [], cut_off: [], errands_cut_off: 0"),
        "{said}"
    );
}
