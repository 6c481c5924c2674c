//! A signed-in user's own account: profile, user name, e-mail address (confirmed by a
//! mailed link when mail is on: see `email_change`), password.

use super::auth::{CsrfForm, CsrfToken, MaybeUser, SignedIn, csrf_field, layout, session_key_of};
use super::pages::{Section, SettingsPage};
use super::{AppState, WebError, render, see_other};
use crate::app::{accounts, confirmations};
use crate::domain::password::Password;
use crate::domain::{Email, Invalid, Profile, User, Username};
use crate::store::{AccountError, Taken};
use crate::urls;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;

#[derive(Deserialize)]
pub struct SavedQuery {
    #[serde(default)]
    saved: String,
}

fn page(
    state: &AppState,
    user: &User,
    csrf: &CsrfToken,
    notice: Option<String>,
    error: Option<(Section, String)>,
) -> SettingsPage {
    SettingsPage {
        layout: layout(&MaybeUser(Some(user.clone())), csrf),
        username: user.username.as_str().to_owned(),
        author_url: urls::author(user.username.as_str()),
        // A placeholder is nobody's address to show.
        email: if user.email.is_unconfirmed() {
            String::new()
        } else {
            user.email.as_str().to_owned()
        },
        unconfirmed: user.email.is_unconfirmed(),
        display_name: user.display_name.clone(),
        bio: user.bio.clone(),
        homepage: user.homepage.clone(),
        image: user.image.clone(),
        role: user.role.as_str(),
        mail_on: state.mailer.is_on(),
        notice,
        error,
    }
}

pub async fn show(
    state: web::Data<AppState>,
    user: SignedIn,
    csrf: CsrfToken,
    query: web::Query<SavedQuery>,
) -> Result<HttpResponse, WebError> {
    let notice = match query.saved.as_str() {
        "profile" => Some("Your profile was saved."),
        "username" => Some("Your user name was changed."),
        "email" => Some("Your e-mail address was changed."),
        "email-sent" => Some(
            "We sent a link to the new address: your address changes when you follow it (within a day). Until then it stays as it is.",
        ),
        "password" => Some("Your password was changed; your other sessions were signed out."),
        "signed-up" => Some(
            "Welcome! We mailed a link to the address you gave: it becomes your account's when you follow it (within a day). Until then, sign in with your user name.",
        ),
        _ => None,
    };
    render(
        StatusCode::OK,
        &page(&state, &user.0, &csrf, notice.map(str::to_owned), None),
    )
}

/// Re-renders the page with an error next to the form it concerns.
fn refuse(
    state: &AppState,
    user: &User,
    csrf: &CsrfToken,
    section: Section,
    status: StatusCode,
    message: &str,
) -> Result<HttpResponse, WebError> {
    render(
        status,
        &page(state, user, csrf, None, Some((section, message.to_owned()))),
    )
}

fn outcome(result: Result<User, AccountError>) -> Result<Result<User, Taken>, WebError> {
    match result {
        Ok(user) => Ok(Ok(user)),
        Err(AccountError::Taken(taken)) => Ok(Err(taken)),
        Err(AccountError::NoSuchUser) => Err(WebError::NotFound),
        Err(AccountError::Store(e)) => Err(e.into()),
    }
}

#[derive(Deserialize)]
pub struct ProfileForm {
    csrf: String,
    #[serde(default)]
    display_name: String,
    #[serde(default)]
    bio: String,
    #[serde(default)]
    homepage: String,
    #[serde(default)]
    image: String,
}

pub async fn profile(
    state: web::Data<AppState>,
    user: SignedIn,
    csrf: CsrfToken,
    form: CsrfForm<ProfileForm>,
) -> Result<HttpResponse, WebError> {
    let user = user.0;
    let profile = match Profile::parse(
        &form.display_name,
        &form.bio,
        &form.homepage,
        &form.image,
        &user.username,
    ) {
        Ok(profile) => profile,
        Err(Invalid(e)) => {
            return refuse(
                &state,
                &user,
                &csrf,
                Section::Profile,
                StatusCode::UNPROCESSABLE_ENTITY,
                &e,
            );
        }
    };
    outcome(state.store.update_profile(user.id, &profile).await)?
        .map_err(|_| WebError::Internal("profile".into()))?;
    Ok(see_other("/account?saved=profile"))
}

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
        Ok(_) => Ok(see_other(&urls::account_saved(saved))),
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

csrf_field!(ProfileForm, UsernameForm, EmailForm, PasswordForm);

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
    Ok(see_other("/account?saved=password"))
}
