//! A forgotten password, through a real SMTP server on loopback and a clock the test
//! moves: the same answer for any address (and mail only for an account's), a link
//! that works once, for an hour, a new password that ends every session, rate limits,
//! and a site without mail that says so.

use crate::both_stores;
use crate::helpers::{SmtpSink, TestApp, TestStore, location, spawn_app, spawn_app_with};
use chrono::Duration;
use sibyl::infra::clock::Clock;
use sibyl::infra::mail::MailConfig;

pub(super) async fn app_with_mail(t: TestStore, sink: &SmtpSink, clock: &Clock) -> TestApp {
    let mail = MailConfig {
        smtp_url: sink.url(),
        from: MailConfig::parse_from("Blog <blog@example.com>").unwrap(),
    };
    let clock = clock.clone();
    spawn_app_with(t, move |c| {
        c.mail = Some(mail);
        c.clock = clock;
    })
    .await
}

/// The reset link in a message, its quoted-printable lines joined.
fn link_in(message: &str) -> String {
    let text = message
        .replace("=\r\n", "")
        .replace("=\n", "")
        .replace("=3D", "=");
    let start = text
        .find("/password/reset/")
        .expect("a link in the message");
    text[start..start + "/password/reset/".len() + 64].to_owned()
}

async fn ask(app: &TestApp, email: &str) -> reqwest::Response {
    // The CSRF token from the sign-in page (the form may be missing: mail off).
    app.submit("/login", "/password/forgot", &[("email", email)])
        .await
}

async fn a_forgotten_password_is_reset_by_a_link_that_works_once(t: TestStore) {
    let sink = SmtpSink::start();
    let clock = Clock::manual(sibyl::domain::now());
    let app = app_with_mail(t, &sink, &clock).await;
    app.set_up().await;
    let (reader, name) = app.sign_up_confirmed(&sink, "the first password").await;
    let email = format!("{name}@example.com");
    let login = app.another_browser().get_html("/login").await;
    assert!(login.contains("href=\"/password/forgot\""), "{login}");

    // An address no account has gets the same answer, and no mail.
    let stranger = app.another_browser();
    let nobody = ask(&stranger, "nobody@example.com").await;
    assert_eq!(nobody.status(), 200);
    let nobody = nobody.text().await.unwrap();
    assert!(
        nobody.contains("If an account has the address nobody@example.com"),
        "{nobody}"
    );
    let asked = ask(&stranger, &email).await;
    assert_eq!(asked.status(), 200);
    // A second link, asked for at once: it dies when the first one is used.
    ask(&stranger, &email).await;
    let asked = asked.text().await.unwrap();
    assert!(
        asked.contains(&format!("If an account has the address {email}")),
        "{asked}"
    );
    let messages = sink.wait_for(2).await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(sink.messages().len(), 2, "mail for the account only");
    assert!(messages.iter().all(|m| m.contains(&format!("<{email}>"))));
    let (link, sibling) = (link_in(&messages[0]), link_in(&messages[1]));
    assert_ne!(link, sibling);
    assert_eq!(stranger.get(&sibling).await.status(), 200);

    // The link opens a form; bad passwords are refused and use nothing.
    let form = stranger.get_html(&link).await;
    assert!(form.contains("id=\"new-password\""), "{form}");
    for (new, again, why) in [
        ("short", "short", "at least 10 characters"),
        ("a brand new password", "another one entirely", "differ"),
    ] {
        let refused = stranger
            .submit(
                &link,
                &link,
                &[("new_password", new), ("new_password_confirm", again)],
            )
            .await;
        assert_eq!(refused.status(), 422);
        assert!(refused.text().await.unwrap().contains(why));
    }
    let set = stranger
        .submit(
            &link,
            &link,
            &[
                ("new_password", "a brand new password"),
                ("new_password_confirm", "a brand new password"),
            ],
        )
        .await;
    assert_eq!(set.status(), 303);
    assert_eq!(location(&set), "/login?reset=1");
    assert!(
        stranger
            .get_html("/login?reset=1")
            .await
            .contains("id=\"password-reset\"")
    );
    // The reader's old session is over; the old password no longer works, the new one does.
    assert_eq!(reader.get("/account").await.status(), 303);
    let old = app
        .another_browser()
        .log_in(&name, "the first password")
        .await;
    assert_eq!(old.status(), 401);
    let new = app
        .another_browser()
        .log_in(&name, "a brand new password")
        .await;
    assert_eq!(new.status(), 303);
    // A browser the account had not used: its address is told.
    let notice = sink.take_sign_in_notice(&email).await;
    assert!(notice.contains("/account/security"), "{notice}");

    // Used once: the link is dead, for a form and a post alike.
    let again = stranger.get(&link).await;
    assert_eq!(again.status(), 410);
    assert!(again.text().await.unwrap().contains("expired or was used"));
    let replay = stranger
        .submit(
            "/login",
            &link,
            &[
                ("new_password", "a third password here"),
                ("new_password_confirm", "a third password here"),
            ],
        )
        .await;
    assert_eq!(replay.status(), 410);
    let still = app
        .another_browser()
        .log_in(&name, "a brand new password")
        .await;
    assert_eq!(still.status(), 303);
    sink.take_sign_in_notice(&email).await;
    assert_eq!(
        stranger.get(&sibling).await.status(),
        410,
        "the other link died"
    );

    // A link unused for an hour is dead too.
    ask(&stranger, &email).await;
    let messages = sink.wait_for(3).await;
    let late = link_in(&messages[2]);
    clock.advance(Duration::minutes(61));
    assert_eq!(stranger.get(&late).await.status(), 410);
    let forged = format!("/password/reset/{}", "0".repeat(64));
    assert_eq!(stranger.get(&forged).await.status(), 410);
}

async fn requests_are_checked_and_limited(t: TestStore) {
    let sink = SmtpSink::start();
    let clock = Clock::manual(sibyl::domain::now());
    let app = app_with_mail(t, &sink, &clock).await;
    app.set_up().await;
    let (_, name) = app.sign_up_confirmed(&sink, "the first password").await;
    let email = format!("{name}@example.com");
    let stranger = app.another_browser();
    let bad = ask(&stranger, "not an address").await;
    assert_eq!(bad.status(), 422);
    // Three links an hour for one address.
    for _ in 0..3 {
        assert_eq!(ask(&stranger, &email).await.status(), 200);
    }
    assert_eq!(ask(&stranger, &email).await.status(), 429);
    assert_eq!(sink.wait_for(3).await.len(), 3);
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(sink.messages().len(), 3);
}

async fn without_mail_the_page_says_whom_to_ask(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let page = app.another_browser().get_html("/password/forgot").await;
    assert!(page.contains("id=\"mail-off\""), "{page}");
    let refused = ask(&app.another_browser(), "someone@example.com").await;
    assert_eq!(refused.status(), 409);
    assert!(refused.text().await.unwrap().contains("Mail is off"));
}

both_stores!(
    a_forgotten_password_is_reset_by_a_link_that_works_once,
    requests_are_checked_and_limited,
    without_mail_the_page_says_whom_to_ask,
);
