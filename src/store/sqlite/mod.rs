//! The embedded store: one SQLite file in WAL mode, a small pool of connections, and a
//! transaction wherever Cassandra needs a claim protocol. Reads run on the calling
//! thread; writes, one at a time, on the store's writer thread.
//!
//! One file per aggregate, each implementing its contract trait, over the rows several of
//! them share (`post_rows.rs`, `post_indexes.rs`, `comment_rows.rs`); this file holds the
//! pools and what every file shares (the imports, brought in by `use super::*`, and
//! [`SqliteStore::read`], [`SqliteStore::run`] and [`SqliteStore::transaction`], which
//! hand the work a [`Sql`] connection that counts its statements).

mod accounts;
mod avatars;
mod binaries;
mod blocks;
mod comment_rows;
mod comments;
mod deliveries;
mod factors;
mod failing;
mod federation;
mod follow_requests;
mod ids;
mod intents;
mod kept;
mod listings;
mod members;
mod moderation;
mod passkeys;
mod post_indexes;
mod post_rows;
mod posts;
mod repair;
mod revisions;
mod schema;
mod search;
mod sessions;
mod site;
mod sites;
mod social;
mod subscriptions;
mod suggestions;
mod translations;

use super::prelude::*;
use super::{
    AccountError, AccountLink, CommentError, CommentPage, DirectoryEntry, EditError, Fault, Faults,
    ID_POOL_SIZE, ListPage, LogEntries, MemberComments, ModerationError, ModerationPage,
    NewSession, OpenError, PageError, SetupError, ShortLink, Standing, Store, StoreError,
    StoreOptions, StoreResult, SuggestionError, Taken,
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
    Draft, Email, Locale, NewPost, NewUser, PageEntry, Post, PostEdit, PostId, PostKind,
    PostStatus, PostSummary, Profile, RevisionSummary, Role, SavedRevision, ScheduledPost, Site,
    Slug, Suggestion, SuggestionState, SuggestionSummary, Tag, Tags, Title, Translation, User,
    UserId, Username, millis_to_time,
};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use r2d2_sqlite::SqliteConnectionManager;
use rusqlite::{CachedStatement, Connection, OptionalExtension, TransactionBehavior, params};
use schema::migrate;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use uuid::Uuid;

/// Prepared statements kept per connection. Larger than the adapter's distinct
/// statements, so none is parsed twice (rusqlite keeps 16 by default, and the profile of
/// the home page showed SQL being parsed on every request).
const STATEMENT_CACHE: usize = 256;

/// What every connection to the file is given before its first statement: the
/// statements it keeps prepared, and plans that do not depend on the values bound. The
/// bundled SQLite (3.50) plans with the value bound to a `LIMIT ?`, and a statement whose
/// plan read a bound value is prepared again each time its values are bound: every list
/// page's statement was parsed and planned again on every request (15 % of the embedded
/// home page's time). Sibyl keeps no statistics (no `ANALYZE`) and binds no `LIKE`
/// pattern, the other things a bound value changes in a plan; `schema.rs` checks that
/// a list's plan is its index's and that it is prepared once.
fn tune(c: &rusqlite::Connection) -> rusqlite::Result<()> {
    c.set_prepared_statement_cache_capacity(STATEMENT_CACHE);
    c.set_db_config(
        rusqlite::config::DbConfig::SQLITE_DBCONFIG_ENABLE_QPSG,
        true,
    )?;
    Ok(())
}

/// The read-only connections a store opens (each keeps its own copies of lists: `kept.rs`).
pub const READING_CONNECTIONS: u32 = 4;

/// How much of the file a reading connection maps into memory. Mapped pages are read in
/// place from the operating system's page cache, with no system call and no copy per page,
/// which matters once the file outgrows SQLite's own cache of 2 MB a connection (the
/// moderation desk of a site of 100,000 comments reads 50 rows scattered over it). The
/// pages are the page cache's, shared and reclaimable; they count in the resident size
/// once touched.
const READ_MAP_BYTES: i64 = 1 << 30;

/// The one writing connection, the turn to use it, and the thread that uses it. Writers
/// wait for the turn as futures, so a burst of writes holds no thread until its turn comes
/// (waiting in the pool held one thread each: 32 signed-in readers made 76 threads and
/// 124 MiB).
#[derive(Clone)]
pub(super) struct Writer {
    pool: r2d2::Pool<SqliteConnectionManager>,
    turn: Arc<tokio::sync::Semaphore>,
    thread: std::sync::mpsc::Sender<WriteJob>,
}

/// One write, run on the writer's thread.
type WriteJob = Box<dyn FnOnce() + Send>;

/// Starts the thread every write runs on. It keeps the priority of the thread that opened
/// the store (a served instance's: the requests'), whoever asks for a write: a write a
/// background job asked for, which holds the one writer's turn, never runs at that job's
/// lower priority while requests wait for the turn. It ends once the store and every
/// handle of its binary store are dropped (a write still running when the process exits
/// is cut off; a transaction's is then rolled back by SQLite).
fn writer_thread() -> std::io::Result<std::sync::mpsc::Sender<WriteJob>> {
    let (jobs, queue) = std::sync::mpsc::channel::<WriteJob>();
    std::thread::Builder::new()
        .name("sibyl-sqlite-writer".into())
        .spawn(move || {
            for job in queue {
                // A write that panics fails alone (its caller is told); the thread goes on.
                let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job));
            }
        })?;
    Ok(jobs)
}

pub struct SqliteStore {
    writer: Writer,
    /// Read-only connections for the reads of readers' pages, used on the calling thread.
    readers: r2d2::Pool<kept::Readers>,
    /// How many times the store was told to forget its lists' copies (`kept.rs`).
    forgets: AtomicU64,
    statements: Arc<AtomicU64>,
    faults: Faults,
    binaries: Arc<binaries::SqliteBinaries>,
}

/// A connection that counts the statements prepared through it: every query of this
/// adapter goes through [`Sql::prepare`].
pub(super) struct Sql<'c> {
    conn: &'c Connection,
    statements: &'c AtomicU64,
}

impl<'c> Sql<'c> {
    fn prepare(&self, sql: &str) -> rusqlite::Result<CachedStatement<'c>> {
        self.statements.fetch_add(1, Ordering::Relaxed);
        crate::infra::metrics::metrics().statement("sqlite", sql);
        self.conn.prepare_cached(sql)
    }
}

fn unavailable(e: rusqlite::Error) -> StoreError {
    let kind = match e.sqlite_error_code() {
        Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked) => "busy",
        Some(rusqlite::ErrorCode::DiskFull) => "disk_full",
        Some(rusqlite::ErrorCode::ConstraintViolation) => "constraint",
        Some(_) => "refused",
        None => "other",
    };
    crate::infra::metrics::metrics().store_error("sqlite", kind);
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

/// A list of values as one JSON parameter, read by `json_each`: one statement whatever
/// the list's length.
#[expect(clippy::expect_used, reason = "strings always serialize to JSON")]
fn json_list<T: std::fmt::Display>(items: impl Iterator<Item = T>) -> String {
    serde_json::to_string(&items.map(|item| item.to_string()).collect::<Vec<_>>())
        .expect("strings serialize")
}

/// Per-post counts: `query` selects a post id and a count per row, with `values` bound.
fn post_counts<'v>(
    sql: &Sql<'_>,
    query: &str,
    values: impl IntoIterator<Item = &'v str>,
) -> StoreResult<Vec<(PostId, u64)>> {
    let mut stmt = sql.prepare(query).map_err(unavailable)?;
    let rows: Vec<(String, u64)> = stmt
        .query_map(rusqlite::params_from_iter(values), |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .and_then(Iterator::collect)
        .map_err(unavailable)?;
    rows.into_iter()
        .map(|(id, n)| Ok((PostId(uuid(&id)?), n)))
        .collect()
}

fn exists(sql: &Sql<'_>, query: &str, value: &str) -> StoreResult<bool> {
    sql.prepare(query)
        .and_then(|mut s| s.exists([value]))
        .map_err(unavailable)
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
        // WAL is a property of the file: set it once, on one connection, before the pool
        // opens several at once (connections switching the mode together can find the
        // file locked, and the busy handler does not cover that).
        rusqlite::Connection::open(path)
            .and_then(|c| {
                c.busy_timeout(std::time::Duration::from_secs(5))?;
                c.query_row("PRAGMA journal_mode = WAL", [], |_| Ok(()))
            })
            .map_err(|e| OpenError(format!("cannot open SQLite file {}: {e}", path.display())))?;
        let manager = SqliteConnectionManager::file(path).with_init(|c| {
            c.busy_timeout(std::time::Duration::from_secs(5))?;
            tune(c)?;
            c.execute_batch("PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;")
        });
        // One writing connection: SQLite takes one writer at a time anyway, and several
        // connections waiting on its busy handler are woken in no order, so under a
        // burst of writes one of them could wait past its timeout and fail with
        // "database is locked" (the scale benchmark's 64 concurrent sign-ups, posts and
        // comments did). The pool queues writers instead; reads use `readers`.
        // One thread opens and closes both pools' connections: they are few and long
        // lived, and every idle thread holds memory of its own.
        let upkeep = Arc::new(
            scheduled_thread_pool::ScheduledThreadPool::builder()
                .num_threads(1)
                .thread_name_pattern("sibyl-sqlite-upkeep")
                .build(),
        );
        let pool = r2d2::Pool::builder()
            .max_size(1)
            .thread_pool(Arc::clone(&upkeep))
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
        // A connection to a local file does not go stale while idle: it is not tested
        // (an empty statement) each time a request takes it.
        let readers = r2d2::Pool::builder()
            .max_size(READING_CONNECTIONS)
            .test_on_check_out(false)
            .thread_pool(upkeep)
            .connection_timeout(std::time::Duration::from_secs(2))
            .build(kept::Readers(
                SqliteConnectionManager::file(path)
                    .with_flags(
                        rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY
                            | rusqlite::OpenFlags::SQLITE_OPEN_NO_MUTEX,
                    )
                    .with_init(|c| {
                        tune(c)?;
                        c.pragma_update_and_check(None, "mmap_size", READ_MAP_BYTES, |_| Ok(()))?;
                        c.busy_timeout(std::time::Duration::from_secs(5))
                    }),
            ))
            .map_err(|e| OpenError(format!("cannot open SQLite file {}: {e}", path.display())))?;
        let statements = Arc::new(AtomicU64::new(0));
        let writer = Writer {
            pool,
            turn: Arc::new(tokio::sync::Semaphore::new(1)),
            thread: writer_thread()
                .map_err(|e| OpenError(format!("cannot start the SQLite store's writer: {e}")))?,
        };
        Ok(Self {
            binaries: Arc::new(binaries::SqliteBinaries::new(
                writer.clone(),
                Arc::clone(&statements),
            )),
            writer,
            readers,
            forgets: AtomicU64::new(0),
            statements,
            faults,
        })
    }

    /// Runs a read on the calling thread, with a connection of the read-only pool. In WAL
    /// mode a reader never waits for a writer, and these reads take microseconds: far less
    /// than handing them to a blocking thread and back, which profiling showed to be most
    /// of a page's cost. Writes, which may wait for the lock, go through [`Self::run`].
    pub(super) async fn read<T, E>(
        &self,
        work: impl FnOnce(&Sql<'_>) -> Result<T, E>,
    ) -> Result<T, E>
    where
        E: From<StoreError>,
    {
        let reader = self.reader()?;
        work(&self.sql(&reader.conn))
    }

    /// A connection of the read-only pool.
    fn reader(&self) -> StoreResult<r2d2::PooledConnection<kept::Readers>> {
        self.readers
            .get()
            .map_err(|e| StoreError::Unavailable(e.to_string()))
    }

    /// `conn`, counting its statements in the store's count.
    fn sql<'c>(&'c self, conn: &'c Connection) -> Sql<'c> {
        Sql {
            conn,
            statements: &self.statements,
        }
    }

    /// Runs `work` on the writing connection, on the writer's thread.
    pub(super) async fn run<T, E>(
        &self,
        work: impl FnOnce(&Sql<'_>) -> Result<T, E> + Send + 'static,
    ) -> Result<T, E>
    where
        T: Send + 'static,
        E: From<StoreError> + Send + 'static,
    {
        run_blocking(&self.writer, &self.statements, |conn, statements| {
            work(&Sql { conn, statements })
        })
        .await
    }

    /// Runs `work` in a transaction that takes the write lock at its start (so that two
    /// writers never deadlock upgrading a read lock), committed when `work` succeeds and
    /// rolled back when it fails.
    pub(super) async fn transaction<T, E>(
        &self,
        work: impl FnOnce(&Sql<'_>) -> Result<T, E> + Send + 'static,
    ) -> Result<T, E>
    where
        T: Send + 'static,
        E: From<StoreError> + Send + 'static,
    {
        run_blocking(&self.writer, &self.statements, |conn, statements| {
            let tx = conn
                .transaction_with_behavior(TransactionBehavior::Immediate)
                .map_err(unavailable)?;
            let done = work(&Sql {
                conn: &tx,
                statements,
            })?;
            tx.commit().map_err(unavailable)?;
            Ok(done)
        })
        .await
    }
}

/// Runs `work` on the writing connection on the writer's thread once it is this write's
/// turn, counting its statements in `statements`.
async fn run_blocking<T, E>(
    writer: &Writer,
    statements: &Arc<AtomicU64>,
    work: impl FnOnce(&mut Connection, &AtomicU64) -> Result<T, E> + Send + 'static,
) -> Result<T, E>
where
    T: Send + 'static,
    E: From<StoreError> + Send + 'static,
{
    let turn = Arc::clone(&writer.turn)
        .acquire_owned()
        .await
        .map_err(|e| StoreError::Unavailable(e.to_string()))?;
    let pool = writer.pool.clone();
    let statements = Arc::clone(statements);
    let (done, answer) = tokio::sync::oneshot::channel();
    writer
        .thread
        .send(Box::new(move || {
            let _turn = turn;
            let result = match pool.get() {
                Ok(mut conn) => work(&mut conn, &statements),
                Err(e) => Err(StoreError::Unavailable(e.to_string()).into()),
            };
            let _ = done.send(result);
        }))
        .map_err(|_| StoreError::Unavailable("the store's writer has stopped".into()))?;
    answer
        .await
        .map_err(|_| StoreError::Unavailable("a write panicked on the store's writer".into()))?
}

impl Store for SqliteStore {
    fn statements(&self) -> u64 {
        self.statements.load(Ordering::Relaxed)
    }

    fn binaries(&self) -> Arc<dyn crate::store::binaries::BinaryStore> {
        self.binaries.clone()
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;
    use crate::infra::background::{NICE, handle, this_threads_nice};

    #[tokio::test]
    async fn a_write_a_background_job_asks_for_runs_at_the_priority_of_the_requests() {
        let here = this_threads_nice().unwrap();
        let dir = tempfile::tempdir().unwrap();
        let store = Arc::new(
            SqliteStore::open(&dir.path().join("sibyl.db"), StoreOptions::default())
                .await
                .unwrap(),
        );
        let asking = Arc::clone(&store);
        let (asker, writer) = handle()
            .unwrap()
            .spawn(async move {
                let asker = this_threads_nice().unwrap();
                let writer = asking
                    .run(|_| {
                        this_threads_nice().map_err(|e| StoreError::Unavailable(e.to_string()))
                    })
                    .await
                    .unwrap();
                (asker, writer)
            })
            .await
            .unwrap();
        assert_eq!((asker, writer), (NICE.max(here), here));
    }
}
