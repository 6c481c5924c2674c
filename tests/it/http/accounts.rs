//! Accounts over HTTP: sign-up, sign-in limits, settings, author pages, administration.

use crate::both_stores;
use crate::helpers::{TestApp, TestStore, location, spawn_app, spawn_app_with, unique_name};
use sibyl::domain::user::Login;
use sibyl::web::{Limit, RateLimits};
use std::time::Duration;

const PASSWORD: &str = "reader password 1";

both_stores!(
    a_visitor_signs_up_as_a_reader_who_cannot_write,
    sign_up_says_precisely_which_value_is_taken,
    bad_sign_up_input_is_explained_and_changes_nothing,
    sign_in_is_limited_per_address_and_per_account,
    sign_up_is_limited_per_address,
    expired_sessions_sign_you_out,
    settings_change_profile_name_email_and_password,
    wrong_current_password_changes_nothing,
    an_admin_promotes_bans_and_unbans,
    author_pages_list_published_posts,
);

async fn claimed(app: &TestApp, value: &str) -> bool {
    app.store
        .is_claimed(&Login::parse(value).unwrap())
        .await
        .unwrap()
}

async fn a_visitor_signs_up_as_a_reader_who_cannot_write(t: TestStore) {
    let app = spawn_app(t).await;
    let fresh = app.get("/signup").await;
    assert_eq!(
        (fresh.status().as_u16(), location(&fresh)),
        (303, "/setup".to_owned()),
        "no sign-up before set-up"
    );
    app.set_up().await;
    let (reader, name) = app.sign_up(PASSWORD).await;
    let account = reader.get_html("/account").await;
    assert!(
        account.contains(&name) && account.contains("reader"),
        "{account}"
    );
    assert_eq!(reader.get("/write").await.status(), 403);
    assert_eq!(reader.get("/admin/users").await.status(), 403);
    let again = reader.get("/signup").await;
    assert_eq!(location(&again), "/account", "signed in: no second sign-up");
    let home = reader.get_html("/").await;
    assert!(home.contains("href=\"/account\"") && !home.contains("href=\"/write\""));
}

async fn sign_up_says_precisely_which_value_is_taken(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let (_, name) = app.sign_up(PASSWORD).await;
    let visitor = app.another_browser();
    let other = unique_name("other");
    let fields = |username: &str, email: &str| {
        vec![
            ("username".to_owned(), username.to_owned()),
            ("email".to_owned(), email.to_owned()),
            ("password".to_owned(), PASSWORD.to_owned()),
            ("password_confirm".to_owned(), PASSWORD.to_owned()),
        ]
    };
    for (form, message) in [
        (
            fields(&name.to_uppercase(), &format!("{other}@example.com")),
            "That user name is already taken.",
        ),
        (
            fields(&other, &format!("{name}@EXAMPLE.com")),
            "That e-mail address already has an account.",
        ),
    ] {
        let borrowed: Vec<(&str, &str)> =
            form.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        let response = visitor.submit("/signup", "/signup", &borrowed).await;
        assert_eq!(response.status(), 409);
        assert!(
            response.text().await.unwrap().contains(message),
            "{message}"
        );
    }
    assert!(!claimed(&app, &other).await && !claimed(&app, &format!("{other}@example.com")).await);
}

async fn bad_sign_up_input_is_explained_and_changes_nothing(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let name = unique_name("ok");
    let email = format!("{name}@example.com");
    let long = "x".repeat(10 * 1024);
    let cases: Vec<(&str, &str, &str, &str, &str)> = vec![
        (
            "",
            &email,
            PASSWORD,
            PASSWORD,
            "A user name has 3 to 32 characters.",
        ),
        (
            &long,
            &email,
            PASSWORD,
            PASSWORD,
            "A user name has 3 to 32 characters.",
        ),
        ("раypal", &email, PASSWORD, PASSWORD, "cannot mix alphabets"),
        (
            "bob\u{200b}by",
            &email,
            PASSWORD,
            PASSWORD,
            "may contain only letters",
        ),
        (&name, "", PASSWORD, PASSWORD, "Enter an e-mail address"),
        (
            &name,
            "not-an-email",
            PASSWORD,
            PASSWORD,
            "Enter an e-mail address",
        ),
        (&name, "a@b", PASSWORD, PASSWORD, "Enter an e-mail address"),
        (&name, &email, "short", "short", "at least 10 characters"),
        (
            &name,
            &email,
            PASSWORD,
            "something else",
            "The two passwords differ.",
        ),
    ];
    let visitor = app.another_browser();
    for (username, email_field, password, confirm, message) in cases {
        let response = visitor
            .submit(
                "/signup",
                "/signup",
                &[
                    ("username", username),
                    ("email", email_field),
                    ("password", password),
                    ("password_confirm", confirm),
                ],
            )
            .await;
        assert_eq!(response.status(), 422, "{username:?} {email_field:?}");
        let html = response.text().await.unwrap();
        assert!(
            html.contains(message),
            "{message:?} missing for {username:?}/{email_field:?}"
        );
    }
    assert!(
        !claimed(&app, &name).await && !claimed(&app, &email).await,
        "nothing was created"
    );
    let forged = visitor
        .post_form(
            "/signup",
            &[
                ("csrf", &"a".repeat(64)),
                ("username", &name),
                ("email", &email),
                ("password", PASSWORD),
                ("password_confirm", PASSWORD),
            ],
        )
        .await;
    assert_eq!(forged.status(), 403);
    assert!(!claimed(&app, &name).await);
}

fn tight(max: u32) -> Limit {
    Limit {
        max,
        window: Duration::from_secs(600),
    }
}

async fn sign_in_is_limited_per_address_and_per_account(t: TestStore) {
    let limits = RateLimits {
        login_per_ip: tight(6),
        login_failures_per_account: tight(2),
        ..RateLimits::default()
    };
    let app = spawn_app_with(t, |c| c.rate_limits = limits).await;
    let admin = app.set_up().await;
    // Two failures lock the account, even for the right password.
    for _ in 0..2 {
        assert_eq!(
            app.log_in(&admin.username, "wrong password!")
                .await
                .status(),
            401
        );
    }
    let locked = app.log_in(&admin.username, &admin.password).await;
    assert_eq!(locked.status(), 429);
    assert!(locked.headers().contains_key("retry-after"));
    assert!(
        locked
            .text()
            .await
            .unwrap()
            .contains("Too many failed sign-ins for this account.")
    );
    // Another account from the same address still works, until the address runs out.
    let (_, reader) = app.sign_up(PASSWORD).await;
    let ok = app.log_in(&reader, PASSWORD).await;
    assert_eq!(ok.status(), 303);
    for _ in 0..2 {
        app.log_in(&reader, PASSWORD).await;
    }
    let limited = app.log_in(&reader, PASSWORD).await;
    assert_eq!(limited.status(), 429);
    assert!(
        limited
            .text()
            .await
            .unwrap()
            .contains("Too many sign-in attempts from your address.")
    );
}

async fn sign_up_is_limited_per_address(t: TestStore) {
    let limits = RateLimits {
        signup_per_ip: tight(2),
        ..RateLimits::default()
    };
    let app = spawn_app_with(t, |c| c.rate_limits = limits).await;
    app.set_up().await;
    app.sign_up(PASSWORD).await;
    app.sign_up(PASSWORD).await;
    let visitor = app.another_browser();
    let name = unique_name("third");
    let response = visitor
        .submit(
            "/signup",
            "/signup",
            &[
                ("username", &name),
                ("email", &format!("{name}@example.com")),
                ("password", PASSWORD),
                ("password_confirm", PASSWORD),
            ],
        )
        .await;
    assert_eq!(response.status(), 429);
    assert!(
        response
            .text()
            .await
            .unwrap()
            .contains("Too many sign-ups from your address.")
    );
    assert!(!claimed(&app, &name).await);
}

async fn expired_sessions_sign_you_out(t: TestStore) {
    let app = spawn_app_with(t, |c| c.session_ttl = Duration::from_secs(1)).await;
    app.set_up().await;
    assert_eq!(app.get("/write").await.status(), 200);
    tokio::time::sleep(Duration::from_millis(2100)).await;
    let expired = app.get("/write").await;
    assert_eq!(
        (expired.status().as_u16(), location(&expired)),
        (303, "/login?next=/write".to_owned())
    );
}

async fn settings_change_profile_name_email_and_password(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let (reader, name) = app.sign_up(PASSWORD).await;
    let elsewhere = app.another_browser();
    assert_eq!(elsewhere.log_in(&name, PASSWORD).await.status(), 303);

    let saved = reader
        .submit(
            "/account",
            "/account/profile",
            &[
                ("display_name", "Rita Reader"),
                ("bio", "Reads everything.\n\nWrites rarely."),
                ("homepage", "https://rita.example"),
            ],
        )
        .await;
    assert_eq!(location(&saved), "/account?saved=profile");
    let page = reader
        .anonymous_get(&format!("/authors/{name}"))
        .await
        .text()
        .await
        .unwrap();
    assert!(
        page.contains("Rita Reader")
            && page.contains("<p class=\"bio\">Writes rarely.</p>")
            && page.contains("https://rita.example")
    );

    let new_name = unique_name("rita");
    let renamed = reader
        .submit(
            "/account",
            "/account/username",
            &[("username", &new_name), ("current_password", PASSWORD)],
        )
        .await;
    assert_eq!(location(&renamed), "/account?saved=username");
    assert_eq!(
        reader
            .anonymous_get(&format!("/authors/{name}"))
            .await
            .status(),
        404
    );
    assert_eq!(
        reader
            .anonymous_get(&format!("/authors/{new_name}"))
            .await
            .status(),
        200
    );

    let new_email = format!("{}@example.org", unique_name("rita"));
    let moved = reader
        .submit(
            "/account",
            "/account/email",
            &[("email", &new_email), ("current_password", PASSWORD)],
        )
        .await;
    assert_eq!(location(&moved), "/account?saved=email");

    let new_password = "a brand new password";
    let changed = reader
        .submit(
            "/account",
            "/account/password",
            &[
                ("current_password", PASSWORD),
                ("new_password", new_password),
                ("new_password_confirm", new_password),
            ],
        )
        .await;
    assert_eq!(location(&changed), "/account?saved=password");
    assert_eq!(
        reader.get("/account").await.status(),
        200,
        "this session stays"
    );
    assert_eq!(
        elsewhere.get("/account").await.status(),
        303,
        "the other session ended"
    );

    let fresh = app.another_browser();
    assert_eq!(
        fresh.log_in(&new_name, PASSWORD).await.status(),
        401,
        "the old password is gone"
    );
    assert_eq!(fresh.log_in(&new_email, new_password).await.status(), 303);
}

async fn wrong_current_password_changes_nothing(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let (reader, name) = app.sign_up(PASSWORD).await;
    let taken = unique_name("taken");
    for (action, fields) in [
        (
            "/account/username",
            vec![
                ("username", taken.as_str()),
                ("current_password", "not my password"),
            ],
        ),
        (
            "/account/email",
            vec![
                ("email", "new@example.com"),
                ("current_password", "not my password"),
            ],
        ),
        (
            "/account/password",
            vec![
                ("current_password", "not my password"),
                ("new_password", "another password"),
                ("new_password_confirm", "another password"),
            ],
        ),
    ] {
        let response = reader.submit("/account", action, &fields).await;
        assert_eq!(response.status(), 401, "{action}");
        assert!(
            response
                .text()
                .await
                .unwrap()
                .contains("That is not your current password.")
        );
    }
    let bad_profile = reader
        .submit(
            "/account",
            "/account/profile",
            &[("homepage", "javascript:alert(1)")],
        )
        .await;
    assert_eq!(bad_profile.status(), 422);
    assert!(!claimed(&app, &taken).await && !claimed(&app, "new@example.com").await);
    assert_eq!(
        app.another_browser().log_in(&name, PASSWORD).await.status(),
        303,
        "password unchanged"
    );
}

async fn an_admin_promotes_bans_and_unbans(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let (reader, name) = app.sign_up(PASSWORD).await;
    let id = app
        .store
        .user_by_login(&Login::parse(&name).unwrap())
        .await
        .unwrap()
        .unwrap()
        .id
        .0;
    // Accounts are global and the Cassandra keyspace is shared by every test: page to the
    // reader's place on its shelf, as an admin following "Next page" links would.
    let key = name.to_lowercase();
    let shelf = sibyl::domain::user::shelf_of(&key);
    let listing = app
        .get_html(&format!(
            "/admin/users?shelf={shelf}&after={}",
            &key[..key.len() - 1]
        ))
        .await;
    assert!(listing.contains(&name), "the directory lists the reader");
    // The page opens on the newest accounts: the new reader is there (or a page or two
    // on, if other tests signed up many accounts meanwhile), with the time it joined.
    let mut newest = app.get_html("/admin/users").await;
    for _ in 0..5 {
        if newest.contains(&name) {
            break;
        }
        let next = newest
            .split("rel=\"next\"")
            .next()
            .and_then(|head| head.rsplit("href=\"").next())
            .and_then(|tail| tail.split('"').next())
            .expect("a next page of accounts")
            .replace("&amp;", "&");
        newest = app.get_html(&next).await;
    }
    assert!(
        newest.contains(&name),
        "the newest accounts list the reader"
    );
    assert!(newest.contains("<th>Joined</th>"));
    assert!(newest.contains("<strong>newest</strong>"));
    let found = app.get_html(&format!("/admin/users?q={name}")).await;
    assert!(found.contains(&format!("/admin/users/{id}/role")));

    let promoted = app
        .submit(
            "/admin/users?shelf=a",
            &format!("/admin/users/{id}/role"),
            &[("role", "author")],
        )
        .await;
    assert_eq!(promoted.status(), 303);
    assert_eq!(reader.get("/write").await.status(), 200, "now an author");
    let bogus = app
        .submit(
            "/admin/users?shelf=a",
            &format!("/admin/users/{id}/role"),
            &[("role", "emperor")],
        )
        .await;
    assert_eq!(bogus.status(), 400);

    let banned = app
        .submit(
            "/admin/users?shelf=a",
            &format!("/admin/users/{id}/ban"),
            &[],
        )
        .await;
    assert_eq!(banned.status(), 303);
    assert_eq!(
        reader.get("/write").await.status(),
        303,
        "the banned session is over"
    );
    let refused = app.another_browser().log_in(&name, PASSWORD).await;
    assert_eq!(refused.status(), 403);
    assert!(
        refused
            .text()
            .await
            .unwrap()
            .contains("This account has been suspended.")
    );
    assert_eq!(
        app.anonymous_get(&format!("/authors/{name}"))
            .await
            .status(),
        404
    );

    app.submit(
        "/admin/users?shelf=a",
        &format!("/admin/users/{id}/unban"),
        &[],
    )
    .await;
    assert_eq!(
        app.another_browser().log_in(&name, PASSWORD).await.status(),
        303
    );

    let me = app.store.site_admin(&app.site).await.unwrap().unwrap().0;
    let own = app
        .submit(
            "/admin/users?shelf=a",
            &format!("/admin/users/{me}/ban"),
            &[],
        )
        .await;
    assert_eq!(own.status(), 400, "an admin cannot ban themselves");
    let unknown = app
        .submit(
            "/admin/users?shelf=a",
            &format!("/admin/users/{}/ban", uuid::Uuid::new_v4()),
            &[],
        )
        .await;
    assert_eq!(unknown.status(), 404);
    assert_eq!(app.get("/admin/users?shelf=zz").await.status(), 400);
}

async fn author_pages_list_published_posts(t: TestStore) {
    // The statements of the store's path are counted: no page cache.
    let app = spawn_app_with(t, |c| c.page_cache.bytes = 0).await;
    let admin = app.set_up().await;
    app.publish("Published one", "Body.").await;
    app.write("Hidden draft", "Body.", "", "draft").await;
    // The first view's read of the comment counts begins after this.
    let counted = std::time::Instant::now();
    let page = app
        .anonymous_get(&format!("/authors/{}", admin.username))
        .await;
    assert_eq!(page.status(), 200);
    let html = page.text().await.unwrap();
    assert!(
        html.contains("Ada Admin")
            && html.contains("Published one")
            && !html.contains("Hidden draft")
    );
    let before = app.store.statements();
    app.anonymous_get(&format!("/authors/{}", admin.username))
        .await;
    let statements = app.store.statements() - before;
    match app.kind {
        // the user, the posts, their comment counts unless the reading connection kept
        // them from the first view
        crate::helpers::Kind::Sqlite => assert!((2..=3).contains(&statements), "{statements}"),
        // the name's claim, the user, the author's index of half months, the newest half
        // month's posts; their comment counts as the first view read them, kept for
        // LIST_TTL from that read (past it, they may have been read again)
        crate::helpers::Kind::Cassandra => {
            if counted.elapsed() < sibyl::store::cassandra::LIST_TTL {
                assert_eq!(statements, 4);
            } else {
                assert!((4..=5).contains(&statements), "{statements}");
            }
        }
    }
    assert_eq!(
        app.anonymous_get("/authors/nobody_here").await.status(),
        404
    );
    assert_eq!(
        app.anonymous_get(&format!("/authors/{}", "x".repeat(100)))
            .await
            .status(),
        404
    );
}
