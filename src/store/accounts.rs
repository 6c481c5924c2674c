//! The accounts contract: accounts, sessions and rate-limited attempts.

use super::*;

/// Which unique value of an account is already held by someone else.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Taken {
    Username,
    Email,
}

#[derive(Debug, thiserror::Error)]
pub enum AccountError {
    #[error("that {} is already taken", match .0 { Taken::Username => "user name", Taken::Email => "e-mail address" })]
    Taken(Taken),
    #[error("no such user")]
    NoSuchUser,
    #[error(transparent)]
    Store(#[from] StoreError),
}

#[derive(Debug, thiserror::Error)]
pub enum SetupError {
    #[error("this site already has an administrator")]
    AlreadySetUp,
    #[error("that {} is already taken", match .0 { Taken::Username => "user name", Taken::Email => "e-mail address" })]
    Taken(Taken),
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl From<AccountError> for SetupError {
    fn from(e: AccountError) -> Self {
        match e {
            AccountError::Taken(taken) => SetupError::Taken(taken),
            AccountError::NoSuchUser => {
                SetupError::Store(StoreError::Corrupt("account vanished".into()))
            }
            AccountError::Store(e) => SetupError::Store(e),
        }
    }
}

/// One line of the admins' user directory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DirectoryEntry {
    pub id: UserId,
    pub username: String,
    pub display_name: String,
    pub email: String,
    pub role: Role,
    pub banned: bool,
}

impl From<&User> for DirectoryEntry {
    fn from(u: &User) -> Self {
        Self {
            id: u.id,
            username: u.username.as_str().to_owned(),
            display_name: u.display_name.clone(),
            email: u.email.as_str().to_owned(),
            role: u.role,
            banned: u.banned,
        }
    }
}

/// A signed-in browser. Stores keep only the SHA-256 of the cookie's token.
#[derive(Debug, Clone)]
pub struct NewSession {
    pub key: Vec<u8>,
    pub user_id: UserId,
    pub created: DateTime<Utc>,
    pub expires: DateTime<Utc>,
    pub details: SessionDetails,
}

/// A live session, as a request finds it.
#[derive(Debug, Clone, PartialEq)]
pub struct LiveSession {
    pub user: User,
    pub expires: DateTime<Utc>,
    /// When a request last said it was seen (its start, before any did).
    pub last_seen: DateTime<Utc>,
}

/// One of an account's sessions, as its security page lists them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionRecord {
    pub key: Vec<u8>,
    pub created: DateTime<Utc>,
    pub expires: DateTime<Utc>,
    pub last_seen: DateTime<Utc>,
    pub details: SessionDetails,
}

/// Accounts (global to every site), their uniqueness claims (the multi-row uniqueness
/// lock) and the admins' directory.
#[async_trait]
pub trait Accounts: Send + Sync {
    /// The account that set up `site`, if any.
    async fn site_admin(&self, site: &Site) -> StoreResult<Option<UserId>>;

    /// Creates the first account of a site, as its administrator. Exactly one of any
    /// number of concurrent callers succeeds; the others get `AlreadySetUp`.
    async fn create_first_admin(&self, site: &Site, admin: NewUser) -> Result<User, SetupError>;

    /// Creates an account, its user name and e-mail address claimed together: of any
    /// number of concurrent sign-ups for one name or one address, exactly one succeeds,
    /// and a loser holds no claim afterwards.
    async fn create_user(&self, user: NewUser) -> Result<User, AccountError>;

    async fn user(&self, id: UserId) -> StoreResult<Option<User>>;

    /// Renames an account: the new name is claimed, then the old one released.
    async fn change_username(&self, id: UserId, new: &Username) -> Result<User, AccountError>;

    /// Moves an account to another e-mail address, with the same claim protocol.
    async fn change_email(&self, id: UserId, new: &Email) -> Result<User, AccountError>;

    async fn change_password(&self, id: UserId, hash: &PasswordHash) -> Result<(), AccountError>;

    async fn update_profile(&self, id: UserId, profile: &Profile) -> Result<User, AccountError>;

    async fn set_role(&self, id: UserId, role: Role) -> Result<User, AccountError>;

    async fn set_banned(&self, id: UserId, banned: bool) -> Result<User, AccountError>;
    /// The language the account's pages speak (a tag the caller checked), or empty for
    /// what the browser asks for.
    async fn set_language(&self, id: UserId, language: &str) -> Result<User, AccountError>;

    /// One shelf of the user directory (see `domain::user::shelf_of`), by user name,
    /// starting after the user name key `after`.
    async fn user_directory(
        &self,
        shelf: &str,
        after: Option<&str>,
        limit: usize,
    ) -> StoreResult<Vec<DirectoryEntry>>;

    /// The newest accounts first: `limit` of them, signed up before `before` (a sign-up
    /// time and account id, the last of the previous page).
    async fn newest_users(
        &self,
        before: Option<(DateTime<Utc>, UserId)>,
        limit: usize,
    ) -> StoreResult<Vec<User>>;

    /// Whether anyone holds (or is in the middle of claiming) a user name or e-mail address.
    async fn is_claimed(&self, login: &Login) -> StoreResult<bool>;

    /// Finds the account a user name or e-mail address belongs to.
    async fn user_by_login(&self, login: &Login) -> StoreResult<Option<User>>;

    /// The account a user name belongs to, for public pages: unlike `user_by_login` it
    /// need not see a claim committed a moment ago, so it is a plain read.
    async fn author_by_name(&self, username: &Username) -> StoreResult<Option<User>>;
}

/// The most sessions (signed-in browsers) an account keeps: a sign-in beyond them ends
/// the oldest. Far more than one person's browsers and devices; a bound on
/// `sessions_by_user`.
pub const MAX_SESSIONS_PER_ACCOUNT: usize = 100;

/// Signed-in browsers, and the attempts that rate limits count.
#[async_trait]
pub trait Sessions: Send + Sync {
    /// Records one attempt of something rate-limited, remembered for `window`.
    async fn record_attempt(
        &self,
        key: &str,
        at: DateTime<Utc>,
        window: Duration,
    ) -> StoreResult<()>;

    /// How many attempts under `key` were recorded after `since`, counting at most `cap`.
    async fn attempts_since(&self, key: &str, since: DateTime<Utc>, cap: u32) -> StoreResult<u32>;

    /// Records a signed-in browser. An account keeps at most
    /// [`MAX_SESSIONS_PER_ACCOUNT`]: its oldest session ends to make room.
    async fn create_session(&self, session: &NewSession) -> StoreResult<()>;

    /// A live session; `None` when the session is unknown, expired or ended.
    async fn session(&self, key: &[u8], now: DateTime<Utc>) -> StoreResult<Option<LiveSession>>;

    /// The user of a live session; `None` when the session is unknown or expired.
    async fn session_user(&self, key: &[u8], now: DateTime<Utc>) -> StoreResult<Option<User>> {
        Ok(self.session(key, now).await?.map(|s| s.user))
    }

    /// Records that the session `key` (which ends at `expires`) was seen at `at`. A
    /// session that has ended meanwhile stays ended.
    async fn touch_session(
        &self,
        key: &[u8],
        at: DateTime<Utc>,
        expires: DateTime<Utc>,
    ) -> StoreResult<()>;

    /// The live sessions of an account, newest first: at most
    /// [`MAX_SESSIONS_PER_ACCOUNT`].
    async fn account_sessions(
        &self,
        user: UserId,
        now: DateTime<Utc>,
    ) -> StoreResult<Vec<SessionRecord>>;

    /// Ends one session (and removes it from its account's list).
    async fn delete_session(&self, key: &[u8]) -> StoreResult<()>;

    /// Ends every session of a user but the one whose key is `keep`.
    async fn end_sessions(&self, user: UserId, keep: Option<&[u8]>) -> StoreResult<()>;

    /// Records a link mailed to an account (a password reset, or the confirmation of a
    /// new address): the digest of its token, for `link.user` as it was (`link.stamp`),
    /// usable once until `expires`.
    async fn create_account_link(
        &self,
        key: &[u8],
        link: &AccountLink,
        expires: DateTime<Utc>,
    ) -> StoreResult<()>;

    /// What a link's token is for, if it is unused and unexpired at `now`; uses nothing.
    async fn account_link(
        &self,
        key: &[u8],
        now: DateTime<Utc>,
    ) -> StoreResult<Option<AccountLink>>;

    /// Uses a link's token: what it is for, if it was unused and unexpired at `now`, for
    /// one caller only however many race with the same token.
    async fn use_account_link(
        &self,
        key: &[u8],
        now: DateTime<Utc>,
    ) -> StoreResult<Option<AccountLink>>;
}

/// What a link mailed to an account is for: the account, as it was when the link was
/// made (`stamp`: see [`crate::domain::token::reset_stamp`]), so that a link dies when
/// the account's password or address changes, another link's use included; and, for the
/// confirmation of a new address, that address (`None`: a password reset). A link of one
/// kind never does the other's work.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccountLink {
    pub user: UserId,
    pub stamp: String,
    pub new_email: Option<Email>,
}
