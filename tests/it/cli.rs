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
        "user",
        "--store",
        "--listen",
        "--site-url",
        "--session-hours",
        "--log",
        "--max-file-mib",
        "--fetch-allow",
        "--no-background",
        "--fetch-ca",
        "--config",
        "--log-format",
        "--metrics-allow",
        "--shutdown-timeout-secs",
        "SIBYL_CONFIG",
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
    assert!(said.contains("no parked writes"), "{said}");
    // Nothing to resume from: said, and nothing done.
    let missing = dir.path().join("no-checkpoint.json");
    let resumed = sibyl(&[
        "repair",
        "--resume",
        "--checkpoint",
        &missing.display().to_string(),
        "--store",
        &store,
    ]);
    assert!(!resumed.status.success());
    assert!(
        stderr(&resumed).contains("no checkpoint to resume from"),
        "{}",
        stderr(&resumed)
    );
}

#[test]
fn migrate_applies_the_cassandra_schema_and_serve_refuses_a_keyspace_without_it() {
    let node = cassandra_node();
    // A keyspace of its own: the suite's shared one is migrated by the test process
    // meanwhile, and two migrations of one new keyspace at once record its versions out
    // of order until both are done.
    let keyspace = "sibyl_cli_migrate_test";
    let _dropped = crate::helpers::OwnKeyspace::dropped_when_done(keyspace);
    let output = sibyl(&[
        "migrate",
        "--store",
        &format!("cassandra://{node}/{keyspace}"),
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

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// `sibyl serve` on `port`, its SQLite file and locks in `dir`, with `extra` flags; its
/// log on standard error.
fn serve_sqlite(dir: &std::path::Path, port: u16, extra: &[&str]) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_sibyl"))
        .args(["serve", "--listen", &format!("127.0.0.1:{port}")])
        .args(["--store", &format!("sqlite:{}", dir.join("b.db").display())])
        .args(["--lock-dir", &dir.join("locks").display().to_string()])
        .args(["--log", "info", "--no-background"])
        .args(extra)
        .env_remove("SIBYL_STORE")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap()
}

/// A connection to the server on `port`, once it listens (within 30 seconds).
fn connect(port: u16) -> std::net::TcpStream {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    loop {
        if let Ok(stream) = std::net::TcpStream::connect(("127.0.0.1", port)) {
            return stream;
        }
        assert!(std::time::Instant::now() < deadline, "sibyl did not start");
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
}

/// A request the server cannot parse (here a 70 KB URI) is the client's mistake: a 400,
/// and no ERROR line in the log.
#[test]
fn a_client_that_sends_an_over_long_uri_gets_a_400_and_no_error_is_logged() {
    use std::io::{Read, Write};
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let mut server = serve_sqlite(dir.path(), port, &[]);
    let mut stream = connect(port);
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

/// `sibyl` with `input` on its standard input (not a terminal: the password is its first
/// line).
pub(crate) fn sibyl_fed(args: &[&str], input: &str) -> std::process::Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_sibyl"))
        .args(args)
        .env_remove("SIBYL_STORE")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

pub(crate) fn store_arg(t: &crate::helpers::TestStore) -> String {
    match &t.url {
        sibyl::store::StoreUrl::Sqlite(path) => format!("sqlite:{}", path.display()),
        sibyl::store::StoreUrl::Cassandra { nodes, keyspace } => {
            format!("cassandra://{}/{keyspace}", nodes.join(","))
        }
    }
}

/// `sibyl user create-admin | reset-password | reset-2fa | set-role | list`, run as a process against
/// the store a site serves from: the site's first administrator (closing /setup), then
/// another; the same uniqueness and password rules as the web pages, refusals that say
/// why and change nothing, a reset that ends the account's sessions.
async fn an_operator_manages_accounts_from_the_shell(t: crate::helpers::TestStore) {
    use sibyl::domain::user::Login;
    use sibyl::domain::{Role, now};
    let store = store_arg(&t);
    let site = t.site.as_str().to_owned();
    let run = |args: &[&str], input: &str| {
        let mut all = vec!["user"];
        all.extend_from_slice(args);
        all.extend_from_slice(&["--store", &store, "--site-url", &site]);
        sibyl_fed(&all, input)
    };
    let said = |o: &std::process::Output| String::from_utf8_lossy(&o.stdout).into_owned();
    let first = crate::helpers::unique_name("root");
    let second = crate::helpers::unique_name("deputy");
    let email = |name: &str| format!("{name}@example.com");
    let account = |name: String| {
        let store = t.store.clone();
        async move {
            store
                .user_by_login(&Login::parse(&name).unwrap())
                .await
                .unwrap()
        }
    };

    // A short password is refused, and no account is made.
    let short = run(&["create-admin", &first, &email(&first)], "short\n");
    assert_eq!(short.status.code(), Some(1));
    assert!(
        stderr(&short).contains("at least 10 characters"),
        "{}",
        stderr(&short)
    );
    assert!(account(first.clone()).await.is_none());

    let made = run(
        &[
            "create-admin",
            &first,
            &email(&first),
            "--display-name",
            "Root Operator",
        ],
        "correct horse battery\n",
    );
    assert!(made.status.success(), "{}", stderr(&made));
    assert!(
        said(&made).contains(&format!("created administrator {first}")),
        "{}",
        said(&made)
    );
    let root = account(first.clone()).await.unwrap();
    assert_eq!(
        (root.role, root.display_name.as_str()),
        (Role::Admin, "Root Operator")
    );
    assert!(root.password_hash.verify("correct horse battery"));
    // The site's first administrator: /setup is closed.
    assert_eq!(t.store.site_admin(&t.site).await.unwrap(), Some(root.id));

    // The same name again is taken; a second administrator is one more, not the first.
    let again = run(
        &["create-admin", &first, &email(&second)],
        "another long password\n",
    );
    assert_eq!(again.status.code(), Some(1));
    assert!(
        stderr(&again).contains("already taken"),
        "{}",
        stderr(&again)
    );
    assert!(account(second.clone()).await.is_none());
    let deputy = run(
        &["create-admin", &second, &email(&second)],
        "another long password\r\n",
    );
    assert!(deputy.status.success(), "{}", stderr(&deputy));
    let deputy = account(second.clone()).await.unwrap();
    assert!(deputy.password_hash.verify("another long password"));
    assert_eq!(t.store.site_admin(&t.site).await.unwrap(), Some(root.id));

    // Roles, by user name or e-mail address; a role that does not exist changes nothing.
    let demoted = run(&["set-role", &email(&second), "author"], "");
    assert!(demoted.status.success(), "{}", stderr(&demoted));
    assert!(
        said(&demoted).contains(&format!("{second} is now author")),
        "{}",
        said(&demoted)
    );
    assert_eq!(account(second.clone()).await.unwrap().role, Role::Author);
    let bad_role = run(&["set-role", &second, "emperor"], "");
    assert_eq!(bad_role.status.code(), Some(1));
    assert_eq!(account(second.clone()).await.unwrap().role, Role::Author);
    let nobody = run(&["set-role", "nobody-at-all-here", "admin"], "");
    assert_eq!(nobody.status.code(), Some(1));
    assert!(
        stderr(&nobody).contains("no account"),
        "{}",
        stderr(&nobody)
    );

    // A reset: the new password works, the old one does not, and sessions end.
    let key = vec![7u8; 32];
    t.store
        .create_session(&sibyl::store::NewSession {
            key: key.clone(),
            user_id: root.id,
            created: now(),
            expires: now() + chrono::Duration::hours(1),
            details: Default::default(),
        })
        .await
        .unwrap();
    assert!(t.store.session_user(&key, now()).await.unwrap().is_some());
    let reset = run(&["reset-password", &first], "a brand new passphrase\n");
    assert!(reset.status.success(), "{}", stderr(&reset));
    let root = account(first.clone()).await.unwrap();
    assert!(root.password_hash.verify("a brand new passphrase"));
    assert!(!root.password_hash.verify("correct horse battery"));
    assert!(t.store.session_user(&key, now()).await.unwrap().is_none());

    // Two-step sign-in turned off for an account that lost its factors: refused for an
    // account without any; otherwise every factor removed and every session ended.
    let without = run(&["reset-2fa", &first], "");
    assert_eq!(without.status.code(), Some(1));
    assert!(
        stderr(&without).contains("has no second factor"),
        "{}",
        stderr(&without)
    );
    let authenticator = sibyl::store::Authenticator {
        sealed: vec![1; 40],
        sealed_by: t.site.clone(),
        added: now(),
    };
    let codes = sibyl::store::RecoveryCodes {
        generation: uuid::Uuid::new_v4(),
        digests: vec!["d".repeat(64)],
        made: now(),
    };
    t.store
        .set_authenticator(root.id, &authenticator, Some(&codes))
        .await
        .unwrap();
    let key = sibyl::domain::token::session_key(&sibyl::domain::token::random_token());
    t.store
        .create_session(&sibyl::store::NewSession {
            key: key.clone(),
            user_id: root.id,
            created: now(),
            expires: now() + chrono::Duration::hours(1),
            details: Default::default(),
        })
        .await
        .unwrap();
    let passkey = sibyl::store::StoredPasskey {
        credential: vec![7; 16],
        name: "Phone".into(),
        site: t.site.to_string(),
        key: "{}".into(),
        added: now(),
        used: None,
    };
    t.store.add_passkey(root.id, &passkey).await.unwrap();
    let reset = run(&["reset-2fa", &first], "");
    assert!(reset.status.success(), "{}", stderr(&reset));
    assert!(
        t.store.passkeys(root.id).await.unwrap().is_empty(),
        "its passkeys are removed with its other factors"
    );
    assert!(
        said(&reset).contains("two-step sign-in is off"),
        "{}",
        said(&reset)
    );
    let left = t.store.second_factors(root.id).await.unwrap();
    assert!(!left.any() && left.recovery.is_none(), "{left:?}");
    assert!(t.store.session_user(&key, now()).await.unwrap().is_none());

    // The list: newest first, with roles.
    let list = run(&["list", "--limit", "1000"], "");
    assert!(list.status.success(), "{}", stderr(&list));
    let lines = said(&list);
    let row = |name: &str| {
        lines
            .lines()
            .position(|l| l.starts_with(&format!("{name}\t")))
    };
    let (newer, older) = (row(&second).unwrap(), row(&first).unwrap());
    assert!(newer < older, "{lines}");
    assert!(
        lines
            .lines()
            .nth(older)
            .unwrap()
            .contains("\tadmin\tactive\t"),
        "{lines}"
    );
    assert!(
        lines
            .lines()
            .nth(newer)
            .unwrap()
            .contains("\tauthor\tactive\t"),
        "{lines}"
    );
}

crate::both_stores!(an_operator_manages_accounts_from_the_shell);

/// `sibyl export` and `sibyl import sibyl` as an operator runs them: a summary on success;
/// a folder that is not empty, or not an export, is refused with the reason and status 1.
#[test]
fn export_and_import_run_from_the_shell() {
    let dir = tempfile::tempdir().unwrap();
    let store = |name: &str| format!("sqlite:{}", dir.path().join(name).display());
    let locks = dir.path().join("locks").display().to_string();
    let made = sibyl_fed(
        &[
            "user",
            "create-admin",
            "ada",
            "ada@example.com",
            "--store",
            &store("a.db"),
            "--lock-dir",
            &locks,
        ],
        "a long enough password\n",
    );
    assert!(made.status.success(), "{}", stderr(&made));
    let folder = dir.path().join("export");
    let folder = folder.to_str().unwrap();
    let exported = sibyl(&["export", folder, "--store", &store("a.db"), "--log", "warn"]);
    assert!(exported.status.success(), "{}", stderr(&exported));
    let said = String::from_utf8_lossy(&exported.stdout);
    assert!(said.contains("1 accounts, 0 posts"), "{said}");
    // The folder holds an export now: another is not mixed into it.
    let again = sibyl(&["export", folder, "--store", &store("a.db"), "--log", "warn"]);
    assert_eq!(again.status.code(), Some(1));
    assert!(
        stderr(&again).contains("is not empty"),
        "{}",
        stderr(&again)
    );
    let imported = sibyl(&[
        "import",
        "sibyl",
        folder,
        "--store",
        &store("b.db"),
        "--log",
        "warn",
    ]);
    assert!(imported.status.success(), "{}", stderr(&imported));
    assert!(String::from_utf8_lossy(&imported.stdout).contains("imported into"));
    // The account is there, without a password until reset.
    let listed = sibyl(&["user", "list", "--store", &store("b.db"), "--log", "warn"]);
    assert!(String::from_utf8_lossy(&listed.stdout).contains("ada"));
    let not_an_export = sibyl(&[
        "import",
        "sibyl",
        dir.path().to_str().unwrap(),
        "--store",
        &store("c.db"),
        "--log",
        "warn",
    ]);
    assert_eq!(not_an_export.status.code(), Some(1));
    assert!(
        stderr(&not_an_export).contains("not a finished Sibyl export"),
        "{}",
        stderr(&not_an_export)
    );
}

/// `sibyl import wordpress` and `sibyl import ghost` as an operator runs them: the
/// summary says what came in and what was skipped and why; a second run brings nothing
/// new; an export cut short is refused with status 1 and changes nothing. Loopback is
/// not allowed to be fetched here (no --fetch-allow), so the attachment is refused by the
/// same rule as `PUT /binaries`, and the report says so.
#[test]
fn wordpress_and_ghost_imports_run_from_the_shell() {
    let dir = tempfile::tempdir().unwrap();
    let store = format!("sqlite:{}", dir.path().join("a.db").display());
    let locks = dir.path().join("locks").display().to_string();
    let run = crate::helpers::unique_name("r").replace('_', "");
    let fixture = |name: &str| {
        let text = std::fs::read_to_string(format!(
            "{}/tests/fixtures/{name}",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap()
        .replace("RUN", &run)
        .replace("ORIGIN", "http://127.0.0.1:9");
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path.display().to_string()
    };
    let (wxr, ghost) = (fixture("wordpress.xml"), fixture("ghost.json"));
    let import = |args: &[&str]| {
        let mut all = vec!["import"];
        all.extend_from_slice(args);
        all.extend_from_slice(&["--store", &store, "--log", "warn"]);
        sibyl(&all)
    };
    let unset = import(&["wordpress", &wxr]);
    assert_eq!(unset.status.code(), Some(1));
    assert!(
        stderr(&unset).contains("not set up yet"),
        "{}",
        stderr(&unset)
    );
    let made = sibyl_fed(
        &[
            "user",
            "create-admin",
            "ada",
            "admin@example.com",
            "--store",
            &store,
            "--lock-dir",
            &locks,
        ],
        "a long enough password\n",
    );
    assert!(made.status.success(), "{}", stderr(&made));

    let cut = dir.path().join("cut.xml");
    let text = std::fs::read_to_string(&wxr).unwrap();
    std::fs::write(&cut, &text[..text.len() / 2]).unwrap();
    let refused = import(&["wordpress", cut.to_str().unwrap()]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(
        stderr(&refused).contains("cut short"),
        "{}",
        stderr(&refused)
    );

    let imported = import(&["wordpress", &wxr]);
    assert!(imported.status.success(), "{}", stderr(&imported));
    let said = String::from_utf8_lossy(&imported.stdout);
    for line in [
        "imported from WordPress into",
        "posts: 5, pages: 1 (6 new), comments: 3 (3 new)",
        "users: 2 created, 0 matched by e-mail address",
        "files: 0 (0 new)",
        "1 × file http://127.0.0.1:9/wp-content/uploads/2020/01/photo.png: ",
        "1 × posts in the trash",
        "1 × <wp:future_thing> in <channel>",
    ] {
        assert!(said.contains(line), "{line:?} in {said}");
    }
    let again = import(&["wordpress", &wxr]);
    let said = String::from_utf8_lossy(&again.stdout);
    assert!(
        said.contains("posts: 5, pages: 1 (0 new), comments: 3 (0 new)"),
        "{said}"
    );
    let listed = sibyl(&["user", "list", "--store", &store, "--log", "warn"]);
    assert!(String::from_utf8_lossy(&listed.stdout).contains(&format!("bob-{run}")));

    let imported = import(&["ghost", &ghost, "--from", "http://127.0.0.1:9"]);
    assert!(imported.status.success(), "{}", stderr(&imported));
    let said = String::from_utf8_lossy(&imported.stdout);
    assert!(
        said.contains("posts: 6, pages: 1 (7 new), comments: 2 (2 new)"),
        "{said}"
    );
}

/// `sibyl site ...` on the command line: bad input is refused with the reason and exit
/// status 1, and changes nothing; a site is registered, aliased, suspended and resumed.
/// (The registry is the deployment's: on SQLite, a file of the test's own; the same
/// commands run on both stores in the HTTP tests of many sites.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_operator_registers_sites_from_the_shell() {
    let t = crate::helpers::TestStore::sqlite().await;
    let store = store_arg(&t);
    let run = |args: &[&str]| {
        let mut all = vec!["site"];
        all.extend_from_slice(args);
        all.extend_from_slice(&["--store", &store]);
        sibyl_fed(&all, "")
    };
    let said = |o: &std::process::Output| String::from_utf8_lossy(&o.stdout).into_owned();
    let listed = run(&["list"]);
    assert!(listed.status.success(), "{}", stderr(&listed));
    assert!(
        said(&listed).contains("no site is registered"),
        "{}",
        said(&listed)
    );

    let admin = t
        .store
        .create_user(crate::fixtures::fresh_user())
        .await
        .unwrap();
    let name = admin.username.as_str().to_owned();
    let tag = crate::helpers::unique_name("one").replace('_', "-");
    let url = format!("https://{tag}.example");
    for (args, why) in [
        (
            vec!["create", "https://x.example/blog", "--admin", name.as_str()],
            "bare origin",
        ),
        (
            vec!["create", url.as_str(), "--admin", "nobody-at-all"],
            "no account",
        ),
        (vec!["alias", url.as_str(), "www.x.example"], "no site"),
        (vec!["suspend", url.as_str()], "no site"),
        (vec!["alias", url.as_str(), "bad host"], "not a host name"),
    ] {
        let refused = run(&args);
        assert_eq!(refused.status.code(), Some(1), "{args:?}");
        assert!(
            stderr(&refused).contains(why),
            "{args:?}: {}",
            stderr(&refused)
        );
    }
    assert!(!t.store.sites_exist().await.unwrap());

    let made = run(&["create", &url, "--admin", &name]);
    assert!(made.status.success(), "{}", stderr(&made));
    assert!(
        said(&made).contains(&format!("registered {url}")),
        "{}",
        said(&made)
    );
    let again = run(&["create", &url, "--admin", &name]);
    assert_eq!(again.status.code(), Some(1));
    assert!(
        stderr(&again).contains("registered already"),
        "{}",
        stderr(&again)
    );
    let www = format!("www.{tag}.example");
    assert!(run(&["alias", &url, &www]).status.success());
    assert!(run(&["suspend", &url]).status.success());
    let listed = said(&run(&["list"]));
    let line = listed
        .lines()
        .find(|l| l.starts_with(&url))
        .unwrap_or_default();
    assert!(
        line.contains("suspended") && line.contains(&www),
        "{listed}"
    );
    let resumed = run(&["resume", &url]);
    assert!(
        said(&resumed).contains("served again"),
        "{}",
        said(&resumed)
    );
    assert!(said(&run(&["list"])).contains("\tlive\t"));

    // Deleting: a site that is not registered is refused; a registered one goes, with
    // every row, and its host is free again.
    let stranger = format!("https://stranger-{tag}.example");
    let refused = run(&["delete", &stranger]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(stderr(&refused).contains("no site"), "{}", stderr(&refused));
    let deleted = run(&["delete", &url, "--sites-recheck-secs", "1"]);
    assert!(deleted.status.success(), "{}", stderr(&deleted));
    assert!(
        said(&deleted).contains(&format!("deleted {url}")),
        "{}",
        said(&deleted)
    );
    let listed = said(&run(&["list"]));
    assert!(
        listed.contains("no host is served until one is"),
        "the registry stays in use with no site: {listed}"
    );
    let site = sibyl::domain::Site::parse(&url).unwrap();
    assert_eq!(t.store.registered_site(&site).await.unwrap(), None);
    assert_eq!(
        t.store.site_admin(&site).await.unwrap(),
        None,
        "its rows are gone"
    );
    let again = run(&["delete", &url]);
    assert_eq!(again.status.code(), Some(1), "deleting twice is refused");
    assert!(run(&["create", &url, "--admin", &name]).status.success());

    // A site whose first administrator is a new account, its password from standard
    // input; refused, changing nothing, for a name taken or a bad address.
    let second = format!("https://second-{tag}.example");
    let fed = |args: &[&str], input: &str| {
        let mut all = vec!["site"];
        all.extend_from_slice(args);
        all.extend_from_slice(&["--store", &store]);
        sibyl_fed(&all, input)
    };
    let password = "a long enough password\n";
    for (args, why) in [
        (
            vec![
                "create",
                second.as_str(),
                "--admin",
                name.as_str(),
                "--email",
                "x@example.com",
            ],
            "taken",
        ),
        (
            vec![
                "create",
                second.as_str(),
                "--admin",
                "fresh-admin",
                "--email",
                "not an address",
            ],
            "address",
        ),
    ] {
        let refused = fed(&args, password);
        assert_eq!(refused.status.code(), Some(1), "{args:?}");
        assert!(
            stderr(&refused).to_lowercase().contains(why),
            "{args:?}: {}",
            stderr(&refused)
        );
    }
    let second_site = sibyl::domain::Site::parse(&second).unwrap();
    assert_eq!(t.store.registered_site(&second_site).await.unwrap(), None);
    let fresh = format!("fresh-{tag}");
    let made = fed(
        &[
            "create",
            &second,
            "--admin",
            &fresh,
            "--email",
            &format!("{fresh}@example.com"),
        ],
        password,
    );
    assert!(made.status.success(), "{}", stderr(&made));
    assert!(
        said(&made).contains(&format!("created the account {fresh}")),
        "{}",
        said(&made)
    );
    let account = t
        .store
        .user_by_login(&sibyl::domain::user::Login::parse(&fresh).unwrap())
        .await
        .unwrap()
        .expect("the new account");
    assert_eq!(
        t.store
            .membership(&second_site, account.id)
            .await
            .unwrap()
            .map(|m| m.role),
        Some(sibyl::domain::Role::Admin)
    );
}

/// An operator adds a language by dropping its catalog in the folder `--locales` names:
/// `sibyl catalog` checks it against English, the server speaks it to browsers that ask
/// for it (saying what the catalog lacks in English), and a broken catalog stops the
/// start with its file and reason.
#[test]
fn an_operator_adds_a_language_with_a_catalog_file() {
    use std::io::{Read, Write};
    let dir = tempfile::tempdir().unwrap();
    let locales = dir.path().join("locales");
    std::fs::create_dir(&locales).unwrap();
    let portuguese = locales.join("pt-BR.ftl");
    std::fs::write(
        &portuguese,
        "nav-archive = Arquivo\nnav-tags = Marcadores\nauthor-subscribe = Novos posts de { $name } por e-mail\n",
    )
    .unwrap();
    let checked = sibyl(&["catalog", portuguese.to_str().unwrap()]);
    assert!(checked.status.success(), "{}", stderr(&checked));
    let report = String::from_utf8_lossy(&checked.stdout);
    assert!(
        report.contains("lacks log-in (said in English)"),
        "{report}"
    );
    assert!(report.contains("usable"), "{report}");

    let wrong = dir.path().join("wrong.ftl");
    std::fs::write(
        &wrong,
        "author-subscribe = Novos posts de { $autor }\nno-such = x\n",
    )
    .unwrap();
    let refused = sibyl(&["catalog", wrong.to_str().unwrap()]);
    assert!(!refused.status.success());
    let report = String::from_utf8_lossy(&refused.stdout);
    assert!(
        report.contains("author-subscribe: uses {$autor} where English uses {$name}"),
        "{report}"
    );
    assert!(
        report.contains("no-such: English has no such message"),
        "{report}"
    );
    std::fs::write(&wrong, "log-in = { $\n").unwrap();
    let broken = sibyl(&["catalog", wrong.to_str().unwrap()]);
    assert!(!broken.status.success());
    assert!(
        stderr(&broken).contains("does not parse: line 1"),
        "{}",
        stderr(&broken)
    );

    let locales_flag = locales.to_str().unwrap().to_owned();
    let serve = |port: u16| serve_sqlite(dir.path(), port, &["--locales", &locales_flag]);
    let port = free_port();
    let mut server = serve(port);
    let mut stream = connect(port);
    stream
        .write_all(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Language: pt-BR,pt;q=0.9\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer);
    server.kill().unwrap();
    let _ = server.wait();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains("<html lang=\"pt-BR\">"), "{answer}");
    assert!(
        answer.contains(">Arquivo</a>") && answer.contains(">Marcadores</a>"),
        "{answer}"
    );
    assert!(
        answer.contains(">Log in</a>"),
        "what it lacks is said in English: {answer}"
    );

    // A catalog that cannot be used stops the start, naming it and why.
    std::fs::write(locales.join("it.ftl"), "nav-archive = { $\n").unwrap();
    let port = free_port();
    let output = serve(port).wait_with_output().unwrap();
    assert!(!output.status.success());
    let log = stderr(&output);
    assert!(log.contains("it.ftl") && log.contains("line 1"), "{log}");
    std::fs::remove_file(locales.join("it.ftl")).unwrap();
    std::fs::write(locales.join("not a tag.ftl"), "nav-archive = x\n").unwrap();
    let output = serve(port).wait_with_output().unwrap();
    assert!(!output.status.success());
    assert!(
        stderr(&output).contains("its name is not a language tag"),
        "{}",
        stderr(&output)
    );
}
