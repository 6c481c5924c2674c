//! Second factors in the browser: the second step of a sign-in, an authenticator added
//! (or moved to another app), recovery codes made again, and two-step sign-in turned off.

use super::auth::{MaybeUser, SignedIn, session_details, session_key_of, start_session};
use super::csrf::{CsrfForm, CsrfToken, csrf_field, layout};
use super::limits::client_ip;
use super::pages::{AuthenticatorPage, RecoveryCodesPage, SecondStepPage};
use super::security::{current_password_ok, shown_with};
use super::sign_in::{safe_next, signed_in_now};
use super::{AppState, WebError, render, see_other};
use crate::app::factors::{self, Passed, Refused, StepRefused};
use crate::app::sessions::tell_of_recovery_code;
use crate::domain::User;
use crate::domain::recovery_codes;
use crate::domain::session::SessionKind;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;

#[derive(Deserialize)]
pub struct SecondStepForm {
    csrf: String,
    ticket: String,
    #[serde(default)]
    code: String,
    #[serde(default)]
    next: String,
}

#[derive(Deserialize)]
pub struct AddForm {
    csrf: String,
    offered: String,
    #[serde(default)]
    code: String,
    #[serde(default)]
    current_password: String,
}

#[derive(Deserialize)]
pub struct PasswordForm {
    csrf: String,
    #[serde(default)]
    current_password: String,
}

csrf_field!(SecondStepForm, AddForm, PasswordForm);

/// The second step of a sign-in: a right code signs the browser in; a wrong one shows
/// the step again, its ticket still good; an expired ticket sends back to the password.
pub async fn second_step(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: MaybeUser,
    csrf: CsrfToken,
    form: CsrfForm<SecondStepForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.into_inner();
    let ctx = state.ctx();
    let ip = client_ip(&req);
    let (status, error) = match factors::finish_sign_in(&ctx, &ip, form.ticket.trim(), &form.code)
        .await?
    {
        Ok((signed_in, Passed::Authenticator)) => {
            return signed_in_now(&state, &req, &signed_in, &form.next, true).await;
        }
        Ok((signed_in, Passed::RecoveryCode(left))) => {
            let details = session_details(&req, SessionKind::Browser);
            tell_of_recovery_code(
                &ctx,
                &signed_in,
                &details.agent,
                &details.address,
                false,
                left,
            );
            return signed_in_now(&state, &req, &signed_in, &form.next, false).await;
        }
        Err(StepRefused::Expired) => {
            return Err(WebError::GoneWith(
                "This sign-in has expired or was used: sign in again with your password.".into(),
            ));
        }
        Err(StepRefused::Suspended) => {
            return Err(WebError::Forbidden(
                "This account has been suspended.".into(),
            ));
        }
        Err(StepRefused::WrongCode) => (
            StatusCode::UNAUTHORIZED,
            "That code is not right, or was used already. Try the code your app shows now."
                .to_owned(),
        ),
    };
    let steps = factors::ticket_steps(&ctx, form.ticket.trim()).await?;
    let page = SecondStepPage {
        layout: layout(&user, &csrf),
        ticket: form.ticket,
        next: safe_next(&form.next),
        error: Some(error),
        code: steps.code,
        passkey: steps.passkey && crate::app::passkeys::available(&ctx),
    };
    render(status, &page)
}

/// The page adding an authenticator: a new secret, offered (and, for an account the
/// site requires it of, why the page came first).
pub async fn authenticator_form(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: SignedIn,
    csrf: CsrfToken,
) -> Result<HttpResponse, WebError> {
    offer_page(&state, &req, &user.0, &csrf, StatusCode::OK, None, None).await
}

async fn offer_page(
    state: &AppState,
    req: &HttpRequest,
    user: &User,
    csrf: &CsrfToken,
    status: StatusCode,
    error: Option<String>,
    again: Option<&str>,
) -> Result<HttpResponse, WebError> {
    let ctx = state.ctx();
    let had = ctx.store.second_factors(user.id).await?;
    let frame = layout(&MaybeUser(Some(user.clone())), csrf);
    let described = frame.t1("authenticator-qr-title", "name", user.username.as_str());
    let key = session_key_of(req);
    let offer = factors::offer(&ctx, user, &had, key.as_deref(), again, &described).await?;
    let required = factors::missing_required(&ctx, user).await?;
    let page = AuthenticatorPage {
        required,
        layout: frame,
        grouped: offer.grouped,
        qr: offer.qr,
        offered: offer.sealed,
        replacing: had.authenticator.is_some(),
        error,
    };
    render(status, &page)
}

/// Adds the offered authenticator once its first code and the password are right; a
/// first factor's recovery codes are shown this once.
pub async fn add_authenticator(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: SignedIn,
    csrf: CsrfToken,
    form: CsrfForm<AddForm>,
) -> Result<HttpResponse, WebError> {
    let user = user.0;
    if !current_password_ok(&state, &user, &form.current_password).await? {
        let error = Some("That is not your current password.".to_owned());
        let again = Some(form.offered.as_str());
        return offer_page(
            &state,
            &req,
            &user,
            &csrf,
            StatusCode::UNAUTHORIZED,
            error,
            again,
        )
        .await;
    }
    let keep = session_key_of(&req);
    let added = factors::add_authenticator(
        &state.ctx(),
        &user,
        &form.offered,
        &form.code,
        keep.as_deref(),
    )
    .await?;
    match added {
        Ok(Some(codes)) => codes_page(&state, &user, &csrf, codes, true).await,
        Ok(None) => Ok(see_other("/account/security?done=authenticator")),
        Err(refused) => {
            let error = match refused {
                Refused::WrongCode => {
                    "That code is not the one an app shows for this key now. Check that your app has the key below, and type the code it shows."
                }
                Refused::BadOffer => {
                    "That form is too old, or not yours. Add the key below to your app and type its code."
                }
            };
            offer_page(
                &state,
                &req,
                &user,
                &csrf,
                StatusCode::UNPROCESSABLE_ENTITY,
                Some(error.into()),
                Some(form.offered.as_str()),
            )
            .await
        }
    }
}

async fn codes_page(
    state: &AppState,
    user: &User,
    csrf: &CsrfToken,
    codes: Vec<String>,
    with_authenticator: bool,
) -> Result<HttpResponse, WebError> {
    let site = state.ctx().identity().await.title.clone();
    let page = RecoveryCodesPage {
        layout: layout(&MaybeUser(Some(user.clone())), csrf),
        as_text: recovery_codes::as_text(&site, user.username.as_str(), &codes),
        codes,
        with_authenticator,
    };
    render(StatusCode::OK, &page)
}

/// Makes new recovery codes (the old ones die), shown this once; needs the password.
pub async fn new_codes(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: SignedIn,
    csrf: CsrfToken,
    form: CsrfForm<PasswordForm>,
) -> Result<HttpResponse, WebError> {
    let user = user.0;
    if let Some(refused) = refused_change(&state, &req, &user, &csrf, &form, false).await? {
        return Ok(refused);
    }
    let codes = factors::new_recovery_codes(&state.ctx(), &user).await?;
    codes_page(&state, &user, &csrf, codes, false).await
}

/// Turns two-step sign-in off (every factor removed); needs the password, and ends every
/// other session.
pub async fn remove(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: SignedIn,
    csrf: CsrfToken,
    form: CsrfForm<PasswordForm>,
) -> Result<HttpResponse, WebError> {
    let user = user.0;
    if let Some(refused) = refused_change(&state, &req, &user, &csrf, &form, true).await? {
        return Ok(refused);
    }
    // Every session ends, this one too: the browser goes on in a new one, so that
    // nothing derived from the old one (an authenticator key offered) is offered again.
    factors::remove(&state.ctx(), user.id, None).await?;
    let cookies = start_session(&state, &req, &user).await?;
    let mut response = see_other("/account/security?done=removed");
    for cookie in cookies {
        response
            .add_cookie(&cookie)
            .map_err(|e| WebError::Internal(e.to_string()))?;
    }
    Ok(response)
}

/// The security page again when a change to the factors is refused: no factor to
/// change, or a wrong password.
async fn refused_change(
    state: &AppState,
    req: &HttpRequest,
    user: &User,
    csrf: &CsrfToken,
    form: &PasswordForm,
    removing: bool,
) -> Result<Option<HttpResponse>, WebError> {
    let ctx = state.ctx();
    let (had, _) = factors::status(&ctx, user.id).await?;
    // A passkey for this site still covers an account the site requires a factor of.
    let required = removing
        && factors::covered(&ctx, user, user.role).await?
        && !factors::steps(&ctx, user.id).await?.passkey;
    let (status, error) = if had.authenticator.is_none() {
        (
            StatusCode::CONFLICT,
            "Your account has no authenticator app: add one first.",
        )
    } else if required {
        (
            StatusCode::CONFLICT,
            "This site requires two-step sign-in of your account: it stays on. You can move to another authenticator app instead.",
        )
    } else if !current_password_ok(state, user, &form.current_password).await? {
        (
            StatusCode::UNAUTHORIZED,
            "That is not your current password: nothing was changed.",
        )
    } else {
        return Ok(None);
    };
    let page = shown_with(state, req, user, csrf, status, |shown| {
        shown.factor_error = Some(error.into());
    })
    .await?;
    Ok(Some(page))
}
