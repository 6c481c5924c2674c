//! Rate limits for sign-in, sign-up, comments, suggestions and files, per client address
//! and per account. Attempts are recorded in the store, so every sibyl process behind a
//! load balancer sees them.

use super::{AppState, WebError};
use crate::domain::now;
use std::time::Duration;

/// At most `max` attempts in any `window`.
#[derive(Debug, Clone, Copy)]
pub struct Limit {
    pub max: u32,
    pub window: Duration,
}

#[derive(Debug, Clone, Copy)]
pub struct RateLimits {
    /// Sign-in attempts from one client address.
    pub login_per_ip: Limit,
    /// Failed sign-ins for one account.
    pub login_failures_per_account: Limit,
    /// Sign-up attempts from one client address.
    pub signup_per_ip: Limit,
    /// Sign-up attempts for one e-mail address.
    pub signup_per_email: Limit,
    /// Comments from one client address.
    pub comment_per_ip: Limit,
    /// Comments by one account.
    pub comment_per_account: Limit,
    /// Suggested changes by one account (each may carry a whole post's text).
    pub suggestion_per_account: Limit,
    /// Upload requests (each may carry several files) per account.
    pub upload_per_account: Limit,
    /// Files registered from URLs per account: each is a fetch this server makes.
    pub fetch_per_account: Limit,
    /// IIIF images computed (not stored, not cached) per client address: each decodes
    /// a photo.
    pub scale_per_ip: Limit,
    /// Test messages an administrator sends to themselves.
    pub test_mail_per_account: Limit,
    /// Password reset links asked for from one client address.
    pub reset_per_ip: Limit,
    /// Password reset links asked for one e-mail address.
    pub reset_per_email: Limit,
    /// Links asked for by one account to confirm a new e-mail address.
    pub confirm_per_account: Limit,
    /// Subscriptions asked for from one client address.
    pub subscribe_per_ip: Limit,
    /// Subscriptions asked for one e-mail address.
    pub subscribe_per_email: Limit,
    /// Downloads of one's posts (each reads every post of the account).
    pub download_per_account: Limit,
}

impl Default for RateLimits {
    fn default() -> Self {
        let minutes = |m: u64| Duration::from_secs(60 * m);
        Self {
            login_per_ip: Limit {
                max: 30,
                window: minutes(10),
            },
            login_failures_per_account: Limit {
                max: 5,
                window: minutes(15),
            },
            signup_per_ip: Limit {
                max: 10,
                window: minutes(60),
            },
            signup_per_email: Limit {
                max: 3,
                window: minutes(60),
            },
            comment_per_ip: Limit {
                max: 20,
                window: minutes(10),
            },
            comment_per_account: Limit {
                max: 10,
                window: minutes(10),
            },
            suggestion_per_account: Limit {
                max: 10,
                window: minutes(60),
            },
            upload_per_account: Limit {
                max: 60,
                window: minutes(10),
            },
            fetch_per_account: Limit {
                max: 30,
                window: minutes(10),
            },
            scale_per_ip: Limit {
                max: 300,
                window: minutes(10),
            },
            test_mail_per_account: Limit {
                max: 5,
                window: minutes(10),
            },
            reset_per_ip: Limit {
                max: 10,
                window: minutes(60),
            },
            reset_per_email: Limit {
                max: 3,
                window: minutes(60),
            },
            confirm_per_account: Limit {
                max: 5,
                window: minutes(60),
            },
            download_per_account: Limit {
                max: 10,
                window: minutes(60),
            },
            subscribe_per_ip: Limit {
                max: 10,
                window: minutes(60),
            },
            subscribe_per_email: Limit {
                max: 3,
                window: minutes(60),
            },
        }
    }
}

/// What is being limited, and for whom; part of the key attempts are counted under.
pub enum Subject<'a> {
    LoginFromIp(&'a str),
    LoginFailuresFor(&'a str),
    SignupFromIp(&'a str),
    SignupFor(&'a str),
    CommentFromIp(&'a str),
    CommentBy(&'a str),
    SuggestionBy(&'a str),
    UploadBy(&'a str),
    FetchBy(&'a str),
    ScaleFromIp(&'a str),
    TestMailBy(&'a str),
    ResetFromIp(&'a str),
    ResetFor(&'a str),
    ConfirmBy(&'a str),
    DownloadBy(&'a str),
    SubscribeFromIp(&'a str),
    SubscribeFor(&'a str),
}

impl AppState {
    fn limit_of(&self, subject: &Subject<'_>) -> (Limit, String) {
        let site = &self.site;
        match subject {
            Subject::LoginFromIp(ip) => (
                self.rate_limits.login_per_ip,
                format!("{site}/login/ip/{ip}"),
            ),
            Subject::LoginFailuresFor(account) => (
                self.rate_limits.login_failures_per_account,
                format!("{site}/login/account/{account}"),
            ),
            Subject::SignupFromIp(ip) => (
                self.rate_limits.signup_per_ip,
                format!("{site}/signup/ip/{ip}"),
            ),
            Subject::SignupFor(email) => (
                self.rate_limits.signup_per_email,
                format!("{site}/signup/email/{email}"),
            ),
            Subject::CommentFromIp(ip) => (
                self.rate_limits.comment_per_ip,
                format!("{site}/comment/ip/{ip}"),
            ),
            Subject::CommentBy(account) => (
                self.rate_limits.comment_per_account,
                format!("{site}/comment/account/{account}"),
            ),
            Subject::SuggestionBy(account) => (
                self.rate_limits.suggestion_per_account,
                format!("{site}/suggestion/account/{account}"),
            ),
            Subject::UploadBy(account) => (
                self.rate_limits.upload_per_account,
                format!("{site}/upload/account/{account}"),
            ),
            Subject::FetchBy(account) => (
                self.rate_limits.fetch_per_account,
                format!("{site}/fetch/account/{account}"),
            ),
            Subject::ScaleFromIp(ip) => (
                self.rate_limits.scale_per_ip,
                format!("{site}/scale/ip/{ip}"),
            ),
            Subject::TestMailBy(account) => (
                self.rate_limits.test_mail_per_account,
                format!("{site}/test-mail/account/{account}"),
            ),
            Subject::ResetFromIp(ip) => (
                self.rate_limits.reset_per_ip,
                format!("{site}/reset/ip/{ip}"),
            ),
            Subject::ResetFor(email) => (
                self.rate_limits.reset_per_email,
                format!("{site}/reset/email/{email}"),
            ),
            Subject::SubscribeFromIp(ip) => (
                self.rate_limits.subscribe_per_ip,
                format!("{site}/subscribe/ip/{ip}"),
            ),
            Subject::SubscribeFor(email) => (
                self.rate_limits.subscribe_per_email,
                format!("{site}/subscribe/email/{email}"),
            ),
            Subject::ConfirmBy(account) => (
                self.rate_limits.confirm_per_account,
                format!("{site}/confirm-email/account/{account}"),
            ),
            Subject::DownloadBy(account) => (
                self.rate_limits.download_per_account,
                format!("{site}/download/account/{account}"),
            ),
        }
    }

    /// Refuses with a 429 when the subject has used up its attempts.
    pub async fn check_limit(&self, subject: Subject<'_>, message: &str) -> Result<(), WebError> {
        let (limit, key) = self.limit_of(&subject);
        let since = now() - chrono::Duration::from_std(limit.window).unwrap_or_default();
        let used = self.store.attempts_since(&key, since, limit.max).await?;
        if used >= limit.max {
            let minutes = limit.window.as_secs().div_ceil(60);
            return Err(WebError::TooManyRequests {
                message: format!("{message} Please wait up to {minutes} minutes and try again."),
                retry_after: limit.window.as_secs(),
            });
        }
        Ok(())
    }

    /// Counts one attempt against the subject.
    pub async fn record_attempt(&self, subject: Subject<'_>) -> Result<(), WebError> {
        let (limit, key) = self.limit_of(&subject);
        self.store.record_attempt(&key, now(), limit.window).await?;
        Ok(())
    }
}

/// The client's address, as text ("unknown" without one).
pub fn client_ip(req: &actix_web::HttpRequest) -> String {
    client_address(req)
        .map(|ip| ip.to_string())
        .unwrap_or_else(|| "unknown".into())
}

/// The client's address: the TCP peer, unless the peer is one of the proxies
/// `--trusted-proxies` names; then the address that proxy saw, the last one of
/// `X-Forwarded-For` (skipping further trusted proxies, right to left). Clients can
/// forge the header, so it is read only from a trusted proxy, and only the entries the
/// trusted proxies added are believed.
pub fn client_address(req: &actix_web::HttpRequest) -> Option<std::net::IpAddr> {
    let peer = req.peer_addr()?.ip();
    let trusted = req
        .app_data::<actix_web::web::Data<super::AppState>>()
        .map(|state| state.trusted_proxies.as_slice())
        .unwrap_or_default();
    forwarded_client(peer, trusted, req.headers().get_all("x-forwarded-for"))
}

fn forwarded_client<'h>(
    peer: std::net::IpAddr,
    trusted: &[crate::binaries::fetch::Network],
    forwarded: impl DoubleEndedIterator<Item = &'h actix_web::http::header::HeaderValue>,
) -> Option<std::net::IpAddr> {
    let is_trusted = |ip: std::net::IpAddr| trusted.iter().any(|n| n.contains(ip));
    if !is_trusted(peer) {
        return Some(peer);
    }
    let mut client = peer;
    // The header's values in order, each a comma-separated list: read right to left.
    let hops: Vec<&str> = forwarded
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .collect();
    for hop in hops.into_iter().rev() {
        let Ok(ip) = hop.trim().parse::<std::net::IpAddr>() else {
            // Garbage where an address should be: the last address known stands.
            break;
        };
        client = ip;
        if !is_trusted(ip) {
            break;
        }
    }
    Some(client)
}

#[cfg(test)]
mod forwarding_tests {
    use super::*;
    use crate::binaries::fetch::Network;
    use actix_web::http::header::HeaderValue;

    fn client(peer: &str, trusted: &[&str], headers: &[&str]) -> String {
        let trusted: Vec<Network> = trusted.iter().map(|t| Network::parse(t).unwrap()).collect();
        let values: Vec<HeaderValue> = headers
            .iter()
            .map(|h| HeaderValue::from_str(h).unwrap())
            .collect();
        forwarded_client(peer.parse().unwrap(), &trusted, values.iter())
            .unwrap()
            .to_string()
    }

    #[test]
    fn forwarded_addresses_count_only_from_trusted_proxies() {
        // No trusted proxy: the peer, whatever the header says.
        assert_eq!(client("203.0.113.9", &[], &["198.51.100.1"]), "203.0.113.9");
        // An untrusted peer cannot claim another address.
        assert_eq!(
            client("203.0.113.9", &["10.0.0.0/8"], &["1.2.3.4"]),
            "203.0.113.9"
        );
        // The proxy's entry, not what the client put before it.
        assert_eq!(
            client("10.0.0.5", &["10.0.0.0/8"], &["6.6.6.6, 198.51.100.7"]),
            "198.51.100.7"
        );
        // Two proxies in a row, the header sent twice.
        assert_eq!(
            client("10.0.0.5", &["10.0.0.0/8"], &["198.51.100.7", "10.0.0.9"]),
            "198.51.100.7"
        );
        // A trusted proxy that forwarded nothing, or garbage: itself.
        assert_eq!(client("10.0.0.5", &["10.0.0.0/8"], &[]), "10.0.0.5");
        assert_eq!(client("10.0.0.5", &["10.0.0.0/8"], &["bogus"]), "10.0.0.5");
    }
}
