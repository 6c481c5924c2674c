//! Publishing from the browser: a post published again keeps its first date (and its
//! place in the lists) unless its author asks for today's; the editor saves and
//! publishes a draft in one step; a post revised after publication says when; a new
//! post's Files button saves a draft and opens its files.

use crate::both_stores;
use crate::helpers::{TestStore, csrf_in, location, spawn_app};
use chrono::Duration;
use sibyl::domain::user::Login;
use sibyl::domain::{Slug, now};

async fn a_post_published_again_keeps_its_date_unless_asked(t: TestStore) {
    let app = spawn_app(t).await;
    let admin = app.set_up().await;
    let me = app
        .store
        .user_by_login(&Login::parse(&admin.username).unwrap())
        .await
        .unwrap()
        .unwrap();
    let first = now() - Duration::days(3);
    let old = app
        .store
        .create_post(crate::fixtures::new_post_on(
            &app,
            &me,
            "Three days old",
            first,
        ))
        .await
        .unwrap();
    let newer = app.publish("Written today", "Fresh.").await;
    let path = format!("/posts/{}", old.slug.as_str());
    let day = first.format("%B %-d, %Y").to_string();

    // Unpublished, then published again: the same date, below the newer post.
    let form = app.get_html(&path).await;
    app.post_form(&format!("{path}/unpublish"), &[("csrf", &csrf_in(&form))])
        .await;
    let draft = app.get_html(&path).await;
    assert!(draft.contains("id=\"publish-anew\""), "{draft}");
    assert!(draft.contains(&format!(">{day}</time>)")), "{draft}");
    let again = app
        .post_form(&format!("{path}/publish"), &[("csrf", &csrf_in(&draft))])
        .await;
    assert_eq!(again.status(), 303);
    let shown = app.anonymous_get(&path).await.text().await.unwrap();
    assert!(shown.contains(&format!(">{day}</time>")), "{shown}");
    let home = app.anonymous_get("/").await.text().await.unwrap();
    assert!(
        home.find(&newer).unwrap() < home.find(&path).unwrap(),
        "{home}"
    );
    let stored = app
        .store
        .post_by_slug(&app.site, &Slug::parse(old.slug.as_str()).unwrap())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        stored.published.unwrap().timestamp_millis(),
        first.timestamp_millis()
    );

    // Asked for today's date, it moves to the top.
    let form = app.get_html(&path).await;
    app.post_form(&format!("{path}/unpublish"), &[("csrf", &csrf_in(&form))])
        .await;
    let draft = app.get_html(&path).await;
    app.post_form(
        &format!("{path}/publish"),
        &[("csrf", &csrf_in(&draft)), ("anew", "1")],
    )
    .await;
    let home = app.anonymous_get("/").await.text().await.unwrap();
    assert!(
        home.find(&path).unwrap() < home.find(&newer).unwrap(),
        "{home}"
    );
    let shown = app.anonymous_get(&path).await.text().await.unwrap();
    assert!(
        shown.contains(&format!(">{}</time>", now().format("%B %-d, %Y"))),
        "{shown}"
    );
}

async fn the_editor_saves_and_publishes_and_a_revision_says_when(t: TestStore) {
    let app = spawn_app(t).await;
    let admin = app.set_up().await;
    let draft = location(&app.write("Not yet out", "First words.", "", "draft").await);
    let editor = app.get_html(&format!("{draft}/edit")).await;
    assert!(editor.contains("id=\"save-publish\""), "{editor}");
    let saved = app
        .submit(
            &format!("{draft}/edit"),
            &format!("{draft}/edit"),
            &[
                ("base", "1"),
                ("title", "Out now"),
                ("body", "Final words."),
                ("tags", ""),
                ("message", "Ready"),
                ("action", "publish"),
            ],
        )
        .await;
    assert_eq!(saved.status(), 303);
    let page = app.anonymous_get(&draft).await;
    assert_eq!(page.status(), 200, "published");
    let html = page.text().await.unwrap();
    assert!(
        html.contains("<h1>Out now</h1>") && html.contains("Final words."),
        "{html}"
    );
    assert!(
        !html.contains("class=\"updated\""),
        "just published: {html}"
    );
    let editor = app.get_html(&format!("{draft}/edit")).await;
    assert!(
        !editor.contains("id=\"save-publish\""),
        "published already: {editor}"
    );
    // The editor takes it back to draft too, and publishes it again.
    assert!(editor.contains("id=\"unpublish-from-editor\""), "{editor}");
    let back = app
        .post_form(
            &format!("{draft}/unpublish"),
            &[("csrf", &csrf_in(&editor))],
        )
        .await;
    assert_eq!(back.status(), 303);
    assert_eq!(app.anonymous_get(&draft).await.status(), 404);
    let editor = app.get_html(&format!("{draft}/edit")).await;
    assert!(
        editor.contains("id=\"save-publish\""),
        "a draft again: {editor}"
    );
    let again = app
        .submit(
            &format!("{draft}/edit"),
            &format!("{draft}/edit"),
            &[
                ("base", "2"),
                ("title", "Out now"),
                ("body", "Final words."),
                ("tags", ""),
                ("message", "Again"),
                ("action", "publish"),
            ],
        )
        .await;
    assert_eq!(again.status(), 303);
    assert_eq!(app.anonymous_get(&draft).await.status(), 200);

    // A post published days ago and revised today says so.
    let me = app
        .store
        .user_by_login(&Login::parse(&admin.username).unwrap())
        .await
        .unwrap()
        .unwrap();
    let old = app
        .store
        .create_post(crate::fixtures::new_post_on(
            &app,
            &me,
            "Revised later",
            now() - Duration::days(2),
        ))
        .await
        .unwrap();
    let path = format!("/posts/{}", old.slug.as_str());
    let revised = app
        .submit(
            &format!("{path}/edit"),
            &format!("{path}/edit"),
            &[
                ("base", "1"),
                ("title", "Revised later"),
                ("body", "A correction."),
                ("tags", ""),
                ("message", "Corrected"),
                ("action", "save"),
            ],
        )
        .await;
    assert_eq!(revised.status(), 303);
    let html = app.anonymous_get(&path).await.text().await.unwrap();
    assert!(
        html.contains(&format!(
            "updated <time datetime=\"{}",
            now().format("%Y-%m-%d")
        )),
        "{html}"
    );
}

/// A new post's Files section: files hang from a saved post, so its button saves a
/// draft and opens the editor at the files, ready for uploads.
async fn a_new_post_gets_its_files_after_one_click(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let form = app.get_html("/write").await;
    assert!(form.contains("id=\"save-add-files\""), "{form}");
    let saved = app
        .write("With pictures", "Pictures below.", "", "files")
        .await;
    assert_eq!(saved.status(), 303);
    assert_eq!(location(&saved), "/posts/with-pictures/edit#attachments");
    let post = app
        .store
        .post_by_slug(&app.site, &Slug::parse("with-pictures").unwrap())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(post.status, sibyl::domain::PostStatus::Draft);
    let editor = app.get_html("/posts/with-pictures/edit").await;
    assert!(
        editor.contains("id=\"files\""),
        "the upload field: {editor}"
    );
    // A button that is none of the editor's is refused, and nothing is saved.
    let odd = app.write("Odd button", "Text.", "", "launch").await;
    assert_eq!(odd.status(), 400);
    assert!(
        app.store
            .post_by_slug(&app.site, &Slug::parse("odd-button").unwrap())
            .await
            .unwrap()
            .is_none()
    );
}

both_stores!(
    a_post_published_again_keeps_its_date_unless_asked,
    the_editor_saves_and_publishes_and_a_revision_says_when,
    a_new_post_gets_its_files_after_one_click,
);
