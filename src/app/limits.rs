//! Rate limits for sign-in, sign-up, comments, suggestions and files, per client address
//! and per account. Attempts are recorded in the store, so every sibyl process behind a
//! load balancer sees them.

use super::{AppError, Ctx};
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
    /// Wrong codes at the second step of a sign-in, for one account.
    pub second_step_failures_per_account: Limit,
    /// Codes tried at the second step of a sign-in, for one account (each counted
    /// before it is checked, so that guesses sent at once count too).
    pub second_step_per_account: Limit,
    /// Wrong codes at the second step of a sign-in, from one client address.
    pub second_step_failures_per_ip: Limit,
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
    /// Keys of fediverse actors fetched from one server (each a request this server
    /// makes, for an inbox POST signed by a key it does not hold).
    pub key_fetch_per_host: Limit,
    /// Replies from the fediverse through one domain's servers (each a comment waiting
    /// for moderation, and a row where that domain's comments are found).
    pub reply_per_domain: Limit,
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
            second_step_failures_per_account: Limit {
                max: 5,
                window: minutes(15),
            },
            second_step_per_account: Limit {
                max: 10,
                window: minutes(15),
            },
            second_step_failures_per_ip: Limit {
                max: 20,
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
            key_fetch_per_host: Limit {
                max: 300,
                window: minutes(10),
            },
            reply_per_domain: Limit {
                max: 60,
                window: minutes(60),
            },
        }
    }
}

/// The table every rate-limited attempt is recorded in.
const EVENTS: &str = "rate_events";

impl RateLimits {
    /// Each limit with the name `sibyl limits` gives it, what it limits and the tables
    /// it bounds (a member's comments are rows of their own too).
    fn named(&self) -> [(&'static str, Limit, &'static str, &'static str); 22] {
        [
            (
                "RATE_LOGIN_PER_IP",
                self.login_per_ip,
                "sign-in attempts from one client address",
                EVENTS,
            ),
            (
                "RATE_LOGIN_FAILURES_PER_ACCOUNT",
                self.login_failures_per_account,
                "failed sign-ins for one account",
                EVENTS,
            ),
            (
                "RATE_SECOND_STEP_FAILURES_PER_ACCOUNT",
                self.second_step_failures_per_account,
                "wrong codes at a sign-in's second step for one account",
                EVENTS,
            ),
            (
                "RATE_SECOND_STEP_PER_ACCOUNT",
                self.second_step_per_account,
                "codes tried at a sign-in's second step for one account",
                EVENTS,
            ),
            (
                "RATE_SECOND_STEP_FAILURES_PER_IP",
                self.second_step_failures_per_ip,
                "wrong codes at a sign-in's second step from one client address",
                EVENTS,
            ),
            (
                "RATE_SIGNUP_PER_IP",
                self.signup_per_ip,
                "sign-ups from one client address",
                EVENTS,
            ),
            (
                "RATE_SIGNUP_PER_EMAIL",
                self.signup_per_email,
                "sign-ups for one e-mail address",
                EVENTS,
            ),
            (
                "RATE_COMMENT_PER_IP",
                self.comment_per_ip,
                "comments from one client address",
                EVENTS,
            ),
            (
                "RATE_COMMENT_PER_ACCOUNT",
                self.comment_per_account,
                "comments by one account",
                "rate_events, comments_by_user",
            ),
            (
                "RATE_SUGGESTION_PER_ACCOUNT",
                self.suggestion_per_account,
                "suggestions by one account",
                EVENTS,
            ),
            (
                "RATE_UPLOAD_PER_ACCOUNT",
                self.upload_per_account,
                "uploads by one account",
                EVENTS,
            ),
            (
                "RATE_FETCH_PER_ACCOUNT",
                self.fetch_per_account,
                "files fetched for one account",
                EVENTS,
            ),
            (
                "RATE_SCALE_PER_IP",
                self.scale_per_ip,
                "images scaled for one client address",
                EVENTS,
            ),
            (
                "RATE_TEST_MAIL_PER_ACCOUNT",
                self.test_mail_per_account,
                "test messages by one account",
                EVENTS,
            ),
            (
                "RATE_RESET_PER_IP",
                self.reset_per_ip,
                "reset links from one client address",
                EVENTS,
            ),
            (
                "RATE_RESET_PER_EMAIL",
                self.reset_per_email,
                "reset links for one e-mail address",
                EVENTS,
            ),
            (
                "RATE_CONFIRM_PER_ACCOUNT",
                self.confirm_per_account,
                "address confirmations by one account",
                EVENTS,
            ),
            (
                "RATE_SUBSCRIBE_PER_IP",
                self.subscribe_per_ip,
                "subscriptions from one client address",
                EVENTS,
            ),
            (
                "RATE_SUBSCRIBE_PER_EMAIL",
                self.subscribe_per_email,
                "subscriptions for one e-mail address",
                EVENTS,
            ),
            (
                "RATE_DOWNLOAD_PER_ACCOUNT",
                self.download_per_account,
                "downloads of one account's posts",
                EVENTS,
            ),
            (
                "RATE_KEY_FETCH_PER_HOST",
                self.key_fetch_per_host,
                "fediverse keys fetched from one server",
                EVENTS,
            ),
            (
                "RATE_REPLY_PER_DOMAIN",
                self.reply_per_domain,
                "replies from the fediverse through one domain's servers",
                "rate_events, ap_comments_by_domain",
            ),
        ]
    }
}

/// Every cap the store enforces and every rate limit (what an attempt recorded in
/// `rate_events` is counted against: a subject's rows there are at most its limit), as
/// `sibyl limits` prints them.
pub fn every_limit() -> std::collections::BTreeMap<&'static str, crate::store::limits::Limit> {
    let mut all = crate::store::limits::all();
    for (name, limit, what, tables) in RateLimits::default().named() {
        let minutes = limit.window.as_secs().div_ceil(60);
        let bounds = format!("{tables}: {what} in {minutes} minutes (a rate limit)");
        let per_seconds = Some(limit.window.as_secs());
        let value = u64::from(limit.max);
        all.insert(
            name,
            crate::store::limits::Limit {
                value,
                bounds,
                per_seconds,
            },
        );
    }
    all
}

/// [`every_limit`] as JSON: `{"NAME": {"value": N, "bounds": "...", "per_seconds": S}}`.
pub fn limits_json() -> String {
    serde_json::to_string_pretty(&every_limit())
        .unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
}

/// What is being limited, and for whom; part of the key attempts are counted under.
pub enum Subject<'a> {
    LoginFromIp(&'a str),
    LoginFailuresFor(&'a str),
    SecondStepFailuresFor(&'a str),
    SecondStepFor(&'a str),
    SecondStepFailuresFromIp(&'a str),
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
    KeyFetchFrom(&'a str),
    ReplyThrough(&'a str),
}

impl Ctx {
    fn limit_of(&self, subject: &Subject<'_>) -> (Limit, String) {
        let site = &self.site;
        match subject {
            Subject::LoginFromIp(ip) => (self.limits.login_per_ip, format!("{site}/login/ip/{ip}")),
            Subject::LoginFailuresFor(account) => (
                self.limits.login_failures_per_account,
                format!("{site}/login/account/{account}"),
            ),
            Subject::SecondStepFailuresFor(account) => (
                self.limits.second_step_failures_per_account,
                // An account is every site's: its guesses count on all of them at once.
                format!("second-step/account/{account}"),
            ),
            Subject::SecondStepFor(account) => (
                self.limits.second_step_per_account,
                format!("{site}/second-step/tried/{account}"),
            ),
            Subject::SecondStepFailuresFromIp(ip) => (
                self.limits.second_step_failures_per_ip,
                format!("{site}/second-step/ip/{ip}"),
            ),
            Subject::SignupFromIp(ip) => {
                (self.limits.signup_per_ip, format!("{site}/signup/ip/{ip}"))
            }
            Subject::SignupFor(email) => (
                self.limits.signup_per_email,
                format!("{site}/signup/email/{email}"),
            ),
            Subject::CommentFromIp(ip) => (
                self.limits.comment_per_ip,
                format!("{site}/comment/ip/{ip}"),
            ),
            Subject::CommentBy(account) => (
                self.limits.comment_per_account,
                format!("{site}/comment/account/{account}"),
            ),
            Subject::SuggestionBy(account) => (
                self.limits.suggestion_per_account,
                format!("{site}/suggestion/account/{account}"),
            ),
            Subject::UploadBy(account) => (
                self.limits.upload_per_account,
                format!("{site}/upload/account/{account}"),
            ),
            Subject::FetchBy(account) => (
                self.limits.fetch_per_account,
                format!("{site}/fetch/account/{account}"),
            ),
            Subject::ScaleFromIp(ip) => (self.limits.scale_per_ip, format!("{site}/scale/ip/{ip}")),
            Subject::TestMailBy(account) => (
                self.limits.test_mail_per_account,
                format!("{site}/test-mail/account/{account}"),
            ),
            Subject::ResetFromIp(ip) => (self.limits.reset_per_ip, format!("{site}/reset/ip/{ip}")),
            Subject::ResetFor(email) => (
                self.limits.reset_per_email,
                format!("{site}/reset/email/{email}"),
            ),
            Subject::SubscribeFromIp(ip) => (
                self.limits.subscribe_per_ip,
                format!("{site}/subscribe/ip/{ip}"),
            ),
            Subject::SubscribeFor(email) => (
                self.limits.subscribe_per_email,
                format!("{site}/subscribe/email/{email}"),
            ),
            Subject::ConfirmBy(account) => (
                self.limits.confirm_per_account,
                format!("{site}/confirm-email/account/{account}"),
            ),
            Subject::DownloadBy(account) => (
                self.limits.download_per_account,
                format!("{site}/download/account/{account}"),
            ),
            Subject::KeyFetchFrom(host) => (
                self.limits.key_fetch_per_host,
                format!("{site}/federation/key-fetch/{host}"),
            ),
            Subject::ReplyThrough(domain) => (
                self.limits.reply_per_domain,
                format!("{site}/federation/reply/{domain}"),
            ),
        }
    }

    /// Refuses with a 429 when the subject has used up its attempts.
    pub async fn check_limit(&self, subject: Subject<'_>, message: &str) -> Result<(), AppError> {
        let (limit, key) = self.limit_of(&subject);
        let since = now() - chrono::Duration::from_std(limit.window).unwrap_or_default();
        let used = self.store.attempts_since(&key, since, limit.max).await?;
        if used >= limit.max {
            let minutes = limit.window.as_secs().div_ceil(60);
            return Err(AppError::TooManyRequests {
                message: format!("{message} Please wait up to {minutes} minutes and try again."),
                retry_after: limit.window.as_secs(),
            });
        }
        Ok(())
    }

    /// Counts one attempt against the subject first, then refuses with a 429 when it is
    /// one too many: requests sent at once cannot all pass a check made before any of
    /// them is counted.
    pub async fn take_attempt(&self, subject: Subject<'_>, message: &str) -> Result<(), AppError> {
        let (limit, key) = self.limit_of(&subject);
        let since = now() - chrono::Duration::from_std(limit.window).unwrap_or_default();
        let refused = || {
            let minutes = limit.window.as_secs().div_ceil(60);
            AppError::TooManyRequests {
                message: format!("{message} Please wait up to {minutes} minutes and try again."),
                retry_after: limit.window.as_secs(),
            }
        };
        // Refused without a trace when the attempts are used up already, so that a caller
        // who keeps trying while refused does not keep the window full: only attempts
        // that race past this check are recorded, then refused.
        if self.store.attempts_since(&key, since, limit.max).await? >= limit.max {
            return Err(refused());
        }
        self.store.record_attempt(&key, now(), limit.window).await?;
        let used = self
            .store
            .attempts_since(&key, since, limit.max.saturating_add(1))
            .await?;
        if used > limit.max {
            return Err(refused());
        }
        Ok(())
    }

    /// Counts one attempt against the subject.
    pub async fn record_attempt(&self, subject: Subject<'_>) -> Result<(), AppError> {
        let (limit, key) = self.limit_of(&subject);
        self.store.record_attempt(&key, now(), limit.window).await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_rate_limit_is_listed_once_with_its_window() {
        let all = super::every_limit();
        let rates: Vec<_> = all.iter().filter(|(n, _)| n.starts_with("RATE_")).collect();
        assert_eq!(rates.len(), 22, "a name given twice");
        for (name, limit) in &rates {
            assert!(
                limit.value > 0 && limit.per_seconds.is_some_and(|s| s > 0),
                "{name}"
            );
            assert!(limit.bounds.starts_with("rate_events"), "{name}");
        }
        let comments = &all["RATE_COMMENT_PER_ACCOUNT"];
        assert_eq!((comments.value, comments.per_seconds), (10, Some(600)));
        assert!(comments.bounds.contains("comments_by_user"));
        assert!(
            all.contains_key("MAX_COMMENTS_PER_POST"),
            "the store's caps too"
        );
    }
}
