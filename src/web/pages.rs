//! One askama struct per page, each extending `base.html`, and the plain data they show.
//!
//! Pages depend on nothing else in `web/`: handlers gather the data and hand it over, so
//! a page can be read (and changed) without knowing where its data came from.

use crate::domain::{Role, SiteIdentity, User};
use askama::Template;
use chrono::{DateTime, Utc};
use std::sync::Arc;

/// The browser's CSRF token as a page sees it. Reading it is what makes the response set
/// the token's cookie and stay private, so a page reads it only when it renders a form.
pub trait FormToken {
    fn form_value(&self) -> &str;
}

/// What `base.html` needs on every page: who is signed in and the CSRF token.
pub struct Layout {
    pub user: Option<LayoutUser>,
    csrf: Option<Box<dyn FormToken>>,
    /// The page's own absolute address, for `rel=canonical` (none on error pages).
    pub canonical: Option<String>,
    /// What the page is, in a sentence, for search engines and link previews.
    pub description: String,
    /// What the site calls itself (its name, tagline, language and footer), and its
    /// published pages.
    pub site: Arc<SiteFrame>,
}

/// What every page's frame shows of the site: its identity (the fields of which a
/// frame answers to as its own) and its published pages, in the navigation.
#[derive(Debug, Default)]
pub struct SiteFrame {
    pub identity: SiteIdentity,
    pub pages: Vec<NavLink>,
    /// Read from the store (the defaults stand in while it cannot be read).
    pub read: bool,
}

impl std::ops::Deref for SiteFrame {
    type Target = SiteIdentity;

    fn deref(&self) -> &SiteIdentity {
        &self.identity
    }
}

/// A link of the site's navigation.
#[derive(Debug, Clone)]
pub struct NavLink {
    pub title: String,
    pub url: String,
}

pub struct LayoutUser {
    pub display_name: String,
    pub can_write: bool,
    pub is_admin: bool,
}

impl Layout {
    pub fn new(user: Option<&User>, csrf: Box<dyn FormToken>, site: Arc<SiteFrame>) -> Self {
        Self {
            user: user.map(|u| LayoutUser {
                display_name: u.display_name.clone(),
                can_write: u.role.can_write(),
                is_admin: u.role == Role::Admin,
            }),
            csrf: Some(csrf),
            canonical: None,
            description: site_description(&site),
            site,
        }
    }

    /// The same layout, saying `description` of its page (cut to 300 characters).
    pub fn describing(mut self, description: &str) -> Self {
        let text: String = description.split_whitespace().collect::<Vec<_>>().join(" ");
        if !text.is_empty() {
            self.description = text.chars().take(300).collect();
        }
        self
    }

    /// The CSRF token, for a form on the page. Only a page that calls this (renders a
    /// form) sets the token's cookie and is kept private.
    pub fn csrf(&self) -> &str {
        self.csrf.as_ref().map_or("", |t| t.form_value())
    }

    /// For error pages, rendered without a store round trip.
    pub fn anonymous() -> Self {
        let site = Arc::<SiteFrame>::default();
        Self {
            user: None,
            csrf: None,
            canonical: None,
            description: site_description(&site),
            site,
        }
    }
}

/// What a page says of itself when it says nothing more particular: the site's
/// description, else its tagline, else its name.
fn site_description(site: &SiteIdentity) -> String {
    [&site.description, &site.tagline, &site.title]
        .into_iter()
        .find(|text| !text.is_empty())
        .cloned()
        .unwrap_or_default()
}

pub struct Dated {
    pub human: String,
    pub iso: String,
}

impl Dated {
    pub fn new(at: DateTime<Utc>) -> Self {
        Self {
            human: at.format("%B %-d, %Y").to_string(),
            iso: at.to_rfc3339(),
        }
    }

    /// A date with its time of day (UTC), for what happens at a set time.
    pub fn with_time(at: DateTime<Utc>) -> Self {
        Self {
            human: at.format("%B %-d, %Y at %H:%M UTC").to_string(),
            iso: at.to_rfc3339(),
        }
    }
}

pub struct SummaryView {
    pub url: String,
    pub title: String,
    pub excerpt: String,
    pub author: String,
    /// The author's page, when the list row names the author's account.
    pub author_url: Option<String>,
    pub date: Dated,
    pub tags: Vec<TagLink>,
    /// Approved comments.
    pub comments: u64,
    pub comments_url: String,
}

#[derive(Template)]
#[template(path = "home.html")]
pub struct HomePage {
    pub layout: Layout,
    pub posts: Vec<SummaryView>,
    pub setup_needed: bool,
    pub pager: Pager,
}

/// The links to the pages beside a page of a list.
#[derive(Default)]
pub struct Pager {
    pub older: Option<String>,
    pub newer: Option<String>,
}

/// The site's tags with their counts, by name.
#[derive(Template)]
#[template(path = "tags/index.html")]
pub struct TagsPage {
    pub layout: Layout,
    pub tags: Vec<TagCountView>,
    /// The next page of tags, if there are more.
    pub more: Option<String>,
}

pub struct TagCountView {
    pub name: String,
    pub url: String,
    pub posts: u64,
}

/// A month of the archive: its posts, and the months with posts beside it.
#[derive(Template)]
#[template(path = "archive/month.html")]
pub struct MonthPage {
    pub layout: Layout,
    /// "November 2026".
    pub title: String,
    pub posts: Vec<SummaryView>,
    pub pager: Pager,
    pub earlier: Option<ArchiveMonth>,
    pub later: Option<ArchiveMonth>,
}

pub struct ArchiveMonth {
    pub url: String,
    pub label: String,
}

/// The months with posts, by year, newest first.
#[derive(Template)]
#[template(path = "archive/index.html")]
pub struct ArchivePage {
    pub layout: Layout,
    pub years: Vec<(i32, Vec<ArchiveMonth>)>,
}

pub struct PostView {
    pub short_url: String,
    pub title: String,
    pub body_html: String,
    pub author: String,
    pub author_url: String,
    pub date: Dated,
    /// When its text last changed, if that was after it was published.
    pub updated: Option<Dated>,
    pub tags: Vec<TagLink>,
    pub draft: bool,
}

/// A translation in the editors' list under a post.
pub struct TranslationLink {
    pub url: String,
    pub label: String,
    pub code: String,
    pub draft: bool,
}

#[derive(Template)]
#[template(path = "posts/show.html")]
pub struct PostPage {
    pub layout: Layout,
    pub post: PostView,
    /// The `lang` attribute of the article (the interface around it is English); empty
    /// for a text in no particular language.
    pub text_lang: String,
    /// The post's languages, for hreflang links and the language switch.
    pub alternates: Vec<Alternate>,
    pub links: PostLinks,
    pub original: bool,
    /// For editors: every translation, drafts too.
    pub translations: Vec<TranslationLink>,
    pub can_publish: bool,
    /// A draft published before: the date publishing it again keeps.
    pub published_before: Option<Dated>,
    /// A scheduled draft: when it goes live.
    pub scheduled: Option<Dated>,
    pub can_edit: bool,
    /// A signed-in reader who is not an editor may suggest an edit.
    pub can_suggest: bool,
    pub suggested: bool,
    /// None on a static page, which takes no comments.
    pub comments: Option<CommentSection>,
    pub preview: Preview,
    /// A static page: no byline, tags or comments.
    pub page: bool,
}

/// What a shared link to a post shows (OpenGraph, Twitter card) and what search engines
/// read of it (JSON-LD `BlogPosting`).
pub struct Preview {
    pub title: String,
    pub description: String,
    /// The post's absolute address.
    pub url: String,
    /// The first image of the post's attachments, absolute.
    pub image: Option<String>,
    pub published: String,
    pub modified: String,
    pub author: String,
    /// The `BlogPosting` object, as JSON safe inside a `<script>` element.
    pub json_ld: String,
}

/// Where a post page's buttons and links lead, for the text it shows.
pub struct PostLinks {
    pub publish: String,
    pub unpublish: String,
    pub edit: String,
    pub history: String,
    pub suggest: String,
    pub suggestions: String,
    /// The editor without a language: its form adds the one to translate into.
    pub translate: String,
    pub close_comments: String,
    pub open_comments: String,
    /// Sign in, then back to the post.
    pub sign_in: String,
    pub schedule: String,
    pub delete: String,
}

#[derive(Template)]
#[template(path = "comments/edit.html")]
pub struct CommentEditPage {
    pub layout: Layout,
    pub post_url: String,
    pub post_title: String,
    pub action: String,
    pub delete_url: String,
    pub body: String,
    pub error: Option<String>,
}

#[derive(Template)]
#[template(path = "posts/write.html")]
pub struct WritePage {
    pub layout: Layout,
    pub error: Option<String>,
    pub title: String,
    pub body: String,
    pub tags: String,
    pub lang: String,
    /// The body rendered as it would be published, when the author asked for a preview.
    pub preview: Option<String>,
    /// A static page (no tags), not a post.
    pub page: bool,
}

#[derive(Template)]
#[template(path = "account/login.html")]
pub struct LoginPage {
    pub layout: Layout,
    pub error: Option<String>,
    pub login: String,
    pub next: String,
    /// Back from setting a new password.
    pub reset: bool,
}

#[derive(Template)]
#[template(path = "account/setup.html")]
pub struct SetupPage {
    pub layout: Layout,
    pub error: Option<String>,
    pub username: String,
    pub email: String,
    pub display_name: String,
}

#[derive(Template)]
#[template(path = "account/signup.html")]
pub struct SignupPage {
    pub layout: Layout,
    pub error: Option<String>,
    pub username: String,
    pub email: String,
}

#[derive(Template)]
#[template(path = "account/settings.html")]
pub struct SettingsPage {
    pub layout: Layout,
    pub username: String,
    /// The user's public page.
    pub author_url: String,
    pub email: String,
    /// The account has no confirmed address yet (signed up with mail on).
    pub unconfirmed: bool,
    pub display_name: String,
    pub bio: String,
    pub homepage: String,
    pub image: String,
    pub role: &'static str,
    /// Whether a new address must be confirmed by a mailed link.
    pub mail_on: bool,
    pub notice: Option<String>,
    pub error: Option<(Section, String)>,
}

impl SettingsPage {
    /// The error to show next to one form, if it is that form's.
    pub fn error_for(&self, section: &str) -> Option<&str> {
        let wanted = match section {
            "profile" => Section::Profile,
            "username" => Section::Username,
            "email" => Section::Email,
            _ => Section::Password,
        };
        self.error
            .as_ref()
            .filter(|(s, _)| *s == wanted)
            .map(|(_, m)| m.as_str())
    }
}

#[derive(Template)]
#[template(path = "authors/show.html")]
pub struct AuthorPage {
    pub layout: Layout,
    pub display_name: String,
    pub username: String,
    pub bio_paragraphs: Vec<String>,
    pub homepage: String,
    /// The address of their picture, or empty.
    pub image: String,
    pub posts: Vec<SummaryView>,
    pub pager: Pager,
    /// The author's Atom feed.
    pub feed: String,
}

pub struct DirectoryRow {
    pub id: String,
    pub author_url: String,
    /// A writer's desk (their drafts and posts), for authors and administrators.
    pub desk_url: Option<String>,
    pub username: String,
    pub display_name: String,
    pub email: String,
    pub role: &'static str,
    pub banned: bool,
    pub role_url: String,
    /// Ban, or unban a banned account.
    pub ban_url: String,
    /// The page that deletes the account.
    pub delete_url: String,
    /// A deleted account's nameless record: nothing to do with it.
    pub deleted: bool,
    /// When the account was made, in the newest accounts' view.
    pub joined: Option<String>,
}

/// A shelf (first letter) of the user directory.
pub struct ShelfLink {
    pub name: &'static str,
    pub url: String,
}

#[derive(Template)]
#[template(path = "admin/users.html")]
pub struct UsersPage {
    pub layout: Layout,
    pub shelves: Vec<ShelfLink>,
    pub shelf: String,
    pub query: String,
    pub rows: Vec<DirectoryRow>,
    pub next: Option<String>,
    pub message: Option<String>,
    /// The acting administrator's id: their own row has no buttons.
    pub me: String,
}

#[derive(Template)]
#[template(path = "error.html")]
pub struct ErrorPage {
    pub layout: Layout,
    pub title: &'static str,
    pub message: String,
    /// A server error's request id, for a reader to quote in a report.
    pub reference: Option<String>,
}

pub fn dated(at: DateTime<Utc>) -> Dated {
    Dated::new(at)
}

#[derive(Template)]
#[template(path = "posts/edit.html")]
pub struct EditPage {
    pub layout: Layout,
    /// The post, and the text being edited (the same for the original).
    pub post_url: String,
    pub text_url: String,
    pub history_url: String,
    pub discard_draft_url: String,
    pub save_url: String,
    pub upload_url: String,
    /// The processing log of the post's files.
    pub log_url: String,
    /// The translation's language; empty when editing the original.
    pub language: String,
    pub error: Option<String>,
    pub notice: Option<String>,
    pub has_draft: bool,
    pub base: u32,
    pub title: String,
    pub body: String,
    pub tags: String,
    pub message: String,
    /// The text rendered as it would be saved, when the author asked for a preview.
    pub preview: Option<String>,
    /// The post's files (its binary context).
    pub attachments: Vec<AttachmentView>,
    /// A static page: no tags.
    pub page: bool,
    /// The text is a draft: the editor offers to save and publish it.
    pub can_publish: bool,
    /// The original text of a draft: where it is scheduled, after a save.
    pub schedule_url: Option<String>,
    /// The text is published: where to take it back to draft.
    pub unpublish_url: Option<String>,
}

pub struct HistoryRow {
    pub number: u32,
    pub url: String,
    pub key: String,
    pub title: String,
    pub author: String,
    pub date: Dated,
    pub message: String,
    pub current: bool,
}

#[derive(Template)]
#[template(path = "posts/history.html")]
pub struct HistoryPage {
    pub layout: Layout,
    pub text_url: String,
    pub edit_url: String,
    pub diff_url: String,
    pub language: String,
    pub lang: String,
    pub title: String,
    pub rows: Vec<HistoryRow>,
    /// The next page, of older revisions.
    pub older: Option<String>,
    /// The first page, from a later one.
    pub newer: Option<String>,
}

#[derive(Template)]
#[template(path = "posts/revision.html")]
pub struct RevisionPage {
    pub layout: Layout,
    pub history_url: String,
    pub restore_url: String,
    pub key: String,
    pub number: u32,
    pub current: bool,
    pub title: String,
    pub body_html: String,
    pub author: String,
    pub date: Dated,
    pub message: String,
}

pub struct DiffLine {
    pub sign: &'static str,
    pub text: String,
}

/// The text two versions of a post are compared on: title, tags and body.
pub fn comparable(title: &str, tags: &crate::domain::Tags, body: &str) -> String {
    format!(
        "# {title}\ntags: {}\n\n{body}\n",
        tags.to_strings().join(", ")
    )
}

/// A line-by-line difference, each line marked `-`, `+` or ` `.
pub fn diff_lines(old: &str, new: &str) -> Vec<DiffLine> {
    similar::TextDiff::from_lines(old, new)
        .iter_all_changes()
        .map(|change| DiffLine {
            sign: match change.tag() {
                similar::ChangeTag::Delete => "-",
                similar::ChangeTag::Insert => "+",
                similar::ChangeTag::Equal => " ",
            },
            text: change.value().trim_end_matches('\n').to_owned(),
        })
        .collect()
}

#[derive(Template)]
#[template(path = "posts/diff.html")]
pub struct DiffPage {
    pub layout: Layout,
    pub history_url: String,
    pub title: String,
    pub from: u32,
    pub from_url: String,
    pub to: u32,
    pub to_url: String,
    pub lines: Vec<DiffLine>,
}

/// A tag and its page, for the tag lists under posts.
pub struct TagLink {
    pub name: String,
    pub url: String,
}

#[derive(Template)]
#[template(path = "tags/show.html")]
pub struct TagPage {
    pub layout: Layout,
    pub tag: String,
    pub posts: Vec<SummaryView>,
    pub pager: Pager,
    /// The tag's Atom feed.
    pub feed: String,
}

#[derive(Template)]
#[template(path = "posts/suggest.html")]
pub struct SuggestPage {
    pub layout: Layout,
    pub url: String,
    pub action: String,
    pub error: Option<String>,
    pub base: u32,
    pub title: String,
    pub body: String,
    pub tags: String,
    pub note: String,
}

pub struct SuggestionRow {
    pub id: String,
    pub url: String,
    pub by: String,
    pub date: Dated,
    pub note: String,
    pub state: &'static str,
}

#[derive(Template)]
#[template(path = "posts/suggestions.html")]
pub struct SuggestionsPage {
    pub layout: Layout,
    pub url: String,
    pub history_url: String,
    pub title: String,
    pub rows: Vec<SuggestionRow>,
}

#[derive(Template)]
#[template(path = "posts/suggestion.html")]
pub struct SuggestionPage {
    pub layout: Layout,
    pub suggestions_url: String,
    pub accept_url: String,
    pub reject_url: String,
    pub id: String,
    pub by: String,
    pub date: Dated,
    pub note: String,
    pub base: u32,
    pub current: u32,
    pub open: bool,
    pub state: &'static str,
    pub lines: Vec<DiffLine>,
}

pub struct Tab {
    pub label: &'static str,
    pub url: String,
    pub current: bool,
    pub count: Option<u64>,
}

pub struct ModerationItem {
    /// `<post id>.<comment id>`, the value of its checkbox.
    pub pick: String,
    pub post_title: String,
    pub post_url: String,
    pub author: String,
    /// A guest's e-mail address, for administrators only.
    pub email: String,
    /// A member's account id, for the ban button.
    pub member: Option<String>,
    pub date: Dated,
    pub body_html: String,
    pub reason: String,
    pub reply: bool,
}

#[derive(Template)]
#[template(path = "admin/comments.html")]
pub struct ModerationPage {
    pub layout: Layout,
    pub title: String,
    pub post_url: Option<String>,
    pub action: String,
    pub state: &'static str,
    pub tabs: Vec<Tab>,
    pub approved: Option<u64>,
    pub deleted: Option<u64>,
    pub items: Vec<ModerationItem>,
    pub next: Option<String>,
    pub message: Option<String>,
    pub can_ban: bool,
}

pub struct LogRow {
    pub date: Dated,
    pub time: String,
    pub by: String,
    pub from: &'static str,
    pub to: &'static str,
    pub reason: String,
    pub post_title: String,
    pub comment_url: String,
}

pub struct MonthLink {
    pub month: String,
    pub url: String,
}

#[derive(Template)]
#[template(path = "admin/comment_log.html")]
pub struct LogPage {
    pub layout: Layout,
    pub month: String,
    pub previous: Option<MonthLink>,
    /// The next older page of the month, if any.
    pub older: Option<String>,
    pub rows: Vec<LogRow>,
}

#[derive(Template)]
#[template(path = "admin/comment_settings.html")]
pub struct CommentSettingsPage {
    pub layout: Layout,
    pub settings: crate::domain::CommentSettings,
    pub saved: bool,
    pub error: Option<String>,
}

#[derive(Template)]
#[template(path = "search.html")]
pub struct SearchPageView {
    pub layout: Layout,
    /// What the reader typed.
    pub query: String,
    pub results: Vec<SearchResultView>,
    /// The next page of results, if there are more.
    pub more: Option<String>,
    /// Whether a search was made (and so "nothing found" means something).
    pub searched: bool,
    pub error: Option<String>,
}

pub struct SearchResultView {
    pub url: String,
    pub title: String,
    /// The text's language, when it is a translation.
    pub lang: Option<String>,
    pub date: Dated,
    pub passage: crate::domain::search::Passage,
}

#[derive(Template)]
#[template(path = "admin/site.html")]
pub struct SiteAdminPage {
    pub layout: Layout,
    pub title: String,
    pub tagline: String,
    pub description: String,
    pub language: String,
    pub footer: String,
    /// Pages show images from the site's own files only.
    pub own_images_only: bool,
    pub saved: bool,
    pub error: Option<String>,
    pub mail: MailView,
}

/// The site's mail, as its administrators see it.
pub struct MailView {
    /// The server mail goes through and the address it comes from; none: mail is off.
    pub server: Option<String>,
    pub from: String,
    /// Where the test message goes: the administrator's own address.
    pub to: String,
    /// A test message just went.
    pub sent: bool,
    /// Why the test message did not go.
    pub error: Option<String>,
}

#[derive(Template)]
#[template(path = "account/forgot.html")]
pub struct ForgotPage {
    pub layout: Layout,
    pub mail_on: bool,
    pub email: String,
    /// The address the answer is about, once asked.
    pub sent_to: Option<String>,
    pub error: Option<String>,
}

#[derive(Template)]
#[template(path = "account/reset.html")]
pub struct ResetPage {
    pub layout: Layout,
    pub action: String,
    pub error: Option<String>,
}

/// The page a link confirming a new address opens: what it changes, and a button; then
/// what it changed.
#[derive(Template)]
#[template(path = "account/confirm_email.html")]
pub struct ConfirmEmailPage {
    pub layout: Layout,
    pub action: String,
    pub username: String,
    pub new_email: String,
    pub done: bool,
}

/// The subscription form, or what it answered.
#[derive(Template)]
#[template(path = "subscriptions/subscribe.html")]
pub struct SubscribePage {
    pub layout: Layout,
    pub mail_on: bool,
    /// The author subscribed to (`None`: the site).
    pub author: Option<String>,
    pub email: String,
    pub sent_to: Option<String>,
    pub error: Option<String>,
}

/// A subscription's confirmation or end: a button (`action`), then what it did.
#[derive(Template)]
#[template(path = "subscriptions/subscription.html")]
pub struct SubscriptionPage {
    pub layout: Layout,
    pub action: Option<String>,
    /// Confirming (otherwise unsubscribing).
    pub subscribing: bool,
    pub email: String,
    pub about: String,
}

/// A subscription's confirmation link, as plain text.
#[derive(Template)]
#[template(path = "mail/subscribe.txt")]
pub struct SubscribeMailText {
    pub url: String,
    pub about: String,
    pub hours: i64,
}

/// A subscription's confirmation link, as HTML.
#[derive(Template)]
#[template(path = "mail/subscribe.html")]
pub struct SubscribeMailHtml {
    pub url: String,
    pub about: String,
    pub hours: i64,
}

/// A link confirming a new address, as plain text.
#[derive(Template)]
#[template(path = "mail/confirm_email.txt")]
pub struct ConfirmMailText {
    pub site: String,
    pub url: String,
    pub username: String,
    pub new_email: String,
    pub hours: i64,
}

/// A link confirming a new address, as HTML.
#[derive(Template)]
#[template(path = "mail/confirm_email.html")]
pub struct ConfirmMailHtml {
    pub site: String,
    pub url: String,
    pub username: String,
    pub new_email: String,
    pub hours: i64,
}

/// The notice to the old address once a new one is confirmed, as plain text.
#[derive(Template)]
#[template(path = "mail/email_changed.txt")]
pub struct EmailChangedText {
    pub site: String,
    pub username: String,
    pub new_email: String,
}

/// The notice to the old address once a new one is confirmed, as HTML.
#[derive(Template)]
#[template(path = "mail/email_changed.html")]
pub struct EmailChangedHtml {
    pub site: String,
    pub username: String,
    pub new_email: String,
}

/// A password reset link, as plain text.
#[derive(Template)]
#[template(path = "mail/reset.txt")]
pub struct ResetMailText {
    pub site: String,
    pub url: String,
    pub username: String,
    pub minutes: i64,
}

/// A password reset link, as HTML.
#[derive(Template)]
#[template(path = "mail/reset.html")]
pub struct ResetMailHtml {
    pub site: String,
    pub url: String,
    pub username: String,
    pub minutes: i64,
}

/// A test message, as plain text.
#[derive(Template)]
#[template(path = "mail/test.txt")]
pub struct TestMailText {
    pub site: String,
    pub url: String,
    pub server: String,
}

/// A test message, as HTML.
#[derive(Template)]
#[template(path = "mail/test.html")]
pub struct TestMailHtml {
    pub site: String,
    pub url: String,
    pub server: String,
}

#[derive(Template)]
#[template(path = "admin/pages.html")]
pub struct PagesAdminPage {
    pub layout: Layout,
    pub pages: Vec<PageRowView>,
    pub max: usize,
}

/// A line of the admins' list of pages.
pub struct PageRowView {
    pub slug: String,
    pub title: String,
    pub url: String,
    pub edit_url: String,
    pub published: bool,
    pub made: Dated,
}

#[derive(Template)]
#[template(path = "desk.html")]
pub struct DeskPage {
    pub layout: Layout,
    /// Whose desk it is, by their display name.
    pub owner: String,
    /// The signed-in writer's own.
    pub own: bool,
    pub tabs: Vec<DeskTab>,
    /// What the rows' date is (started, goes live, published).
    pub date_label: &'static str,
    /// What an empty tab says.
    pub empty: &'static str,
    pub rows: Vec<DeskRow>,
    pub pager: Pager,
}

/// The confirmation of an account's deletion: what happens, or why it is kept.
#[derive(Template)]
#[template(path = "account/delete.html")]
pub struct DeleteAccountPage {
    pub layout: Layout,
    /// The viewer's own account (asks for the password).
    pub own: bool,
    pub username: String,
    pub action: String,
    pub back: String,
    /// The site removes a deleted account's comments (otherwise keeps them).
    pub remove_comments: bool,
    /// Why the account is not deleted, if it is not.
    pub kept: Option<String>,
    pub error: Option<String>,
}

/// What an account's deletion says once done.
#[derive(Template)]
#[template(path = "account/deleted.html")]
pub struct AccountDeletedPage {
    pub layout: Layout,
    pub own: bool,
    pub username: String,
}

#[derive(Template)]
#[template(path = "posts/delete.html")]
pub struct DeletePage {
    pub layout: Layout,
    pub title: String,
    pub url: String,
    pub action: String,
    pub page: bool,
    pub revisions: u32,
    /// Its comments, approved and waiting.
    pub comments: u64,
    pub short_url: String,
}

#[derive(Template)]
#[template(path = "posts/schedule.html")]
pub struct SchedulePage {
    pub layout: Layout,
    pub title: String,
    pub post_url: String,
    pub action: String,
    pub unschedule_url: String,
    /// When it goes live, if it is scheduled.
    pub scheduled: Option<Dated>,
    pub error: Option<String>,
    /// The form as first shown (its time zone may start as the browser's).
    pub fresh: bool,
    /// What the form had, when it is shown again with an error.
    pub at: String,
    pub zone: String,
    /// Every time zone's name, for the field's suggestions.
    pub zones: Vec<&'static str>,
}

pub struct DeskTab {
    pub label: &'static str,
    pub url: String,
    pub current: bool,
}

/// A post on a desk: where it is read and edited, its date (a draft's start, a post's
/// publication), and its comments waiting for moderation.
pub struct DeskRow {
    pub title: String,
    pub url: String,
    pub edit_url: String,
    pub delete_url: String,
    pub date: Dated,
    pub pending: u64,
    /// Its suggestions waiting for a decision.
    pub suggested: u64,
    pub moderate_url: String,
    pub suggestions_url: String,
}

/// Which form of the account page a message belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Section {
    Profile,
    Username,
    Email,
    Password,
}

/// One of a post's languages, as the language switch and the hreflang links show it.
pub struct Alternate {
    pub hreflang: String,
    /// Absolute, as search engines want alternates.
    pub href: String,
    /// The page's own path.
    pub path: String,
    pub label: String,
    pub current: bool,
}

/// What a reader typed, kept when the form comes back with an error.
#[derive(Debug, Default, Clone)]
pub struct CommentDraft {
    pub body: String,
    pub name: String,
    pub email: String,
    pub parent: String,
    pub error: String,
}

pub struct CommentView {
    pub id: String,
    pub author: String,
    pub date: Dated,
    pub body_html: String,
    pub reply: bool,
    pub edited: bool,
    /// Its author may still edit or delete it: the links to do so.
    pub edit_url: Option<String>,
    pub reply_url: String,
}

pub struct CommentSection {
    pub comments: Vec<CommentView>,
    pub newer: Option<String>,
    pub older: Option<String>,
    /// The signed-in reader's own comments awaiting moderation.
    pub pending: Vec<CommentView>,
    /// Why there is no form, if there is none.
    pub closed: Option<String>,
    pub form: Option<CommentForm>,
    pub notice: Option<&'static str>,
    /// For the post's editors: its moderation page.
    pub moderate_url: Option<String>,
    pub comments_closed: bool,
}

pub struct CommentForm {
    pub action: String,
    pub guest: bool,
    pub shown: String,
    pub parent: String,
    pub replying_to: Option<String>,
    pub draft: CommentDraft,
    pub cancel_reply: String,
}

/// One attachment in the editor's list or the admins' list.
pub struct AttachmentView {
    pub reference: String,
    pub name: String,
    pub context: String,
    pub url: String,
    pub thumbnail: Option<String>,
    pub mime: String,
    pub size: String,
    pub status: &'static str,
    pub error: Option<String>,
    pub markdown: String,
    pub created: String,
    pub log_url: String,
    pub context_log_url: String,
    /// The editor's remove button; empty in lists without one.
    pub remove_url: String,
}
