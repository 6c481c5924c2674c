//! Replies, likes and shares from the fediverse, on both stores: fediverse-pasture's one_actor (a server
//! nobody here wrote, signing with bovine) replies to a published post; the reply waits
//! in the moderation queue marked as from the fediverse, is shown under the post once
//! approved (its author's name linked to their profile), a reply to it is threaded under
//! it, the note's `Update` changes the comment and its `Delete` removes it. The same
//! activity twice makes one comment; a note answering nothing of the site, one for
//! followers only, or one claiming another actor's authorship, makes none. An actor that
//! deletes itself follows no more, and its comments are signed "deleted user".

use super::account_deletion::approve_all;
use super::comments::picks;
use super::federation::{fetch, reachable};
use super::fediverse_follows::OneActor;
use crate::both_stores;
use crate::helpers::{TestApp, TestStore};
use serde_json::{Value, json};

both_stores!(
    a_reply_from_the_fediverse_is_moderated_shown_threaded_edited_and_deleted,
    likes_and_shares_are_counted_once_per_actor_until_undone_and_a_deleted_actor_follows_no_more,
);

const PUBLIC: &str = "https://www.w3.org/ns/activitystreams#Public";

/// A `Create` (or `Update`) of a note by the peer's actor (`$ME`), answering `in_reply_to`.
pub(super) fn note_activity(
    kind: &str,
    activity_id: &str,
    note_id: &str,
    in_reply_to: &str,
    content: &str,
) -> Value {
    json!({
        "@context": "https://www.w3.org/ns/activitystreams",
        "id": activity_id,
        "type": kind,
        "actor": "$ME",
        "to": [PUBLIC],
        "object": {
            "id": note_id,
            "type": "Note",
            "attributedTo": "$ME",
            "inReplyTo": in_reply_to,
            "content": content,
            "published": chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
            "to": [PUBLIC],
        }
    })
}

/// The pending comments in the administrator's queue.
async fn queue(app: &TestApp) -> String {
    app.get_html("/admin/comments").await
}

async fn a_reply_from_the_fediverse_is_moderated_shown_threaded_edited_and_deleted(t: TestStore) {
    let app = reachable(t, true).await;
    app.set_up().await;
    let path = app.publish("Replied to", "Tell me what you think.").await;
    let (status, article) = fetch(&app, &path).await;
    assert_eq!(status, 200, "{article}");
    let article_id = article["id"].as_str().unwrap().to_owned();
    let author = article["attributedTo"].as_str().unwrap().to_owned();
    let peer = OneActor::start().await;
    let me = peer.id();

    let note = format!("{me}/notes/{}", uuid::Uuid::new_v4());
    let content = format!(
        r#"<p><span class="h-card"><a href="{author}" class="u-url mention">@<span>writer</span></a></span> A <strong>fine</strong> post &amp; *more*</p>"#
    );
    let create = note_activity(
        "Create",
        &format!("{note}/create"),
        &note,
        &article_id,
        &content,
    );
    assert_eq!(peer.post(&author, &create), "202", "{}", peer.log());
    let shown = "@writer A <strong>fine</strong> post &amp; *more*";
    let page = app.anonymous_get(&path).await.text().await.unwrap();
    assert!(!page.contains(shown), "not before approval");
    let desk = queue(&app).await;
    assert!(desk.contains(shown), "{desk}");
    assert!(desk.contains("from the fediverse"), "{desk}");
    assert!(desk.contains(&format!(r#"href="{me}""#)), "{desk}");
    assert_eq!(picks(&desk).len(), 1);

    // Sent again (a server retrying): nothing more.
    assert_eq!(peer.post(&author, &create), "202");
    assert_eq!(picks(&queue(&app).await).len(), 1);

    // Approved: under the post, its author's name linking to their profile.
    approve_all(&app).await;
    let page = app.anonymous_get(&path).await.text().await.unwrap();
    assert!(page.contains(shown), "{page}");
    assert!(
        page.contains(&format!(
            r#"<a href="{me}" rel="nofollow noopener ugc" class="remote-author">"#
        )),
        "{page}"
    );
    assert!(page.contains("from the fediverse"));
    // Beside it, its author's picture, kept by the site (fetched from the actor's icon,
    // a blue square, and made a 96-pixel JPEG): the reader's browser asks nothing of
    // the peer.
    let avatar = sibyl::app::federation::avatars::path_of(&me);
    let img = format!(r#"<img class="avatar" src="{avatar}" width="40" height="40" alt="""#);
    assert!(page.contains(&img), "{page}");
    let mut kept = None;
    for _ in 0..100 {
        let response = app.anonymous_get(&avatar).await;
        assert_eq!(response.status(), 200);
        if response.headers()["content-type"] == "image/jpeg" {
            kept = Some(response.bytes().await.unwrap());
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let jpeg = kept.expect("the author's picture is kept within 10 s");
    let picture = image::load_from_memory(&jpeg).unwrap().to_rgb8();
    assert_eq!(picture.dimensions(), (96, 96));
    let centre = picture.get_pixel(48, 48).0;
    assert!(
        centre[0] < 60 && (100..140).contains(&centre[1]) && centre[2] > 170,
        "{centre:?}"
    );
    // A key kept by nobody, or no key: the plain silhouette.
    for unknown in [
        "/fediverse/avatars/0123456789abcdef0123456789abcdef.jpg",
        "/fediverse/avatars/..%2Fx.jpg",
    ] {
        let response = app.anonymous_get(unknown).await;
        assert_eq!(response.status(), 200, "{unknown}");
        assert_eq!(response.headers()["content-type"], "image/svg+xml");
    }

    // A reply to that reply joins its thread.
    let answer = format!("{me}/notes/{}", uuid::Uuid::new_v4());
    let reply = note_activity(
        "Create",
        &format!("{answer}/create"),
        &answer,
        &note,
        "<p>And a second thought.</p>",
    );
    assert_eq!(peer.post(&author, &reply), "202", "{}", peer.log());
    approve_all(&app).await;
    let page = app.anonymous_get(&path).await.text().await.unwrap();
    let second = page
        .find("And a second thought.")
        .expect("the reply is shown");
    let item = page[..second].rfind("<li class=\"comment").unwrap();
    assert!(
        page[item..second].starts_with("<li class=\"comment reply\""),
        "{}",
        &page[item..second]
    );

    // The note edited: the comment's text follows.
    let update = note_activity(
        "Update",
        &format!("{note}/update/1"),
        &note,
        &article_id,
        "<p>A fine post, on second reading.</p>",
    );
    assert_eq!(peer.post(&author, &update), "202", "{}", peer.log());
    let page = app.anonymous_get(&path).await.text().await.unwrap();
    assert!(page.contains("A fine post, on second reading."), "{page}");
    assert!(!page.contains(shown));

    // The note deleted: the comment is gone from the page.
    let delete = json!({
        "@context": "https://www.w3.org/ns/activitystreams",
        "id": format!("{note}/delete"),
        "type": "Delete",
        "actor": "$ME",
        "to": [PUBLIC],
        "object": {"id": note, "type": "Tombstone"},
    });
    assert_eq!(peer.post(&author, &delete), "202", "{}", peer.log());
    let page = app.anonymous_get(&path).await.text().await.unwrap();
    assert!(!page.contains("on second reading"), "{page}");
    assert!(page.contains("And a second thought."));

    // A note answering nothing of the site: acknowledged, no comment.
    let elsewhere = format!("{me}/notes/{}", uuid::Uuid::new_v4());
    let unrelated = note_activity(
        "Create",
        &format!("{elsewhere}/create"),
        &elsewhere,
        &format!("{me}/notes/none-of-ours"),
        "<p>Not about the blog.</p>",
    );
    assert_eq!(peer.post(&author, &unrelated), "202", "{}", peer.log());
    // A note said to be another actor's: refused.
    let mut forged = note_activity(
        "Create",
        &format!("{elsewhere}/forged"),
        &format!("{me}/notes/{}", uuid::Uuid::new_v4()),
        &article_id,
        "<p>Not mine.</p>",
    );
    forged["object"]["attributedTo"] = json!(author);
    let refused = peer.post(&author, &forged);
    assert!(refused.starts_with("401"), "{refused}");
    // For followers only (or the people it mentions): not the site's to show.
    let private = format!("{me}/notes/{}", uuid::Uuid::new_v4());
    let mut followers_only = note_activity(
        "Create",
        &format!("{private}/create"),
        &private,
        &article_id,
        "<p>Just between us.</p>",
    );
    followers_only["object"]["to"] = json!([format!("{me}/followers")]);
    followers_only["object"]["cc"] = json!([author]);
    assert_eq!(peer.post(&author, &followers_only), "202", "{}", peer.log());
    let desk = queue(&app).await;
    assert!(
        !desk.contains("Not about the blog") && !desk.contains("Not mine"),
        "{desk}"
    );
    assert!(picks(&desk).is_empty());
}

/// What the post's page says of its likes and shares.
async fn reactions_on(app: &TestApp, path: &str) -> Option<String> {
    reactions_in(app, path, "en").await
}

/// The line of likes and shares under a post, for a reader whose browser asks for
/// `language`.
async fn reactions_in(app: &TestApp, path: &str, language: &str) -> Option<String> {
    let page = app.html_in(&app.anonymous(), path, language).await;
    let start = page.find(r#"id="fediverse-reactions">"#)? + r#"id="fediverse-reactions">"#.len();
    Some(page[start..start + page[start..].find('<').unwrap()].to_owned())
}

async fn likes_and_shares_are_counted_once_per_actor_until_undone_and_a_deleted_actor_follows_no_more(
    t: TestStore,
) {
    let app = reachable(t, true).await;
    app.set_up().await;
    let path = app.publish("Liked", "Worth a like.").await;
    let (_, article) = fetch(&app, &path).await;
    let article_id = article["id"].as_str().unwrap().to_owned();
    let author = article["attributedTo"].as_str().unwrap().to_owned();
    assert_eq!(reactions_on(&app, &path).await, None);
    let peer = OneActor::start().await;
    let me = peer.id();
    let like = |n: u32| {
        json!({
            "@context": "https://www.w3.org/ns/activitystreams",
            "id": format!("{me}/likes/{n}"),
            "type": "Like",
            "actor": "$ME",
            "object": article_id,
        })
    };
    assert_eq!(peer.post(&author, &like(1)), "202", "{}", peer.log());
    assert_eq!(
        reactions_on(&app, &path).await.as_deref(),
        Some("Liked once on the fediverse.")
    );
    // Liked again by the same actor (another activity): counted once.
    assert_eq!(peer.post(&author, &like(2)), "202");
    let share = json!({
        "@context": "https://www.w3.org/ns/activitystreams",
        "id": format!("{me}/announces/1"),
        "type": "Announce",
        "actor": "$ME",
        "object": article_id,
        "to": [PUBLIC],
    });
    assert_eq!(peer.post(&author, &share), "202", "{}", peer.log());
    assert_eq!(
        reactions_on(&app, &path).await.as_deref(),
        Some("Liked once and shared once on the fediverse.")
    );
    // Said in the reader's language.
    assert_eq!(
        reactions_in(&app, &path, "de").await.as_deref(),
        Some("Im Fediverse einmal favorisiert und einmal geteilt.")
    );
    // The like undone: the share stays.
    let mut liked = like(1);
    liked.as_object_mut().unwrap().remove("@context");
    let undo = json!({
        "@context": "https://www.w3.org/ns/activitystreams",
        "id": format!("{me}/likes/1/undo"),
        "type": "Undo",
        "actor": "$ME",
        "object": liked,
    });
    assert_eq!(peer.post(&author, &undo), "202", "{}", peer.log());
    assert_eq!(
        reactions_on(&app, &path).await.as_deref(),
        Some("Shared once on the fediverse.")
    );
    let post_id = sibyl::domain::PostId(
        uuid::Uuid::parse_str(article_id.rsplit('/').next().unwrap()).unwrap(),
    );
    assert_eq!(
        app.store.reaction_counts(&app.site, post_id).await.unwrap(),
        sibyl::store::federation::Reactions {
            likes: 0,
            announces: 1
        }
    );
    // The site's actors' counts hold no post's reactions.
    assert!(
        app.store
            .remote_follower_counts(&app.site)
            .await
            .unwrap()
            .iter()
            .all(|(name, _)| !name.contains(':'))
    );
    // A like of a post the site does not have: 404, nothing counted.
    let mut nothing = like(3);
    nothing["object"] = json!(format!(
        "{}/ap/posts/{}",
        app.site.as_str(),
        uuid::Uuid::new_v4()
    ));
    let refused = peer.post(&author, &nothing);
    assert!(refused.starts_with("404"), "{refused}");

    // The actor follows the author, then deletes itself: it follows no more.
    let follow_id = format!("{me}/follows/{}", uuid::Uuid::new_v4());
    assert_eq!(
        peer.send("follow", &author, &follow_id),
        "202",
        "{}",
        peer.log()
    );
    let followers = format!("{author}/followers");
    assert_eq!(fetch(&app, &followers).await.1["totalItems"], 1);
    // And its reply, approved, is under the post with its name linked to it.
    let note = format!("{me}/notes/{}", uuid::Uuid::new_v4());
    let reply = note_activity(
        "Create",
        &format!("{note}/create"),
        &note,
        &article_id,
        "<p>Goodbye soon.</p>",
    );
    assert_eq!(peer.post(&author, &reply), "202", "{}", peer.log());
    approve_all(&app).await;
    let page = app.anonymous_get(&path).await.text().await.unwrap();
    assert!(page.contains(&format!(r#"<a href="{me}""#)), "{page}");
    let gone = json!({
        "@context": "https://www.w3.org/ns/activitystreams",
        "id": format!("{me}#delete"),
        "type": "Delete",
        "actor": "$ME",
        "object": "$ME",
        "to": [PUBLIC],
    });
    assert_eq!(peer.post(&author, &gone), "202", "{}", peer.log());
    assert_eq!(fetch(&app, &followers).await.1["totalItems"], 0);
    // Its comment stays (the site keeps deleted accounts' comments), signed "deleted user".
    let page = app.anonymous_get(&path).await.text().await.unwrap();
    assert!(page.contains("Goodbye soon."), "{page}");
    assert!(!page.contains(&format!(r#"<a href="{me}""#)), "{page}");
    assert!(
        page.contains(sibyl::domain::comment::DELETED_USER),
        "{page}"
    );
}
