//! Passkeys in the browser: added and removed on the account's security page, and a
//! sign-in with one alone on the sign-in page. Each ceremony's options come from a POST
//! answered in JSON (the page script hands them to `navigator.credentials`); the
//! authenticator's answer comes back in an ordinary form, with its CSRF token.

use super::auth::{MaybeUser, SignedIn, session_key_of};
use super::csrf::{CsrfForm, CsrfOnly, CsrfToken, csrf_field, layout};
use super::limits::client_ip;
use super::pages::{LoginPage, SecondStepPage};
use super::security::{current_password_ok, shown_with};
use super::sign_in::{safe_next, signed_in_now};
use super::{AppState, WebError, render, see_other};
use crate::app::AppError;
use crate::app::factors;
use crate::app::passkeys::{self, Begun, Refused, Removed, StepRefused};
use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;

/// A ceremony's id and options for the page script, or why there are none: `{"error":
/// ...}` with the status of the refusal, for the page to say (a store that cannot be read,
/// or a fault, answers as every page does).
fn options(begun: Result<Begun, AppError>) -> Result<HttpResponse, WebError> {
    let (status, message) = match begun {
        Ok(begun) => {
            let options: serde_json::Value = serde_json::from_str(&begun.options)
                .map_err(|e| WebError::Internal(format!("passkey options: {e}")))?;
            let body = serde_json::json!({ "ceremony": begun.ceremony, "options": options });
            return Ok(json(StatusCode::OK, body));
        }
        Err(AppError::Invalid(m)) => (StatusCode::BAD_REQUEST, m),
        Err(AppError::Conflict(m)) => (StatusCode::CONFLICT, m),
        Err(AppError::TooManyRequests { message, .. }) => (StatusCode::TOO_MANY_REQUESTS, message),
        Err(e) => return Err(e.into()),
    };
    Ok(json(status, serde_json::json!({ "error": message })))
}

fn json(status: StatusCode, body: serde_json::Value) -> HttpResponse {
    HttpResponse::build(status)
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .content_type("application/json")
        .body(body.to_string())
}

#[derive(Deserialize)]
pub struct OptionsForm {
    csrf: String,
    #[serde(default)]
    name: String,
    #[serde(default)]
    current_password: String,
}

csrf_field!(OptionsForm);

/// The options of a new passkey for the signed-in account, once its name and the
/// account's password are right (before the device makes anything).
pub async fn registration_options(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: SignedIn,
    form: CsrfForm<OptionsForm>,
) -> Result<HttpResponse, WebError> {
    if !current_password_ok(&state, &user.0, &form.current_password).await? {
        let wrong = "That is not your current password.";
        return Ok(json(
            StatusCode::UNAUTHORIZED,
            serde_json::json!({ "error": wrong }),
        ));
    }
    let ip = client_ip(&req);
    options(passkeys::begin_registration(&state.ctx(), &ip, &user.0, &form.name).await)
}

#[derive(Deserialize)]
pub struct AddForm {
    csrf: String,
    #[serde(default)]
    ceremony: String,
    #[serde(default)]
    credential: String,
    #[serde(default)]
    name: String,
    #[serde(default)]
    current_password: String,
}

csrf_field!(AddForm);

/// Adds the passkey the authenticator made, once the current password is given.
pub async fn add(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: SignedIn,
    csrf: CsrfToken,
    form: CsrfForm<AddForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.into_inner();
    let user = user.0;
    let refused = |status: StatusCode, why: String, name: String| {
        let (state, req, user, csrf) = (&state, &req, &user, &csrf);
        async move {
            shown_with(state, req, user, csrf, status, |shown| {
                shown.passkey_error = Some(why);
                shown.passkey_name = name;
            })
            .await
        }
    };
    if form.credential.is_empty() {
        let why = "Adding a passkey needs JavaScript in this browser, to ask the authenticator.";
        return refused(StatusCode::UNPROCESSABLE_ENTITY, why.into(), form.name).await;
    }
    if !current_password_ok(&state, &user, &form.current_password).await? {
        let why = "That is not your current password.".to_owned();
        return refused(StatusCode::UNAUTHORIZED, why, form.name).await;
    }
    let keep = session_key_of(&req);
    match passkeys::register(
        &state.ctx(),
        &user,
        &form.ceremony,
        &form.credential,
        &form.name,
        keep.as_deref(),
    )
    .await?
    {
        Ok(()) => Ok(see_other("/account/security?done=passkey")),
        Err(why) => refused(StatusCode::UNPROCESSABLE_ENTITY, why, form.name).await,
    }
}

#[derive(Deserialize)]
pub struct RemoveForm {
    csrf: String,
    #[serde(default)]
    passkey: String,
    #[serde(default)]
    current_password: String,
}

csrf_field!(RemoveForm);

pub async fn remove(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: SignedIn,
    csrf: CsrfToken,
    form: CsrfForm<RemoveForm>,
) -> Result<HttpResponse, WebError> {
    let user = user.0;
    if !current_password_ok(&state, &user, &form.current_password).await? {
        return shown_with(
            &state,
            &req,
            &user,
            &csrf,
            StatusCode::UNAUTHORIZED,
            |shown| {
                shown.passkey_error =
                    Some("That is not your current password: nothing was changed.".into())
            },
        )
        .await;
    }
    let keep = session_key_of(&req);
    let removed = passkeys::remove(&state.ctx(), &user, &form.passkey, keep.as_deref()).await?;
    let (status, why) = match removed {
        Removed::Removed => return Ok(see_other("/account/security?done=passkey-removed")),
        Removed::NoSuch => (StatusCode::NOT_FOUND, "Your account has no such passkey."),
        Removed::Required => (
            StatusCode::CONFLICT,
            "This site requires two-step sign-in of your account, and this passkey is its last second factor here: add another passkey or an authenticator app first.",
        ),
    };
    shown_with(&state, &req, &user, &csrf, status, |shown| {
        shown.passkey_error = Some(why.into())
    })
    .await
}

/// The options of a sign-in with a passkey the browser holds for this site.
pub async fn sign_in_options(
    state: web::Data<AppState>,
    req: HttpRequest,
    _form: CsrfForm<CsrfOnly>,
) -> Result<HttpResponse, WebError> {
    options(passkeys::begin_sign_in(&state.ctx(), &client_ip(&req)).await)
}

#[derive(Deserialize)]
pub struct SignInForm {
    csrf: String,
    #[serde(default)]
    ceremony: String,
    #[serde(default)]
    credential: String,
    #[serde(default)]
    next: String,
}

csrf_field!(SignInForm);

/// Signs in the account the passkey names: no password, and no second step.
pub async fn sign_in(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: MaybeUser,
    csrf: CsrfToken,
    form: CsrfForm<SignInForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.into_inner();
    let ctx = state.ctx();
    let refused = |status: StatusCode, why: &str| {
        let page = LoginPage {
            layout: layout(&user, &csrf),
            error: Some(why.to_owned()),
            login: String::new(),
            next: safe_next(&form.next),
            reset: false,
            passkeys_here: passkeys::available(&ctx),
        };
        render(status, &page)
    };
    if form.credential.is_empty() {
        return refused(
            StatusCode::UNPROCESSABLE_ENTITY,
            "Signing in with a passkey needs JavaScript in this browser, to ask the authenticator.",
        );
    }
    match passkeys::sign_in(&ctx, &client_ip(&req), &form.ceremony, &form.credential).await? {
        Ok(account) => signed_in_now(&state, &req, &account, &form.next, true).await,
        Err(Refused::NotThisPasskey) => {
            refused(StatusCode::UNAUTHORIZED, passkeys::SIGN_IN_REFUSED)
        }
        Err(Refused::Cloned) => refused(StatusCode::UNAUTHORIZED, passkeys::CLONED),
        Err(Refused::Suspended) => Err(WebError::Forbidden(
            "This account has been suspended.".into(),
        )),
    }
}

#[derive(Deserialize)]
pub struct TicketForm {
    csrf: String,
    #[serde(default)]
    ticket: String,
}

csrf_field!(TicketForm);

/// The options of the second step of a password sign-in with one of the account's
/// passkeys (its ticket names it).
pub async fn second_step_options(
    state: web::Data<AppState>,
    req: HttpRequest,
    form: CsrfForm<TicketForm>,
) -> Result<HttpResponse, WebError> {
    let ip = client_ip(&req);
    match passkeys::begin_second_step(&state.ctx(), &ip, form.ticket.trim()).await {
        Ok(None) => Ok(json(
            StatusCode::GONE,
            serde_json::json!({ "error": EXPIRED }),
        )),
        Ok(Some(begun)) => options(Ok(begun)),
        Err(e) => options(Err(e)),
    }
}

const EXPIRED: &str = "This sign-in has expired or was used: sign in again with your password.";

#[derive(Deserialize)]
pub struct SecondStepForm {
    csrf: String,
    #[serde(default)]
    ticket: String,
    #[serde(default)]
    ceremony: String,
    #[serde(default)]
    credential: String,
    #[serde(default)]
    next: String,
}

csrf_field!(SecondStepForm);

/// The second step of a password sign-in, passed with a passkey.
pub async fn second_step(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: MaybeUser,
    csrf: CsrfToken,
    form: CsrfForm<SecondStepForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.into_inner();
    let ctx = state.ctx();
    let ticket = form.ticket.trim();
    let why = match passkeys::finish_second_step(
        &ctx,
        &client_ip(&req),
        ticket,
        &form.ceremony,
        &form.credential,
    )
    .await?
    {
        Ok(account) => return signed_in_now(&state, &req, &account, &form.next, true).await,
        Err(StepRefused::Expired) => return Err(WebError::GoneWith(EXPIRED.into())),
        Err(StepRefused::Suspended) => {
            return Err(WebError::Forbidden(
                "This account has been suspended.".into(),
            ));
        }
        Err(StepRefused::Cloned) => passkeys::CLONED,
        Err(StepRefused::NotThisPasskey) => {
            "That passkey did not pass: use the passkey you made for this site, and try again."
        }
    };
    let steps = factors::ticket_steps(&ctx, ticket).await?;
    let page = SecondStepPage {
        layout: layout(&user, &csrf),
        ticket: ticket.to_owned(),
        next: safe_next(&form.next),
        error: Some(why.to_owned()),
        code: steps.code,
        passkey: steps.passkey && passkeys::available(&ctx),
    };
    render(StatusCode::UNAUTHORIZED, &page)
}
