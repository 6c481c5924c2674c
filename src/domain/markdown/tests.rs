//! The renderers' tests: unit cases, and a property test that reads every output back
//! with an HTML parser.

use super::*;

#[test]
fn excerpts_keep_blocks_and_table_cells_words_apart() {
    let text = excerpt(
        "## The schedule\n\n| Time | Step |\n| --- | --- |\n| 08:00 | Mix |\n| 12:00 | Shape |\n\n> Then rest.\n\n```\ncode\n```\nEnd.",
        280,
    );
    assert_eq!(
        text,
        "The schedule Time Step 08:00 Mix 12:00 Shape Then rest. End."
    );
}

#[test]
fn no_white_space_hides_a_scheme() {
    for space in ["&nbsp;", "&#x2028;", "&#x3000;", "\u{a0}", " ", "&#9;"] {
        for scheme in ["javascript:alert(1)", "data:text/html,x", "vbscript:x"] {
            let html = to_safe_html(&format!(
                "<a href=\"{space}{scheme}\">x</a> <img src=\"{space}{scheme}\" alt=\"i\">"
            ));
            let lower = html.to_ascii_lowercase();
            for attribute in lower
                .split("href=\"")
                .skip(1)
                .chain(lower.split("src=\"").skip(1))
            {
                let value = attribute.split('"').next().unwrap_or("");
                let parsed = url::Url::parse(value.trim_matches(|c: char| c <= ' '));
                assert!(
                    parsed.is_err()
                        || matches!(parsed.unwrap().scheme(), "http" | "https" | "mailto"),
                    "{space}{scheme}: {html}"
                );
            }
        }
    }
}

#[test]
fn urls_are_written_as_valid_urls() {
    let html = to_safe_html("[x](http://0x7f.0x0.0x0.0x1/) [y](/a%20b) <a href=\"/a b<c\">z</a>");
    assert!(html.contains("href=\"http://127.0.0.1/\""), "{html}");
    assert!(html.contains("href=\"/a%20b\""), "{html}");
    assert!(html.contains("href=\"/a%20b%3Cc\""), "{html}");
    assert!(!html.contains("0x7f"), "{html}");
}

#[test]
fn binary_images_get_a_srcset_of_the_named_renditions_and_their_size() {
    let html = to_safe_html("![A *beach*](/binary/AB12CD34EF56GH78?size=1200x900)");
    assert!(
        html.contains("<a href=\"/binary/AB12CD34EF56GH78\""),
        "{html}"
    );
    assert!(
        html.contains("src=\"/binary/AB12CD34EF56GH78/full/!800,600/0/default.jpg\""),
        "{html}"
    );
    assert!(html.contains("/binary/AB12CD34EF56GH78/full/!116,87/0/default.jpg 116w, /binary/AB12CD34EF56GH78/full/!140,105/0/default.jpg 140w, /binary/AB12CD34EF56GH78/full/!440,330/0/default.jpg 440w, /binary/AB12CD34EF56GH78/full/!800,600/0/default.jpg 800w"), "{html}");
    assert!(html.contains("width=\"800\" height=\"600\""), "{html}");
    assert!(html.contains("alt=\"A beach\""), "{html}");
    // A small image is never enlarged: one candidate, its own size.
    let small = to_safe_html("![x](/binary/AB12CD34EF56GH78?size=100x50)");
    assert!(
        small.contains("srcset=\"/binary/AB12CD34EF56GH78/full/!116,87/0/default.jpg 100w\""),
        "{small}"
    );
    assert!(small.contains("width=\"100\" height=\"50\""), "{small}");
    // Without a size, the boxes' widths and no dimensions.
    let no_size = to_safe_html("![x](/binary/AB12CD34EF56GH78)");
    assert!(no_size.contains(" 800w"), "{no_size}");
    assert!(!no_size.contains("width="), "{no_size}");
    // Other images are left as they are; a forged srcset does not survive.
    let other = to_safe_html("![y](https://example.com/a.png \"t\")");
    assert!(
        other.contains("<img src=\"https://example.com/a.png\" alt=\"y\" title=\"t\">"),
        "{other}"
    );
    let forged = to_safe_html("<img src=\"/a.png\" srcset=\"javascript:alert(1) 1w\">");
    assert!(!forged.contains("srcset"), "{forged}");
    let quoted = to_safe_html("![\"><script>](/binary/AB12CD34EF56GH78)");
    assert!(!quoted.contains("<script"), "{quoted}");
}

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

#[test]
fn excerpts_put_a_space_between_a_heading_and_table_cells() {
    let text = excerpt(
        "## The schedule\n\n| Time | Step |\n| --- | --- |\n| 08:00 | Mix |\n| 12:00 | Shape |\n",
        280,
    );
    assert_eq!(text, "The schedule Time Step 08:00 Mix 12:00 Shape");
    // Cut at a word within the limit, never inside a cell's word.
    assert_eq!(
        excerpt(
            "## The schedule\n\n| Time | Step |\n| --- | --- |\n| 08:00 | Mix |\n",
            20
        ),
        "The schedule Time…"
    );
}

#[test]
fn a_link_that_loses_its_target_keeps_only_its_text() {
    for markdown in [
        "[x](javascript:alert(1))",
        "<a href=\"javascript:alert(1)\">x</a>",
        "<a href=\"data:text/html,y\">x</a>",
        "<a>x</a>",
    ] {
        let html = to_safe_html(markdown);
        assert_eq!(html, "<p>x</p>\n", "{markdown}");
        assert_valid(&html, markdown);
    }
    // A comment shows raw HTML as text, and a Markdown link without a target as text.
    assert_eq!(
        comment_to_safe_html("[x](javascript:alert(1))"),
        "<p>x</p>\n"
    );
    assert_eq!(
        comment_to_safe_html("[x](/ok) [y](vbscript:z)"),
        "<p><a href=\"/ok\" rel=\"nofollow ugc noopener noreferrer\">x</a> y</p>\n"
    );
}

#[test]
fn an_image_needs_a_usable_source_and_always_has_an_alt() {
    for markdown in [
        "<img src=\"javascript:x\">",
        "<img src=\"data:image/png;base64,AA\" alt=\"d\">",
        "<img alt=\"no source\">",
        "![i](javascript:alert(1))",
    ] {
        let html = to_safe_html(markdown);
        assert!(!html.contains("<img"), "{markdown}: {html}");
        assert_valid(&html, markdown);
    }
    let html = to_safe_html("<img src=x>");
    assert_eq!(html, "<img src=\"x\" alt=\"\">", "{html}");
    let html = to_safe_html("![](http://a/b.png)");
    assert_eq!(html, "<p><img src=\"http://a/b.png\" alt=\"\"></p>\n");
    let html = to_safe_html("![a *b*](/c.png)");
    assert_eq!(html, "<p><img src=\"/c.png\" alt=\"a b\"></p>\n");
}

#[test]
fn details_always_open_with_a_summary() {
    for (markdown, expected) in [
        (
            "<details><p>x</p></details>",
            "<details><summary>Details</summary><p>x</p></details>",
        ),
        ("<details>", "<details><summary>Details</summary></details>"),
        (
            "<details>text<summary>late</summary></details>",
            "<details><summary>Details</summary>textlate</details>",
        ),
        (
            "<details><summary>s</summary>body</details>",
            "<details><summary>s</summary>body</details>",
        ),
        ("<summary>stray</summary>", "stray"),
    ] {
        let html = to_safe_html(markdown);
        assert_eq!(html, expected, "{markdown}");
        assert_valid(&html, markdown);
    }
}

#[test]
fn urls_hold_only_what_a_valid_url_may() {
    for (markdown, href) in [
        ("[x](#a#b)", "#a%23b"),
        ("[x](/p?q={x}|y)", "/p?q=%7Bx%7D%7Cy"),
        (
            "[x](http://0x7f.1/?a={b}#c#d)",
            "http://127.0.0.1/?a=%7Bb%7D#c%23d",
        ),
        ("<a href=\"/a&#xFDD0;b\">x</a>", "/a%EF%B7%90b"),
    ] {
        let html = to_safe_html(markdown);
        assert!(
            html.contains(&format!("href=\"{href}\"")),
            "{markdown}: {html}"
        );
        assert_valid(&html, markdown);
    }
}

#[test]
fn forbidden_code_points_become_replacement_characters() {
    let markdown = "a\u{1}b &#1; &#x9f; &#xFFFE; <span title=\"&#x7f;\">c</span>";
    for html in [to_safe_html(markdown), comment_to_safe_html(markdown)] {
        assert!(
            html.contains("a\u{FFFD}b \u{FFFD} \u{FFFD} \u{FFFD}"),
            "{html:?}"
        );
        assert_valid(&html, markdown);
    }
    assert_eq!(excerpt("a\u{1}b &#xFFFE;", 280), "a\u{FFFD}b \u{FFFD}");
}

/// Renders each case as a post; fails with every case whose HTML is not the one
/// expected or not valid.
fn assert_renders(cases: &[(&str, &str)]) {
    let mut wrong = Vec::new();
    for &(markdown, expected) in cases {
        let html = to_safe_html(markdown);
        if html != expected {
            wrong.push(format!("{markdown:?} gave {html:?}, not {expected:?}"));
        }
        let problems = problems(&html);
        if !problems.is_empty() {
            wrong.push(format!(
                "{markdown:?} gave {html:?}: {}",
                problems.join("; ")
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn elements_that_only_stand_in_some_places_lose_their_tags_elsewhere() {
    assert_renders(&[
        ("<li>stray item</li>", "stray item"),
        ("<td>cell</td> <tr><th>h</th></tr>", "cell h"),
        (
            "<ruby>漢<rp>(</rp><rt>kan</rt><rp>)</rp></ruby>",
            "<p>漢(kan)</p>\n",
        ),
        ("<map name=\"m\"><area href=\"/x\"></map>", "<p></p>\n"),
        ("<dl><dt>t</dt><dd>d</dd></dl>", "td"),
        ("<col span=\"2\"><colgroup></colgroup>x", "x"),
        (
            "<input type=\"image\" src=\"x\"><input type=\"text\"><input>",
            "<p></p>\n",
        ),
        (
            "<figure><figcaption>c</figcaption></figure>",
            "<figure>c</figure>",
        ),
        (
            "- [x] done",
            "<ul>\n<li><input disabled=\"\" type=\"checkbox\" checked=\"\">\ndone</li>\n</ul>\n",
        ),
    ]);
}

#[test]
fn blocks_never_stand_in_phrasing_elements() {
    assert_renders(&[
        ("<div><u><p>x</p></u></div>", "<div><u>x</u></div>"),
        (
            "<div><var><ul><li>x</li></ul></var></div>",
            "<div><var>x</var></div>",
        ),
        // `ins` and `del` take their parent's content model.
        (
            "<div><em><ins><div>x</div></ins></em></div>",
            "<div><em><ins>x</ins></em></div>",
        ),
        (
            "<button><ins>a<p>b</p></ins></button>",
            "<p><ins>ab</ins></p>\n",
        ),
    ]);
}

#[test]
fn tables_keep_the_table_model() {
    assert_renders(&[
        (
            "<table><tr><th><h2>h</h2></th></tr></table>",
            "<table><tbody><tr><th>h</th></tr></tbody></table>",
        ),
        // A header after the rows is a row like the others.
        (
            "<table><tr><td>a</td></tr><thead><tr><th>h</th></tr></thead></table>",
            "<table><tbody><tr><td>a</td></tr></tbody><tr><th>h</th></tr></table>",
        ),
        (
            "<table><tr></tr></table>",
            "<table><tbody><tr><td></td></tr></tbody></table>",
        ),
        // Spans must match the rows and columns around them, which nothing checks.
        (
            "<table><tr><td colspan=\"3\">a</td><td rowspan=\"2\">b</td></tr></table>",
            "<table><tbody><tr><td>a</td><td>b</td></tr></tbody></table>",
        ),
    ]);
}

/// Why an output of the renderers is not valid HTML, or nothing if it is. It is read as
/// a browser reads a fragment of a page's body (html5ever, as ammonia uses): the parser
/// reports no error and writes back what it read (nothing was moved or closed behind the
/// writer's back), no forbidden code point is left, and the tree keeps the content
/// models, attributes and children the renderers promise.
fn problems(html: &str) -> Vec<String> {
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

fn assert_valid(html: &str, markdown: &str) {
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

#[test]
fn feeds_get_absolute_urls_and_text_stays_as_written() {
    let html = to_safe_html(
        "[A post](/posts/a) and [elsewhere](https://example.org/x).\n\n\
         ![Photo](/binary/AB12CD34EF56GH78?size=800x600)\n\n\
         `src=\"/not-a-link\"`",
    );
    let base = url::Url::parse("https://blog.example.com").unwrap();
    let absolute = with_absolute_urls(&html, &base);
    assert!(
        absolute.contains("href=\"https://blog.example.com/posts/a\""),
        "{absolute}"
    );
    assert!(
        absolute.contains("href=\"https://example.org/x\""),
        "{absolute}"
    );
    assert!(
        absolute.contains("src=\"https://blog.example.com/binary/AB12CD34EF56GH78"),
        "{absolute}"
    );
    assert!(
        absolute.contains("srcset=\"https://blog.example.com/binary/AB12CD34EF56GH78/full/"),
        "{absolute}"
    );
    for relative in ["href=\"/", " src=\"/", "srcset=\"/", ", /binary"] {
        assert!(
            !absolute.contains(relative),
            "{relative} is left: {absolute}"
        );
    }
    assert!(
        absolute.contains("<code>src=\"/not-a-link\"</code>"),
        "text is not a URL: {absolute}"
    );
    // Values are read as serialized: an entity stays one, a relative URL with a query
    // is joined whole; absolute URLs, other attributes and text are left as they are.
    assert_eq!(
        with_absolute_urls(
            "<p title=\"a &quot;/b&quot; > c\"><a href=\"/s?q=1&amp;r=2\" rel=\"nofollow\">/x</a> \
             <a href=\"mailto:a@b.example\">m</a><blockquote cite=\"../up\">q</blockquote></p>",
            &base
        ),
        "<p title=\"a &quot;/b&quot; > c\"><a href=\"https://blog.example.com/s?q=1&amp;r=2\" \
         rel=\"nofollow\">/x</a> <a href=\"mailto:a@b.example\">m</a>\
         <blockquote cite=\"https://blog.example.com/up\">q</blockquote></p>"
    );
    // A text stored before the bound on nesting is read once, not again per level.
    let deep = format!(
        "{}<p><a href=\"/deep\">x</a></p>{}",
        "<blockquote>".repeat(50_000),
        "</blockquote>".repeat(50_000)
    );
    let absolute = with_absolute_urls(&deep, &base);
    assert_eq!(
        absolute,
        deep.replace("href=\"/deep\"", "href=\"https://blog.example.com/deep\"")
    );
}

#[test]
fn the_first_attachment_is_the_preview_image() {
    let html = to_safe_html(
        "![Elsewhere](https://example.org/a.png)\n\n![Chart](/binary/AB12CD34EF56GH78?size=800x600)\n\n![Second](/binary/ZZ12CD34EF56GH78)",
    );
    assert_eq!(
        first_binary_image(&html),
        Some("/binary/AB12CD34EF56GH78/full/!800,600/0/default.jpg")
    );
    assert_eq!(
        first_binary_image(&to_safe_html("No image. `<img src=\"/binary/x\">`")),
        None
    );
}

#[test]
fn texts_nested_too_deep_are_refused_and_stored_ones_render_flattened() {
    for (what, markdown) in [
        ("quotes", format!("{} x", ">".repeat(60_000))),
        ("lists", format!("{}x", "- ".repeat(30_000))),
        ("ordered lists", format!("{}x", "1. ".repeat(20_000))),
        ("quoted lists", format!("{}x", "> - ".repeat(15_000))),
        ("raw HTML", format!("{}x", "<div>".repeat(10_000))),
        ("lists by tabs", format!("{}x", "-\t".repeat(10_000))),
        (
            "lists of two markers",
            format!("{}x", "- * ".repeat(10_000)),
        ),
        (
            "unclosed formatting",
            format!("{}x", "<b id=\"a\">".repeat(10_000)),
        ),
    ] {
        let refused = checked_post_html(&markdown).unwrap_err();
        assert!(
            refused
                .0
                .contains(&format!("more than {MAX_DEPTH} levels deep")),
            "{what}: {}",
            refused.0
        );
        // Stored before the bound: what lies beyond it is plain content.
        let flattened = to_safe_html(&markdown);
        assert!(flattened.contains('x'), "{what}: {flattened}");
        // (The repair pass may put text left straight in a list into an item.)
        assert!(
            flattened.matches("</").count() <= MAX_DEPTH + 1,
            "{what}: {flattened}"
        );
        assert_valid(&flattened, what);
    }
    // A paragraph in 31 quotes is 32 levels: the deepest text allowed.
    let deepest = format!("{} x", ">".repeat(MAX_DEPTH - 1));
    let html = checked_post_html(&deepest).unwrap();
    assert_eq!(html.matches("<blockquote>").count(), MAX_DEPTH - 1);
    assert!(checked_post_html(&format!("{} x", ">".repeat(MAX_DEPTH))).is_err());
    // Too many elements, however shallow.
    for (what, markdown) in [
        ("paragraphs", "x\n\n".repeat(MAX_ELEMENTS + 1)),
        ("breaks", "<br>".repeat(MAX_ELEMENTS + 1)),
        ("emphasis", "*x* ".repeat(MAX_ELEMENTS + 1)),
    ] {
        let refused = checked_post_html(&markdown).unwrap_err();
        assert!(
            refused
                .0
                .contains(&format!("more than {MAX_ELEMENTS} elements")),
            "{what}: {}",
            refused.0
        );
    }
    assert!(checked_post_html(&"x\n\n".repeat(MAX_ELEMENTS - 1)).is_ok());
    // Lists nested ten deep, as real texts have them, are far from it.
    let nested: String = (0..10)
        .map(|level| format!("{}- level {level}\n", "  ".repeat(level)))
        .collect();
    assert_eq!(
        checked_post_html(&nested).unwrap().matches("<ul>").count(),
        10
    );
}

#[test]
fn comments_nested_too_deep_are_refused() {
    let refused =
        crate::domain::comment::CommentBody::parse(&format!("{} x", ">".repeat(1500))).unwrap_err();
    assert!(refused.0.starts_with("This comment nests"), "{}", refused.0);
    assert!(
        comment_to_safe_html(&format!("{} x", ">".repeat(3000))).contains('x'),
        "a stored one still shows its text"
    );
}
