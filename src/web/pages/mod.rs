//! One askama struct per page, each extending `base.html`, and the plain data they show.
//!
//! Pages depend on nothing else in `web/`: handlers gather the data and hand it over, so
//! a page can be read (and changed) without knowing where its data came from.

use crate::domain::{Role, SiteIdentity, User};
use crate::i18n::{Count, Speech};
use askama::Template;
use chrono::{DateTime, Utc};
use std::sync::Arc;

mod account;
mod admin;
mod comments;
mod reading;
mod writing;

pub use account::*;
pub use admin::*;
pub use comments::*;
pub use reading::*;
pub use writing::*;

/// The browser's CSRF token as a page sees it. Reading it is what makes the response set
/// the token's cookie and stay private, so a page reads it only when it renders a form.
pub trait FormToken {
    fn form_value(&self) -> &str;
}

/// What `base.html` needs on every page: who is signed in and the CSRF token.
pub struct Layout {
    pub user: Option<LayoutUser>,
    csrf: Option<Box<dyn FormToken>>,
    /// The page's own absolute address, for `rel=canonical` (none on error pages).
    pub canonical: Option<String>,
    /// What the page is, in a sentence, for search engines and link previews.
    pub description: String,
    /// What the site calls itself (its name, tagline, language and footer), and its
    /// published pages.
    pub site: Arc<SiteFrame>,
    /// The language the page's own words are in (its content keeps its own).
    pub speech: Arc<Speech>,
    /// The page's `lang` and the site's, worked out once (see [`Layout::lang`]).
    langs: std::sync::OnceLock<(String, String)>,
}

pub use crate::app::memo::SiteFrame;

pub struct LayoutUser {
    pub display_name: String,
    pub can_write: bool,
    pub is_admin: bool,
}

impl Layout {
    pub fn new(
        user: Option<&User>,
        csrf: Box<dyn FormToken>,
        site: Arc<SiteFrame>,
        speech: Arc<Speech>,
    ) -> Self {
        Self {
            user: user.map(|u| LayoutUser {
                display_name: u.display_name.clone(),
                can_write: u.role.can_write(),
                is_admin: u.role == Role::Admin,
            }),
            csrf: Some(csrf),
            canonical: None,
            description: site_description(&site),
            site,
            speech,
            langs: std::sync::OnceLock::new(),
        }
    }

    /// The same layout, saying `description` of its page (cut to 300 characters).
    pub fn describing(mut self, description: &str) -> Self {
        let text: String = description.split_whitespace().collect::<Vec<_>>().join(" ");
        if !text.is_empty() {
            self.description = text.chars().take(300).collect();
        }
        self
    }

    /// The CSRF token, for a form on the page. Only a page that calls this (renders a
    /// form) sets the token's cookie and is kept private.
    pub fn csrf(&self) -> &str {
        self.csrf.as_ref().map_or("", |t| t.form_value())
    }

    /// For error pages, rendered without a store round trip.
    pub fn anonymous() -> Self {
        let site = Arc::<SiteFrame>::default();
        Self {
            user: None,
            csrf: None,
            canonical: None,
            description: site_description(&site),
            site,
            speech: Arc::clone(crate::i18n::languages().english()),
            langs: std::sync::OnceLock::new(),
        }
    }

    /// The same layout, its words in the language of a text in `locale` (a post's
    /// translation) if the interface speaks it; else as it was.
    pub fn speaking(mut self, locale: &crate::domain::Locale) -> Self {
        if let Some(speech) = crate::i18n::languages().matching(&locale.code()) {
            self.speech = Arc::clone(speech);
            self.langs = std::sync::OnceLock::new();
        }
        self
    }

    /// The message `id` (borrowed from its catalog where it is plain text).
    pub fn t(&self, id: &str) -> std::borrow::Cow<'_, str> {
        self.speech.text(id)
    }

    /// A text the server said (an error, a notice), in the page's language if the
    /// catalogs have it.
    pub fn said(&self, english: &str) -> String {
        self.speech.said(english)
    }

    /// The message `id`, its placeable `name` given `value`.
    pub fn t1(&self, id: &str, name: &str, value: impl std::fmt::Display) -> String {
        self.speech.t1(id, name, value)
    }

    /// The message `id`, its placeables `a` and `b` given their values.
    pub fn t2(
        &self,
        id: &str,
        a: &str,
        a_value: impl std::fmt::Display,
        b: &str,
        b_value: impl std::fmt::Display,
    ) -> String {
        self.speech.t2(id, a, a_value, b, b_value)
    }

    /// The message `id` for a count (its `$count`, which picks the plural form).
    pub fn count(&self, id: &str, count: impl Count) -> Arc<str> {
        self.speech.counted(id, count)
    }

    /// A file's size as the page's language writes it: `512 bytes`, `12.3 MiB`, `12,3 Mio`.
    pub fn size(&self, bytes: &u64) -> String {
        const UNITS: [&str; 3] = ["size-kib", "size-mib", "size-gib"];
        match crate::binaries::budget::in_units(*bytes) {
            None => self.speech.count("size-bytes", *bytes),
            Some((tenths, unit)) => self.t1(UNITS[unit], "size", self.speech.tenths(tenths)),
        }
    }

    /// The binary service's status of a file (`OK`, `ERROR`, `RETRY`, `MISSING`) in words.
    pub fn file_status(&self, status: &str) -> std::borrow::Cow<'_, str> {
        match status {
            "OK" => self.t("file-status-ok"),
            "ERROR" => self.t("file-status-error"),
            "RETRY" => self.t("file-status-retry"),
            "MISSING" => self.t("file-status-missing"),
            other => std::borrow::Cow::Owned(other.to_owned()),
        }
    }

    /// A date (with its time of day, if it has one) as the page's language writes it.
    pub fn date(&self, dated: &Dated) -> Arc<str> {
        if dated.time {
            self.speech.date_time(dated.at).into()
        } else {
            self.speech.day(dated.at)
        }
    }

    /// The page's `lang`: the site's own tag (`en-GB`) when the page speaks the site's
    /// language, else the tag of the language it speaks.
    pub fn lang(&self) -> String {
        self.langs().0.clone()
    }

    fn langs(&self) -> &(String, String) {
        self.langs.get_or_init(|| {
            let site = self.site.lang();
            let page = match crate::i18n::languages().matching(&site) {
                Some(speech) if speech.tag() == self.speech.tag() => site.clone(),
                _ => self.speech.tag().to_owned(),
            };
            (page, site)
        })
    }

    /// The `lang` of what the site wrote (its posts' titles and excerpts, its name) where
    /// the page speaks another language; `None` where they agree.
    pub fn content_lang(&self) -> Option<String> {
        let (page, site) = self.langs();
        (page != site).then(|| site.clone())
    }

    /// ` lang="en-GB"` for an element holding what the site wrote, where the page speaks
    /// another language; empty where they agree. Tags are letters, digits and hyphens.
    pub fn content_lang_attr(&self) -> String {
        self.content_lang()
            .map_or_else(String::new, |lang| self.lang_attr(&lang))
    }

    /// ` lang="de" dir="ltr"`: the page's own language and direction, for its words
    /// inside a text in another (a post's meta line, its editing links).
    pub fn ui_attr(&self) -> String {
        format!(" lang=\"{}\" dir=\"{}\"", self.lang(), self.speech.dir())
    }

    /// ` lang="ar" dir="rtl"` for an element holding a text in `lang` (a BCP 47 tag), its
    /// `dir` given only where it differs from the page's. A text in no particular
    /// language (an empty tag) is in the site's.
    pub fn lang_attr(&self, lang: &str) -> String {
        if lang.is_empty() {
            return self.content_lang_attr();
        }
        if !lang.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-') {
            return String::new();
        }
        let rtl = crate::i18n::languages().right_to_left(lang);
        match (rtl, self.rtl()) {
            (true, false) => format!(" lang=\"{lang}\" dir=\"rtl\""),
            (false, true) => format!(" lang=\"{lang}\" dir=\"ltr\""),
            _ => format!(" lang=\"{lang}\""),
        }
    }

    /// Whether the page's language is written right to left.
    pub fn rtl(&self) -> bool {
        self.speech.dir() == "rtl"
    }
}

/// What a page says of itself when it says nothing more particular: the site's
/// description, else its tagline, else its name.
fn site_description(site: &SiteIdentity) -> String {
    [&site.description, &site.tagline, &site.title]
        .into_iter()
        .find(|text| !text.is_empty())
        .cloned()
        .unwrap_or_default()
}

/// A moment a page shows: written in the page's language by [`Layout::date`], and for
/// machines (`<time datetime>`) by its `iso`.
pub struct Dated {
    pub at: DateTime<Utc>,
    /// Whether its time of day (UTC) is shown too.
    pub time: bool,
    pub iso: String,
}

impl Dated {
    pub fn new(at: DateTime<Utc>) -> Self {
        Self {
            at,
            time: false,
            iso: at.to_rfc3339(),
        }
    }

    /// A date with its time of day (UTC), for what happens at a set time.
    pub fn with_time(at: DateTime<Utc>) -> Self {
        Self {
            time: true,
            ..Self::new(at)
        }
    }
}

/// The links to the pages beside a page of a list.
#[derive(Default)]
pub struct Pager {
    pub older: Option<String>,
    pub newer: Option<String>,
}

#[derive(Template)]
#[template(path = "error.html")]
pub struct ErrorPage {
    pub layout: Layout,
    /// The id of the message that names the error.
    pub title: &'static str,
    pub message: String,
    /// A server error's request id, for a reader to quote in a report.
    pub reference: Option<String>,
}

/// A page of the deployment's own, naming no site (an unknown host, a suspended site, a
/// malformed host): no site's frame.
#[derive(Template)]
#[template(path = "deployment.html")]
pub struct DeploymentPage<'a> {
    pub lang: &'a str,
    pub dir: &'a str,
    pub title: &'a str,
    pub message: &'a str,
    /// The page's own style, inline (allowed by its hash: nothing else loads).
    pub style: &'static str,
}

/// The style of the deployment's own pages: the sites' colours and type, nothing to load.
pub const DEPLOYMENT_STYLE: &str = "body{margin:0;background:#fdfcf9;color:#1d1f21;font:1.125rem/1.6 system-ui,sans-serif}main{max-width:36rem;margin:18vh auto 0;padding:0 1.25rem}h1{font:700 2rem/1.2 Georgia,serif;margin:0 0 .75rem;color:#8a3b12}p{margin:0;color:#5f6368}";

pub fn dated(at: DateTime<Utc>) -> Dated {
    Dated::new(at)
}
