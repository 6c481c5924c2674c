//! `/search`: published texts by their words, with the passage that has them, a page at
//! a time. A GET form, so a result page can be linked and kept.

use super::auth::MaybeUser;
use super::csrf::{CsrfToken, layout};
use super::pages::{Dated, SearchPageView, SearchResultView};
use super::{AppState, WebError, render};
use crate::domain::Locale;
use crate::domain::search::{SearchQuery, passage};
use crate::store::PageError;
use crate::urls;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

/// How many results a page shows.
pub const RESULTS_PAGE: usize = 10;

#[derive(Deserialize)]
pub struct SearchParams {
    q: Option<String>,
    after: Option<String>,
}

pub async fn show(
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    params: web::Query<SearchParams>,
) -> Result<HttpResponse, WebError> {
    let params = params.into_inner();
    let mut page = SearchPageView {
        layout: layout(&user, &csrf).describing("Search the published posts."),
        query: params.q.clone().unwrap_or_default(),
        results: Vec::new(),
        more: None,
        searched: false,
        error: None,
    };
    // The page itself, before anything was asked.
    let Some(typed) = params.q else {
        return render(StatusCode::OK, &page);
    };
    let query = match SearchQuery::parse(&typed) {
        Ok(query) => query,
        Err(invalid) => {
            // Shown as typed, but never more than the form accepts.
            page.query = typed.chars().take(200).collect();
            page.error = Some(invalid.0);
            return render(StatusCode::BAD_REQUEST, &page);
        }
    };
    let found = state
        .store
        .search(&state.site, &query, params.after.as_deref(), RESULTS_PAGE)
        .await;
    let found = match found {
        Ok(found) => found,
        Err(PageError::BadCursor) => {
            page.error =
                Some("This link to more results is broken; the search below starts again.".into());
            return render(StatusCode::BAD_REQUEST, &page);
        }
        Err(PageError::Store(e)) => return Err(e.into()),
    };
    page.searched = true;
    page.results = found
        .hits
        .into_iter()
        .map(|hit| {
            let lang = (hit.locale != Locale::Neutral).then_some(&hit.locale);
            SearchResultView {
                url: urls::post_in(hit.slug.as_str(), lang),
                title: hit.title,
                lang: lang.map(Locale::hreflang),
                date: Dated::new(hit.published),
                passage: passage(&hit.passage_source, &query),
            }
        })
        .collect();
    page.more = found.next.map(|next| {
        format!(
            "/search?q={}&after={}",
            urls::encode_component(&query.text),
            urls::encode_component(&next)
        )
    });
    render(StatusCode::OK, &page)
}
