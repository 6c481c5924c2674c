//! Site set-up (the first administrator) and sign-up. Signing in and out is
//! [`super::sign_in`]'s.

use super::auth::{MaybeUser, known_browser, start_session};
use super::csrf::{CsrfForm, CsrfToken, csrf_field, layout};
use super::limits::client_ip;
use super::pages::{SetupPage, SignupPage};
use super::{AppState, WebError, render, see_other};
use crate::app::accounts::{may_sign_up, new_account, register};
use crate::domain::user::{SignUp, parse_display_name};
use crate::domain::{Role, UserId};
use crate::store::{SetupError, Taken};
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;

#[derive(Deserialize)]
pub struct SetupForm {
    csrf: String,
    username: String,
    email: String,
    #[serde(default)]
    display_name: String,
    password: String,
    password_confirm: String,
}

pub async fn setup_form(
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
) -> Result<HttpResponse, WebError> {
    if state.site_ready().await? {
        // Set up already: someone signed in has nothing to do here.
        return Ok(see_other(if user.0.is_some() { "/" } else { "/login" }));
    }
    let page = SetupPage {
        layout: layout(&user, &csrf),
        error: None,
        username: String::new(),
        email: String::new(),
        display_name: String::new(),
    };
    render(StatusCode::OK, &page)
}

pub async fn setup(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: MaybeUser,
    csrf: CsrfToken,
    form: CsrfForm<SetupForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.into_inner();
    let again = |error: String, status: StatusCode| {
        let page = SetupPage {
            layout: layout(&user, &csrf),
            error: Some(error),
            username: form.username.clone(),
            email: form.email.clone(),
            display_name: form.display_name.clone(),
        };
        render(status, &page)
    };
    if state.site_ready().await? {
        return Err(WebError::Forbidden(
            "This site already has an administrator.".into(),
        ));
    }
    let parsed = SignUp::parse(
        &form.username,
        &form.email,
        &form.password,
        &form.password_confirm,
    )
    .and_then(|fields| {
        Ok((
            parse_display_name(&form.display_name, &fields.username)?,
            fields,
        ))
    });
    let (display_name, fields) = match parsed {
        Ok(parsed) => parsed,
        Err(e) => return again(e.0, StatusCode::UNPROCESSABLE_ENTITY),
    };
    let admin = new_account(UserId::new(), fields, display_name, Role::Admin).await?;
    let admin = match state.store.create_first_admin(&state.site, admin).await {
        Ok(admin) => admin,
        Err(SetupError::AlreadySetUp) => {
            return Err(WebError::Forbidden(
                "This site already has an administrator.".into(),
            ));
        }
        Err(SetupError::Taken(Taken::Username)) => {
            return again(
                "That user name is already taken.".into(),
                StatusCode::CONFLICT,
            );
        }
        Err(SetupError::Taken(Taken::Email)) => {
            return again(
                "That e-mail address is already in use.".into(),
                StatusCode::CONFLICT,
            );
        }
        Err(SetupError::Store(e)) => return Err(e.into()),
    };
    let cookies = start_session(&state, &req, &admin).await?;
    // The browser an account began in is one it knows.
    let (_, remembered) = known_browser(&state, &req, &admin).await?;
    let mut response = see_other("/write");
    for cookie in cookies.into_iter().chain([remembered]) {
        response
            .add_cookie(&cookie)
            .map_err(|e| WebError::Internal(e.to_string()))?;
    }
    Ok(response)
}

pub async fn signup_form(
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
) -> Result<HttpResponse, WebError> {
    if user.0.is_some() {
        return Ok(see_other("/account"));
    }
    if !state.site_ready().await? {
        return Ok(see_other("/setup"));
    }
    let page = SignupPage {
        layout: layout(&user, &csrf),
        error: None,
        username: String::new(),
        email: String::new(),
    };
    render(StatusCode::OK, &page)
}

#[derive(Deserialize)]
pub struct SignupForm {
    csrf: String,
    username: String,
    email: String,
    password: String,
    password_confirm: String,
}

csrf_field!(SetupForm, SignupForm);

/// Creates a reader account, the user name and e-mail address claimed together; an
/// administrator can make the reader an author later.
pub async fn signup(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: MaybeUser,
    csrf: CsrfToken,
    form: CsrfForm<SignupForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.into_inner();
    may_sign_up(&state.ctx(), &client_ip(&req)).await?;
    let again = |error: &str, status: StatusCode| {
        let page = SignupPage {
            layout: layout(&user, &csrf),
            error: Some(error.to_owned()),
            username: form.username.clone(),
            email: form.email.clone(),
        };
        render(status, &page)
    };
    let fields = match SignUp::parse(
        &form.username,
        &form.email,
        &form.password,
        &form.password_confirm,
    ) {
        Ok(fields) => fields,
        Err(e) => return again(&e.0, StatusCode::UNPROCESSABLE_ENTITY),
    };
    let role = state.new_account_role();
    let created = match register(&state.ctx(), fields, role).await? {
        Ok(created) => created,
        Err(Taken::Username) => {
            return again("That user name is already taken.", StatusCode::CONFLICT);
        }
        Err(Taken::Email) => {
            return again(
                "That e-mail address already has an account.",
                StatusCode::CONFLICT,
            );
        }
    };
    let cookies = start_session(&state, &req, &created).await?;
    // The browser an account began in is one it knows.
    let (_, remembered) = known_browser(&state, &req, &created).await?;
    let mut response = see_other(if created.email.is_unconfirmed() {
        "/account?saved=signed-up"
    } else {
        "/account"
    });
    for cookie in cookies.into_iter().chain([remembered]) {
        response
            .add_cookie(&cookie)
            .map_err(|e| WebError::Internal(e.to_string()))?;
    }
    Ok(response)
}
