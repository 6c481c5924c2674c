//! Who is asking, and whether a form really came from this site.
//!
//! Sessions: a random token in an HttpOnly, SameSite=Lax cookie (Secure on https
//! sites); the store keeps only its SHA-256 and an expiry. CSRF: every form carries a
//! token bound to the browser that was shown it, an HMAC under the site's secret of its
//! session's token (signed in) or of a random pre-session id kept in a cookie of its own
//! (set by the first page that shows it a form); every POST handler checks it, web forms
//! through [`CsrfForm`]. Whoever can plant a cookie for the site (a sibling subdomain, a
//! network attacker on plain http) cannot make a token that matches a session it does
//! not hold. A new session (sign-in) has new tokens, and gets a new pre-session id.

use super::{AppState, WebError};
use crate::domain::token::{CsrfBinding, csrf_token, random_token, session_key, tokens_match};
use crate::domain::{Role, User, now};
use actix_web::body::MessageBody;
use actix_web::cookie::{Cookie, SameSite, time};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::http::header;
use actix_web::middleware::Next;
use actix_web::{FromRequest, HttpMessage, HttpRequest, web};
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

pub const SESSION_COOKIE: &str = "sibyl_session";
pub const CSRF_COOKIE: &str = "sibyl_csrf";

/// The session cookie's name: on an https site with the `__Host-` prefix, which browsers
/// take only from the site itself, over https, for its whole path, so that no sibling
/// subdomain (and nothing on plain http) can plant one.
pub fn session_cookie(secure: bool) -> &'static str {
    if secure {
        "__Host-sibyl_session"
    } else {
        SESSION_COOKIE
    }
}

/// The CSRF cookie's name (the pre-session id), prefixed as [`session_cookie`]'s.
pub fn csrf_cookie_name(secure: bool) -> &'static str {
    if secure {
        "__Host-sibyl_csrf"
    } else {
        CSRF_COOKIE
    }
}

/// Whether the site a request is for is served over https.
pub fn secure_site(req: &HttpRequest) -> bool {
    req.app_data::<web::Data<AppState>>()
        .is_some_and(|s| s.site.is_https())
}

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
        $(impl $crate::web::auth::CsrfField for $form {
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
}

impl super::pages::FormToken for CsrfToken {
    fn form_value(&self) -> &str {
        self.value()
    }
}

/// What every page's frame shows: who is signed in, and this browser's CSRF token for
/// the page's forms.
pub fn layout(user: &MaybeUser, csrf: &CsrfToken) -> super::pages::Layout {
    let mut layout = super::pages::Layout::new(
        user.0.as_ref(),
        Box::new(csrf.clone()),
        Arc::clone(&csrf.identity),
    );
    layout.canonical = Some(csrf.page.to_string());
    layout
}

fn well_formed(token: &str) -> bool {
    token.len() == 64 && token.bytes().all(|b| b.is_ascii_hexdigit())
}

/// Gives every browser a CSRF token, and sets its cookie on the responses that put it in a
/// form. Such a response is private to that browser; a response marked public never
/// carries the cookie.
pub async fn csrf_cookie(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let state = req.app_data::<web::Data<AppState>>().cloned();
    let secure = state.as_ref().is_some_and(|s| s.site.is_https());
    let existing = req
        .cookie(csrf_cookie_name(secure))
        .map(|c| c.value().to_owned())
        .filter(|t| well_formed(t));
    let session = req
        .cookie(session_cookie(secure))
        .map(|c| c.value().to_owned())
        .filter(|t| well_formed(t));
    let identity = match &state {
        Some(state) => state.identity().await,
        None => Arc::default(),
    };
    let site = req
        .app_data::<web::Data<AppState>>()
        .map(|s| s.site.as_str().to_owned())
        .unwrap_or_default();
    let page: Arc<str> = match req.uri().path_and_query() {
        Some(pq) => format!("{site}{pq}").into(),
        None => format!("{site}{}", req.path()).into(),
    };
    // A signed-in reader's pages are not kept by the browser; anyone else's are kept and
    // asked for again each time (the page then answers 304 if it did not change).
    let signed_in = session.is_some();
    let (pre_session, fresh) = match existing {
        Some(id) => (id, false),
        None => (random_token(), true),
    };
    let binding = match &session {
        Some(session) => CsrfBinding::Session(session),
        None => CsrfBinding::PreSession(&pre_session),
    };
    let token = match &state {
        Some(state) => match state.api_secret().await {
            Ok(secret) => csrf_token(secret, binding),
            Err(e) => {
                // Without the site's secret no form can be checked: its token then
                // matches nothing, and the store's error shows where it is read again.
                tracing::warn!(error = %e, "the site's secret could not be read for a CSRF token");
                random_token()
            }
        },
        None => random_token(),
    };
    let used = Arc::new(AtomicBool::new(false));
    req.extensions_mut().insert(CsrfToken {
        token: token.clone(),
        used: used.clone(),
        page,
        identity,
    });
    let mut response = next.call(req).await?;
    // A handler that rotated the token (sign-in) set its own cookie already.
    let rotated = response
        .response()
        .cookies()
        .any(|c| c.name() == csrf_cookie_name(secure));
    if !used.load(Ordering::Relaxed) && !rotated {
        return Ok(response);
    }
    let headers = response.headers_mut();
    let public = headers
        .get(header::CACHE_CONTROL)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.to_ascii_lowercase().contains("public"));
    if public {
        // A page that is both public and holds a form is a bug; the form then fails its
        // check rather than a cache sharing a token.
        tracing::error!("a public response rendered a CSRF token; its cookie is not set");
        return Ok(response);
    }
    headers.insert(
        header::CACHE_CONTROL,
        header::HeaderValue::from_static(if signed_in {
            "private, no-store"
        } else {
            "private, no-cache"
        }),
    );
    if fresh && !rotated && session.is_none() {
        response
            .response_mut()
            .add_cookie(&csrf_cookie_for(pre_session, secure))?;
    }
    Ok(response)
}

pub fn csrf_cookie_for(token: String, secure: bool) -> Cookie<'static> {
    Cookie::build(csrf_cookie_name(secure), token)
        .path("/")
        .http_only(true)
        .secure(secure)
        .same_site(SameSite::Lax)
        .finish()
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

/// The signed-in user, if any. Looked up once per request and kept in its extensions.
#[derive(Debug, Clone)]
pub struct MaybeUser(pub Option<User>);

impl FromRequest for MaybeUser {
    type Error = WebError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, WebError>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            if let Some(found) = req.extensions().get::<MaybeUser>() {
                return Ok(found.clone());
            }
            let state = req
                .app_data::<web::Data<AppState>>()
                .ok_or_else(|| WebError::Internal("application state missing".into()))?;
            let user = match req.cookie(session_cookie(state.site.is_https())) {
                Some(cookie) if well_formed(cookie.value()) => {
                    state
                        .store
                        .session_user(&session_key(cookie.value()), now())
                        .await?
                }
                _ => None,
            };
            // A banned account's sessions count for nothing.
            let user = user.filter(|u| !u.banned);
            let found = MaybeUser(user);
            req.extensions_mut().insert(found.clone());
            Ok(found)
        })
    }
}

/// Declares the role a route needs: anonymous visitors are sent to sign in, signed-in
/// users below the role are refused. Banned accounts count as anonymous.
macro_rules! role_extractor {
    ($(#[$doc:meta])* $name:ident, $role:expr, $refusal:literal) => {
        $(#[$doc])*
        #[derive(Debug, Clone)]
        pub struct $name(pub User);

        impl FromRequest for $name {
            type Error = WebError;
            type Future = Pin<Box<dyn Future<Output = Result<Self, WebError>>>>;

            fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
                let user = MaybeUser::from_request(req, payload);
                // The whole path and query, so that signing in leads back to the same
                // page (a diff keeps its `from` and `to`).
                let next = req
                    .uri()
                    .path_and_query()
                    .map_or_else(|| req.uri().path().to_owned(), |pq| pq.as_str().to_owned());
                Box::pin(async move {
                    match user.await?.0 {
                        None => Err(WebError::LoginRequired { next }),
                        Some(user) if user.role >= $role => Ok($name(user)),
                        Some(_) => Err(WebError::Forbidden($refusal.into())),
                    }
                })
            }
        }
    };
}

role_extractor!(
    /// Any signed-in user.
    SignedIn,
    Role::Reader,
    "Please sign in."
);
role_extractor!(
    /// A signed-in user who may write posts.
    Author,
    Role::Author,
    "Only authors can do this."
);
role_extractor!(
    /// A signed-in administrator.
    Admin,
    Role::Admin,
    "Only administrators can do this."
);

/// A new session of `user`, of the site's session lifetime: its token, when it was made
/// and when it ends. The store keeps only `key(token)`: a browser's, the token's SHA-256;
/// an API token's, an HMAC under the site's secret (so that neither works as the other).
pub async fn new_session(
    state: &AppState,
    user: &User,
    key: impl FnOnce(&str) -> Vec<u8>,
) -> Result<
    (
        String,
        chrono::DateTime<chrono::Utc>,
        chrono::DateTime<chrono::Utc>,
    ),
    WebError,
> {
    let token = random_token();
    let created = now();
    let ttl = chrono::Duration::from_std(state.session_ttl)
        .map_err(|e| WebError::Internal(format!("session TTL: {e}")))?;
    state
        .store
        .create_session(&crate::store::NewSession {
            key: key(&token),
            user_id: user.id,
            created,
            expires: created + ttl,
        })
        .await?;
    Ok((token, created, created + ttl))
}

/// Starts a session for `user`: stores it and returns the cookies to set (a new session
/// token and a new pre-session id for after it).
pub async fn start_session(
    state: &AppState,
    user: &User,
) -> Result<[Cookie<'static>; 2], WebError> {
    let (token, _, _) = new_session(state, user, session_key).await?;
    let secure = state.site.is_https();
    let session = Cookie::build(session_cookie(secure), token)
        .path("/")
        .http_only(true)
        .secure(secure)
        .same_site(SameSite::Lax)
        .max_age(time::Duration::seconds(state.session_ttl.as_secs() as i64))
        .finish();
    Ok([session, csrf_cookie_for(random_token(), secure)])
}

/// The store key of the session a request carries, if any.
pub fn session_key_of(req: &HttpRequest) -> Option<Vec<u8>> {
    req.cookie(session_cookie(secure_site(req)))
        .filter(|c| well_formed(c.value()))
        .map(|c| session_key(c.value()))
}

/// Ends the session a request carries, and returns the cookie that clears it.
pub async fn end_session(state: &AppState, req: &HttpRequest) -> Result<Cookie<'static>, WebError> {
    if let Some(key) = session_key_of(req) {
        state.store.delete_session(&key).await?;
    }
    let mut gone = Cookie::build(session_cookie(state.site.is_https()), "")
        .path("/")
        .http_only(true)
        .secure(state.site.is_https())
        .same_site(SameSite::Lax)
        .finish();
    gone.make_removal();
    Ok(gone)
}
