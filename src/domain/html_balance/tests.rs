use super::*;

fn balanced(html: &str) -> String {
    let out = balance(html);
    assert_eq!(out.too_deep, 0, "{html:?}");
    out.html
}

#[test]
fn elements_are_closed_inside_their_parents() {
    assert_eq!(balanced("<p>a<b>b</p>c"), "<p>a<b>b</b></p>c");
    assert_eq!(balanced("<div><em>x</div></em>y"), "<div><em>x</em></div>y");
    assert_eq!(balanced("</div>x</span>"), "x");
    assert_eq!(
        balanced("<blockquote><p>x"),
        "<blockquote><p>x</p></blockquote>"
    );
}

#[test]
fn the_end_tags_html_leaves_out_are_written() {
    assert_eq!(balanced("<p>a<p>b"), "<p>a</p><p>b</p>");
    assert_eq!(balanced("<p>a<div>b</div>"), "<p>a</p><div>b</div>");
    assert_eq!(
        balanced("<ul><li>a<li>b<ul><li>c<li>d</ul></ul>"),
        "<ul><li>a</li><li>b<ul><li>c</li><li>d</li></ul></li></ul>"
    );
    assert_eq!(
        balanced("<table><tr><td>a<td>b<tr><td>c</table>"),
        "<table><tr><td>a</td><td>b</td></tr><tr><td>c</td></tr></table>"
    );
    assert_eq!(balanced("<h1>a<h2>b"), "<h1>a</h1><h2>b</h2>");
    assert_eq!(
        balanced("<a href=\"/x\">a<a href=\"/y\">b</a>"),
        "<a href=\"/x\">a</a><a href=\"/y\">b</a>"
    );
    // An end tag does not reach out of a table cell.
    assert_eq!(
        balanced("<div><table><tr><td></div>x</td></tr></table></div>"),
        "<div><table><tr><td>x</td></tr></table></div>"
    );
}

#[test]
fn void_elements_stay_empty_and_br_ends_as_a_break() {
    assert_eq!(
        balanced("<p>a<br>b<img src=\"/x.png\" alt=\"\"></img></br></p>"),
        "<p>a<br>b<img src=\"/x.png\" alt=\"\"><br></p>"
    );
}

#[test]
fn text_and_attributes_are_written_escaped() {
    assert_eq!(
        balanced("<a href=\"/?a=1&amp;b=2\" title='say \"hi\"'>1 &lt; 2 &amp; 3 > 2</a>"),
        "<a href=\"/?a=1&amp;b=2\" title=\"say &quot;hi&quot;\">1 &lt; 2 &amp; 3 &gt; 2</a>"
    );
}

#[test]
fn what_the_sanitizer_drops_goes_and_text_only_elements_leave_their_text() {
    assert_eq!(
        balanced("a<script>document.write('<div>')</script>b<style>p{}</style>c<!-- <div> -->d"),
        "abcd"
    );
    assert_eq!(
        balanced("<template><div><template>x</template></div>y</template>z"),
        "z"
    );
    assert_eq!(
        balanced("<textarea><b>x</b></textarea><title>&amp;</title><xmp><i></xmp>"),
        "&lt;b&gt;x&lt;/b&gt;&amp;&lt;i&gt;"
    );
    assert_eq!(balanced("<plaintext><div>x"), "&lt;div&gt;x");
    assert_eq!(
        balanced("<svg><g><p>x</p></g></svg><math><mi>y</mi></math>"),
        "<g><p>x</p></g><mi>y</mi>"
    );
}

#[test]
fn table_parts_outside_a_table_are_dropped_as_the_parser_drops_them() {
    // Were a stray cell kept, the bold elements would be left open in the parser's list
    // of formatting elements and made again in every later block.
    let bold: String = (0..29).map(|i| format!("<b title=\"{i}\">")).collect();
    let input = format!("<p>{bold}<td>{}", "<div>x</div>".repeat(500));
    let (_, elements) = parsed_depth_and_size(&balance(&input).html);
    assert!(elements < 2 * (30 + 500), "{elements} elements");
    assert_eq!(
        balanced("<p>a<td>b</td><tr>c<div>d</div>"),
        "<p>abc</p><div>d</div>"
    );
}

#[test]
fn elements_beyond_the_depth_lose_their_tags_and_keep_their_content() {
    let html = format!("{}x{}", "<div>".repeat(100), "</div>".repeat(100));
    let out = balance(&html);
    assert_eq!(out.too_deep, 100 - MAX_DEPTH);
    assert_eq!(
        out.html,
        format!(
            "{}x{}",
            "<div>".repeat(MAX_DEPTH),
            "</div>".repeat(MAX_DEPTH)
        )
    );
    let at_the_bound = format!("{}x", "<div>".repeat(MAX_DEPTH));
    assert_eq!(balance(&at_the_bound).too_deep, 0);
}

/// The deepest element of `html` as a browser's parser builds its tree (html5ever, as
/// the sanitizer uses), and how many elements it has.
fn parsed_depth_and_size(html: &str) -> (usize, usize) {
    let document = scraper::Html::parse_fragment(html);
    let mut deepest = 0;
    let mut elements = 0;
    let mut stack = vec![(document.root_element(), 0)];
    while let Some((element, depth)) = stack.pop() {
        elements += 1;
        deepest = deepest.max(depth);
        for child in element.child_elements() {
            stack.push((child, depth + 1));
        }
    }
    (deepest, elements)
}

/// Tag soup, mostly start tags of elements that nest: what deep or amplifying HTML is
/// made of, with the parts that end it rarely (a `<textarea>` or a comment left open
/// makes the rest text).
fn tag_soup() -> impl proptest::strategy::Strategy<Value = Vec<&'static str>> {
    let nesting = [
        "<b>",
        "<b title=\"1\">",
        "<b title=\"2\">",
        "<em title=\"3\">",
        "<u title=\"4\">",
        "<i class=\"x\">",
        "<a href=\"/a\">",
        "<div>",
        "<ul>",
        "<li>",
        "<ol>",
        "<dl>",
        "<dt>",
        "<blockquote>",
        "<em>",
        "<span>",
        "<font>",
        "<u>",
        "<s>",
        "<code>",
        "<nobr>",
        "<center>",
        "<details>",
        "<button>",
        "<form>",
        "<svg>",
        "<math>",
        "<p>",
    ];
    let others = [
        "<table>",
        "<tr>",
        "<td>",
        "<th>",
        "<caption>",
        "<tbody>",
        "<colgroup>",
        "<col>",
        "<h2>",
        "<pre>",
        "<select>",
        "<option>",
        "<summary>",
        "<template>",
        "</p>",
        "</b>",
        "</i>",
        "</a>",
        "</div>",
        "</table>",
        "</td>",
        "</li>",
        "</h2>",
        "</blockquote>",
        "</em>",
        "</template>",
        "<br>",
        "</br>",
        "<img src=\"/x\">",
        "x",
        "y ",
    ];
    let rare = ["<textarea>", "</textarea>", "<!--", "-->"];
    proptest::collection::vec(
        proptest::prop_oneof![
            12 => proptest::sample::select(nesting.to_vec()),
            6 => proptest::sample::select(others.to_vec()),
            1 => proptest::sample::select(rare.to_vec()),
        ],
        0..1500,
    )
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]

    /// Whatever tag soup comes in, what the parser builds from the balanced HTML is
    /// never much deeper than the bound nor larger than what came in, and balancing it
    /// again changes nothing.
    #[test]
    fn any_tag_soup_comes_out_shallow_small_and_stable(pieces in tag_soup()) {
        let input = pieces.concat();
        let out = balance(&input);
        let (depth, elements) = parsed_depth_and_size(&out.html);
        // A table's parts the parser supplies (tbody, tr) aside, the tree is as deep as
        // the balanced HTML at most.
        proptest::prop_assert!(depth <= 3 * MAX_DEPTH + 2, "{depth} deep: {input:?}");
        proptest::prop_assert!(elements <= 2 * pieces.len() + 2, "{elements} elements: {input:?}");
        let again = balance(&out.html);
        proptest::prop_assert_eq!(again.too_deep, 0);
        proptest::prop_assert_eq!(&again.html, &out.html, "{:?}", input);
    }
}
