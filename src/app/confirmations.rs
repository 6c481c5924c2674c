//! Confirming an address by mail: the link that makes an address an account's once
//! followed, or, when the address has an account already, the notice to its owner
//! instead. Whoever asked (at sign-up, on the account page or through the API) has the
//! same answer either way, so asking tells nobody which addresses have accounts.

use super::limits::Subject;
use super::mail::{EmailChangedHtml, EmailChangedText, send};
use super::{AppError, Ctx};
use crate::domain::token::{CONFIRM_LINK_HOURS, random_token, reset_key, reset_stamp};
use crate::domain::user::Login;
use crate::domain::{Email, User};
use crate::i18n::Speech;
use crate::store::AccountLink;
use askama::Template;
use std::sync::Arc;

/// Why no link was mailed: the address asked for is the account's already.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AlreadyYours;

impl std::fmt::Display for AlreadyYours {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("That is your address already.")
    }
}

/// Mails a link confirming `email` as `user`'s new address, or, if the address has an
/// account already, tells its owner instead; the answer is the same either way (the
/// mail goes after it), so asking tells nobody which addresses have accounts. The inner
/// error: the address is the account's already.
pub async fn ask_confirmation(
    ctx: &Ctx,
    user: &User,
    email: &Email,
) -> Result<Result<(), AlreadyYours>, AppError> {
    if email.key() == user.email.key() {
        return Ok(Err(AlreadyYours));
    }
    let account = user.id.0.to_string();
    ctx.check_limit(
        Subject::ConfirmBy(&account),
        "Enough confirmation links have been asked for.",
    )
    .await?;
    ctx.record_attempt(Subject::ConfirmBy(&account)).await?;
    let (job, user, email) = (ctx.clone(), user.clone(), email.clone());
    ctx.jobs.errand(async move {
        link_or_notice(&job, &user, &email).await;
    });
    Ok(Ok(()))
}

/// Mails a link that makes `given` the address of `account` once followed, or, if the
/// address has an account already, tells its owner (and nobody else: whoever asked, at
/// sign-up or on the account page, had the same answer either way).
pub async fn link_or_notice(ctx: &Ctx, account: &User, given: &Email) {
    let sent = async {
        let login = Login::parse(given.as_str()).map_err(|e| e.0)?;
        if !ctx
            .store
            .is_claimed(&login)
            .await
            .map_err(|e| e.to_string())?
        {
            return mail_link(ctx, account, given).await;
        }
        let Some(owner) = ctx
            .store
            .user_by_login(&login)
            .await
            .map_err(|e| e.to_string())?
        else {
            // Claimed by a sign-up under way: nobody to tell yet.
            return Ok(());
        };
        let site = ctx.identity().await.title.clone();
        let base = ctx.site.as_str().trim_end_matches('/');
        let (username, login_url, reset_url) = (
            owner.username.as_str().to_owned(),
            format!("{base}/login"),
            format!("{base}/password/forgot"),
        );
        let speech = super::mail::speech_for(ctx, Some(&owner)).await;
        let subject = speech.t1("mail-taken-subject", "site", &site);
        let text = SignupTakenText {
            speech: Arc::clone(&speech),
            site: site.clone(),
            username: username.clone(),
            login_url: login_url.clone(),
            reset_url: reset_url.clone(),
        };
        let html = SignupTakenHtml {
            speech,
            site,
            username,
            login_url,
            reset_url,
        };
        send(
            ctx,
            Some(&owner.display_name),
            &owner.email,
            subject,
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
    pub speech: Arc<Speech>,
    pub site: String,
    pub username: String,
    pub login_url: String,
    pub reset_url: String,
}

/// The same, as HTML.
#[derive(Template)]
#[template(path = "mail/signup_taken.html")]
pub struct SignupTakenHtml {
    pub speech: Arc<Speech>,
    pub site: String,
    pub username: String,
    pub login_url: String,
    pub reset_url: String,
}

/// Mails a link that makes `email` the address of `user` when followed, once, within a
/// day.
async fn mail_link(ctx: &Ctx, user: &User, email: &Email) -> Result<(), String> {
    let token = random_token();
    let expires = ctx.clock.now() + chrono::Duration::hours(CONFIRM_LINK_HOURS);
    let link = AccountLink {
        user: user.id,
        stamp: reset_stamp(user),
        new_email: Some(email.clone()),
    };
    ctx.store
        .create_account_link(&reset_key(&token), &link, expires)
        .await
        .map_err(|e| e.to_string())?;
    let site = ctx.identity().await.title.clone();
    let url = format!(
        "{}/account/email/confirm/{token}",
        ctx.site.as_str().trim_end_matches('/')
    );
    let (username, new_email) = (user.username.as_str().to_owned(), email.as_str().to_owned());
    let speech = super::mail::speech_for(ctx, Some(user)).await;
    let subject = speech.t1("mail-confirm-subject", "site", &site);
    let text = ConfirmMailText {
        speech: Arc::clone(&speech),
        site: site.clone(),
        url: url.clone(),
        username: username.clone(),
        new_email: new_email.clone(),
        hours: CONFIRM_LINK_HOURS,
    };
    let html = ConfirmMailHtml {
        speech,
        site,
        url,
        username,
        new_email,
        hours: CONFIRM_LINK_HOURS,
    };
    send(
        ctx,
        Some(&user.display_name),
        email,
        subject,
        text.render(),
        html.render(),
    )
    .await
}

/// Tells `account`'s old address that the account's address is now `new_email`, in case
/// it was not its owner who changed it.
pub async fn tell_old_address(ctx: &Ctx, account: &User, new_email: &Email) -> Result<(), String> {
    let site = ctx.identity().await.title.clone();
    let (username, new_email) = (
        account.username.as_str().to_owned(),
        new_email.as_str().to_owned(),
    );
    let speech = super::mail::speech_for(ctx, Some(account)).await;
    let subject = speech.t1("mail-changed-subject", "site", &site);
    let text = EmailChangedText {
        speech: Arc::clone(&speech),
        site: site.clone(),
        username: username.clone(),
        new_email: new_email.clone(),
    };
    let html = EmailChangedHtml {
        speech,
        site,
        username,
        new_email,
    };
    send(
        ctx,
        Some(&account.display_name),
        &account.email,
        subject,
        text.render(),
        html.render(),
    )
    .await
}

/// A link confirming a new address, as plain text.
#[derive(Template)]
#[template(path = "mail/confirm_email.txt")]
pub struct ConfirmMailText {
    pub speech: Arc<Speech>,
    pub site: String,
    pub url: String,
    pub username: String,
    pub new_email: String,
    pub hours: i64,
}

/// A link confirming a new address, as HTML.
#[derive(Template)]
#[template(path = "mail/confirm_email.html")]
pub struct ConfirmMailHtml {
    pub speech: Arc<Speech>,
    pub site: String,
    pub url: String,
    pub username: String,
    pub new_email: String,
    pub hours: i64,
}
