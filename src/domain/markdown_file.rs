//! A post as a Markdown file: YAML front matter (title, slug, kind, status, dates, tags,
//! language), a blank line, then the post's Markdown exactly as its author wrote it. The
//! form static site generators (Jekyll, Hugo, Eleventy) and Ghost's and WordPress's
//! Markdown importers read; what authors download from their desk.
//!
//! Every string in the front matter is written as a JSON string, which YAML reads as the
//! same string whatever it holds (quotes, colons, `---`, line breaks).

use super::{Locale, Post, PostKind, PostStatus, Translation};
use chrono::{DateTime, SecondsFormat, Utc};

/// The file of a post's original text, and the name it goes by in an archive: `posts/`
/// (published, dated by publication), `drafts/`, `scheduled/` or `pages/`.
pub fn post_file(post: &Post) -> (String, String) {
    let (folder, status) = folder_and_status(post, post.status);
    let name = match (post.kind, post.published) {
        (PostKind::Post, Some(at)) if post.status == PostStatus::Published => {
            format!(
                "{folder}/{}-{}.md",
                at.format("%Y-%m-%d"),
                post.slug.as_str()
            )
        }
        _ => format!("{folder}/{}.md", post.slug.as_str()),
    };
    let mut front = Front::default();
    front.text("title", post.title.as_str());
    front.text("slug", post.slug.as_str());
    front.text("kind", post.kind.as_str());
    front.text("status", status);
    front.date("created", post.created);
    if let Some(at) = post
        .published
        .filter(|_| post.status == PostStatus::Published)
    {
        front.date("date", at);
    }
    if let Some(at) = post.scheduled {
        front.date("scheduled", at);
    }
    front.date("updated", post.updated);
    front.list("tags", &post.tags.to_strings());
    front.text("language", &post.locale.code());
    front.number("revision", post.revision);
    (name, front.file(post.body.as_str()))
}

/// The file of one translation of `post`, under `translations/<language>/`.
pub fn translation_file(post: &Post, translation: &Translation) -> (String, String) {
    let (_, status) = folder_and_status(post, translation.status);
    let locale: &Locale = &translation.locale;
    let name = format!("translations/{}/{}.md", locale.code(), post.slug.as_str());
    let mut front = Front::default();
    front.text("title", translation.title.as_str());
    front.text("slug", post.slug.as_str());
    front.text("kind", post.kind.as_str());
    front.text("status", status);
    if let Some(at) = translation.published {
        front.date("date", at);
    }
    front.list("tags", &post.tags.to_strings());
    front.text("language", &locale.code());
    front.text("translation_of", &post.locale.code());
    front.number("revision", translation.revision);
    (name, front.file(translation.body.as_str()))
}

fn folder_and_status(post: &Post, status: PostStatus) -> (&'static str, &'static str) {
    match (post.kind, status, post.scheduled) {
        (PostKind::Page, PostStatus::Published, _) => ("pages", "published"),
        (PostKind::Page, _, Some(_)) => ("pages", "scheduled"),
        (PostKind::Page, _, None) => ("pages", "draft"),
        (PostKind::Post, PostStatus::Published, _) => ("posts", "published"),
        (PostKind::Post, _, Some(_)) => ("scheduled", "scheduled"),
        (PostKind::Post, _, None) => ("drafts", "draft"),
    }
}

#[derive(Default)]
struct Front(String);

impl Front {
    #[expect(clippy::expect_used, reason = "strings always serialize to JSON")]
    fn text(&mut self, key: &str, value: &str) {
        let quoted = serde_json::to_string(value).expect("a string serializes");
        self.0.push_str(&format!("{key}: {quoted}\n"));
    }

    fn date(&mut self, key: &str, at: DateTime<Utc>) {
        self.0.push_str(&format!(
            "{key}: {}\n",
            at.to_rfc3339_opts(SecondsFormat::Secs, true)
        ));
    }

    fn number(&mut self, key: &str, n: u32) {
        self.0.push_str(&format!("{key}: {n}\n"));
    }

    #[expect(clippy::expect_used, reason = "strings always serialize to JSON")]
    fn list(&mut self, key: &str, items: &[String]) {
        let quoted = serde_json::to_string(items).expect("strings serialize");
        self.0.push_str(&format!("{key}: {quoted}\n"));
    }

    fn file(self, body: &str) -> String {
        let mut file = format!("---\n{}---\n\n{body}", self.0);
        if !file.ends_with('\n') {
            file.push('\n');
        }
        file
    }
}
