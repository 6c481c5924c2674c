//! The renderers' tests: unit cases, and a property test that reads every output back
//! with an HTML parser.

use super::*;
use validity::{assert_valid, problems};

mod validity;

#[test]
fn a_text_that_would_make_over_a_mebibyte_of_html_is_refused() {
    let refused = |text: &str, why: &str| {
        checked_post_html(text)
            .err()
            .is_some_and(|e| e.0.contains(why))
    };
    // Each image of the site's files becomes a link and an image with every rendition's
    // address: 30 bytes make over 400. Refused before any HTML is made.
    let images = "![](/binary/ABCDEFGHIJKLMNOP) ".repeat(8_000);
    assert!(images.len() < 256 * 1024);
    assert!(refused(&images, "KiB of HTML once formatted"));
    // Escaping makes each `<` four bytes: refused once made.
    assert!(refused(&"<".repeat(262_144), "KiB of HTML once formatted"));
    // The sanitizer's time grows with the square of a paragraph's ampersands.
    assert!(refused(&"&".repeat(250_000), "ampersands"));
    assert!(checked_post_html(&"& ".repeat(MAX_AMPERSANDS)).is_ok());
    // A reference repeats its address wherever it is used, but the parser stops
    // expanding references beyond the text's own length.
    let references = format!(
        "[x]: https://example.com/{}\n\n{}",
        "a".repeat(2000),
        "[x] ".repeat(20_000)
    );
    let html = checked_post_html(&references).unwrap();
    assert!(html.len() < 4 * references.len(), "{}", html.len());
    // An ordinary long text is far from the bound.
    let paragraph = "Words of an ordinary paragraph, with *emphasis* and [a link](https://example.com/page).\n\n";
    assert!(checked_post_html(&paragraph.repeat(2_500)).is_ok());
}

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

#[test]
fn the_first_image_is_found_as_written_with_its_ampersands_read_back() {
    let html = to_safe_html(
        "Text.\n\n![A loaf](/images/a.png?x=1&y=2)\n\n![Another](https://images.example/b.png)",
    );
    assert_eq!(first_image(&html).as_deref(), Some("/images/a.png?x=1&y=2"));
    assert_eq!(first_image(&to_safe_html("No picture here.")), None);
}
