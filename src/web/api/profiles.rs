//! Profiles: what the API shows of an account, to anyone.

use super::{ApiError, ApiResult, Caller, Errors, MaybeCaller};
use crate::domain::{User, UserId, Username, now};
use crate::store::SocialError;
use crate::web::AppState;
use actix_web::{HttpResponse, delete, get, post, web};
use serde::Serialize;
use std::collections::HashMap;
use utoipa::ToSchema;

#[derive(Serialize, ToSchema)]
pub struct ProfileBody {
    profile: ProfileView,
}

/// An account as others see it.
#[derive(Serialize, ToSchema, Clone)]
pub struct ProfileView {
    username: String,
    bio: Option<String>,
    /// The address of a picture of them, or null.
    image: Option<String>,
    /// Whether the caller follows this account.
    following: bool,
}

impl ProfileView {
    pub fn of(user: &User, following: bool) -> Self {
        Self {
            username: user.username.as_str().to_owned(),
            bio: (!user.bio.is_empty()).then(|| user.bio.clone()),
            image: (!user.image.is_empty()).then(|| user.image.clone()),
            following,
        }
    }

    /// An author whose account is not known to a list row (rows older than the column
    /// that names it): their name as the row gives it.
    pub fn named(name: &str) -> Self {
        Self {
            username: name.to_owned(),
            bio: None,
            image: None,
            following: false,
        }
    }
}

/// The account a user name in a path names: 404 when there is none.
pub(super) async fn account(state: &AppState, username: &str) -> ApiResult<User> {
    let name = Username::parse(username).map_err(|_| ApiError::not_found("profile"))?;
    state
        .store
        .author_by_name(&name)
        .await?
        .filter(|u| !crate::app::deletion::is_deleted(u))
        .ok_or_else(|| ApiError::not_found("profile"))
}

/// The accounts of the authors of some articles or comments: one read per account,
/// however many each wrote.
pub(super) async fn accounts(
    state: &AppState,
    ids: impl Iterator<Item = UserId>,
) -> ApiResult<HashMap<UserId, User>> {
    let mut found = HashMap::new();
    for id in ids {
        if found.contains_key(&id) {
            continue;
        }
        if let Some(user) = state.store.user(id).await? {
            found.insert(id, user);
        }
    }
    Ok(found)
}

/// An account's profile.
#[utoipa::path(
    tag = "Profile",
    params(("username" = String, Path, description = "The account's user name")),
    responses(
        (status = 200, description = "The profile", body = ProfileBody),
        (status = 401, description = "A token was sent, and it is not valid", body = Errors),
        (status = 404, description = "No such account", body = Errors),
    )
)]
#[get("/profiles/{username}")]
pub async fn show_profile(
    state: web::Data<AppState>,
    caller: MaybeCaller,
    username: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let user = account(&state, &username).await?;
    let following = match caller.user() {
        Some(me) => !state
            .store
            .follows_among(&state.site, me.id, &[user.id])
            .await?
            .is_empty(),
        None => false,
    };
    Ok(HttpResponse::Ok().json(ProfileBody {
        profile: ProfileView::of(&user, following),
    }))
}

/// Follows an account: its articles come in the caller's feed (again: nothing changes).
#[utoipa::path(
    tag = "Profile",
    params(("username" = String, Path, description = "The account's user name")),
    responses(
        (status = 200, description = "The profile, followed", body = ProfileBody),
        (status = 401, description = "No valid token", body = Errors),
        (status = 404, description = "No such account", body = Errors),
        (status = 422, description = "The caller's own account, or the caller follows the most accounts there can be", body = Errors),
    ),
    security(("Token" = []))
)]
#[post("/profiles/{username}/follow")]
pub async fn follow(
    state: web::Data<AppState>,
    caller: Caller,
    username: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let user = account(&state, &username).await?;
    if user.id == caller.user.id {
        return Err(ApiError::invalid("you cannot follow yourself"));
    }
    match state
        .store
        .follow(&state.site, caller.user.id, user.id, now())
        .await
    {
        Ok(()) => {}
        Err(SocialError::Store(e)) => return Err(e.into()),
        Err(e) => return Err(ApiError::invalid(e.to_string())),
    }
    Ok(HttpResponse::Ok().json(ProfileBody {
        profile: ProfileView::of(&user, true),
    }))
}

/// Stops following an account (again: nothing changes).
#[utoipa::path(
    tag = "Profile",
    params(("username" = String, Path, description = "The account's user name")),
    responses(
        (status = 200, description = "The profile, not followed", body = ProfileBody),
        (status = 401, description = "No valid token", body = Errors),
        (status = 404, description = "No such account", body = Errors),
    ),
    security(("Token" = []))
)]
#[delete("/profiles/{username}/follow")]
pub async fn unfollow(
    state: web::Data<AppState>,
    caller: Caller,
    username: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let user = account(&state, &username).await?;
    state
        .store
        .unfollow(&state.site, caller.user.id, user.id)
        .await?;
    Ok(HttpResponse::Ok().json(ProfileBody {
        profile: ProfileView::of(&user, false),
    }))
}
