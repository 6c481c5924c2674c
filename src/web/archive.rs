//! The site's archive: the home page's older pages, a month's posts, the months with
//! posts (the paging every list shares is in `lists.rs`).

use super::auth::MaybeUser;
use super::csrf::{CsrfToken, layout};
use super::lists::{PageQuery, Paged, paged, pager};
use super::page_cache::cacheable;
use super::pages::{ArchiveMonth, ArchivePage, MonthPage};
use super::{AppState, WebError, render};
use crate::i18n::{Arg, Speech};
use crate::store::month;
use crate::urls;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

/// A month (`202611`) and its year, as `speech` names it: `November 2026`.
fn month_label(speech: &Speech, month: i32) -> String {
    speech.month_year(month / 100, (month % 100) as u32)
}

fn month_link(speech: &Speech, month: i32) -> ArchiveMonth {
    ArchiveMonth {
        url: urls::archive_month(month),
        label: month_label(speech, month),
    }
}

/// `/archive`: the months with published posts, by year.
pub async fn index(
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
) -> Result<HttpResponse, WebError> {
    let months = state.store.archive_months(&state.site).await?;
    let layout = layout(&user, &csrf);
    let speech = std::sync::Arc::clone(&layout.speech);
    let mut years: Vec<(i32, Vec<ArchiveMonth>)> = Vec::new();
    for m in months {
        // Under its year's heading, a month is named alone.
        let link = ArchiveMonth {
            label: speech.month((m % 100) as u32),
            ..month_link(&speech, m)
        };
        match years.last_mut() {
            Some((year, links)) if *year == m / 100 => links.push(link),
            _ => years.push((m / 100, vec![link])),
        }
    }
    let page = ArchivePage {
        layout: layout.describing(&speech.say("archive-description", &[])),
        years,
    };
    render(StatusCode::OK, &page).map(cacheable)
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
    let layout = layout(&user, &csrf);
    let speech = std::sync::Arc::clone(&layout.speech);
    let base = urls::archive_month(wanted);
    let start = format!("the first page of {}", month_label(&speech, wanted));
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
            month_label(&speech, wanted)
        )));
    }
    let pager = pager(&base, &page);
    // The counts and the months around this one are read at once.
    let (posts, months) =
        futures_util::future::try_join(super::lists::with_counts(&state, page.posts), async {
            Ok(state.store.archive_months(&state.site).await?)
        })
        .await?;
    let page = MonthPage {
        layout: layout.describing(&speech.say(
            "archive-month-description",
            &[("month", Arg::Text(&month_label(&speech, wanted)))],
        )),
        title: month_label(&speech, wanted),
        pager,
        posts,
        earlier: months
            .iter()
            .find(|m| **m < wanted)
            .map(|m| month_link(&speech, *m)),
        later: months
            .iter()
            .rev()
            .find(|m| **m > wanted)
            .map(|m| month_link(&speech, *m)),
    };
    render(StatusCode::OK, &page).map(cacheable)
}
