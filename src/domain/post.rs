use super::revision::Locale;
use super::{Invalid, Role, Site, User, UserId};
use chrono::{DateTime, Utc};

mod body;
mod names;
pub use body::{Body, Rendered};
pub use names::{PostId, Slug, TAG_ORDER_VERSION, Tag, Tags, Title, tag_order_key};

/// What a post is: an entry of the blog, or one of the site's static pages (About,
/// Contact), which the navigation lists and which no list of posts, feed or search does.
/// Fixed when the post is created.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PostKind {
    #[default]
    Post,
    Page,
}

impl PostKind {
    pub fn as_str(self) -> &'static str {
        match self {
            PostKind::Post => "post",
            PostKind::Page => "page",
        }
    }

    /// A stored kind; none (rows older than pages) is a post.
    pub fn parse(input: &str) -> Result<Self, Invalid> {
        match input {
            "post" | "" => Ok(PostKind::Post),
            "page" => Ok(PostKind::Page),
            other => Err(Invalid::new(format!("unknown post kind {other:?}"))),
        }
    }
}

/// How many static pages a site has at most, drafts included: what its navigation and
/// the list of pages read whole.
pub const MAX_PAGES: usize = 100;

/// The most languages one post is translated into (the translations partition's bound):
/// a translation into one more is refused.
pub const MAX_TRANSLATIONS: usize = 50;

/// The most drafts (posts neither published nor scheduled) one author keeps on a site:
/// their desk's partition's bound. A new draft, or a post taken back to draft, beyond
/// it is refused.
pub const MAX_DRAFTS_PER_AUTHOR: usize = 1_000;

/// Whether an author who has `drafts` drafts on a site may have one more.
pub fn room_for_draft(drafts: usize) -> Result<(), Invalid> {
    if drafts >= MAX_DRAFTS_PER_AUTHOR {
        Err(Invalid::new(format!(
            "An author keeps at most {MAX_DRAFTS_PER_AUTHOR} drafts on a site. Publish or \
             delete one of them first."
        )))
    } else {
        Ok(())
    }
}

/// Whether a site that has `pages` static pages may make one more.
pub fn room_for_page(pages: usize) -> Result<(), Invalid> {
    if pages >= MAX_PAGES {
        Err(Invalid::new(format!(
            "A site has at most {MAX_PAGES} pages. Change one of them instead."
        )))
    } else {
        Ok(())
    }
}

/// One of a site's static pages, as its list (and the navigation) shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageEntry {
    pub id: PostId,
    pub slug: Slug,
    pub title: String,
    pub status: PostStatus,
    pub created: DateTime<Utc>,
    /// When its latest revision was saved.
    pub updated: DateTime<Utc>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PostStatus {
    Draft,
    Published,
}

impl PostStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            PostStatus::Draft => "draft",
            PostStatus::Published => "published",
        }
    }

    pub fn parse(input: &str) -> Result<Self, Invalid> {
        match input {
            "draft" => Ok(PostStatus::Draft),
            "published" => Ok(PostStatus::Published),
            other => Err(Invalid::new(format!("unknown post status {other:?}"))),
        }
    }
}

/// What an author submits to create a post. The store gives it its slug (made from its
/// title, or the one it brings from an import) and first revision; the HTML is rendered
/// once here, not on every view.
#[derive(Debug, Clone)]
pub struct NewPost {
    pub id: PostId,
    pub site: Site,
    pub title: Title,
    pub body: Body,
    pub body_html: String,
    pub excerpt: String,
    pub tags: Tags,
    pub author_id: UserId,
    pub author_name: String,
    pub created: DateTime<Utc>,
    pub publish: bool,
    /// The language the post is written in (neutral when the author names none).
    pub locale: Locale,
    pub kind: PostKind,
    /// The slug it asks for (an imported post keeps its address); `None`: one is made
    /// from its title. Either way a taken slug gets a number appended.
    pub slug: Option<Slug>,
}

impl NewPost {
    #[expect(
        clippy::too_many_arguments,
        reason = "each argument is one validated field"
    )]
    pub fn new(
        site: Site,
        title: Title,
        text: Rendered,
        tags: Tags,
        author_id: UserId,
        author_name: String,
        created: DateTime<Utc>,
        publish: bool,
    ) -> Self {
        Self {
            id: PostId::made_in(created),
            site,
            title,
            body: text.body,
            body_html: text.html,
            excerpt: text.excerpt,
            tags,
            author_id,
            author_name,
            created,
            publish,
            locale: Locale::Neutral,
            kind: PostKind::Post,
            slug: None,
        }
    }

    /// The same post, asking for `slug` rather than one made from its title.
    pub fn with_slug(self, slug: Slug) -> Self {
        Self {
            slug: Some(slug),
            ..self
        }
    }

    /// The slug it is given when free: its own, or one made from its title.
    pub fn wanted_slug(&self) -> Slug {
        self.slug
            .clone()
            .unwrap_or_else(|| Slug::from_title(&self.title))
    }

    /// The same post, written in `locale`.
    pub fn in_locale(self, locale: Locale) -> Self {
        Self { locale, ..self }
    }

    /// The same text as a static page: no tags, which only posts are listed under.
    pub fn as_page(self) -> Self {
        Self {
            kind: PostKind::Page,
            tags: Tags::default(),
            ..self
        }
    }
}

/// The note of a post's first revision.
pub const FIRST_VERSION: &str = "First version";

/// How long an excerpt is at most, in characters: what lists show of a post.
pub const EXCERPT_CHARS: usize = 280;

/// A description written for a post (the API's `description`), which lists show in
/// place of the excerpt made from its text: one line of plain text, white space folded,
/// no control characters, at most [`EXCERPT_CHARS`] characters; empty when only white
/// space is given.
pub fn parse_description(input: &str) -> Result<String, Invalid> {
    if input.chars().any(|c| c.is_control() && !c.is_whitespace()) {
        return Err(Invalid::new(
            "A description cannot hold control characters.",
        ));
    }
    let text = input.split_whitespace().collect::<Vec<_>>().join(" ");
    let count = text.chars().count();
    if count > EXCERPT_CHARS {
        return Err(Invalid::new(format!(
            "A description is {count} characters long; at most {EXCERPT_CHARS} fit."
        )));
    }
    Ok(text)
}

impl NewPost {
    /// Published at once, or a draft.
    pub fn status(&self) -> PostStatus {
        if self.publish {
            PostStatus::Published
        } else {
            PostStatus::Draft
        }
    }

    /// When it is published: at its creation, if at once.
    pub fn published(&self) -> Option<DateTime<Utc>> {
        self.publish.then_some(self.created)
    }

    /// Its first revision, number 1: the text it is created with.
    pub fn first_version(&self) -> PostEdit {
        PostEdit {
            base: 0,
            title: self.title.clone(),
            body: self.body.clone(),
            body_html: self.body_html.clone(),
            excerpt: self.excerpt.clone(),
            tags: self.tags.clone(),
            author_id: self.author_id,
            author_name: self.author_name.clone(),
            at: self.created,
            message: FIRST_VERSION.into(),
        }
    }

    /// The post it is, once the store has given it a slug and a short number.
    pub fn into_post(self, slug: Slug, short_id: u64) -> Post {
        let published = self.published();
        Post {
            status: self.status(),
            published: self.published(),
            id: self.id,
            slug,
            title: self.title,
            body: self.body,
            body_html: self.body_html,
            excerpt: self.excerpt,
            tags: self.tags,
            author_id: self.author_id,
            author_name: self.author_name,
            created: self.created,
            revision: 1,
            updated: self.created,
            short_id,
            locale: self.locale,
            translations: Vec::new(),
            comments_closed: false,
            kind: self.kind,
            first_published: published,
            scheduled: None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Post {
    pub id: PostId,
    pub slug: Slug,
    pub title: Title,
    pub body: Body,
    pub body_html: String,
    pub excerpt: String,
    pub tags: Tags,
    pub author_id: UserId,
    pub author_name: String,
    pub status: PostStatus,
    pub created: DateTime<Utc>,
    pub published: Option<DateTime<Utc>>,
    /// The latest revision number (the first save is revision 1).
    pub revision: u32,
    /// When the latest revision was saved (the post's creation for the first).
    pub updated: DateTime<Utc>,
    /// The post's number in its site's short links, `/p/<n>`, from the id pool.
    pub short_id: u64,
    /// The language of the original text, whose state the fields above describe.
    pub locale: Locale,
    /// The locales of the post's published translations, in order: the links a page
    /// gives to its other languages.
    pub translations: Vec<Locale>,
    /// Its editors closed its comments.
    pub comments_closed: bool,
    pub kind: PostKind,
    /// The date of its last publication, kept while it is a draft again: publishing it
    /// again keeps this date (and its place in the lists) unless its author asks for a
    /// new one.
    pub first_published: Option<DateTime<Utc>>,
    /// When a draft is to be published by the scheduler (and the date it then gets).
    pub scheduled: Option<DateTime<Utc>>,
}

impl Post {
    /// Whether `user` may edit the post: its author (while an author) and administrators;
    /// of a page (the site's own, in its navigation), administrators only.
    pub fn may_be_edited_by(&self, user: Option<&User>) -> bool {
        user.is_some_and(|u| {
            u.role == Role::Admin
                || (!self.is_page() && u.role.can_write() && u.id == self.author_id)
        })
    }

    /// The date a publication at `now` gives the post: its earlier publication's, unless
    /// `anew` (or it was never published).
    pub fn publication_at(&self, now: DateTime<Utc>, anew: bool) -> DateTime<Utc> {
        match self.first_published {
            Some(first) if !anew => first,
            _ => now,
        }
    }

    /// When its text changed after it was published, long enough after to say so (a
    /// minute: not the save that published it).
    pub fn revised_after_publication(&self) -> Option<DateTime<Utc>> {
        let published = self.published?;
        (self.updated - published > chrono::Duration::minutes(1)).then_some(self.updated)
    }

    pub fn is_page(&self) -> bool {
        self.kind == PostKind::Page
    }

    /// The original text, as a [`Translation`] is another language's.
    pub fn original(&self) -> Translation {
        Translation {
            locale: self.locale.clone(),
            title: self.title.clone(),
            body: self.body.clone(),
            body_html: self.body_html.clone(),
            excerpt: self.excerpt.clone(),
            status: self.status,
            published: self.published,
            revision: self.revision,
        }
    }
}

/// A post's text in one locale: the original, or a translation. Each locale has its own
/// chain of revisions and is published on its own (a translation shows only while the
/// post itself is published too).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Translation {
    pub locale: Locale,
    pub title: Title,
    pub body: Body,
    pub body_html: String,
    pub excerpt: String,
    pub status: PostStatus,
    pub published: Option<DateTime<Utc>>,
    /// The latest revision of this locale (its first save is revision 1).
    pub revision: u32,
}

/// The note an author leaves with a save, shown in the history.
pub fn parse_message(input: &str, default: &str) -> Result<String, Invalid> {
    let message = input.trim();
    if message.chars().count() > 200 {
        return Err(Invalid::new("A revision note has at most 200 characters."));
    }
    if message.chars().any(char::is_control) {
        return Err(Invalid::new("A revision note is one line of text."));
    }
    Ok(if message.is_empty() {
        default.to_owned()
    } else {
        message.to_owned()
    })
}

/// A new revision of a post, as saved by an author and rendered once. `base` is the
/// revision the author started from: if another save came in between, the store refuses.
#[derive(Debug, Clone)]
pub struct PostEdit {
    pub base: u32,
    pub title: Title,
    pub body: Body,
    pub body_html: String,
    pub excerpt: String,
    pub tags: Tags,
    pub author_id: UserId,
    pub author_name: String,
    pub at: DateTime<Utc>,
    pub message: String,
}

impl PostEdit {
    #[expect(
        clippy::too_many_arguments,
        reason = "each argument is one validated field"
    )]
    pub fn new(
        base: u32,
        title: Title,
        text: Rendered,
        tags: Tags,
        author_id: UserId,
        author_name: String,
        at: DateTime<Utc>,
        message: String,
    ) -> Self {
        Self {
            base,
            title,
            body: text.body,
            body_html: text.html,
            excerpt: text.excerpt,
            tags,
            author_id,
            author_name,
            at,
            message,
        }
    }
}

/// An author's private, unfinished edit of a post (revision key `#user/<id>/<branch>`):
/// saved as often as they like without making revisions. Only sizes are checked, since a
/// draft may be half-written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Draft {
    pub base: u32,
    pub title: String,
    pub body: String,
    pub tags: String,
    pub saved: DateTime<Utc>,
}

impl Draft {
    pub fn parse(
        base: u32,
        title: &str,
        body: &str,
        tags: &str,
        saved: DateTime<Utc>,
    ) -> Result<Self, Invalid> {
        if title.chars().count() > Title::MAX {
            return Err(Invalid::new(format!(
                "A title has at most {} characters.",
                Title::MAX
            )));
        }
        if body.len() > Body::MAX_BYTES {
            return Err(Invalid::new(format!(
                "A post body has at most {} KiB of Markdown.",
                Body::MAX_BYTES / 1024
            )));
        }
        if tags.len() > 1024 {
            return Err(Invalid::new("The tags field has at most 1024 characters."));
        }
        Ok(Self {
            base,
            title: title.to_owned(),
            body: body.replace("\r\n", "\n"),
            tags: tags.to_owned(),
            saved,
        })
    }
}

/// Where a suggestion stands. Only an open one can be accepted or rejected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SuggestionState {
    Open,
    Accepted,
    Rejected,
}

impl SuggestionState {
    pub fn as_str(self) -> &'static str {
        match self {
            SuggestionState::Open => "open",
            SuggestionState::Accepted => "accepted",
            SuggestionState::Rejected => "rejected",
        }
    }

    pub fn parse(input: &str) -> Result<Self, Invalid> {
        match input {
            "open" => Ok(SuggestionState::Open),
            "accepted" => Ok(SuggestionState::Accepted),
            "rejected" => Ok(SuggestionState::Rejected),
            other => Err(Invalid::new(format!("unknown suggestion state {other:?}"))),
        }
    }
}

/// The most suggestions one post takes, open and decided: each may carry a whole post's
/// text, so this bounds the post's partition of suggestions (about 82 MB at the very
/// worst, see docs/SCALE.md). Past it the post says so; its author still edits it.
pub const MAX_SUGGESTIONS_PER_POST: u64 = 300;

/// A suggestion as the list of a post's suggestions shows it: without its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SuggestionSummary {
    pub id: String,
    pub base: u32,
    pub note: String,
    pub suggester_id: UserId,
    pub suggester_name: String,
    pub created: DateTime<Utc>,
    pub state: SuggestionState,
}

/// A reader's proposed edit of a published post (revision keys `#suggestion/<branch>`),
/// named by a per-host id `<hostname>/<n>` since nothing else names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Suggestion {
    pub id: String,
    pub post_id: PostId,
    pub base: u32,
    pub title: Title,
    pub body: Body,
    pub tags: Tags,
    pub note: String,
    pub suggester_id: UserId,
    pub suggester_name: String,
    pub created: DateTime<Utc>,
    pub state: SuggestionState,
}

/// One saved version of a post: immutable once written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavedRevision {
    pub number: u32,
    pub title: Title,
    pub body: Body,
    pub body_html: String,
    pub tags: Tags,
    pub author_id: UserId,
    pub author_name: String,
    pub created: DateTime<Utc>,
    pub message: String,
}

/// The most revisions one page of a post's history lists.
pub const HISTORY_PAGE: usize = 50;

/// A line of a post's history.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RevisionSummary {
    pub number: u32,
    pub title: String,
    pub author_name: String,
    pub created: DateTime<Utc>,
    pub message: String,
}

/// One line of a list page: what the home page shows of a post.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PostSummary {
    pub id: PostId,
    pub slug: Slug,
    pub title: String,
    pub excerpt: String,
    pub author_name: String,
    /// Its author's account (unknown in Cassandra list rows older than the column, until
    /// `sibyl migrate` or `sibyl repair` rewrites them).
    pub author_id: Option<UserId>,
    pub tags: Tags,
    pub published: DateTime<Utc>,
}

#[cfg(test)]
mod tests;
