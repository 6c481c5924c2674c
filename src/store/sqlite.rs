//! The embedded store: one SQLite file in WAL mode, a small pool of connections, and a
//! transaction wherever Cassandra needs a claim protocol. Blocking calls run on tokio's
//! blocking threads.

use super::{NewSession, OpenError, SetupError, Store, StoreError, StoreResult, Taken};
use crate::domain::password::PasswordHash;
use crate::domain::post::Body;
use crate::domain::user::Login;
use crate::domain::{
    Email, NewPost, NewUser, Post, PostId, PostStatus, PostSummary, Role, Site, Slug, Tags, Title,
    User, UserId, Username, millis_to_time,
};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use r2d2_sqlite::SqliteConnectionManager;
use rusqlite::{CachedStatement, Connection, OptionalExtension, TransactionBehavior, params};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use uuid::Uuid;

/// Schema versions, applied in order; `PRAGMA user_version` records the last one done.
const MIGRATIONS: &[&str] = &[r#"
CREATE TABLE users (
    id            TEXT PRIMARY KEY,
    username      TEXT NOT NULL,
    username_key  TEXT NOT NULL UNIQUE,
    email         TEXT NOT NULL,
    email_key     TEXT NOT NULL UNIQUE,
    display_name  TEXT NOT NULL,
    role          TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    created       INTEGER NOT NULL
);
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
    PRIMARY KEY (site, id),
    UNIQUE (site, slug)
);
CREATE INDEX posts_front_page ON posts (site, published DESC, id DESC) WHERE published IS NOT NULL;
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
    created   INTEGER NOT NULL,
    message   TEXT NOT NULL,
    PRIMARY KEY (site, post_id, locale, branch, revision),
    FOREIGN KEY (site, post_id) REFERENCES posts(site, id)
);
"#];

const POST_COLUMNS: &str = "id, slug, title, body, body_html, excerpt, tags, author_id, author_name, status, created, published, revision";
const USER_COLUMNS: &str = "id, username, email, display_name, role, password_hash, created";

pub struct SqliteStore {
    pool: r2d2::Pool<SqliteConnectionManager>,
    statements: Arc<AtomicU64>,
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
    pub async fn open(path: &Path) -> Result<Self, OpenError> {
        let path = path.to_owned();
        tokio::task::spawn_blocking(move || Self::open_blocking(&path))
            .await
            .map_err(|e| OpenError(format!("opening SQLite store: {e}")))?
    }

    fn open_blocking(path: &Path) -> Result<Self, OpenError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .map_err(|e| OpenError(format!("cannot create {}: {e}", dir.display())))?;
        }
        let manager = SqliteConnectionManager::file(path).with_init(|c| {
            c.busy_timeout(std::time::Duration::from_secs(5))?;
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
        Ok(Self {
            pool,
            statements: Arc::new(AtomicU64::new(0)),
        })
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

struct UserRow {
    id: String,
    username: String,
    email: String,
    display_name: String,
    role: String,
    password_hash: String,
    created: i64,
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
        })
    }
}

fn post_by_id(sql: &Sql<'_>, site: &str, id: &str) -> StoreResult<Option<Post>> {
    let row = sql
        .prepare(&format!(
            "SELECT {POST_COLUMNS} FROM posts WHERE site = ?1 AND id = ?2"
        ))
        .and_then(|mut s| s.query_row(params![site, id], PostRow::read).optional())
        .map_err(unavailable)?;
    row.map(PostRow::into_post).transpose()
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
        self.run(move |conn, statements| {
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
        self.run(move |conn, statements| {
            let tx = conn
                .transaction_with_behavior(TransactionBehavior::Immediate)
                .map_err(unavailable)?;
            let sql = Sql { conn: &tx, statements };
            let exists = |q: &str, v: &str| -> StoreResult<bool> {
                sql.prepare(q)
                    .and_then(|mut s| s.exists([v]))
                    .map_err(unavailable)
            };
            if exists("SELECT 1 FROM site_admins WHERE site = ?1", &site)? {
                return Err(SetupError::AlreadySetUp);
            }
            if exists("SELECT 1 FROM users WHERE username_key = ?1", &admin.username.key())? {
                return Err(SetupError::Taken(Taken::Username));
            }
            if exists("SELECT 1 FROM users WHERE email_key = ?1", &admin.email.key())? {
                return Err(SetupError::Taken(Taken::Email));
            }
            let id = admin.id.0.to_string();
            sql.prepare(
                "INSERT INTO users (id, username, username_key, email, email_key, display_name, role, password_hash, created)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            )
            .and_then(|mut s| {
                s.execute(params![
                    id,
                    admin.username.as_str(),
                    admin.username.key(),
                    admin.email.as_str(),
                    admin.email.key(),
                    admin.display_name,
                    admin.role.as_str(),
                    admin.password_hash.as_str(),
                    admin.created.timestamp_millis(),
                ])
            })
            .map_err(unavailable)?;
            sql.prepare("INSERT INTO site_admins (site, user_id) VALUES (?1, ?2)")
                .and_then(|mut s| s.execute(params![site, id]))
                .map_err(unavailable)?;
            tx.commit().map_err(unavailable)?;
            Ok(admin.into_user())
        })
        .await
    }

    async fn user(&self, id: UserId) -> StoreResult<Option<User>> {
        self.run(move |conn, statements| {
            user_where(&Sql { conn, statements }, "id", &id.0.to_string())
        })
        .await
    }

    async fn user_by_login(&self, login: &Login) -> StoreResult<Option<User>> {
        let (column, key) = match login {
            Login::Username(key) => ("username_key", key.clone()),
            Login::Email(key) => ("email_key", key.clone()),
        };
        self.run(move |conn, statements| user_where(&Sql { conn, statements }, column, &key))
            .await
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
        self.run(move |conn, statements| {
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
            let id = post.id.0.to_string();
            let tags = join_tags(&post.tags);
            let created = post.created.timestamp_millis();
            let published = post.publish.then_some(post.created);
            let status = if post.publish { PostStatus::Published } else { PostStatus::Draft };
            sql.prepare(&format!(
                "INSERT INTO posts ({POST_COLUMNS}, site) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, 1, ?13)"
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
                ])
            })
            .map_err(unavailable)?;
            sql.prepare(
                "INSERT INTO revisions (site, post_id, locale, branch, revision, title, body, body_html, tags, author_id, created, message)
                 VALUES (?1, ?2, '', 1, 1, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            )
            .and_then(|mut s| {
                s.execute(params![
                    site,
                    id,
                    post.title.as_str(),
                    post.body.as_str(),
                    post.body_html,
                    tags,
                    post.author_id.0.to_string(),
                    created,
                    "First version",
                ])
            })
            .map_err(unavailable)?;
            tx.commit().map_err(unavailable)?;
            Ok(Post {
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
            })
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
            tx.commit().map_err(unavailable)?;
            Ok(post)
        })
        .await
    }

    async fn post_by_slug(&self, site: &Site, slug: &Slug) -> StoreResult<Option<Post>> {
        let (site, slug) = (site.to_string(), slug.as_str().to_owned());
        self.run(move |conn, statements| {
            let row = Sql { conn, statements }
                .prepare(&format!(
                    "SELECT {POST_COLUMNS} FROM posts WHERE site = ?1 AND slug = ?2"
                ))
                .and_then(|mut s| s.query_row(params![site, slug], PostRow::read).optional())
                .map_err(unavailable)?;
            row.map(PostRow::into_post).transpose()
        })
        .await
    }

    async fn front_page(&self, site: &Site, limit: usize) -> StoreResult<Vec<PostSummary>> {
        let site = site.to_string();
        let limit = limit.min(super::FRONT_PAGE_CAP) as i64;
        self.run(move |conn, statements| {
            let sql = Sql { conn, statements };
            let mut stmt = sql
                .prepare(
                    "SELECT id, slug, title, excerpt, author_name, tags, published FROM posts
                     WHERE site = ?1 AND published IS NOT NULL
                     ORDER BY published DESC, id DESC LIMIT ?2",
                )
                .map_err(unavailable)?;
            let rows = stmt
                .query_map(params![site, limit], |r| {
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
                let (id, slug, title, excerpt, author_name, tags, published) =
                    row.map_err(unavailable)?;
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
        })
        .await
    }
}
