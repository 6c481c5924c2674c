use sibyl::domain::Site;
use sibyl::startup::{AppConfig, Application};
use sibyl::store::{self, Store, StoreOptions, StoreUrl};
use std::path::PathBuf;
use std::sync::Arc;
use tokio::sync::OnceCell;
use uuid::Uuid;

pub const TEST_KEYSPACE: &str = "sibyl_test";

/// The keyspace the tests that run `repair` share ([`TestStore::cassandra_repairing`]).
pub const REPAIR_KEYSPACE: &str = "sibyl_test_repairs";

/// Runs one `async fn(TestStore)` test against both stores, as `<name>::sqlite` and
/// `<name>::cassandra`.
#[macro_export]
macro_rules! both_stores {
    // One test on both stores, on Cassandra in the store `$cassandra` opens.
    (@pair $name:ident, $cassandra:expr) => {
        mod $name {
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                super::$name($crate::helpers::TestStore::sqlite().await).await
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn cassandra() {
                super::$name($cassandra.await).await
            }
        }
    };
    // Tests that run `repair`, which reads every post of the keyspace to find its
    // site's: on Cassandra they share a keyspace of their own, small enough to read
    // (the suite's shared keyspace holds every other test's posts).
    (repairing: $($name:ident),* $(,)?) => {
        $($crate::both_stores!(@pair $name, $crate::helpers::TestStore::cassandra_repairing());)*
    };
    // Tests that run the reconciler: a pass finishes or undoes every write begun
    // before the time it is given, so in a keyspace shared with other tests it would
    // undo their writes still under way (a sign-up between its claims and its rows).
    // On Cassandra each runs in a keyspace of its own, named here.
    (reconciling: $($name:ident => $keyspace:literal),* $(,)?) => {
        $($crate::both_stores!(@pair $name, $crate::helpers::TestStore::cassandra_alone($keyspace));)*
    };
    ($($name:ident),* $(,)?) => {
        $($crate::both_stores!(@pair $name, $crate::helpers::TestStore::cassandra());)*
    };
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Sqlite,
    Cassandra,
}

/// A store for one test: a fresh SQLite file, or the shared test keyspace of the real
/// Cassandra node with a site of its own (every key carries its site, so tests sharing
/// the keyspace cannot see each other).
pub struct TestStore {
    pub kind: Kind,
    pub store: Arc<dyn Store>,
    pub site: Site,
    pub sqlite_path: Option<PathBuf>,
    /// Where the store is, to open it again as another process would.
    pub url: StoreUrl,
    _dir: Option<tempfile::TempDir>,
    _keyspace: Option<OwnKeyspace>,
}

/// A CQL session of the test's own, and the keyspace of a Cassandra test store: for
/// tests that change rows behind the store's back (what a bug or a hand edit leaves).
pub async fn cql(t: &TestStore) -> (scylla::client::session::Session, String) {
    let keyspace = match &t.url {
        StoreUrl::Cassandra { keyspace, .. } => keyspace.clone(),
        other => panic!("not a Cassandra store: {other:?}"),
    };
    let session = cql_session().await;
    (session, keyspace)
}

/// A CQL session to the test node, for tests that reach under the store. It reads no
/// schema: by default the driver reads every keyspace of the node in full when it
/// connects and again after each schema change it makes, which on a node holding the
/// suite's keyspaces costs more than most tests do.
pub async fn cql_session() -> scylla::client::session::Session {
    try_cql_session()
        .await
        .unwrap_or_else(|e| panic!("Cassandra tests need a node at {}: {e}", cassandra_node()))
}

async fn try_cql_session()
-> Result<scylla::client::session::Session, scylla::errors::NewSessionError> {
    // The tests' own statements are mostly schema changes (tables of older versions made
    // by hand, keyspaces dropped), which wait for the node to flush and agree: more than
    // a query's 30 s on a node that a full run keeps busy.
    let profile = scylla::client::execution_profile::ExecutionProfile::builder()
        .request_timeout(Some(std::time::Duration::from_secs(120)))
        .build();
    scylla::client::session_builder::SessionBuilder::new()
        .known_node(cassandra_node())
        .fetch_schema_metadata(false)
        .default_execution_profile_handle(profile.into_handle())
        .build()
        .await
}

pub fn cassandra_node() -> String {
    std::env::var("SIBYL_TEST_CASSANDRA").unwrap_or_else(|_| "127.0.0.1:9042".into())
}

pub fn unique_site() -> Site {
    Site::parse(&format!("http://t{}.test", Uuid::new_v4().simple())).unwrap()
}

/// A user name no other test uses (accounts are global across sites).
pub fn unique_name(prefix: &str) -> String {
    format!("{prefix}_{}", &Uuid::new_v4().simple().to_string()[..12])
}

static MIGRATED: OnceCell<()> = OnceCell::const_new();

/// The repairing tests' keyspace, made afresh by the first of them in a run (and
/// dropped by the next run's first).
static REPAIRING: OnceCell<StoreUrl> = OnceCell::const_new();

/// A statement that drops a keyspace, given the time that takes: dropping flushes its
/// tables first, more than a query's 30 s on a busy node.
pub fn slow_drop(cql: String) -> scylla::statement::unprepared::Statement {
    let mut drop = scylla::statement::unprepared::Statement::new(cql);
    drop.set_request_timeout(Some(std::time::Duration::from_secs(120)));
    drop
}

/// Drops one of a store's tables behind its back (what a broken database looks like to
/// a running application): on SQLite without its foreign keys' checks.
pub async fn drop_table(url: &StoreUrl, table: &str) {
    match url {
        StoreUrl::Sqlite(path) => rusqlite::Connection::open(path)
            .unwrap()
            .execute_batch(&format!("PRAGMA foreign_keys = OFF; DROP TABLE {table};"))
            .unwrap(),
        StoreUrl::Cassandra { keyspace, .. } => {
            let session = cql_session().await;
            session
                .query_unpaged(slow_drop(format!("DROP TABLE {keyspace}.{table}")), ())
                .await
                .unwrap();
        }
    }
}

/// A keyspace a test made for itself, dropped when the test is done with it: every
/// schema change on a node costs time in proportion to all the tables the node has, so
/// keyspaces left standing would slow every later test that makes one. The drop goes on
/// in the background (it flushes and deletes every table's files, seconds the test need
/// not wait for); a failed test leaves its keyspace to be looked at, and the next run
/// drops it before making it again.
pub struct OwnKeyspace(String);

impl OwnKeyspace {
    /// `keyspace`, to be dropped when this is: for a test that makes it another way (with
    /// the `sibyl` binary).
    pub fn dropped_when_done(keyspace: &str) -> Self {
        Self(keyspace.into())
    }
}

impl Drop for OwnKeyspace {
    fn drop(&mut self) {
        if std::thread::panicking() {
            return;
        }
        let keyspace = self.0.clone();
        // Drop runs inside the test's runtime: the statement goes from a thread of its own.
        std::thread::spawn(move || {
            let drop = slow_drop(format!("DROP KEYSPACE IF EXISTS {keyspace}"));
            let dropped = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .map_err(|e| e.to_string())
                .and_then(|runtime| {
                    runtime.block_on(async {
                        let session = try_cql_session().await.map_err(|e| e.to_string())?;
                        session
                            .query_unpaged(drop, ())
                            .await
                            .map(|_| ())
                            .map_err(|e| e.to_string())
                    })
                });
            if let Err(e) = dropped {
                eprintln!("could not drop the test keyspace {keyspace}: {e}");
            }
        });
    }
}

/// Drops `keyspace` if it exists and migrates it afresh on the test node; returns its
/// URL, a session to the node for tests that reach under the store, and the keyspace,
/// which is dropped with the last of them.
pub async fn own_keyspace(
    keyspace: &str,
) -> (StoreUrl, scylla::client::session::Session, OwnKeyspace) {
    let session = cql_session().await;
    session
        .query_unpaged(slow_drop(format!("DROP KEYSPACE IF EXISTS {keyspace}")), ())
        .await
        .unwrap();
    let url = StoreUrl::Cassandra {
        nodes: vec![cassandra_node()],
        keyspace: keyspace.into(),
    };
    store::migrate(&url, None).await.unwrap();
    (url, session, OwnKeyspace(keyspace.into()))
}

/// Whether `keyspace` has a table called `table`.
pub async fn table_exists(
    session: &scylla::client::session::Session,
    keyspace: &str,
    table: &str,
) -> bool {
    session
        .query_unpaged(
            "SELECT table_name FROM system_schema.tables WHERE keyspace_name = ? AND table_name = ?",
            (keyspace, table),
        )
        .await
        .unwrap()
        .into_rows_result()
        .unwrap()
        .rows_num()
        > 0
}

/// Records `version` as the schema version of `keyspace` on the test node, then runs
/// `sibyl migrate` on it: what a keyspace made by that version goes through.
pub async fn migrate_from(
    session: &scylla::client::session::Session,
    keyspace: &str,
    version: u32,
) {
    session
        .query_unpaged(
            format!(
                "UPDATE {keyspace}.schema_version SET version = {version} WHERE scope = 'sibyl'"
            ),
            (),
        )
        .await
        .unwrap();
    let url = StoreUrl::Cassandra {
        nodes: vec![cassandra_node()],
        keyspace: keyspace.into(),
    };
    store::migrate(&url, None).await.unwrap();
}

impl TestStore {
    /// What the front ends hand a use case, over the test's store and site: mail off,
    /// the default rate limits.
    pub fn ctx(&self) -> sibyl::app::Ctx {
        sibyl::app::Ctx::offline(Arc::clone(&self.store), self.site.clone())
    }

    /// The same store opened again, with its own connections and in-process state, as a
    /// second Sibyl process would have it.
    pub async fn another_process(&self) -> Arc<dyn Store> {
        store::open(&self.url, StoreOptions::default())
            .await
            .unwrap()
    }

    pub async fn sqlite() -> Self {
        Self::sqlite_with(StoreOptions::default()).await
    }

    pub async fn sqlite_with(options: StoreOptions) -> Self {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sibyl.db");
        let url = StoreUrl::Sqlite(path.clone());
        let store = store::open(&url, options).await.unwrap();
        Self {
            kind: Kind::Sqlite,
            store,
            site: unique_site(),
            sqlite_path: Some(path),
            url,
            _dir: Some(dir),
            _keyspace: None,
        }
    }

    pub async fn cassandra() -> Self {
        Self::cassandra_with(StoreOptions::default()).await
    }

    /// A keyspace of its own, made afresh, for a test that reads what is global to every
    /// site (the accounts, newest first) and must not see other tests' sign-ups.
    pub async fn cassandra_alone(keyspace: &str) -> Self {
        Self::cassandra_alone_with(keyspace, StoreOptions::default()).await
    }

    /// As [`TestStore::cassandra_alone`], with the store's options (faults) given.
    pub async fn cassandra_alone_with(keyspace: &str, options: StoreOptions) -> Self {
        let (url, _, own) = own_keyspace(keyspace).await;
        Self::cassandra_at(url, options, Some(own)).await
    }

    /// A new site in the keyspace at `url`, opened with `options`; `own` is dropped with
    /// the store.
    async fn cassandra_at(url: StoreUrl, options: StoreOptions, own: Option<OwnKeyspace>) -> Self {
        let store = store::open(&url, options)
            .await
            .unwrap_or_else(|e| panic!("Cassandra at {url:?}: {e}"));
        Self {
            kind: Kind::Cassandra,
            store,
            site: unique_site(),
            sqlite_path: None,
            url,
            _dir: None,
            _keyspace: own,
        }
    }

    /// A site in the keyspace the tests that run `repair` share: made afresh once per
    /// run, it holds only their posts, so each repair reads a few dozen posts rather than
    /// every test's.
    pub async fn cassandra_repairing() -> Self {
        let url = REPAIRING
            .get_or_init(|| async {
                let (url, _, own) = own_keyspace(REPAIR_KEYSPACE).await;
                // Kept for the rest of the run: the next run drops it before making it.
                std::mem::forget(own);
                url
            })
            .await
            .clone();
        Self::cassandra_at(url, StoreOptions::default(), None).await
    }

    pub async fn cassandra_with(options: StoreOptions) -> Self {
        let node = cassandra_node();
        let url = StoreUrl::Cassandra {
            nodes: vec![node.clone()],
            keyspace: TEST_KEYSPACE.into(),
        };
        MIGRATED
            .get_or_init(|| async {
                store::migrate(&url, None).await.unwrap_or_else(|e| {
                    panic!(
                        "Cassandra tests need a node at {node} (set SIBYL_TEST_CASSANDRA, or run \
                         scripts/cassandra/run start): {e}"
                    )
                })
            })
            .await;
        Self::cassandra_at(url, options, None).await
    }
}

/// The real application on a free port, driven like a browser: cookies kept, redirects
/// not followed (tests check them).
pub struct TestApp {
    pub address: String,
    pub client: reqwest::Client,
    pub store: Arc<dyn Store>,
    pub site: Site,
    pub kind: Kind,
    /// The instance's scheduler (idle unless the test's configuration runs one).
    pub scheduler: sibyl::app::jobs::scheduler::Scheduler,
    /// Keeps the store's temporary files for as long as the application runs.
    _store: Option<TestStore>,
}

pub async fn spawn_app(test_store: TestStore) -> TestApp {
    spawn_app_for(test_store.site.clone(), test_store).await
}

pub async fn spawn_app_for(site: Site, test_store: TestStore) -> TestApp {
    spawn_app_with(test_store, |config| config.site = site).await
}

/// The application with a configuration the test adjusts (limits, session lifetime...).
pub async fn spawn_app_with(test_store: TestStore, adjust: impl FnOnce(&mut AppConfig)) -> TestApp {
    let mut config = AppConfig::in_process(
        test_store.site.clone(),
        std::env::temp_dir().join("sibyl-test-locks"),
    );
    adjust(&mut config);
    let site = config.site.clone();
    let ip = config.listen.ip();
    let store = Arc::clone(&test_store.store);
    let app = Application::build(config, Arc::clone(&store)).unwrap();
    let address = format!("http://{ip}:{}", app.port());
    let scheduler = app.scheduler().clone();
    tokio::spawn(app.run_until_stopped());
    TestApp {
        address,
        client: browser_client(),
        store,
        site,
        kind: test_store.kind,
        scheduler,
        _store: Some(test_store),
    }
}

pub fn browser_client() -> reqwest::Client {
    browser_client_as("")
}

/// A browser that names itself `agent` in its User-Agent header (none when empty).
pub fn browser_client_as(agent: &str) -> reqwest::Client {
    sibyl::binaries::fetch::install_tls_provider();
    let builder = reqwest::Client::builder();
    let builder = if agent.is_empty() {
        builder
    } else {
        builder.user_agent(agent)
    };
    builder
        .redirect(reqwest::redirect::Policy::none())
        .cookie_store(true)
        .dns_resolver(Arc::new(TestNames))
        .build()
        .unwrap()
}

/// Resolves every name under `.test` (the sites of the tests' deployments of many sites,
/// RFC 2606) to this machine, as a DNS server pointing them all at one deployment would;
/// other names as the system does.
struct TestNames;

impl reqwest::dns::Resolve for TestNames {
    fn resolve(&self, name: reqwest::dns::Name) -> reqwest::dns::Resolving {
        let name = name.as_str().to_owned();
        Box::pin(async move {
            if name.ends_with(".test") {
                let here = std::net::SocketAddr::from(([127, 0, 0, 1], 0));
                return Ok(Box::new(std::iter::once(here)) as reqwest::dns::Addrs);
            }
            let found: Vec<std::net::SocketAddr> =
                tokio::net::lookup_host((name.as_str(), 0)).await?.collect();
            Ok(Box::new(found.into_iter()) as reqwest::dns::Addrs)
        })
    }
}

pub fn location(response: &reqwest::Response) -> String {
    response
        .headers()
        .get("location")
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default()
}

/// The CSRF token of the first form in a page, read as a browser would send it.
pub fn csrf_in(html: &str) -> String {
    let marker = "name=\"csrf\" value=\"";
    let start = html
        .find(marker)
        .unwrap_or_else(|| panic!("no CSRF field in page:\n{html}"))
        + marker.len();
    html[start..start + 64].to_owned()
}

pub struct Admin {
    pub username: String,
    pub email: String,
    pub password: String,
}

impl TestApp {
    /// A context for the app's site outside its process (as the shell's commands, or
    /// another instance, have it): nothing the app remembers is shared.
    pub fn ctx(&self) -> sibyl::app::Ctx {
        sibyl::app::Ctx::offline(Arc::clone(&self.store), self.site.clone())
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }

    /// Where the app's store is, to open it again as another process would.
    pub fn store_url(&self) -> sibyl::store::StoreUrl {
        self._store
            .as_ref()
            .expect("the app's own store")
            .url
            .clone()
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client.get(self.url(path)).send().await.unwrap()
    }

    pub async fn get_html(&self, path: &str) -> String {
        self.get(path).await.text().await.unwrap()
    }

    pub async fn post_form(&self, path: &str, form: &[(&str, &str)]) -> reqwest::Response {
        self.client
            .post(self.url(path))
            .form(form)
            .send()
            .await
            .unwrap()
    }

    /// Fetches `page`, then submits `form` to `action` with the page's CSRF token.
    pub async fn submit(
        &self,
        page: &str,
        action: &str,
        form: &[(&str, &str)],
    ) -> reqwest::Response {
        let csrf = csrf_in(&self.get_html(page).await);
        let mut fields = vec![("csrf", csrf.as_str())];
        fields.extend_from_slice(form);
        self.post_form(action, &fields).await
    }

    /// Creates the site's administrator through /setup; the client is then signed in.
    pub async fn set_up(&self) -> Admin {
        let admin = Admin {
            username: unique_name("admin"),
            email: format!("{}@example.com", unique_name("admin")),
            password: "a long enough password".into(),
        };
        let response = self
            .submit(
                "/setup",
                "/setup",
                &[
                    ("username", &admin.username),
                    ("email", &admin.email),
                    ("display_name", "Ada Admin"),
                    ("password", &admin.password),
                    ("password_confirm", &admin.password),
                ],
            )
            .await;
        assert_eq!(response.status(), 303, "{}", response.text().await.unwrap());
        assert_eq!(location(&response), "/write");
        admin
    }

    /// Writes a post through the editor; returns the editor's response.
    pub async fn write(
        &self,
        title: &str,
        body: &str,
        tags: &str,
        action: &str,
    ) -> reqwest::Response {
        self.submit(
            "/write",
            "/write",
            &[
                ("title", title),
                ("body", body),
                ("tags", tags),
                ("action", action),
            ],
        )
        .await
    }

    /// Writes and publishes a post; returns its path.
    pub async fn publish(&self, title: &str, body: &str) -> String {
        let response = self.write(title, body, "notes", "publish").await;
        assert_eq!(response.status(), 303, "{}", response.text().await.unwrap());
        location(&response)
    }

    /// Signs up a new reader in a fresh browser; returns the browser and the user name.
    pub async fn sign_up(&self, password: &str) -> (TestApp, String) {
        let browser = self.another_browser();
        let name = unique_name("reader");
        let response = browser
            .submit(
                "/signup",
                "/signup",
                &[
                    ("username", &name),
                    ("email", &format!("{name}@example.com")),
                    ("password", password),
                    ("password_confirm", password),
                ],
            )
            .await;
        assert_eq!(response.status(), 303, "{}", response.text().await.unwrap());
        // With mail on, the address counts once confirmed (see `sign_up_confirmed`).
        assert!(
            ["/account", "/account?saved=signed-up"].contains(&location(&response).as_str()),
            "{}",
            location(&response)
        );
        (browser, name)
    }

    /// Signs up a new reader in a fresh browser on a site with mail on, and confirms the
    /// address through the link mailed to `sink` (taken out of it); returns the browser
    /// and the user name. The address is `<name>@example.com`.
    pub async fn sign_up_confirmed(&self, sink: &SmtpSink, password: &str) -> (TestApp, String) {
        let browser = self.another_browser();
        let name = unique_name("reader");
        let email = format!("{name}@example.com");
        let response = browser
            .submit(
                "/signup",
                "/signup",
                &[
                    ("username", &name),
                    ("email", &email),
                    ("password", password),
                    ("password_confirm", password),
                ],
            )
            .await;
        assert_eq!(response.status(), 303, "{}", response.text().await.unwrap());
        assert_eq!(location(&response), "/account?saved=signed-up");
        let message = sink.take_message_to(&email).await;
        let text = message
            .replace("=\r\n", "")
            .replace("=\n", "")
            .replace("=3D", "=");
        let start = text
            .find("/account/email/confirm/")
            .unwrap_or_else(|| panic!("no confirmation link in {message}"));
        let link = &text[start..start + "/account/email/confirm/".len() + 64];
        let confirmed = browser.submit(link, link, &[]).await;
        assert_eq!(confirmed.status(), 200);
        (browser, name)
    }

    /// Signs up a new reader in a fresh browser, whom this (administrator's) browser
    /// then makes an author; returns the author's browser, user name and id.
    pub async fn an_author(&self) -> (TestApp, String, sibyl::domain::UserId) {
        let (browser, name) = self.sign_up("a long enough password").await;
        let id = self
            .store
            .user_by_login(&sibyl::domain::user::Login::parse(&name).unwrap())
            .await
            .unwrap()
            .unwrap()
            .id;
        let promoted = self
            .submit(
                "/",
                &format!("/admin/users/{}/role", id.0),
                &[("role", "author")],
            )
            .await;
        assert!(promoted.status().is_redirection(), "{}", promoted.status());
        (browser, name, id)
    }

    /// Signs in through the JSON API (`POST /api/users/login`); the token it answers.
    pub async fn api_token(&self, email: &str, password: &str) -> String {
        let login = serde_json::json!({"user": {"email": email, "password": password}});
        let answer: serde_json::Value = browser_client()
            .post(self.url("/api/users/login"))
            .json(&login)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        answer["user"]["token"]
            .as_str()
            .unwrap_or_else(|| panic!("no token: {answer}"))
            .to_owned()
    }

    /// Signs in through the login form.
    pub async fn log_in(&self, login: &str, password: &str) -> reqwest::Response {
        self.submit(
            "/login",
            "/login",
            &[("login", login), ("password", password)],
        )
        .await
    }

    /// The same application seen from another browser (its own cookies).
    pub fn another_browser(&self) -> TestApp {
        TestApp {
            address: self.address.clone(),
            client: browser_client(),
            store: Arc::clone(&self.store),
            site: self.site.clone(),
            kind: self.kind,
            scheduler: self.scheduler.clone(),
            _store: None,
        }
    }

    /// The same application seen from another browser that names itself `agent`.
    pub fn browser_named(&self, agent: &str) -> TestApp {
        TestApp {
            client: browser_client_as(agent),
            ..self.another_browser()
        }
    }

    /// A browser of its own (its own cookies) on another site this application serves:
    /// `site` is a name under `.test` with this application's port.
    pub fn at_site(&self, site: &Site) -> TestApp {
        TestApp {
            address: site.to_string(),
            site: site.clone(),
            ..self.another_browser()
        }
    }

    /// A second browser with no cookies.
    pub fn anonymous(&self) -> reqwest::Client {
        browser_client()
    }

    pub async fn anonymous_get(&self, path: &str) -> reqwest::Response {
        self.anonymous().get(self.url(path)).send().await.unwrap()
    }

    /// The page at `path` as `client` reads it, its browser asking for `languages`
    /// (`Accept-Language`).
    pub async fn html_in(&self, client: &reqwest::Client, path: &str, languages: &str) -> String {
        client
            .get(self.url(path))
            .header(reqwest::header::ACCEPT_LANGUAGE, languages)
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap()
    }
}

/// A post page without its one JSON-LD element (the site's own script element, whose
/// text must be JSON and hold no `<` that could end it early), for checks that nothing
/// else on the page is a script.
pub fn without_json_ld(html: &str) -> String {
    const OPEN: &str = "<script type=\"application/ld+json\">";
    let start = html.find(OPEN).expect("a post page has its JSON-LD");
    let text_start = start + OPEN.len();
    let end = text_start
        + html[text_start..]
            .find("</script>")
            .expect("the element ends");
    let json = &html[text_start..end];
    assert!(!json.contains('<'), "the JSON-LD holds a raw <: {json}");
    serde_json::from_str::<serde_json::Value>(json).expect("the JSON-LD is JSON");
    let rest = format!("{}{}", &html[..start], &html[end + "</script>".len()..]);
    assert!(!rest.contains(OPEN), "one JSON-LD element only");
    rest
}

/// A real SMTP server on loopback for one test (`scripts/smtp-sink`, on Debian's
/// python3-aiosmtpd), and the messages it received; stopped when dropped.
pub struct SmtpSink {
    child: std::process::Child,
    pub port: u16,
    dir: tempfile::TempDir,
}

impl SmtpSink {
    /// Starts the server on a free port; panics, saying why, if it cannot.
    pub fn start() -> Self {
        use std::io::BufRead;
        let dir = tempfile::tempdir().unwrap();
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/smtp-sink");
        let mut child = std::process::Command::new(script)
            .arg(dir.path())
            .arg("0")
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| {
                panic!("the mail tests need {script} (Debian: python3-aiosmtpd): {e}")
            });
        let mut line = String::new();
        std::io::BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let port = line
            .trim()
            .strip_prefix("listening on ")
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| {
                let _ = child.kill();
                panic!("the SMTP sink did not start (is python3-aiosmtpd installed?): {line:?}")
            });
        Self { child, port, dir }
    }

    pub fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    /// The messages received so far, in order, each as it came (headers and body).
    pub fn messages(&self) -> Vec<String> {
        let mut files: Vec<_> = std::fs::read_dir(self.dir.path())
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "eml"))
            .collect();
        files.sort();
        files
            .iter()
            .map(|p| std::fs::read_to_string(p).unwrap())
            .collect()
    }

    /// Waits (a few seconds at most) for a message to `address`, and takes it out of the
    /// sink: the messages after it move up one.
    pub async fn take_message_to(&self, address: &str) -> String {
        self.take_message_where(&format!("<{address}>"), "").await
    }

    /// Waits (a few seconds at most) for a message to `address` that says it is about a
    /// new browser's sign-in, and takes it out of the sink; returns it.
    pub async fn take_sign_in_notice(&self, address: &str) -> String {
        self.take_message_where(&format!("<{address}>"), "A new sign-in to your account")
            .await
    }

    /// Waits for the first message that contains both `one` and `other`, and takes it out.
    pub async fn take_message_where(&self, one: &str, other: &str) -> String {
        for _ in 0..100 {
            let mut files: Vec<_> = std::fs::read_dir(self.dir.path())
                .unwrap()
                .map(|e| e.unwrap().path())
                .filter(|p| p.extension().is_some_and(|x| x == "eml"))
                .collect();
            files.sort();
            for file in files {
                let message = std::fs::read_to_string(&file).unwrap();
                if message.contains(one) && message.contains(other) {
                    std::fs::remove_file(&file).unwrap();
                    let _ = std::fs::remove_file(file.with_extension("rcpt"));
                    return message;
                }
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        panic!(
            "no message with {one:?} and {other:?} came: {:?}",
            self.messages()
        );
    }

    /// Waits (a few seconds at most) until `n` messages have come.
    pub async fn wait_for(&self, n: usize) -> Vec<String> {
        for _ in 0..100 {
            let messages = self.messages();
            if messages.len() >= n {
                return messages;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        panic!("{n} messages never came: {:?}", self.messages());
    }
}

impl Drop for SmtpSink {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A path no other test origin of any run uses, for a test server on a loopback port: on
/// Cassandra the tests share a keyspace, where a URL is fetched once for every site, and
/// an origin given a port an earlier one had would otherwise find its URLs fetched already.
pub fn origin_path() -> String {
    static ORIGINS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = ORIGINS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    format!("/o{}x{n}", std::process::id())
}

/// The archive's bucket of a time on Cassandra: its year, month and half of the month
/// (`2026112`: from the 16th of November 2026).
pub fn half_month(at: chrono::DateTime<chrono::Utc>) -> i32 {
    use chrono::Datelike;
    (at.year() * 100 + at.month() as i32) * 10 + if at.day() <= 15 { 1 } else { 2 }
}
