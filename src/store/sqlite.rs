//! The embedded store: one SQLite file in WAL mode, a small pool of connections, and a
//! transaction wherever Cassandra needs a claim protocol. Blocking calls run on tokio's
//! blocking threads.

use super::{
    AccountError, CommentError, CommentPage, DirectoryEntry, EditError, Fault, Faults,
    ID_POOL_SIZE, ListPage, ModerationError, ModerationPage, NewSession, OpenError, PageError,
    SetupError, Standing, Store, StoreError, StoreOptions, StoreResult, Taken,
};
use crate::domain::comment::{MAX_COMMENTS_PER_POST, ThreadComment};
use crate::domain::password::PasswordHash;
use crate::domain::post::Body;
use crate::domain::user::{Login, shelf_of};
use crate::domain::{
    Comment, CommentBody, CommentId, CommentSettings, CommentState, CommentedPost, Commenter,
    LogEntry, Moderation, NewComment, StateCounts,
};
use crate::domain::{
    Draft, Email, Locale, NewPost, NewUser, Post, PostEdit, PostId, PostStatus, PostSummary,
    Profile, RevisionSummary, Role, SavedRevision, Site, Slug, Suggestion, SuggestionState, Tag,
    Tags, Title, Translation, User, UserId, Username, millis_to_time,
};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use r2d2_sqlite::SqliteConnectionManager;
use rusqlite::{CachedStatement, Connection, OptionalExtension, TransactionBehavior, params};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use uuid::Uuid;

/// Schema versions, applied in order; `PRAGMA user_version` records the last one done.
const MIGRATIONS: &[&str] = &[
    r#"
CREATE TABLE users (
    id            TEXT PRIMARY KEY,
    username      TEXT NOT NULL,
    username_key  TEXT NOT NULL UNIQUE,
    shelf         TEXT NOT NULL,
    email         TEXT NOT NULL,
    email_key     TEXT NOT NULL UNIQUE,
    display_name  TEXT NOT NULL,
    role          TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    created       INTEGER NOT NULL,
    bio           TEXT NOT NULL DEFAULT '',
    homepage      TEXT NOT NULL DEFAULT '',
    banned        INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX users_directory ON users (shelf, username_key);
CREATE TABLE rate_events (
    key     TEXT NOT NULL,
    at      INTEGER NOT NULL,
    expires INTEGER NOT NULL
);
CREATE INDEX rate_events_by_key ON rate_events (key, at);
CREATE TABLE site_admins (
    site    TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id)
);
CREATE TABLE sessions (
    key     BLOB PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id),
    created INTEGER NOT NULL,
    expires INTEGER NOT NULL
);
CREATE INDEX sessions_expiry ON sessions (expires);
CREATE INDEX sessions_by_user ON sessions (user_id);
CREATE TABLE posts (
    site        TEXT NOT NULL,
    id          TEXT NOT NULL,
    slug        TEXT NOT NULL,
    title       TEXT NOT NULL,
    body        TEXT NOT NULL,
    body_html   TEXT NOT NULL,
    excerpt     TEXT NOT NULL,
    tags        TEXT NOT NULL,
    author_id   TEXT NOT NULL REFERENCES users(id),
    author_name TEXT NOT NULL,
    status      TEXT NOT NULL,
    created     INTEGER NOT NULL,
    published   INTEGER,
    revision    INTEGER NOT NULL,
    short_id    INTEGER NOT NULL,
    PRIMARY KEY (site, id),
    UNIQUE (site, slug),
    UNIQUE (site, short_id)
);
CREATE TABLE suggestions (
    site           TEXT NOT NULL,
    post_id        TEXT NOT NULL,
    id             TEXT NOT NULL,
    base           INTEGER NOT NULL,
    title          TEXT NOT NULL,
    body           TEXT NOT NULL,
    tags           TEXT NOT NULL,
    note           TEXT NOT NULL,
    suggester_id   TEXT NOT NULL,
    suggester_name TEXT NOT NULL,
    created        INTEGER NOT NULL,
    state          TEXT NOT NULL,
    PRIMARY KEY (site, post_id, id)
);
CREATE TABLE drafts (
    site    TEXT NOT NULL,
    post_id TEXT NOT NULL,
    user_id TEXT NOT NULL,
    base    INTEGER NOT NULL,
    title   TEXT NOT NULL,
    body    TEXT NOT NULL,
    tags    TEXT NOT NULL,
    saved   INTEGER NOT NULL,
    PRIMARY KEY (site, post_id, user_id)
);
CREATE TABLE post_tags (
    site      TEXT NOT NULL,
    tag       TEXT NOT NULL,
    post_id   TEXT NOT NULL,
    published INTEGER NOT NULL,
    PRIMARY KEY (site, tag, post_id)
);
CREATE INDEX post_tags_newest ON post_tags (site, tag, published DESC, post_id DESC);
CREATE TABLE host_counters (
    host TEXT PRIMARY KEY,
    last INTEGER NOT NULL
);
CREATE TABLE id_pool (
    site TEXT NOT NULL,
    slot INTEGER NOT NULL,
    next INTEGER NOT NULL,
    PRIMARY KEY (site, slot)
);
CREATE INDEX posts_front_page ON posts (site, published DESC, id DESC) WHERE published IS NOT NULL;
CREATE INDEX posts_by_author ON posts (site, author_id, published DESC, id DESC) WHERE published IS NOT NULL;
CREATE TABLE revisions (
    site      TEXT NOT NULL,
    post_id   TEXT NOT NULL,
    locale    TEXT NOT NULL,
    branch    INTEGER NOT NULL,
    revision  INTEGER NOT NULL,
    title     TEXT NOT NULL,
    body      TEXT NOT NULL,
    body_html TEXT NOT NULL,
    tags      TEXT NOT NULL,
    author_id TEXT NOT NULL REFERENCES users(id),
    author_name TEXT NOT NULL,
    created   INTEGER NOT NULL,
    message   TEXT NOT NULL,
    PRIMARY KEY (site, post_id, locale, branch, revision),
    FOREIGN KEY (site, post_id) REFERENCES posts(site, id)
);
"#,
    r#"
ALTER TABLE posts ADD COLUMN locale TEXT NOT NULL DEFAULT '';
CREATE TABLE translations (
    site      TEXT NOT NULL,
    post_id   TEXT NOT NULL,
    locale    TEXT NOT NULL,
    title     TEXT NOT NULL,
    body      TEXT NOT NULL,
    body_html TEXT NOT NULL,
    excerpt   TEXT NOT NULL,
    status    TEXT NOT NULL,
    published INTEGER,
    revision  INTEGER NOT NULL,
    PRIMARY KEY (site, post_id, locale),
    FOREIGN KEY (site, post_id) REFERENCES posts(site, id)
);
CREATE TABLE user_drafts (
    site    TEXT NOT NULL,
    post_id TEXT NOT NULL,
    user_id TEXT NOT NULL,
    locale  TEXT NOT NULL,
    base    INTEGER NOT NULL,
    title   TEXT NOT NULL,
    body    TEXT NOT NULL,
    tags    TEXT NOT NULL,
    saved   INTEGER NOT NULL,
    PRIMARY KEY (site, post_id, user_id, locale)
);
INSERT INTO user_drafts (site, post_id, user_id, locale, base, title, body, tags, saved)
    SELECT site, post_id, user_id, '', base, title, body, tags, saved FROM drafts;
DROP TABLE drafts;
"#,
    r#"
ALTER TABLE posts ADD COLUMN comments_closed INTEGER NOT NULL DEFAULT 0;
CREATE TABLE comments (
    site         TEXT NOT NULL,
    post_id      TEXT NOT NULL,
    id           TEXT NOT NULL,
    created      INTEGER NOT NULL,
    thread       TEXT NOT NULL,
    parent       TEXT,
    sort_key     TEXT NOT NULL,
    author_id    TEXT,
    author_name  TEXT NOT NULL,
    author_email TEXT NOT NULL,
    body         TEXT NOT NULL,
    body_html    TEXT NOT NULL,
    state        TEXT NOT NULL,
    reason       TEXT NOT NULL,
    edited       INTEGER,
    post_slug    TEXT NOT NULL,
    post_title   TEXT NOT NULL,
    PRIMARY KEY (site, post_id, id),
    FOREIGN KEY (site, post_id) REFERENCES posts(site, id)
);
CREATE INDEX comments_thread ON comments (site, post_id, state, sort_key);
CREATE INDEX comments_by_author ON comments (site, post_id, author_id, state);
CREATE TABLE moderation_queue (
    site    TEXT NOT NULL,
    state   TEXT NOT NULL,
    id      TEXT NOT NULL,
    post_id TEXT NOT NULL,
    created INTEGER NOT NULL,
    PRIMARY KEY (site, id),
    FOREIGN KEY (site, post_id, id) REFERENCES comments(site, post_id, id)
);
CREATE INDEX moderation_queue_newest ON moderation_queue (site, state, created DESC, id DESC);
CREATE INDEX moderation_queue_post ON moderation_queue (site, post_id, state, created DESC, id DESC);
CREATE TABLE moderation_log (
    seq        INTEGER PRIMARY KEY AUTOINCREMENT,
    site       TEXT NOT NULL,
    month      TEXT NOT NULL,
    at         INTEGER NOT NULL,
    comment_id TEXT NOT NULL,
    post_id    TEXT NOT NULL,
    post_slug  TEXT NOT NULL,
    post_title TEXT NOT NULL,
    by_name    TEXT NOT NULL,
    from_state TEXT NOT NULL,
    to_state   TEXT NOT NULL,
    reason     TEXT NOT NULL
);
CREATE INDEX moderation_log_month ON moderation_log (site, month, seq DESC);
CREATE TABLE commenters (
    site    TEXT NOT NULL,
    user_id TEXT NOT NULL,
    banned  INTEGER NOT NULL DEFAULT 0,
    trusted INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (site, user_id)
);
CREATE TABLE comment_settings (
    site             TEXT PRIMARY KEY,
    guests           INTEGER NOT NULL,
    trust_approved   INTEGER NOT NULL,
    close_after_days INTEGER NOT NULL
);
"#,
    crate::binaries::sqlite::SCHEMA,
    crate::binaries::sqlite::LEASES_AND_FILES,
    // The admins' list of the newest accounts.
    "CREATE INDEX users_by_signup ON users (created DESC, id DESC);",
    // Links from originals to the references that need them, apart from the reference
    // rows (as binary_refs_by_original in Cassandra).
    "CREATE TABLE binary_ref_links (
        original_id  TEXT NOT NULL,
        reference_id TEXT NOT NULL,
        PRIMARY KEY (original_id, reference_id)
    );
    INSERT OR IGNORE INTO binary_ref_links (original_id, reference_id)
        SELECT original_id, reference_id FROM binary_refs;",
];

const POST_COLUMNS: &str = "id, slug, title, body, body_html, excerpt, tags, author_id, author_name, status, created, published, revision, short_id, locale, comments_closed";
/// POST_COLUMNS and, in the same statement, the locales of the published translations.
const POST_SELECT: &str = "id, slug, title, body, body_html, excerpt, tags, author_id, author_name, status, created, published, revision, short_id, locale, comments_closed,
    (SELECT group_concat(t.locale) FROM translations t WHERE t.site = posts.site AND t.post_id = posts.id AND t.status = 'published')";
const TRANSLATION_COLUMNS: &str =
    "locale, title, body, body_html, excerpt, status, published, revision";
const USER_COLUMNS: &str =
    "id, username, email, display_name, role, password_hash, created, bio, homepage, banned";

/// Prepared statements kept per connection. Larger than the adapter's distinct
/// statements, so none is parsed twice (rusqlite keeps 16 by default, and the profile of
/// the home page showed SQL being parsed on every request).
const STATEMENT_CACHE: usize = 256;

pub struct SqliteStore {
    pool: r2d2::Pool<SqliteConnectionManager>,
    /// Read-only connections for the reads of readers' pages, used on the calling thread.
    readers: r2d2::Pool<SqliteConnectionManager>,
    statements: Arc<AtomicU64>,
    faults: Faults,
    binaries: Arc<crate::binaries::sqlite::SqliteBinaries>,
}

/// A connection that counts the statements prepared through it: every query of this
/// adapter goes through [`Sql::prepare`].
struct Sql<'c> {
    conn: &'c Connection,
    statements: &'c AtomicU64,
}

impl<'c> Sql<'c> {
    fn prepare(&self, sql: &str) -> rusqlite::Result<CachedStatement<'c>> {
        self.statements.fetch_add(1, Ordering::Relaxed);
        self.conn.prepare_cached(sql)
    }
}

impl SqliteStore {
    pub async fn open(path: &Path, options: StoreOptions) -> Result<Self, OpenError> {
        let path = path.to_owned();
        tokio::task::spawn_blocking(move || Self::open_blocking(&path, options.faults))
            .await
            .map_err(|e| OpenError(format!("opening SQLite store: {e}")))?
    }

    fn open_blocking(path: &Path, faults: Faults) -> Result<Self, OpenError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .map_err(|e| OpenError(format!("cannot create {}: {e}", dir.display())))?;
        }
        let manager = SqliteConnectionManager::file(path).with_init(|c| {
            c.busy_timeout(std::time::Duration::from_secs(5))?;
            c.set_prepared_statement_cache_capacity(STATEMENT_CACHE);
            c.execute_batch(
                "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;",
            )
        });
        let pool = r2d2::Pool::builder()
            .max_size(8)
            .build(manager)
            .map_err(|e| OpenError(format!("cannot open SQLite file {}: {e}", path.display())))?;
        let mut conn = pool
            .get()
            .map_err(|e| OpenError(format!("cannot open SQLite file {}: {e}", path.display())))?;
        migrate(&mut conn).map_err(|e| {
            OpenError(format!(
                "cannot migrate SQLite file {}: {e}",
                path.display()
            ))
        })?;
        drop(conn);
        let readers = r2d2::Pool::builder()
            .max_size(4)
            .connection_timeout(std::time::Duration::from_secs(2))
            .build(
                SqliteConnectionManager::file(path)
                    .with_flags(
                        rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY
                            | rusqlite::OpenFlags::SQLITE_OPEN_NO_MUTEX,
                    )
                    .with_init(|c| {
                        c.set_prepared_statement_cache_capacity(STATEMENT_CACHE);
                        c.busy_timeout(std::time::Duration::from_secs(1))
                    }),
            )
            .map_err(|e| OpenError(format!("cannot open SQLite file {}: {e}", path.display())))?;
        Ok(Self {
            binaries: Arc::new(crate::binaries::sqlite::SqliteBinaries::new(pool.clone())),
            pool,
            readers,
            statements: Arc::new(AtomicU64::new(0)),
            faults,
        })
    }

    /// Changes one account in a transaction: `change` sees the current record, and the
    /// changed record is returned.
    async fn update_user(
        &self,
        id: UserId,
        change: impl FnOnce(&Sql<'_>, &User) -> Result<(), AccountError> + Send + 'static,
    ) -> Result<User, AccountError> {
        self.run(move |conn, statements| {
            let tx = conn
                .transaction_with_behavior(TransactionBehavior::Immediate)
                .map_err(unavailable)?;
            let sql = Sql {
                conn: &tx,
                statements,
            };
            let id_text = id.0.to_string();
            let user = user_where(&sql, "id", &id_text)?.ok_or(AccountError::NoSuchUser)?;
            change(&sql, &user)?;
            let user = user_where(&sql, "id", &id_text)?.ok_or(AccountError::NoSuchUser)?;
            tx.commit().map_err(unavailable)?;
            Ok(user)
        })
        .await
    }

    /// Runs a read on the calling thread, with a connection of the read-only pool. In WAL
    /// mode a reader never waits for a writer, and these reads take microseconds: far less
    /// than handing them to a blocking thread and back, which profiling showed to be most
    /// of a page's cost. Writes, which may wait for the lock, go through [`Self::run`].
    async fn read<T, E>(
        &self,
        work: impl FnOnce(&mut Connection, &AtomicU64) -> Result<T, E>,
    ) -> Result<T, E>
    where
        E: From<StoreError>,
    {
        let mut conn = self
            .readers
            .get()
            .map_err(|e| StoreError::Unavailable(e.to_string()))?;
        work(&mut conn, &self.statements)
    }

    /// Runs `work` on a pooled connection on a blocking thread.
    async fn run<T, E>(
        &self,
        work: impl FnOnce(&mut Connection, &AtomicU64) -> Result<T, E> + Send + 'static,
    ) -> Result<T, E>
    where
        T: Send + 'static,
        E: From<StoreError> + Send + 'static,
    {
        let pool = self.pool.clone();
        let statements = Arc::clone(&self.statements);
        tokio::task::spawn_blocking(move || {
            let mut conn = pool
                .get()
                .map_err(|e| StoreError::Unavailable(e.to_string()))?;
            work(&mut conn, &statements)
        })
        .await
        .map_err(|e| StoreError::Unavailable(format!("store task failed: {e}")))?
    }
}

fn migrate(conn: &mut Connection) -> rusqlite::Result<()> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let done: usize = tx.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    for (i, migration) in MIGRATIONS.iter().enumerate().skip(done) {
        tx.execute_batch(migration)?;
        tx.pragma_update(None, "user_version", i + 1)?;
    }
    tx.commit()
}

fn unavailable(e: rusqlite::Error) -> StoreError {
    StoreError::Unavailable(e.to_string())
}

fn uuid(text: &str) -> StoreResult<Uuid> {
    Uuid::parse_str(text).map_err(|e| StoreError::Corrupt(format!("bad id {text:?}: {e}")))
}

fn join_tags(tags: &Tags) -> String {
    tags.to_strings().join(",")
}

fn split_tags(stored: &str) -> Tags {
    Tags::from_stored(
        stored
            .split(',')
            .filter(|t| !t.is_empty())
            .map(str::to_owned),
    )
}

const SUGGESTION_COLUMNS: &str =
    "post_id, id, base, title, body, tags, note, suggester_id, suggester_name, created, state";

struct SuggestionRow {
    post_id: String,
    id: String,
    base: u32,
    title: String,
    body: String,
    tags: String,
    note: String,
    suggester_id: String,
    suggester_name: String,
    created: i64,
    state: String,
}

impl SuggestionRow {
    fn read(row: &rusqlite::Row<'_>) -> rusqlite::Result<Self> {
        Ok(Self {
            post_id: row.get(0)?,
            id: row.get(1)?,
            base: row.get(2)?,
            title: row.get(3)?,
            body: row.get(4)?,
            tags: row.get(5)?,
            note: row.get(6)?,
            suggester_id: row.get(7)?,
            suggester_name: row.get(8)?,
            created: row.get(9)?,
            state: row.get(10)?,
        })
    }

    fn into_suggestion(self) -> StoreResult<Suggestion> {
        Ok(Suggestion {
            id: self.id,
            post_id: PostId(uuid(&self.post_id)?),
            base: self.base,
            title: Title::parse(&self.title)?,
            body: Body::parse(&self.body)?,
            tags: split_tags(&self.tags),
            note: self.note,
            suggester_id: UserId(uuid(&self.suggester_id)?),
            suggester_name: self.suggester_name,
            created: millis_to_time(self.created),
            state: SuggestionState::parse(&self.state)?,
        })
    }
}

struct UserRow {
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
}

impl UserRow {
    fn read(row: &rusqlite::Row<'_>) -> rusqlite::Result<Self> {
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
        })
    }

    fn into_user(self) -> StoreResult<User> {
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
            banned: self.banned,
        })
    }
}

struct PostRow {
    id: String,
    slug: String,
    title: String,
    body: String,
    body_html: String,
    excerpt: String,
    tags: String,
    author_id: String,
    author_name: String,
    status: String,
    created: i64,
    published: Option<i64>,
    revision: u32,
    short_id: u64,
    locale: String,
    comments_closed: bool,
    translations: Option<String>,
}

impl PostRow {
    fn read(row: &rusqlite::Row<'_>) -> rusqlite::Result<Self> {
        Ok(Self {
            id: row.get(0)?,
            slug: row.get(1)?,
            title: row.get(2)?,
            body: row.get(3)?,
            body_html: row.get(4)?,
            excerpt: row.get(5)?,
            tags: row.get(6)?,
            author_id: row.get(7)?,
            author_name: row.get(8)?,
            status: row.get(9)?,
            created: row.get(10)?,
            published: row.get(11)?,
            revision: row.get(12)?,
            short_id: row.get(13)?,
            locale: row.get(14)?,
            comments_closed: row.get(15)?,
            translations: row.get(16)?,
        })
    }

    fn into_post(self) -> StoreResult<Post> {
        Ok(Post {
            id: PostId(uuid(&self.id)?),
            slug: Slug::parse(&self.slug)?,
            title: Title::parse(&self.title)?,
            body: Body::parse(&self.body)?,
            body_html: self.body_html,
            excerpt: self.excerpt,
            tags: split_tags(&self.tags),
            author_id: UserId(uuid(&self.author_id)?),
            author_name: self.author_name,
            status: PostStatus::parse(&self.status)?,
            created: millis_to_time(self.created),
            published: self.published.map(millis_to_time),
            revision: self.revision,
            short_id: self.short_id,
            locale: Locale::parse(&self.locale)?,
            translations: locales(self.translations.as_deref())?,
            comments_closed: self.comments_closed,
        })
    }
}

/// The published translations' locales, as group_concat lists them, in order.
fn locales(list: Option<&str>) -> StoreResult<Vec<Locale>> {
    let mut locales = list
        .unwrap_or_default()
        .split(',')
        .filter(|code| !code.is_empty())
        .map(Locale::parse)
        .collect::<Result<Vec<_>, _>>()?;
    locales.sort();
    Ok(locales)
}

fn translation_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<TranslationRow> {
    Ok(TranslationRow {
        locale: row.get(0)?,
        title: row.get(1)?,
        body: row.get(2)?,
        body_html: row.get(3)?,
        excerpt: row.get(4)?,
        status: row.get(5)?,
        published: row.get(6)?,
        revision: row.get(7)?,
    })
}

struct TranslationRow {
    locale: String,
    title: String,
    body: String,
    body_html: String,
    excerpt: String,
    status: String,
    published: Option<i64>,
    revision: u32,
}

impl TranslationRow {
    fn into_translation(self) -> StoreResult<Translation> {
        Ok(Translation {
            locale: Locale::parse(&self.locale)?,
            title: Title::parse(&self.title)?,
            body: Body::parse(&self.body)?,
            body_html: self.body_html,
            excerpt: self.excerpt,
            status: PostStatus::parse(&self.status)?,
            published: self.published.map(millis_to_time),
            revision: self.revision,
        })
    }
}

fn translation_of(
    sql: &Sql<'_>,
    site: &str,
    id: &str,
    locale: &str,
) -> StoreResult<Option<Translation>> {
    sql.prepare(&format!(
        "SELECT {TRANSLATION_COLUMNS} FROM translations WHERE site = ?1 AND post_id = ?2 AND locale = ?3"
    ))
    .and_then(|mut s| s.query_row(params![site, id, locale], translation_row).optional())
    .map_err(unavailable)?
    .map(TranslationRow::into_translation)
    .transpose()
}

/// Appends revision `number` of a post's text in `locale`.
fn insert_revision(
    sql: &Sql<'_>,
    site: &str,
    id: &str,
    locale: &str,
    number: u32,
    edit: &PostEdit,
) -> StoreResult<()> {
    sql.prepare(
        "INSERT INTO revisions (site, post_id, locale, branch, revision, title, body, body_html, tags, author_id, created, message, author_name)
         VALUES (?1, ?2, ?3, 1, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
    )
    .and_then(|mut s| {
        s.execute(params![
            site,
            id,
            locale,
            number,
            edit.title.as_str(),
            edit.body.as_str(),
            edit.body_html,
            join_tags(&edit.tags),
            edit.author_id.0.to_string(),
            edit.at.timestamp_millis(),
            edit.message,
            edit.author_name,
        ])
    })
    .map_err(unavailable)?;
    Ok(())
}

fn post_by_id(sql: &Sql<'_>, site: &str, id: &str) -> StoreResult<Option<Post>> {
    let row = sql
        .prepare(&format!(
            "SELECT {POST_SELECT} FROM posts WHERE site = ?1 AND id = ?2"
        ))
        .and_then(|mut s| s.query_row(params![site, id], PostRow::read).optional())
        .map_err(unavailable)?;
    row.map(PostRow::into_post).transpose()
}

/// Makes a post's rows in the tag index match its tags and publication (none for a draft).
fn list_tags(sql: &Sql<'_>, site: &str, post: &Post) -> StoreResult<()> {
    let id = post.id.0.to_string();
    sql.prepare("DELETE FROM post_tags WHERE site = ?1 AND post_id = ?2")
        .and_then(|mut s| s.execute(params![site, id]))
        .map_err(unavailable)?;
    if let Some(published) = post.published {
        for tag in post.tags.iter() {
            sql.prepare(
                "INSERT INTO post_tags (site, tag, post_id, published) VALUES (?1, ?2, ?3, ?4)",
            )
            .and_then(|mut s| {
                s.execute(params![
                    site,
                    tag.as_str(),
                    id,
                    published.timestamp_millis()
                ])
            })
            .map_err(unavailable)?;
        }
    }
    Ok(())
}

/// The position after a post in a tag's list: `<published millis>.<post id>`.
fn tag_cursor(post: &PostSummary) -> String {
    format!("{}.{}", post.published.timestamp_millis(), post.id.0)
}

fn parse_tag_cursor(cursor: &str) -> Option<(i64, String)> {
    let (millis, id) = cursor.split_once('.')?;
    let id = Uuid::try_parse(id).ok()?;
    Some((millis.parse().ok()?, id.to_string()))
}

/// Takes a number from the site's pool inside the caller's transaction: a random slot,
/// seeded with slot + 1 on first use, hands out its number and keeps number + pool size.
fn take_short_id(sql: &Sql<'_>, site: &str) -> StoreResult<u64> {
    let slot = crate::domain::token::random_below(ID_POOL_SIZE);
    sql.prepare("INSERT OR IGNORE INTO id_pool (site, slot, next) VALUES (?1, ?2, ?2 + 1)")
        .and_then(|mut s| s.execute(params![site, slot]))
        .map_err(unavailable)?;
    sql.prepare(
        "UPDATE id_pool SET next = next + ?3 WHERE site = ?1 AND slot = ?2 RETURNING next - ?3",
    )
    .and_then(|mut s| s.query_row(params![site, slot, ID_POOL_SIZE], |r| r.get(0)))
    .map_err(unavailable)
}

fn exists(sql: &Sql<'_>, query: &str, value: &str) -> StoreResult<bool> {
    sql.prepare(query)
        .and_then(|mut s| s.exists([value]))
        .map_err(unavailable)
}

/// Inserts an account inside the caller's transaction, after checking that its user name
/// and e-mail address are free (the UNIQUE constraints are the backstop).
fn insert_user(sql: &Sql<'_>, user: &NewUser, faults: &Faults) -> Result<(), AccountError> {
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

fn user_where(sql: &Sql<'_>, column: &str, value: &str) -> StoreResult<Option<User>> {
    let row = sql
        .prepare(&format!(
            "SELECT {USER_COLUMNS} FROM users WHERE {column} = ?1"
        ))
        .and_then(|mut s| s.query_row([value], UserRow::read).optional())
        .map_err(unavailable)?;
    row.map(UserRow::into_user).transpose()
}

#[async_trait]
impl Store for SqliteStore {
    fn statements(&self) -> u64 {
        self.statements.load(Ordering::Relaxed)
    }

    async fn site_admin(&self, site: &Site) -> StoreResult<Option<UserId>> {
        let site = site.to_string();
        self.read(move |conn, statements| {
            let sql = Sql { conn, statements };
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
        self.run(move |conn, statements| {
            let tx = conn
                .transaction_with_behavior(TransactionBehavior::Immediate)
                .map_err(unavailable)?;
            let sql = Sql {
                conn: &tx,
                statements,
            };
            if exists(&sql, "SELECT 1 FROM site_admins WHERE site = ?1", &site)? {
                return Err(SetupError::AlreadySetUp);
            }
            insert_user(&sql, &admin, &faults)?;
            sql.prepare("INSERT INTO site_admins (site, user_id) VALUES (?1, ?2)")
                .and_then(|mut s| s.execute(params![site, admin.id.0.to_string()]))
                .map_err(unavailable)?;
            tx.commit().map_err(unavailable)?;
            Ok(admin.into_user())
        })
        .await
    }

    async fn create_user(&self, user: NewUser) -> Result<User, AccountError> {
        let faults = self.faults.clone();
        self.run(move |conn, statements| {
            let tx = conn
                .transaction_with_behavior(TransactionBehavior::Immediate)
                .map_err(unavailable)?;
            insert_user(
                &Sql {
                    conn: &tx,
                    statements,
                },
                &user,
                &faults,
            )?;
            tx.commit().map_err(unavailable)?;
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
                "UPDATE users SET display_name = ?2, bio = ?3, homepage = ?4 WHERE id = ?1",
            )
            .and_then(|mut s| {
                s.execute(params![
                    id.0.to_string(),
                    profile.display_name,
                    profile.bio,
                    profile.homepage
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

    async fn user_directory(
        &self,
        shelf: &str,
        after: Option<&str>,
        limit: usize,
    ) -> StoreResult<Vec<DirectoryEntry>> {
        let shelf = shelf.to_owned();
        let after = after.unwrap_or("").to_owned();
        self.run(move |conn, statements| {
            let sql = Sql { conn, statements };
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
        self.run(move |conn, statements| {
            let sql = Sql { conn, statements };
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

    async fn record_attempt(
        &self,
        key: &str,
        at: DateTime<Utc>,
        window: Duration,
    ) -> StoreResult<()> {
        let key = key.to_owned();
        let (at, expires) = (
            at.timestamp_millis(),
            at.timestamp_millis() + window.as_millis() as i64,
        );
        self.run(move |conn, statements| {
            let sql = Sql { conn, statements };
            sql.prepare("DELETE FROM rate_events WHERE key = ?1 AND expires <= ?2")
                .and_then(|mut s| s.execute(params![key, at]))
                .map_err(unavailable)?;
            sql.prepare("INSERT INTO rate_events (key, at, expires) VALUES (?1, ?2, ?3)")
                .and_then(|mut s| s.execute(params![key, at, expires]))
                .map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    async fn attempts_since(&self, key: &str, since: DateTime<Utc>, cap: u32) -> StoreResult<u32> {
        let key = key.to_owned();
        self.read(move |conn, statements| {
            Sql { conn, statements }
                .prepare("SELECT count(*) FROM (SELECT 1 FROM rate_events WHERE key = ?1 AND at > ?2 LIMIT ?3)")
                .and_then(|mut s| s.query_row(params![key, since.timestamp_millis(), cap], |r| r.get(0)))
                .map_err(unavailable)
        })
        .await
    }

    async fn user(&self, id: UserId) -> StoreResult<Option<User>> {
        self.read(move |conn, statements| {
            user_where(&Sql { conn, statements }, "id", &id.0.to_string())
        })
        .await
    }

    async fn user_by_login(&self, login: &Login) -> StoreResult<Option<User>> {
        let (column, key) = match login {
            Login::Username(key) => ("username_key", key.clone()),
            Login::Email(key) => ("email_key", key.clone()),
        };
        self.read(move |conn, statements| user_where(&Sql { conn, statements }, column, &key))
            .await
    }

    async fn author_by_name(&self, username: &Username) -> StoreResult<Option<User>> {
        self.user_by_login(&Login::Username(username.key())).await
    }

    async fn create_session(&self, session: &NewSession) -> StoreResult<()> {
        let session = session.clone();
        self.run(move |conn, statements| {
            Sql { conn, statements }
                .prepare(
                    "INSERT INTO sessions (key, user_id, created, expires) VALUES (?1, ?2, ?3, ?4)",
                )
                .and_then(|mut s| {
                    s.execute(params![
                        session.key,
                        session.user_id.0.to_string(),
                        session.created.timestamp_millis(),
                        session.expires.timestamp_millis()
                    ])
                })
                .map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    async fn session_user(&self, key: &[u8], now: DateTime<Utc>) -> StoreResult<Option<User>> {
        let key = key.to_vec();
        self.read(move |conn, statements| {
            let sql = Sql { conn, statements };
            let row = sql
                .prepare(&format!(
                    "SELECT {} FROM sessions JOIN users u ON u.id = sessions.user_id
                     WHERE sessions.key = ?1 AND sessions.expires > ?2",
                    USER_COLUMNS
                        .split(", ")
                        .map(|c| format!("u.{c}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ))
                .and_then(|mut s| {
                    s.query_row(params![key, now.timestamp_millis()], UserRow::read)
                        .optional()
                })
                .map_err(unavailable)?;
            row.map(UserRow::into_user).transpose()
        })
        .await
    }

    async fn delete_session(&self, key: &[u8]) -> StoreResult<()> {
        let key = key.to_vec();
        self.run(move |conn, statements| {
            Sql { conn, statements }
                .prepare("DELETE FROM sessions WHERE key = ?1")
                .and_then(|mut s| s.execute([key]))
                .map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    async fn end_sessions(&self, user: UserId, keep: Option<&[u8]>) -> StoreResult<()> {
        let keep = keep.map(<[u8]>::to_vec).unwrap_or_default();
        self.run(move |conn, statements| {
            Sql { conn, statements }
                .prepare("DELETE FROM sessions WHERE user_id = ?1 AND key != ?2")
                .and_then(|mut s| s.execute(params![user.0.to_string(), keep]))
                .map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    async fn create_post(&self, post: NewPost) -> StoreResult<Post> {
        self.run(move |conn, statements| {
            let tx = conn
                .transaction_with_behavior(TransactionBehavior::Immediate)
                .map_err(unavailable)?;
            let sql = Sql { conn: &tx, statements };
            let site = post.site.to_string();
            let base = Slug::from_title(&post.title);
            let mut slug = base.clone();
            let mut n = 1;
            while sql
                .prepare("SELECT 1 FROM posts WHERE site = ?1 AND slug = ?2")
                .and_then(|mut s| s.exists(params![site, slug.as_str()]))
                .map_err(unavailable)?
            {
                n += 1;
                slug = base.numbered(n);
            }
            let short_id = take_short_id(&sql, &site)?;
            let id = post.id.0.to_string();
            let tags = join_tags(&post.tags);
            let created = post.created.timestamp_millis();
            let published = post.publish.then_some(post.created);
            let status = if post.publish { PostStatus::Published } else { PostStatus::Draft };
            sql.prepare(&format!(
                "INSERT INTO posts ({POST_COLUMNS}, site) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, 1, ?14, ?15, 0, ?13)"
            ))
            .and_then(|mut s| {
                s.execute(params![
                    id,
                    slug.as_str(),
                    post.title.as_str(),
                    post.body.as_str(),
                    post.body_html,
                    post.excerpt,
                    tags,
                    post.author_id.0.to_string(),
                    post.author_name,
                    status.as_str(),
                    created,
                    published.map(|p| p.timestamp_millis()),
                    site,
                    short_id,
                    post.locale.code(),
                ])
            })
            .map_err(unavailable)?;
            let first = PostEdit {
                base: 0,
                title: post.title.clone(),
                body: post.body.clone(),
                body_html: post.body_html.clone(),
                excerpt: post.excerpt.clone(),
                tags: post.tags.clone(),
                author_id: post.author_id,
                author_name: post.author_name.clone(),
                at: post.created,
                message: "First version".into(),
            };
            insert_revision(&sql, &site, &id, &post.locale.code(), 1, &first)?;
            let created = Post {
                id: post.id,
                slug,
                title: post.title,
                body: post.body,
                body_html: post.body_html,
                excerpt: post.excerpt,
                tags: post.tags,
                author_id: post.author_id,
                author_name: post.author_name,
                status,
                created: post.created,
                published,
                revision: 1,
                short_id,
                locale: post.locale,
                translations: Vec::new(),
                comments_closed: false,
            };
            list_tags(&sql, &site, &created)?;
            tx.commit().map_err(unavailable)?;
            Ok(created)
        })
        .await
    }

    async fn unpublish_post(&self, site: &Site, id: PostId) -> StoreResult<Option<Post>> {
        let site = site.to_string();
        self.run(move |conn, statements| {
            let tx = conn
                .transaction_with_behavior(TransactionBehavior::Immediate)
                .map_err(unavailable)?;
            let sql = Sql {
                conn: &tx,
                statements,
            };
            let id = id.0.to_string();
            sql.prepare(
                "UPDATE posts SET status = 'draft', published = NULL
                 WHERE site = ?1 AND id = ?2 AND status = 'published'",
            )
            .and_then(|mut s| s.execute(params![site, id]))
            .map_err(unavailable)?;
            let post = post_by_id(&sql, &site, &id)?;
            if let Some(post) = &post {
                list_tags(&sql, &site, post)?;
            }
            tx.commit().map_err(unavailable)?;
            Ok(post)
        })
        .await
    }

    async fn publish_post(
        &self,
        site: &Site,
        id: PostId,
        at: DateTime<Utc>,
    ) -> StoreResult<Option<Post>> {
        let site = site.to_string();
        self.run(move |conn, statements| {
            let tx = conn
                .transaction_with_behavior(TransactionBehavior::Immediate)
                .map_err(unavailable)?;
            let sql = Sql {
                conn: &tx,
                statements,
            };
            let id = id.0.to_string();
            sql.prepare(
                "UPDATE posts SET status = 'published', published = ?3
                 WHERE site = ?1 AND id = ?2 AND status = 'draft'",
            )
            .and_then(|mut s| s.execute(params![site, id, at.timestamp_millis()]))
            .map_err(unavailable)?;
            let post = post_by_id(&sql, &site, &id)?;
            if let Some(post) = &post {
                list_tags(&sql, &site, post)?;
            }
            tx.commit().map_err(unavailable)?;
            Ok(post)
        })
        .await
    }

    async fn post_by_id(&self, site: &Site, id: PostId) -> StoreResult<Option<Post>> {
        let (site, id) = (site.to_string(), id.0.to_string());
        self.read(move |conn, statements| {
            let row = Sql { conn, statements }
                .prepare(&format!(
                    "SELECT {POST_SELECT} FROM posts WHERE site = ?1 AND id = ?2"
                ))
                .and_then(|mut s| s.query_row(params![site, id], PostRow::read).optional())
                .map_err(unavailable)?;
            row.map(PostRow::into_post).transpose()
        })
        .await
    }

    fn binaries(&self) -> Arc<dyn crate::binaries::BinaryStore> {
        self.binaries.clone()
    }

    async fn post_by_slug(&self, site: &Site, slug: &Slug) -> StoreResult<Option<Post>> {
        let (site, slug) = (site.to_string(), slug.as_str().to_owned());
        self.read(move |conn, statements| {
            let row = Sql { conn, statements }
                .prepare(&format!(
                    "SELECT {POST_SELECT} FROM posts WHERE site = ?1 AND slug = ?2"
                ))
                .and_then(|mut s| s.query_row(params![site, slug], PostRow::read).optional())
                .map_err(unavailable)?;
            row.map(PostRow::into_post).transpose()
        })
        .await
    }

    async fn save_revision(
        &self,
        site: &Site,
        id: PostId,
        edit: PostEdit,
    ) -> Result<Post, EditError> {
        let site = site.to_string();
        let faults = self.faults.clone();
        self.run(move |conn, statements| {
            let tx = conn
                .transaction_with_behavior(TransactionBehavior::Immediate)
                .map_err(unavailable)?;
            let sql = Sql { conn: &tx, statements };
            let id = id.0.to_string();
            let current = post_by_id(&sql, &site, &id)?.ok_or(EditError::NoSuchPost)?;
            if current.revision != edit.base {
                return Err(EditError::Conflict);
            }
            let number = edit.base + 1;
            let tags = join_tags(&edit.tags);
            let crash = faults.fires(Fault::CrashAfterRevisionClaim);
            insert_revision(&sql, &site, &id, &current.locale.code(), number, &edit)?;
            if crash {
                // Dropping the transaction rolls the revision back, as a crash would.
                return Err(Fault::CrashAfterRevisionClaim.error().into());
            }
            sql.prepare(
                "UPDATE posts SET title = ?3, body = ?4, body_html = ?5, excerpt = ?6, tags = ?7, revision = ?8
                 WHERE site = ?1 AND id = ?2",
            )
            .and_then(|mut s| {
                s.execute(params![
                    site,
                    id,
                    edit.title.as_str(),
                    edit.body.as_str(),
                    edit.body_html,
                    edit.excerpt,
                    tags,
                    number,
                ])
            })
            .map_err(unavailable)?;
            let post = post_by_id(&sql, &site, &id)?.ok_or(EditError::NoSuchPost)?;
            list_tags(&sql, &site, &post)?;
            tx.commit().map_err(unavailable)?;
            Ok(post)
        })
        .await
    }

    async fn translation(
        &self,
        site: &Site,
        id: PostId,
        locale: &Locale,
    ) -> StoreResult<Option<Translation>> {
        let (site, locale) = (site.to_string(), locale.code());
        self.read(move |conn, statements| {
            translation_of(&Sql { conn, statements }, &site, &id.0.to_string(), &locale)
        })
        .await
    }

    async fn translations(&self, site: &Site, id: PostId) -> StoreResult<Vec<Translation>> {
        let site = site.to_string();
        self.read(move |conn, statements| {
            let mut stmt = Sql { conn, statements }
                .prepare(&format!(
                    "SELECT {TRANSLATION_COLUMNS} FROM translations WHERE site = ?1 AND post_id = ?2 ORDER BY locale"
                ))
                .map_err(unavailable)?;
            let rows: Vec<TranslationRow> = stmt
                .query_map(params![site, id.0.to_string()], translation_row)
                .and_then(Iterator::collect)
                .map_err(unavailable)?;
            rows.into_iter().map(TranslationRow::into_translation).collect()
        })
        .await
    }

    async fn save_translation(
        &self,
        site: &Site,
        id: PostId,
        locale: &Locale,
        edit: PostEdit,
    ) -> Result<Translation, EditError> {
        let (site, locale) = (site.to_string(), locale.code());
        let faults = self.faults.clone();
        self.run(move |conn, statements| {
            let tx = conn
                .transaction_with_behavior(TransactionBehavior::Immediate)
                .map_err(unavailable)?;
            let sql = Sql { conn: &tx, statements };
            let id = id.0.to_string();
            let post = post_by_id(&sql, &site, &id)?.ok_or(EditError::NoSuchPost)?;
            if post.locale.code() == locale {
                return Err(EditError::SameLocale);
            }
            let current = translation_of(&sql, &site, &id, &locale)?;
            if current.as_ref().map_or(0, |t| t.revision) != edit.base {
                return Err(EditError::Conflict);
            }
            let number = edit.base + 1;
            let crash = faults.fires(Fault::CrashAfterRevisionClaim);
            insert_revision(&sql, &site, &id, &locale, number, &edit)?;
            if crash {
                return Err(Fault::CrashAfterRevisionClaim.error().into());
            }
            sql.prepare(
                "INSERT INTO translations (site, post_id, locale, title, body, body_html, excerpt, status, revision)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'draft', ?8)
                 ON CONFLICT (site, post_id, locale) DO UPDATE SET
                   title = ?4, body = ?5, body_html = ?6, excerpt = ?7, revision = ?8",
            )
            .and_then(|mut s| {
                s.execute(params![
                    site,
                    id,
                    locale,
                    edit.title.as_str(),
                    edit.body.as_str(),
                    edit.body_html,
                    edit.excerpt,
                    number,
                ])
            })
            .map_err(unavailable)?;
            let saved = translation_of(&sql, &site, &id, &locale)?.ok_or(EditError::NoSuchPost)?;
            tx.commit().map_err(unavailable)?;
            Ok(saved)
        })
        .await
    }

    async fn set_translation_status(
        &self,
        site: &Site,
        id: PostId,
        locale: &Locale,
        status: PostStatus,
        at: DateTime<Utc>,
    ) -> StoreResult<Option<Translation>> {
        let (site, locale) = (site.to_string(), locale.code());
        self.run(move |conn, statements| {
            let sql = Sql { conn, statements };
            let id = id.0.to_string();
            let published = (status == PostStatus::Published).then(|| at.timestamp_millis());
            sql.prepare(
                "UPDATE translations SET status = ?4, published = ?5
                 WHERE site = ?1 AND post_id = ?2 AND locale = ?3 AND status <> ?4",
            )
            .and_then(|mut s| s.execute(params![site, id, locale, status.as_str(), published]))
            .map_err(unavailable)?;
            translation_of(&sql, &site, &id, &locale)
        })
        .await
    }

    async fn save_draft(
        &self,
        site: &Site,
        id: PostId,
        user: UserId,
        locale: &Locale,
        draft: &Draft,
    ) -> StoreResult<()> {
        let (site, locale, draft) = (site.to_string(), locale.code(), draft.clone());
        self.run(move |conn, statements| {
            Sql { conn, statements }
                .prepare(
                    "INSERT INTO user_drafts (site, post_id, user_id, locale, base, title, body, tags, saved)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
                     ON CONFLICT (site, post_id, user_id, locale) DO UPDATE SET
                       base = ?5, title = ?6, body = ?7, tags = ?8, saved = ?9",
                )
                .and_then(|mut s| {
                    s.execute(params![
                        site,
                        id.0.to_string(),
                        user.0.to_string(),
                        locale,
                        draft.base,
                        draft.title,
                        draft.body,
                        draft.tags,
                        draft.saved.timestamp_millis(),
                    ])
                })
                .map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    async fn draft(
        &self,
        site: &Site,
        id: PostId,
        user: UserId,
        locale: &Locale,
    ) -> StoreResult<Option<Draft>> {
        let (site, locale) = (site.to_string(), locale.code());
        self.run(move |conn, statements| {
            Sql { conn, statements }
                .prepare(
                    "SELECT base, title, body, tags, saved FROM user_drafts
                     WHERE site = ?1 AND post_id = ?2 AND user_id = ?3 AND locale = ?4",
                )
                .and_then(|mut s| {
                    s.query_row(
                        params![site, id.0.to_string(), user.0.to_string(), locale],
                        |r| {
                            Ok(Draft {
                                base: r.get(0)?,
                                title: r.get(1)?,
                                body: r.get(2)?,
                                tags: r.get(3)?,
                                saved: millis_to_time(r.get(4)?),
                            })
                        },
                    )
                    .optional()
                })
                .map_err(unavailable)
        })
        .await
    }

    async fn discard_draft(
        &self,
        site: &Site,
        id: PostId,
        user: UserId,
        locale: &Locale,
    ) -> StoreResult<()> {
        let (site, locale) = (site.to_string(), locale.code());
        self.run(move |conn, statements| {
            Sql { conn, statements }
                .prepare(
                    "DELETE FROM user_drafts WHERE site = ?1 AND post_id = ?2 AND user_id = ?3 AND locale = ?4",
                )
                .and_then(|mut s| {
                    s.execute(params![site, id.0.to_string(), user.0.to_string(), locale])
                })
                .map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    async fn create_suggestion(&self, site: &Site, suggestion: &Suggestion) -> StoreResult<()> {
        let (site, g) = (site.to_string(), suggestion.clone());
        self.run(move |conn, statements| {
            Sql { conn, statements }
                .prepare(
                    "INSERT INTO suggestions (site, post_id, id, base, title, body, tags, note, suggester_id, suggester_name, created, state)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
                )
                .and_then(|mut s| {
                    s.execute(params![
                        site,
                        g.post_id.0.to_string(),
                        g.id,
                        g.base,
                        g.title.as_str(),
                        g.body.as_str(),
                        join_tags(&g.tags),
                        g.note,
                        g.suggester_id.0.to_string(),
                        g.suggester_name,
                        g.created.timestamp_millis(),
                        g.state.as_str(),
                    ])
                })
                .map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    async fn suggestions(&self, site: &Site, post: PostId) -> StoreResult<Vec<Suggestion>> {
        let site = site.to_string();
        self.run(move |conn, statements| {
            let mut stmt = Sql { conn, statements }
                .prepare(&format!(
                    "SELECT {SUGGESTION_COLUMNS} FROM suggestions WHERE site = ?1 AND post_id = ?2 ORDER BY created DESC, id DESC"
                ))
                .map_err(unavailable)?;
            let rows: Vec<SuggestionRow> = stmt
                .query_map(params![site, post.0.to_string()], SuggestionRow::read)
                .and_then(Iterator::collect)
                .map_err(unavailable)?;
            rows.into_iter().map(SuggestionRow::into_suggestion).collect()
        })
        .await
    }

    async fn suggestion(
        &self,
        site: &Site,
        post: PostId,
        id: &str,
    ) -> StoreResult<Option<Suggestion>> {
        let (site, id) = (site.to_string(), id.to_owned());
        self.run(move |conn, statements| {
            let row = Sql { conn, statements }
                .prepare(&format!(
                    "SELECT {SUGGESTION_COLUMNS} FROM suggestions WHERE site = ?1 AND post_id = ?2 AND id = ?3"
                ))
                .and_then(|mut s| s.query_row(params![site, post.0.to_string(), id], SuggestionRow::read).optional())
                .map_err(unavailable)?;
            row.map(SuggestionRow::into_suggestion).transpose()
        })
        .await
    }

    async fn decide_suggestion(
        &self,
        site: &Site,
        post: PostId,
        id: &str,
        to: SuggestionState,
    ) -> StoreResult<bool> {
        let (site, id) = (site.to_string(), id.to_owned());
        self.run(move |conn, statements| {
            let changed = Sql { conn, statements }
                .prepare(
                    "UPDATE suggestions SET state = ?4 WHERE site = ?1 AND post_id = ?2 AND id = ?3 AND state = 'open'",
                )
                .and_then(|mut s| s.execute(params![site, post.0.to_string(), id, to.as_str()]))
                .map_err(unavailable)?;
            Ok(changed == 1)
        })
        .await
    }

    async fn revisions(
        &self,
        site: &Site,
        id: PostId,
        locale: &Locale,
    ) -> StoreResult<Vec<RevisionSummary>> {
        let (site, locale) = (site.to_string(), locale.code());
        self.run(move |conn, statements| {
            let mut stmt = Sql { conn, statements }
                .prepare(
                    "SELECT revision, title, author_name, created, message FROM revisions
                     WHERE site = ?1 AND post_id = ?2 AND locale = ?3 AND branch = 1
                     ORDER BY revision DESC",
                )
                .map_err(unavailable)?;
            stmt.query_map(params![site, id.0.to_string(), locale], |r| {
                Ok(RevisionSummary {
                    number: r.get(0)?,
                    title: r.get(1)?,
                    author_name: r.get(2)?,
                    created: millis_to_time(r.get(3)?),
                    message: r.get(4)?,
                })
            })
            .and_then(Iterator::collect)
            .map_err(unavailable)
        })
        .await
    }

    async fn revision(
        &self,
        site: &Site,
        id: PostId,
        locale: &Locale,
        number: u32,
    ) -> StoreResult<Option<SavedRevision>> {
        let (site, locale) = (site.to_string(), locale.code());
        self.run(move |conn, statements| {
            let row = Sql { conn, statements }
                .prepare(
                    "SELECT title, body, body_html, tags, author_id, author_name, created, message FROM revisions
                     WHERE site = ?1 AND post_id = ?2 AND locale = ?4 AND branch = 1 AND revision = ?3",
                )
                .and_then(|mut s| {
                    s.query_row(params![site, id.0.to_string(), number, locale], |r| {
                        Ok((
                            r.get::<_, String>(0)?,
                            r.get::<_, String>(1)?,
                            r.get::<_, String>(2)?,
                            r.get::<_, String>(3)?,
                            r.get::<_, String>(4)?,
                            r.get::<_, String>(5)?,
                            r.get::<_, i64>(6)?,
                            r.get::<_, String>(7)?,
                        ))
                    })
                    .optional()
                })
                .map_err(unavailable)?;
            row.map(|(title, body, body_html, tags, author_id, author_name, created, message)| {
                Ok(SavedRevision {
                    number,
                    title: Title::parse(&title)?,
                    body: Body::parse(&body)?,
                    body_html,
                    tags: split_tags(&tags),
                    author_id: UserId(uuid(&author_id)?),
                    author_name,
                    created: millis_to_time(created),
                    message,
                })
            })
            .transpose()
        })
        .await
    }

    async fn allocate_short_id(&self, site: &Site) -> StoreResult<u64> {
        let site = site.to_string();
        self.run(move |conn, statements| {
            let tx = conn
                .transaction_with_behavior(TransactionBehavior::Immediate)
                .map_err(unavailable)?;
            let n = take_short_id(
                &Sql {
                    conn: &tx,
                    statements,
                },
                &site,
            )?;
            tx.commit().map_err(unavailable)?;
            Ok(n)
        })
        .await
    }

    async fn short_id_pool(&self, site: &Site) -> StoreResult<Vec<u64>> {
        let site = site.to_string();
        self.run(move |conn, statements| {
            let mut stmt = Sql { conn, statements }
                .prepare("SELECT slot, next FROM id_pool WHERE site = ?1")
                .map_err(unavailable)?;
            let used: std::collections::HashMap<u64, u64> = stmt
                .query_map([&site], |r| Ok((r.get(0)?, r.get(1)?)))
                .and_then(Iterator::collect)
                .map_err(unavailable)?;
            Ok((0..ID_POOL_SIZE)
                .map(|slot| used.get(&slot).copied().unwrap_or(slot + 1))
                .collect())
        })
        .await
    }

    async fn host_counter(&self, host: &str) -> StoreResult<u64> {
        let host = host.to_owned();
        self.run(move |conn, statements| {
            let last: Option<u64> = Sql { conn, statements }
                .prepare("SELECT last FROM host_counters WHERE host = ?1")
                .and_then(|mut s| s.query_row([&host], |r| r.get(0)).optional())
                .map_err(unavailable)?;
            Ok(last.unwrap_or(0))
        })
        .await
    }

    async fn set_host_counter(&self, host: &str, value: u64) -> StoreResult<()> {
        let host = host.to_owned();
        self.run(move |conn, statements| {
            Sql { conn, statements }
                .prepare("INSERT INTO host_counters (host, last) VALUES (?1, ?2) ON CONFLICT (host) DO UPDATE SET last = ?2")
                .and_then(|mut s| s.execute(params![host, value]))
                .map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    async fn slug_by_short_id(&self, site: &Site, short_id: u64) -> StoreResult<Option<Slug>> {
        let site = site.to_string();
        self.read(move |conn, statements| {
            let slug: Option<String> = Sql { conn, statements }
                .prepare("SELECT slug FROM posts WHERE site = ?1 AND short_id = ?2")
                .and_then(|mut s| {
                    s.query_row(params![site, short_id], |r| r.get(0))
                        .optional()
                })
                .map_err(unavailable)?;
            slug.map(|s| Slug::parse(&s).map_err(StoreError::from))
                .transpose()
        })
        .await
    }

    async fn front_page(&self, site: &Site, limit: usize) -> StoreResult<Vec<PostSummary>> {
        let site = site.to_string();
        let limit = limit.min(super::FRONT_PAGE_CAP);
        self.read(move |conn, statements| {
            summaries(
                &Sql { conn, statements },
                "FROM posts p WHERE site = ?1 AND published IS NOT NULL ORDER BY published DESC, id DESC LIMIT ?2",
                params![site, limit as i64],
            )
        })
        .await
    }

    async fn tag_page(
        &self,
        site: &Site,
        tag: &Tag,
        after: Option<&str>,
        limit: usize,
    ) -> Result<ListPage, PageError> {
        let (millis, id) = match after {
            None => (i64::MAX, "~".to_owned()),
            Some(cursor) => parse_tag_cursor(cursor).ok_or(PageError::BadCursor)?,
        };
        let (site, tag) = (site.to_string(), tag.as_str().to_owned());
        let limit = limit.clamp(1, 100);
        let mut posts = self
            .read(move |conn, statements| {
                summaries(
                    &Sql { conn, statements },
                    "FROM post_tags t JOIN posts p ON p.site = t.site AND p.id = t.post_id
                     WHERE t.site = ?1 AND t.tag = ?2 AND (t.published < ?3 OR (t.published = ?3 AND t.post_id < ?4))
                     ORDER BY t.published DESC, t.post_id DESC LIMIT ?5",
                    params![site, tag, millis, id, limit as i64 + 1],
                )
            })
            .await?;
        let next = (posts.len() > limit).then(|| {
            posts.truncate(limit);
            posts.last().map(tag_cursor)
        });
        Ok(ListPage {
            posts,
            next: next.flatten(),
        })
    }

    async fn posts_by_author(
        &self,
        site: &Site,
        author: UserId,
        limit: usize,
    ) -> StoreResult<Vec<PostSummary>> {
        let site = site.to_string();
        self.read(move |conn, statements| {
            summaries(
                &Sql { conn, statements },
                "FROM posts p WHERE site = ?1 AND author_id = ?2 AND published IS NOT NULL
                 ORDER BY published DESC, id DESC LIMIT ?3",
                params![site, author.0.to_string(), limit as i64],
            )
        })
        .await
    }
    async fn comment_settings(&self, site: &Site) -> StoreResult<CommentSettings> {
        let site = site.to_string();
        self.read(move |conn, statements| {
            let row = Sql { conn, statements }
                .prepare(
                    "SELECT guests, trust_approved, close_after_days FROM comment_settings WHERE site = ?1",
                )
                .and_then(|mut s| {
                    s.query_row(params![site], |r| {
                        Ok(CommentSettings {
                            guests: r.get(0)?,
                            trust_approved: r.get(1)?,
                            close_after_days: r.get(2)?,
                        })
                    })
                    .optional()
                })
                .map_err(unavailable)?;
            Ok(row.unwrap_or_default())
        })
        .await
    }

    async fn save_comment_settings(
        &self,
        site: &Site,
        settings: &CommentSettings,
    ) -> StoreResult<()> {
        let (site, settings) = (site.to_string(), *settings);
        self.run(move |conn, statements| {
            Sql { conn, statements }
                .prepare(
                    "INSERT INTO comment_settings (site, guests, trust_approved, close_after_days)
                     VALUES (?1, ?2, ?3, ?4)
                     ON CONFLICT (site) DO UPDATE SET guests = ?2, trust_approved = ?3, close_after_days = ?4",
                )
                .and_then(|mut s| {
                    s.execute(params![
                        site,
                        settings.guests,
                        settings.trust_approved,
                        settings.close_after_days
                    ])
                })
                .map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    async fn set_comments_closed(
        &self,
        site: &Site,
        post: PostId,
        closed: bool,
    ) -> StoreResult<()> {
        let site = site.to_string();
        self.run(move |conn, statements| {
            Sql { conn, statements }
                .prepare("UPDATE posts SET comments_closed = ?3 WHERE site = ?1 AND id = ?2")
                .and_then(|mut s| s.execute(params![site, post.0.to_string(), closed]))
                .map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    async fn add_comment(&self, site: &Site, comment: &NewComment) -> Result<(), CommentError> {
        let (site, c) = (site.to_string(), comment.clone());
        self.run(move |conn, statements| {
            let tx = conn
                .transaction_with_behavior(TransactionBehavior::Immediate)
                .map_err(unavailable)?;
            let sql = Sql { conn: &tx, statements };
            let post = c.post.id.0.to_string();
            let count: u64 = sql
                .prepare("SELECT COUNT(*) FROM comments WHERE site = ?1 AND post_id = ?2")
                .and_then(|mut s| s.query_row(params![site, post], |r| r.get(0)))
                .map_err(unavailable)?;
            if count >= MAX_COMMENTS_PER_POST {
                return Err(CommentError::Full);
            }
            sql.prepare(&format!(
                "INSERT INTO comments ({COMMENT_COLUMNS}, site, created, sort_key)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, '', NULL, ?13, ?14, ?15)"
            ))
            .and_then(|mut s| {
                s.execute(params![
                    c.id.to_string(),
                    post,
                    c.post.slug,
                    c.post.title,
                    c.thread.to_string(),
                    c.parent.map(|p| p.to_string()),
                    c.author.user_id().map(|u| u.0.to_string()),
                    c.author.name(),
                    c.author.email(),
                    c.body.as_str(),
                    c.body_html,
                    c.state.as_str(),
                    site,
                    c.id.time().timestamp_millis(),
                    comment_sort_key(c.thread, c.id),
                ])
            })
            .map_err(unavailable)?;
            list_for_moderation(&sql, &site, &post, c.id, c.state)?;
            tx.commit().map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    async fn comment(
        &self,
        site: &Site,
        post: PostId,
        id: CommentId,
    ) -> StoreResult<Option<Comment>> {
        let site = site.to_string();
        self.read(move |conn, statements| {
            comment_of(
                &Sql { conn, statements },
                &site,
                &post.0.to_string(),
                &id.to_string(),
            )
        })
        .await
    }

    async fn comment_page(
        &self,
        site: &Site,
        post: PostId,
        cursor: Option<&str>,
        limit: usize,
    ) -> Result<CommentPage, PageError> {
        // Cursors are keyset positions: `n<key>` starts after a comment, `o<key>` ends
        // before one (read backwards, then turned around).
        let (forward, key) = match cursor {
            None => (true, String::new()),
            Some(c) => {
                let (direction, key) = c.split_at_checked(1).ok_or(PageError::BadCursor)?;
                let well_formed =
                    key.len() == 2 * (20 + 5 + 32) && key.bytes().all(|b| b.is_ascii_hexdigit());
                match direction {
                    "n" if well_formed => (true, key.to_owned()),
                    "o" if well_formed => (false, key.to_owned()),
                    _ => return Err(PageError::BadCursor),
                }
            }
        };
        let (site, started) = (site.to_string(), cursor.is_some());
        self.read(move |conn, statements| {
            let sql = Sql { conn, statements };
            let query = if forward {
                format!(
                    "SELECT {COMMENT_COLUMNS}, sort_key FROM comments
                     WHERE site = ?1 AND post_id = ?2 AND state = 'approved' AND sort_key > ?3
                     ORDER BY sort_key LIMIT ?4"
                )
            } else {
                format!(
                    "SELECT {COMMENT_COLUMNS}, sort_key FROM comments
                     WHERE site = ?1 AND post_id = ?2 AND state = 'approved' AND sort_key < ?3
                     ORDER BY sort_key DESC LIMIT ?4"
                )
            };
            let mut stmt = sql.prepare(&query).map_err(unavailable)?;
            let mut rows: Vec<(CommentRow, String)> = stmt
                .query_map(
                    params![site, post.0.to_string(), key, limit as i64 + 1],
                    |r| Ok((comment_row(r)?, r.get(14)?)),
                )
                .and_then(Iterator::collect)
                .map_err(unavailable)?;
            let more = rows.len() > limit;
            rows.truncate(limit);
            if !forward {
                rows.reverse();
            }
            let first = rows.first().map(|(_, k)| format!("o{k}"));
            let last = rows.last().map(|(_, k)| format!("n{k}"));
            let (newer, older) = if forward {
                (
                    if more { last } else { None },
                    if started { first } else { None },
                )
            } else {
                (last, if more { first } else { None })
            };
            let comments = rows
                .into_iter()
                .map(|(row, _)| row.into_thread_comment())
                .collect::<StoreResult<Vec<_>>>()?;
            Ok(CommentPage {
                comments,
                newer,
                older,
            })
        })
        .await
    }

    async fn pending_comments_by(
        &self,
        site: &Site,
        post: PostId,
        author: UserId,
    ) -> StoreResult<Vec<Comment>> {
        let site = site.to_string();
        self.read(move |conn, statements| {
            let mut stmt = Sql { conn, statements }
                .prepare(&format!(
                    "SELECT {COMMENT_COLUMNS} FROM comments
                     WHERE site = ?1 AND post_id = ?2 AND author_id = ?3 AND state = 'pending'
                     ORDER BY sort_key LIMIT 100"
                ))
                .map_err(unavailable)?;
            let rows: Vec<CommentRow> = stmt
                .query_map(
                    params![site, post.0.to_string(), author.0.to_string()],
                    comment_row,
                )
                .and_then(Iterator::collect)
                .map_err(unavailable)?;
            rows.into_iter().map(CommentRow::into_comment).collect()
        })
        .await
    }

    async fn moderation_list(
        &self,
        site: &Site,
        state: CommentState,
        post: Option<PostId>,
        cursor: Option<&str>,
        limit: usize,
    ) -> Result<ModerationPage, PageError> {
        let after = match cursor {
            None => None,
            Some(c) => Some(parse_moderation_cursor(c).ok_or(PageError::BadCursor)?),
        };
        let site = site.to_string();
        self.run(move |conn, statements| {
            let sql = Sql { conn, statements };
            let (created, id) = after.unwrap_or((i64::MAX, String::new()));
            let post_filter = if post.is_some() { "AND q.post_id = ?6" } else { "" };
            let mut stmt = sql
                .prepare(&format!(
                    "SELECT c.id, c.post_id, c.post_slug, c.post_title, c.thread, c.parent, c.author_id,
                            c.author_name, c.author_email, c.body, c.body_html, c.state, c.reason, c.edited, q.created
                     FROM moderation_queue q JOIN comments c
                       ON c.site = q.site AND c.post_id = q.post_id AND c.id = q.id
                     WHERE q.site = ?1 AND q.state = ?2 {post_filter}
                       AND (q.created < ?3 OR (q.created = ?3 AND q.id < ?4))
                     ORDER BY q.created DESC, q.id DESC LIMIT ?5"
                ))
                .map_err(unavailable)?;
            let map = |r: &rusqlite::Row<'_>| Ok((comment_row(r)?, r.get::<_, i64>(14)?));
            let id_bound = if id.is_empty() { "~".to_owned() } else { id };
            let rows: Vec<(CommentRow, i64)> = match post {
                Some(p) => stmt.query_map(
                    params![site, state.as_str(), created, id_bound, limit as i64 + 1, p.0.to_string()],
                    map,
                ),
                None => stmt.query_map(
                    params![site, state.as_str(), created, id_bound, limit as i64 + 1],
                    map,
                ),
            }
            .and_then(Iterator::collect)
            .map_err(unavailable)?;
            let more = rows.len() > limit;
            let mut comments = Vec::new();
            let mut next = None;
            for (row, created) in rows.into_iter().take(limit) {
                next = Some(moderation_cursor(created, &row.id));
                comments.push(row.into_comment()?);
            }
            Ok(ModerationPage {
                comments,
                next: if more { next } else { None },
            })
        })
        .await
    }

    async fn moderate(
        &self,
        site: &Site,
        post: PostId,
        id: CommentId,
        moderation: &Moderation,
    ) -> Result<Comment, ModerationError> {
        let (site, m) = (site.to_string(), moderation.clone());
        let faults = self.faults.clone();
        self.run(move |conn, statements| {
            let tx = conn
                .transaction_with_behavior(TransactionBehavior::Immediate)
                .map_err(unavailable)?;
            let sql = Sql { conn: &tx, statements };
            let (post_text, id_text) = (post.0.to_string(), id.to_string());
            let comment = comment_of(&sql, &site, &post_text, &id_text)?
                .ok_or(ModerationError::NoSuchComment)?;
            if !comment.state.can_become(m.to) {
                return Err(ModerationError::Illegal {
                    from: comment.state,
                    to: m.to,
                });
            }
            sql.prepare(
                "UPDATE comments SET state = ?4, reason = ?5 WHERE site = ?1 AND post_id = ?2 AND id = ?3",
            )
            .and_then(|mut s| s.execute(params![site, post_text, id_text, m.to.as_str(), m.reason]))
            .map_err(unavailable)?;
            if faults.fires(Fault::CrashInModeration) {
                // Dropping the transaction undoes the comment's change, as a crash would.
                return Err(Fault::CrashInModeration.error().into());
            }
            list_for_moderation(&sql, &site, &post_text, id, m.to)?;
            sql.prepare(
                "INSERT INTO moderation_log (site, month, at, comment_id, post_id, post_slug, post_title, by_name, from_state, to_state, reason)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
            )
            .and_then(|mut s| {
                s.execute(params![
                    site,
                    month_of(m.at),
                    m.at.timestamp_millis(),
                    id_text,
                    post_text,
                    comment.post.slug,
                    comment.post.title,
                    m.by_name,
                    comment.state.as_str(),
                    m.to.as_str(),
                    m.reason,
                ])
            })
            .map_err(unavailable)?;
            if let (CommentState::Approved, Some(author)) = (m.to, comment.author.user_id()) {
                trust(&sql, &site, author)?;
            }
            let moved = comment_of(&sql, &site, &post_text, &id_text)?
                .ok_or(ModerationError::NoSuchComment)?;
            tx.commit().map_err(unavailable)?;
            Ok(moved)
        })
        .await
    }

    async fn edit_comment(
        &self,
        site: &Site,
        post: PostId,
        id: CommentId,
        body: &CommentBody,
        at: DateTime<Utc>,
    ) -> Result<Comment, ModerationError> {
        let (site, body) = (site.to_string(), body.clone());
        self.run(move |conn, statements| {
            let tx = conn
                .transaction_with_behavior(TransactionBehavior::Immediate)
                .map_err(unavailable)?;
            let sql = Sql { conn: &tx, statements };
            let (post_text, id_text) = (post.0.to_string(), id.to_string());
            let comment = comment_of(&sql, &site, &post_text, &id_text)?
                .ok_or(ModerationError::NoSuchComment)?;
            if comment.state == CommentState::Deleted {
                return Err(ModerationError::Illegal {
                    from: comment.state,
                    to: comment.state,
                });
            }
            sql.prepare(
                "UPDATE comments SET body = ?4, body_html = ?5, edited = ?6 WHERE site = ?1 AND post_id = ?2 AND id = ?3",
            )
            .and_then(|mut s| {
                s.execute(params![
                    site,
                    post_text,
                    id_text,
                    body.as_str(),
                    body.to_html(),
                    at.timestamp_millis()
                ])
            })
            .map_err(unavailable)?;
            let edited = comment_of(&sql, &site, &post_text, &id_text)?
                .ok_or(ModerationError::NoSuchComment)?;
            tx.commit().map_err(unavailable)?;
            Ok(edited)
        })
        .await
    }

    async fn approved_comment_counts(
        &self,
        site: &Site,
        posts: &[PostId],
    ) -> StoreResult<Vec<(PostId, u64)>> {
        if posts.is_empty() {
            return Ok(Vec::new());
        }
        let site = site.to_string();
        let ids: Vec<String> = posts.iter().map(|p| p.0.to_string()).collect();
        self.read(move |conn, statements| {
            let marks = vec!["?"; ids.len()].join(", ");
            let mut stmt = Sql { conn, statements }
                .prepare(&format!(
                    "SELECT post_id, COUNT(*) FROM comments
                     WHERE site = ? AND state = 'approved' AND post_id IN ({marks}) GROUP BY post_id"
                ))
                .map_err(unavailable)?;
            let values = std::iter::once(&site).chain(ids.iter());
            let rows: Vec<(String, u64)> = stmt
                .query_map(rusqlite::params_from_iter(values), |r| Ok((r.get(0)?, r.get(1)?)))
                .and_then(Iterator::collect)
                .map_err(unavailable)?;
            rows.into_iter()
                .map(|(id, n)| Ok((PostId(uuid(&id)?), n)))
                .collect()
        })
        .await
    }

    async fn comment_state_counts(&self, site: &Site) -> StoreResult<StateCounts> {
        let site = site.to_string();
        self.run(move |conn, statements| {
            let mut stmt = Sql { conn, statements }
                .prepare("SELECT state, COUNT(*) FROM comments WHERE site = ?1 GROUP BY state")
                .map_err(unavailable)?;
            let rows: Vec<(String, u64)> = stmt
                .query_map(params![site], |r| Ok((r.get(0)?, r.get(1)?)))
                .and_then(Iterator::collect)
                .map_err(unavailable)?;
            let mut counts = StateCounts::default();
            for (state, n) in rows {
                *counts.slot(CommentState::parse(&state)?) = n;
            }
            Ok(counts)
        })
        .await
    }

    async fn moderation_log(&self, site: &Site, month: &str) -> StoreResult<Vec<LogEntry>> {
        let (site, month) = (site.to_string(), month.to_owned());
        self.run(move |conn, statements| {
            let mut stmt = Sql { conn, statements }
                .prepare(
                    "SELECT at, comment_id, post_id, post_slug, post_title, by_name, from_state, to_state, reason
                     FROM moderation_log WHERE site = ?1 AND month = ?2 ORDER BY seq DESC LIMIT 500",
                )
                .map_err(unavailable)?;
            type Line = (i64, String, String, String, String, String, String, String, String);
            let rows: Vec<Line> = stmt
                .query_map(params![site, month], |r| {
                    Ok((
                        r.get(0)?,
                        r.get(1)?,
                        r.get(2)?,
                        r.get(3)?,
                        r.get(4)?,
                        r.get(5)?,
                        r.get(6)?,
                        r.get(7)?,
                        r.get(8)?,
                    ))
                })
                .and_then(Iterator::collect)
                .map_err(unavailable)?;
            rows.into_iter()
                .map(|(at, comment, post, slug, title, by_name, from, to, reason)| {
                    Ok(LogEntry {
                        at: millis_to_time(at),
                        comment: CommentId::parse(&comment)?,
                        post: CommentedPost {
                            id: PostId(uuid(&post)?),
                            slug,
                            title,
                        },
                        by_name,
                        from: CommentState::parse(&from)?,
                        to: CommentState::parse(&to)?,
                        reason,
                    })
                })
                .collect()
        })
        .await
    }

    async fn commenter_standing(&self, site: &Site, user: UserId) -> StoreResult<Standing> {
        let site = site.to_string();
        self.run(move |conn, statements| {
            let row = Sql { conn, statements }
                .prepare("SELECT banned, trusted FROM commenters WHERE site = ?1 AND user_id = ?2")
                .and_then(|mut s| {
                    s.query_row(params![site, user.0.to_string()], |r| {
                        Ok(Standing {
                            banned: r.get(0)?,
                            trusted: r.get(1)?,
                        })
                    })
                    .optional()
                })
                .map_err(unavailable)?;
            Ok(row.unwrap_or_default())
        })
        .await
    }

    async fn set_comment_ban(&self, site: &Site, user: UserId, banned: bool) -> StoreResult<()> {
        let site = site.to_string();
        self.run(move |conn, statements| {
            Sql { conn, statements }
                .prepare(
                    "INSERT INTO commenters (site, user_id, banned) VALUES (?1, ?2, ?3)
                     ON CONFLICT (site, user_id) DO UPDATE SET banned = ?3",
                )
                .and_then(|mut s| s.execute(params![site, user.0.to_string(), banned]))
                .map_err(unavailable)?;
            Ok(())
        })
        .await
    }
}

/// Post summaries selected by `filter` (a FROM ... WHERE ... ORDER BY ... LIMIT clause
/// in which `p` is the posts table).
fn summaries(
    sql: &Sql<'_>,
    filter: &str,
    values: impl rusqlite::Params,
) -> StoreResult<Vec<PostSummary>> {
    let mut stmt = sql
        .prepare(&format!(
            "SELECT p.id, p.slug, p.title, p.excerpt, p.author_name, p.tags, p.published {filter}"
        ))
        .map_err(unavailable)?;
    let rows = stmt
        .query_map(values, |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, String>(3)?,
                r.get::<_, String>(4)?,
                r.get::<_, String>(5)?,
                r.get::<_, i64>(6)?,
            ))
        })
        .map_err(unavailable)?;
    let mut out = Vec::new();
    for row in rows {
        let (id, slug, title, excerpt, author_name, tags, published) = row.map_err(unavailable)?;
        out.push(PostSummary {
            id: PostId(uuid(&id)?),
            slug: Slug::parse(&slug)?,
            title,
            excerpt,
            author_name,
            tags: split_tags(&tags),
            published: millis_to_time(published),
        });
    }
    Ok(out)
}

const COMMENT_COLUMNS: &str = "id, post_id, post_slug, post_title, thread, parent, author_id, author_name, author_email, body, body_html, state, reason, edited";

fn comment_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<CommentRow> {
    Ok(CommentRow {
        id: row.get(0)?,
        post_id: row.get(1)?,
        post_slug: row.get(2)?,
        post_title: row.get(3)?,
        thread: row.get(4)?,
        parent: row.get(5)?,
        author_id: row.get(6)?,
        author_name: row.get(7)?,
        author_email: row.get(8)?,
        body: row.get(9)?,
        body_html: row.get(10)?,
        state: row.get(11)?,
        reason: row.get(12)?,
        edited: row.get(13)?,
    })
}

struct CommentRow {
    id: String,
    post_id: String,
    post_slug: String,
    post_title: String,
    thread: String,
    parent: Option<String>,
    author_id: Option<String>,
    author_name: String,
    author_email: String,
    body: String,
    body_html: String,
    state: String,
    reason: String,
    edited: Option<i64>,
}

impl CommentRow {
    fn into_comment(self) -> StoreResult<Comment> {
        let id = |text: &str| CommentId::parse(text).map_err(StoreError::from);
        let author = match self.author_id {
            Some(user) => Commenter::Member {
                id: UserId(uuid(&user)?),
                name: self.author_name,
            },
            None => Commenter::Guest {
                name: self.author_name,
                email: self.author_email,
            },
        };
        Ok(Comment {
            id: id(&self.id)?,
            post: CommentedPost {
                id: PostId(uuid(&self.post_id)?),
                slug: self.post_slug,
                title: self.post_title,
            },
            thread: id(&self.thread)?,
            parent: self.parent.as_deref().map(id).transpose()?,
            author,
            body: CommentBody::parse(&self.body)?,
            body_html: self.body_html,
            state: CommentState::parse(&self.state)?,
            reason: self.reason,
            edited: self.edited.map(millis_to_time),
        })
    }

    fn into_thread_comment(self) -> StoreResult<ThreadComment> {
        Ok(ThreadComment::from(&self.into_comment()?))
    }
}

/// Where a comment sorts among a post's comments: its thread's time, then its own, each
/// as the 100-nanosecond count and clock sequence of the time UUID, so that the text
/// order is the time order.
fn comment_sort_key(thread: CommentId, id: CommentId) -> String {
    let part = |c: CommentId| {
        let (ticks, seq) =
            c.0.get_timestamp()
                .map(|t| t.to_gregorian())
                .unwrap_or_default();
        format!("{ticks:020}{seq:05}{}", c.0.simple())
    };
    format!("{}{}", part(thread), part(id))
}

fn comment_of(sql: &Sql<'_>, site: &str, post: &str, id: &str) -> StoreResult<Option<Comment>> {
    sql.prepare(&format!(
        "SELECT {COMMENT_COLUMNS} FROM comments WHERE site = ?1 AND post_id = ?2 AND id = ?3"
    ))
    .and_then(|mut s| s.query_row(params![site, post, id], comment_row).optional())
    .map_err(unavailable)?
    .map(CommentRow::into_comment)
    .transpose()
}

/// Puts a comment in the moderation list of its state, or takes it out of every list.
fn list_for_moderation(
    sql: &Sql<'_>,
    site: &str,
    post: &str,
    id: CommentId,
    state: CommentState,
) -> StoreResult<()> {
    let id_text = id.to_string();
    sql.prepare("DELETE FROM moderation_queue WHERE site = ?1 AND id = ?2")
        .and_then(|mut s| s.execute(params![site, id_text]))
        .map_err(unavailable)?;
    if state.is_listed() {
        sql.prepare(
            "INSERT INTO moderation_queue (site, state, id, post_id, created) VALUES (?1, ?2, ?3, ?4, ?5)",
        )
        .and_then(|mut s| {
            s.execute(params![
                site,
                state.as_str(),
                id_text,
                post,
                id.time().timestamp_millis()
            ])
        })
        .map_err(unavailable)?;
    }
    Ok(())
}

fn trust(sql: &Sql<'_>, site: &str, user: UserId) -> StoreResult<()> {
    sql.prepare(
        "INSERT INTO commenters (site, user_id, trusted) VALUES (?1, ?2, 1)
         ON CONFLICT (site, user_id) DO UPDATE SET trusted = 1",
    )
    .and_then(|mut s| s.execute(params![site, user.0.to_string()]))
    .map_err(unavailable)?;
    Ok(())
}

fn month_of(at: DateTime<Utc>) -> String {
    at.format("%Y-%m").to_string()
}

fn moderation_cursor(created: i64, id: &str) -> String {
    format!("{created}.{id}")
}

fn parse_moderation_cursor(cursor: &str) -> Option<(i64, String)> {
    let (created, id) = cursor.split_once('.')?;
    CommentId::parse(id).ok()?;
    Some((created.parse().ok()?, id.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file made by the first schema version keeps its data through every later one.
    #[test]
    fn migrations_carry_old_files_forward() {
        let mut conn = Connection::open_in_memory().unwrap();
        conn.execute_batch(MIGRATIONS[0]).unwrap();
        conn.pragma_update(None, "user_version", 1).unwrap();
        conn.execute_batch(
            "INSERT INTO drafts (site, post_id, user_id, base, title, body, tags, saved)
             VALUES ('https://blog.example', 'p', 'u', 3, 'Kept', 'Draft text.', 'a', 1)",
        )
        .unwrap();
        migrate(&mut conn).unwrap();
        let version: usize = conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .unwrap();
        assert_eq!(version, MIGRATIONS.len());
        let kept: (String, u32, String) = conn
            .query_row(
                "SELECT locale, base, title FROM user_drafts WHERE post_id = 'p' AND user_id = 'u'",
                [],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .unwrap();
        assert_eq!(kept, (String::new(), 3, "Kept".to_owned()));
        // Migrating again changes nothing.
        migrate(&mut conn).unwrap();
    }
}
