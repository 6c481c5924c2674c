//! HTML the sanitizer's parser reads in linear time.
//!
//! An HTML parser keeps a stack of open elements and, for most tags, walks it: is a `<p>`
//! open to close, is this end tag's element in scope. Each walk costs the stack's depth,
//! so text that opens elements ten thousand deep (`>` repeated in Markdown, `<div>`
//! repeated in raw HTML) costs the square of its length: seconds for a few kilobytes.
//! Elements a block closes but no end tag closed (`<b>` left open in a paragraph) are
//! opened again in every later block, which multiplies the document too.
//!
//! This pass reads what Markdown rendered with the parser's own tokenizer (html5ever's,
//! as the sanitizer uses) and writes it again balanced: every element closed inside its
//! parent, end tags without an open element dropped, the end tags HTML leaves out (a
//! `<p>` before a block, an `<li>` before the next) written, and never more than a fixed
//! number of elements open. What the parser then reads is a tree no deeper than that,
//! whose formatting elements are all closed where they stand, so every walk is short.
//! Nothing here needs to be safe: the sanitizer reads the result as before. The pass
//! only drops what the sanitizer would drop anyway (comments, scripts and styles with
//! their content, the tags of elements it does not allow whose content is text).

use html5ever::tendril::StrTendril;
use html5ever::tokenizer::states::RawKind;
use html5ever::tokenizer::{
    BufferQueue, Tag, TagKind, Token, TokenSink, TokenSinkResult, Tokenizer,
};
use std::cell::RefCell;

/// The most elements open at once that a text may need: a list item in a list is two, a
/// quote one, a paragraph one, emphasis one.
pub const MAX_DEPTH: usize = 32;

/// What [`balance`] wrote, and how deep the text went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Balanced {
    /// The balanced HTML: elements beyond [`MAX_DEPTH`] lose their tags (their content
    /// stays).
    pub html: String,
    /// Elements whose tags were dropped because too many were open around them.
    pub too_deep: usize,
}

/// Elements without content or end tag.
const VOID: &[&str] = &[
    "area", "br", "col", "embed", "hr", "image", "img", "input", "keygen", "param", "source",
    "track", "wbr",
];

/// Elements dropped with their content, as the sanitizer drops them (scripts and styles)
/// or as the parser keeps them out of the tree (a template's content).
const DROPPED_WITH_CONTENT: &[&str] = &["script", "style", "template"];

/// Elements the parser reads as text up to their end tag; the sanitizer allows none of
/// them, so their tags go and their text stays.
const TEXT_ONLY: &[(&str, RawKind)] = &[
    ("iframe", RawKind::Rawtext),
    ("noembed", RawKind::Rawtext),
    ("noframes", RawKind::Rawtext),
    ("noscript", RawKind::Rawtext),
    ("xmp", RawKind::Rawtext),
    ("textarea", RawKind::Rcdata),
    ("title", RawKind::Rcdata),
];

/// Tags that have no place in a fragment of a page's body (the parser ignores them), and
/// foreign roots, whose content is read here as HTML like the rest: the sanitizer allows
/// neither.
const IGNORED: &[&str] = &[
    "base", "basefont", "bgsound", "body", "frame", "frameset", "head", "html", "link", "math",
    "meta", "svg",
];

/// A table's parts: outside a table the parser ignores them, and so does this pass (kept,
/// a stray cell would be a wall that no implied end tag passes here, while the parser
/// reads on through it).
const TABLE_PARTS: &[&str] = &[
    "caption", "col", "colgroup", "tbody", "td", "tfoot", "th", "thead", "tr",
];

/// Start tags that close an open `<p>` (HTML's "close a p element" before inserting).
const CLOSES_P: &[&str] = &[
    "address",
    "article",
    "aside",
    "blockquote",
    "center",
    "dd",
    "details",
    "dialog",
    "dir",
    "div",
    "dl",
    "dt",
    "fieldset",
    "figcaption",
    "figure",
    "footer",
    "form",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "header",
    "hgroup",
    "hr",
    "li",
    "listing",
    "main",
    "menu",
    "nav",
    "ol",
    "p",
    "pre",
    "search",
    "section",
    "summary",
    "table",
    "ul",
];

const HEADINGS: &[&str] = &["h1", "h2", "h3", "h4", "h5", "h6"];

/// Elements no implied end tag reaches past (HTML's default scope), with the table parts.
const SCOPE: &[&str] = &[
    "applet", "button", "caption", "marquee", "object", "table", "td", "th",
];

/// Elements an item's implied end (`<li>`, `<dt>`, `<dd>`) does not reach past.
const ITEM_SCOPE: &[&str] = &[
    "applet",
    "blockquote",
    "button",
    "caption",
    "details",
    "dl",
    "fieldset",
    "figure",
    "marquee",
    "object",
    "ol",
    "section",
    "table",
    "td",
    "th",
    "ul",
];

struct State {
    out: String,
    open: Vec<String>,
    /// Elements opened beyond the depth, whose tags were dropped, innermost last: until
    /// they end, what comes is inside them, so no implied end tag reaches the elements
    /// kept.
    beyond: Vec<String>,
    too_deep: usize,
    /// Inside an element dropped with its content: its name and how many are open.
    dropping: Option<(String, usize)>,
}

impl State {
    fn close_top(&mut self) {
        if let Some(name) = self.open.pop() {
            self.out.push_str("</");
            self.out.push_str(&name);
            self.out.push('>');
        }
    }

    /// Closes everything above the open element at `index`, and it.
    fn close_to(&mut self, index: usize) {
        while self.open.len() > index {
            self.close_top();
        }
    }

    /// The innermost open element named one of `names`, unless one of `stops` is open
    /// inside it.
    fn find(&self, names: &[&str], stops: &[&str]) -> Option<usize> {
        for (i, name) in self.open.iter().enumerate().rev() {
            if names.contains(&name.as_str()) {
                return Some(i);
            }
            if stops.contains(&name.as_str()) {
                return None;
            }
        }
        None
    }

    fn close_named(&mut self, names: &[&str], stops: &[&str]) {
        if let Some(at) = self.find(names, stops) {
            self.close_to(at);
        }
    }

    fn text(&mut self, text: &str) {
        for c in text.chars() {
            match c {
                '&' => self.out.push_str("&amp;"),
                '<' => self.out.push_str("&lt;"),
                '>' => self.out.push_str("&gt;"),
                '\0' => {}
                c => self.out.push(c),
            }
        }
    }

    fn write_tag(&mut self, tag: &Tag) {
        self.out.push('<');
        self.out.push_str(&tag.name);
        for attribute in &tag.attrs {
            self.out.push(' ');
            self.out.push_str(&attribute.name.local);
            self.out.push_str("=\"");
            for c in attribute.value.chars() {
                match c {
                    '&' => self.out.push_str("&amp;"),
                    '"' => self.out.push_str("&quot;"),
                    '\0' => {}
                    c => self.out.push(c),
                }
            }
            self.out.push('"');
        }
        self.out.push('>');
    }

    fn start(&mut self, tag: &Tag) -> TokenSinkResult<()> {
        let name: &str = &tag.name;
        if let Some((dropped, depth)) = &mut self.dropping {
            if name == dropped {
                *depth += 1;
            }
            return raw_kind(name).map_or(TokenSinkResult::Continue, TokenSinkResult::RawData);
        }
        if DROPPED_WITH_CONTENT.contains(&name) {
            self.dropping = Some((name.to_owned(), 1));
            return raw_kind(name).map_or(TokenSinkResult::Continue, TokenSinkResult::RawData);
        }
        if let Some(kind) = raw_kind(name) {
            return TokenSinkResult::RawData(kind);
        }
        if name == "plaintext" {
            // Everything after it is text.
            return TokenSinkResult::Plaintext;
        }
        if IGNORED.contains(&name)
            || (TABLE_PARTS.contains(&name) && self.find(&["table"], &[]).is_none())
        {
            return TokenSinkResult::Continue;
        }
        if !self.beyond.is_empty() {
            if !VOID.contains(&name) {
                self.too_deep += 1;
                self.beyond.push(name.to_owned());
            }
            return TokenSinkResult::Continue;
        }
        // The end tags HTML implies.
        if CLOSES_P.contains(&name) {
            self.close_named(&["p"], SCOPE);
        }
        match name {
            "li" => self.close_named(&["li"], ITEM_SCOPE),
            "dt" | "dd" => self.close_named(&["dt", "dd"], ITEM_SCOPE),
            "tr" => self.close_named(&["tr"], &["table"]),
            "td" | "th" => self.close_named(&["td", "th"], &["tr", "table"]),
            "thead" | "tbody" | "tfoot" => {
                self.close_named(&["thead", "tbody", "tfoot"], &["table"])
            }
            "option" | "optgroup" => self.close_named(&["option"], &["select"]),
            "a" | "button" | "nobr" => self.close_named(&[name], SCOPE),
            _ if HEADINGS.contains(&name)
                && self
                    .open
                    .last()
                    .is_some_and(|top| HEADINGS.contains(&top.as_str())) =>
            {
                self.close_top()
            }
            _ => {}
        }
        if VOID.contains(&name) {
            self.write_tag(tag);
            return TokenSinkResult::Continue;
        }
        if self.open.len() >= MAX_DEPTH {
            self.too_deep += 1;
            self.beyond.push(name.to_owned());
            return TokenSinkResult::Continue;
        }
        self.write_tag(tag);
        self.open.push(name.to_owned());
        TokenSinkResult::Continue
    }

    fn end(&mut self, tag: &Tag) {
        let name: &str = &tag.name;
        if let Some((dropped, depth)) = &mut self.dropping {
            if name == dropped {
                *depth -= 1;
                if *depth == 0 {
                    self.dropping = None;
                }
            }
            return;
        }
        if !self.beyond.is_empty() {
            // Only the innermost element beyond the depth can end here; other end tags
            // are dropped with it.
            if self.beyond.last().is_some_and(|open| open == name) {
                self.beyond.pop();
            }
            return;
        }
        if IGNORED.contains(&name) || raw_kind(name).is_some() || VOID.contains(&name) {
            // `</br>` is read as a line break, as a browser does.
            if name == "br" {
                self.out.push_str("<br>");
            }
            return;
        }
        let stops: &[&str] = match name {
            "table" => &[],
            "tr" | "td" | "th" | "thead" | "tbody" | "tfoot" | "caption" => &["table"],
            _ => SCOPE,
        };
        self.close_named(&[name], stops);
    }
}

/// How the parser reads what follows a start tag of `name`, when not as markup.
fn raw_kind(name: &str) -> Option<RawKind> {
    match name {
        "script" => Some(RawKind::ScriptData),
        "style" => Some(RawKind::Rawtext),
        _ => TEXT_ONLY
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, kind)| *kind),
    }
}

struct Sink(RefCell<State>);

impl TokenSink for Sink {
    type Handle = ();

    fn process_token(&self, token: Token, _line: u64) -> TokenSinkResult<()> {
        let mut state = self.0.borrow_mut();
        match token {
            Token::TagToken(tag) => match tag.kind {
                TagKind::StartTag => return state.start(&tag),
                TagKind::EndTag => state.end(&tag),
            },
            Token::CharacterTokens(text) if state.dropping.is_none() => state.text(&text),
            // Comments, doctypes, NUL characters and parse errors: nothing to keep.
            _ => {}
        }
        TokenSinkResult::Continue
    }
}

/// `html` written again balanced and at most [`MAX_DEPTH`] elements deep (see the
/// module's documentation). Linear in the length of `html`.
pub fn balance(html: &str) -> Balanced {
    let sink = Sink(RefCell::new(State {
        out: String::with_capacity(html.len() + html.len() / 8),
        open: Vec::new(),
        beyond: Vec::new(),
        too_deep: 0,
        dropping: None,
    }));
    let tokenizer = Tokenizer::new(sink, Default::default());
    let input = BufferQueue::default();
    input.push_back(StrTendril::from_slice(html));
    let _ = tokenizer.feed(&input);
    tokenizer.end();
    let mut state = tokenizer.sink.0.into_inner();
    state.close_to(0);
    Balanced {
        html: state.out,
        too_deep: state.too_deep,
    }
}

#[cfg(test)]
mod tests;
