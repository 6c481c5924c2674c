//! One deployment, many sites: the host a request names picks its site. Two sites in one
//! process keep their posts, feeds, sitemaps, sessions and API tokens to themselves; an
//! alias redirects with the path and query kept; a suspended site answers 503; an unknown
//! or malformed host gets a page that names no site. On both stores (on Cassandra in a
//! keyspace of its own: the registry is the deployment's).

use crate::helpers::{TestApp, TestStore, browser_client, location, spawn_app_with};
use sibyl::config::SiteCommand;
use sibyl::domain::Site;
use sibyl::store::StoreOptions;
use std::time::Duration;

/// How long the test's instance trusts what it read of the registry.
const RECHECK: Duration = Duration::from_millis(200);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sites_are_chosen_by_host_and_kept_apart_on_sqlite() {
    sites_are_chosen_by_host_and_kept_apart(TestStore::sqlite().await).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sites_are_chosen_by_host_and_kept_apart_on_cassandra() {
    let t = TestStore::cassandra_alone_with("sibyl_sites_http_test", StoreOptions::default()).await;
    sites_are_chosen_by_host_and_kept_apart(t).await
}

/// Runs `sibyl site ...` as the shell does.
async fn site_command(app: &TestApp, command: SiteCommand) -> Result<String, String> {
    sibyl::app::sites::run(app.store.as_ref(), &app.site, command).await
}

async fn status_and_text(response: reqwest::Response) -> (u16, String) {
    (response.status().as_u16(), response.text().await.unwrap())
}

/// A raw HTTP/1.1 request naming `host` as it is given; the status of the answer.
async fn raw_status(app: &TestApp, host: &str) -> (u16, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let address = app.address.trim_start_matches("http://");
    let mut stream = tokio::net::TcpStream::connect(address).await.unwrap();
    stream
        .write_all(
            format!("GET / HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n").as_bytes(),
        )
        .await
        .unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.unwrap();
    let answer = String::from_utf8_lossy(&answer).into_owned();
    let status = answer
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    (status, answer)
}

async fn sites_are_chosen_by_host_and_kept_apart(t: TestStore) {
    let app = spawn_app_with(t, |config| config.sites_recheck = RECHECK).await;
    let port = app.address.rsplit(':').next().unwrap().to_owned();
    // While no site is registered, the one the instance was started with answers
    // whatever the host, as a single blog always has.
    let admin = app.set_up().await;
    let tag = crate::helpers::unique_name("s").replace('_', "-");
    let on = |name: &str| Site::parse(&format!("http://{name}-{tag}.test:{port}")).unwrap();
    let (a, b) = (on("a"), on("b"));
    let (status, _) = status_and_text(app.at_site(&a).get("/").await).await;
    assert_eq!(status, 200);

    // Bad input changes nothing: a URL with a path, an unknown account.
    for (url, who) in [
        (format!("{a}/blog"), admin.username.clone()),
        (a.to_string(), "nobody-at-all".to_owned()),
    ] {
        let refused = site_command(
            &app,
            SiteCommand::Create {
                url,
                admin: who,
                email: None,
            },
        )
        .await;
        assert!(refused.is_err(), "{refused:?}");
    }
    assert!(!app.store.sites_exist().await.unwrap());

    for site in [&a, &b] {
        let said = site_command(
            &app,
            SiteCommand::Create {
                url: site.to_string(),
                admin: admin.username.clone(),
                email: None,
            },
        )
        .await
        .unwrap();
        assert!(said.contains(&format!("registered {site}")), "{said}");
    }
    let again = site_command(
        &app,
        SiteCommand::Create {
            url: a.to_string(),
            admin: admin.username.clone(),
            email: None,
        },
    )
    .await
    .unwrap_err();
    assert!(again.contains("registered already"), "{again}");
    tokio::time::sleep(RECHECK * 2).await;

    // Only registered hosts are served now: the instance's own address names none.
    let (status, page) = status_and_text(app.anonymous_get("/").await).await;
    assert_eq!(status, 404);
    assert!(
        page.contains("No site is served at this address."),
        "{page}"
    );
    assert!(!page.contains(&tag), "the page names a site: {page}");
    // The deployment's own pages, through the HTML checker at the end.
    let mut own_pages = vec![("unknown host".to_owned(), page)];
    let (status, page) = status_and_text(app.at_site(&on("unknown")).get("/").await).await;
    assert_eq!(status, 404);
    assert!(!page.contains("a-"), "{page}");
    // It loads nothing: its one inline style is allowed by its hash.
    let policy = app.anonymous_get("/").await;
    let policy = policy
        .headers()
        .get("content-security-policy")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    assert!(
        policy.starts_with("default-src 'none'; style-src 'sha256-"),
        "{policy}"
    );
    // Health checks answer on any host.
    assert_eq!(app.anonymous_get("/healthz").await.status(), 200);
    // A malformed host is refused.
    let (status, answer) = raw_status(&app, "bad host").await;
    assert_eq!(status, 400);
    assert!(answer.contains("is not a host name"), "{answer}");
    let (status, _) = raw_status(&app, "a..b").await;
    assert_eq!(status, 400);
    // The host with and without the scheme's port is the same site; case does not matter.
    let (status, _) = raw_status(&app, &format!("A-{tag}.TEST:{port}")).await;
    assert_eq!(status, 200);

    // The administrator signs in on site A and publishes there.
    let on_a = app.at_site(&a);
    let signed_in = on_a.log_in(&admin.username, &admin.password).await;
    assert_eq!(signed_in.status(), 303);
    let session_cookie = signed_in
        .headers()
        .get_all("set-cookie")
        .iter()
        .map(|v| v.to_str().unwrap().to_owned())
        .find(|c| c.starts_with(sibyl::web::SESSION_COOKIE))
        .expect("a session cookie");
    let path = on_a
        .publish("Only on site A", "Written for *A* alone.")
        .await;
    let (status, page) =
        status_and_text(on_a.anonymous().get(on_a.url(&path)).send().await.unwrap()).await;
    assert_eq!(status, 200);
    assert!(page.contains("Only on site A"));
    assert!(
        page.contains(&format!("{a}{path}")),
        "the canonical link is A's"
    );

    // Site B shows nothing of it: not its home, post, feed, sitemap or search.
    let on_b = app.at_site(&b);
    for where_ in ["/", "/feed.xml", "/sitemap.xml", "/search?q=Only"] {
        let (status, text) =
            status_and_text(on_b.anonymous().get(on_b.url(where_)).send().await.unwrap()).await;
        assert!(status == 200 || status == 404, "{where_}: {status}");
        assert!(
            !text.contains("Only on site A"),
            "{where_} of B shows A's post"
        );
        assert!(!text.contains(&a.to_string()), "{where_} of B names A");
    }
    assert_eq!(
        on_b.anonymous()
            .get(on_b.url(&path))
            .send()
            .await
            .unwrap()
            .status(),
        404
    );

    // A's session cookie, sent to B, signs nobody in there.
    let token = session_cookie.split(';').next().unwrap().to_owned();
    let borrowed = browser_client()
        .get(on_b.url("/write"))
        .header("cookie", &token)
        .send()
        .await
        .unwrap();
    assert_eq!(
        borrowed.status(),
        303,
        "a borrowed session opened B's editor"
    );
    assert!(
        location(&borrowed).starts_with("/login"),
        "{}",
        location(&borrowed)
    );
    // On A the same cookie works.
    let own = browser_client()
        .get(on_a.url("/write"))
        .header("cookie", &token)
        .send()
        .await
        .unwrap();
    assert_eq!(own.status(), 200);

    // An API token of A is worthless on B.
    let api_token = on_a.api_token(&admin.email, &admin.password).await;
    let with_token = |site: &TestApp| {
        browser_client()
            .get(site.url("/api/user"))
            .header("authorization", format!("Token {api_token}"))
    };
    assert_eq!(with_token(&on_a).send().await.unwrap().status(), 200);
    assert_eq!(with_token(&on_b).send().await.unwrap().status(), 401);

    // Every page that needs a signed-in account, with A's administrator's cookie: on A
    // it opens (but /network, which is the network's administrators'), on B it asks to
    // sign in. Every API route that needs a token: A's token is refused on B.
    for path in [
        "/write",
        "/desk",
        "/account",
        "/account/delete",
        "/admin/users",
        "/admin/site",
        "/admin/comments",
        "/admin/comments/settings",
        "/admin/comments/log",
        "/admin/pages",
        "/admin/binaries",
        "/network",
    ] {
        let with_cookie = |site: &TestApp| {
            browser_client()
                .get(site.url(path))
                .header("cookie", &token)
        };
        let there = with_cookie(&on_a).send().await.unwrap().status();
        let expected = if path == "/network" { 403 } else { 200 };
        assert_eq!(there, expected, "{path} on A with A's session");
        let borrowed = with_cookie(&on_b).send().await.unwrap();
        assert_eq!(borrowed.status(), 303, "{path} on B with A's session");
        assert!(
            location(&borrowed).starts_with("/login"),
            "{path}: {}",
            location(&borrowed)
        );
    }
    for (method, path) in [
        ("GET", "/api/user"),
        ("GET", "/api/articles/feed"),
        ("POST", "/api/articles"),
        ("PUT", "/api/user"),
    ] {
        let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
        let answer = browser_client()
            .request(method.clone(), on_b.url(path))
            .header("authorization", format!("Token {api_token}"))
            .json(&serde_json::json!({"article": {"title": "x", "description": "x", "body": "x"}, "user": {"bio": "x"}}))
            .send()
            .await
            .unwrap();
        assert_eq!(answer.status(), 401, "{method} {path} on B with A's token");
    }
    // A form of A's, sent to B with A's session and token, changes nothing there.
    let a_form = on_a.get_html("/admin/site").await;
    let csrf = crate::helpers::csrf_in(&a_form);
    let forged = browser_client()
        .post(on_b.url("/admin/site"))
        .header("cookie", &token)
        .form(&[("csrf", csrf.as_str()), ("title", "Taken over")])
        .send()
        .await
        .unwrap();
    let refused = forged.status() == 403
        || (forged.status() == 303 && location(&forged).starts_with("/login"));
    assert!(
        refused,
        "B took A's form: {} {}",
        forged.status(),
        location(&forged)
    );
    assert_ne!(
        app.store.site_identity(&b).await.unwrap().title,
        "Taken over"
    );

    // An alias redirects to its site, the path and query kept.
    let www = on("www-a");
    let said = site_command(
        &app,
        SiteCommand::Alias {
            url: a.to_string(),
            alias: www.to_string(),
        },
    )
    .await
    .unwrap();
    assert!(said.contains("now redirects"), "{said}");
    let taken = site_command(
        &app,
        SiteCommand::Alias {
            url: b.to_string(),
            alias: www.to_string(),
        },
    )
    .await
    .unwrap_err();
    assert!(taken.contains("answers for"), "{taken}");
    tokio::time::sleep(RECHECK * 2).await;
    let moved = app
        .at_site(&www)
        .get(&format!("{path}?page=2&x=%C3%A9"))
        .await;
    assert_eq!(moved.status(), 301);
    assert_eq!(location(&moved), format!("{a}{path}?page=2&x=%C3%A9"));

    // A suspended site tells its readers so, and keeps everything.
    site_command(&app, SiteCommand::Suspend { url: a.to_string() })
        .await
        .unwrap();
    tokio::time::sleep(RECHECK * 2).await;
    let (status, page) =
        status_and_text(on_a.anonymous().get(on_a.url(&path)).send().await.unwrap()).await;
    assert_eq!(status, 503);
    assert!(page.contains("suspended"), "{page}");
    own_pages.push(("suspended site".to_owned(), page.clone()));
    assert_eq!(
        on_b.anonymous()
            .get(on_b.url("/"))
            .send()
            .await
            .unwrap()
            .status(),
        200
    );
    site_command(&app, SiteCommand::Resume { url: a.to_string() })
        .await
        .unwrap();
    tokio::time::sleep(RECHECK * 2).await;
    let (status, page) =
        status_and_text(on_a.anonymous().get(on_a.url(&path)).send().await.unwrap()).await;
    assert_eq!(status, 200);
    assert!(page.contains("Only on site A"));

    // Roles are each site's own. A reader signs up on B; B's administrator makes them
    // an author there; on A they are a reader (once they join it by signing in), and A's
    // administrator does not see B's members.
    let (b_reader, b_reader_name) = on_b.sign_up("a long enough password").await;
    assert_eq!(b_reader.get("/write").await.status(), 403);
    let b_reader_id = app
        .store
        .user_by_login(&sibyl::domain::user::Login::parse(&b_reader_name).unwrap())
        .await
        .unwrap()
        .unwrap()
        .id;
    let on_b_admin = app.at_site(&b);
    assert_eq!(
        on_b_admin
            .log_in(&admin.username, &admin.password)
            .await
            .status(),
        303
    );
    let members = on_b_admin.get_html("/admin/users").await;
    assert!(members.contains(&b_reader_name), "B's members: {members}");
    let promoted = on_b_admin
        .submit(
            "/admin/users",
            &format!("/admin/users/{}/role", b_reader_id.0),
            &[("role", "author")],
        )
        .await;
    assert_eq!(promoted.status(), 303);
    assert_eq!(b_reader.get("/write").await.status(), 200);
    let a_members = on_a
        .get_html(&format!("/admin/users?q={b_reader_name}"))
        .await;
    assert!(a_members.contains("No account is called"), "{a_members}");
    // A's administrator cannot change the standing of someone who is not A's.
    let refused = on_a
        .submit(
            "/admin/users",
            &format!("/admin/users/{}/ban", b_reader_id.0),
            &[],
        )
        .await;
    assert_eq!(refused.status(), 404);
    assert_eq!(b_reader.get("/write").await.status(), 200);
    let on_a_reader = app.at_site(&a);
    assert_eq!(
        on_a_reader
            .log_in(&b_reader_name, "a long enough password")
            .await
            .status(),
        303
    );
    assert_eq!(on_a_reader.get("/write").await.status(), 403);
    let account = app.store.user(b_reader_id).await.unwrap().unwrap();
    assert_eq!(
        account.role,
        sibyl::domain::Role::Reader,
        "the account itself stays a reader"
    );
    // Banned on B: nothing there, everything as before on A; and no administrator of a
    // site deletes an account the other sites share.
    let banned = on_b_admin
        .submit(
            "/admin/users",
            &format!("/admin/users/{}/ban", b_reader_id.0),
            &[],
        )
        .await;
    assert_eq!(banned.status(), 303);
    assert_ne!(b_reader.get("/write").await.status(), 200);
    assert_eq!(on_a_reader.get("/account").await.status(), 200);
    let delete = on_b_admin
        .get(&format!("/admin/users/{}/delete", b_reader_id.0))
        .await;
    assert_eq!(delete.status(), 403);

    // The list shows both, with A's alias.
    let listed = site_command(&app, SiteCommand::List).await.unwrap();
    let line = listed
        .lines()
        .find(|l| l.starts_with(&a.to_string()))
        .unwrap();
    assert!(
        line.contains("live") && line.contains(&format!("www-a-{tag}.test:{port}")),
        "{listed}"
    );
    assert!(
        listed.lines().any(|l| l.starts_with(&b.to_string())),
        "{listed}"
    );

    // The network's pages: only for its administrators, whatever their role on a site.
    assert_eq!(on_a.get("/network").await.status(), 403, "a site's admin");
    assert_eq!(on_a_reader.get("/network").await.status(), 403, "a reader");
    let anonymous = on_a
        .anonymous()
        .get(on_a.url("/network"))
        .send()
        .await
        .unwrap();
    assert_eq!(anonymous.status(), 303);
    assert!(location(&anonymous).starts_with("/login"));
    let said = sibyl::app::shell_admin::run(
        app.store.as_ref(),
        &app.site,
        sibyl::config::UserCommand::SetRole {
            user: admin.username.clone(),
            role: None,
            network_admin: Some(true),
        },
    )
    .await
    .unwrap();
    assert!(said.contains("is a network administrator"), "{said}");
    let account = on_a.get_html("/account").await;
    assert!(account.contains("id=\"network-link\""), "{account}");
    assert!(
        !on_a_reader
            .get_html("/account")
            .await
            .contains("network-link")
    );
    // B has a second administrator (made one by B's): both are named.
    let second = on_b_admin
        .submit(
            "/admin/users",
            &format!("/admin/users/{}/role", b_reader_id.0),
            &[("role", "admin")],
        )
        .await;
    assert_eq!(second.status(), 303);
    let network = on_a.get_html("/network").await;
    let row_of = |network: &str, site: &Site| {
        network
            .split(&format!("<td><a href=\"{site}\">"))
            .nth(1)
            .and_then(|rest| rest.split("</tr>").next())
            .unwrap_or_else(|| panic!("{site} is not listed: {network}"))
            .to_owned()
    };
    let row = row_of(&network, &a);
    assert!(
        row.contains(&format!("<td>{}</td>", admin.username)),
        "A's one administrator: {row}"
    );
    let admin_id = app
        .store
        .user_by_login(&sibyl::domain::user::Login::parse(&admin.username).unwrap())
        .await
        .unwrap()
        .unwrap()
        .id;
    let row = row_of(&network, &b);
    let mut names = [admin.username.clone(), b_reader_name.clone()];
    names.sort_by_key(|name| {
        if *name == admin.username {
            admin_id.0
        } else {
            b_reader_id.0
        }
    });
    assert!(
        row.contains(&format!("<td>{}, {}</td>", names[0], names[1])),
        "B's two administrators, in account order: {row}"
    );
    // Made a reader again: named no more.
    let demoted = on_b_admin
        .submit(
            "/admin/users",
            &format!("/admin/users/{}/role", b_reader_id.0),
            &[("role", "reader")],
        )
        .await;
    assert_eq!(demoted.status(), 303);
    let network = on_a.get_html("/network").await;
    let row = row_of(&network, &b);
    assert!(
        row.contains(&format!("<td>{}</td>", admin.username)),
        "B's one administrator again: {row}"
    );
    let row_a = network
        .split(&format!("<td><a href=\"{a}\">"))
        .nth(1)
        .and_then(|rest| rest.split("</tr>").next())
        .unwrap();
    assert!(row_a.contains("<td>1</td>"), "A's one post: {row_a}");
    own_pages.push(("network".to_owned(), network));

    // A site registered from the page: refused with the reason for a bad URL (nothing
    // registered), then served.
    let c = on("c");
    let refused = on_a
        .submit(
            "/network",
            "/network/sites",
            &[("url", &format!("{c}/blog")), ("admin", &admin.username)],
        )
        .await;
    assert_eq!(refused.status(), 422);
    let refusal = refused.text().await.unwrap();
    assert!(refusal.contains("network-error"), "{refusal}");
    assert_eq!(app.store.registered_site(&c).await.unwrap(), None);
    own_pages.push(("network, refused".to_owned(), refusal));
    let made = on_a
        .submit(
            "/network",
            "/network/sites",
            &[("url", &c.to_string()), ("admin", &admin.username)],
        )
        .await;
    assert_eq!(made.status(), 303);
    assert_eq!(location(&made), "/network?done=created");
    tokio::time::sleep(RECHECK * 2).await;
    let on_c = app.at_site(&c);
    assert_eq!(
        on_c.anonymous()
            .get(on_c.url("/"))
            .send()
            .await
            .unwrap()
            .status(),
        200
    );
    // Suspended from the page, then served again.
    for (status, answer) in [("suspended", 503), ("live", 200)] {
        let done = on_a
            .submit(
                "/network",
                "/network/sites/status",
                &[("url", &c.to_string()), ("status", status)],
            )
            .await;
        assert_eq!(done.status(), 303, "{status}");
        tokio::time::sleep(RECHECK * 2).await;
        assert_eq!(
            on_c.anonymous()
                .get(on_c.url("/"))
                .send()
                .await
                .unwrap()
                .status(),
            answer,
            "{status}"
        );
    }
    let bad = on_a
        .submit(
            "/network",
            "/network/sites/status",
            &[("url", &c.to_string()), ("status", "deleting")],
        )
        .await;
    assert_eq!(bad.status(), 400, "deleting is not done from a button");
    // Not a network administrator any more: refused again.
    sibyl::app::shell_admin::run(
        app.store.as_ref(),
        &app.site,
        sibyl::config::UserCommand::SetRole {
            user: admin.username.clone(),
            role: None,
            network_admin: Some(false),
        },
    )
    .await
    .unwrap();
    assert_eq!(on_a.get("/network").await.status(), 403);

    let errors = super::html_checker::check(&own_pages);
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}
