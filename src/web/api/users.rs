//! Users and authentication: sign-up, sign-in, the current user, and signing out (an
//! addition to the specification, which has none). Changing the user is
//! [`super::user_update`]'s.

use super::caller::{issue_token, session_of};
use super::{ApiError, ApiResult, Caller, Errors, MaybeCaller};
use crate::app::accounts::{SignInFailure, authenticate, may_sign_up, register, signing_in};
use crate::app::factors::{self, Passed};
use crate::app::sessions::{tell_of_new_sign_in, tell_of_recovery_code};
use crate::domain::session::SessionKind;
use crate::domain::user::SignUp;
use crate::domain::{Email, User};
use crate::store::Taken;
use crate::web::AppState;
use crate::web::auth::session_details;
use crate::web::limits::client_ip;
use actix_web::{HttpRequest, HttpResponse, delete, get, post, web};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The signed-in user, with a token.
#[derive(Serialize, ToSchema)]
pub struct UserBody {
    user: UserView,
}

#[derive(Serialize, ToSchema)]
struct UserView {
    email: String,
    token: String,
    username: String,
    bio: Option<String>,
    /// The address of a picture of them, or null.
    image: Option<String>,
}

pub(super) fn user_body(user: &User, token: String) -> UserBody {
    UserBody {
        user: UserView {
            email: user.email.as_str().to_owned(),
            token,
            username: user.username.as_str().to_owned(),
            bio: (!user.bio.is_empty()).then(|| user.bio.clone()),
            image: (!user.image.is_empty()).then(|| user.image.clone()),
        },
    }
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewUserBody {
    user: NewUserFields,
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct NewUserFields {
    username: String,
    email: String,
    password: String,
}

/// The message of a value someone else holds.
pub(super) fn taken(taken: Taken) -> ApiError {
    ApiError::invalid(match taken {
        Taken::Username => "username has already been taken",
        Taken::Email => "email has already been taken",
    })
}

/// Signs up: a reader (an author where new accounts may write), signed in at once.
#[utoipa::path(
    tag = "User and Authentication",
    request_body = NewUserBody,
    responses(
        (status = 201, description = "The new account, signed in", body = UserBody),
        (status = 422, description = "Not valid, or taken", body = Errors),
    )
)]
#[post("/users")]
pub async fn register_user(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: web::Json<NewUserBody>,
) -> ApiResult<HttpResponse> {
    let fields = body.into_inner().user;
    let ip = client_ip(&req);
    may_sign_up(&state.ctx(), &ip).await?;
    let sign_up = SignUp::parse(
        &fields.username,
        &fields.email,
        &fields.password,
        &fields.password,
    )?;
    let user = register(&state.ctx(), sign_up, state.new_account_role())
        .await?
        .map_err(taken)?;
    let token = issue_token(&state, &user, session_details(&req, SessionKind::Api)).await?;
    Ok(HttpResponse::Created().json(user_body(&user, token)))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LoginBody {
    user: LoginFields,
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct LoginFields {
    email: String,
    password: String,
    /// For an account with two-step sign-in: a code of its authenticator app, or one of
    /// its recovery codes.
    #[serde(default)]
    code: Option<String>,
}

/// Signs in by e-mail address and password: a new token.
#[utoipa::path(
    tag = "User and Authentication",
    request_body = LoginBody,
    responses(
        (status = 200, description = "Signed in", body = UserBody),
        (status = 401, description = "No such account, another password, or (for an account with two-step sign-in) no right code", body = Errors),
        (status = 403, description = "The account is suspended", body = Errors),
        (status = 422, description = "The request cannot be read", body = Errors),
        (status = 429, description = "Too many attempts (sign-ins from the address, or codes tried for the account)", body = Errors),
    )
)]
#[post("/users/login")]
pub async fn login(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: web::Json<LoginBody>,
) -> ApiResult<HttpResponse> {
    let fields = body.into_inner().user;
    // By e-mail address only, as the specification says.
    let email = Email::parse(&fields.email)
        .map_err(|_| ApiError::unauthorized("email or password is invalid"))?;
    let user = match authenticate(
        &state.ctx(),
        &client_ip(&req),
        email.as_str(),
        &fields.password,
    )
    .await?
    {
        Ok(user) => user,
        Err(SignInFailure::Wrong) => {
            return Err(ApiError::unauthorized("email or password is invalid"));
        }
        Err(SignInFailure::Suspended) => {
            return Err(ApiError::forbidden("this account has been suspended"));
        }
    };
    let details = session_details(&req, SessionKind::Api);
    // An account with a second factor needs its code too (or a token made on its
    // security page).
    let ctx = state.ctx();
    let mut recovery_left = None;
    let steps = factors::steps(&ctx, user.id).await?;
    if steps.passkey && !steps.code {
        return Err(ApiError::unauthorized(
            "this account's second step is a passkey, which a program cannot give: make a token on its security page",
        ));
    }
    if steps.code {
        let Some(code) = fields.code.as_deref().filter(|c| !c.trim().is_empty()) else {
            return Err(ApiError::unauthorized(
                "this account signs in in two steps: send a code of its authenticator app as user.code",
            ));
        };
        match factors::second_step(&ctx, &client_ip(&req), &user, code).await? {
            Ok(Passed::RecoveryCode(left)) => recovery_left = Some(left),
            Ok(Passed::Authenticator) => {}
            Err(_) => {
                return Err(ApiError::unauthorized(
                    "code is invalid or was used already",
                ));
            }
        }
    }
    let Ok(user) = signing_in(&ctx, user).await? else {
        return Err(ApiError::forbidden("this account has been suspended"));
    };
    let token = issue_token(&state, &user, details.clone()).await?;
    // A program keeps no mark of the accounts it signed in to: every sign-in through the
    // API is told to the account.
    match recovery_left {
        Some(left) => {
            tell_of_recovery_code(&ctx, &user, &details.agent, &details.address, true, left)
        }
        None => tell_of_new_sign_in(&ctx, &user, &details.agent, &details.address, true),
    }
    Ok(HttpResponse::Ok().json(user_body(&user, token)))
}

/// Signs out: the token's session ends, and the token works no more.
#[utoipa::path(
    tag = "User and Authentication",
    responses(
        (status = 204, description = "Signed out"),
        (status = 401, description = "No valid token", body = Errors),
    ),
    security(("Token" = []))
)]
#[delete("/users/login")]
pub async fn logout(state: web::Data<AppState>, caller: MaybeCaller) -> ApiResult<HttpResponse> {
    // Signing out is never refused for want of a second factor.
    let caller = caller
        .0
        .ok_or_else(|| ApiError::unauthorized("sign in first: send Authorization: Token <jwt>"))?;
    let secret = state.api_secret().await?;
    if let Some(session) = session_of(secret, state.site.as_str(), &caller.token) {
        state.store.delete_session(&session).await?;
    }
    Ok(HttpResponse::NoContent().finish())
}

/// The signed-in user.
#[utoipa::path(
    tag = "User and Authentication",
    responses(
        (status = 200, description = "The signed-in user", body = UserBody),
        (status = 401, description = "No valid token", body = Errors),
    ),
    security(("Token" = []))
)]
#[get("/user")]
pub async fn current_user(caller: Caller) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(user_body(&caller.user, caller.token)))
}
