//! How much a text asks of the renderer, measured before its HTML is made.
//!
//! The HTML parser's work grows with the number of elements times their depth, so a
//! text written now may open at most [`MAX_DEPTH`](super::MAX_DEPTH) elements inside
//! one another and [`MAX_ELEMENTS`] in all. Both are measured on Markdown's events,
//! before any HTML is written; the raw HTML among them is measured again when it is
//! balanced (`html_balance`). A line that asks for more quotes and lists than the depth
//! allows is refused before the Markdown parser reads the text at all: such lines are
//! what makes that parser slow too.

use pulldown_cmark::{Event, Tag};

/// The most elements a text written now may make: far more than a long article's
/// paragraphs, list items, table cells, emphasis and links.
pub const MAX_ELEMENTS: usize = 20_000;

/// The most HTML a post's text may make once formatted: four times the most Markdown
/// it may have, more than any ordinary text makes (a link given by reference repeats its
/// address wherever it is used, so 256 KiB of references to a long address would make
/// hundreds of megabytes).
pub const MAX_HTML_BYTES: usize = 1024 * 1024;

/// What a text asks for beyond the bounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Excess {
    Depth,
    Elements,
    /// The HTML it would make, at least this many bytes.
    Html(usize),
}

/// The most quotes and lists the start of one line opens (`> - > 1. x`), read without
/// parsing. A thematic break (`* * *`: one of `-`, `*` or `_` three times or more, with
/// spaces or tabs alone between) opens none.
pub fn deepest_line(markdown: &str) -> usize {
    markdown
        .lines()
        .filter(|line| !thematic_break(line))
        .map(line_depth)
        .max()
        .unwrap_or(0)
}

fn thematic_break(line: &str) -> bool {
    let mut marks = line.chars().filter(|c| !matches!(c, ' ' | '\t'));
    let Some(first) = marks.next() else {
        return false;
    };
    matches!(first, '-' | '*' | '_') && marks.clone().count() >= 2 && marks.all(|c| c == first)
}

fn line_depth(line: &str) -> usize {
    let mut depth = 0;
    let mut rest = line.as_bytes();
    loop {
        while let [b' ' | b'\t', after @ ..] = rest {
            rest = after;
        }
        match rest {
            [b'>', after @ ..] => {
                depth += 1;
                rest = after;
            }
            // A list and its item.
            [b'-' | b'*' | b'+', after @ ..]
                if after.first().is_none_or(|b| matches!(b, b' ' | b'\t')) =>
            {
                depth += 2;
                rest = after;
            }
            [b'0'..=b'9', ..] => {
                let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
                match &rest[digits..] {
                    [b'.' | b')', after @ ..]
                        if digits <= 9
                            && after.first().is_none_or(|b| matches!(b, b' ' | b'\t')) =>
                    {
                        depth += 2;
                        rest = after;
                    }
                    _ => return depth,
                }
            }
            _ => return depth,
        }
    }
}

/// Whether a post's events (binary images already made HTML) go beyond the bounds: the
/// elements they open inside one another and the elements they make, raw HTML's start
/// tags counted among them.
pub fn excess(events: &[Event<'_>]) -> Option<Excess> {
    let mut depth = 0usize;
    let mut elements = 0usize;
    // What the HTML will hold at least: the text, and each link's and image's address
    // and title (written out wherever a reference is used).
    let mut html = 0usize;
    for event in events {
        html += match event {
            Event::Start(Tag::Link {
                dest_url, title, ..
            })
            | Event::Start(Tag::Image {
                dest_url, title, ..
            }) => dest_url.len() + title.len(),
            Event::Text(text)
            | Event::Code(text)
            | Event::Html(text)
            | Event::InlineHtml(text)
            | Event::InlineMath(text)
            | Event::DisplayMath(text) => text.len(),
            _ => 0,
        };
        if html > MAX_HTML_BYTES {
            return Some(Excess::Html(html));
        }
        match event {
            Event::Start(tag) => {
                depth += 1;
                if depth > super::MAX_DEPTH {
                    return Some(Excess::Depth);
                }
                // A table's head row and a footnote's reference are two elements.
                elements += match tag {
                    Tag::TableHead | Tag::FootnoteDefinition(_) => 2,
                    _ => 1,
                };
            }
            Event::End(_) => depth = depth.saturating_sub(1),
            Event::Html(html) | Event::InlineHtml(html) => elements += start_tags(html),
            Event::Code(_)
            | Event::Rule
            | Event::HardBreak
            | Event::TaskListMarker(_)
            | Event::InlineMath(_)
            | Event::DisplayMath(_) => elements += 1,
            Event::FootnoteReference(_) => elements += 2,
            Event::Text(_) | Event::SoftBreak => {}
        }
        if elements > MAX_ELEMENTS {
            return Some(Excess::Elements);
        }
    }
    None
}

/// How many start tags raw HTML may hold: each `<` followed by a letter.
fn start_tags(html: &str) -> usize {
    html.as_bytes()
        .windows(2)
        .filter(|w| w[0] == b'<' && w[1].is_ascii_alphabetic())
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_prefixes_count_quotes_and_lists_but_not_rules_or_text() {
        assert_eq!(line_depth("> > x"), 2);
        assert_eq!(line_depth(">>>x"), 3);
        assert_eq!(line_depth("- > 1. x"), 5);
        assert_eq!(line_depth("  * 12) + x"), 6);
        assert_eq!(line_depth("-x"), 0);
        assert_eq!(line_depth("1234567890. x"), 0);
        assert_eq!(line_depth("text > more"), 0);
        assert_eq!(line_depth("-\t-\tx"), 4, "a tab after a marker");
        assert_eq!(deepest_line(&"* ".repeat(100)), 0, "a thematic break");
        assert_eq!(deepest_line("_ _ _\n- - -"), 0, "thematic breaks");
        assert_eq!(deepest_line(&"- * ".repeat(20)), 80, "lists, not a break");
        assert_eq!(deepest_line("a\n> b\n> > c\n"), 2);
    }

    #[test]
    fn raw_start_tags_are_counted_and_end_tags_are_not() {
        // A tag in a comment counts too: the count is a bound, not an exact figure.
        assert_eq!(start_tags("<div><b>x</b></div><!-- <p> --> a < b"), 3);
    }
}
