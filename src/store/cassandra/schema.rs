//! The schema, and `sibyl migrate`.

use super::accounts::signup_month;
use super::session::{Refresh, SCHEMA_TIMEOUT, connect_with_timeout};
use crate::store::{OpenError, Replication};
use chrono::{DateTime, Utc};
use scylla::client::session::Session;
use scylla::errors::ExecutionError;
use uuid::Uuid;

/// The schema, applied by `sibyl migrate`.
pub const SCHEMA: &str = include_str!("../../../schema.cql");

/// A change to keyspaces made by earlier versions.
enum Change {
    Cql(&'static str),
    /// Copies the admins' list of a site's files, by reference id, into the list newest
    /// first (`binary_files_by_site`), before the old list is dropped.
    CopySiteFiles,
    /// Counts every post's comments from their rows into the tallies
    /// (`post_comment_tallies` and `comment_state_tallies`), before the tables they
    /// replace are dropped: `comment_counts` and `comment_state_counts` first, then
    /// `comment_tallies`, which kept a bucket's posts oldest first.
    CountComments,
    /// Copies every author page row into the lists by author and year, with the years
    /// in author_years, before the unbucketed list is dropped.
    CopyAuthorPosts,
    /// Copies the site's moderation lists into the lists by hour, with the hours in
    /// moderation_hours, before the list per site and state is dropped.
    CopyModerationLists,
    /// Copies the moderation log into the log by hour, with the hours of each month in
    /// moderation_log_hours, before the log per month is dropped.
    CopyModerationLog,
    /// Copies every revision into `post_revisions`, on the shelf of 50 that holds its
    /// number, before the table of whole histories is dropped.
    CopyRevisions,
    /// Copies every tag page row into the buckets by month, with the months in
    /// tag_months, before the buckets by year and their index are dropped.
    CopyTagPosts,
    /// Copies the list of a site's files into the buckets by month, with the months in
    /// binary_file_months, before the list in one partition is dropped.
    CopyFilesByMonth,
    /// Copies the user directory into the partitions by prefix, with the prefixes in
    /// user_directory_prefixes, before the directory by shelf is dropped.
    CopyDirectory,
    /// Lists every member's comment in `comments_by_user`.
    IndexCommentsByUser,
    /// Lists every published post in the site's archive (the month buckets of
    /// `tag_posts` under the reserved key `*`), and writes the author's id into every
    /// row of the front page and the tag and archive buckets, from the author pages'
    /// rows (whose key holds it).
    ListArchive,
    /// Counts every tag's posts into `tag_counts`, from the tag buckets.
    CountTags,
    /// Writes the words of every published text (posts' own and their published
    /// translations) into `search_texts`.
    IndexSearch,
    /// Lists every draft post in its author's drafts (`author_drafts`).
    ListDrafts,
}

/// The changes, numbered in order. A keyspace records the last one it has in
/// `schema_version`; `sibyl migrate` applies those after it, one at a time, recording
/// each. Each is idempotent, so a migration that dies midway is run again from the
/// first change not recorded. A new keyspace gets schema.cql's tables as they are now
/// and starts at the last number. A released change is never edited; a change to the
/// schema is a new number here and the table's new shape in schema.cql.
const CHANGES: &[(u32, &str, Change)] = &[
    (
        1,
        "posts in several languages: the locale of the original",
        Change::Cql("ALTER TABLE posts ADD IF NOT EXISTS origin text"),
    ),
    (
        2,
        "posts in several languages: the published translations",
        Change::Cql("ALTER TABLE posts ADD IF NOT EXISTS translations set<text>"),
    ),
    (
        3,
        "drafts became per locale (user_drafts); the per-post drafts go",
        Change::Cql("DROP TABLE IF EXISTS drafts"),
    ),
    (
        4,
        "a post's editors can close its comments",
        Change::Cql("ALTER TABLE posts ADD IF NOT EXISTS comments_closed boolean"),
    ),
    (
        5,
        "files fetched from URLs: fetch attempts",
        Change::Cql("ALTER TABLE binary_originals ADD IF NOT EXISTS attempts int"),
    ),
    (
        6,
        "files fetched from URLs: the URL a reference came from",
        Change::Cql("ALTER TABLE binary_refs ADD IF NOT EXISTS url text"),
    ),
    (
        7,
        "files fetched from URLs: the URL, in the list by context",
        Change::Cql("ALTER TABLE binary_refs_by_context ADD IF NOT EXISTS url text"),
    ),
    (
        8,
        "the admins' list of a site's files is newest first",
        Change::CopySiteFiles,
    ),
    (
        9,
        "the list of a site's files by reference id goes",
        Change::Cql("DROP TABLE IF EXISTS binary_refs_by_site"),
    ),
    (
        10,
        "a suggestion's decision names the act that won it",
        Change::Cql("ALTER TABLE suggestions ADD IF NOT EXISTS decision uuid"),
    ),
    (
        11,
        "a comment's row moves by LWT: the stamp of its last move",
        Change::Cql("ALTER TABLE comments ADD IF NOT EXISTS stamp bigint"),
    ),
    (
        12,
        "a comment's row moves by LWT: the act that made its last move",
        Change::Cql("ALTER TABLE comments ADD IF NOT EXISTS mover uuid"),
    ),
    (
        13,
        "comment counts in bounded partitions: counted from the comments",
        Change::CountComments,
    ),
    (
        14,
        "comment counts in bounded partitions: the per-site table of counts goes",
        Change::Cql("DROP TABLE IF EXISTS comment_counts"),
    ),
    (
        15,
        "comment counts in bounded partitions: the per-site table of states goes",
        Change::Cql("DROP TABLE IF EXISTS comment_state_counts"),
    ),
    (
        16,
        "author pages in year buckets: the author lists copied",
        Change::CopyAuthorPosts,
    ),
    (
        17,
        "author pages in year buckets: the unbucketed list goes",
        Change::Cql("DROP TABLE IF EXISTS posts_by_author"),
    ),
    (
        18,
        "tag pages find the next older year in tag_years: the pointer in the buckets goes",
        Change::Cql("ALTER TABLE posts_by_tag DROP IF EXISTS older_year"),
    ),
    (
        19,
        "moderation lists by hour, found through moderation_hours",
        Change::CopyModerationLists,
    ),
    (
        20,
        "moderation lists by hour: the list per site and state goes",
        Change::Cql("DROP TABLE IF EXISTS moderation_queue"),
    ),
    (
        21,
        "moderation log by hour, found through moderation_log_hours",
        Change::CopyModerationLog,
    ),
    (
        22,
        "moderation log by hour: the log per month goes",
        Change::Cql("DROP TABLE IF EXISTS moderation_log"),
    ),
    (
        23,
        "a post's comments are capped by an LWT on the number it has taken",
        Change::Cql("ALTER TABLE comments ADD IF NOT EXISTS taken int static"),
    ),
    (
        24,
        "a post's suggestions are capped by an LWT on the number it has taken",
        Change::Cql("ALTER TABLE suggestions ADD IF NOT EXISTS taken int static"),
    ),
    (
        25,
        "a short number names its taker, so a timed-out take is settled by a serial read",
        Change::Cql("ALTER TABLE id_pool ADD IF NOT EXISTS taker uuid"),
    ),
    (
        26,
        "copy every revision onto its shelf of post_revisions (50 revisions a partition)",
        Change::CopyRevisions,
    ),
    (
        27,
        "drop revisions, whose partition held a post's whole history",
        Change::Cql("DROP TABLE IF EXISTS revisions"),
    ),
    (
        28,
        "a comment's HTML is made from its text when read, not kept in its row",
        Change::Cql("ALTER TABLE comments DROP IF EXISTS body_html"),
    ),
    (
        29,
        "nor in the post's moderation lists",
        Change::Cql("ALTER TABLE post_moderation DROP IF EXISTS body_html"),
    ),
    (
        30,
        "nor in the site's moderation lists",
        Change::Cql("ALTER TABLE moderation_lists DROP IF EXISTS body_html"),
    ),
    (
        31,
        "copy every tag page row into its month's bucket of tag_posts, with the months in tag_months",
        Change::CopyTagPosts,
    ),
    (
        32,
        "drop posts_by_tag, whose year buckets did not bound a popular tag",
        Change::Cql("DROP TABLE IF EXISTS posts_by_tag"),
    ),
    (
        33,
        "drop tag_years, the index of those buckets",
        Change::Cql("DROP TABLE IF EXISTS tag_years"),
    ),
    (
        34,
        "the list of fetched originals names them only (each URL is in its original's row)",
        Change::Cql("ALTER TABLE binary_fetched DROP IF EXISTS url"),
    ),
    (
        35,
        "copy the list of a site's files into month buckets (binary_files_by_month)",
        Change::CopyFilesByMonth,
    ),
    (
        36,
        "drop binary_files_by_site, one partition for every file of a site",
        Change::Cql("DROP TABLE IF EXISTS binary_files_by_site"),
    ),
    (
        37,
        "copy the user directory into partitions by the names' first three characters",
        Change::CopyDirectory,
    ),
    (
        38,
        "drop user_directory, one partition for every name of a letter",
        Change::Cql("DROP TABLE IF EXISTS user_directory"),
    ),
    (
        39,
        "posts record when their latest revision was saved, for feeds and sitemaps",
        Change::Cql("ALTER TABLE posts ADD IF NOT EXISTS updated timestamp"),
    ),
    (
        40,
        "the front page's rows name the author's account, for links to their page",
        Change::Cql("ALTER TABLE front_page ADD IF NOT EXISTS author_id uuid"),
    ),
    (
        41,
        "the tag and archive buckets' rows name the author's account",
        Change::Cql("ALTER TABLE tag_posts ADD IF NOT EXISTS author_id uuid"),
    ),
    (
        42,
        "tag and archive rows record when the post's latest revision was saved, for sitemaps",
        Change::Cql("ALTER TABLE tag_posts ADD IF NOT EXISTS updated timestamp"),
    ),
    (
        43,
        "list every published post in the site's archive by month, and name each list row's author",
        Change::ListArchive,
    ),
    (
        44,
        "count each tag's posts into tag_month_counts and tag_counts, for the list of tags",
        Change::CountTags,
    ),
    (
        45,
        "index the words of every published text in search_texts, for full-text search",
        Change::IndexSearch,
    ),
    (
        46,
        "static pages: posts of kind 'page', listed in site_pages and in no list of posts",
        Change::Cql("ALTER TABLE posts ADD IF NOT EXISTS kind text"),
    ),
    (
        47,
        "list every draft in its author's drafts, for the writers' desk",
        Change::ListDrafts,
    ),
    (
        48,
        "posts keep the date of their last publication while they are drafts again",
        Change::Cql("ALTER TABLE posts ADD IF NOT EXISTS first_published timestamp"),
    ),
    (
        49,
        "scheduled publishing: when a draft is to go live, listed in scheduled_posts",
        Change::Cql("ALTER TABLE posts ADD IF NOT EXISTS scheduled timestamp"),
    ),
    (
        50,
        "a deleted post's short number answers as gone",
        Change::Cql("ALTER TABLE short_links ADD IF NOT EXISTS gone boolean"),
    ),
    (
        51,
        "a password reset link records the account as it was, and dies when it changes",
        Change::Cql("ALTER TABLE password_resets ADD IF NOT EXISTS stamp text"),
    ),
    (
        52,
        "the same links confirm a new e-mail address before it counts",
        Change::Cql("ALTER TABLE password_resets ADD IF NOT EXISTS new_email text"),
    ),
    (
        53,
        "a site's policy for the comments of a deleted account",
        Change::Cql("ALTER TABLE comment_settings ADD IF NOT EXISTS remove_deleted boolean"),
    ),
    (
        54,
        "every member's comments are listed in comments_by_user",
        Change::IndexCommentsByUser,
    ),
    (
        55,
        "a post's thread keeps no copy of its comments' Markdown (the comments rows have it)",
        Change::Cql("ALTER TABLE comment_thread DROP IF EXISTS body"),
    ),
    (
        56,
        "an account's profile names a picture of them",
        Change::Cql("ALTER TABLE users ADD IF NOT EXISTS image text"),
    ),
    (
        57,
        "the front page is compacted by levels: one or two SSTables a read",
        Change::Cql(
            "ALTER TABLE front_page WITH compaction = {'class': 'LeveledCompactionStrategy'}",
        ),
    ),
    (
        58,
        "the comment tallies are compacted by levels: one or two SSTables a read",
        Change::Cql(
            "ALTER TABLE comment_tallies WITH compaction = {'class': 'LeveledCompactionStrategy'}",
        ),
    ),
    (
        59,
        "the comment tallies are kept newest first: every post's comments counted from their rows into post_comment_tallies",
        Change::CountComments,
    ),
    (
        60,
        "the comment tallies kept oldest first go",
        Change::Cql("DROP TABLE IF EXISTS comment_tallies"),
    ),
    (
        61,
        "a site may show images from its own files only",
        Change::Cql("ALTER TABLE site_identity ADD IF NOT EXISTS own_images_only boolean"),
    ),
    (
        62,
        "an intent counts the reconciler's passes that failed to finish it",
        Change::Cql("ALTER TABLE intents ADD IF NOT EXISTS attempts int"),
    ),
    (
        63,
        "an intent keeps why the last pass failed to finish it",
        Change::Cql("ALTER TABLE intents ADD IF NOT EXISTS error text"),
    ),
    (
        64,
        "an account's sessions all end in one write: those begun before its stamp",
        Change::Cql("ALTER TABLE users ADD IF NOT EXISTS sessions_after timestamp"),
    ),
    (
        65,
        "a newsletter delivery's claim names its claimer, to settle one whose answer was lost",
        Change::Cql("ALTER TABLE deliveries ADD IF NOT EXISTS claimer uuid"),
    ),
    (
        66,
        "the site's moderation lists keep a moderated comment's tombstone a day, and compaction drops them",
        Change::Cql(
            "ALTER TABLE moderation_lists WITH gc_grace_seconds = 86400 AND compaction = {'class': 'SizeTieredCompactionStrategy', 'unchecked_tombstone_compaction': 'true', 'tombstone_threshold': '0.1'}",
        ),
    ),
    (
        67,
        "a post's moderation lists keep a moderated comment's tombstone a day, and compaction drops them",
        Change::Cql(
            "ALTER TABLE post_moderation WITH gc_grace_seconds = 86400 AND compaction = {'class': 'SizeTieredCompactionStrategy', 'unchecked_tombstone_compaction': 'true', 'tombstone_threshold': '0.1'}",
        ),
    ),
    (
        68,
        "the index of the moderation lists' hours keeps an emptied hour's tombstone a day",
        Change::Cql(
            "ALTER TABLE moderation_hours WITH gc_grace_seconds = 86400 AND compaction = {'class': 'SizeTieredCompactionStrategy', 'unchecked_tombstone_compaction': 'true', 'tombstone_threshold': '0.1'}",
        ),
    ),
    (
        69,
        "an author's drafts keep a published draft's tombstone a day, and compaction drops them",
        Change::Cql(
            "ALTER TABLE author_drafts WITH gc_grace_seconds = 86400 AND compaction = {'class': 'SizeTieredCompactionStrategy', 'unchecked_tombstone_compaction': 'true', 'tombstone_threshold': '0.1'}",
        ),
    ),
];

/// The table an `ALTER TABLE` change alters, when a later change drops that table.
fn dropped_later(version: u32, cql: &str) -> Option<&'static str> {
    let table = cql
        .strip_prefix("ALTER TABLE ")?
        .split_whitespace()
        .next()?;
    CHANGES.iter().find_map(|(n, _, change)| match change {
        Change::Cql(later) if *n > version => later
            .strip_prefix("DROP TABLE IF EXISTS ")
            .filter(|dropped| *dropped == table),
        _ => None,
    })
}

/// The schema version this build of Sibyl needs: the last change's number.
pub fn latest_version() -> u32 {
    CHANGES.last().map_or(0, |(n, _, _)| *n)
}

/// Creates the keyspace (if missing) with the given replication, applies schema.cql, then
/// the changes after the keyspace's recorded version.
pub async fn migrate(
    nodes: &[String],
    keyspace: &str,
    replication: Option<&Replication>,
) -> Result<(), OpenError> {
    let session =
        connect_with_timeout(nodes, keyspace, SCHEMA_TIMEOUT, Refresh::NotAfterChanges).await?;
    let fail = |e: &dyn std::fmt::Display| OpenError(format!("migrating keyspace {keyspace}: {e}"));
    // The nodes as the cluster knows them now, not as at connection.
    session.refresh_metadata().await.map_err(|e| fail(&e))?;
    let mut per_dc: std::collections::BTreeMap<String, usize> = Default::default();
    for node in session.get_cluster_state().get_nodes_info() {
        let dc = node
            .datacenter
            .clone()
            .unwrap_or_else(|| "datacenter1".into());
        *per_dc.entry(dc).or_default() += 1;
    }
    let existing = session
        .query_unpaged(
            "SELECT replication FROM system_schema.keyspaces WHERE keyspace_name = ?",
            (keyspace,),
        )
        .await
        .map_err(|e| fail(&e))?
        .into_rows_result()
        .map_err(|e| fail(&e))?
        .maybe_first_row::<(std::collections::HashMap<String, String>,)>()
        .map_err(|e| fail(&e))?;
    match existing {
        // A keyspace keeps the replication it was made with; one copy on a cluster of
        // several nodes is worth a warning every time.
        Some((settings,)) => {
            let total: usize = per_dc.values().sum();
            let single = settings
                .iter()
                .filter(|(k, _)| k.as_str() != "class")
                .all(|(_, v)| v == "1");
            if single && total > 1 {
                tracing::warn!(
                    keyspace,
                    nodes = total,
                    "the keyspace keeps one copy of each row on a cluster of several nodes: losing any node loses part of the site (ALTER KEYSPACE to raise it, then run a repair)"
                );
            }
        }
        None => {
            tracing::info!(keyspace, nodes = ?per_dc, "making the keyspace");
            let chosen = crate::store::open::choose_replication(replication, &per_dc)
                .map_err(|why| OpenError(format!("keyspace {keyspace}: {why}")))?;
            session
                .query_unpaged(
                    format!(
                        "CREATE KEYSPACE IF NOT EXISTS {keyspace} WITH replication = {}",
                        chosen.to_cql()
                    ),
                    &[],
                )
                .await
                .map_err(|e| fail(&e))?;
        }
    }
    session
        .use_keyspace(keyspace, false)
        .await
        .map_err(|e| OpenError(format!("using keyspace {keyspace}: {e}")))?;
    // Before schema.cql makes them: a keyspace without tables is new, and needs none of
    // the changes.
    let tables = session
        .query_unpaged(
            "SELECT table_name FROM system_schema.tables WHERE keyspace_name = ?",
            (keyspace,),
        )
        .await
        .map_err(|e| fail(&e))?
        .into_rows_result()
        .map_err(|e| fail(&e))?
        .rows_num();
    for statement in schema_statements(SCHEMA) {
        session
            .query_unpaged(statement, &[])
            .await
            .map_err(|e| fail(&e))?;
    }
    // Once, now that the keyspace and its tables exist: the copies below are routed to
    // the nodes that own their rows.
    session.refresh_metadata().await.map_err(|e| fail(&e))?;
    let record = session
        .prepare(format!(
            "INSERT INTO {keyspace}.schema_version (scope, version, updated) VALUES ('sibyl', ?, ?)"
        ))
        .await
        .map_err(|e| fail(&e))?;
    let recorded = if tables == 0 {
        None
    } else {
        recorded_version(&session, keyspace)
            .await
            .map_err(|e| fail(&e))?
    };
    let from = match (tables, recorded) {
        (0, _) => latest_version(),
        // Made before versions were recorded: every change, each idempotent.
        (_, None) => 0,
        (_, Some(version)) => version,
    };
    for (version, what, change) in CHANGES.iter().filter(|(n, _, _)| *n > from) {
        tracing::info!(version, what, "changing the schema");
        match change {
            Change::Cql(cql) => {
                // A keyspace made without a table that a later change drops (because it
                // was made after that change, by an older schema file's successor) has
                // nothing to alter.
                if let Some(table) = dropped_later(*version, cql)
                    && !super::migrations::table_exists(&session, keyspace, table)
                        .await
                        .map_err(|e| fail(&e))?
                {
                    tracing::info!(version, table, "no such table to change: skipped");
                } else {
                    session
                        .query_unpaged(*cql, &[])
                        .await
                        .map_err(|e| fail(&e))?;
                }
            }
            Change::CopySiteFiles => {
                let copied = super::migrations::binaries::carry_over_site_files(&session, keyspace)
                    .await
                    .map_err(|e| fail(&e))?;
                tracing::info!(copied, "the list of files is now newest first");
            }
            Change::CountComments => {
                let posts = super::migrations::comments::carry_over_tallies(&session, keyspace)
                    .await
                    .map_err(|e| fail(&e))?;
                tracing::info!(posts, "comments counted into the tallies");
            }
            Change::CopyAuthorPosts => {
                let rows = super::migrations::lists::carry_over_author_posts(&session, keyspace)
                    .await
                    .map_err(|e| fail(&e))?;
                tracing::info!(rows, "author pages are now in year buckets");
            }
            Change::CopyModerationLists => {
                let rows =
                    super::migrations::comments::carry_over_comment_lists(&session, keyspace)
                        .await
                        .map_err(|e| fail(&e))?;
                tracing::info!(rows, "moderation lists are now in hour buckets");
            }
            Change::CopyRevisions => {
                let rows = super::migrations::posts::carry_over_revisions(&session, keyspace)
                    .await
                    .map_err(|e| fail(&e))?;
                tracing::info!(rows, "post histories are now on shelves of 50 revisions");
            }
            Change::CopyDirectory => {
                let rows = super::migrations::accounts::carry_over_directory(&session, keyspace)
                    .await
                    .map_err(|e| fail(&e))?;
                tracing::info!(rows, "the user directory is now in partitions by prefix");
            }
            Change::CopyFilesByMonth => {
                let rows =
                    super::migrations::binaries::carry_over_files_by_month(&session, keyspace)
                        .await
                        .map_err(|e| fail(&e))?;
                tracing::info!(rows, "the list of files is now in month buckets");
            }
            Change::CopyTagPosts => {
                let rows = super::migrations::lists::carry_over_tag_posts(&session, keyspace)
                    .await
                    .map_err(|e| fail(&e))?;
                tracing::info!(rows, "tag pages are now in month buckets");
            }
            Change::CountTags => {
                let tags = super::migrations::lists::carry_over_tag_counts(&session, keyspace)
                    .await
                    .map_err(|e| fail(&e))?;
                tracing::info!(tags, "every tag's posts are counted");
            }
            Change::IndexCommentsByUser => {
                let comments = super::migrations::comments::carry_over_by_user(&session, keyspace)
                    .await
                    .map_err(|e| fail(&e))?;
                tracing::info!(comments, "every member's comments are listed by account");
            }
            Change::ListDrafts => {
                let drafts = super::migrations::posts::carry_over_drafts(&session, keyspace)
                    .await
                    .map_err(|e| fail(&e))?;
                tracing::info!(drafts, "every draft is on its author's desk");
            }
            Change::IndexSearch => {
                let texts = super::migrations::posts::carry_over_search(&session, keyspace)
                    .await
                    .map_err(|e| fail(&e))?;
                tracing::info!(texts, "every published text is searchable");
            }
            Change::ListArchive => {
                let posts = super::migrations::lists::carry_over_lists(&session, keyspace)
                    .await
                    .map_err(|e| fail(&e))?;
                tracing::info!(
                    posts,
                    "every published post is in the archive, every list row names its author"
                );
            }
            Change::CopyModerationLog => {
                let rows = super::migrations::comments::carry_over_log(&session, keyspace)
                    .await
                    .map_err(|e| fail(&e))?;
                tracing::info!(rows, "the moderation log is now in hour buckets");
            }
        }
        session
            .execute_unpaged(&record, (*version as i32, Utc::now()))
            .await
            .map_err(|e| fail(&e))?;
    }
    if from == latest_version() && recorded != Some(from) {
        session
            .execute_unpaged(&record, (from as i32, Utc::now()))
            .await
            .map_err(|e| fail(&e))?;
    }
    // Not a numbered change: instances of a version before the list by sign-up may still
    // make accounts during a rolling upgrade, so every migrate lists what they made.
    let listed = list_earlier_signups(&session, keyspace)
        .await
        .map_err(|e| fail(&e))?;
    if listed > 0 {
        tracing::info!(
            listed,
            "accounts made earlier are in the list of newest accounts"
        );
    }
    Ok(())
}

/// The version a keyspace records, if it records one.
pub(super) async fn recorded_version(
    session: &Session,
    keyspace: &str,
) -> Result<Option<u32>, ExecutionError> {
    let rows = session
        .query_unpaged(
            format!("SELECT version FROM {keyspace}.schema_version WHERE scope = 'sibyl'"),
            (),
        )
        .await?;
    let version = rows
        .into_rows_result()
        .ok()
        .and_then(|r| r.maybe_first_row::<(Option<i32>,)>().ok().flatten())
        .and_then(|(v,)| v)
        .and_then(|v| u32::try_from(v).ok());
    Ok(version)
}

/// Lists every account in `users_by_signup`: those made before it existed, and those
/// made meanwhile by instances of an earlier version during an upgrade. Every write is
/// an idempotent upsert, so `sibyl migrate` runs it each time (a scan of `users`, paged)
/// and a migration that dies midway is simply run again.
pub(super) async fn list_earlier_signups(session: &Session, keyspace: &str) -> Result<u64, String> {
    use futures_util::StreamExt;
    let fail = |e: &dyn std::fmt::Display| format!("listing earlier accounts by sign-up: {e}");
    let signup = session
        .prepare(format!(
            "INSERT INTO {keyspace}.users_by_signup (month, created, user_id) VALUES (?, ?, ?)"
        ))
        .await
        .map_err(|e| fail(&e))?;
    let month_row = session
        .prepare(format!(
            "INSERT INTO {keyspace}.signup_months (scope, month) VALUES ('all', ?)"
        ))
        .await
        .map_err(|e| fail(&e))?;
    let mut users = session
        .query_iter(format!("SELECT user_id, created FROM {keyspace}.users"), ())
        .await
        .map_err(|e| fail(&e))?
        .rows_stream::<(Uuid, DateTime<Utc>)>()
        .map_err(|e| fail(&e))?;
    let mut listed = 0;
    while let Some(row) = users.next().await {
        let (id, created) = row.map_err(|e| fail(&e))?;
        let month = signup_month(created);
        session
            .execute_unpaged(&signup, (&month, created, id))
            .await
            .map_err(|e| fail(&e))?;
        session
            .execute_unpaged(&month_row, (&month,))
            .await
            .map_err(|e| fail(&e))?;
        listed += 1;
    }
    Ok(listed)
}

/// The statements of a CQL file: `--` comments dropped, split on `;`.
pub fn schema_statements(cql: &str) -> Vec<String> {
    let without_comments: String = cql
        .lines()
        .map(|line| line.split_once("--").map_or(line, |(code, _)| code))
        .collect::<Vec<_>>()
        .join("\n");
    without_comments
        .split(';')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schema_file_splits_into_idempotent_statements() {
        let statements = schema_statements(SCHEMA);
        let creates = statements
            .iter()
            .filter(|s| s.starts_with("CREATE TABLE IF NOT EXISTS"))
            .count();
        assert_eq!(creates, 75);
        let indexes = statements
            .iter()
            .filter(|s| s.starts_with("CREATE INDEX IF NOT EXISTS") && s.contains("USING 'sai'"))
            .count();
        assert_eq!(indexes, 1);
        // Changes to earlier keyspaces are numbered in CHANGES, not in the file.
        assert_eq!(statements.len(), creates + indexes);
        assert!(!statements.iter().any(|s| s.contains("--")));
    }

    #[test]
    fn changes_are_numbered_in_order_and_idempotent() {
        for (i, (version, what, change)) in CHANGES.iter().enumerate() {
            assert_eq!(*version as usize, i + 1);
            assert!(!what.is_empty());
            if let Change::Cql(cql) = change {
                assert!(
                    (cql.starts_with("ALTER TABLE ")
                        && (cql.contains(" ADD IF NOT EXISTS ")
                            || cql.contains(" DROP IF EXISTS ")
                            || cql.contains(" WITH compaction = ")
                            || cql.contains(" WITH gc_grace_seconds = ")))
                        || cql.starts_with("DROP TABLE IF EXISTS "),
                    "{cql}"
                );
            }
        }
        assert_eq!(latest_version() as usize, CHANGES.len());
    }

    #[test]
    fn an_alter_of_a_table_dropped_later_is_known() {
        let older_year = "ALTER TABLE posts_by_tag DROP IF EXISTS older_year";
        assert_eq!(dropped_later(18, older_year), Some("posts_by_tag"));
        assert_eq!(dropped_later(40, older_year), None);
        let leveled =
            "ALTER TABLE comment_tallies WITH compaction = {'class': 'LeveledCompactionStrategy'}";
        assert_eq!(dropped_later(58, leveled), Some("comment_tallies"));
        let kept = "ALTER TABLE comments ADD IF NOT EXISTS stamp bigint";
        assert_eq!(dropped_later(10, kept), None);
    }
}
