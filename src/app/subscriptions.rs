//! Subscribing by e-mail: the subscription recorded, and its confirmation link mailed.
//! Whoever asked has the same answer whether or not the address was subscribed already;
//! the web's `/subscribe` sends this after answering.

use super::Ctx;
use super::mail::{SubscribeMailHtml, SubscribeMailText, send};
use crate::domain::Email;
use crate::domain::subscription::{CONFIRM_HOURS, Scope};
use crate::domain::token::{random_token, session_key};
use crate::store::NewSubscription;
use askama::Template;
use std::sync::Arc;

/// Records the subscription (unless confirmed already) and mails its confirmation link;
/// `author` names the author followed, for a subscription to one.
pub async fn ask_confirmation(
    ctx: &Ctx,
    email: &Email,
    scope: Scope,
    author: Option<String>,
) -> Result<(), String> {
    let (confirm, unsubscribe) = (random_token(), random_token());
    let at = ctx.clock.now();
    let new = NewSubscription {
        email: email.clone(),
        scope,
        confirm_key: session_key(&confirm),
        confirm_by: at + chrono::Duration::hours(CONFIRM_HOURS),
        unsubscribe,
        at,
    };
    if !ctx
        .store
        .subscribe(&ctx.site, &new)
        .await
        .map_err(|e| e.to_string())?
    {
        return Ok(());
    }
    let site = ctx.identity().await.title.clone();
    let url = format!(
        "{}/subscribe/confirm/{confirm}",
        ctx.site.as_str().trim_end_matches('/')
    );
    let speech = super::mail::speech_for(ctx, None).await;
    let about = match &author {
        Some(name) => speech.t2("mail-about-author", "author", name, "site", &site),
        None => speech.t1("mail-about-site-posts", "site", &site),
    };
    let subject = speech.t1("mail-subscribe-subject", "site", &site);
    let text = SubscribeMailText {
        speech: Arc::clone(&speech),
        url: url.clone(),
        about: about.clone(),
        hours: CONFIRM_HOURS,
    };
    let html = SubscribeMailHtml {
        speech,
        url,
        about,
        hours: CONFIRM_HOURS,
    };
    send(ctx, None, email, subject, text.render(), html.render()).await
}
