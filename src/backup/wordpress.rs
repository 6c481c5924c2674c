//! `sibyl import wordpress FILE.xml`: a WordPress export (WXR 1.0 to 1.2, what Tools >
//! Export writes) read into a [`Blog`] (see [`super::moving_in`]).
//!
//! What is read, and how it lands:
//! - `<channel>`: the site's title, description and language, taken when this site still
//!   has its defaults; `<wp:base_site_url>` names the source in every id made;
//! - `<wp:author>`: an author, matched by e-mail address or made without a password;
//! - `<item>` of type `post` or `page`: title, `content:encoded` (kept as HTML),
//!   `wp:post_name` (the slug, percent-decoded), `wp:post_date_gmt` (or the local date),
//!   `dc:creator`, `wp:status` (`publish` published at its date; `future` scheduled;
//!   `draft`, `pending` and `private` drafts; `trash` and `auto-draft` skipped), a
//!   password (kept as a draft), `wp:comment_status`, categories and tags (both become
//!   tags, but the default "Uncategorized"), the featured image (`_thumbnail_id`);
//! - `<item>` of type `attachment`: fetched into each post that names it in its text or
//!   is its parent, through the binary service; the sizes WordPress made of an image
//!   (`photo-300x200.jpg`) point at the one file;
//! - `<wp:comment>`: approved comments with their replies and dates, by their authors'
//!   accounts when they were signed in; pingbacks, trackbacks, spam, the trash and
//!   comments awaiting moderation are skipped.
//!
//! Elements this reader does not know are counted in the report, not refused.

use super::moving_in::{
    ADMIN, Author, Blog, Comments, Entry, File, Item, Report, guest_name, slug_of, tags_of,
    title_of, unescape_html,
};
use super::{BackupError, CommentRecord, CommenterRecord};
use crate::domain::{Email, PostId, Site, SiteIdentity, UserId};
use chrono::{DateTime, NaiveDateTime, Utc};
use std::collections::HashMap;

const ENGINE: &str = "WordPress";

const CHANNEL: &[&str] = &[
    "title",
    "link",
    "description",
    "pubDate",
    "language",
    "generator",
    "image",
    "wp:wxr_version",
    "wp:base_site_url",
    "wp:base_blog_url",
    "wp:author",
    "wp:category",
    "wp:tag",
    "wp:term",
    "item",
];
const AUTHOR: &[&str] = &[
    "wp:author_id",
    "wp:author_login",
    "wp:author_email",
    "wp:author_display_name",
    "wp:author_first_name",
    "wp:author_last_name",
];
const ITEM: &[&str] = &[
    "title",
    "link",
    "pubDate",
    "dc:creator",
    "guid",
    "description",
    "content:encoded",
    "excerpt:encoded",
    "wp:post_id",
    "wp:post_date",
    "wp:post_date_gmt",
    "wp:post_modified",
    "wp:post_modified_gmt",
    "wp:comment_status",
    "wp:ping_status",
    "wp:post_name",
    "wp:status",
    "wp:post_parent",
    "wp:menu_order",
    "wp:post_type",
    "wp:post_password",
    "wp:is_sticky",
    "wp:attachment_url",
    "category",
    "wp:postmeta",
    "wp:comment",
];
const COMMENT: &[&str] = &[
    "wp:comment_id",
    "wp:comment_author",
    "wp:comment_author_email",
    "wp:comment_author_url",
    "wp:comment_author_IP",
    "wp:comment_date",
    "wp:comment_date_gmt",
    "wp:comment_content",
    "wp:comment_approved",
    "wp:comment_type",
    "wp:comment_parent",
    "wp:comment_user_id",
    "wp:commentmeta",
];

/// Reads a whole WXR file to be imported into `site`; refuses one that is not well-formed XML, not WXR, or of a
/// version it does not know, and a post or comment it cannot place.
pub fn read(xml: &str, site: &Site) -> Result<Blog, BackupError> {
    let root = parse(xml).map_err(|e| {
        BackupError::Invalid(format!("this is not a readable WordPress export: {e}"))
    })?;
    let not_wxr =
        |why: &str| BackupError::Invalid(format!("this is not a WordPress export: {why}"));
    if root.name != "rss" {
        return Err(not_wxr(&format!("its root is <{}>, not <rss>", root.name)));
    }
    let channel = root
        .child("channel")
        .ok_or_else(|| not_wxr("it has no <channel>"))?;
    match channel.text_of("wp:wxr_version").trim() {
        "1.0" | "1.1" | "1.2" => {}
        "" => return Err(not_wxr("it has no <wp:wxr_version>")),
        other => {
            return Err(BackupError::Invalid(format!(
                "WXR version {other} is not one this Sibyl reads (1.0 to 1.2)"
            )));
        }
    }
    let mut report = Report::default();
    for child in &root.children {
        if child.name != "channel" {
            report.unknown(format!("<{}> in <rss>", child.name));
        }
    }
    report_unknown(channel, CHANNEL, &mut report);
    let base = ["wp:base_site_url", "wp:base_blog_url", "link"]
        .iter()
        .map(|name| {
            channel
                .text_of(name)
                .trim()
                .trim_end_matches('/')
                .to_owned()
        })
        .find(|url| !url.is_empty())
        .unwrap_or_default();
    // Ids are named by the site they are imported into and the one they come from.
    let key = |what: String| format!("{site} wordpress:{base}:{what}");

    let identity = match SiteIdentity::parse(
        &channel.text_of("title"),
        &channel.text_of("description"),
        "",
        &channel.text_of("language"),
        "",
    ) {
        Ok(identity) => Some(identity),
        Err(e) => {
            report.skip(format!("the site's name and language: {}", e.0));
            None
        }
    };

    // The authors, by the login posts name them with and the id comments do.
    let mut authors = Vec::new();
    let mut by_login: HashMap<String, (UserId, String)> = HashMap::new();
    let mut by_wp_id: HashMap<String, (UserId, String)> = HashMap::new();
    for node in channel.all("wp:author") {
        report_unknown(node, AUTHOR, &mut report);
        let login = node.text_of("wp:author_login").trim().to_owned();
        let email = Email::parse(node.text_of("wp:author_email").trim()).map_err(|e| {
            BackupError::Invalid(format!(
                "the author {login:?} has no e-mail address Sibyl takes: {}",
                e.0
            ))
        })?;
        let full = format!(
            "{} {}",
            node.text_of("wp:author_first_name").trim(),
            node.text_of("wp:author_last_name").trim()
        );
        let display_name = unescape_html(
            [node.text_of("wp:author_display_name").trim(), full.trim()]
                .into_iter()
                .find(|n| !n.is_empty())
                .unwrap_or(&login),
        );
        let id = UserId::named(&key(format!("author:{login}")));
        by_login.insert(login.clone(), (id, display_name.clone()));
        by_wp_id.insert(
            node.text_of("wp:author_id").trim().to_owned(),
            (id, display_name.clone()),
        );
        authors.push(Author {
            id,
            login,
            email,
            display_name,
            bio: String::new(),
            homepage: String::new(),
            image: String::new(),
        });
    }

    let items: Vec<&Node> = channel.all("item").collect();
    let attachments: Vec<Attachment> = items
        .iter()
        .filter(|item| item.text_of("wp:post_type").trim() == "attachment")
        .filter_map(|item| {
            let url = item.text_of("wp:attachment_url").trim().to_owned();
            (!url.is_empty()).then(|| Attachment {
                id: item.text_of("wp:post_id").trim().to_owned(),
                parent: item.text_of("wp:post_parent").trim().to_owned(),
                url,
            })
        })
        .collect();
    let mut used = vec![false; attachments.len()];
    // By their URL as it is with WordPress's size and `-scaled` suffixes taken off; an
    // upload whose own name looks like a size (`icon-32x32.png`) is found by its exact
    // URL first, and one without a suffix wins the stripped one.
    let by_exact: HashMap<&str, usize> = attachments
        .iter()
        .enumerate()
        .map(|(i, a)| (a.url.as_str(), i))
        .collect();
    let mut by_url: HashMap<String, usize> = HashMap::new();
    for (i, attachment) in attachments.iter().enumerate() {
        let key = original_url(&attachment.url);
        if key == attachment.url {
            by_url.insert(key, i);
        } else {
            by_url.entry(key).or_insert(i);
        }
    }

    let mut posts = Vec::new();
    for (n, item) in items.iter().enumerate() {
        report_unknown(item, ITEM, &mut report);
        for comment in item.all("wp:comment") {
            report_unknown(comment, COMMENT, &mut report);
        }
        let kind = match item.text_of("wp:post_type").trim() {
            "post" => "post",
            "page" => "page",
            "attachment" => continue,
            other => {
                report.skip(format!("items of type {other:?} (not posts or pages)"));
                continue;
            }
        };
        let wp_id = item.text_of("wp:post_id").trim().to_owned();
        let raw_title = item.text_of("title");
        let at = |what: &str| {
            BackupError::Invalid(format!(
                "item {} ({:?}, id {wp_id}): {what}",
                n + 1,
                raw_title.trim()
            ))
        };
        let created = wp_date(item, "wp:post_date_gmt", "wp:post_date")
            .or_else(|| {
                DateTime::parse_from_rfc2822(item.text_of("pubDate").trim())
                    .ok()
                    .map(|d| d.with_timezone(&Utc))
            })
            .ok_or_else(|| at("it has no date"))?;
        let mut status = "draft";
        let mut scheduled = None;
        match item.text_of("wp:status").trim() {
            "publish" => status = "published",
            "draft" | "pending" => {}
            "future" if created > crate::domain::now() => scheduled = Some(created),
            "future" => report.change("scheduled posts whose time has passed kept as drafts"),
            "private" => report.change("private posts kept as drafts"),
            "trash" => {
                report.skip("posts in the trash");
                continue;
            }
            "auto-draft" => {
                report.skip("automatic drafts");
                continue;
            }
            other => {
                report.skip(format!("posts in the state {other:?}"));
                continue;
            }
        }
        if !item.text_of("wp:post_password").is_empty() && status == "published" {
            status = "draft";
            report.change("password-protected posts kept as drafts");
        }
        let mut body = item.text_of("content:encoded");
        if body.trim().is_empty() {
            report.skip("posts and pages without any text");
            continue;
        }
        if !item.text_of("excerpt:encoded").trim().is_empty() {
            report.skip("excerpts (Sibyl makes one from the text)");
        }
        if item.text_of("wp:is_sticky").trim() == "1" {
            report.skip("sticky flags (Sibyl has none)");
        }
        let login = item.text_of("dc:creator").trim().to_owned();
        let (author, author_name) = match by_login.get(&login) {
            Some(author) => author.clone(),
            None => {
                // WXR 1.0 lists no authors; a user deleted from WordPress left none.
                report.change(
                    "posts whose author the export does not list given to the administrator",
                );
                (ADMIN, String::new())
            }
        };
        let title = title_of(&unescape_html(&raw_title), &mut report);
        let slug_text = percent_encoding::percent_decode_str(item.text_of("wp:post_name").trim())
            .decode_utf8_lossy()
            .into_owned();
        let slug = slug_of(&slug_text, &title);
        let mut names = Vec::new();
        for category in item.all("category") {
            match category.attr("domain").unwrap_or("category") {
                "category" if category.attr("nicename") == Some("uncategorized") => {}
                "category" | "post_tag" => names.push(unescape_html(category.text.trim())),
                "post_format" => {}
                other => report.skip(format!("terms of the taxonomy {other:?}")),
            }
        }
        let tags = tags_of(&names, &mut report);
        let featured = item
            .all("wp:postmeta")
            .find(|m| m.text_of("wp:meta_key").trim() == "_thumbnail_id")
            .map(|m| m.text_of("wp:meta_value").trim().to_owned());
        // The attachments it shows (in any size), its featured image, and those it is
        // the parent of, each once, in the order of the file.
        let mut shown: Vec<(usize, Vec<String>)> = Vec::new();
        for url in urls_in(&body) {
            let found = by_exact.get(url).or_else(|| by_url.get(&original_url(url)));
            if let Some(&i) = found {
                let at = match shown.iter().position(|(j, _)| *j == i) {
                    Some(at) => at,
                    None => {
                        shown.push((i, Vec::new()));
                        shown.len() - 1
                    }
                };
                if url != attachments[i].url && !shown[at].1.iter().any(|a| a == url) {
                    shown[at].1.push(url.to_owned());
                }
            }
        }
        for (i, attachment) in attachments.iter().enumerate() {
            let is_featured = featured.as_deref() == Some(attachment.id.as_str());
            let in_body = shown.iter().any(|(j, _)| *j == i);
            if is_featured && !in_body {
                body = format!(
                    "<figure><img src=\"{}\" alt=\"\"></figure>\n\n{body}",
                    crate::domain::markdown::escape_attribute(&attachment.url)
                );
                report.change("featured images put at the top of the text");
            }
            if (is_featured || attachment.parent == wp_id) && !in_body {
                shown.push((i, Vec::new()));
            }
        }
        if body.len() > crate::domain::post::Body::MAX_BYTES {
            report.skip("posts longer than 256 KiB");
            continue;
        }
        shown.sort_by_key(|(i, _)| *i);
        for (i, _) in &shown {
            used[*i] = true;
        }
        let files: Vec<File> = shown
            .into_iter()
            .map(|(i, aliases)| File {
                url: attachments[i].url.clone(),
                aliases,
            })
            .collect();
        let id = PostId::named(&key(format!("post:{wp_id}")), created);
        let comments = comments_of(item, id, &key, &by_wp_id, &mut report).map_err(|e| at(&e))?;
        let published = (status == "published").then_some(created);
        posts.push(Item {
            record: Entry {
                id,
                slug,
                kind,
                author,
                author_name,
                published,
                created,
                scheduled,
                comments_closed: item.text_of("wp:comment_status").trim() == "closed",
                title,
                body,
                tags,
            }
            .into_record(ENGINE),
            files,
            comments,
        });
    }
    for _ in used.iter().filter(|used| !**used) {
        report.skip("attachments no imported post uses");
    }
    Ok(Blog {
        engine: ENGINE,
        identity,
        authors,
        posts,
        report,
    })
}

struct Attachment {
    id: String,
    parent: String,
    url: String,
}

/// The approved comments of a post, oldest first, with their threads: a reply joins its
/// parent's thread; one whose parent is not brought in stands on its own.
fn comments_of(
    item: &Node,
    post: PostId,
    key: &dyn Fn(String) -> String,
    authors: &HashMap<String, (UserId, String)>,
    report: &mut Report,
) -> Result<Vec<CommentRecord>, String> {
    let mut all: Vec<(DateTime<Utc>, &Node)> = Vec::new();
    for node in item.all("wp:comment") {
        let wp_id = node.text_of("wp:comment_id");
        let date = wp_date(node, "wp:comment_date_gmt", "wp:comment_date")
            .ok_or_else(|| format!("comment {} has no date", wp_id.trim()))?;
        all.push((date, node));
    }
    all.sort_by_key(|(date, _)| *date);
    let mut comments = Comments::new(post, key("comment:".into()));
    for (date, node) in all {
        match node.text_of("wp:comment_type").trim() {
            "" | "comment" => {}
            "pingback" | "trackback" => {
                report.skip("pingbacks and trackbacks");
                continue;
            }
            other => {
                report.skip(format!("comments of type {other:?}"));
                continue;
            }
        }
        match node.text_of("wp:comment_approved").trim() {
            "1" => {}
            "0" => {
                report.skip("comments awaiting moderation");
                continue;
            }
            "spam" => {
                report.skip("spam comments");
                continue;
            }
            "trash" => {
                report.skip("comments in the trash");
                continue;
            }
            other => {
                report.skip(format!("comments in the state {other:?}"));
                continue;
            }
        }
        let wp_id = node.text_of("wp:comment_id").trim().to_owned();
        let parent_id = node.text_of("wp:comment_parent").trim().to_owned();
        let answers = Some(parent_id.as_str()).filter(|p| !p.is_empty() && *p != "0");
        let user = node.text_of("wp:comment_user_id").trim().to_owned();
        let author = match authors.get(&user).filter(|_| user != "0") {
            Some((id, name)) => CommenterRecord::Member {
                id: id.0,
                name: name.clone(),
            },
            None => CommenterRecord::Guest {
                name: guest_name(&node.text_of("wp:comment_author")),
                email: node.text_of("wp:comment_author_email").trim().to_owned(),
            },
        };
        let html = node.text_of("wp:comment_content");
        comments.add(wp_id, date, answers, author, &html, report);
    }
    Ok(comments.into_records())
}

/// A date WordPress wrote (`2019-03-04 05:06:07`), in UTC when the `_gmt` one is set,
/// else the local one taken as UTC.
fn wp_date(node: &Node, gmt: &str, local: &str) -> Option<DateTime<Utc>> {
    [gmt, local].iter().find_map(|name| {
        let text = node.text_of(name);
        let text = text.trim();
        if text.is_empty() || text.starts_with("0000") {
            return None;
        }
        NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M:%S")
            .ok()
            .map(|d| d.and_utc())
    })
}

/// An upload's URL without the suffixes WordPress gives the copies it makes: a size
/// (`photo-300x200.jpg`) and `-scaled` (`photo-scaled.jpg`, the big originals of 5.3 and
/// later), so that every copy of an image finds the one file.
fn original_url(url: &str) -> String {
    let Some(dot) = url.rfind('.').filter(|d| *d > url.rfind('/').unwrap_or(0)) else {
        return url.to_owned();
    };
    let (mut stem, extension) = url.split_at(dot);
    if let Some((before, size)) = stem.rsplit_once('-')
        && let Some((w, h)) = size.split_once('x')
        && !w.is_empty()
        && !h.is_empty()
        && w.bytes().chain(h.bytes()).all(|b| b.is_ascii_digit())
    {
        stem = before;
    }
    let stem = stem.strip_suffix("-scaled").unwrap_or(stem);
    format!("{stem}{extension}")
}

/// The absolute URLs a body names (in attributes, `srcset` lists, text), each once.
fn urls_in(body: &str) -> Vec<&str> {
    let mut urls: Vec<&str> = Vec::new();
    for scheme in ["http://", "https://"] {
        for (at, _) in body.match_indices(scheme) {
            let end = body[at..]
                .find(|c: char| {
                    c.is_whitespace() || matches!(c, '"' | '\'' | '<' | '>' | '(' | ')')
                })
                .map_or(body.len(), |e| at + e);
            let url = body[at..end].trim_end_matches([',', '.', ';']);
            if !urls.contains(&url) {
                urls.push(url);
            }
        }
    }
    urls
}

fn report_unknown(node: &Node, known: &[&str], report: &mut Report) {
    for child in &node.children {
        if !known.contains(&child.name.as_str()) {
            report.unknown(format!("<{}> in <{}>", child.name, node.name));
        }
    }
}

/// An element of the file: its name as written (`wp:post_id`), attributes, text and
/// children.
#[derive(Debug, Default)]
struct Node {
    name: String,
    attrs: Vec<(String, String)>,
    text: String,
    children: Vec<Node>,
}

impl Node {
    fn child(&self, name: &str) -> Option<&Node> {
        self.children.iter().find(|c| c.name == name)
    }

    fn all<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a Node> + 'a {
        self.children.iter().filter(move |c| c.name == name)
    }

    /// The text of the first child of that name (empty when there is none).
    fn text_of(&self, name: &str) -> String {
        self.child(name).map(|c| c.text.clone()).unwrap_or_default()
    }

    fn attr(&self, name: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// The document as a tree; a file that is cut short, or not well-formed, is refused
/// with the line where it goes wrong.
#[expect(
    clippy::expect_used,
    reason = "the reader's stack holds the document node until the end"
)]
fn parse(xml: &str) -> Result<Node, String> {
    use quick_xml::events::Event;
    let mut reader = quick_xml::Reader::from_str(xml);
    reader.config_mut().trim_text(false);
    let decoder = reader.decoder();
    let line = |at: u64| xml[..(at as usize).min(xml.len())].matches('\n').count() + 1;
    let mut stack: Vec<Node> = vec![Node::default()];
    let open = |e: &quick_xml::events::BytesStart| -> Result<Node, String> {
        let mut node = Node {
            name: String::from_utf8_lossy(e.name().as_ref()).into_owned(),
            ..Node::default()
        };
        for attr in e.attributes() {
            let attr = attr.map_err(|e| e.to_string())?;
            let value = attr
                .decoded_and_normalized_value(quick_xml::XmlVersion::Implicit1_0, decoder)
                .map_err(|e| e.to_string())?;
            node.attrs.push((
                String::from_utf8_lossy(attr.key.as_ref()).into_owned(),
                value.into_owned(),
            ));
        }
        Ok(node)
    };
    loop {
        let at = reader.buffer_position();
        let event = reader.read_event().map_err(|e| {
            let cut = reader.buffer_position() as usize >= xml.len();
            let cut = if cut { ": the file is cut short" } else { "" };
            format!("line {}: {e}{cut}", line(at))
        })?;
        let top = stack.last_mut().expect("the document node is never taken");
        match event {
            Event::Start(e) => {
                let node = open(&e).map_err(|e| format!("line {}: {e}", line(at)))?;
                stack.push(node);
            }
            Event::Empty(e) => {
                let node = open(&e).map_err(|e| format!("line {}: {e}", line(at)))?;
                top.children.push(node);
            }
            Event::End(_) => {
                let node = stack.pop().expect("the reader checks every end tag");
                stack
                    .last_mut()
                    .ok_or_else(|| format!("line {}: an end tag without a start", line(at)))?
                    .children
                    .push(node);
            }
            Event::Text(t) => {
                let text = t.xml10_content().map_err(|e| e.to_string())?;
                top.text.push_str(&text);
            }
            Event::CData(c) => {
                let text = c.decode().map_err(|e| e.to_string())?;
                top.text.push_str(&text);
            }
            Event::GeneralRef(r) => {
                if let Some(c) = r
                    .resolve_char_ref()
                    .map_err(|e| format!("line {}: {e}", line(at)))?
                {
                    top.text.push(c);
                } else {
                    let name = r.decode().map_err(|e| e.to_string())?;
                    let resolved =
                        quick_xml::escape::resolve_predefined_entity(&name).ok_or_else(|| {
                            format!("line {}: the entity &{name}; is not defined", line(at))
                        })?;
                    top.text.push_str(resolved);
                }
            }
            Event::Eof => break,
            Event::Decl(_) | Event::PI(_) | Event::Comment(_) | Event::DocType(_) => {}
        }
    }
    if stack.len() > 1 {
        let open: Vec<String> = stack[1..].iter().map(|n| format!("<{}>", n.name)).collect();
        return Err(format!(
            "the file ends inside {}: it is cut short",
            open.join(" ")
        ));
    }
    let document = stack.pop().expect("the document node");
    document
        .children
        .into_iter()
        .next()
        .ok_or_else(|| "the file holds no element".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entities_cdata_and_attributes_are_read() {
        let root = parse(
            r#"<?xml version="1.0"?><rss a="x &amp; y"><t>1 &lt; 2 &#233;<![CDATA[<b>]]></t><e/></rss>"#,
        )
        .unwrap();
        assert_eq!(root.attr("a"), Some("x & y"));
        assert_eq!(root.text_of("t"), "1 < 2 é<b>");
        assert!(root.child("e").is_some());
    }

    #[test]
    fn a_file_cut_short_or_malformed_is_refused_with_its_line() {
        let cut = parse("<rss>\n<channel>\n<item>").unwrap_err();
        assert!(cut.contains("cut short"), "{cut}");
        let wrong = parse("<rss>\n<a></b></rss>").unwrap_err();
        assert!(wrong.contains("line 2"), "{wrong}");
        let entity = parse("<rss>&nbsp;</rss>").unwrap_err();
        assert!(entity.contains("&nbsp;"), "{entity}");
    }

    #[test]
    fn every_copy_of_an_image_finds_its_upload() {
        for copy in [
            "https://o.example/up/a.jpg",
            "https://o.example/up/a-300x200.jpg",
            "https://o.example/up/a-scaled.jpg",
            "https://o.example/up/a-scaled-1024x683.jpg",
        ] {
            assert_eq!(original_url(copy), "https://o.example/up/a.jpg", "{copy}");
        }
        assert_eq!(
            original_url("https://o.example/up/a-b.jpg"),
            "https://o.example/up/a-b.jpg"
        );
        let body = r#"<img src="https://o.example/up/a-300x200.jpg" srcset="https://o.example/up/a.jpg 2x, https://o.example/up/b.png 3x"> see https://o.example/x."#;
        assert_eq!(
            urls_in(body),
            [
                "https://o.example/up/a-300x200.jpg",
                "https://o.example/up/a.jpg",
                "https://o.example/up/b.png",
                "https://o.example/x"
            ]
        );
    }
}
