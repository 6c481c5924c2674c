//! What authors use: the editor, a post's history, revisions and differences,
//! suggestions, the writer's desk, scheduling, deleting, and attachments.

use super::{Dated, Layout, Pager};
use askama::Template;

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

/// One attachment in the editor's list or the admins' list.
pub struct AttachmentView {
    pub reference: String,
    pub name: String,
    pub context: String,
    pub url: String,
    pub thumbnail: Option<String>,
    pub mime: String,
    /// In bytes (shown by [`Layout::size`]).
    pub size: u64,
    /// The binary service's status: `OK`, `ERROR`, `RETRY` or `MISSING` (shown by
    /// [`Layout::file_status`]).
    pub status: &'static str,
    pub error: Option<String>,
    pub markdown: String,
    pub created: Dated,
    pub log_url: String,
    pub context_log_url: String,
    /// The editor's remove button; empty in lists without one.
    pub remove_url: String,
}

#[derive(Template)]
#[template(path = "desk_fediverse.html")]
pub struct FediverseFollowersPage {
    pub layout: Layout,
    /// `@name@host`.
    pub handle: String,
    /// What the forms name the actor by: `site`, or empty for one's own.
    pub actor: String,
    pub followers: u64,
    pub approves: bool,
    pub waiting: Vec<WaitingFollowView>,
    pub notice: Option<&'static str>,
}

/// A follow waiting for approval, as its actor's author sees it.
pub struct WaitingFollowView {
    pub follower: String,
    pub since: Dated,
}
