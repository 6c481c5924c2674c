//! Deleting a post or a page: `/posts/{slug}/delete` asks for confirmation, then deletes
//! it with everything hanging from it (see [`crate::app::deletion`]); its address and short
//! link answer 410 Gone afterwards. Its author (of a post) or an administrator.

use super::auth::{Author, MaybeUser};
use super::csrf::{CsrfForm, CsrfOnly, CsrfToken, layout};
use super::pages::DeletePage;
use super::{AppState, WebError, render, see_other};
use crate::app::posts;
use crate::urls;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

/// What deleting the post takes with it, and the button that does it.
pub async fn confirm(
    state: web::Data<AppState>,
    author: Author,
    csrf: CsrfToken,
    slug: web::Path<String>,
) -> Result<HttpResponse, WebError> {
    let post = posts::editable(&state.ctx(), &author.0, &slug).await?;
    let slug = post.slug.as_str();
    let count = |counts: Vec<(crate::domain::PostId, u64)>| counts.first().map_or(0, |c| c.1);
    let ids = [post.id];
    let comments = count(
        state
            .store
            .approved_comment_counts(&state.site, &ids)
            .await?,
    ) + count(
        state
            .store
            .pending_comment_counts(&state.site, &ids)
            .await?,
    );
    let page = DeletePage {
        layout: layout(&MaybeUser(Some(author.0.clone())), &csrf),
        title: post.title.as_str().to_owned(),
        url: urls::text_url(slug, post.is_page(), None),
        action: urls::delete(slug),
        page: post.is_page(),
        revisions: post.revision,
        comments,
        short_url: urls::short_link(post.short_id),
    };
    render(StatusCode::OK, &page)
}

/// Deletes the post, then goes to the list it was on (the desk, or the pages).
pub async fn delete(
    state: web::Data<AppState>,
    author: Author,
    slug: web::Path<String>,
    _form: CsrfForm<CsrfOnly>,
) -> Result<HttpResponse, WebError> {
    let post = posts::editable(&state.ctx(), &author.0, &slug).await?;
    crate::app::deletion::delete_post(&state.ctx(), post.id).await?;
    if post.is_page() {
        state.reread_frame().await;
        return Ok(see_other("/admin/pages"));
    }
    Ok(see_other("/desk"))
}
