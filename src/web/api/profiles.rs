//! Profiles: what the API shows of an account, to anyone.

use super::{ApiError, ApiResult, Errors, MaybeCaller};
use crate::domain::{User, UserId, Username};
use crate::web::AppState;
use actix_web::{HttpResponse, get, web};
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
    /// Sibyl keeps no profile pictures: always null.
    image: Option<String>,
    /// Whether the caller follows this account.
    following: bool,
}

impl ProfileView {
    pub fn of(user: &User, following: bool) -> Self {
        Self {
            username: user.username.as_str().to_owned(),
            bio: (!user.bio.is_empty()).then(|| user.bio.clone()),
            image: None,
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
        .filter(|u| !crate::deletion::is_deleted(u))
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
        (status = 404, description = "No such account", body = Errors),
    )
)]
#[get("/profiles/{username}")]
pub async fn show_profile(
    state: web::Data<AppState>,
    // A token, if sent, must be valid.
    _caller: MaybeCaller,
    username: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let user = account(&state, &username).await?;
    Ok(HttpResponse::Ok().json(ProfileBody {
        profile: ProfileView::of(&user, false),
    }))
}
