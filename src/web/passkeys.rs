//! Passkeys in the browser: added and removed on the account's security page, and a
//! sign-in with one alone on the sign-in page. Each ceremony's options come from a POST
//! answered in JSON (the page script hands them to `navigator.credentials`); the
//! authenticator's answer comes back in an ordinary form, with its CSRF token.

use super::auth::{MaybeUser, SignedIn};
use super::csrf::{CsrfForm, CsrfOnly, CsrfToken, csrf_field, layout};
use super::limits::client_ip;
use super::pages::LoginPage;
use super::security::{current_password_ok, shown_with};
use super::sign_in::{safe_next, signed_in_now};
use super::{AppState, WebError, render, see_other};
use crate::app::passkeys::{self, Begun, Refused};
use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;

/// A ceremony's id and options, for the page script.
fn options(begun: Begun) -> Result<HttpResponse, WebError> {
    let options: serde_json::Value = serde_json::from_str(&begun.options)
        .map_err(|e| WebError::Internal(format!("passkey options: {e}")))?;
    let body = serde_json::json!({ "ceremony": begun.ceremony, "options": options });
    Ok(HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .content_type("application/json")
        .body(body.to_string()))
}

/// The options of a new passkey for the signed-in account.
pub async fn registration_options(
    state: web::Data<AppState>,
    user: SignedIn,
    _form: CsrfForm<CsrfOnly>,
) -> Result<HttpResponse, WebError> {
    options(passkeys::begin_registration(&state.ctx(), &user.0).await?)
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
    match passkeys::register(
        &state.ctx(),
        &user,
        &form.ceremony,
        &form.credential,
        &form.name,
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
    passkey: String,
}

csrf_field!(RemoveForm);

pub async fn remove(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: SignedIn,
    csrf: CsrfToken,
    form: CsrfForm<RemoveForm>,
) -> Result<HttpResponse, WebError> {
    if passkeys::remove(&state.ctx(), user.0.id, &form.passkey).await? {
        return Ok(see_other("/account/security?done=passkey-removed"));
    }
    shown_with(
        &state,
        &req,
        &user.0,
        &csrf,
        StatusCode::NOT_FOUND,
        |shown| shown.passkey_error = Some("Your account has no such passkey.".into()),
    )
    .await
}

/// The options of a sign-in with a passkey the browser holds for this site.
pub async fn sign_in_options(
    state: web::Data<AppState>,
    _form: CsrfForm<CsrfOnly>,
) -> Result<HttpResponse, WebError> {
    options(passkeys::begin_sign_in(&state.ctx()).await?)
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
