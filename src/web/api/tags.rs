//! Tags: the site's tags that have published posts.

use super::ApiResult;
use crate::web::AppState;
use actix_web::{HttpResponse, get, web};
use serde::Serialize;
use utoipa::ToSchema;

/// How many tags the list gives at most: the first, by name.
const TAGS_LISTED: usize = 100;

#[derive(Serialize, ToSchema)]
pub struct TagsBody {
    tags: Vec<String>,
}

/// The site's tags that have published posts: the first 100 by name (the site's page
/// of tags pages through them all).
#[utoipa::path(
    tag = "Tags",
    responses((status = 200, description = "Tags, by name", body = TagsBody))
)]
#[get("/tags")]
pub async fn list_tags(state: web::Data<AppState>) -> ApiResult<HttpResponse> {
    let page = state
        .store
        .tag_counts(&state.site, None, TAGS_LISTED)
        .await?;
    Ok(HttpResponse::Ok().json(TagsBody {
        tags: page
            .tags
            .into_iter()
            .map(|t| t.tag.as_str().to_owned())
            .collect(),
    }))
}
