//! Posts in several languages: which text of a post a request is about (`?lang=`), and
//! the links between a post's languages.

use super::pages::Alternate;
use super::{AppState, WebError};
use crate::domain::{Locale, Post, Translation};
use crate::urls;
use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest, web};
use serde::Deserialize;

/// The `lang` query parameter: `None` when absent or empty (the original text). A value
/// that is not a locale is refused with the reason, before anything is read.
#[derive(Debug, Clone)]
pub struct Lang(pub Option<Locale>);

#[derive(Deserialize)]
struct LangParam {
    #[serde(default)]
    lang: String,
}

impl FromRequest for Lang {
    type Error = WebError;
    type Future = std::future::Ready<Result<Self, WebError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let parsed = web::Query::<LangParam>::from_query(req.query_string())
            .map_err(|_| WebError::BadRequest("The address's query could not be read.".into()))
            .and_then(|q| match q.lang.as_str() {
                "" => Ok(Lang(None)),
                code => Locale::parse(code)
                    .map(|l| Lang(Some(l)))
                    .map_err(|e| WebError::BadRequest(format!("{}.", e.0))),
            });
        std::future::ready(parsed)
    }
}

/// The text of a post that a page shows or edits: the original, or one translation.
pub struct Text {
    pub locale: Locale,
    pub original: bool,
    /// The text as it stands; `None` for a translation nobody has begun.
    pub current: Option<Translation>,
}

impl Text {
    /// Resolves `lang` against a post: absent, or the post's own language, is the
    /// original; another locale is a translation, read from the store.
    pub async fn of(state: &AppState, post: &Post, lang: &Lang) -> Result<Self, WebError> {
        match &lang.0 {
            Some(locale) if *locale != post.locale => Ok(Self {
                locale: locale.clone(),
                original: false,
                current: state
                    .store
                    .translation(&state.site, post.id, locale)
                    .await?,
            }),
            _ => Ok(Self {
                locale: post.locale.clone(),
                original: true,
                current: Some(post.original()),
            }),
        }
    }

    /// The text, which must exist.
    pub fn existing(&self) -> Result<&Translation, WebError> {
        self.current.as_ref().ok_or_else(|| self.missing())
    }

    /// The answer to a request for a translation that does not exist or is not shown.
    /// The translation's locale, or `None` for the post's own text: what the use cases
    /// of [`crate::app::posts`] take.
    pub fn translation(&self) -> Option<&Locale> {
        (!self.original).then_some(&self.locale)
    }

    /// What a change to a text that is not there answers: a 404, saying which
    /// translation is missing.
    pub fn not_there(&self) -> WebError {
        if self.original {
            WebError::NotFound
        } else {
            self.missing()
        }
    }

    pub fn missing(&self) -> WebError {
        WebError::NotFoundWith(format!(
            "This post has no translation into {} ({}) yet.",
            self.locale.label(),
            self.locale.code()
        ))
    }

    /// The revision a new save starts from (0 for a translation not begun).
    pub fn base(&self) -> u32 {
        self.current.as_ref().map_or(0, |t| t.revision)
    }

    /// The language the post's URLs carry to stay on this text: `None` for the original.
    pub fn lang(&self) -> Option<&Locale> {
        (!self.original).then_some(&self.locale)
    }

    /// The language's name, for headings: empty for the original.
    pub fn language(&self) -> String {
        if self.original {
            String::new()
        } else {
            self.locale.label()
        }
    }
}

/// The original and every published translation of a post, in order.
pub fn alternates(state: &AppState, post: &Post, shown: &Locale) -> Vec<Alternate> {
    std::iter::once((post.locale.clone(), true))
        .chain(post.translations.iter().map(|l| (l.clone(), false)))
        .map(|(locale, original)| {
            let path = urls::post_in(post.slug.as_str(), (!original).then_some(&locale));
            Alternate {
                hreflang: locale.hreflang(),
                href: format!("{}{path}", state.site.as_str()),
                path,
                label: if original && locale == crate::domain::Locale::Neutral {
                    "Original".to_owned()
                } else {
                    locale.label()
                },
                current: locale == *shown,
            }
        })
        .collect()
}
