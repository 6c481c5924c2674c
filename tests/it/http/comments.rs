//! Comments over HTTP, on both stores: writing, replying, moderating from the desk,
//! guests, trust and bans, closing, editing within the window, every bad input, spam
//! defences, sanitizing, and a post with 10,000 comments paged in bounded statements.

use crate::both_stores;
use crate::fixtures::post_of;
use crate::helpers::{Kind, TestApp, TestStore, csrf_in, location, spawn_app, spawn_app_with};
use sibyl::domain::{CommentBody, CommentState, CommentedPost, Commenter, NewComment, now};
use std::time::Duration;

/// The value of a named hidden field in a page.
fn field(html: &str, name: &str) -> Option<String> {
    let marker = format!("name=\"{name}\" value=\"");
    let start = html.find(&marker)? + marker.len();
    let end = html[start..].find('"')? + start;
    Some(html[start..end].to_owned())
}

/// Sends a comment from the post page, as the browser's form would.
pub async fn comment_on(app: &TestApp, page: &str, extra: &[(&str, &str)]) -> reqwest::Response {
    let html = app.get_html(page).await;
    let csrf = csrf_in(&html);
    let shown =
        field(&html, "shown").unwrap_or_else(|| panic!("no comment form on {page}: {html}"));
    let action = page.split(['?', '#']).next().unwrap().to_owned() + "/comments";
    let mut form = vec![("csrf", csrf.as_str()), ("shown", shown.as_str())];
    form.extend_from_slice(extra);
    app.post_form(&action, &form).await
}

/// Where the page's "Newer comments" link leads.
fn newer_link(html: &str) -> Option<String> {
    let (before, _) = html.split_once("id=\"newer-comments\"")?;
    let (_, href) = before.rsplit_once("href=\"")?;
    Some(href.split('"').next()?.replace("&amp;", "&"))
}

/// The ids of the comments listed on a moderation page, as `post.comment`.
pub(super) fn picks(html: &str) -> Vec<String> {
    html.match_indices("name=\"pick\" value=\"")
        .map(|(i, m)| {
            let start = i + m.len();
            let end = html[start..].find('"').unwrap() + start;
            html[start..end].to_owned()
        })
        .collect()
}

both_stores!(
    a_reader_comments_an_admin_approves_and_everyone_sees_it,
    bad_comment_input_is_explained_and_changes_nothing,
    guests_comment_only_where_the_site_allows_it,
    trusted_commenters_skip_the_queue_and_banned_ones_are_refused,
    comments_close_by_hand_or_after_some_days,
    authors_change_their_comments_for_fifteen_minutes,
    the_desk_shows_counts_the_log_and_takes_bulk_decisions,
    comment_bodies_are_sanitized_on_the_page,
);

async fn a_reader_comments_an_admin_approves_and_everyone_sees_it(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let path = app.publish("Discuss", "Let us talk.").await;
    let (reader, _) = app.sign_up("a long enough password").await;

    let sent = comment_on(&reader, &path, &[("body", "First *thoughts*.")]).await;
    assert_eq!(sent.status(), 303);
    assert_eq!(
        location(&sent),
        format!("{path}?commented=pending#comments")
    );
    let own = reader.get_html(&format!("{path}?commented=pending")).await;
    assert!(own.contains("your comment awaits moderation"));
    assert!(own.contains("awaiting moderation") && own.contains("First <em>thoughts</em>."));
    let anonymous = app.anonymous_get(&path).await.text().await.unwrap();
    assert!(
        !anonymous.contains("First <em>thoughts</em>"),
        "not before approval"
    );
    assert!(anonymous.contains("Sign in to comment."));

    // The admin approves it from the queue.
    let desk = app.get_html("/admin/comments").await;
    assert!(desk.contains("First <em>thoughts</em>."));
    assert!(desk.contains("pending (1)"), "counts per state");
    let picked = picks(&desk);
    assert_eq!(picked.len(), 1);
    let approved = app
        .submit(
            "/admin/comments",
            "/admin/comments",
            &[
                ("state", "pending"),
                ("pick", &picked[0]),
                ("action", "approve"),
                ("reason", "Welcome"),
            ],
        )
        .await;
    assert_eq!(approved.status(), 303);
    assert!(location(&approved).starts_with("/admin/comments?state=pending&done=approved&n=1"));
    let anonymous = app.anonymous_get(&path).await.text().await.unwrap();
    assert!(
        anonymous.contains("First <em>thoughts</em>."),
        "approved: everyone sees it"
    );
    let home = app.anonymous_get("/").await.text().await.unwrap();
    assert!(home.contains("1 comment<"), "the home page counts it");

    // A reply sits under the comment it answers; the author's own comment is published.
    let comment_id = picked[0].split('.').nth(1).unwrap().to_owned();
    let replied = comment_on(
        &app,
        &format!("{path}?reply={comment_id}"),
        &[("body", "Thanks for reading."), ("parent", &comment_id)],
    )
    .await;
    assert_eq!(
        location(&replied),
        format!("{path}?commented=published#comments")
    );
    let page = app.anonymous_get(&path).await.text().await.unwrap();
    let first = page.find("First <em>thoughts</em>").unwrap();
    let reply = page.find("Thanks for reading.").unwrap();
    assert!(first < reply);
    assert!(page[..reply].rfind("class=\"comment reply\"").unwrap() > first);
    let log = app.get_html("/admin/comments/log").await;
    assert!(log.contains("Welcome") && log.contains("approved"));
}

async fn bad_comment_input_is_explained_and_changes_nothing(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let path = app.publish("Strict", "Rules.").await;
    let other = app.publish("Elsewhere", "Other post.").await;
    let (reader, _) = app.sign_up("a long enough password").await;
    let before = app.store.comment_state_counts(&app.site).await.unwrap();

    let huge = "x".repeat(100 * 1024);
    let wide = "評".repeat(1500);
    let escaped = "&".repeat(2000);
    let links = "[a](https://a.example) [b](https://b.example) [c](https://c.example) [d](https://d.example)";
    for (body, status, message) in [
        ("   ", 422, "A comment needs some text."),
        (huge.as_str(), 422, "A comment has at most 2000 characters"),
        (wide.as_str(), 422, "it takes 4500 bytes"),
        (escaped.as_str(), 422, "too long once formatted"),
        (links, 422, "A comment has at most 3 links"),
    ] {
        let response = comment_on(&reader, &path, &[("body", body)]).await;
        assert_eq!(response.status(), status, "{message}");
        let html = response.text().await.unwrap();
        assert!(html.contains(message), "{message}: {html}");
        assert!(html.contains("id=\"comment-form\""), "the form comes back");
    }
    let honeypot = comment_on(
        &reader,
        &path,
        &[("body", "Hi"), ("website", "spam.example")],
    )
    .await;
    assert_eq!(honeypot.status(), 400);
    assert!(honeypot.text().await.unwrap().contains("looks automated"));
    let html = reader.get_html(&path).await;
    let csrf = csrf_in(&html);
    for shown in ["", "12345.deadbeef", "not-a-token"] {
        let forged = reader
            .post_form(
                &format!("{path}/comments"),
                &[("csrf", &csrf), ("shown", shown), ("body", "Hi")],
            )
            .await;
        assert_eq!(forged.status(), 400, "shown {shown:?}");
    }
    let no_csrf = reader
        .post_form(&format!("{path}/comments"), &[("body", "Hi")])
        .await;
    assert_eq!(no_csrf.status(), 403);

    // A reply to a comment of another post, or to nothing at all.
    let elsewhere = comment_on(&app, &other, &[("body", "On the other post")]).await;
    assert_eq!(elsewhere.status(), 303);
    let other_post = post_of(&app, &other).await;
    let other_comment = app
        .store
        .comment_page(&app.site, other_post.id, None, 5)
        .await
        .unwrap()
        .comments[0]
        .id
        .to_string();
    for parent in [
        other_comment.as_str(),
        "not-an-id",
        "7d444840-9dc0-11d1-b245-5ffdce74fad2",
    ] {
        let response = comment_on(&reader, &path, &[("body", "Reply"), ("parent", parent)]).await;
        assert_eq!(response.status(), 400, "parent {parent}");
    }
    // Unknown comments, drafts and closed posts.
    assert_eq!(
        reader
            .get(&format!(
                "{path}/comments/7d444840-9dc0-11d1-b245-5ffdce74fad2/edit"
            ))
            .await
            .status(),
        404
    );
    let draft = location(&app.write("Unpublished", "Draft.", "", "draft").await);
    let on_draft = app
        .post_form(
            &format!("{draft}/comments"),
            &[
                ("csrf", &csrf_in(&app.get_html(&draft).await)),
                ("body", "Hi"),
            ],
        )
        .await;
    assert_eq!(on_draft.status(), 404);
    app.submit(&path, &format!("{path}/comments/close"), &[])
        .await;
    let closed = reader
        .post_form(
            &format!("{path}/comments"),
            &[
                ("csrf", &csrf),
                ("shown", &field(&html, "shown").unwrap()),
                ("body", "Hi"),
            ],
        )
        .await;
    assert_eq!(closed.status(), 403);
    assert!(
        closed
            .text()
            .await
            .unwrap()
            .contains("Comments on this post are closed.")
    );
    // Forged or impossible moderation forms.
    let forged = app
        .post_form("/admin/comments", &[("action", "approve"), ("pick", "x.y")])
        .await;
    assert_eq!(forged.status(), 403, "no CSRF token");
    let garbage = app
        .submit(
            "/admin/comments",
            "/admin/comments",
            &[("action", "approve"), ("pick", "x.y")],
        )
        .await;
    assert_eq!(garbage.status(), 400);
    let wrong_post = format!("{}.{}", other_post.id.0, other_comment);
    let across = app
        .submit(
            &format!("{path}/comments/moderate"),
            &format!("{path}/comments/moderate"),
            &[("action", "approve"), ("pick", &wrong_post)],
        )
        .await;
    assert_eq!(across.status(), 400);
    let illegal = app
        .submit(
            "/admin/comments",
            "/admin/comments",
            &[("action", "approve"), ("pick", &wrong_post)],
        )
        .await;
    assert_eq!(illegal.status(), 409, "approving an approved comment");
    assert!(
        illegal
            .text()
            .await
            .unwrap()
            .contains("Nothing was changed")
    );

    let after = app.store.comment_state_counts(&app.site).await.unwrap();
    assert_eq!(
        (after.pending, after.approved),
        (before.pending, before.approved + 1),
        "only the admin's own comment on the other post was taken"
    );
}

async fn guests_comment_only_where_the_site_allows_it(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let path = app.publish("Open house", "Anyone?").await;
    let guest = app.another_browser();
    let html = guest.get_html(&path).await;
    assert!(!html.contains("id=\"comment-form\""));
    let csrf = csrf_in(&guest.get_html("/login").await);
    let refused = guest
        .post_form(
            &format!("{path}/comments"),
            &[("csrf", &csrf), ("body", "Hello")],
        )
        .await;
    assert_eq!(refused.status(), 303);
    assert!(location(&refused).starts_with("/login"));

    let saved = app
        .submit(
            "/admin/comments/settings",
            "/admin/comments/settings",
            &[("guests", "on"), ("close_after_days", "0")],
        )
        .await;
    assert_eq!(saved.status(), 200);
    let missing = comment_on(
        &guest,
        &path,
        &[("body", "Hello"), ("name", ""), ("email", "")],
    )
    .await;
    assert_eq!(missing.status(), 422);
    assert!(missing.text().await.unwrap().contains("Please give a name"));
    let sent = comment_on(
        &guest,
        &path,
        &[
            ("body", "Hello from a guest"),
            ("name", "Gus Guest"),
            ("email", "gus@example.com"),
        ],
    )
    .await;
    assert_eq!(
        location(&sent),
        format!("{path}?commented=pending#comments")
    );
    let desk = app.get_html("/admin/comments").await;
    assert!(
        desk.contains("Gus Guest &lt;gus@example.com&gt;"),
        "admins see the address"
    );
    let pick = picks(&desk).remove(0);
    app.submit(
        "/admin/comments",
        "/admin/comments",
        &[("pick", &pick), ("action", "approve")],
    )
    .await;
    let page = app.anonymous_get(&path).await.text().await.unwrap();
    assert!(page.contains("Hello from a guest") && page.contains("Gus Guest"));
    assert!(
        !page.contains("gus@example.com"),
        "the address is never shown"
    );
}

async fn trusted_commenters_skip_the_queue_and_banned_ones_are_refused(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let path = app.publish("Regulars", "Welcome back.").await;
    let (reader, name) = app.sign_up("a long enough password").await;
    app.submit(
        "/admin/comments/settings",
        "/admin/comments/settings",
        &[("trust_approved", "on"), ("close_after_days", "0")],
    )
    .await;
    let first = comment_on(&reader, &path, &[("body", "First visit")]).await;
    assert!(location(&first).contains("commented=pending"));
    let pick = picks(&app.get_html("/admin/comments").await).remove(0);
    app.submit(
        "/admin/comments",
        "/admin/comments",
        &[("pick", &pick), ("action", "approve")],
    )
    .await;
    let second = comment_on(&reader, &path, &[("body", "Back again")]).await;
    assert!(
        location(&second).contains("commented=published"),
        "trusted now"
    );

    let banned = app
        .submit(
            "/admin/comments",
            "/admin/commenters",
            &[("action", "ban"), ("username", &name)],
        )
        .await;
    assert_eq!(banned.status(), 303);
    let refused = comment_on(&reader, &path, &[("body", "Let me in")]).await;
    assert_eq!(refused.status(), 403);
    assert!(
        refused
            .text()
            .await
            .unwrap()
            .contains("You can no longer comment on this site.")
    );
    app.submit(
        "/admin/comments",
        "/admin/commenters",
        &[("action", "unban"), ("username", &name)],
    )
    .await;
    let again = comment_on(&reader, &path, &[("body", "Thank you")]).await;
    assert_eq!(again.status(), 303);
}

async fn comments_close_by_hand_or_after_some_days(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let path = app.publish("Closing time", "Last call.").await;
    let (reader, _) = app.sign_up("a long enough password").await;
    app.submit(&path, &format!("{path}/comments/close"), &[])
        .await;
    let page = reader.get_html(&path).await;
    assert!(
        page.contains("Comments on this post are closed.") && !page.contains("id=\"comment-form\"")
    );
    app.submit(&path, &format!("{path}/comments/open"), &[])
        .await;
    assert!(reader.get_html(&path).await.contains("id=\"comment-form\""));

    // A post published three days ago, on a site that closes comments after two.
    let author = post_of(&app, &path).await;
    let old = sibyl::domain::NewPost::new(
        app.site.clone(),
        sibyl::domain::Title::parse("Old news").unwrap(),
        sibyl::domain::post::Rendered::of(
            sibyl::domain::post::Body::parse("Yesterday's.").unwrap(),
        )
        .unwrap(),
        sibyl::domain::Tags::default(),
        author.author_id,
        author.author_name.clone(),
        now() - chrono::Duration::days(3),
        true,
    );
    let old = app.store.create_post(old).await.unwrap();
    let old_path = format!("/posts/{}", old.slug.as_str());
    assert!(
        reader
            .get_html(&old_path)
            .await
            .contains("id=\"comment-form\"")
    );
    app.submit(
        "/admin/comments/settings",
        "/admin/comments/settings",
        &[("close_after_days", "2")],
    )
    .await;
    let page = reader.get_html(&old_path).await;
    assert!(
        page.contains("Comments close 2 days after a post is published"),
        "{page}"
    );
    assert!(
        reader.get_html(&path).await.contains("id=\"comment-form\""),
        "a new post stays open"
    );
    let bad = app
        .submit(
            "/admin/comments/settings",
            "/admin/comments/settings",
            &[("close_after_days", "forever")],
        )
        .await;
    assert_eq!(bad.status(), 422);
}

async fn authors_change_their_comments_for_fifteen_minutes(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let path = app.publish("Second thoughts", "Edit away.").await;
    let post = post_of(&app, &path).await;
    // The admin's own comments are published at once: theirs to edit.
    comment_on(&app, &path, &[("body", "Frist!")]).await;
    let page = app.get_html(&path).await;
    let edit = page
        .match_indices("class=\"edit-comment\"")
        .next()
        .map(|(i, _)| {
            let start = page[..i].rfind("href=\"").unwrap() + 6;
            let end = page[start..].find('"').unwrap() + start;
            page[start..end].to_owned()
        })
        .expect("an edit link");
    let form = app.get_html(&edit).await;
    assert!(form.contains("Frist!"));
    let action = edit.trim_end_matches("/edit").to_owned();
    let saved = app.submit(&edit, &action, &[("body", "First!")]).await;
    assert_eq!(saved.status(), 303);
    let page = app.anonymous_get(&path).await.text().await.unwrap();
    assert!(page.contains("First!") && !page.contains("Frist!") && page.contains("edited"));
    let empty = app.submit(&edit, &action, &[("body", " ")]).await;
    assert_eq!(empty.status(), 422);
    let deleted = app.submit(&edit, &format!("{action}/delete"), &[]).await;
    assert_eq!(deleted.status(), 303);
    assert!(
        !app.anonymous_get(&path)
            .await
            .text()
            .await
            .unwrap()
            .contains("First!")
    );

    // Twenty minutes later it is too late.
    let admin = app.store.user(post.author_id).await.unwrap().unwrap();
    let old = NewComment::new(
        CommentedPost {
            id: post.id,
            slug: post.slug.as_str().to_owned(),
            title: post.title.as_str().to_owned(),
        },
        None,
        Commenter::Member {
            id: admin.id,
            name: admin.display_name.clone(),
        },
        CommentBody::parse("Written a while ago").unwrap(),
        CommentState::Approved,
        now() - chrono::Duration::minutes(20),
    );
    app.store.add_comment(&app.site, &old).await.unwrap();
    let late = format!("{path}/comments/{}/edit", old.id);
    let refused = app.get(&late).await;
    assert_eq!(refused.status(), 403);
    assert!(refused.text().await.unwrap().contains("15 minutes"));
    assert!(
        !app.get_html(&path).await.contains(&late),
        "no edit link any more"
    );
}

async fn the_desk_shows_counts_the_log_and_takes_bulk_decisions(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let path = app.publish("Busy", "Many voices.").await;
    let (reader, _) = app.sign_up("a long enough password").await;
    let (author, author_name) = app.sign_up("a long enough password").await;
    let author_id = app
        .store
        .user_by_login(&sibyl::domain::user::Login::parse(&author_name).unwrap())
        .await
        .unwrap()
        .unwrap()
        .id;
    app.submit(
        "/",
        &format!("/admin/users/{}/role", author_id.0),
        &[("role", "author")],
    )
    .await;
    let own = author.publish("Mine", "My post.").await;
    for i in 0..4 {
        comment_on(&reader, &path, &[("body", &format!("Voice {i}"))]).await;
    }
    comment_on(&reader, &own, &[("body", "On the author's post")]).await;
    let desk = app.get_html("/admin/comments").await;
    assert!(desk.contains("pending (5)"));
    let all = picks(&desk);
    assert_eq!(all.len(), 5);
    let busy = post_of(&app, &path).await.id.0.to_string();
    let on_busy: Vec<&String> = all.iter().filter(|p| p.starts_with(&busy)).collect();
    let spam = app
        .submit(
            "/admin/comments",
            "/admin/comments",
            &[
                ("pick", on_busy[0]),
                ("pick", on_busy[1]),
                ("action", "spam"),
                ("reason", "Link farm"),
            ],
        )
        .await;
    assert!(location(&spam).contains("done=spam&n=2"));
    let notice = app.get_html(&location(&spam)).await;
    assert!(notice.contains("2 comments marked as spam."), "{notice}");
    let desk = app.get_html("/admin/comments?state=spam").await;
    assert!(desk.contains("spam (2)") && desk.contains("pending (3)"));
    assert_eq!(picks(&desk).len(), 2);

    // The post's author moderates their own post's comments, and only those.
    let theirs = author.get_html(&format!("{own}/comments/moderate")).await;
    assert_eq!(picks(&theirs).len(), 1);
    assert_eq!(
        author
            .get(&format!("{path}/comments/moderate"))
            .await
            .status(),
        403
    );
    let approve = author
        .submit(
            &format!("{own}/comments/moderate"),
            &format!("{own}/comments/moderate"),
            &[("pick", &picks(&theirs)[0]), ("action", "approve")],
        )
        .await;
    assert_eq!(approve.status(), 303);
    assert!(
        app.anonymous_get(&own)
            .await
            .text()
            .await
            .unwrap()
            .contains("On the author")
    );
    let log = app.get_html("/admin/comments/log").await;
    assert_eq!(log.matches("<td>spam</td>").count(), 2);
    assert!(log.contains("Link farm"));
    assert_eq!(
        app.get("/admin/comments/log?month=2026-13").await.status(),
        400
    );
    assert!(!log.contains("Older entries"), "two lines fit on one page");
    assert_eq!(app.get("/admin/comments/log?after=zz").await.status(), 400);
    assert_eq!(
        app.get("/admin/comments?state=approved").await.status(),
        400
    );
    assert_eq!(app.get("/admin/comments?after=zz").await.status(), 400);
}

async fn comment_bodies_are_sanitized_on_the_page(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let path = app.publish("Injection", "Try me.").await;
    let post = post_of(&app, &path).await;
    let admin = app.store.user(post.author_id).await.unwrap().unwrap();
    let mut stored = 0;
    for vector in crate::http::xss::vectors() {
        let Ok(body) = CommentBody::parse(vector) else {
            continue; // too many links: refused, which is safe too
        };
        crate::http::xss::assert_inert(&body.to_html(), vector);
        let comment = NewComment::new(
            CommentedPost {
                id: post.id,
                slug: post.slug.as_str().to_owned(),
                title: post.title.as_str().to_owned(),
            },
            None,
            Commenter::Member {
                id: admin.id,
                name: admin.display_name.clone(),
            },
            body,
            CommentState::Approved,
            now(),
        );
        app.store.add_comment(&app.site, &comment).await.unwrap();
        stored += 1;
    }
    assert!(stored >= 100, "{stored} vectors stored");
    let mut cursor = Some(path.clone());
    let mut seen = 0;
    while let Some(url) = cursor {
        let page = app.anonymous_get(&url).await.text().await.unwrap();
        let section = page
            .split_once("<section class=\"comments\"")
            .map(|(_, rest)| rest)
            .unwrap();
        let comments = section.split("</ol>").next().unwrap();
        seen += comments.matches("<div class=\"comment-body\">").count();
        crate::http::xss::assert_inert(comments.split_once('>').unwrap().1, "the comments");
        cursor = newer_link(section);
    }
    assert_eq!(seen, stored);
}

both_stores!(spam_defences_slow_robots_and_floods_down);

async fn spam_defences_slow_robots_and_floods_down(t: TestStore) {
    let app = spawn_app_with(t, |config| {
        config.comment_min_delay = Duration::from_millis(800);
        config.rate_limits.comment_per_account.max = 2;
    })
    .await;
    app.set_up().await;
    let path = app.publish("Flood", "Go slow.").await;
    let (reader, _) = app.sign_up("a long enough password").await;
    let quick = comment_on(&reader, &path, &[("body", "Too quick")]).await;
    assert_eq!(quick.status(), 422);
    let html = quick.text().await.unwrap();
    assert!(
        html.contains("That was quick") && html.contains("Too quick"),
        "the text is kept"
    );
    let html = reader.get_html(&path).await;
    let (csrf, shown) = (csrf_in(&html), field(&html, "shown").unwrap());
    tokio::time::sleep(Duration::from_millis(900)).await;
    for i in 0..2 {
        let sent = reader
            .post_form(
                &format!("{path}/comments"),
                &[
                    ("csrf", &csrf),
                    ("shown", &shown),
                    ("body", &format!("Patient {i}")),
                ],
            )
            .await;
        assert_eq!(sent.status(), 303, "comment {i}");
    }
    let flood = reader
        .post_form(
            &format!("{path}/comments"),
            &[("csrf", &csrf), ("shown", &shown), ("body", "One more")],
        )
        .await;
    assert_eq!(flood.status(), 429);
    assert!(flood.headers().contains_key("retry-after"));
    assert!(
        flood
            .text()
            .await
            .unwrap()
            .contains("You are commenting too fast.")
    );
    let pending = app
        .store
        .comment_state_counts(&app.site)
        .await
        .unwrap()
        .pending;
    assert_eq!(pending, 2);
}

both_stores!(a_post_with_ten_thousand_comments_pages_in_bounded_statements);

/// A post at the comment cap, reached by a race for its last places through two
/// processes, pages all its comments in a fixed number of statements a page.
async fn a_post_with_ten_thousand_comments_pages_in_bounded_statements(t: TestStore) {
    let other = t.another_process().await;
    // The statements of the store's path are counted: no page cache.
    let app = spawn_app_with(t, |c| c.page_cache.bytes = 0).await;
    app.set_up().await;
    let path = app.publish("Viral", "Everyone has an opinion.").await;
    let post = post_of(&app, &path).await;
    let admin = app.store.user(post.author_id).await.unwrap().unwrap();
    crate::contract::comments::fill_racing_for_the_last_places(
        &app.store, &other, &app.site, &post, &admin,
    )
    .await;
    let reader = app.anonymous();
    reader.get(app.url(&path)).send().await.unwrap();
    // Each with the post's likes and shares from the fediverse.
    let bound = match app.kind {
        Kind::Sqlite => 3,    // the post, a page of comments
        Kind::Cassandra => 4, // the slug's claim, the post, a page of comments
    };
    let mut url = path.clone();
    let mut pages = 0;
    let mut comments = 0;
    loop {
        let mut before = app.store.statements();
        let mut page = reader.get(app.url(&url)).send().await.unwrap();
        // What an instance keeps for a few seconds (the site's settings, the comment
        // settings) is read again once it ages, each on its own clock, and a slow machine
        // can see both age between two pages: a page that read more is fetched again, up
        // to three times, and must then keep to the bound.
        for _ in 0..3 {
            if app.store.statements() - before <= bound {
                break;
            }
            before = app.store.statements();
            page = reader.get(app.url(&url)).send().await.unwrap();
        }
        assert_eq!(page.status(), 200);
        let html = page.text().await.unwrap();
        assert_eq!(app.store.statements() - before, bound, "page {pages}");
        comments += html.matches("<div class=\"comment-body\">").count();
        pages += 1;
        if pages > 1 {
            assert!(
                html.contains("id=\"older-comments\""),
                "page {pages} at {url}"
            );
        }
        match newer_link(&html) {
            Some(next) => url = next,
            None => break,
        }
    }
    assert_eq!(comments, 10_000);
    // Cassandra hands out a paging state after a full page even when nothing follows:
    // the last "newer" link finds no newer comments (yet) and leads back.
    let expected_pages = match app.kind {
        Kind::Sqlite => 200,
        Kind::Cassandra => 201,
    };
    assert_eq!(pages, expected_pages);
    let home = reader
        .get(app.url("/"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        home.contains("10,000 comments"),
        "counts are written as English writes numbers"
    );
}

both_stores!(every_page_comments_touch_takes_a_fixed_number_of_statements);

/// The statements one page costs, as the admin's browser.
async fn cost(app: &TestApp, page: &str) -> u64 {
    let before = app.store.statements();
    let response = app.get(page).await;
    assert_eq!(response.status(), 200, "{page}");
    app.store.statements() - before
}

/// The statements of every page comments touch, beyond those of recognising the
/// signed-in browser (measured on /account, which reads nothing else but whether the
/// account administers the network, one read).
async fn every_page_comments_touch_takes_a_fixed_number_of_statements(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let path = app.publish("Counted", "Count me.").await;
    let (reader, _) = app.sign_up("a long enough password").await;
    for i in 0..3 {
        comment_on(&reader, &path, &[("body", &format!("Counted {i}"))]).await;
    }
    // The account page's one read beyond the session: whether it administers the network.
    let network_check = 1;
    let session = cost(&app, "/account").await - network_check;
    let slug_and_post = match app.kind {
        Kind::Sqlite => 1,
        Kind::Cassandra => 2,
    };
    // The site's lists on Cassandra: the hours that hold comments, then their rows (none
    // when no hour is listed, as for spam here).
    let (list, empty_list) = match app.kind {
        Kind::Sqlite => (1, 1),
        Kind::Cassandra => (2, 1),
    };
    let desk = format!("{path}/comments/moderate");
    for (page, reads, what) in [
        (
            "/admin/comments",
            list + 1,
            "the list, the counts per state",
        ),
        (
            "/admin/comments?state=spam",
            empty_list,
            "the list (the counts per state as this instance read them a moment ago)",
        ),
        ("/admin/comments/log", 1, "the month's log"),
        ("/admin/comments/settings", 1, "the settings"),
        (desk.as_str(), slug_and_post + 1, "the post, its list"),
    ] {
        assert_eq!(cost(&app, page).await - session, reads, "{page}: {what}");
    }
    // A tag's page of posts (on Cassandra after the tag's index of months, which names its
    // newest two), their comment counts; then the front page and its comment counts:
    // those the tag's page read, while they are kept (LIST_TTL from that read; past it
    // they may have been read again; on SQLite they are kept by the connection that read
    // them, which the next page may not get).
    let counted = std::time::Instant::now();
    assert_eq!(
        cost(&app, "/tags/notes").await - session,
        slug_and_post + 1,
        "/tags/notes: the tag's posts, their comment counts"
    );
    let home = cost(&app, "/").await - session;
    match app.kind {
        Kind::Cassandra if counted.elapsed() < sibyl::store::cassandra::LIST_TTL => {
            assert_eq!(home, 1, "/: the front page, the comment counts kept")
        }
        _ => assert!((1..=2).contains(&home), "/: {home}"),
    }
    // A signed-in reader's view of a post: the post, a page of comments, their own
    // pending comments (on Cassandra where their comments on the post are, then those
    // comments' rows).
    let before = app.store.statements();
    reader.get(&path).await;
    let mine = app.store.statements() - before;
    let before = app.store.statements();
    reader.get("/account").await;
    let reader_session = app.store.statements() - before - network_check;
    let own_pending = match app.kind {
        Kind::Sqlite => 1,
        Kind::Cassandra => 2,
    };
    // The post, a page of comments, the post's likes and shares, the reader's pending.
    assert_eq!(mine - reader_session, slug_and_post + 2 + own_pending);
}
