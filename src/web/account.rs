//! Site set-up (the first administrator), sign-in and sign-out.

use super::auth::{
    CsrfForm, CsrfOnly, CsrfToken, MaybeUser, csrf_field, end_session, layout, start_session,
};
use super::limits::client_ip;
use super::pages::{LoginPage, SetupPage, SignupPage};
use super::{AppState, WebError, render, see_other};
use crate::app::accounts::{SignInFailure, authenticate, may_sign_up, new_account, register};
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
    let cookies = start_session(&state, &admin).await?;
    let mut response = see_other("/write");
    for cookie in cookies {
        response
            .add_cookie(&cookie)
            .map_err(|e| WebError::Internal(e.to_string()))?;
    }
    Ok(response)
}

#[derive(Deserialize)]
pub struct NextQuery {
    #[serde(default)]
    next: String,
    /// `1`: back from setting a new password with a reset link.
    #[serde(default)]
    reset: String,
}

/// Only a path on this site may follow sign-in: never `//host` or `https://host`.
fn safe_next(next: &str) -> String {
    // Browsers drop tabs and line breaks inside URLs, so "/\t/host" would become
    // "//host": no control character may appear at all.
    let local = next.starts_with('/')
        && !next.starts_with("//")
        && !next.contains('\\')
        && !next.chars().any(char::is_control);
    if local {
        next.to_owned()
    } else {
        "/".to_owned()
    }
}

pub async fn login_form(
    user: MaybeUser,
    csrf: CsrfToken,
    query: web::Query<NextQuery>,
) -> Result<HttpResponse, WebError> {
    let page = LoginPage {
        layout: layout(&user, &csrf),
        error: None,
        login: String::new(),
        next: safe_next(&query.next),
        reset: query.reset == "1",
    };
    render(StatusCode::OK, &page)
}

#[derive(Deserialize)]
pub struct LoginForm {
    csrf: String,
    login: String,
    password: String,
    #[serde(default)]
    next: String,
}

pub async fn login(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: MaybeUser,
    csrf: CsrfToken,
    form: CsrfForm<LoginForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.into_inner();
    let signed_in =
        match authenticate(&state.ctx(), &client_ip(&req), &form.login, &form.password).await? {
            Ok(user) => user,
            Err(SignInFailure::Wrong) => {
                let page = LoginPage {
                    layout: layout(&user, &csrf),
                    error: Some("Wrong user name, e-mail address or password.".into()),
                    login: form.login,
                    next: safe_next(&form.next),
                    reset: false,
                };
                return render(StatusCode::UNAUTHORIZED, &page);
            }
            Err(SignInFailure::Suspended) => {
                return Err(WebError::Forbidden(
                    "This account has been suspended.".into(),
                ));
            }
        };
    // A new session every sign-in; the old one, if any, ends.
    end_session(&state, &req).await?;
    let cookies = start_session(&state, &signed_in).await?;
    let mut response = see_other(&safe_next(&form.next));
    for cookie in cookies {
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

csrf_field!(SetupForm, LoginForm, SignupForm);

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
    let cookies = start_session(&state, &created).await?;
    let mut response = see_other(if created.email.is_unconfirmed() {
        "/account?saved=signed-up"
    } else {
        "/account"
    });
    for cookie in cookies {
        response
            .add_cookie(&cookie)
            .map_err(|e| WebError::Internal(e.to_string()))?;
    }
    Ok(response)
}

pub async fn logout(
    state: web::Data<AppState>,
    req: HttpRequest,
    _form: CsrfForm<CsrfOnly>,
) -> Result<HttpResponse, WebError> {
    let gone = end_session(&state, &req).await?;
    let mut response = see_other("/");
    response
        .add_cookie(&gone)
        .map_err(|e| WebError::Internal(e.to_string()))?;
    Ok(response)
}

#[cfg(test)]
mod tests {
    use super::safe_next;

    #[test]
    fn only_local_paths_follow_sign_in() {
        assert_eq!(safe_next("/write"), "/write");
        assert_eq!(safe_next("//evil.example"), "/");
        assert_eq!(safe_next("https://evil.example"), "/");
        assert_eq!(safe_next("/\\evil.example"), "/");
        assert_eq!(safe_next(""), "/");
        assert_eq!(safe_next("/\t/evil.example"), "/");
        assert_eq!(
            safe_next("/posts/x/diff?from=1&to=2"),
            "/posts/x/diff?from=1&to=2"
        );
    }
}
