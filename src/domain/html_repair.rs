//! Makes sanitized HTML valid as well as safe.
//!
//! The sanitizer keeps allowed elements wherever hostile input put them and drops
//! attributes it refuses, which can leave HTML that is safe but not valid: an `<a>`
//! whose `javascript:` link was removed, an `<img>` without `src` or `alt`, a
//! `<details>` without `<summary>`, a `<div>` inside an `<em>`, an `<li>` outside any
//! list. This pass reads the sanitizer's output (well-formed: every element closed,
//! attributes double-quoted) with the stack of open elements, and mends each case
//! where it is: an element that may not stand where it is keeps its content and loses
//! its tags, a required attribute or child is supplied, an element that cannot be
//! mended (an image with no source) goes.

/// Elements without an end tag.
const VOID: [&str; 5] = ["br", "hr", "img", "input", "wbr"];

/// Elements whose content may only be phrasing content (text and inline elements).
const PHRASING_ONLY: [&str; 30] = [
    "a", "abbr", "b", "bdi", "cite", "code", "dfn", "em", "h1", "h2", "h3", "h4", "h5", "h6", "i",
    "kbd", "mark", "p", "pre", "q", "s", "samp", "small", "span", "strong", "sub", "sup",
    "summary", "u", "var",
];

/// Elements whose content model is their parent's: what may stand in them is what may
/// stand where they are.
const TRANSPARENT: [&str; 2] = ["del", "ins"];

/// Heading content, which a table header cell may not hold.
const HEADINGS: [&str; 6] = ["h1", "h2", "h3", "h4", "h5", "h6"];

/// Elements that are flow content but not phrasing content: they may not stand inside
/// an element of `PHRASING_ONLY`.
const FLOW_ONLY: [&str; 19] = [
    "blockquote",
    "details",
    "div",
    "figure",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "hr",
    "li",
    "ol",
    "p",
    "pre",
    "summary",
    "table",
    "ul",
    "tbody",
];

/// Elements that may not stand inside an `<a>` (interactive content).
const INTERACTIVE: [&str; 4] = ["a", "details", "input", "summary"];

/// An element that is open, as the output has it.
struct Open {
    name: String,
    /// Dropped: its end tag is dropped too, and its children belong to its parent.
    unwrapped: bool,
    /// A `<details>` still waiting for its `<summary>`.
    wants_summary: bool,
    /// An `<li>` this pass opened around a stray child of a list, closed after it.
    wrapper: bool,
    /// An element child has been written in it.
    children: bool,
}

enum Token<'a> {
    Text(&'a str),
    Start {
        name: String,
        raw: &'a str,
        attributes: &'a str,
    },
    End {
        name: String,
        raw: &'a str,
    },
}

fn tokens(html: &str) -> Vec<Token<'_>> {
    let mut out = Vec::new();
    let mut rest = html;
    while !rest.is_empty() {
        let Some(lt) = rest.find('<') else {
            out.push(Token::Text(rest));
            break;
        };
        if lt > 0 {
            out.push(Token::Text(&rest[..lt]));
            rest = &rest[lt..];
            continue;
        }
        // Serialized attribute values hold no raw '>' inside quotes? They may: only
        // '"' and '&' are escaped in them. Find the '>' outside quotes.
        let mut quoted = false;
        let mut end = None;
        for (i, c) in rest.char_indices().skip(1) {
            match c {
                '"' => quoted = !quoted,
                '>' if !quoted => {
                    end = Some(i);
                    break;
                }
                _ => {}
            }
        }
        let Some(end) = end else {
            out.push(Token::Text(rest));
            break;
        };
        let raw = &rest[..=end];
        let inner = &raw[1..raw.len() - 1];
        if let Some(name) = inner.strip_prefix('/') {
            out.push(Token::End {
                name: name.trim().to_ascii_lowercase(),
                raw,
            });
        } else {
            let split = inner
                .find(|c: char| c.is_whitespace() || c == '/')
                .unwrap_or(inner.len());
            out.push(Token::Start {
                name: inner[..split].to_ascii_lowercase(),
                raw,
                attributes: &inner[split..],
            });
        }
        rest = &rest[end + 1..];
    }
    out
}

/// The value of an attribute in a serialized start tag's attribute text.
fn attribute<'a>(attributes: &'a str, name: &str) -> Option<&'a str> {
    let mut rest = attributes;
    loop {
        rest = rest.trim_start_matches(|c: char| c.is_whitespace() || c == '/');
        if rest.is_empty() {
            return None;
        }
        let end = rest
            .find(|c: char| c == '=' || c.is_whitespace())
            .unwrap_or(rest.len());
        let key = &rest[..end];
        rest = &rest[end..];
        let value = if let Some(after) = rest.strip_prefix("=\"") {
            let close = after.find('"').unwrap_or(after.len());
            rest = after.get(close + 1..).unwrap_or("");
            &after[..close]
        } else {
            ""
        };
        if key.eq_ignore_ascii_case(name) {
            return Some(value);
        }
    }
}

/// The nearest element still in the output (not unwrapped), by name.
fn parent(stack: &[Open]) -> Option<&str> {
    stack
        .iter()
        .rev()
        .find(|o| !o.unwrapped)
        .map(|o| o.name.as_str())
}

/// The element whose content model applies where the next child goes: the parent, or
/// for a transparent parent the nearest ancestor that is not transparent.
fn content_parent(stack: &[Open]) -> Option<&str> {
    stack
        .iter()
        .rev()
        .find(|o| !o.unwrapped && !TRANSPARENT.contains(&o.name.as_str()))
        .map(|o| o.name.as_str())
}

fn inside(stack: &[Open], names: &[&str]) -> bool {
    stack
        .iter()
        .any(|o| !o.unwrapped && names.contains(&o.name.as_str()))
}

/// A `<details>` waiting for its summary gets one before anything else.
fn give_summary(stack: &mut [Open], out: &mut String) {
    if let Some(open) = stack.iter_mut().rev().find(|o| !o.unwrapped)
        && open.wants_summary
    {
        open.wants_summary = false;
        out.push_str("<summary>Details</summary>");
    }
}

/// Table parts that go with their content: a parser puts them where they come, often
/// after the rows, where they are not allowed, and their text cannot stay in a table.
const DROPPED_WITH_CONTENT: [&str; 2] = ["caption", "colgroup"];

/// Mends sanitized HTML into valid HTML (see the module's documentation).
pub fn repair(html: &str) -> String {
    let mut out = String::with_capacity(html.len() + 64);
    let mut stack: Vec<Open> = Vec::new();
    // Inside a dropped element: how many of its kind are open.
    let mut dropping: Option<(String, usize)> = None;
    for token in tokens(html) {
        if let Some((name, depth)) = &mut dropping {
            match &token {
                Token::Start { name: n, .. } if n == name => *depth += 1,
                Token::End { name: n, .. } if n == name => {
                    *depth -= 1;
                    if *depth == 0 {
                        dropping = None;
                    }
                }
                _ => {}
            }
            continue;
        }
        if let Token::Start { name, .. } = &token
            && DROPPED_WITH_CONTENT.contains(&name.as_str())
        {
            dropping = Some((name.clone(), 1));
            continue;
        }
        match token {
            Token::Text(text) => {
                if text.trim().is_empty() {
                    out.push_str(text);
                    continue;
                }
                give_summary(&mut stack, &mut out);
                if matches!(parent(&stack), Some("ul" | "ol")) {
                    // Text straight in a list: an item of its own.
                    out.push_str("<li>");
                    out.push_str(text);
                    out.push_str("</li>");
                } else {
                    out.push_str(text);
                }
            }
            Token::Start {
                name,
                raw,
                attributes,
            } => {
                let void = VOID.contains(&name.as_str());
                let is_summary = name == "summary";
                let wanted_summary = stack
                    .iter()
                    .rev()
                    .find(|o| !o.unwrapped)
                    .is_some_and(|o| o.wants_summary);
                if is_summary && wanted_summary {
                    // The summary a details waits for: its first child.
                    if let Some(open) = stack.iter_mut().rev().find(|o| !o.unwrapped) {
                        open.wants_summary = false;
                    }
                    out.push_str(raw);
                    stack.push(Open {
                        name,
                        unwrapped: false,
                        wants_summary: false,
                        wrapper: false,
                        children: false,
                    });
                    continue;
                }
                give_summary(&mut stack, &mut out);
                let in_phrasing = content_parent(&stack)
                    .is_some_and(|p| PHRASING_ONLY.contains(&p))
                    || inside(&stack, &["a", "summary"]) && FLOW_ONLY.contains(&name.as_str());
                let misplaced = (FLOW_ONLY.contains(&name.as_str()) && in_phrasing)
                    || (INTERACTIVE.contains(&name.as_str()) && inside(&stack, &["a"]))
                    || is_summary
                    || (name == "li" && !matches!(parent(&stack), Some("ul" | "ol")))
                    || (matches!(name.as_str(), "tbody" | "thead" | "tfoot")
                        && parent(&stack) != Some("table"))
                    || (name == "tr"
                        && !matches!(parent(&stack), Some("table" | "tbody" | "thead" | "tfoot")))
                    // A header comes before the rows; one after them is a row like the rest.
                    || (name == "thead"
                        && stack
                            .iter()
                            .rev()
                            .find(|o| !o.unwrapped)
                            .is_some_and(|o| o.children))
                    || (HEADINGS.contains(&name.as_str()) && inside(&stack, &["th"]))
                    || (matches!(name.as_str(), "td" | "th") && parent(&stack) != Some("tr"))
                    || (name == "a" && attribute(attributes, "href").is_none_or(str::is_empty))
                    || (name == "input"
                        && !attribute(attributes, "type")
                            .is_some_and(|t| t.eq_ignore_ascii_case("checkbox")))
                    || (name == "img" && attribute(attributes, "src").is_none_or(str::is_empty));
                if misplaced {
                    if !void {
                        stack.push(Open {
                            name,
                            unwrapped: true,
                            wants_summary: false,
                            wrapper: false,
                            children: false,
                        });
                    }
                    continue;
                }
                if let Some(open) = stack.iter_mut().rev().find(|o| !o.unwrapped) {
                    open.children = true;
                }
                // A stray child of a list goes into an item of its own.
                let wrap = name != "li" && matches!(parent(&stack), Some("ul" | "ol"));
                if wrap {
                    out.push_str("<li>");
                    stack.push(Open {
                        name: "li".into(),
                        unwrapped: false,
                        wants_summary: false,
                        wrapper: true,
                        children: false,
                    });
                }
                if name == "img" && attribute(attributes, "alt").is_none() {
                    out.push_str(&raw[..raw.len() - 1]);
                    out.push_str(" alt=\"\">");
                } else {
                    out.push_str(raw);
                }
                if void {
                    if wrap {
                        stack.pop();
                        out.push_str("</li>");
                    }
                    continue;
                }
                stack.push(Open {
                    wants_summary: name == "details",
                    name,
                    unwrapped: false,
                    wrapper: false,
                    children: false,
                });
            }
            Token::End { name, raw } => {
                if VOID.contains(&name.as_str()) {
                    continue;
                }
                let Some(at) = stack.iter().rposition(|o| o.name == name) else {
                    continue;
                };
                // Well-formed input closes the innermost first; close what this pass
                // opened inside it, then it.
                while stack.len() > at + 1 {
                    if let Some(inner) = stack.pop()
                        && !inner.unwrapped
                    {
                        out.push_str(&format!("</{}>", inner.name));
                    }
                }
                if let Some(open) = stack.pop() {
                    if open.wants_summary {
                        out.push_str("<summary>Details</summary>");
                    }
                    // A row needs a cell.
                    if open.name == "tr" && !open.unwrapped && !open.children {
                        out.push_str("<td></td>");
                    }
                    if !open.unwrapped {
                        out.push_str(raw);
                    }
                }
                if stack.last().is_some_and(|o| o.wrapper) {
                    stack.pop();
                    out.push_str("</li>");
                }
            }
        }
    }
    while let Some(open) = stack.pop() {
        if !open.unwrapped {
            out.push_str(&format!("</{}>", open.name));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::repair;

    #[test]
    fn links_without_a_target_keep_their_text() {
        assert_eq!(repair("<a rel=\"nofollow\">x</a> y"), "x y");
        assert_eq!(
            repair("<a href=\"/p\" rel=\"n\">x</a>"),
            "<a href=\"/p\" rel=\"n\">x</a>"
        );
    }

    #[test]
    fn images_need_a_source_and_get_an_alt() {
        assert_eq!(repair("<p><img alt=\"a\"> b</p>"), "<p> b</p>");
        assert_eq!(
            repair("<p><img src=\"/x.png\"></p>"),
            "<p><img src=\"/x.png\" alt=\"\"></p>"
        );
        assert_eq!(
            repair("<img src=\"/x.png\" alt=\"a\">"),
            "<img src=\"/x.png\" alt=\"a\">"
        );
    }

    #[test]
    fn details_get_a_summary_first() {
        assert_eq!(
            repair("<details><p>x</p></details>"),
            "<details><summary>Details</summary><p>x</p></details>"
        );
        assert_eq!(
            repair("<details><summary>s</summary>x</details>"),
            "<details><summary>s</summary>x</details>"
        );
        assert_eq!(
            repair("<details></details>"),
            "<details><summary>Details</summary></details>"
        );
        assert_eq!(repair("<p><summary>s</summary></p>"), "<p>s</p>");
    }

    #[test]
    fn blocks_inside_inline_elements_lose_their_tags() {
        assert_eq!(repair("<em><div>x</div></em>"), "<em>x</em>");
        assert_eq!(repair("<h2><ul><li>a</li></ul></h2>"), "<h2>a</h2>");
        assert_eq!(
            repair("<a href=\"/\"><a href=\"/b\">x</a></a>"),
            "<a href=\"/\">x</a>"
        );
    }

    #[test]
    fn list_items_belong_in_lists_and_lists_hold_only_items() {
        assert_eq!(repair("<div><li>x</li></div>"), "<div>x</div>");
        assert_eq!(
            repair("<ul><p>x</p>y<li>z</li></ul>"),
            "<ul><li><p>x</p></li><li>y</li><li>z</li></ul>"
        );
    }

    #[test]
    fn a_table_in_a_heading_leaves_its_text() {
        assert_eq!(
            repair("<h1>a<table><tbody><tr><td>cell</td></tr></tbody></table></h1>"),
            "<h1>acell</h1>"
        );
    }

    #[test]
    fn captions_and_column_groups_go_with_their_content() {
        assert_eq!(
            repair(
                "<table><tbody><tr><td>x</td></tr></tbody><caption>c<b>b</b></caption><colgroup><col span=\"2\"></colgroup></table>"
            ),
            "<table><tbody><tr><td>x</td></tr></tbody></table>"
        );
    }

    #[test]
    fn only_checkboxes_are_inputs() {
        assert_eq!(repair("<input type=\"image\"> x"), " x");
        assert_eq!(
            repair("<ul><li><input type=\"checkbox\" disabled=\"\"> x</li></ul>"),
            "<ul><li><input type=\"checkbox\" disabled=\"\"> x</li></ul>"
        );
    }

    #[test]
    fn transparent_and_underline_elements_hold_no_blocks_where_phrasing_is_wanted() {
        assert_eq!(repair("<div><u><p>x</p></u></div>"), "<div><u>x</u></div>");
        assert_eq!(
            repair("<p><ins>a<p>b</p></ins></p>"),
            "<p><ins>ab</ins></p>"
        );
        assert_eq!(
            repair("<div><ins><p>x</p></ins></div>"),
            "<div><ins><p>x</p></ins></div>"
        );
    }

    #[test]
    fn tables_keep_their_order_and_their_cells() {
        assert_eq!(
            repair("<table><tbody><tr><th><h2>h</h2></th></tr></tbody></table>"),
            "<table><tbody><tr><th>h</th></tr></tbody></table>"
        );
        assert_eq!(
            repair(
                "<table><tbody><tr><td>a</td></tr></tbody><thead><tr><th>h</th></tr></thead></table>"
            ),
            "<table><tbody><tr><td>a</td></tr></tbody><tr><th>h</th></tr></table>"
        );
        assert_eq!(
            repair("<table><tbody><tr></tr></tbody></table>"),
            "<table><tbody><tr><td></td></tr></tbody></table>"
        );
    }
}
