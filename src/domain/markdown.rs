//! Markdown to HTML that is safe to put in a page.
//!
//! pulldown-cmark renders, ammonia then keeps only a fixed set of tags and attributes:
//! no script, no event handler, no `javascript:` or `data:` URL survives. Raw HTML in
//! the Markdown is passed to ammonia like everything else, so it is cleaned, not trusted.

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd, html};
use std::sync::OnceLock;

fn options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS
}

fn cleaner() -> &'static ammonia::Builder<'static> {
    static CLEANER: OnceLock<ammonia::Builder<'static>> = OnceLock::new();
    CLEANER.get_or_init(|| {
        let mut builder = ammonia::Builder::default();
        builder
            .url_schemes(["http", "https", "mailto"].into_iter().collect())
            .link_rel(Some("noopener noreferrer nofollow"))
            .add_tag_attributes("input", ["type", "checked", "disabled"])
            .add_tags(["input"])
            .add_allowed_classes(
                "code",
                [
                    "language-rust",
                    "language-sql",
                    "language-cql",
                    "language-bash",
                    "language-text",
                ],
            );
        builder
    })
}

/// The comment sanitizer: paragraphs, line breaks, emphasis, code and links only; links
/// say `nofollow ugc`, since readers wrote them.
fn comment_cleaner() -> &'static ammonia::Builder<'static> {
    static CLEANER: OnceLock<ammonia::Builder<'static>> = OnceLock::new();
    CLEANER.get_or_init(|| {
        let mut builder = ammonia::Builder::empty();
        builder
            .tags(
                ["p", "br", "em", "strong", "code", "pre", "a"]
                    .into_iter()
                    .collect(),
            )
            .tag_attributes(
                [("a", ["href"].into_iter().collect())]
                    .into_iter()
                    .collect(),
            )
            .url_schemes(["http", "https", "mailto"].into_iter().collect())
            .link_rel(Some("nofollow ugc noopener noreferrer"));
        builder
    })
}

/// The events of a comment's Markdown: raw HTML becomes text, images become their
/// description, and nothing beyond CommonMark's core is parsed.
fn comment_events(markdown: &str) -> impl Iterator<Item = Event<'_>> {
    Parser::new_ext(markdown, Options::empty()).filter_map(|event| match event {
        Event::Html(html) | Event::InlineHtml(html) => Some(Event::Text(html)),
        Event::Start(Tag::Image { .. }) | Event::End(TagEnd::Image) => None,
        other => Some(other),
    })
}

/// Renders a comment's Markdown subset to sanitized HTML.
pub fn comment_to_safe_html(markdown: &str) -> String {
    let mut unsafe_html = String::with_capacity(markdown.len() * 3 / 2);
    html::push_html(&mut unsafe_html, comment_events(markdown));
    comment_cleaner().clean(&unsafe_html).to_string()
}

/// How many links a comment's Markdown makes.
pub fn comment_links(markdown: &str) -> usize {
    comment_events(markdown)
        .filter(|e| matches!(e, Event::Start(Tag::Link { .. })))
        .count()
}

/// Renders Markdown to sanitized HTML.
pub fn to_safe_html(markdown: &str) -> String {
    let parser = Parser::new_ext(markdown, options());
    let mut unsafe_html = String::with_capacity(markdown.len() * 3 / 2);
    html::push_html(&mut unsafe_html, parser);
    cleaner().clean(&unsafe_html).to_string()
}

/// Plain text of the first paragraphs, cut at a word boundary near `max_chars`.
pub fn excerpt(markdown: &str, max_chars: usize) -> String {
    let mut text = String::new();
    let mut in_code_block = false;
    for event in Parser::new_ext(markdown, options()) {
        match event {
            Event::Start(Tag::CodeBlock(_)) => in_code_block = true,
            Event::End(TagEnd::CodeBlock) => in_code_block = false,
            Event::Text(t) | Event::Code(t) if !in_code_block => text.push_str(&t),
            Event::SoftBreak | Event::HardBreak => text.push(' '),
            Event::End(TagEnd::Paragraph | TagEnd::Heading(_) | TagEnd::Item) => text.push(' '),
            _ => {}
        }
        if text.chars().count() > max_chars {
            break;
        }
    }
    let collapsed: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if collapsed.chars().count() <= max_chars {
        return collapsed;
    }
    let cut: String = collapsed.chars().take(max_chars).collect();
    let cut = match cut.rfind(' ') {
        Some(i) if i > max_chars / 2 => &cut[..i],
        _ => &cut[..],
    };
    format!("{}…", cut.trim_end_matches([',', '.', ';', ':']))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_renders_common_constructs() {
        let html = to_safe_html("# Title\n\nSome *emphasis* and `code`.\n\n- a\n- b\n");
        assert!(html.contains("<h1>Title</h1>"));
        assert!(html.contains("<em>emphasis</em>"));
        assert!(html.contains("<code>code</code>"));
        assert!(html.contains("<li>a</li>"));
    }

    #[test]
    fn scripts_handlers_and_javascript_urls_do_not_survive() {
        let vectors = [
            "<script>alert(1)</script>",
            "<img src=x onerror=alert(1)>",
            "[click](javascript:alert(1))",
            "<a href=\"javascript:alert(1)\">x</a>",
            "<svg/onload=alert(1)>",
            "<iframe src=\"https://evil.example\"></iframe>",
            "<div style=\"background:url(javascript:alert(1))\">x</div>",
            "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
            "<body onload=alert(1)>",
            "<a href=\"&#106;avascript:alert(1)\">x</a>",
        ];
        for vector in vectors {
            let html = to_safe_html(vector);
            for tag in markup_of(&html) {
                let tag = tag.to_lowercase();
                for needle in [
                    "script",
                    "iframe",
                    "svg",
                    " on",
                    "javascript:",
                    "data:",
                    "style=",
                ] {
                    assert!(
                        !tag.contains(needle),
                        "{vector:?} left {needle:?} in {tag:?}"
                    );
                }
            }
        }
    }

    /// The tags of an HTML fragment, `<...>`: the only place markup can hide, since text
    /// is escaped.
    fn markup_of(html: &str) -> Vec<&str> {
        html.split('<')
            .skip(1)
            .map(|rest| rest.split('>').next().unwrap_or(rest))
            .collect()
    }

    #[test]
    fn comments_keep_only_the_small_subset() {
        let html = comment_to_safe_html(
            "# Head\n\nSome *em* and `code` [a link](https://example.com)\n\n![img](https://example.com/x.png) <b>raw</b>",
        );
        assert!(html.contains("<em>em</em>") && html.contains("<code>code</code>"));
        assert!(
            html.contains("rel=\"nofollow ugc noopener noreferrer\""),
            "{html}"
        );
        assert!(
            !html.contains("<h1") && !html.contains("<img") && !html.contains("<b>"),
            "{html}"
        );
        assert!(
            html.contains("&lt;b&gt;raw&lt;/b&gt;"),
            "raw HTML shows as text: {html}"
        );
        assert!(
            html.contains("img"),
            "an image leaves its description: {html}"
        );
        assert_eq!(
            comment_links("[a](https://a.example) <https://b.example> plain"),
            2
        );
    }

    #[test]
    fn links_get_rel_nofollow() {
        let html = to_safe_html("[site](https://example.com)");
        assert!(html.contains("href=\"https://example.com\""));
        assert!(html.contains("rel=\"noopener noreferrer nofollow\""));
    }

    #[test]
    fn excerpts_are_plain_text_cut_at_words() {
        assert_eq!(
            excerpt("# Hi\n\nA *b* c.\n\n```\ncode\n```", 100),
            "Hi A b c."
        );
        let long = "word ".repeat(100);
        let e = excerpt(&long, 50);
        assert!(e.ends_with('…') && e.chars().count() <= 51, "{e}");
    }
}
