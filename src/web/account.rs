//! Site set-up (the first administrator), sign-in and sign-out.

use super::auth::{
    CsrfForm, CsrfOnly, CsrfToken, MaybeUser, csrf_field, end_session, layout, start_session,
};
use super::limits::{Subject, client_ip};
use super::pages::{LoginPage, SetupPage, SignupPage};
use super::{AppState, WebError, render, see_other};
use crate::domain::password::dummy_hash;
use crate::domain::user::{Login, SignUp, parse_display_name};
use crate::domain::{Email, NewUser, Role, User, UserId, now};
use crate::store::{AccountError, SetupError, Taken};
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

/// A new account with its password hashed, on a blocking thread: argon2id takes tens of
/// milliseconds of CPU on purpose.
async fn new_account(
    id: UserId,
    fields: SignUp,
    display_name: String,
    role: Role,
) -> Result<NewUser, WebError> {
    let SignUp {
        username,
        email,
        password,
    } = fields;
    let password_hash = web::block(move || password.hash())
        .await
        .map_err(|e| WebError::Internal(format!("hashing: {e}")))?;
    Ok(NewUser {
        id,
        username,
        email,
        display_name,
        role,
        password_hash,
        created: now(),
    })
}

/// Why a sign-in was refused.
pub(super) enum SignInFailure {
    /// No such account, or another password: the two are not told apart.
    Wrong,
    /// The password is right, and the account banned.
    Suspended,
}

/// Checks a sign-in (a user name or e-mail address, and a password) against the rate
/// limits of its address and account, then the password, in the same time whether the
/// account exists or not. A failure counts against the account.
pub(super) async fn authenticate(
    state: &AppState,
    ip: &str,
    login: &str,
    password: &str,
) -> Result<Result<User, SignInFailure>, WebError> {
    state
        .check_limit(
            Subject::LoginFromIp(ip),
            "Too many sign-in attempts from your address.",
        )
        .await?;
    state.record_attempt(Subject::LoginFromIp(ip)).await?;
    let login = Login::parse(login).ok();
    let account = login.as_ref().map(|login| match login {
        Login::Username(key) => format!("name:{key}"),
        Login::Email(key) => format!("email:{key}"),
    });
    if let Some(account) = &account {
        state
            .check_limit(
                Subject::LoginFailuresFor(account),
                "Too many failed sign-ins for this account.",
            )
            .await?;
    }
    let found = match &login {
        Some(login) => state.store.user_by_login(login).await?,
        None => None,
    };
    // An unknown name costs the same hashing time as a wrong password.
    let hash = found
        .as_ref()
        .map_or_else(|| dummy_hash().clone(), |u| u.password_hash.clone());
    let typed = password.to_owned();
    let verified = web::block(move || hash.verify(&typed))
        .await
        .map_err(|e| WebError::Internal(format!("verifying: {e}")))?;
    let Some(signed_in) = found.filter(|_| verified) else {
        if let Some(account) = &account {
            state
                .record_attempt(Subject::LoginFailuresFor(account))
                .await?;
        }
        return Ok(Err(SignInFailure::Wrong));
    };
    // Told only to whoever knows the password.
    if signed_in.banned {
        return Ok(Err(SignInFailure::Suspended));
    }
    Ok(Ok(signed_in))
}

/// Makes an account of `role` from a valid sign-up, within the rate limit of its e-mail
/// address (the address it comes from is checked by [`may_sign_up`]): the account, or which of its unique
/// values someone else holds.
///
/// With mail on, the address given counts only once a link mailed to it is followed
/// (until then the account holds an unconfirmed placeholder of its own), and whether it
/// has an account already is told to its owner alone, by mail: the sign-up is answered
/// the same way either way, so it tells nobody which addresses have accounts. With mail
/// off, a taken address is refused, as nobody could be told otherwise.
pub(super) async fn register(
    state: &AppState,
    fields: SignUp,
    role: Role,
) -> Result<Result<User, Taken>, WebError> {
    state
        .check_limit(
            Subject::SignupFor(&fields.email.key()),
            "Too many sign-ups for this e-mail address.",
        )
        .await?;
    state
        .record_attempt(Subject::SignupFor(&fields.email.key()))
        .await?;
    let display_name = fields.username.as_str().to_owned();
    let id = UserId::new();
    let given = state.mailer.is_on().then(|| fields.email.clone());
    let fields = match &given {
        Some(_) => SignUp {
            email: Email::unconfirmed(id),
            ..fields
        },
        None => fields,
    };
    let new = new_account(id, fields, display_name, role).await?;
    match state.store.create_user(new).await {
        Ok(created) => {
            if let Some(given) = given {
                let (job, account) = (state.clone(), created.clone());
                state.jobs.errand(async move {
                    super::email_change::link_or_notice(&job, &account, &given).await;
                });
            }
            Ok(Ok(created))
        }
        Err(AccountError::Taken(taken)) => Ok(Err(taken)),
        Err(AccountError::NoSuchUser) => Err(WebError::Internal("new account vanished".into())),
        Err(AccountError::Store(e)) => Err(e.into()),
    }
}

/// Checks that the site is set up and that its address has sign-ups left, and counts
/// this one.
pub(super) async fn may_sign_up(state: &AppState, ip: &str) -> Result<(), WebError> {
    if !state.site_ready().await? {
        return Err(WebError::Forbidden(
            "This site has not been set up yet.".into(),
        ));
    }
    state
        .check_limit(
            Subject::SignupFromIp(ip),
            "Too many sign-ups from your address.",
        )
        .await?;
    state.record_attempt(Subject::SignupFromIp(ip)).await
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
        match authenticate(&state, &client_ip(&req), &form.login, &form.password).await? {
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
    may_sign_up(&state, &client_ip(&req)).await?;
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
    let created = match register(&state, fields, role).await? {
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
