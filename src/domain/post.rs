use super::revision::Locale;
use super::{Invalid, Site, UserId};
use chrono::{DateTime, Datelike, Utc};
use uuid::Uuid;

mod body;
pub use body::{Body, Rendered};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PostId(pub Uuid);

impl PostId {
    /// How many buckets a site's per-post comment counts are spread over (on Cassandra,
    /// a partition each).
    pub const TALLY_BUCKETS: u8 = 64;

    /// A new post's id, made now.
    pub fn new() -> Self {
        Self::made_in(super::now())
    }

    /// A new time-ordered (version 7) id: the millisecond `created` in its first 48
    /// bits, then 74 random bits, with the tally bucket the month `created` falls in,
    /// counted from year 0 and taken modulo [`Self::TALLY_BUCKETS`]. The posts written
    /// in one month share a bucket, so a page of posts written near each other in time
    /// (the front page, a tag's or an author's newest) reads their comment counts from
    /// one or two partitions instead of one per post, and a bucket is used again only
    /// after 64 months. Within a bucket Cassandra orders version 7 ids by their time, so
    /// such a page's rows lie next to each other: one block of the partition is read
    /// however many posts share it, where random ids scattered a page's 20 rows over the
    /// whole partition. Only the last byte is chosen, which is random: 68 random bits
    /// remain.
    pub fn made_in(created: DateTime<Utc>) -> Self {
        let random: [u8; 10] = Uuid::new_v4().as_bytes()[6..]
            .try_into()
            .expect("ten bytes");
        let millis = u64::try_from(created.timestamp_millis()).unwrap_or_default();
        let id = uuid::Builder::from_unix_timestamp_millis(millis, &random).into_uuid();
        Self::in_bucket_of(id, created)
    }

    /// The id a post brought in from elsewhere always gets for its source's `name` (see
    /// [`super::token::named_uuid`]), in the tally bucket of the month it was written.
    pub fn named(name: &str, created: DateTime<Utc>) -> Self {
        Self::in_bucket_of(super::token::named_uuid(name), created)
    }

    fn in_bucket_of(id: Uuid, created: DateTime<Utc>) -> Self {
        let mut bytes = *id.as_bytes();
        let month = i64::from(created.year()) * 12 + i64::from(created.month0());
        let want = month.rem_euclid(i64::from(Self::TALLY_BUCKETS)) as u8;
        let have = Self(Uuid::from_bytes(bytes)).tally_bucket();
        // The bucket is the low six bits of every byte XORed together.
        bytes[15] ^= have ^ want;
        Self(Uuid::from_bytes(bytes))
    }

    /// The bucket of this post's comment counts: its bytes XORed together, modulo
    /// [`Self::TALLY_BUCKETS`] (for ids from [`Self::made_in`], the month it was made in).
    pub fn tally_bucket(self) -> u8 {
        self.0.as_bytes().iter().fold(0u8, |a, b| a ^ b) % Self::TALLY_BUCKETS
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

/// The readable, stable part of a post's URL: `/posts/<slug>`, made from the title once
/// and never changed after.
///
/// A slug is one URL path segment of lowercase words joined by single dashes. A word is
/// made of ASCII letters and digits, or of the letters, digits and combining marks of a
/// script other than Latin, kept as themselves: `cafe-creme`, `東京の天気`,
/// `привет-мир`, `rust-и-python`. The rule [`Slug::from_title`] follows:
///
/// - The title is NFKC-normalized (full-width `ＡＢＣ` is `abc`, `ﬁ` is `fi`, `²` is `2`),
///   lowercased, and put back in NFC.
/// - **Latin letters are transliterated to ASCII** (`é` → `e`, `ß` → `ss`, `ø` → `o`):
///   the readers of a Latin-script title read the bare letters just as well, dropping
///   accents is the usual convention, and ASCII slugs are what posts always had.
/// - **Every other script is kept as it is written** (Japanese, Chinese, Korean,
///   Cyrillic, Greek, Arabic, Hebrew, Devanagari, Thai, ...). Transliteration of these
///   depends on the language, which a title does not tell: a table reads Japanese kanji
///   as Mandarin (`東京` would become `dong-jing`), and Russian, Ukrainian and Serbian
///   romanize the same Cyrillic letters differently. A slug in the title's own script is
///   what that post's readers can read; browsers show it as typed and put it on the wire
///   percent-encoded, and actix-web decodes it back before [`Slug::parse`] sees it.
/// - Anything else (spaces, punctuation, symbols, emoji) separates words; invisible
///   characters (joiners, variation selectors, bidirectional controls, fillers) are
///   dropped. A title with nothing left, such as `!!!` or `🎉`, becomes `post`, numbered
///   by the store when taken (`post-2`).
///
/// A slug has at most [`Slug::MAX_CHARS`] characters and [`Slug::MAX_BYTES`] bytes of
/// UTF-8, and is always in the canonical form `from_title` produces, which is exactly what
/// [`Slug::parse`] accepts: so one post has one address, never two spellings of it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Slug(String);

impl Slug {
    /// The most characters in a slug.
    pub const MAX_CHARS: usize = 80;
    /// The most bytes of UTF-8 in a slug: 80 characters of most scripts (3 bytes each),
    /// fewer of the 4-byte ones. Percent-encoded, a URL path segment of 720 characters.
    pub const MAX_BYTES: usize = 240;
    /// What [`Slug::from_title`] leaves free for [`Slug::numbered`]'s `-<n>` suffix
    /// (the store numbers up to 1,000,050: `-1000050`).
    const NUMBER_ROOM: usize = 8;

    /// A slug as it arrives in a URL (already percent-decoded) or from the store. Only the
    /// canonical form is accepted: lowercase, NFC, no Latin letters but ASCII ones, and no
    /// `/ ? # %`, spaces, punctuation, control, format or invisible characters.
    pub fn parse(input: &str) -> Result<Self, Invalid> {
        let bad = || Invalid::new(format!("{input:?} is not a post address"));
        if input.is_empty()
            || input.len() > Self::MAX_BYTES
            || input.chars().count() > Self::MAX_CHARS
            || input.starts_with('-')
            || input.ends_with('-')
            || input.contains("--")
        {
            return Err(bad());
        }
        let mut previous: Option<char> = None;
        for c in input.chars() {
            let ok = if c.is_ascii() {
                c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'
            } else if slug_ignorable(c) {
                false
            } else if unicode_normalization::char::is_combining_mark(c) {
                // A mark belongs to the non-Latin letter before it.
                previous.is_some_and(|p| !p.is_ascii())
            } else {
                use unicode_script::{Script, UnicodeScript};
                c.is_alphanumeric()
                    && c.script() != Script::Latin
                    && c.to_lowercase().eq(std::iter::once(c))
            };
            if !ok {
                return Err(bad());
            }
            previous = Some(c);
        }
        if !unicode_normalization::is_nfc(input) {
            return Err(bad());
        }
        Ok(Self(input.to_owned()))
    }

    /// The slug of a new post: see [`Slug`] for the rule. It leaves room for a
    /// [`Slug::numbered`] suffix within the bounds.
    pub fn from_title(title: &Title) -> Self {
        use unicode_normalization::UnicodeNormalization;
        use unicode_normalization::char::is_combining_mark;
        use unicode_script::{Script, UnicodeScript};

        let folded: String = title
            .as_str()
            .nfkc()
            .collect::<String>()
            .to_lowercase()
            .nfc()
            .collect();
        let mut words: Vec<String> = Vec::new();
        let mut word = String::new();
        // Whether the last character of `word` was kept as itself (not transliterated):
        // only such a letter keeps the combining marks that follow it.
        let mut native = false;
        let mut end_word = |word: &mut String, native: &mut bool| {
            if !word.is_empty() {
                words.push(word.nfc().collect());
                word.clear();
            }
            *native = false;
        };
        for c in folded.chars() {
            if c.is_ascii_alphanumeric() {
                word.push(c.to_ascii_lowercase());
                native = false;
            } else if c.is_ascii() {
                end_word(&mut word, &mut native);
            } else if slug_ignorable(c) {
                // Invisible: dropped without splitting the word.
            } else if is_combining_mark(c) {
                // After a transliterated letter, an accent the transliteration dropped.
                if native {
                    word.push(c);
                }
            } else if c.script() == Script::Latin {
                match deunicode::deunicode_char(c) {
                    Some(ascii) => {
                        for a in ascii.chars() {
                            if a.is_ascii_alphanumeric() {
                                word.push(a.to_ascii_lowercase());
                                native = false;
                            } else {
                                end_word(&mut word, &mut native);
                            }
                        }
                    }
                    None => end_word(&mut word, &mut native),
                }
            } else if c.is_alphanumeric() {
                word.push(c);
                native = true;
            } else {
                end_word(&mut word, &mut native);
            }
        }
        end_word(&mut word, &mut native);

        let max_chars = Self::MAX_CHARS - Self::NUMBER_ROOM;
        let max_bytes = Self::MAX_BYTES - Self::NUMBER_ROOM;
        let mut slug = String::new();
        let mut chars = 0;
        for word in &words {
            let dash = usize::from(!slug.is_empty());
            let word_chars = word.chars().count();
            if chars + dash + word_chars <= max_chars && slug.len() + dash + word.len() <= max_bytes
            {
                if dash == 1 {
                    slug.push('-');
                }
                slug.push_str(word);
                chars += dash + word_chars;
                continue;
            }
            // A word too long for what is left: cut it if the slug would be short without
            // it (a long word first, or a title in a script written without spaces).
            if chars < max_chars / 2 {
                let mut cut = String::new();
                for c in word.chars() {
                    if chars + dash + cut.chars().count() + 1 > max_chars
                        || slug.len() + dash + cut.len() + c.len_utf8() > max_bytes
                    {
                        break;
                    }
                    cut.push(c);
                }
                if !cut.is_empty() {
                    if dash == 1 {
                        slug.push('-');
                    }
                    slug.push_str(&cut);
                }
            }
            break;
        }
        if slug.is_empty() {
            slug.push_str("post");
        }
        match Self::parse(&slug) {
            Ok(slug) => slug,
            Err(e) => {
                debug_assert!(false, "from_title made an unparsable slug: {e}");
                Self("post".to_owned())
            }
        }
    }

    /// The n-th alternative when the plain slug is taken: `title-2`, `title-3`, ... A slug
    /// from [`Slug::from_title`] always has room for the suffix; a longer one is cut.
    pub fn numbered(&self, n: u32) -> Self {
        let suffix = format!("-{n}");
        let mut base = self.0.as_str();
        while base.chars().count() + suffix.len() > Self::MAX_CHARS
            || base.len() + suffix.len() > Self::MAX_BYTES
        {
            let mut chars = base.chars();
            chars.next_back();
            base = chars.as_str();
        }
        let base = base.trim_end_matches('-');
        let base = if base.is_empty() { "post" } else { base };
        Self(format!("{base}{suffix}"))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Characters that are invisible in a URL and so have no place in a slug: Unicode's
/// Default_Ignorable_Code_Point set (joiners, variation selectors, bidirectional controls,
/// Hangul fillers, tag characters, ...).
fn slug_ignorable(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{034F}'
            | '\u{061C}'
            | '\u{115F}'..='\u{1160}'
            | '\u{17B4}'..='\u{17B5}'
            | '\u{180B}'..='\u{180F}'
            | '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}'
            | '\u{3164}'
            | '\u{FE00}'..='\u{FE0F}'
            | '\u{FEFF}'
            | '\u{FFA0}'
            | '\u{FFF0}'..='\u{FFF8}'
            | '\u{1BCA0}'..='\u{1BCA3}'
            | '\u{1D173}'..='\u{1D17A}'
            | '\u{E0000}'..='\u{E0FFF}'
    )
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
        let items: Vec<String> = input
            .split(',')
            .filter(|part| !part.trim().is_empty())
            .map(str::to_owned)
            .collect();
        Self::from_list(&items)
    }

    /// Parses a list of tags, one an item (the API's `tagList`).
    pub fn from_list(items: &[String]) -> Result<Self, Invalid> {
        let mut tags: Vec<Tag> = Vec::new();
        for item in items {
            let tag = Tag::parse(item)?;
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
