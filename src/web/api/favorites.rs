//! Favorites: an account keeps articles it likes; each article shows how many do.

use super::articles::{ArticleBody, article_at, single};
use super::{ApiError, ApiResult, Caller, Errors};
use crate::domain::{PostStatus, now};
use crate::store::SocialError;
use crate::web::AppState;
use actix_web::{HttpResponse, delete, post, web};

/// The article a path names, published: what can be chosen as a favorite.
async fn published(
    state: &AppState,
    caller: &Caller,
    slug: &str,
) -> ApiResult<crate::domain::Post> {
    let post = article_at(state, slug, Some(&caller.user)).await?;
    if post.status != PostStatus::Published {
        return Err(ApiError::not_found("article"));
    }
    Ok(post)
}

/// Keeps an article as a favorite (again: nothing changes).
#[utoipa::path(
    tag = "Favorites",
    params(("slug" = String, Path, description = "The article's slug")),
    responses(
        (status = 200, description = "The article, favorited", body = ArticleBody),
        (status = 401, description = "No valid token", body = Errors),
        (status = 404, description = "No such article", body = Errors),
        (status = 422, description = "The caller keeps the most favorites there can be", body = Errors),
    ),
    security(("Token" = []))
)]
#[post("/articles/{slug}/favorite")]
pub async fn favorite(
    state: web::Data<AppState>,
    caller: Caller,
    slug: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let post = published(&state, &caller, &slug).await?;
    match state
        .store
        .favorite(&state.site, caller.user.id, post.id, now())
        .await
    {
        Ok(_) => {}
        Err(SocialError::Store(e)) => return Err(e.into()),
        Err(e) => return Err(ApiError::invalid(e.to_string())),
    }
    Ok(HttpResponse::Ok().json(single(&state, Some(&caller.user), &post).await?))
}

/// Gives up an article as a favorite (again: nothing changes).
#[utoipa::path(
    tag = "Favorites",
    params(("slug" = String, Path, description = "The article's slug")),
    responses(
        (status = 200, description = "The article, not favorited", body = ArticleBody),
        (status = 401, description = "No valid token", body = Errors),
        (status = 404, description = "No such article", body = Errors),
    ),
    security(("Token" = []))
)]
#[delete("/articles/{slug}/favorite")]
pub async fn unfavorite(
    state: web::Data<AppState>,
    caller: Caller,
    slug: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let post = published(&state, &caller, &slug).await?;
    state
        .store
        .unfavorite(&state.site, caller.user.id, post.id)
        .await?;
    Ok(HttpResponse::Ok().json(single(&state, Some(&caller.user), &post).await?))
}
