//! Changing the signed-in user: its profile, and (with the current password) its user
//! name, e-mail address or password.

use super::caller::issue_token;
use super::users::{UserBody, taken, user_body};
use super::{ApiError, ApiResult, Caller, Errors};
use crate::app::AppError;
use crate::app::{accounts, confirmations};
use crate::domain::password::Password;
use crate::domain::session::SessionKind;
use crate::domain::user::Login;
use crate::domain::{Email, Profile, Username};
use crate::store::{AccountError, Taken};
use crate::web::AppState;
use crate::web::auth::session_details;
use crate::web::limits::Subject;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, put, web};
use serde::Deserialize;
use utoipa::ToSchema;

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct UpdateUserBody {
    user: UpdateUserFields,
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct UpdateUserFields {
    email: Option<String>,
    username: Option<String>,
    /// A new password; empty or absent: unchanged.
    password: Option<String>,
    bio: Option<String>,
    /// The address of a picture (https), or empty for none.
    image: Option<String>,
    /// The current password, needed to change the user name, e-mail address or
    /// password (an addition to the specification: the site's own pages ask for it
    /// too, so that a token in the wrong hands cannot take the account).
    current_password: Option<String>,
}

/// Changes the signed-in user. A field left out, or equal to what it is, changes
/// nothing; a new password ends every other session and gives a new token; a new
/// e-mail address, with mail on, counts once the link mailed to it is followed.
#[utoipa::path(
    tag = "User and Authentication",
    request_body = UpdateUserBody,
    responses(
        (status = 200, description = "The user as it is now", body = UserBody),
        (status = 401, description = "No valid token", body = Errors),
        (status = 403, description = "The current password is wrong or missing", body = Errors),
        (status = 422, description = "Not valid, or taken", body = Errors),
    ),
    security(("Token" = []))
)]
#[put("/user")]
pub async fn update_user(
    state: web::Data<AppState>,
    req: actix_web::HttpRequest,
    caller: Caller,
    body: web::Json<UpdateUserBody>,
) -> ApiResult<HttpResponse> {
    let fields = body.into_inner().user;
    let user = caller.user;
    // Everything is checked before anything is written.
    let username = match fields.username.as_deref() {
        Some(name) if name != user.username.as_str() => Some(Username::parse_chosen(name)?),
        _ => None,
    };
    let email = match fields.email.as_deref() {
        Some(e) if Email::parse(e).map(|e| e.key()).ok() != Some(user.email.key()) => {
            Some(Email::parse_chosen(e)?)
        }
        _ => None,
    };
    let password = match fields.password.as_deref() {
        Some(p) if !p.is_empty() => Some(Password::parse(p)?),
        _ => None,
    };
    let bio = fields.bio.as_deref().unwrap_or(&user.bio);
    let image = fields.image.as_deref().unwrap_or(&user.image);
    let profile = if bio != user.bio || image != user.image {
        Some(Profile::parse(
            &user.display_name,
            bio,
            &user.homepage,
            image,
            &user.username,
        )?)
    } else {
        None
    };
    if username.is_some() || email.is_some() || password.is_some() {
        // Guesses count against the account, as failed sign-ins do.
        let account = format!("name:{}", user.username.key());
        state
            .check_limit(
                Subject::LoginFailuresFor(&account),
                "Too many wrong passwords for this account.",
            )
            .await?;
        let typed = fields.current_password.as_deref().unwrap_or_default();
        let matches = accounts::password_matches(&user, typed).await?;
        if !matches {
            state
                .record_attempt(Subject::LoginFailuresFor(&account))
                .await?;
            return Err(ApiError::forbidden(
                "changing the username, email or password needs the current password in currentPassword",
            ));
        }
    }
    // Values someone else holds are refused before anything is written (a sign-up
    // between this check and the change can still take one: the change then fails with
    // what came before it written).
    for (wanted, held) in [
        (
            username
                .as_ref()
                .filter(|u| u.key() != user.username.key())
                .map(|u| u.as_str()),
            Taken::Username,
        ),
        // With mail on, whether an address has an account is told to its owner only.
        (
            email
                .as_ref()
                .filter(|_| !state.mailer.is_on())
                .map(|e| e.as_str()),
            Taken::Email,
        ),
    ] {
        if let Some(value) = wanted
            && state.store.is_claimed(&Login::parse(value)?).await?
        {
            return Err(taken(held));
        }
    }
    let failed = |e: AccountError| match e {
        AccountError::Taken(t) => taken(t),
        AccountError::NoSuchUser => ApiError::not_found("user"),
        AccountError::Store(e) => e.into(),
    };
    let mut now_is = user.clone();
    if let Some(profile) = profile {
        now_is = state
            .store
            .update_profile(user.id, &profile)
            .await
            .map_err(failed)?;
    }
    if let Some(name) = username {
        now_is = state
            .store
            .change_username(user.id, &name)
            .await
            .map_err(failed)?;
    }
    crate::app::page_cache::account_changed(&state.ctx(), user.id);
    if let Some(email) = email {
        if state.mailer.is_on() {
            if let Err(yours) =
                confirmations::ask_confirmation(&state.ctx(), &now_is, &email).await?
            {
                return Err(ApiError::invalid(yours.to_string()));
            }
        } else {
            now_is = state
                .store
                .change_email(user.id, &email)
                .await
                .map_err(failed)?;
        }
    }
    let mut token = caller.token;
    if let Some(password) = password {
        // Every session ends, this token's too: the new token is the one that works.
        accounts::change_password(&state.ctx(), user.id, password, None)
            .await
            .map_err(|e| match e {
                AppError::NotFound => ApiError::not_found("user"),
                e => e.into(),
            })?;
        token = issue_token(&state, &now_is, session_details(&req, SessionKind::Api)).await?;
    }
    Ok(HttpResponse::build(StatusCode::OK).json(user_body(&now_is, token)))
}
