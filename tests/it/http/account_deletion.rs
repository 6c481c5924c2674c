//! Deleting an account in the browser, on both stores: a reader deletes their own (with
//! their password), an administrator deletes someone else's, the site's policy for the
//! comments left behind, and the accounts that are kept with the reason.

use super::comments::{comment_on, picks};
use crate::both_stores;
use crate::helpers::{TestApp, TestStore, spawn_app};
use sibyl::domain::user::Login;

const PASSWORD: &str = "a long enough password";

/// Approves every pending comment from the administrator's desk.
pub(super) async fn approve_all(app: &TestApp) {
    let desk = app.get_html("/admin/comments").await;
    for pick in picks(&desk) {
        let approved = app
            .submit(
                "/admin/comments",
                "/admin/comments",
                &[("state", "pending"), ("pick", &pick), ("action", "approve")],
            )
            .await;
        assert_eq!(approved.status(), 303);
    }
}

async fn sign_up_as(app: &TestApp, name: &str) -> reqwest::Response {
    app.another_browser()
        .submit(
            "/signup",
            "/signup",
            &[
                ("username", name),
                ("email", &format!("{name}@example.com")),
                ("password", PASSWORD),
                ("password_confirm", PASSWORD),
            ],
        )
        .await
}

async fn a_reader_deletes_their_account_and_their_name_is_free(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let path = app.publish("Farewell thread", "Say goodbye.").await;
    let (reader, name) = app.sign_up(PASSWORD).await;
    let sent = comment_on(&reader, &path, &[("body", "So long, and thanks.")]).await;
    assert_eq!(sent.status(), 303);
    approve_all(&app).await;
    let page = app.anonymous_get(&path).await.text().await.unwrap();
    assert!(page.contains("So long, and thanks.") && page.contains(&name));

    assert!(
        reader
            .get_html("/account")
            .await
            .contains("href=\"/account/delete\"")
    );
    let form = reader.get_html("/account/delete").await;
    assert!(form.contains("id=\"comments-stay\""), "{form}");
    assert!(form.contains("id=\"delete-account\""), "{form}");
    // The wrong password deletes nothing.
    let refused = reader
        .submit(
            "/account/delete",
            "/account/delete",
            &[("current_password", "not my password")],
        )
        .await;
    assert_eq!(refused.status(), 401);
    assert_eq!(reader.get("/account").await.status(), 200);

    let deleted = reader
        .submit(
            "/account/delete",
            "/account/delete",
            &[("current_password", PASSWORD)],
        )
        .await;
    assert_eq!(deleted.status(), 200);
    assert!(
        deleted
            .text()
            .await
            .unwrap()
            .contains("id=\"account-deleted\"")
    );
    assert_eq!(reader.get("/account").await.status(), 303, "signed out");
    assert_eq!(
        app.another_browser().log_in(&name, PASSWORD).await.status(),
        401
    );
    // The comment stays, signed "deleted user".
    let page = app.anonymous_get(&path).await.text().await.unwrap();
    assert!(page.contains("So long, and thanks."));
    assert!(page.contains("deleted user"));
    assert!(!page.contains(&name), "the name is gone from the page");
    // The name and the address are anyone's.
    let again = sign_up_as(&app, &name).await;
    assert_eq!(again.status(), 303);
}

async fn an_admin_deletes_accounts_by_the_sites_policy(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let saved = app
        .submit(
            "/admin/comments/settings",
            "/admin/comments/settings",
            &[("close_after_days", "0"), ("deleted_accounts", "remove")],
        )
        .await;
    assert_eq!(saved.status(), 200);
    let settings = app.get_html("/admin/comments/settings").await;
    assert!(
        settings.contains("id=\"deleted-remove\" checked"),
        "{settings}"
    );
    let bad = app
        .submit(
            "/admin/comments/settings",
            "/admin/comments/settings",
            &[("close_after_days", "0"), ("deleted_accounts", "shred")],
        )
        .await;
    assert_eq!(bad.status(), 422);

    let path = app.publish("Removed by policy", "Text.").await;
    let (reader, name) = app.sign_up(PASSWORD).await;
    comment_on(&reader, &path, &[("body", "Soon to vanish.")]).await;
    approve_all(&app).await;
    assert!(
        app.anonymous_get(&path)
            .await
            .text()
            .await
            .unwrap()
            .contains("Soon to vanish.")
    );
    let id = app
        .store
        .user_by_login(&Login::parse(&name).unwrap())
        .await
        .unwrap()
        .unwrap()
        .id
        .0;
    let users = app.get_html("/admin/users").await;
    assert!(
        users.contains(&format!("/admin/users/{id}/delete")),
        "{users}"
    );
    let form = app.get_html(&format!("/admin/users/{id}/delete")).await;
    assert!(form.contains("id=\"comments-go\""), "{form}");
    assert!(
        !form.contains("current_password"),
        "no password asked of an admin"
    );
    let deleted = app
        .submit(
            &format!("/admin/users/{id}/delete"),
            &format!("/admin/users/{id}/delete"),
            &[],
        )
        .await;
    assert_eq!(deleted.status(), 200);
    assert!(
        !app.anonymous_get(&path)
            .await
            .text()
            .await
            .unwrap()
            .contains("Soon to vanish.")
    );
    assert_eq!(reader.get("/account").await.status(), 303, "signed out");
    assert_eq!(
        app.get(&format!("/admin/users/{id}/delete")).await.status(),
        404,
        "deleted once"
    );

    // Kept: an author with a post, and an administrator (their own page says so too).
    let (author, author_name, author_id) = app.an_author().await;
    author.publish("Still here", "Text.").await;
    let kept = app
        .get_html(&format!("/admin/users/{}/delete", author_id.0))
        .await;
    assert!(kept.contains("id=\"account-kept\""), "{kept}");
    let refused = app
        .submit(
            "/admin/users",
            &format!("/admin/users/{}/delete", author_id.0),
            &[],
        )
        .await;
    assert_eq!(refused.status(), 409);
    assert_eq!(
        app.another_browser()
            .log_in(&author_name, PASSWORD)
            .await
            .status(),
        303
    );
    let own = app.get_html("/account/delete").await;
    assert!(
        own.contains("id=\"account-kept\"") && own.contains("administrator"),
        "{own}"
    );
}

both_stores!(
    a_reader_deletes_their_account_and_their_name_is_free,
    an_admin_deletes_accounts_by_the_sites_policy,
);
