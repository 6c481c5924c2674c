//! A new e-mail address, confirmed through a real SMTP server on loopback and a clock the
//! test moves: the address counts only once the link mailed to it is followed (once,
//! within a day), the old address is told, and a link that meets a changed account, a
//! taken address or its own expiry changes nothing.

use super::password_reset::app_with_mail;
use crate::both_stores;
use crate::helpers::{SmtpSink, TestApp, TestStore, location, unique_name};
use chrono::Duration;
use sibyl::infra::clock::Clock;

const PASSWORD: &str = "the first password";

/// The confirmation link in a message, its quoted-printable lines joined.
fn link_in(message: &str) -> String {
    let text = message
        .replace("=\r\n", "")
        .replace("=\n", "")
        .replace("=3D", "=");
    let start = text
        .find("/account/email/confirm/")
        .expect("a link in the message");
    text[start..start + "/account/email/confirm/".len() + 64].to_owned()
}

async fn ask(browser: &TestApp, email: &str) -> reqwest::Response {
    browser
        .submit(
            "/account",
            "/account/email",
            &[("email", email), ("current_password", PASSWORD)],
        )
        .await
}

/// The address the account page shows as the account's.
async fn address_of(browser: &TestApp) -> String {
    let page = browser.get_html("/account").await;
    let at = page.find("id=\"new_email\"").expect("the address field");
    let value = &page[at..];
    let value = &value[value.find("value=\"").unwrap() + 7..];
    value[..value.find('"').unwrap()].to_owned()
}

async fn a_new_address_counts_once_its_link_is_followed(t: TestStore) {
    let sink = SmtpSink::start();
    let clock = Clock::manual(sibyl::domain::now());
    let app = app_with_mail(t, &sink, &clock).await;
    app.set_up().await;
    let (reader, name) = app.sign_up_confirmed(&sink, PASSWORD).await;
    let old = format!("{name}@example.com");
    let new = format!("{}@example.org", unique_name("moved"));
    assert!(
        reader
            .get_html("/account")
            .await
            .contains("A link is sent to the new address")
    );

    let asked = ask(&reader, &new).await;
    assert_eq!(asked.status(), 303);
    assert_eq!(location(&asked), "/account?saved=email-sent");
    assert!(
        reader
            .get_html("/account?saved=email-sent")
            .await
            .contains("We sent a link to the new address")
    );
    // Nothing counts yet: the old address signs in, the new one does not.
    assert_eq!(address_of(&reader).await, old);
    assert_eq!(
        app.another_browser().log_in(&new, PASSWORD).await.status(),
        401
    );
    let messages = sink.wait_for(1).await;
    assert!(messages[0].contains(&format!("<{new}>")), "{}", messages[0]);
    let link = link_in(&messages[0]);

    // The link opens a page with a button, in any browser; a password reset form does not
    // take it.
    let stranger = app.another_browser();
    let token = link.rsplit('/').next().unwrap();
    assert_eq!(
        stranger
            .get(&format!("/password/reset/{token}"))
            .await
            .status(),
        410
    );
    let form = stranger.get_html(&link).await;
    assert!(form.contains("id=\"confirm-email\""), "{form}");
    assert!(form.contains(&new) && form.contains(&name), "{form}");
    assert_eq!(address_of(&reader).await, old, "opening it changes nothing");

    let confirmed = stranger.submit(&link, &link, &[]).await;
    assert_eq!(confirmed.status(), 200);
    assert!(
        confirmed
            .text()
            .await
            .unwrap()
            .contains("id=\"email-confirmed\"")
    );
    assert_eq!(address_of(&reader).await, new);
    assert_eq!(
        app.another_browser().log_in(&new, PASSWORD).await.status(),
        303
    );
    sink.take_sign_in_notice(&new).await;
    assert_eq!(
        app.another_browser().log_in(&old, PASSWORD).await.status(),
        401
    );
    // The old address is told.
    let messages = sink.wait_for(2).await;
    assert!(messages[1].contains(&format!("<{old}>")), "{}", messages[1]);
    let told = messages[1].replace("=\r\n", "").replace("=\n", "");
    assert!(told.contains("was changed to"), "{told}");

    // Used once.
    assert_eq!(stranger.get(&link).await.status(), 410);
    assert_eq!(stranger.submit("/login", &link, &[]).await.status(), 410);
    assert_eq!(address_of(&reader).await, new);
    // The old address is free again.
    let (other, _) = app.sign_up_confirmed(&sink, PASSWORD).await;
    let moved_in = ask(&other, &old).await;
    assert_eq!(moved_in.status(), 303);
}

async fn a_link_that_meets_a_change_changes_nothing(t: TestStore) {
    let sink = SmtpSink::start();
    let clock = Clock::manual(sibyl::domain::now());
    let app = app_with_mail(t, &sink, &clock).await;
    app.set_up().await;
    let (first, first_name) = app.sign_up_confirmed(&sink, PASSWORD).await;
    let (second, second_name) = app.sign_up_confirmed(&sink, PASSWORD).await;
    let first_address = format!("{first_name}@example.com");

    // Refused at once, nothing mailed: not an address, one's own, the wrong password.
    for (email, status) in [("not an address", 422), (first_address.as_str(), 422)] {
        let refused = ask(&first, email).await;
        assert_eq!(refused.status(), status, "{email}");
    }
    // Another account's address is answered as any other: its owner alone hears of it,
    // and nothing changes.
    let second_address = format!("{second_name}@example.com");
    let asked = ask(&first, &second_address).await;
    assert_eq!(
        (asked.status().as_u16(), location(&asked)),
        (303, "/account?saved=email-sent".to_owned())
    );
    let notice = sink
        .take_message_to(&second_address)
        .await
        .replace("=\r\n", "")
        .replace("=\n", "");
    assert!(notice.contains("already has an account"), "{notice}");
    assert!(!notice.contains("/account/email/confirm/"), "{notice}");
    assert_eq!(address_of(&first).await, first_address);
    let wrong = first
        .submit(
            "/account",
            "/account/email",
            &[
                ("email", "fresh@example.org"),
                ("current_password", "wrong one!"),
            ],
        )
        .await;
    assert_eq!(wrong.status(), 401);

    // Both ask for the same new address; the second confirms first, so the first's link
    // finds it taken.
    let contested = format!("{}@example.org", unique_name("contested"));
    assert_eq!(ask(&first, &contested).await.status(), 303);
    assert_eq!(ask(&second, &contested).await.status(), 303);
    let messages = sink.wait_for(2).await;
    let (first_link, second_link) = (link_in(&messages[0]), link_in(&messages[1]));
    assert_eq!(
        second
            .submit(&second_link, &second_link, &[])
            .await
            .status(),
        200
    );
    let lost = first.submit(&first_link, &first_link, &[]).await;
    assert_eq!(lost.status(), 409);
    assert!(lost.text().await.unwrap().contains("Another account took"));
    assert_eq!(address_of(&first).await, first_address);

    // A password changed after the link was made kills it.
    let later = format!("{}@example.org", unique_name("later"));
    assert_eq!(ask(&first, &later).await.status(), 303);
    let messages = sink.wait_for(4).await;
    let link = messages
        .iter()
        .find(|m| m.contains(&format!("<{later}>")))
        .map(|m| link_in(m))
        .unwrap();
    let changed = first
        .submit(
            "/account",
            "/account/password",
            &[
                ("current_password", PASSWORD),
                ("new_password", "a second password"),
                ("new_password_confirm", "a second password"),
            ],
        )
        .await;
    assert_eq!(changed.status(), 303);
    assert_eq!(first.get(&link).await.status(), 410);
    assert_eq!(first.submit("/account", &link, &[]).await.status(), 410);
    assert_eq!(address_of(&first).await, first_address);

    // A link unused for a day is dead.
    let slow = format!("{}@example.org", unique_name("slow"));
    assert_eq!(ask(&second, &slow).await.status(), 303);
    let messages = sink.wait_for(5).await;
    let link = messages
        .iter()
        .find(|m| m.contains(&format!("<{slow}>")))
        .map(|m| link_in(m))
        .unwrap();
    clock.advance(Duration::hours(25));
    assert_eq!(second.get(&link).await.status(), 410);
    assert_eq!(second.submit("/account", &link, &[]).await.status(), 410);
    assert_eq!(address_of(&second).await, contested);

    // Five links an hour for one account.
    let (third, _) = app.sign_up_confirmed(&sink, PASSWORD).await;
    for i in 0..5 {
        let next = format!("{}-{i}@example.org", unique_name("many"));
        assert_eq!(ask(&third, &next).await.status(), 303);
    }
    assert_eq!(ask(&third, "one-more@example.org").await.status(), 429);
}

/// A sign-up's form, sent from a fresh browser: the answer's status, where it leads and
/// the cookies it sets (by name).
async fn sign_up_as(app: &TestApp, name: &str, email: &str) -> (u16, String, Vec<String>) {
    let response = app
        .another_browser()
        .submit(
            "/signup",
            "/signup",
            &[
                ("username", name),
                ("email", email),
                ("password", PASSWORD),
                ("password_confirm", PASSWORD),
            ],
        )
        .await;
    let mut cookies: Vec<String> = response
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|c| c.to_str().ok()?.split('=').next().map(str::to_owned))
        .collect();
    cookies.sort();
    (response.status().as_u16(), location(&response), cookies)
}

async fn a_sign_up_tells_nobody_but_the_owner_whether_an_address_has_an_account(t: TestStore) {
    let sink = SmtpSink::start();
    let clock = Clock::manual(sibyl::domain::now());
    let app = app_with_mail(t, &sink, &clock).await;
    app.set_up().await;
    let (_, owner) = app.sign_up_confirmed(&sink, PASSWORD).await;
    let taken = format!("{owner}@example.com");
    let free = format!("{}@example.org", unique_name("free"));

    // Answered alike, whether the address has an account or not.
    let (probe, fresh) = (unique_name("probe"), unique_name("fresh"));
    let on_taken = sign_up_as(&app, &probe, &taken).await;
    let on_free = sign_up_as(&app, &fresh, &free).await;
    assert_eq!(on_taken, on_free);
    assert_eq!(
        on_taken,
        (
            303,
            "/account?saved=signed-up".to_owned(),
            vec![
                "sibyl_csrf".to_owned(),
                "sibyl_known".to_owned(),
                "sibyl_session".to_owned()
            ]
        )
    );
    // The API answers alike too.
    let api = |name: String, email: String| {
        let url = app.url("/api/users");
        async move {
            let response = reqwest::Client::new()
                .post(url)
                .json(&serde_json::json!({"user": {"username": name, "email": email, "password": PASSWORD}}))
                .send()
                .await
                .unwrap();
            let status = response.status().as_u16();
            let body: serde_json::Value = response.json().await.unwrap();
            (status, body["user"]["email"].as_str().map(str::to_owned))
        }
    };
    let api_address = format!("{}@example.org", unique_name("apifree"));
    let (api_taken, api_free) = (
        api(unique_name("apiprobe"), taken.clone()).await,
        api(unique_name("apifresh"), api_address.clone()).await,
    );
    assert_eq!(api_taken.0, 201);
    assert_eq!(api_taken.0, api_free.0);
    assert!(
        api_taken
            .1
            .as_deref()
            .is_some_and(|e| e.ends_with("@unconfirmed.invalid"))
            && api_free
                .1
                .as_deref()
                .is_some_and(|e| e.ends_with("@unconfirmed.invalid")),
        "{api_taken:?} {api_free:?}"
    );

    // The owner hears of it, by mail, and nobody else does; the address stays theirs.
    let notices = [
        sink.take_message_to(&taken).await,
        sink.take_message_to(&taken).await,
    ];
    for notice in notices {
        let notice = notice.replace("=\r\n", "").replace("=\n", "");
        assert!(notice.contains("already has an account"), "{notice}");
        assert!(notice.contains(&owner), "{notice}");
        assert!(!notice.contains("/account/email/confirm/"), "{notice}");
    }
    let probing = app.another_browser();
    assert_eq!(probing.log_in(&probe, PASSWORD).await.status(), 303);
    let page = probing.get_html("/account").await;
    assert!(page.contains("id=\"no-address\""), "{page}");
    assert_eq!(address_of(&probing).await, "");
    assert_eq!(
        app.another_browser()
            .log_in(&taken, PASSWORD)
            .await
            .status(),
        303,
        "the owner's address signs the owner in"
    );
    sink.take_sign_in_notice(&taken).await;
    let users = app.get_html(&format!("/admin/users?q={probe}")).await;
    assert!(users.contains("(none confirmed yet)"), "{users}");

    // The free address gets its link; followed, it is the new account's.
    let message = sink.take_message_to(&free).await;
    let link = link_in(&message);
    let fresh_browser = app.another_browser();
    assert_eq!(fresh_browser.log_in(&fresh, PASSWORD).await.status(), 303);
    assert_eq!(address_of(&fresh_browser).await, "");
    let confirmed = fresh_browser.submit(&link, &link, &[]).await;
    assert_eq!(confirmed.status(), 200);
    assert_eq!(address_of(&fresh_browser).await, free);
    assert_eq!(
        app.another_browser().log_in(&free, PASSWORD).await.status(),
        303
    );
    sink.take_sign_in_notice(&free).await;
    // The API's free address got its link; an account with no address before has nobody
    // to tell of its change, and no other mail went out.
    assert!(link_in(&sink.take_message_to(&api_address).await).contains("/confirm/"));
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    assert_eq!(sink.messages(), Vec::<String>::new());
}

both_stores!(
    a_new_address_counts_once_its_link_is_followed,
    a_link_that_meets_a_change_changes_nothing,
    a_sign_up_tells_nobody_but_the_owner_whether_an_address_has_an_account,
);
