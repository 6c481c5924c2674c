//! The site and its authors as the fediverse sees them, on both stores: WebFinger,
//! host-meta, NodeInfo, actors with their keys, outboxes, posts as `Article`s (also by
//! content negotiation at the post's address), deleted posts as tombstones; and an
//! ActivityPub implementation nobody here wrote (fediverse-pasture, on bovine) finding
//! and fetching the actors.

use crate::both_stores;
use crate::helpers::{TestApp, TestStore, location, spawn_app, spawn_app_with};
use serde_json::Value;
use sibyl::domain::federation::RemoteKey;

const ACTIVITY: &str = "application/activity+json";

/// A document fetched as a fediverse server fetches it, and its status.
pub(super) async fn fetch(app: &TestApp, path: &str) -> (u16, Value) {
    // The site's own URLs reach the test's instance at its address.
    let url = app.url(path.strip_prefix(app.site.as_str()).unwrap_or(path));
    let response = app
        .anonymous()
        .get(&url)
        .header("accept", ACTIVITY)
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    if status == 200 || status == 410 {
        assert_eq!(
            response.headers()["content-type"].to_str().unwrap(),
            "application/activity+json; charset=utf-8",
            "{path}"
        );
    }
    (status, response.json().await.unwrap_or(Value::Null))
}

pub(super) fn authority(app: &TestApp) -> String {
    app.site.as_str().split_once("://").unwrap().1.to_owned()
}

pub(super) async fn webfinger(app: &TestApp, resource: &str) -> (u16, Value) {
    let response = app
        .anonymous()
        .get(app.url(&format!(
            "/.well-known/webfinger?resource={}",
            sibyl::urls::encode_component(resource)
        )))
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    if status == 200 {
        assert_eq!(
            response.headers()["content-type"].to_str().unwrap(),
            "application/jrd+json; charset=utf-8"
        );
    }
    (status, response.json().await.unwrap_or(Value::Null))
}

/// The `self` link of a WebFinger answer.
pub(super) fn actor_of(found: &Value) -> String {
    found["links"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["rel"] == "self" && l["type"] == ACTIVITY)
        .unwrap_or_else(|| panic!("no self link: {found}"))["href"]
        .as_str()
        .unwrap()
        .to_owned()
}

both_stores!(
    the_site_and_its_authors_are_actors_found_by_webfinger,
    published_posts_are_articles_in_the_outboxes_and_deleted_ones_tombstones,
    a_peer_nobody_here_wrote_finds_and_fetches_the_actors,
    inboxes_take_what_its_actor_signed_and_refuse_the_rest,
    an_administrator_keeps_the_site_off_the_fediverse,
    a_key_document_naming_another_actor_as_itself_signs_nothing_for_it,
);

async fn the_site_and_its_authors_are_actors_found_by_webfinger(t: TestStore) {
    let app = spawn_app(t).await;
    let admin = app.set_up().await;
    let site = app.site.as_str().to_owned();
    let host = authority(&app);

    // An author, by their acct: address; the subject and preferredUsername agree.
    let (status, found) = webfinger(&app, &format!("acct:{}@{host}", admin.username)).await;
    assert_eq!(status, 200, "{found}");
    assert_eq!(found["subject"], format!("acct:{}@{host}", admin.username));
    let actor_id = actor_of(&found);
    let user = app
        .store
        .author_by_name(&sibyl::domain::Username::parse(&admin.username).unwrap())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(actor_id, format!("{site}/ap/users/{}", user.id.0));
    let (status, actor) = fetch(&app, &actor_id).await;
    assert_eq!(status, 200);
    assert_eq!(actor["type"], "Person");
    assert_eq!(actor["id"], actor_id);
    assert_eq!(actor["preferredUsername"], admin.username);
    assert_eq!(actor["name"], "Ada Admin");
    assert_eq!(actor["url"], format!("{site}/authors/{}", admin.username));
    for part in ["inbox", "outbox", "followers", "following"] {
        assert_eq!(actor[part], format!("{actor_id}/{part}"), "{part}");
    }
    assert_eq!(
        actor["endpoints"]["sharedInbox"],
        format!("{site}/ap/inbox")
    );
    assert_eq!(actor["publicKey"]["id"], format!("{actor_id}#main-key"));
    assert_eq!(actor["publicKey"]["owner"], actor_id);
    let pem = actor["publicKey"]["publicKeyPem"]
        .as_str()
        .unwrap()
        .to_owned();
    RemoteKey::from_pem(&pem).expect("the actor's key is an RSA public key");
    // Its id, its page and its profile URL find it too.
    for alias in [
        actor_id.clone(),
        format!("{site}/authors/{}", admin.username),
    ] {
        let (status, again) = webfinger(&app, &alias).await;
        assert_eq!(
            (status, actor_of(&again)),
            (200, actor_id.clone()),
            "{alias}"
        );
    }
    // The key was made once and kept: a second read (and another instance's) is the same.
    let (_, again) = fetch(&app, &actor_id).await;
    assert_eq!(again["publicKey"]["publicKeyPem"], pem.as_str());
    let kept = app
        .store
        .site_secret(&app.site, &format!("actor:{}", user.id.0))
        .await
        .unwrap()
        .expect("the key pair is kept with the site's secrets");
    assert_eq!(
        sibyl::domain::federation::ActorKey::from_pkcs8(&kept)
            .unwrap()
            .public_pem(),
        pem
    );
    // A browser sent to the actor goes to the author's page.
    let browser = app
        .anonymous()
        .get(app.url(actor_id.strip_prefix(&site).unwrap()))
        .header("accept", "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8")
        .send()
        .await
        .unwrap();
    assert_eq!(browser.status(), 303);
    assert_eq!(
        location(&browser),
        format!("{site}/authors/{}", admin.username)
    );

    // The site itself, by its host's name.
    let site_name = host
        .rsplit_once(':')
        .map_or(host.as_str(), |(h, _)| h)
        .to_owned();
    let (status, found) = webfinger(&app, &format!("acct:{site_name}@{host}")).await;
    assert_eq!(status, 200, "{found}");
    assert_eq!(actor_of(&found), format!("{site}/ap/site"));
    let (status, site_actor) = fetch(&app, "/ap/site").await;
    assert_eq!(status, 200);
    assert_eq!(site_actor["type"], "Application");
    assert_eq!(site_actor["preferredUsername"], site_name);
    assert_eq!(site_actor["name"], "Sibyl");
    assert_eq!(site_actor["url"], format!("{site}/"));
    assert_ne!(site_actor["publicKey"]["publicKeyPem"], pem.as_str());
    let (status, following) = fetch(&app, "/ap/site/following").await;
    assert_eq!((status, &following["totalItems"]), (200, &Value::from(0)));

    // A reader is no actor; nor is anyone of another domain, or a made-up name.
    let (reader, reader_name) = app.sign_up("a reader's password").await;
    drop(reader);
    for resource in [
        format!("acct:{reader_name}@{host}"),
        format!("acct:{}@elsewhere.example", admin.username),
        format!("acct:nobody-here@{host}"),
        "https://elsewhere.example/ap/site".to_owned(),
        "acct:".to_owned(),
        "mailto:someone@example.com".to_owned(),
    ] {
        assert_eq!(webfinger(&app, &resource).await.0, 404, "{resource}");
    }
    let reader_id = app
        .store
        .author_by_name(&sibyl::domain::Username::parse(&reader_name).unwrap())
        .await
        .unwrap()
        .unwrap()
        .id;
    assert_eq!(
        fetch(&app, &format!("/ap/users/{}", reader_id.0)).await.0,
        404
    );
    assert_eq!(
        fetch(&app, &format!("/ap/users/{}", uuid::Uuid::new_v4()))
            .await
            .0,
        404
    );
    // No resource at all is a bad request.
    let bare = app.anonymous_get("/.well-known/webfinger").await;
    assert_eq!(bare.status(), 400);
    assert!(bare.text().await.unwrap().contains("resource"));

    // host-meta leads to WebFinger; NodeInfo's links lead to its document.
    let meta = app.anonymous_get("/.well-known/host-meta").await;
    assert_eq!(meta.status(), 200);
    assert!(meta.text().await.unwrap().contains(&format!(
        "template=\"{site}/.well-known/webfinger?resource={{uri}}\""
    )));
    let links: Value = app
        .anonymous_get("/.well-known/nodeinfo")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(links["links"][0]["href"], format!("{site}/nodeinfo/2.1"));
    let info: Value = app
        .anonymous_get("/nodeinfo/2.1")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(info["version"], "2.1");
    assert_eq!(info["software"]["name"], "sibyl");
    assert_eq!(info["protocols"], serde_json::json!(["activitypub"]));
    assert_eq!(info["openRegistrations"], true);
    assert_eq!(info["metadata"]["nodeName"], "Sibyl");
}

async fn published_posts_are_articles_in_the_outboxes_and_deleted_ones_tombstones(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let site = app.site.as_str().to_owned();
    let body =
        "A *first* post, see [the tags](/tags).\n\n![A loaf](/static/favicon.svg)\n\nAnd more.";
    let response = app
        .write("Fish & chips", body, "Cooking, New York", "publish")
        .await;
    assert_eq!(response.status(), 303);
    let path = location(&response);
    let slug = sibyl::domain::Slug::parse(path.trim_start_matches("/posts/")).unwrap();
    let post = app
        .store
        .post_by_slug(&app.site, &slug)
        .await
        .unwrap()
        .unwrap();
    let draft = location(&app.write("Not yet", "A draft.", "", "draft").await);
    let draft_id = app
        .store
        .post_by_slug(
            &app.site,
            &sibyl::domain::Slug::parse(
                draft
                    .trim_start_matches("/posts/")
                    .split('/')
                    .next()
                    .unwrap(),
            )
            .unwrap(),
        )
        .await
        .unwrap()
        .unwrap()
        .id;

    let id = format!("{site}/ap/posts/{}", post.id.0);
    let author = format!("{site}/ap/users/{}", post.author_id.0);
    let (status, article) = fetch(&app, &id).await;
    assert_eq!(status, 200, "{article}");
    assert_eq!(article["type"], "Article");
    assert_eq!(article["id"], id);
    assert_eq!(article["url"], format!("{site}{path}"));
    assert_eq!(article["name"], "Fish & chips");
    assert_eq!(article["attributedTo"], author);
    assert_eq!(
        article["to"],
        serde_json::json!(["https://www.w3.org/ns/activitystreams#Public"])
    );
    assert!(
        article["cc"]
            .as_array()
            .unwrap()
            .contains(&Value::from(format!("{author}/followers")))
    );
    let content = article["content"].as_str().unwrap();
    assert!(content.contains("<em>first</em>"), "{content}");
    assert!(
        content.contains(&format!("href=\"{site}/tags\"")),
        "URLs are absolute: {content}"
    );
    assert_eq!(article["contentMap"]["en"], content);
    let preview = article["preview"]["content"].as_str().unwrap();
    assert!(preview.contains("Fish &amp; chips") && preview.contains(&format!("{site}{path}")));
    let mut tags: Vec<&str> = article["tag"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    tags.sort();
    assert_eq!(tags, ["#cooking", "#newyork"]);
    assert!(article["published"].as_str().unwrap().ends_with('Z'));
    assert!(article.get("updated").is_none(), "never revised: {article}");
    // Its first picture is the Article's image, at an absolute address.
    assert_eq!(article["image"]["type"], "Image", "{article}");
    assert_eq!(
        article["image"]["url"],
        format!("{site}/static/favicon.svg")
    );

    // The same Article at the post's own address, for a client that asks for it; a
    // browser gets the page, which says it varies by Accept.
    let (status, negotiated) = fetch(&app, &path).await;
    assert_eq!((status, &negotiated["id"]), (200, &Value::from(id.clone())));
    let page = app.anonymous_get(&path).await;
    assert_eq!(page.status(), 200);
    assert!(
        page.headers()
            .get_all("vary")
            .iter()
            .any(|v| v.to_str().unwrap().contains("Accept")),
        "{:?}",
        page.headers()
    );
    assert!(page.text().await.unwrap().contains("<html"));

    // The outboxes: the site's and the author's list its Create, never the draft's.
    for outbox in [format!("{site}/ap/site/outbox"), format!("{author}/outbox")] {
        let (status, collection) = fetch(&app, &outbox).await;
        assert_eq!(status, 200);
        assert_eq!(collection["type"], "OrderedCollection");
        let first = collection["first"].as_str().unwrap().to_owned();
        let (status, page) = fetch(&app, &first).await;
        assert_eq!(status, 200);
        assert_eq!(page["type"], "OrderedCollectionPage");
        assert_eq!(page["partOf"], outbox);
        let items = page["orderedItems"].as_array().unwrap();
        assert_eq!(items.len(), 1, "{page}");
        assert_eq!(items[0]["type"], "Create");
        assert_eq!(items[0]["actor"], author);
        assert_eq!(items[0]["object"]["id"], id);
    }
    // A draft does not federate, at either address.
    assert_eq!(
        fetch(&app, &format!("/ap/posts/{}", draft_id.0)).await.0,
        404
    );
    let draft_page = app.get(&draft).await;
    assert_eq!(draft_page.status(), 200);

    // A revision after publication: the Article says when.
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    let edit = format!("{path}/edit");
    let saved = app
        .submit(
            &edit,
            &edit,
            &[
                ("base", "1"),
                ("title", "Fish & chips, revised"),
                ("body", "A new text."),
                ("tags", "Cooking"),
                ("message", "Revised"),
                ("action", "save"),
            ],
        )
        .await;
    assert_eq!(saved.status(), 303);
    let (_, revised) = fetch(&app, &id).await;
    assert_eq!(revised["name"], "Fish & chips, revised");
    assert!(revised["updated"].as_str().unwrap() > revised["published"].as_str().unwrap());

    // Deleted: its id answers 410 with a Tombstone, and it leaves the outbox.
    let delete = format!("{path}/delete");
    let deleted = app.submit(&delete, &delete, &[]).await;
    assert_eq!(deleted.status(), 303, "{}", deleted.text().await.unwrap());
    let (status, tombstone) = fetch(&app, &id).await;
    assert_eq!(status, 410);
    assert_eq!(tombstone["type"], "Tombstone");
    assert_eq!(tombstone["id"], id);
    let (_, page) = fetch(&app, "/ap/site/outbox?page=true").await;
    assert_eq!(page["orderedItems"], serde_json::json!([]));
}

/// fediverse-pasture's verify_actor (`scripts/fediverse-peer verify`), run from the
/// virtual environment scripts/test makes; the test fails if it cannot start.
struct Peer {
    child: std::process::Child,
    port: u16,
    /// Where it writes its keys and caches.
    _dir: tempfile::TempDir,
}

impl Peer {
    async fn start() -> Self {
        let python = std::env::var("SIBYL_PASTURE_PYTHON").unwrap_or_else(|_| {
            concat!(env!("CARGO_MANIFEST_DIR"), "/target/fediverse/bin/python").to_owned()
        });
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/fediverse-peer");
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let dir = tempfile::tempdir().unwrap();
        let child = std::process::Command::new(&python)
            .current_dir(dir.path())
            .arg(script)
            .arg("verify")
            .arg(port.to_string())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap_or_else(|e| {
                panic!("cannot run {python} (scripts/test installs fediverse-pasture there): {e}")
            });
        let mut peer = Self {
            child,
            port,
            _dir: dir,
        };
        for _ in 0..300 {
            if let Some(status) = peer.child.try_wait().unwrap() {
                panic!("fediverse-pasture's verify_actor ended at start ({status})");
            }
            if tokio::net::TcpStream::connect(("127.0.0.1", port))
                .await
                .is_ok()
            {
                return peer;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        let _ = peer.child.kill();
        panic!("fediverse-pasture's verify_actor did not listen on {port} in 30 s");
    }
}

impl Drop for Peer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

async fn a_peer_nobody_here_wrote_finds_and_fetches_the_actors(t: TestStore) {
    let app = reachable(t, true).await;
    let admin = app.set_up().await;
    let host = authority(&app);
    let site_name = host
        .rsplit_once(':')
        .map_or(host.as_str(), |(h, _)| h)
        .to_owned();
    let peer = Peer::start().await;
    for name in [admin.username.as_str(), site_name.as_str()] {
        let verdict: Value = reqwest::Client::new()
            .get(format!(
                "http://127.0.0.1:{}/?actor_uri={}",
                peer.port,
                sibyl::urls::encode_component(&format!("acct:{name}@{host}"))
            ))
            .header("accept", "application/json")
            .timeout(std::time::Duration::from_secs(60))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let result = &verdict["result"];
        assert_eq!(result["webfinger"], true, "{name}: {}", verdict["messages"]);
        // Its six actors, signing their GETs or not, all fetch the actor.
        for who in ["alice", "bob", "claire", "dean", "emily", "frank"] {
            assert_eq!(
                result[who]["get_actor"], true,
                "{name}, {who}: {}",
                verdict["messages"]
            );
        }
        // Its unsigned POSTs (alice's, dean's) are refused; its signed ones accepted,
        // once Sibyl fetched each signer's key from it (on loopback, allowed here).
        for who in ["alice", "dean"] {
            assert_eq!(result[who]["post_inbox"], false, "{name}, {who}");
        }
        for who in ["bob", "claire", "emily", "frank"] {
            assert_eq!(
                result[who]["post_inbox"], true,
                "{name}, {who}: {}",
                verdict["messages"]
            );
        }
    }
}

/// The application at a URL of its own that other processes reach: an address of the
/// loopback network for this test alone (the site's rows are keyed by it), where the
/// instance listens; fetching from loopback allowed or not.
pub(super) async fn reachable(t: TestStore, fetch_loopback: bool) -> TestApp {
    reachable_with(t, fetch_loopback, |_| {}).await
}

/// [`reachable`], with the configuration adjusted further.
pub(super) async fn reachable_with(
    t: TestStore,
    fetch_loopback: bool,
    adjust: impl FnOnce(&mut sibyl::startup::AppConfig),
) -> TestApp {
    let bytes = uuid::Uuid::new_v4().into_bytes();
    let ip = std::net::Ipv4Addr::new(127, bytes[0].max(1), bytes[1], bytes[2].clamp(1, 254));
    let port = std::net::TcpListener::bind((ip, 0))
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let site = sibyl::domain::Site::parse(&format!("http://{ip}:{port}")).unwrap();
    spawn_app_with(t, |config| {
        config.site = site;
        config.listen = std::net::SocketAddr::from((ip, port));
        // Deliveries go out at once (and due ones are looked for every second).
        config.fediverse = Some(sibyl::app::jobs::fediverse::FediverseConfig {
            every: std::time::Duration::from_secs(1),
            settle: std::time::Duration::from_secs(2),
            dead_after: sibyl::app::federation::delivery::DEAD_AFTER,
        });
        if fetch_loopback {
            config.fetch.allow =
                vec![sibyl::binaries::fetch::Network::parse("127.0.0.0/8").unwrap()];
        }
        adjust(config);
    })
    .await
}

/// Someone of another server who signs what they send: an author of another Sibyl,
/// reachable at its own address, with their actor's id and key pair.
struct Signer {
    _app: TestApp,
    actor: String,
    site_actor: String,
    key: sibyl::domain::federation::ActorKey,
}

impl Signer {
    async fn start() -> Self {
        let app = reachable(TestStore::sqlite().await, false).await;
        let admin = app.set_up().await;
        let (_, found) = webfinger(
            &app,
            &format!("acct:{}@{}", admin.username, authority(&app)),
        )
        .await;
        let actor = actor_of(&found);
        // Fetching the actor made its key pair; the test signs with it.
        assert_eq!(fetch(&app, &actor).await.0, 200);
        let id = actor.rsplit('/').next().unwrap().to_owned();
        let der = app
            .store
            .site_secret(&app.site, &format!("actor:{id}"))
            .await
            .unwrap()
            .unwrap();
        let site_actor = format!("{}/ap/site", app.site.as_str());
        Self {
            key: sibyl::domain::federation::ActorKey::from_pkcs8(&der).unwrap(),
            _app: app,
            actor,
            site_actor,
        }
    }

    /// POSTs `body` to `path` of `app`, signed for `signed_path` (the same, unless the
    /// test moves it) with a date `skew` away from now; `digest_of` is what the Digest
    /// header is computed over (the body, unless the test tampers with it).
    #[expect(
        clippy::too_many_arguments,
        reason = "each case of the test changes one of them"
    )]
    async fn post(
        &self,
        app: &TestApp,
        path: &str,
        signed_path: &str,
        body: &[u8],
        digest_of: &[u8],
        skew: chrono::Duration,
        key_id: &str,
    ) -> reqwest::Response {
        use sibyl::domain::federation::signature;
        let url = reqwest::Url::parse(&app.url(path)).unwrap();
        let host = format!("{}:{}", url.host_str().unwrap(), url.port().unwrap());
        let date = (chrono::Utc::now() + skew)
            .format("%a, %d %b %Y %H:%M:%S GMT")
            .to_string();
        let headers = vec![
            ("host".to_owned(), host),
            ("date".to_owned(), date.clone()),
            ("digest".to_owned(), signature::digest(digest_of)),
        ];
        let request = signature::Request {
            method: "POST",
            target: signed_path,
            headers: &headers,
        };
        let value = signature::sign(&self.key, key_id, &request).unwrap();
        app.anonymous()
            .post(url)
            .header("date", date)
            .header("digest", signature::digest(digest_of))
            .header("signature", value)
            .header("content-type", ACTIVITY)
            .body(body.to_vec())
            .send()
            .await
            .unwrap()
    }

    fn key_id(&self) -> String {
        format!("{}#main-key", self.actor)
    }

    /// The same POST, signed with another key pair than the actor's.
    async fn post_with(
        &self,
        key: sibyl::domain::federation::ActorKey,
        app: &TestApp,
        body: &[u8],
        key_id: &str,
    ) -> reqwest::Response {
        let impostor = Signer {
            _app: self._app.another_browser(),
            actor: self.actor.clone(),
            site_actor: self.site_actor.clone(),
            key,
        };
        impostor
            .post(
                app,
                "/ap/inbox",
                "/ap/inbox",
                body,
                body,
                chrono::Duration::zero(),
                key_id,
            )
            .await
    }

    /// POSTs `body` to `path` of `app` signed as RFC 9421 says (what newer servers send):
    /// the method, the target URI and the body's Content-Digest, by rsa-v1_5-sha256;
    /// `digest_of` is what the digest is computed over.
    async fn post_rfc9421(
        &self,
        app: &TestApp,
        path: &str,
        body: &[u8],
        digest_of: &[u8],
    ) -> reqwest::Response {
        use base64::Engine;
        use sha2::Digest;
        use sibyl::domain::federation::message_signature;
        let b64 = |bytes: &[u8]| base64::engine::general_purpose::STANDARD.encode(bytes);
        let url = reqwest::Url::parse(&app.url(path)).unwrap();
        let host = format!("{}:{}", url.host_str().unwrap(), url.port().unwrap());
        let digest = format!("sha-256=:{}:", b64(&sha2::Sha256::digest(digest_of)));
        let input = format!(
            "sig1=(\"@method\" \"@target-uri\" \"content-digest\");created={};keyid=\"{}\";alg=\"rsa-v1_5-sha256\"",
            chrono::Utc::now().timestamp(),
            self.key_id()
        );
        let headers = vec![
            ("host".to_owned(), host),
            ("content-digest".to_owned(), digest.clone()),
        ];
        let message = message_signature::Message {
            method: "POST",
            scheme: "http",
            target: path,
            headers: &headers,
        };
        let unsigned = message_signature::parse(&input, "sig1=:AAAA:")
            .unwrap()
            .remove(0);
        let base = unsigned.base(&message).unwrap();
        let signature = format!("sig1=:{}:", b64(&self.key.sign(base.as_bytes()).unwrap()));
        app.anonymous()
            .post(url)
            .header("content-digest", digest)
            .header("signature-input", input)
            .header("signature", signature)
            .header("content-type", ACTIVITY)
            .body(body.to_vec())
            .send()
            .await
            .unwrap()
    }

    /// A Like by `actor` of `object`.
    fn like(actor: &str, object: &str) -> Vec<u8> {
        serde_json::json!({
            "@context": "https://www.w3.org/ns/activitystreams",
            "id": format!("{actor}/likes/{}", uuid::Uuid::new_v4()),
            "type": "Like",
            "actor": actor,
            "object": object,
        })
        .to_string()
        .into_bytes()
    }
}

async fn inboxes_take_what_its_actor_signed_and_refuse_the_rest(t: TestStore) {
    let app = spawn_app_with(t, |config| {
        config.fetch.allow = vec![sibyl::binaries::fetch::Network::parse("127.0.0.0/8").unwrap()];
    })
    .await;
    let admin = app.set_up().await;
    let post = app.publish("Liked", "A post to like.").await;
    let (_, found) = webfinger(
        &app,
        &format!("acct:{}@{}", admin.username, authority(&app)),
    )
    .await;
    let author_inbox = format!(
        "{}/inbox",
        actor_of(&found).strip_prefix(app.site.as_str()).unwrap()
    );
    let signer = Signer::start().await;
    let now = chrono::Duration::zero();
    let like = Signer::like(&signer.actor, &format!("{}{post}", app.site.as_str()));
    let key_id = signer.key_id();

    // The signer's server was failing every delivery: sending something, it is up again.
    let signer_server = signer.actor.split('/').nth(2).unwrap().to_owned();
    let failing = sibyl::store::federation::Failing {
        server: signer_server.clone(),
        since: chrono::Utc::now() - chrono::Duration::days(2),
        last: "connection refused".into(),
    };
    app.store
        .note_failing_server(&app.site, &failing)
        .await
        .unwrap();
    assert!(
        app.store
            .failing_server(&app.site, &signer_server)
            .await
            .unwrap()
            .is_some()
    );

    // Signed by its own actor: accepted, at the shared inbox and at each actor's.
    for inbox in ["/ap/inbox", "/ap/site/inbox", author_inbox.as_str()] {
        let accepted = signer
            .post(&app, inbox, inbox, &like, &like, now, &key_id)
            .await;
        assert_eq!(
            accepted.status(),
            202,
            "{inbox}: {}",
            accepted.text().await.unwrap()
        );
    }

    assert_eq!(
        app.store
            .failing_server(&app.site, &signer_server)
            .await
            .unwrap(),
        None,
        "a server that sends an activity is failing no more"
    );

    // Signed as RFC 9421 says: accepted; with another body than the one signed, not.
    let accepted = signer.post_rfc9421(&app, "/ap/inbox", &like, &like).await;
    assert_eq!(accepted.status(), 202, "{}", accepted.text().await.unwrap());
    let other_body = Signer::like(&signer.actor, "https://elsewhere.example/y");
    assert_eq!(
        signer
            .post_rfc9421(&app, "/ap/inbox", &other_body, &like)
            .await
            .status(),
        401
    );

    let refused = |response: reqwest::Response, status: u16, why: &'static str| async move {
        assert_eq!(response.status(), status, "{why}");
        let text = response.text().await.unwrap();
        let message: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
        assert!(message["error"].is_string(), "{why}: {text}");
        message["error"].as_str().unwrap().to_owned()
    };
    // Unsigned.
    let unsigned = app
        .anonymous()
        .post(app.url("/ap/inbox"))
        .header("content-type", ACTIVITY)
        .body(like.clone())
        .send()
        .await
        .unwrap();
    let why = refused(unsigned, 401, "unsigned").await;
    assert!(why.contains("not signed"), "{why}");
    // A body that is not the one signed.
    let other = Signer::like(&signer.actor, "https://elsewhere.example/x");
    let why = refused(
        signer
            .post(&app, "/ap/inbox", "/ap/inbox", &other, &like, now, &key_id)
            .await,
        401,
        "tampered body",
    )
    .await;
    assert!(why.contains("digest"), "{why}");
    // Signed for another inbox than the one it reached.
    refused(
        signer
            .post(
                &app,
                "/ap/site/inbox",
                "/ap/inbox",
                &like,
                &like,
                now,
                &key_id,
            )
            .await,
        401,
        "moved",
    )
    .await;
    // Dated two hours ahead.
    let why = refused(
        signer
            .post(
                &app,
                "/ap/inbox",
                "/ap/inbox",
                &like,
                &like,
                chrono::Duration::hours(2),
                &key_id,
            )
            .await,
        401,
        "stale",
    )
    .await;
    assert!(why.contains("window"), "{why}");
    // Signed by the author, claiming to come from their site's actor.
    let impostor = Signer::like(&signer.site_actor, "https://elsewhere.example/x");
    let why = refused(
        signer
            .post(
                &app,
                "/ap/inbox",
                "/ap/inbox",
                &impostor,
                &impostor,
                now,
                &key_id,
            )
            .await,
        401,
        "another actor",
    )
    .await;
    assert!(why.contains("signed it"), "{why}");
    // A key that is not there.
    let missing = format!(
        "{}/ap/users/{}#main-key",
        signer._app.site.as_str(),
        uuid::Uuid::new_v4()
    );
    let why = refused(
        signer
            .post(&app, "/ap/inbox", "/ap/inbox", &like, &like, now, &missing)
            .await,
        401,
        "no such key",
    )
    .await;
    assert!(why.contains("cannot be had"), "{why}");
    // Signed, but not JSON.
    refused(
        signer
            .post(
                &app,
                "/ap/inbox",
                "/ap/inbox",
                b"{not json",
                b"{not json",
                now,
                &key_id,
            )
            .await,
        400,
        "not JSON",
    )
    .await;
    // Too large: refused before anything is read or fetched.
    let huge = vec![b' '; 300 * 1024];
    let too_large = signer
        .post(&app, "/ap/inbox", "/ap/inbox", &huge, &huge, now, &key_id)
        .await;
    assert_eq!(too_large.status(), 413);
    // The inbox of an account that is no actor.
    let nobody = format!("/ap/users/{}/inbox", uuid::Uuid::new_v4());
    assert_eq!(
        signer
            .post(&app, &nobody, &nobody, &like, &like, now, &key_id)
            .await
            .status(),
        404
    );
    // A Follow of an actor the site does not have.
    let follow_nobody = serde_json::json!({
        "id": format!("{}/follows/{}", signer.actor, uuid::Uuid::new_v4()),
        "type": "Follow",
        "actor": signer.actor,
        "object": format!("{}/ap/users/{}", app.site.as_str(), uuid::Uuid::new_v4()),
    })
    .to_string()
    .into_bytes();
    let why = refused(
        signer
            .post(
                &app,
                "/ap/inbox",
                "/ap/inbox",
                &follow_nobody,
                &follow_nobody,
                now,
                &key_id,
            )
            .await,
        404,
        "a follow of nobody",
    )
    .await;
    assert!(why.contains("not an actor of this site"), "{why}");
    // An actor deleting itself, with a key nobody can fetch (a private address): 202,
    // and nothing fetched (a fetch there would be refused, and answer 401).
    let gone = "http://10.255.255.1/users/gone";
    let delete = serde_json::json!({
        "id": format!("{gone}#delete"),
        "type": "Delete",
        "actor": gone,
        "object": gone,
    })
    .to_string()
    .into_bytes();
    let deleted = signer
        .post(
            &app,
            "/ap/inbox",
            "/ap/inbox",
            &delete,
            &delete,
            now,
            &format!("{gone}#main-key"),
        )
        .await;
    assert_eq!(deleted.status(), 202);

    // Where fetching from loopback is not allowed (the default), the signer's key is not
    // fetched, and its signature cannot be checked.
    let guarded = spawn_app(TestStore::sqlite().await).await;
    guarded.set_up().await;
    let why = refused(
        signer
            .post(
                &guarded,
                "/ap/inbox",
                "/ap/inbox",
                &like,
                &like,
                now,
                &key_id,
            )
            .await,
        401,
        "loopback refused",
    )
    .await;
    assert!(why.contains("cannot be had"), "{why}");

    // Keys fetched from one server are counted: past the limit (two here), a post naming
    // a key this instance does not hold gets 429 and nothing is fetched, however good.
    let limited = spawn_app_with(TestStore::sqlite().await, |config| {
        config.fetch.allow = vec![sibyl::binaries::fetch::Network::parse("127.0.0.0/8").unwrap()];
        config.rate_limits.key_fetch_per_host = sibyl::app::limits::Limit {
            max: 2,
            window: std::time::Duration::from_secs(600),
        };
    })
    .await;
    limited.set_up().await;
    for _ in 0..2 {
        let unknown = format!(
            "{}/ap/users/{}#main-key",
            signer._app.site.as_str(),
            uuid::Uuid::new_v4()
        );
        let response = signer
            .post(
                &limited,
                "/ap/inbox",
                "/ap/inbox",
                &like,
                &like,
                now,
                &unknown,
            )
            .await;
        assert_eq!(response.status(), 401);
    }
    let turned_away = signer
        .post(
            &limited,
            "/ap/inbox",
            "/ap/inbox",
            &like,
            &like,
            now,
            &key_id,
        )
        .await;
    assert_eq!(turned_away.status(), 429);
    assert_eq!(turned_away.headers()["retry-after"], "600");
    let why = refused(turned_away, 429, "too many keys").await;
    assert!(why.contains("Too many keys"), "{why}");
}

/// Saves the site's settings (/admin/site) with the boxes named in `ticked` ticked and
/// the others not.
pub(super) async fn save_site_boxes(app: &TestApp, ticked: &[&'static str]) {
    let mut fields = vec![
        ("title", "A site on the fediverse"),
        ("tagline", ""),
        ("description", "Its settings, saved."),
        ("language", "en"),
        ("footer", ""),
    ];
    fields.extend(ticked.iter().map(|name| (*name, "on")));
    let saved = app.submit("/admin/site", "/admin/site", &fields).await;
    assert_eq!(saved.status(), 303, "{}", saved.text().await.unwrap());
}

/// Saves the site's settings with the fediverse box ticked or not.
async fn keep_off(app: &TestApp, off: bool) {
    save_site_boxes(app, if off { &["fediverse_off"] } else { &[] }).await;
}

async fn an_administrator_keeps_the_site_off_the_fediverse(t: TestStore) {
    let app = spawn_app(t).await;
    let admin = app.set_up().await;
    let path = app.publish("Quiet", "Nothing to see.").await;
    let resource = format!("acct:{}@{}", admin.username, authority(&app));
    assert_eq!(webfinger(&app, &resource).await.0, 200);
    let (status, article) = fetch(&app, &path).await;
    assert_eq!(status, 200);
    let article_id = article["id"].as_str().unwrap().to_owned();

    keep_off(&app, true).await;
    let form = app.get_html("/admin/site").await;
    assert!(form.contains(r#"id="fediverse-off" checked"#), "{form}");
    assert_eq!(webfinger(&app, &resource).await.0, 404);
    for gone in [
        "/ap/site",
        "/ap/site/outbox",
        "/.well-known/nodeinfo",
        "/nodeinfo/2.1",
    ] {
        assert_eq!(fetch(&app, gone).await.0, 404, "{gone}");
    }
    assert_eq!(fetch(&app, &article_id).await.0, 404);
    // The post's address gives its page to a client asking for an activity.
    let page = app
        .anonymous()
        .get(app.url(&path))
        .header("accept", ACTIVITY)
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), 200);
    assert!(
        page.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/html")
    );
    // The inbox is not there, signed or not.
    let posted = app
        .anonymous()
        .post(app.url("/ap/inbox"))
        .header("content-type", ACTIVITY)
        .body(r#"{"type":"Follow"}"#)
        .send()
        .await
        .unwrap();
    assert_eq!(posted.status(), 404);

    keep_off(&app, false).await;
    assert_eq!(webfinger(&app, &resource).await.0, 200);
    assert_eq!(fetch(&app, "/ap/site").await.0, 200);
    assert_eq!(fetch(&app, &article_id).await.0, 200);
}

/// A server serving, at `/k`, a key of its own in a document that says it is `victim`'s
/// actor (as a spoofer would): its address and the key pair.
fn spoofing_key_server(victim: &str) -> (String, sibyl::domain::federation::ActorKey) {
    use actix_web::{App, HttpResponse, HttpServer, web};
    let key = sibyl::domain::federation::ActorKey::from_pkcs8(
        &sibyl::domain::federation::keys::generate().unwrap(),
    )
    .unwrap();
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://127.0.0.1:{}", listener.local_addr().unwrap().port());
    let doc = serde_json::json!({
        "@context": "https://www.w3.org/ns/activitystreams",
        "id": victim,
        "type": "Person",
        "inbox": format!("{base}/inbox"),
        "publicKey": {
            "id": format!("{base}/k"),
            "owner": victim,
            "publicKeyPem": key.public_pem(),
        },
    })
    .to_string();
    let server = HttpServer::new(move || {
        let doc = doc.clone();
        App::new().route(
            "/k",
            web::get().to(move || {
                let doc = doc.clone();
                async move {
                    HttpResponse::Ok()
                        .content_type("application/activity+json")
                        .body(doc)
                }
            }),
        )
    })
    .workers(1)
    .listen(listener)
    .unwrap()
    .run();
    tokio::spawn(server);
    (base, key)
}

async fn a_key_document_naming_another_actor_as_itself_signs_nothing_for_it(t: TestStore) {
    let app = spawn_app_with(t, |config| {
        config.fetch.allow = vec![sibyl::binaries::fetch::Network::parse("127.0.0.0/8").unwrap()];
    })
    .await;
    app.set_up().await;
    let post = app.publish("Liked", "A post to like.").await;
    let victim = Signer::start().await;
    let (spoofer, key) = spoofing_key_server(&victim.actor);
    let like = Signer::like(&victim.actor, &format!("{}{post}", app.site.as_str()));
    let key_id = format!("{spoofer}/k");
    let refused = victim.post_with(key, &app, &like, &key_id).await;
    assert_eq!(refused.status(), 401, "{}", refused.text().await.unwrap());
    // The victim's own key still signs for them.
    let accepted = victim
        .post(
            &app,
            "/ap/inbox",
            "/ap/inbox",
            &like,
            &like,
            chrono::Duration::zero(),
            &victim.key_id(),
        )
        .await;
    assert_eq!(accepted.status(), 202, "{}", accepted.text().await.unwrap());
}
