//! Two-step sign-in over HTTP, on both stores, with mail through a real SMTP server on
//! loopback: an authenticator app added by its key (the codes computed here as an app
//! computes them, RFC 6238), its recovery codes shown once, the second step of every
//! sign-in (browser and API), each code counting once, wrong codes locking the step, a
//! recovery code's use mailed, new codes killing the old, and two-step sign-in turned off.

use crate::both_stores;
use crate::helpers::{SmtpSink, TestApp, TestStore, csrf_in, location, spawn_app_with};
use chrono::Duration;
use sibyl::app::limits::{Limit, RateLimits};
use sibyl::domain::totp::{STEP_SECONDS, TotpSecret};
use sibyl::infra::clock::Clock;
use sibyl::infra::mail::MailConfig;

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

/// An application with mail and a clock of its own; `roomy`: the second step's limits
/// raised, for a journey that tries more codes than a person would in 15 minutes.
async fn app(t: TestStore, sink: &SmtpSink, clock: &Clock, roomy: bool) -> TestApp {
    let mail = MailConfig {
        smtp_url: sink.url(),
        from: MailConfig::parse_from("Blog <blog@example.com>").unwrap(),
    };
    let clock = clock.clone();
    let mut limits = RateLimits::default();
    if roomy {
        let window = std::time::Duration::from_secs(900);
        limits.second_step_failures_per_account = Limit { max: 20, window };
        limits.second_step_per_account = Limit { max: 50, window };
    }
    spawn_app_with(t, move |c| {
        c.mail = Some(mail);
        c.clock = clock;
        c.rate_limits = limits;
    })
    .await
}

async fn an_account_signs_in_in_two_steps(t: TestStore) {
    let sink = SmtpSink::start();
    let clock = Clock::manual(sibyl::domain::now());
    let app = app(t, &sink, &clock, true).await;
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
    let refused = add(wrong, PASSWORD, offered.clone()).await;
    assert_eq!(refused.status(), 422);
    // The page shown again offers the key the app has.
    assert!(key_on(&refused.text().await.unwrap()) == secret);
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

    // Signing in: the password is not enough.
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
    // A ticket is no password reset link, whatever way its key's words are sent.
    let ticket = hidden(&page, "ticket");
    let words = format!("sign-in ticket\0{}\0{ticket}", app.site.as_str());
    let encoded: String = url::form_urlencoded::byte_serialize(words.as_bytes()).collect();
    let encoded = encoded.replace('+', "%20");
    let reset = thief.get(&format!("/password/reset/{encoded}")).await;
    assert!(!reset.status().is_success(), "{}", reset.status());
    let raw = thief.get(&format!("/password/reset/{ticket}")).await;
    assert!(!raw.status().is_success(), "{}", raw.status());

    // The same code, in another sign-in: counted once, so refused.
    let phone = app.another_browser();
    let page = password_step(&phone, &name).await;
    assert_eq!(second_step(&phone, &page, &code).await.status(), 401);
    assert!(phone.get("/account").await.status().is_redirection());
    // A ticket dies ten minutes on.
    let late = app.another_browser();
    let page = password_step(&late, &name).await;
    clock.advance(Duration::minutes(11));
    assert_eq!(second_step(&late, &page, "000000").await.status(), 410);

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

    // Through the API, a recovery code works too, and is mailed as the API's.
    let (status, answer) = api_login(&app, &email, Some(&codes[9])).await;
    assert_eq!(status, 200, "{answer}");
    let told = sink
        .take_message_to(&email)
        .await
        .replace("=\r\n", "")
        .replace("=\n", "");
    assert!(told.contains("through the JSON API"), "{told}");
    assert!(told.contains("9 left unused"), "{told}");

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
    assert!(told.contains("8 left unused"), "{told}");
    let security = phone.get_html("/account/security").await;
    assert!(
        security.contains("<span id=\"codes-left\">8</span>"),
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

    // Moving to another app: the old app's codes work no more, the recovery codes stay.
    let offer = phone.get_html("/account/authenticator").await;
    assert!(offer.contains("replaces the authenticator"), "{offer}");
    let moved = key_on(&offer);
    assert!(moved != secret);
    clock.advance(Duration::seconds(STEP_SECONDS as i64));
    let moving = phone
        .submit(
            "/account/authenticator",
            "/account/authenticator",
            &[
                ("offered", &hidden(&offer, "offered")),
                ("code", &code_now(&moved, &clock)),
                ("current_password", PASSWORD),
            ],
        )
        .await;
    assert_eq!(location(&moving), "/account/security?done=authenticator");
    clock.advance(Duration::seconds(STEP_SECONDS as i64));
    let page = password_step(&again, &name).await;
    assert_eq!(
        second_step(&again, &page, &code_now(&secret, &clock))
            .await
            .status(),
        401
    );
    assert_eq!(
        second_step(&again, &page, &code_now(&moved, &clock))
            .await
            .status(),
        303
    );
    let security = phone.get_html("/account/security").await;
    assert!(
        security.contains("<span id=\"codes-left\">9</span>"),
        "{security}"
    );

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

/// An API token made on the security page of the account signed in to `browser`.
async fn token_of(browser: &TestApp) -> String {
    let made = browser
        .submit(
            "/account/security",
            "/account/tokens",
            &[("label", "a script"), ("current_password", PASSWORD)],
        )
        .await;
    assert_eq!(made.status(), 200);
    let made = made.text().await.unwrap();
    let marker = "id=\"token-value\" readonly value=\"";
    let start = made.find(marker).unwrap() + marker.len();
    made[start..start + made[start..].find('"').unwrap()].to_owned()
}

/// Turns two-step sign-in on for the account signed in to `browser`: its key and its
/// recovery codes.
async fn with_authenticator(browser: &TestApp, clock: &Clock) -> (TotpSecret, Vec<String>) {
    let offer = browser.get_html("/account/authenticator").await;
    let secret = key_on(&offer);
    let added = browser
        .submit(
            "/account/security",
            "/account/authenticator",
            &[
                ("offered", &hidden(&offer, "offered")),
                ("code", &code_now(&secret, clock)),
                ("current_password", PASSWORD),
            ],
        )
        .await;
    assert_eq!(added.status(), 200);
    let codes = codes_on(&added.text().await.unwrap());
    (secret, codes)
}

/// Five wrong codes lock the second step of the account for a while, the right code
/// included, from any browser; guesses sent all at once are bounded too (each is
/// counted before it is checked).
async fn wrong_codes_lock_the_second_step(t: TestStore) {
    let sink = SmtpSink::start();
    let clock = Clock::manual(sibyl::domain::now());
    let app = app(t, &sink, &clock, false).await;
    app.set_up().await;
    let (browser, name) = app.sign_up_confirmed(&sink, PASSWORD).await;
    let (secret, _) = with_authenticator(&browser, &clock).await;
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

    // Thirty guesses at once, for another account: no more than ten are checked.
    let (other, other_name) = app.sign_up_confirmed(&sink, PASSWORD).await;
    with_authenticator(&other, &clock).await;
    let racer = app.another_browser();
    let page = password_step(&racer, &other_name).await;
    let guesses = (0..30).map(|i| {
        let (racer, page) = (&racer, &page);
        async move {
            second_step(racer, page, &format!("{:06}", 100_000 + i))
                .await
                .status()
                .as_u16()
        }
    });
    let answers = futures_util::future::join_all(guesses).await;
    let checked = answers.iter().filter(|s| **s == 401).count();
    assert!(
        answers.iter().all(|s| *s == 401 || *s == 429),
        "{answers:?}"
    );
    // (Racers that all count themselves before any is checked may all be refused: the
    // bound is what matters.)
    assert!(checked <= 10, "{checked} checked: {answers:?}");
}

/// A site that requires two-step sign-in of its authors and administrators: refused
/// until the administrator setting it has an authenticator; then an author without one
/// is sent to add one (every page, and signing in, lead there), cannot write (in a
/// browser or through the API) until it has, and cannot turn it off; a reader is not
/// asked.
async fn a_site_requires_two_step_sign_in_of_its_staff(t: TestStore) {
    let sink = SmtpSink::start();
    let clock = Clock::manual(sibyl::domain::now());
    let app = app(t, &sink, &clock, false).await;
    app.set_up().await;
    let (author, author_name, _) = app.an_author().await;
    let (_, reader_name) = app.sign_up(PASSWORD).await;
    let settings = |policy: &'static str| {
        [
            ("title", "Sibyl"),
            ("language", "en"),
            ("description", "A blog."),
            ("second_factor_for", policy),
        ]
    };
    let refused = app
        .submit("/admin/site", "/admin/site", &settings("staff"))
        .await;
    assert_eq!(refused.status(), 422);
    let page = refused.text().await.unwrap();
    assert!(
        page.contains("Add an authenticator app or a passkey to your own account first"),
        "{page}"
    );
    let bad = app
        .submit("/admin/site", "/admin/site", &settings("bosses"))
        .await;
    assert_eq!(bad.status(), 400);
    assert_eq!(author.get("/write").await.status(), 200);
    with_authenticator(&app, &clock).await;
    let saved = app
        .submit("/admin/site", "/admin/site", &settings("staff"))
        .await;
    assert_eq!(location(&saved), "/admin/site?saved=1");
    // A form from before the setting (without it) keeps it.
    let kept = app
        .submit(
            "/admin/site",
            "/admin/site",
            &[
                ("title", "Sibyl"),
                ("language", "en"),
                ("description", "A blog."),
            ],
        )
        .await;
    assert_eq!(location(&kept), "/admin/site?saved=1");
    let form = app.get_html("/admin/site").await;
    assert!(
        form.contains("value=\"staff\" id=\"second-factor-staff\" checked"),
        "{form}"
    );

    // The author is sent to add one, and can change nothing meanwhile.
    let sent = author.get("/write").await;
    assert_eq!(location(&sent), "/account/authenticator?required=1");
    let offer = author.get_html("/account/authenticator?required=1").await;
    assert!(offer.contains("id=\"factor-required\""), "{offer}");
    let csrf = csrf_in(&author.get_html("/account").await);
    let write = author
        .post_form(
            "/write",
            &[
                ("csrf", &csrf),
                ("title", "Not yet"),
                ("body", "Refused."),
                ("tags", ""),
                ("action", "publish"),
            ],
        )
        .await;
    assert_eq!(write.status(), 403);
    let signing_in = app.another_browser().log_in(&author_name, PASSWORD).await;
    assert_eq!(location(&signing_in), "/account/authenticator?required=1");
    let token = token_of(&author).await;
    let api = |method: reqwest::Method, path: &str, token: &str| {
        reqwest::Client::new()
            .request(method, app.url(path))
            .header("Authorization", format!("Token {token}"))
    };
    let article = serde_json::json!({"article": {"title": "Through the API", "description": "", "body": "Refused.", "tagList": []}});
    let refused = api(reqwest::Method::POST, "/api/articles", &token)
        .json(&article)
        .send()
        .await
        .unwrap();
    assert_eq!(refused.status(), 403);
    assert!(refused.text().await.unwrap().contains("two-step sign-in"));
    let read = api(reqwest::Method::GET, "/api/user", &token)
        .send()
        .await
        .unwrap();
    assert_eq!(read.status(), 200);
    // Nor comment (an author's comment is published at once); signing a token out is
    // never refused.
    let post = app.publish("Open for comments", "Say something.").await;
    let comment = super::comments::comment_on(&author, &post, &[("body", "Not yet.")]).await;
    assert_eq!(comment.status(), 403);
    let out = api(reqwest::Method::DELETE, "/api/users/login", &token)
        .send()
        .await
        .unwrap();
    assert_eq!(out.status(), 204);
    // A reader is not asked.
    let reader = app.another_browser().log_in(&reader_name, PASSWORD).await;
    assert_eq!(location(&reader), "/");

    // Once the author has one: writing works, and it stays on.
    with_authenticator(&author, &clock).await;
    assert_eq!(author.get("/write").await.status(), 200);
    // Adding it ended every other session, the token too: a new one writes.
    let ended = api(reqwest::Method::GET, "/api/user", &token)
        .send()
        .await
        .unwrap();
    assert_eq!(ended.status(), 401);
    let token = token_of(&author).await;
    let published = api(reqwest::Method::POST, "/api/articles", &token)
        .json(&article)
        .send()
        .await
        .unwrap();
    assert_eq!(published.status(), 201);
    let off = author
        .submit(
            "/account/security",
            "/account/second-factors/remove",
            &[("current_password", PASSWORD)],
        )
        .await;
    assert_eq!(off.status(), 409);
    assert!(
        author
            .get_html("/account/security")
            .await
            .contains("id=\"factors-on\"")
    );
}

both_stores!(
    an_account_signs_in_in_two_steps,
    wrong_codes_lock_the_second_step,
    a_site_requires_two_step_sign_in_of_its_staff,
);
