//! Tag pages (seed 001's Tag rows): a tag's posts, newest first, a page at a time.

use super::auth::{CsrfToken, MaybeUser, layout};
use super::pages::{TagLink, TagPage};
use super::paths;
use super::{AppState, WebError, render};
use crate::domain::Tag;
use crate::store::PageError;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

#[derive(Deserialize)]
pub struct TagQuery {
    after: Option<String>,
}

pub async fn show(
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    tag: web::Path<String>,
    query: web::Query<TagQuery>,
) -> Result<HttpResponse, WebError> {
    let tag = Tag::parse(&tag).map_err(|_| WebError::NotFound)?;
    let after = query.after.as_deref().filter(|a| !a.is_empty());
    let page = state
        .store
        .tag_page(&state.site, &tag, after, state.front_page_size)
        .await
        .map_err(|e| match e {
            PageError::BadCursor => WebError::BadRequest(
                "This page link is broken. Start again from the first page of the tag.".into(),
            ),
            PageError::Store(e) => e.into(),
        })?;
    if page.posts.is_empty() && after.is_none() {
        return Err(WebError::NotFoundWith(format!(
            "No post is tagged “{}”.",
            tag.as_str()
        )));
    }
    let page = TagPage {
        layout: layout(&user, &csrf),
        tag: tag.as_str().to_owned(),
        posts: super::comments::with_counts(&state, page.posts).await?,
        next: page
            .next
            .map(|cursor| paths::tag_after(tag.as_str(), &cursor)),
    };
    render(StatusCode::OK, &page)
}

/// Tags and their pages, for the tag lists under posts.
pub fn tag_links(tags: &crate::domain::Tags) -> Vec<TagLink> {
    tags.iter()
        .map(|t| TagLink {
            name: t.as_str().to_owned(),
            url: paths::tag(t.as_str()),
        })
        .collect()
}
