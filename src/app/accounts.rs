//! Accounts: signing up (a new account, its password hashed off the request threads)
//! and signing in (the password checked in the same time whether the account exists or
//! not), within the rate limits of the client's address and of the account.

use super::confirmations::link_or_notice;
use super::limits::Subject;
use super::{AppError, Ctx, blocking};
use crate::domain::password::{Password, dummy_hash};
use crate::domain::user::{Login, SignUp};
use crate::domain::{Email, NewUser, Role, User, UserId, now};
use crate::store::{AccountError, Taken};

/// A new account with its password hashed, on a blocking thread: argon2id takes tens of
/// milliseconds of CPU on purpose.
pub async fn new_account(
    id: UserId,
    fields: SignUp,
    display_name: String,
    role: Role,
) -> Result<NewUser, AppError> {
    let SignUp {
        username,
        email,
        password,
    } = fields;
    let password_hash = blocking("hashing", move || password.hash()).await?;
    Ok(NewUser {
        id,
        username,
        email,
        display_name,
        role,
        password_hash,
        created: now(),
    })
}

/// Why a sign-in was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SignInFailure {
    /// No such account, or another password: the two are not told apart.
    Wrong,
    /// The password is right, and the account banned.
    Suspended,
}

/// Checks a sign-in (a user name or e-mail address, and a password) against the rate
/// limits of its address and account, then the password, in the same time whether the
/// account exists or not. A failure counts against the account. The account returned
/// is not signed in yet: a second step may come first, then [`signing_in`].
pub async fn authenticate(
    ctx: &Ctx,
    ip: &str,
    login: &str,
    password: &str,
) -> Result<Result<User, SignInFailure>, AppError> {
    ctx.check_limit(
        Subject::LoginFromIp(ip),
        "Too many sign-in attempts from your address.",
    )
    .await?;
    ctx.record_attempt(Subject::LoginFromIp(ip)).await?;
    let login = Login::parse(login).ok();
    let account = login.as_ref().map(|login| match login {
        Login::Username(key) => format!("name:{key}"),
        Login::Email(key) => format!("email:{key}"),
    });
    if let Some(account) = &account {
        ctx.check_limit(
            Subject::LoginFailuresFor(account),
            "Too many failed sign-ins for this account.",
        )
        .await?;
    }
    let found = match &login {
        Some(login) => ctx.store.user_by_login(login).await?,
        None => None,
    };
    // An unknown name costs the same hashing time as a wrong password.
    let hash = found
        .as_ref()
        .map_or_else(|| dummy_hash().clone(), |u| u.password_hash.clone());
    let typed = password.to_owned();
    let verified = blocking("verifying", move || hash.verify(&typed)).await?;
    let Some(account) = found.filter(|_| verified) else {
        if let Some(account) = &account {
            ctx.record_attempt(Subject::LoginFailuresFor(account))
                .await?;
        }
        return Ok(Err(SignInFailure::Wrong));
    };
    // Told only to whoever knows the password.
    if account.banned {
        return Ok(Err(SignInFailure::Suspended));
    }
    Ok(Ok(account))
}

/// The account signing in on this site, as the site sees it: on a site with roles of its
/// own a member of it (made one now if it was not); refused when suspended.
pub async fn signing_in(ctx: &Ctx, account: User) -> Result<Result<User, SignInFailure>, AppError> {
    // Signing in on a site with roles of its own makes the account a member of it.
    let signed_in = if ctx.own_roles {
        let member = ctx
            .store
            .join_site(&ctx.site, account.id, Role::Reader, ctx.clock.now())
            .await?;
        super::as_member(account, Some(member))
    } else {
        account
    };
    // Told only to whoever knows the password.
    if signed_in.banned {
        return Ok(Err(SignInFailure::Suspended));
    }
    Ok(Ok(signed_in))
}

/// Makes an account of `role` from a valid sign-up, within the rate limit of its e-mail
/// address (the address it comes from is checked by [`may_sign_up`]): the account, or which of its unique
/// values someone else holds.
///
/// With mail on, the address given counts only once a link mailed to it is followed
/// (until then the account holds an unconfirmed placeholder of its own), and whether it
/// has an account already is told to its owner alone, by mail: the sign-up is answered
/// the same way either way, so it tells nobody which addresses have accounts. With mail
/// off, a taken address is refused, as nobody could be told otherwise.
pub async fn register(
    ctx: &Ctx,
    fields: SignUp,
    role: Role,
) -> Result<Result<User, Taken>, AppError> {
    ctx.check_limit(
        Subject::SignupFor(&fields.email.key()),
        "Too many sign-ups for this e-mail address.",
    )
    .await?;
    ctx.record_attempt(Subject::SignupFor(&fields.email.key()))
        .await?;
    let display_name = fields.username.as_str().to_owned();
    let id = UserId::new();
    let given = ctx.mailer.is_on().then(|| fields.email.clone());
    let fields = match &given {
        Some(_) => SignUp {
            email: Email::unconfirmed(id),
            ..fields
        },
        None => fields,
    };
    // On a site with roles of its own the account is a reader elsewhere, and has `role`
    // as a member here.
    let account_role = if ctx.own_roles { Role::Reader } else { role };
    let new = new_account(id, fields, display_name, account_role).await?;
    match ctx.store.create_user(new).await {
        Ok(created) => {
            let created = if ctx.own_roles {
                let member = ctx
                    .store
                    .join_site(&ctx.site, created.id, role, ctx.clock.now())
                    .await?;
                super::as_member(created, Some(member))
            } else {
                created
            };
            if let Some(given) = given {
                let (job, account) = (ctx.clone(), created.clone());
                ctx.jobs.errand(async move {
                    link_or_notice(&job, &account, &given).await;
                });
            }
            Ok(Ok(created))
        }
        Err(AccountError::Taken(taken)) => Ok(Err(taken)),
        Err(AccountError::NoSuchUser) => Err(AppError::Internal("new account vanished".into())),
        Err(AccountError::Store(e)) => Err(e.into()),
    }
}

/// Checks that the site is set up and that its address has sign-ups left, and counts
/// this one.
pub async fn may_sign_up(ctx: &Ctx, ip: &str) -> Result<(), AppError> {
    if !ctx.site_ready().await? {
        return Err(AppError::Forbidden(
            "This site has not been set up yet.".into(),
        ));
    }
    ctx.check_limit(
        Subject::SignupFromIp(ip),
        "Too many sign-ups from your address.",
    )
    .await?;
    ctx.record_attempt(Subject::SignupFromIp(ip)).await
}

/// Whether `typed` is the account's password, checked on the blocking pool.
pub async fn password_matches(user: &User, typed: &str) -> Result<bool, AppError> {
    let (hash, typed) = (user.password_hash.clone(), typed.to_owned());
    blocking("verifying", move || hash.verify(&typed)).await
}

/// Gives the account a new password (hashed on the blocking pool) and ends every one of
/// its sessions but `keep` (the one that asked, if it stays signed in).
pub async fn change_password(
    ctx: &Ctx,
    user: UserId,
    new: Password,
    keep: Option<&[u8]>,
) -> Result<(), AppError> {
    let hash = blocking("hashing", move || new.hash()).await?;
    match ctx.store.change_password(user, &hash).await {
        Ok(()) => {}
        Err(AccountError::Store(e)) => return Err(e.into()),
        Err(_) => return Err(AppError::NotFound),
    }
    ctx.store.end_sessions(user, keep).await?;
    Ok(())
}
