//! The site's scheduled drafts (`scheduled_posts`), for the scheduler and the desks: one
//! partition per site, written from each post's own row when its lists settle (so
//! finished by the reconciler and checked by repair).

use crate::domain::schedule::SCHEDULED_READ;
use crate::domain::{Post, PostId, PostStatus, ScheduledPost, Site, Slug, UserId};
use crate::store::StoreResult;
use crate::store::cassandra::CassandraStore;
use chrono::{DateTime, Utc};
use scylla::client::session::Session;
use scylla::errors::ExecutionError;
use scylla::statement::prepared::PreparedStatement;
use uuid::Uuid;

const SCHEDULED_COLUMNS: &str = "post_id, due, slug, title, author_id, author_name";

/// The statements of this file, prepared once at start.
pub(in crate::store::cassandra) struct Statements {
    write: PreparedStatement,
    find: PreparedStatement,
    delete: PreparedStatement,
    all: PreparedStatement,
}

impl Statements {
    pub(in crate::store::cassandra) async fn prepare(
        session: &Session,
        ks: &str,
    ) -> Result<Self, ExecutionError> {
        let prepare = |cql: String| crate::store::cassandra::prepare(session, cql);
        Ok(Self {
            write: prepare(format!(
                "INSERT INTO {ks}.scheduled_posts (site, {SCHEDULED_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)"
            ))
            .await?,
            find: prepare(format!(
                "SELECT due FROM {ks}.scheduled_posts WHERE site = ? AND post_id = ?"
            ))
            .await?,
            delete: prepare(format!(
                "DELETE FROM {ks}.scheduled_posts WHERE site = ? AND post_id = ?"
            ))
            .await?,
            all: prepare(format!(
                "SELECT {SCHEDULED_COLUMNS} FROM {ks}.scheduled_posts WHERE site = ? LIMIT ?"
            ))
            .await?,
        })
    }
}

type ScheduledRow = (
    Uuid,
    Option<DateTime<Utc>>,
    Option<String>,
    Option<String>,
    Option<Uuid>,
    Option<String>,
);

impl CassandraStore {
    /// Makes the post's row in the site's schedule follow its own: written while it is
    /// a draft with a time (its title as it is now), removed otherwise if there.
    pub(in crate::store::cassandra) async fn list_scheduled(
        &self,
        site: &Site,
        post: &Post,
    ) -> StoreResult<()> {
        match (post.status, post.scheduled) {
            (PostStatus::Draft, Some(due)) => {
                self.exec(
                    &self.schedule.write,
                    (
                        site.as_str(),
                        post.id.0,
                        due,
                        post.slug.as_str(),
                        post.title.as_str(),
                        post.author_id.0,
                        post.author_name.as_str(),
                    ),
                )
                .await?;
                Ok(())
            }
            _ => self.unlist_scheduled(site, post.id).await,
        }
    }

    /// Removes a post's row from the schedule if it has one: read first, so that the
    /// many posts never scheduled leave no tombstones in the site's partition.
    pub(in crate::store::cassandra) async fn unlist_scheduled(
        &self,
        site: &Site,
        id: PostId,
    ) -> StoreResult<()> {
        let row: Option<(Option<DateTime<Utc>>,)> =
            self.row(&self.schedule.find, (site.as_str(), id.0)).await?;
        if row.is_some() {
            self.exec(&self.schedule.delete, (site.as_str(), id.0))
                .await?;
        }
        Ok(())
    }

    pub(in crate::store::cassandra) async fn read_scheduled(
        &self,
        site: &Site,
    ) -> StoreResult<Vec<ScheduledPost>> {
        let rows: Vec<ScheduledRow> = self
            .rows(&self.schedule.all, (site.as_str(), SCHEDULED_READ as i32))
            .await?;
        let mut out = Vec::with_capacity(rows.len());
        for (id, due, slug, title, author_id, author_name) in rows {
            // A broken row (a hand edit) stops no one: repair rewrites it from the post.
            let slug = Slug::parse(slug.as_deref().unwrap_or_default());
            let (Some(due), Some(author_id), Ok(slug)) = (due, author_id, slug) else {
                tracing::warn!(post = %id, "a row of the schedule is broken; run sibyl repair");
                continue;
            };
            out.push(ScheduledPost {
                id: PostId(id),
                slug,
                title: title.unwrap_or_default(),
                author_id: UserId(author_id),
                author_name: author_name.unwrap_or_default(),
                due,
            });
        }
        out.sort_by_key(|p| (p.due, p.id.0));
        Ok(out)
    }
}
