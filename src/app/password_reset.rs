//! A forgotten password: the link that sets a new one, mailed to the account that has
//! the address asked for (if one does). Whoever asked has the same answer either way;
//! the web's `/password/forgot` sends this after answering.

use super::Ctx;
use super::mail::{ResetMailHtml, ResetMailText, send};
use crate::domain::Email;
use crate::domain::token::{RESET_LINK_MINUTES, random_token, reset_key, reset_stamp};
use crate::domain::user::Login;
use crate::store::AccountLink;
use askama::Template;
use std::sync::Arc;

/// Makes a link for the account that has `email`, if one does (and is not banned), and
/// mails it.
pub async fn mail_reset_link(ctx: &Ctx, email: &Email) -> Result<(), String> {
    let login = Login::parse(email.as_str()).map_err(|e| e.0)?;
    let Some(user) = ctx
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
    let expires = ctx.clock.now() + chrono::Duration::minutes(RESET_LINK_MINUTES);
    ctx.store
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
    let site = ctx.identity().await.title.clone();
    let url = format!(
        "{}/password/reset/{token}",
        ctx.site.as_str().trim_end_matches('/')
    );
    let speech = super::mail::speech_for(ctx, Some(&user)).await;
    let subject = speech.t1("mail-reset-subject", "site", &site);
    let text = ResetMailText {
        speech: Arc::clone(&speech),
        site: site.clone(),
        url: url.clone(),
        username: user.username.as_str().to_owned(),
        minutes: RESET_LINK_MINUTES,
    };
    let html = ResetMailHtml {
        speech,
        site,
        url,
        username: user.username.as_str().to_owned(),
        minutes: RESET_LINK_MINUTES,
    };
    send(
        ctx,
        Some(&user.display_name),
        &user.email,
        subject,
        text.render(),
        html.render(),
    )
    .await
}
