//! Every page, as the roles that see it get it, through the Nu Html Checker (`vnu.jar`
//! from npm's `vnu-jar`, which scripts/test installs; `SIBYL_VNU_JAR` names another).
//! A page the checker finds an error in fails the test with the checker's words.

use crate::both_stores;
use crate::helpers::{TestApp, TestStore, location, spawn_app_with};
use std::path::PathBuf;
use std::process::Command;

fn vnu_jar() -> PathBuf {
    let jar = std::env::var("SIBYL_VNU_JAR").map_or_else(
        |_| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join("target/tools/node_modules/vnu-jar/build/dist/vnu.jar")
        },
        PathBuf::from,
    );
    assert!(
        jar.exists(),
        "the Nu Html Checker is not at {}: scripts/test installs it (npm install vnu-jar)",
        jar.display()
    );
    jar
}

/// Runs the checker over pages (name, HTML); returns its error lines.
pub(crate) fn check(pages: &[(String, String)]) -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    for (i, (name, html)) in pages.iter().enumerate() {
        let file: String = name
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect();
        std::fs::write(dir.path().join(format!("{i:02}-{file}.html")), html).unwrap();
    }
    let output = Command::new("java")
        .arg("-jar")
        .arg(vnu_jar())
        .args(["--errors-only", "--format", "gnu", "--skip-non-html"])
        .arg(dir.path())
        .output()
        .unwrap_or_else(|e| panic!("cannot run java for the Nu Html Checker: {e}"));
    let report = String::from_utf8_lossy(&output.stderr).into_owned()
        + &String::from_utf8_lossy(&output.stdout);
    let errors: Vec<String> = report
        .lines()
        .filter(|l| l.contains("error:") || l.contains("fatal:"))
        .map(str::to_owned)
        .collect();
    assert!(
        output.status.success() || !errors.is_empty(),
        "the checker failed without a report: {report}"
    );
    errors
}

async fn page(app: &TestApp, path: &str) -> (String, String) {
    let response = app.get(path).await;
    let status = response.status().as_u16();
    assert!(
        [200, 404, 410].contains(&status),
        "{path}: {status} {}",
        location(&response)
    );
    (path.to_owned(), response.text().await.unwrap())
}

both_stores!(every_page_passes_the_html_checker);

async fn every_page_passes_the_html_checker(t: TestStore) {
    // Pages of two posts, so that the lists' pagers are checked too.
    let app = spawn_app_with(t, |c| c.front_page_size = 2).await;
    let admin = app.set_up().await;
    let body = "An introduction with **emphasis**, a [link](https://example.com) and a footnote[^1].\n\n\
                ## The schedule\n\n| Time | Step |\n| --- | --- |\n| 08:00 | Mix |\n| 12:00 | Shape |\n\n\
                - [x] done\n- [ ] to do\n\n> Quoted.\n\n```rust\nfn main() {}\n```\n\n[^1]: The note.";
    let post = app.publish("Every element", body).await;
    let edited = app
        .submit(
            &format!("{post}/edit"),
            &format!("{post}/edit"),
            &[
                ("base", "1"),
                ("title", "Every element"),
                ("body", &format!("{body}\n\nA second revision.")),
                ("tags", "notes"),
                ("message", "More"),
            ],
        )
        .await;
    assert_eq!(edited.status(), 303);
    let draft = location(&app.write("A draft", "Not yet.", "", "draft").await);
    let (reader, reader_name) = app.sign_up("a long enough password").await;
    let reader_id = app
        .store
        .user_by_login(&sibyl::domain::user::Login::parse(&reader_name).unwrap())
        .await
        .unwrap()
        .unwrap()
        .id
        .0;
    let comment = crate::http::comments::comment_on(
        &reader,
        &post,
        &[("body", "A first comment, *with emphasis*.")],
    )
    .await;
    assert!(comment.status().is_redirection(), "{}", comment.status());
    let suggestion = reader
        .submit(
            &format!("{post}/suggest"),
            &format!("{post}/suggest"),
            &[
                ("base", "2"),
                ("title", "Every element"),
                ("body", "A suggested text."),
                ("note", "Shorter"),
            ],
        )
        .await;
    assert!(
        suggestion.status().is_redirection(),
        "{}",
        suggestion.status()
    );
    let hostile: String = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/owasp-xss.txt"),
    )
    .unwrap()
    .lines()
    .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    .collect::<Vec<_>>()
    .join("\n\n");
    let hostile_post = app.publish("Hostile text", &hostile).await;
    app.publish("A third post", "So that the home page has an older page.")
        .await;
    let about = app
        .submit(
            "/write?kind=page",
            "/write",
            &[
                ("title", "About"),
                ("body", "Who writes here, and why."),
                ("kind", "page"),
                ("action", "publish"),
            ],
        )
        .await;
    assert_eq!(crate::helpers::location(&about), "/pages/about");

    // The draft is scheduled: its page and the schedule's say when it goes live.
    let schedule = format!("{draft}/schedule");
    let at = (sibyl::domain::now() + chrono::Duration::days(30))
        .format("%Y-%m-%dT09:00")
        .to_string();
    let scheduled = app
        .submit(
            &schedule,
            &schedule,
            &[("at", &at), ("zone", "Europe/Paris")],
        )
        .await;
    assert_eq!(scheduled.status(), 303);

    // The administrator's profile has a picture: their author page shows it.
    let pictured = app
        .submit(
            "/account",
            "/account/profile",
            &[
                ("display_name", "Ada Admin"),
                ("bio", "Writes."),
                ("homepage", "https://ada.example"),
                ("image", "https://ada.example/ada.png"),
            ],
        )
        .await;
    assert_eq!(pictured.status(), 303);
    let shown = app.get_html(&format!("/authors/{}", admin.username)).await;
    assert!(
        shown.contains("src=\"https://ada.example/ada.png\""),
        "{shown}"
    );

    // A password reset link's form, for a link made as the mail would carry it.
    let token = sibyl::domain::token::random_token();
    let admin_user = app
        .store
        .user_by_login(&sibyl::domain::user::Login::parse(&admin.username).unwrap())
        .await
        .unwrap()
        .unwrap();
    app.store
        .create_account_link(
            &sibyl::domain::token::reset_key(&token),
            &sibyl::store::AccountLink {
                user: admin_user.id,
                stamp: sibyl::domain::token::reset_stamp(&admin_user),
                new_email: None,
            },
            sibyl::domain::now() + chrono::Duration::hours(1),
        )
        .await
        .unwrap();
    let reset_form = format!("/password/reset/{token}");
    // And a link confirming a new address.
    let token = sibyl::domain::token::random_token();
    app.store
        .create_account_link(
            &sibyl::domain::token::reset_key(&token),
            &sibyl::store::AccountLink {
                user: admin_user.id,
                stamp: sibyl::domain::token::reset_stamp(&admin_user),
                new_email: Some(sibyl::domain::Email::parse("new@example.com").unwrap()),
            },
            sibyl::domain::now() + chrono::Duration::hours(1),
        )
        .await
        .unwrap();
    let confirm_form = format!("/account/email/confirm/{token}");
    // A subscription waiting for its link, and one confirmed (its unsubscribe page).
    let mut subscription_pages = Vec::new();
    for confirmed in [false, true] {
        let (confirm, unsubscribe) = (
            sibyl::domain::token::random_token(),
            sibyl::domain::token::random_token(),
        );
        let email = format!("{}@example.com", crate::helpers::unique_name("subscriber"));
        let new = sibyl::store::NewSubscription {
            email: sibyl::domain::Email::parse(&email).unwrap(),
            scope: sibyl::domain::subscription::Scope::Site,
            confirm_key: sibyl::domain::token::session_key(&confirm),
            confirm_by: sibyl::domain::now() + chrono::Duration::hours(48),
            unsubscribe: unsubscribe.clone(),
            at: sibyl::domain::now(),
        };
        assert!(app.store.subscribe(&app.site, &new).await.unwrap());
        if confirmed {
            app.store
                .confirm_subscription(
                    &app.site,
                    &sibyl::domain::token::session_key(&confirm),
                    sibyl::domain::now(),
                )
                .await
                .unwrap()
                .unwrap();
            subscription_pages.push(format!("/unsubscribe/{unsubscribe}"));
        } else {
            subscription_pages.push(format!("/subscribe/confirm/{confirm}"));
        }
    }

    // A server failing every delivery, for the fediverse's page to list.
    let failing = sibyl::store::federation::Failing {
        server: "down.example".into(),
        since: sibyl::domain::now(),
        last: "the server answered 503 Service Unavailable".into(),
    };
    app.store
        .note_failing_server(&app.site, &failing)
        .await
        .unwrap();

    // A deleted post's address answers 410 with a page of its own.
    let gone = app.publish("Gone soon", "Deleted below.").await;
    let deleted = app
        .submit(&format!("{gone}/delete"), &format!("{gone}/delete"), &[])
        .await;
    assert_eq!(deleted.status(), 303);
    super::fediverse_requests::fill_fediverse_pages(&app, &admin.username, &post).await;

    let mut pages = Vec::new();
    let signed_in = [
        "/".to_owned(),
        post.clone(),
        hostile_post.clone(),
        draft.clone(),
        "/tags/notes".to_owned(),
        format!("/authors/{}", admin.username),
        "/write".to_owned(),
        "/write?kind=page".to_owned(),
        "/desk".to_owned(),
        "/desk?tab=published".to_owned(),
        "/desk?tab=scheduled".to_owned(),
        format!("{draft}/schedule"),
        format!("{post}/delete"),
        "/pages/about".to_owned(),
        "/posts/about/edit".to_owned(),
        "/admin/pages".to_owned(),
        "/admin/federation".to_owned(),
        "/desk/fediverse".to_owned(),
        "/desk/fediverse?actor=site".to_owned(),
        format!("{post}/edit"),
        format!("{post}/history"),
        format!("{post}/revisions/1"),
        format!("{post}/diff?from=1&to=2"),
        format!("{post}/suggestions"),
        format!("{post}/comments/moderate"),
        "/account".to_owned(),
        "/admin/users".to_owned(),
        "/admin/comments".to_owned(),
        "/admin/comments/log".to_owned(),
        "/admin/comments/settings".to_owned(),
        "/admin/binaries".to_owned(),
        "/account/delete".to_owned(),
        "/account/security".to_owned(),
        format!("/admin/users/{reader_id}/delete"),
        "/no/such/page".to_owned(),
    ];
    for path in &signed_in {
        pages.push(page(&app, path).await);
    }
    // The same pages in the languages furthest from English here: German's long words,
    // Arabic written right to left.
    for (language, html) in [
        ("de", "<html lang=\"de\">"),
        ("ar", "<html lang=\"ar\" dir=\"rtl\">"),
    ] {
        let chosen = app
            .submit("/account", "/account/language", &[("language", language)])
            .await;
        assert_eq!(chosen.status(), 303);
        for path in &signed_in {
            let (name, page) = page(&app, path).await;
            assert!(page.contains(html), "{language} {name}: {page}");
            assert!(
                !page.contains(">Log out</button>"),
                "{language} {name}: {page}"
            );
            pages.push((format!("{language} {name}"), page));
        }
    }
    let english = app
        .submit("/account", "/account/language", &[("language", "")])
        .await;
    assert_eq!(english.status(), 303);
    // The security page showing a token just made, listed with the browsers.
    let made = app
        .submit(
            "/account/security",
            "/account/tokens",
            &[("label", "checker"), ("current_password", &admin.password)],
        )
        .await;
    assert_eq!(made.status(), 200);
    pages.push((
        "/account/tokens (a token made)".to_owned(),
        made.text().await.unwrap(),
    ));
    for path in [
        format!("{post}/suggest"),
        post.clone(),
        "/account/delete".to_owned(),
    ] {
        let (name, html) = page(&reader, &path).await;
        pages.push((format!("reader {name}"), html));
    }
    let anonymous = app.another_browser();
    let this_month = {
        use chrono::Datelike;
        let now = sibyl::domain::now();
        format!("/archive/{}/{:02}", now.year(), now.month())
    };
    let home = anonymous.get_html("/").await;
    let start = home
        .find("href=\"/?after=")
        .expect("an older page of the home page")
        + 6;
    let older_home = home[start..start + home[start..].find('"').unwrap()].replace("&amp;", "&");
    for path in [
        "/".to_owned(),
        post.clone(),
        hostile_post,
        "/login".to_owned(),
        "/signup".to_owned(),
        "/tags/notes".to_owned(),
        "/archive".to_owned(),
        "/tags".to_owned(),
        "/pages/about".to_owned(),
        this_month.clone(),
        older_home,
        "/no/such/page".to_owned(),
        gone.clone(),
        "/password/forgot".to_owned(),
        reset_form.clone(),
        confirm_form.clone(),
        "/login?reset=1".to_owned(),
        "/subscribe".to_owned(),
        subscription_pages[0].clone(),
        subscription_pages[1].clone(),
    ] {
        let (name, html) = page(&anonymous, &path).await;
        pages.push((format!("anonymous {name}"), html));
    }
    // Two-step sign-in: an authenticator offered, the recovery codes shown once, and the
    // second step of a sign-in.
    let (stepper, stepper_name) = app.sign_up("a long enough password").await;
    let offer = stepper.get_html("/account/authenticator").await;
    pages.push(("/account/authenticator".to_owned(), offer.clone()));
    let secret = super::second_factor::key_on(&offer);
    let step = sibyl::domain::now().timestamp() as u64 / sibyl::domain::totp::STEP_SECONDS;
    let added = stepper
        .submit(
            "/account/authenticator",
            "/account/authenticator",
            &[
                ("offered", &super::second_factor::hidden(&offer, "offered")),
                ("code", &secret.code_of_step(step)),
                ("current_password", "a long enough password"),
            ],
        )
        .await;
    assert_eq!(added.status(), 200);
    pages.push((
        "/account/authenticator (recovery codes)".to_owned(),
        added.text().await.unwrap(),
    ));
    pages.push(page(&stepper, "/account/security").await);
    let asked = app
        .another_browser()
        .log_in(&stepper_name, "a long enough password")
        .await;
    assert_eq!(asked.status(), 200);
    pages.push((
        "/login (second step)".to_owned(),
        asked.text().await.unwrap(),
    ));
    let errors = check(&pages);
    assert!(
        errors.is_empty(),
        "{} errors from the Nu Html Checker:\n{}",
        errors.len(),
        errors.join("\n")
    );
}

/// Pieces of Markdown and raw HTML that hostile or careless writers produce, for the
/// property test below.
const FRAGMENTS: &[&str] = &[
    "[a link](javascript:alert(1))",
    "[hex host](http://0x7f.0x0.0x0.0x1/)",
    "[spaced](/a b<c>)",
    "[ok](https://example.com/x?y=1&z=2)",
    "<a href=\"javascript:alert(1)\">raw</a>",
    "<a>bare</a>",
    "<a href=\"/x\"><div>block in a link</div></a>",
    "<a href=\"/x\"><a href=\"/y\">nested</a></a>",
    "![](http://example.com/b.png)",
    "![alt](javascript:alert(1))",
    "<img>",
    "<img src=x>",
    "<img src=\"a b\" width=\"100%\" height=\"-3\" align=\"left\">",
    "<details>",
    "<details><summary>s</summary>body</details>",
    "<details><p>no summary</p></details>",
    "</details>",
    "<summary>stray</summary>",
    "- item",
    "1. first",
    "- [ ] task\n- [x] done",
    "<li>stray item</li>",
    "<ul><p>not an item</p>text</ul>",
    "| a | b |\n|---|---|\n| c | d |",
    "<table><tr><td>cell</td></tr></table>",
    "<td>stray cell</td>",
    "<table><caption>c</caption><colgroup><col span=\"0\"></colgroup><tbody><tr><th scope=\"x\" headers=\"h\">h</th></tr></tbody></table>",
    "*em*",
    "**strong**",
    "<em><div>block in em</div></em>",
    "<h1><p>p in h1</p></h1>",
    "<h2><ul><li>list in heading</li></ul></h2>",
    "`code`",
    "<kbd>k</kbd><sub>s</sub><sup>s</sup><mark>m</mark>",
    "> quoted",
    "```\ncode block\n```",
    "# heading",
    "---",
    "<hr>",
    "<div>",
    "</div>",
    "<p>",
    "<blockquote cite=\"javascript:x\">q</blockquote>",
    "<ol start=\"x\"><li>a</li></ol>",
    "<td colspan=\"0\">",
    "<span lang=\"??\">l</span><span lang=\"en-GB\">l</span>",
    "<q cite=\"a b\">q</q>",
    "<input type=image src=x>",
    "<input type=checkbox checked>",
    "<input>",
    "x[^1]\n\n[^1]: the note",
    "<dl><dt>t</dt><dd>d</dd></dl>",
    "<dd>stray</dd>",
    "<ruby>漢<rt>kan</rt></ruby>",
    "<figure><figcaption>c</figcaption><img src=\"/i.png\"></figure>",
    "<acronym>a</acronym><center>c</center><tt>t</tt><strike>s</strike>",
    "<time>yesterday</time><data>d</data>",
    "<header>h</header><footer>f</footer><nav>n</nav><article>a</article>",
    "<bdo>b</bdo><abbr title=\"t\">a</abbr>",
    "<del datetime=\"x\">d</del><ins>i</ins>",
    "<script>alert(1)</script>",
    "<p onclick=\"x\" style=\"color:red\">handlers</p>",
    "<!-- comment -->",
    "&amp; &lt; &#0; &#x110000;",
    "<a href=\"&nbsp;javascript:alert(1)\">nbsp</a>",
    "<a href=\"&#x2028;javascript:alert(1)\">ls</a>",
    "<img src=\"&#x3000;data:image/png,x\" alt=\"d\">",
    "[t](&#9;javascript:alert(1))",
];

/// The URL attributes of some HTML, as a browser reads them (white space a URL parser
/// strips taken off).
fn urls(html: &str) -> Vec<String> {
    let mut found = Vec::new();
    // Start tags only: text that shows HTML as text holds "&lt;", never '<'.
    for tag in html.split('<').skip(1) {
        if !tag.starts_with(|c: char| c.is_ascii_alphabetic()) {
            continue;
        }
        let tag = tag.split('>').next().unwrap_or("");
        for attribute in [" href=\"", " src=\"", " cite=\""] {
            for rest in tag.split(attribute).skip(1) {
                let value = rest.split('"').next().unwrap_or("");
                found.push(value.trim_matches(|c: char| c <= ' ').to_owned());
            }
        }
    }
    found
}

/// A document: some fragments and arbitrary text between them.
fn document() -> impl proptest::strategy::Strategy<Value = String> {
    use proptest::prelude::*;
    let piece = prop_oneof![
        4 => proptest::sample::select(FRAGMENTS).prop_map(str::to_owned),
        1 => "\\PC{0,12}",
    ];
    let separator = proptest::sample::select(&["", " ", "\n", "\n\n"][..]);
    proptest::collection::vec((piece, separator), 1..14).prop_map(|parts| {
        parts
            .into_iter()
            .map(|(piece, separator)| format!("{piece}{separator}"))
            .collect()
    })
}

/// Arbitrary Markdown, hostile fragments and text mixed, rendered as a post and as a
/// comment: every output is valid HTML in the Nu Html Checker's eyes. Cases are drawn
/// from a fixed seed (reproducible), and checked in one run of the checker.
#[test]
fn arbitrary_markdown_renders_to_valid_html() {
    use proptest::strategy::{Strategy, ValueTree};
    use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
    let mut runner = TestRunner::new_with_rng(
        Config::default(),
        TestRng::from_seed(RngAlgorithm::ChaCha, &[7; 32]),
    );
    let strategy = document();
    let mut pages = Vec::new();
    let mut inputs = Vec::new();
    for i in 0..500 {
        let markdown = strategy.new_tree(&mut runner).unwrap().current();
        let page = |body: String| {
            format!(
                "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>case</title></head><body><article>{body}</article></body></html>"
            )
        };
        let post = sibyl::domain::markdown::to_safe_html(&markdown);
        let comment = sibyl::domain::markdown::comment_to_safe_html(&markdown);
        // Safe before valid: no URL a browser would run.
        for url in urls(&post).into_iter().chain(urls(&comment)) {
            let lower = url.to_ascii_lowercase().replace("&amp;", "&");
            if let Ok(parsed) = reqwest::Url::parse(&lower) {
                assert!(
                    matches!(parsed.scheme(), "http" | "https" | "mailto"),
                    "{url:?} from {markdown:?}"
                );
            }
        }
        pages.push((format!("case {i} post"), page(post)));
        pages.push((format!("case {i} comment"), page(comment)));
        inputs.push(markdown);
    }
    let errors = check(&pages);
    let explained: Vec<String> = errors
        .iter()
        .take(20)
        .map(|line| {
            let case = line
                .split("-case_")
                .nth(1)
                .and_then(|rest| rest.split('_').next())
                .and_then(|n| n.parse::<usize>().ok());
            match case {
                Some(n) => format!("{line}\n    from {:?}", inputs[n]),
                None => line.clone(),
            }
        })
        .collect();
    assert!(
        errors.is_empty(),
        "{} errors from the Nu Html Checker:\n{}",
        errors.len(),
        explained.join("\n")
    );
}
