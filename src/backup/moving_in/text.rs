//! The text of a blog from another engine as Sibyl takes it: HTML's characters decoded,
//! comments as Markdown, names, titles, tags and slugs within Sibyl's rules.

use super::Report;

/// Text with HTML's character references decoded (`&amp;`, `&#8217;`, `&hellip;`...):
/// WordPress keeps names and terms escaped as HTML.
pub(in crate::backup) fn unescape_html(text: &str) -> String {
    const NAMED: &[(&str, &str)] = &[
        ("amp", "&"),
        ("lt", "<"),
        ("gt", ">"),
        ("quot", "\""),
        ("apos", "'"),
        ("nbsp", "\u{a0}"),
        ("hellip", "…"),
        ("ndash", "–"),
        ("mdash", "—"),
        ("lsquo", "‘"),
        ("rsquo", "’"),
        ("ldquo", "“"),
        ("rdquo", "”"),
        ("laquo", "«"),
        ("raquo", "»"),
        ("copy", "©"),
    ];
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        let tail = &rest[at + 1..];
        let decoded = tail.find(';').filter(|end| *end <= 10).and_then(|end| {
            let name = &tail[..end];
            let c = if let Some(hex) = name.strip_prefix("#x").or(name.strip_prefix("#X")) {
                u32::from_str_radix(hex, 16).ok().and_then(char::from_u32)
            } else if let Some(decimal) = name.strip_prefix('#') {
                decimal.parse().ok().and_then(char::from_u32)
            } else {
                None
            };
            let text = match c {
                // Not a control character a title or name would refuse.
                Some(c) if c.is_control() && !matches!(c, '\n' | '\t') => '\u{fffd}'.to_string(),
                Some(c) => c.to_string(),
                None => NAMED.iter().find(|(n, _)| *n == name)?.1.to_owned(),
            };
            Some((text, end))
        });
        match decoded {
            Some((text, end)) => {
                out.push_str(&text);
                rest = &tail[end + 1..];
            }
            None => {
                out.push('&');
                rest = tail;
            }
        }
    }
    out.push_str(rest);
    out
}

/// A comment another engine stored as HTML, as the Markdown Sibyl's comments are:
/// paragraphs and line breaks kept (a break as a hard break), links as Markdown links,
/// other tags dropped, characters decoded and Markdown's own escaped; then checked as a
/// comment written here is (its length, its links).
pub(in crate::backup) fn comment_body(html: &str) -> Result<String, String> {
    let mut text = String::new();
    let mut href: Option<String> = None;
    let mut i = 0;
    while i < html.len() {
        let rest = &html[i..];
        let is_tag = rest.starts_with('<')
            && rest[1..].starts_with(|c: char| c.is_ascii_alphabetic() || c == '/' || c == '!');
        let Some(end) = is_tag.then(|| tag_end(rest)).flatten() else {
            // Text, up to the next thing that may be a tag.
            let next = rest[1..].find('<').map_or(html.len(), |n| i + 1 + n);
            text.push_str(&markdown_text(&unescape_html(&html[i..next])));
            i = next;
            continue;
        };
        let tag = &rest[1..end];
        i += end + 1;
        let closing = tag.starts_with('/');
        let name = tag
            .trim_start_matches('/')
            .split(|c: char| !c.is_ascii_alphanumeric())
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        match (closing, name.as_str()) {
            (false, "br") => text.push('\n'),
            (true, "p") => text.push_str("\n\n"),
            (false, "a") => {
                href = attribute(tag, "href");
                if href.is_some() {
                    text.push('[');
                }
            }
            (true, "a") => {
                if let Some(url) = href.take() {
                    let url = url
                        .replace(' ', "%20")
                        .replace('(', "%28")
                        .replace(')', "%29");
                    text.push_str(&format!("]({url})"));
                }
            }
            _ => {}
        }
    }
    // Paragraphs apart, the lines of one kept as lines.
    let text = text.replace("\r\n", "\n");
    let paragraphs: Vec<String> = text
        .split("\n\n")
        .map(|p| {
            p.lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .collect::<Vec<_>>()
                .join("  \n")
        })
        .filter(|p| !p.is_empty())
        .collect();
    let text = paragraphs.join("\n\n");
    crate::domain::comment::CommentBody::parse(&text).map_err(|e| e.0)?;
    Ok(text)
}

/// The addresses of the images a body shows from other sites (as
/// [`crate::domain::markdown::is_remote`] tells them), as the body spells them (so that
/// they can be pointed elsewhere): the `src` of its HTML's `<img>` tags and the targets
/// of its Markdown images, each once.
pub(in crate::backup) fn remote_images(body: &str) -> Vec<String> {
    let remote = crate::domain::markdown::is_remote;
    let mut found: Vec<String> = Vec::new();
    // ASCII lowercase keeps every byte where it was.
    let lower = body.to_ascii_lowercase();
    for (at, _) in lower.match_indices("<img") {
        let Some(end) = tag_end(&body[at..]) else {
            continue;
        };
        if let Some(src) = raw_attribute(&body[at..at + end], "src")
            && remote(src)
        {
            found.push(src.trim().to_owned());
        }
    }
    for event in pulldown_cmark::Parser::new(body) {
        if let pulldown_cmark::Event::Start(pulldown_cmark::Tag::Image { dest_url, .. }) = event
            && remote(&dest_url)
            && body.contains(&*dest_url)
        {
            found.push(dest_url.to_string());
        }
    }
    let mut seen = std::collections::HashSet::new();
    found.retain(|url| seen.insert(url.clone()));
    found
}

/// An attribute's value in a tag's text as written (entities left as they are).
fn raw_attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let lower = tag.to_ascii_lowercase();
    let wanted = format!("{name}=");
    let (at, _) = lower.match_indices(&wanted).find(|(at, _)| {
        lower[..*at]
            .chars()
            .next_back()
            .is_some_and(char::is_whitespace)
    })?;
    let value = &tag[at + wanted.len()..];
    let quote = value.chars().next().filter(|q| *q == '"' || *q == '\'')?;
    let value = &value[1..];
    Some(&value[..value.find(quote)?])
}

/// Where a tag that starts `text` ends (its `>`, quoted values skipped over).
fn tag_end(text: &str) -> Option<usize> {
    let mut quote = None;
    for (at, c) in text.char_indices().skip(1) {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '>') => return Some(at),
            _ => {}
        }
    }
    None
}

/// Text as Markdown shows it as it is: the characters Markdown gives a meaning escaped.
fn markdown_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '\\' | '`' | '*' | '_' | '[' | ']' | '#') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// The value of an attribute in a tag's text (`a href="..."`), not of one whose name
/// ends the same (`data-href`).
fn attribute(tag: &str, name: &str) -> Option<String> {
    let wanted = format!("{name}=");
    let (at, _) = tag.match_indices(&wanted).find(|(at, _)| {
        tag[..*at]
            .chars()
            .next_back()
            .is_some_and(char::is_whitespace)
    })?;
    let value = &tag[at + wanted.len()..];
    let quote = value.chars().next().filter(|q| *q == '"' || *q == '\'')?;
    let value = &value[1..];
    let end = value.find(quote)?;
    Some(unescape_html(&value[..end]))
}

/// A guest commenter's name as a comment takes it: on one line, at most 60 characters,
/// "Anonymous" for none.
pub(in crate::backup) fn guest_name(raw: &str) -> String {
    let name: String = unescape_html(raw)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .take(60)
        .collect();
    if name.is_empty() {
        "Anonymous".into()
    } else {
        name
    }
}

/// A title as a post takes it: "Untitled" for none, cut at the most a title has.
pub(in crate::backup) fn title_of(raw: &str, report: &mut Report) -> String {
    let title = raw.trim();
    if title.is_empty() {
        report.change("posts without a title called \"Untitled\"");
        return "Untitled".into();
    }
    if title.chars().count() > crate::domain::Title::MAX {
        report.change("titles cut to 200 characters");
        return title.chars().take(crate::domain::Title::MAX).collect();
    }
    title.to_owned()
}

/// Tag names as a post takes them: characters a tag cannot have made spaces, repeats and
/// empty ones dropped, at most ten.
pub(in crate::backup) fn tags_of(names: &[String], report: &mut Report) -> Vec<String> {
    let mut tags: Vec<String> = Vec::new();
    for name in names {
        let cleaned: String = name
            .chars()
            .map(|c| {
                if c.is_alphanumeric() || matches!(c, '-' | '_' | ' ' | '.' | '+' | '#') {
                    c
                } else {
                    ' '
                }
            })
            .collect();
        let cleaned: String = cleaned
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .chars()
            .take(crate::domain::Tag::MAX)
            .collect();
        let Ok(tag) = crate::domain::Tag::parse(&cleaned) else {
            report.skip("tags without a letter or digit");
            continue;
        };
        if tags.iter().any(|t| t == tag.as_str()) {
            continue;
        }
        if tags.len() == crate::domain::Tags::MAX {
            report.skip("tags beyond the ten a post has");
            continue;
        }
        tags.push(tag.as_str().to_owned());
    }
    tags
}

/// A slug as the source had it, or one made from the title when it has none Sibyl takes.
pub(in crate::backup) fn slug_of(raw: &str, title: &str) -> String {
    use crate::domain::{Slug, Title};
    if let Ok(slug) = Slug::parse(raw.trim()) {
        return slug.as_str().to_owned();
    }
    let words = raw.trim().replace(['-', '_'], " ");
    let from = if words.trim().is_empty() {
        title
    } else {
        words.as_str()
    };
    Title::parse(from)
        .or_else(|_| Title::parse("untitled"))
        .map(|t| Slug::from_title(&t).as_str().to_owned())
        .unwrap_or_else(|_| "untitled".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_are_cleaned_deduplicated_and_capped() {
        let mut report = Report::default();
        let names: Vec<String> = ["News & Events", "news events", "!!!"]
            .into_iter()
            .map(String::from)
            .chain((0..12).map(|i| format!("t{i}")))
            .collect();
        let tags = tags_of(&names, &mut report);
        assert_eq!(tags.len(), 10);
        assert_eq!(tags[0], "news events");
        assert_eq!(tags[1], "t0");
        assert_eq!(report.skipped["tags beyond the ten a post has"], 3);
        assert_eq!(report.skipped["tags without a letter or digit"], 1);
    }

    #[test]
    fn html_comments_become_markdown_and_are_checked() {
        assert_eq!(
            comment_body(
                "<p>One &amp; two *stars*.</p><p>Line<br/>break, <a title=\"a>b\" data-href=\"x\" href=\"https://x.example/(a) b\">a link</a>.</p>"
            )
            .unwrap(),
            "One & two \\*stars\\*.\n\nLine  \nbreak, [a link](https://x.example/%28a%29%20b)."
        );
        assert_eq!(
            comment_body("a <3 b > c\nnext").unwrap(),
            "a <3 b > c  \nnext"
        );
        assert_eq!(unescape_html("x&#0;y"), "x\u{fffd}y");
        assert!(comment_body("<p></p>").is_err());
        assert!(comment_body(&"x".repeat(5000)).is_err());
        assert_eq!(
            unescape_html("News &amp; Events &#8217;&#x41;&hellip; &bogus; & so"),
            "News & Events ’A… &bogus; & so"
        );
        assert_eq!(guest_name(" Ann\n  &amp; Bob "), "Ann & Bob");
        assert_eq!(guest_name(""), "Anonymous");
        assert_eq!(guest_name(&"n".repeat(99)).chars().count(), 60);
    }

    #[test]
    fn slugs_are_kept_or_made_from_the_title() {
        assert_eq!(slug_of("hello-world", "x"), "hello-world");
        assert_eq!(slug_of("", "Hello, World"), "hello-world");
        assert_eq!(slug_of("Hello_World", "x"), "hello-world");
    }
}
