//! Forms cannot be forged by planting cookies: a CSRF token is bound to the session (or,
//! before one, to the pre-session id) of the browser that was shown it, under the site's
//! secret. Whoever can set a cookie for the site (a sibling subdomain, a network attacker
//! on plain http) plants a CSRF cookie and a matching form field in vain, and a token
//! seen in one session is worth nothing in another.

use crate::both_stores;
use crate::helpers::{
    TestApp, TestStore, csrf_in, location, spawn_app, spawn_app_for, unique_name,
};

/// The value a response sets for a cookie.
fn set_cookie(response: &reqwest::Response, name: &str) -> String {
    response
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|c| c.strip_prefix(&format!("{name}=")))
        .and_then(|c| c.split(';').next())
        .unwrap_or_else(|| panic!("no {name} cookie set"))
        .to_owned()
}

/// A request from a browser that sends exactly `cookies`.
async fn post_with_cookies(
    app: &TestApp,
    path: &str,
    cookies: &str,
    form: &[(&str, &str)],
) -> reqwest::Response {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
        .post(app.url(path))
        .header("Cookie", cookies)
        .form(form)
        .send()
        .await
        .unwrap()
}

/// The profile form, renaming its owner "Forged".
fn change(csrf: &str) -> [(&str, &str); 4] {
    [
        ("csrf", csrf),
        ("display_name", "Forged"),
        ("bio", ""),
        ("homepage", ""),
    ]
}

async fn get_with_cookies(app: &TestApp, path: &str, cookies: &str) -> String {
    reqwest::Client::new()
        .get(app.url(path))
        .header("Cookie", cookies)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap()
}

async fn a_planted_csrf_cookie_forges_no_form(t: TestStore) {
    let app = spawn_app(t).await;
    let admin = app.set_up().await;
    // The victim's session, as their browser holds it.
    let login = app
        .another_browser()
        .log_in(&admin.username, &admin.password)
        .await;
    assert_eq!(login.status(), 303);
    let session = set_cookie(&login, "sibyl_session");
    let victim = format!("sibyl_session={session}");
    let profile = |html: &str| html.contains("Forged");

    // A value of the attacker's choosing, planted as the CSRF cookie and sent in the form.
    let planted = "ab".repeat(32);
    let forged = post_with_cookies(
        &app,
        "/account/profile",
        &format!("{victim}; sibyl_csrf={planted}"),
        &change(&planted),
    )
    .await;
    assert_eq!(forged.status(), 403);

    // A real pair the attacker was given as an anonymous visitor, planted whole.
    let visit = reqwest::Client::new()
        .get(app.url("/login"))
        .send()
        .await
        .unwrap();
    let pre_session = set_cookie(&visit, "sibyl_csrf");
    let token = csrf_in(&visit.text().await.unwrap());
    let forged = post_with_cookies(
        &app,
        "/account/profile",
        &format!("{victim}; sibyl_csrf={pre_session}"),
        &change(&token),
    )
    .await;
    assert_eq!(forged.status(), 403);

    // A token of the attacker's own session.
    let (attacker, _) = app.sign_up("attacker password 1").await;
    let theirs = csrf_in(&attacker.get_html("/account").await);
    let forged = post_with_cookies(&app, "/account/profile", &victim, &change(&theirs)).await;
    assert_eq!(forged.status(), 403);
    assert!(!profile(&get_with_cookies(&app, "/account", &victim).await));

    // The victim's own form, as the site showed it to them, goes through.
    let own = csrf_in(&get_with_cookies(&app, "/account", &victim).await);
    let saved = post_with_cookies(&app, "/account/profile", &victim, &change(&own)).await;
    assert_eq!(
        (saved.status().as_u16(), location(&saved)),
        (303, "/account?saved=profile".to_owned())
    );
    assert!(profile(&get_with_cookies(&app, "/account", &victim).await));

    // Signed out, the session's token is dead: a new session has new tokens.
    let out = post_with_cookies(&app, "/logout", &victim, &[("csrf", own.as_str())]).await;
    assert_eq!(out.status(), 303);
    let again = app
        .another_browser()
        .log_in(&admin.username, &admin.password)
        .await;
    let next = format!("sibyl_session={}", set_cookie(&again, "sibyl_session"));
    let stale = post_with_cookies(&app, "/account/profile", &next, &change(&own)).await;
    assert_eq!(stale.status(), 403);
}

/// On an https site the cookies are `__Host-` cookies, which browsers take only from the
/// site itself over https: a cookie of the plain name, all a sibling subdomain could
/// plant, counts for nothing, so not even a visitor's sign-in can be forged.
async fn https_sites_keep_their_cookies_to_themselves(t: TestStore) {
    let site = sibyl::domain::Site::parse(&format!(
        "https://{}.test",
        unique_name("tls").replace('_', "-")
    ))
    .unwrap();
    let app = spawn_app_for(site, t).await;
    let plain = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    // The first visitor's form (the site is not set up yet).
    let page = plain.get(app.url("/setup")).send().await.unwrap();
    let set: Vec<String> = page
        .headers()
        .get_all("set-cookie")
        .iter()
        .map(|v| v.to_str().unwrap().to_owned())
        .collect();
    assert_eq!(set.len(), 1, "{set:?}");
    let cookie = &set[0];
    assert!(cookie.starts_with("__Host-sibyl_csrf="), "{cookie}");
    assert!(
        cookie.contains("Secure") && cookie.contains("Path=/") && !cookie.contains("Domain"),
        "{cookie}"
    );
    let id = set_cookie(&page, "__Host-sibyl_csrf");
    let token = csrf_in(&page.text().await.unwrap());
    let name = unique_name("admin");
    let email = format!("{name}@example.com");
    let form = |csrf: &str| {
        vec![
            ("csrf", csrf.to_owned()),
            ("username", name.clone()),
            ("email", email.clone()),
            ("display_name", "Ada".to_owned()),
            ("password", "a long enough password".to_owned()),
            ("password_confirm", "a long enough password".to_owned()),
        ]
    };
    // A planted cookie of the plain name, with the token the site gave for it: refused.
    let planted = "cd".repeat(32);
    let shown = plain
        .get(app.url("/setup"))
        .header("Cookie", format!("sibyl_csrf={planted}"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let forged = plain
        .post(app.url("/setup"))
        .header("Cookie", format!("sibyl_csrf={planted}"))
        .form(&form(&csrf_in(&shown)))
        .send()
        .await
        .unwrap();
    assert_eq!(forged.status(), 403);
    // The site's own cookie and its token: the site is set up, and its session cookie is
    // a `__Host-` one too.
    let own = plain
        .post(app.url("/setup"))
        .header("Cookie", format!("__Host-sibyl_csrf={id}"))
        .form(&form(&token))
        .send()
        .await
        .unwrap();
    assert_eq!(own.status(), 303);
    set_cookie(&own, "__Host-sibyl_session");
}

both_stores!(
    a_planted_csrf_cookie_forges_no_form,
    https_sites_keep_their_cookies_to_themselves,
);
