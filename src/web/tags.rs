//! Tag pages (the data model's tag index): a tag's posts, newest first, a page at a time.

use super::auth::MaybeUser;
use super::csrf::{CsrfToken, layout};
use super::lists::{PageQuery, Paged, paged, pager};
use super::page_cache::cacheable;
use super::pages::{TagCountView, TagPage, TagsPage};
use super::{AppState, WebError, render};
use crate::domain::Tag;
use crate::urls;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

pub async fn show(
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    tag: web::Path<String>,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, WebError> {
    let tag = Tag::parse(&tag).map_err(|_| WebError::NotFound)?;
    let at = query.at()?;
    let base = urls::tag(tag.as_str());
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
        layout: {
            let frame = layout(&user, &csrf);
            let description = frame.t1("tag-description", "tag", tag.as_str());
            frame.describing(&description)
        },
        tag: tag.as_str().to_owned(),
        pager: pager(&base, &page),
        feed: urls::tag_feed(tag.as_str()),
        posts: super::lists::with_counts(&state, page.posts).await?,
    };
    render(StatusCode::OK, &page).map(cacheable)
}

/// How many tags a page of `/tags` lists.
pub const TAGS_PAGE: usize = 200;

#[derive(Deserialize)]
pub struct TagsQuery {
    after: Option<String>,
}

/// `/tags`: the site's tags, by name, with how many posts each has, a page at a time.
pub async fn index(
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    query: web::Query<TagsQuery>,
) -> Result<HttpResponse, WebError> {
    let after = match query.after.as_deref().filter(|a| !a.is_empty()) {
        None => None,
        Some(after) => Some(Tag::parse(after).map_err(|_| {
            WebError::BadRequest(
                "This page link is broken. Start again from the first page of tags.".into(),
            )
        })?),
    };
    let page = state
        .store
        .tag_counts(&state.site, after.as_ref(), TAGS_PAGE)
        .await?;
    let page = TagsPage {
        layout: layout(&user, &csrf)
            .describing("Every tag of the site, with how many posts each has."),
        tags: page
            .tags
            .into_iter()
            .map(|t| TagCountView {
                url: urls::tag(t.tag.as_str()),
                name: t.tag.as_str().to_owned(),
                posts: t.posts,
            })
            .collect(),
        more: page
            .next
            .map(|n| format!("{}?after={}", urls::tags(), urls::encode_component(&n))),
    };
    render(StatusCode::OK, &page).map(cacheable)
}
