//! The property test: hostile Markdown, of every construct the renderers know, always
//! renders to HTML a browser reads back as written, within the content models promised.

use super::super::*;

/// Why an output of the renderers is not valid HTML, or nothing if it is. It is read as
/// a browser reads a fragment of a page's body (html5ever, as ammonia uses): the parser
/// reports no error and writes back what it read (nothing was moved or closed behind the
/// writer's back), no forbidden code point is left, and the tree keeps the content
/// models, attributes and children the renderers promise.
pub(super) fn problems(html: &str) -> Vec<String> {
    let document = scraper::Html::parse_fragment(html);
    let mut problems: Vec<String> = document
        .errors
        .iter()
        .map(|e| format!("parse error: {e}"))
        .collect();
    // The parser reports these only when asked for exact errors.
    if let Some(c) = html.chars().find(|&c| is_forbidden(c)) {
        problems.push(format!("forbidden code point {c:?}"));
    }
    let root = document.root_element();
    // Two changes are the parser's own and harmless: it drops a newline right after
    // `<pre>`, and it supplies the `<tbody>` around rows straight in a table.
    let normal = |html: &str| html.replace("<tbody>", "").replace("</tbody>", "");
    let written = root.inner_html();
    if normal(&written) != normal(&html.replace("<pre>\n", "<pre>")) {
        problems.push(format!("read back as {written:?}"));
    }
    check_children(root, false, &mut problems);
    problems
}

pub(super) fn assert_valid(html: &str, markdown: &str) {
    let problems = problems(html);
    assert!(
        problems.is_empty(),
        "{markdown:?}\nrendered as {html:?}:\n{}",
        problems.join("\n")
    );
}

/// A URL attribute's value: http, https, mailto or relative, and only URL code points
/// in it (an IPv6 host aside), a `%` only to start an escape, one `#` at most.
fn valid_url_value(value: &str) -> bool {
    if url::Url::parse(value).is_ok_and(|u| !matches!(u.scheme(), "http" | "https" | "mailto")) {
        return false;
    }
    let rest = match value.split_once("//[") {
        Some((_, host)) => host.split_once(']').map_or("", |(_, rest)| rest),
        None => value,
    };
    let bytes = rest.as_bytes();
    rest.matches('#').count() <= 1
        && rest.char_indices().all(|(i, c)| match c {
            '%' => bytes
                .get(i + 1..i + 3)
                .is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit)),
            c if c.is_ascii() => c.is_ascii_alphanumeric() || "!$&'()*+,-./:;=?@_~#".contains(c),
            c => !is_forbidden(c),
        })
}

/// Phrasing content (what may stand in a paragraph), among the elements kept.
const PHRASING: &str = "a abbr b bdi br cite code del dfn em i img input ins kbd mark q s samp \
                        small span strong sub sup u var wbr";
/// Elements whose content model is their parent's.
const TRANSPARENT: &str = "a del ins";
/// Elements whose content is phrasing content (the phrasing elements' too).
const PHRASING_ONLY: &str = "p pre summary h1 h2 h3 h4 h5 h6";
/// The other elements the sanitizers may leave.
const FLOW: &str = "blockquote details div figure h1 h2 h3 h4 h5 h6 hr li ol p pre summary \
                    table tbody td th thead tr ul";

fn is(list: &str, name: &str) -> bool {
    list.split_whitespace().any(|n| n == name)
}

/// The first child that is an element or text other than white space, if an element.
fn first_content<'a>(element: scraper::ElementRef<'a>) -> Option<scraper::ElementRef<'a>> {
    element
        .children()
        .find(|c| {
            c.value().is_element() || c.value().as_text().is_some_and(|t| !t.trim().is_empty())
        })
        .and_then(scraper::ElementRef::wrap)
}

fn check_children(node: scraper::ElementRef<'_>, phrasing: bool, problems: &mut Vec<String>) {
    // The fragment's root stands for the body it would be in.
    let parent = Some(node.value().name())
        .filter(|&n| n != "html")
        .unwrap_or("body");
    for child in node.children() {
        let Some(child) = scraper::ElementRef::wrap(child) else {
            let text = child.value().as_text().map_or("", |t| &**t);
            if !text.trim().is_empty() && is("ul ol table thead tbody tfoot tr", parent) {
                problems.push(format!("text {text:?} in <{parent}>"));
            }
            continue;
        };
        let element = child.value();
        let name = element.name();
        let mut bad = |why: &str| problems.push(format!("<{name}> {why} (in <{parent}>)"));
        if !is(PHRASING, name) && !is(FLOW, name) {
            bad("is not an element the sanitizers keep");
        }
        if phrasing && !is(PHRASING, name) {
            bad("is not phrasing content");
        }
        let parents = match name {
            "li" => "ul ol",
            "summary" => "details",
            "thead" | "tbody" | "tfoot" => "table",
            "tr" => "table thead tbody tfoot",
            "td" | "th" => "tr",
            _ => parent,
        };
        if !is(parents, parent) {
            bad("stands outside its parent");
        }
        let children = match parent {
            "ul" | "ol" => "li",
            "table" => "thead tbody tfoot tr",
            "thead" | "tbody" | "tfoot" => "tr",
            "tr" => "td th",
            _ => name,
        };
        if !is(children, name) {
            bad("may not be a child here");
        }
        let named = |n: scraper::ElementRef<'_>, names: &str| is(names, n.value().name());
        let mut before = child.prev_siblings().filter_map(scraper::ElementRef::wrap);
        let mut after = child.next_siblings().filter_map(scraper::ElementRef::wrap);
        if (name == "thead" && before.any(|s| named(s, "thead tbody tfoot tr")))
            || (name == "tfoot" && after.any(|s| named(s, "thead tbody tfoot tr")))
        {
            bad("is out of a table's order");
        }
        if name == "summary" && first_content(node) != Some(child) {
            bad("is not its details' first child");
        }
        let attribute = |a: &str| element.attr(a).filter(|v| !v.trim().is_empty());
        let descendants = || child.descendent_elements().skip(1);
        let cells = || child.child_elements().filter(|c| named(*c, "td th"));
        match name {
            "a" if attribute("href").is_none() => bad("has no href"),
            "a" if descendants().any(|d| named(d, "a details input")) => {
                bad("holds interactive content")
            }
            "img" if attribute("src").is_none() => bad("has no src"),
            "img" if element.attr("alt").is_none() => bad("has no alt"),
            "input" if element.attr("type") != Some("checkbox") => bad("is not a checkbox"),
            "details" if !first_content(child).is_some_and(|f| named(f, "summary")) => {
                bad("does not open with a summary")
            }
            "th" if descendants().any(|d| named(d, "h1 h2 h3 h4 h5 h6")) => bad("holds a heading"),
            "tr" if cells().next().is_none() => bad("has no cell"),
            _ => {}
        }
        for (key, value) in element.attrs() {
            let fine = match key {
                // Spans must fit the rows and columns around them: none are kept.
                "colspan" | "rowspan" => false,
                "width" | "height" | "span" => value.parse::<u32>().is_ok_and(|n| n > 0),
                "start" => value.parse::<i32>().is_ok(),
                "href" | "src" | "cite" => valid_url_value(value),
                key => !key.starts_with("on") && key != "style",
            };
            if !fine {
                bad(&format!("has {key}={value:?}"));
            }
        }
        let inner_phrasing = if is(TRANSPARENT, name) {
            phrasing
        } else {
            is(PHRASING, name) || is(PHRASING_ONLY, name)
        };
        check_children(child, inner_phrasing, problems);
    }
}

/// A URL of the kind writers and attackers use.
fn url() -> impl proptest::strategy::Strategy<Value = &'static str> {
    proptest::sample::select(
        &[
            "javascript:alert(1)",
            "JaVaScRiPt:x",
            " javascript:x",
            "&#106;avascript:x",
            "&nbsp;javascript:x",
            "java\tscript:x",
            "data:text/html,x",
            "data:image/png;base64,AA",
            "vbscript:x",
            "ftp://x/",
            "/relative/path",
            "rel",
            "#frag",
            "?q=1",
            "",
            " ",
            "http://example.com/a b",
            "https://example.com/x.png",
            "mailto:a@b.example",
            "//evil.example/x",
            "http://0x7f.1/",
            "/binary/AB12CD34EF56GH78?size=10x10",
            "#a#b",
            "/p?q={x}|[y]^",
            "http://0x7f.1/?a={b}#c#d",
            "http://[::1]:8/x#y",
            "/a\u{FFFE}b\u{1}",
            "/a&#1;&#xFDD0;",
        ][..],
    )
}

/// Pieces of hostile or careless writing that are used whole.
const PIECES: &[&str] = &[
    "<img>",
    "<img src=x>",
    "<img alt=x>",
    "<input type=checkbox checked>",
    "<input type=image src=x>",
    "<input>",
    "<details>",
    "</details>",
    "<summary>s</summary>",
    "<br>",
    "<hr>",
    "<col span=2>",
    "<area href=x>",
    "<td>stray</td>",
    "<tr>",
    "<li>",
    "</p>",
    "</a>",
    "<!-- c -->",
    "&amp;&#0;&#x110000;",
    "&#1;&#x7f;&#x85;&#x9f;&#xFFFE;&#x10FFFF;\u{1}\u{FDD0}\u{9F}",
    "x[^1]\n\n[^1]: note",
    "- [ ] task",
    "<script>alert(1)</script>",
    "| a | b |\n|---|---|\n| c | d |",
    "| a |\n|---|\n| <h1>x</h1> |",
    "<table><tr><td>c</td></tr></table>",
    "<table><tr><td>a</td></tr><thead><tr><th>h</th></tr></thead></table>",
    "<table><tr></tr></table>",
    "<table></table>",
    "<table>text<tr><td>x</td></tr></table>",
    "<table><tr><td colspan=3>a</td></tr></table>",
    "<table><tr><td rowspan=5>a</td></tr><tr><td>b</td><td>c</td></tr></table>",
    "<table><tr><th><h1>h</h1></th></tr></table>",
    "<table><caption>c</caption><tr><td>x</td></tr></table>",
    "<table><tfoot><tr><td>f</td></tr></tfoot><tr><td>b</td></tr></table>",
];

/// Start tags that wrap other pieces: elements the sanitizers keep, drop or unwrap.
const TAGS: &str = "a|a href=\"/x\"|abbr|b|bdi|blockquote|cite|code|del|details|details open|\
                    dfn|div|em|figure|figcaption|h1|h3|i|ins|kbd|li|mark|ol|p|pre|q|s|samp|\
                    small|span|strong|sub|summary|sup|table|tbody|thead|tfoot|tr|td|th|u|ul|\
                    var|caption|colgroup|dl|dt|dd|ruby|rt|map name=m|article|header|time|svg|\
                    math|template|textarea|select|button|form|iframe|noscript|style|object|font";

/// Markdown built from hostile pieces: links and images with any URL, raw `<a>`, `<img>`,
/// `<input>`, `<details>` and `<summary>`, tables, lists, quotes and nested raw elements,
/// kept or not, closed or not, with text between.
fn hostile_markdown() -> impl proptest::strategy::Strategy<Value = String> {
    use proptest::prelude::*;
    let text = prop_oneof![
        "[a-z]{1,6}",
        "[a-z &<>\"'*_`|#>!()\\[\\]\\-]{0,10}",
        "\\PC{0,8}",
    ];
    let alt = prop_oneof![
        Just(""),
        Just(" alt=\"\""),
        Just(" alt=\"a\""),
        Just(" alt")
    ];
    let leaf = prop_oneof![
        4 => text.clone(),
        1 => (text.clone(), url()).prop_map(|(t, u)| format!("[{t}]({u})")),
        1 => (text.clone(), url()).prop_map(|(t, u)| format!("![{t}]({u})")),
        1 => url().prop_map(|u| format!("<{u}>")),
        1 => (url(), text.clone()).prop_map(|(u, t)| format!("<a href=\"{u}\">{t}</a>")),
        1 => text.clone().prop_map(|t| format!("<a>{t}</a>")),
        1 => (url(), alt).prop_map(|(u, a)| format!("<img src=\"{u}\"{a}>")),
        2 => proptest::sample::select(PIECES).prop_map(str::to_owned),
    ];
    let tag = proptest::sample::select(TAGS.split('|').collect::<Vec<_>>());
    let mark = proptest::sample::select(
        &[
            "*", "**", "~~", "`", "# ", "> ", "- ", "1. ", "- [x] ", "[^n]: ", "| ",
        ][..],
    );
    leaf.prop_recursive(4, 48, 4, move |inner| {
        let separator = proptest::sample::select(&["", " ", "\n", "\n\n"][..]);
        let children = proptest::collection::vec((inner.clone(), separator), 1..4)
            .prop_map(|parts| parts.into_iter().map(|(p, s)| p + s).collect::<String>());
        prop_oneof![
            3 => children.clone(),
            3 => (tag.clone(), children.clone(), 0..4u8).prop_map(|(tag, inner, close)| {
                let name = tag.split(' ').next().unwrap_or(tag);
                match close {
                    0 => format!("<{tag}>{inner}"),
                    1 => format!("{inner}</{name}>"),
                    _ => format!("<{tag}>{inner}</{name}>"),
                }
            }),
            2 => (mark.clone(), children.clone()).prop_map(|(mark, inner)| match mark {
                "*" | "**" | "~~" | "`" => format!("{mark}{inner}{mark}"),
                "| " => format!("| {inner} | x |\n|---|---|\n| {inner} | y |\n"),
                _ => inner.lines().map(|l| format!("{mark}{l}\n")).collect(),
            }),
            1 => (children, url()).prop_map(|(inner, u)| format!("[{inner}]({u})")),
            1 => inner.prop_map(|inner| format!("```\n{inner}\n```\n")),
        ]
    })
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig {
        cases: 512,
        // A failure prints its smallest case; nothing is written to the work tree.
        failure_persistence: None,
        ..proptest::prelude::ProptestConfig::default()
    })]

    /// Whatever the Markdown, hostile pieces or arbitrary text, a post and a comment
    /// render to valid HTML.
    #[test]
    fn any_markdown_renders_to_valid_html(
        markdown in proptest::prop_oneof![
            4 => hostile_markdown(),
            1 => proptest::arbitrary::any::<String>(),
        ]
    ) {
        for html in [to_safe_html(&markdown), comment_to_safe_html(&markdown)] {
            let problems = problems(&html);
            proptest::prop_assert!(
                problems.is_empty(),
                "{:?}\nrendered as {:?}:\n{}", markdown, html, problems.join("\n")
            );
        }
    }
}
