//! Revision keys, as Snap! Websites names the rows of its data table:
//!
//! - branch: `<site>/<path>#<branch>`
//! - revision: `<site>/<path>#<lang>_<country>/<branch>.<revision>`, also
//!   `#<lang>/<branch>.<revision>` and `#<branch>.<revision>`
//! - draft: `<site>/<path>#user/<user id>/<lang>_<country>/<branch>`
//! - suggestion: `<site>/<path>#suggestion/<lang>_<country>/<branch>`
//!
//! Drafts and suggestions belong to a branch, not a revision, and their locale is
//! optional too. `RevisionKey::parse` accepts exactly these forms, `Display` writes them
//! back, and `parse(format(k)) == k` for every key.

use super::{Invalid, Site, UserId};
use uuid::Uuid;

/// A content locale: none, a language (`en`), or a language and a country (`en_US`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Locale {
    Neutral,
    Language(String),
    Regional(String, String),
}

impl Locale {
    /// Parses `en` or `en_US`; the empty string is the neutral locale.
    pub fn parse(input: &str) -> Result<Self, Invalid> {
        if input.is_empty() {
            return Ok(Locale::Neutral);
        }
        let bad = || {
            Invalid::new(format!(
                "{input:?} is not a locale: use a language such as en, or a language and country such as en_US"
            ))
        };
        let (language, country) = match input.split_once('_') {
            Some((l, c)) => (l, Some(c)),
            None => (input, None),
        };
        let language_ok =
            (2..=3).contains(&language.len()) && language.bytes().all(|b| b.is_ascii_lowercase());
        if !language_ok {
            return Err(bad());
        }
        match country {
            None => Ok(Locale::Language(language.to_owned())),
            Some(c) if c.len() == 2 && c.bytes().all(|b| b.is_ascii_uppercase()) => {
                Ok(Locale::Regional(language.to_owned(), c.to_owned()))
            }
            Some(_) => Err(bad()),
        }
    }

    /// `en_US`, `en`, or the empty string.
    pub fn code(&self) -> String {
        match self {
            Locale::Neutral => String::new(),
            Locale::Language(l) => l.clone(),
            Locale::Regional(l, c) => format!("{l}_{c}"),
        }
    }

    /// The BCP 47 tag HTML's `lang` and `hreflang` use: `en-US`, `en`, or `x-default`
    /// for a text in no particular language.
    pub fn hreflang(&self) -> String {
        match self {
            Locale::Neutral => "x-default".to_owned(),
            Locale::Language(l) => l.clone(),
            Locale::Regional(l, c) => format!("{l}-{c}"),
        }
    }

    /// What a reader picks in the language switch: the language's own name where Sibyl
    /// knows it (`Français (CA)`), else the code.
    pub fn label(&self) -> String {
        let (language, country) = match self {
            Locale::Neutral => return "Original".to_owned(),
            Locale::Language(l) => (l.as_str(), None),
            Locale::Regional(l, c) => (l.as_str(), Some(c.as_str())),
        };
        let name = LANGUAGE_NAMES
            .iter()
            .find(|(code, _)| *code == language)
            .map_or(language, |(_, name)| *name);
        match country {
            Some(c) => format!("{name} ({c})"),
            None => name.to_owned(),
        }
    }
}

/// Names of common languages in their own language, for [`Locale::label`].
const LANGUAGE_NAMES: &[(&str, &str)] = &[
    ("ar", "العربية"),
    ("cs", "Čeština"),
    ("da", "Dansk"),
    ("de", "Deutsch"),
    ("el", "Ελληνικά"),
    ("en", "English"),
    ("es", "Español"),
    ("fi", "Suomi"),
    ("fr", "Français"),
    ("he", "עברית"),
    ("hi", "हिन्दी"),
    ("it", "Italiano"),
    ("ja", "日本語"),
    ("ko", "한국어"),
    ("nl", "Nederlands"),
    ("no", "Norsk"),
    ("pl", "Polski"),
    ("pt", "Português"),
    ("ru", "Русский"),
    ("sv", "Svenska"),
    ("tr", "Türkçe"),
    ("uk", "Українська"),
    ("zh", "中文"),
];

/// The part of a key that names a page of a site: `posts/hello-world`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PagePath(String);

impl PagePath {
    /// In bytes: room for `posts/` and the longest slug.
    pub const MAX: usize = 300;

    /// Each segment is lowercase ASCII words of letters, digits and dashes, or a slug
    /// (see [`super::Slug`]), whose words may be in any script a title is written in.
    pub fn parse(input: &str) -> Result<Self, Invalid> {
        let ascii = |segment: &str| {
            !segment.is_empty()
                && !segment.starts_with('-')
                && !segment.ends_with('-')
                && segment
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        };
        let ok = !input.is_empty()
            && input.len() <= Self::MAX
            && input
                .split('/')
                .all(|segment| ascii(segment) || super::Slug::parse(segment).is_ok());
        if ok {
            Ok(Self(input.to_owned()))
        } else {
            Err(Invalid::new(format!(
                "{input:?} is not a page path: lowercase words of letters, digits and dashes, separated by /"
            )))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A branch number: 0 is the system branch, 1 and up are the users' (as in Snap!).
pub type Branch = u32;
/// A revision number within a branch and locale, from 1.
pub type Revision = u32;

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum RevisionKey {
    Branch {
        site: Site,
        path: PagePath,
        branch: Branch,
    },
    Revision {
        site: Site,
        path: PagePath,
        locale: Locale,
        branch: Branch,
        revision: Revision,
    },
    Draft {
        site: Site,
        path: PagePath,
        user: UserId,
        locale: Locale,
        branch: Branch,
    },
    Suggestion {
        site: Site,
        path: PagePath,
        locale: Locale,
        branch: Branch,
    },
}

impl RevisionKey {
    pub const MAX: usize = 512;

    pub fn parse(input: &str) -> Result<Self, Invalid> {
        let bad = |why: &str| Invalid::new(format!("{input:?} is not a revision key: {why}"));
        if input.len() > Self::MAX {
            return Err(bad("too long"));
        }
        let (page, fragment) = input.split_once('#').ok_or_else(|| bad("it has no '#'"))?;
        let (scheme, rest) = page
            .split_once("://")
            .ok_or_else(|| bad("it does not start with a site URL"))?;
        let (host, path) = rest
            .split_once('/')
            .ok_or_else(|| bad("it names no page after the site"))?;
        let site_text = format!("{scheme}://{host}");
        let site = Site::parse(&site_text).map_err(|e| bad(&e.0))?;
        if site.as_str() != site_text {
            return Err(bad("the site URL is not in its canonical form"));
        }
        let path = PagePath::parse(path).map_err(|e| bad(&e.0))?;
        let number = |text: &str, what: &str| -> Result<u32, Invalid> {
            let canonical = !text.is_empty() && (text == "0" || !text.starts_with('0'));
            if !canonical || !text.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad(&format!("{what} {text:?} is not a number")));
            }
            text.parse()
                .map_err(|_| bad(&format!("{what} {text:?} is too large")))
        };
        let locale_of = |text: &str| -> Result<Locale, Invalid> {
            match Locale::parse(text)? {
                Locale::Neutral => Err(bad("an empty locale")),
                locale => Ok(locale),
            }
        };
        let parts: Vec<&str> = fragment.split('/').collect();
        match parts.as_slice() {
            ["user", user, rest @ ..] => {
                let user = Uuid::try_parse(user)
                    .ok()
                    .filter(|u| u.hyphenated().to_string() == *user)
                    .map(UserId)
                    .ok_or_else(|| bad("the draft's user is not a user id"))?;
                let (locale, branch) = match rest {
                    [branch] => (Locale::Neutral, number(branch, "branch")?),
                    [locale, branch] => (locale_of(locale)?, number(branch, "branch")?),
                    _ => return Err(bad("a draft is #user/<id>[/<locale>]/<branch>")),
                };
                Ok(RevisionKey::Draft {
                    site,
                    path,
                    user,
                    locale,
                    branch,
                })
            }
            ["suggestion", rest @ ..] => {
                let (locale, branch) = match rest {
                    [branch] => (Locale::Neutral, number(branch, "branch")?),
                    [locale, branch] => (locale_of(locale)?, number(branch, "branch")?),
                    _ => return Err(bad("a suggestion is #suggestion[/<locale>]/<branch>")),
                };
                Ok(RevisionKey::Suggestion {
                    site,
                    path,
                    locale,
                    branch,
                })
            }
            [locale, version] => {
                let (branch, revision) = version
                    .split_once('.')
                    .ok_or_else(|| bad("a revision is <branch>.<revision>"))?;
                Ok(RevisionKey::Revision {
                    site,
                    path,
                    locale: locale_of(locale)?,
                    branch: number(branch, "branch")?,
                    revision: number(revision, "revision")?,
                })
            }
            [version] => match version.split_once('.') {
                Some((branch, revision)) => Ok(RevisionKey::Revision {
                    site,
                    path,
                    locale: Locale::Neutral,
                    branch: number(branch, "branch")?,
                    revision: number(revision, "revision")?,
                }),
                None => Ok(RevisionKey::Branch {
                    site,
                    path,
                    branch: number(version, "branch")?,
                }),
            },
            _ => Err(bad("unknown form after '#'")),
        }
    }
}

impl std::fmt::Display for RevisionKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let with_locale = |locale: &Locale| match locale {
            Locale::Neutral => String::new(),
            other => format!("{}/", other.code()),
        };
        match self {
            RevisionKey::Branch { site, path, branch } => {
                write!(f, "{site}/{}#{branch}", path.as_str())
            }
            RevisionKey::Revision {
                site,
                path,
                locale,
                branch,
                revision,
            } => {
                write!(
                    f,
                    "{site}/{}#{}{branch}.{revision}",
                    path.as_str(),
                    with_locale(locale)
                )
            }
            RevisionKey::Draft {
                site,
                path,
                user,
                locale,
                branch,
            } => {
                write!(
                    f,
                    "{site}/{}#user/{}/{}{branch}",
                    path.as_str(),
                    user.0.hyphenated(),
                    with_locale(locale)
                )
            }
            RevisionKey::Suggestion {
                site,
                path,
                locale,
                branch,
            } => {
                write!(
                    f,
                    "{site}/{}#suggestion/{}{branch}",
                    path.as_str(),
                    with_locale(locale)
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn site() -> impl Strategy<Value = Site> {
        (
            "(https?)",
            "[a-z][a-z0-9-]{0,10}(\\.[a-z][a-z0-9]{0,6}){0,2}",
            proptest::option::of(1u16..),
        )
            .prop_map(|(scheme, host, port)| {
                let url = match port {
                    Some(port) => format!("{scheme}://{host}:{port}"),
                    None => format!("{scheme}://{host}"),
                };
                Site::parse(&url).unwrap()
            })
    }

    fn path() -> impl Strategy<Value = PagePath> {
        proptest::collection::vec("[a-z0-9]([a-z0-9-]{0,8}[a-z0-9])?", 1..4)
            .prop_map(|segments| PagePath::parse(&segments.join("/")).unwrap())
    }

    fn locale() -> impl Strategy<Value = Locale> {
        prop_oneof![
            Just(Locale::Neutral),
            "[a-z]{2,3}".prop_map(Locale::Language),
            ("[a-z]{2,3}", "[A-Z]{2}").prop_map(|(l, c)| Locale::Regional(l, c)),
        ]
    }

    fn key() -> impl Strategy<Value = RevisionKey> {
        prop_oneof![
            (site(), path(), any::<u32>()).prop_map(|(site, path, branch)| RevisionKey::Branch {
                site,
                path,
                branch
            }),
            (site(), path(), locale(), any::<u32>(), any::<u32>()).prop_map(
                |(site, path, locale, branch, revision)| {
                    RevisionKey::Revision {
                        site,
                        path,
                        locale,
                        branch,
                        revision,
                    }
                }
            ),
            (site(), path(), any::<u128>(), locale(), any::<u32>()).prop_map(
                |(site, path, user, locale, branch)| {
                    RevisionKey::Draft {
                        site,
                        path,
                        user: UserId(Uuid::from_u128(user)),
                        locale,
                        branch,
                    }
                }
            ),
            (site(), path(), locale(), any::<u32>()).prop_map(|(site, path, locale, branch)| {
                RevisionKey::Suggestion {
                    site,
                    path,
                    locale,
                    branch,
                }
            }),
        ]
    }

    proptest! {
        #[test]
        fn every_key_survives_format_then_parse(key in key()) {
            prop_assert_eq!(RevisionKey::parse(&key.to_string()).unwrap(), key);
        }

        /// Whatever parses is canonical: formatting it gives back the very same text.
        #[test]
        fn anything_that_parses_formats_back_to_itself(text in "\\PC{0,80}") {
            if let Ok(key) = RevisionKey::parse(&text) {
                prop_assert_eq!(key.to_string(), text);
            }
        }

        #[test]
        fn near_misses_of_real_keys_parse_canonically_or_not_at_all(key in key(), cut in 0usize..80, junk in "[#/._a-zA-Z0-9 ]{0,3}") {
            let text = key.to_string();
            let cut = cut.min(text.len());
            let mangled = format!("{}{junk}{}", &text[..cut], &text[cut..]);
            if let Ok(parsed) = RevisionKey::parse(&mangled) {
                prop_assert_eq!(parsed.to_string(), mangled);
            }
        }
    }

    #[test]
    fn the_seed_forms_parse() {
        let site = Site::parse("https://blog.example.com").unwrap();
        let path = PagePath::parse("posts/hello").unwrap();
        let user = UserId(Uuid::parse_str("2f1b7a5e-8c1d-4e5f-9a0b-1c2d3e4f5a6b").unwrap());
        let cases = [
            (
                "https://blog.example.com/posts/hello#1",
                RevisionKey::Branch {
                    site: site.clone(),
                    path: path.clone(),
                    branch: 1,
                },
            ),
            (
                "https://blog.example.com/posts/hello#en_US/1.3",
                RevisionKey::Revision {
                    site: site.clone(),
                    path: path.clone(),
                    locale: Locale::Regional("en".into(), "US".into()),
                    branch: 1,
                    revision: 3,
                },
            ),
            (
                "https://blog.example.com/posts/hello#fr/1.2",
                RevisionKey::Revision {
                    site: site.clone(),
                    path: path.clone(),
                    locale: Locale::Language("fr".into()),
                    branch: 1,
                    revision: 2,
                },
            ),
            (
                "https://blog.example.com/posts/hello#0.7",
                RevisionKey::Revision {
                    site: site.clone(),
                    path: path.clone(),
                    locale: Locale::Neutral,
                    branch: 0,
                    revision: 7,
                },
            ),
            (
                "https://blog.example.com/posts/hello#user/2f1b7a5e-8c1d-4e5f-9a0b-1c2d3e4f5a6b/en_US/1",
                RevisionKey::Draft {
                    site: site.clone(),
                    path: path.clone(),
                    user,
                    locale: Locale::Regional("en".into(), "US".into()),
                    branch: 1,
                },
            ),
            (
                "https://blog.example.com/posts/hello#suggestion/de_DE/1",
                RevisionKey::Suggestion {
                    site: site.clone(),
                    path: path.clone(),
                    locale: Locale::Regional("de".into(), "DE".into()),
                    branch: 1,
                },
            ),
            (
                "https://blog.example.com/posts/hello#suggestion/1",
                RevisionKey::Suggestion {
                    site,
                    path,
                    locale: Locale::Neutral,
                    branch: 1,
                },
            ),
        ];
        for (text, key) in cases {
            assert_eq!(RevisionKey::parse(text).unwrap(), key, "{text}");
            assert_eq!(key.to_string(), text);
        }
    }

    #[test]
    fn garbage_is_rejected_with_a_reason() {
        let cases = [
            ("", "has no '#'"),
            ("https://x.com/p", "has no '#'"),
            ("x.com/p#1", "does not start with a site URL"),
            ("https://x.com#1", "names no page"),
            ("https://X.com/p#1", "canonical form"),
            ("https://x.com/P#1", "not a page path"),
            ("https://x.com/p#01", "not a number"),
            ("https://x.com/p#1.", "not a number"),
            ("https://x.com/p#99999999999", "too large"),
            ("https://x.com/p#english/1.2", "not a locale"),
            ("https://x.com/p#en_us/1.2", "not a locale"),
            ("https://x.com/p#user/bob/1", "not a user id"),
            (
                "https://x.com/p#user/2f1b7a5e-8c1d-4e5f-9a0b-1c2d3e4f5a6b",
                "a draft is",
            ),
            ("https://x.com/p#suggestion/en/US/1", "a suggestion is"),
            ("https://x.com/p#en/US/1.2", "unknown form"),
            ("https://x.com/p#en/1", "a revision is"),
        ];
        for (text, why) in cases {
            let error = RevisionKey::parse(text).expect_err(text);
            assert!(error.0.contains(why), "{text:?}: {error}");
        }
        assert!(RevisionKey::parse(&format!("https://x.com/{}#1", "a".repeat(600))).is_err());
    }

    #[test]
    fn locales_name_themselves_for_html_and_readers() {
        let fr_ca = Locale::parse("fr_CA").unwrap();
        assert_eq!(fr_ca.code(), "fr_CA");
        assert_eq!(fr_ca.hreflang(), "fr-CA");
        assert_eq!(fr_ca.label(), "Français (CA)");
        assert_eq!(Locale::parse("de").unwrap().label(), "Deutsch");
        assert_eq!(Locale::parse("tlh").unwrap().label(), "tlh");
        assert_eq!(Locale::Neutral.hreflang(), "x-default");
        for bad in [
            "EN", "e", "english", "en-US", "en_us", "en_USA", "en_", "_US", "en US",
        ] {
            let error = Locale::parse(bad).expect_err(bad);
            assert!(error.0.contains("is not a locale"), "{bad}: {error}");
        }
    }
}
