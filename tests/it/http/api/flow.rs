//! The specification's main flow, as a front end walks it, and the feed.

use super::*;
use crate::both_stores;
use crate::helpers::{TestStore, unique_name};
use serde_json::json;

both_stores!(
    the_main_flow_runs_through_the_api,
    the_feed_merges_the_followed_authors_newest_first,
    paging_on_by_offset_continues_where_the_last_page_ended,
    a_filter_few_favorites_pass_still_pages_through_them,
);

async fn the_main_flow_runs_through_the_api(t: TestStore) {
    let app = api_app(t).await;
    app.set_up().await;
    let name = unique_name("jake");
    let email = format!("{name}@example.com");

    // Register, sign in, the current user, an update that sends the same address.
    let token = register(&app, &name).await;
    let (status, body) = call(
        &app,
        Method::POST,
        "/users/login",
        None,
        Some(json!({"user": {"email": email, "password": "a long enough password"}})),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    for field in ["email", "token", "username", "bio", "image"] {
        assert!(
            body["user"].get(field).is_some(),
            "user has {field}: {body}"
        );
    }
    assert_eq!(body["user"]["username"], name.as_str());
    let (status, me) = call(&app, Method::GET, "/user", Some(&token), None).await;
    assert_eq!(
        (status, me["user"]["email"].as_str()),
        (200, Some(email.as_str()))
    );
    assert_eq!(
        me["user"]["token"],
        token.as_str(),
        "the token it was asked with"
    );
    let (status, updated) = call(
        &app,
        Method::PUT,
        "/user",
        Some(&token),
        Some(json!({"user": {"email": email, "bio": "I like to skateboard"}})),
    )
    .await;
    assert_eq!(status, 200, "{updated}");
    assert_eq!(updated["user"]["bio"], "I like to skateboard");
    assert_eq!(updated["user"]["image"], Value::Null);
    let (status, pictured) = call(
        &app,
        Method::PUT,
        "/user",
        Some(&token),
        Some(json!({"user": {"image": "https://pictures.example/jake.jpg", "bio": "I like to skateboard", "username": name, "password": ""}})),
    )
    .await;
    assert_eq!(status, 200, "{pictured}");
    assert_eq!(
        pictured["user"]["image"],
        "https://pictures.example/jake.jpg"
    );
    let author_page = app
        .anonymous_get(&format!("/authors/{name}"))
        .await
        .text()
        .await
        .unwrap();
    assert!(
        author_page.contains("<img class=\"portrait\" src=\"https://pictures.example/jake.jpg\""),
        "the site shows it too"
    );

    // Lists before anything is written.
    for path in [
        "/articles",
        &format!("/articles?author={name}"),
        "/articles?tag=dragons",
        &format!("/articles?favorited={name}"),
    ] {
        let (status, list) = call(&app, Method::GET, path, None, None).await;
        assert_eq!(status, 200, "{path}");
        assert_eq!(list["articles"], json!([]), "{path}");
        assert_eq!(list["articlesCount"], 0, "{path}");
    }

    // An article; lists leave out its body, and give its tags by name.
    let (status, created) = call(&app, Method::POST, "/articles", Some(&token), Some(json!({"article": {"title": "How to train your dragon", "description": "Ever wonder how?", "body": "Very *carefully*.", "tagList": ["training", "dragons"]}}))).await;
    assert_eq!(status, 201, "{created}");
    let article = &created["article"];
    let slug = article["slug"].as_str().unwrap().to_owned();
    assert!(slug.starts_with("how-to-train-your-dragon"), "{slug}");
    assert_eq!(article["description"], "Ever wonder how?");
    assert_eq!(article["body"], "Very *carefully*.");
    assert_eq!(article["tagList"], json!(["dragons", "training"]));
    assert!(
        is_iso_with_millis(&article["createdAt"]) && is_iso_with_millis(&article["updatedAt"]),
        "{article}"
    );
    assert_eq!(
        (
            article["favorited"].as_bool(),
            article["favoritesCount"].as_u64()
        ),
        (Some(false), Some(0))
    );
    assert_eq!(article["author"]["username"], name.as_str());
    assert_eq!(article["author"]["bio"], "I like to skateboard");
    assert_eq!(article["author"]["following"], false);
    // The post is the site's own: on its page, for readers.
    let page = app.anonymous_get(&format!("/posts/{slug}")).await;
    assert_eq!(page.status(), 200);
    assert!(page.text().await.unwrap().contains("<em>carefully</em>"));

    for path in [
        "/articles".to_owned(),
        format!("/articles?author={name}"),
        "/articles?tag=dragons".to_owned(),
        format!("/articles?tag=Dragons&author={name}"),
    ] {
        for token in [None, Some(token.as_str())] {
            let (status, list) = call(&app, Method::GET, &path, token, None).await;
            assert_eq!(status, 200, "{path}");
            assert_eq!(list["articlesCount"], 1, "{path}: {list}");
            let first = &list["articles"][0];
            assert_eq!(first["slug"], slug.as_str(), "{path}");
            assert!(
                first.get("body").is_none(),
                "lists leave out the body: {first}"
            );
            assert_eq!(first["tagList"], json!(["dragons", "training"]));
            assert_eq!(first["description"], "Ever wonder how?");
            assert!(is_iso_with_millis(&first["createdAt"]));
        }
    }
    let (_, other_tag) = call(
        &app,
        Method::GET,
        &format!("/articles?tag=cats&author={name}"),
        None,
        None,
    )
    .await;
    assert_eq!(other_tag["articlesCount"], 0);

    // One article, then a change to its body: a new revision, the description kept.
    let (status, single) = call(&app, Method::GET, &format!("/articles/{slug}"), None, None).await;
    assert_eq!(
        (status, single["article"]["body"].as_str()),
        (200, Some("Very *carefully*."))
    );
    let (status, changed) = call(
        &app,
        Method::PUT,
        &format!("/articles/{slug}"),
        Some(&token),
        Some(json!({"article": {"body": "With two hands"}})),
    )
    .await;
    assert_eq!(status, 200, "{changed}");
    assert_eq!(changed["article"]["body"], "With two hands");
    assert_eq!(changed["article"]["slug"], slug.as_str());
    assert_eq!(changed["article"]["description"], "Ever wonder how?");
    let post = app
        .store
        .post_by_slug(&app.site, &sibyl::domain::Slug::parse(&slug).unwrap())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(post.revision, 2, "the change is a revision");
    let history = app.anonymous_get(&format!("/posts/{slug}/history")).await;
    assert!(history.status().is_success() || history.status().is_redirection());

    // Favorites: counted, marked for whoever favorited, listed by favoriter.
    let fan_name = unique_name("fan");
    let fan = register(&app, &fan_name).await;
    for (token, favorited, count) in [(&fan, true, 1), (&fan, true, 1), (&token, true, 2)] {
        let (status, answer) = call(
            &app,
            Method::POST,
            &format!("/articles/{slug}/favorite"),
            Some(token),
            None,
        )
        .await;
        assert_eq!(status, 200, "{answer}");
        assert_eq!(answer["article"]["favorited"], favorited);
        assert_eq!(answer["article"]["favoritesCount"], count, "{answer}");
    }
    let (_, seen) = call(&app, Method::GET, &format!("/articles/{slug}"), None, None).await;
    assert_eq!(
        (
            seen["article"]["favorited"].as_bool(),
            seen["article"]["favoritesCount"].as_u64()
        ),
        (Some(false), Some(2))
    );
    let (_, listed) = call(
        &app,
        Method::GET,
        &format!("/articles?favorited={fan_name}"),
        Some(&fan),
        None,
    )
    .await;
    assert_eq!(listed["articlesCount"], 1, "{listed}");
    assert_eq!(listed["articles"][0]["slug"], slug.as_str());
    assert_eq!(listed["articles"][0]["favorited"], true);
    assert_eq!(listed["articles"][0]["favoritesCount"], 2);
    let (_, mine) = call(&app, Method::GET, "/articles", Some(&token), None).await;
    assert_eq!(mine["articles"][0]["favorited"], true, "{mine}");
    let (status, answer) = call(
        &app,
        Method::DELETE,
        &format!("/articles/{slug}/favorite"),
        Some(&token),
        None,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(
        (
            answer["article"]["favorited"].as_bool(),
            answer["article"]["favoritesCount"].as_u64()
        ),
        (Some(false), Some(1))
    );
    let (_, none) = call(
        &app,
        Method::GET,
        &format!("/articles?favorited={name}"),
        None,
        None,
    )
    .await;
    assert_eq!(none["articlesCount"], 0);

    // Follows and the feed: empty until the fan follows the author.
    let (status, feed) = call(&app, Method::GET, "/articles/feed", Some(&fan), None).await;
    assert_eq!(
        (status, feed["articlesCount"].as_u64()),
        (200, Some(0)),
        "{feed}"
    );
    let (status, followed) = call(
        &app,
        Method::POST,
        &format!("/profiles/{name}/follow"),
        Some(&fan),
        Some(json!({"user": {"email": "ignored@example.com"}})),
    )
    .await;
    assert_eq!(status, 200, "{followed}");
    assert_eq!(followed["profile"]["following"], true);
    let (_, profile) = call(
        &app,
        Method::GET,
        &format!("/profiles/{name}"),
        Some(&fan),
        None,
    )
    .await;
    assert_eq!(profile["profile"]["following"], true);
    let (_, feed) = call(&app, Method::GET, "/articles/feed", Some(&fan), None).await;
    assert_eq!(feed["articlesCount"], 1, "{feed}");
    assert_eq!(feed["articles"][0]["slug"], slug.as_str());
    assert_eq!(feed["articles"][0]["author"]["following"], true);
    let (status, _) = call(
        &app,
        Method::POST,
        &format!("/profiles/{fan_name}/follow"),
        Some(&fan),
        None,
    )
    .await;
    assert_eq!(status, 422, "not oneself");
    let (status, unfollowed) = call(
        &app,
        Method::DELETE,
        &format!("/profiles/{name}/follow"),
        Some(&fan),
        None,
    )
    .await;
    assert_eq!(
        (status, unfollowed["profile"]["following"].as_bool()),
        (200, Some(false))
    );
    let (_, feed) = call(&app, Method::GET, "/articles/feed", Some(&fan), None).await;
    assert_eq!(feed["articlesCount"], 0);

    // Tags and profiles.
    let (status, tags) = call(&app, Method::GET, "/tags", None, None).await;
    assert_eq!(status, 200);
    assert!(
        tags["tags"].as_array().unwrap().contains(&json!("dragons")),
        "{tags}"
    );
    let (status, profile) = call(
        &app,
        Method::GET,
        &format!("/profiles/{name}"),
        Some(&token),
        None,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(
        profile["profile"],
        json!({"username": name, "bio": "I like to skateboard", "image": "https://pictures.example/jake.jpg", "following": false})
    );

    // Paging: three more articles, two at a time.
    for i in 0..3 {
        let (status, _) = call(&app, Method::POST, "/articles", Some(&token), Some(json!({"article": {"title": format!("Page {i}"), "description": "", "body": "Text."}}))).await;
        assert_eq!(status, 201);
    }
    let (_, first) = call(
        &app,
        Method::GET,
        &format!("/articles?author={name}&limit=2"),
        None,
        None,
    )
    .await;
    let (_, second) = call(
        &app,
        Method::GET,
        &format!("/articles?author={name}&limit=2&offset=2"),
        None,
        None,
    )
    .await;
    let titles = |list: &Value| {
        list["articles"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a["title"].as_str().unwrap().to_owned())
            .collect::<Vec<_>>()
    };
    assert_eq!(titles(&first), ["Page 2", "Page 1"], "newest first");
    assert_eq!(titles(&second), ["Page 0", "How to train your dragon"]);
    assert_eq!(first["articlesCount"], 3, "two, and more to come");
    assert_eq!(second["articlesCount"], 4, "the end: all of them");

    // Comments: the author's own is published at once; another member's waits for
    // moderation (202) and is listed once approved.
    let path = format!("/articles/{slug}/comments");
    let (status, written) = call(
        &app,
        Method::POST,
        &path,
        Some(&token),
        Some(json!({"comment": {"body": "Thank you so *much*!"}})),
    )
    .await;
    assert_eq!(status, 200, "{written}");
    let comment = &written["comment"];
    let id = comment["id"].as_str().unwrap().to_owned();
    assert_eq!(comment["body"], "Thank you so *much*!");
    assert_eq!(comment["author"]["username"], name.as_str());
    assert!(is_iso_with_millis(&comment["createdAt"]) && is_iso_with_millis(&comment["updatedAt"]));
    let reader = register(&app, &unique_name("reader")).await;
    let (status, pending) = call(
        &app,
        Method::POST,
        &path,
        Some(&reader),
        Some(json!({"comment": {"body": "First!"}})),
    )
    .await;
    assert_eq!(status, 202, "{pending}");
    let pending_id = pending["comment"]["id"].as_str().unwrap().to_owned();
    for token in [None, Some(token.as_str())] {
        let (status, list) = call(&app, Method::GET, &path, token, None).await;
        assert_eq!(status, 200);
        assert_eq!(list["comments"].as_array().unwrap().len(), 1, "{list}");
        assert_eq!(list["comments"][0]["id"], id.as_str());
        assert_eq!(list["comments"][0]["body"], "Thank you so *much*!");
    }
    let shown = app
        .anonymous_get(&format!("/posts/{slug}"))
        .await
        .text()
        .await
        .unwrap();
    assert!(
        shown.contains("<em>much</em>") && !shown.contains("First!"),
        "the site shows the same"
    );
    let (status, _) = call(
        &app,
        Method::DELETE,
        &format!("{path}/{id}"),
        Some(&reader),
        None,
    )
    .await;
    assert_eq!(status, 403, "not the reader's");
    let (status, _) = call(
        &app,
        Method::DELETE,
        &format!("{path}/{pending_id}"),
        Some(&token),
        None,
    )
    .await;
    assert_eq!(status, 204, "the article's author removes what waits on it");
    let (status, _) = call(
        &app,
        Method::DELETE,
        &format!("{path}/{id}"),
        Some(&token),
        None,
    )
    .await;
    assert_eq!(status, 204);
    let (_, list) = call(&app, Method::GET, &path, None, None).await;
    assert_eq!(list["comments"], json!([]));
    let (status, _) = call(
        &app,
        Method::DELETE,
        &format!("{path}/{id}"),
        Some(&token),
        None,
    )
    .await;
    assert_eq!(status, 404, "deleted already");

    // Delete: gone for the API and the site.
    let (status, body) = call(
        &app,
        Method::DELETE,
        &format!("/articles/{slug}"),
        Some(&token),
        None,
    )
    .await;
    assert_eq!((status, body), (204, Value::Null));
    let (status, body) = call(&app, Method::GET, &format!("/articles/{slug}"), None, None).await;
    assert_eq!(status, 404, "{body}");
    assert_eq!(
        app.anonymous_get(&format!("/posts/{slug}")).await.status(),
        410
    );
}

async fn the_feed_merges_the_followed_authors_newest_first(t: TestStore) {
    let app = api_app(t).await;
    app.set_up().await;
    let names: Vec<String> = (0..3).map(|i| unique_name(&format!("writer{i}"))).collect();
    let mut tokens = Vec::new();
    for name in &names {
        tokens.push(register(&app, name).await);
    }
    // Written in turns, so that the followed authors' lists interleave.
    let mut written = Vec::new();
    for round in 0..4 {
        for (i, token) in tokens.iter().enumerate() {
            let title = format!("Round {round} by {i}");
            let (status, _) = call(&app, Method::POST, "/articles", Some(token), Some(json!({"article": {"title": title, "description": "", "body": "Text.", "tagList": [if round % 2 == 0 { "even" } else { "odd" }]}}))).await;
            assert_eq!(status, 201);
            written.push((i, title));
        }
    }
    let fan = register(&app, &unique_name("fan")).await;
    for name in &names[..2] {
        let (status, _) = call(
            &app,
            Method::POST,
            &format!("/profiles/{name}/follow"),
            Some(&fan),
            None,
        )
        .await;
        assert_eq!(status, 200);
    }
    let expected: Vec<String> = written
        .iter()
        .rev()
        .filter(|(i, _)| *i < 2)
        .map(|(_, t)| t.clone())
        .collect();
    let mut paged = Vec::new();
    for offset in (0..10).step_by(3) {
        let (status, page) = call(
            &app,
            Method::GET,
            &format!("/articles/feed?limit=3&offset={offset}"),
            Some(&fan),
            None,
        )
        .await;
        assert_eq!(status, 200);
        let titles: Vec<String> = page["articles"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a["title"].as_str().unwrap().to_owned())
            .collect();
        let more = offset + titles.len() < expected.len();
        assert_eq!(
            page["articlesCount"],
            offset.min(expected.len()) + titles.len() + usize::from(more),
            "{offset}"
        );
        paged.extend(titles);
    }
    assert_eq!(
        paged, expected,
        "newest first, both followed authors, nobody else"
    );
    // Favorites of one account, filtered by tag, the most recently chosen first.
    let fan_name = {
        let (_, me) = call(&app, Method::GET, "/user", Some(&fan), None).await;
        me["user"]["username"].as_str().unwrap().to_owned()
    };
    for title in ["Round 0 by 2", "Round 1 by 2", "Round 2 by 2"] {
        let slug = title.to_lowercase().replace(' ', "-");
        let (status, _) = call(
            &app,
            Method::POST,
            &format!("/articles/{slug}/favorite"),
            Some(&fan),
            None,
        )
        .await;
        assert_eq!(status, 200, "{slug}");
    }
    let (_, even) = call(
        &app,
        Method::GET,
        &format!("/articles?favorited={fan_name}&tag=even"),
        None,
        None,
    )
    .await;
    let titles: Vec<&str> = even["articles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["title"].as_str().unwrap())
        .collect();
    assert_eq!(titles, ["Round 2 by 2", "Round 0 by 2"]);
    let (_, by_author) = call(
        &app,
        Method::GET,
        &format!(
            "/articles?favorited={fan_name}&author={}&limit=1&offset=1",
            names[0]
        ),
        None,
        None,
    )
    .await;
    assert_eq!(by_author["articlesCount"], 0, "{by_author}");
}

async fn paging_on_by_offset_continues_where_the_last_page_ended(t: TestStore) {
    let app = api_app(t).await;
    app.set_up().await;
    let token = register(&app, &unique_name("prolific")).await;
    let author = {
        let (_, me) = call(&app, Method::GET, "/user", Some(&token), None).await;
        account(&app, me["user"]["username"].as_str().unwrap()).await
    };
    // 230 posts, older than a minute apart each, newest last.
    let start = sibyl::domain::now() - chrono::Duration::days(1);
    for i in 0..230 {
        let post = sibyl::domain::NewPost::new(
            app.site.clone(),
            sibyl::domain::post::Title::parse(&format!("Post {i:03}")).unwrap(),
            sibyl::domain::post::Rendered::of(sibyl::domain::post::Body::parse("Text.").unwrap())
                .unwrap(),
            sibyl::domain::Tags::default(),
            author.id,
            author.display_name.clone(),
            start + chrono::Duration::minutes(i),
            true,
        );
        app.store.create_post(post).await.unwrap();
    }
    let titles = |page: &Value| -> Vec<String> {
        page["articles"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a["title"].as_str().unwrap().to_owned())
            .collect()
    };
    let path = |offset: usize| format!("/articles?limit=20&offset={offset}");
    // A deep page, cold: walked from the start.
    let before = app.store.statements();
    let (_, cold) = call(&app, Method::GET, &path(200), None, None).await;
    let cold_reads = app.store.statements() - before;
    assert_eq!(titles(&cold).first().map(String::as_str), Some("Post 029"));
    assert_eq!(titles(&cold).len(), 20);
    // Paging on from the page before it: where that page ended is remembered.
    let (_, previous) = call(&app, Method::GET, &path(180), None, None).await;
    assert_eq!(
        titles(&previous).last().map(String::as_str),
        Some("Post 030")
    );
    let before = app.store.statements();
    let (_, warm) = call(&app, Method::GET, &path(200), None, None).await;
    let warm_reads = app.store.statements() - before;
    assert_eq!(titles(&warm), titles(&cold), "the same page");
    assert_eq!(warm["articlesCount"], cold["articlesCount"]);
    assert!(
        warm_reads + 2 <= cold_reads,
        "{warm_reads} statements paging on, {cold_reads} walking"
    );
    // The last page, and past it.
    let (_, last) = call(&app, Method::GET, &path(220), None, None).await;
    assert_eq!(titles(&last).len(), 10);
    assert_eq!(last["articlesCount"], 230);
    let (_, past) = call(&app, Method::GET, &path(240), None, None).await;
    assert_eq!(
        (titles(&past).len(), past["articlesCount"].as_u64()),
        (0, Some(230))
    );
}

async fn a_filter_few_favorites_pass_still_pages_through_them(t: TestStore) {
    let app = api_app(t).await;
    app.set_up().await;
    let token = register(&app, &unique_name("collector")).await;
    let (_, me) = call(&app, Method::GET, "/user", Some(&token), None).await;
    let name = me["user"]["username"].as_str().unwrap().to_owned();
    let fan = account(&app, &name).await;
    app.store
        .set_role(fan.id, sibyl::domain::Role::Author)
        .await
        .unwrap();
    // 230 favorites, the 10 chosen first tagged "rare": a page of the tag reads 200
    // favorites at most, so the rare ones are past the first page's reach.
    let start = sibyl::domain::now() - chrono::Duration::hours(1);
    let mut rare = Vec::new();
    for i in 0..230 {
        let tags = if i < 10 { "rare" } else { "common" };
        let post = sibyl::domain::NewPost::new(
            app.site.clone(),
            sibyl::domain::post::Title::parse(&format!("Chosen {i:03}")).unwrap(),
            sibyl::domain::post::Rendered::of(sibyl::domain::post::Body::parse("Text.").unwrap())
                .unwrap(),
            sibyl::domain::Tags::parse(tags).unwrap(),
            fan.id,
            fan.display_name.clone(),
            start,
            true,
        );
        let post = app.store.create_post(post).await.unwrap();
        let at = start + chrono::Duration::milliseconds(i);
        assert!(
            app.store
                .favorite(&app.site, fan.id, post.id, at)
                .await
                .unwrap()
        );
        if i < 10 {
            rare.push(format!("Chosen {i:03}"));
        }
    }
    rare.reverse();
    let mut found = Vec::new();
    let mut offset = 0;
    for _ in 0..5 {
        let (status, page) = call(
            &app,
            Method::GET,
            &format!("/articles?favorited={name}&tag=rare&limit=20&offset={offset}"),
            None,
            None,
        )
        .await;
        assert_eq!(status, 200, "{page}");
        found.extend(
            page["articles"]
                .as_array()
                .unwrap()
                .iter()
                .map(|a| a["title"].as_str().unwrap().to_owned()),
        );
        let count = page["articlesCount"].as_u64().unwrap() as usize;
        if count <= offset + 20
            && page["articles"].as_array().unwrap().len() < 20
            && found.len() == rare.len()
        {
            break;
        }
        offset += 20;
    }
    assert_eq!(
        found, rare,
        "every rare favorite, once, the most recently chosen first"
    );
}
