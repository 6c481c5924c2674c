//! The interface in the reader's language: the browser's `Accept-Language` picks among
//! the languages spoken, the site's language is the default, a translation's page speaks
//! its language; the page cache keeps each language apart, and bad headers get the
//! site's language, never an error.

use crate::both_stores;
use crate::helpers::{TestStore, spawn_app};
use reqwest::header::{ACCEPT_LANGUAGE, VARY};

/// An anonymous read asking for `languages`: the status, whether the answer says it
/// varies by `Accept-Language`, and the page.
async fn read_in(
    app: &crate::helpers::TestApp,
    path: &str,
    languages: &str,
) -> (u16, bool, String) {
    let response = app
        .anonymous()
        .get(app.url(path))
        .header(ACCEPT_LANGUAGE, languages)
        .send()
        .await
        .unwrap();
    let varies = response
        .headers()
        .get_all(VARY)
        .iter()
        .any(|v| v.to_str().unwrap().contains("Accept-Language"));
    (
        response.status().as_u16(),
        varies,
        response.text().await.unwrap(),
    )
}

async fn a_reader_s_browser_picks_the_language_of_the_pages(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    app.publish("Spring flood", "The river rose overnight.")
        .await;

    let (status, varies, german) = read_in(&app, "/", "de-DE,de;q=0.9,en;q=0.5").await;
    assert_eq!(status, 200);
    assert!(varies, "the page says it varies by language");
    assert!(german.contains("<html lang=\"de\">"), "{german}");
    for words in [
        ">Archiv</a>",
        ">Schlagwörter</a>",
        ">Anmelden</a>",
        ">Keine Kommentare</a>",
        "Neue Beiträge per E-Mail",
    ] {
        assert!(german.contains(words), "{words}: {german}");
    }
    // What the site wrote keeps its own language.
    assert!(german.contains("<h2 lang=\"en\"><a href="), "{german}");
    assert!(!german.contains(">Archive</a>"), "{german}");

    // Kept by the page cache per language: each reader gets theirs, and again from the
    // cache without the store.
    let (_, _, english) = read_in(&app, "/", "en-GB,en").await;
    assert!(
        english.contains("<html lang=\"en\">") && english.contains(">Archive</a>"),
        "{english}"
    );
    assert!(english.contains(">No comments</a>"), "{english}");
    let before = app.store.statements();
    let (_, _, again) = read_in(&app, "/", "de").await;
    assert_eq!(app.store.statements(), before, "answered from the cache");
    assert!(again.contains("<html lang=\"de\">") && again.contains(">Archiv</a>"));

    // Arabic is written right to left.
    let (_, _, arabic) = read_in(&app, "/", "ar-EG").await;
    assert!(
        arabic.contains("<html lang=\"ar\" dir=\"rtl\">"),
        "{arabic}"
    );
    assert!(arabic.contains(">الأرشيف</a>"), "{arabic}");
    let (_, _, chinese) = read_in(&app, "/tags", "zh-CN,zh;q=0.9").await;
    assert!(
        chinese.contains("<html lang=\"zh-Hans\">") && chinese.contains("<h1>标签</h1>"),
        "{chinese}"
    );
    assert!(chinese.contains("1 篇文章"), "{chinese}");

    // What a handler says of a page too (its description).
    let (_, _, tag) = read_in(&app, "/tags/notes", "de").await;
    assert!(
        tag.contains("content=\"Beiträge mit dem Schlagwort „notes“.\""),
        "{tag}"
    );

    // The archive names its months as the reader's language does.
    let (_, _, french) = read_in(&app, "/archive", "fr-FR").await;
    assert!(french.contains("<h1>Archives</h1>"), "{french}");

    // Error pages too.
    let (status, _, missing) = read_in(&app, "/posts/no-such-post-here", "es").await;
    assert_eq!(status, 404);
    assert!(
        missing.contains("<html lang=\"es\">") && missing.contains("Volver a la página de inicio"),
        "{missing}"
    );

    // A feed speaks the site's language whatever its reader asks for: it varies by none.
    let (status, varies, feed) = read_in(&app, "/feed.xml", "de").await;
    assert_eq!(status, 200);
    assert!(!varies, "{feed}");
    assert!(feed.contains("Spring flood"), "{feed}");

    // Headers that name nothing spoken, or that no browser sends, get the site's
    // language.
    let huge = format!("{}de", "xx-YY;q=0.1, ".repeat(800));
    for header in ["ja-JP", "*", "de;q=x", ";;;", huge.as_str()] {
        let (status, _, page) = read_in(&app, "/", header).await;
        assert_eq!(status, 200, "{header:.40}");
        assert!(
            page.contains("<html lang=\"en\">") && page.contains(">Archive</a>"),
            "{header:.40}"
        );
    }
}

async fn the_site_s_language_is_the_default_and_a_translation_speaks_its_own(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let path = app.publish("Colours", "Red and blue.").await;
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
    assert_eq!(saved.status(), 303, "{}", saved.text().await.unwrap());
    let published = app
        .submit(
            &format!("{path}?lang=fr"),
            &format!("{path}/publish?lang=fr"),
            &[],
        )
        .await;
    assert_eq!(published.status(), 303);

    // Read in a browser that asks for English, the French text still speaks French.
    let (status, _, french) = read_in(&app, &format!("{path}?lang=fr"), "en").await;
    assert_eq!(status, 200);
    assert!(french.contains("<html lang=\"fr\">"), "{french}");
    assert!(
        french.contains(">Archives</a>") && french.contains(">Se connecter</a>"),
        "{french}"
    );
    let (_, _, english) = read_in(&app, &path, "en").await;
    assert!(english.contains(">Archive</a>"), "{english}");

    // A text written right to left is shown so inside a page written left to right, and
    // the reverse: Hebrew (which the interface does not speak) in an English page, the
    // English original in an Arabic one.
    for (action, target) in [
        ("edit?lang=he", "edit?lang=he"),
        ("?lang=he", "publish?lang=he"),
    ] {
        let form: &[(&str, &str)] = if action.starts_with("edit") {
            &[
                ("base", "0"),
                ("title", "צבעים"),
                ("body", "אדום וכחול."),
                ("message", ""),
                ("action", "save"),
            ]
        } else {
            &[]
        };
        let saved = app
            .submit(
                &format!("{path}/{action}").replace("/?", "?"),
                &format!("{path}/{target}"),
                form,
            )
            .await;
        assert_eq!(saved.status(), 303, "{}", saved.text().await.unwrap());
    }
    let (_, _, hebrew) = read_in(&app, &format!("{path}?lang=he"), "en").await;
    assert!(hebrew.contains("<html lang=\"en\">"), "{hebrew}");
    assert!(
        hebrew.contains("<article class=\"post\" lang=\"he\" dir=\"rtl\">"),
        "{hebrew}"
    );
    let (_, _, arabic) = read_in(&app, &path, "ar").await;
    assert!(
        arabic.contains("<html lang=\"ar\" dir=\"rtl\">"),
        "{arabic}"
    );
    assert!(
        arabic.contains("<article class=\"post\" lang=\"en\" dir=\"ltr\">"),
        "{arabic}"
    );
    assert!(arabic.contains(">التعليقات</h2>"), "{arabic}");

    // A German site speaks German to a browser that asks for nothing it speaks.
    let site = app
        .submit(
            "/admin/site",
            "/admin/site",
            &[
                ("title", "Flussnotizen"),
                ("tagline", ""),
                ("description", ""),
                ("language", "de-AT"),
                ("footer", ""),
            ],
        )
        .await;
    assert_eq!(site.status(), 303, "{}", site.text().await.unwrap());
    let (_, _, home) = read_in(&app, "/", "ja").await;
    assert!(
        home.contains("<html lang=\"de-AT\">") && home.contains(">Archiv</a>"),
        "{home}"
    );
    // An English reader of the German site reads its posts marked as German.
    let (_, _, english) = read_in(&app, "/", "en-US").await;
    assert!(english.contains("<html lang=\"en\">"), "{english}");
    assert!(
        english.contains("<div class=\"site-title\" lang=\"de-AT\">"),
        "{english}"
    );
}

/// A member chooses the language of their pages on their account page: it wins over
/// their browser's until they choose their browser's again; a language not spoken is
/// refused and changes nothing.
async fn a_member_chooses_the_language_of_their_pages(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let in_english = |path: &'static str| {
        app.client
            .get(app.url(path))
            .header(ACCEPT_LANGUAGE, "en-US,en")
            .send()
    };
    let account = in_english("/account").await.unwrap().text().await.unwrap();
    assert!(
        account.contains("<option value=\"de\" lang=\"de\">Deutsch</option>"),
        "{account}"
    );
    assert!(
        account.contains("<option value=\"\" selected>My browser&#39;s</option>"),
        "{account}"
    );
    assert!(
        account.contains("<option value=\"ar\" lang=\"ar\">العربية</option>"),
        "{account}"
    );

    let long = "a".repeat(5000);
    for bad in ["xx", "en-GB", "<script>", long.as_str()] {
        let refused = app
            .submit("/account", "/account/language", &[("language", bad)])
            .await;
        assert_eq!(refused.status(), 422, "{bad:.20}");
        let page = refused.text().await.unwrap();
        assert!(
            page.contains("is not a language these pages speak"),
            "{page}"
        );
        assert!(!page.contains("<script>"), "the value is escaped");
    }
    let chosen = app
        .submit("/account", "/account/language", &[("language", "de")])
        .await;
    assert_eq!(chosen.status(), 303);
    assert_eq!(crate::helpers::location(&chosen), "/account?saved=language");
    let home = in_english("/").await.unwrap().text().await.unwrap();
    assert!(
        home.contains("<html lang=\"de\">") && home.contains(">Abmelden</button>"),
        "{home}"
    );
    let account = in_english("/account").await.unwrap().text().await.unwrap();
    assert!(
        account.contains("<option value=\"de\" lang=\"de\" selected>Deutsch</option>"),
        "{account}"
    );
    // Error pages too.
    let missing = in_english("/posts/no-such-post").await.unwrap();
    assert_eq!(missing.status(), 404);
    let missing = missing.text().await.unwrap();
    assert!(
        missing.contains("<h1>Seite nicht gefunden</h1>")
            && missing.contains("Unter dieser Adresse gibt es nichts.")
            && missing.contains("Zurück zur Startseite"),
        "{missing}"
    );
    // What the server answers a form with is said in the member's language too.
    let long_name = "n".repeat(100);
    let refused = app
        .submit(
            "/account",
            "/account/profile",
            &[("display_name", long_name.as_str())],
        )
        .await;
    assert_eq!(refused.status(), 422);
    let refused = refused.text().await.unwrap();
    assert!(
        refused.contains("Ein Anzeigename hat höchstens 64 Zeichen"),
        "{refused}"
    );
    // And what it builds with values, the values kept.
    let no_month = in_english("/archive/2026/13").await.unwrap();
    assert_eq!(no_month.status(), 404);
    let no_month = no_month.text().await.unwrap();
    assert!(
        no_month.contains("Einen Monat 2026/13 gibt es nicht"),
        "{no_month}"
    );
    // The security page says its sessions' programs in German: this client names none.
    let security = in_english("/account/security")
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        security.contains("Ein unbenanntes Programm") && !security.contains("An unnamed program"),
        "{security}"
    );
    // A broken page link sends the reader back to the home page, named in German.
    let broken = in_english("/?after=not-a-cursor").await.unwrap();
    assert_eq!(broken.status(), 400);
    let broken = broken.text().await.unwrap();
    assert!(
        broken.contains("Beginnen Sie noch einmal von vorn: die Startseite."),
        "{broken}"
    );
    // Anonymous readers still get the browser's language.
    let (_, _, anonymous) = read_in(&app, "/", "en").await;
    assert!(anonymous.contains(">Archive</a>"), "{anonymous}");

    let browser_s = app
        .submit("/account", "/account/language", &[("language", "")])
        .await;
    assert_eq!(browser_s.status(), 303);
    let home = in_english("/").await.unwrap().text().await.unwrap();
    assert!(
        home.contains("<html lang=\"en\">") && home.contains(">Log out</button>"),
        "{home}"
    );
}

/// A raw message's text: its quoted-printable lines joined and decoded, its encoded
/// headers (RFC 2047, base64 or Q) decoded.
fn decoded(raw: &str) -> String {
    use base64::Engine;
    let mut text = raw.replace("=\r\n", "").replace("=\n", "");
    while let Some(start) = text.find("=?utf-8?") {
        let Some(end) = text[start + 10..].find("?=").map(|e| start + 10 + e) else {
            break;
        };
        let (kind, payload) = (&text[start + 8..start + 9], &text[start + 10..end]);
        let word = if kind.eq_ignore_ascii_case("b") {
            let bytes = base64::engine::general_purpose::STANDARD
                .decode(payload)
                .unwrap_or_default();
            String::from_utf8_lossy(&bytes).into_owned()
        } else {
            unquote(&payload.replace('_', " "))
        };
        text.replace_range(start..end + 2, &word);
        text = text.replace("?= =?utf-8?", "?==?utf-8?");
    }
    unquote(&text)
}

/// Quoted-printable's `=XX` bytes, decoded.
fn unquote(text: &str) -> String {
    let mut bytes = Vec::with_capacity(text.len());
    let raw = text.as_bytes();
    let mut at = 0;
    while at < raw.len() {
        let hex = raw
            .get(at + 1..at + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (raw[at], hex) {
            (b'=', Some(byte)) => {
                bytes.push(byte);
                at += 3;
            }
            (byte, _) => {
                bytes.push(byte);
                at += 1;
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

async fn a_member_s_mail_speaks_their_language_and_a_subscriber_s_the_site_s(t: TestStore) {
    let sink = crate::helpers::SmtpSink::start();
    let clock = sibyl::infra::clock::Clock::manual(sibyl::domain::now());
    let app = super::password_reset::app_with_mail(t, &sink, &clock).await;
    app.set_up().await;
    let (member, name) = app.sign_up_confirmed(&sink, "a long enough password").await;
    let chosen = member
        .submit("/account", "/account/language", &[("language", "de")])
        .await;
    assert_eq!(chosen.status(), 303);

    // A password reset, asked for by anyone, is written in the account's language.
    let stranger = app.another_browser();
    let email = format!("{name}@example.com");
    let asked = stranger
        .submit("/login", "/password/forgot", &[("email", email.as_str())])
        .await;
    assert_eq!(asked.status(), 200);
    let reset = decoded(&sink.take_message_to(&email).await);
    for words in [
        "Ihr Passwort auf ",
        &format!("Jemand, vermutlich Sie, möchte das Passwort des Kontos {name}"),
        "Wählen Sie ein neues Passwort",
        "lang=\"de\"",
    ] {
        assert!(reset.contains(words), "{words}: {reset}");
    }
    assert!(!reset.contains("Someone, probably you"), "{reset}");

    // A subscriber has no account: the site's language (English here).
    let reader = app.another_browser();
    let subscribed = reader
        .submit(
            "/subscribe",
            "/subscribe",
            &[("email", "reader@example.com")],
        )
        .await;
    assert_eq!(subscribed.status(), 200);
    let confirm = decoded(
        &sink
            .take_message_where("reader@example.com", "/subscribe/confirm/")
            .await,
    );
    assert!(
        confirm.contains("Confirm your subscription to ")
            && confirm.contains("Someone, probably you, asked to receive the posts of "),
        "{confirm}"
    );
}

both_stores!(
    a_member_s_mail_speaks_their_language_and_a_subscriber_s_the_site_s,
    a_reader_s_browser_picks_the_language_of_the_pages,
    a_member_chooses_the_language_of_their_pages,
    the_site_s_language_is_the_default_and_a_translation_speaks_its_own,
);
