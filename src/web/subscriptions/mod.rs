//! Subscribing by e-mail: `/subscribe` (to the site, or `?author=NAME` to one author)
//! takes an address and answers the same whether or not it is subscribed already, before
//! anything is looked up; a new (or still pending) subscription gets a link that
//! confirms it (double opt-in, for two days). `/unsubscribe/{token}` ends one: a page
//! with a button, and a POST that needs no form token, so that a mail program's one-click
//! unsubscribe (RFC 8058, `List-Unsubscribe=One-Click`) works. Mailing new posts is
//! [`crate::app::jobs::newsletter`]'s.
//!
//! This file takes subscriptions and mails their links; [`links`] holds the pages the
//! links open, which confirm or end them.

mod links;

pub use links::{confirm, confirm_form, unsubscribe, unsubscribe_form};

use super::auth::MaybeUser;
use super::csrf::{CsrfForm, CsrfToken, csrf_field, layout};
use super::limits::{Subject, client_ip};
use super::pages::SubscribePage;
use super::{AppState, WebError, render};
use crate::app::subscriptions::ask_confirmation;
use crate::domain::subscription::Scope;
use crate::domain::{Email, Invalid, Username};
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;

#[derive(Deserialize)]
pub struct AuthorQuery {
    #[serde(default)]
    author: String,
}

/// The author a subscription is to (`None`: the site), by user name; an unknown name is
/// a 404.
async fn author_of(state: &AppState, name: &str) -> Result<Option<(String, Scope)>, WebError> {
    if name.is_empty() {
        return Ok(None);
    }
    let username = Username::parse(name).map_err(|_| WebError::NotFound)?;
    let author = match state.store.author_by_name(&username).await? {
        // An author as they stand on this site.
        Some(account) => Some(state.standing(account).await?),
        None => None,
    }
    .filter(|u| u.role.can_write() && !u.banned)
    .ok_or(WebError::NotFound)?;
    Ok(Some((
        author.username.as_str().to_owned(),
        Scope::Author(author.id),
    )))
}

fn form_page(
    state: &AppState,
    user: &MaybeUser,
    csrf: &CsrfToken,
    author: Option<&str>,
    email: String,
    sent_to: Option<String>,
    error: Option<String>,
) -> SubscribePage {
    SubscribePage {
        layout: layout(user, csrf),
        mail_on: state.mailer.is_on(),
        author: author.map(str::to_owned),
        email,
        sent_to,
        error,
    }
}

pub async fn form(
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    query: web::Query<AuthorQuery>,
) -> Result<HttpResponse, WebError> {
    let author = author_of(&state, &query.author).await?;
    let email = user
        .0
        .as_ref()
        .filter(|u| !u.email.is_unconfirmed())
        .map(|u| u.email.as_str().to_owned())
        .unwrap_or_default();
    let page = form_page(
        &state,
        &user,
        &csrf,
        author.as_ref().map(|a| a.0.as_str()),
        email,
        None,
        None,
    );
    render(StatusCode::OK, &page)
}

#[derive(Deserialize)]
pub struct SubscribeForm {
    csrf: String,
    #[serde(default)]
    email: String,
    #[serde(default)]
    author: String,
}

csrf_field!(SubscribeForm);

pub async fn subscribe(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: MaybeUser,
    csrf: CsrfToken,
    form: CsrfForm<SubscribeForm>,
) -> Result<HttpResponse, WebError> {
    if !state.mailer.is_on() {
        return Err(WebError::Conflict(
            "This site sends no mail, so it has no subscribers by e-mail: follow its feed instead (/feed.xml).".into(),
        ));
    }
    let author = author_of(&state, &form.author).await?;
    let author_name = author.as_ref().map(|a| a.0.as_str());
    let email = match Email::parse_chosen(&form.email) {
        Ok(email) => email,
        Err(Invalid(e)) => {
            let page = form_page(
                &state,
                &user,
                &csrf,
                author_name,
                form.email.clone(),
                None,
                Some(e),
            );
            return render(StatusCode::UNPROCESSABLE_ENTITY, &page);
        }
    };
    let ip = client_ip(&req);
    let key = email.key();
    let too_many = "Enough subscriptions have been asked for.";
    state
        .check_limit(Subject::SubscribeFromIp(&ip), too_many)
        .await?;
    state
        .check_limit(Subject::SubscribeFor(&key), too_many)
        .await?;
    state.record_attempt(Subject::SubscribeFromIp(&ip)).await?;
    state.record_attempt(Subject::SubscribeFor(&key)).await?;
    // The subscription is looked up and the mail sent after the answer: the same answer,
    // in the same time, whether or not the address is subscribed already.
    let job = state.get_ref().clone();
    let (wanted, scope) = (email.clone(), author.as_ref().map_or(Scope::Site, |a| a.1));
    let about = author_name.map(str::to_owned);
    state.jobs.errand(async move {
        if let Err(e) = ask_confirmation(&job.ctx(), &wanted, scope, about).await {
            tracing::warn!(error = %e, "a subscription's confirmation was not sent");
        }
    });
    let page = form_page(
        &state,
        &user,
        &csrf,
        author_name,
        String::new(),
        Some(email.as_str().to_owned()),
        None,
    );
    render(StatusCode::OK, &page)
}
