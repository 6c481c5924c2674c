use super::*;
use chrono::{TimeZone, Utc};
use std::path::Path;

fn templates() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("templates")
}

/// Every file under `root`, by its path under it, with its text, in order.
fn files_under(root: &Path) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let relative = path
                    .strip_prefix(root)
                    .unwrap()
                    .to_string_lossy()
                    .into_owned();
                found.push((relative, std::fs::read_to_string(&path).unwrap_or_default()));
            }
        }
    }
    found.sort();
    found
}

/// Every template, by its path under `templates/`.
fn every_template() -> Vec<(String, String)> {
    files_under(&templates())
}

#[test]
fn every_shipped_catalog_has_every_english_message_with_the_same_placeables() {
    for (tag, source) in &SHIPPED[1..] {
        let comparison = compare(source).unwrap_or_else(|e| panic!("{tag}: {e:?}"));
        assert!(
            comparison.errors.is_empty(),
            "{tag}: {:?}",
            comparison.errors
        );
        assert!(
            comparison.missing.is_empty(),
            "{tag} lacks {:?}",
            comparison.missing
        );
    }
    let languages = Languages::shipped().unwrap();
    assert_eq!(
        languages.all().iter().map(|s| s.tag()).collect::<Vec<_>>(),
        ["en", "de", "fr", "es", "zh-Hans", "ar"]
    );
}

#[test]
fn a_catalog_with_a_wrong_placeable_or_bad_syntax_is_refused_with_its_reason() {
    let english = Arc::clone(Languages::shipped().unwrap().english());
    let wrong = "author-subscribe = Neue Beiträge von { $author }\n";
    let error = Languages::checked("de", wrong, &english).unwrap_err();
    assert!(
        error
            .to_string()
            .contains("author-subscribe: uses {$author} where English uses {$name}"),
        "{error}"
    );
    let unknown = "no-such-message = Hallo\n";
    let error = Languages::checked("de", unknown, &english).unwrap_err();
    assert!(
        error
            .to_string()
            .contains("no-such-message: English has no such message")
    );
    let broken = "log-in = Anmelden\nlog-out = { $\n";
    let error = Languages::checked("de", broken, &english).unwrap_err();
    assert!(error.to_string().contains("line 2"), "{error}");
}

#[test]
fn a_message_a_catalog_lacks_is_said_in_english_and_counted() {
    let english = Arc::clone(Languages::shipped().unwrap().english());
    let partial = Languages::checked("de", "log-in = Anmelden\n", &english).unwrap();
    assert_eq!(partial.say("log-in", &[]), "Anmelden");
    let before = missing_messages();
    assert_eq!(partial.say("log-out", &[]), "Log out");
    assert!(missing_messages() > before);
}

/// What templates ask for is what `say` says: a plain message borrowed from its catalog,
/// one a catalog lacks in English; days and counts written once per language and shared
/// after, and nothing kept past its bound.
#[test]
fn templates_words_days_and_counts_are_said_as_say_says_them() {
    let english = Arc::clone(Languages::shipped().unwrap().english());
    let partial = Languages::checked("de", "log-in = Anmelden\n", &english).unwrap();
    assert!(matches!(
        partial.text("log-in"),
        std::borrow::Cow::Borrowed("Anmelden")
    ));
    let before = missing_messages();
    assert_eq!(partial.text("log-out"), "Log out");
    assert!(missing_messages() > before);

    let languages = Languages::shipped().unwrap();
    let de = languages.matching("de").unwrap();
    let at = Utc.with_ymd_and_hms(2026, 11, 28, 14, 5, 0).unwrap();
    let day = de.day(at);
    assert_eq!(&*day, de.date(at));
    let later = Utc.with_ymd_and_hms(2026, 11, 28, 23, 59, 0).unwrap();
    assert!(
        Arc::ptr_eq(&day, &de.day(later)),
        "the same day, written once"
    );
    assert_eq!(
        &*de.day(at + chrono::Duration::days(1)),
        "29. November 2026"
    );
    let three = de.counted("comment-count", 3u64);
    assert_eq!(&*three, de.count("comment-count", 3u64));
    assert!(Arc::ptr_eq(&three, &de.counted("comment-count", 3u64)));
    assert_eq!(&*de.counted("comment-count", 1u64), "1 Kommentar");
    assert_eq!(&*de.counted("tag-posts", 3u64), de.count("tag-posts", 3u64));
    // Past the bound everything goes, and is written again as before.
    for n in 0..5_000u64 {
        assert_eq!(
            &*de.counted("comment-count", n),
            de.count("comment-count", n)
        );
    }
    assert!(!Arc::ptr_eq(&three, &de.counted("comment-count", 3u64)));
    assert_eq!(&*de.counted("comment-count", 3u64), &*three);
}

/// Every id the templates and the code ask for is in the English catalog: no page can
/// show an id.
#[test]
fn every_message_asked_for_is_in_english() {
    let english = outline(SHIPPED[0].1).unwrap();
    let mut asked = BTreeSet::new();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let sources: Vec<String> = every_template()
        .into_iter()
        .chain(
            files_under(&src)
                .into_iter()
                .filter(|(path, _)| path != "i18n/tests.rs"),
        )
        .map(|(_, text)| text)
        .collect();
    for source in &sources {
        for call in [
            ".t(\"",
            ".t1(\"",
            ".t2(\"",
            ".t3(\"",
            ".count(\"",
            ".say(\"",
        ] {
            for (at, _) in source.match_indices(call) {
                let rest = &source[at + call.len()..];
                if let Some(end) = rest.find('"') {
                    asked.insert(rest[..end].to_owned());
                }
            }
        }
    }
    assert!(asked.len() > 40, "{asked:?}");
    let missing: Vec<_> = asked
        .iter()
        .filter(|id| !english.contains_key(*id))
        .collect();
    assert!(missing.is_empty(), "not in en.ftl: {missing:?}");
}

/// Text a reader would see, left in a template rather than asked of the catalogs: the
/// words between tags and in the attributes read aloud or shown (labels, placeholders,
/// titles, alternative texts).
fn words_outside_messages(template: &str) -> Vec<String> {
    let mut text = template.to_owned();
    for (open, close) in [("{#", "#}"), ("{%", "%}"), ("{{", "}}"), ("<!--", "-->")] {
        while let Some(start) = text.find(open) {
            let end = text[start..]
                .find(close)
                .map_or(text.len(), |e| start + e + close.len());
            text.replace_range(start..end, " ");
        }
    }
    let letters = |s: &str| {
        // A URL's scheme (a placeholder's `https://`) is not a word.
        let mut s = s.replace("https://", " ").replace("http://", " ");
        while let Some(start) = s.find('&') {
            match s[start..].find(';') {
                Some(end)
                    if s[start + 1..start + end]
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b == b'#') =>
                {
                    s.replace_range(start..=start + end, " ")
                }
                _ => break,
            }
        }
        s.chars()
            .any(char::is_alphabetic)
            .then(|| s.trim().to_owned())
    };
    let mut found = Vec::new();
    let mut rest = text.as_str();
    while let Some(open) = rest.find('<') {
        found.extend(letters(&rest[..open]));
        let close = rest[open..].find('>').map_or(rest.len(), |c| open + c + 1);
        let tag = &rest[open..close];
        for attribute in [
            "aria-label=\"",
            "placeholder=\"",
            "title=\"",
            "alt=\"",
            "label=\"",
        ] {
            for (at, _) in tag.match_indices(attribute) {
                let value = &tag[at + attribute.len()..];
                let value = &value[..value.find('"').unwrap_or(value.len())];
                found.extend(letters(value));
            }
        }
        rest = &rest[close..];
    }
    found.extend(letters(rest));
    found
}

#[test]
fn no_template_has_words_outside_messages() {
    let templates = every_template();
    assert!(templates.len() > 60, "{} templates found", templates.len());
    let mut wordy = Vec::new();
    for (template, source) in &templates {
        let words = words_outside_messages(source);
        if !words.is_empty() {
            wordy.push(format!("{template} says {words:?} outside the catalogs"));
        }
    }
    assert!(wordy.is_empty(), "{wordy:#?}");
}

#[test]
fn the_template_walk_finds_words_left_in_text_and_attributes() {
    assert_eq!(
        words_outside_messages(
            "<p>{{ layout.t(\"x\") }} &middot; <a title=\"Older\">{{ a }}</a> Next</p>"
        ),
        ["Older", "Next"]
    );
    assert!(
        words_outside_messages("<p class=\"meta\">{% if a %}{{ b }}{% endif %} · &nbsp;</p>")
            .is_empty()
    );
}

#[test]
fn a_browser_s_languages_pick_among_those_spoken() {
    let languages = Languages::shipped().unwrap();
    let pick = |header: &str| {
        languages
            .from_header(header.as_bytes())
            .map(|s| s.tag().to_owned())
    };
    assert_eq!(pick("de-DE,de;q=0.9,en;q=0.8").as_deref(), Some("de"));
    assert_eq!(pick("ja, fr-CA;q=0.5, ar-EG;q=0.8").as_deref(), Some("ar"));
    assert_eq!(pick("zh-CN,zh;q=0.9").as_deref(), Some("zh-Hans"));
    assert_eq!(pick("zh").as_deref(), Some("zh-Hans"));
    // Traditional Chinese is not Simplified: the next language asked for is spoken.
    assert_eq!(pick("zh-TW,en;q=0.5").as_deref(), Some("en"));
    assert_eq!(pick("en-GB").as_deref(), Some("en"));
    assert_eq!(pick("es;q=0.2,fr;q=0.9").as_deref(), Some("fr"));
    assert_eq!(pick("fr;q=0,es").as_deref(), Some("es"));
    for nothing in [
        "",
        "*",
        "ja",
        "x-klingon",
        ";;,,q=",
        "de;q=abc",
        "\u{1F600}",
    ] {
        assert_eq!(pick(nothing), None, "{nothing:?}");
    }
    let long = format!("{}de", "xx;q=0.1,".repeat(1200));
    assert_eq!(pick(&long), None, "10 KB are not read");
    assert_eq!(languages.from_header(&[0xff, 0xfe]).map(|s| s.tag()), None);
    // The site's language when the browser asks for nothing spoken; English when the
    // site's is not spoken either.
    assert_eq!(languages.choose(Some(b"ja"), "fr").tag(), "fr");
    assert_eq!(languages.choose(None, "en-GB").tag(), "en");
    assert_eq!(languages.choose(None, "ja").tag(), "en");
    assert_eq!(languages.choose(Some(b"de"), "fr").tag(), "de");
}

#[test]
fn dates_and_numbers_are_written_as_each_language_writes_them() {
    let languages = Languages::shipped().unwrap();
    let at = Utc.with_ymd_and_hms(2026, 11, 28, 14, 5, 0).unwrap();
    let speech = |tag: &str| languages.matching(tag).unwrap();
    assert_eq!(speech("en").date(at), "November 28, 2026");
    assert_eq!(speech("en").date_time(at), "November 28, 2026 at 14:05 UTC");
    assert_eq!(speech("de").date(at), "28. November 2026");
    assert_eq!(speech("de").date_time(at), "28. November 2026 um 14:05 UTC");
    assert_eq!(speech("fr").date(at), "28 novembre 2026");
    assert_eq!(speech("es").date(at), "28 de noviembre de 2026");
    assert_eq!(speech("zh-Hans").date(at), "2026年11月28日");
    assert!(
        speech("ar").date(at).contains("نوفمبر"),
        "{}",
        speech("ar").date(at)
    );
    assert_eq!(speech("de").month_year(2026, 11), "November 2026");
    assert_eq!(speech("fr").month(11), "novembre");
    assert_eq!(speech("en").number(1_234_567), "1,234,567");
    assert_eq!(speech("de").number(1_234_567), "1.234.567");
    assert_eq!(speech("ar").dir(), "rtl");
    assert_eq!(speech("de").dir(), "ltr");
}

#[test]
fn plurals_follow_each_language_s_rules() {
    let languages = Languages::shipped().unwrap();
    let count = |tag: &str, n: u64| {
        languages
            .matching(tag)
            .unwrap()
            .say("comment-count", &[("count", Arg::Count(n))])
    };
    assert_eq!(count("en", 0), "No comments");
    assert_eq!(count("en", 1), "1 comment");
    assert_eq!(count("en", 3), "3 comments");
    assert_eq!(count("de", 1), "1 Kommentar");
    assert_eq!(count("fr", 2), "2 commentaires");
    assert_eq!(count("zh-Hans", 3), "3 条评论");
    // Arabic: two, few (3-10), many (11-99), and other (100 and more); placeables are
    // isolated in a right-to-left language.
    assert_eq!(count("ar", 2), "تعليقان");
    assert_eq!(count("ar", 5), "\u{2068}5\u{2069} تعليقات");
    assert_eq!(count("ar", 11), "\u{2068}11\u{2069} تعليقًا");
    assert_eq!(count("ar", 100), "\u{2068}100\u{2069} تعليق");
    // Counts are written as each language writes numbers.
    assert_eq!(count("en", 1234), "1,234 comments");
    assert_eq!(count("de", 1234), "1.234 Kommentare");
    assert_eq!(count("fr", 1234), "1\u{202f}234 commentaires");
    assert_eq!(count("es", 12345), "12.345 comentarios");
    // Numbers with a decimal too.
    let tenths = |tag: &str, n: u64| languages.matching(tag).unwrap().tenths(n);
    assert_eq!(tenths("en", 123), "12.3");
    assert_eq!(tenths("de", 123), "12,3");
    assert_eq!(tenths("de", 120), "12");
    assert_eq!(tenths("fr", 12345), "1\u{202f}234,5");
}

#[test]
fn notices_and_the_fediverse_s_reactions_count_as_each_language_counts() {
    let languages = Languages::shipped().unwrap();
    let say = |tag: &str, id: &str, args: &[(&str, Arg<'_>)]| {
        languages.matching(tag).unwrap().say(id, args)
    };
    let approved =
        |tag: &str, n: u64| say(tag, "moderation-done-approved", &[("count", Arg::Count(n))]);
    assert_eq!(approved("en", 1), "1 comment approved.");
    assert_eq!(approved("en", 3), "3 comments approved.");
    assert_eq!(approved("de", 1), "1 Kommentar freigegeben.");
    assert_eq!(approved("ar", 2), "تمت الموافقة على تعليقين.");
    assert_eq!(
        approved("ar", 4),
        "تمت الموافقة على \u{2068}4\u{2069} تعليقات."
    );
    let reactions = |tag: &str, id: &str, likes: u64, shares: u64| {
        say(
            tag,
            id,
            &[("likes", Arg::Count(likes)), ("shares", Arg::Count(shares))],
        )
    };
    assert_eq!(
        reactions("en", "fediverse-reactions-both", 3, 2),
        "Liked 3 times and shared twice on the fediverse."
    );
    assert_eq!(
        reactions("en", "fediverse-reactions-liked", 1, 0),
        "Liked once on the fediverse."
    );
    assert_eq!(
        reactions("de", "fediverse-reactions-shared", 0, 12),
        "Im Fediverse 12-mal geteilt."
    );
    let blocked = say(
        "en",
        "federation-done-blocked",
        &[
            ("target", Arg::Text("spam.example")),
            ("follows", Arg::Count(1)),
            ("comments", Arg::Count(0)),
        ],
    );
    assert_eq!(
        blocked,
        "spam.example is blocked: 1 follow ended, 0 comments deleted."
    );
}

/// A Rust string literal at the start of `rest`, its escapes read.
fn rust_literal(rest: &str) -> Option<String> {
    let mut chars = rest.strip_prefix('"')?.chars().peekable();
    let mut text = String::new();
    while let Some(c) = chars.next() {
        match c {
            '"' => return Some(text),
            '\\' => match chars.next()? {
                '\n' => {
                    while chars.peek().is_some_and(|c| c.is_whitespace()) {
                        chars.next();
                    }
                }
                'n' => text.push('\n'),
                other => text.push(other),
            },
            c => text.push(c),
        }
    }
    None
}

/// The texts the server answers forms and links with, in the code: the literal first
/// argument of an error (`Invalid`, `Conflict`, `Forbidden`...), a `message:` or an
/// `error: Some(...)`, a notice chosen by `=> Some(...)`, a rate limit's message.
fn said_in_code(source: &str) -> Vec<String> {
    let mut found = Vec::new();
    for marker in [
        "Invalid::new(",
        "Invalid(",
        "BadRequest(",
        "Conflict(",
        "Forbidden(",
        "NotFoundWith(",
        "GoneWith(",
        "TooLarge(",
        "Busy(",
        "message: ",
        "=> Some(",
        "error: Some(",
        "check_limit(",
    ] {
        for (at, _) in source.match_indices(marker) {
            let rest = &source[at + marker.len()..];
            let rest = if marker == "check_limit(" {
                let Some(quote) = rest.find('"') else {
                    continue;
                };
                if !rest[..quote].contains(',') || rest[..quote].contains(';') {
                    continue;
                }
                &rest[quote..]
            } else {
                rest.trim_start()
            };
            found.extend(rust_literal(rest).filter(|text| {
                text.starts_with(char::is_uppercase) && text.contains(' ') && !text.contains('{')
            }));
        }
    }
    found
}

#[test]
fn every_text_the_server_answers_a_page_with_has_a_message() {
    let mut unsaid = BTreeSet::new();
    let mut said = 0;
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    for (relative, source) in files_under(&src) {
        // The JSON API and the shell speak English to developers and operators.
        let elsewhere = Path::new(&relative).components().any(|c| {
            let name = c.as_os_str().to_string_lossy();
            ["store", "api", "cli", "bin"].contains(&name.trim_end_matches(".rs"))
        });
        if elsewhere || relative.contains("test") || !relative.ends_with(".rs") {
            continue;
        }
        for text in said_in_code(&source) {
            said += 1;
            if crate::i18n::said(&text).is_none() {
                unsaid.insert(format!("{relative}: {text}"));
            }
        }
    }
    // Texts built with values: each said by a message whose words surround its values.
    let mut built = 0;
    for (relative, source) in files_under(&src) {
        let elsewhere = Path::new(&relative).components().any(|c| {
            let name = c.as_os_str().to_string_lossy();
            // The attachments' service answers its JSON API; imports speak to the shell.
            ["store", "api", "cli", "bin", "backup", "binaries"]
                .contains(&name.trim_end_matches(".rs"))
        });
        if elsewhere || relative.contains("test") || !relative.ends_with(".rs") {
            continue;
        }
        for text in built_in_code(&source) {
            if led_by_a_value(&text)
                && VALUE_LED_ELSEWHERE
                    .iter()
                    .any(|(file, words)| relative.starts_with(file) && text.contains(words))
            {
                continue;
            }
            built += 1;
            let example = with_values(&text);
            if crate::i18n::said(&example).is_none() {
                unsaid.insert(format!("{relative}: {text}"));
            }
        }
    }
    assert!(built > 50, "{built} texts built with values found");
    assert!(said > 100, "{said} texts found: the scan lost its way");
    assert!(unsaid.is_empty(), "no said- message for {unsaid:#?}");
    let german = Languages::shipped().unwrap();
    let german = german.matching("de").unwrap();
    assert_eq!(
        german.said("A post needs a title."),
        german.t("said-a-post-needs-a-title")
    );
    assert_ne!(
        german.said("A post needs a title."),
        "A post needs a title."
    );
    assert_eq!(german.said("Not a said text."), "Not a said text.");
    assert_eq!(
        german.said("A title has at most 80 characters."),
        german.t1("said-a-title-has-at-most", "value", 80)
    );
    assert!(
        german
            .said("A title has at most 80 characters.")
            .contains("80")
    );
    assert_eq!(
        german.said("A title has at most  characters."),
        "A title has at most  characters.",
        "a value is never empty"
    );
    // A text led by a value, and one whose value is a text the server says too.
    assert_eq!(
        german.said("\"2026-13\" is not a month such as 2026-11."),
        "\"2026-13\" ist kein Monat wie 2026-11."
    );
    assert_eq!(
        german.said("You are commenting too fast. Please wait up to 10 minutes and try again."),
        format!(
            "{} Bitte warten Sie bis zu 10 Minuten und versuchen Sie es dann erneut.",
            german.t("said-you-are-commenting-too-fast")
        )
    );
    // Where a broken page link sends the reader back to, said too.
    assert_eq!(
        german.said("This page link is broken. Start again from the home page."),
        german.t1(
            "said-this-page-link-is-broken-from",
            "start",
            german.t("said-start-the-home-page")
        )
    );
    // Of two messages that fit, the one with more words of its own.
    assert_eq!(
        german.said(
            "\"x\" is not an origin: write a scheme and host, such as https://app.example.com"
        ),
        german.t1("said-value-is-not-an-origin-write", "origin", "\"x\"")
    );
    assert!(led_by_a_value("{name} can comment again."));
    assert!(!led_by_a_value("{key}: {value}"));
    assert!(!led_by_a_value("A title has at most {max} characters."));
}

/// Texts a page may be answered with, built by `format!` with values; not the text stored
/// when written (revision notes, moderation reasons) or the words of other protocols
/// (robots.txt, signatures, a fediverse note).
fn built_in_code(source: &str) -> Vec<String> {
    const NOT_SAID: [&str; 9] = [
        "User-agent",
        "Attachment:",
        "Signature",
        "MD5=",
        "Recovery codes for",
        "Restored revision",
        "Suggestion {suggestion} by",
        "Deleted with the block of",
        "A page of the site, number",
    ];
    let mut found = Vec::new();
    for (at, _) in source.match_indices("format!(") {
        let rest = source[at + "format!(".len()..].trim_start();
        let Some(text) = rust_literal(rest) else {
            continue;
        };
        if (text.starts_with(char::is_uppercase) || led_by_a_value(&text))
            && text.contains(' ')
            && text.contains('{')
            && !["SELECT", "INSERT", "UPDATE", "DELETE", "CREATE"]
                .iter()
                .chain(&NOT_SAID)
                .any(|not| text.starts_with(not))
        {
            found.push(text);
        }
    }
    found
}

/// Texts led by a value that no page shows: what the shell, the configuration and the
/// catalogs say to operators, what other protocols answer (IIIF, signatures, inboxes), and
/// what is stored when written; each as its file (under `src/`) and words of it.
const VALUE_LED_ELSEWHERE: [(&str, &str); 15] = [
    ("main.rs", ""),
    ("config", ""),
    ("i18n", ""),
    ("app/sites.rs", ""),
    ("app/shell_admin.rs", ""),
    ("app/limits.rs", "(a rate limit)"),
    ("app/suggestions.rs", ", accepted by "),
    ("app/federation/activities.rs", ""),
    ("app/federation/inbox.rs", ""),
    ("app/federation/reactions.rs", ""),
    ("app/federation/remote.rs", ""),
    ("domain/iiif.rs", ""),
    ("domain/federation", ""),
    ("domain/revision.rs", "{what} {text:?}"),
    ("domain/revision.rs", "is not a revision key"),
];

/// A text that begins with a value and goes on in words ("{name} can comment again."),
/// not a line of values ("{key}: {value}").
fn led_by_a_value(text: &str) -> bool {
    if !text.starts_with('{') {
        return false;
    }
    let mut words = String::new();
    let mut depth = 0;
    for c in text.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            c if depth == 0 => words.push(c),
            _ => {}
        }
    }
    let words: Vec<&str> = words.split_whitespace().collect();
    words.windows(2).any(|pair| {
        pair.iter()
            .all(|w| w.len() > 1 && w.chars().all(|c| c.is_ascii_lowercase()))
    })
}

/// A `format!` text with a value in each of its places.
fn with_values(text: &str) -> String {
    let mut example = String::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        example.push_str(&rest[..open]);
        let close = rest[open..].find('}').map_or(rest.len(), |c| open + c + 1);
        example.push('7');
        rest = &rest[close..];
    }
    example.push_str(rest);
    example
}
