//! The site's archive: the home page's older pages, a month's posts, the months with
//! posts; and the paging every list of posts shares (`?after=` and `?before=` cursors).

use super::auth::{CsrfToken, MaybeUser, layout};
use super::pages::{ArchiveMonth, ArchivePage, MonthPage, Pager};
use super::{AppState, WebError, render, see_other};
use crate::store::{ListPage, PageAt, PageError, month};
use crate::urls;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
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

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

fn month_label(month: i32) -> String {
    format!("{} {}", MONTHS[(month % 100 - 1) as usize], month / 100)
}

fn month_link(month: i32) -> ArchiveMonth {
    ArchiveMonth {
        url: urls::archive_month(month),
        label: month_label(month),
    }
}

/// `/archive`: the months with published posts, by year.
pub async fn index(
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
) -> Result<HttpResponse, WebError> {
    let months = state.store.archive_months(&state.site).await?;
    let mut years: Vec<(i32, Vec<ArchiveMonth>)> = Vec::new();
    for m in months {
        // Under its year's heading, a month is named alone.
        let link = ArchiveMonth {
            label: MONTHS[(m % 100 - 1) as usize].to_owned(),
            ..month_link(m)
        };
        match years.last_mut() {
            Some((year, links)) if *year == m / 100 => links.push(link),
            _ => years.push((m / 100, vec![link])),
        }
    }
    let page = ArchivePage {
        layout: layout(&user, &csrf).describing("Every month in which posts were published."),
        years,
    };
    render(StatusCode::OK, &page)
}

/// `/archive/{year}/{month}`: the posts of a month, newest first, a page at a time, with
/// the months with posts before and after it.
pub async fn month_page(
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    path: web::Path<(String, String)>,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, WebError> {
    let (year, number) = path.into_inner();
    let wanted = match (year.parse::<i32>(), number.parse::<u32>()) {
        (Ok(y), Ok(m)) if year.len() == 4 && number.len() == 2 => month(y, m),
        _ => None,
    }
    .ok_or_else(|| {
        WebError::NotFoundWith(format!(
            "There is no month {year}/{number}: an archive month is like /archive/2026/11."
        ))
    })?;
    let at = query.at()?;
    let base = urls::archive_month(wanted);
    let start = format!("the first page of {}", month_label(wanted));
    let outcome = state
        .store
        .month_page(&state.site, wanted, at, state.front_page_size)
        .await;
    let page = match paged(outcome, at, &base, &start)? {
        Paged::Page(page) => page,
        Paged::Answer(answer) => return Ok(answer),
    };
    if page.posts.is_empty() {
        return Err(WebError::NotFoundWith(format!(
            "Nothing was published in {}. The archive lists the months with posts.",
            month_label(wanted)
        )));
    }
    let months = state.store.archive_months(&state.site).await?;
    let page = MonthPage {
        layout: layout(&user, &csrf)
            .describing(&format!("Posts published in {}.", month_label(wanted))),
        title: month_label(wanted),
        pager: pager(&base, &page),
        posts: super::comments::with_counts(&state, page.posts).await?,
        earlier: months.iter().find(|m| **m < wanted).map(|m| month_link(*m)),
        later: months
            .iter()
            .rev()
            .find(|m| **m > wanted)
            .map(|m| month_link(*m)),
    };
    render(StatusCode::OK, &page)
}
