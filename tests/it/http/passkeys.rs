//! Passkeys over HTTP, on both stores, for what needs no authenticator: a passkey belongs
//! to the host name of the site it was made on, so on another it is listed as made there
//! and asked for by no sign-in; one made for this site's host makes the password's sign-in
//! two steps, which a program signing in through the API cannot pass. (The ceremonies
//! themselves run in a real Chromium: `browser::passkeys`.)

use crate::both_stores;
use crate::helpers::{TestStore, spawn_app};
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
    let email = format!("{name}@example.com");

    // Made on another site: listed as made there, and asked for by no sign-in here.
    let elsewhere = made_on("https://elsewhere.example");
    assert_eq!(
        app.store.add_passkey(user, &elsewhere).await.unwrap(),
        PasskeyAdded::Added
    );
    let browser = app.another_browser();
    let signed_in = browser.log_in(&name, PASSWORD).await;
    assert_eq!(signed_in.status(), 303, "the password alone signs in here");
    let security = browser.get_html("/account/security").await;
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
    // This test's site is plain HTTP on a name other than localhost: no browser offers a
    // passkey here, and the page says so rather than offering one.
    assert!(page.contains("id=\"no-step-here\""), "{page}");
    let refused = browser.get("/account/security").await;
    assert_eq!(refused.status(), 303, "not signed in by the password alone");
    let (status, body) = api_login(&app, &email).await;
    assert_eq!(status, 401, "{body}");
    assert!(
        body.to_string().contains("second step is a passkey"),
        "{body}"
    );
}

both_stores!(a_passkey_signs_in_on_the_host_it_was_made_on_only);
