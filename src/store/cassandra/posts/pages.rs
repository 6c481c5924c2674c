//! The site's static pages (`site_pages`): one row per page, drafts included, written
//! from the page's own row when its lists are settled (so retried by the reconciler
//! and checked by repair), read whole by the navigation and the list of pages.

use crate::domain::PageEntry;
use crate::domain::{Post, PostId, PostStatus, Site, Slug};
use crate::store::PAGES_READ;
use crate::store::StoreResult;
use crate::store::cassandra::CassandraStore;
use chrono::{DateTime, Utc};
use scylla::client::session::Session;
use scylla::errors::ExecutionError;
use scylla::statement::prepared::PreparedStatement;
use uuid::Uuid;

/// The statements of this file, prepared once at start.
pub(in crate::store::cassandra) struct Statements {
    pages_read: PreparedStatement,
    page_write: PreparedStatement,
}

impl Statements {
    pub(in crate::store::cassandra) async fn prepare(
        session: &Session,
        ks: &str,
    ) -> Result<Self, ExecutionError> {
        let prepare = |cql: String| crate::store::cassandra::prepare(session, cql);
        Ok(Self {
            pages_read: prepare(format!(
                "SELECT post_id, created, slug, title, status, updated FROM {ks}.site_pages WHERE site = ? LIMIT {PAGES_READ}"
            ))
            .await?,
            page_write: prepare(format!(
                "INSERT INTO {ks}.site_pages (site, created, post_id, slug, title, status, updated) VALUES (?, ?, ?, ?, ?, ?, ?)"
            ))
            .await?,
        })
    }
}

/// A row of the pages: post id, created, slug, title, status, updated.
pub(in crate::store::cassandra) type PageRow = (
    Uuid,
    DateTime<Utc>,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<DateTime<Utc>>,
);

fn entry((id, created, slug, title, status, updated): PageRow) -> StoreResult<PageEntry> {
    Ok(PageEntry {
        id: PostId(id),
        slug: Slug::parse(slug.as_deref().unwrap_or_default())?,
        title: title.unwrap_or_default(),
        status: PostStatus::parse(status.as_deref().unwrap_or_default())?,
        created,
        updated: updated.unwrap_or(created),
    })
}

impl CassandraStore {
    /// Writes a page's row in the list of pages as its own row is now (a plain write of
    /// cells nothing else writes, which can be made again). Posts have none.
    pub(in crate::store::cassandra) async fn list_static_page(
        &self,
        site: &Site,
        post: &Post,
    ) -> StoreResult<()> {
        if !post.is_page() {
            return Ok(());
        }
        self.exec(
            &self.pages.page_write,
            (
                site.as_str(),
                post.created,
                post.id.0,
                post.slug.as_str(),
                post.title.as_str(),
                post.status.as_str(),
                post.updated,
            ),
        )
        .await?;
        Ok(())
    }

    pub(in crate::store::cassandra) async fn read_site_pages(
        &self,
        site: &Site,
    ) -> StoreResult<Vec<PageEntry>> {
        let rows: Vec<PageRow> = self.rows(&self.pages.pages_read, (site.as_str(),)).await?;
        rows.into_iter().map(entry).collect()
    }
}
