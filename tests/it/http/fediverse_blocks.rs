//! Blocking from `/admin/federation`, on both stores: a blocked server (and the servers
//! under its name) is refused before anything is fetched for it, its follows end and
//! nothing is delivered to it; a blocked account (fediverse-pasture's one_actor, a
//! server nobody here wrote) loses its follow and, when asked, its comments, and is
//! refused until it is unblocked. What names nothing, or the site itself, is refused
//! with the reason and changes nothing.

use super::federation::{actor_of, authority, fetch, reachable, webfinger};
use super::fediverse_follows::OneActor;
use super::fediverse_replies::note_activity;
use crate::both_stores;
use crate::helpers::{TestApp, TestStore, csrf_in, location, spawn_app_with};
use sibyl::domain::now;
use sibyl::store::federation::{Outgoing, RemoteFollower};
use std::time::Duration;

both_stores!(
    a_blocked_server_is_refused_before_anything_is_fetched_and_delivered_nothing,
    a_blocked_account_loses_its_follow_and_its_comments_until_unblocked,
);

/// Blocks `target` from the administrators' page: the answer.
async fn block(app: &TestApp, target: &str, delete_comments: bool) -> reqwest::Response {
    let page = app.get_html("/admin/federation").await;
    let csrf = csrf_in(&page);
    let mut form = vec![("csrf", csrf.as_str()), ("target", target)];
    if delete_comments {
        form.push(("delete_comments", "1"));
    }
    app.post_form("/admin/federation/block", &form).await
}

/// An inbox POST from `actor`, its digest right and its signature made by no key: what a
/// server that is not blocked gets 401 for, once the key cannot be had.
async fn unsigned_from(app: &TestApp, actor: &str) -> u16 {
    use sibyl::domain::federation::signature;
    let body = serde_json::json!({
        "@context": "https://www.w3.org/ns/activitystreams",
        "id": format!("{actor}/follows/1"),
        "type": "Follow",
        "actor": actor,
        "object": format!("{}/ap/site", app.site.as_str()),
    })
    .to_string();
    let date = chrono::Utc::now()
        .format("%a, %d %b %Y %H:%M:%S GMT")
        .to_string();
    app.anonymous()
        .post(app.url("/ap/inbox"))
        .header("date", date)
        .header("digest", signature::digest(body.as_bytes()))
        .header(
            "signature",
            format!(
                r#"keyId="{actor}#main-key",algorithm="rsa-sha256",headers="(request-target) host date digest",signature="AAAA""#
            ),
        )
        .header("content-type", "application/activity+json")
        .body(body)
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

fn follower(actor: &str, inbox: &str) -> RemoteFollower {
    RemoteFollower {
        actor: actor.to_owned(),
        inbox: inbox.to_owned(),
        follow: format!("{actor}/follows/{}", uuid::Uuid::new_v4()),
        since: now(),
    }
}

async fn a_blocked_server_is_refused_before_anything_is_fetched_and_delivered_nothing(
    t: TestStore,
) {
    let app = spawn_app_with(t, |config| {
        config.fetch.allow = vec![sibyl::binaries::fetch::Network::parse("127.0.0.0/8").unwrap()];
        config.fediverse = Some(sibyl::app::jobs::fediverse::FediverseConfig {
            every: Duration::from_secs(1),
            settle: Duration::from_secs(2),
            dead_after: Duration::from_secs(24 * 3600),
        });
    })
    .await;
    app.set_up().await;
    for (actor, inbox) in [
        (
            "https://eu.spam.example/users/x",
            "https://eu.spam.example/inbox",
        ),
        ("https://fine.example/users/y", "https://fine.example/inbox"),
    ] {
        assert!(
            app.store
                .add_remote_follower(&app.site, "site", &follower(actor, inbox))
                .await
                .unwrap()
        );
    }
    let before = unsigned_from(&app, "https://eu.spam.example/users/z").await;
    assert_ne!(before, 403, "not blocked yet");

    // Refused with the reason, nothing changed: a name that is no server's, the site's
    // own server, an account by its handle.
    let own = reqwest::Url::parse(app.site.as_str())
        .unwrap()
        .host_str()
        .unwrap()
        .to_owned();
    for (bad, why) in [
        ("social", "is not a server&#39;s whole name"),
        (own.as_str(), "cannot block itself"),
        ("@x@spam.example", "profile links to it"),
        ("spam.example:8080", "leave the port out"),
    ] {
        let refused = block(&app, bad, false).await;
        assert_eq!(refused.status(), 422, "{bad}");
        let page = refused.text().await.unwrap();
        assert!(page.contains(why), "{bad}: {page}");
        assert!(page.contains("id=\"no-blocks\""), "{bad}");
    }

    let done = block(&app, "Spam.Example", false).await;
    assert_eq!(done.status(), 303);
    assert_eq!(
        location(&done),
        "/admin/federation?blocked=spam.example&ended=1&deleted=0"
    );
    let page = app.get_html(&location(&done)).await;
    assert!(
        page.contains("spam.example is blocked: 1 follow ended, 0 comments deleted."),
        "{page}"
    );
    assert!(
        page.contains("<td class=\"wrap\">spam.example</td>"),
        "{page}"
    );
    assert_eq!(
        app.store
            .remote_follower_count(&app.site, "site")
            .await
            .unwrap(),
        1
    );
    // Blocked again: nothing more, nothing twice.
    assert_eq!(block(&app, "spam.example", false).await.status(), 303);
    assert_eq!(
        app.store.blocks(&app.site, None, 10).await.unwrap().len(),
        1
    );

    // What a server under its name sends is refused before its key is fetched.
    assert_eq!(
        unsigned_from(&app, "https://eu.spam.example/users/z").await,
        403
    );
    assert_eq!(
        unsigned_from(&app, "https://spam.example/users/z").await,
        403
    );
    assert_ne!(
        unsigned_from(&app, "https://notspam.example/users/z").await,
        403
    );

    // An activity queued for it is not delivered: its delivery ends untried.
    let activity = Outgoing {
        id: sibyl::domain::timeuuid::at(now()),
        actor: "site".into(),
        body: serde_json::json!({ "type": "Announce", "id": uuid::Uuid::new_v4().to_string() })
            .to_string(),
        followers_of: Vec::new(),
        fanned_out: false,
    };
    let inbox = "http://eu.spam.example/inbox".to_owned();
    app.store
        .queue_activity(&app.site, &activity, std::slice::from_ref(&inbox), now())
        .await
        .unwrap();
    let mut ended = None;
    for _ in 0..300 {
        let deliveries = app.store.deliveries(&app.site, activity.id).await.unwrap();
        if let Some(d) = deliveries.into_iter().find(|d| d.ended) {
            ended = Some(d);
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let ended = ended.expect("the delivery to a blocked server ends in 30 s");
    assert_eq!(ended.attempts, 0, "{ended:?}");
    assert!(
        ended
            .failure
            .as_deref()
            .unwrap_or("")
            .contains("blocks this server"),
        "{ended:?}"
    );

    // Unblocked: taken again (its follows do not come back).
    let page = app.get_html("/admin/federation").await;
    let unblocked = app
        .post_form(
            "/admin/federation/unblock",
            &[("csrf", &csrf_in(&page)), ("target", "spam.example")],
        )
        .await;
    assert_eq!(unblocked.status(), 303);
    let page = app.get_html(&location(&unblocked)).await;
    assert!(page.contains("spam.example is no longer blocked"), "{page}");
    assert!(page.contains("id=\"no-blocks\""), "{page}");
    assert_ne!(
        unsigned_from(&app, "https://eu.spam.example/users/z").await,
        403
    );
}

async fn a_blocked_account_loses_its_follow_and_its_comments_until_unblocked(t: TestStore) {
    let app = reachable(t, true).await;
    let admin = app.set_up().await;
    let (_, found) = webfinger(
        &app,
        &format!("acct:{}@{}", admin.username, authority(&app)),
    )
    .await;
    let author = actor_of(&found);
    let peer = OneActor::start().await;
    let me = peer.id();
    let follow_id = format!("{me}/follows/{}", uuid::Uuid::new_v4());
    assert_eq!(
        peer.send("follow", &author, &follow_id),
        "202",
        "{}",
        peer.log()
    );
    peer.wait_for("Accept", |a| a["type"] == "Accept").await;
    assert_eq!(
        fetch(&app, &format!("{author}/followers")).await.1["totalItems"],
        1
    );

    let path = app.publish("Blocked", "A post a troll answers.").await;
    let (_, article) = fetch(&app, &path).await;
    let article_id = article["id"].as_str().unwrap().to_owned();
    let note = format!("{me}/notes/{}", uuid::Uuid::new_v4());
    let reply = note_activity(
        "Create",
        &format!("{note}/create"),
        &note,
        &article_id,
        "<p>Something unkind.</p>",
    );
    assert_eq!(peer.post(&author, &reply), "202", "{}", peer.log());
    let pending = app
        .store
        .moderation_list(
            &app.site,
            sibyl::domain::CommentState::Pending,
            None,
            None,
            10,
        )
        .await
        .unwrap();
    assert_eq!(pending.comments.len(), 1);
    let comment = &pending.comments[0];

    let done = block(&app, &me, true).await;
    assert_eq!(done.status(), 303, "{}", done.text().await.unwrap());
    assert!(
        location(&done).ends_with("&ended=1&deleted=1"),
        "{}",
        location(&done)
    );
    let page = app.get_html("/admin/federation").await;
    assert!(
        page.contains(&format!("<td class=\"wrap\">{me}</td>")),
        "{page}"
    );
    assert!(page.contains("<td>Account</td>"), "{page}");
    assert_eq!(
        fetch(&app, &format!("{author}/followers")).await.1["totalItems"],
        0
    );
    let deleted = app
        .store
        .comment(&app.site, comment.post.id, comment.id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(deleted.state, sibyl::domain::CommentState::Deleted);
    assert_eq!(deleted.reason, format!("Deleted with the block of {me}"));

    // Refused while blocked: a follow, a reply.
    let again = format!("{me}/follows/{}", uuid::Uuid::new_v4());
    assert!(
        peer.send("follow", &author, &again).starts_with("403"),
        "{}",
        peer.log()
    );
    let second = format!("{me}/notes/{}", uuid::Uuid::new_v4());
    let reply = note_activity(
        "Create",
        &format!("{second}/create"),
        &second,
        &article_id,
        "<p>Again.</p>",
    );
    assert!(peer.post(&author, &reply).starts_with("403"));
    assert_eq!(
        fetch(&app, &format!("{author}/followers")).await.1["totalItems"],
        0
    );

    // Unblocked: it may follow again.
    let page = app.get_html("/admin/federation").await;
    let unblocked = app
        .post_form(
            "/admin/federation/unblock",
            &[("csrf", &csrf_in(&page)), ("target", &me)],
        )
        .await;
    assert_eq!(unblocked.status(), 303);
    assert_eq!(
        peer.send("follow", &author, &again),
        "202",
        "{}",
        peer.log()
    );
    assert_eq!(
        fetch(&app, &format!("{author}/followers")).await.1["totalItems"],
        1
    );
}
