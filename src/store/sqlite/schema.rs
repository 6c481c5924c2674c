//! The schema: numbered migrations, each a file applied once in order;
//! `PRAGMA user_version` records the last one done.

use super::*;

/// The schema's versions in order: version N is the file `migrations/NNNN_*.sql`. A
/// released file is never edited; a change to the schema is a new file.
const MIGRATIONS: &[(u32, &str)] = &[
    (
        1,
        include_str!("migrations/0001_accounts_posts_revisions.sql"),
    ),
    (
        2,
        include_str!("migrations/0002_translations_and_drafts.sql"),
    ),
    (3, include_str!("migrations/0003_comments.sql")),
    (4, include_str!("migrations/0004_binaries.sql")),
    (
        5,
        include_str!("migrations/0005_binary_leases_and_files.sql"),
    ),
    (6, include_str!("migrations/0006_users_by_signup.sql")),
    (7, include_str!("migrations/0007_binary_ref_links.sql")),
    (8, include_str!("migrations/0008_intents.sql")),
    (9, include_str!("migrations/0009_fetched_without_url.sql")),
    (10, include_str!("migrations/0010_comment_tallies.sql")),
    (11, include_str!("migrations/0011_post_tags_by_post.sql")),
    (12, include_str!("migrations/0012_tag_counts.sql")),
    (13, include_str!("migrations/0013_site_identity.sql")),
    (14, include_str!("migrations/0014_search.sql")),
    (15, include_str!("migrations/0015_pages.sql")),
    (16, include_str!("migrations/0016_drafts.sql")),
    (17, include_str!("migrations/0017_first_published.sql")),
    (18, include_str!("migrations/0018_scheduled.sql")),
    (19, include_str!("migrations/0019_password_resets.sql")),
    (20, include_str!("migrations/0020_email_confirmations.sql")),
    (21, include_str!("migrations/0021_deleted_accounts.sql")),
    (22, include_str!("migrations/0022_subscribers.sql")),
    (23, include_str!("migrations/0023_site_secrets.sql")),
    (24, include_str!("migrations/0024_social.sql")),
    (25, include_str!("migrations/0025_user_image.sql")),
    (
        26,
        include_str!("migrations/0026_favoriters_by_account.sql"),
    ),
    (27, include_str!("migrations/0027_moderation_copies.sql")),
    (28, include_str!("migrations/0028_own_images_only.sql")),
    (29, include_str!("migrations/0029_intent_attempts.sql")),
    (30, include_str!("migrations/0030_sites.sql")),
    (31, include_str!("migrations/0031_site_members.sql")),
    (32, include_str!("migrations/0032_site_deletion.sql")),
    (33, include_str!("migrations/0033_site_admins.sql")),
    (34, include_str!("migrations/0034_job_holders.sql")),
    (35, include_str!("migrations/0035_fediverse.sql")),
    (36, include_str!("migrations/0036_fediverse_comments.sql")),
    (37, include_str!("migrations/0037_fediverse_off.sql")),
    (38, include_str!("migrations/0038_fediverse_blocks.sql")),
    (39, include_str!("migrations/0039_comment_sources.sql")),
    (40, include_str!("migrations/0040_follow_requests.sql")),
    (41, include_str!("migrations/0041_delivery_failed.sql")),
    (42, include_str!("migrations/0042_avatars.sql")),
    (43, include_str!("migrations/0043_fediverse_pages.sql")),
    (44, include_str!("migrations/0044_session_details.sql")),
    (45, include_str!("migrations/0045_second_factors.sql")),
    (46, include_str!("migrations/0046_second_factor_policy.sql")),
    (47, include_str!("migrations/0047_passkeys.sql")),
    (48, include_str!("migrations/0048_page_changes.sql")),
    (49, include_str!("migrations/0049_user_language.sql")),
    (50, include_str!("migrations/0050_tag_order.sql")),
];

/// The version that keeps each tag's sort key beside its count.
const TAG_KEYS_VERSION: u32 = 50;

/// The version that makes the search index.
const SEARCH_VERSION: u32 = 14;

/// Applies, in one transaction, every version after the one the file records.
pub(super) fn migrate(conn: &mut Connection) -> rusqlite::Result<()> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let done: u32 = tx.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    for (version, sql) in MIGRATIONS.iter().filter(|(v, _)| *v > done) {
        tx.execute_batch(sql)?;
        tx.pragma_update(None, "user_version", version)?;
    }
    if done > 0 && done < SEARCH_VERSION {
        // The words are Sibyl's own analysis, so the posts a file had before search are
        // indexed here: once every version is applied (the code reads the posts as the
        // last version has them), in the same transaction.
        let counter = std::sync::atomic::AtomicU64::new(0);
        let sql = super::Sql {
            conn: &tx,
            statements: &counter,
        };
        super::post_indexes::index_every_post(&sql).map_err(|e| {
            rusqlite::Error::ToSqlConversionFailure(
                format!("indexing posts for search: {e}").into(),
            )
        })?;
    }
    if done < TAG_KEYS_VERSION {
        key_tags(&tx)?;
    }
    tx.commit()
}

/// Writes every counted tag's sort key (rows made before the keys were kept have none).
fn key_tags(conn: &Connection) -> rusqlite::Result<()> {
    let rows: Vec<(String, String)> = conn
        .prepare("SELECT site, tag FROM tag_counts")?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<rusqlite::Result<_>>()?;
    let mut put =
        conn.prepare("UPDATE tag_counts SET sort_key = ?3 WHERE site = ?1 AND tag = ?2")?;
    for (site, tag) in rows {
        put.execute(params![site, tag, crate::domain::tag_order_key(&tag)])?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file made by the first schema version keeps its data through every later one.
    #[test]
    fn migrations_carry_old_files_forward() {
        let mut conn = Connection::open_in_memory().unwrap();
        conn.execute_batch(MIGRATIONS[0].1).unwrap();
        conn.pragma_update(None, "user_version", 1).unwrap();
        conn.execute_batch(
            "INSERT INTO drafts (site, post_id, user_id, base, title, body, tags, saved)
             VALUES ('https://blog.example', 'p', 'u', 3, 'Kept', 'Draft text.', 'a', 1)",
        )
        .unwrap();
        migrate(&mut conn).unwrap();
        let version: u32 = conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .unwrap();
        assert_eq!(version, MIGRATIONS.len() as u32);
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

    /// Migration 10 counts the comments a file already has, and its triggers keep the
    /// counts as comments are added, moved between states and removed.
    #[test]
    fn comment_counts_start_from_the_rows_and_follow_every_write() {
        let mut conn = Connection::open_in_memory().unwrap();
        for (version, sql) in &MIGRATIONS[..9] {
            conn.execute_batch(sql).unwrap();
            conn.pragma_update(None, "user_version", version).unwrap();
        }
        // Comments without their posts: only the counts are looked at here.
        conn.pragma_update(None, "foreign_keys", false).unwrap();
        let add = |conn: &Connection, post: &str, id: &str, state: &str| {
            conn.execute(
                "INSERT INTO comments (site, post_id, id, created, thread, sort_key, author_name,
                 author_email, body, body_html, state, reason, post_slug, post_title)
                 VALUES ('s', ?1, ?2, 0, ?2, ?2, 'a', '', 'b', '<p>b</p>', ?3, '', 'p', 'P')",
                (post, id, state),
            )
            .unwrap();
        };
        add(&conn, "p", "1", "approved");
        add(&conn, "p", "2", "approved");
        add(&conn, "p", "3", "pending");
        add(&conn, "q", "4", "approved");
        migrate(&mut conn).unwrap();
        let count = |conn: &Connection, post: &str, state: &str| -> i64 {
            conn.query_row(
                "SELECT COALESCE(SUM(n), 0) FROM comment_tallies WHERE site = 's' AND post_id = ?1 AND state = ?2",
                (post, state),
                |r| r.get(0),
            )
            .unwrap()
        };
        let site = |conn: &Connection, state: &str| -> i64 {
            conn.query_row(
                "SELECT COALESCE(SUM(n), 0) FROM comment_state_tallies WHERE site = 's' AND state = ?1",
                (state,),
                |r| r.get(0),
            )
            .unwrap()
        };
        assert_eq!(
            (count(&conn, "p", "approved"), count(&conn, "p", "pending")),
            (2, 1)
        );
        assert_eq!((site(&conn, "approved"), site(&conn, "pending")), (3, 1));
        conn.execute("UPDATE comments SET state = 'approved' WHERE id = '3'", [])
            .unwrap();
        conn.execute("UPDATE comments SET body = 'c' WHERE id = '1'", [])
            .unwrap();
        add(&conn, "q", "5", "spam");
        conn.execute("DELETE FROM comments WHERE id = '4'", [])
            .unwrap();
        assert_eq!(
            (count(&conn, "p", "approved"), count(&conn, "p", "pending")),
            (3, 0)
        );
        assert_eq!(
            (count(&conn, "q", "approved"), count(&conn, "q", "spam")),
            (0, 1)
        );
        assert_eq!(
            (
                site(&conn, "approved"),
                site(&conn, "pending"),
                site(&conn, "spam")
            ),
            (3, 0, 1)
        );
    }

    /// Every file in `migrations/` is a version, numbered 1, 2, 3... in the order listed.
    /// Migration 27 copies each listed comment into its moderation list, and its trigger
    /// keeps the copy in step with the comment's row.
    #[test]
    fn moderation_lists_copy_their_comments() {
        let mut conn = Connection::open_in_memory().unwrap();
        for (version, sql) in &MIGRATIONS[..26] {
            conn.execute_batch(sql).unwrap();
            conn.pragma_update(None, "user_version", version).unwrap();
        }
        conn.pragma_update(None, "foreign_keys", false).unwrap();
        conn.execute(
            "INSERT INTO comments (site, post_id, id, created, thread, sort_key, author_name,
             author_email, body, body_html, state, reason, post_slug, post_title)
             VALUES ('s', 'p', '1', 0, '1', '1', 'Ada', 'ada@example.com', 'b', '<p>b</p>',
                     'pending', '', 'p', 'P')",
            [],
        )
        .unwrap();
        conn.execute(
            "INSERT INTO moderation_queue (site, state, id, post_id, created)
             VALUES ('s', 'pending', '1', 'p', 0)",
            [],
        )
        .unwrap();
        migrate(&mut conn).unwrap();
        let copy = |conn: &Connection| -> (String, String, String, Option<i64>) {
            conn.query_row(
                "SELECT author_name, body, body_html, edited FROM moderation_queue WHERE id = '1'",
                [],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
            )
            .unwrap()
        };
        assert_eq!(
            copy(&conn),
            ("Ada".into(), "b".into(), "<p>b</p>".into(), None)
        );
        conn.execute(
            "UPDATE comments SET body = 'c', body_html = '<p>c</p>', edited = 5 WHERE id = '1'",
            [],
        )
        .unwrap();
        conn.execute(
            "UPDATE comments SET author_name = 'deleted user' WHERE id = '1'",
            [],
        )
        .unwrap();
        assert_eq!(
            copy(&conn),
            (
                "deleted user".into(),
                "c".into(),
                "<p>c</p>".into(),
                Some(5)
            )
        );
    }

    #[test]
    fn migrations_are_numbered_files_in_order() {
        let dir =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/store/sqlite/migrations");
        let mut files: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        files.sort();
        assert_eq!(files.len(), MIGRATIONS.len());
        for (i, (file, (version, sql))) in files.iter().zip(MIGRATIONS).enumerate() {
            assert_eq!(*version as usize, i + 1);
            assert!(file.starts_with(&format!("{version:04}_")), "{file}");
            assert!(file.ends_with(".sql"), "{file}");
            let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("src/store/sqlite/migrations");
            assert_eq!(std::fs::read_to_string(dir.join(file)).unwrap(), *sql);
        }
    }

    /// The plan SQLite makes for a statement, one line per step.
    fn plan(conn: &Connection, sql: &str) -> Vec<String> {
        let mut stmt = conn.prepare(&format!("EXPLAIN QUERY PLAN {sql}")).unwrap();
        stmt.query_map(
            rusqlite::params_from_iter(std::iter::repeat_n("x", stmt.parameter_count())),
            |r| r.get::<_, String>(3),
        )
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
    }

    /// A list's statement is planned once, whatever its `LIMIT ?` is bound to, on a
    /// connection as the store opens them (`tune`), and still reads the list's index;
    /// without it, SQLite prepares the statement again every time its values are bound.
    #[test]
    fn a_list_is_prepared_once_and_read_through_its_index() {
        const HOME: &str = "SELECT p.id FROM posts p WHERE site = ?1 AND published IS NOT NULL \
             AND kind = 'post' ORDER BY published DESC, id DESC LIMIT ?2";
        let runs = |conn: &Connection| {
            let mut stmt = conn.prepare_cached(HOME).unwrap();
            for limit in [21, 21, 6] {
                let ids = stmt
                    .query_map(rusqlite::params!["https://blog.example", limit], |r| {
                        r.get::<_, String>(0)
                    })
                    .unwrap()
                    .collect::<Result<Vec<_>, _>>()
                    .unwrap();
                assert!(ids.is_empty());
            }
            stmt.get_status(rusqlite::StatementStatus::RePrepare)
        };
        let mut tuned = Connection::open_in_memory().unwrap();
        super::super::tune(&tuned).unwrap();
        migrate(&mut tuned).unwrap();
        assert_eq!(runs(&tuned), 0, "prepared again");
        let steps = plan(&tuned, HOME);
        assert!(
            steps
                .iter()
                .any(|s| s.starts_with("SEARCH p USING") && s.contains("INDEX posts_front_page")),
            "{steps:?}"
        );
        let mut plain = Connection::open_in_memory().unwrap();
        migrate(&mut plain).unwrap();
        assert!(runs(&plain) > 0, "SQLite no longer plans by a bound LIMIT");
    }

    /// The statements that every post or comment write runs reach their rows through an
    /// index on the post, not through the site's whole list: writes cost the same on a
    /// site of 100,000 posts as on a new one.
    #[test]
    fn writes_find_a_posts_rows_by_the_post() {
        let mut conn = Connection::open_in_memory().unwrap();
        migrate(&mut conn).unwrap();
        for (sql, index) in [
            (
                super::super::post_indexes::UNLIST_POST,
                "post_tags_by_post (site=? AND post_id=?)",
            ),
            (
                super::super::comments::COMMENTS_OF_POST,
                "sqlite_autoindex_comment_tallies_1 (site=? AND post_id=?)",
            ),
        ] {
            let steps = plan(&conn, sql);
            assert!(
                steps.iter().any(|s| s.ends_with(index))
                    && !steps.iter().any(|s| s.starts_with("SCAN")),
                "{sql}: {steps:?}"
            );
        }
    }
}
