//! The pages a subscription's links open: confirming it (double opt-in) and ending it,
//! the latter also by a mail program's one-click unsubscribe.

use super::super::auth::MaybeUser;
use super::super::csrf::{CsrfForm, CsrfToken, csrf_field, layout};
use super::super::pages::SubscriptionPage;
use super::super::{AppState, WebError, render};
use crate::domain::subscription::{Scope, Subscription};
use crate::domain::token::session_key;
use crate::store::LinkPurpose;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

#[derive(Deserialize)]
pub struct ButtonForm {
    csrf: String,
}

csrf_field!(ButtonForm);

fn dead_link() -> WebError {
    WebError::GoneWith(
        "This link no longer works: a confirmation link works once, for two days, and an unsubscribe link until it was used. Subscribe again at /subscribe.".into(),
    )
}

/// What a subscription is to: the message that says it, and the author's name it names.
async fn described(
    state: &AppState,
    s: &Subscription,
) -> Result<(&'static str, Option<String>), WebError> {
    Ok(match s.scope {
        Scope::Site => ("subscription-about-site", None),
        Scope::Author(id) => match state.store.user(id).await? {
            Some(author) => ("subscription-about-author", Some(author.display_name)),
            None => ("subscription-about-author-gone", None),
        },
    })
}

fn subscription_page(
    user: &MaybeUser,
    csrf: &CsrfToken,
    action: Option<String>,
    subscribing: bool,
    s: &Subscription,
    (about, author): (&'static str, Option<String>),
) -> Result<HttpResponse, WebError> {
    let frame = layout(user, csrf);
    let about = match author {
        Some(name) => frame.t1(about, "name", name),
        None => frame.t(about).into_owned(),
    };
    let page = SubscriptionPage {
        layout: frame,
        action,
        subscribing,
        email: s.email.as_str().to_owned(),
        about,
    };
    render(StatusCode::OK, &page)
}

/// The page a link opens: what the subscription is, and the button that confirms it
/// (or ends it).
async fn link_page(
    state: &AppState,
    user: &MaybeUser,
    csrf: &CsrfToken,
    token: &str,
    purpose: LinkPurpose,
) -> Result<HttpResponse, WebError> {
    let found = state
        .store
        .subscription_link(&state.site, &session_key(token), purpose, state.clock.now())
        .await?
        .ok_or_else(dead_link)?;
    let about = described(state, &found).await?;
    let (action, subscribing) = match purpose {
        LinkPurpose::Confirm => (format!("/subscribe/confirm/{token}"), true),
        LinkPurpose::Unsubscribe => (format!("/unsubscribe/{token}"), false),
    };
    subscription_page(user, csrf, Some(action), subscribing, &found, about)
}

pub async fn confirm_form(
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    token: web::Path<String>,
) -> Result<HttpResponse, WebError> {
    link_page(&state, &user, &csrf, &token, LinkPurpose::Confirm).await
}

pub async fn confirm(
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    token: web::Path<String>,
    _form: CsrfForm<ButtonForm>,
) -> Result<HttpResponse, WebError> {
    let confirmed = state
        .store
        .confirm_subscription(&state.site, &session_key(&token), state.clock.now())
        .await?
        .ok_or_else(dead_link)?;
    let about = described(&state, &confirmed).await?;
    subscription_page(&user, &csrf, None, true, &confirmed, about)
}

pub async fn unsubscribe_form(
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    token: web::Path<String>,
) -> Result<HttpResponse, WebError> {
    link_page(&state, &user, &csrf, &token, LinkPurpose::Unsubscribe).await
}

/// Ends a subscription. No form token: the link's token is the authority, and a mail
/// program's one-click unsubscribe posts `List-Unsubscribe=One-Click` without a page.
pub async fn unsubscribe(
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    token: web::Path<String>,
) -> Result<HttpResponse, WebError> {
    let ended = state
        .store
        .unsubscribe(&state.site, &session_key(&token))
        .await?
        .ok_or_else(dead_link)?;
    let about = described(&state, &ended).await?;
    subscription_page(&user, &csrf, None, false, &ended, about)
}
