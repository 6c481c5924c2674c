//! Second factors: an authenticator added (its secret shown once, confirmed by a first
//! code), the second step of a sign-in (a code, or a recovery code, each counting once),
//! recovery codes made again, and every factor removed.

use super::limits::Subject;
use super::{AppError, Ctx};
use crate::domain::token::{self, hex, unhex};
use crate::domain::totp::{TotpSecret, normalize_code, qr_svg};
use crate::domain::{User, UserId, recovery_codes, sealed};
use crate::store::{AccountLink, Authenticator, RecoveryCodes, SecondFactors};
use chrono::Duration;
use uuid::Uuid;

/// Where an account the site requires two-step sign-in of adds its authenticator.
pub const SET_UP_URL: &str = "/account/authenticator?required=1";

/// What such an account is told when it tries anything else first.
pub const REQUIRED: &str = "This site requires two-step sign-in of your account: add an authenticator app or a passkey on your security page first.";

/// Whether the site requires two-step sign-in of `user` (of `as_role`, when it acts
/// as more than its role here: a network administrator), who has no second factor yet.
/// When this instance has no copy of the site's settings, they are read now: a store
/// that cannot be read refuses, never lets through.
pub async fn missing_required_as(
    ctx: &Ctx,
    user: &User,
    as_role: crate::domain::Role,
) -> Result<bool, AppError> {
    if !covered(ctx, user, as_role).await? {
        return Ok(false);
    }
    Ok(!steps(ctx, user.id).await?.any())
}

/// Whether the site requires two-step sign-in of `user` (acting as `as_role`).
pub async fn covered(
    ctx: &Ctx,
    user: &User,
    as_role: crate::domain::Role,
) -> Result<bool, AppError> {
    let frame = ctx.identity().await;
    let policy = if frame.read {
        frame.second_factor_for
    } else {
        ctx.store.site_identity(&ctx.site).await?.second_factor_for
    };
    Ok(policy.covers(as_role.max(user.role)))
}

/// What the second step of an account's sign-in takes: a code (of its authenticator app,
/// or a recovery code), a passkey, or both.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Steps {
    pub code: bool,
    pub passkey: bool,
}

impl Steps {
    /// Whether a sign-in with the password needs a second step.
    pub fn any(self) -> bool {
        self.code || self.passkey
    }
}

/// What the second step of `user`'s sign-in takes.
pub async fn steps(ctx: &Ctx, user: UserId) -> Result<Steps, AppError> {
    Ok(Steps {
        code: ctx.store.second_factors(user).await?.any(),
        passkey: ctx
            .store
            .passkeys(user)
            .await?
            .iter()
            .any(|p| ctx.site.shares_passkeys_with(&p.site)),
    })
}

/// [`missing_required_as`] with the account's own role on the site.
pub async fn missing_required(ctx: &Ctx, user: &User) -> Result<bool, AppError> {
    missing_required_as(ctx, user, user.role).await
}

/// What an authenticator's secret is sealed for in the store.
const STORED: &str = "authenticator";
/// What a secret being added is sealed for in the form that confirms it.
const OFFERED: &str = "authenticator offered";

/// What the page adding an authenticator shows: the secret to scan or type, and the
/// secret sealed for the form that confirms it (so that nothing is stored before a
/// first code proves the authenticator has it).
pub struct Offer {
    pub grouped: String,
    pub qr: String,
    pub sealed: String,
}

/// A new secret offered to `user` (whose factors are `had`), as an authenticator app is
/// shown it. Within one
/// session (`session`: its key) it is the same for an hour while the account's factors
/// stay as they are, so that the page shown again (a reload, a wrong code) shows the key
/// an app already scanned.
/// `again`: the sealed secret a refused form carried, offered again when it opens (so
/// that a page shown after a wrong code still shows the key the app has).
pub async fn offer(
    ctx: &Ctx,
    user: &User,
    had: &SecondFactors,
    session: Option<&[u8]>,
    again: Option<&str>,
    described: &str,
) -> Result<Offer, AppError> {
    let key = ctx.store.api_secret(&ctx.site).await?;
    let offered_before = again
        .and_then(|a| unhex(a.trim()))
        .and_then(|a| sealed::open(&key, OFFERED, user.id.0.as_bytes(), &a))
        .and_then(|a| TotpSecret::from_bytes(&a));
    let secret = match (offered_before, session) {
        (Some(secret), _) => secret,
        (None, Some(session)) => {
            let added = had
                .authenticator
                .as_ref()
                .map_or(0, |a| a.added.timestamp_millis())
                .to_be_bytes();
            let hour = (ctx.clock.now().timestamp() / 3600).to_be_bytes();
            TotpSecret::derived(&key, &[user.id.0.as_bytes(), session, &added, &hour])
        }
        (None, None) => TotpSecret::generate(),
    };
    let issuer = ctx.identity().await.title.clone();
    let url = secret.otpauth_url(&issuer, user.username.as_str());
    Ok(Offer {
        grouped: secret.base32_grouped(),
        qr: qr_svg(&url, described).unwrap_or_default(),
        sealed: hex(&sealed::seal(
            &key,
            OFFERED,
            user.id.0.as_bytes(),
            secret.as_bytes(),
        )),
    })
}

/// Why a second factor was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    /// A code that is not the authenticator's now, or one used already.
    WrongCode,
    /// The form's secret is not one offered to this account.
    BadOffer,
}

/// Adds the authenticator whose secret [`offer`] sealed, once `code` proves it has it;
/// a first factor brings recovery codes (returned, to be shown once). Every other session
/// of the account ends (`keep`: the one asking).
pub async fn add_authenticator(
    ctx: &Ctx,
    user: &User,
    offered: &str,
    code: &str,
    keep: Option<&[u8]>,
) -> Result<Result<Option<Vec<String>>, Refused>, AppError> {
    let key = ctx.store.api_secret(&ctx.site).await?;
    let owner = user.id.0.as_bytes();
    let Some(secret) = unhex(offered.trim())
        .and_then(|s| sealed::open(&key, OFFERED, owner, &s))
        .and_then(|s| TotpSecret::from_bytes(&s))
    else {
        return Ok(Err(Refused::BadOffer));
    };
    let now = ctx.clock.now();
    let Some(step) = normalize_code(code).and_then(|c| secret.step_of(&c, now)) else {
        return Ok(Err(Refused::WrongCode));
    };
    if !ctx
        .store
        .claim_authenticator_step(user.id, step, now)
        .await?
    {
        return Ok(Err(Refused::WrongCode));
    }
    let had = ctx.store.second_factors(user.id).await?;
    let codes = had.recovery.is_none().then(recovery_codes::generate);
    let stored = Authenticator {
        sealed: sealed::seal(&key, STORED, owner, secret.as_bytes()),
        sealed_by: ctx.site.clone(),
        added: now,
    };
    let kept = codes
        .as_deref()
        .map(|codes| kept_codes(user.id, codes, now));
    ctx.store
        .set_authenticator(user.id, &stored, kept.as_ref())
        .await?;
    ctx.store.end_sessions(user.id, keep).await?;
    Ok(Ok(codes))
}

/// New recovery codes for `user` (the old ones count for nothing from now), to be shown
/// once.
pub async fn new_recovery_codes(ctx: &Ctx, user: &User) -> Result<Vec<String>, AppError> {
    let codes = recovery_codes::generate();
    let kept = kept_codes(user.id, &codes, ctx.clock.now());
    ctx.store.set_recovery_codes(user.id, &kept).await?;
    Ok(codes)
}

/// Removes every second factor of `user`; every other session ends (`keep`: the one
/// asking).
pub async fn remove(ctx: &Ctx, user: UserId, keep: Option<&[u8]>) -> Result<(), AppError> {
    ctx.store.remove_second_factors(user).await?;
    ctx.store.end_sessions(user, keep).await?;
    Ok(())
}

/// What an account has of second factors, and how many of its recovery codes are unused.
pub async fn status(ctx: &Ctx, user: UserId) -> Result<(SecondFactors, usize), AppError> {
    let factors = ctx.store.second_factors(user).await?;
    let left = match &factors.recovery {
        Some(codes) => unused(ctx, user, codes).await?,
        None => 0,
    };
    Ok((factors, left))
}

async fn unused(ctx: &Ctx, user: UserId, codes: &RecoveryCodes) -> Result<usize, AppError> {
    let used = ctx
        .store
        .used_recovery_codes(user, codes.generation)
        .await?;
    Ok(codes.digests.iter().filter(|d| !used.contains(d)).count())
}

fn kept_codes(user: UserId, codes: &[String], now: chrono::DateTime<chrono::Utc>) -> RecoveryCodes {
    RecoveryCodes {
        generation: Uuid::new_v4(),
        digests: codes
            .iter()
            // Kept as they are typed back: normalized.
            .filter_map(|c| recovery_codes::normalize(c))
            .map(|c| recovery_codes::digest(user, &c))
            .collect(),
        made: now,
    }
}

/// How a second step was passed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Passed {
    Authenticator,
    /// With a recovery code, which leaves this many unused.
    RecoveryCode(usize),
}

/// The second step of `user`'s sign-in from `ip`: a code of its authenticator (each
/// counting once, across instances) or one of its recovery codes (each used once).
/// Wrong codes count against the account and the address; too many lock the step a
/// while.
pub async fn second_step(
    ctx: &Ctx,
    ip: &str,
    user: &User,
    typed: &str,
) -> Result<Result<Passed, Refused>, AppError> {
    let account = user.id.0.to_string();
    let wait = "Too many codes tried for this account: wait a few minutes, then try again.";
    let from_here = "Too many wrong codes from your address: wait a few minutes, then try again.";
    ctx.check_limit(Subject::SecondStepFailuresFor(&account), wait)
        .await?;
    ctx.check_limit(Subject::SecondStepFailuresFromIp(ip), from_here)
        .await?;
    // Each code tried is counted before it is checked, so that guesses sent at once
    // are bounded as well as guesses one after another.
    ctx.take_attempt(Subject::SecondStepFor(&account), wait)
        .await?;
    let passed = check(ctx, user, typed).await?;
    if passed.is_none() {
        ctx.record_attempt(Subject::SecondStepFailuresFor(&account))
            .await?;
        ctx.record_attempt(Subject::SecondStepFailuresFromIp(ip))
            .await?;
    }
    Ok(passed.ok_or(Refused::WrongCode))
}

async fn check(ctx: &Ctx, user: &User, typed: &str) -> Result<Option<Passed>, AppError> {
    let factors = ctx.store.second_factors(user.id).await?;
    let now = ctx.clock.now();
    if let Some(code) = normalize_code(typed) {
        let Some(authenticator) = &factors.authenticator else {
            return Ok(None);
        };
        let key = ctx.store.api_secret(&authenticator.sealed_by).await?;
        let secret = sealed::open(&key, STORED, user.id.0.as_bytes(), &authenticator.sealed)
            .and_then(|s| TotpSecret::from_bytes(&s))
            .ok_or_else(|| AppError::Internal("an authenticator's secret does not open".into()))?;
        let Some(step) = secret.step_of(&code, now) else {
            return Ok(None);
        };
        let claimed = ctx
            .store
            .claim_authenticator_step(user.id, step, now)
            .await?;
        return Ok(claimed.then_some(Passed::Authenticator));
    }
    let (Some(code), Some(codes)) = (recovery_codes::normalize(typed), &factors.recovery) else {
        return Ok(None);
    };
    let digest = recovery_codes::digest(user.id, &code);
    if !codes.digests.contains(&digest) {
        return Ok(None);
    }
    if !ctx
        .store
        .use_recovery_code(user.id, codes.generation, &digest, now)
        .await?
    {
        return Ok(None);
    }
    Ok(Some(Passed::RecoveryCode(
        unused(ctx, user.id, codes).await?,
    )))
}

/// Starts the second step of `user`'s sign-in when the account has a second factor: the
/// token of its ticket (usable once, for a few minutes, and dead once the password
/// changes), to be sent back with the code or the passkey, and what the step takes.
/// `None`: the password was enough.
pub async fn ticket_for(ctx: &Ctx, user: &User) -> Result<Option<(String, Steps)>, AppError> {
    let steps = steps(ctx, user.id).await?;
    if !steps.any() {
        return Ok(None);
    }
    let token = token::random_token();
    let link = AccountLink {
        user: user.id,
        stamp: token::reset_stamp(user),
        new_email: None,
    };
    let expires = ctx.clock.now() + Duration::minutes(token::SIGN_IN_TICKET_MINUTES);
    ctx.store
        .create_account_link(
            &token::sign_in_ticket_key(&ctx.site, &token),
            &link,
            expires,
        )
        .await?;
    Ok(Some((token, steps)))
}

/// The account whose sign-in the ticket `ticket` is the second step of, while the ticket
/// is good (unused, unexpired, its password unchanged).
pub async fn ticket_account(ctx: &Ctx, ticket: &str) -> Result<Option<User>, AppError> {
    let key = token::sign_in_ticket_key(&ctx.site, ticket);
    ticket_user(ctx, &key, ctx.clock.now()).await
}

/// What the second step of the sign-in of `ticket` takes (nothing, once it is not good).
pub async fn ticket_steps(ctx: &Ctx, ticket: &str) -> Result<Steps, AppError> {
    match ticket_account(ctx, ticket).await? {
        Some(user) => steps(ctx, user.id).await,
        None => Ok(Steps::default()),
    }
}

/// Uses the ticket `ticket`: true for one caller only.
pub async fn use_ticket(ctx: &Ctx, ticket: &str) -> Result<bool, AppError> {
    let key = token::sign_in_ticket_key(&ctx.site, ticket);
    Ok(ctx
        .store
        .use_account_link(&key, ctx.clock.now())
        .await?
        .is_some())
}

/// Why a second step did not sign in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StepRefused {
    /// The ticket is unknown, used, expired, or its account changed its password.
    Expired,
    WrongCode,
    Suspended,
}

/// The second step of a sign-in whose ticket is `ticket`: the account signing in, and how
/// it passed, once `typed` is right. A wrong code leaves the ticket usable (until too
/// many lock the step); a right one uses it, for one caller only.
pub async fn finish_sign_in(
    ctx: &Ctx,
    ip: &str,
    ticket: &str,
    typed: &str,
) -> Result<Result<(User, Passed), StepRefused>, AppError> {
    let key = token::sign_in_ticket_key(&ctx.site, ticket);
    let now = ctx.clock.now();
    let Some(user) = ticket_user(ctx, &key, now).await? else {
        return Ok(Err(StepRefused::Expired));
    };
    let passed = match second_step(ctx, ip, &user, typed).await? {
        Ok(passed) => passed,
        Err(_) => return Ok(Err(StepRefused::WrongCode)),
    };
    if ctx.store.use_account_link(&key, now).await?.is_none() {
        return Ok(Err(StepRefused::Expired));
    }
    match super::accounts::signing_in(ctx, user).await? {
        Ok(user) => Ok(Ok((user, passed))),
        Err(_) => Ok(Err(StepRefused::Suspended)),
    }
}

async fn ticket_user(
    ctx: &Ctx,
    key: &[u8],
    now: chrono::DateTime<chrono::Utc>,
) -> Result<Option<User>, AppError> {
    let Some(link) = ctx.store.account_link(key, now).await? else {
        return Ok(None);
    };
    // A link of another kind (an address to confirm) is no ticket.
    if link.new_email.is_some() {
        return Ok(None);
    }
    let Some(user) = ctx.store.user(link.user).await? else {
        return Ok(None);
    };
    Ok((token::reset_stamp(&user) == link.stamp).then_some(user))
}
