//! Static pages on the fediverse, on both stores: never sent until an administrator
//! ticks "Send static pages to the fediverse too" on /admin/site; then a published page
//! is an `Article` at its id and at its own address, its `Create` is queued for the
//! author's followers at the next pass, a like of it (from fediverse-pasture's
//! one_actor) is counted, and a reply to it makes no comment (pages take none).
//! Unticked, the page is withdrawn (a `Delete` is queued) and its id answers 404 again;
//! ticked again, it is sent again.

use super::federation::{fetch, reachable_with, save_site_boxes};
use super::fediverse_follows::OneActor;
use super::fediverse_replies::note_activity;
use crate::both_stores;
use crate::helpers::{TestApp, TestStore, location};
use serde_json::{Value, json};
use sibyl::app::federation::posts::{Told, tell_followers};
use std::time::Duration;

both_stores!(static_pages_go_to_the_fediverse_only_when_an_administrator_says_so);

/// Saves the site's settings with the pages' box ticked or not.
async fn send_pages(app: &TestApp, on: bool) {
    save_site_boxes(app, if on { &["fediverse_pages"] } else { &[] }).await;
}

/// The activities queued and still open, as sent.
async fn queued(app: &TestApp) -> Vec<Value> {
    app.store
        .open_activities(&app.site)
        .await
        .unwrap()
        .into_iter()
        .map(|a| serde_json::from_str(&a.body).unwrap())
        .collect()
}

/// What one pass of the delivery job queues (the test's instance runs none of its own).
async fn tell(app: &TestApp) -> Told {
    tell_followers(&app.ctx(), Duration::ZERO).await.unwrap()
}

async fn static_pages_go_to_the_fediverse_only_when_an_administrator_says_so(t: TestStore) {
    let app = reachable_with(t, true, |config| config.fediverse = None).await;
    app.set_up().await;
    let made = app
        .submit(
            "/write?kind=page",
            "/write",
            &[
                ("title", "About"),
                ("body", "We write about **rivers**."),
                ("kind", "page"),
                ("action", "publish"),
            ],
        )
        .await;
    assert_eq!(made.status(), 303);
    assert_eq!(location(&made), "/pages/about");
    let page = app
        .store
        .post_by_slug(&app.site, &sibyl::domain::Slug::parse("about").unwrap())
        .await
        .unwrap()
        .unwrap();
    let site = app.site.as_str().to_owned();
    let id = format!("{site}/ap/posts/{}", page.id.0);

    // Not sent: no Article, the page's address gives its page, and a pass queues nothing.
    assert_eq!(fetch(&app, &id).await.0, 404);
    let asked = app
        .anonymous()
        .get(app.url("/pages/about"))
        .header("accept", "application/activity+json")
        .send()
        .await
        .unwrap();
    assert_eq!(asked.status(), 200);
    assert!(
        asked.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/html")
    );
    assert_eq!(tell(&app).await, Told::default());
    assert!(queued(&app).await.is_empty());

    // Sent: an Article at its id and its address, and its Create at the next pass.
    send_pages(&app, true).await;
    let form = app.get_html("/admin/site").await;
    assert!(form.contains(r#"id="fediverse-pages" checked"#), "{form}");
    let (status, article) = fetch(&app, &id).await;
    assert_eq!(status, 200, "{article}");
    assert_eq!(article["type"], "Article");
    assert_eq!(article["name"], "About");
    assert_eq!(article["url"], format!("{site}/pages/about"));
    assert!(
        article["content"]
            .as_str()
            .unwrap()
            .contains("<strong>rivers</strong>"),
        "{article}"
    );
    let (status, negotiated) = fetch(&app, "/pages/about").await;
    assert_eq!((status, &negotiated["id"]), (200, &Value::from(id.clone())));
    let html = app.anonymous_get("/pages/about").await;
    assert!(
        html.headers()
            .get_all("vary")
            .iter()
            .any(|v| v.to_str().unwrap().contains("Accept")),
        "{:?}",
        html.headers()
    );
    assert_eq!(
        tell(&app).await,
        Told {
            created: 1,
            ..Told::default()
        }
    );
    let sent = queued(&app).await;
    let create = sent
        .iter()
        .find(|a| a["type"] == "Create")
        .unwrap_or_else(|| panic!("no Create queued: {sent:?}"));
    assert_eq!(create["object"]["id"], id.as_str());
    assert_eq!(create["actor"], article["attributedTo"]);
    assert!(
        sent.iter()
            .any(|a| a["type"] == "Announce" && a["object"] == id.as_str()),
        "{sent:?}"
    );
    // Told once: the next pass queues nothing more.
    assert_eq!(tell(&app).await, Told::default());

    // A page the scheduler publishes is sent too (no list of the newest shows a page:
    // the scheduler notes it).
    let drafted = app
        .submit(
            "/write?kind=page",
            "/write",
            &[
                ("title", "Contact"),
                ("body", "Write to us."),
                ("kind", "page"),
                ("action", "draft"),
            ],
        )
        .await;
    assert_eq!(drafted.status(), 303);
    let contact = app
        .store
        .post_by_slug(&app.site, &sibyl::domain::Slug::parse("contact").unwrap())
        .await
        .unwrap()
        .unwrap();
    let due = sibyl::domain::now() + chrono::Duration::minutes(5);
    app.store
        .schedule_post(&app.site, contact.id, Some(due))
        .await
        .unwrap()
        .unwrap();
    let pass = sibyl::app::jobs::scheduler::publish_due(app.store.as_ref(), &app.site, due)
        .await
        .unwrap();
    assert_eq!(pass.published, 1);
    assert_eq!(
        tell(&app).await,
        Told {
            created: 1,
            ..Told::default()
        }
    );
    let contact_id = format!("{site}/ap/posts/{}", contact.id.0);
    assert!(
        queued(&app)
            .await
            .iter()
            .any(|a| a["type"] == "Create" && a["object"]["id"] == contact_id.as_str())
    );

    // A like of it counts; a reply to it makes no comment.
    let author = article["attributedTo"].as_str().unwrap().to_owned();
    let peer = OneActor::start().await;
    let me = peer.id();
    let like = json!({
        "@context": "https://www.w3.org/ns/activitystreams",
        "id": format!("{me}/likes/1"),
        "type": "Like",
        "actor": "$ME",
        "object": id,
    });
    assert_eq!(peer.post(&author, &like), "202", "{}", peer.log());
    assert_eq!(
        app.store
            .reaction_counts(&app.site, page.id)
            .await
            .unwrap()
            .likes,
        1
    );
    let reply = note_activity(
        "Create",
        &format!("{me}/activities/1"),
        &format!("{me}/notes/1"),
        &id,
        "<p>Nice page, wrong place for a comment.</p>",
    );
    let answered = peer.post(&author, &reply);
    assert!(answered.starts_with("202"), "{answered}");
    let moderation = app.get_html("/admin/comments").await;
    assert!(
        !moderation.contains("wrong place for a comment"),
        "{moderation}"
    );
    assert_eq!(
        app.store
            .pending_comment_counts(&app.site, &[page.id])
            .await
            .unwrap()
            .iter()
            .map(|(_, n)| n)
            .sum::<u64>(),
        0
    );

    // Unticked: withdrawn.
    send_pages(&app, false).await;
    assert_eq!(fetch(&app, &id).await.0, 404);
    assert_eq!(
        tell(&app).await,
        Told {
            deleted: 2,
            ..Told::default()
        }
    );
    let sent = queued(&app).await;
    assert!(
        sent.iter()
            .any(|a| a["type"] == "Delete" && a["object"]["id"] == id.as_str()),
        "{sent:?}"
    );

    // Ticked again, the withdrawn pages are sent again, even by a pass that read the
    // setting before the administrator's save and the notes after it.
    sibyl::app::federation::posts::note_pages(&app.ctx())
        .await
        .unwrap();
    assert_eq!(tell(&app).await, Told::default());
    let identity = app.store.site_identity(&app.site).await.unwrap();
    app.store
        .save_site_identity(
            &app.site,
            &sibyl::domain::SiteIdentity {
                fediverse_pages: true,
                ..identity
            },
        )
        .await
        .unwrap();
    assert_eq!(
        tell(&app).await,
        Told {
            created: 2,
            ..Told::default()
        }
    );
}
