//! What every list of posts shares (the home, tag, author, archive and desk pages): the
//! paging by `?after=` and `?before=` cursors, each row's comment count, and the tag links.

use super::pages::{Dated, Pager, SummaryView, TagLink};
use super::{AppState, WebError, see_other};
use crate::domain::PostSummary;
use crate::store::{ListPage, PageAt, PageError};
use crate::urls;
use actix_web::HttpResponse;
use serde::Deserialize;

/// Where a page of a list starts: `?after=<cursor>` (older posts) or `?before=<cursor>`
/// (newer posts), never both.
#[derive(Deserialize)]
pub struct PageQuery {
    after: Option<String>,
    before: Option<String>,
}

impl PageQuery {
    pub fn at(&self) -> Result<PageAt<'_>, WebError> {
        fn given(c: &Option<String>) -> Option<&str> {
            c.as_deref().filter(|c| !c.is_empty())
        }
        match (given(&self.after), given(&self.before)) {
            (None, None) => Ok(PageAt::Newest),
            (Some(after), None) => Ok(PageAt::Older(after)),
            (None, Some(before)) => Ok(PageAt::Newer(before)),
            (Some(_), Some(_)) => Err(WebError::BadRequest(
                "A page starts after one post or before one, not both.".into(),
            )),
        }
    }
}

/// What a list's page answers: the page, a broken cursor's 400 (`start` says where to
/// start again), a 404 past the end, or for a newer page that reaches the newest posts
/// a redirect to the list's first page.
pub enum Paged {
    Page(ListPage),
    Answer(HttpResponse),
}

pub fn paged(
    outcome: Result<ListPage, PageError>,
    at: PageAt<'_>,
    base: &str,
    start: &str,
) -> Result<Paged, WebError> {
    let page = outcome.map_err(|e| match e {
        PageError::BadCursor => WebError::BadRequest(format!(
            "This page link is broken. Start again from {start}."
        )),
        PageError::Store(e) => e.into(),
    })?;
    match at {
        PageAt::Older(_) if page.posts.is_empty() => Err(WebError::NotFoundWith(format!(
            "There are no older posts. Go back to {start}."
        ))),
        PageAt::Newer(_) if page.newer.is_none() => Ok(Paged::Answer(see_other(base))),
        _ => Ok(Paged::Page(page)),
    }
}

/// The links to the pages beside `page` of the list at `base`.
pub fn pager(base: &str, page: &ListPage) -> Pager {
    Pager {
        older: page
            .older
            .as_deref()
            .map(|c| urls::list_page(base, true, c)),
        newer: page
            .newer
            .as_deref()
            .map(|c| urls::list_page(base, false, c)),
    }
}

/// List rows with each post's approved comment count: one read for the whole list.
pub async fn with_counts(
    state: &AppState,
    posts: Vec<PostSummary>,
) -> Result<Vec<SummaryView>, WebError> {
    let ids: Vec<_> = posts.iter().map(|p| p.id).collect();
    let counts = if ids.is_empty() {
        Vec::new()
    } else {
        state
            .store
            .approved_comment_counts(&state.site, &ids)
            .await?
    };
    Ok(posts
        .into_iter()
        .map(|post| {
            let comments = counts
                .iter()
                .find(|(id, _)| *id == post.id)
                .map_or(0, |(_, n)| *n);
            SummaryView {
                date: Dated::new(post.published),
                post,
                comments,
            }
        })
        .collect())
}

/// Tags and their pages, for the tag lists under posts.
pub fn tag_links(tags: &crate::domain::Tags) -> Vec<TagLink> {
    tags.iter()
        .map(|t| TagLink {
            name: t.as_str().to_owned(),
            url: urls::tag(t.as_str()),
        })
        .collect()
}
