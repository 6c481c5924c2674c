//! Confirming a new e-mail address. With mail on, the account page does not change the
//! address: it mails a link to the new one, which works once, for a day. Following it
//! opens `/account/email/confirm/{token}`, a page with a button (a mail scanner that
//! opens the link changes nothing); the button claims the address for the account,
//! releases the old one and tells the old address. The link dies when the account's
//! password or address changes first; if someone else takes the address meanwhile,
//! nothing changes and the page says so. Only the SHA-256 of a link's token is stored,
//! beside the password reset links (a link of one kind never does the other's work).

use super::auth::MaybeUser;
use super::csrf::{CsrfForm, CsrfToken, csrf_field, layout};
use super::pages::ConfirmEmailPage;
use super::{AppState, WebError, render};
use crate::app::confirmations::tell_old_address;
use crate::domain::token::{reset_key, reset_stamp};
use crate::domain::{Email, User};
use crate::store::{AccountError, AccountLink};
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

/// What a link that no longer works says.
fn dead_link() -> WebError {
    WebError::GoneWith(
        "This link has expired or was used already: each link works once, for a day. Ask for a new one from your account page.".into(),
    )
}

/// The account a confirmation link is for and the address it confirms, if the account
/// is as it was when the link was made and not suspended.
async fn account_of(
    state: &AppState,
    link: Option<AccountLink>,
) -> Result<(User, Email), WebError> {
    let Some(AccountLink {
        user,
        stamp,
        new_email: Some(new_email),
    }) = link
    else {
        return Err(dead_link());
    };
    match state.store.user(user).await? {
        Some(user) if !user.banned && reset_stamp(&user) == stamp => Ok((user, new_email)),
        _ => Err(dead_link()),
    }
}

fn confirm_page(
    user: &MaybeUser,
    csrf: &CsrfToken,
    token: &str,
    account: &User,
    new_email: &Email,
    done: bool,
) -> Result<HttpResponse, WebError> {
    let page = ConfirmEmailPage {
        layout: layout(user, csrf),
        action: format!("/account/email/confirm/{token}"),
        username: account.username.as_str().to_owned(),
        new_email: new_email.as_str().to_owned(),
        done,
    };
    render(StatusCode::OK, &page)
}

pub async fn confirm_form(
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    token: web::Path<String>,
) -> Result<HttpResponse, WebError> {
    let link = state
        .store
        .account_link(&reset_key(&token), state.clock.now())
        .await?;
    let (account, new_email) = account_of(&state, link).await?;
    confirm_page(&user, &csrf, &token, &account, &new_email, false)
}

#[derive(Deserialize)]
pub struct ConfirmForm {
    csrf: String,
}

csrf_field!(ConfirmForm);

pub async fn confirm(
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    token: web::Path<String>,
    _form: CsrfForm<ConfirmForm>,
) -> Result<HttpResponse, WebError> {
    let key = reset_key(&token);
    let now = state.clock.now();
    // A password reset link is refused before it is used up.
    account_of(&state, state.store.account_link(&key, now).await?).await?;
    // Used here, once: a second submission (or a race) finds it used.
    let link = state.store.use_account_link(&key, now).await?;
    let (account, new_email) = account_of(&state, link).await?;
    match state.store.change_email(account.id, &new_email).await {
        Ok(_) => {}
        Err(AccountError::Taken(_)) => {
            return Err(WebError::Conflict(
                "Another account took that address meanwhile, so nothing changed. Choose another from your account page.".into(),
            ));
        }
        Err(AccountError::NoSuchUser) => return Err(dead_link()),
        Err(AccountError::Store(e)) => return Err(e.into()),
    }
    // The old address hears of it, in case it was not its owner who asked (an account
    // that had none confirmed yet has nobody to tell).
    if account.email.is_unconfirmed() {
        return confirm_page(&user, &csrf, &token, &account, &new_email, true);
    }
    let job = state.get_ref().clone();
    let (old, changed_to) = (account.clone(), new_email.clone());
    state.jobs.errand(async move {
        if let Err(e) = tell_old_address(&job.ctx(), &old, &changed_to).await {
            tracing::warn!(error = %e, "the old address was not told of its change");
        }
    });
    confirm_page(&user, &csrf, &token, &account, &new_email, true)
}
