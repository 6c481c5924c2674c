//! Passkeys in a real Chromium, with WebDriver's virtual authenticator (CTAP2, kept on
//! the device, verifying its user): an administrator adds one on the security page,
//! requires two-step sign-in of administrators, signs in with the passkey alone and as the
//! second step after the password, is refused (both ways) when a copy with a signature
//! counter that went back is used, and removes it once the requirement is lifted. The site is served on localhost, where browsers offer passkeys
//! over plain HTTP.

use super::{Browser, log_in, looked_at};
use crate::both_stores;
use crate::helpers::{TestStore, spawn_app_with};
use serde_json::{Value, json};

both_stores!(an_admin_adds_a_passkey_signs_in_with_it_and_a_copy_is_refused);

async fn an_admin_adds_a_passkey_signs_in_with_it_and_a_copy_is_refused(t: TestStore) {
    let store = format!("{:?}", t.kind).to_lowercase();
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let site = format!("http://localhost:{port}");
    let app = {
        let site = sibyl::domain::Site::parse(&site).unwrap();
        spawn_app_with(t, move |c| {
            c.site = site;
            c.listen = std::net::SocketAddr::from(([127, 0, 0, 1], port));
        })
        .await
    };
    let at = |path: &str| format!("{site}{path}");
    let admin = app.set_up().await;
    let browser = Browser::start().await;
    let authenticator = browser
        .call(
            reqwest::Method::POST,
            "/webauthn/authenticator",
            Some(json!({
                "protocol": "ctap2",
                "transport": "internal",
                "hasResidentKey": true,
                "hasUserVerification": true,
                "isUserVerified": true,
            })),
        )
        .await;
    let authenticator = format!(
        "/webauthn/authenticator/{}",
        authenticator.as_str().unwrap()
    );

    // Signed in with the password, the administrator adds a passkey.
    browser.goto(&at("/login")).await;
    log_in(&browser, &admin.username, &admin.password).await;
    browser.wait_for_url(|u| !u.contains("/login")).await;
    browser.goto(&at("/account/security")).await;
    looked_at(&browser, &format!("{store}-passkey-1-security")).await;
    browser.type_into("#passkey-name", "This laptop").await;
    browser
        .type_into(
            "#add-passkey input[name='current_password']",
            &admin.password,
        )
        .await;
    browser.click("#add-passkey-button").await;
    browser.wait_for_url(|u| u.contains("done=passkey")).await;
    let security = browser.source().await;
    assert!(security.contains("This laptop"), "{security}");
    assert!(security.contains("never used yet"), "{security}");
    looked_at(&browser, &format!("{store}-passkey-2-added")).await;
    let user = app
        .store
        .user_by_login(&sibyl::domain::user::Login::parse(&admin.username).unwrap())
        .await
        .unwrap()
        .unwrap();
    let kept = app.store.passkeys(user.id).await.unwrap();
    assert_eq!(kept.len(), 1);
    assert_eq!(kept[0].name, "This laptop");
    let held = browser
        .call(
            reqwest::Method::GET,
            &format!("{authenticator}/credentials"),
            None,
        )
        .await;
    let held = held.as_array().unwrap().clone();
    assert_eq!(held.len(), 1, "{held:?}");
    assert_eq!(
        held[0]["isResidentCredential"],
        json!(true),
        "a discoverable passkey"
    );
    assert_eq!(held[0]["rpId"], json!("localhost"));

    // A forged answer (the authenticator's signature altered on its way to the site) is
    // refused with a clear message, and signs nobody in.
    browser.forget_cookies().await;
    browser.goto(&at("/login")).await;
    browser
        .run(
            "const get = navigator.credentials.get.bind(navigator.credentials);
             navigator.credentials.get = async (options) => {
               const credential = await get(options);
               const signature = new Uint8Array(credential.response.signature.slice(0));
               signature[signature.length - 1] ^= 1;
               Object.defineProperty(credential.response, 'signature', { value: signature.buffer });
               return credential;
             };
             return true;",
        )
        .await;
    browser.click("#sign-in-passkey").await;
    let forged = browser
        .wait_for_source(|s| s.contains("That passkey did not sign you in"))
        .await;
    assert!(forged.contains("id=\"log-in\""), "still the sign-in page");
    assert!(
        app.store.passkeys(user.id).await.unwrap()[0].used.is_none(),
        "a forged answer records nothing"
    );
    // The password, then the passkey as its second step.
    log_in(&browser, &admin.username, &admin.password).await;
    browser
        .wait_for_source(|s| s.contains("id=\"use-passkey\""))
        .await;
    browser.click("#use-passkey").await;
    browser.wait_for_url(|u| !u.contains("/login")).await;

    // With a passkey, the administrator may require two-step sign-in of administrators.
    browser.goto(&at("/admin/site")).await;
    browser.click("#second-factor-admins").await;
    browser.click("#save-site").await;
    browser.wait_for_url(|u| !u.ends_with("/admin/site")).await;
    browser.goto(&at("/admin/site")).await;
    let required = browser
        .run("return document.getElementById('second-factor-admins').checked;")
        .await;
    assert_eq!(required, json!(true), "{}", browser.source().await);

    // Signed out, then in with the passkey alone: no password, no second step, and the
    // site's requirement is met.
    browser.forget_cookies().await;
    browser.goto(&at("/login")).await;
    looked_at(&browser, &format!("{store}-passkey-3-sign-in")).await;
    browser.click("#sign-in-passkey").await;
    browser.wait_for_url(|u| !u.contains("/login")).await;
    browser.goto(&at("/write")).await;
    assert!(
        browser.url().await.ends_with("/write"),
        "an administrator with a passkey writes"
    );
    let used = app.store.passkeys(user.id).await.unwrap();
    assert!(used[0].used.is_some(), "the sign-in is recorded");

    // With the password, the second step is the passkey (the account has no
    // authenticator app, so no code is asked).
    browser.forget_cookies().await;
    browser.goto(&at("/login")).await;
    log_in(&browser, &admin.username, &admin.password).await;
    let step = browser
        .wait_for_source(|s| s.contains("id=\"use-passkey\""))
        .await;
    assert!(!step.contains("id=\"code\""), "no code is asked: {step}");
    looked_at(&browser, &format!("{store}-passkey-4-second-step")).await;
    browser.click("#use-passkey").await;
    browser.wait_for_url(|u| !u.contains("/login")).await;
    browser.goto(&at("/account/security")).await;
    let security = browser.source().await;
    assert!(security.contains("last used"), "{security}");

    // Its last second factor, while the site requires one, is not removed.
    browser
        .type_into(
            "#remove-passkey-form input[name='current_password']",
            &admin.password,
        )
        .await;
    browser.click("#remove-passkey").await;
    let kept = browser
        .wait_for_source(|s| s.contains("id=\"passkey-error\""))
        .await;
    assert!(kept.contains("last second factor"), "{kept}");
    assert_eq!(app.store.passkeys(user.id).await.unwrap().len(), 1);

    // A copy of the passkey whose signature counter went back (a cloned authenticator)
    // is refused, alone and as a second step, and signs nobody in.
    let credential: Value = browser
        .call(
            reqwest::Method::GET,
            &format!("{authenticator}/credentials"),
            None,
        )
        .await
        .as_array()
        .unwrap()[0]
        .clone();
    assert!(
        credential["signCount"].as_u64().unwrap() >= 2,
        "the authenticator counts its signatures: {credential}"
    );
    let held_again = |count: u64| {
        let mut copy = credential.clone();
        copy["signCount"] = json!(count);
        let id = credential["credentialId"].as_str().unwrap().to_owned();
        let browser = &browser;
        let authenticator = &authenticator;
        async move {
            browser
                .call(
                    reqwest::Method::DELETE,
                    &format!("{authenticator}/credentials/{id}"),
                    None,
                )
                .await;
            browser
                .call(
                    reqwest::Method::POST,
                    &format!("{authenticator}/credential"),
                    Some(copy),
                )
                .await;
        }
    };
    held_again(0).await;
    browser.forget_cookies().await;
    browser.goto(&at("/login")).await;
    browser.click("#sign-in-passkey").await;
    let refused = browser
        .wait_for_source(|s| s.contains("signature counter went back"))
        .await;
    assert!(refused.contains("id=\"log-in\""), "still the sign-in page");
    log_in(&browser, &admin.username, &admin.password).await;
    browser
        .wait_for_source(|s| s.contains("id=\"use-passkey\""))
        .await;
    browser.click("#use-passkey").await;
    let refused = browser
        .wait_for_source(|s| s.contains("signature counter went back"))
        .await;
    assert!(
        refused.contains("id=\"use-passkey\""),
        "the second step again"
    );
    browser.goto(&at("/account/security")).await;
    assert!(
        browser.url().await.contains("/login"),
        "nobody is signed in"
    );

    // The genuine authenticator, whose counter is ahead, still signs in; with the
    // requirement lifted, the passkey is removed.
    held_again(1000).await;
    browser.click("#sign-in-passkey").await;
    browser.wait_for_url(|u| !u.contains("/login")).await;
    browser.goto(&at("/admin/site")).await;
    browser.click("#second-factor-nobody").await;
    browser.click("#save-site").await;
    browser.wait_for_url(|u| !u.ends_with("/admin/site")).await;
    browser.goto(&at("/account/security")).await;
    browser
        .type_into(
            "#remove-passkey-form input[name='current_password']",
            &admin.password,
        )
        .await;
    browser.click("#remove-passkey").await;
    let removed = browser
        .wait_for_source(|s| s.contains("id=\"no-passkeys\""))
        .await;
    assert!(removed.contains("signs you in no more"), "{removed}");
    assert!(app.store.passkeys(user.id).await.unwrap().is_empty());
    browser.quit().await;
}
