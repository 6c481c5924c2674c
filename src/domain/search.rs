//! Full-text search, written once for both stores: the words of a text and of a query
//! (one analyzer: Unicode word boundaries, compatibility decomposition without accents,
//! lower case), what a query may be, and the passage shown with each result.
//!
//! The stores index these words, not the raw text, so SQLite's FTS5 and Cassandra's
//! storage-attached index match exactly the same things: `Café` finds `cafe`, `naïve`
//! finds `NAIVE`, and a Chinese or Japanese text is searchable by each ideograph (as
//! UAX #29 splits them), in every language a site writes.

use super::Invalid;
use super::markdown::excerpt;
use std::collections::HashSet;
use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;
use unicode_segmentation::UnicodeSegmentation;

/// The longest query read, in characters.
pub const MAX_QUERY_CHARS: usize = 200;
/// The most words a query may have (each is one more index lookup).
pub const MAX_QUERY_WORDS: usize = 8;
/// The most distinct words of one text that are indexed (a text of a few thousand
/// words has far fewer; past this, rarer later words of a very long text are not).
pub const MAX_TEXT_WORDS: usize = 2_000;
/// How much of a text's plain text is searched and kept for passages, in characters.
pub const TEXT_CHARS: usize = 60_000;
/// The most bytes of distinct words of one text that are indexed (so that a row of the
/// index has a bound whatever the text's script).
pub const MAX_TEXT_WORD_BYTES: usize = 12 * 1024;
/// How much of it is kept beside the index to cut passages from.
pub const PASSAGE_SOURCE_CHARS: usize = 2_000;
/// A "word" longer than this (a hash, a URL's tail) is not indexed.
const MAX_WORD_CHARS: usize = 40;
/// The length of a passage, in characters.
pub const PASSAGE_CHARS: usize = 240;

/// One word as indexed: accents and case folded away.
pub fn normalize(word: &str) -> String {
    word.nfkd()
        .filter(|c| !is_combining_mark(*c))
        .flat_map(char::to_lowercase)
        .collect()
}

/// The indexed words of a text, in order, repeats kept (for ranking by frequency).
pub fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.unicode_words()
        .filter(|w| w.chars().count() <= MAX_WORD_CHARS)
        .map(normalize)
        .filter(|w| !w.is_empty())
}

/// What a store indexes of one published text: its words (title, body and tags, in
/// order, at most [`MAX_TEXT_WORDS`] distinct ones), and the start of its plain text,
/// for passages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchText {
    /// The title's words, space-separated.
    pub title_words: String,
    /// The body's and tags' words, space-separated, in order.
    pub body_words: String,
    /// The distinct words of title, body and tags.
    pub terms: Vec<String>,
    /// The start of the plain text, for passages.
    pub passage_source: String,
}

impl SearchText {
    pub fn of(title: &str, body_markdown: &str, tags: &[&str]) -> Self {
        let plain = excerpt(body_markdown, TEXT_CHARS);
        let mut seen = HashSet::new();
        let mut terms = Vec::new();
        let mut bytes = 0;
        let mut keep = |word: String| -> Option<String> {
            if seen.contains(&word) {
                return Some(word);
            }
            if seen.len() >= MAX_TEXT_WORDS || bytes + word.len() > MAX_TEXT_WORD_BYTES {
                return None;
            }
            bytes += word.len();
            seen.insert(word.clone());
            terms.push(word.clone());
            Some(word)
        };
        let title_words: Vec<String> = words(title).filter_map(&mut keep).collect();
        let body_words: Vec<String> = words(&plain)
            .chain(tags.iter().flat_map(|t| words(t).collect::<Vec<_>>()))
            .filter_map(&mut keep)
            .collect();
        Self {
            title_words: title_words.join(" "),
            body_words: body_words.join(" "),
            terms,
            passage_source: plain.chars().take(PASSAGE_SOURCE_CHARS).collect(),
        }
    }
}

/// A reader's search, checked: its words, distinct, in the order typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchQuery {
    /// What the reader typed, trimmed.
    pub text: String,
    pub words: Vec<String>,
}

impl SearchQuery {
    /// Every word must appear (in the title, the text or the tags). Operators of any
    /// search syntax (quotes, `-`, `*`, `OR`, `NEAR`, column filters) are not operators
    /// here: punctuation is dropped and the rest are words like any other.
    pub fn parse(input: &str) -> Result<Self, Invalid> {
        let text = input.trim();
        if text.is_empty() {
            return Err(Invalid::new("Type a word or two to search for."));
        }
        let length = text.chars().count();
        if length > MAX_QUERY_CHARS {
            return Err(Invalid::new(format!(
                "A search is at most {MAX_QUERY_CHARS} characters long; this one has {length}."
            )));
        }
        let mut words_seen = Vec::new();
        for word in words(text) {
            if !words_seen.contains(&word) {
                words_seen.push(word);
            }
        }
        if words_seen.is_empty() {
            return Err(Invalid::new(format!(
                "“{text}” has no words to search for: punctuation and symbols are not searched."
            )));
        }
        if words_seen.len() > MAX_QUERY_WORDS {
            return Err(Invalid::new(format!(
                "A search has at most {MAX_QUERY_WORDS} different words; this one has {}.",
                words_seen.len()
            )));
        }
        Ok(Self {
            text: text.to_owned(),
            words: words_seen,
        })
    }

    /// The query as an FTS5 expression: each word a quoted string (so nothing in it is
    /// syntax), all of them required.
    pub fn fts5(&self) -> String {
        self.words
            .iter()
            .map(|w| format!("\"{}\"", w.replace('"', "\"\"")))
            .collect::<Vec<_>>()
            .join(" AND ")
    }
}

/// A passage of a text around the first of a query's words it has, cut at word
/// boundaries: pieces of text, each marked when it is one of the words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Passage {
    /// Whether text was cut before the passage.
    pub cut_before: bool,
    pub pieces: Vec<(String, bool)>,
    pub cut_after: bool,
}

pub fn passage(text: &str, query: &SearchQuery) -> Passage {
    let wanted: HashSet<&str> = query.words.iter().map(String::as_str).collect();
    let found: Vec<(usize, &str, bool)> = text
        .unicode_word_indices()
        .map(|(at, word)| (at, word, wanted.contains(normalize(word).as_str())))
        .collect();
    // Start a few words before the first match (or at the start of the text).
    let first = found.iter().position(|(_, _, hit)| *hit).unwrap_or(0);
    let start = found
        .get(first.saturating_sub(6))
        .map_or(0, |(at, _, _)| *at);
    let window: String = text[start..].chars().take(PASSAGE_CHARS).collect();
    let cut_after = text[start..].chars().count() > PASSAGE_CHARS;
    // Cut the window's end back to a word boundary when the text goes on.
    let window = if cut_after {
        match window.rfind(char::is_whitespace) {
            Some(end) if end > PASSAGE_CHARS / 2 => window[..end].to_owned(),
            _ => window,
        }
    } else {
        window
    };
    let mut pieces: Vec<(String, bool)> = Vec::new();
    let mut done = 0;
    for (at, word) in window.unicode_word_indices() {
        if wanted.contains(normalize(word).as_str()) {
            if at > done {
                pieces.push((window[done..at].to_owned(), false));
            }
            pieces.push((word.to_owned(), true));
            done = at + word.len();
        }
    }
    if done < window.len() {
        pieces.push((window[done..].to_owned(), false));
    }
    Passage {
        cut_before: start > 0,
        pieces,
        cut_after,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_fold_accents_case_and_width_in_every_script() {
        let found: Vec<String> =
            words("Café NAÏVE Ｆｕｌｌ São-Paulo 東京タワー Ελληνικά").collect();
        assert_eq!(
            found,
            [
                "cafe",
                "naive",
                "full",
                "sao",
                "paulo",
                "東",
                "京",
                "タワー",
                "ελληνικα"
            ]
        );
    }

    #[test]
    fn queries_are_checked_and_operators_are_words() {
        let q = SearchQuery::parse("  \"river\" OR -Café* river ").unwrap();
        assert_eq!(q.words, ["river", "or", "cafe"]);
        assert_eq!(q.fts5(), "\"river\" AND \"or\" AND \"cafe\"");
        for bad in [
            "",
            "   ",
            "*** -- \"\"",
            &"x".repeat(201),
            "a b c d e f g h i",
        ] {
            assert!(SearchQuery::parse(bad).is_err(), "{bad:?}");
        }
        assert!(SearchQuery::parse(&"été ".repeat(50)).is_ok());
    }

    #[test]
    fn a_text_keeps_its_distinct_words_up_to_the_cap() {
        let text = SearchText::of(
            "The River",
            "The *river* rose; the river fell.",
            &["floods"],
        );
        assert_eq!(text.title_words, "the river");
        assert_eq!(text.body_words, "the river rose the river fell floods");
        assert_eq!(text.terms, ["the", "river", "rose", "fell", "floods"]);
        let long: String = (0..3_000).map(|i| format!("w{i} ")).collect();
        let capped = SearchText::of("", &long, &[]);
        assert_eq!(capped.terms.len(), MAX_TEXT_WORDS);
        let wide: String = (0..3_000).map(|i| format!("wordy{i:05}wordy ")).collect();
        let capped = SearchText::of("", &wide, &[]);
        let bytes: usize = capped.terms.iter().map(String::len).sum();
        assert!(bytes <= MAX_TEXT_WORD_BYTES && bytes > MAX_TEXT_WORD_BYTES - 40);
        assert_eq!(capped.passage_source.chars().count(), PASSAGE_SOURCE_CHARS);
    }

    #[test]
    fn a_passage_marks_the_words_around_the_first_match() {
        let q = SearchQuery::parse("cafe").unwrap();
        let text = format!(
            "{}At the Café we met. {}",
            "Lorem ipsum dolor. ".repeat(20),
            "More. ".repeat(60)
        );
        let p = passage(&text, &q);
        assert!(p.cut_before && p.cut_after);
        assert!(p.pieces.contains(&("Café".to_owned(), true)));
        let shown: String = p.pieces.iter().map(|(t, _)| t.as_str()).collect();
        assert!(shown.chars().count() <= PASSAGE_CHARS);
        assert!(shown.contains("At the Café we met."), "{shown}");
        // No match in the text (the title matched): its start.
        let p = passage("Nothing here.", &q);
        assert_eq!(p.pieces, [("Nothing here.".to_owned(), false)]);
        assert!(!p.cut_before && !p.cut_after);
    }
}
