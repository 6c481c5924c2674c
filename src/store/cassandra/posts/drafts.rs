//! An author's drafts (`author_drafts`), for their desk: one partition per author and
//! site, the most recently made first, written from each post's own row when its lists
//! settle (so finished by the reconciler and checked by repair).

use crate::domain::{Post, PostId, PostStatus, PostSummary, Site, Slug, Tags, UserId};
use crate::store::caps::{self, page_size};
use crate::store::cassandra::CassandraStore;
use crate::store::cassandra::intents::Listed;
use crate::store::posts::page_of;
use crate::store::{ListPage, PageAt, PageError, StoreError, StoreResult};
use chrono::{DateTime, Utc};
use scylla::client::session::Session;
use scylla::errors::ExecutionError;
use scylla::statement::prepared::PreparedStatement;
use uuid::Uuid;

pub(in crate::store::cassandra) const DRAFT_COLUMNS: &str =
    "created, post_id, slug, title, excerpt, author_name, tags";

/// The statements of this file, prepared once at start.
pub(in crate::store::cassandra) struct Statements {
    write: PreparedStatement,
    find: PreparedStatement,
    keys: PreparedStatement,
    delete: PreparedStatement,
    newest: PreparedStatement,
    older: PreparedStatement,
    newer: PreparedStatement,
}

impl Statements {
    pub(in crate::store::cassandra) async fn prepare(
        session: &Session,
        ks: &str,
    ) -> Result<Self, ExecutionError> {
        let prepare = |cql: String| crate::store::cassandra::prepare(session, cql);
        let key = "site = ? AND author_id = ?";
        Ok(Self {
            write: prepare(format!(
                "INSERT INTO {ks}.author_drafts (site, author_id, {DRAFT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
            ))
            .await?,
            find: prepare(format!(
                "SELECT post_id FROM {ks}.author_drafts WHERE {key} AND created = ? AND post_id = ?"
            ))
            .await?,
            keys: prepare(format!(
                "SELECT post_id FROM {ks}.author_drafts WHERE {key} LIMIT ?"
            ))
            .await?,
            delete: prepare(format!(
                "DELETE FROM {ks}.author_drafts WHERE {key} AND created = ? AND post_id = ?"
            ))
            .await?,
            newest: prepare(format!(
                "SELECT {DRAFT_COLUMNS} FROM {ks}.author_drafts WHERE {key} LIMIT ?"
            ))
            .await?,
            older: prepare(format!(
                "SELECT {DRAFT_COLUMNS} FROM {ks}.author_drafts WHERE {key} AND (created, post_id) < (?, ?) LIMIT ?"
            ))
            .await?,
            newer: prepare(format!(
                "SELECT {DRAFT_COLUMNS} FROM {ks}.author_drafts WHERE {key} AND (created, post_id) > (?, ?) ORDER BY created ASC, post_id ASC LIMIT ?"
            ))
            .await?,
        })
    }
}

/// A row of an author's drafts: created, post id, slug, title, excerpt, author, tags.
pub(in crate::store::cassandra) type DraftRow = (
    DateTime<Utc>,
    Uuid,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<Vec<String>>,
);

/// A draft's place in its author's list: `<created millis>.<post id>`.
fn cursor(created: DateTime<Utc>, id: Uuid) -> String {
    format!("{}.{id}", created.timestamp_millis())
}

fn parse_cursor(cursor: &str) -> Option<(DateTime<Utc>, Uuid)> {
    let (millis, id) = cursor.split_once('.')?;
    let at = DateTime::from_timestamp_millis(millis.parse().ok()?)?;
    Some((at, Uuid::try_parse(id).ok()?))
}

impl CassandraStore {
    /// Makes the post's row in its author's drafts follow its publication: written
    /// while it is a draft (its title as it is now), removed once it is published
    /// (`was` none and `now` some: it has just been), and while it is scheduled (it is
    /// on the schedule's list then) if it is there. Pages have their own list.
    pub(in crate::store::cassandra) async fn list_draft(
        &self,
        site: &Site,
        post: &Post,
        was: Option<&Listed>,
        now: Option<&Listed>,
    ) -> StoreResult<()> {
        if post.is_page() {
            return Ok(());
        }
        let key = (site.as_str(), post.author_id.0, post.created, post.id.0);
        // A row is removed after a read that finds it: a post written published, never a
        // draft, leaves no tombstone in its author's desk (a site of imported posts would
        // otherwise leave one for every post).
        let remove = async || -> StoreResult<()> {
            let row: Option<(Uuid,)> = self.row(&self.drafts.find, key).await?;
            if row.is_some() {
                self.exec(&self.drafts.delete, key).await?;
            }
            Ok(())
        };
        match (post.status, was, now) {
            (PostStatus::Draft, _, _) if post.scheduled.is_some() => remove().await?,
            (PostStatus::Draft, _, _) => {
                self.exec(
                    &self.drafts.write,
                    (
                        site.as_str(),
                        post.author_id.0,
                        post.created,
                        post.id.0,
                        post.slug.as_str(),
                        post.title.as_str(),
                        post.excerpt.as_str(),
                        post.author_name.as_str(),
                        post.tags.to_strings(),
                    ),
                )
                .await?;
            }
            (PostStatus::Published, None, Some(_)) => remove().await?,
            _ => {}
        }
        Ok(())
    }

    /// An author's drafts counted up to `at_most`: the keys of that many rows at most.
    pub(in crate::store::cassandra) async fn count_drafts(
        &self,
        site: &Site,
        author: UserId,
        at_most: usize,
    ) -> StoreResult<usize> {
        let at_most = i32::try_from(at_most).unwrap_or(i32::MAX);
        let rows: Vec<(Uuid,)> = self
            .rows(&self.drafts.keys, (site.as_str(), author.0, at_most))
            .await?;
        Ok(rows.len())
    }

    pub(in crate::store::cassandra) async fn read_drafts(
        &self,
        site: &Site,
        author: UserId,
        at: PageAt<'_>,
        limit: usize,
    ) -> Result<ListPage, PageError> {
        let limit = page_size(limit, caps::POSTS);
        let want = limit as i32 + 1;
        let rows: Vec<DraftRow> = match at {
            PageAt::Newest => {
                self.rows(&self.drafts.newest, (site.as_str(), author.0, want))
                    .await?
            }
            PageAt::Older(c) | PageAt::Newer(c) => {
                let (created, id) = parse_cursor(c).ok_or(PageError::BadCursor)?;
                let statement = if matches!(at, PageAt::Older(_)) {
                    &self.drafts.older
                } else {
                    &self.drafts.newer
                };
                self.rows(statement, (site.as_str(), author.0, created, id, want))
                    .await?
            }
        };
        let mut out = Vec::with_capacity(rows.len());
        for (created, id, slug, title, excerpt, author_name, tags) in rows {
            let summary = PostSummary {
                id: PostId(id),
                slug: Slug::parse(slug.as_deref().unwrap_or_default()).map_err(StoreError::from)?,
                title: title.unwrap_or_default(),
                excerpt: excerpt.unwrap_or_default(),
                author_name: author_name.unwrap_or_default(),
                author_id: Some(author),
                tags: Tags::from_stored(tags.unwrap_or_default()),
                published: created,
            };
            out.push((summary, cursor(created, id)));
        }
        Ok(page_of(at, out, limit))
    }
}
