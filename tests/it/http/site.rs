//! What a site calls itself: an administrator sets its title, tagline, description,
//! language and footer at /admin/site, and every page, feed and link preview shows them;
//! bad input changes nothing.

use crate::both_stores;
use crate::helpers::{TestStore, spawn_app};
use sibyl::domain::SiteIdentity;

fn identity_form<'a>(
    title: &'a str,
    tagline: &'a str,
    language: &'a str,
    footer: &'a str,
) -> Vec<(&'a str, &'a str)> {
    vec![
        ("title", title),
        ("tagline", tagline),
        (
            "description",
            "Field notes on rivers, written as they happen.",
        ),
        ("language", language),
        ("footer", footer),
    ]
}

async fn an_admin_names_the_site_and_every_page_says_so(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let post = app
        .publish("Spring flood", "The river rose overnight.")
        .await;

    // Before anything is set, the engine's own defaults.
    let home = app.anonymous_get("/").await.text().await.unwrap();
    assert!(home.contains("<html lang=\"en\">"), "{home}");
    assert!(home.contains("<title>Sibyl</title>"), "{home}");

    let saved = app
        .submit(
            "/admin/site",
            "/admin/site",
            &identity_form(
                "River <Notes>",
                "From the bank",
                "en-GB",
                "© 2026 The river people",
            ),
        )
        .await;
    assert_eq!(saved.status(), 303);
    assert_eq!(saved.headers()["location"], "/admin/site?saved=1");
    let form = app.get_html("/admin/site?saved=1").await;
    assert!(form.contains("Saved."), "{form}");
    assert!(
        form.contains("value=\"River &#60;Notes&#62;\"")
            || form.contains("value=\"River &lt;Notes&gt;\""),
        "{form}"
    );

    // Stored once, for every process of the site.
    let stored = app.store.site_identity(&app.site).await.unwrap();
    assert_eq!(
        stored,
        SiteIdentity::parse(
            "River <Notes>",
            "From the bank",
            "Field notes on rivers, written as they happen.",
            "en-GB",
            "© 2026 The river people"
        )
        .unwrap()
    );

    for page in ["/", post.as_str(), "/tags", "/archive", "/login"] {
        let html = app.anonymous_get(page).await.text().await.unwrap();
        assert!(html.contains("<html lang=\"en-GB\">"), "{page}: {html}");
        assert!(
            html.contains("<a class=\"site-name\" href=\"/\">River &#60;Notes&#62;</a>")
                || html.contains("<a class=\"site-name\" href=\"/\">River &lt;Notes&gt;</a>"),
            "{page}: {html}"
        );
        assert!(
            html.contains("<span class=\"tagline\">From the bank</span>"),
            "{page}"
        );
        assert!(html.contains("© 2026 The river people</footer>"), "{page}");
        assert!(
            !html.contains("Sibyl<"),
            "{page} still names the engine: {html}"
        );
        assert!(!html.contains("<Notes>"), "{page}: the title is escaped");
    }
    let home = app.anonymous_get("/").await.text().await.unwrap();
    assert!(
        home.contains("<title>River &#60;Notes&#62; · From the bank</title>")
            || home.contains("<title>River &lt;Notes&gt; · From the bank</title>"),
        "{home}"
    );
    assert!(
        home.contains(
            "<meta name=\"description\" content=\"Field notes on rivers, written as they happen.\">"
        ),
        "{home}"
    );
    let article = app.anonymous_get(&post).await.text().await.unwrap();
    assert!(
        article.contains("<title>Spring flood · River &#60;Notes&#62;</title>")
            || article.contains("<title>Spring flood · River &lt;Notes&gt;</title>"),
        "{article}"
    );
    assert!(
        article.contains("<meta property=\"og:site_name\" content=\"River &#60;Notes&#62;\">")
            || article.contains("<meta property=\"og:site_name\" content=\"River &lt;Notes&gt;\">"),
        "{article}"
    );

    assert!(
        article.contains(r#""publisher":{"@type":"Organization","name":"River \u003cNotes>""#),
        "{article}"
    );

    let feed = app.anonymous_get("/feed.xml").await.text().await.unwrap();
    assert!(feed.contains("xml:lang=\"en-GB\""), "{feed}");
    assert!(
        feed.contains("<title>River &lt;Notes&gt;</title>"),
        "{feed}"
    );
    assert!(
        feed.contains("<subtitle>From the bank</subtitle>"),
        "{feed}"
    );
}

async fn bad_identities_are_refused_and_change_nothing(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let good = identity_form("Kept", "", "fr", "");
    assert_eq!(
        app.submit("/admin/site", "/admin/site", &good)
            .await
            .status(),
        303
    );
    let long_title = "t".repeat(81);
    let long_footer = "f".repeat(301);
    // The site speaks French now, and so do its pages to a browser that asks for nothing.
    for (form, why) in [
        (
            identity_form("", "", "fr", ""),
            "Le site doit avoir un titre.",
        ),
        (
            identity_form("   ", "", "fr", ""),
            "Le site doit avoir un titre.",
        ),
        (
            identity_form("T", "", "", ""),
            "Le site doit avoir une langue",
        ),
        (
            identity_form("T", "", "french", ""),
            "n’est pas un code de langue",
        ),
        (
            identity_form("T", "", "fr", "a\u{7}bell"),
            "ne peut pas contenir de caractères de contrôle",
        ),
        (
            identity_form(&long_title, "", "fr", ""),
            "pour un maximum de 80",
        ),
        (
            identity_form("T", "", "fr", &long_footer),
            "pour un maximum de 300",
        ),
    ] {
        let response = app.submit("/admin/site", "/admin/site", &form).await;
        assert_eq!(response.status(), 422, "{form:?}");
        let html = response.text().await.unwrap();
        assert!(html.contains(why), "{why}: {html}");
        // What was typed is shown again, to be corrected.
        assert!(html.contains(&format!("value=\"{}\"", form[3].1)), "{html}");
        let stored = app.store.site_identity(&app.site).await.unwrap();
        assert_eq!(stored.title, "Kept");
        assert_eq!(stored.lang(), "fr");
    }
    // Without the form's token, nothing is saved either.
    let forged = app
        .post_form("/admin/site", &identity_form("Forged", "", "en", ""))
        .await;
    assert_eq!(forged.status(), 403);
    assert_eq!(
        app.store.site_identity(&app.site).await.unwrap().title,
        "Kept"
    );
    // A reader cannot change it.
    let (reader, _) = app.sign_up("a reader's long password").await;
    let refused = reader
        .submit("/", "/admin/site", &identity_form("Mine", "", "en", ""))
        .await;
    assert_eq!(refused.status(), 403);
    assert_eq!(
        app.store.site_identity(&app.site).await.unwrap().title,
        "Kept"
    );
}

/// The image sources a page's Content-Security-Policy allows.
fn image_sources(response: &reqwest::Response) -> String {
    let policy = response.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .to_owned();
    policy
        .split(';')
        .map(str::trim)
        .find(|d| d.starts_with("img-src"))
        .unwrap_or_else(|| panic!("no img-src in {policy}"))
        .to_owned()
}

async fn a_site_may_show_images_from_its_own_files_only(t: TestStore) {
    let app = spawn_app(t).await;
    let admin = app.set_up().await;
    let post = app.publish("A river", "Water.").await;
    let remote = "Look: ![a heron](https://elsewhere.example/heron.jpg)";
    let own = "Look: ![a heron](/binary/AB12CD34EF56GH78?size=800x600)";
    let profile = app
        .submit(
            "/account",
            "/account/profile",
            &[
                ("display_name", "Ada"),
                ("bio", ""),
                ("homepage", ""),
                ("image", "https://elsewhere.example/ada.jpg"),
            ],
        )
        .await;
    assert_eq!(profile.status(), 303);
    let author = format!("/authors/{}", admin.username);

    // By default pages may show images from any https address.
    assert_eq!(
        image_sources(&app.anonymous_get(&post).await),
        "img-src 'self' https: data:"
    );
    assert!(app.get_html(&author).await.contains("class=\"portrait\""));

    let mut form = vec![
        ("title", "Sibyl"),
        ("tagline", ""),
        ("description", ""),
        ("language", "en"),
        ("footer", ""),
    ];
    // A value a check box never sends changes nothing.
    let mut odd = form.clone();
    odd.push(("own_images_only", "yes"));
    assert_eq!(
        app.submit("/admin/site", "/admin/site", &odd)
            .await
            .status(),
        400
    );
    form.push(("own_images_only", "on"));
    let saved = app.submit("/admin/site", "/admin/site", &form).await;
    assert_eq!(saved.status(), 303);
    assert!(
        app.get_html("/admin/site")
            .await
            .contains("id=\"own-images-only\" checked")
    );
    for path in ["/", post.as_str(), author.as_str(), "/login"] {
        assert_eq!(
            image_sources(&app.anonymous_get(path).await),
            "img-src 'self' data:",
            "{path}"
        );
    }
    assert!(!app.get_html(&author).await.contains("class=\"portrait\""));

    // A text that shows an image from another site is refused, wherever it is written.
    for action in ["preview", "publish"] {
        let refused = app.write("With a heron", remote, "", action).await;
        assert_eq!(refused.status(), 422, "{action}");
        assert!(
            refused
                .text()
                .await
                .unwrap()
                .contains("https://elsewhere.example/heron.jpg is on another site"),
            "{action}"
        );
    }
    let edit = format!("{post}/edit");
    let revised = app
        .submit(
            &edit,
            &edit,
            &[
                ("base", "1"),
                ("title", "A river"),
                ("body", remote),
                ("tags", ""),
                ("message", ""),
                ("action", "save"),
            ],
        )
        .await;
    assert_eq!(revised.status(), 422);
    let home = app.anonymous_get("/").await.text().await.unwrap();
    assert!(!home.contains("With a heron"), "nothing was saved");
    // The site's own files are shown.
    assert_eq!(
        app.write("With our heron", own, "", "publish")
            .await
            .status(),
        303
    );

    // Turned off again, other sites' images are shown and may be written.
    form.pop();
    assert_eq!(
        app.submit("/admin/site", "/admin/site", &form)
            .await
            .status(),
        303
    );
    assert_eq!(
        image_sources(&app.anonymous_get(&post).await),
        "img-src 'self' https: data:"
    );
    assert_eq!(
        app.write("With a heron", remote, "", "publish")
            .await
            .status(),
        303
    );
}

both_stores!(
    an_admin_names_the_site_and_every_page_says_so,
    bad_identities_are_refused_and_change_nothing,
    a_site_may_show_images_from_its_own_files_only,
);
