//! An account's sessions as its owner sees them: listed, ended one at a time or all but
//! the one asking, and a sign-in from a browser the account has not used told to its
//! address.

use super::mail::send;
use super::{AppError, Ctx};
use crate::domain::session::{Agent, public_id, read_agent};
use crate::domain::{User, UserId};
use crate::i18n::Speech;
use crate::store::SessionRecord;
use askama::Template;
use std::sync::Arc;

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
    pub speech: Arc<Speech>,
    pub site: String,
    pub username: String,
    pub browser: String,
    pub address: String,
    pub when: String,
    pub security_url: String,
    /// How it was signed in to: one of the `mail-sign-in-*` ways, said.
    pub how: String,
}

/// The same, as HTML.
#[derive(Template)]
#[template(path = "mail/new_sign_in.html")]
pub struct NewSignInHtml {
    pub speech: Arc<Speech>,
    pub site: String,
    pub username: String,
    pub browser: String,
    pub address: String,
    pub when: String,
    pub security_url: String,
    /// How it was signed in to: one of the `mail-sign-in-*` ways, said.
    pub how: String,
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
    let (agent, address) = (agent.to_owned(), address.to_owned());
    let now = ctx.clock.now();
    ctx.jobs.errand(async move {
        let site = job.identity().await.title.clone();
        let speech = super::mail::speech_for(&job, Some(&account)).await;
        let browser = agent_in(&speech, &agent);
        let security_url = format!(
            "{}/account/security",
            job.site.as_str().trim_end_matches('/')
        );
        let how = match (recovery_left, through_api) {
            (Some(left), true) => speech.count("mail-sign-in-api-recovery", left),
            (Some(left), false) => speech.count("mail-sign-in-recovery", left),
            (None, true) => speech.t("mail-sign-in-api"),
            (None, false) => speech.t("mail-sign-in-browser"),
        };
        let subject = match recovery_left {
            Some(_) => speech.t1("mail-sign-in-recovery-subject", "site", &site),
            None => speech.t1("mail-sign-in-subject", "site", &site),
        };
        let when = speech.date_time(now);
        let text = NewSignInText {
            speech: Arc::clone(&speech),
            site: site.clone(),
            username: account.username.as_str().to_owned(),
            browser: browser.clone(),
            address: address.clone(),
            when: when.clone(),
            security_url: security_url.clone(),
            how: how.clone(),
        };
        let html = NewSignInHtml {
            speech,
            site,
            username: account.username.as_str().to_owned(),
            browser,
            address,
            when,
            security_url,
            how,
        };
        if let Err(e) = send(
            &job,
            Some(&account.display_name),
            &account.email,
            subject,
            text.render(),
            html.render(),
        )
        .await
        {
            tracing::warn!("telling an account of a new browser's sign-in: {e}");
        }
    });
}

/// A user agent as `speech` says it: "Firefox 131 on Linux", "curl", "An unknown browser".
pub fn agent_in(speech: &Speech, agent: &str) -> String {
    match read_agent(agent) {
        Agent::Unnamed => speech.t("agent-unnamed"),
        Agent::Program(name) => name,
        Agent::Browser {
            name: Some(name),
            system: Some(system),
        } => speech.t2("agent-on", "browser", name, "system", system),
        Agent::Browser {
            name: Some(name),
            system: None,
        } => name,
        Agent::Browser {
            name: None,
            system: Some(system),
        } => speech.t1("agent-unknown-on", "system", system),
        Agent::Browser {
            name: None,
            system: None,
        } => speech.t("agent-unknown"),
    }
}
