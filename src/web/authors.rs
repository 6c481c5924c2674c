//! Author pages (the data model's authors): who they are and what they published here.

use super::auth::MaybeUser;
use super::csrf::{CsrfToken, layout};
use super::lists::{PageQuery, Paged, paged, pager};
use super::page_cache::cacheable;
use super::pages::AuthorPage;
use super::{AppState, WebError, render};
use crate::domain::Username;
use crate::urls;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

/// The author named `username` as they stand on this site (404 for none, or a banned
/// one), and what `posts` reads of their posts, read at the same time.
pub(super) async fn with_posts<T, F>(
    state: &AppState,
    username: &str,
    posts: impl FnOnce(crate::domain::UserId) -> F,
) -> Result<(crate::domain::User, T), WebError>
where
    F: std::future::Future<Output = T>,
{
    let username = Username::parse(username).map_err(|_| WebError::NotFound)?;
    let account = state
        .store
        .author_by_name(&username)
        .await?
        .ok_or(WebError::NotFound)?;
    let (author, posts) = tokio::join!(state.standing(account.clone()), posts(account.id));
    let author = author?;
    if author.banned {
        return Err(WebError::NotFound);
    }
    Ok((author, posts))
}

/// `/authors/id/{id}`: the page of the author with that account, by its current name
/// (a 302: names can change), as lists and posts link authors.
pub async fn by_id(
    state: web::Data<AppState>,
    id: web::Path<String>,
) -> Result<HttpResponse, WebError> {
    let id = uuid::Uuid::try_parse(&id).map_err(|_| WebError::NotFound)?;
    let author = match state.store.user(crate::domain::UserId(id)).await? {
        // As they stand on this site.
        Some(account) => Some(state.standing(account).await?),
        None => None,
    }
    .filter(|a| !a.banned)
    .ok_or(WebError::NotFound)?;
    Ok(HttpResponse::Found()
        .insert_header((
            actix_web::http::header::LOCATION,
            urls::author(author.username.as_str()),
        ))
        .finish())
}

pub async fn show(
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    username: web::Path<String>,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, WebError> {
    // A banned author has no page, whatever its address asks: the address is checked
    // once the author is known to have one.
    let (site, query) = (&state, &query);
    let (author, outcome) = with_posts(&state, &username, |id| async move {
        let at = query.at()?;
        Ok::<_, WebError>(
            site.store
                .posts_by_author(&site.site, id, at, site.front_page_size)
                .await,
        )
    })
    .await?;
    let (outcome, at) = (outcome?, query.at()?);
    let base = urls::author(author.username.as_str());
    let page = match paged(outcome, at, &base, "the author's first page")? {
        Paged::Page(page) => page,
        Paged::Answer(answer) => return Ok(answer),
    };
    let frame = layout(&user, &csrf);
    let description = if author.bio.trim().is_empty() {
        frame.t1("author-description", "name", &author.display_name)
    } else {
        author.bio.clone()
    };
    let page = AuthorPage {
        layout: frame.describing(&description),
        display_name: author.display_name,
        username: author.username.as_str().to_owned(),
        bio_paragraphs: author
            .bio
            .split("\n\n")
            .map(|p| p.trim().to_owned())
            .filter(|p| !p.is_empty())
            .collect(),
        homepage: author.homepage,
        image: author.image,
        pager: pager(&base, &page),
        feed: urls::author_feed(author.username.as_str()),
        posts: super::lists::with_counts(&state, page.posts).await?,
    };
    render(StatusCode::OK, &page).map(cacheable)
}
