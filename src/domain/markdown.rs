//! Markdown to HTML that is safe to put in a page.
//!
//! pulldown-cmark renders, ammonia then keeps only a fixed set of tags and attributes:
//! no script, no event handler, no `javascript:` or `data:` URL survives. Raw HTML in
//! the Markdown is passed to ammonia like everything else, so it is cleaned, not trusted.
//! What ammonia keeps is then mended into valid HTML (`html_repair`), and code points no
//! HTML document may hold become U+FFFD.
//!
//! An HTML parser's work grows with the depth of what it reads, so between the renderer
//! and the sanitizer `html_balance` writes the HTML again balanced and at most
//! [`MAX_DEPTH`] elements deep: the whole pipeline is linear in a text's length. A text
//! written now that goes deeper, or makes more than [`MAX_ELEMENTS`] elements, is refused
//! ([`checked_post_html`], [`CommentBody::parse`](super::comment::CommentBody::parse)),
//! mostly before any HTML is made (`bounds`); one stored earlier renders with the
//! elements beyond the depth reduced to their content.

use super::Invalid;
pub use super::html_balance::MAX_DEPTH;
use super::html_balance::balance;
use bounds::Excess;
pub use bounds::MAX_ELEMENTS;
pub use bounds::MAX_HTML_BYTES;

mod bounds;
use super::iiif::fit;
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
    CLEANER.get_or_init(configured)
}

/// Safe HTML (what [`to_safe_html`] made, as stored with a revision) with every URL of
/// the site made absolute from `base` (`https://blog.example.com`), images' `srcset` too:
/// for feeds, read away from the site. One pass over the text, whatever its nesting:
/// only the values of `href`, `src`, `cite` and `srcset` change, so the text is as safe
/// as it was.
pub fn with_absolute_urls(safe_html: &str, base: &url::Url) -> String {
    let mut out = String::with_capacity(safe_html.len() + safe_html.len() / 8);
    let mut rest = safe_html;
    while let Some(lt) = rest.find('<') {
        out.push_str(&rest[..lt]);
        rest = &rest[lt..];
        if !rest[1..].starts_with(|c: char| c.is_ascii_alphabetic()) {
            // An end tag, or a `<` no tag starts with.
            out.push('<');
            rest = &rest[1..];
            continue;
        }
        let end = tag_end(rest);
        absolute_tag(&rest[..end], base, &mut out);
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// The length of the serialized start tag `html` begins with, its `>` included (values
/// are double-quoted, and may hold a `>`).
fn tag_end(html: &str) -> usize {
    let mut quoted = false;
    for (i, b) in html.bytes().enumerate() {
        match b {
            b'"' => quoted = !quoted,
            b'>' if !quoted => return i + 1,
            _ => {}
        }
    }
    html.len()
}

/// Writes a serialized start tag with its URL attributes made absolute from `base`.
fn absolute_tag(tag: &str, base: &url::Url, out: &mut String) {
    let mut rest = tag;
    while let Some(eq) = rest.find("=\"") {
        let name_start = rest[..eq]
            .rfind(|c: char| c.is_ascii_whitespace())
            .map_or(0, |i| i + 1);
        let name = &rest[name_start..eq];
        let value_start = eq + 2;
        let value_end = rest[value_start..]
            .find('"')
            .map_or(rest.len(), |i| value_start + i);
        out.push_str(&rest[..value_start]);
        let value = &rest[value_start..value_end];
        match name {
            "href" | "src" | "cite" => out.push_str(&absolute_url(value, base)),
            "srcset" => {
                let site = base.as_str().trim_end_matches('/');
                let candidates: Vec<String> = value
                    .split(", ")
                    .map(|candidate| match candidate.starts_with('/') {
                        true => format!("{site}{candidate}"),
                        false => candidate.to_owned(),
                    })
                    .collect();
                out.push_str(&candidates.join(", "));
            }
            _ => out.push_str(value),
        }
        rest = &rest[value_end..];
    }
    out.push_str(rest);
}

/// A URL attribute's serialized value, made absolute from `base` if it is relative.
fn absolute_url(value: &str, base: &url::Url) -> String {
    let decoded = value
        .replace("&quot;", "\"")
        .replace("&nbsp;", "\u{a0}")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&");
    match url::Url::parse(&decoded) {
        Err(url::ParseError::RelativeUrlWithoutBase) => match base.join(&decoded) {
            Ok(absolute) => escape_attribute(absolute.as_str()),
            Err(_) => value.to_owned(),
        },
        _ => value.to_owned(),
    }
}

/// The address of the first image of the site's binary service in a post's safe HTML
/// (an attachment, at the size the text shows it), for link previews.
pub fn first_binary_image(safe_html: &str) -> Option<&str> {
    image_sources(safe_html).find(|src| src.starts_with("/binary/"))
}

/// The address of the first image in a post's safe HTML that another site serves.
pub fn first_remote_image(safe_html: &str) -> Option<&str> {
    image_sources(safe_html).find(|src| is_remote(src))
}

/// The address of the first image in a post's safe HTML (as written in it: relative or
/// not), its `&amp;`s read back as `&`.
pub fn first_image(safe_html: &str) -> Option<String> {
    image_sources(safe_html)
        .find(|src| !src.trim().is_empty())
        .map(|src| src.replace("&amp;", "&"))
}

/// Whether an image's address names another site: `http:`, `https:`, or `//host/...`
/// (the page's own scheme).
pub fn is_remote(src: &str) -> bool {
    let src = src.trim().to_ascii_lowercase();
    src.starts_with("http:") || src.starts_with("https:") || src.starts_with("//")
}

/// The `src` of every image in safe HTML, in order.
fn image_sources(safe_html: &str) -> impl Iterator<Item = &str> {
    let mut rest = safe_html;
    std::iter::from_fn(move || {
        loop {
            let at = rest.find("<img ")?;
            rest = &rest[at..];
            let end = rest.find('>')?;
            let tag = &rest[..end];
            rest = &rest[end..];
            if let Some(src) = tag.find(" src=\"").map(|i| &tag[i + 6..])
                && let Some(close) = src.find('"')
            {
                return Some(&src[..close]);
            }
        }
    })
}

/// The cleaner of posts' HTML.
fn configured() -> ammonia::Builder<'static> {
    let mut builder = ammonia::Builder::default();
    {
        builder
            .url_schemes(["http", "https", "mailto"].into_iter().collect())
            .link_rel(Some("noopener noreferrer nofollow"))
            .add_tag_attributes("input", ["type", "checked", "disabled"])
            .add_tag_attributes("img", ["srcset", "sizes", "loading", "decoding"])
            .attribute_filter(move |element, attribute, value| {
                if element == "img" && attribute == "srcset" {
                    return is_binary_srcset(value).then(|| value.into());
                }
                valid_attribute(attribute, value)
            })
            .add_tags(["input"])
            // Obsolete elements, and elements whose content model the repair pass
            // (`html_repair`) does not mend: their content stays, their tags go.
            .rm_tags([
                "acronym",
                "area",
                "article",
                "aside",
                "bdo",
                "center",
                "data",
                "dd",
                "dl",
                "dt",
                "figcaption",
                "footer",
                "header",
                "hgroup",
                "map",
                "nav",
                "rp",
                "rt",
                "rtc",
                "ruby",
                "strike",
                "time",
                "tt",
            ])
            // Obsolete attributes, and table headers that would have to name ids. Cells
            // lose their spans too: a span must end within its row group and every column
            // it makes needs a cell of its own, which only the whole table can tell;
            // Markdown tables never span.
            .rm_tag_attributes("img", ["align"])
            .rm_tag_attributes("hr", ["align", "size", "width"])
            .rm_tag_attributes("table", ["align", "char", "charoff", "summary"])
            .rm_tag_attributes("tbody", ["align", "char", "charoff"])
            .rm_tag_attributes("thead", ["align", "char", "charoff"])
            .rm_tag_attributes("tfoot", ["align", "char", "charoff"])
            .rm_tag_attributes("tr", ["align", "char", "charoff"])
            .rm_tag_attributes(
                "td",
                ["align", "char", "charoff", "headers", "colspan", "rowspan"],
            )
            .rm_tag_attributes(
                "th",
                ["align", "char", "charoff", "headers", "colspan", "rowspan"],
            )
            .rm_tag_attributes("del", ["datetime"])
            .rm_tag_attributes("ins", ["datetime"])
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
    }
    builder
}

/// An attribute's value as valid HTML allows it, or `None` to drop the attribute: URLs
/// are written as a URL parser reads them (so that no raw `<`, space or odd host form
/// is left), numbers are numbers, language tags look like language tags.
fn valid_attribute<'u>(attribute: &str, value: &'u str) -> Option<std::borrow::Cow<'u, str>> {
    match attribute {
        "href" | "src" | "cite" => valid_url(value).map(Into::into),
        "width" | "height" | "colspan" | "rowspan" | "span" => (!value.is_empty()
            && value.len() <= 5
            && value.bytes().all(|b| b.is_ascii_digit())
            && value.parse::<u32>().is_ok_and(|n| n > 0))
        .then(|| value.into()),
        "start" => value.parse::<i32>().ok().map(|n| n.to_string().into()),
        "lang" | "hreflang" => {
            let ok = !value.is_empty()
                && value.len() <= 35
                && value.split('-').enumerate().all(|(i, part)| {
                    (1..=8).contains(&part.len())
                        && part.bytes().all(|b| b.is_ascii_alphanumeric())
                        && (i > 0 || part.bytes().all(|b| b.is_ascii_alphabetic()))
                });
            ok.then(|| value.into())
        }
        "scope" => matches!(value, "row" | "col" | "rowgroup" | "colgroup").then(|| value.into()),
        _ => Some(value.into()),
    }
}

/// A URL as valid HTML requires it: an absolute one as the URL standard serializes it,
/// a relative one with the characters a URL may not hold percent-encoded.
fn valid_url(value: &str) -> Option<String> {
    let written = valid_url_text(value)?;
    // What a browser would make of it: a scheme other than the allowed ones never
    // leaves here, whatever the sanitizer decided before this filter ran.
    match url::Url::parse(&written) {
        Ok(parsed) if !matches!(parsed.scheme(), "http" | "https" | "mailto") => None,
        _ => Some(written),
    }
}

fn valid_url_text(value: &str) -> Option<String> {
    // Only what the URL standard strips: C0 controls and spaces. Other white space
    // (U+00A0, U+3000...) is part of the URL, so it is no way to hide a scheme.
    let value = value.trim_matches(|c: char| c <= ' ');
    if value.is_empty() {
        return None;
    }
    let scheme = value.split_once(':').map(|(s, _)| s).filter(|s| {
        s.starts_with(|c: char| c.is_ascii_alphabetic())
            && s.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(&b))
    });
    if scheme.is_some() {
        let parsed = url::Url::parse(value).ok()?;
        // A host written in an unusual form (0x7f.1, an IPv6 literal) is written as the
        // parser reads it; otherwise the author's URL stays as it was written.
        let plain_host = parsed.host_str().is_none_or(|host| {
            !host.contains(':')
                && value
                    .to_ascii_lowercase()
                    .contains(&host.to_ascii_lowercase())
        });
        if !plain_host {
            // The parser's writing, but for what it leaves in a path, a query or a
            // fragment that a valid URL may not hold (`|`, `{`, a second `#`).
            let host_end = parsed[..url::Position::AfterPort].len();
            let written = parsed.as_str();
            return Some(format!(
                "{}{}",
                &written[..host_end],
                escape_url(&written[host_end..])
            ));
        }
    }
    Some(escape_url(value))
}

/// A URL's text with what a valid URL may not hold percent-encoded: characters outside
/// the URL code points, a `%` that starts no escape, any `#` after the first.
fn escape_url(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let bytes = value.as_bytes();
    let mut in_fragment = false;
    for (i, c) in value.char_indices() {
        let escaped = match c {
            '#' => std::mem::replace(&mut in_fragment, true),
            ' ' | '"' | '<' | '>' | '`' | '{' | '}' | '|' | '\\' | '^' | '[' | ']' => true,
            '%' => {
                !(bytes.len() > i + 2
                    && bytes[i + 1].is_ascii_hexdigit()
                    && bytes[i + 2].is_ascii_hexdigit())
            }
            c => c.is_control() || is_noncharacter(c),
        };
        if escaped {
            let mut buf = [0u8; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("%{b:02X}"));
            }
        } else {
            out.push(c);
        }
    }
    out
}

fn is_noncharacter(c: char) -> bool {
    matches!(c as u32, 0xFDD0..=0xFDEF) || c as u32 & 0xFFFE == 0xFFFE
}

/// A code point no valid HTML holds, not even as text or in an attribute (the input
/// brings them, raw or as character references): controls other than white space,
/// and noncharacters.
fn is_forbidden(c: char) -> bool {
    (c.is_control() && !matches!(c, '\t' | '\n' | '\x0C' | '\r')) || is_noncharacter(c)
}

/// HTML with each forbidden code point replaced by U+FFFD. They are never markup, so
/// they are replaced wherever they are, in text and attribute values alike.
fn without_forbidden(html: String) -> String {
    if html.contains(is_forbidden) {
        html.replace(is_forbidden, "\u{FFFD}")
    } else {
        html
    }
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
            .attribute_filter(|_, attribute, value| valid_attribute(attribute, value))
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

/// Renders a comment's Markdown subset to sanitized HTML (elements beyond
/// [`MAX_DEPTH`] reduced to their content).
pub fn comment_to_safe_html(markdown: &str) -> String {
    comment_html(markdown).0
}

/// A comment's HTML, and how many of its elements were beyond [`MAX_DEPTH`].
pub(crate) fn comment_html(markdown: &str) -> (String, usize) {
    let mut unsafe_html = String::with_capacity(markdown.len() * 3 / 2);
    html::push_html(&mut unsafe_html, comment_events(markdown));
    let balanced = balance(&unsafe_html);
    let html = without_forbidden(super::html_repair::repair(
        &comment_cleaner().clean(&balanced.html).to_string(),
    ));
    (html, balanced.too_deep)
}

/// How many links a comment's Markdown makes.
pub fn comment_links(markdown: &str) -> usize {
    comment_events(markdown)
        .filter(|e| matches!(e, Event::Start(Tag::Link { .. })))
        .count()
}

/// A `srcset` made by [`binary_image_html`]: scaled images of the site's own binaries
/// only, candidates separated by ", " (the IIIF URLs hold commas of their own).
fn is_binary_srcset(value: &str) -> bool {
    value.split(", ").all(|candidate| {
        let mut parts = candidate.split_whitespace();
        let url = parts.next().unwrap_or("");
        let width = parts.next().unwrap_or("");
        url.starts_with("/binary/")
            && url
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "/!,.".contains(c))
            && width
                .strip_suffix('w')
                .is_some_and(|n| n.parse::<u32>().is_ok())
            && parts.next().is_none()
    })
}

/// The binary service's named renditions as IIIF sizes: best fit in each box, never
/// enlarged.
const RENDITION_BOXES: [(u32, u32); 4] = [(116, 87), (140, 105), (440, 330), (800, 600)];

/// An image of the site's binary service, `/binary/<ref>` with an optional `?size=WxH`
/// (which the editor's "insert" writes): its reference and pixel size.
fn binary_image(url: &str) -> Option<(&str, Option<(u32, u32)>)> {
    let rest = url.strip_prefix("/binary/")?;
    let (reference, query) = match rest.split_once('?') {
        Some((r, q)) => (r, Some(q)),
        None => (rest, None),
    };
    if reference.len() != 16 || !reference.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return None;
    }
    let size = query
        .and_then(|q| q.strip_prefix("size="))
        .and_then(|s| s.split_once('x'))
        .and_then(|(w, h)| Some((w.parse().ok()?, h.parse().ok()?)))
        .filter(|&(w, h): &(u32, u32)| w > 0 && h > 0);
    Some((reference, size))
}

/// Text as an HTML attribute's value holds it.
pub(crate) fn escape_attribute(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// A binary image shown at a size that fits: the named renditions as a `srcset`, the
/// width and height of the largest so the page keeps its place, and a link to the
/// original.
fn binary_image_html(reference: &str, size: Option<(u32, u32)>, alt: &str) -> String {
    let base = format!("/binary/{reference}");
    let mut candidates: Vec<(u32, String)> = Vec::new();
    for (bw, bh) in RENDITION_BOXES {
        let width = size.map_or(bw, |(w, h)| fit(w, h, bw, bh).0);
        if candidates.last().is_some_and(|(w, _)| *w == width) {
            continue;
        }
        candidates.push((
            width,
            format!("{base}/full/!{bw},{bh}/0/default.jpg {width}w"),
        ));
    }
    let srcset: Vec<&str> = candidates.iter().map(|(_, c)| c.as_str()).collect();
    let dimensions = size
        .map(|(w, h)| {
            let (w, h) = fit(w, h, 800, 600);
            format!(" width=\"{w}\" height=\"{h}\"")
        })
        .unwrap_or_default();
    format!(
        "<a href=\"{base}\"><img src=\"{base}/full/!800,600/0/default.jpg\" srcset=\"{}\" sizes=\"(max-width: 800px) 100vw, 800px\"{dimensions} alt=\"{}\" loading=\"lazy\" decoding=\"async\"></a>",
        srcset.join(", "),
        escape_attribute(alt)
    )
}

/// The events of a post: images of the binary service become scaled, sized images.
fn post_events<'a>(parser: Parser<'a>) -> Vec<Event<'a>> {
    let mut out = Vec::new();
    // The binary image being read: its reference, size and the alt text so far.
    type Pending = (String, Option<(u32, u32)>, String);
    let mut image: Option<Pending> = None;
    for event in parser {
        match (&mut image, event) {
            (
                None,
                Event::Start(Tag::Image {
                    link_type,
                    dest_url,
                    title,
                    id,
                }),
            ) => match binary_image(&dest_url) {
                Some((reference, size)) => {
                    image = Some((reference.to_owned(), size, String::new()))
                }
                None => out.push(Event::Start(Tag::Image {
                    link_type,
                    dest_url,
                    title,
                    id,
                })),
            },
            (Some((_, _, alt)), Event::Text(text) | Event::Code(text)) => alt.push_str(&text),
            (Some(_), Event::End(TagEnd::Image)) => {
                if let Some((reference, size, alt)) = image.take() {
                    out.push(Event::InlineHtml(
                        binary_image_html(&reference, size, &alt).into(),
                    ));
                }
            }
            (Some(_), _) => {}
            (None, other) => out.push(other),
        }
    }
    out
}

/// Renders Markdown to sanitized HTML, elements beyond [`MAX_DEPTH`] reduced to their
/// content (a text stored before that bound; a new one is checked by
/// [`checked_post_html`]).
pub fn to_safe_html(markdown: &str) -> String {
    post_html(markdown).0
}

/// Renders a post's Markdown to sanitized HTML, or refuses it if it nests elements
/// deeper than [`MAX_DEPTH`], makes more than [`MAX_ELEMENTS`] or more than
/// [`MAX_HTML_BYTES`] of HTML; a text refused by the start of one of its lines is refused
/// before it is parsed, one that would make too much HTML before any is made.
pub fn checked_post_html(markdown: &str) -> Result<String, Invalid> {
    if bounds::deepest_line(markdown) > MAX_DEPTH {
        return Err(too_deep(false));
    }
    // The sanitizer's parser takes time that grows with a text's ampersands times its
    // length: every `&` of the HTML comes from one in the text.
    let ampersands = markdown.bytes().filter(|b| *b == b'&').count();
    if ampersands > MAX_AMPERSANDS {
        return Err(Invalid::new(format!(
            "This text has {ampersands} ampersands (&), more than the {MAX_AMPERSANDS} a post \
             may have. Write \"and\" for some, or split the text into several posts."
        )));
    }
    let events = post_events(Parser::new_ext(markdown, options()));
    match bounds::excess(&events) {
        Some(Excess::Depth) => return Err(too_deep(false)),
        Some(Excess::Elements) => {
            return Err(Invalid::new(format!(
                "This text makes more than {MAX_ELEMENTS} elements (paragraphs, list \
                 items, table cells, emphasis, links...); split it into several posts."
            )));
        }
        Some(Excess::Html(bytes)) => return Err(too_much_html(bytes)),
        None => {}
    }
    match events_html(events) {
        (html, _) if html.len() > MAX_HTML_BYTES => Err(too_much_html(html.len())),
        (html, 0) => Ok(html),
        _ => Err(too_deep(false)),
    }
}

/// The most ampersands (`&`) a post's text may have: the HTML sanitizer's parser takes
/// time that grows with their number times the length of the text they are in (a
/// paragraph of 250,000 takes it seconds), and no article needs as many.
pub const MAX_AMPERSANDS: usize = 10_000;

/// Why a text that would make too much HTML is refused.
fn too_much_html(bytes: usize) -> Invalid {
    Invalid::new(format!(
        "This text makes at least {} KiB of HTML once formatted, more than the {} KiB a post \
         may have (a link or image given by reference repeats its address wherever it is \
         used). Shorten it, or split it into several posts.",
        bytes / 1024,
        MAX_HTML_BYTES / 1024
    ))
}

/// Why a text (a comment's, when `comment`) that nests too deep is refused.
pub(crate) fn too_deep(comment: bool) -> Invalid {
    Invalid::new(if comment {
        format!(
            "This comment nests quotes, lists or HTML elements more than {MAX_DEPTH} levels \
             deep (a list item counts two: the list and the item). Make the deepest parts \
             flatter."
        )
    } else {
        format!(
            "This text nests quotes, lists or HTML elements more than {MAX_DEPTH} levels deep \
             (a list item counts two: the list and the item). Make the deepest parts flatter."
        )
    })
}

/// A post's HTML, and how many of its elements were beyond [`MAX_DEPTH`].
fn post_html(markdown: &str) -> (String, usize) {
    events_html(post_events(Parser::new_ext(markdown, options())))
}

/// The HTML of a post's events, and how many of its elements were beyond [`MAX_DEPTH`].
fn events_html(events: Vec<Event<'_>>) -> (String, usize) {
    let mut unsafe_html = String::new();
    html::push_html(&mut unsafe_html, events.into_iter());
    let balanced = balance(&unsafe_html);
    let html = without_forbidden(super::html_repair::repair(
        &cleaner().clean(&balanced.html).to_string(),
    ));
    (html, balanced.too_deep)
}

/// Words of plain text, one space apart however they were separated.
#[derive(Default)]
struct Words {
    text: String,
    /// Characters in `text`.
    length: usize,
    /// A space is due before the next word.
    gap: bool,
}

impl Words {
    fn push(&mut self, piece: &str) {
        for c in piece.chars() {
            if c.is_whitespace() {
                self.gap = true;
                continue;
            }
            if std::mem::take(&mut self.gap) && !self.text.is_empty() {
                self.text.push(' ');
                self.length += 1;
            }
            self.text.push(if is_forbidden(c) { '\u{FFFD}' } else { c });
            self.length += 1;
        }
    }
}

/// Plain text of the first paragraphs, cut at a word boundary within `max_chars`
/// (an ellipsis after the cut).
pub fn excerpt(markdown: &str, max_chars: usize) -> String {
    let mut words = Words::default();
    let mut in_code_block = false;
    for event in Parser::new_ext(markdown, options()) {
        match event {
            Event::Start(Tag::CodeBlock(_)) => in_code_block = true,
            Event::End(TagEnd::CodeBlock) => {
                in_code_block = false;
                words.gap = true;
            }
            Event::Text(t) | Event::Code(t) if !in_code_block => words.push(&t),
            Event::SoftBreak | Event::HardBreak => words.gap = true,
            // Blocks and table cells are words apart, never glued together.
            Event::Start(
                Tag::Paragraph
                | Tag::Heading { .. }
                | Tag::Item
                | Tag::TableCell
                | Tag::BlockQuote(_)
                | Tag::FootnoteDefinition(_),
            )
            | Event::End(
                TagEnd::Paragraph
                | TagEnd::Heading(_)
                | TagEnd::Item
                | TagEnd::TableCell
                | TagEnd::TableRow
                | TagEnd::TableHead
                | TagEnd::BlockQuote(_)
                | TagEnd::FootnoteDefinition,
            ) => words.gap = true,
            _ => {}
        }
        // Counted as written (single spaces), so that a cut text is never taken for
        // a whole one.
        if words.length > max_chars {
            break;
        }
    }
    if words.length <= max_chars {
        return words.text;
    }
    // One character more than fits: a space there means the last word fits whole.
    let head: Vec<char> = words.text.chars().take(max_chars + 1).collect();
    let cut = match head.iter().rposition(|&c| c == ' ') {
        Some(i) if i > max_chars / 2 => &head[..i],
        _ => &head[..max_chars],
    };
    let cut: String = cut.iter().collect();
    format!("{}…", cut.trim_end_matches([',', '.', ';', ':']))
}

#[cfg(test)]
mod tests;
