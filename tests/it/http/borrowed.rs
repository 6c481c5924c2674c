//! Sites of one deployment keep their sessions and tokens apart, route by route: once the
//! route table's site is registered beside a second one, the session, CSRF cookie and
//! token its administrator got by signing in on the second site, sent to the first, get
//! what a visitor gets on every route of the table (pages, forms, uploads, deletions: the
//! same answer, or a refusal where the visitor's is one) and on every route of the API's
//! own description; no page shows them signed in, and the first site is left as it was.

use super::routes::Route;
use crate::helpers::{Admin, TestApp, browser_client, location};
use sibyl::config::SiteCommand;
use sibyl::domain::Site;

/// The value of the cookie `name` among a response's `Set-Cookie` headers.
fn cookie(response: &reqwest::Response, name: &str) -> String {
    response
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .filter_map(|c| c.split(';').next())
        .filter_map(|c| c.split_once('='))
        .find(|(n, _)| *n == name)
        .map(|(_, v)| v.to_owned())
        .unwrap_or_else(|| panic!("no {name} cookie set"))
}

/// What a site looks like from outside, to see that nothing changed it.
async fn snapshot(app: &TestApp, host: &str) -> Vec<String> {
    let mut seen = Vec::new();
    for path in ["/", "/feed.xml", "/tags", "/archive"] {
        let page = browser_client()
            .get(app.url(path))
            .header("host", host)
            .send()
            .await
            .unwrap();
        seen.push(format!("{path} {}", page.status()));
        seen.push(page.text().await.unwrap());
    }
    let identity = app.store.site_identity(&app.site).await.unwrap();
    seen.push(format!("{identity:?}"));
    let members = app.store.members_page(&app.site, None, 100).await.unwrap();
    seen.push(format!("{members:?}"));
    seen
}

/// Registers the table's site and a second one, and walks `routes` (and the API's) on
/// the first with what its administrator got on the second.
pub(super) async fn another_sites_credentials_open_nothing(
    app: &TestApp,
    admin: &Admin,
    routes: &[Route],
    slug: &str,
) {
    let port = app.address.rsplit(':').next().unwrap();
    let a = app.site.clone();
    let host = a.as_str().split("://").nth(1).unwrap().to_owned();
    let tag = crate::helpers::unique_name("b").replace('_', "-");
    let b = Site::parse(&format!("http://{tag}.test:{port}")).unwrap();
    for site in [&a, &b] {
        sibyl::app::sites::run(
            app.store.as_ref(),
            &a,
            SiteCommand::Create {
                url: site.to_string(),
                admin: admin.username.clone(),
                email: None,
            },
        )
        .await
        .unwrap();
    }
    tokio::time::sleep(super::routes::RECHECK * 2).await;
    let on_b = app.at_site(&b);
    let signed_in = on_b.log_in(&admin.username, &admin.password).await;
    assert_eq!(signed_in.status(), 303);
    let session = cookie(&signed_in, sibyl::web::SESSION_COOKIE);
    let pre_session = cookie(&signed_in, sibyl::web::CSRF_COOKIE);
    let csrf = crate::helpers::csrf_in(&on_b.get_html("/account").await);
    let token = on_b.api_token(&admin.email, &admin.password).await;
    // On B they are the administrator's.
    assert_eq!(on_b.get("/admin/site").await.status(), 200);

    let before = snapshot(app, &host).await;
    let borrowed = format!(
        "{}={session}; {}={pre_session}",
        sibyl::web::SESSION_COOKIE,
        sibyl::web::CSRF_COOKIE
    );
    // A visitor with the same CSRF cookie and token: only the session differs.
    let visitor = format!("{}={pre_session}", sibyl::web::CSRF_COOKIE);
    let mut failures = Vec::new();
    let mut walked = 0;
    for route in routes {
        if route.path == "/logout" {
            continue;
        }
        let mut answers = Vec::new();
        for cookies in [&borrowed, &visitor] {
            let url = app.url(&route.path);
            let client = browser_client();
            let request = match route.method {
                "GET" => client.get(url),
                "DELETE" => client.delete(url).header("x-csrf-token", &csrf),
                "PUT" => {
                    let body: serde_json::Map<String, serde_json::Value> = route
                        .form
                        .iter()
                        .map(|(k, v)| ((*k).to_owned(), serde_json::Value::from(v.as_str())))
                        .collect();
                    client.put(url).header("x-csrf-token", &csrf).json(&body)
                }
                "UPLOAD" => {
                    let mut form = reqwest::multipart::Form::new().text("csrf", csrf.clone());
                    for (k, v) in &route.form {
                        form = form.text(*k, v.clone());
                    }
                    let part =
                        reqwest::multipart::Part::bytes(b"borrowed".to_vec()).file_name("note.txt");
                    client.post(url).multipart(form.part("file", part))
                }
                _ => {
                    let mut form: Vec<(&str, &str)> = vec![("csrf", csrf.as_str())];
                    form.extend(route.form.iter().map(|(k, v)| (*k, v.as_str())));
                    client.post(url).form(&form)
                }
            };
            let response = request
                .header("host", &host)
                .header("cookie", cookies.as_str())
                .send()
                .await
                .unwrap();
            let got = (response.status().as_u16(), location(&response));
            let body = response.text().await.unwrap_or_default();
            if body.contains("action=\"/logout\"") {
                failures.push(format!(
                    "{} {} is signed in with B's session",
                    route.method, route.path
                ));
            }
            answers.push(got);
        }
        walked += 1;
        // Which refusal comes first (to sign in, or the form's token) depends on which
        // check finishes first; a refusal for a refusal is the same answer.
        let refused = |(status, location): &(u16, String)| {
            matches!(status, 401 | 403) || (*status == 303 && location.starts_with("/login"))
        };
        if answers[0] != answers[1] && !(refused(&answers[0]) && refused(&answers[1])) {
            failures.push(format!(
                "{} {} with B's session: {:?}, as a visitor: {:?}",
                route.method, route.path, answers[0], answers[1]
            ));
        }
    }
    assert!(walked > 100, "the route table has {walked} routes");

    // Every route the API describes: B's token on A is worth what a made-up one is.
    let description: serde_json::Value = browser_client()
        .get(app.url("/api/openapi.json"))
        .header("host", &host)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let paths = description["paths"].as_object().expect("the API's paths");
    let body = serde_json::json!({
        "user": {"email": admin.email, "password": admin.password, "bio": "taken over"},
        "article": {"title": "Taken over", "description": "x", "body": "x", "tagList": []},
        "comment": {"body": "taken over"},
    });
    let mut api_routes = 0;
    for (path, methods) in paths {
        let path = path
            .replace("{slug}", slug)
            .replace("{username}", &admin.username)
            .replace("{id}", "1");
        for method in methods.as_object().unwrap().keys() {
            let method = reqwest::Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
            let mut answers = Vec::new();
            for token in [token.as_str(), "made.up.token"] {
                let response = browser_client()
                    .request(method.clone(), app.url(&path))
                    .header("host", &host)
                    .header("authorization", format!("Token {token}"))
                    .json(&body)
                    .send()
                    .await
                    .unwrap();
                answers.push(response.status().as_u16());
            }
            api_routes += 1;
            if answers[0] != answers[1] {
                failures.push(format!(
                    "{method} {path} with B's token: {}, with a made-up one: {}",
                    answers[0], answers[1]
                ));
            }
        }
    }
    assert!(api_routes >= 19, "the API describes {api_routes} routes");
    assert!(
        failures.is_empty(),
        "{} differences:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert_eq!(snapshot(app, &host).await, before, "A changed");
}
