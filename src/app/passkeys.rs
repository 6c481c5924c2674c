//! Passkeys: an account adds them on its security page, and signs in with one alone
//! (the browser offers the passkeys it holds for the site; the passkey names its
//! account). Each ceremony is two requests: the first keeps the WebAuthn library's state
//! in the store under a random id and hands the browser its options, the second takes
//! that state once and checks what the authenticator answered against it. A passkey
//! verifies its user (a PIN, a fingerprint) and proves its possession, so a sign-in with
//! one asks for no second step.

use super::accounts::{SignInFailure, signing_in};
use super::limits::Subject;
use super::{AppError, Ctx};
use crate::domain::token;
use crate::domain::{User, UserId};
use crate::store::passkeys::{
    MAX_CEREMONY_BYTES, MAX_CREDENTIAL_BYTES, MAX_KEY_BYTES, MAX_PASSKEYS,
};
use crate::store::{PasskeyAdded, StoredPasskey};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use serde::{Deserialize, Serialize};
use webauthn_rs::prelude::{
    Credential, DiscoverableAuthentication, DiscoverableKey, Passkey, PasskeyAuthentication,
    PasskeyRegistration, PublicKeyCredential, RegisterPublicKeyCredential, Url, Webauthn,
    WebauthnBuilder, WebauthnError,
};
use webauthn_rs_proto::ResidentKeyRequirement;

/// The longest name of a passkey, in characters.
pub const MAX_NAME_CHARS: usize = 64;

/// The longest answer of an authenticator taken, in bytes (a registration's is under
/// 2 kB; a form field is bounded by the request's size anyway).
pub const MAX_ANSWER_BYTES: usize = 16 * 1024;

/// Why passkeys cannot be used on this site, told on the pages that offer them.
pub const NOT_HERE: &str = "Passkeys work on sites served under a host name over HTTPS \
     (or on localhost); this site's address is not one.";

/// What a refused passkey is told.
pub const SIGN_IN_REFUSED: &str = "That passkey did not sign you in. Try again, or sign in \
     with your password.";

/// What a passkey whose signature counter went back is told: it may have been copied.
pub const CLONED: &str = "That passkey was refused: its signature counter went back, which \
     happens when a passkey has been copied to another device. Sign in with your password \
     and remove it from your account.";

/// The relying party of this site: its host, and its origin. None where browsers offer
/// no passkeys: an address rather than a host name, or plain HTTP elsewhere than on
/// localhost.
fn relying_party(ctx: &Ctx) -> Option<Webauthn> {
    if !ctx.site.offers_passkeys() {
        return None;
    }
    let origin = Url::parse(ctx.site.as_str()).ok()?;
    let host = origin.domain()?.to_owned();
    WebauthnBuilder::new(&host, &origin)
        .ok()?
        .rp_name(&host)
        .build()
        .ok()
}

/// Whether passkeys can be used on this site (it is served under a host name).
pub fn available(ctx: &Ctx) -> bool {
    relying_party(ctx).is_some()
}

fn party(ctx: &Ctx) -> Result<Webauthn, AppError> {
    relying_party(ctx).ok_or_else(|| AppError::Invalid(NOT_HERE.into()))
}

/// The state a ceremony began with, as kept in the store.
#[derive(Serialize, Deserialize)]
enum Ceremony {
    Registration {
        user: uuid::Uuid,
        site: String,
        state: PasskeyRegistration,
    },
    SignIn {
        site: String,
        state: DiscoverableAuthentication,
    },
    /// The second step of a password sign-in of `user`, with one of its passkeys.
    SecondStep {
        user: uuid::Uuid,
        site: String,
        state: PasskeyAuthentication,
    },
}

/// A ceremony begun: its id, to be sent back, and the options to hand
/// `navigator.credentials` (JSON).
pub struct Begun {
    pub ceremony: String,
    pub options: String,
}

async fn keep(ctx: &Ctx, ceremony: &Ceremony) -> Result<String, AppError> {
    let state = serde_json::to_string(ceremony)
        .map_err(|e| AppError::Internal(format!("a passkey ceremony's state: {e}")))?;
    if state.len() > MAX_CEREMONY_BYTES {
        return Err(AppError::Internal(format!(
            "a passkey ceremony's state of {} bytes",
            state.len()
        )));
    }
    let id = token::random_token();
    ctx.store
        .begin_ceremony(&id, &state, ctx.clock.now())
        .await?;
    Ok(id)
}

async fn take(ctx: &Ctx, id: &str) -> Result<Option<Ceremony>, AppError> {
    if id.is_empty() || id.len() > 128 {
        return Ok(None);
    }
    let Some(state) = ctx.store.take_ceremony(id, ctx.clock.now()).await? else {
        return Ok(None);
    };
    Ok(serde_json::from_str(&state).ok())
}

fn json<T: Serialize>(value: &T) -> Result<String, AppError> {
    serde_json::to_string(value).map_err(|e| AppError::Internal(format!("passkey options: {e}")))
}

/// One passkey of an account, as its security page lists it.
pub struct Listed {
    /// Its credential id, base64url: what the form removing it sends.
    pub id: String,
    pub name: String,
    /// The site it was made on, when it signs in elsewhere than here.
    pub elsewhere: Option<String>,
    pub added: chrono::DateTime<chrono::Utc>,
    pub used: Option<chrono::DateTime<chrono::Utc>>,
}

/// The account's passkeys, oldest first.
pub async fn list(ctx: &Ctx, user: UserId) -> Result<Vec<Listed>, AppError> {
    Ok(ctx
        .store
        .passkeys(user)
        .await?
        .into_iter()
        .map(|p| Listed {
            id: URL_SAFE_NO_PAD.encode(&p.credential),
            elsewhere: (!ctx.site.shares_passkeys_with(&p.site)).then(|| p.site.clone()),
            name: p.name,
            added: p.added,
            used: p.used,
        })
        .collect())
}

/// Begins adding a passkey named `name` to `user` (asked from `ip`, within its sign-in
/// limit): a passkey the browser keeps (so that it can name the account at sign-in),
/// verifying its user, and none the account has already. The name, and the room for
/// one more, are checked first, so that no passkey is made on the device in vain.
pub async fn begin_registration(
    ctx: &Ctx,
    ip: &str,
    user: &User,
    name: &str,
) -> Result<Begun, AppError> {
    let party = party(ctx)?;
    checked_name(name).map_err(AppError::Invalid)?;
    ctx.take_attempt(Subject::LoginFromIp(ip), TOO_MANY).await?;
    let had = ctx.store.passkeys(user.id).await?;
    if had.len() >= MAX_PASSKEYS {
        return Err(AppError::Conflict(full()));
    }
    let exclude = had
        .iter()
        .filter(|p| ctx.site.shares_passkeys_with(&p.site))
        .map(|p| p.credential.clone().into())
        .collect();
    let name = user.username.as_str();
    let (mut options, state) = party
        .start_passkey_registration(user.id.0, name, &user.display_name, Some(exclude))
        .map_err(|e| AppError::Internal(format!("passkey registration: {e}")))?;
    if let Some(selection) = options.public_key.authenticator_selection.as_mut() {
        selection.resident_key = Some(ResidentKeyRequirement::Required);
        selection.require_resident_key = true;
    }
    let ceremony = keep(
        ctx,
        &Ceremony::Registration {
            user: user.id.0,
            site: ctx.site.to_string(),
            state,
        },
    )
    .await?;
    Ok(Begun {
        ceremony,
        options: json(&options)?,
    })
}

/// What too many ceremonies from one address are told.
const TOO_MANY: &str = "Too many sign-in attempts from your address.";

/// A passkey's name, trimmed, or why it is refused.
fn checked_name(name: &str) -> Result<&str, String> {
    let name = name.trim();
    if name.is_empty()
        || name.chars().count() > MAX_NAME_CHARS
        || name.chars().any(char::is_control)
    {
        return Err(format!(
            "Give the passkey a name of 1 to {MAX_NAME_CHARS} characters (where it is kept: \
             “Laptop”, “Phone”)."
        ));
    }
    Ok(name)
}

fn full() -> String {
    format!("Your account has {MAX_PASSKEYS} passkeys, the most it may have: remove one first.")
}

/// Finishes adding a passkey named `name` to `user`, from the authenticator's `answer`
/// (JSON) to the ceremony `id`; every other session of the account ends (`keep`: the one
/// asking), as when an authenticator app is added. `Err`: why not, for the page.
pub async fn register(
    ctx: &Ctx,
    user: &User,
    id: &str,
    answer: &str,
    name: &str,
    keep: Option<&[u8]>,
) -> Result<Result<(), String>, AppError> {
    let name = match checked_name(name) {
        Ok(name) => name,
        Err(why) => return Ok(Err(why)),
    };
    let again = "The passkey was not added: its prompt expired or was used. Try again.";
    let Some(Ceremony::Registration {
        user: began_by,
        site,
        state,
    }) = take(ctx, id).await?
    else {
        return Ok(Err(again.into()));
    };
    if began_by != user.id.0 || site != ctx.site.as_str() {
        return Ok(Err(again.into()));
    }
    if answer.len() > MAX_ANSWER_BYTES {
        return Ok(Err("The authenticator's answer is too large.".into()));
    }
    let Ok(answer) = serde_json::from_str::<RegisterPublicKeyCredential>(answer) else {
        return Ok(Err(
            "The authenticator's answer could not be read. Try again.".into(),
        ));
    };
    let passkey = match party(ctx)?.finish_passkey_registration(&answer, &state) {
        Ok(passkey) => passkey,
        Err(e) => {
            tracing::info!(user = %user.id.0, error = %e, "a passkey registration was refused");
            return Ok(Err(
                "The authenticator's answer did not prove a new passkey for this site. Try again."
                    .into(),
            ));
        }
    };
    let key = json(&passkey)?;
    if passkey.cred_id().len() > MAX_CREDENTIAL_BYTES || key.len() > MAX_KEY_BYTES {
        return Ok(Err(
            "The authenticator's passkey is larger than a passkey may be.".into(),
        ));
    }
    let stored = StoredPasskey {
        credential: passkey.cred_id().to_vec(),
        name: name.to_owned(),
        site: ctx.site.to_string(),
        key,
        added: ctx.clock.now(),
        used: None,
    };
    match ctx.store.add_passkey(user.id, &stored).await? {
        PasskeyAdded::Added => {
            ctx.store.end_sessions(user.id, keep).await?;
            Ok(Ok(()))
        }
        PasskeyAdded::Full => Ok(Err(full())),
        PasskeyAdded::Known => Ok(Err("Your account has that passkey already.".into())),
    }
}

/// What came of removing a passkey.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Removed {
    Removed,
    /// The account has no such passkey.
    NoSuch,
    /// It is the account's last second factor on this site, which requires one of it.
    Required,
}

/// Removes a passkey of `user` by its listed id, unless it is the last second factor
/// of an account this site requires one of; every other session of the account ends
/// (`keep`: the one asking).
pub async fn remove(
    ctx: &Ctx,
    user: &User,
    id: &str,
    keep: Option<&[u8]>,
) -> Result<Removed, AppError> {
    let Ok(credential) = URL_SAFE_NO_PAD.decode(id.trim()) else {
        return Ok(Removed::NoSuch);
    };
    let had = ctx.store.passkeys(user.id).await?;
    let Some(target) = had.iter().find(|p| p.credential == credential) else {
        return Ok(Removed::NoSuch);
    };
    let here = |p: &StoredPasskey| ctx.site.shares_passkeys_with(&p.site);
    if here(target) && super::factors::covered(ctx, user, user.role).await? {
        let others_here = had
            .iter()
            .filter(|p| p.credential != credential && here(p))
            .count();
        if others_here == 0 && !ctx.store.second_factors(user.id).await?.any() {
            return Ok(Removed::Required);
        }
    }
    if !ctx.store.remove_passkey(user.id, &credential).await? {
        return Ok(Removed::NoSuch);
    }
    ctx.store.end_sessions(user.id, keep).await?;
    Ok(Removed::Removed)
}

/// Begins a sign-in with a passkey (asked from `ip`, within its sign-in limit): the
/// browser offers those it holds for this site.
pub async fn begin_sign_in(ctx: &Ctx, ip: &str) -> Result<Begun, AppError> {
    let party = party(ctx)?;
    ctx.take_attempt(Subject::LoginFromIp(ip), TOO_MANY).await?;
    let (mut options, state) = party
        .start_discoverable_authentication()
        .map_err(|e| AppError::Internal(format!("passkey sign-in: {e}")))?;
    // A prompt the person asked for with a button, not the autofill of a field.
    options.mediation = None;
    let ceremony = keep(
        ctx,
        &Ceremony::SignIn {
            site: ctx.site.to_string(),
            state,
        },
    )
    .await?;
    Ok(Begun {
        ceremony,
        options: json(&options)?,
    })
}

/// Why a passkey did not sign in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    /// The ceremony expired or was used, the answer is not one, names no account this
    /// site knows, or its signature does not hold.
    NotThisPasskey,
    /// Its signature counter went back: it may have been cloned.
    Cloned,
    Suspended,
}

/// Finishes a sign-in with a passkey, within the sign-in limit of the address it comes
/// from: the account it names, made a member of this site as a password sign-in does.
/// The passkey's new counter is kept.
pub async fn sign_in(
    ctx: &Ctx,
    ip: &str,
    id: &str,
    answer: &str,
) -> Result<Result<User, Refused>, AppError> {
    ctx.check_limit(
        Subject::LoginFromIp(ip),
        "Too many sign-in attempts from your address.",
    )
    .await?;
    ctx.record_attempt(Subject::LoginFromIp(ip)).await?;
    let Some(Ceremony::SignIn { site, state }) = take(ctx, id).await? else {
        return Ok(Err(Refused::NotThisPasskey));
    };
    if site != ctx.site.as_str() || answer.len() > MAX_ANSWER_BYTES {
        return Ok(Err(Refused::NotThisPasskey));
    }
    let Ok(answer) = serde_json::from_str::<PublicKeyCredential>(answer) else {
        return Ok(Err(Refused::NotThisPasskey));
    };
    let party = party(ctx)?;
    let Ok((account, credential)) = party.identify_discoverable_authentication(&answer) else {
        return Ok(Err(Refused::NotThisPasskey));
    };
    let credential = credential.to_vec();
    let Some(user) = ctx.store.user(UserId(account)).await? else {
        return Ok(Err(Refused::NotThisPasskey));
    };
    let Some(stored) = ctx
        .store
        .passkeys(user.id)
        .await?
        .into_iter()
        .find(|p| p.credential == credential && ctx.site.shares_passkeys_with(&p.site))
    else {
        return Ok(Err(Refused::NotThisPasskey));
    };
    let Ok(mut passkey) = serde_json::from_str::<Passkey>(&stored.key) else {
        return Err(AppError::Internal(format!(
            "a stored passkey of {} does not parse",
            user.id.0
        )));
    };
    let keys = [DiscoverableKey::from(&passkey)];
    let result = match party.finish_discoverable_authentication(&answer, state, &keys) {
        Ok(result) => result,
        Err(WebauthnError::CredentialPossibleCompromise) => {
            tracing::warn!(user = %user.id.0, "a passkey's signature counter went back: refused");
            return Ok(Err(Refused::Cloned));
        }
        Err(e) => {
            tracing::info!(user = %user.id.0, error = %e, "a passkey sign-in was refused");
            return Ok(Err(Refused::NotThisPasskey));
        }
    };
    passkey.update_credential(&result);
    if !ctx
        .store
        .passkey_used(
            user.id,
            &credential,
            &stored.key,
            &json(&passkey)?,
            ctx.clock.now(),
        )
        .await?
    {
        // Removed while it was signing in.
        return Ok(Err(Refused::NotThisPasskey));
    }
    if user.banned {
        return Ok(Err(Refused::Suspended));
    }
    match signing_in(ctx, user).await? {
        Ok(user) => Ok(Ok(user)),
        Err(SignInFailure::Suspended | SignInFailure::Wrong) => Ok(Err(Refused::Suspended)),
    }
}

/// Why a passkey did not finish the second step of a sign-in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StepRefused {
    /// The ticket is unknown, used, expired, or its account changed its password.
    Expired,
    /// The ceremony expired or was used, or the answer is not one of the account's
    /// passkeys for this site.
    NotThisPasskey,
    Cloned,
    Suspended,
}

/// The account's passkeys that sign in on this site, as the library reads them.
async fn usable_passkeys(
    ctx: &Ctx,
    user: UserId,
) -> Result<Vec<(StoredPasskey, Passkey)>, AppError> {
    let mut usable = Vec::new();
    for stored in ctx.store.passkeys(user).await? {
        if !ctx.site.shares_passkeys_with(&stored.site) {
            continue;
        }
        let passkey = serde_json::from_str::<Passkey>(&stored.key).map_err(|e| {
            AppError::Internal(format!(
                "a stored passkey of {} does not parse: {e}",
                user.0
            ))
        })?;
        usable.push((stored, passkey));
    }
    Ok(usable)
}

/// Begins the second step of the sign-in of `ticket` with a passkey of its account made
/// on this site. None: the ticket is not good, or the account has no such passkey.
pub async fn begin_second_step(
    ctx: &Ctx,
    ip: &str,
    ticket: &str,
) -> Result<Option<Begun>, AppError> {
    ctx.take_attempt(Subject::LoginFromIp(ip), TOO_MANY).await?;
    let Some(user) = super::factors::ticket_account(ctx, ticket).await? else {
        return Ok(None);
    };
    let keys: Vec<Passkey> = usable_passkeys(ctx, user.id)
        .await?
        .into_iter()
        .map(|(_, passkey)| passkey)
        .collect();
    if keys.is_empty() {
        return Ok(None);
    }
    let (options, state) = party(ctx)?
        .start_passkey_authentication(&keys)
        .map_err(|e| AppError::Internal(format!("passkey second step: {e}")))?;
    let ceremony = keep(
        ctx,
        &Ceremony::SecondStep {
            user: user.id.0,
            site: ctx.site.to_string(),
            state,
        },
    )
    .await?;
    Ok(Some(Begun {
        ceremony,
        options: json(&options)?,
    }))
}

/// Finishes the second step of the sign-in of `ticket` with the passkey that answered
/// the ceremony `id`: the account, made a member of this site, once the ticket is used
/// (by one caller only). Counted against the second step's limits of the account and of
/// the address, as a code is.
pub async fn finish_second_step(
    ctx: &Ctx,
    ip: &str,
    ticket: &str,
    id: &str,
    answer: &str,
) -> Result<Result<User, StepRefused>, AppError> {
    let Some(user) = super::factors::ticket_account(ctx, ticket).await? else {
        return Ok(Err(StepRefused::Expired));
    };
    let account = user.id.0.to_string();
    ctx.check_limit(
        Subject::SecondStepFailuresFromIp(ip),
        "Too many second steps have failed from your address.",
    )
    .await?;
    ctx.check_limit(
        Subject::SecondStepFailuresFor(&account),
        "Too many second steps have failed for this account: wait a while.",
    )
    .await?;
    let failed = |why| step_failed(ctx, ip, &account, why);
    let Some(Ceremony::SecondStep {
        user: began_for,
        site,
        state,
    }) = take(ctx, id).await?
    else {
        return failed(StepRefused::NotThisPasskey).await;
    };
    if began_for != user.id.0 || site != ctx.site.as_str() || answer.len() > MAX_ANSWER_BYTES {
        return failed(StepRefused::NotThisPasskey).await;
    }
    let Ok(answer) = serde_json::from_str::<PublicKeyCredential>(answer) else {
        return failed(StepRefused::NotThisPasskey).await;
    };
    let result = match party(ctx)?.finish_passkey_authentication(&answer, &state) {
        Ok(result) => result,
        Err(WebauthnError::CredentialPossibleCompromise) => {
            tracing::warn!(user = %user.id.0, "a passkey's signature counter went back: refused");
            return failed(StepRefused::Cloned).await;
        }
        Err(e) => {
            tracing::info!(user = %user.id.0, error = %e, "a passkey second step was refused");
            return failed(StepRefused::NotThisPasskey).await;
        }
    };
    let Some((stored, mut passkey)) = usable_passkeys(ctx, user.id)
        .await?
        .into_iter()
        .find(|(stored, _)| stored.credential.as_slice() == result.cred_id().as_slice())
    else {
        return failed(StepRefused::NotThisPasskey).await;
    };
    // The library checked the counter against the key as it was when the step began;
    // another sign-in may have moved it on since. Checked again against the key read now,
    // which the write below is conditional on.
    let (presented, kept) = (result.counter(), Credential::from(passkey.clone()).counter);
    if (presented > 0 || kept > 0) && presented <= kept {
        tracing::warn!(user = %user.id.0, "a passkey's signature counter went back: refused");
        return failed(StepRefused::Cloned).await;
    }
    passkey.update_credential(&result);
    if !ctx
        .store
        .passkey_used(
            user.id,
            &stored.credential,
            &stored.key,
            &json(&passkey)?,
            ctx.clock.now(),
        )
        .await?
    {
        return failed(StepRefused::NotThisPasskey).await;
    }
    if !super::factors::use_ticket(ctx, ticket).await? {
        return Ok(Err(StepRefused::Expired));
    }
    match signing_in(ctx, user).await? {
        Ok(user) => Ok(Ok(user)),
        Err(_) => Ok(Err(StepRefused::Suspended)),
    }
}

/// A second step refused for `why`, counted against the account and the address.
async fn step_failed(
    ctx: &Ctx,
    ip: &str,
    account: &str,
    why: StepRefused,
) -> Result<Result<User, StepRefused>, AppError> {
    ctx.record_attempt(Subject::SecondStepFailuresFromIp(ip))
        .await?;
    ctx.record_attempt(Subject::SecondStepFailuresFor(account))
        .await?;
    Ok(Err(why))
}
