//! The notes of fediverse-pasture-inputs (MIT: the input examples the fediverse's
//! interoperability tables are made with), on both stores: the pasture's one_actor sends
//! each example of thirteen sets (HTML tags good and bad, links, content warnings,
//! mentions, hashtags, emoji, languages, URLs, attachments, media types, quotes) as a
//! reply to a post, built by the pasture's own ActivitySender; every one is taken but a
//! script alone (400: it shows nothing), and
//! once approved each is read back through the JSON API with its text, and on the page
//! with nothing a reader's browser could be made to run or submit.

use super::account_deletion::approve_all;
use super::comments::picks;
use super::federation::{fetch, reachable_with};
use super::fediverse_follows::OneActor;
use crate::both_stores;
use crate::helpers::{TestApp, TestStore};
use serde_json::Value;
use std::time::Duration;

both_stores!(the_pastures_input_notes_become_comments_read_back_through_the_api);

/// The sets sent to each of two posts (the API lists 100 comments of a post).
const FIRST: [&str; 4] = ["html_tags", "html_bad", "html_anchor", "html_tags_extra"];
const SECOND: [&str; 9] = [
    "content_warnings",
    "mentions",
    "hashtags",
    "emoji",
    "language",
    "url",
    "attachments",
    "media_type",
    "quotes",
];

/// The text a note's HTML shows, its tags dropped, on one line.
fn shown_text(html: &str) -> String {
    let mut text = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => {
                in_tag = false;
                text.push(' ');
            }
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Approves every comment waiting, a page of the queue at a time.
async fn approve_everything(app: &TestApp) {
    for _ in 0..20 {
        if picks(&app.get_html("/admin/comments").await).is_empty() {
            return;
        }
        approve_all(app).await;
    }
    panic!("comments still wait after 20 pages");
}

/// The comments' bodies as the JSON API gives them.
async fn api_bodies(app: &TestApp, path: &str) -> Vec<String> {
    let slug = path.rsplit('/').next().unwrap();
    let response = app
        .anonymous_get(&format!("/api/articles/{slug}/comments"))
        .await;
    assert_eq!(response.status(), 200);
    let listed: Value = response.json().await.unwrap();
    listed["comments"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["body"].as_str().unwrap().to_owned())
        .collect()
}

/// Every comment body's HTML on the post's pages, following "Newer comments".
async fn page_bodies(app: &TestApp, path: &str) -> Vec<String> {
    let mut bodies = Vec::new();
    let mut next = Some(path.to_owned());
    while let Some(at) = next.take() {
        let page = app.anonymous_get(&at).await.text().await.unwrap();
        let document = scraper::Html::parse_document(&page);
        let body = scraper::Selector::parse("li.comment .comment-body").unwrap();
        bodies.extend(document.select(&body).map(|b| b.inner_html()));
        let newer = scraper::Selector::parse("#newer-comments").unwrap();
        next = document
            .select(&newer)
            .next()
            .and_then(|a| a.value().attr("href"))
            .map(|href| href.replace("&amp;", "&"));
    }
    bodies
}

async fn the_pastures_input_notes_become_comments_read_back_through_the_api(t: TestStore) {
    let app = reachable_with(t, true, |config| {
        // One actor sends them all: its per-actor and per-domain limits allow it.
        let plenty = sibyl::app::limits::Limit {
            max: 1_000,
            window: Duration::from_secs(3600),
        };
        config.rate_limits.comment_per_account = plenty;
        config.rate_limits.reply_per_domain = plenty;
    })
    .await;
    app.set_up().await;
    let peer = OneActor::start().await;
    let mut sent = Vec::new();
    for (sets, title) in [(&FIRST[..], "Tags"), (&SECOND[..], "Properties")] {
        let path = app.publish(title, "What does the fediverse say?").await;
        let (status, article) = fetch(&app, &path).await;
        assert_eq!(status, 200, "{article}");
        let author = article["attributedTo"].as_str().unwrap().to_owned();
        let article_id = article["id"].as_str().unwrap().to_owned();
        let lines = peer.inputs(&author, &article_id, sets);
        let expected: usize = sets
            .iter()
            .map(|s| match *s {
                "html_tags" => 34,
                "html_bad" => 13,
                "html_anchor" => 18,
                "html_tags_extra" => 8,
                "content_warnings" => 7,
                "mentions" => 10,
                "hashtags" => 15,
                "emoji" => 7,
                "language" => 9,
                "url" => 13,
                "attachments" => 11,
                "media_type" => 9,
                "quotes" => 13,
                other => panic!("{other}"),
            })
            .sum();
        assert_eq!(lines.len(), expected, "one line per example");
        // Every example is taken but a script alone: nothing of it is shown, so it is
        // refused as a note without text (400), and makes no comment.
        for line in &lines {
            let content = line["note"]["content"].as_str().unwrap_or_default();
            let script_only = content.starts_with("<script>") && content.ends_with("</script>");
            let wanted = if script_only { 400 } else { 202 };
            assert_eq!(line["status"], wanted, "{line:#}");
        }
        let taken: Vec<Value> = lines.into_iter().filter(|l| l["status"] == 202).collect();
        sent.push((path, taken));
    }
    approve_everything(&app).await;

    for (path, lines) in &sent {
        // Their Markdown, read without its escapes.
        let bodies: Vec<String> = api_bodies(&app, path)
            .await
            .into_iter()
            .map(|b| b.replace('\\', ""))
            .collect();
        assert_eq!(
            bodies.len(),
            lines.len(),
            "one comment per note: {bodies:#?}"
        );
        let shows = |text: &str| bodies.iter().any(|b| b.contains(text));
        for line in lines {
            let (set, note) = (line["set"].as_str().unwrap(), &line["note"]);
            let content = note["content"].as_str().unwrap_or_default();
            // Its text is in a comment (a script's is not).
            if !content.is_empty() && !content.contains("<script>") {
                let text = shown_text(content);
                let first = text.split(' ').next().unwrap_or_default();
                assert!(
                    first.is_empty() || first.contains('&') || shows(first),
                    "{set} {}: {first:?} of {content:?} is in no comment: {bodies:#?}",
                    line["index"]
                );
            }
            // A note of a contentMap alone shows one of its languages' texts.
            if content.is_empty()
                && let Some(map) = note["contentMap"].as_object()
            {
                assert!(
                    map.values().any(|t| shows(t.as_str().unwrap())),
                    "{set} {}: {map:?}",
                    line["index"]
                );
            }
            // A content warning comes first.
            if let Some(summary) = note["summary"].as_str()
                && set == "content_warnings"
            {
                assert!(
                    bodies.iter().any(|b| b
                        .find(summary)
                        .zip(b.find(content))
                        .is_some_and(|(w, t)| w < t)),
                    "{set} {}: the warning {summary:?} is not before {content:?}",
                    line["index"]
                );
            }
        }
        // A picture in the text (html_tags' <img>) is its description, linking to it.
        if lines.iter().any(|l| l["set"] == "html_tags") {
            assert!(
                shows("[NLNET Logo](<http://pasture-one-actor/assets/nlnet.png>)"),
                "{bodies:#?}"
            );
        }
        // On the page: nothing that runs, submits or reaches outside the comment.
        let html = page_bodies(&app, path).await;
        assert_eq!(html.len(), lines.len());
        for body in &html {
            let fragment = scraper::Html::parse_fragment(body);
            for element in fragment
                .root_element()
                .descendants()
                .filter_map(|n| scraper::ElementRef::wrap(n).filter(|e| e.value().name() != "html"))
            {
                let name = element.value().name();
                assert!(
                    [
                        "p",
                        "br",
                        "em",
                        "strong",
                        "a",
                        "code",
                        "pre",
                        "blockquote",
                        "ul",
                        "ol",
                        "li"
                    ]
                    .contains(&name),
                    "<{name}> in a comment: {body}"
                );
                for (attribute, value) in element.value().attrs() {
                    assert!(
                        name == "a" && ["href", "rel"].contains(&attribute),
                        "{attribute}={value:?} on <{name}> in a comment: {body}"
                    );
                    if attribute == "href" {
                        assert!(value.starts_with("https://") || value.starts_with("http://"));
                    }
                    if attribute == "rel" {
                        assert!(value.contains("nofollow"), "{body}");
                    }
                }
            }
        }
    }
}
