//! Every URL the site makes that has a variable part, in one place, with the encoding
//! each part needs. Handlers call these for redirects and hand the results to pages, so
//! a route's shape is written here and in `configure`, nowhere else.
//!
//! Slugs are used as they are: they hold only letters, digits and dashes, and a header
//! gets their other scripts percent-encoded by [`ascii_location`]. Free text (tags, user
//! names, cursors) is percent-encoded with [`encode_component`].

use crate::domain::Locale;

/// What [`encode_component`] leaves as it is: unreserved ASCII (RFC 3986).
const UNRESERVED: &percent_encoding::AsciiSet = &percent_encoding::NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'_')
    .remove(b'.')
    .remove(b'~');

/// A URL path segment or query value, percent-encoded (everything but unreserved ASCII).
pub fn encode_component(value: &str) -> String {
    std::borrow::Cow::from(percent_encoding::utf8_percent_encode(value, UNRESERVED)).into_owned()
}

/// A location with every non-ASCII byte percent-encoded: a header is ASCII.
pub fn ascii_location(location: &str) -> String {
    let mut out = String::with_capacity(location.len());
    for c in location.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            let mut buf = [0u8; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("%{b:02X}"));
            }
        }
    }
    out
}

/// The sign-in page, leading back to `next` (a path on this site, query included).
pub fn login(next: &str) -> String {
    // The path's slashes stay readable; everything else that is not plain is encoded.
    let next: String = next
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'/' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect();
    format!("/login?next={next}")
}

/// The account page, saying which of its forms was saved.
pub fn account_saved(which: &str) -> String {
    format!("/account?saved={which}")
}

/// What a post's URLs carry to stay on one text: `?lang=fr_CA` for a translation,
/// nothing for the original (`None`).
pub fn lang_query(lang: Option<&Locale>) -> String {
    match lang {
        Some(locale) => format!("?lang={}", locale.code()),
        None => String::new(),
    }
}

/// `query` followed by one more parameter: `?` or `&` as the query needs.
fn and_param(query: &str, param: &str) -> String {
    let sep = if query.is_empty() { '?' } else { '&' };
    format!("{query}{sep}{param}")
}

pub fn post(slug: &str) -> String {
    post_path(slug).to_string()
}

/// A post's page, written where it is shown (a list row) without a string of its own.
pub fn post_path(slug: &str) -> PostPath<'_> {
    PostPath { slug, fragment: "" }
}

/// A post's page or a place in it (see [`post_path`], [`comments_path`]).
pub struct PostPath<'a> {
    slug: &'a str,
    fragment: &'static str,
}

impl std::fmt::Display for PostPath<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "/posts/{}{}", self.slug, self.fragment)
    }
}

/// A writer's desk at one tab; `author` for another writer's (an administrator's view).
pub fn desk(tab: &str, author: Option<&str>) -> String {
    match author {
        Some(name) => format!("/desk?tab={tab}&author={}", encode_component(name)),
        None => format!("/desk?tab={tab}"),
    }
}

/// A static page (About, Contact).
pub fn page(slug: &str) -> String {
    format!("/pages/{slug}")
}

/// A post or a page in one of its languages, where readers read it.
pub fn text_url(slug: &str, page: bool, lang: Option<&Locale>) -> String {
    let path = if page { self::page(slug) } else { post(slug) };
    format!("{path}{}", lang_query(lang))
}

/// A post in one of its languages.
pub fn post_in(slug: &str, lang: Option<&Locale>) -> String {
    format!("/posts/{slug}{}", lang_query(lang))
}

/// A post's short link, from the id pool.
pub fn short_link(n: u64) -> String {
    format!("/p/{n}")
}

/// The list of the site's tags.
pub fn tags() -> String {
    "/tags".to_owned()
}

pub fn tag(tag: &str) -> String {
    tag_path(tag).to_string()
}

/// A tag's page, written where it is shown (see [`post_path`]).
pub fn tag_path(tag: &str) -> TagPath<'_> {
    TagPath(tag)
}

/// A tag's page (see [`tag_path`]).
pub struct TagPath<'a>(&'a str);

impl std::fmt::Display for TagPath<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "/tags/{}",
            percent_encoding::utf8_percent_encode(self.0, UNRESERVED)
        )
    }
}

pub fn author(username: &str) -> String {
    format!("/authors/{}", encode_component(username))
}

/// An author's page by their account's id, which never changes: it leads on to the
/// page by their current user name.
pub fn author_by_id(id: crate::domain::UserId) -> String {
    author_path(id).to_string()
}

/// An author's page by their account's id, written where it is shown (see [`post_path`]).
pub fn author_path(id: crate::domain::UserId) -> AuthorPath {
    AuthorPath(id)
}

/// An author's page by their account's id (see [`author_path`]).
pub struct AuthorPath(crate::domain::UserId);

impl std::fmt::Display for AuthorPath {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "/authors/id/{}", self.0.0)
    }
}

/// The site's own fediverse actor.
pub fn ap_site() -> String {
    "/ap/site".to_owned()
}

/// An author's fediverse actor, by their account's id (which never changes, whatever
/// their name becomes).
pub fn ap_user(id: crate::domain::UserId) -> String {
    format!("/ap/users/{}", id.0)
}

/// A post as an ActivityPub `Article`, by its id (which never changes, whatever its slug
/// becomes).
pub fn ap_post(id: crate::domain::PostId) -> String {
    format!("/ap/posts/{}", id.0)
}

/// The inbox every actor of the site shares.
pub fn ap_shared_inbox() -> String {
    "/ap/inbox".to_owned()
}

/// One of an actor's collections or boxes (`inbox`, `outbox`, `followers`, `following`).
pub fn ap_part(actor: &str, part: &str) -> String {
    format!("{actor}/{part}")
}

/// The sitemap index.
pub fn sitemap_index() -> String {
    "/sitemap.xml".to_owned()
}

/// The sitemap of a month of the archive, `202611`: `/sitemaps/2026-11.xml`.
pub fn sitemap_month(month: i32) -> String {
    format!("/sitemaps/{}-{:02}.xml", month / 100, month % 100)
}

/// The site's Atom feed.
pub fn site_feed() -> String {
    "/feed.xml".to_owned()
}

/// A tag's Atom feed.
pub fn tag_feed(tag_name: &str) -> String {
    format!("{}/feed.xml", tag(tag_name))
}

/// An author's Atom feed.
pub fn author_feed(username: &str) -> String {
    format!("{}/feed.xml", author(username))
}

/// A page of a list at `base`: the posts older than a cursor (`older`) or newer.
pub fn list_page(base: &str, older: bool, cursor: &str) -> String {
    let (join, way) = (
        if base.contains('?') { '&' } else { '?' },
        if older { "after" } else { "before" },
    );
    format!("{base}{join}{way}={}", encode_component(cursor))
}

/// A month of the archive, `202611`: `/archive/2026/11`.
pub fn archive_month(month: i32) -> String {
    format!("/archive/{}/{:02}", month / 100, month % 100)
}

pub fn publish(slug: &str, lang: Option<&Locale>) -> String {
    format!("/posts/{slug}/publish{}", lang_query(lang))
}

/// Where a post is deleted, after a confirmation.
pub fn delete(slug: &str) -> String {
    format!("/posts/{slug}/delete")
}

/// Where a draft's time to go live is set.
pub fn schedule(slug: &str) -> String {
    format!("/posts/{slug}/schedule")
}

pub fn unschedule(slug: &str) -> String {
    format!("/posts/{slug}/unschedule")
}

pub fn unpublish(slug: &str, lang: Option<&Locale>) -> String {
    format!("/posts/{slug}/unpublish{}", lang_query(lang))
}

/// The editor of one text of a post.
pub fn edit(slug: &str, lang: Option<&Locale>) -> String {
    format!("/posts/{slug}/edit{}", lang_query(lang))
}

/// The editor's list of files.
pub fn edit_attachments(slug: &str) -> String {
    format!("/posts/{slug}/edit#attachments")
}

pub fn discard_draft(slug: &str, lang: Option<&Locale>) -> String {
    format!("/posts/{slug}/draft/discard{}", lang_query(lang))
}

pub fn history(slug: &str, lang: Option<&Locale>) -> String {
    format!("/posts/{slug}/history{}", lang_query(lang))
}

/// A later page of the history: the revisions numbered `newest` and below.
pub fn history_from(slug: &str, lang: Option<&Locale>, newest: u32) -> String {
    format!(
        "/posts/{slug}/history{}",
        and_param(&lang_query(lang), &format!("from={newest}"))
    )
}

pub fn revision(slug: &str, lang: Option<&Locale>, number: u32) -> String {
    format!("/posts/{slug}/revisions/{number}{}", lang_query(lang))
}

pub fn restore(slug: &str, lang: Option<&Locale>, number: u32) -> String {
    format!(
        "/posts/{slug}/revisions/{number}/restore{}",
        lang_query(lang)
    )
}

/// The difference page; the history's form adds `from`, `to` (and `lang`).
pub fn diff(slug: &str) -> String {
    format!("/posts/{slug}/diff")
}

pub fn suggest(slug: &str) -> String {
    format!("/posts/{slug}/suggest")
}

/// The post, telling its reader that their suggestion was received.
pub fn suggested(slug: &str) -> String {
    format!("/posts/{slug}?suggested")
}

pub fn suggestions(slug: &str) -> String {
    format!("/posts/{slug}/suggestions")
}

/// One suggestion, named `<host>/<n>`.
pub fn suggestion(slug: &str, id: &str) -> String {
    format!("/posts/{slug}/suggestions/{id}")
}

pub fn accept_suggestion(slug: &str, id: &str) -> String {
    format!("{}/accept", suggestion(slug, id))
}

pub fn reject_suggestion(slug: &str, id: &str) -> String {
    format!("{}/reject", suggestion(slug, id))
}

/// A post's comment section.
pub fn comments(slug: &str) -> String {
    comments_path(slug).to_string()
}

/// A post's comments, in place on its page (see [`post_path`]).
pub fn comments_path(slug: &str) -> PostPath<'_> {
    PostPath {
        slug,
        fragment: "#comments",
    }
}

/// One comment, in place on its post's page.
pub fn comment(slug: &str, id: &str) -> String {
    format!("/posts/{slug}#comment-{id}")
}

/// Where the comment form of one text of a post is sent.
pub fn new_comment(slug: &str, lang: Option<&Locale>) -> String {
    format!("/posts/{slug}/comments{}", lang_query(lang))
}

/// The post after a comment was sent: `outcome` is `published` or `pending`.
pub fn commented(slug: &str, lang: Option<&Locale>, outcome: &str) -> String {
    format!(
        "/posts/{slug}{}#comments",
        and_param(&lang_query(lang), &format!("commented={outcome}"))
    )
}

/// A page of a post's comments, starting at a store cursor.
pub fn comment_page(slug: &str, lang: Option<&Locale>, cursor: &str) -> String {
    format!(
        "/posts/{slug}{}#comments",
        and_param(
            &lang_query(lang),
            &format!("comments={}", encode_component(cursor))
        )
    )
}

/// The comment form, answering comment `id`.
pub fn reply(slug: &str, lang: Option<&Locale>, id: &str) -> String {
    format!(
        "/posts/{slug}{}#comment-form",
        and_param(&lang_query(lang), &format!("reply={id}"))
    )
}

/// The comment form, answering nothing.
pub fn comment_form(slug: &str, lang: Option<&Locale>) -> String {
    format!("/posts/{slug}{}#comment-form", lang_query(lang))
}

/// Where an edited comment is sent.
pub fn edited_comment(slug: &str, id: &str) -> String {
    format!("/posts/{slug}/comments/{id}")
}

pub fn edit_comment(slug: &str, id: &str) -> String {
    format!("/posts/{slug}/comments/{id}/edit")
}

pub fn delete_comment(slug: &str, id: &str) -> String {
    format!("/posts/{slug}/comments/{id}/delete")
}

pub fn close_comments(slug: &str) -> String {
    format!("/posts/{slug}/comments/close")
}

pub fn open_comments(slug: &str) -> String {
    format!("/posts/{slug}/comments/open")
}

/// The moderation desk: one post's (`Some(slug)`) or the site's.
pub fn moderation(slug: Option<&str>) -> String {
    match slug {
        Some(slug) => format!("/posts/{slug}/comments/moderate"),
        None => "/admin/comments".to_owned(),
    }
}

/// One list of a moderation desk (`pending`, `spam` or `rejected`).
pub fn moderation_list(slug: Option<&str>, state: &str) -> String {
    format!("{}?state={state}", moderation(slug))
}

/// The next page of a moderation list.
pub fn moderation_after(slug: Option<&str>, state: &str, cursor: &str) -> String {
    format!(
        "{}&after={}",
        moderation_list(slug, state),
        encode_component(cursor)
    )
}

/// A moderation list after a bulk decision: `done` names it, `n` comments moved.
pub fn moderated(slug: Option<&str>, state: &str, done: &str, n: usize) -> String {
    format!("{}&done={done}&n={n}", moderation_list(slug, state))
}

/// The site's moderation list after a ban (`done` is `banned` or `unbanned`).
pub fn ban_changed(state: &str, done: &str, account: &str) -> String {
    format!("{}&done={done}&who={account}", moderation_list(None, state))
}

/// The moderation log of a month such as `2026-11`.
pub fn moderation_log(month: &str) -> String {
    format!("/admin/comments/log?month={month}")
}

/// The next older page of a month's moderation log.
pub fn moderation_log_after(month: &str, cursor: &str) -> String {
    format!(
        "{}&after={}",
        moderation_log(month),
        encode_component(cursor)
    )
}

/// One shelf (first letter) of the user directory.
pub fn users_shelf(shelf: &str) -> String {
    format!("/admin/users?shelf={}", encode_component(shelf))
}

/// The next page of a shelf of the user directory.
pub fn users_shelf_after(shelf: &str, after: &str) -> String {
    format!("{}&after={}", users_shelf(shelf), encode_component(after))
}

/// The next page of the newest accounts: signed up before `<millis>-<account id>`.
pub fn users_before(millis: i64, account: &str) -> String {
    format!("/admin/users?before={millis}-{account}")
}

pub fn user_role(account: &str) -> String {
    format!("/admin/users/{account}/role")
}

pub fn ban_user(account: &str) -> String {
    format!("/admin/users/{account}/ban")
}

pub fn unban_user(account: &str) -> String {
    format!("/admin/users/{account}/unban")
}

/// A post's file upload form.
pub fn attachments(slug: &str) -> String {
    format!("/posts/{slug}/attachments")
}

/// The editor's remove button of one file.
pub fn detach(slug: &str, reference: &str) -> String {
    format!("/posts/{slug}/attachments/{reference}/delete")
}

/// A file's original; also the base URI of its IIIF images.
pub fn binary(reference: &str) -> String {
    format!("/binary/{reference}")
}

/// An image at its full size, the size a post's Markdown gives it so that the page can
/// reserve its space.
pub fn binary_sized(reference: &str, width: u32, height: u32) -> String {
    format!("{}?size={width}x{height}", binary(reference))
}

/// The thumbnail lists show: one of the stored renditions.
pub fn binary_thumbnail(reference: &str) -> String {
    format!("{}/full/!140,105/0/default.jpg", binary(reference))
}

/// The processing log of a context (`post:<id>`) or of one file.
pub fn binary_log(subject: &str) -> String {
    format!("/binary/logs/{subject}")
}

/// The next page of the admins' list of files: older than `<millis>-<reference>`.
pub fn admin_binaries_after(millis: i64, reference: &str) -> String {
    format!("/admin/binaries?after={millis}-{reference}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locations_are_ascii_with_other_letters_percent_encoded() {
        assert_eq!(ascii_location("/posts/東京"), "/posts/%E6%9D%B1%E4%BA%AC");
        assert_eq!(ascii_location("/posts/rust-и-2"), "/posts/rust-%D0%B8-2");
        assert_eq!(ascii_location("/posts/hello?a=1"), "/posts/hello?a=1");
    }

    #[test]
    fn free_text_is_percent_encoded() {
        assert_eq!(tag("c++ & rust"), "/tags/c%2B%2B%20%26%20rust");
        assert_eq!(author("zoë"), "/authors/zo%C3%AB");
        assert_eq!(
            login("/posts/x/diff?from=1&to=2"),
            "/login?next=/posts/x/diff%3Ffrom%3D1%26to%3D2"
        );
    }

    #[test]
    fn a_translation_keeps_its_language_and_more_parameters_follow() {
        let fr = Locale::parse("fr").unwrap();
        assert_eq!(history("hello", Some(&fr)), "/posts/hello/history?lang=fr");
        assert_eq!(
            history_from("hello", Some(&fr), 50),
            "/posts/hello/history?lang=fr&from=50"
        );
        assert_eq!(
            history_from("hello", None, 7),
            "/posts/hello/history?from=7"
        );
        assert_eq!(revision("hello", None, 3), "/posts/hello/revisions/3");
        assert_eq!(
            commented("hello", Some(&fr), "pending"),
            "/posts/hello?lang=fr&commented=pending#comments"
        );
        assert_eq!(
            commented("hello", None, "published"),
            "/posts/hello?commented=published#comments"
        );
        assert_eq!(
            comment_page("hello", None, "a b"),
            "/posts/hello?comments=a%20b#comments"
        );
        assert_eq!(
            moderated(Some("hello"), "spam", "approved", 2),
            "/posts/hello/comments/moderate?state=spam&done=approved&n=2"
        );
    }
}
