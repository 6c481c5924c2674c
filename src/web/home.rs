use super::auth::MaybeUser;
use super::csrf::{CsrfToken, layout};
use super::lists::{PageQuery, Paged, paged, pager};
use super::page_cache::cacheable;
use super::pages::HomePage;
use super::{AppState, WebError, render};
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

/// The newest posts: one read of the front page, one of their comment counts; older
/// pages (`?after=`) go back through the archive to the first post. Only an empty site
/// also asks whether it has been set up.
pub async fn show(
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, WebError> {
    let at = query.at()?;
    let outcome = state
        .store
        .home_page(&state.site, at, state.front_page_size)
        .await;
    let page = match paged(outcome, at, "/", "the home page")? {
        Paged::Page(page) => page,
        Paged::Answer(answer) => return Ok(answer),
    };
    let setup_needed = page.posts.is_empty() && !state.site_ready().await?;
    let page = HomePage {
        // The home page is described by the site's own description.
        layout: layout(&user, &csrf),
        pager: pager("/", &page),
        posts: super::lists::with_counts(&state, page.posts).await?,
        setup_needed,
    };
    render(StatusCode::OK, &page).map(cacheable)
}
