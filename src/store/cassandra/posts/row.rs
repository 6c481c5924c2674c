//! The post row: its columns, and reading it (at SERIAL when an LWT on it is to be
//! settled), with where the lists have the post.

use crate::domain::post::Body;
use crate::domain::{Locale, Post, PostId, PostKind, PostStatus, Site, Slug, Tags, Title, UserId};
use crate::store::cassandra::CassandraStore;
use crate::store::cassandra::intents::Listed;
use crate::store::{StoreError, StoreResult};
use chrono::{DateTime, Utc};
use scylla::DeserializeRow;
use scylla::value::CqlTimeuuid;
use uuid::Uuid;

#[derive(DeserializeRow)]
pub(in crate::store::cassandra) struct PostRow {
    post_id: Uuid,
    slug: String,
    title: String,
    body: String,
    body_html: String,
    excerpt: String,
    tags: Option<Vec<String>>,
    author_id: Uuid,
    author_name: String,
    status: String,
    created: DateTime<Utc>,
    published: Option<DateTime<Utc>>,
    revision: i32,
    short_id: Option<i64>,
    /// When the latest revision was saved; none in rows older than the column.
    updated: Option<DateTime<Utc>>,
    origin: Option<String>,
    translations: Option<Vec<String>>,
    comments_closed: Option<bool>,
    published_id: Option<CqlTimeuuid>,
    kind: Option<String>,
    first_published: Option<DateTime<Utc>>,
    scheduled: Option<DateTime<Utc>>,
}

impl PostRow {
    /// A deleted post's row, kept for its slug and short number: no post to read.
    fn deleted(&self) -> bool {
        self.status == "deleted"
    }
    /// Where the lists have the post, by its row: nowhere unless a published post (a
    /// page is in the list of pages only).
    fn listed(&self) -> Option<Listed> {
        (self.status == PostStatus::Published.as_str()
            && self.kind.as_deref().unwrap_or_default() != PostKind::Page.as_str())
        .then_some(self.published_id)
        .flatten()
        .map(|id| Listed {
            published_id: Uuid::from(id),
            tags: self.tags.clone().unwrap_or_default(),
        })
    }

    pub(in crate::store::cassandra) fn into_post(self) -> StoreResult<Post> {
        Ok(Post {
            id: PostId(self.post_id),
            slug: Slug::parse(&self.slug)?,
            title: Title::parse(&self.title)?,
            body: Body::parse(&self.body)?,
            body_html: self.body_html,
            excerpt: self.excerpt,
            tags: Tags::from_stored(self.tags.unwrap_or_default()),
            author_id: UserId(self.author_id),
            author_name: self.author_name,
            status: PostStatus::parse(&self.status)?,
            created: self.created,
            published: self.published,
            updated: self
                .updated
                .unwrap_or_else(|| self.published.map_or(self.created, |p| p.max(self.created))),
            revision: u32::try_from(self.revision)
                .map_err(|e| StoreError::Corrupt(e.to_string()))?,
            short_id: self
                .short_id
                .and_then(|n| u64::try_from(n).ok())
                .ok_or_else(|| StoreError::Corrupt("a post without a short id".into()))?,
            locale: Locale::parse(self.origin.as_deref().unwrap_or_default())?,
            translations: {
                let mut locales = self
                    .translations
                    .unwrap_or_default()
                    .iter()
                    .map(|code| Locale::parse(code))
                    .collect::<Result<Vec<_>, _>>()?;
                locales.sort();
                locales
            },
            comments_closed: self.comments_closed.unwrap_or(false),
            kind: PostKind::parse(self.kind.as_deref().unwrap_or_default())?,
            first_published: self.first_published.or(self.published),
            scheduled: self.scheduled,
        })
    }
}

impl CassandraStore {
    pub(in crate::store::cassandra) async fn post_by_id(
        &self,
        site: &Site,
        id: PostId,
    ) -> StoreResult<Option<Post>> {
        self.row::<PostRow>(&self.posts.post_by_id, (site.as_str(), id.0))
            .await?
            .filter(|row| !row.deleted())
            .map(PostRow::into_post)
            .transpose()
    }

    /// A post read at SERIAL: settles an LWT on its row that timed out, by
    /// completing any proposal in flight before reading.
    pub(in crate::store::cassandra) async fn post_by_id_serial(
        &self,
        site: &Site,
        id: PostId,
    ) -> StoreResult<Option<Post>> {
        self.row::<PostRow>(&self.posts.post_by_id_serial, (site.as_str(), id.0))
            .await?
            .filter(|row| !row.deleted())
            .map(PostRow::into_post)
            .transpose()
    }

    /// A post with where its row says the lists have it; at SERIAL with `serial`.
    pub(in crate::store::cassandra) async fn post_listing(
        &self,
        site: &Site,
        id: PostId,
        serial: bool,
    ) -> StoreResult<Option<(Post, Option<Listed>)>> {
        let statement = if serial {
            &self.posts.post_by_id_serial
        } else {
            &self.posts.post_by_id
        };
        match self
            .row::<PostRow>(statement, (site.as_str(), id.0))
            .await?
        {
            Some(row) if !row.deleted() => {
                let listed = row.listed();
                Ok(Some((row.into_post()?, listed)))
            }
            _ => Ok(None),
        }
    }
}
