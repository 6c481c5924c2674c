//! What the embedded store keeps of its lists between reads (the front page's rows, the
//! approved comment counts lists show: [`ListMemo`]), and how a copy is known to be
//! current without reading its rows again.
//!
//! SQLite counts, for each connection, the changes other connections committed to the
//! file: `PRAGMA data_version` moves after any commit by this process's writer or by
//! another process (a `sibyl` command run beside the server). So each reading connection
//! keeps copies of its own, read through it, with the count it saw before reading them.
//! Every use of the connection looks at the count first: when it moved (or the store was
//! told to forget its copies), the connection's copies go. A connection serves one
//! request at a time, and a copy was read after a look that saw the count it still has:
//! no commit came between the copy's read and its use. Copies also expire after
//! `LIST_TTL`, as on Cassandra.
//!
//! The look reads a counter in the connection's pager, no row: it is not counted among
//! the store's statements, so that a page served from kept copies reads nothing, as on
//! Cassandra.

use super::{Sql, SqliteStore, unavailable};
use crate::store::list_memo::{ListMemo, ReadStart};
use crate::store::{StoreError, StoreResult};
use r2d2_sqlite::SqliteConnectionManager;
use rusqlite::Connection;
use std::cell::Cell;
use std::sync::atomic::Ordering;

/// A read-only connection, its copies of lists, and the count of the file's changes (with
/// the store's count of forgets) it saw when it last looked.
pub(super) struct Reader {
    pub(super) conn: Connection,
    lists: ListMemo,
    seen: Cell<Option<(i64, u64)>>,
}

/// Opens the reading connections (as `SqliteConnectionManager` does), each with no copies.
pub(super) struct Readers(pub(super) SqliteConnectionManager);

impl r2d2::ManageConnection for Readers {
    type Connection = Reader;
    type Error = rusqlite::Error;

    fn connect(&self) -> Result<Reader, rusqlite::Error> {
        Ok(Reader {
            conn: self.0.connect()?,
            lists: ListMemo::default(),
            seen: Cell::new(None),
        })
    }

    fn is_valid(&self, reader: &mut Reader) -> Result<(), rusqlite::Error> {
        self.0.is_valid(&mut reader.conn)
    }

    fn has_broken(&self, reader: &mut Reader) -> bool {
        self.0.has_broken(&mut reader.conn)
    }
}

impl SqliteStore {
    /// The copy `kept` finds among the serving connection's, if the file has not changed
    /// since it was read; else what `read` reads, handed to `keep` with the moment its
    /// read began.
    pub(super) fn kept_or_read<T, E>(
        &self,
        kept: impl FnOnce(&ListMemo) -> Option<T>,
        read: impl FnOnce(&Sql<'_>) -> Result<T, E>,
        keep: impl FnOnce(&ListMemo, ReadStart, &T),
    ) -> Result<T, E>
    where
        E: From<StoreError>,
    {
        let reader = self.reader()?;
        let now = (
            data_version(&reader.conn)?,
            self.forgets.load(Ordering::Acquire),
        );
        if reader.seen.get() != Some(now) {
            reader.seen.set(Some(now));
            drop(reader.lists.changing());
        }
        if let Some(value) = kept(&reader.lists) {
            return Ok(value);
        }
        let start = reader.lists.start();
        let value = read(&self.sql(&reader.conn))?;
        keep(&reader.lists, start, &value);
        Ok(value)
    }

    /// Drops every connection's copies (before its next use).
    pub(super) fn forget_copies(&self) {
        self.forgets.fetch_add(1, Ordering::AcqRel);
    }
}

/// The connection's count of changes committed by other connections.
fn data_version(conn: &Connection) -> StoreResult<i64> {
    conn.prepare_cached("PRAGMA data_version")
        .and_then(|mut s| s.query_row([], |r| r.get(0)))
        .map_err(unavailable)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{PostId, Site};
    use crate::store::{Comments, Store, StoreOptions};

    const SITE: &str = "https://blog.example";

    /// A copy is used again without a statement while the file is unchanged, and never
    /// after a commit by another connection (here one opened apart, as another process
    /// would), nor after the store was told to forget.
    #[tokio::test]
    async fn a_copy_is_used_until_anything_commits_to_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sibyl.db");
        let store = SqliteStore::open(&path, StoreOptions::default())
            .await
            .unwrap();
        let site = Site::parse(SITE).unwrap();
        let other = Connection::open(&path).unwrap();
        let post = PostId(uuid::Uuid::new_v4());
        let set = |n: u64| {
            other
                .execute(
                    "INSERT INTO comment_tallies (site, post_id, state, n) \
                     VALUES (?1, ?2, 'approved', ?3) \
                     ON CONFLICT (site, post_id, state) DO UPDATE SET n = excluded.n",
                    rusqlite::params![SITE, post.0.to_string(), n],
                )
                .unwrap()
        };
        let count = || async {
            let counts = store.approved_comment_counts(&site, &[post]).await.unwrap();
            counts.iter().map(|(_, n)| n).sum::<u64>()
        };
        set(1);
        assert_eq!(count().await, 1);
        let before = store.statements();
        for _ in 0..3 {
            assert_eq!(count().await, 1);
        }
        assert_eq!(store.statements() - before, 0, "kept");
        set(2);
        assert_eq!(count().await, 2, "committed elsewhere: read again");
        assert_eq!(count().await, 2);
        let before = store.statements();
        store.forget_copies();
        assert_eq!(count().await, 2);
        assert_eq!(store.statements() - before, 1, "forgotten: read again");
    }
}
