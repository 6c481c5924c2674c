//! Confirming a new e-mail address. With mail on, the account page does not change the
//! address: it mails a link to the new one, which works once, for a day. Following it
//! opens `/account/email/confirm/{token}`, a page with a button (a mail scanner that
//! opens the link changes nothing); the button claims the address for the account,
//! releases the old one and tells the old address. The link dies when the account's
//! password or address changes first; if someone else takes the address meanwhile,
//! nothing changes and the page says so. Only the SHA-256 of a link's token is stored,
//! beside the password reset links (a link of one kind never does the other's work).

use super::auth::{CsrfForm, CsrfToken, MaybeUser, csrf_field, layout};
use super::limits::Subject;
use super::pages::{
    ConfirmEmailPage, ConfirmMailHtml, ConfirmMailText, EmailChangedHtml, EmailChangedText,
};
use super::{AppState, WebError, render};
use crate::domain::token::{CONFIRM_LINK_HOURS, random_token, reset_key, reset_stamp};
use crate::domain::user::Login;
use crate::domain::{Email, User};
use crate::infra::mail::{Mail, mailbox};
use crate::store::{AccountError, AccountLink};
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use serde::Deserialize;

/// Mails a link confirming `email` as `user`'s new address, or, if the address has an
/// account already, tells its owner instead; the answer is the same either way (the
/// mail goes after it), so asking tells nobody which addresses have accounts. The inner
/// error is what the account page says instead (the address is the account's already).
pub async fn ask_confirmation(
    state: &AppState,
    user: &User,
    email: &Email,
) -> Result<Result<(), (StatusCode, String)>, WebError> {
    if email.key() == user.email.key() {
        return Ok(Err((
            StatusCode::UNPROCESSABLE_ENTITY,
            "That is your address already.".into(),
        )));
    }
    let account = user.id.0.to_string();
    state
        .check_limit(
            Subject::ConfirmBy(&account),
            "Enough confirmation links have been asked for.",
        )
        .await?;
    state.record_attempt(Subject::ConfirmBy(&account)).await?;
    let (job, user, email) = (state.clone(), user.clone(), email.clone());
    state.jobs.errand(async move {
        link_or_notice(&job, &user, &email).await;
    });
    Ok(Ok(()))
}

/// Mails a link that makes `given` the address of `account` once followed, or, if the
/// address has an account already, tells its owner (and nobody else: whoever asked, at
/// sign-up or on the account page, had the same answer either way).
pub async fn link_or_notice(state: &AppState, account: &User, given: &Email) {
    let sent = async {
        let login = Login::parse(given.as_str()).map_err(|e| e.0)?;
        if !state
            .store
            .is_claimed(&login)
            .await
            .map_err(|e| e.to_string())?
        {
            return mail_link(state, account, given).await;
        }
        let Some(owner) = state
            .store
            .user_by_login(&login)
            .await
            .map_err(|e| e.to_string())?
        else {
            // Claimed by a sign-up under way: nobody to tell yet.
            return Ok(());
        };
        let site = state.identity().await.title.clone();
        let base = state.site.as_str().trim_end_matches('/');
        let (username, login_url, reset_url) = (
            owner.username.as_str().to_owned(),
            format!("{base}/login"),
            format!("{base}/password/forgot"),
        );
        let text = SignupTakenText {
            site: site.clone(),
            username: username.clone(),
            login_url: login_url.clone(),
            reset_url: reset_url.clone(),
        };
        let html = SignupTakenHtml {
            site: site.clone(),
            username,
            login_url,
            reset_url,
        };
        send(
            state,
            &owner.display_name,
            &owner.email,
            format!("Someone asked for your address on {site}"),
            text.render(),
            html.render(),
        )
        .await
    };
    if let Err(e) = sent.await {
        tracing::warn!(error = %e, "a confirmation link or notice was not mailed");
    }
}

/// What the owner of an address that has an account is told when someone asks for it
/// (signing up, or as an account's new address), as plain text.
#[derive(Template)]
#[template(path = "mail/signup_taken.txt")]
pub struct SignupTakenText {
    pub site: String,
    pub username: String,
    pub login_url: String,
    pub reset_url: String,
}

/// The same, as HTML.
#[derive(Template)]
#[template(path = "mail/signup_taken.html")]
pub struct SignupTakenHtml {
    pub site: String,
    pub username: String,
    pub login_url: String,
    pub reset_url: String,
}

/// Mails a link that makes `email` the address of `user` when followed, once, within a
/// day.
async fn mail_link(state: &AppState, user: &User, email: &Email) -> Result<(), String> {
    let token = random_token();
    let expires = state.clock.now() + chrono::Duration::hours(CONFIRM_LINK_HOURS);
    let link = AccountLink {
        user: user.id,
        stamp: reset_stamp(user),
        new_email: Some(email.clone()),
    };
    state
        .store
        .create_account_link(&reset_key(&token), &link, expires)
        .await
        .map_err(|e| e.to_string())?;
    let site = state.identity().await.title.clone();
    let url = format!(
        "{}/account/email/confirm/{token}",
        state.site.as_str().trim_end_matches('/')
    );
    let (username, new_email) = (user.username.as_str().to_owned(), email.as_str().to_owned());
    let text = ConfirmMailText {
        site: site.clone(),
        url: url.clone(),
        username: username.clone(),
        new_email: new_email.clone(),
        hours: CONFIRM_LINK_HOURS,
    };
    let html = ConfirmMailHtml {
        site: site.clone(),
        url,
        username,
        new_email,
        hours: CONFIRM_LINK_HOURS,
    };
    send(
        state,
        &user.display_name,
        email,
        format!("Confirm your e-mail address on {site}"),
        text.render(),
        html.render(),
    )
    .await
}

async fn send(
    state: &AppState,
    name: &str,
    to: &Email,
    subject: String,
    text: askama::Result<String>,
    html: askama::Result<String>,
) -> Result<(), String> {
    let mail = Mail {
        to: mailbox(name, to).map_err(|e| e.to_string())?,
        subject,
        text: text.map_err(|e| e.to_string())?,
        html: html.map_err(|e| e.to_string())?,
        unsubscribe: None,
    };
    state.mailer.send(mail).await.map_err(|e| e.to_string())
}

/// What a link that no longer works says.
fn dead_link() -> WebError {
    WebError::GoneWith(
        "This link has expired or was used already: each link works once, for a day. Ask for a new one from your account page.".into(),
    )
}

/// The account a confirmation link is for and the address it confirms, if the account
/// is as it was when the link was made and not suspended.
async fn account_of(
    state: &AppState,
    link: Option<AccountLink>,
) -> Result<(User, Email), WebError> {
    let Some(AccountLink {
        user,
        stamp,
        new_email: Some(new_email),
    }) = link
    else {
        return Err(dead_link());
    };
    match state.store.user(user).await? {
        Some(user) if !user.banned && reset_stamp(&user) == stamp => Ok((user, new_email)),
        _ => Err(dead_link()),
    }
}

fn confirm_page(
    user: &MaybeUser,
    csrf: &CsrfToken,
    token: &str,
    account: &User,
    new_email: &Email,
    done: bool,
) -> Result<HttpResponse, WebError> {
    let page = ConfirmEmailPage {
        layout: layout(user, csrf),
        action: format!("/account/email/confirm/{token}"),
        username: account.username.as_str().to_owned(),
        new_email: new_email.as_str().to_owned(),
        done,
    };
    render(StatusCode::OK, &page)
}

pub async fn confirm_form(
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    token: web::Path<String>,
) -> Result<HttpResponse, WebError> {
    let link = state
        .store
        .account_link(&reset_key(&token), state.clock.now())
        .await?;
    let (account, new_email) = account_of(&state, link).await?;
    confirm_page(&user, &csrf, &token, &account, &new_email, false)
}

#[derive(Deserialize)]
pub struct ConfirmForm {
    csrf: String,
}

csrf_field!(ConfirmForm);

pub async fn confirm(
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    token: web::Path<String>,
    _form: CsrfForm<ConfirmForm>,
) -> Result<HttpResponse, WebError> {
    let key = reset_key(&token);
    let now = state.clock.now();
    // A password reset link is refused before it is used up.
    account_of(&state, state.store.account_link(&key, now).await?).await?;
    // Used here, once: a second submission (or a race) finds it used.
    let link = state.store.use_account_link(&key, now).await?;
    let (account, new_email) = account_of(&state, link).await?;
    match state.store.change_email(account.id, &new_email).await {
        Ok(_) => {}
        Err(AccountError::Taken(_)) => {
            return Err(WebError::Conflict(
                "Another account took that address meanwhile, so nothing changed. Choose another from your account page.".into(),
            ));
        }
        Err(AccountError::NoSuchUser) => return Err(dead_link()),
        Err(AccountError::Store(e)) => return Err(e.into()),
    }
    // The old address hears of it, in case it was not its owner who asked (an account
    // that had none confirmed yet has nobody to tell).
    if account.email.is_unconfirmed() {
        return confirm_page(&user, &csrf, &token, &account, &new_email, true);
    }
    let job = state.get_ref().clone();
    let (old, changed_to) = (account.clone(), new_email.clone());
    state.jobs.errand(async move {
        let site = job.identity().await.title.clone();
        let text = EmailChangedText {
            site: site.clone(),
            username: old.username.as_str().to_owned(),
            new_email: changed_to.as_str().to_owned(),
        };
        let html = EmailChangedHtml {
            site: site.clone(),
            username: old.username.as_str().to_owned(),
            new_email: changed_to.as_str().to_owned(),
        };
        let subject = format!("Your e-mail address on {site} was changed");
        let sent = send(
            &job,
            &old.display_name,
            &old.email,
            subject,
            text.render(),
            html.render(),
        )
        .await;
        if let Err(e) = sent {
            tracing::warn!(error = %e, "the old address was not told of its change");
        }
    });
    confirm_page(&user, &csrf, &token, &account, &new_email, true)
}
