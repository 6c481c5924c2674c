//! Changing what needs the current password: the user name, the e-mail address (with
//! mail on, by a mailed link) and the password.

use super::super::auth::{SignedIn, known_browser, session_key_of};
use super::super::csrf::{CsrfForm, CsrfToken, csrf_field};
use super::super::pages::Section;
use super::super::{AppState, WebError, see_other};
use super::{outcome, refuse};
use crate::app::{accounts, confirmations};
use crate::domain::password::Password;
use crate::domain::{Email, Invalid, User, Username};
use crate::urls;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;

#[derive(Deserialize)]
pub struct UsernameForm {
    csrf: String,
    username: String,
    current_password: String,
}

pub async fn username(
    state: web::Data<AppState>,
    user: SignedIn,
    csrf: CsrfToken,
    form: CsrfForm<UsernameForm>,
) -> Result<HttpResponse, WebError> {
    let new = Username::parse_chosen(&form.username).map(Identity::Username);
    change_identity(
        &state,
        &user.0,
        &csrf,
        Section::Username,
        new,
        &form.current_password,
    )
    .await
}

#[derive(Deserialize)]
pub struct EmailForm {
    csrf: String,
    email: String,
    current_password: String,
}

pub async fn email(
    state: web::Data<AppState>,
    user: SignedIn,
    csrf: CsrfToken,
    form: CsrfForm<EmailForm>,
) -> Result<HttpResponse, WebError> {
    let new = Email::parse_chosen(&form.email).map(Identity::Email);
    change_identity(
        &state,
        &user.0,
        &csrf,
        Section::Email,
        new,
        &form.current_password,
    )
    .await
}

/// A new user name or e-mail address: both are claimed values, changed the same way
/// and only with the current password.
enum Identity {
    Username(Username),
    Email(Email),
}

async fn change_identity(
    state: &AppState,
    user: &User,
    csrf: &CsrfToken,
    section: Section,
    new: Result<Identity, Invalid>,
    current_password: &str,
) -> Result<HttpResponse, WebError> {
    let new = match new {
        Ok(new) => new,
        Err(Invalid(e)) => {
            return refuse(
                state,
                user,
                csrf,
                section,
                StatusCode::UNPROCESSABLE_ENTITY,
                &e,
            );
        }
    };
    if !accounts::password_matches(user, current_password).await? {
        return refuse(
            state,
            user,
            csrf,
            section,
            StatusCode::UNAUTHORIZED,
            "That is not your current password.",
        );
    }
    // With mail on, a new address counts only once a link mailed to it is followed.
    if let Identity::Email(email) = &new
        && state.mailer.is_on()
    {
        return match confirmations::ask_confirmation(&state.ctx(), user, email).await? {
            Ok(()) => Ok(see_other(&urls::account_saved("email-sent"))),
            Err(yours) => refuse(
                state,
                user,
                csrf,
                section,
                StatusCode::UNPROCESSABLE_ENTITY,
                &yours.to_string(),
            ),
        };
    }
    let (changed, saved, taken) = match &new {
        Identity::Username(name) => (
            state.store.change_username(user.id, name).await,
            "username",
            "That user name is already taken.",
        ),
        Identity::Email(email) => (
            state.store.change_email(user.id, email).await,
            "email",
            "That e-mail address already has an account.",
        ),
    };
    match outcome(changed)? {
        Ok(_) => {
            crate::app::page_cache::account_changed(&state.ctx(), user.id);
            Ok(see_other(&urls::account_saved(saved)))
        }
        Err(_) => refuse(state, user, csrf, section, StatusCode::CONFLICT, taken),
    }
}

#[derive(Deserialize)]
pub struct PasswordForm {
    csrf: String,
    current_password: String,
    new_password: String,
    new_password_confirm: String,
}

csrf_field!(UsernameForm, EmailForm, PasswordForm);

/// Changes the password and signs out every other session of the account.
pub async fn password(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: SignedIn,
    csrf: CsrfToken,
    form: CsrfForm<PasswordForm>,
) -> Result<HttpResponse, WebError> {
    let user = user.0;
    let new = match Password::parse(&form.new_password) {
        Ok(new) => new,
        Err(Invalid(e)) => {
            return refuse(
                &state,
                &user,
                &csrf,
                Section::Password,
                StatusCode::UNPROCESSABLE_ENTITY,
                &e,
            );
        }
    };
    if form.new_password != form.new_password_confirm {
        return refuse(
            &state,
            &user,
            &csrf,
            Section::Password,
            StatusCode::UNPROCESSABLE_ENTITY,
            "The two new passwords differ.",
        );
    }
    if !accounts::password_matches(&user, &form.current_password).await? {
        return refuse(
            &state,
            &user,
            &csrf,
            Section::Password,
            StatusCode::UNAUTHORIZED,
            "That is not your current password.",
        );
    }
    let keep = session_key_of(&req);
    accounts::change_password(&state.ctx(), user.id, new, keep.as_deref()).await?;
    let mut response = see_other("/account?saved=password");
    // The browser that changed it stays one the account knows (a new password makes
    // every other browser new again).
    if let Some(changed) = state.store.user(user.id).await? {
        let (_, remembered) = known_browser(&state, &req, &changed).await?;
        response
            .add_cookie(&remembered)
            .map_err(|e| WebError::Internal(e.to_string()))?;
    }
    Ok(response)
}
