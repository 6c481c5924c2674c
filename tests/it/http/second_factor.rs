//! Two-step sign-in over HTTP, on both stores, with mail through a real SMTP server on
//! loopback: an authenticator app added by its key (the codes computed here as an app
//! computes them, RFC 6238), its recovery codes shown once, the second step of every
//! sign-in (browser and API), each code counting once, wrong codes locking the step, a
//! recovery code's use mailed, new codes killing the old, and two-step sign-in turned off.

use super::password_reset::app_with_mail;
use crate::both_stores;
use crate::helpers::{SmtpSink, TestApp, TestStore, csrf_in, location};
use chrono::Duration;
use sibyl::domain::totp::{STEP_SECONDS, TotpSecret};
use sibyl::infra::clock::Clock;

const PASSWORD: &str = "a long enough password";

/// The value of the hidden field `name` on `page`.
pub(super) fn hidden(page: &str, name: &str) -> String {
    let marker = format!("name=\"{name}\" value=\"");
    let start = page
        .find(&marker)
        .unwrap_or_else(|| panic!("no {name} on {page}"))
        + marker.len();
    let end = page[start..].find('"').unwrap() + start;
    page[start..end].to_owned()
}

/// The key an app is told to type, read from the page as a person reads it.
pub(super) fn key_on(page: &str) -> TotpSecret {
    let marker = "id=\"totp-secret\" class=\"secret\">";
    let start = page
        .find(marker)
        .unwrap_or_else(|| panic!("no key on {page}"))
        + marker.len();
    let end = page[start..].find('<').unwrap() + start;
    let typed: String = page[start..end].split_whitespace().collect();
    let bytes = totp_rs::Secret::Encoded(typed).to_bytes().unwrap();
    TotpSecret::from_bytes(&bytes).unwrap()
}

/// The code an app shows at `clock`'s time.
fn code_now(secret: &TotpSecret, clock: &Clock) -> String {
    secret.code_of_step(clock.now().timestamp() as u64 / STEP_SECONDS)
}

/// The recovery codes listed on `page`.
fn codes_on(page: &str) -> Vec<String> {
    let list = page
        .split("id=\"recovery-codes\"")
        .nth(1)
        .unwrap_or_else(|| panic!("no codes on {page}"));
    let list = &list[..list.find("</ul>").unwrap()];
    list.split("<code>")
        .skip(1)
        .map(|c| c[..c.find("</code>").unwrap()].to_owned())
        .collect()
}

/// Signs in with the password: the second step's page (200, no session yet).
async fn password_step(browser: &TestApp, name: &str) -> String {
    let asked = browser.log_in(name, PASSWORD).await;
    assert_eq!(asked.status(), 200, "the second step answers the password");
    let page = asked.text().await.unwrap();
    assert!(page.contains("Two-step sign-in"), "{page}");
    page
}

async fn second_step(browser: &TestApp, page: &str, code: &str) -> reqwest::Response {
    browser
        .post_form(
            "/login/second-step",
            &[
                ("csrf", &csrf_in(page)),
                ("ticket", &hidden(page, "ticket")),
                ("code", code),
                ("next", "/account/security"),
            ],
        )
        .await
}

/// `POST /api/users/login` with `code` (if any): its status and JSON.
async fn api_login(app: &TestApp, email: &str, code: Option<&str>) -> (u16, serde_json::Value) {
    let mut user = serde_json::json!({"email": email, "password": PASSWORD});
    if let Some(code) = code {
        user["code"] = code.into();
    }
    let answer = reqwest::Client::new()
        .post(app.url("/api/users/login"))
        .json(&serde_json::json!({ "user": user }))
        .send()
        .await
        .unwrap();
    (answer.status().as_u16(), answer.json().await.unwrap())
}

async fn an_account_signs_in_in_two_steps(t: TestStore) {
    let sink = SmtpSink::start();
    let clock = Clock::manual(sibyl::domain::now());
    let app = app_with_mail(t, &sink, &clock).await;
    app.set_up().await;
    let (browser, name) = app.sign_up_confirmed(&sink, PASSWORD).await;
    let email = format!("{name}@example.com");
    let elsewhere = app.another_browser();
    assert_eq!(elsewhere.log_in(&name, PASSWORD).await.status(), 303);
    sink.take_sign_in_notice(&email).await;

    // Off to begin with; the page offers an app's key and its QR code.
    let security = browser.get_html("/account/security").await;
    assert!(security.contains("id=\"factors-off\""), "{security}");
    let offer = browser.get_html("/account/authenticator").await;
    assert!(
        offer.contains("<svg"),
        "a QR code drawn on the server: {offer}"
    );
    let secret = key_on(&offer);
    let offered = hidden(&offer, "offered");
    let add = |code: String, password: &'static str, offered: String| {
        let browser = &browser;
        async move {
            browser
                .submit(
                    "/account/security",
                    "/account/authenticator",
                    &[
                        ("offered", &offered),
                        ("code", &code),
                        ("current_password", password),
                    ],
                )
                .await
        }
    };
    // A wrong code, a wrong password, or a form changed by hand add nothing.
    let wrong = secret.code_of_step(clock.now().timestamp() as u64 / STEP_SECONDS + 5);
    assert_eq!(add(wrong, PASSWORD, offered.clone()).await.status(), 422);
    let code = code_now(&secret, &clock);
    assert_eq!(
        add(code.clone(), "not the password", offered.clone())
            .await
            .status(),
        401
    );
    let forged = format!("00{}", &offered[2..]);
    assert_eq!(add(code.clone(), PASSWORD, forged).await.status(), 422);
    let security = browser.get_html("/account/security").await;
    assert!(security.contains("id=\"factors-off\""), "{security}");

    // The right code and password: on, with ten recovery codes shown once, and every
    // other browser signed out.
    let added = add(code.clone(), PASSWORD, offered.clone()).await;
    assert_eq!(added.status(), 200);
    let shown = added.text().await.unwrap();
    assert!(shown.contains("id=\"authenticator-added\""), "{shown}");
    let codes = codes_on(&shown);
    assert_eq!(codes.len(), 10, "{shown}");
    assert!(shown.contains("download=\"recovery-codes.txt\""), "{shown}");
    assert!(elsewhere.get("/account").await.status().is_redirection());
    let security = browser.get_html("/account/security").await;
    assert!(security.contains("id=\"factors-on\""), "{security}");
    assert!(
        security.contains("<span id=\"codes-left\">10</span>"),
        "{security}"
    );
    // The form again (a reload): its code counted once.
    assert_eq!(add(code, PASSWORD, offered).await.status(), 422);

    // Signing in: the password is not enough. (Four wrong codes in all follow, one short
    // of the lock that `wrong_codes_lock_the_second_step` proves.)
    let laptop = app.another_browser();
    let page = password_step(&laptop, &name).await;
    assert!(laptop.get("/account").await.status().is_redirection());
    // A wrong code shows the step again, its ticket still good.
    let refused = second_step(&laptop, &page, "000000").await;
    assert_eq!(refused.status(), 401);
    let page = refused.text().await.unwrap();
    assert!(page.contains("not right"), "{page}");
    clock.advance(Duration::seconds(STEP_SECONDS as i64));
    let code = code_now(&secret, &clock);
    let signed_in = second_step(&laptop, &page, &code).await;
    assert_eq!(signed_in.status(), 303);
    assert_eq!(location(&signed_in), "/account/security");
    assert_eq!(laptop.get("/account").await.status(), 200);
    sink.take_sign_in_notice(&email).await;
    // The ticket is used: sending it again (from any browser) signs nobody in.
    let thief = app.another_browser();
    let stolen = thief
        .post_form(
            "/login/second-step",
            &[
                ("csrf", &csrf_in(&thief.get_html("/login").await)),
                ("ticket", &hidden(&page, "ticket")),
                ("code", &code),
            ],
        )
        .await;
    assert_eq!(stolen.status(), 410);
    // The same code, in another sign-in: counted once, so refused.
    let phone = app.another_browser();
    let page = password_step(&phone, &name).await;
    assert_eq!(second_step(&phone, &page, &code).await.status(), 401);
    assert!(phone.get("/account").await.status().is_redirection());

    // The API asks for the code too.
    let (status, answer) = api_login(&app, &email, None).await;
    assert_eq!(status, 401, "{answer}");
    assert!(answer.to_string().contains("user.code"), "{answer}");
    clock.advance(Duration::seconds(STEP_SECONDS as i64));
    let code = code_now(&secret, &clock);
    let (status, answer) = api_login(&app, &email, Some(&code)).await;
    assert_eq!(status, 200, "{answer}");
    assert!(answer["user"]["token"].is_string(), "{answer}");
    sink.take_sign_in_notice(&email).await;

    // A recovery code signs in once, and its use is mailed with the count left.
    let page = password_step(&phone, &name).await;
    let used = codes[2].to_uppercase();
    let recovered = second_step(&phone, &page, &used).await;
    assert_eq!(recovered.status(), 303);
    let told = sink
        .take_message_to(&email)
        .await
        .replace("=\r\n", "")
        .replace("=\n", "");
    assert!(told.contains("recovery code"), "{told}");
    assert!(told.contains("9 left unused"), "{told}");
    let security = phone.get_html("/account/security").await;
    assert!(
        security.contains("<span id=\"codes-left\">9</span>"),
        "{security}"
    );
    let again = app.another_browser();
    let page = password_step(&again, &name).await;
    assert_eq!(second_step(&again, &page, &codes[2]).await.status(), 401);

    // New codes: the old ones die.
    let renewed = phone
        .submit(
            "/account/security",
            "/account/recovery-codes",
            &[("current_password", PASSWORD)],
        )
        .await;
    assert_eq!(renewed.status(), 200);
    let fresh = codes_on(&renewed.text().await.unwrap());
    assert_eq!(fresh.len(), 10);
    assert!(fresh.iter().all(|c| !codes.contains(c)));
    let page = password_step(&again, &name).await;
    assert_eq!(second_step(&again, &page, &codes[5]).await.status(), 401);
    assert_eq!(second_step(&again, &page, &fresh[0]).await.status(), 303);

    // Off again (with the password only): one step, and the other sessions end.
    let wrong = phone
        .submit(
            "/account/security",
            "/account/second-factors/remove",
            &[("current_password", "not the password")],
        )
        .await;
    assert_eq!(wrong.status(), 401);
    let off = phone
        .submit(
            "/account/security",
            "/account/second-factors/remove",
            &[("current_password", PASSWORD)],
        )
        .await;
    assert_eq!(location(&off), "/account/security?done=removed");
    assert!(again.get("/account").await.status().is_redirection());
    assert_eq!(
        app.another_browser().log_in(&name, PASSWORD).await.status(),
        303
    );
    let (status, _) = api_login(&app, &email, None).await;
    assert_eq!(status, 200);
}

/// Five wrong codes lock the second step of the account for a while, the right code
/// included, from any address; the lock passes.
async fn wrong_codes_lock_the_second_step(t: TestStore) {
    let sink = SmtpSink::start();
    let clock = Clock::manual(sibyl::domain::now());
    let app = app_with_mail(t, &sink, &clock).await;
    app.set_up().await;
    let (browser, name) = app.sign_up_confirmed(&sink, PASSWORD).await;
    let offer = browser.get_html("/account/authenticator").await;
    let secret = key_on(&offer);
    let added = browser
        .submit(
            "/account/security",
            "/account/authenticator",
            &[
                ("offered", &hidden(&offer, "offered")),
                ("code", &code_now(&secret, &clock)),
                ("current_password", PASSWORD),
            ],
        )
        .await;
    assert_eq!(added.status(), 200);
    let guesser = app.another_browser();
    let page = password_step(&guesser, &name).await;
    for guess in ["111111", "222222", "333333", "444444", "555555"] {
        assert_eq!(second_step(&guesser, &page, guess).await.status(), 401);
    }
    clock.advance(Duration::seconds(STEP_SECONDS as i64));
    let right = code_now(&secret, &clock);
    assert_eq!(second_step(&guesser, &page, &right).await.status(), 429);
    // The owner, in another browser, is locked out of the step too: the guesses were
    // against the account.
    let owner = app.another_browser();
    let page = password_step(&owner, &name).await;
    assert_eq!(second_step(&owner, &page, &right).await.status(), 429);
    assert!(owner.get("/account").await.status().is_redirection());
}

both_stores!(
    an_account_signs_in_in_two_steps,
    wrong_codes_lock_the_second_step,
);
