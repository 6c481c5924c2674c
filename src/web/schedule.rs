//! Scheduling a draft: `/posts/{slug}/schedule` shows when it goes live and sets or
//! changes that time (a date and time in a time zone); `/posts/{slug}/unschedule` takes
//! it off the schedule. The scheduler (see [`crate::app::jobs::scheduler`]) publishes it then.

use super::auth::{Author, MaybeUser};
use super::csrf::{CsrfForm, CsrfOnly, CsrfToken, csrf_field, layout};
use super::pages::{Dated, SchedulePage};
use super::{AppState, WebError, render, see_other};
use crate::app::posts;
use crate::domain::schedule::{parse_schedule, room_for_schedule};
use crate::domain::{Post, PostStatus};
use crate::urls;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

#[derive(Deserialize)]
pub struct ScheduleForm {
    csrf: String,
    /// A date and time as a `datetime-local` field sends it.
    #[serde(default)]
    at: String,
    /// An IANA time zone name.
    #[serde(default)]
    zone: String,
}

csrf_field!(ScheduleForm);

/// The schedule of a draft: its time if it has one, and the form that sets it.
pub async fn form(
    state: web::Data<AppState>,
    author: Author,
    csrf: CsrfToken,
    slug: web::Path<String>,
) -> Result<HttpResponse, WebError> {
    let post = schedulable(&state, &author, &slug).await?;
    let page = schedule_page(&author, &csrf, &post, None, "", "");
    render(StatusCode::OK, &page)
}

/// Schedules the draft for the time the form names, or shows why that time cannot be.
pub async fn schedule(
    state: web::Data<AppState>,
    author: Author,
    csrf: CsrfToken,
    slug: web::Path<String>,
    form: CsrfForm<ScheduleForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.into_inner();
    let post = schedulable(&state, &author, &slug).await?;
    let refuse = |message: String| {
        let page = schedule_page(&author, &csrf, &post, Some(message), &form.at, &form.zone);
        render(StatusCode::UNPROCESSABLE_ENTITY, &page)
    };
    let due = match parse_schedule(&form.at, &form.zone, state.clock.now()) {
        Ok(due) => due,
        Err(e) => return refuse(e.0),
    };
    if post.scheduled.is_none() {
        let waiting = state.store.scheduled_posts(&state.site).await?;
        if let Err(full) = room_for_schedule(waiting.len()) {
            return refuse(full.0);
        }
    }
    let after = state
        .store
        .schedule_post(&state.site, post.id, Some(due))
        .await?
        .ok_or(WebError::NotFound)?;
    if after.scheduled != Some(due) {
        // Published by someone else in the meantime.
        return refuse("This post was published meanwhile: there is nothing to schedule.".into());
    }
    state.scheduler.wake();
    Ok(see_other(&urls::text_url(
        post.slug.as_str(),
        post.is_page(),
        None,
    )))
}

/// Takes the draft off the schedule: it stays a draft.
pub async fn unschedule(
    state: web::Data<AppState>,
    author: Author,
    slug: web::Path<String>,
    _form: CsrfForm<CsrfOnly>,
) -> Result<HttpResponse, WebError> {
    let post = schedulable(&state, &author, &slug).await?;
    if post.scheduled.is_some()
        && !post.is_page()
        && let Err(full) = posts::room_for_draft(&state.ctx(), post.author_id).await?
    {
        return Err(WebError::BadRequest(full.0));
    }
    let after = state
        .store
        .schedule_post(&state.site, post.id, None)
        .await?
        .ok_or(WebError::NotFound)?;
    if after.status == PostStatus::Published {
        return Err(WebError::Conflict(
            "This post went live before the schedule could be cancelled: unpublish it if it should not be out.".into(),
        ));
    }
    Ok(see_other(&urls::text_url(
        post.slug.as_str(),
        post.is_page(),
        None,
    )))
}

/// The post at `slug`, if the signed-in writer may schedule it: theirs (or any, for an
/// administrator), and a draft.
async fn schedulable(state: &AppState, author: &Author, slug: &str) -> Result<Post, WebError> {
    let post = posts::editable(&state.ctx(), &author.0, slug).await?;
    if post.status == PostStatus::Published {
        return Err(WebError::Conflict(
            "This post is published: unpublish it first to schedule it.".into(),
        ));
    }
    Ok(post)
}

fn schedule_page(
    author: &Author,
    csrf: &CsrfToken,
    post: &Post,
    error: Option<String>,
    at: &str,
    zone: &str,
) -> SchedulePage {
    let slug = post.slug.as_str();
    SchedulePage {
        layout: layout(&MaybeUser(Some(author.0.clone())), csrf),
        title: post.title.as_str().to_owned(),
        post_url: urls::text_url(slug, post.is_page(), None),
        action: urls::schedule(slug),
        unschedule_url: urls::unschedule(slug),
        scheduled: post.scheduled.map(Dated::with_time),
        fresh: error.is_none(),
        error,
        // Only what a date and time field can hold is shown in one again.
        at: chrono::NaiveDateTime::parse_from_str(at, "%Y-%m-%dT%H:%M")
            .map_or_else(|_| String::new(), |_| at.to_owned()),
        zone: if zone.is_empty() { "UTC" } else { zone }.to_owned(),
        zones: chrono_tz::TZ_VARIANTS.iter().map(|z| z.name()).collect(),
    }
}
