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
use super::pages::ForgotPage;
use super::{AppState, WebError, render};
use crate::app::password_reset::mail_reset_link;
use crate::domain::{Email, Invalid};
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
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
        if let Err(e) = mail_reset_link(&job.ctx(), &wanted).await {
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
