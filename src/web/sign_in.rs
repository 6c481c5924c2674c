//! Signing in (by user name or e-mail address, and password) and signing out.

use super::auth::{MaybeUser, end_session, known_browser, session_details, start_session};
use super::csrf::{CsrfForm, CsrfOnly, CsrfToken, csrf_field, layout};
use super::limits::client_ip;
use super::pages::{LoginPage, SecondStepPage};
use super::{AppState, WebError, render, see_other};
use crate::app::accounts::{SignInFailure, authenticate, signing_in};
use crate::app::factors;
use crate::app::sessions::tell_of_new_sign_in;
use crate::domain::session::SessionKind;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;

#[derive(Deserialize)]
pub struct NextQuery {
    #[serde(default)]
    next: String,
    /// `1`: back from setting a new password with a reset link.
    #[serde(default)]
    reset: String,
}

/// Only a path on this site may follow sign-in: never `//host` or `https://host`.
pub(super) fn safe_next(next: &str) -> String {
    // Browsers drop tabs and line breaks inside URLs, so "/\t/host" would become
    // "//host": no control character may appear at all.
    let local = next.starts_with('/')
        && !next.starts_with("//")
        && !next.contains('\\')
        && !next.chars().any(char::is_control);
    if local {
        next.to_owned()
    } else {
        "/".to_owned()
    }
}

pub async fn login_form(
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    query: web::Query<NextQuery>,
) -> Result<HttpResponse, WebError> {
    let page = LoginPage {
        layout: layout(&user, &csrf),
        error: None,
        login: String::new(),
        next: safe_next(&query.next),
        reset: query.reset == "1",
        passkeys_here: crate::app::passkeys::available(&state.ctx()),
    };
    render(StatusCode::OK, &page)
}

#[derive(Deserialize)]
pub struct LoginForm {
    csrf: String,
    login: String,
    password: String,
    #[serde(default)]
    next: String,
}

csrf_field!(LoginForm);

pub async fn login(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: MaybeUser,
    csrf: CsrfToken,
    form: CsrfForm<LoginForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.into_inner();
    let account =
        match authenticate(&state.ctx(), &client_ip(&req), &form.login, &form.password).await? {
            Ok(account) => account,
            Err(SignInFailure::Wrong) => {
                let page = LoginPage {
                    layout: layout(&user, &csrf),
                    error: Some("Wrong user name, e-mail address or password.".into()),
                    login: form.login,
                    next: safe_next(&form.next),
                    reset: false,
                    passkeys_here: crate::app::passkeys::available(&state.ctx()),
                };
                return render(StatusCode::UNAUTHORIZED, &page);
            }
            Err(SignInFailure::Suspended) => {
                return Err(WebError::Forbidden(
                    "This account has been suspended.".into(),
                ));
            }
        };
    // An account with a second factor is asked for it: the page answers this request.
    if let Some((ticket, steps)) = factors::ticket_for(&state.ctx(), &account).await? {
        let page = SecondStepPage {
            layout: layout(&user, &csrf),
            ticket,
            next: safe_next(&form.next),
            error: None,
            code: steps.code,
            passkey: steps.passkey && crate::app::passkeys::available(&state.ctx()),
        };
        return render(StatusCode::OK, &page);
    }
    let Ok(signed_in) = signing_in(&state.ctx(), account).await? else {
        return Err(WebError::Forbidden(
            "This account has been suspended.".into(),
        ));
    };
    signed_in_now(&state, &req, &signed_in, &form.next, true).await
}

/// Starts `signed_in`'s session in this browser and sends it to `next`; a browser the
/// account has not signed in with is told to its address when `tell` says so.
pub(super) async fn signed_in_now(
    state: &AppState,
    req: &HttpRequest,
    signed_in: &crate::domain::User,
    next: &str,
    tell: bool,
) -> Result<HttpResponse, WebError> {
    // A new session every sign-in; the old one, if any, ends.
    end_session(state, req).await?;
    let cookies = start_session(state, req, signed_in).await?;
    // A browser the account has not signed in with is told to its address.
    let (known, remembered) = known_browser(state, req, signed_in).await?;
    if !known && tell {
        let details = session_details(req, SessionKind::Browser);
        tell_of_new_sign_in(
            &state.ctx(),
            signed_in,
            &details.agent,
            &details.address,
            false,
        );
    }
    // An account the site requires two-step sign-in of, without a second factor yet, is
    // sent to add one first.
    let to = if factors::missing_required(&state.ctx(), signed_in).await? {
        factors::SET_UP_URL.to_owned()
    } else {
        safe_next(next)
    };
    let mut response = see_other(&to);
    for cookie in cookies.into_iter().chain([remembered]) {
        response
            .add_cookie(&cookie)
            .map_err(|e| WebError::Internal(e.to_string()))?;
    }
    Ok(response)
}

pub async fn logout(
    state: web::Data<AppState>,
    req: HttpRequest,
    _form: CsrfForm<CsrfOnly>,
) -> Result<HttpResponse, WebError> {
    let gone = end_session(&state, &req).await?;
    let mut response = see_other("/");
    response
        .add_cookie(&gone)
        .map_err(|e| WebError::Internal(e.to_string()))?;
    Ok(response)
}

#[cfg(test)]
mod tests {
    use super::safe_next;

    #[test]
    fn only_local_paths_follow_sign_in() {
        assert_eq!(safe_next("/write"), "/write");
        assert_eq!(safe_next("//evil.example"), "/");
        assert_eq!(safe_next("https://evil.example"), "/");
        assert_eq!(safe_next("/\\evil.example"), "/");
        assert_eq!(safe_next(""), "/");
        assert_eq!(safe_next("/\t/evil.example"), "/");
        assert_eq!(
            safe_next("/posts/x/diff?from=1&to=2"),
            "/posts/x/diff?from=1&to=2"
        );
    }
}
