//! Translations in the browser: each language links the others.

use crate::both_stores;
use crate::helpers::{Kind, TestStore, location, spawn_app_with};
use sibyl::domain::Locale;

fn locale(code: &str) -> Locale {
    Locale::parse(code).unwrap()
}

both_stores!(translations_over_http_link_each_other_and_refuse_bad_locales,);

async fn translations_over_http_link_each_other_and_refuse_bad_locales(t: TestStore) {
    // The statements of the store's path are counted: no page cache.
    let app = spawn_app_with(t, |c| c.page_cache.bytes = 0).await;
    app.set_up().await;
    let written = app
        .submit(
            "/write",
            "/write",
            &[
                ("title", "Colours"),
                ("body", "Red and blue."),
                ("tags", "art"),
                ("lang", "en_GB"),
                ("action", "publish"),
            ],
        )
        .await;
    assert_eq!(written.status(), 303);
    let path = location(&written);

    // Bad locales are refused with the reason, and change nothing.
    let bad_write = app
        .submit(
            "/write",
            "/write",
            &[
                ("title", "Bad language"),
                ("body", "Text."),
                ("lang", "english"),
                ("action", "publish"),
            ],
        )
        .await;
    assert_eq!(bad_write.status(), 422);
    assert!(bad_write.text().await.unwrap().contains("is not a locale"));
    for bad in ["english", "EN", "fr-CA", "fr_ca", "x", "<script>"] {
        let query = format!(
            "{path}?lang={}",
            bad.replace('<', "%3C").replace('>', "%3E")
        );
        let response = app.anonymous_get(&query).await;
        assert_eq!(response.status(), 400, "{bad}");
        let page = response.text().await.unwrap();
        assert!(page.contains("is not a locale"), "{bad}: {page}");
        assert!(!page.contains("<script>"), "the bad value is escaped");
    }
    let bad_save = app
        .submit(
            &format!("{path}/edit"),
            &format!("{path}/edit?lang=Fr"),
            &[
                ("base", "0"),
                ("title", "X"),
                ("body", "X."),
                ("action", "save"),
            ],
        )
        .await;
    assert_eq!(bad_save.status(), 400);
    let post = app
        .store
        .post_by_slug(
            &app.site,
            &sibyl::domain::Slug::parse(path.trim_start_matches("/posts/")).unwrap(),
        )
        .await
        .unwrap()
        .unwrap();
    assert_eq!(post.locale, locale("en_GB"));
    assert!(
        app.store
            .translations(&app.site, post.id)
            .await
            .unwrap()
            .is_empty()
    );
    assert_eq!(
        app.store
            .post_by_slug(&app.site, &post.slug)
            .await
            .unwrap()
            .unwrap()
            .revision,
        1
    );

    // The author starts the French translation from the original text.
    let editor = app.get_html(&format!("{path}/edit?lang=fr")).await;
    assert!(editor.contains("Edit the Français translation"), "{editor}");
    assert!(
        editor.contains("Red and blue."),
        "the original text is the starting point"
    );
    assert!(editor.contains("name=\"base\" value=\"0\""));
    assert!(editor.contains(&format!("action=\"{path}/edit?lang=fr\"")));
    // Nobody else sees a translation that does not exist yet.
    assert_eq!(
        app.anonymous_get(&format!("{path}?lang=fr")).await.status(),
        404
    );
    let saved = app
        .submit(
            &format!("{path}/edit?lang=fr"),
            &format!("{path}/edit?lang=fr"),
            &[
                ("base", "0"),
                ("title", "Couleurs"),
                ("body", "Rouge et bleu."),
                ("message", ""),
                ("action", "save"),
            ],
        )
        .await;
    assert_eq!(saved.status(), 303);
    assert_eq!(location(&saved), format!("{path}?lang=fr"));
    // A draft translation: its editor sees it with a Publish button; readers do not.
    let draft_page = app.get_html(&format!("{path}?lang=fr")).await;
    // The page of a French text speaks French.
    assert!(draft_page.contains("Cette traduction est un brouillon"));
    assert!(draft_page.contains(&format!("action=\"{path}/publish?lang=fr\"")));
    assert_eq!(
        app.anonymous_get(&format!("{path}?lang=fr")).await.status(),
        404
    );
    let original_page = app.anonymous_get(&path).await.text().await.unwrap();
    assert!(
        !original_page.contains("hreflang"),
        "no links to a draft translation"
    );

    let published = app
        .submit(
            &format!("{path}?lang=fr"),
            &format!("{path}/publish?lang=fr"),
            &[],
        )
        .await;
    assert_eq!(published.status(), 303);
    assert_eq!(location(&published), format!("{path}?lang=fr"));

    // Readers switch between the two, and each page names the other for search engines.
    let before = app.store.statements();
    let french = app.anonymous_get(&format!("{path}?lang=fr")).await;
    assert_eq!(french.status(), 200);
    let expected = match app.kind {
        // the post with its published locales, the translation, a page of comments, the
        // post's likes and shares from the fediverse
        Kind::Sqlite => 4,
        // slug claim, post row (which lists the locales), translation row, comments,
        // likes and shares
        Kind::Cassandra => 5,
    };
    assert_eq!(
        app.store.statements() - before,
        expected,
        "translated page reads"
    );
    let french = french.text().await.unwrap();
    assert!(french.contains("<h1>Couleurs</h1>"));
    assert!(french.contains("<article class=\"post\" lang=\"fr\">"));
    assert!(french.contains("hreflang=\"en-GB\""));
    assert!(french.contains("<strong aria-current=\"page\">Français</strong>"));
    assert!(french.contains(&format!("href=\"{path}\" hreflang=\"en-GB\"")));
    let english = app.anonymous_get(&path).await.text().await.unwrap();
    assert!(english.contains("<h1>Colours</h1>"));
    assert!(english.contains("<article class=\"post\" lang=\"en-GB\">"));
    assert!(english.contains(&format!(
        "<link rel=\"alternate\" hreflang=\"fr\" href=\"{}{path}?lang=fr\">",
        app.site.as_str()
    )));
    assert!(english.contains(&format!("href=\"{path}?lang=fr\" hreflang=\"fr\"")));
    assert!(english.contains("English (GB)"));

    // The French history is its own; restoring works within the language.
    app.submit(
        &format!("{path}/edit?lang=fr"),
        &format!("{path}/edit?lang=fr"),
        &[
            ("base", "1"),
            ("title", "Les couleurs"),
            ("body", "Rouge, bleu."),
            ("message", "Retouche"),
            ("action", "save"),
        ],
    )
    .await;
    let history = app.get_html(&format!("{path}/history?lang=fr")).await;
    assert_eq!(
        history.matches("<tr>").count(),
        3,
        "a header and two revisions"
    );
    assert!(history.contains(&format!(
        "{}/{}#fr/1.2",
        app.site.as_str(),
        path.trim_start_matches('/')
    )));
    let english_history = app.get_html(&format!("{path}/history")).await;
    assert_eq!(english_history.matches("<tr>").count(), 2);
    let diff = app
        .get_html(&format!("{path}/diff?lang=fr&from=1&to=2"))
        .await;
    assert!(
        diff.contains("- # Couleurs") && diff.contains("+ # Les couleurs"),
        "{diff}"
    );
    assert_eq!(
        app.get(&format!("{path}/revisions/2")).await.status(),
        404,
        "the original has no revision 2: revisions of another language are not there"
    );
    let restored = app
        .submit(
            &format!("{path}/revisions/1?lang=fr"),
            &format!("{path}/revisions/1/restore?lang=fr"),
            &[],
        )
        .await;
    assert_eq!(restored.status(), 303);
    assert_eq!(location(&restored), format!("{path}/history?lang=fr"));
    let french = app
        .anonymous_get(&format!("{path}?lang=fr"))
        .await
        .text()
        .await
        .unwrap();
    assert!(
        french.contains("<h1>Couleurs</h1>"),
        "revision 3 copies revision 1"
    );

    // Unpublishing the translation takes it, and its links, away again.
    let unpublished = app
        .submit(
            &format!("{path}?lang=fr"),
            &format!("{path}/unpublish?lang=fr"),
            &[],
        )
        .await;
    assert_eq!(unpublished.status(), 303);
    assert_eq!(
        app.anonymous_get(&format!("{path}?lang=fr")).await.status(),
        404
    );
    let english = app.anonymous_get(&path).await.text().await.unwrap();
    assert!(!english.contains("hreflang"));
    assert!(
        english.contains("<h1>Colours</h1>"),
        "the original stays published"
    );
}
