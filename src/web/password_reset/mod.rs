//! A forgotten password: `/password/forgot` takes an e-mail address and, if an account
//! has it, mails a link that works once, for an hour; `/password/reset/{token}` sets a
//! new password with it (and ends every session of the account). The answer is the same
//! whether or not an account has the address, and comes before any mail is sent, so
//! neither its words nor its time tell; requests are rate limited per client and per
//! address. Only the SHA-256 of a link's token is stored.
//!
//! This file takes the requests and mails the links; [`new_password`] sets a new
//! password with one.

mod new_password;

pub use new_password::{reset, reset_form};

use super::auth::MaybeUser;
use super::csrf::{CsrfForm, CsrfToken, csrf_field, layout};
use super::limits::{Subject, client_ip};
use super::pages::{ForgotPage, ResetMailHtml, ResetMailText};
use super::{AppState, WebError, render};
use crate::domain::token::{RESET_LINK_MINUTES, random_token, reset_key, reset_stamp};
use crate::domain::user::Login;
use crate::domain::{Email, Invalid};
use crate::infra::mail::Mail;
use crate::store::AccountLink;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

pub async fn forgot_form(
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
) -> Result<HttpResponse, WebError> {
    let page = ForgotPage {
        layout: layout(&user, &csrf),
        mail_on: state.mailer.is_on(),
        email: String::new(),
        sent_to: None,
        error: None,
    };
    render(StatusCode::OK, &page)
}

#[derive(Deserialize)]
pub struct ForgotForm {
    csrf: String,
    #[serde(default)]
    email: String,
}

csrf_field!(ForgotForm);

pub async fn forgot(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: MaybeUser,
    csrf: CsrfToken,
    form: CsrfForm<ForgotForm>,
) -> Result<HttpResponse, WebError> {
    if !state.mailer.is_on() {
        return Err(WebError::Conflict(
            "Mail is off on this site, so no link can be sent: ask an administrator to set a new password (sibyl user reset-password).".into(),
        ));
    }
    let email = match Email::parse(&form.email) {
        Ok(email) => email,
        Err(Invalid(e)) => {
            let page = ForgotPage {
                layout: layout(&user, &csrf),
                mail_on: true,
                email: form.email.clone(),
                sent_to: None,
                error: Some(e),
            };
            return render(StatusCode::UNPROCESSABLE_ENTITY, &page);
        }
    };
    let ip = client_ip(&req);
    let key = email.key();
    let too_many = "Enough reset links have been asked for.";
    state
        .check_limit(Subject::ResetFromIp(&ip), too_many)
        .await?;
    state.check_limit(Subject::ResetFor(&key), too_many).await?;
    state.record_attempt(Subject::ResetFromIp(&ip)).await?;
    state.record_attempt(Subject::ResetFor(&key)).await?;
    // The account is looked up and the mail sent after the answer: the same answer, in
    // the same time, whether or not an account has the address.
    let job = state.get_ref().clone();
    let wanted = email.clone();
    state.jobs.errand(async move {
        if let Err(e) = send_link(&job, &wanted).await {
            tracing::warn!(error = %e, "a password reset link was not sent");
        }
    });
    let page = ForgotPage {
        layout: layout(&user, &csrf),
        mail_on: true,
        email: String::new(),
        sent_to: Some(email.as_str().to_owned()),
        error: None,
    };
    render(StatusCode::OK, &page)
}

/// Makes a link for the account that has `email`, if one does (and is not banned), and
/// mails it.
async fn send_link(state: &AppState, email: &Email) -> Result<(), String> {
    let login = Login::parse(email.as_str()).map_err(|e| e.0)?;
    let Some(user) = state
        .store
        .user_by_login(&login)
        .await
        .map_err(|e| e.to_string())?
    else {
        return Ok(());
    };
    // A placeholder (an account that has confirmed no address) receives no mail.
    if user.banned || user.email.is_unconfirmed() {
        return Ok(());
    }
    let token = random_token();
    let expires = state.clock.now() + chrono::Duration::minutes(RESET_LINK_MINUTES);
    state
        .store
        .create_account_link(
            &reset_key(&token),
            &AccountLink {
                user: user.id,
                stamp: reset_stamp(&user),
                new_email: None,
            },
            expires,
        )
        .await
        .map_err(|e| e.to_string())?;
    let identity = state.identity().await;
    let url = format!(
        "{}/password/reset/{token}",
        state.site.as_str().trim_end_matches('/')
    );
    let text = ResetMailText {
        site: identity.title.clone(),
        url: url.clone(),
        username: user.username.as_str().to_owned(),
        minutes: RESET_LINK_MINUTES,
    };
    let html = ResetMailHtml {
        site: identity.title.clone(),
        url,
        username: user.username.as_str().to_owned(),
        minutes: RESET_LINK_MINUTES,
    };
    let to =
        crate::infra::mail::mailbox(&user.display_name, &user.email).map_err(|e| e.to_string())?;
    state
        .mailer
        .send(Mail {
            to,
            subject: format!("Your password on {}", identity.title),
            text: text.render().map_err(|e| e.to_string())?,
            html: html.render().map_err(|e| e.to_string())?,
            unsubscribe: None,
        })
        .await
        .map_err(|e| e.to_string())
}
