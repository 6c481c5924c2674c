//! The journey of issue zero in a real Chromium, driven over WebDriver: the first visitor
//! sets the site up, writes and publishes a post, and an anonymous reader finds it on
//! the home page. Screenshots land in target/screenshots/ for a person to look at.

use crate::both_stores;
use crate::helpers::{TestStore, spawn_app, spawn_app_with, unique_name};
use base64::Engine;
use serde_json::{Value, json};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

mod languages;
mod passkeys;

const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

fn chromedriver() -> String {
    std::env::var("SIBYL_CHROMEDRIVER").unwrap_or_else(|_| "/usr/bin/chromedriver".into())
}

fn chromium() -> String {
    std::env::var("SIBYL_CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into())
}

/// A Chromium session behind its own chromedriver process.
struct Browser {
    driver: Child,
    base: String,
    http: reqwest::Client,
    _profile: tempfile::TempDir,
}

impl Browser {
    async fn start() -> Self {
        Self::start_in("en-US,en").await
    }

    /// A browser whose reader reads `languages` (what it sends as `Accept-Language`).
    async fn start_in(languages: &str) -> Self {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let driver = Command::new(chromedriver())
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| {
                panic!(
                    "cannot start {} ({e}); scripts/test installs Debian's chromium-driver",
                    chromedriver()
                )
            });
        sibyl::binaries::fetch::install_tls_provider();
        let http = reqwest::Client::new();
        let root = format!("http://127.0.0.1:{port}");
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let ready = http.get(format!("{root}/status")).send().await;
            if let Ok(response) = ready {
                let status: Value = response.json().await.unwrap();
                if status["value"]["ready"] == json!(true) {
                    break;
                }
            }
            assert!(
                Instant::now() < deadline,
                "chromedriver did not become ready"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let profile = tempfile::tempdir().unwrap();
        let capabilities = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": chromium(),
                "args": [
                    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                    "--disable-quic", "--no-first-run", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync", "--window-size=1100,900",
                    // The sites of a deployment of many are names under .test, all here.
                    "--host-resolver-rules=MAP *.test 127.0.0.1",
                    format!("--user-data-dir={}", profile.path().display()),
                ],
                "prefs": {"intl.accept_languages": languages},
            }
        }}});
        let created: Value = http
            .post(format!("{root}/session"))
            .json(&capabilities)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let session = created["value"]["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("Chromium did not start: {created}"))
            .to_owned();
        Self {
            driver,
            base: format!("{root}/session/{session}"),
            http,
            _profile: profile,
        }
    }

    async fn call(&self, method: reqwest::Method, path: &str, body: Option<Value>) -> Value {
        let request = self.http.request(method, format!("{}{path}", self.base));
        let request = match body {
            Some(body) => request.json(&body),
            None => request,
        };
        let reply: Value = request.send().await.unwrap().json().await.unwrap();
        if reply["value"].get("error").is_some() {
            panic!("WebDriver {path}: {}", reply["value"]);
        }
        reply["value"].clone()
    }

    async fn goto(&self, url: &str) {
        self.call(reqwest::Method::POST, "/url", Some(json!({"url": url})))
            .await;
    }

    async fn url(&self) -> String {
        self.call(reqwest::Method::GET, "/url", None)
            .await
            .as_str()
            .unwrap()
            .to_owned()
    }

    async fn source(&self) -> String {
        self.call(reqwest::Method::GET, "/source", None)
            .await
            .as_str()
            .unwrap()
            .to_owned()
    }

    async fn find(&self, css: &str) -> String {
        let found = self
            .call(
                reqwest::Method::POST,
                "/element",
                Some(json!({"using": "css selector", "value": css})),
            )
            .await;
        found[ELEMENT].as_str().unwrap().to_owned()
    }

    async fn type_into(&self, css: &str, text: &str) {
        let element = self.find(css).await;
        self.call(
            reqwest::Method::POST,
            &format!("/element/{element}/value"),
            Some(json!({"text": text})),
        )
        .await;
    }

    async fn click(&self, css: &str) {
        let element = self.find(css).await;
        self.call(
            reqwest::Method::POST,
            &format!("/element/{element}/click"),
            Some(json!({})),
        )
        .await;
    }

    /// Waits until the page's address satisfies `wanted` (navigation after a click).
    async fn wait_for_url(&self, wanted: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + Duration::from_secs(15);
        loop {
            let url = self.url().await;
            if wanted(&url) {
                return url;
            }
            assert!(Instant::now() < deadline, "the browser stayed at {url}");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Waits until the page's source satisfies `wanted` (a form that comes back to the
    /// same address).
    async fn wait_for_source(&self, wanted: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + Duration::from_secs(15);
        loop {
            let source = self.source().await;
            if wanted(&source) {
                return source;
            }
            assert!(
                Instant::now() < deadline,
                "the page never changed: {source}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Runs a script in the page and returns its result.
    async fn run(&self, script: &str) -> Value {
        self.call(
            reqwest::Method::POST,
            "/execute/sync",
            Some(json!({"script": script, "args": []})),
        )
        .await
    }

    /// What axe-core (npm's `axe-core`, which scripts/test installs; `SIBYL_AXE` names
    /// another copy of `axe.min.js`) finds wrong on the page shown, by the rules of WCAG
    /// 2.1 A and AA and axe's best practices: a line per rule broken, with the elements
    /// that break it.
    async fn accessibility_violations(&self) -> Vec<String> {
        static AXE: std::sync::OnceLock<String> = std::sync::OnceLock::new();
        let axe = AXE.get_or_init(|| {
            let path = std::env::var("SIBYL_AXE").unwrap_or_else(|_| {
                concat!(
                    env!("CARGO_MANIFEST_DIR"),
                    "/target/tools/node_modules/axe-core/axe.min.js"
                )
                .into()
            });
            std::fs::read_to_string(&path).unwrap_or_else(|e| {
                panic!("axe-core is not at {path} ({e}): scripts/test installs it (npm install axe-core)")
            })
        });
        self.call(
            reqwest::Method::POST,
            "/timeouts",
            Some(json!({"script": 60_000})),
        )
        .await;
        let loaded = self.run(&format!("{axe};\nreturn typeof axe;")).await;
        assert_eq!(loaded, json!("object"), "axe-core did not load");
        let result = self
            .call(
                reqwest::Method::POST,
                "/execute/async",
                Some(json!({
                    "script": "const done = arguments[arguments.length - 1];
                               axe.run(document, arguments[0]).then(done, e => done({error: String(e)}));",
                    "args": [{
                        "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]},
                        "resultTypes": ["violations"],
                    }],
                })),
            )
            .await;
        assert!(result.get("error").is_none(), "axe-core failed: {result}");
        result["violations"]
            .as_array()
            .unwrap_or_else(|| panic!("axe-core answered {result}"))
            .iter()
            .map(|v| {
                let targets: Vec<String> = v["nodes"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|n| n["target"].to_string())
                    .collect();
                format!(
                    "{} ({}): {} [{}]",
                    v["id"].as_str().unwrap_or_default(),
                    v["impact"].as_str().unwrap_or_default(),
                    v["help"].as_str().unwrap_or_default(),
                    targets.join(", ")
                )
            })
            .collect()
    }

    /// Makes the window `width` pixels wide (and 900 high).
    async fn resize(&self, width: u32) {
        self.call(
            reqwest::Method::POST,
            "/window/rect",
            Some(json!({"width": width, "height": 900})),
        )
        .await;
    }

    async fn forget_cookies(&self) {
        self.call(reqwest::Method::DELETE, "/cookie", None).await;
    }

    async fn screenshot(&self, name: &str) -> PathBuf {
        let png = self.call(reqwest::Method::GET, "/screenshot", None).await;
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(png.as_str().unwrap())
            .unwrap();
        assert!(bytes.starts_with(b"\x89PNG"), "a PNG screenshot");
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(format!("{name}.png"));
        std::fs::write(&path, bytes).unwrap();
        path
    }

    async fn quit(mut self) {
        self.call(reqwest::Method::DELETE, "", None).await;
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.driver.kill();
    }
}

both_stores!(the_reader_s_pages_read_in_german_and_arabic,);

both_stores!(first_visitor_sets_up_writes_publishes_and_a_reader_sees_it);

async fn first_visitor_sets_up_writes_publishes_and_a_reader_sees_it(t: TestStore) {
    let store = format!("{:?}", t.kind).to_lowercase();
    let app = spawn_app(t).await;
    let browser = Browser::start().await;

    browser.goto(&app.url("/")).await;
    assert!(browser.source().await.contains("Set up this site"));
    browser.screenshot(&format!("{store}-1-fresh-site")).await;
    browser.click("a[href='/setup']").await;
    browser.wait_for_url(|u| u.ends_with("/setup")).await;

    let username = unique_name("ada");
    browser.type_into("#username", &username).await;
    browser
        .type_into("#email", &format!("{username}@example.com"))
        .await;
    browser.type_into("#display_name", "Ada Lovelace").await;
    browser
        .type_into("#password", "analytical engine 1843")
        .await;
    browser
        .type_into("#password_confirm", "analytical engine 1843")
        .await;
    browser.screenshot(&format!("{store}-2-setup")).await;
    browser.click("#create-admin").await;
    browser.wait_for_url(|u| u.ends_with("/write")).await;

    browser
        .type_into("#title", "Notes on the Analytical Engine")
        .await;
    browser
        .type_into(
            "#body",
            "The engine *weaves* algebraic patterns.\n\n- cards\n- mill\n- store\n",
        )
        .await;
    browser.type_into("#tags", "history, computing").await;
    browser.click("#preview").await;
    browser
        .wait_for_source(|s| s.contains("(not saved)") && s.contains("<em>weaves</em>"))
        .await;
    browser
        .screenshot(&format!("{store}-3-editor-preview"))
        .await;
    browser.click("#publish").await;
    let post_url = browser.wait_for_url(|u| u.contains("/posts/")).await;
    assert!(
        post_url.ends_with("/posts/notes-on-the-analytical-engine"),
        "{post_url}"
    );
    let page = browser.source().await;
    assert!(page.contains("<em>weaves</em>"), "rendered Markdown");
    browser
        .screenshot(&format!("{store}-4-published-post"))
        .await;

    // The author revises the post, then compares the two revisions.
    browser.click("#edit").await;
    browser.wait_for_url(|u| u.ends_with("/edit")).await;
    browser
        .type_into("#body", "\nIt could compose music, too.\n")
        .await;
    browser.type_into("#message", "Added music").await;
    browser.click("#save").await;
    browser
        .wait_for_url(|u| u.ends_with("/posts/notes-on-the-analytical-engine"))
        .await;
    assert!(
        browser
            .source()
            .await
            .contains("It could compose music, too.")
    );
    browser.click("#history").await;
    browser.wait_for_url(|u| u.ends_with("/history")).await;
    assert!(browser.source().await.contains("Added music"));
    browser.click("#compare").await;
    browser.wait_for_url(|u| u.contains("/diff?")).await;
    assert!(
        browser
            .source()
            .await
            .contains("+ It could compose music, too.")
    );
    browser.screenshot(&format!("{store}-4b-diff")).await;

    // Typing in the editor saves a private draft by itself (no revision), found again
    // on the next visit.
    browser
        .goto(&app.url("/posts/notes-on-the-analytical-engine/edit"))
        .await;
    browser
        .type_into("#body", "\nAn unfinished afterthought")
        .await;
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    // (The status's words wait in its data attributes until the script says them.)
    while !browser
        .run("return document.getElementById('autosave-status').textContent;")
        .await
        .as_str()
        .is_some_and(|said| said.starts_with("Draft saved at "))
    {
        if std::time::Instant::now() > deadline {
            let state = browser
                .run("return [document.scripts.length, String(document.querySelector('form.editor[data-autosave]')), document.getElementById('autosave-status').textContent]")
                .await;
            panic!("the draft was not autosaved: {state}");
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    browser
        .goto(&app.url("/posts/notes-on-the-analytical-engine/edit"))
        .await;
    let editor = browser.source().await;
    assert!(editor.contains("This is your draft") && editor.contains("An unfinished afterthought"));
    browser
        .screenshot(&format!("{store}-4c-autosaved-draft"))
        .await;

    // The author translates the post into French from the post page, then publishes the
    // translation.
    browser
        .goto(&app.url("/posts/notes-on-the-analytical-engine"))
        .await;
    browser.type_into("#translate-lang", "fr").await;
    browser.click("#translate").await;
    browser.wait_for_url(|u| u.ends_with("/edit?lang=fr")).await;
    assert!(
        browser
            .source()
            .await
            .contains("Edit the Français translation")
    );
    browser
        .run("document.getElementById('title').value = ''; document.getElementById('body').value = ''; return true;")
        .await;
    browser
        .type_into("#title", "Notes sur la machine analytique")
        .await;
    browser
        .type_into("#body", "La machine *tisse* des motifs algébriques.")
        .await;
    browser.click("#save").await;
    browser
        .wait_for_url(|u| u.ends_with("/posts/notes-on-the-analytical-engine?lang=fr"))
        .await;
    // The French text's page speaks French.
    assert!(
        browser
            .source()
            .await
            .contains("Cette traduction est un brouillon")
    );
    browser.click("#publish").await;
    browser
        .wait_for_source(|s| {
            s.contains("<em>tisse</em>") && !s.contains("traduction est un brouillon")
        })
        .await;

    browser.forget_cookies().await;
    browser.goto(&app.url("/")).await;
    let home = browser.source().await;
    assert!(home.contains("Notes on the Analytical Engine"), "{home}");
    assert!(home.contains("Ada Lovelace"));
    assert!(home.contains("Log in"), "the reader is anonymous");
    browser
        .screenshot(&format!("{store}-5-home-as-reader"))
        .await;
    browser
        .click("a[href='/posts/notes-on-the-analytical-engine']")
        .await;
    browser
        .wait_for_url(|u| u.ends_with("/posts/notes-on-the-analytical-engine"))
        .await;
    assert!(browser.source().await.contains("algebraic patterns"));
    // The reader switches to the French text, and back.
    browser.click("a.language[hreflang='fr']").await;
    browser.wait_for_url(|u| u.ends_with("?lang=fr")).await;
    let french = browser.source().await;
    assert!(french.contains("<em>tisse</em>") && french.contains("lang=\"fr\""));
    browser
        .screenshot(&format!("{store}-5b-translation-as-reader"))
        .await;
    browser.click("a.language[hreflang='x-default']").await;
    browser
        .wait_for_url(|u| u.ends_with("/posts/notes-on-the-analytical-engine"))
        .await;
    browser.quit().await;
}

both_stores!(a_visitor_signs_up_and_the_admin_makes_them_an_author);

async fn a_visitor_signs_up_and_the_admin_makes_them_an_author(t: TestStore) {
    let store = format!("{:?}", t.kind).to_lowercase();
    let app = spawn_app(t).await;
    let admin = app.set_up().await;
    let browser = Browser::start().await;

    browser.goto(&app.url("/")).await;
    browser.click("a[href='/signup']").await;
    browser.wait_for_url(|u| u.ends_with("/signup")).await;
    let name = unique_name("grace");
    browser.type_into("#username", &name).await;
    browser
        .type_into("#email", &format!("{name}@example.com"))
        .await;
    browser
        .type_into("#password", "compiler pioneer 1952")
        .await;
    browser
        .type_into("#password_confirm", "compiler pioneer 1952")
        .await;
    browser.click("#sign-up").await;
    browser.wait_for_url(|u| u.ends_with("/account")).await;
    browser.type_into("#display_name", " Hopper").await;
    browser.type_into("#bio", "Wrote the first compiler.").await;
    browser.click("#save-profile").await;
    browser.wait_for_url(|u| u.ends_with("saved=profile")).await;
    assert!(browser.source().await.contains("Your profile was saved."));
    browser
        .screenshot(&format!("{store}-6-account-settings"))
        .await;

    // The administrator, in the same browser after signing in, promotes the reader.
    browser.forget_cookies().await;
    browser.goto(&app.url("/login")).await;
    browser.type_into("#login", &admin.username).await;
    browser.type_into("#password", &admin.password).await;
    browser.click("#log-in").await;
    browser.wait_for_url(|u| !u.contains("/login")).await;
    browser
        .goto(&app.url(&format!("/admin/users?q={name}")))
        .await;
    browser
        .click(&format!("#user-{name} select option[value='author']"))
        .await;
    browser
        .click(&format!("#user-{name} button[type='submit']"))
        .await;
    browser
        .wait_for_url(|u| u.contains("/admin/users?shelf="))
        .await;
    let listing = browser.source().await;
    assert!(listing.contains(&name));
    browser.screenshot(&format!("{store}-7-admin-users")).await;
    let promoted = app
        .store
        .user_by_login(&sibyl::domain::user::Login::parse(&name).unwrap())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(promoted.role, sibyl::domain::Role::Author);
    browser.goto(&app.url(&format!("/authors/{name}"))).await;
    assert!(browser.source().await.contains("Wrote the first compiler."));
    browser.screenshot(&format!("{store}-8-author-page")).await;
    browser.quit().await;
}

both_stores!(a_reader_comments_and_an_admin_approves_it_from_the_queue);

async fn a_reader_comments_and_an_admin_approves_it_from_the_queue(t: TestStore) {
    let store = format!("{:?}", t.kind).to_lowercase();
    let app = spawn_app(t).await;
    let admin = app.set_up().await;
    let post = app
        .publish("On difference engines", "Babbage's first design.")
        .await;
    let browser = Browser::start().await;

    // A new reader signs up and comments.
    browser.goto(&app.url("/signup")).await;
    let name = unique_name("ada");
    browser.type_into("#username", &name).await;
    browser
        .type_into("#email", &format!("{name}@example.com"))
        .await;
    browser.type_into("#password", "analytical engine").await;
    browser
        .type_into("#password_confirm", "analytical engine")
        .await;
    browser.click("#sign-up").await;
    browser.wait_for_url(|u| u.ends_with("/account")).await;
    browser.goto(&app.url(&post)).await;
    browser
        .type_into("#comment-body", "What about the *mill*?")
        .await;
    browser.click("#send-comment").await;
    browser
        .wait_for_url(|u| u.contains("commented=pending"))
        .await;
    let own = browser.source().await;
    assert!(own.contains("awaiting moderation") && own.contains("<em>mill</em>"));
    browser
        .screenshot(&format!("{store}-9-comment-awaiting-moderation"))
        .await;

    // The administrator approves it from the queue.
    browser.forget_cookies().await;
    browser.goto(&app.url("/login")).await;
    browser.type_into("#login", &admin.username).await;
    browser.type_into("#password", &admin.password).await;
    browser.click("#log-in").await;
    browser.wait_for_url(|u| !u.contains("/login")).await;
    browser.goto(&app.url("/admin/comments")).await;
    assert!(browser.source().await.contains("<em>mill</em>"));
    browser.click("input.pick").await;
    browser.type_into("#reason", "Good question").await;
    browser
        .screenshot(&format!("{store}-10-moderation-queue"))
        .await;
    browser.click("#approve").await;
    browser
        .wait_for_source(|s| s.contains("1 comment approved."))
        .await;

    // Anyone now reads it under the post.
    browser.forget_cookies().await;
    browser.goto(&app.url(&post)).await;
    let page = browser.source().await;
    assert!(page.contains("<em>mill</em>") && page.contains("Log in"));
    assert!(!page.contains("awaiting moderation"));
    browser
        .screenshot(&format!("{store}-11-approved-comment"))
        .await;
    browser.quit().await;
}

both_stores!(an_author_uploads_an_image_inserts_it_publishes_and_a_reader_sees_it_scaled);

/// The attachments journey: an author uploads a photo in the editor, inserts it into the
/// text, publishes, and an anonymous reader's browser loads a scaled rendition of it.
async fn an_author_uploads_an_image_inserts_it_publishes_and_a_reader_sees_it_scaled(t: TestStore) {
    let store = format!("{:?}", t.kind).to_lowercase();
    let app = spawn_app(t).await;
    let admin = app.set_up().await;
    let draft =
        crate::helpers::location(&app.write("Photo essay", "Intro.", "photos", "draft").await);
    assert!(draft.starts_with("/posts/photo-essay"), "{draft}");
    let dir = tempfile::tempdir().unwrap();
    let photo = dir.path().join("harbour.jpg");
    std::fs::write(&photo, crate::fixtures::jpeg(2400, 1600)).unwrap();

    let browser = Browser::start().await;
    browser.goto(&app.url("/login")).await;
    browser.type_into("#login", &admin.username).await;
    browser.type_into("#password", &admin.password).await;
    browser.click("#log-in").await;
    browser.wait_for_url(|u| !u.contains("/login")).await;

    browser.goto(&app.url("/posts/photo-essay/edit")).await;
    browser
        .type_into("#files", &photo.display().to_string())
        .await;
    browser.click("#upload").await;
    browser
        .wait_for_source(|s| s.contains("harbour.jpg") && s.contains("Insert into the text"))
        .await;
    browser
        .screenshot(&format!("{store}-7-editor-attachments"))
        .await;
    browser.click("button.insert").await;
    let text = browser
        .run("return document.getElementById('body').value")
        .await;
    let text = text.as_str().unwrap().to_owned();
    assert!(
        text.contains("![harbour.jpg](/binary/") && text.contains("?size=2400x1600)"),
        "{text}"
    );
    browser.click("#save").await;
    browser
        .wait_for_url(|u| u.ends_with("/posts/photo-essay"))
        .await;
    browser.click("#publish").await;
    browser
        .wait_for_source(|s| s.contains("id=\"unpublish\""))
        .await;

    browser.forget_cookies().await;
    browser.goto(&app.url("/posts/photo-essay")).await;
    let deadline = Instant::now() + Duration::from_secs(20);
    let seen = loop {
        let seen = browser
            .run(
                "const i = document.querySelector('article img'); \
                 return i ? [i.complete, i.naturalWidth, i.naturalHeight, i.currentSrc, \
                 i.getAttribute('width'), i.getAttribute('height'), i.clientWidth] : null",
            )
            .await;
        if seen[0] == json!(true) && seen[1].as_u64().unwrap_or(0) > 0 {
            break seen;
        }
        assert!(Instant::now() < deadline, "the image did not load: {seen}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    browser
        .screenshot(&format!("{store}-8-reader-sees-the-photo"))
        .await;
    let current = seen[3].as_str().unwrap();
    assert!(
        current.contains("/full/!"),
        "a rendition, not the original: {current}"
    );
    let natural = seen[1].as_u64().unwrap();
    assert!(natural <= 800, "scaled: {seen}");
    assert_eq!(
        (natural * 1600 + 1200) / 2400,
        seen[2].as_u64().unwrap(),
        "the aspect ratio is kept: {seen}"
    );
    assert_eq!(seen[4], json!("800"));
    assert_eq!(seen[5], json!("533"));
    assert!(seen[6].as_u64().unwrap() <= 800, "it fits the page: {seen}");
    browser.quit().await;
}

both_stores!(every_signed_in_page_fits_a_phone_and_a_desktop);

/// Every page an administrator (and a reader) uses, at 390 and 1280 pixels wide: nothing
/// may be wider than the window (a phone would have to scroll sideways to reach "Log
/// out" or a table's buttons). Screenshots of each for a person to look at.
async fn every_signed_in_page_fits_a_phone_and_a_desktop(t: TestStore) {
    let store = format!("{:?}", t.kind).to_lowercase();
    // Lists of one post a page, so that their links to older and newer pages show.
    let app = spawn_app_with(t, |c| c.front_page_size = 1).await;
    let admin = app.set_up().await;
    app.publish("An older loaf", "The first post.").await;
    let body = "Intro.\n\n## The schedule\n\n| Time | Step | A rather long column heading |\n\
                | --- | --- | --- |\n| 08:00 | Mix the flour, the water and the salt | yes |\n\
                | 12:00 | Shape | no |\n\nA-very-long-word-without-any-break-that-could-widen-the-page-on-a-phone.";
    let post = app.publish("A schedule for the bakery", body).await;
    app.write("A draft", "Not yet.", "", "draft").await;
    let later = crate::helpers::location(&app.write("Out next month", "Soon.", "", "draft").await);
    let schedule = format!("{later}/schedule");
    let at = (sibyl::domain::now() + chrono::Duration::days(30))
        .format("%Y-%m-%dT09:00")
        .to_string();
    let scheduled = app
        .submit(
            &schedule,
            &schedule,
            &[("at", &at), ("zone", "Europe/Paris")],
        )
        .await;
    assert_eq!(scheduled.status(), 303);
    for (title, body) in [
        (
            "About",
            "Who bakes here, and why.\n\nWe bake *every* morning.",
        ),
        ("Contact", "Write to the bakery."),
    ] {
        let page = app
            .submit(
                "/write?kind=page",
                "/write",
                &[
                    ("title", title),
                    ("body", body),
                    ("kind", "page"),
                    ("action", "publish"),
                ],
            )
            .await;
        assert_eq!(page.status(), 303);
    }
    let (reader, _) = app.sign_up("a long enough password").await;
    let comment =
        crate::http::comments::comment_on(&reader, &post, &[("body", "Lovely bread.")]).await;
    assert!(comment.status().is_redirection());

    // A second revision, a reader's suggestion and a file, for the pages that show them.
    let edit = format!("{post}/edit");
    let revised = app
        .submit(
            &edit,
            &edit,
            &[
                ("base", "1"),
                ("title", "A schedule for the bakery"),
                ("body", &format!("{body}\n\nBake at 14:00.")),
                ("tags", "notes"),
                ("message", "The baking time"),
                ("action", "save"),
            ],
        )
        .await;
    assert_eq!(revised.status(), 303);
    let suggest = format!("{post}/suggest");
    let sent = reader
        .submit(
            &suggest,
            &suggest,
            &[
                ("base", "2"),
                ("title", "A schedule for the bakery"),
                ("body", "Intro, shorter."),
                ("tags", "notes"),
                ("note", "Shorter"),
            ],
        )
        .await;
    assert_eq!(sent.status(), 303);
    let queue = app.get_html(&format!("{post}/suggestions")).await;
    let marker = format!("{post}/suggestions/");
    let start = queue.find(&marker).expect("the queue links the suggestion");
    let suggestion = queue[start..start + queue[start..].find('"').unwrap()].to_owned();
    let editor = app.get_html(&edit).await;
    let start = editor
        .find("/binary/logs/")
        .expect("the editor links its log");
    let files_log = editor[start..start + editor[start..].find('"').unwrap()].to_owned();
    let this_month = {
        use chrono::Datelike;
        let now = sibyl::domain::now();
        format!("/archive/{}/{:02}", now.year(), now.month())
    };
    let home = app.get_html("/").await;
    let start = home
        .find("href=\"/?after=")
        .expect("an older page of the home page")
        + 6;
    let older_home = home[start..start + home[start..].find('"').unwrap()].replace("&amp;", "&");

    let browser = Browser::start().await;
    browser.goto(&app.url("/login")).await;
    browser.type_into("#login", &admin.username).await;
    browser.type_into("#password", &admin.password).await;
    browser.click("#log-in").await;
    browser.wait_for_url(|u| !u.contains("/login")).await;
    let (_, leaving) = app.sign_up("a long enough password").await;
    let leaving_id = app
        .store
        .user_by_login(&sibyl::domain::user::Login::parse(&leaving).unwrap())
        .await
        .unwrap()
        .unwrap()
        .id
        .0;
    super::fediverse_requests::fill_fediverse_pages(&app, &admin.username, &post).await;
    let pages = [
        ("tag", "/tags/notes".to_owned()),
        ("diff", format!("{post}/diff?from=1&to=2")),
        ("revision", format!("{post}/revisions/1")),
        ("suggest", suggest.clone()),
        ("suggestions", format!("{post}/suggestions")),
        ("suggestion", suggestion),
        ("files-log", files_log),
        ("home", "/".to_owned()),
        ("archive", "/archive".to_owned()),
        ("tags", "/tags".to_owned()),
        ("search", "/search?q=bakery+schedule".to_owned()),
        ("search-refused", "/search?q=%22%2A%22".to_owned()),
        ("month", this_month),
        ("older", older_home),
        ("post", post.clone()),
        ("post-comments", format!("{post}#comments")),
        ("editor", format!("{post}/edit")),
        ("history", format!("{post}/history")),
        ("write", "/write".to_owned()),
        ("account", "/account".to_owned()),
        ("author", format!("/authors/{}", admin.username)),
        ("admin-users", "/admin/users".to_owned()),
        ("admin-comments", "/admin/comments".to_owned()),
        (
            "admin-comment-settings",
            "/admin/comments/settings".to_owned(),
        ),
        ("admin-comment-log", "/admin/comments/log".to_owned()),
        ("admin-files", "/admin/binaries".to_owned()),
        ("admin-site", "/admin/site".to_owned()),
        ("admin-pages", "/admin/pages".to_owned()),
        ("admin-federation", "/admin/federation".to_owned()),
        (
            "admin-federation-deliveries",
            "/admin/federation#deliveries".to_owned(),
        ),
        ("desk-fediverse", "/desk/fediverse".to_owned()),
        ("site-fediverse", "/desk/fediverse?actor=site".to_owned()),
        ("desk", "/desk".to_owned()),
        ("desk-published", "/desk?tab=published".to_owned()),
        ("desk-scheduled", "/desk?tab=scheduled".to_owned()),
        ("schedule", schedule.clone()),
        ("delete", format!("{post}/delete")),
        ("forgot-password", "/password/forgot".to_owned()),
        ("scheduled-draft", later.clone()),
        ("page", "/pages/about".to_owned()),
        ("write-page", "/write?kind=page".to_owned()),
        ("post-moderation", format!("{post}/comments/moderate")),
        ("account-delete", "/account/delete".to_owned()),
        ("account-security", "/account/security".to_owned()),
        ("account-authenticator", "/account/authenticator".to_owned()),
        (
            "admin-delete-user",
            format!("/admin/users/{leaving_id}/delete"),
        ),
        ("subscribe", "/subscribe".to_owned()),
    ];
    let mut too_wide = Vec::new();
    let mut wrong = Vec::new();
    let mut inaccessible = Vec::new();
    for width in [390, 1280] {
        browser.resize(width).await;
        for (name, path) in &pages {
            browser.goto(&app.url(path)).await;
            let sizes = browser
                .run("return [document.documentElement.scrollWidth, window.innerWidth];")
                .await;
            let (page_width, window) = (sizes[0].as_u64().unwrap(), sizes[1].as_u64().unwrap());
            if page_width > window {
                too_wide.push(format!("{path} at {width}: {page_width} > {window}"));
            }
            wrong.extend(
                looks_wrong(&browser, name)
                    .await
                    .map(|w| format!("{path} at {width}: {w}")),
            );
            if width == 1280 {
                inaccessible.extend(
                    browser
                        .accessibility_violations()
                        .await
                        .into_iter()
                        .map(|v| format!("{path}: {v}")),
                );
            }
            browser.screenshot(&format!("{store}-{width}-{name}")).await;
        }
        // The editor's preview shows the post's own headings as they will be published.
        browser.goto(&app.url(&edit)).await;
        browser
            .run("document.getElementById('body').value = '## Big\\n\\n### Small\\n\\nText.';")
            .await;
        browser.click("#preview").await;
        browser
            .wait_for_source(|s| s.contains("preview-heading"))
            .await;
        let sizes = browser
            .run(
                "const size = (css) => parseFloat(getComputedStyle(document.querySelector(css)).fontSize);
                 return [size('.preview .body h2'), size('.preview .body h3')];",
            )
            .await;
        let (h2, h3) = (sizes[0].as_f64().unwrap(), sizes[1].as_f64().unwrap());
        if h2 <= h3 {
            wrong.push(format!("preview at {width}: ## is {h2}px, ### is {h3}px"));
        }
        browser
            .screenshot(&format!("{store}-{width}-editor-preview"))
            .await;
    }
    // A reader whose system asks for dark pages gets them, at both widths.
    browser
        .call(
            reqwest::Method::POST,
            "/goog/cdp/execute",
            Some(json!({
                "cmd": "Emulation.setEmulatedMedia",
                "params": {"features": [{"name": "prefers-color-scheme", "value": "dark"}]},
            })),
        )
        .await;
    for width in [390, 1280] {
        browser.resize(width).await;
        for (name, path) in [("home", "/".to_owned()), ("post", post.clone())] {
            browser.goto(&app.url(&path)).await;
            let colours = browser
                .run(
                    "const s = getComputedStyle(document.body); return [s.backgroundColor, s.color];",
                )
                .await;
            if colours != json!(["rgb(23, 24, 26)", "rgb(232, 230, 227)"]) {
                wrong.push(format!("{path} in dark mode at {width}: {colours}"));
            }
            browser
                .screenshot(&format!("{store}-{width}-dark-{name}"))
                .await;
            if width == 1280 {
                inaccessible.extend(
                    browser
                        .accessibility_violations()
                        .await
                        .into_iter()
                        .map(|v| format!("{path} in dark mode: {v}")),
                );
            }
        }
    }
    // And what a visitor who is not signed in sees.
    browser.forget_cookies().await;
    browser
        .call(
            reqwest::Method::POST,
            "/goog/cdp/execute",
            Some(json!({
                "cmd": "Emulation.setEmulatedMedia",
                "params": {"features": [{"name": "prefers-color-scheme", "value": "light"}]},
            })),
        )
        .await;
    for path in [
        "/".to_owned(),
        post.clone(),
        "/login".to_owned(),
        "/signup".to_owned(),
        "/pages/about".to_owned(),
        "/no-such-page".to_owned(),
        format!("/authors/{}", admin.username),
    ] {
        browser.goto(&app.url(&path)).await;
        inaccessible.extend(
            browser
                .accessibility_violations()
                .await
                .into_iter()
                .map(|v| format!("{path} (anonymous): {v}")),
        );
    }
    browser.quit().await;
    assert!(
        inaccessible.is_empty(),
        "axe-core finds:\n{}",
        inaccessible.join("\n")
    );
    assert!(
        too_wide.is_empty(),
        "wider than the window:\n{}",
        too_wide.join("\n")
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// What a page's layout gets wrong, if anything: check boxes stretched or centred away
/// from their labels, a separator dot before the first of a row of links, tables
/// without borders or padding.
async fn looks_wrong(browser: &Browser, page: &str) -> Option<String> {
    match page {
        "admin-comments" | "admin-comment-settings" | "admin-site" => {
            let boxes = browser
                .run(
                    "return [...document.querySelectorAll('form label > input[type=checkbox]')].map(b => {
                       const r = b.getBoundingClientRect(), l = b.parentElement.getBoundingClientRect();
                       return [r.width, r.left - l.left];
                     });",
                )
                .await;
            let boxes = boxes.as_array().unwrap();
            if boxes.is_empty() {
                return Some("no check boxes".into());
            }
            boxes
                .iter()
                .map(|b| (b[0].as_f64().unwrap(), b[1].as_f64().unwrap()))
                .find(|(width, offset)| *width > 40.0 || *offset > 24.0)
                .map(|(width, offset)| {
                    format!("a check box {width}px wide, {offset}px from its label's edge")
                })
        }
        "post" => {
            let seen = browser
                .run(
                    "const first = document.querySelector('ul.editor-links > li');
                     const cell = getComputedStyle(document.querySelector('.body td'));
                     return [getComputedStyle(first, '::before').content,
                             document.querySelector('ul.editor-links').innerText.trim().charAt(0),
                             cell.borderTopWidth, cell.paddingLeft];",
                )
                .await;
            let [before, first, border, padding] =
                [0, 1, 2, 3].map(|i| seen[i].as_str().unwrap_or_default().to_owned());
            if !(before == "none" || before == "normal") || first == "·" {
                Some(format!(
                    "a dot before the first link ({before:?}, {first:?})"
                ))
            } else if border == "0px" || padding == "0px" {
                Some(format!(
                    "a table cell with border {border} and padding {padding}"
                ))
            } else {
                None
            }
        }
        _ => None,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_account_is_admin_of_one_site_and_a_reader_of_another_on_sqlite() {
    one_account_is_admin_of_one_site_and_a_reader_of_another(TestStore::sqlite().await).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_account_is_admin_of_one_site_and_a_reader_of_another_on_cassandra() {
    let t = TestStore::cassandra_alone_with(
        "sibyl_sites_browser_test",
        sibyl::store::StoreOptions::default(),
    )
    .await;
    one_account_is_admin_of_one_site_and_a_reader_of_another(t).await
}

/// Two sites served by one process, in one Chromium: an account that administers site A
/// is a reader on site B. Each site shows its own posts; A's member list is A's; B
/// refuses its administration pages to that account; an unknown host and a suspended
/// site get pages of the deployment's own. At 390 and 1280 pixels wide, checked by
/// axe-core, with screenshots.
async fn one_account_is_admin_of_one_site_and_a_reader_of_another(t: TestStore) {
    use sibyl::config::SiteCommand;
    let store = format!("{:?}", t.kind).to_lowercase();
    let app = spawn_app_with(t, |config| {
        config.sites_recheck = Duration::from_millis(200)
    })
    .await;
    let operator = app.set_up().await;
    let port = app.address.rsplit(':').next().unwrap().to_owned();
    let tag = unique_name("b").replace('_', "-");
    let on = |name: &str| {
        sibyl::domain::Site::parse(&format!("http://{name}-{tag}.test:{port}")).unwrap()
    };
    let (a, b, gone) = (on("alpha"), on("beta"), on("paused"));
    let dual = app
        .store
        .create_user(crate::fixtures::fresh_user())
        .await
        .unwrap();
    let run = |command| sibyl::app::sites::run(app.store.as_ref(), &app.site, command);
    for (site, admin) in [
        (&a, dual.username.as_str()),
        (&b, operator.username.as_str()),
        (&gone, operator.username.as_str()),
    ] {
        run(SiteCommand::Create {
            url: site.to_string(),
            admin: admin.to_owned(),
            email: None,
        })
        .await
        .unwrap();
    }
    run(SiteCommand::Suspend {
        url: gone.to_string(),
    })
    .await
    .unwrap();
    tokio::time::sleep(Duration::from_millis(500)).await;
    // Each site has a post of its own, written by its administrator.
    let a_admin = app.at_site(&a);
    assert_eq!(
        a_admin
            .log_in(dual.username.as_str(), "correct horse battery")
            .await
            .status(),
        303
    );
    a_admin
        .publish("Alpha news today", "Only *alpha* says this.")
        .await;
    let b_admin = app.at_site(&b);
    assert_eq!(
        b_admin
            .log_in(&operator.username, &operator.password)
            .await
            .status(),
        303
    );
    b_admin
        .publish("Beta news today", "Only *beta* says this.")
        .await;

    // It is also the network's administrator: it sees every site at /network.
    app.store
        .set_network_admin(dual.id, true, sibyl::domain::now())
        .await
        .unwrap();
    let browser = Browser::start().await;
    // The account signs in on both sites, in one browser: cookies are each host's.
    for site in [&a, &b] {
        browser.goto(&format!("{site}/login")).await;
        browser.type_into("#login", dual.username.as_str()).await;
        browser
            .type_into("#password", "correct horse battery")
            .await;
        browser.click("#log-in").await;
        browser.wait_for_url(|u| !u.contains("/login")).await;
    }
    let mut inaccessible = Vec::new();
    for width in [390, 1280] {
        browser.resize(width).await;
        let mut look = async |name: &str, url: String| -> String {
            browser.goto(&url).await;
            let source = browser.source().await;
            if width == 1280 {
                inaccessible.extend(
                    browser
                        .accessibility_violations()
                        .await
                        .into_iter()
                        .map(|v| format!("{url}: {v}")),
                );
            }
            browser
                .screenshot(&format!("{store}-{width}-sites-{name}"))
                .await;
            source
        };
        let home_a = look("alpha-home", format!("{a}/")).await;
        assert!(home_a.contains("Alpha news today"), "{home_a}");
        assert!(!home_a.contains("Beta news today"), "A shows B's post");
        let members = look("alpha-members", format!("{a}/admin/users")).await;
        assert!(
            members.contains("Members") && members.contains(dual.username.as_str()),
            "{members}"
        );
        assert!(
            !members.contains(&operator.username),
            "A lists B's administrator: {members}"
        );
        let home_b = look("beta-home", format!("{b}/")).await;
        assert!(home_b.contains("Beta news today"), "{home_b}");
        assert!(!home_b.contains("Alpha news today"), "B shows A's post");
        let refused = look("beta-admin-refused", format!("{b}/admin/users")).await;
        assert!(
            refused.contains("Only administrators can do this."),
            "{refused}"
        );
        let unknown = look("unknown-host", format!("{}/", on("nowhere"))).await;
        assert!(
            unknown.contains("No site is served at this address."),
            "{unknown}"
        );
        let paused = look("suspended", format!("{gone}/")).await;
        assert!(paused.contains("suspended"), "{paused}");
        let network = look("network", format!("{a}/network")).await;
        for site in [&a, &b, &gone] {
            assert!(network.contains(&format!("href=\"{site}\"")), "{network}");
        }
        assert!(
            network.contains("Serve again"),
            "the suspended site: {network}"
        );
    }
    assert!(
        inaccessible.is_empty(),
        "axe-core found:\n{}",
        inaccessible.join("\n")
    );
    browser.quit().await;
}

both_stores!(an_admin_turns_on_two_step_sign_in_and_signs_in_with_a_code);

/// In a real Chromium: an administrator adds an authenticator app by typing its key (the
/// codes computed here as an app computes them), is shown recovery codes, then signs in
/// with the password and a code; each page at 390 and 1280 pixels wide, with nothing
/// wider than the window and nothing axe-core finds wrong.
async fn an_admin_turns_on_two_step_sign_in_and_signs_in_with_a_code(t: TestStore) {
    use sibyl::domain::totp::{STEP_SECONDS, TotpSecret};
    let store = format!("{:?}", t.kind).to_lowercase();
    let clock = sibyl::infra::clock::Clock::manual(sibyl::domain::now());
    let app = {
        let clock = clock.clone();
        spawn_app_with(t, move |c| c.clock = clock).await
    };
    let admin = app.set_up().await;
    let browser = Browser::start().await;
    browser.goto(&app.url("/login")).await;
    log_in(&browser, &admin.username, &admin.password).await;
    browser.wait_for_url(|u| !u.contains("/login")).await;
    browser.goto(&app.url("/account/security")).await;
    browser.click("#add-authenticator-link").await;
    browser
        .wait_for_url(|u| u.ends_with("/account/authenticator"))
        .await;
    looked_at(&browser, &format!("{store}-two-step-1-add-authenticator")).await;
    let typed = browser
        .run("return document.getElementById('totp-secret').textContent;")
        .await;
    let typed: String = typed.as_str().unwrap().split_whitespace().collect();
    let secret =
        TotpSecret::from_bytes(&totp_rs::Secret::Encoded(typed).to_bytes().unwrap()).unwrap();
    let code_now = || secret.code_of_step(clock.now().timestamp() as u64 / STEP_SECONDS);
    browser.type_into("#code", &code_now()).await;
    browser
        .type_into("input[name='current_password']", &admin.password)
        .await;
    browser.click("#add-authenticator").await;
    let shown = browser
        .wait_for_source(|s| s.contains("id=\"recovery-codes\""))
        .await;
    assert_eq!(shown.matches("<li><code>").count(), 10, "{shown}");
    looked_at(&browser, &format!("{store}-two-step-2-recovery-codes")).await;

    // Signed out, then in again: the password, then the code.
    browser.forget_cookies().await;
    browser.goto(&app.url("/login")).await;
    log_in(&browser, &admin.username, &admin.password).await;
    browser
        .wait_for_source(|s| s.contains("id=\"verify\""))
        .await;
    looked_at(&browser, &format!("{store}-two-step-3-second-step")).await;
    clock.advance(chrono::Duration::seconds(STEP_SECONDS as i64));
    browser.type_into("#code", &code_now()).await;
    browser.click("#verify").await;
    browser.wait_for_url(|u| !u.contains("/login")).await;
    browser.goto(&app.url("/account/security")).await;
    let security = browser.source().await;
    assert!(security.contains("id=\"factors-on\""), "{security}");
    assert!(
        security.contains("<span id=\"codes-left\">10</span>"),
        "{security}"
    );
    browser.quit().await;
}

async fn log_in(browser: &Browser, login: &str, password: &str) {
    browser.type_into("#login", login).await;
    browser.type_into("#password", password).await;
    browser.click("#log-in").await;
}

/// The page shown, at 390 and 1280 pixels wide: nothing wider than the window, a
/// screenshot of each, and nothing axe-core finds wrong.
async fn looked_at(browser: &Browser, name: &str) {
    for width in [390, 1280] {
        browser.resize(width).await;
        let wide = browser
            .run("return document.documentElement.scrollWidth > window.innerWidth;")
            .await;
        if wide != json!(false) {
            // What sticks out of the window, either side (a right-to-left page overflows
            // to the left).
            let out = browser
                .run("return [...document.querySelectorAll('body *')].filter(e => { const r = e.getBoundingClientRect(); return r.right > innerWidth + 1 || r.left < -1; }).slice(0, 12).map(e => { const r = e.getBoundingClientRect(); return `${e.tagName.toLowerCase()}#${e.id}.${e.className} ${Math.round(r.left)}..${Math.round(r.right)}`; });")
                .await;
            panic!("{name} is wider than {width} pixels: {out}");
        }
        browser.screenshot(&format!("{name}-{width}")).await;
    }
    let violations = browser.accessibility_violations().await;
    assert!(violations.is_empty(), "{name}: {violations:#?}");
}

/// A reader whose browser asks for German, and one who asks for Arabic: the reader's
/// pages speak their language (Arabic right to left, the English post inside it left to
/// right), fit a phone and a desktop, pass axe-core and the HTML checker. Screenshots of
/// each at 390 and 1280 pixels wide are kept.
async fn the_reader_s_pages_read_in_german_and_arabic(t: TestStore) {
    let store = format!("{:?}", t.kind).to_lowercase();
    let app = spawn_app(t).await;
    let admin = app.set_up().await;
    let post = app
        .publish(
            "Spring flood",
            "The river rose *overnight*.\n\n> Quoted from the bank.",
        )
        .await;
    let pages = [
        ("home", "/".to_owned()),
        ("post", post.clone()),
        ("tags", "/tags".to_owned()),
        ("tag", "/tags/notes".to_owned()),
        ("archive", "/archive".to_owned()),
        ("search", "/search?q=river".to_owned()),
        ("author", format!("/authors/{}", admin.username)),
        ("login", "/login".to_owned()),
        ("signup", "/signup".to_owned()),
        ("missing", "/posts/no-such-post".to_owned()),
    ];
    let mut html = Vec::new();
    let mut too_wide = Vec::new();
    let mut inaccessible = Vec::new();
    for (language, header, marks) in [
        ("de", "de-DE,de;q=0.9", "<html lang=\"de\">"),
        ("ar", "ar,en;q=0.5", "<html lang=\"ar\" dir=\"rtl\">"),
    ] {
        let browser = Browser::start_in(header).await;
        for width in [390, 1280] {
            browser.resize(width).await;
            for (name, path) in &pages {
                browser.goto(&app.url(path)).await;
                let source = browser.source().await;
                assert!(source.contains(marks), "{language} {path}: {source}");
                let sizes = browser
                    .run("return [document.documentElement.scrollWidth, window.innerWidth];")
                    .await;
                let (page_width, window) = (sizes[0].as_u64().unwrap(), sizes[1].as_u64().unwrap());
                if page_width > window {
                    too_wide.push(format!(
                        "{language} {path} at {width}: {page_width} > {window}"
                    ));
                }
                browser
                    .screenshot(&format!("{store}-{language}-{name}-{width}"))
                    .await;
                if width == 1280 {
                    inaccessible.extend(
                        browser
                            .accessibility_violations()
                            .await
                            .into_iter()
                            .map(|v| format!("{language} {path}: {v}")),
                    );
                    let served = app.html_in(&app.anonymous(), path, header).await;
                    html.push((format!("{language}-{name}"), served));
                }
            }
        }
        // The writer's and the administrator's pages, signed in, speak it too.
        browser.goto(&app.url("/login")).await;
        log_in(&browser, &admin.username, &admin.password).await;
        for (name, path) in [
            ("desk", "/desk".to_owned()),
            ("write", "/write".to_owned()),
            ("edit", format!("{post}/edit")),
            ("history", format!("{post}/history")),
            ("site", "/admin/site".to_owned()),
            ("users", "/admin/users".to_owned()),
            ("comments", "/admin/comments".to_owned()),
            ("security", "/account/security".to_owned()),
        ] {
            browser.goto(&app.url(&path)).await;
            let source = browser.source().await;
            assert!(source.contains(marks), "{language} {path}: {source}");
            looked_at(&browser, &format!("{store}-{language}-{name}")).await;
        }
        if language == "ar" {
            browser.goto(&app.url(&post)).await;
            // The Arabic page runs right to left; the English post inside it left to right.
            let directions = browser
                .run("return [getComputedStyle(document.body).direction, getComputedStyle(document.querySelector('article .body')).direction];")
                .await;
            assert_eq!(directions, json!(["rtl", "ltr"]));
        }
        browser.quit().await;
    }
    let errors = super::html_checker::check(&html);
    assert!(
        errors.is_empty(),
        "the HTML checker finds:\n{}",
        errors.join("\n")
    );
    assert!(
        inaccessible.is_empty(),
        "axe-core finds:\n{}",
        inaccessible.join("\n")
    );
    assert!(
        too_wide.is_empty(),
        "wider than the window:\n{}",
        too_wide.join("\n")
    );
}
