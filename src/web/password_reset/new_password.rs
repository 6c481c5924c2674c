//! Setting a new password with a reset link: the link's page, and the new password it
//! sets (ending every session of the account).

use super::super::auth::MaybeUser;
use super::super::csrf::{CsrfForm, CsrfToken, csrf_field, layout};
use super::super::pages::ResetPage;
use super::super::{AppState, WebError, render, see_other};
use crate::domain::Invalid;
use crate::domain::password::Password;
use crate::domain::token::{reset_key, reset_stamp};
use crate::store::AccountLink;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

/// What a link that no longer works says.
fn dead_link() -> WebError {
    WebError::GoneWith(
        "This link has expired or was used already: each link works once, for an hour. Ask for a new one at /password/forgot.".into(),
    )
}

pub async fn reset_form(
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    token: web::Path<String>,
) -> Result<HttpResponse, WebError> {
    let found = state
        .store
        .account_link(&reset_key(&token), state.clock.now())
        .await?;
    let Some(reset) = found.filter(|link| link.new_email.is_none()) else {
        return Err(dead_link());
    };
    account_of(&state, &reset).await?;
    let page = ResetPage {
        layout: layout(&user, &csrf),
        action: format!("/password/reset/{token}"),
        error: None,
    };
    render(StatusCode::OK, &page)
}

#[derive(Deserialize)]
pub struct ResetForm {
    csrf: String,
    #[serde(default)]
    new_password: String,
    #[serde(default)]
    new_password_confirm: String,
}

csrf_field!(ResetForm);

pub async fn reset(
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    token: web::Path<String>,
    form: CsrfForm<ResetForm>,
) -> Result<HttpResponse, WebError> {
    let refuse = |message: String| {
        let page = ResetPage {
            layout: layout(&user, &csrf),
            action: format!("/password/reset/{token}"),
            error: Some(message),
        };
        render(StatusCode::UNPROCESSABLE_ENTITY, &page)
    };
    let new = match Password::parse(&form.new_password) {
        Ok(new) => new,
        Err(Invalid(e)) => return refuse(e),
    };
    if form.new_password != form.new_password_confirm {
        return refuse("The two passwords differ.".into());
    }
    let hash = web::block(move || new.hash())
        .await
        .map_err(|e| WebError::Internal(format!("hashing: {e}")))?;
    // A link of another kind is refused before it is used up.
    if state
        .store
        .account_link(&reset_key(&token), state.clock.now())
        .await?
        .is_none_or(|link| link.new_email.is_some())
    {
        return Err(dead_link());
    }
    // Used here, once: a second submission (or a race) finds it used.
    let Some(reset) = state
        .store
        .use_account_link(&reset_key(&token), state.clock.now())
        .await?
        .filter(|link| link.new_email.is_none())
    else {
        return Err(dead_link());
    };
    let account = account_of(&state, &reset).await?;
    state
        .store
        .change_password(account, &hash)
        .await
        .map_err(|e| match e {
            crate::store::AccountError::Store(e) => WebError::from(e),
            other => WebError::Internal(format!("{other:?}")),
        })?;
    // Whoever had the old password is signed out everywhere (tried again if the store
    // fails once: the password is already changed).
    let mut ended = state.store.end_sessions(account, None).await;
    for _ in 0..2 {
        if ended.is_ok() {
            break;
        }
        ended = state.store.end_sessions(account, None).await;
    }
    ended?;
    Ok(see_other("/login?reset=1"))
}

/// The account a link is for, if it is as it was when the link was made (same password,
/// same address: another link's use, a change of address or of password kill it) and
/// not suspended.
async fn account_of(
    state: &AppState,
    reset: &AccountLink,
) -> Result<crate::domain::UserId, WebError> {
    match state.store.user(reset.user).await? {
        Some(user) if !user.banned && reset_stamp(&user) == reset.stamp => Ok(user.id),
        _ => Err(dead_link()),
    }
}
