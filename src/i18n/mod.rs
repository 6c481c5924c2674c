//! The interface in the reader's language: the message catalogs Sibyl ships (Fluent files
//! compiled into the binary, `locales/<tag>.ftl`), the choice of one for a request, and
//! dates and numbers as each language writes them ([`Speech`]).
//!
//! English is complete by definition: every other catalog is checked against it (the same
//! messages, each with the same placeables), and a message a catalog lacks is said in
//! English and counted ([`missing_messages`]), never shown as its id.

mod said;
mod speech;

pub use said::said;
pub use speech::{Arg, Count, Speech};

use icu_locale::LocaleExpander;
use icu_locale::{Locale as IcuLocale, LocaleDirectionality};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

/// The catalogs shipped in the binary: a BCP 47 tag and its Fluent text. English first.
pub const SHIPPED: [(&str, &str); 6] = [
    ("en", include_str!("../../locales/en.ftl")),
    ("de", include_str!("../../locales/de.ftl")),
    ("fr", include_str!("../../locales/fr.ftl")),
    ("es", include_str!("../../locales/es.ftl")),
    ("zh-Hans", include_str!("../../locales/zh-Hans.ftl")),
    ("ar", include_str!("../../locales/ar.ftl")),
];

/// The longest `Accept-Language` read; a longer one is ignored (the site's language is
/// spoken), as no browser sends one.
const MAX_ACCEPT_LANGUAGE: usize = 512;
/// The most languages of an `Accept-Language` weighed.
const MAX_RANGES: usize = 16;

/// Why a catalog cannot be used: its file and what is wrong, line by line.
#[derive(Debug, thiserror::Error)]
#[error("the catalog {name} cannot be used: {problems}")]
pub struct CatalogError {
    pub name: String,
    pub problems: String,
}

/// Every language the interface can be read in.
pub struct Languages {
    /// English, which every catalog falls back to: also the first of `spoken`.
    english: Arc<Speech>,
    spoken: Vec<Spoken>,
    expander: LocaleExpander,
    directionality: LocaleDirectionality,
}

/// A language offered: its tag and locale, and its catalog made into a [`Speech`] the
/// first time a page speaks it (a site read in one language does not hold the others').
struct Spoken {
    tag: String,
    locale: IcuLocale,
    source: &'static str,
    rtl: bool,
    speech: OnceLock<Arc<Speech>>,
}

impl Spoken {
    /// One made already (English, an operator's checked catalog, every one in tests).
    fn made(speech: Arc<Speech>) -> Self {
        Self {
            tag: speech.tag().to_owned(),
            locale: speech.locale().clone(),
            source: "",
            rtl: speech.dir() == "rtl",
            speech: OnceLock::from(speech),
        }
    }

    fn speech(&self, english: &Arc<Speech>) -> &Arc<Speech> {
        self.speech.get_or_init(|| {
            let (speech, problems) =
                Speech::lenient(&self.tag, self.source, Some(Arc::clone(english)), self.rtl);
            if !problems.is_empty() {
                tracing::error!(tag = %self.tag, ?problems, "a shipped catalog has errors");
            }
            Arc::new(speech)
        })
    }
}

static LANGUAGES: OnceLock<Languages> = OnceLock::new();
static MISSING: AtomicU64 = AtomicU64::new(0);

/// The most catalogs an operator's folder may hold, and the largest each may be.
const MAX_CATALOGS: usize = 200;
const MAX_CATALOG_BYTES: u64 = 1024 * 1024;

/// The languages of this process: those shipped, and those [`install`] added.
pub fn languages() -> &'static Languages {
    LANGUAGES.get_or_init(Languages::lenient)
}

/// Adds the catalogs of an operator's folder to those shipped, before the first page:
/// each `<tag>.ftl` in it (`pt-BR.ftl`; one named as a shipped language replaces it),
/// checked against English. The first that cannot be used stops the start, with its
/// reason. Returns the tags added.
pub fn install(dir: &std::path::Path) -> Result<Vec<String>, CatalogError> {
    let folder = |problems: String| CatalogError {
        name: dir.display().to_string(),
        problems,
    };
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| folder(format!("it cannot be read: {e}")))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|e| e == "ftl"))
        .collect();
    files.sort();
    if files.len() > MAX_CATALOGS {
        return Err(folder(format!(
            "it holds more than {MAX_CATALOGS} catalogs"
        )));
    }
    let mut languages = Languages::shipped()?;
    let english = Arc::clone(languages.english());
    let mut added = Vec::new();
    for file in files {
        let name = file.display().to_string();
        let problem = |problems: String| CatalogError {
            name: name.clone(),
            problems,
        };
        let tag = file
            .file_stem()
            .and_then(|s| s.to_str())
            .filter(|t| {
                t.parse::<IcuLocale>().is_ok()
                    && t.parse::<unic_langid::LanguageIdentifier>().is_ok()
            })
            .ok_or_else(|| problem("its name is not a language tag, such as pt-BR.ftl".into()))?
            .to_owned();
        if tag == "en" {
            return Err(problem(
                "English is the catalog every other is checked against: it cannot be replaced"
                    .into(),
            ));
        }
        let size = std::fs::metadata(&file)
            .map_err(|e| problem(e.to_string()))?
            .len();
        if size > MAX_CATALOG_BYTES {
            return Err(problem(format!(
                "it is larger than {MAX_CATALOG_BYTES} bytes"
            )));
        }
        let source = std::fs::read_to_string(&file).map_err(|e| problem(e.to_string()))?;
        let speech = Spoken::made(Arc::new(
            Languages::checked(&tag, &source, &english).map_err(|e| problem(e.problems))?,
        ));
        match languages.spoken.iter_mut().find(|s| s.tag == tag) {
            Some(shipped) => *shipped = speech,
            None => languages.spoken.push(speech),
        }
        added.push(tag);
    }
    LANGUAGES
        .set(languages)
        .map_err(|_| folder("the languages were chosen before the folder was read".into()))?;
    Ok(added)
}

/// How many times a message was said in English because a catalog lacked it.
pub fn missing_messages() -> u64 {
    MISSING.load(Ordering::Relaxed)
}

fn count_missing() {
    MISSING.fetch_add(1, Ordering::Relaxed);
}

/// The messages of a catalog and the placeables (`{ $name }`) each uses, its attributes'
/// included.
pub fn outline(source: &str) -> Result<BTreeMap<String, BTreeSet<String>>, Vec<String>> {
    use fluent_syntax::ast;
    let resource = fluent_syntax::parser::parse(source).map_err(|(_, errors)| {
        errors
            .iter()
            .map(|e| {
                let line = source[..e.pos.start.min(source.len())]
                    .matches('\n')
                    .count()
                    + 1;
                format!("line {line}: {:?}", e.kind)
            })
            .collect::<Vec<_>>()
    })?;
    fn walk(pattern: &ast::Pattern<&str>, into: &mut BTreeSet<String>) {
        for element in &pattern.elements {
            if let ast::PatternElement::Placeable { expression } = element {
                expression_vars(expression, into);
            }
        }
    }
    fn expression_vars(expression: &ast::Expression<&str>, into: &mut BTreeSet<String>) {
        match expression {
            ast::Expression::Inline(inline) => inline_vars(inline, into),
            ast::Expression::Select { selector, variants } => {
                inline_vars(selector, into);
                for variant in variants {
                    walk(&variant.value, into);
                }
            }
        }
    }
    fn inline_vars(inline: &ast::InlineExpression<&str>, into: &mut BTreeSet<String>) {
        match inline {
            ast::InlineExpression::VariableReference { id } => {
                into.insert(id.name.to_owned());
            }
            ast::InlineExpression::FunctionReference { arguments, .. } => {
                for argument in &arguments.positional {
                    inline_vars(argument, into);
                }
            }
            ast::InlineExpression::Placeable { expression } => expression_vars(expression, into),
            _ => {}
        }
    }
    let mut messages = BTreeMap::new();
    for entry in &resource.body {
        if let ast::Entry::Message(message) = entry {
            let mut vars = BTreeSet::new();
            if let Some(value) = &message.value {
                walk(value, &mut vars);
            }
            for attribute in &message.attributes {
                walk(&attribute.value, &mut vars);
            }
            messages.insert(message.id.name.to_owned(), vars);
        }
    }
    Ok(messages)
}

/// What is wrong with `catalog` against English: messages it lacks, messages English does
/// not have, and messages whose placeables differ. A catalog may lack messages (they are
/// said in English), so those are returned apart from the errors.
pub struct Comparison {
    pub missing: Vec<String>,
    pub errors: Vec<String>,
}

pub fn compare(catalog: &str) -> Result<Comparison, Vec<String>> {
    let english = outline(SHIPPED[0].1).unwrap_or_default();
    let theirs = outline(catalog)?;
    let mut errors = Vec::new();
    for (id, vars) in &theirs {
        match english.get(id) {
            None => errors.push(format!("{id}: English has no such message")),
            Some(expected) if expected != vars => errors.push(format!(
                "{id}: uses {{{}}} where English uses {{{}}}",
                join(vars),
                join(expected)
            )),
            Some(_) => {}
        }
    }
    let missing = english
        .keys()
        .filter(|id| !theirs.contains_key(*id))
        .cloned()
        .collect();
    Ok(Comparison { missing, errors })
}

fn join(vars: &BTreeSet<String>) -> String {
    vars.iter()
        .map(|v| format!("${v}"))
        .collect::<Vec<_>>()
        .join(", ")
}

impl Languages {
    /// The shipped catalogs, each checked against English.
    pub fn shipped() -> Result<Self, CatalogError> {
        let english = Arc::new(Speech::new("en", SHIPPED[0].1, None, false)?);
        let mut spoken = vec![Spoken::made(Arc::clone(&english))];
        for (tag, source) in &SHIPPED[1..] {
            spoken.push(Spoken::made(Arc::new(Self::checked(
                tag, source, &english,
            )?)));
        }
        Ok(Self {
            english,
            spoken,
            expander: LocaleExpander::new_common(),
            directionality: LocaleDirectionality::new_common(),
        })
    }

    /// The shipped catalogs, each as far as it can be used, English made now and every
    /// other the first time it is spoken: what is wrong is logged (the tests check every
    /// shipped catalog against English, as [`Self::shipped`] does).
    fn lenient() -> Self {
        let (english, problems) = Speech::lenient("en", SHIPPED[0].1, None, false);
        if !problems.is_empty() {
            tracing::error!(?problems, "the English catalog has errors");
        }
        let english = Arc::new(english);
        let directionality = LocaleDirectionality::new_common();
        let mut spoken = vec![Spoken::made(Arc::clone(&english))];
        for (tag, source) in &SHIPPED[1..] {
            match tag.parse::<IcuLocale>() {
                Ok(locale) => spoken.push(Spoken {
                    tag: (*tag).to_owned(),
                    rtl: directionality.is_right_to_left(&locale.id),
                    locale,
                    source,
                    speech: OnceLock::new(),
                }),
                Err(_) => tracing::error!(tag, "a shipped catalog's tag is not a language tag"),
            }
        }
        Self {
            english,
            spoken,
            expander: LocaleExpander::new_common(),
            directionality,
        }
    }

    fn checked(tag: &str, source: &str, english: &Arc<Speech>) -> Result<Speech, CatalogError> {
        let problem = |problems: Vec<String>| CatalogError {
            name: format!("{tag}.ftl"),
            problems: problems.join("; "),
        };
        let comparison = compare(source).map_err(problem)?;
        if !comparison.errors.is_empty() {
            return Err(problem(comparison.errors));
        }
        let locale: IcuLocale = tag
            .parse()
            .map_err(|_| problem(vec![format!("{tag:?} is not a language tag")]))?;
        let rtl = LocaleDirectionality::new_common().is_right_to_left(&locale.id);
        Speech::new(tag, source, Some(Arc::clone(english)), rtl)
    }

    /// Whether a text in `tag` (a BCP 47 tag, or a content locale's code) is written right
    /// to left: Arabic, Hebrew, Persian, Urdu... (an unknown tag is not).
    pub fn right_to_left(&self, tag: &str) -> bool {
        tag.replace('_', "-")
            .parse::<IcuLocale>()
            .is_ok_and(|locale| self.directionality.is_right_to_left(&locale.id))
    }

    /// English, which every catalog falls back to.
    pub fn english(&self) -> &Arc<Speech> {
        &self.english
    }

    fn speech<'a>(&'a self, spoken: &'a Spoken) -> &'a Arc<Speech> {
        spoken.speech(&self.english)
    }

    /// Every language, English first (each made, if it was not yet).
    pub fn all(&self) -> Vec<&Arc<Speech>> {
        self.spoken.iter().map(|s| self.speech(s)).collect()
    }

    /// The language spoken to a text in `tag` (a BCP 47 tag, or a content locale's code
    /// such as `en_GB`): the catalog of the same language and script, if one is shipped.
    pub fn matching(&self, tag: &str) -> Option<&Arc<Speech>> {
        let mut wanted: IcuLocale = tag.replace('_', "-").parse().ok()?;
        self.expander.maximize(&mut wanted.id);
        self.spoken
            .iter()
            .find(|spoken| {
                let mut offered = spoken.locale.clone();
                self.expander.maximize(&mut offered.id);
                offered.id.language == wanted.id.language && offered.id.script == wanted.id.script
            })
            .map(|spoken| self.speech(spoken))
    }

    /// The language a member chose, by its exact tag, if it is still spoken here.
    pub fn chosen(&self, tag: &str) -> Option<&Arc<Speech>> {
        self.spoken
            .iter()
            .find(|spoken| !tag.is_empty() && spoken.tag == tag)
            .map(|spoken| self.speech(spoken))
    }

    /// The language spoken to a member: the one they chose (a shipped or installed tag),
    /// else the site's, else English.
    pub fn for_member(&self, chosen: &str, site_language: &str) -> &Arc<Speech> {
        self.chosen(chosen)
            .or_else(|| self.matching(site_language))
            .unwrap_or_else(|| self.english())
    }

    /// The language an `Accept-Language` header asks for, if it names one spoken here:
    /// its ranges by weight (the first of equal weights first), the first spoken wins.
    pub fn from_header(&self, header: &[u8]) -> Option<&Arc<Speech>> {
        if header.len() > MAX_ACCEPT_LANGUAGE {
            return None;
        }
        let header = std::str::from_utf8(header).ok()?;
        let mut ranges: Vec<(u16, usize, &str)> = header
            .split(',')
            .take(MAX_RANGES)
            .enumerate()
            .filter_map(|(at, range)| {
                let mut parts = range.split(';');
                let tag = parts.next()?.trim();
                let weight =
                    parts
                        .find_map(|p| p.trim().strip_prefix("q="))
                        .map_or(Some(1000), |q| {
                            q.trim()
                                .parse::<f32>()
                                .ok()
                                .filter(|q| (0.0..=1.0).contains(q))
                                .map(|q| (q * 1000.0) as u16)
                        })?;
                (weight > 0 && !tag.is_empty() && tag != "*").then_some((weight, at, tag))
            })
            .collect();
        ranges.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        ranges.iter().find_map(|(_, _, tag)| self.matching(tag))
    }

    /// The language of a request: what its `Accept-Language` asks for, else the site's own
    /// language if spoken here, else English.
    pub fn choose(&self, accept_language: Option<&[u8]>, site_language: &str) -> &Arc<Speech> {
        accept_language
            .and_then(|header| self.from_header(header))
            .or_else(|| self.matching(site_language))
            .unwrap_or_else(|| self.english())
    }
}

#[cfg(test)]
mod tests;
