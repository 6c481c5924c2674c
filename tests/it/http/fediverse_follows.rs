//! Followed from the fediverse, on both stores: fediverse-pasture's one_actor (an
//! ActivityPub server nobody here wrote, whose inbox takes only what bovine's signature
//! checker verifies) follows an author, receives the `Accept` from Sibyl's delivery job,
//! is counted in the author's followers, then receives the `Create` of a post the author
//! publishes, one `Update` for two edits in a row and the `Delete` when it is deleted;
//! the same `Follow` sent again changes nothing, and its `Undo` ends the follow.

use super::federation::{actor_of, authority, fetch, reachable, webfinger};
use crate::both_stores;
use crate::helpers::{TestApp, TestStore, csrf_in, spawn_app_with};
use serde_json::Value;
use sibyl::app::federation::Whose;
use sibyl::store::federation::{Delivery, Outgoing};
use std::path::Path;
use std::time::Duration;

both_stores!(
    a_peer_nobody_here_wrote_follows_an_author_and_is_accepted,
    deliveries_to_a_server_failing_every_one_are_set_aside,
    a_server_reading_only_rfc_9421_gets_it_after_refusing_the_other,
);

/// fediverse-pasture's one_actor (`scripts/fediverse-peer one-actor`), run from the
/// virtual environment scripts/test makes; the test fails if it cannot start.
pub(super) struct OneActor {
    child: std::process::Child,
    port: u16,
    /// Its keys, and the activities its inbox took (`inbox.jsonl`).
    dir: tempfile::TempDir,
}

fn python() -> String {
    std::env::var("SIBYL_PASTURE_PYTHON").unwrap_or_else(|_| {
        concat!(env!("CARGO_MANIFEST_DIR"), "/target/fediverse/bin/python").to_owned()
    })
}

const SCRIPT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/fediverse-peer");

impl OneActor {
    pub(super) async fn start() -> Self {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let dir = tempfile::tempdir().unwrap();
        let child = std::process::Command::new(python())
            .current_dir(dir.path())
            .args([SCRIPT, "one-actor", &port.to_string()])
            .stdout(std::process::Stdio::null())
            .stderr(std::fs::File::create(dir.path().join("stderr.log")).unwrap())
            .spawn()
            .unwrap_or_else(|e| {
                panic!(
                    "cannot run {} (scripts/test installs fediverse-pasture there): {e}",
                    python()
                )
            });
        let mut peer = Self { child, port, dir };
        for _ in 0..300 {
            if let Some(status) = peer.child.try_wait().unwrap() {
                panic!(
                    "fediverse-pasture's one_actor ended at start ({status}): {}",
                    peer.log()
                );
            }
            if tokio::net::TcpStream::connect(("127.0.0.1", port))
                .await
                .is_ok()
            {
                return peer;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("fediverse-pasture's one_actor did not listen on {port} in 30 s");
    }

    pub(super) fn id(&self) -> String {
        format!("http://127.0.0.1:{}/actor", self.port)
    }

    pub(super) fn log(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("stderr.log")).unwrap_or_default()
    }

    /// Its actor sends a Follow of `target` (or the Follow's Undo): the answer's status.
    pub(super) fn send(&self, kind: &str, target: &str, follow_id: &str) -> String {
        let out = std::process::Command::new(python())
            .current_dir(self.dir.path())
            .args([
                SCRIPT,
                "send",
                &self.port.to_string(),
                kind,
                target,
                follow_id,
            ])
            .output()
            .unwrap();
        format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout).trim(),
            String::from_utf8_lossy(&out.stderr)
        )
    }

    /// Its actor sends `activity` (where `$ME` stands for its id), signed, to the inbox
    /// of `target`: the answer's status (and text, if it is an error).
    pub(super) fn post(&self, target: &str, activity: &Value) -> String {
        let file = self.dir.path().join("activity.json");
        std::fs::write(&file, activity.to_string()).unwrap();
        let out = std::process::Command::new(python())
            .current_dir(self.dir.path())
            .args([SCRIPT, "post", &self.port.to_string(), target])
            .arg(&file)
            .output()
            .unwrap();
        format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout).trim(),
            String::from_utf8_lossy(&out.stderr)
        )
    }

    /// Its actor sends each example of the named sets of fediverse-pasture-inputs as a
    /// note answering `in_reply_to`, signed, to the inbox of `target`: one line each, with
    /// its set, index, the answer's status and the note sent.
    pub(super) fn inputs(&self, target: &str, in_reply_to: &str, sets: &[&str]) -> Vec<Value> {
        let out = std::process::Command::new(python())
            .current_dir(self.dir.path())
            .args([
                SCRIPT,
                "inputs",
                &self.port.to_string(),
                target,
                in_reply_to,
            ])
            .args(sets)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect()
    }

    /// What its inbox took (each POST's signature verified by bovine first).
    pub(super) fn received(&self) -> Vec<Value> {
        read_lines(&self.dir.path().join("inbox.jsonl"))
    }

    /// Waits (up to 30 s) until its inbox took an activity `matches` accepts.
    pub(super) async fn wait_for(&self, what: &str, matches: impl Fn(&Value) -> bool) -> Value {
        for _ in 0..300 {
            if let Some(found) = self.received().into_iter().find(|a| matches(a)) {
                return found;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!(
            "one_actor's inbox took no {what} in 30 s: {:?}\n{}",
            self.received(),
            self.log()
        );
    }
}

fn read_lines(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect()
}

impl Drop for OneActor {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

async fn a_peer_nobody_here_wrote_follows_an_author_and_is_accepted(t: TestStore) {
    let app = reachable(t, true).await;
    let admin = app.set_up().await;
    let (_, found) = webfinger(
        &app,
        &format!("acct:{}@{}", admin.username, authority(&app)),
    )
    .await;
    let author = actor_of(&found);
    let followers = format!("{author}/followers");
    let (status, before) = fetch(&app, &followers).await;
    assert_eq!(status, 200);
    assert_eq!(before["totalItems"], 0, "{before}");

    let peer = OneActor::start().await;
    let follow_id = format!("{}/follows/{}", peer.id(), uuid::Uuid::new_v4());
    let sent = peer.send("follow", &author, &follow_id);
    assert_eq!(sent, "202", "{}", peer.log());
    // The Accept arrives, signed by the author (bovine checked it before taking it).
    let accept = peer.wait_for("Accept", |a| a["type"] == "Accept").await;
    assert_eq!(accept["actor"], author.as_str(), "{accept}");
    assert_eq!(accept["object"]["id"], follow_id.as_str(), "{accept}");
    assert_eq!(accept["object"]["type"], "Follow");
    assert_eq!(accept["object"]["actor"], peer.id().as_str());
    let (_, after) = fetch(&app, &followers).await;
    assert_eq!(after["totalItems"], 1, "{after}");
    // The site's actor has followers of its own, not the author's.
    let (_, site) = fetch(&app, "/ap/site/followers").await;
    assert_eq!(site["totalItems"], 0, "{site}");
    let delivered = app
        .store
        .remote_followers(
            &app.site,
            author.rsplit('/').next().unwrap(),
            sibyl::store::federation::follower_shard(&peer.id()),
            None,
            10,
        )
        .await
        .unwrap();
    assert_eq!(delivered.len(), 1);
    assert_eq!(delivered[0].actor, peer.id());
    assert_eq!(delivered[0].follow, follow_id);

    // A post published, edited twice in a row, then deleted: a Create, one Update with
    // the last text, a Delete, each signed by the author.
    let path = app.publish("Federated", "First text.").await;
    let create = peer.wait_for("Create", |a| a["type"] == "Create").await;
    assert_eq!(create["actor"], author.as_str(), "{create}");
    let article = create["object"]["id"].as_str().unwrap().to_owned();
    assert!(
        article.starts_with(&format!("{}/ap/posts/", app.site.as_str())),
        "{article}"
    );
    assert_eq!(create["object"]["type"], "Article");
    assert_eq!(create["object"]["name"], "Federated");
    assert!(
        create["object"]["content"]
            .as_str()
            .unwrap()
            .contains("First text.")
    );
    for (base, text) in [("1", "Second text."), ("2", "Third text.")] {
        let saved = app
            .submit(
                &format!("{path}/edit"),
                &format!("{path}/edit"),
                &[
                    ("base", base),
                    ("title", "Federated"),
                    ("body", text),
                    ("tags", "notes"),
                    ("message", ""),
                ],
            )
            .await;
        assert_eq!(saved.status(), 303, "{}", saved.text().await.unwrap());
    }
    let update = peer.wait_for("Update", |a| a["type"] == "Update").await;
    assert_eq!(update["object"]["id"], article.as_str(), "{update}");
    assert!(
        update["object"]["content"]
            .as_str()
            .unwrap()
            .contains("Third text."),
        "{update}"
    );
    assert!(update["object"]["updated"].is_string(), "{update}");
    // A translation published afterwards changes the Article (its contentMap), though not
    // the post's own text: an Update of its own, later than the last.
    let translated = app
        .submit(
            &format!("{path}/edit?lang=fr"),
            &format!("{path}/edit?lang=fr"),
            &[
                ("base", "0"),
                ("title", "Fédéré"),
                ("body", "Troisième texte."),
                ("message", ""),
                ("action", "save"),
            ],
        )
        .await;
    assert_eq!(translated.status(), 303);
    let published = app
        .submit(
            &format!("{path}?lang=fr"),
            &format!("{path}/publish?lang=fr"),
            &[],
        )
        .await;
    assert_eq!(published.status(), 303);
    let with_french = peer
        .wait_for("Update with the translation", |a| {
            a["type"] == "Update" && a["object"]["contentMap"]["fr"].is_string()
        })
        .await;
    assert!(
        with_french["object"]["contentMap"]["fr"]
            .as_str()
            .unwrap()
            .contains("Troisième texte."),
        "{with_french}"
    );
    assert!(
        with_french["object"]["updated"].as_str() > update["object"]["updated"].as_str(),
        "{with_french}"
    );
    // Unpublished: a Delete; published again: a Create of its own (another id).
    let form = app.get_html(&path).await;
    app.post_form(&format!("{path}/unpublish"), &[("csrf", &csrf_in(&form))])
        .await;
    let withdrawn = peer.wait_for("Delete", |a| a["type"] == "Delete").await;
    assert_eq!(withdrawn["object"]["id"], article.as_str(), "{withdrawn}");
    let draft = app.get_html(&path).await;
    let again = app
        .post_form(&format!("{path}/publish"), &[("csrf", &csrf_in(&draft))])
        .await;
    assert_eq!(again.status(), 303);
    let first_create = create["id"].as_str().unwrap().to_owned();
    let recreated = peer
        .wait_for("second Create", |a| {
            a["type"] == "Create" && a["id"].as_str() != Some(first_create.as_str())
        })
        .await;
    assert_eq!(recreated["object"]["id"], article.as_str(), "{recreated}");
    let first_delete = withdrawn["id"].as_str().unwrap().to_owned();

    let delete = format!("{path}/delete");
    let confirm = app.get_html(&delete).await;
    let done = app
        .post_form(&delete, &[("csrf", &csrf_in(&confirm))])
        .await;
    assert_eq!(done.status(), 303);
    let deleted = peer
        .wait_for("second Delete", |a| {
            a["type"] == "Delete" && a["id"].as_str() != Some(first_delete.as_str())
        })
        .await;
    assert_eq!(deleted["object"]["id"], article.as_str(), "{deleted}");
    assert_eq!(deleted["object"]["type"], "Tombstone");
    assert_eq!(fetch(&app, &article).await.0, 410);
    let kinds: Vec<String> = peer
        .received()
        .iter()
        .map(|a| a["type"].as_str().unwrap_or("").to_owned())
        .collect();
    assert_eq!(
        kinds.iter().filter(|k| *k == "Update").count(),
        2,
        "two edits in a row make one Update, and the translation one more: {kinds:?}"
    );

    // The author's key rotated by another process: the peer receives the Update of the
    // author (bovine checked its signature) carrying the new key.
    let author_id = Whose::from_id(&app.ctx(), &author).unwrap();
    let rotated = sibyl::app::federation::key_rotation::rotate(&app.ctx(), author_id)
        .await
        .unwrap();
    assert_eq!(rotated.followers, 1);
    let new_pem = sibyl::app::federation::actor(&app.ctx(), author_id)
        .await
        .unwrap()
        .unwrap()
        .public_key_pem;
    let person = peer
        .wait_for("Update of the author", |a| {
            a["type"] == "Update" && a["object"]["type"] == "Person"
        })
        .await;
    assert_eq!(person["actor"], author.as_str(), "{person}");
    assert_eq!(
        person["object"]["publicKey"]["publicKeyPem"],
        new_pem.as_str(),
        "{person}"
    );

    // The same Follow again (a server retrying): acknowledged, nothing changes.
    assert_eq!(peer.send("follow", &author, &follow_id), "202");
    let remembered = sibyl::app::federation::activities::received_key(&peer.id(), &follow_id);
    assert!(app.store.received(&app.site, &remembered).await.unwrap());
    assert_eq!(fetch(&app, &followers).await.1["totalItems"], 1);

    // Its Undo ends the follow.
    assert_eq!(peer.send("undo-follow", &author, &follow_id), "202");
    let (_, undone) = fetch(&app, &followers).await;
    assert_eq!(undone["totalItems"], 0, "{undone}");
    // Every delivery ended: nothing is left open.
    for _ in 0..100 {
        if app
            .store
            .open_activities(&app.site)
            .await
            .unwrap()
            .is_empty()
        {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("an activity is still open after its delivery");
}

/// Waits (up to 30 s) until the one delivery of `activity` is as `wanted`.
async fn delivery_when(
    app: &TestApp,
    activity: uuid::Uuid,
    what: &str,
    wanted: impl Fn(&Delivery) -> bool,
) -> Delivery {
    for _ in 0..300 {
        let deliveries = app.store.deliveries(&app.site, activity).await.unwrap();
        if let Some(found) = deliveries.into_iter().find(|d| wanted(d)) {
            return found;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!(
        "no delivery {what} in 30 s: {:?}",
        app.store.deliveries(&app.site, activity).await.unwrap()
    );
}

async fn deliveries_to_a_server_failing_every_one_are_set_aside(t: TestStore) {
    // Set aside as soon as a server failed once (a day in production).
    let app = spawn_app_with(t, |config| {
        config.fetch.allow = vec![sibyl::binaries::fetch::Network::parse("127.0.0.0/8").unwrap()];
        config.fediverse = Some(sibyl::app::jobs::fediverse::FediverseConfig {
            every: Duration::from_secs(1),
            settle: Duration::from_secs(2),
            dead_after: Duration::ZERO,
        });
    })
    .await;
    app.set_up().await;
    // A server that answers nothing: a port nobody listens on.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let server = format!("127.0.0.1:{port}");
    let inbox = format!("http://{server}/inbox");
    let queue = || async {
        let activity = Outgoing {
            id: sibyl::domain::timeuuid::at(sibyl::domain::now()),
            actor: "site".into(),
            body: serde_json::json!({ "type": "Announce", "id": uuid::Uuid::new_v4().to_string() })
                .to_string(),
            followers_of: Vec::new(),
            fanned_out: false,
        };
        app.store
            .queue_activity(
                &app.site,
                &activity,
                std::slice::from_ref(&inbox),
                sibyl::domain::now(),
            )
            .await
            .unwrap();
        activity.id
    };
    let first = queue().await;
    let failed = delivery_when(&app, first, "failed once", |d| {
        d.attempts == 1 && d.failure.is_some()
    })
    .await;
    assert!(!failed.ended, "a failure is tried again later: {failed:?}");
    // The worker notes the server as failing just after the delivery's failure.
    let mut failing = None;
    for _ in 0..300 {
        failing = app.store.failing_server(&app.site, &server).await.unwrap();
        if failing.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(
        failing.is_some(),
        "the server is noted as failing within 30 s"
    );
    // Another activity for it is set aside without an attempt.
    let second = queue().await;
    let set_aside = delivery_when(&app, second, "set aside", |d| d.ended).await;
    assert_eq!(set_aside.attempts, 0, "{set_aside:?}");
    assert!(
        set_aside
            .failure
            .as_deref()
            .unwrap_or("")
            .contains("set aside"),
        "{set_aside:?}"
    );
    // The first waits for its next attempt.
    let first_now = app.store.deliveries(&app.site, first).await.unwrap();
    assert!(
        !first_now[0].ended && first_now[0].attempts == 1,
        "{first_now:?}"
    );

    // The administrators see it on the fediverse's page, and have it delivered to again.
    // The administrators see it on the fediverse's page: the server failing, and its
    // delivery waiting out the failed attempt; they have it delivered to now.
    let page = app.get_html("/admin/federation").await;
    assert!(page.contains(&format!("<td>{server}</td>")), "{page}");
    assert!(page.contains("1 activity is being delivered."), "{page}");
    let row = format!(
        "<td class=\"wrap\">{server}</td>\n      <td>1</td>\n      <td>1</td>\n      <td>0</td>"
    );
    assert!(
        page.contains(&row),
        "waiting 1, failed 1, given up 0: {page}"
    );
    assert!(page.contains(&format!("aria-label=\"Deliver now to {server}\"")));
    let retried = app
        .post_form(
            "/admin/federation/retry",
            &[("csrf", &csrf_in(&page)), ("server", &server)],
        )
        .await;
    assert_eq!(retried.status(), 303);
    let location = retried.headers()["location"].to_str().unwrap().to_owned();
    let after = app.get_html(&location).await;
    assert!(
        after.contains("1 waiting delivery due at once. It is no longer set aside"),
        "{after}"
    );
    // Its next attempt is made at once, not in five minutes.
    let again = delivery_when(&app, first, "attempted again", |d| d.attempts == 2).await;
    assert!(!again.ended, "{again:?}");
    // A server nothing waits on, and that is not failing, is not found.
    let page = app.get_html("/admin/federation").await;
    let unknown = app
        .post_form(
            "/admin/federation/retry",
            &[("csrf", &csrf_in(&page)), ("server", "elsewhere.example")],
        )
        .await;
    assert_eq!(unknown.status(), 404);
}

/// An inbox that takes only what is signed as RFC 9421 says, by the given key: each
/// POST's status, and the activities it took.
async fn rfc_9421_inbox(
    key: sibyl::domain::federation::RemoteKey,
) -> (u16, std::sync::Arc<std::sync::Mutex<Vec<(u16, Value)>>>) {
    use actix_web::{App, HttpRequest, HttpResponse, HttpServer, web};
    use sibyl::domain::federation::message_signature::{self, Message};
    type Seen = std::sync::Arc<std::sync::Mutex<Vec<(u16, Value)>>>;
    let seen: Seen = Default::default();
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let (kept, key) = (seen.clone(), std::sync::Arc::new(key));
    let server = HttpServer::new(move || {
        let (seen, key) = (kept.clone(), key.clone());
        App::new().route(
            "/inbox",
            web::post().to(move |req: HttpRequest, body: web::Bytes| {
                let (seen, key) = (seen.clone(), key.clone());
                async move {
                    let headers: Vec<(String, String)> = req
                        .headers()
                        .iter()
                        .map(|(n, v)| (n.as_str().to_owned(), v.to_str().unwrap().to_owned()))
                        .collect();
                    let field = |name: &str| {
                        headers
                            .iter()
                            .find(|(n, _)| n == name)
                            .map(|(_, v)| v.clone())
                    };
                    let target = req.uri().path_and_query().unwrap().as_str().to_owned();
                    let verified = match (field("signature-input"), field("signature")) {
                        (Some(input), Some(value)) => {
                            let signed =
                                message_signature::parse(&input, &value).unwrap().remove(0);
                            let message = Message {
                                method: "POST",
                                scheme: "http",
                                target: &target,
                                headers: &headers,
                            };
                            field("content-digest")
                                == Some(message_signature::content_digest(&body))
                                && signed
                                    .verify(&message, &key, true, chrono::Utc::now())
                                    .is_ok()
                        }
                        _ => false,
                    };
                    let status = if verified { 202 } else { 401 };
                    let activity = serde_json::from_slice(&body).unwrap_or(Value::Null);
                    seen.lock().unwrap().push((status, activity));
                    HttpResponse::build(actix_web::http::StatusCode::from_u16(status).unwrap())
                        .finish()
                }
            }),
        )
    })
    .workers(1)
    .listen(listener)
    .unwrap()
    .run();
    tokio::spawn(server);
    (port, seen)
}

async fn a_server_reading_only_rfc_9421_gets_it_after_refusing_the_other(t: TestStore) {
    let app = spawn_app_with(t, |config| {
        config.fetch.allow = vec![sibyl::binaries::fetch::Network::parse("127.0.0.0/8").unwrap()];
        config.fediverse = Some(sibyl::app::jobs::fediverse::FediverseConfig {
            every: Duration::from_secs(1),
            settle: Duration::from_secs(2),
            dead_after: sibyl::app::federation::delivery::DEAD_AFTER,
        });
    })
    .await;
    app.set_up().await;
    // The site actor's key, made by fetching its actor.
    assert_eq!(fetch(&app, "/ap/site").await.0, 200);
    let der = app
        .store
        .site_secret(&app.site, &sibyl::store::site::actor_key_name("site"))
        .await
        .unwrap()
        .unwrap();
    let public = sibyl::domain::federation::ActorKey::from_pkcs8(&der)
        .unwrap()
        .remote()
        .unwrap();
    let (port, seen) = rfc_9421_inbox(public).await;
    let activity = Outgoing {
        id: sibyl::domain::timeuuid::at(sibyl::domain::now()),
        actor: "site".into(),
        body: serde_json::json!({ "type": "Announce", "id": "https://x.example/1" }).to_string(),
        followers_of: Vec::new(),
        fanned_out: false,
    };
    let inbox = format!("http://127.0.0.1:{port}/inbox");
    app.store
        .queue_activity(&app.site, &activity, &[inbox], sibyl::domain::now())
        .await
        .unwrap();
    let delivered = delivery_when(&app, activity.id, "delivered", |d| d.ended).await;
    assert_eq!(delivered.failure, None, "{delivered:?}");
    assert_eq!(
        delivered.attempts, 1,
        "one attempt, two requests: {delivered:?}"
    );
    let seen = seen.lock().unwrap().clone();
    let statuses: Vec<u16> = seen.iter().map(|(s, _)| *s).collect();
    assert_eq!(
        statuses,
        [401, 202],
        "draft-cavage refused, then RFC 9421 taken"
    );
    assert_eq!(seen[1].1["type"], "Announce");
}
