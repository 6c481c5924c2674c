//! Deleting from the browser: a confirmation page that says what goes, then the post
//! with its comments and files is gone, its address and short link answer 410, and the
//! writer is back on the desk; another writer, a reader and a stranger cannot; an
//! administrator can delete anyone's post and the site's pages.

use crate::both_stores;
use crate::helpers::{TestStore, csrf_in, location, spawn_app};
use reqwest::multipart::{Form, Part};
use sibyl::binaries::Context;
use sibyl::domain::Slug;

async fn a_writer_deletes_a_post_after_confirming(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let (writer, _, _) = app.an_author().await;
    let (other, _, _) = app.an_author().await;
    let (reader, _) = app.sign_up("a long enough password").await;
    let path = writer.publish("Regrettable", "Words I take back.").await;
    let slug = Slug::parse(path.trim_start_matches("/posts/")).unwrap();
    let post = app
        .store
        .post_by_slug(&app.site, &slug)
        .await
        .unwrap()
        .unwrap();
    // A file and a comment hang from it.
    let editor = writer.get_html(&format!("{path}/edit")).await;
    let form = Form::new().text("csrf", csrf_in(&editor)).part(
        "file",
        Part::bytes(b"notes".to_vec())
            .file_name("notes.txt")
            .mime_str("text/plain")
            .unwrap(),
    );
    let uploaded = writer
        .client
        .post(writer.url(&format!("{path}/attachments")))
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(uploaded.status(), 303);
    let files = || async {
        app.store
            .binaries()
            .references_in(&app.site, &Context::post(post.id))
            .await
            .unwrap()
            .len()
    };
    assert_eq!(files().await, 1);
    let commented = crate::http::comments::comment_on(&reader, &path, &[("body", "Indeed.")]).await;
    assert!(
        commented.status().is_redirection(),
        "{}",
        commented.status()
    );

    let delete = format!("{path}/delete");
    // Only its author (or an administrator) may; a stranger is sent to sign in.
    assert_eq!(other.get(&delete).await.status(), 403);
    assert_eq!(reader.get(&delete).await.status(), 403);
    assert_eq!(app.anonymous_get(&delete).await.status(), 303);
    let refused = other.submit("/desk", &delete, &[]).await;
    assert_eq!(refused.status(), 403);
    assert!(
        app.store
            .post_by_id(&app.site, post.id)
            .await
            .unwrap()
            .is_some()
    );

    let shown = writer.get_html(&path).await;
    assert!(shown.contains(&format!("href=\"{delete}\"")), "{shown}");
    let confirm = writer.get_html(&delete).await;
    assert!(confirm.contains("Delete “Regrettable”?"), "{confirm}");
    assert!(confirm.contains("1 comment "), "{confirm}");
    assert!(
        confirm.contains(&format!("/p/{}", post.short_id)),
        "{confirm}"
    );
    assert!(confirm.contains("id=\"delete-for-good\""), "{confirm}");
    // A forged form (no CSRF token) deletes nothing.
    let forged = writer.post_form(&delete, &[]).await;
    assert!(forged.status().is_client_error(), "{}", forged.status());
    assert!(
        app.store
            .post_by_id(&app.site, post.id)
            .await
            .unwrap()
            .is_some()
    );

    let done = writer
        .post_form(&delete, &[("csrf", &csrf_in(&confirm))])
        .await;
    assert_eq!(done.status(), 303);
    assert_eq!(location(&done), "/desk");
    for who in [app.anonymous_get(&path).await, writer.get(&path).await] {
        assert_eq!(who.status(), 410);
        assert!(who.text().await.unwrap().contains("was deleted"));
    }
    let short = app.anonymous_get(&format!("/p/{}", post.short_id)).await;
    assert_eq!(short.status(), 410);
    assert_eq!(writer.get(&format!("{path}/edit")).await.status(), 410);
    assert_eq!(writer.get(&delete).await.status(), 410);
    assert!(
        !app.anonymous_get("/")
            .await
            .text()
            .await
            .unwrap()
            .contains(&path)
    );
    assert!(
        !app.anonymous_get("/feed.xml")
            .await
            .text()
            .await
            .unwrap()
            .contains(&path)
    );
    assert!(!writer.get_html("/desk?tab=published").await.contains(&path));
    assert_eq!(files().await, 0, "its files' references went with it");
    assert!(!app.get_html("/admin/comments").await.contains("Indeed."));
}

async fn an_administrator_deletes_anyones_post_and_pages(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let (writer, _, _) = app.an_author().await;
    let path = writer.publish("Off-topic", "Spam, really.").await;
    let delete = format!("{path}/delete");
    let confirm = app.get_html(&delete).await;
    let done = app
        .post_form(&delete, &[("csrf", &csrf_in(&confirm))])
        .await;
    assert_eq!(done.status(), 303);
    assert_eq!(app.anonymous_get(&path).await.status(), 410);

    let made = app
        .submit(
            "/write?kind=page",
            "/write",
            &[
                ("title", "Colophon"),
                ("body", "Made by hand."),
                ("kind", "page"),
                ("action", "publish"),
            ],
        )
        .await;
    let page = location(&made);
    assert_eq!(page, "/pages/colophon");
    assert!(
        app.anonymous_get("/")
            .await
            .text()
            .await
            .unwrap()
            .contains("href=\"/pages/colophon\"")
    );
    // A writer cannot delete the site's pages.
    assert_eq!(writer.get("/posts/colophon/delete").await.status(), 403);
    let confirm = app.get_html("/posts/colophon/delete").await;
    assert!(confirm.contains("the page for good"), "{confirm}");
    let done = app
        .post_form("/posts/colophon/delete", &[("csrf", &csrf_in(&confirm))])
        .await;
    assert_eq!(location(&done), "/admin/pages");
    assert_eq!(app.anonymous_get(&page).await.status(), 410);
    let home = app.anonymous_get("/").await.text().await.unwrap();
    assert!(
        !home.contains("href=\"/pages/colophon\""),
        "out of the navigation"
    );
}

both_stores!(
    a_writer_deletes_a_post_after_confirming,
    an_administrator_deletes_anyones_post_and_pages,
);
