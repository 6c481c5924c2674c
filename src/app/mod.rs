//! The use cases: what Sibyl does above the store, whichever front end asks (the HTML
//! pages, the JSON API, the importers, the shell and the background jobs). Each is a
//! function over a [`Ctx`] (the store, the request's site, the clock, mail, the job
//! runner, the rate limits and what the instance keeps of the site between reads) that
//! answers with an [`AppError`] of its own: no HTTP, no pages. The front ends turn an
//! `AppError` into a page or a JSON error.
//!
//! - [`accounts`]: signing up and signing in;
//! - [`confirmations`]: confirming a new address by mail;
//! - [`comments`]: writing, editing and deleting comments, closing a post's comments,
//!   and moderating them one by one or in bulk;
//! - [`deletion`]: the writes that span aggregates (deleting a post or an account);
//! - [`formatting`]: rendering an author's Markdown off the request workers, in a time
//!   budget;
//! - [`limits`]: the rate limits, counted in the store;
//! - [`mail`]: the mail the use cases send, and how they send it;
//! - [`members`]: the bounds a site's administrators keep when they change its members;
//! - [`memo`]: what an instance keeps of a site between reads;
//! - [`password_reset`]: mailing the link that sets a forgotten password;
//! - [`posts`]: finding a post by its slug, and for its editors;
//! - [`shell_admin`]: the shell's account commands;
//! - [`sites`]: the sites of a deployment, chosen by host, and the shell's site commands;
//! - [`subscriptions`]: subscribing by e-mail, and the link that confirms it;
//! - [`suggestions`]: accepting a suggested change;
//! - [`jobs`]: the background jobs every instance runs (reconciler, scheduler,
//!   newsletter).
//!
//! Mail texts are the use cases' own (askama renders them); pages are the web's.

pub mod accounts;
pub mod comments;
pub mod confirmations;
pub mod deletion;
pub mod factors;
pub mod federation;
pub mod formatting;
pub mod jobs;
pub mod limits;
pub mod mail;
pub mod members;
pub mod memo;
pub mod page_cache;
pub mod passkeys;
pub mod password_reset;
pub mod posts;
pub mod sessions;
pub mod shell_admin;
pub mod sites;
pub mod subscriptions;
pub mod suggestions;

use crate::domain::Site;
use crate::infra::clock::Clock;
use crate::infra::jobs::Jobs;
use crate::infra::mail::Mailer;
use crate::store::{Store, StoreError};
use std::sync::Arc;

/// What a use case works with. The site is the request's (a front end says which); the
/// rest is the instance's. Cloned per request: every field is shared behind a pointer.
#[derive(Clone)]
pub struct Ctx {
    pub store: Arc<dyn Store>,
    /// The site the request is for.
    pub site: Site,
    /// The site is a registered one, whose roles and bans are its own
    /// ([`crate::store::Members`]) rather than the accounts'.
    pub own_roles: bool,
    /// The time schedules and links are measured against.
    pub clock: Clock,
    pub mailer: Mailer,
    /// Where work that outlives its request runs (mail sent after the answer).
    pub jobs: Arc<Jobs>,
    pub limits: limits::RateLimits,
    /// What this instance keeps of the site between reads.
    pub memo: Arc<memo::SiteMemo>,
}

impl Ctx {
    /// A context for `site` outside any request (the shell's commands, tests): the
    /// system clock, no mail, the default rate limits, nothing remembered yet.
    pub fn offline(store: Arc<dyn Store>, site: Site) -> Self {
        Self {
            store,
            site,
            own_roles: false,
            clock: Clock::system(),
            mailer: Mailer::default(),
            jobs: Arc::new(Jobs::default()),
            limits: limits::RateLimits::default(),
            memo: Default::default(),
        }
    }

    /// The account as it stands on this site: on a registered site, its role and ban
    /// there (a reader, not banned, until it is made otherwise); on the one site served
    /// while none is registered, the account's own.
    pub async fn standing(
        &self,
        mut user: crate::domain::User,
    ) -> Result<crate::domain::User, StoreError> {
        if self.own_roles {
            let member = self.store.membership(&self.site, user.id).await?;
            user = as_member(user, member);
        }
        Ok(user)
    }

    /// Sets an account's role or ban on this site (what is not given stays as it is):
    /// its membership on a registered site, the account's own on the one site served while
    /// none is registered. Returns the account as it stands here.
    pub async fn set_standing(
        &self,
        user: crate::domain::UserId,
        role: Option<crate::domain::Role>,
        banned: Option<bool>,
    ) -> Result<crate::domain::User, crate::store::AccountError> {
        use crate::store::AccountError;
        let account = self
            .store
            .user(user)
            .await?
            .ok_or(AccountError::NoSuchUser)?;
        if self.own_roles {
            self.store
                .set_membership(&self.site, user, role, banned, self.clock.now())
                .await?;
            return Ok(self.standing(account).await?);
        }
        let mut changed = account;
        if let Some(role) = role {
            changed = self.store.set_role(user, role).await?;
        }
        if let Some(banned) = banned {
            changed = self.store.set_banned(user, banned).await?;
        }
        Ok(changed)
    }
}

/// An account as it stands on a registered site, given its membership there (a reader,
/// not banned, when it has none).
pub fn as_member(
    mut user: crate::domain::User,
    member: Option<crate::store::Membership>,
) -> crate::domain::User {
    user.role = member.map_or(crate::domain::Role::Reader, |m| m.role);
    // A deleted account is out everywhere.
    user.banned = member.is_some_and(|m| m.banned) || deletion::is_deleted(&user);
    user
}

/// Why a use case did not do what it was asked. Messages are written for the person who
/// asked; store and internal errors are logged where they are shown, and shown plainly.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("not found")]
    NotFound,
    #[error("{0}")]
    NotFoundWith(String),
    /// What was asked for was deleted.
    #[error("gone")]
    Gone,
    /// What was asked for no longer works, and why.
    #[error("{0}")]
    GoneWith(String),
    /// Someone else changed it first.
    #[error("{0}")]
    Conflict(String),
    /// The input does not make sense; nothing was changed.
    #[error("{0}")]
    Invalid(String),
    #[error("{0}")]
    Forbidden(String),
    /// Only someone signed in may; `next` is where to come back to.
    #[error("sign in required")]
    SignInRequired { next: String },
    #[error("{0}")]
    TooLarge(String),
    #[error("{message}")]
    TooManyRequests { message: String, retry_after: u64 },
    #[error("store unavailable: {0}")]
    Unavailable(String),
    /// The instance has more of some work than it takes on at once; nothing was changed.
    #[error("{0}")]
    Busy(String),
    #[error("internal error: {0}")]
    Internal(String),
}

impl From<StoreError> for AppError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::Unavailable(msg) => AppError::Unavailable(msg),
            StoreError::Corrupt(msg) => AppError::Internal(format!("corrupt record: {msg}")),
        }
    }
}

/// Runs CPU-heavy work (password hashing) on the blocking pool, so that it does not hold
/// up the instance's other requests.
pub(crate) async fn blocking<T: Send + 'static>(
    what: &str,
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, AppError> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| AppError::Internal(format!("{what}: {e}")))
}
