//! The mail the use cases send, each as plain text and HTML, and the one way they send
//! it.

use super::Ctx;
use crate::domain::Email;
use crate::domain::User;
use crate::i18n::Speech;
use crate::infra::mail::{Mail, mailbox};
use askama::Template;
use std::sync::Arc;

/// The language of mail to `member`: the one they chose, else the site's (a subscriber,
/// who has no account, reads the site's).
pub async fn speech_for(ctx: &Ctx, member: Option<&User>) -> Arc<Speech> {
    let site_language = ctx.identity().await.lang();
    Arc::clone(
        crate::i18n::languages()
            .for_member(member.map_or("", |m| m.language.as_str()), &site_language),
    )
}

/// Sends one mail, as plain text and HTML, to `to` (under `name`, when the recipient
/// has one: an account's display name; a subscriber has none).
pub async fn send(
    ctx: &Ctx,
    name: Option<&str>,
    to: &Email,
    subject: String,
    text: askama::Result<String>,
    html: askama::Result<String>,
) -> Result<(), String> {
    let to = mailbox(name, to).map_err(|e| e.to_string())?;
    let mail = Mail {
        to,
        subject,
        text: text.map_err(|e| e.to_string())?,
        html: html.map_err(|e| e.to_string())?,
        unsubscribe: None,
    };
    ctx.mailer.send(mail).await.map_err(|e| e.to_string())
}

/// A subscription's confirmation link, as plain text.
#[derive(Template)]
#[template(path = "mail/subscribe.txt")]
pub struct SubscribeMailText {
    pub speech: Arc<Speech>,
    pub url: String,
    pub about: String,
    pub hours: i64,
}

/// A subscription's confirmation link, as HTML.
#[derive(Template)]
#[template(path = "mail/subscribe.html")]
pub struct SubscribeMailHtml {
    pub speech: Arc<Speech>,
    pub url: String,
    pub about: String,
    pub hours: i64,
}

/// The notice to the old address once a new one is confirmed, as plain text.
#[derive(Template)]
#[template(path = "mail/email_changed.txt")]
pub struct EmailChangedText {
    pub speech: Arc<Speech>,
    pub site: String,
    pub username: String,
    pub new_email: String,
}

/// The notice to the old address once a new one is confirmed, as HTML.
#[derive(Template)]
#[template(path = "mail/email_changed.html")]
pub struct EmailChangedHtml {
    pub speech: Arc<Speech>,
    pub site: String,
    pub username: String,
    pub new_email: String,
}

/// A password reset link, as plain text.
#[derive(Template)]
#[template(path = "mail/reset.txt")]
pub struct ResetMailText {
    pub speech: Arc<Speech>,
    pub site: String,
    pub url: String,
    pub username: String,
    pub minutes: i64,
}

/// A password reset link, as HTML.
#[derive(Template)]
#[template(path = "mail/reset.html")]
pub struct ResetMailHtml {
    pub speech: Arc<Speech>,
    pub site: String,
    pub url: String,
    pub username: String,
    pub minutes: i64,
}

/// A test message, as plain text.
#[derive(Template)]
#[template(path = "mail/test.txt")]
pub struct TestMailText {
    pub speech: Arc<Speech>,
    pub site: String,
    pub url: String,
    pub server: String,
}

/// A test message, as HTML.
#[derive(Template)]
#[template(path = "mail/test.html")]
pub struct TestMailHtml {
    pub speech: Arc<Speech>,
    pub site: String,
    pub url: String,
    pub server: String,
}
