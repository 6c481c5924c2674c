//! Sanitizing: the XSS filter evasion vectors of the OWASP cheat sheet, and more, through
//! the Markdown renderer and through a published post's page, on both stores. A strict
//! checker reads the HTML as a browser would and allows only known-inert markup.

use crate::both_stores;
use crate::helpers::{TestStore, spawn_app};
use sibyl::domain::markdown::to_safe_html;

/// The vectors, one per line (tests/fixtures/owasp-xss.txt).
pub fn vectors() -> Vec<&'static str> {
    include_str!("../../fixtures/owasp-xss.txt")
        .lines()
        .filter(|line| !line.trim().is_empty())
        .collect()
}

/// Elements a rendered post or comment may contain: none of them runs code by itself.
const INERT_TAGS: &[&str] = &[
    "a",
    "abbr",
    "acronym",
    "article",
    "aside",
    "b",
    "bdi",
    "bdo",
    "blockquote",
    "br",
    "caption",
    "center",
    "cite",
    "code",
    "col",
    "colgroup",
    "data",
    "dd",
    "del",
    "details",
    "dfn",
    "div",
    "dl",
    "dt",
    "em",
    "figcaption",
    "figure",
    "footer",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "header",
    "hgroup",
    "hr",
    "i",
    "img",
    "input",
    "ins",
    "kbd",
    "li",
    "mark",
    "nav",
    "ol",
    "p",
    "pre",
    "q",
    "rp",
    "rt",
    "rtc",
    "ruby",
    "s",
    "samp",
    "small",
    "span",
    "strike",
    "strong",
    "sub",
    "summary",
    "sup",
    "table",
    "tbody",
    "td",
    "th",
    "thead",
    "time",
    "tr",
    "tt",
    "u",
    "ul",
    "var",
    "wbr",
];

/// Attributes they may carry; anything else (on*, style, srcset, formaction, background...)
/// is refused.
const INERT_ATTRIBUTES: &[&str] = &[
    "href", "src", "alt", "title", "class", "rel", "type", "checked", "disabled", "colspan",
    "rowspan", "align", "start", "lang", "dir", "width", "height", "datetime", "id", "open",
    "cite", "srcset", "sizes", "loading", "decoding",
];

const URL_ATTRIBUTES: &[&str] = &["href", "src", "cite"];

pub struct Element {
    pub name: String,
    pub attributes: Vec<(String, String)>,
}

/// The start and end tags of an HTML fragment, read as a tokenizer would: attribute
/// values are quoted, and a `<` in text would have been escaped.
pub fn elements(html: &str) -> Vec<Element> {
    let chars: Vec<char> = html.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] != '<' {
            i += 1;
            continue;
        }
        i += 1;
        let mut name = String::new();
        while i < chars.len() && !chars[i].is_whitespace() && chars[i] != '>' {
            name.push(chars[i].to_ascii_lowercase());
            i += 1;
        }
        let mut attributes = Vec::new();
        loop {
            while i < chars.len() && (chars[i].is_whitespace() || chars[i] == '/') {
                i += 1;
            }
            if i >= chars.len() || chars[i] == '>' {
                i += 1;
                break;
            }
            let mut attribute = String::new();
            while i < chars.len()
                && !matches!(chars[i], '=' | '>' | '/')
                && !chars[i].is_whitespace()
            {
                attribute.push(chars[i].to_ascii_lowercase());
                i += 1;
            }
            let mut value = String::new();
            if i < chars.len() && chars[i] == '=' {
                i += 1;
                if i < chars.len() && (chars[i] == '"' || chars[i] == '\'') {
                    let quote = chars[i];
                    i += 1;
                    while i < chars.len() && chars[i] != quote {
                        value.push(chars[i]);
                        i += 1;
                    }
                    i += 1;
                } else {
                    while i < chars.len() && !chars[i].is_whitespace() && chars[i] != '>' {
                        value.push(chars[i]);
                        i += 1;
                    }
                }
            }
            attributes.push((attribute, value));
        }
        out.push(Element {
            name: name.trim_start_matches('/').to_owned(),
            attributes,
        });
    }
    out
}

/// Panics unless every element and attribute of `html` is inert and every URL is http(s),
/// mailto or relative.
pub fn assert_inert(html: &str, what: &str) {
    for element in elements(html) {
        assert!(
            INERT_TAGS.contains(&element.name.as_str()),
            "{what}: element <{}> in {html}",
            element.name
        );
        for (name, value) in &element.attributes {
            assert!(
                INERT_ATTRIBUTES.contains(&name.as_str()),
                "{what}: attribute {name}={value:?} on <{}> in {html}",
                element.name
            );
            if name == "srcset" {
                // Only the scaled images of the site's own binaries.
                for candidate in value.split(", ") {
                    let url = candidate.split_whitespace().next().unwrap_or("");
                    assert!(
                        url.starts_with("/binary/")
                            && url
                                .chars()
                                .all(|c| c.is_ascii_alphanumeric() || "/!,.:-_".contains(c)),
                        "{what}: srcset={value:?} in {html}"
                    );
                }
            }
            if URL_ATTRIBUTES.contains(&name.as_str()) {
                // As the URL parser reads it: entities decoded, tabs and newlines
                // dropped, C0 controls and spaces trimmed; a scheme is a letter then
                // letters, digits, + - . before the first ':'. Anything else is relative.
                let url: String = value
                    .replace("&lt;", "<")
                    .replace("&gt;", ">")
                    .replace("&quot;", "\"")
                    .replace("&amp;", "&")
                    .chars()
                    .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
                    .collect::<String>()
                    .trim_matches(|c: char| c <= ' ')
                    .to_ascii_lowercase();
                let scheme = url.split_once(':').map(|(s, _)| s).filter(|s| {
                    s.starts_with(|c: char| c.is_ascii_alphabetic())
                        && s.chars()
                            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
                });
                assert!(
                    matches!(scheme, None | Some("http" | "https" | "mailto")),
                    "{what}: {name}={value:?} in {html}"
                );
            }
        }
    }
}

#[test]
fn the_checker_catches_what_it_must() {
    for dangerous in [
        "<script>alert(1)</script>",
        "<img src=x onerror=alert(1)>",
        "<a href=\"javascript:alert(1)\">x</a>",
        "<a href=\" JavaScript:alert(1)\">x</a>",
        "<p style=\"x\">x</p>",
        "<svg></svg>",
    ] {
        let caught = std::panic::catch_unwind(|| assert_inert(dangerous, "probe"));
        assert!(caught.is_err(), "{dangerous} passed the checker");
    }
    assert_inert(
        "<p title=\"<img src=x onerror=alert(1)>\"><a href=\"/posts/x?a=1&amp;b=2\" rel=\"nofollow\">ok</a></p>",
        "inert",
    );
}

#[test]
fn every_vector_renders_inert() {
    let vectors = vectors();
    assert!(vectors.len() >= 100, "{} vectors", vectors.len());
    for vector in &vectors {
        assert_inert(&to_safe_html(vector), vector);
    }
    // And all of them at once, where one vector's leftovers could complete another's.
    assert_inert(&to_safe_html(&vectors.join("\n\n")), "all vectors");
    assert_inert(
        &to_safe_html(&vectors.join("\n")),
        "all vectors, one paragraph",
    );
}

both_stores!(a_post_made_of_every_vector_is_inert_on_its_page);

async fn a_post_made_of_every_vector_is_inert_on_its_page(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let body = vectors().join("\n\n");
    let path = app.publish("Every vector", &body).await;
    let page = app.anonymous_get(&path).await.text().await.unwrap();
    let article = page
        .split_once("<div class=\"body\">")
        .and_then(|(_, rest)| rest.split_once("</article>"))
        .map(|(article, _)| article)
        .expect("the post's body");
    assert!(article.contains("xxs link"), "the text itself is kept");
    assert_inert(article, "the post page");
    // The page's one script element is its own JSON-LD: none came from the post.
    assert_eq!(
        crate::helpers::without_json_ld(&page)
            .matches("<script")
            .count(),
        0
    );
}
