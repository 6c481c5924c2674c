//! Who is asking, and whether a form really came from this site.
//!
//! Sessions: a random token in an HttpOnly, SameSite=Lax cookie (Secure on https
//! sites); the store keeps only its SHA-256 and an expiry. CSRF: every form carries a
//! token bound to the browser that was shown it, an HMAC under the site's secret of its
//! session's token (signed in) or of a random pre-session id kept in a cookie of its own
//! (set by the first page that shows it a form); every POST handler checks it, web forms
//! through [`super::csrf::CsrfForm`]. Whoever can plant a cookie for the site (a sibling subdomain, a
//! network attacker on plain http) cannot make a token that matches a session it does
//! not hold. A new session (sign-in) has new tokens, and gets a new pre-session id.
//!
//! This file holds the sessions and the cookies; the CSRF token and forms are
//! [`super::csrf`]'s, which reads the cookies named here.

use super::{AppState, WebError};
use crate::domain::session::{SEEN_EVERY, SessionDetails, SessionKind};
use crate::domain::token::random_token;
use crate::domain::{Role, User, now};
use actix_web::cookie::{Cookie, SameSite, time};
use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpMessage, HttpRequest, web};
use std::future::Future;
use std::pin::Pin;

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

/// The CSRF cookie: the browser's pre-session id, or a fresh one at sign-in.
pub fn csrf_cookie_for(token: String, secure: bool) -> Cookie<'static> {
    Cookie::build(csrf_cookie_name(secure), token)
        .path("/")
        .http_only(true)
        .secure(secure)
        .same_site(SameSite::Lax)
        .finish()
}

/// Whether the site a request is for is served over https.
pub fn secure_site(req: &HttpRequest) -> bool {
    req.app_data::<web::Data<AppState>>()
        .is_some_and(|s| s.site.is_https())
}

pub(super) fn well_formed(token: &str) -> bool {
    token.len() == 64 && token.bytes().all(|b| b.is_ascii_hexdigit())
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
                    let key = state.session_key(cookie.value());
                    state
                        .store
                        .session(&key, now())
                        .await?
                        .map(|live| (live, key))
                }
                _ => None,
            };
            // The account as it stands on this site; a banned one's sessions count for
            // nothing (and are not recorded as seen).
            let user = match user {
                Some((live, key)) => {
                    let standing = state.standing(live.user.clone()).await?;
                    if !standing.banned {
                        seen(state, &live, &key).await;
                    }
                    Some(standing)
                }
                None => None,
            };
            let user = user.filter(|u| !u.banned);
            let found = MaybeUser(user);
            req.extensions_mut().insert(found.clone());
            Ok(found)
        })
    }
}

/// Records that a live session was seen now, if its record is older than
/// [`SEEN_EVERY`]. A failure to write it costs the request nothing.
pub async fn seen(state: &AppState, live: &crate::store::LiveSession, key: &[u8]) {
    let at = state.clock.now();
    if at - live.last_seen < SEEN_EVERY {
        return;
    }
    if let Err(e) = state.store.touch_session(key, at, live.expires).await {
        tracing::warn!("recording when a session was last seen: {e}");
    }
}

/// What a session begun by `req` records of itself: the browser it says it is, the
/// address it comes from, the site it signs in to.
pub fn session_details(req: &HttpRequest, kind: SessionKind) -> SessionDetails {
    let agent = req
        .headers()
        .get(actix_web::http::header::USER_AGENT)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    let site = req
        .app_data::<web::Data<AppState>>()
        .map(|s| s.site.as_str().to_owned())
        .unwrap_or_default();
    SessionDetails::new(kind, agent, &super::limits::client_ip(req), &site)
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
                let state = req.app_data::<web::Data<AppState>>().cloned();
                let (reading, adding) = (
                    matches!(*req.method(), actix_web::http::Method::GET | actix_web::http::Method::HEAD),
                    req.path() == "/account" || req.path().starts_with("/account/"),
                );
                Box::pin(async move {
                    match user.await?.0 {
                        None => Err(WebError::LoginRequired { next }),
                        Some(user) if user.role >= $role => {
                            // The account pages are where a second factor is added.
                            if !adding {
                                second_factor_in_order(state.as_ref().map(|s| s.get_ref()), &user, reading).await?;
                            }
                            Ok($name(user))
                        }
                        Some(_) => Err(WebError::Forbidden($refusal.into())),
                    }
                })
            }
        }
    };
}

/// Refuses an account the site requires two-step sign-in of while it has no second
/// factor: a page (`reading`) sends it to add one, anything else is forbidden.
async fn second_factor_in_order(
    state: Option<&AppState>,
    user: &User,
    reading: bool,
) -> Result<(), WebError> {
    let state = state.ok_or_else(|| WebError::Internal("application state missing".into()))?;
    if !crate::app::factors::missing_required(&state.ctx(), user).await? {
        return Ok(());
    }
    Err(if reading {
        WebError::SecondFactorRequired
    } else {
        WebError::Forbidden(crate::app::factors::REQUIRED.into())
    })
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
    details: SessionDetails,
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
            details,
        })
        .await?;
    Ok((token, created, created + ttl))
}

/// Starts a session for `user`: stores it and returns the cookies to set (a new session
/// token and a new pre-session id for after it).
pub async fn start_session(
    state: &AppState,
    req: &HttpRequest,
    user: &User,
) -> Result<[Cookie<'static>; 2], WebError> {
    let details = session_details(req, SessionKind::Browser);
    let (token, _, _) = new_session(state, user, details, |t| state.session_key(t)).await?;
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

/// The cookie in which a browser keeps a mark of each account that signed in with it
/// ([`crate::domain::token::known_browser_mark`]), prefixed as [`session_cookie`]'s.
pub fn known_cookie_name(secure: bool) -> &'static str {
    if secure {
        "__Host-sibyl_known"
    } else {
        "sibyl_known"
    }
}

/// The most accounts a browser's known-browser cookie remembers.
const KNOWN_ACCOUNTS: usize = 8;

/// Whether `user` had signed in with this browser before, and the cookie that remembers
/// it has now (kept 400 days, the most browsers keep a cookie).
pub async fn known_browser(
    state: &AppState,
    req: &HttpRequest,
    user: &User,
) -> Result<(bool, Cookie<'static>), WebError> {
    let secure = state.site.is_https();
    let mark = crate::domain::token::known_browser_mark(state.api_secret().await?, user);
    let held: Vec<String> = req
        .cookie(known_cookie_name(secure))
        .map(|c| {
            c.value()
                .split('.')
                .filter(|m| m.len() == 32 && m.bytes().all(|b| b.is_ascii_hexdigit()))
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default();
    let known = held.contains(&mark);
    let marks: Vec<String> = std::iter::once(mark.clone())
        .chain(held.into_iter().filter(|m| *m != mark))
        .take(KNOWN_ACCOUNTS)
        .collect();
    let cookie = Cookie::build(known_cookie_name(secure), marks.join("."))
        .path("/")
        .http_only(true)
        .secure(secure)
        .same_site(SameSite::Lax)
        .max_age(time::Duration::days(400))
        .finish();
    Ok((known, cookie))
}

/// The store key of the session a request carries, if any.
pub fn session_key_of(req: &HttpRequest) -> Option<Vec<u8>> {
    let state = req.app_data::<web::Data<AppState>>()?;
    req.cookie(session_cookie(state.site.is_https()))
        .filter(|c| well_formed(c.value()))
        .map(|c| state.session_key(c.value()))
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
