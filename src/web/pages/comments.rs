//! A post's comment section, its form, and the page that edits a comment.

use super::{Dated, Layout};
use askama::Template;

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
    /// Where a comment from the fediverse's author is (their actor, which a browser
    /// reads as their profile).
    pub actor: Option<String>,
    /// Where that author's picture is shown from.
    pub avatar: Option<String>,
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
    /// Why there is no form, if there is none: the message's id, and the days after
    /// which comments close (its `$count`, where it says).
    pub closed: Option<(&'static str, u32)>,
    pub form: Option<CommentForm>,
    /// The id of the message thanking a reader for their comment.
    pub notice: Option<&'static str>,
    /// For the post's editors: its moderation page.
    pub moderate_url: Option<String>,
    pub comments_closed: bool,
    /// How many on the fediverse liked and shared the post, when the site is on it.
    pub reactions: Option<(u64, u64)>,
}

impl CommentSection {
    /// "Liked 3 times and shared twice on the fediverse.", in the page's language; nothing
    /// for a post nobody there liked or shared.
    pub fn reactions_line(&self, layout: &Layout) -> Option<String> {
        use crate::i18n::Arg;
        let (likes, shares) = self.reactions?;
        let id = match (likes, shares) {
            (0, 0) => return None,
            (_, 0) => "fediverse-reactions-liked",
            (0, _) => "fediverse-reactions-shared",
            _ => "fediverse-reactions-both",
        };
        Some(layout.speech.say(
            id,
            &[("likes", Arg::Count(likes)), ("shares", Arg::Count(shares))],
        ))
    }
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
