//! The account's security page: its sessions (browsers and API tokens), each ended
//! alone or all but this one at once, and API tokens made for programs.

use super::api::issue_token;
use super::auth::{SignedIn, session_details, session_key_of};
use super::csrf::{CsrfForm, CsrfOnly, CsrfToken, csrf_field, layout};
use super::limits::Subject;
use super::pages::{Dated, PasskeyRow, SecurityPage, SessionRow};
use super::{AppState, WebError, render, see_other};
use crate::app::sessions::agent_in;
use crate::app::{AppError, accounts, sessions};
use crate::domain::session::{SessionKind, parse_label, public_id};
use crate::domain::{Invalid, User};
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;

/// The page as `user` sees it from `req`'s session, with what `set` adds (a notice, the
/// error of a form refused, a token just made), answered with `status`.
pub(super) async fn shown_with(
    state: &AppState,
    req: &HttpRequest,
    user: &User,
    csrf: &CsrfToken,
    status: StatusCode,
    set: impl FnOnce(&mut SecurityPage),
) -> Result<HttpResponse, WebError> {
    let current = session_key_of(req);
    let current = current.as_deref();
    let listed = sessions::list(&state.ctx(), user.id).await?;
    let frame = layout(&super::auth::MaybeUser(Some(user.clone())), csrf);
    let speech = &frame.speech;
    let (mut browsers, mut tokens) = (Vec::new(), Vec::new());
    for s in listed {
        let row = SessionRow {
            id: public_id(&s.key),
            what: match s.details.kind {
                SessionKind::Token => s.details.label.clone(),
                _ => agent_in(speech, &s.details.agent),
            },
            made_by: match s.details.kind {
                SessionKind::Browser => String::new(),
                SessionKind::Api => speech.t("security-made-through-api"),
                SessionKind::Token => speech.t1(
                    "security-made-in",
                    "browser",
                    agent_in(speech, &s.details.agent),
                ),
            },
            // A session from before addresses were kept has none.
            address: if s.details.address.is_empty() {
                speech.t("security-unknown-address")
            } else {
                s.details.address.clone()
            },
            // An account's sessions span every site of the deployment.
            site: (!s.details.site.is_empty() && s.details.site != state.site.as_str())
                .then(|| s.details.site.clone()),
            began: Dated::with_time(s.created),
            seen: Dated::with_time(s.last_seen),
            ends: Dated::with_time(s.expires),
            current: current == Some(s.key.as_slice()),
        };
        if s.details.kind.is_token() {
            tokens.push(row);
        } else {
            browsers.push(row);
        }
    }
    let (factors, codes_left) = crate::app::factors::status(&state.ctx(), user.id).await?;
    let mut shown = SecurityPage {
        layout: frame,
        browsers,
        tokens,
        notice: None,
        error: None,
        token_error: None,
        made: None,
        label: String::new(),
        authenticator: factors.authenticator.map(|a| Dated::with_time(a.added)),
        codes_left,
        factor_error: None,
        passkeys: crate::app::passkeys::list(&state.ctx(), user.id)
            .await?
            .into_iter()
            .map(|p| PasskeyRow {
                id: p.id,
                name: p.name,
                elsewhere: p.elsewhere,
                added: Dated::with_time(p.added),
                used: p.used.map(Dated::with_time),
            })
            .collect(),
        passkeys_here: crate::app::passkeys::available(&state.ctx()),
        passkey_here: crate::app::factors::steps(&state.ctx(), user.id)
            .await?
            .passkey,
        passkey_error: None,
        passkey_name: String::new(),
    };
    set(&mut shown);
    render(status, &shown)
}

#[derive(Deserialize)]
pub struct DoneQuery {
    #[serde(default)]
    done: String,
}

pub async fn show(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: SignedIn,
    csrf: CsrfToken,
    query: web::Query<DoneQuery>,
) -> Result<HttpResponse, WebError> {
    let notice: Option<String> = match query.done.as_str() {
        "ended" => Some("Ended: that browser is signed out, or that token works no more.".into()),
        "authenticator" => Some(
            "Your new authenticator app was added: the old one's codes work no more. Every other session was ended.".into(),
        ),
        "removed" => Some(
            "Your authenticator app and its recovery codes were removed. Every other session was ended.".into(),
        ),
        "passkey" => Some("Your new passkey was added: it signs you in without your password, and after your password it is asked for. Every other session was ended.".into()),
        "passkey-removed" => Some("The passkey was removed: it signs you in no more. Every other session was ended.".into()),
        "others" => Some(
            "Every other session of your account was ended: every other browser is signed out, and every token works no more."
                .into(),
        ),
        _ => None,
    };
    shown_with(&state, &req, &user.0, &csrf, StatusCode::OK, |shown| {
        shown.notice = notice;
    })
    .await
}

#[derive(Deserialize)]
pub struct EndForm {
    csrf: String,
    session: String,
}

#[derive(Deserialize)]
pub struct TokenForm {
    csrf: String,
    #[serde(default)]
    label: String,
    #[serde(default)]
    current_password: String,
}

csrf_field!(EndForm, TokenForm);

/// Ends one of the account's sessions (not the one asking: that is signing out).
pub async fn end(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: SignedIn,
    csrf: CsrfToken,
    form: CsrfForm<EndForm>,
) -> Result<HttpResponse, WebError> {
    let (status, message) = if session_key_of(&req).as_deref().map(public_id).as_deref()
        == Some(form.session.as_str())
    {
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "That is the session you are using: sign out to end it.".to_owned(),
        )
    } else {
        match sessions::end_one(&state.ctx(), user.0.id, &form.session).await {
            Ok(()) => return Ok(see_other("/account/security?done=ended")),
            Err(AppError::NotFoundWith(message)) => (StatusCode::NOT_FOUND, message),
            Err(e) => return Err(e.into()),
        }
    };
    shown_with(&state, &req, &user.0, &csrf, status, |shown| {
        shown.error = Some(message);
    })
    .await
}

/// Ends every session of the account but the one asking, in one write.
pub async fn end_others(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: SignedIn,
    _form: CsrfForm<CsrfOnly>,
) -> Result<HttpResponse, WebError> {
    let keep = session_key_of(&req)
        .ok_or_else(|| WebError::Forbidden("Only a signed-in browser can do this.".into()))?;
    sessions::end_others(&state.ctx(), user.0.id, &keep).await?;
    Ok(see_other("/account/security?done=others"))
}

/// Makes an API token for a program, named by the owner and shown once; it needs the
/// current password.
pub async fn make_token(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: SignedIn,
    csrf: CsrfToken,
    form: CsrfForm<TokenForm>,
) -> Result<HttpResponse, WebError> {
    let user = user.0;
    let refused = |e: String| {
        let typed = form.label.clone();
        move |shown: &mut SecurityPage| {
            shown.label = typed;
            shown.token_error = Some(e);
        }
    };
    let label = match parse_label(&form.label) {
        Ok(label) => label,
        Err(Invalid(e)) => {
            let status = StatusCode::UNPROCESSABLE_ENTITY;
            return shown_with(&state, &req, &user, &csrf, status, refused(e)).await;
        }
    };
    // Guesses count against the account, as failed sign-ins do.
    if !current_password_ok(&state, &user, &form.current_password).await? {
        let wrong = refused("That is not your current password.".into());
        return shown_with(&state, &req, &user, &csrf, StatusCode::UNAUTHORIZED, wrong).await;
    }
    let mut details = session_details(&req, SessionKind::Token);
    details.label = label.clone();
    let token = issue_token(&state, &user, details).await?;
    // The page again, with the new token in its list and shown this once. Like every
    // signed-in page, it is sent "private, no-store": kept by no cache.
    shown_with(&state, &req, &user, &csrf, StatusCode::OK, |shown| {
        shown.made = Some((label, token));
    })
    .await
}

/// Whether `typed` is `user`'s current password; wrong guesses count against the
/// account as failed sign-ins do.
pub(super) async fn current_password_ok(
    state: &AppState,
    user: &User,
    typed: &str,
) -> Result<bool, WebError> {
    let account = format!("name:{}", user.username.key());
    state
        .check_limit(
            Subject::LoginFailuresFor(&account),
            "Too many wrong passwords for this account.",
        )
        .await?;
    if accounts::password_matches(user, typed).await? {
        return Ok(true);
    }
    state
        .record_attempt(Subject::LoginFailuresFor(&account))
        .await?;
    Ok(false)
}
