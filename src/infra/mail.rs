//! Sending mail over SMTP (lettre), for what reaches people by e-mail. A site without
//! `--smtp-url` and `--mail-from` has mail off, and says so where mail would be sent.
//!
//! `smtp://host:port` speaks plain SMTP (loopback relays), `smtp://host:587?tls=required`
//! STARTTLS, `smtps://host:465` TLS from the start; credentials go in the URL
//! (`smtps://user:password@host`).

use lettre::message::{Mailbox, MultiPart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use std::sync::Arc;
use std::time::Duration;

/// Where mail goes and whom it comes from.
#[derive(Debug, Clone)]
pub struct MailConfig {
    pub smtp_url: String,
    pub from: Mailbox,
}

impl MailConfig {
    /// Checks an SMTP URL as the transport reads it.
    pub fn parse_url(url: &str) -> Result<String, String> {
        AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
            .map(|_| url.to_owned())
            .map_err(|e| {
                format!("not an SMTP URL (smtp://host:port, smtps://user:password@host): {e}")
            })
    }

    pub fn parse_from(from: &str) -> Result<Mailbox, String> {
        from.parse().map_err(|e| {
            format!("not an address to send from, such as \"Blog <blog@example.com>\": {e}")
        })
    }
}

/// One message: a plain-text and an HTML part of the same text.
#[derive(Debug, Clone)]
pub struct Mail {
    pub to: Mailbox,
    pub subject: String,
    pub text: String,
    pub html: String,
    /// For mail to a list's subscriber: the address that unsubscribes them, sent as
    /// `List-Unsubscribe` with `List-Unsubscribe-Post` for one click (RFC 8058).
    pub unsubscribe: Option<String>,
}

/// The mailbox of a recipient: an account's display name and address, or a
/// subscriber's bare address.
pub fn mailbox(name: Option<&str>, email: &crate::domain::Email) -> Result<Mailbox, MailError> {
    let address = email
        .as_str()
        .parse()
        .map_err(|e| MailError::Message(format!("the address {}: {e}", email.as_str())))?;
    Ok(Mailbox::new(name.map(str::to_owned), address))
}

#[derive(Debug, thiserror::Error)]
pub enum MailError {
    #[error("mail is off on this site")]
    Off,
    #[error("the message could not be made: {0}")]
    Message(String),
    #[error("the mail server did not take the message: {0}")]
    Send(String),
}

/// Sends mail, or says that mail is off. Cloned freely.
#[derive(Clone, Default)]
pub struct Mailer(Option<Arc<Inner>>);

struct Inner {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
    /// The server, without credentials, for the administrators' page.
    server: String,
}

impl Mailer {
    pub fn new(config: Option<&MailConfig>) -> Result<Self, String> {
        let Some(config) = config else {
            return Ok(Self(None));
        };
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(&config.smtp_url)
            .map_err(|e| format!("--smtp-url: {e}"))?
            .timeout(Some(Duration::from_secs(20)))
            .build();
        Ok(Self(Some(Arc::new(Inner {
            transport,
            from: config.from.clone(),
            server: server_of(&config.smtp_url),
        }))))
    }

    pub fn is_on(&self) -> bool {
        self.0.is_some()
    }

    /// The server mail goes through and the address it comes from, if mail is on.
    pub fn describe(&self) -> Option<(String, String)> {
        self.0
            .as_ref()
            .map(|inner| (inner.server.clone(), inner.from.to_string()))
    }

    pub async fn send(&self, mail: Mail) -> Result<(), MailError> {
        let inner = self.0.as_ref().ok_or(MailError::Off)?;
        let mut builder = Message::builder()
            .from(inner.from.clone())
            .to(mail.to)
            .subject(mail.subject);
        if let Some(url) = mail.unsubscribe {
            use lettre::message::header::{HeaderName, HeaderValue};
            builder = builder
                .raw_header(HeaderValue::new(
                    HeaderName::new_from_ascii_str("List-Unsubscribe"),
                    format!("<{url}>"),
                ))
                .raw_header(HeaderValue::new(
                    HeaderName::new_from_ascii_str("List-Unsubscribe-Post"),
                    "List-Unsubscribe=One-Click".to_owned(),
                ));
        }
        let message = builder
            .multipart(MultiPart::alternative_plain_html(mail.text, mail.html))
            .map_err(|e| MailError::Message(e.to_string()))?;
        let sent = inner.transport.send(message).await;
        crate::infra::metrics::metrics().mail(sent.is_ok());
        sent.map(|_| ()).map_err(|e| MailError::Send(e.to_string()))
    }
}

/// `scheme://host:port` of an SMTP URL, without its credentials or parameters.
fn server_of(url: &str) -> String {
    let (scheme, rest) = url.split_once("://").unwrap_or(("smtp", url));
    let rest = rest.rsplit_once('@').map_or(rest, |(_, host)| host);
    let host = rest.split(['/', '?']).next().unwrap_or_default();
    format!("{scheme}://{host}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_server_is_shown_without_its_credentials() {
        assert_eq!(
            server_of("smtps://blog:s3cr%40t@mail.example.com:465?x=1"),
            "smtps://mail.example.com:465"
        );
        assert_eq!(server_of("smtp://127.0.0.1:2525"), "smtp://127.0.0.1:2525");
    }

    #[test]
    fn bad_settings_are_refused_with_a_reason() {
        assert!(MailConfig::parse_url("http://example.com").is_err());
        assert!(MailConfig::parse_url("smtp://127.0.0.1:2525").is_ok());
        assert!(MailConfig::parse_from("not an address").is_err());
        assert_eq!(
            MailConfig::parse_from("Blog <blog@example.com>")
                .unwrap()
                .email
                .to_string(),
            "blog@example.com"
        );
    }
}
