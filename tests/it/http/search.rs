//! Full-text search over HTTP, on both stores: published texts in every language found
//! by their words (accents and case aside), with a marked passage; drafts, unpublished
//! posts and old wordings never; paging; a clear 400 for every bad query; and what a
//! search costs in statements.

use crate::both_stores;
use crate::helpers::{Kind, TestApp, TestStore, spawn_app};

async fn search(app: &TestApp, query: &str) -> (u16, String) {
    let response = app
        .anonymous()
        .get(app.url(&format!("/search?{}", form(&[("q", query)]))))
        .send()
        .await
        .unwrap();
    (response.status().as_u16(), response.text().await.unwrap())
}

/// A query string.
fn form(pairs: &[(&str, &str)]) -> String {
    url::form_urlencoded::Serializer::new(String::new())
        .extend_pairs(pairs)
        .finish()
}

/// The result links of a results page, in order.
fn results(html: &str) -> Vec<String> {
    html.split("<li")
        .skip(1)
        .filter_map(|item| {
            let start = item.find("<h2><a href=\"")? + "<h2><a href=\"".len();
            let end = item[start..].find('"')? + start;
            Some(item[start..end].to_owned())
        })
        .collect()
}

async fn published_texts_are_found_by_their_words_in_every_language(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let flood = app
        .publish(
            "Spring flood",
            "Nothing much happened.\n\nThen the river rose at the Café overnight, and the *bridge* held.",
        )
        .await;
    let other = app
        .publish("Quiet week", "Nothing to see, but see the river.")
        .await;
    let draft = app
        .write(
            "Unpublished thoughts",
            "A draft about the café bridge.",
            "",
            "draft",
        )
        .await;
    assert_eq!(draft.status(), 303);

    // Every word, wherever it is, accents and case aside.
    let (status, html) = search(&app, "CAFE bridge").await;
    assert_eq!(status, 200, "{html}");
    assert_eq!(results(&html), [flood.as_str()], "{html}");
    assert!(html.contains("<mark>Café</mark>"), "{html}");
    assert!(html.contains("<mark>bridge</mark>"), "{html}");
    assert!(html.contains("value=\"CAFE bridge\""), "{html}");
    let (_, html) = search(&app, "river").await;
    let mut found = results(&html);
    found.sort();
    let mut both = vec![flood.clone(), other.clone()];
    both.sort();
    assert_eq!(found, both, "{html}");
    // Words of the title count too; a word no text has finds nothing, plainly.
    let (_, html) = search(&app, "spring").await;
    assert_eq!(results(&html), [flood.as_str()]);
    let (status, html) = search(&app, "river zeppelin").await;
    assert_eq!(status, 200);
    assert!(results(&html).is_empty());
    assert!(
        html.contains("No published post has all of these words."),
        "{html}"
    );

    // A published translation is found in its own language, linked as such.
    let saved = app
        .submit(
            &format!("{flood}/edit?lang=fr"),
            &format!("{flood}/edit?lang=fr"),
            &[
                ("base", "0"),
                ("title", "Crue de printemps"),
                ("body", "La rivière a monté près du pont."),
                ("message", ""),
                ("action", "save"),
            ],
        )
        .await;
    assert_eq!(saved.status(), 303);
    let (_, html) = search(&app, "riviere").await;
    assert!(
        results(&html).is_empty(),
        "a draft translation is not searched"
    );
    let published = app
        .submit(
            &format!("{flood}?lang=fr"),
            &format!("{flood}/publish?lang=fr"),
            &[],
        )
        .await;
    assert_eq!(published.status(), 303);
    let (_, html) = search(&app, "RIVIÈRE pont").await;
    assert_eq!(results(&html), [format!("{flood}?lang=fr")], "{html}");
    assert!(html.contains("<li lang=\"fr\">"), "{html}");
    assert!(html.contains("<mark>rivière</mark>"), "{html}");

    // A new revision replaces the words of the old.
    let edited = app
        .submit(
            &format!("{other}/edit"),
            &format!("{other}/edit"),
            &[
                ("base", "1"),
                ("title", "Quiet week"),
                ("body", "Nothing to see but the lighthouse."),
                ("tags", "coast"),
                ("message", ""),
                ("action", "save"),
            ],
        )
        .await;
    assert_eq!(edited.status(), 303, "{}", edited.text().await.unwrap());
    let (_, html) = search(&app, "river").await;
    assert_eq!(results(&html), [flood.as_str()], "{html}");
    let (_, html) = search(&app, "lighthouse coast").await;
    assert_eq!(results(&html), [other.as_str()], "{html}");

    // Taken back to draft, a post is found no more, in any language.
    let unpublished = app.submit(&flood, &format!("{flood}/unpublish"), &[]).await;
    assert_eq!(unpublished.status(), 303);
    for words in ["cafe", "riviere"] {
        let (_, html) = search(&app, words).await;
        assert!(results(&html).is_empty(), "{words}: {html}");
    }
}

async fn results_page_without_repeats_and_cost_a_few_reads(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let mut posts = Vec::new();
    for n in 0..13 {
        posts.push(
            app.publish(&format!("Note {n}"), &format!("Alpha note number {n}."))
                .await,
        );
    }
    let reader = app.anonymous();
    // Warm: the site's identity is read once per instance.
    reader.get(app.url("/search")).send().await.unwrap();
    let before = app.store.statements();
    let first = reader.get(app.url("/search?q=alpha")).send().await.unwrap();
    let cost = app.store.statements() - before;
    assert_eq!(first.status(), 200);
    let html = first.text().await.unwrap();
    // SQLite: how common the words are (counted up to a bound), then one FTS5 query;
    // Cassandra: the archive's buckets, then the newest bucket's sixteen shards at once.
    let expected = match app.kind {
        Kind::Sqlite => 2,
        Kind::Cassandra => 17,
    };
    assert_eq!(cost, expected, "statements for a page of results");
    let mut seen = results(&html);
    assert_eq!(seen.len(), 10, "{html}");
    let start = html.find("id=\"older\"").expect("a link to more results");
    let href_at = html[..start].rfind("href=\"").unwrap() + 6;
    let more = html[href_at..]
        .split('"')
        .next()
        .unwrap()
        .replace("&amp;", "&")
        .replace("&#38;", "&");
    let second = reader.get(app.url(&more)).send().await.unwrap();
    assert_eq!(second.status(), 200, "{more}");
    let html = second.text().await.unwrap();
    assert!(!html.contains("id=\"older\""), "{html}");
    seen.extend(results(&html));
    let mut sorted = seen.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), 13, "no result twice: {seen:?}");
    posts.sort();
    assert_eq!(sorted, posts);
    if app.kind == Kind::Cassandra {
        // Cassandra cannot rank: newest first.
        assert!(seen[0].ends_with("note-12"), "{seen:?}");
    }
}

async fn bad_queries_get_a_clear_400_and_the_form(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    app.publish("Anything", "Some words.").await;
    let page = app.anonymous_get("/search").await;
    assert_eq!(page.status(), 200);
    let html = page.text().await.unwrap();
    assert!(html.contains("id=\"search-query\""), "{html}");
    let ten_kb = "a".repeat(10 * 1024);
    let nine_words = "one two three four five six seven eight nine";
    for (query, why) in [
        ("", "Type a word or two to search for."),
        ("    ", "Type a word or two to search for."),
        (
            ten_kb.as_str(),
            "at most 200 characters long; this one has 10240",
        ),
        ("\"*\" - ^ : ()", "has no words to search for"),
        (nine_words, "at most 8 different words; this one has 9"),
    ] {
        let (status, html) = search(&app, query).await;
        assert_eq!(status, 400, "{query:?}: {html}");
        assert!(html.contains(why), "{why}: {html}");
        assert!(
            html.contains("id=\"search-query\""),
            "the form again: {html}"
        );
    }
    // Operators of a search syntax are words like any other.
    let (status, html) = search(&app, "NEAR(\"*\") title:").await;
    assert_eq!(status, 200, "{html}");
    assert!(
        html.contains("No published post has all of these words."),
        "{html}"
    );
    for forged in [
        "nonsense",
        "inf_12",
        "NaN_1",
        "00000000-0000-0000-0000-000000000000_0_",
        "x_y_z",
    ] {
        let response = app
            .anonymous()
            .get(app.url(&format!(
                "/search?{}",
                form(&[("q", "words"), ("after", forged)])
            )))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 400, "{forged}");
        let html = response.text().await.unwrap();
        assert!(
            html.contains("This link to more results is broken"),
            "{html}"
        );
    }
    // The header's search box is on every page.
    let home = app.anonymous_get("/").await.text().await.unwrap();
    assert!(
        home.contains(
            "<form class=\"search\" role=\"search\" aria-label=\"Site\" method=\"get\" action=\"/search\">"
        )
    );
}

both_stores!(
    published_texts_are_found_by_their_words_in_every_language,
    results_page_without_repeats_and_cost_a_few_reads,
    bad_queries_get_a_clear_400_and_the_form,
);
