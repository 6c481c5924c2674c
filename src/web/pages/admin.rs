//! The administrators' pages: users, comment moderation and its log, comment
//! settings, the site's settings and mail, and the site's pages.

use super::{Dated, Layout};
use askama::Template;

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
    /// The site's members rather than every account (a site with roles of its own):
    /// banned here, never deleted from here.
    pub members_only: bool,
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
    /// The actor of a comment from the fediverse.
    pub actor: Option<String>,
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
    pub fediverse_off: bool,
    /// Static pages go to the fediverse too.
    pub fediverse_pages: bool,
    /// Whose accounts must sign in in two steps.
    pub second_factor_for: crate::domain::site::SecondFactorPolicy,
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
#[template(path = "admin/federation.html")]
pub struct FederationAdminPage {
    pub layout: Layout,
    pub followed: Vec<crate::app::federation::overview::Followed>,
    pub sending: usize,
    /// Deliveries per server, of the first `counted` activities being delivered.
    pub servers: Vec<ServerRowView>,
    pub counted: usize,
    pub failing: Vec<FailingRowView>,
    /// The blocks, a page of them.
    pub blocks: Vec<BlockRowView>,
    /// The link to the next page of blocks, if there is one.
    pub more_blocks: Option<String>,
    /// What was just done with a block, said to the administrator.
    pub notice: Option<String>,
    /// Why a block was refused, and what was typed.
    pub block_error: Option<String>,
    pub block_input: String,
}

/// A server or account the site blocks, as the administrators see it.
pub struct BlockRowView {
    pub target: String,
    /// "Server" or "Account".
    pub kind: &'static str,
    pub at: Dated,
    pub by: String,
}

/// The deliveries to one server, as the administrators see them.
pub struct ServerRowView {
    pub server: String,
    pub waiting: usize,
    pub failing: usize,
    pub given_up: usize,
    pub next: Option<Dated>,
    pub last_failure: String,
}

/// A server failing every delivery, as the administrators see it.
pub struct FailingRowView {
    pub server: String,
    pub since: Dated,
    pub last: String,
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
#[template(path = "admin/network.html")]
pub struct NetworkPage {
    pub layout: Layout,
    pub rows: Vec<NetworkRowView>,
    /// The next page's address.
    pub next: Option<String>,
    /// What the last action did, or why it was refused.
    pub notice: Option<String>,
    pub error: Option<String>,
    /// The registration form's values (kept when it is refused).
    pub url: String,
    pub admin: String,
}

/// A line of the network's list of sites.
pub struct NetworkRowView {
    pub url: String,
    pub status: &'static str,
    pub live: bool,
    pub created: Dated,
    pub admins: String,
    pub aliases: String,
    pub posts: u64,
    pub comments: u64,
    pub pending: u64,
}
