//! Whether a form really came from this site: the browser's CSRF token, the forms that
//! carry it back, and every page's frame, which renders it; [`cookie`] gives the token.

mod cookie;

pub use cookie::csrf_cookie;

use super::WebError;
use super::auth::MaybeUser;
use crate::domain::token::tokens_match;
use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpMessage, HttpRequest, web};
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A form that carries nothing but its CSRF token (publish, ban, log out, ...).
#[derive(Debug, serde::Deserialize)]
pub struct CsrfOnly {
    pub csrf: String,
}

/// A form that repeats the browser's CSRF token in its `csrf` field.
pub trait CsrfField {
    /// The token the form sent back; empty if it sent none.
    fn csrf(&self) -> &str;
}

/// For forms of plain structs with a `csrf: String` field.
macro_rules! csrf_field {
    ($($form:ty),+ $(,)?) => {
        $(impl $crate::web::csrf::CsrfField for $form {
            fn csrf(&self) -> &str {
                &self.csrf
            }
        })+
    };
}
pub(crate) use csrf_field;

csrf_field!(CsrfOnly);

/// A form read as a list of fields (one that repeats a field, such as the moderation
/// desk's picks).
impl CsrfField for Vec<(String, String)> {
    fn csrf(&self) -> &str {
        self.iter()
            .find(|(k, _)| k == "csrf")
            .map_or("", |(_, v)| v.as_str())
    }
}

/// A web form (`application/x-www-form-urlencoded`) that came from this site: read into
/// `T` with the application's form limits and errors (as `web::Form` reads it), then its
/// `csrf` field compared with the browser's token in constant time. A form without the
/// field, or with another token, is refused with [`WebError::csrf`] before the handler
/// runs, so no handler can forget the check.
pub struct CsrfForm<T>(pub T);

impl<T> CsrfForm<T> {
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T> std::ops::Deref for CsrfForm<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> FromRequest for CsrfForm<T>
where
    T: serde::de::DeserializeOwned + CsrfField + 'static,
{
    type Error = actix_web::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Self, actix_web::Error>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let token = req.extensions().get::<CsrfToken>().cloned();
        let form = web::Form::<T>::from_request(req, payload);
        Box::pin(async move {
            let form = form.await?.into_inner();
            let token = token
                .ok_or_else(|| WebError::Internal("CSRF middleware is not installed".into()))?;
            if !tokens_match(&token.token, form.csrf()) {
                return Err(WebError::csrf().into());
            }
            Ok(CsrfForm(form))
        })
    }
}

/// This browser's CSRF token, to be put in every form. A browser that is not signed in
/// and has no pre-session id gets one, but its cookie is only set on a response that
/// rendered the token into a form ([`CsrfToken::value`]): pages without forms, static
/// files and images stay free of cookies, so a shared cache can keep them without
/// handing one visitor's token to another. It also carries the absolute address of the page the request is for (the
/// site's URL and the request's path and query), which every page's layout names as its
/// canonical address, and the site's identity its header shows: all come once per
/// request, from the same middleware.
#[derive(Debug, Clone)]
pub struct CsrfToken {
    token: String,
    used: Arc<AtomicBool>,
    page: Arc<str>,
    identity: Arc<super::pages::SiteFrame>,
    /// The language the request's pages speak.
    speech: Arc<crate::i18n::Speech>,
}

impl CsrfToken {
    /// The token, to be written into a form: the response then carries the cookie (for
    /// a browser that had none) and is marked private.
    pub fn value(&self) -> &str {
        self.used.store(true, Ordering::Relaxed);
        &self.token
    }

    /// Checks a token sent back outside a web form (a header, a multipart field); web
    /// forms are checked by [`CsrfForm`].
    pub fn check(&self, submitted: &str) -> Result<(), WebError> {
        if tokens_match(&self.token, submitted) {
            Ok(())
        } else {
            Err(WebError::csrf())
        }
    }

    /// Whether the request's pages speak English (as pages made without it do).
    pub fn speaks_english(&self) -> bool {
        self.speech.is_english()
    }

    /// The site's frame read for this request.
    pub fn frame(&self) -> &Arc<super::pages::SiteFrame> {
        &self.identity
    }
}

impl super::pages::FormToken for CsrfToken {
    fn form_value(&self) -> &str {
        self.value()
    }
}

/// What every page's frame shows: who is signed in, and this browser's CSRF token for
/// the page's forms.
pub fn layout(user: &MaybeUser, csrf: &CsrfToken) -> super::pages::Layout {
    // A member who chose a language reads it, whatever their browser asks for.
    let chosen = user
        .0
        .as_ref()
        .and_then(|u| crate::i18n::languages().chosen(&u.language));
    let mut layout = super::pages::Layout::new(
        user.0.as_ref(),
        Box::new(csrf.clone()),
        Arc::clone(&csrf.identity),
        Arc::clone(chosen.unwrap_or(&csrf.speech)),
    );
    layout.canonical = Some(csrf.page.to_string());
    layout
}

impl FromRequest for CsrfToken {
    type Error = WebError;
    type Future = std::future::Ready<Result<Self, WebError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        std::future::ready(
            req.extensions()
                .get::<CsrfToken>()
                .cloned()
                .ok_or_else(|| WebError::Internal("CSRF middleware is not installed".into())),
        )
    }
}
