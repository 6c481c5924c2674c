use super::revision::Locale;
use super::{Invalid, Site, UserId};
use chrono::{DateTime, Utc};
use uuid::Uuid;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PostId(pub Uuid);

impl PostId {
    pub fn new() -> Self {
        Self(Uuid::new_v4())
    }
}

impl Default for PostId {
    fn default() -> Self {
        Self::new()
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Title(String);

impl Title {
    pub const MAX: usize = 200;

    pub fn parse(input: &str) -> Result<Self, Invalid> {
        let title = input.trim();
        if title.is_empty() {
            return Err(Invalid::new("A post needs a title."));
        }
        if title.chars().count() > Self::MAX {
            return Err(Invalid::new(format!(
                "A title has at most {} characters.",
                Self::MAX
            )));
        }
        if title.chars().any(char::is_control) {
            return Err(Invalid::new("A title cannot contain control characters."));
        }
        Ok(Self(title.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The readable, stable part of a post's URL: `/posts/<slug>`. Lowercase ASCII letters,
/// digits and single dashes, made from the title once and never changed after.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Slug(String);

impl Slug {
    pub const MAX: usize = 80;

    pub fn parse(input: &str) -> Result<Self, Invalid> {
        let ok = !input.is_empty()
            && input.len() <= Self::MAX
            && !input.starts_with('-')
            && !input.ends_with('-')
            && !input.contains("--")
            && input
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
        if ok {
            Ok(Self(input.to_owned()))
        } else {
            Err(Invalid::new(format!("{input:?} is not a post address")))
        }
    }

    /// Transliterates the title to ASCII and keeps words joined by dashes. A title with
    /// nothing left (only symbols) becomes `post`.
    pub fn from_title(title: &Title) -> Self {
        let ascii = deunicode::deunicode(title.as_str()).to_ascii_lowercase();
        let mut slug = String::with_capacity(ascii.len());
        for word in ascii.split(|c: char| !c.is_ascii_alphanumeric()) {
            if word.is_empty() {
                continue;
            }
            if slug.len() + word.len() + 1 > Self::MAX - 8 {
                break;
            }
            if !slug.is_empty() {
                slug.push('-');
            }
            slug.push_str(word);
        }
        if slug.is_empty() {
            slug.push_str("post");
        }
        Self(slug)
    }

    /// The n-th alternative when the plain slug is taken: `title-2`, `title-3`, ...
    pub fn numbered(&self, n: u32) -> Self {
        Self(format!("{}-{n}", self.0))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tag(String);

impl Tag {
    pub const MAX: usize = 40;

    pub fn parse(input: &str) -> Result<Self, Invalid> {
        let tag = input.trim().to_lowercase();
        if tag.is_empty() {
            return Err(Invalid::new("A tag cannot be empty."));
        }
        if tag.chars().count() > Self::MAX {
            return Err(Invalid::new(format!(
                "A tag has at most {} characters.",
                Self::MAX
            )));
        }
        if !tag
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | ' ' | '.' | '+' | '#'))
        {
            return Err(Invalid::new(format!(
                "The tag {tag:?} may contain only letters, digits, spaces and - _ . + #"
            )));
        }
        Ok(Self(tag))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A post's tags: distinct, in the order given, at most [`Tags::MAX`].
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Tags(Vec<Tag>);

impl Tags {
    pub const MAX: usize = 10;

    /// Parses a comma-separated list as typed in the editor.
    pub fn parse(input: &str) -> Result<Self, Invalid> {
        let mut tags: Vec<Tag> = Vec::new();
        for part in input.split(',') {
            if part.trim().is_empty() {
                continue;
            }
            let tag = Tag::parse(part)?;
            if !tags.contains(&tag) {
                tags.push(tag);
            }
        }
        if tags.len() > Self::MAX {
            return Err(Invalid::new(format!(
                "A post has at most {} tags.",
                Self::MAX
            )));
        }
        Ok(Self(tags))
    }

    pub fn from_stored(tags: impl IntoIterator<Item = String>) -> Self {
        Self(tags.into_iter().map(Tag).collect())
    }

    pub fn iter(&self) -> impl Iterator<Item = &Tag> {
        self.0.iter()
    }

    pub fn to_strings(&self) -> Vec<String> {
        self.0.iter().map(|t| t.0.clone()).collect()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// A post body in Markdown, bounded in size.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Body(String);

impl Body {
    pub const MAX_BYTES: usize = 256 * 1024;

    pub fn parse(input: &str) -> Result<Self, Invalid> {
        if input.trim().is_empty() {
            return Err(Invalid::new("A post needs some text."));
        }
        if input.len() > Self::MAX_BYTES {
            return Err(Invalid::new(format!(
                "A post body has at most {} KiB of Markdown.",
                Self::MAX_BYTES / 1024
            )));
        }
        Ok(Self(input.replace("\r\n", "\n")))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
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

/// What an author submits to create a post. The store gives it its slug and first
/// revision; the HTML is rendered once here, not on every view.
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
}

impl NewPost {
    #[expect(
        clippy::too_many_arguments,
        reason = "each argument is one validated field"
    )]
    pub fn new(
        site: Site,
        title: Title,
        body: Body,
        tags: Tags,
        author_id: UserId,
        author_name: String,
        created: DateTime<Utc>,
        publish: bool,
    ) -> Self {
        let body_html = super::markdown::to_safe_html(body.as_str());
        let excerpt = super::markdown::excerpt(body.as_str(), 280);
        Self {
            id: PostId::new(),
            site,
            title,
            body,
            body_html,
            excerpt,
            tags,
            author_id,
            author_name,
            created,
            publish,
            locale: Locale::Neutral,
        }
    }

    /// The same post, written in `locale`.
    pub fn in_locale(self, locale: Locale) -> Self {
        Self { locale, ..self }
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
    /// The post's number in its site's short links, `/p/<n>` (seed 002).
    pub short_id: u64,
    /// The language of the original text, whose state the fields above describe.
    pub locale: Locale,
    /// The locales of the post's published translations, in order: the links a page
    /// gives to its other languages.
    pub translations: Vec<Locale>,
    /// Its editors closed its comments.
    pub comments_closed: bool,
}

impl Post {
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
        body: Body,
        tags: Tags,
        author_id: UserId,
        author_name: String,
        at: DateTime<Utc>,
        message: String,
    ) -> Self {
        let body_html = super::markdown::to_safe_html(body.as_str());
        let excerpt = super::markdown::excerpt(body.as_str(), 280);
        Self {
            base,
            title,
            body,
            body_html,
            excerpt,
            tags,
            author_id,
            author_name,
            at,
            message,
        }
    }
}

/// An author's private, unfinished edit of a post (seed 000's `#user/<id>/<branch>` key):
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

/// A reader's proposed edit of a published post (seed 000's `#suggestion/<branch>` rows),
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
    pub tags: Tags,
    pub published: DateTime<Utc>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_are_made_from_titles() {
        let slug = |t: &str| {
            Slug::from_title(&Title::parse(t).unwrap())
                .as_str()
                .to_owned()
        };
        assert_eq!(slug("Hello, World!"), "hello-world");
        assert_eq!(
            slug("  Cassandra & LWTs: a 2nd look "),
            "cassandra-lwts-a-2nd-look"
        );
        assert_eq!(slug("Crème brûlée"), "creme-brulee");
        assert_eq!(slug("!!!"), "post");
        assert!(slug(&"word ".repeat(39)).len() <= Slug::MAX);
        let s = Slug::from_title(&Title::parse("a b").unwrap());
        assert_eq!(s.numbered(2).as_str(), "a-b-2");
        assert!(Slug::parse(s.numbered(2).as_str()).is_ok());
    }

    #[test]
    fn slug_parse_rejects_anything_else() {
        for bad in ["", "A", "a--b", "-a", "a-", "a/b", "a b", &"a".repeat(81)] {
            assert!(Slug::parse(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn titles_tags_and_bodies_have_limits() {
        assert!(Title::parse("   ").is_err());
        assert!(Title::parse(&"t".repeat(201)).is_err());
        assert!(Body::parse(" \n ").is_err());
        assert!(Body::parse(&"x".repeat(Body::MAX_BYTES + 1)).is_err());
        let tags = Tags::parse("Rust, cassandra, rust, ,").unwrap();
        assert_eq!(tags.to_strings(), ["rust", "cassandra"]);
        assert!(Tags::parse(&"x".repeat(500)).is_err());
        assert!(Tags::parse("a<b").is_err());
        assert!(Tags::parse("a,b,c,d,e,f,g,h,i,j,k").is_err());
    }
}
