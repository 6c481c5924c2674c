//! An account's sessions as its owner sees them: listed, ended one at a time or all but
//! the one asking, and a sign-in from a browser the account has not used told to its
//! address.

use super::mail::send;
use super::{AppError, Ctx};
use crate::domain::session::{describe_agent, public_id};
use crate::domain::{User, UserId};
use crate::store::SessionRecord;
use askama::Template;

/// The account's live sessions, newest first. Sessions live and die by the system's
/// clock (as a request finds them), whatever clock the instance runs by.
pub async fn list(ctx: &Ctx, user: UserId) -> Result<Vec<SessionRecord>, AppError> {
    Ok(ctx
        .store
        .account_sessions(user, crate::domain::now())
        .await?)
}

/// Ends the session of `user` that [`public_id`] names. A session of another account,
/// or one that has ended already, is not found (and nothing changes).
pub async fn end_one(ctx: &Ctx, user: UserId, id: &str) -> Result<(), AppError> {
    let found = list(ctx, user)
        .await?
        .into_iter()
        .find(|s| public_id(&s.key) == id)
        .ok_or_else(|| {
            AppError::NotFoundWith("That session has ended already, or is not yours.".into())
        })?;
    Ok(ctx.store.delete_session(&found.key).await?)
}

/// Ends every session of `user` but `keep` (the one asking), in one write.
pub async fn end_others(ctx: &Ctx, user: UserId, keep: &[u8]) -> Result<(), AppError> {
    Ok(ctx.store.end_sessions(user, Some(keep)).await?)
}

/// Mail telling an account of a sign-in from a browser it had not used, as plain text.
#[derive(Template)]
#[template(path = "mail/new_sign_in.txt")]
pub struct NewSignInText {
    pub site: String,
    pub username: String,
    pub browser: String,
    pub address: String,
    pub when: String,
    pub security_url: String,
    /// Signed in through the JSON API (a program) rather than by a browser.
    pub through_api: bool,
    /// Signed in with a recovery code, which leaves this many.
    pub recovery_left: Option<usize>,
}

/// The same, as HTML.
#[derive(Template)]
#[template(path = "mail/new_sign_in.html")]
pub struct NewSignInHtml {
    pub site: String,
    pub username: String,
    pub browser: String,
    pub address: String,
    pub when: String,
    pub security_url: String,
    /// Signed in through the JSON API (a program) rather than by a browser.
    pub through_api: bool,
    /// Signed in with a recovery code, which leaves this many.
    pub recovery_left: Option<usize>,
}

/// Tells `account`'s address (when mail is on and it has a confirmed one) that it was
/// signed in to from a browser it had not used (or, `through_api`, by a program through
/// the JSON API, which keeps no mark of the accounts it signed in to), by `agent` from
/// `address`; sent after the answer.
pub fn tell_of_new_sign_in(
    ctx: &Ctx,
    account: &User,
    agent: &str,
    address: &str,
    through_api: bool,
) {
    tell(ctx, account, agent, address, through_api, None);
}

/// Tells `account`'s address (when mail is on and it has a confirmed one) that one of its
/// recovery codes was used to sign in, by `agent` from `address`, and how many are left.
pub fn tell_of_recovery_code(
    ctx: &Ctx,
    account: &User,
    agent: &str,
    address: &str,
    through_api: bool,
    left: usize,
) {
    tell(ctx, account, agent, address, through_api, Some(left));
}

fn tell(
    ctx: &Ctx,
    account: &User,
    agent: &str,
    address: &str,
    through_api: bool,
    recovery_left: Option<usize>,
) {
    if !ctx.mailer.is_on() || account.email.is_unconfirmed() {
        return;
    }
    let (job, account) = (ctx.clone(), account.clone());
    let (browser, address) = (describe_agent(agent), address.to_owned());
    let when = ctx
        .clock
        .now()
        .format("%B %-d, %Y at %H:%M UTC")
        .to_string();
    ctx.jobs.errand(async move {
        let site = job.identity().await.title.clone();
        let security_url = format!(
            "{}/account/security",
            job.site.as_str().trim_end_matches('/')
        );
        let text = NewSignInText {
            site: site.clone(),
            username: account.username.as_str().to_owned(),
            browser: browser.clone(),
            address: address.clone(),
            when: when.clone(),
            security_url: security_url.clone(),
            through_api,
            recovery_left,
        };
        let html = NewSignInHtml {
            site: site.clone(),
            username: account.username.as_str().to_owned(),
            browser,
            address,
            when,
            security_url,
            through_api,
            recovery_left,
        };
        if let Err(e) = send(
            &job,
            Some(&account.display_name),
            &account.email,
            match recovery_left {
                Some(_) => format!("A recovery code was used to sign in to your account on {site}"),
                None => format!("A new sign-in to your account on {site}"),
            },
            text.render(),
            html.render(),
        )
        .await
        {
            tracing::warn!("telling an account of a new browser's sign-in: {e}");
        }
    });
}
