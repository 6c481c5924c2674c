use super::auth::{CsrfToken, MaybeUser, layout};
use super::pages::HomePage;
use super::{AppState, WebError, render};
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

/// The newest posts: one read of the front page, one of their comment counts. Only an
/// empty site also asks whether it has been set up.
pub async fn show(
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
) -> Result<HttpResponse, WebError> {
    let posts = state
        .store
        .front_page(&state.site, state.front_page_size)
        .await?;
    let setup_needed = posts.is_empty() && !state.site_ready().await?;
    let page = HomePage {
        layout: layout(&user, &csrf),
        posts: super::comments::with_counts(&state, posts).await?,
        setup_needed,
    };
    render(StatusCode::OK, &page)
}
