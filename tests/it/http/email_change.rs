//! A new e-mail address, confirmed through a real SMTP server on loopback and a clock the
//! test moves: the address counts only once the link mailed to it is followed (once,
//! within a day), the old address is told, and a link that meets a changed account, a
//! taken address or its own expiry changes nothing.

use super::password_reset::app_with_mail;
use crate::both_stores;
use crate::helpers::{SmtpSink, TestApp, TestStore, location, unique_name};
use chrono::Duration;
use sibyl::clock::Clock;

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
    let (reader, name) = app.sign_up(PASSWORD).await;
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
    assert_eq!(
        app.another_browser().log_in(&old, PASSWORD).await.status(),
        401
    );
    // The old address is told.
    let messages = sink.wait_for(2).await;
    assert!(messages[1].contains(&format!("<{old}>")), "{}", messages[1]);
    assert!(messages[1].contains("was changed to"), "{}", messages[1]);

    // Used once.
    assert_eq!(stranger.get(&link).await.status(), 410);
    assert_eq!(stranger.submit("/login", &link, &[]).await.status(), 410);
    assert_eq!(address_of(&reader).await, new);
    // The old address is free again.
    let (other, _) = app.sign_up(PASSWORD).await;
    let moved_in = ask(&other, &old).await;
    assert_eq!(moved_in.status(), 303);
}

async fn a_link_that_meets_a_change_changes_nothing(t: TestStore) {
    let sink = SmtpSink::start();
    let clock = Clock::manual(sibyl::domain::now());
    let app = app_with_mail(t, &sink, &clock).await;
    app.set_up().await;
    let (first, first_name) = app.sign_up(PASSWORD).await;
    let (second, second_name) = app.sign_up(PASSWORD).await;
    let first_address = format!("{first_name}@example.com");

    // Refused at once, nothing mailed: not an address, one's own, another account's,
    // the wrong password.
    for (email, status) in [
        ("not an address", 422),
        (first_address.as_str(), 422),
        (&format!("{second_name}@example.com"), 409),
    ] {
        let refused = ask(&first, email).await;
        assert_eq!(refused.status(), status, "{email}");
    }
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
    let (third, _) = app.sign_up(PASSWORD).await;
    for i in 0..5 {
        let next = format!("{}-{i}@example.org", unique_name("many"));
        assert_eq!(ask(&third, &next).await.status(), 303);
    }
    assert_eq!(ask(&third, "one-more@example.org").await.status(), 429);
}

both_stores!(
    a_new_address_counts_once_its_link_is_followed,
    a_link_that_meets_a_change_changes_nothing,
);
