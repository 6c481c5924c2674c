//! `sibyl user ...`: administration from the shell, for the operator locked out of the
//! web pages (no administrator, a forgotten password, a role to change). Each command
//! goes through the same store contract and the same rules as the web pages: the same
//! uniqueness claims, the same argon2id hashing, the same password rules.

use crate::config::UserCommand;
use crate::domain::password::Password;
use crate::domain::user::{Login, parse_display_name};
use crate::domain::{Email, NewUser, Role, Site, User, UserId, Username, now};
use crate::store::{AccountError, SetupError, Store, Taken};
use std::io::{BufRead, IsTerminal};

/// How many accounts `sibyl user list` shows at most, newest first.
pub const LIST_MAX: usize = 1000;

/// Runs one command against the store; returns what to print.
pub async fn run(store: &dyn Store, site: &Site, command: UserCommand) -> Result<String, String> {
    match command {
        UserCommand::CreateAdmin {
            username,
            email,
            display_name,
        } => {
            let username = Username::parse_chosen(&username).map_err(|e| e.0)?;
            let email = Email::parse_chosen(&email).map_err(|e| e.0)?;
            let display_name = parse_display_name(display_name.as_deref().unwrap_or(""), &username)
                .map_err(|e| e.0)?;
            let password = read_new_password()?;
            // On a registered site with roles of its own, an administrator there (and a
            // reader on the sites whose roles are the accounts').
            let own_roles = own_roles(store, site).await?;
            let user = NewUser {
                id: UserId::new(),
                username,
                email,
                display_name,
                role: if own_roles { Role::Reader } else { Role::Admin },
                password_hash: hash(password).await?,
                created: now(),
            };
            // A site without an administrator gets this one as the one /setup makes,
            // so /setup is closed afterwards; otherwise one more administrator.
            let made = if store
                .site_admin(site)
                .await
                .map_err(|e| e.to_string())?
                .is_none()
            {
                match store.create_first_admin(site, user.clone()).await {
                    Ok(made) => Ok(made),
                    Err(SetupError::AlreadySetUp) => store.create_user(user).await,
                    Err(SetupError::Taken(taken)) => Err(AccountError::Taken(taken)),
                    Err(SetupError::Store(e)) => Err(AccountError::Store(e)),
                }
            } else {
                store.create_user(user).await
            }
            .map_err(account_error)?;
            if own_roles {
                store
                    .set_membership(site, made.id, Some(Role::Admin), Some(false), now())
                    .await
                    .map_err(|e| e.to_string())?;
            }
            Ok(format!(
                "created administrator {} <{}>\n",
                made.username.as_str(),
                made.email.as_str()
            ))
        }
        UserCommand::ResetPassword { user } => {
            let user = find(store, &user).await?;
            let password = read_new_password()?;
            store
                .change_password(user.id, &hash(password).await?)
                .await
                .map_err(account_error)?;
            // Whoever held the old password is signed out everywhere.
            store
                .end_sessions(user.id, None)
                .await
                .map_err(|e| e.to_string())?;
            Ok(format!(
                "new password set for {}; every session of theirs ended\n",
                user.username.as_str()
            ))
        }
        UserCommand::Reset2fa { user } => {
            let user = find(store, &user).await?;
            let had = store
                .second_factors(user.id)
                .await
                .map_err(|e| e.to_string())?;
            let passkeys = store.passkeys(user.id).await.map_err(|e| e.to_string())?;
            if !had.any() && passkeys.is_empty() {
                return Err(format!(
                    "{} has no second factor: their password alone signs in",
                    user.username.as_str()
                ));
            }
            store
                .remove_second_factors(user.id)
                .await
                .map_err(|e| e.to_string())?;
            store
                .remove_passkeys(user.id)
                .await
                .map_err(|e| e.to_string())?;
            store
                .end_sessions(user.id, None)
                .await
                .map_err(|e| e.to_string())?;
            tracing::warn!(
                user = %user.id.0,
                username = user.username.as_str(),
                "two-step sign-in turned off from the shell (sibyl user reset-2fa)"
            );
            Ok(format!(
                "two-step sign-in is off for {}: their authenticator, recovery codes and passkeys are removed, and every session of theirs ended\n",
                user.username.as_str()
            ))
        }
        UserCommand::SetRole {
            user,
            role,
            network_admin,
        } => {
            let role = role.map(|r| Role::parse(&r).map_err(|e| e.0)).transpose()?;
            let user = find(store, &user).await?;
            let mut said = String::new();
            if let Some(on) = network_admin {
                store
                    .set_network_admin(user.id, on, now())
                    .await
                    .map_err(|e| e.to_string())?;
                said = format!(
                    "{} is {} network administrator\n",
                    user.username.as_str(),
                    if on { "a" } else { "no longer a" }
                );
            }
            let Some(role) = role else {
                if said.is_empty() {
                    return Err(
                        "name a role (reader, author or admin) or --network-admin".to_owned()
                    );
                }
                return Ok(said);
            };
            // On a registered site, the role there.
            if own_roles(store, site).await? {
                if role == Role::Admin
                    && !super::members::room_for_admin(store, site, user.id)
                        .await
                        .map_err(|e| e.to_string())?
                {
                    return Err(super::members::TOO_MANY_ADMINS.to_owned());
                }
                let member = store
                    .set_membership(site, user.id, Some(role), None, now())
                    .await
                    .map_err(|e| e.to_string())?;
                return Ok(format!(
                    "{said}{} is now {} on {site}\n",
                    user.username.as_str(),
                    member.role.as_str()
                ));
            }
            let changed = store.set_role(user.id, role).await.map_err(account_error)?;
            Ok(format!(
                "{said}{} is now {}\n",
                changed.username.as_str(),
                changed.role.as_str()
            ))
        }
        UserCommand::List { limit } => {
            let limit = limit.clamp(1, LIST_MAX);
            let users = store
                .newest_users(None, limit)
                .await
                .map_err(|e| e.to_string())?;
            let mut out = String::from("user name\te-mail\trole\tstatus\tjoined\n");
            for u in users {
                out.push_str(&format!(
                    "{}\t{}\t{}\t{}\t{}\n",
                    u.username.as_str(),
                    u.email.as_str(),
                    u.role.as_str(),
                    if u.banned { "banned" } else { "active" },
                    u.created.format("%Y-%m-%d %H:%M UTC")
                ));
            }
            Ok(out)
        }
    }
}

/// Whether `site` is registered, its roles its own. Once sites are registered, a site
/// that is not is served to nobody, and a role there would be nobody's: refused.
pub(crate) async fn own_roles(store: &dyn Store, site: &Site) -> Result<bool, String> {
    let failed = |e: crate::store::StoreError| e.to_string();
    if store.registered_site(site).await.map_err(failed)?.is_some() {
        return Ok(true);
    }
    if store.sites_exist().await.map_err(failed)? {
        return Err(format!(
            "{site} is not a registered site of this deployment (--site-url names the site; `sibyl site list` lists them)"
        ));
    }
    Ok(false)
}

pub(crate) async fn find(store: &dyn Store, login: &str) -> Result<User, String> {
    let parsed = Login::parse(login).map_err(|e| e.0)?;
    store
        .user_by_login(&parsed)
        .await
        .map_err(|e| e.to_string())?
        .ok_or_else(|| format!("no account has the user name or e-mail address {login:?}"))
}

pub(crate) fn account_error(e: AccountError) -> String {
    match e {
        AccountError::Taken(Taken::Username) => "that user name is already taken".into(),
        AccountError::Taken(Taken::Email) => "that e-mail address is already in use".into(),
        other => other.to_string(),
    }
}

pub(crate) async fn hash(
    password: Password,
) -> Result<crate::domain::password::PasswordHash, String> {
    tokio::task::spawn_blocking(move || password.hash())
        .await
        .map_err(|e| format!("hashing: {e}"))
}

/// The new password: typed twice without echo on a terminal, else the first line of
/// standard input (for scripts: `printf '%s\n' "$PASSWORD" | sibyl user ...`).
pub(crate) fn read_new_password() -> Result<Password, String> {
    if std::io::stdin().is_terminal() {
        let first = rpassword::prompt_password("New password: ").map_err(|e| e.to_string())?;
        let second = rpassword::prompt_password("The same again: ").map_err(|e| e.to_string())?;
        if first != second {
            return Err("the two passwords differ".into());
        }
        Password::parse(&first).map_err(|e| e.0)
    } else {
        let mut line = String::new();
        std::io::stdin()
            .lock()
            .read_line(&mut line)
            .map_err(|e| format!("reading the password from standard input: {e}"))?;
        let line = line.strip_suffix('\n').unwrap_or(&line);
        let line = line.strip_suffix('\r').unwrap_or(line);
        if line.is_empty() {
            return Err("expected the new password on the first line of standard input".into());
        }
        Password::parse(line).map_err(|e| e.0)
    }
}
