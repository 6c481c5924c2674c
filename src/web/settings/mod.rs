//! A signed-in user's own account: profile, user name, e-mail address (confirmed by a
//! mailed link when mail is on: see `email_change`), password.
//!
//! This file shows the page and saves the profile; [`credentials`] changes what needs
//! the current password: the user name, the e-mail address and the password.

mod credentials;

pub use credentials::{email, password, username};

use super::auth::{MaybeUser, SignedIn};
use super::csrf::{CsrfForm, CsrfToken, csrf_field, layout};
use super::pages::{Section, SettingsPage};
use super::{AppState, WebError, render, see_other};
use crate::domain::{Invalid, Profile, User};
use crate::store::{AccountError, Taken};
use crate::urls;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
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
        network_admin: false,
        language: user.language.clone(),
        languages: crate::i18n::languages()
            .all()
            .iter()
            .map(|speech| (speech.tag().to_owned(), speech.name()))
            .collect(),
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
        "language" => Some("The language of your pages was saved."),
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
    let mut shown = page(&state, &user.0, &csrf, notice.map(str::to_owned), None);
    shown.network_admin = state.store.is_network_admin(user.0.id).await?;
    render(StatusCode::OK, &shown)
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

csrf_field!(ProfileForm);

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
    crate::app::page_cache::account_changed(&state.ctx(), user.id);
    Ok(see_other("/account?saved=profile"))
}

#[derive(Deserialize)]
pub struct LanguageForm {
    csrf: String,
    /// A language the interface speaks, or empty for the browser's.
    #[serde(default)]
    language: String,
}

csrf_field!(LanguageForm);

/// `POST /account/language`: the language the account's pages speak.
pub async fn language(
    state: web::Data<AppState>,
    user: SignedIn,
    csrf: CsrfToken,
    form: CsrfForm<LanguageForm>,
) -> Result<HttpResponse, WebError> {
    let user = user.0;
    let wanted = form.language.trim();
    let spoken = wanted.is_empty() || crate::i18n::languages().chosen(wanted).is_some();
    if !spoken || wanted.len() > 35 {
        let shown: String = wanted.chars().take(35).collect();
        return refuse(
            &state,
            &user,
            &csrf,
            Section::Language,
            StatusCode::UNPROCESSABLE_ENTITY,
            &format!("{shown:?} is not a language these pages speak: choose one from the list."),
        );
    }
    outcome(state.store.set_language(user.id, wanted).await)?
        .map_err(|_| WebError::Internal("a language is never taken".into()))?;
    Ok(see_other("/account?saved=language"))
}
