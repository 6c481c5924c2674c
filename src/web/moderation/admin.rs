//! The administrators' pages beside the desk: the moderation log, and the site's comment
//! policy.

use super::super::auth::{Admin, MaybeUser};
use super::super::csrf::{CsrfForm, CsrfToken, csrf_field, layout};
use super::super::pages::{CommentSettingsPage, Dated, LogPage, LogRow, MonthLink};
use super::super::{AppState, WebError, render};
use super::broken_link;
use crate::domain::{CommentSettings, now};
use crate::urls;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

#[derive(Deserialize)]
pub struct LogQuery {
    month: Option<String>,
    after: Option<String>,
}

/// Lines of the moderation log a page shows.
const LOG_PAGE_SIZE: usize = 100;

/// The moderation log of a month, newest first.
pub async fn log(
    state: web::Data<AppState>,
    admin: Admin,
    csrf: CsrfToken,
    query: web::Query<LogQuery>,
) -> Result<HttpResponse, WebError> {
    let this_month = crate::domain::comment::log_month(now());
    let month = query.month.clone().unwrap_or_else(|| this_month.clone());
    let first = chrono::NaiveDate::parse_from_str(&format!("{month}-01"), "%Y-%m-%d")
        .ok()
        .filter(|_| month.len() == 7)
        .ok_or_else(|| {
            WebError::BadRequest(format!("{month:?} is not a month such as 2026-11."))
        })?;
    let after = query.after.as_deref().filter(|a| !a.is_empty());
    let entries = state
        .store
        .moderation_log(&state.site, &month, after, LOG_PAGE_SIZE)
        .await
        .map_err(broken_link)?;
    let previous = first
        .checked_sub_months(chrono::Months::new(1))
        .map(|d| d.format("%Y-%m").to_string());
    let older = entries
        .next
        .as_deref()
        .map(|cursor| urls::moderation_log_after(&month, cursor));
    let page = LogPage {
        layout: layout(&MaybeUser(Some(admin.0)), &csrf),
        older,
        month,
        previous: previous.map(|month| MonthLink {
            url: urls::moderation_log(&month),
            month,
        }),
        rows: entries
            .entries
            .into_iter()
            .map(|e| LogRow {
                date: Dated::new(e.at),
                time: e.at.format("%H:%M:%S").to_string(),
                by: e.by_name,
                from: e.from.as_str(),
                to: e.to.as_str(),
                reason: e.reason,
                post_title: e.post.title,
                comment_url: urls::comment(&e.post.slug, &e.comment.to_string()),
            })
            .collect(),
    };
    render(StatusCode::OK, &page)
}

pub async fn settings_form(
    state: web::Data<AppState>,
    admin: Admin,
    csrf: CsrfToken,
) -> Result<HttpResponse, WebError> {
    let settings = state.store.comment_settings(&state.site).await?;
    state.remember_comment_settings(settings);
    let page = CommentSettingsPage {
        layout: layout(&MaybeUser(Some(admin.0)), &csrf),
        settings,
        saved: false,
        error: None,
    };
    render(StatusCode::OK, &page)
}

#[derive(Deserialize)]
pub struct SettingsForm {
    csrf: String,
    #[serde(default)]
    guests: Option<String>,
    #[serde(default)]
    trust_approved: Option<String>,
    #[serde(default)]
    close_after_days: String,
    #[serde(default)]
    deleted_accounts: String,
}

csrf_field!(SettingsForm);

pub async fn save_settings(
    state: web::Data<AppState>,
    admin: Admin,
    csrf: CsrfToken,
    form: CsrfForm<SettingsForm>,
) -> Result<HttpResponse, WebError> {
    let days = form.close_after_days.trim();
    let close_after_days = if days.is_empty() {
        Ok(0)
    } else {
        days.parse::<u32>().ok().filter(|d| *d <= 3650).ok_or(())
    };
    let close_after_days = close_after_days.and_then(|days| {
        matches!(form.deleted_accounts.as_str(), "" | "keep" | "remove")
            .then_some(days)
            .ok_or(())
    });
    let Ok(close_after_days) = close_after_days else {
        let page = CommentSettingsPage {
            layout: layout(&MaybeUser(Some(admin.0)), &csrf),
            settings: state.comment_settings().await?,
            saved: false,
            error: Some(
                "Close comments after a number of days from 0 (never) to 3650, and say what becomes of a deleted account's comments.".into(),
            ),
        };
        return render(StatusCode::UNPROCESSABLE_ENTITY, &page);
    };
    let settings = CommentSettings {
        guests: form.guests.is_some(),
        trust_approved: form.trust_approved.is_some(),
        close_after_days,
        remove_deleted_accounts_comments: form.deleted_accounts == "remove",
    };
    state
        .store
        .save_comment_settings(&state.site, &settings)
        .await?;
    state.remember_comment_settings(settings);
    let page = CommentSettingsPage {
        layout: layout(&MaybeUser(Some(admin.0)), &csrf),
        settings,
        saved: true,
        error: None,
    };
    render(StatusCode::OK, &page)
}
