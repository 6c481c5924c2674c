//! The statements of a repair, prepared once when it starts (not per post: a repair of a
//! million posts would otherwise prepare millions of times).

use crate::store::StoreResult;
use crate::store::cassandra::posts::drafts::DRAFT_COLUMNS;
use crate::store::cassandra::posts::listings::LIST_COLUMNS;
use crate::store::cassandra::{CassandraStore, prepare, unavailable};
use scylla::statement::prepared::PreparedStatement;

/// The columns of a post that its list rows copy, and what says which lists it is in:
/// a post read without its bodies.
pub(super) const SHOWN_COLUMNS: &str = "post_id, slug, title, excerpt, tags, author_id, author_name, status, kind, published_id, created, scheduled, published, updated";

pub(in crate::store::cassandra) struct Statements {
    /// Every post of every site, in token order from a token: (site, post id, token).
    pub(super) posts_from: PreparedStatement,
    /// A post without its bodies.
    pub(super) shown: PreparedStatement,
    /// The claim of a name, read at LOCAL_QUORUM (at SERIAL only when it disagrees).
    pub(super) claim: PreparedStatement,
    /// Each list's partitions in token order from a token: (site, key, token).
    pub(super) tag_lists_from: PreparedStatement,
    pub(super) author_lists_from: PreparedStatement,
    pub(super) drafts_from: PreparedStatement,
    /// A list's buckets, a bucket's rows, one row, whether a bucket is in the index.
    pub(super) tag_months: PreparedStatement,
    pub(super) tag_bucket: PreparedStatement,
    pub(super) tag_row_key: PreparedStatement,
    pub(super) tag_month: PreparedStatement,
    pub(super) tag_month_insert: PreparedStatement,
    pub(super) tag_row_delete: PreparedStatement,
    pub(super) tag_any_month: PreparedStatement,
    pub(super) tag_count: PreparedStatement,
    pub(super) tag_counts: PreparedStatement,
    /// Removes a tag's row kept under a key that is not its name's (see `tag_list`).
    pub(super) tag_misplaced: PreparedStatement,
    pub(super) author_months: PreparedStatement,
    pub(super) author_bucket: PreparedStatement,
    pub(super) author_row_key: PreparedStatement,
    pub(super) author_month: PreparedStatement,
    pub(super) author_month_insert: PreparedStatement,
    pub(super) author_row_delete: PreparedStatement,
    pub(super) front_rows: PreparedStatement,
    pub(super) front_row_delete: PreparedStatement,
    /// An author's drafts, one draft's row, the schedule, one scheduled row, the pages,
    /// one page's row.
    pub(super) drafts: PreparedStatement,
    pub(super) draft: PreparedStatement,
    pub(super) schedule: PreparedStatement,
    pub(super) scheduled: PreparedStatement,
    pub(super) pages: PreparedStatement,
    pub(super) page: PreparedStatement,
    pub(super) draft_delete: PreparedStatement,
    pub(super) scheduled_delete: PreparedStatement,
    pub(super) page_delete: PreparedStatement,
    /// A post's comments' states and its moderation list; a comment's row in the site's
    /// list and its hour in the index; a state's hours and an hour's rows; a comment's
    /// state.
    pub(super) comment_states: PreparedStatement,
    pub(super) post_listed: PreparedStatement,
    pub(super) site_listed: PreparedStatement,
    pub(super) hour_listed: PreparedStatement,
    pub(super) hours: PreparedStatement,
    pub(super) hour_rows: PreparedStatement,
    pub(super) comment_state: PreparedStatement,
}

impl Statements {
    pub(super) async fn prepare(store: &CassandraStore) -> StoreResult<Self> {
        let ks = &store.keyspace;
        let session = &store.session;
        let prepare = |cql: String| async move { prepare(session, cql).await.map_err(unavailable) };
        let list = |table: &str, key: &str, by: &str| {
            format!(
                "SELECT {LIST_COLUMNS} FROM {ks}.{table} WHERE site = ? AND {key} = ? AND {by} = ?"
            )
        };
        Ok(Statements {
            posts_from: prepare(format!(
                "SELECT site, post_id, token(site, post_id) FROM {ks}.posts WHERE token(site, post_id) >= ?"
            ))
            .await?,
            shown: prepare(format!(
                "SELECT {SHOWN_COLUMNS} FROM {ks}.posts WHERE site = ? AND post_id = ?"
            ))
            .await?,
            claim: prepare(format!(
                "SELECT owner, state FROM {ks}.claims WHERE scope = ? AND name = ?"
            ))
            .await?,
            tag_lists_from: prepare(format!(
                "SELECT site, tag, token(site, tag) FROM {ks}.tag_months WHERE token(site, tag) >= ? PER PARTITION LIMIT 1"
            ))
            .await?,
            author_lists_from: prepare(format!(
                "SELECT site, author_id, token(site, author_id) FROM {ks}.author_months WHERE token(site, author_id) >= ? PER PARTITION LIMIT 1"
            ))
            .await?,
            drafts_from: prepare(format!(
                "SELECT site, author_id, token(site, author_id) FROM {ks}.author_drafts WHERE token(site, author_id) >= ? PER PARTITION LIMIT 1"
            ))
            .await?,
            tag_months: prepare(format!(
                "SELECT month FROM {ks}.tag_months WHERE site = ? AND tag = ?"
            ))
            .await?,
            tag_bucket: prepare(list("tag_posts", "tag", "month")).await?,
            tag_row_key: prepare(format!(
                "SELECT published FROM {ks}.tag_posts WHERE site = ? AND tag = ? AND month = ? AND published = ?"
            ))
            .await?,
            tag_month: prepare(format!(
                "SELECT month FROM {ks}.tag_months WHERE site = ? AND tag = ? AND month = ?"
            ))
            .await?,
            tag_month_insert: prepare(format!(
                "INSERT INTO {ks}.tag_months (site, tag, month) VALUES (?, ?, ?)"
            ))
            .await?,
            tag_row_delete: prepare(format!(
                "DELETE FROM {ks}.tag_posts WHERE site = ? AND tag = ? AND month = ? AND published = ?"
            ))
            .await?,
            tag_any_month: prepare(format!(
                "SELECT month FROM {ks}.tag_months WHERE site = ? AND tag = ? LIMIT 1"
            ))
            .await?,
            tag_count: prepare(format!(
                "SELECT posts FROM {ks}.tag_list WHERE site = ? AND sort_key = ? AND tag = ?"
            ))
            .await?,
            tag_counts: prepare(format!(
                "SELECT tag, posts, sort_key FROM {ks}.tag_list WHERE site = ?"
            ))
            .await?,
            tag_misplaced: prepare(format!(
                "DELETE FROM {ks}.tag_list WHERE site = ? AND sort_key = ? AND tag = ?"
            ))
            .await?,
            author_months: prepare(format!(
                "SELECT month FROM {ks}.author_months WHERE site = ? AND author_id = ?"
            ))
            .await?,
            author_bucket: prepare(list("author_month_posts", "author_id", "month")).await?,
            author_row_key: prepare(format!(
                "SELECT published FROM {ks}.author_month_posts WHERE site = ? AND author_id = ? AND month = ? AND published = ?"
            ))
            .await?,
            author_month: prepare(format!(
                "SELECT month FROM {ks}.author_months WHERE site = ? AND author_id = ? AND month = ?"
            ))
            .await?,
            author_month_insert: prepare(format!(
                "INSERT INTO {ks}.author_months (site, author_id, month) VALUES (?, ?, ?)"
            ))
            .await?,
            author_row_delete: prepare(format!(
                "DELETE FROM {ks}.author_month_posts WHERE site = ? AND author_id = ? AND month = ? AND published = ?"
            ))
            .await?,
            front_rows: prepare(format!(
                "SELECT {LIST_COLUMNS} FROM {ks}.front_page WHERE site = ?"
            ))
            .await?,
            front_row_delete: prepare(format!(
                "DELETE FROM {ks}.front_page WHERE site = ? AND published = ?"
            ))
            .await?,
            drafts: prepare(format!(
                "SELECT {DRAFT_COLUMNS} FROM {ks}.author_drafts WHERE site = ? AND author_id = ?"
            ))
            .await?,
            draft: prepare(format!(
                "SELECT {DRAFT_COLUMNS} FROM {ks}.author_drafts WHERE site = ? AND author_id = ? AND created = ? AND post_id = ?"
            ))
            .await?,
            schedule: prepare(format!(
                "SELECT post_id, due, slug, title FROM {ks}.scheduled_posts WHERE site = ?"
            ))
            .await?,
            scheduled: prepare(format!(
                "SELECT post_id, due, slug, title FROM {ks}.scheduled_posts WHERE site = ? AND post_id = ?"
            ))
            .await?,
            pages: prepare(format!(
                "SELECT post_id, created, slug, title, status, updated FROM {ks}.site_pages WHERE site = ?"
            ))
            .await?,
            page: prepare(format!(
                "SELECT post_id, created, slug, title, status, updated FROM {ks}.site_pages WHERE site = ? AND created = ? AND post_id = ?"
            ))
            .await?,
            draft_delete: prepare(format!(
                "DELETE FROM {ks}.author_drafts WHERE site = ? AND author_id = ? AND created = ? AND post_id = ?"
            ))
            .await?,
            scheduled_delete: prepare(format!(
                "DELETE FROM {ks}.scheduled_posts WHERE site = ? AND post_id = ?"
            ))
            .await?,
            page_delete: prepare(format!(
                "DELETE FROM {ks}.site_pages WHERE site = ? AND created = ? AND post_id = ?"
            ))
            .await?,
            comment_states: prepare(format!(
                "SELECT id, state FROM {ks}.comments WHERE site = ? AND post_id = ?"
            ))
            .await?,
            post_listed: prepare(format!(
                "SELECT state, id FROM {ks}.post_moderation WHERE site = ? AND post_id = ?"
            ))
            .await?,
            site_listed: prepare(format!(
                "SELECT id FROM {ks}.moderation_lists WHERE site = ? AND state = ? AND hour = ? AND id = ?"
            ))
            .await?,
            hour_listed: prepare(format!(
                "SELECT hour FROM {ks}.moderation_hours WHERE site = ? AND state = ? AND hour = ?"
            ))
            .await?,
            hours: prepare(format!(
                "SELECT hour FROM {ks}.moderation_hours WHERE site = ? AND state = ?"
            ))
            .await?,
            hour_rows: prepare(format!(
                "SELECT id, post_id FROM {ks}.moderation_lists WHERE site = ? AND state = ? AND hour = ?"
            ))
            .await?,
            comment_state: prepare(format!(
                "SELECT state FROM {ks}.comments WHERE site = ? AND post_id = ? AND id = ?"
            ))
            .await?,
        })
    }
}
