//! Tag pages (seed 001's Tag rows): a tag's posts, newest first, a page at a time.

use super::archive::{PageQuery, Paged, paged, pager};
use super::auth::{CsrfToken, MaybeUser, layout};
use super::pages::{TagLink, TagPage};
use super::paths;
use super::{AppState, WebError, render};
use crate::domain::Tag;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

pub async fn show(
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    tag: web::Path<String>,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, WebError> {
    let tag = Tag::parse(&tag).map_err(|_| WebError::NotFound)?;
    let at = query.at()?;
    let base = paths::tag(tag.as_str());
    let outcome = state
        .store
        .tag_page(&state.site, &tag, at, state.front_page_size)
        .await;
    let page = match paged(outcome, at, &base, "the first page of the tag")? {
        Paged::Page(page) => page,
        Paged::Answer(answer) => return Ok(answer),
    };
    if page.posts.is_empty() {
        return Err(WebError::NotFoundWith(format!(
            "No post is tagged “{}”.",
            tag.as_str()
        )));
    }
    let page = TagPage {
        layout: layout(&user, &csrf),
        tag: tag.as_str().to_owned(),
        pager: pager(&base, &page),
        feed: paths::tag_feed(tag.as_str()),
        posts: super::comments::with_counts(&state, page.posts).await?,
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
