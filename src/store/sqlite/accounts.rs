//! Accounts: one transaction with UNIQUE constraints gives what Cassandra's claims do.

use super::*;

pub(super) const USER_COLUMNS: &str = "id, username, email, display_name, role, password_hash, created, bio, homepage, banned, image, language";

pub(super) struct UserRow {
    id: String,
    username: String,
    email: String,
    display_name: String,
    role: String,
    password_hash: String,
    created: i64,
    bio: String,
    homepage: String,
    banned: bool,
    image: String,
    language: String,
}

impl UserRow {
    pub(super) fn read(row: &rusqlite::Row<'_>) -> rusqlite::Result<Self> {
        Ok(Self {
            id: row.get(0)?,
            username: row.get(1)?,
            email: row.get(2)?,
            display_name: row.get(3)?,
            role: row.get(4)?,
            password_hash: row.get(5)?,
            created: row.get(6)?,
            bio: row.get(7)?,
            homepage: row.get(8)?,
            banned: row.get(9)?,
            image: row.get(10)?,
            language: row.get(11)?,
        })
    }

    pub(super) fn into_user(self) -> StoreResult<User> {
        Ok(User {
            id: UserId(uuid(&self.id)?),
            username: Username::parse(&self.username)?,
            email: Email::parse(&self.email)?,
            display_name: self.display_name,
            role: Role::parse(&self.role)?,
            password_hash: PasswordHash::from_stored(self.password_hash),
            created: millis_to_time(self.created),
            bio: self.bio,
            homepage: self.homepage,
            image: self.image,
            banned: self.banned,
            language: self.language,
        })
    }
}

/// Inserts an account inside the caller's transaction, after checking that its user name
/// and e-mail address are free (the UNIQUE constraints are the backstop).
pub(super) fn insert_user(
    sql: &Sql<'_>,
    user: &NewUser,
    faults: &Faults,
) -> Result<(), AccountError> {
    let username_key = user.username.key();
    if exists(
        sql,
        "SELECT 1 FROM users WHERE username_key = ?1",
        &username_key,
    )? {
        return Err(AccountError::Taken(Taken::Username));
    }
    if faults.fires(Fault::CrashAfterUsernameClaim) {
        // Dropping the transaction rolls everything back, as a crash would.
        return Err(Fault::CrashAfterUsernameClaim.error().into());
    }
    if exists(
        sql,
        "SELECT 1 FROM users WHERE email_key = ?1",
        &user.email.key(),
    )? {
        return Err(AccountError::Taken(Taken::Email));
    }
    sql.prepare(
        "INSERT INTO users (id, username, username_key, shelf, email, email_key, display_name, role, password_hash, created)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
    )
    .and_then(|mut s| {
        s.execute(params![
            user.id.0.to_string(),
            user.username.as_str(),
            username_key,
            shelf_of(&username_key),
            user.email.as_str(),
            user.email.key(),
            user.display_name,
            user.role.as_str(),
            user.password_hash.as_str(),
            user.created.timestamp_millis(),
        ])
    })
    .map_err(unavailable)?;
    Ok(())
}

pub(super) fn user_where(sql: &Sql<'_>, column: &str, value: &str) -> StoreResult<Option<User>> {
    let row = sql
        .prepare(&format!(
            "SELECT {USER_COLUMNS} FROM users WHERE {column} = ?1"
        ))
        .and_then(|mut s| s.query_row([value], UserRow::read).optional())
        .map_err(unavailable)?;
    row.map(UserRow::into_user).transpose()
}

impl SqliteStore {
    /// Changes one account in a transaction: `change` sees the current record, and the
    /// changed record is returned.
    pub(super) async fn update_user(
        &self,
        id: UserId,
        change: impl FnOnce(&Sql<'_>, &User) -> Result<(), AccountError> + Send + 'static,
    ) -> Result<User, AccountError> {
        self.transaction(move |sql| {
            let id_text = id.0.to_string();
            let user = user_where(sql, "id", &id_text)?.ok_or(AccountError::NoSuchUser)?;
            change(sql, &user)?;
            let user = user_where(sql, "id", &id_text)?.ok_or(AccountError::NoSuchUser)?;
            Ok(user)
        })
        .await
    }
}

#[async_trait]
impl Accounts for SqliteStore {
    async fn site_admin(&self, site: &Site) -> StoreResult<Option<UserId>> {
        let site = site.to_string();
        self.read(move |sql| {
            let id: Option<String> = sql
                .prepare("SELECT user_id FROM site_admins WHERE site = ?1")
                .and_then(|mut s| s.query_row([&site], |r| r.get(0)).optional())
                .map_err(unavailable)?;
            id.map(|id| uuid(&id).map(UserId)).transpose()
        })
        .await
    }

    async fn create_first_admin(&self, site: &Site, admin: NewUser) -> Result<User, SetupError> {
        let site = site.to_string();
        let faults = self.faults.clone();
        self.transaction(move |sql| {
            if exists(sql, "SELECT 1 FROM site_admins WHERE site = ?1", &site)? {
                return Err(SetupError::AlreadySetUp);
            }
            insert_user(sql, &admin, &faults)?;
            sql.prepare("INSERT INTO site_admins (site, user_id) VALUES (?1, ?2)")
                .and_then(|mut s| s.execute(params![site, admin.id.0.to_string()]))
                .map_err(unavailable)?;
            Ok(admin.into_user())
        })
        .await
    }

    async fn create_user(&self, user: NewUser) -> Result<User, AccountError> {
        let faults = self.faults.clone();
        self.transaction(move |sql| {
            insert_user(sql, &user, &faults)?;
            Ok(user.into_user())
        })
        .await
    }

    async fn change_username(&self, id: UserId, new: &Username) -> Result<User, AccountError> {
        let new = new.clone();
        self.update_user(id, move |sql, user| {
            let key = new.key();
            if key != user.username.key()
                && exists(sql, "SELECT 1 FROM users WHERE username_key = ?1", &key)?
            {
                return Err(AccountError::Taken(Taken::Username));
            }
            sql.prepare(
                "UPDATE users SET username = ?2, username_key = ?3, shelf = ?4 WHERE id = ?1",
            )
            .and_then(|mut s| {
                s.execute(params![id.0.to_string(), new.as_str(), key, shelf_of(&key)])
            })
            .map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    async fn change_email(&self, id: UserId, new: &Email) -> Result<User, AccountError> {
        let new = new.clone();
        self.update_user(id, move |sql, user| {
            let key = new.key();
            if key != user.email.key()
                && exists(sql, "SELECT 1 FROM users WHERE email_key = ?1", &key)?
            {
                return Err(AccountError::Taken(Taken::Email));
            }
            sql.prepare("UPDATE users SET email = ?2, email_key = ?3 WHERE id = ?1")
                .and_then(|mut s| s.execute(params![id.0.to_string(), new.as_str(), key]))
                .map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    async fn change_password(&self, id: UserId, hash: &PasswordHash) -> Result<(), AccountError> {
        let hash = hash.as_str().to_owned();
        self.update_user(id, move |sql, _| {
            sql.prepare("UPDATE users SET password_hash = ?2 WHERE id = ?1")
                .and_then(|mut s| s.execute(params![id.0.to_string(), hash]))
                .map_err(unavailable)?;
            Ok(())
        })
        .await
        .map(|_| ())
    }

    async fn update_profile(&self, id: UserId, profile: &Profile) -> Result<User, AccountError> {
        let profile = profile.clone();
        self.update_user(id, move |sql, _| {
            sql.prepare(
                "UPDATE users SET display_name = ?2, bio = ?3, homepage = ?4, image = ?5 WHERE id = ?1",
            )
            .and_then(|mut s| {
                s.execute(params![
                    id.0.to_string(),
                    profile.display_name,
                    profile.bio,
                    profile.homepage,
                    profile.image
                ])
            })
            .map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    async fn set_role(&self, id: UserId, role: Role) -> Result<User, AccountError> {
        self.update_user(id, move |sql, _| {
            sql.prepare("UPDATE users SET role = ?2 WHERE id = ?1")
                .and_then(|mut s| s.execute(params![id.0.to_string(), role.as_str()]))
                .map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    async fn set_banned(&self, id: UserId, banned: bool) -> Result<User, AccountError> {
        self.update_user(id, move |sql, _| {
            sql.prepare("UPDATE users SET banned = ?2 WHERE id = ?1")
                .and_then(|mut s| s.execute(params![id.0.to_string(), banned]))
                .map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    async fn set_language(&self, id: UserId, language: &str) -> Result<User, AccountError> {
        let language = language.to_owned();
        self.update_user(id, move |sql, _| {
            sql.prepare("UPDATE users SET language = ?2 WHERE id = ?1")
                .and_then(|mut s| s.execute(params![id.0.to_string(), language]))
                .map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    async fn user_directory(
        &self,
        shelf: &str,
        after: Option<&str>,
        limit: usize,
    ) -> StoreResult<Vec<DirectoryEntry>> {
        let shelf = shelf.to_owned();
        let after = after.unwrap_or("").to_owned();
        self.read(move |sql| {
            let mut stmt = sql
                .prepare(&format!(
                    "SELECT {USER_COLUMNS} FROM users WHERE shelf = ?1 AND username_key > ?2
                     ORDER BY username_key LIMIT ?3"
                ))
                .map_err(unavailable)?;
            let rows = stmt
                .query_map(params![shelf, after, limit as i64], UserRow::read)
                .map_err(unavailable)?;
            let mut out = Vec::new();
            for row in rows {
                out.push(DirectoryEntry::from(
                    &row.map_err(unavailable)?.into_user()?,
                ));
            }
            Ok(out)
        })
        .await
    }

    async fn newest_users(
        &self,
        before: Option<(DateTime<Utc>, UserId)>,
        limit: usize,
    ) -> StoreResult<Vec<User>> {
        // The first page starts past any account.
        let (created, id) = match before {
            Some((created, id)) => (created.timestamp_millis(), id.0.to_string()),
            None => (i64::MAX, String::new()),
        };
        self.read(move |sql| {
            let mut stmt = sql
                .prepare(&format!(
                    "SELECT {USER_COLUMNS} FROM users WHERE created < ?1 OR (created = ?1 AND id < ?2)
                     ORDER BY created DESC, id DESC LIMIT ?3"
                ))
                .map_err(unavailable)?;
            let rows = stmt
                .query_map(params![created, id, limit as i64], UserRow::read)
                .map_err(unavailable)?;
            let mut out = Vec::new();
            for row in rows {
                out.push(row.map_err(unavailable)?.into_user()?);
            }
            Ok(out)
        })
        .await
    }

    async fn is_claimed(&self, login: &Login) -> StoreResult<bool> {
        Ok(self.user_by_login(login).await?.is_some())
    }

    async fn user(&self, id: UserId) -> StoreResult<Option<User>> {
        self.read(move |sql| user_where(sql, "id", &id.0.to_string()))
            .await
    }

    async fn user_by_login(&self, login: &Login) -> StoreResult<Option<User>> {
        let (column, key) = match login {
            Login::Username(key) => ("username_key", key.clone()),
            Login::Email(key) => ("email_key", key.clone()),
        };
        self.read(move |sql| user_where(sql, column, &key)).await
    }

    async fn author_by_name(&self, username: &Username) -> StoreResult<Option<User>> {
        self.user_by_login(&Login::Username(username.key())).await
    }
}
