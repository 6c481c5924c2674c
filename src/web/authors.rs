//! Author pages (seed 001's Authors): who they are and what they published here.

use super::auth::{CsrfToken, MaybeUser, layout};
use super::pages::AuthorPage;
use super::paths;
use super::{AppState, WebError, render};
use crate::domain::Username;
use crate::store::PageError;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

#[derive(Deserialize)]
pub struct AuthorQuery {
    after: Option<String>,
}

pub async fn show(
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    username: web::Path<String>,
    query: web::Query<AuthorQuery>,
) -> Result<HttpResponse, WebError> {
    let username = Username::parse(&username).map_err(|_| WebError::NotFound)?;
    let author = state
        .store
        .author_by_name(&username)
        .await?
        .filter(|a| !a.banned)
        .ok_or(WebError::NotFound)?;
    let after = query.after.as_deref().filter(|a| !a.is_empty());
    let page = state
        .store
        .posts_by_author(&state.site, author.id, after, state.front_page_size)
        .await
        .map_err(|e| match e {
            PageError::BadCursor => WebError::BadRequest(
                "This page link is broken. Start again from the author's first page.".into(),
            ),
            PageError::Store(e) => e.into(),
        })?;
    let page = AuthorPage {
        layout: layout(&user, &csrf),
        display_name: author.display_name,
        username: author.username.as_str().to_owned(),
        bio_paragraphs: author
            .bio
            .split("\n\n")
            .map(|p| p.trim().to_owned())
            .filter(|p| !p.is_empty())
            .collect(),
        homepage: author.homepage,
        posts: super::comments::with_counts(&state, page.posts).await?,
        next: page
            .next
            .map(|cursor| paths::author_after(author.username.as_str(), &cursor)),
    };
    render(StatusCode::OK, &page)
}
