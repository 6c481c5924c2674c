//! Passkeys over HTTP, on both stores, for what needs no authenticator: a passkey belongs
//! to the host name of the site it was made on, so on another it is listed as made there
//! and asked for by no sign-in; one made for this site's host makes the password's sign-in
//! two steps, which a program signing in through the API cannot pass; and on a site where
//! browsers offer no passkeys (plain HTTP under a name other than localhost) none is asked
//! for. (The ceremonies themselves run in a real Chromium: `browser::passkeys`.)

use crate::both_stores;
use crate::helpers::{TestStore, spawn_app, spawn_app_with};
use base64::Engine;
use sibyl::domain::user::Login;
use sibyl::domain::{UserId, now};
use sibyl::store::{PasskeyAdded, StoredPasskey};

const PASSWORD: &str = "a long enough password";

fn made_on(site: &str) -> StoredPasskey {
    StoredPasskey {
        credential: uuid::Uuid::new_v4().as_bytes().to_vec(),
        name: "Phone".into(),
        site: site.into(),
        key: "{}".into(),
        added: now(),
        used: None,
    }
}

async fn api_login(app: &crate::helpers::TestApp, email: &str) -> (u16, serde_json::Value) {
    let answer = reqwest::Client::new()
        .post(app.url("/api/users/login"))
        .json(&serde_json::json!({"user": {"email": email, "password": PASSWORD}}))
        .send()
        .await
        .unwrap();
    (answer.status().as_u16(), answer.json().await.unwrap())
}

async fn a_passkey_signs_in_on_the_host_it_was_made_on_only(t: TestStore) {
    // The site on localhost, where browsers offer passkeys over plain HTTP.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let app = spawn_app_with(t, move |c| {
        c.site = sibyl::domain::Site::parse(&format!("http://localhost:{port}")).unwrap();
        c.listen = std::net::SocketAddr::from(([127, 0, 0, 1], port));
    })
    .await;
    app.set_up().await;
    let (_, name) = app.sign_up(PASSWORD).await;
    let user: UserId = app
        .store
        .user_by_login(&Login::parse(&name).unwrap())
        .await
        .unwrap()
        .unwrap()
        .id;
    let email = format!("{name}@example.com");

    // Made on another site: listed as made there, and asked for by no sign-in here.
    let elsewhere = made_on("https://elsewhere.example");
    assert_eq!(
        app.store.add_passkey(user, &elsewhere).await.unwrap(),
        PasskeyAdded::Added
    );
    let first = app.another_browser();
    let signed_in = first.log_in(&name, PASSWORD).await;
    assert_eq!(signed_in.status(), 303, "the password alone signs in here");
    let elsewhere_too = app.another_browser();
    assert_eq!(elsewhere_too.log_in(&name, PASSWORD).await.status(), 303);
    let security = first.get_html("/account/security").await;
    assert!(
        security.contains("made on https://elsewhere.example, signs in there only"),
        "{security}"
    );
    assert_eq!(api_login(&app, &email).await.0, 200);

    // Made for this site's host (on another port): the password's sign-in is two steps.
    let site = url::Url::parse(app.site.as_str()).unwrap();
    let here = made_on(&format!("https://{}:8443", site.host_str().unwrap()));
    app.store.add_passkey(user, &here).await.unwrap();
    let browser = app.another_browser();
    let asked = browser.log_in(&name, PASSWORD).await;
    assert_eq!(asked.status(), 200, "the second step answers the password");
    let page = asked.text().await.unwrap();
    assert!(page.contains("Two-step sign-in"), "{page}");
    assert!(
        !page.contains("id=\"code\""),
        "no code without an authenticator app"
    );
    assert!(page.contains("id=\"use-passkey\""), "{page}");
    let refused = browser.get("/account/security").await;
    assert_eq!(refused.status(), 303, "not signed in by the password alone");
    let (status, body) = api_login(&app, &email).await;
    assert_eq!(status, 401, "{body}");

    // Removing a passkey takes the password, and ends every other session.
    let form = |password: &str| {
        let id = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(&here.credential);
        vec![
            ("passkey".to_owned(), id),
            ("current_password".to_owned(), password.to_owned()),
        ]
    };
    let page = first.get_html("/account/security").await;
    let send = |password: &str| {
        let mut fields = form(password);
        fields.push(("csrf".to_owned(), crate::helpers::csrf_in(&page)));
        let first = &first;
        async move {
            let fields: Vec<(&str, &str)> = fields
                .iter()
                .map(|(k, v)| (k.as_str(), v.as_str()))
                .collect();
            first.post_form("/account/passkeys/remove", &fields).await
        }
    };
    assert_eq!(send("not the password").await.status(), 401);
    assert_eq!(
        app.store.passkeys(user).await.unwrap().len(),
        2,
        "nothing removed"
    );
    let removed = send(PASSWORD).await;
    assert_eq!(removed.status(), 303);
    assert_eq!(app.store.passkeys(user).await.unwrap(), vec![elsewhere]);
    assert_eq!(first.get("/account/security").await.status(), 200);
    assert_eq!(
        elsewhere_too.get("/account/security").await.status(),
        303,
        "the other session ended"
    );
    assert!(
        body.to_string().contains("second step is a passkey"),
        "{body}"
    );
}

both_stores!(a_passkey_signs_in_on_the_host_it_was_made_on_only);

async fn no_passkey_is_asked_where_browsers_offer_none(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let (_, name) = app.sign_up(PASSWORD).await;
    let user: UserId = app
        .store
        .user_by_login(&Login::parse(&name).unwrap())
        .await
        .unwrap()
        .unwrap()
        .id;
    // A passkey made when this site was served over HTTPS: over plain HTTP no browser
    // offers it, so the password's sign-in does not ask for it (rather than lock out).
    let site = url::Url::parse(app.site.as_str()).unwrap();
    let made = made_on(&format!("https://{}", site.host_str().unwrap()));
    app.store.add_passkey(user, &made).await.unwrap();
    let browser = app.another_browser();
    let signed_in = browser.log_in(&name, PASSWORD).await;
    assert_eq!(signed_in.status(), 303, "the password alone signs in");
    let login = browser.get_html("/login").await;
    assert!(
        !login.contains("sign-in-passkey"),
        "no passkey offered: {login}"
    );
}

both_stores!(no_passkey_is_asked_where_browsers_offer_none);
