//! Follows that wait for approval, on both stores: an author has new followers wait
//! (their actor says `manuallyApprovesFollowers`); fediverse-pasture's one_actor (a server
//! nobody here wrote) follows and gets no answer until the author approves on
//! `/desk/fediverse`, then an `Accept` it verifies; its follow undone and sent again, the
//! author rejects it and it gets a `Reject`. Nobody else decides for the author.

use super::federation::{actor_of, authority, fetch, reachable, webfinger};
use super::fediverse_follows::OneActor;
use crate::both_stores;
use crate::helpers::{TestApp, TestStore, csrf_in, location};
use std::time::Duration;

both_stores!(a_follow_waits_for_the_authors_approval_or_rejection,);

async fn decide(app: &TestApp, follower: &str, decision: &str) -> reqwest::Response {
    let page = app.get_html("/desk/fediverse").await;
    app.post_form(
        "/desk/fediverse/decide",
        &[
            ("csrf", &csrf_in(&page)),
            ("follower", follower),
            ("decision", decision),
        ],
    )
    .await
}

async fn a_follow_waits_for_the_authors_approval_or_rejection(t: TestStore) {
    let app = reachable(t, true).await;
    let admin = app.set_up().await;
    let (_, found) = webfinger(
        &app,
        &format!("acct:{}@{}", admin.username, authority(&app)),
    )
    .await;
    let author = actor_of(&found);
    let (_, doc) = fetch(&app, &author).await;
    assert_eq!(doc["manuallyApprovesFollowers"], false);

    // The author has new followers wait.
    let page = app.get_html("/desk/fediverse").await;
    assert!(page.contains("id=\"none-waiting\""), "{page}");
    let saved = app
        .post_form(
            "/desk/fediverse/approval",
            &[("csrf", &csrf_in(&page)), ("approve", "1")],
        )
        .await;
    assert_eq!(location(&saved), "/desk/fediverse?done=saved");
    let (_, doc) = fetch(&app, &author).await;
    assert_eq!(doc["manuallyApprovesFollowers"], true, "{doc}");

    let peer = OneActor::start().await;
    let me = peer.id();
    let follow_id = format!("{me}/follows/{}", uuid::Uuid::new_v4());
    assert_eq!(
        peer.send("follow", &author, &follow_id),
        "202",
        "{}",
        peer.log()
    );
    let followers = format!("{author}/followers");
    assert_eq!(fetch(&app, &followers).await.1["totalItems"], 0);
    let page = app.get_html("/desk/fediverse").await;
    assert!(
        page.contains(&format!(r#"<a href="{me}" rel="nofollow noopener">"#)),
        "{page}"
    );
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert!(
        peer.received().iter().all(|a| a["type"] != "Accept"),
        "no answer before the author decides: {:?}",
        peer.received()
    );

    // Approved: it follows, and its server is told.
    let approved = decide(&app, &me, "approve").await;
    assert_eq!(location(&approved), "/desk/fediverse?done=approved");
    let accept = peer.wait_for("Accept", |a| a["type"] == "Accept").await;
    assert_eq!(accept["actor"], author.as_str(), "{accept}");
    assert_eq!(accept["object"]["id"], follow_id.as_str());
    assert_eq!(fetch(&app, &followers).await.1["totalItems"], 1);
    let page = app.get_html("/desk/fediverse").await;
    assert!(page.contains("id=\"none-waiting\""), "{page}");
    assert!(page.contains("1 account follows it."), "{page}");
    // Decided already: nothing waits to decide.
    assert_eq!(decide(&app, &me, "approve").await.status(), 404);
    // A follower's Follow sent again is accepted again at once, not kept waiting.
    let refollow = format!("{me}/follows/{}", uuid::Uuid::new_v4());
    assert_eq!(peer.send("follow", &author, &refollow), "202");
    peer.wait_for("second Accept", |a| {
        a["type"] == "Accept" && a["object"]["id"] == refollow.as_str()
    })
    .await;
    assert!(
        app.get_html("/desk/fediverse")
            .await
            .contains("id=\"none-waiting\"")
    );

    // Undone, sent again, rejected: its server is told, and it does not follow.
    assert_eq!(peer.send("undo-follow", &author, &follow_id), "202");
    assert_eq!(fetch(&app, &followers).await.1["totalItems"], 0);
    let again = format!("{me}/follows/{}", uuid::Uuid::new_v4());
    assert_eq!(
        peer.send("follow", &author, &again),
        "202",
        "{}",
        peer.log()
    );
    // A decision that is neither is refused.
    let page = app.get_html("/desk/fediverse").await;
    let odd = app
        .post_form(
            "/desk/fediverse/decide",
            &[
                ("csrf", &csrf_in(&page)),
                ("follower", &me),
                ("decision", "maybe"),
            ],
        )
        .await;
    assert_eq!(odd.status(), 400);
    let rejected = decide(&app, &me, "reject").await;
    assert_eq!(location(&rejected), "/desk/fediverse?done=rejected");
    let reject = peer.wait_for("Reject", |a| a["type"] == "Reject").await;
    assert_eq!(reject["object"]["id"], again.as_str(), "{reject}");
    assert_eq!(fetch(&app, &followers).await.1["totalItems"], 0);

    // The site's actor, for its administrators: another author can neither see nor
    // decide its waiting follows, nor change whether it approves them.
    let site_page = app.get_html("/desk/fediverse?actor=site").await;
    let saved = app
        .post_form(
            "/desk/fediverse/approval",
            &[
                ("csrf", &csrf_in(&site_page)),
                ("actor", "site"),
                ("approve", "1"),
            ],
        )
        .await;
    assert_eq!(location(&saved), "/desk/fediverse?actor=site&done=saved");
    let site_actor = format!("{}/ap/site", app.site.as_str());
    let to_site = format!("{me}/follows/{}", uuid::Uuid::new_v4());
    assert_eq!(
        peer.send("follow", &site_actor, &to_site),
        "202",
        "{}",
        peer.log()
    );
    let (writer, _, _) = app.an_author().await;
    assert_eq!(writer.get("/desk/fediverse?actor=site").await.status(), 403);
    let own = writer.get_html("/desk/fediverse").await;
    for (path, form) in [
        (
            "/desk/fediverse/decide",
            vec![
                ("actor", "site"),
                ("follower", me.as_str()),
                ("decision", "approve"),
            ],
        ),
        ("/desk/fediverse/approval", vec![("actor", "site")]),
    ] {
        let csrf = csrf_in(&own);
        let mut fields = vec![("csrf", csrf.as_str())];
        fields.extend(form);
        assert_eq!(
            writer.post_form(path, &fields).await.status(),
            403,
            "{path}"
        );
    }
    let site_page = app.get_html("/desk/fediverse?actor=site").await;
    assert!(
        site_page.contains(&format!(r#"<a href="{me}""#)),
        "still waiting: {site_page}"
    );
    let approved = app
        .post_form(
            "/desk/fediverse/decide",
            &[
                ("csrf", &csrf_in(&site_page)),
                ("actor", "site"),
                ("follower", &me),
                ("decision", "approve"),
            ],
        )
        .await;
    assert_eq!(
        location(&approved),
        "/desk/fediverse?actor=site&done=approved"
    );
    peer.wait_for("Accept by the site", |a| {
        a["type"] == "Accept" && a["actor"] == site_actor.as_str()
    })
    .await;
    assert_eq!(fetch(&app, "/ap/site/followers").await.1["totalItems"], 1);

    // Turned off: follows are accepted at once again.
    let page = app.get_html("/desk/fediverse").await;
    app.post_form("/desk/fediverse/approval", &[("csrf", &csrf_in(&page))])
        .await;
    let third = format!("{me}/follows/{}", uuid::Uuid::new_v4());
    assert_eq!(peer.send("follow", &author, &third), "202");
    assert_eq!(fetch(&app, &followers).await.1["totalItems"], 1);
}

/// Gives the pages the fediverse adds something to show: a follow waiting for the
/// administrator's approval and for the site's, a blocked server and account, a reply
/// from the fediverse under `post` with its author's picture, and a delivery waiting
/// after a failed attempt.
pub(super) async fn fill_fediverse_pages(app: &TestApp, admin: &str, post: &str) {
    use sibyl::store::federation::{Block, FollowRequest};
    let user = app
        .store
        .author_by_name(&sibyl::domain::Username::parse(admin).unwrap())
        .await
        .unwrap()
        .unwrap();
    let waiting = FollowRequest {
        follower: "https://a-very-long-server-name.example.social/users/someone-with-a-long-name"
            .into(),
        inbox: "https://a-very-long-server-name.example.social/users/someone/inbox".into(),
        deliver_to: "https://a-very-long-server-name.example.social/inbox".into(),
        follow: "https://a-very-long-server-name.example.social/follows/1".into(),
        since: sibyl::domain::now(),
    };
    for actor in [user.id.0.to_string(), "site".to_owned()] {
        app.store
            .add_follow_request(&app.site, &actor, &waiting)
            .await
            .unwrap();
    }
    for target in ["spam.example", "https://social.example/users/troll"] {
        app.store
            .add_block(
                &app.site,
                &Block {
                    target: target.into(),
                    at: sibyl::domain::now(),
                    by: user.display_name.clone(),
                },
            )
            .await
            .unwrap();
    }
    // A reply from the fediverse under the post, with its author's picture kept.
    let slug = post.rsplit('/').next().unwrap();
    let shown = app
        .store
        .post_by_slug(&app.site, &sibyl::domain::Slug::parse(slug).unwrap())
        .await
        .unwrap()
        .unwrap();
    let actor = "https://a-very-long-server-name.example.social/users/someone-with-a-long-name";
    let reply = sibyl::domain::NewComment::new(
        sibyl::domain::CommentedPost {
            id: shown.id,
            slug: shown.slug.as_str().to_owned(),
            title: shown.title.as_str().to_owned(),
        },
        None,
        sibyl::domain::Commenter::Remote {
            actor: actor.into(),
            name: "Someone Far Away".into(),
        },
        sibyl::domain::CommentBody::parse("Greetings from another server.").unwrap(),
        sibyl::domain::CommentState::Approved,
        sibyl::domain::now(),
    );
    app.store.add_comment(&app.site, &reply).await.unwrap();
    let mut png = Vec::new();
    image::DynamicImage::ImageRgb8(image::RgbImage::from_pixel(
        64,
        64,
        image::Rgb([30, 120, 200]),
    ))
    .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
    .unwrap();
    let avatar = sibyl::store::federation::Avatar {
        source: format!("{actor}/icon.png"),
        jpeg: sibyl::app::federation::avatars::square_jpeg(&png).unwrap(),
        fetched: sibyl::domain::now(),
    };
    app.store
        .keep_avatar(
            &app.site,
            &sibyl::store::federation::avatar_key(actor),
            &avatar,
        )
        .await
        .unwrap();
    // An activity whose delivery to a server failed once, waiting for its next attempt.
    let activity = sibyl::store::federation::Outgoing {
        id: sibyl::domain::timeuuid::at(sibyl::domain::now()),
        actor: "site".into(),
        body: serde_json::json!({ "type": "Announce" }).to_string(),
        followers_of: Vec::new(),
        fanned_out: false,
    };
    let inbox = "https://a-very-long-server-name.example.social/inbox".to_owned();
    let now = sibyl::domain::now();
    app.store
        .queue_activity(&app.site, &activity, std::slice::from_ref(&inbox), now)
        .await
        .unwrap();
    let until = now + chrono::Duration::minutes(5);
    assert!(
        app.store
            .claim_attempt(&app.site, activity.id, &inbox, 0, until)
            .await
            .unwrap()
    );
    app.store
        .note_failure(
            &app.site,
            activity.id,
            &inbox,
            1,
            "the server answered 503 Service Unavailable",
        )
        .await
        .unwrap();
}
