//! The site answering the fediverse, on both stores: fediverse-pasture's one_actor (a
//! server nobody here wrote, whose inbox takes only what bovine's signature checker
//! verifies) replies to a post; once the reply is approved, the post's author answers it
//! on the site, and the answer reaches one_actor as a `Create` of a `Note` by the
//! author's actor, answering its note, mentioning it and addressed to it; the note is at
//! its own address; its edit arrives as an `Update`, its deletion as a `Delete`. The
//! author's answer to a comment written here is not sent.

use super::account_deletion::approve_all;
use super::comments::{comment_on, picks};
use super::federation::{fetch, reachable};
use super::fediverse_follows::OneActor;
use super::fediverse_replies::note_activity;
use crate::both_stores;
use crate::helpers::{TestStore, location};
use std::time::Duration;

both_stores!(the_authors_answer_to_the_fediverse_goes_back_mentioning_whom_it_answers,);

async fn the_authors_answer_to_the_fediverse_goes_back_mentioning_whom_it_answers(t: TestStore) {
    let app = reachable(t, true).await;
    app.set_up().await;
    let path = app.publish("Answered", "Ask me anything.").await;
    let (_, article) = fetch(&app, &path).await;
    let article_id = article["id"].as_str().unwrap().to_owned();
    let author = article["attributedTo"].as_str().unwrap().to_owned();
    let post = sibyl::domain::PostId(
        uuid::Uuid::parse_str(article_id.rsplit('/').next().unwrap()).unwrap(),
    );
    // The fediverse job tells of the post (to no follower yet) within a few seconds.
    let mut told = false;
    for _ in 0..300 {
        if app
            .store
            .federated_post(&app.site, post)
            .await
            .unwrap()
            .is_some()
        {
            told = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(told, "the post was not told to the fediverse in 30 s");

    let peer = OneActor::start().await;
    let me = peer.id();
    let note = format!("{me}/notes/{}", uuid::Uuid::new_v4());
    let question = note_activity(
        "Create",
        &format!("{note}/create"),
        &note,
        &article_id,
        "<p>What comes next?</p>",
    );
    assert_eq!(peer.post(&author, &question), "202", "{}", peer.log());
    let desk = app.get_html("/admin/comments").await;
    let picked = picks(&desk);
    assert_eq!(picked.len(), 1, "{desk}");
    let remote_comment = picked[0].split('.').nth(1).unwrap().to_owned();
    approve_all(&app).await;

    // The author answers it on the site.
    let answered = comment_on(
        &app,
        &format!("{path}?reply={remote_comment}"),
        &[
            ("body", "Federation, *then* speed."),
            ("parent", &remote_comment),
        ],
    )
    .await;
    assert_eq!(
        location(&answered),
        format!("{path}?commented=published#comments")
    );
    let create = peer
        .wait_for("Create of the answer", |a| {
            a["type"] == "Create" && a["object"]["type"] == "Note"
        })
        .await;
    let answer = &create["object"];
    assert_eq!(create["actor"], author.as_str(), "{create}");
    assert_eq!(answer["attributedTo"], author.as_str());
    assert_eq!(answer["inReplyTo"], note.as_str(), "{answer}");
    assert_eq!(answer["context"], article_id.as_str());
    assert_eq!(answer["tag"][0]["type"], "Mention", "{answer}");
    assert_eq!(answer["tag"][0]["href"], me.as_str());
    assert!(
        answer["tag"][0]["name"]
            .as_str()
            .unwrap()
            .ends_with("@127.0.0.1"),
        "{answer}"
    );
    let cc: Vec<&str> = answer["cc"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|v| v.as_str())
        .collect();
    assert!(cc.contains(&me.as_str()), "{answer}");
    assert!(
        cc.contains(&format!("{author}/followers").as_str()),
        "{answer}"
    );
    let content = answer["content"].as_str().unwrap();
    assert!(
        content.contains(&format!(r#"<a href="{me}" class="u-url mention">"#)),
        "{content}"
    );
    assert!(
        content.contains("Federation, <em>then</em> speed."),
        "{content}"
    );
    assert!(
        answer["url"].as_str().unwrap().contains("#comment-"),
        "{answer}"
    );

    // The note is at its own address; a browser is sent to the comment on the page.
    let id = answer["id"].as_str().unwrap().to_owned();
    let (status, served) = fetch(&app, &id).await;
    assert_eq!(status, 200, "{served}");
    assert_eq!(served["inReplyTo"], note.as_str());
    assert_eq!(served["type"], "Note");
    let page = app
        .anonymous()
        .get(&id)
        .header("accept", "text/html")
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), 303);
    assert_eq!(page.headers()["location"], answer["url"].as_str().unwrap());
    // No other comment is a note: the remote one, or one that does not exist.
    let remote = format!("{article_id}/comments/{remote_comment}");
    assert_eq!(fetch(&app, &remote).await.0, 404);
    let nothing = format!("{article_id}/comments/{}", uuid::Uuid::new_v4());
    assert_eq!(fetch(&app, &nothing).await.0, 404);

    // An answer to a comment written here is not sent: only the one Create came.
    let own = picks_of_page(&app.anonymous_get(&path).await.text().await.unwrap());
    let mine = own
        .iter()
        .find(|id| **id != remote_comment)
        .expect("the author's answer is on the page")
        .clone();
    let again = comment_on(
        &app,
        &format!("{path}?reply={mine}"),
        &[("body", "And a note to myself."), ("parent", &mine)],
    )
    .await;
    assert_eq!(again.status(), 303);

    // Its author edits the answer: an Update of the note; deletes it: a Delete.
    let cid = id.rsplit('/').next().unwrap();
    let edit = format!("{path}/comments/{cid}/edit");
    let action = format!("{path}/comments/{cid}");
    let saved = app
        .submit(&edit, &action, &[("body", "Federation, then languages.")])
        .await;
    assert_eq!(saved.status(), 303);
    let update = peer
        .wait_for("Update of the answer", |a| a["type"] == "Update")
        .await;
    assert_eq!(update["object"]["id"], id.as_str(), "{update}");
    assert!(update["object"]["updated"].is_string(), "{update}");
    assert!(
        update["object"]["content"]
            .as_str()
            .unwrap()
            .contains("Federation, then languages."),
        "{update}"
    );
    // The answer to the author's own comment, queued before this Update, was not sent:
    // only the one Create came.
    let notes = peer
        .received()
        .into_iter()
        .filter(|a| a["type"] == "Create" && a["object"]["type"] == "Note")
        .count();
    assert_eq!(notes, 1);
    let deleted = app.submit(&edit, &format!("{action}/delete"), &[]).await;
    assert_eq!(deleted.status(), 303);
    let delete = peer
        .wait_for("Delete of the answer", |a| a["type"] == "Delete")
        .await;
    assert_eq!(delete["object"]["id"], id.as_str(), "{delete}");
    assert_eq!(delete["object"]["type"], "Tombstone");
    assert_eq!(fetch(&app, &id).await.0, 404);
}

/// The ids of the comments shown on a post's page.
fn picks_of_page(html: &str) -> Vec<String> {
    html.split("id=\"comment-")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .filter(|id| uuid::Uuid::parse_str(id).is_ok())
        .map(str::to_owned)
        .collect()
}
