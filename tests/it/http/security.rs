//! An account's security page over HTTP, with mail through a real SMTP server on
//! loopback: every browser and API token signed in to the account listed (browser and
//! system, address, "this one"), each ended alone or all but this one at once, tokens
//! made for programs and revoked, a sign-in from a browser the account had not used told
//! to its address, and nothing of one account's sessions reachable from another.

use super::password_reset::app_with_mail;
use crate::both_stores;
use crate::helpers::{SmtpSink, TestApp, TestStore, location};
use chrono::Duration;
use sibyl::infra::clock::Clock;

const PASSWORD: &str = "a long enough password";
const PHONE: &str = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const LAPTOP: &str = "Mozilla/5.0 (X11; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0";

fn browser(app: &TestApp, agent: &str) -> TestApp {
    app.browser_named(agent)
}

/// The public id of the session whose entry on `page` mentions `marker`.
fn session_id(page: &str, marker: &str) -> String {
    page.split("<li class=\"session")
        .skip(1)
        .find(|entry| entry.contains(marker))
        .and_then(|entry| {
            let at = entry.find("id=\"session-")? + "id=\"session-".len();
            Some(entry[at..at + 32].to_owned())
        })
        .unwrap_or_else(|| panic!("no session with {marker:?} on {page}"))
}

async fn end(browser: &TestApp, id: &str) -> reqwest::Response {
    browser
        .submit(
            "/account/security",
            "/account/sessions/end",
            &[("session", id)],
        )
        .await
}

/// No further notice of a sign-in comes (one per new browser).
async fn no_more_notices(sink: &SmtpSink) {
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert!(
        !sink
            .messages()
            .iter()
            .any(|m| m.contains("A new sign-in to your account")),
        "{:?}",
        sink.messages()
    );
}

/// `GET /api/user` with a token: its status.
async fn api_status(app: &TestApp, token: &str) -> u16 {
    reqwest::Client::new()
        .get(app.url("/api/user"))
        .header("Authorization", format!("Token {token}"))
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

async fn an_account_sees_and_ends_its_sessions(t: TestStore) {
    let sink = SmtpSink::start();
    let clock = Clock::manual(sibyl::domain::now());
    let app = app_with_mail(t, &sink, &clock).await;
    app.set_up().await;
    let (_, name) = app.sign_up_confirmed(&sink, PASSWORD).await;
    let email = format!("{name}@example.com");

    // A laptop signs in: a browser the account had not used, so its address is told.
    let laptop = browser(&app, LAPTOP);
    assert_eq!(laptop.log_in(&name, PASSWORD).await.status(), 303);
    let notice = sink.take_sign_in_notice(&email).await;
    let text = notice.replace("=\r\n", "").replace("=\n", "");
    assert!(text.contains("Firefox 131 on Linux"), "{text}");
    assert!(text.contains("127.0.0.1"), "{text}");
    assert!(text.contains("/account/security"), "{text}");
    // Signing in again with it is not news.
    assert_eq!(
        laptop.submit("/account", "/logout", &[]).await.status(),
        303
    );
    assert_eq!(laptop.log_in(&name, PASSWORD).await.status(), 303);
    // A phone, and a program through the API.
    let phone = browser(&app, PHONE);
    assert_eq!(phone.log_in(&name, PASSWORD).await.status(), 303);
    sink.take_sign_in_notice(&email).await;
    no_more_notices(&sink).await;
    let program = app.api_token(&email, PASSWORD).await;
    assert_eq!(api_status(&app, &program).await, 200);
    // A program keeps no mark: every sign-in through the API is told.
    let told = sink.take_sign_in_notice(&email).await;
    assert!(told.contains("through the JSON API"), "{told}");

    // The laptop sees every session (the sign-up's browser too), itself as this one.
    let account = laptop.get_html("/account").await;
    assert!(account.contains("href=\"/account/security\""), "{account}");
    let page = laptop.get_html("/account/security").await;
    assert!(page.contains("Safari 17 on iPhone"), "{page}");
    assert!(page.contains("Firefox 131 on Linux"), "{page}");
    assert!(page.contains("signed in through the API"), "{page}");
    assert!(page.contains("from 127.0.0.1"), "{page}");
    assert_eq!(page.matches("this one").count(), 1, "{page}");
    let this_one = session_id(&page, "this one");
    let phone_id = session_id(&page, "iPhone");
    let program_id = session_id(&page, "signed in through the API");

    // Seen: a request more than five minutes on records when.
    clock.advance(Duration::minutes(7));
    assert_eq!(phone.get("/account").await.status(), 200);
    let seen = clock.now().format("%B %-d, %Y at %H:%M UTC").to_string();
    let page = laptop.get_html("/account/security").await;
    let phone_entry = page
        .split("<li class=\"session")
        .find(|e| e.contains("iPhone"))
        .unwrap();
    assert!(
        phone_entry.contains(&format!(
            "last seen <time datetime=\"{}",
            clock.now().format("%Y-%m-%dT%H:%M")
        )) && phone_entry.contains(&seen),
        "{phone_entry}"
    );

    // Not the one asking (that is signing out), and not another account's.
    let own = end(&laptop, &this_one).await;
    assert_eq!(own.status(), 422);
    assert!(own.text().await.unwrap().contains("sign out to end it"));
    let (intruder, _) = app.sign_up(PASSWORD).await;
    let refused = intruder
        .submit(
            "/account/security",
            "/account/sessions/end",
            &[("session", &phone_id)],
        )
        .await;
    assert_eq!(refused.status(), 404);
    assert!(
        refused
            .text()
            .await
            .unwrap()
            .contains("ended already, or is not yours")
    );
    assert_eq!(phone.get("/account").await.status(), 200, "still signed in");
    assert!(
        !intruder
            .get_html("/account/security")
            .await
            .contains("iPhone")
    );
    // Garbage is refused alike.
    assert_eq!(end(&laptop, "not a session").await.status(), 404);

    // The phone ended: signed out at once; ending it again finds nothing.
    let ended = end(&laptop, &phone_id).await;
    assert_eq!(ended.status(), 303);
    assert_eq!(location(&ended), "/account/security?done=ended");
    assert!(
        laptop
            .get_html("/account/security?done=ended")
            .await
            .contains("Ended: that browser is signed out")
    );
    assert_eq!(phone.get("/account").await.status(), 303);
    assert_eq!(end(&laptop, &phone_id).await.status(), 404);
    // The program's token, revoked: refused at once.
    assert_eq!(end(&laptop, &program_id).await.status(), 303);
    assert_eq!(api_status(&app, &program).await, 401);

    // A token made on the page: a name and the current password, or nothing is made.
    let make = |label: &'static str, password: &'static str| {
        let laptop = &laptop;
        async move {
            laptop
                .submit(
                    "/account/security",
                    "/account/tokens",
                    &[("label", label), ("current_password", password)],
                )
                .await
        }
    };
    let wrong = make("deploy bot", "not my password").await;
    assert_eq!(wrong.status(), 401);
    assert!(
        wrong
            .text()
            .await
            .unwrap()
            .contains("not your current password")
    );
    let unnamed = make("   ", PASSWORD).await;
    assert_eq!(unnamed.status(), 422);
    assert!(
        unnamed
            .text()
            .await
            .unwrap()
            .contains("Give the token a name")
    );
    assert!(
        laptop
            .get_html("/account/security")
            .await
            .contains("id=\"no-tokens\""),
        "nothing was made"
    );
    let made = make("deploy bot", PASSWORD).await;
    assert_eq!(made.status(), 200);
    assert!(
        made.headers()["cache-control"]
            .to_str()
            .unwrap()
            .contains("no-store"),
        "a page showing a token is kept nowhere"
    );
    let made = made.text().await.unwrap();
    let at = made.find("id=\"token-value\" readonly value=\"").unwrap()
        + "id=\"token-value\" readonly value=\"".len();
    let token = &made[at..at + made[at..].find('"').unwrap()];
    assert_eq!(api_status(&app, token).await, 200);
    let page = laptop.get_html("/account/security").await;
    assert!(page.contains("deploy bot"), "{page}");
    assert!(!page.contains(token), "shown once");

    // Sign out everywhere else: the phone again, and the token, end; the laptop stays.
    assert_eq!(phone.log_in(&name, PASSWORD).await.status(), 303);
    let others = laptop
        .submit("/account/security", "/account/sessions/end-others", &[])
        .await;
    assert_eq!(location(&others), "/account/security?done=others");
    assert_eq!(phone.get("/account").await.status(), 303);
    assert_eq!(api_status(&app, token).await, 401);
    let page = laptop.get_html(&location(&others)).await;
    assert!(page.contains("Every other session"), "{page}");
    assert_eq!(page.matches("<li class=\"session").count(), 1, "{page}");
    assert!(page.contains("this one"));

    // A new password makes every other browser new again (one that signed in with a
    // stolen password is told of once more), but not the one that set it.
    const NEW: &str = "an even longer password";
    let changed = laptop
        .submit(
            "/account",
            "/account/password",
            &[
                ("current_password", PASSWORD),
                ("new_password", NEW),
                ("new_password_confirm", NEW),
            ],
        )
        .await;
    assert_eq!(changed.status(), 303);
    assert_eq!(
        laptop.submit("/account", "/logout", &[]).await.status(),
        303
    );
    assert_eq!(laptop.log_in(&name, NEW).await.status(), 303);
    assert_eq!(phone.log_in(&name, NEW).await.status(), 303);
    let told = sink.take_sign_in_notice(&email).await;
    assert!(told.contains("iPhone"), "the phone, not the laptop: {told}");
    no_more_notices(&sink).await;
}

both_stores!(an_account_sees_and_ends_its_sessions);
