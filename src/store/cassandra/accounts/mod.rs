//! Accounts: the claims of the multi-row uniqueness lock around the users row, its
//! directory entry and its place in the list by sign-up.

pub(super) mod factors;
pub(super) mod passkeys;
pub(super) mod sessions;

use super::intents::OwnIntent;
use super::lwt::Claim;
use super::{CassandraStore, logged};
use crate::domain::password::PasswordHash;
use crate::domain::user::{Login, shelf_of};
use crate::domain::{Email, NewUser, Profile, Role, Site, User, UserId, Username};
use crate::store::prelude::*;
use crate::store::{
    AccountError, DirectoryEntry, Fault, Finished, SetupError, StoreError, StoreResult, Taken,
};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use scylla::DeserializeRow;
use scylla::client::session::Session;
use scylla::errors::ExecutionError;
use scylla::statement::batch::Batch;
use scylla::statement::prepared::PreparedStatement;
use uuid::Uuid;

pub(super) const USER_COLUMNS: &str =
    "user_id, username, email, display_name, role, password_hash, created, bio, homepage, banned";

pub(super) const DIRECTORY_COLUMNS: &str = "user_id, username, display_name, email, role, banned";

/// The `users_by_signup` bucket of a sign-up time: its month, `YYYY-MM`.
pub(super) fn signup_month(at: DateTime<Utc>) -> String {
    at.format("%Y-%m").to_string()
}

/// An account moving from one claimed value (a user name or e-mail key) to another.
pub(super) struct ClaimChange {
    scope: &'static str,
    taken: Taken,
    old_key: String,
    new_key: String,
}

pub(super) fn login_claim(login: &Login) -> (&'static str, &str) {
    match login {
        Login::Username(key) => ("username", key),
        Login::Email(key) => ("email", key),
    }
}

/// The partition of the directory that holds a user name key: its first three
/// characters, so that no partition holds a whole shelf (the names of one letter).
pub(super) fn prefix_of(key: &str) -> String {
    key.chars().take(3).collect()
}

/// The bound values of the directory's index of prefixes: the key's shelf and prefix.
pub(super) fn prefix_values(key: &str) -> (&'static str, String) {
    (shelf_of(key), prefix_of(key))
}

/// The bound values of a user_directory_by_prefix insert.
pub(super) fn directory_values(
    user: &User,
) -> (
    String,
    String,
    Uuid,
    String,
    String,
    String,
    &'static str,
    bool,
) {
    let key = user.username.key();
    (
        prefix_of(&key),
        key,
        user.id.0,
        user.username.as_str().to_owned(),
        user.display_name.clone(),
        user.email.as_str().to_owned(),
        user.role.as_str(),
        user.banned,
    )
}

pub(in crate::store::cassandra) fn setup_scope() -> &'static str {
    "setup"
}

impl CassandraStore {
    /// An account's row as it is stored.
    pub(super) async fn user_row(&self, id: UserId) -> StoreResult<Option<UserRow>> {
        self.row::<UserRow>(&self.accounts.user_by_id, (id.0,))
            .await
    }
}

#[derive(DeserializeRow)]
pub(super) struct UserRow {
    user_id: Uuid,
    username: String,
    email: String,
    display_name: String,
    role: String,
    password_hash: String,
    created: DateTime<Utc>,
    bio: Option<String>,
    homepage: Option<String>,
    banned: Option<bool>,
    image: Option<String>,
    /// Sessions begun before this are ended (all of an account's sessions end in this
    /// one write; their rows are removed after it).
    sessions_after: Option<DateTime<Utc>>,
    language: Option<String>,
}

impl UserRow {
    /// Whether a session begun at `created` was ended by [`Sessions::end_sessions`].
    pub(super) fn ended(&self, created: DateTime<Utc>) -> bool {
        self.sessions_after.is_some_and(|after| created < after)
    }

    pub(super) fn into_user(self) -> StoreResult<User> {
        Ok(User {
            id: UserId(self.user_id),
            username: Username::parse(&self.username)?,
            email: Email::parse(&self.email)?,
            display_name: self.display_name,
            role: Role::parse(&self.role)?,
            password_hash: PasswordHash::from_stored(self.password_hash),
            created: self.created,
            bio: self.bio.unwrap_or_default(),
            homepage: self.homepage.unwrap_or_default(),
            image: self.image.unwrap_or_default(),
            banned: self.banned.unwrap_or(false),
            language: self.language.unwrap_or_default(),
        })
    }
}

#[derive(DeserializeRow)]
pub(super) struct DirectoryRow {
    user_id: Uuid,
    username: String,
    display_name: String,
    email: String,
    role: String,
    banned: Option<bool>,
}

impl DirectoryRow {
    fn into_entry(self) -> StoreResult<DirectoryEntry> {
        Ok(DirectoryEntry {
            id: UserId(self.user_id),
            username: self.username,
            display_name: self.display_name,
            email: self.email,
            role: Role::parse(&self.role)?,
            banned: self.banned.unwrap_or(false),
        })
    }
}

/// The statements of this file, prepared once at start.
pub(super) struct Statements {
    pub(super) user_by_id: PreparedStatement,
    pub(super) user_password: PreparedStatement,
    pub(super) directory_read: PreparedStatement,
    pub(super) directory_entry_read: PreparedStatement,
    pub(super) signup_months: PreparedStatement,
    pub(super) signups_read: PreparedStatement,
    pub(super) signups_read_before: PreparedStatement,
    /// A new account's rows, which must agree: a logged batch.
    pub(super) user_create: Batch,
    /// The users row and the removal of the directory entry at the old name.
    pub(super) user_rename: Batch,
    pub(super) user_email: PreparedStatement,
    pub(super) user_profile: PreparedStatement,
    pub(super) user_role: PreparedStatement,
    pub(super) user_banned: PreparedStatement,
    pub(super) user_language: PreparedStatement,
    /// An entry and its prefix in the shelf's index of prefixes: a logged batch.
    pub(super) directory_write: Batch,
    pub(super) directory_delete: PreparedStatement,
    pub(super) prefix_insert: PreparedStatement,
    pub(super) prefixes_of_shelf: PreparedStatement,
    /// An account whose sign-up was undone: its rows go.
    pub(super) account_remove: Batch,
}

impl Statements {
    pub(super) async fn prepare(session: &Session, ks: &str) -> Result<Self, ExecutionError> {
        let prepare = |cql: String| super::prepare(session, cql);
        let directory_insert = prepare(format!(
            "INSERT INTO {ks}.user_directory_by_prefix (prefix, username_key, {DIRECTORY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
        ))
        .await?;
        let prefix_insert = prepare(format!(
            "INSERT INTO {ks}.user_directory_prefixes (shelf, prefix) VALUES (?, ?)"
        ))
        .await?;
        let directory_write = logged(vec![directory_insert.clone(), prefix_insert.clone()]);
        let user_set = |columns: &str| {
            let cql = format!("UPDATE {ks}.users SET {columns} WHERE user_id = ?");
            prepare(cql)
        };
        let user_create = logged(vec![
            prepare(format!(
                "INSERT INTO {ks}.users ({USER_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            ))
            .await?,
            directory_insert.clone(),
            prefix_insert.clone(),
            prepare(format!(
                "INSERT INTO {ks}.users_by_signup (month, created, user_id) VALUES (?, ?, ?)"
            ))
            .await?,
            prepare(format!(
                "INSERT INTO {ks}.signup_months (scope, month) VALUES ('all', ?)"
            ))
            .await?,
        ]);
        let directory_delete = prepare(format!(
            "DELETE FROM {ks}.user_directory_by_prefix WHERE prefix = ? AND username_key = ?"
        ))
        .await?;
        let account_remove = logged(vec![
            prepare(format!("DELETE FROM {ks}.users WHERE user_id = ?")).await?,
            directory_delete.clone(),
            prepare(format!(
                "DELETE FROM {ks}.users_by_signup WHERE month = ? AND created = ? AND user_id = ?"
            ))
            .await?,
        ]);
        let user_rename = logged(vec![
            user_set("username = ?").await?,
            directory_delete.clone(),
        ]);
        Ok(Self {
            user_by_id: prepare(format!("SELECT {USER_COLUMNS}, image, sessions_after, language FROM {ks}.users WHERE user_id = ?")).await?,
            user_password: user_set("password_hash = ?").await?,
            directory_read: prepare(format!(
                "SELECT {DIRECTORY_COLUMNS} FROM {ks}.user_directory_by_prefix WHERE prefix = ? AND username_key > ? LIMIT ?"
            ))
            .await?,
            directory_entry_read: prepare(format!(
                "SELECT {DIRECTORY_COLUMNS} FROM {ks}.user_directory_by_prefix WHERE prefix = ? AND username_key = ?"
            ))
            .await?,
            prefixes_of_shelf: prepare(format!(
                "SELECT prefix FROM {ks}.user_directory_prefixes WHERE shelf = ? AND prefix >= ? LIMIT ?"
            ))
            .await?,
            signup_months: prepare(format!(
                "SELECT month FROM {ks}.signup_months WHERE scope = 'all'"
            ))
            .await?,
            signups_read: prepare(format!(
                "SELECT created, user_id FROM {ks}.users_by_signup WHERE month = ? LIMIT ?"
            ))
            .await?,
            signups_read_before: prepare(format!(
                "SELECT created, user_id FROM {ks}.users_by_signup WHERE month = ? \
                 AND (created, user_id) < (?, ?) LIMIT ?"
            ))
            .await?,
            user_create,
            user_rename,
            user_email: user_set("email = ?").await?,
            user_profile: user_set("display_name = ?, bio = ?, homepage = ?, image = ?").await?,
            user_role: user_set("role = ?").await?,
            user_banned: user_set("banned = ?").await?,
            user_language: user_set("language = ?").await?,
            directory_write,
            directory_delete,
            prefix_insert,
            account_remove,
        })
    }
}

impl CassandraStore {
    /// Creates an account (and, with `site`, makes it that site's first administrator)
    /// with the claim protocol: claims in a fixed order (site, user name, e-mail), each a
    /// pending LWT with a TTL; on losing one, the ones taken are released; then the users
    /// row and its directory entry; then every claim is committed.
    pub(super) async fn create_account(
        &self,
        user: &NewUser,
        site: Option<&Site>,
    ) -> Result<User, SetupError> {
        let claims = self.claims();
        let owner = user.id.0;
        let (username, email) = (user.username.key(), user.email.key());
        let mut wanted: Vec<(String, String)> = Vec::new();
        if let Some(site) = site {
            wanted.push((setup_scope().to_owned(), site.to_string()));
        }
        wanted.push(("username".to_owned(), username.clone()));
        wanted.push(("email".to_owned(), email.clone()));
        // Recorded first: if this sign-up dies anywhere after, the reconciler commits
        // its claims (the account's rows are there) or releases them (they are not).
        let intent = self
            .begin_own(&OwnIntent::SignUp {
                user: owner,
                claims: wanted,
            })
            .await?;
        let mut held: Vec<(&str, String)> = Vec::new();
        // Once the account's rows may be written, a failure leaves the sign-up to the
        // reconciler (which commits the claims, or undoes both): releasing the claims
        // here would leave rows that no claim names.
        let mut left_to_reconciler = false;
        let outcome: Result<User, SetupError> = async {
            if let Some(site) = site {
                if claims.claim(setup_scope(), site.as_str(), owner).await? == Claim::Taken {
                    return Err(SetupError::AlreadySetUp);
                }
                held.push((setup_scope(), site.as_str().to_owned()));
            }
            if claims.claim("username", &username, owner).await? == Claim::Taken {
                return Err(SetupError::Taken(Taken::Username));
            }
            held.push(("username", username.clone()));
            if self.options.faults.fires(Fault::CrashAfterUsernameClaim) {
                left_to_reconciler = true;
                return Err(Fault::CrashAfterUsernameClaim.error().into());
            }
            if claims.claim("email", &email, owner).await? == Claim::Taken {
                return Err(SetupError::Taken(Taken::Email));
            }
            held.push(("email", email.clone()));
            let created = user.clone().into_user();
            let row = (
                owner,
                created.username.as_str(),
                created.email.as_str(),
                created.display_name.as_str(),
                created.role.as_str(),
                created.password_hash.as_str(),
                created.created,
                created.bio.as_str(),
                created.homepage.as_str(),
                created.banned,
            );
            let month = signup_month(created.created);
            left_to_reconciler = true;
            self.batch(
                &self.accounts.user_create,
                (
                    row,
                    directory_values(&created),
                    prefix_values(&created.username.key()),
                    (month.clone(), created.created, owner),
                    (month,),
                ),
            )
            .await?;
            if self.options.faults.fires(Fault::CrashBeforeClaimsCommitted) {
                return Err(Fault::CrashBeforeClaimsCommitted.error().into());
            }
            // The site's set-up claim last: a site has an administrator only once the
            // administrator can sign in.
            for (scope, name) in held.iter().rev() {
                claims.commit(scope, name, owner).await?;
            }
            Ok(created)
        }
        .await;
        if outcome.is_err() {
            if left_to_reconciler {
                return outcome;
            }
            for (scope, name) in held.iter().rev() {
                claims.release(scope, name, owner).await;
            }
        }
        self.end_own(intent).await?;
        outcome
    }

    /// Finishes a sign-up that died: with the account's rows there, every claim is
    /// taken (if it expired) and committed, the site's set-up last; if one went to
    /// another account meanwhile, or the rows are not there, the sign-up is undone:
    /// its claims released and its rows removed.
    pub(super) async fn finish_sign_up(
        &self,
        id: UserId,
        wanted: &[(String, String)],
    ) -> StoreResult<Finished> {
        let claims = self.claims();
        let account = self.user(id).await?;
        let mut complete = account.is_some();
        if complete {
            for (scope, name) in wanted {
                if claims.claim(scope, name, id.0).await? == Claim::Taken {
                    complete = false;
                    break;
                }
            }
        }
        if complete {
            let (setup, others): (Vec<_>, Vec<_>) =
                wanted.iter().partition(|(scope, _)| scope == setup_scope());
            for (scope, name) in others.into_iter().chain(setup) {
                claims.commit(scope, name, id.0).await?;
            }
            return Ok(Finished::Completed);
        }
        for (scope, name) in wanted.iter().rev() {
            claims.release(scope, name, id.0).await;
        }
        if let Some(user) = account {
            let key = user.username.key();
            self.batch(
                &self.accounts.account_remove,
                (
                    (id.0,),
                    (prefix_of(&key), key.as_str()),
                    (signup_month(user.created), user.created, id.0),
                ),
            )
            .await?;
        }
        Ok(Finished::Undone)
    }

    /// Moves an account from one claimed value to another (renames under the multi-row
    /// uniqueness lock): claim the new value, write the account, commit, release the old
    /// value, all recorded as an intent the reconciler finishes if this process dies.
    /// A change of spelling only (same key) keeps the claim and just writes.
    pub(super) async fn move_claim(
        &self,
        id: UserId,
        change: ClaimChange,
        write: impl std::future::Future<Output = StoreResult<()>>,
    ) -> Result<User, AccountError> {
        let ClaimChange {
            scope,
            taken,
            old_key,
            new_key,
        } = change;
        if old_key == new_key {
            write.await?;
            return self.write_directory(id).await;
        }
        // Recorded first: if the write dies or times out (it may have taken effect), the
        // reconciler commits the new value and releases the old one if the account has
        // the new one, and releases the new one if it has not.
        let intent = self
            .begin_own(&OwnIntent::Rename {
                user: id.0,
                scope: scope.to_owned(),
                old: old_key.clone(),
                new: new_key.clone(),
            })
            .await?;
        let claims = self.claims();
        if claims.claim(scope, &new_key, id.0).await? == Claim::Taken {
            self.end_own(intent).await?;
            return Err(AccountError::Taken(taken));
        }
        write.await?;
        if self.options.faults.fires(Fault::CrashAfterRenameWrite) {
            return Err(Fault::CrashAfterRenameWrite.error().into());
        }
        self.finish_rename(id, scope, &old_key, &new_key).await?;
        self.end_own(intent).await?;
        self.write_directory(id).await
    }

    /// The steps of a rename after its write, from the account's row: with the new value
    /// there, the new claim is committed and the old one released; without it, the new
    /// claim is released. The directory entry follows the row.
    pub(super) async fn finish_rename(
        &self,
        id: UserId,
        scope: &str,
        old_key: &str,
        new_key: &str,
    ) -> StoreResult<Finished> {
        let claims = self.claims();
        let Some(user) = self.user(id).await? else {
            claims.release(scope, new_key, id.0).await;
            return Ok(Finished::Undone);
        };
        let has = match scope {
            "username" => user.username.key(),
            _ => user.email.key(),
        };
        if has != new_key {
            claims.release(scope, new_key, id.0).await;
            return Ok(Finished::Undone);
        }
        if claims.claim(scope, new_key, id.0).await? == Claim::Taken {
            return Err(StoreError::Unavailable(format!(
                "account {} has {scope} {new_key}, which another account holds",
                id.0
            )));
        }
        claims.commit(scope, new_key, id.0).await?;
        claims.release(scope, old_key, id.0).await;
        if scope == "username" {
            self.write_directory(id).await.map_err(|e| match e {
                AccountError::Store(e) => e,
                other => StoreError::Unavailable(other.to_string()),
            })?;
        }
        Ok(Finished::Completed)
    }

    /// The directory entry at a user name's key.
    pub(super) async fn directory_entry(&self, key: &str) -> StoreResult<Option<DirectoryEntry>> {
        self.row::<DirectoryRow>(&self.accounts.directory_entry_read, (prefix_of(key), key))
            .await?
            .map(DirectoryRow::into_entry)
            .transpose()
    }

    /// Writes a user's directory entry whole, from the users row read after the caller's
    /// own write, at the key the user has; then reads the row again and removes that
    /// entry if a rename moved the user meanwhile. Every account write ends with this,
    /// so a write racing a rename leaves no entry at a name the user no longer has (of
    /// the two, the one that checks last sees the other's users write), and no entry is
    /// ever a partial row written at a key read earlier.
    pub(super) async fn write_directory(&self, id: UserId) -> Result<User, AccountError> {
        let user = self.user(id).await?.ok_or(AccountError::NoSuchUser)?;
        let key = user.username.key();
        self.batch(
            &self.accounts.directory_write,
            (directory_values(&user), prefix_values(&key)),
        )
        .await?;
        let after = self.user(id).await?.ok_or(AccountError::NoSuchUser)?;
        if after.username.key() != key {
            self.exec(
                &self.accounts.directory_delete,
                (prefix_of(&key), key.as_str()),
            )
            .await?;
        }
        Ok(after)
    }
}

#[async_trait]
impl Accounts for CassandraStore {
    async fn site_admin(&self, site: &Site) -> StoreResult<Option<UserId>> {
        let claim: Option<(Uuid, String)> = self
            .row(&self.lwt.claim_read, (setup_scope(), site.as_str()))
            .await?;
        Ok(claim
            .filter(|(_, state)| state == "committed")
            .map(|(owner, _)| UserId(owner)))
    }

    async fn create_first_admin(&self, site: &Site, admin: NewUser) -> Result<User, SetupError> {
        self.create_account(&admin, Some(site)).await
    }

    async fn create_user(&self, user: NewUser) -> Result<User, AccountError> {
        match self.create_account(&user, None).await {
            Ok(user) => Ok(user),
            Err(SetupError::Taken(taken)) => Err(AccountError::Taken(taken)),
            Err(SetupError::Store(e)) => Err(AccountError::Store(e)),
            Err(SetupError::AlreadySetUp) => Err(AccountError::Store(StoreError::Corrupt(
                "a sign-up without a site cannot find it set up".into(),
            ))),
        }
    }

    async fn change_username(&self, id: UserId, new: &Username) -> Result<User, AccountError> {
        let user = self.user(id).await?.ok_or(AccountError::NoSuchUser)?;
        let (old_key, new_key) = (user.username.key(), new.key());
        let write = self.batch(
            &self.accounts.user_rename,
            (
                (new.as_str(), id.0),
                (prefix_of(&old_key), old_key.as_str()),
            ),
        );
        let change = ClaimChange {
            scope: "username",
            taken: Taken::Username,
            old_key: old_key.clone(),
            new_key: new_key.clone(),
        };
        let renamed = self.move_claim(id, change, write).await?;
        // A write racing this rename may have read the old name before the rename's row
        // was visible and written an entry there after the batch's delete: deleted again
        // now that the row has the new name, either this delete comes later or that
        // writer's own check after its write sees the new name and deletes it.
        if renamed.username.key() == new_key && old_key != new_key {
            self.exec(
                &self.accounts.directory_delete,
                (prefix_of(&old_key), old_key.as_str()),
            )
            .await?;
        }
        Ok(renamed)
    }

    async fn change_email(&self, id: UserId, new: &Email) -> Result<User, AccountError> {
        let user = self.user(id).await?.ok_or(AccountError::NoSuchUser)?;
        let (old_key, new_key) = (user.email.key(), new.key());
        let write = async {
            self.exec(&self.accounts.user_email, (new.as_str(), id.0))
                .await
                .map(drop)
        };
        let change = ClaimChange {
            scope: "email",
            taken: Taken::Email,
            old_key,
            new_key,
        };
        self.move_claim(id, change, write).await
    }

    async fn change_password(&self, id: UserId, hash: &PasswordHash) -> Result<(), AccountError> {
        self.user(id).await?.ok_or(AccountError::NoSuchUser)?;
        self.exec(&self.accounts.user_password, (hash.as_str(), id.0))
            .await?;
        Ok(())
    }

    async fn update_profile(&self, id: UserId, profile: &Profile) -> Result<User, AccountError> {
        self.user(id).await?.ok_or(AccountError::NoSuchUser)?;
        let values = (
            profile.display_name.as_str(),
            profile.bio.as_str(),
            profile.homepage.as_str(),
            profile.image.as_str(),
            id.0,
        );
        self.exec(&self.accounts.user_profile, values).await?;
        self.write_directory(id).await
    }

    async fn set_role(&self, id: UserId, role: Role) -> Result<User, AccountError> {
        self.user(id).await?.ok_or(AccountError::NoSuchUser)?;
        self.exec(&self.accounts.user_role, (role.as_str(), id.0))
            .await?;
        self.write_directory(id).await
    }

    async fn set_banned(&self, id: UserId, banned: bool) -> Result<User, AccountError> {
        self.user(id).await?.ok_or(AccountError::NoSuchUser)?;
        self.exec(&self.accounts.user_banned, (banned, id.0))
            .await?;
        self.write_directory(id).await
    }

    async fn set_language(&self, id: UserId, language: &str) -> Result<User, AccountError> {
        self.user(id).await?.ok_or(AccountError::NoSuchUser)?;
        self.exec(&self.accounts.user_language, (language, id.0))
            .await?;
        self.user(id).await?.ok_or(AccountError::NoSuchUser)
    }

    async fn user_directory(
        &self,
        shelf: &str,
        after: Option<&str>,
        limit: usize,
    ) -> StoreResult<Vec<DirectoryEntry>> {
        // The shelf's partitions in key order, from the cursor's: each read from the
        // cursor on until the page is full. The index names only prefixes that have had
        // entries, a few at a time.
        let limit = limit.min(1000);
        let after = after.unwrap_or("");
        let mut from = prefix_of(after);
        let mut entries = Vec::new();
        loop {
            let prefixes: Vec<(String,)> = self
                .rows(&self.accounts.prefixes_of_shelf, (shelf, from.as_str(), 8))
                .await?;
            let last = prefixes.len() < 8;
            for (prefix,) in &prefixes {
                let want = (limit - entries.len()) as i32;
                let rows: Vec<DirectoryRow> = self
                    .rows(
                        &self.accounts.directory_read,
                        (prefix.as_str(), after, want),
                    )
                    .await?;
                for row in rows {
                    entries.push(row.into_entry()?);
                }
                if entries.len() >= limit {
                    return Ok(entries);
                }
            }
            match prefixes.last() {
                Some((prefix,)) if !last => from = format!("{prefix}\u{0}"),
                _ => return Ok(entries),
            }
        }
    }

    /// Months newest first, from `signup_months` (one row a month with sign-ups), each
    /// read newest first from its `users_by_signup` bucket until the page is full; then
    /// the accounts' rows, by id.
    async fn newest_users(
        &self,
        before: Option<(DateTime<Utc>, UserId)>,
        limit: usize,
    ) -> StoreResult<Vec<User>> {
        let months: Vec<(String,)> = self.rows(&self.accounts.signup_months, ()).await?;
        let start = before.map(|(at, _)| signup_month(at));
        let mut ids: Vec<Uuid> = Vec::new();
        for (month,) in months {
            if start.as_ref().is_some_and(|start| month > *start) {
                continue;
            }
            let want = limit.saturating_sub(ids.len()).min(1000) as i32;
            if want == 0 {
                break;
            }
            let found: Vec<(DateTime<Utc>, Uuid)> = match before {
                Some((at, id)) if Some(&month) == start.as_ref() => {
                    self.rows(&self.accounts.signups_read_before, (&month, at, id.0, want))
                        .await?
                }
                _ => {
                    self.rows(&self.accounts.signups_read, (&month, want))
                        .await?
                }
            };
            ids.extend(found.into_iter().map(|(_, id)| id));
        }
        let users =
            futures_util::future::try_join_all(ids.into_iter().map(|id| self.user(UserId(id))))
                .await?;
        Ok(users.into_iter().flatten().collect())
    }

    async fn is_claimed(&self, login: &Login) -> StoreResult<bool> {
        let (scope, key) = login_claim(login);
        Ok(self.claims().owner(scope, key).await?.is_some())
    }

    async fn user(&self, id: UserId) -> StoreResult<Option<User>> {
        self.user_row(id).await?.map(UserRow::into_user).transpose()
    }

    async fn user_by_login(&self, login: &Login) -> StoreResult<Option<User>> {
        let (scope, key) = login_claim(login);
        match self.claims().owner(scope, key).await? {
            Some((owner, state)) if state == "committed" => self.user(UserId(owner)).await,
            _ => Ok(None),
        }
    }

    async fn author_by_name(&self, username: &Username) -> StoreResult<Option<User>> {
        let claim: Option<(Uuid, String)> = self
            .row(&self.lwt.claim_read, ("username", username.key()))
            .await?;
        match claim {
            Some((owner, state)) if state == "committed" => self.user(UserId(owner)).await,
            _ => Ok(None),
        }
    }
}
