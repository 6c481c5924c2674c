//! A note from the fediverse as a comment's text. Servers send a note's content as HTML
//! (Mastodon's paragraphs, line breaks, links, mentions and hashtags; other servers'
//! emphasis, quotes, lists and code); a comment is Markdown of a small subset, rendered
//! and sanitized as every comment is. This reads the HTML with the sanitizer's own
//! tokenizer (one pass, no tree, so linear whatever its nesting) and writes Markdown:
//! paragraphs, line breaks, emphasis, inline code and links, every other character of
//! text escaped so that nothing in it is read as Markdown. Mentions and hashtags stay as
//! their text (`@name@host`, `#tag`); links beyond a comment's few are written as their
//! text and address; a content warning comes first, and attachments last as links.

use crate::domain::comment::CommentBody;
use html5ever::tendril::StrTendril;
use html5ever::tokenizer::{
    BufferQueue, Tag, TagKind, Token, TokenSink, TokenSinkResult, Tokenizer,
};
use std::cell::RefCell;

/// What of a note becomes a comment.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Note<'a> {
    /// The note's `content` (HTML).
    pub content: &'a str,
    /// Its content warning (`summary`), if it has one.
    pub summary: Option<&'a str>,
    /// Its attachments: the address of each, and its description.
    pub attachments: Vec<(&'a str, &'a str)>,
    /// Where its whole text can be read (its `url`, or its id).
    pub url: &'a str,
}

/// The most HTML of a note read: past it the rest is left out (and the comment says so).
pub const MAX_CONTENT_BYTES: usize = 64 * 1024;

/// The note as a comment's text: valid (within a comment's bounds), shortened with a
/// link to the whole note when it is longer than a comment may be. `None` when it has no
/// text at all.
pub fn comment_text(note: &Note<'_>) -> Option<CommentBody> {
    let mut links = Links {
        left: CommentBody::MAX_LINKS,
    };
    let mut parts = Vec::new();
    if let Some(summary) = note.summary.map(str::trim).filter(|s| !s.is_empty()) {
        parts.push(format!("**{}**", escape(&one_line(summary))));
    }
    let cut = note.content.len() > MAX_CONTENT_BYTES;
    let content = if cut {
        // Cut at a character's boundary.
        let mut end = MAX_CONTENT_BYTES;
        while !note.content.is_char_boundary(end) {
            end -= 1;
        }
        &note.content[..end]
    } else {
        note.content
    };
    let body = markdown_of(content, &mut links);
    if !body.is_empty() {
        parts.push(body);
    }
    for (url, description) in &note.attachments {
        if !is_web_address(url) {
            continue;
        }
        let label = match description.trim() {
            "" => "Attachment".to_owned(),
            d => format!("Attachment: {}", one_line(d)),
        };
        parts.push(links.link(&escape(&label), url));
    }
    if parts.is_empty() {
        return None;
    }
    let whole = parts.join("\n\n");
    if !cut && let Ok(body) = CommentBody::parse(&whole) {
        return Some(body);
    }
    shortened(&whole, note.url)
}

/// `text` cut to fit a comment, with a link to where the rest is; the same as plain
/// text, shorter each time, if the first cut does not fit once formatted.
fn shortened(text: &str, url: &str) -> Option<CommentBody> {
    // A link to the whole note, when its address leaves room for some text.
    let more = if is_web_address(url) && url.len() < CommentBody::MAX_CHARS / 4 {
        format!("\n\n[Read the whole reply]({})", link_target(url))
    } else {
        String::new()
    };
    let mut budget_chars = CommentBody::MAX_CHARS.saturating_sub(more.chars().count() + 2);
    let mut budget_bytes = CommentBody::MAX_BYTES.saturating_sub(more.len() + 4);
    for _ in 0..8 {
        let mut cut = String::new();
        for c in text.chars().take(budget_chars) {
            if cut.len() + c.len_utf8() > budget_bytes {
                break;
            }
            cut.push(c);
        }
        // Not inside an escape or a link's Markdown: cut at the last space.
        if cut.len() < text.len()
            && let Some(space) = cut.rfind([' ', '\n'])
        {
            cut.truncate(space);
        }
        let candidate = format!("{} …{more}", cut.trim_end());
        if let Ok(body) = CommentBody::parse(&candidate) {
            return Some(body);
        }
        budget_chars /= 2;
        budget_bytes /= 2;
    }
    None
}

/// Whether `url` is an absolute http(s) address a link may point to.
fn is_web_address(url: &str) -> bool {
    (url.starts_with("https://") || url.starts_with("http://"))
        && url.len() <= 2048
        && !url.chars().any(|c| c.is_whitespace() || c.is_control())
}

/// A link's target as Markdown reads it whole: in angle brackets, which it may not hold.
fn link_target(url: &str) -> String {
    format!("<{}>", url.replace('<', "%3C").replace('>', "%3E"))
}

/// The links a comment may still hold.
struct Links {
    left: usize,
}

impl Links {
    /// A link with `label` (Markdown) to `url`, or the label and the address as text once
    /// the comment holds as many links as it may.
    fn link(&mut self, label: &str, url: &str) -> String {
        if self.left > 1 {
            self.left -= 1;
            format!("[{label}]({})", link_target(url))
        } else {
            // The last one is kept for a link to the whole note, should it be cut.
            format!("{label} ({})", escape(url))
        }
    }
}

/// `text` on one line, its runs of white space one space.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `text` with every character Markdown could read as markup escaped.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    for c in text.chars() {
        if matches!(
            c,
            '\\' | '`'
                | '*'
                | '_'
                | '['
                | ']'
                | '<'
                | '>'
                | '!'
                | '&'
                | '~'
                | '|'
                | '#'
                | '+'
                | '-'
                | '='
                | '.'
                | ')'
                | '('
                | '{'
                | '}'
                | '"'
        ) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// What the tokenizer has written so far.
struct State<'l> {
    out: String,
    /// The Markdown of the link being read, its address, and whether it is a mention or
    /// a hashtag (written as its text).
    link: Option<(String, String, bool)>,
    links: &'l mut Links,
    /// Inside `<pre>`: line breaks are kept.
    pre: usize,
    /// Elements whose text is dropped (scripts, styles), how deep.
    dropping: usize,
}

impl State<'_> {
    fn target(&mut self) -> &mut String {
        match &mut self.link {
            Some((label, _, _)) => label,
            None => &mut self.out,
        }
    }

    fn push(&mut self, text: &str) {
        self.target().push_str(text);
    }

    /// A paragraph's break: one blank line, never at the start or twice.
    fn block(&mut self) {
        if self.link.is_some() {
            self.push(" ");
            return;
        }
        let trimmed = self.out.trim_end_matches([' ', '\n']).len();
        self.out.truncate(trimmed);
        if !self.out.is_empty() {
            self.out.push_str("\n\n");
        }
    }

    fn text(&mut self, text: &str) {
        if self.dropping > 0 {
            return;
        }
        if self.pre > 0 {
            let lines: Vec<String> = text.split('\n').map(escape).collect();
            let joined = lines.join("\\\n");
            self.push(&joined);
            return;
        }
        let mut squeezed = String::with_capacity(text.len());
        let mut space = self.target().ends_with([' ', '\n']) || self.target().is_empty();
        for c in text.chars() {
            if c.is_whitespace() {
                if !space {
                    squeezed.push(' ');
                    space = true;
                }
            } else {
                space = false;
                squeezed.push(c);
            }
        }
        let escaped = escape(&squeezed);
        self.push(&escaped);
    }

    fn start(&mut self, tag: &Tag) {
        let name = tag.name.as_ref();
        if matches!(name, "script" | "style" | "template") {
            self.dropping += 1;
            return;
        }
        match name {
            "p" | "div" | "blockquote" | "ul" | "ol" | "h1" | "h2" | "h3" | "h4" | "h5" | "h6"
            | "hr" | "figure" => self.block(),
            "li" => {
                self.block();
                self.push("• ");
            }
            "pre" => {
                self.block();
                self.pre += 1;
            }
            "br" => {
                if self.link.is_some() {
                    self.push(" ");
                } else {
                    let trimmed = self.out.trim_end_matches(' ').len();
                    self.out.truncate(trimmed);
                    if !self.out.is_empty() && !self.out.ends_with('\n') {
                        self.out.push_str("\\\n");
                    }
                }
            }
            "strong" | "b" => self.push("**"),
            "em" | "i" => self.push("*"),
            "del" | "s" => {}
            // A picture in the text: its description, linking to it (the comment shows
            // no pictures of other servers).
            "img" if self.dropping == 0 => {
                let alt = attr(tag, "alt")
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ");
                let src = attr(tag, "src");
                if self.link.is_none() && is_web_address(&src) {
                    let label = if alt.is_empty() {
                        "picture".to_owned()
                    } else {
                        escape(&alt)
                    };
                    let link = self.links.link(&label, &src);
                    self.push(&link);
                } else if !alt.is_empty() {
                    self.push(&escape(&alt));
                }
            }
            "a" if self.link.is_none() => {
                let href = attr(tag, "href");
                let class = attr(tag, "class");
                let tagged = class
                    .split_whitespace()
                    .any(|c| matches!(c, "mention" | "hashtag" | "u-url"));
                self.link = Some((String::new(), href, tagged));
            }
            _ => {}
        }
    }

    fn end(&mut self, tag: &Tag) {
        let name = tag.name.as_ref();
        if matches!(name, "script" | "style" | "template") {
            self.dropping = self.dropping.saturating_sub(1);
            return;
        }
        match name {
            "p" | "div" | "blockquote" | "ul" | "ol" | "li" | "h1" | "h2" | "h3" | "h4" | "h5"
            | "h6" | "figure" => self.block(),
            "pre" => {
                self.pre = self.pre.saturating_sub(1);
                self.block();
            }
            "strong" | "b" => self.push("**"),
            "em" | "i" => self.push("*"),
            "a" => {
                if let Some((label, href, tagged)) = self.link.take() {
                    let label = label.trim().to_owned();
                    let plain = tagged || label.starts_with(['@', '#']) || label.starts_with("\\#");
                    if plain || !is_web_address(&href) || label.is_empty() {
                        self.out.push_str(&label);
                    } else {
                        let link = self.links.link(&label, &href);
                        self.out.push_str(&link);
                    }
                }
            }
            _ => {}
        }
    }
}

/// An attribute of a tag, or nothing.
fn attr(tag: &Tag, wanted: &str) -> String {
    tag.attrs
        .iter()
        .find(|a| &*a.name.local == wanted)
        .map(|a| a.value.to_string())
        .unwrap_or_default()
}

struct Sink<'l>(RefCell<State<'l>>);

impl TokenSink for Sink<'_> {
    type Handle = ();

    fn process_token(&self, token: Token, _line: u64) -> TokenSinkResult<()> {
        let mut state = self.0.borrow_mut();
        match token {
            Token::TagToken(tag) => match tag.kind {
                TagKind::StartTag => state.start(&tag),
                TagKind::EndTag => state.end(&tag),
            },
            Token::CharacterTokens(text) => state.text(&text),
            _ => {}
        }
        TokenSinkResult::Continue
    }
}

/// The Markdown of a note's HTML.
fn markdown_of(html: &str, links: &mut Links) -> String {
    let sink = Sink(RefCell::new(State {
        out: String::with_capacity(html.len()),
        link: None,
        links,
        pre: 0,
        dropping: 0,
    }));
    let tokenizer = Tokenizer::new(sink, Default::default());
    let input = BufferQueue::default();
    input.push_back(StrTendril::from_slice(html));
    let _ = tokenizer.feed(&input);
    tokenizer.end();
    let mut state = tokenizer.sink.0.into_inner();
    if let Some((label, _, _)) = state.link.take() {
        state.out.push_str(&label);
    }
    // Emphasis left open would not close: the markers are plain Markdown text, and an
    // unmatched one is shown as it is.
    state.out.trim().to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn note(content: &str) -> Note<'_> {
        Note {
            content,
            url: "https://social.example/@ada/1",
            ..Note::default()
        }
    }

    fn html(content: &str) -> String {
        comment_text(&note(content)).unwrap().to_html()
    }

    #[test]
    fn mastodon_paragraphs_mentions_and_links() {
        let content = r#"<p><span class="h-card" translate="no"><a href="https://blog.example/ap/users/1" class="u-url mention">@<span>writer</span></a></span> Lovely post!</p><p>See <a href="https://example.org/a_long/path" rel="nofollow noopener" target="_blank"><span class="invisible">https://</span><span class="ellipsis">example.org/a_long</span><span class="invisible">/path</span></a> and <a href="https://social.example/tags/rust" class="mention hashtag" rel="tag">#<span>rust</span></a><br>bye</p>"#;
        let body = comment_text(&note(content)).unwrap();
        assert_eq!(
            body.as_str(),
            "@writer Lovely post\\!\n\nSee [https://example\\.org/a\\_long/path](<https://example.org/a_long/path>) and \\#rust\\\nbye"
        );
        let html = body.to_html();
        assert!(html.contains("<p>@writer Lovely post!</p>"), "{html}");
        assert!(
            html.contains(r#"<a href="https://example.org/a_long/path""#),
            "{html}"
        );
        assert!(html.contains("#rust<br"), "{html}");
    }

    #[test]
    fn a_picture_becomes_its_description_linking_to_it() {
        let shown = html(
            r#"<p>Look: <img src="https://social.example/a.png" alt="A  red
            kite"></p>"#,
        );
        assert!(
            shown.contains(r#"Look: <a href="https://social.example/a.png""#),
            "{shown}"
        );
        assert!(shown.contains(">A red kite</a>"), "{shown}");
        let shown = html(r#"<img src="https://social.example/b.png">"#);
        assert!(shown.contains(">picture</a>"), "{shown}");
        // Inside a link, its description is the link's text; of no web address, only it.
        let shown = html(
            r#"<a href="https://x.example/"><img src="https://x.example/c.png" alt="Logo"></a>"#,
        );
        assert!(
            shown.contains(r#"<a href="https://x.example/""#) && shown.contains(">Logo</a>"),
            "{shown}"
        );
        let shown = html(r#"<img src="javascript:alert(1)" alt="Hi">"#);
        assert!(
            shown.contains("Hi") && !shown.contains("javascript"),
            "{shown}"
        );
        assert!(comment_text(&note(r#"<img src="data:x">"#)).is_none());
    }

    #[test]
    fn markup_in_text_stays_text() {
        let html = html("<p>*not bold* [not](a link) &lt;b&gt;1. x # y `z`</p>");
        assert!(
            html.contains("*not bold* [not](a link) &lt;b&gt;1. x # y `z`"),
            "{html}"
        );
        assert!(!html.contains("<em>") && !html.contains("<a "), "{html}");
    }

    #[test]
    fn emphasis_code_and_quotes_keep_their_meaning() {
        let html = html(
            "<p><strong>bold</strong> and <em>soft</em></p><blockquote><p>quoted</p></blockquote><ul><li>one</li><li>two</li></ul>",
        );
        assert!(
            html.contains("<strong>bold</strong> and <em>soft</em>"),
            "{html}"
        );
        assert!(html.contains("quoted") && html.contains("• one") && html.contains("• two"));
    }

    #[test]
    fn scripts_and_unsafe_links_go() {
        let html = html(
            r#"<p>hi<script>alert(1)</script> <a href="javascript:alert(1)">click</a> <img src=x onerror=alert(1)></p>"#,
        );
        assert!(
            !html.contains("alert") || !html.contains("<script"),
            "{html}"
        );
        assert!(!html.contains("javascript:"), "{html}");
        assert!(html.contains("hi") && html.contains("click"), "{html}");
    }

    #[test]
    fn a_content_warning_comes_first_and_attachments_last() {
        let body = comment_text(&Note {
            content: "<p>spoilers</p>",
            summary: Some("Season finale"),
            attachments: vec![("https://files.example/a.png", "A cat")],
            url: "https://social.example/@ada/1",
        })
        .unwrap();
        let html = body.to_html();
        let warning = html.find("Season finale").unwrap();
        let text = html.find("spoilers").unwrap();
        let attachment = html.find("Attachment: A cat").unwrap();
        assert!(warning < text && text < attachment, "{html}");
        assert!(
            html.contains(r#"href="https://files.example/a.png""#),
            "{html}"
        );
    }

    #[test]
    fn links_past_a_comments_few_are_written_out() {
        let content: String = (0..6)
            .map(|i| format!(r#"<a href="https://example.org/{i}">link {i}</a> "#))
            .collect();
        let body = comment_text(&note(&content)).unwrap();
        let html = body.to_html();
        assert!(
            html.matches("<a ").count() <= CommentBody::MAX_LINKS,
            "{html}"
        );
        assert!(html.contains("link 5 (https://example.org/5)"), "{html}");
    }

    #[test]
    fn a_long_note_is_cut_with_a_link_to_the_whole() {
        let content = format!("<p>{}</p>", "word ".repeat(2_000));
        let body = comment_text(&note(&content)).unwrap();
        assert!(body.as_str().chars().count() <= CommentBody::MAX_CHARS);
        let html = body.to_html();
        assert!(html.contains("Read the whole reply"), "{html}");
        assert!(html.contains("https://social.example/@ada/1"), "{html}");
    }

    #[test]
    fn nothing_to_show_is_none() {
        assert_eq!(comment_text(&note("<p> </p><script>x</script>")), None);
    }

    #[test]
    fn deep_nesting_is_read_flat() {
        let content = "<blockquote>".repeat(2_500) + "x" + &"</blockquote>".repeat(2_500);
        let body = comment_text(&note(&content)).unwrap();
        assert_eq!(body.as_str(), "x");
    }

    #[test]
    fn an_oversized_note_is_read_in_part_and_cut() {
        let content = format!("<p>{}</p>", "é".repeat(MAX_CONTENT_BYTES));
        let body = comment_text(&note(&content)).unwrap();
        assert!(body.to_html().contains("Read the whole reply"));
    }
}
