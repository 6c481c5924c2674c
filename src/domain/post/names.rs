//! A post's names: its id (a time UUID in its tally bucket), title, slug and tags.

use crate::domain::Invalid;
use chrono::{DateTime, Datelike, Utc};
use uuid::Uuid;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PostId(pub Uuid);

impl PostId {
    /// How many buckets a site's per-post comment counts are spread over (on Cassandra,
    /// a partition each).
    pub const TALLY_BUCKETS: u8 = 64;

    /// A new post's id, made now.
    pub fn new() -> Self {
        Self::made_in(crate::domain::now())
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
        let random = crate::domain::token::random_bytes::<10>();
        let millis = u64::try_from(created.timestamp_millis()).unwrap_or_default();
        let id = uuid::Builder::from_unix_timestamp_millis(millis, &random).into_uuid();
        Self::in_bucket_of(id, created)
    }

    /// The id a post brought in from elsewhere always gets for its source's `name` (see
    /// [`crate::domain::token::named_uuid`]), in the tally bucket of the month it was written.
    pub fn named(name: &str, created: DateTime<Utc>) -> Self {
        Self::in_bucket_of(crate::domain::token::named_uuid(name), created)
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

    /// The slugs a new post tries in turn until one is free ([`SlugCandidates`]).
    pub fn candidates(&self) -> SlugCandidates {
        SlugCandidates {
            base: self.clone(),
            tried: 0,
        }
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

    /// The tag's place in the list of a site's tags: see [`tag_order_key`].
    pub fn order_key(&self) -> Vec<u8> {
        tag_order_key(&self.0)
    }
}

/// The version of [`tag_order_key`]'s keys. The stores keep a key beside each tag and page
/// the list of tags by it; a new version of the collation data that moves a key is a
/// new version here, and a schema change that writes every tag's key again.
pub const TAG_ORDER_VERSION: u32 = 1;

/// A tag's sort key under the Unicode collation algorithm with CLDR's root order (ICU4X,
/// its data compiled in): compared byte by byte, keys order tags as readers of most
/// languages expect (`apfel`, `äpfel`, `birne`, `été`, `zucker`, where code points put
/// `äpfel` and `été` after `zucker`), the same for every reader. Languages that tailor
/// the root order (Spanish `ñ` as a letter of its own, Chinese by pinyin) are not
/// followed: a site's list has one order, and its pages are cut by it.
pub fn tag_order_key(tag: &str) -> Vec<u8> {
    use icu_collator::{Collator, CollatorBorrowed, options::CollatorOptions};
    use std::sync::LazyLock;
    static ROOT: LazyLock<CollatorBorrowed<'static>> = LazyLock::new(|| {
        match Collator::try_new(Default::default(), CollatorOptions::default()) {
            Ok(collator) => collator,
            // The data is compiled into the binary: nothing at run time can take it away.
            Err(e) => panic!("the root collation's compiled data is missing: {e}"),
        }
    });
    let mut key = Vec::with_capacity(tag.len() * 3 + 8);
    let Ok(()) = ROOT.write_sort_key_to(tag, &mut key);
    key
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

/// How many numbered slugs (`title-2` ... `title-50`) a new post tries before a random
/// suffix ends the search.
pub const NUMBERED_SLUGS: u32 = 50;

/// The slugs a new post tries, on either store: the slug its title gives, then
/// `title-2`, `title-3` ... up to [`NUMBERED_SLUGS`], then `title-N` with a random `N`
/// above it (a title this popular: a random suffix is free within a try or two, where
/// counting on would read once per post of that title).
#[derive(Debug, Clone)]
pub struct SlugCandidates {
    base: Slug,
    tried: u32,
}

impl SlugCandidates {
    /// The next slug to try; there is always one.
    pub fn next_slug(&mut self) -> Slug {
        self.tried += 1;
        match self.tried {
            1 => self.base.clone(),
            n if n <= NUMBERED_SLUGS => self.base.numbered(n),
            _ => self.base.numbered(
                crate::domain::token::random_below(1_000_000) as u32 + NUMBERED_SLUGS + 1,
            ),
        }
    }
}
