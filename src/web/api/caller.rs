//! Who is calling: the account a request's token names, and the tokens made and ended
//! for its sessions.

use super::{ApiError, ApiResult};
use crate::domain::api_token::{self, Claims};
use crate::domain::session::SessionDetails;
use crate::domain::{User, now};
use crate::web::{AppState, WebError};
use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::{FromRequest, HttpRequest, web};
use std::future::Future;
use std::pin::Pin;

/// The account a request's token names: the token must be signed with the site's secret,
/// made for this site, unexpired, and its session live; the account must not be banned.
#[derive(Debug, Clone)]
pub struct Caller {
    pub user: User,
    /// The token as sent: what the specification's user object gives back.
    pub token: String,
}

/// A caller who may or may not have sent a token. A token that is sent must be valid.
#[derive(Debug, Clone)]
pub struct MaybeCaller(pub Option<Caller>);

impl MaybeCaller {
    pub fn user(&self) -> Option<&User> {
        self.0.as_ref().map(|c| &c.user)
    }
}

async fn caller_of(req: &HttpRequest) -> ApiResult<Option<Caller>> {
    let Some(value) = req.headers().get(header::AUTHORIZATION) else {
        return Ok(None);
    };
    let token = value
        .to_str()
        .ok()
        .and_then(api_token::from_header)
        .ok_or_else(|| ApiError::unauthorized("send the token as Authorization: Token <jwt>"))?;
    let state = req
        .app_data::<web::Data<AppState>>()
        .ok_or_else(|| ApiError::from(WebError::Internal("application state missing".into())))?;
    let secret = state.api_secret().await?;
    let claims = api_token::verify(token, secret, state.site.as_str(), now())
        .map_err(|e| ApiError::unauthorized(e.to_string()))?;
    let key = api_token::session_key(secret, &claims.sid);
    let live = state
        .store
        .session(&key, now())
        .await?
        .filter(|live| live.user.id.0 == claims.sub)
        .ok_or_else(|| ApiError::unauthorized("the token's session has ended; sign in again"))?;
    let user = state.standing(live.user.clone()).await?;
    // A banned account's tokens count for nothing, as its browsers' sessions.
    if user.banned {
        return Err(ApiError::unauthorized("this account has been suspended"));
    }
    crate::web::auth::seen(state, &live, &key).await;
    Ok(Some(Caller {
        user,
        token: token.to_owned(),
    }))
}

impl FromRequest for Caller {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let caller = caller_of(&req).await?.ok_or_else(|| {
                ApiError::unauthorized("sign in first: send Authorization: Token <jwt>")
            })?;
            // An account the site requires two-step sign-in of changes nothing until it
            // has a second factor (added in a browser); it may still read.
            let reading = matches!(
                *req.method(),
                actix_web::http::Method::GET | actix_web::http::Method::HEAD
            );
            let state = req.app_data::<actix_web::web::Data<AppState>>();
            if let Some(state) = state.filter(|_| !reading)
                && crate::app::factors::missing_required(&state.ctx(), &caller.user).await?
            {
                return Err(ApiError::forbidden(crate::app::factors::REQUIRED));
            }
            Ok(caller)
        })
    }
}

impl FromRequest for MaybeCaller {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move { Ok(MaybeCaller(caller_of(&req).await?)) })
    }
}

/// A new token for `user`: a new session of the site's session lifetime, and the JWT
/// that names it.
pub(crate) async fn issue_token(
    state: &AppState,
    user: &User,
    details: SessionDetails,
) -> Result<String, WebError> {
    let secret = state.api_secret().await?.to_vec();
    let (session, created, expires) =
        crate::web::auth::new_session(state, user, details, |t| api_token::session_key(&secret, t))
            .await?;
    let claims = Claims {
        sub: user.id.0,
        sid: session,
        iss: state.site.as_str().to_owned(),
        iat: created.timestamp(),
        exp: expires.timestamp(),
    };
    Ok(api_token::sign(&claims, &secret))
}

/// The session a valid token names, for logging out.
pub(super) fn session_of(state_secret: &[u8], site: &str, token: &str) -> Option<Vec<u8>> {
    api_token::verify(token, state_secret, site, now())
        .ok()
        .map(|claims| api_token::session_key(state_secret, &claims.sid))
}
