//! Posts: the posts row with its first revision and short link, publication.

pub(super) mod drafts;
pub(super) mod listing_writes;
pub(super) mod listings;
pub(super) mod pages;
pub(super) mod revisions;
pub(super) mod row;
pub(super) mod schedule;
pub(super) mod translation_rows;
pub(super) mod translations;

use super::intents::Listed;
use super::intents::OwnIntent;
use super::lwt::{Claim, is_cas_uncertain, settled, slug_scope};
use super::{CassandraStore, lwt, unavailable};
use crate::domain::{NewPost, Post, PostId, PostStatus, Site, Slug, timeuuid};
use crate::store::prelude::*;
use crate::store::{Fault, Finished, ShortLink, StoreError, StoreResult};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use scylla::SerializeRow;
use scylla::client::session::Session;
use scylla::errors::ExecutionError;
use scylla::serialize::row::SerializeRow;
use scylla::statement::prepared::PreparedStatement;
use scylla::value::CqlTimeuuid;
use uuid::Uuid;

pub(super) const POST_COLUMNS: &str = "post_id, slug, title, body, body_html, excerpt, tags, author_id, author_name, status, created, published, revision, short_id, updated";

/// The values of a new post's row (more than a tuple's sixteen).
#[derive(SerializeRow)]
pub(super) struct PostInsert<'a> {
    site: &'a str,
    post_id: Uuid,
    slug: &'a str,
    title: &'a str,
    body: &'a str,
    body_html: &'a str,
    excerpt: &'a str,
    tags: &'a Vec<String>,
    author_id: Uuid,
    author_name: &'a str,
    status: &'a str,
    created: DateTime<Utc>,
    published: Option<DateTime<Utc>>,
    revision: i32,
    short_id: i64,
    updated: DateTime<Utc>,
    published_id: Option<CqlTimeuuid>,
    origin: String,
    kind: &'a str,
    first_published: Option<DateTime<Utc>>,
}

/// The statements of this file, prepared once at start.
pub(super) struct Statements {
    pub(super) post_by_id: PreparedStatement,
    /// The same read at SERIAL: what an LWT on the row that timed out left.
    pub(super) post_by_id_serial: PreparedStatement,
    pub(super) short_link_read: PreparedStatement,
    pub(super) short_link_insert: PreparedStatement,
    pub(super) short_link_full: PreparedStatement,
    /// The row is created by an LWT, as every later write of its title, text, tags,
    /// revision and status is: no cell of it is written both ways.
    pub(super) post_insert: PreparedStatement,
    pub(super) post_publish: PreparedStatement,
    /// Publishes a draft at the time it was scheduled for, if it still is.
    pub(super) post_publish_due: PreparedStatement,
    pub(super) post_schedule: PreparedStatement,
    pub(super) post_unpublish: PreparedStatement,
    /// Moves a new post's row to another slug when it lost its own before committing it.
    pub(super) post_reslug: PreparedStatement,
}

impl Statements {
    pub(super) async fn prepare(session: &Session, ks: &str) -> Result<Self, ExecutionError> {
        let prepare = |cql: String| super::prepare(session, cql);
        let serial = |mut st: PreparedStatement| {
            crate::store::cassandra::read_serially(&mut st);
            st
        };
        let post_read = format!(
            "SELECT {POST_COLUMNS}, origin, translations, comments_closed, published_id, kind, first_published, scheduled FROM {ks}.posts WHERE site = ? AND post_id = ?"
        );
        Ok(Self {
            post_by_id: prepare(post_read.clone()).await?,
            post_by_id_serial: serial(prepare(post_read).await?),
            short_link_read: prepare(format!(
                "SELECT slug, gone FROM {ks}.short_links WHERE site = ? AND short_id = ?"
            ))
            .await?,
            short_link_full: prepare(format!(
                "SELECT post_id, slug FROM {ks}.short_links WHERE site = ? AND short_id = ?"
            ))
            .await?,
            short_link_insert: prepare(format!(
                "INSERT INTO {ks}.short_links (site, short_id, post_id, slug) VALUES (?, ?, ?, ?)"
            ))
            .await?,
            post_insert: prepare(format!(
                "INSERT INTO {ks}.posts (site, {POST_COLUMNS}, published_id, origin, kind, first_published) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) IF NOT EXISTS"
            ))
            .await?,
            post_publish: prepare(
                format!("UPDATE {ks}.posts SET status = 'published', published = ?, published_id = ?, first_published = ?, scheduled = null WHERE site = ? AND post_id = ? IF status = 'draft'"),
            )
            .await?,
            post_publish_due: prepare(
                format!("UPDATE {ks}.posts SET status = 'published', published = ?, published_id = ?, first_published = ?, scheduled = null WHERE site = ? AND post_id = ? IF status = 'draft' AND scheduled = ?"),
            )
            .await?,
            post_schedule: prepare(format!(
                "UPDATE {ks}.posts SET scheduled = ? WHERE site = ? AND post_id = ? IF status = 'draft'"
            ))
            .await?,
            post_reslug: prepare(format!(
                "UPDATE {ks}.posts SET slug = ? WHERE site = ? AND post_id = ? IF slug = ?"
            ))
            .await?,
            post_unpublish: prepare(format!(
                "UPDATE {ks}.posts SET status = 'draft', published = null, published_id = null, first_published = ? WHERE site = ? AND post_id = ? IF status = 'published' AND published = ?"
            ))
            .await?,
        })
    }
}

impl CassandraStore {
    /// Writes a new post's records after its slug is claimed: the first revision, then
    /// the post row (both LWTs), then its short link. Each step can be run again: the
    /// revision and the row are created only if absent, and the link is a plain insert.
    async fn write_new_post(
        &self,
        post: &NewPost,
        slug: &Slug,
        short_id: u64,
        published_id: Option<CqlTimeuuid>,
    ) -> StoreResult<()> {
        if !self
            .claim_revision(&post.site, post.id, &post.locale, 1, &post.first_version())
            .await?
        {
            return Err(StoreError::Unavailable(
                "the first revision of a new post was already there".into(),
            ));
        }
        let site = post.site.as_str();
        let tags = post.tags.to_strings();
        let status = post.status();
        let row = PostInsert {
            site,
            post_id: post.id.0,
            slug: slug.as_str(),
            title: post.title.as_str(),
            body: post.body.as_str(),
            body_html: post.body_html.as_str(),
            excerpt: post.excerpt.as_str(),
            tags: &tags,
            author_id: post.author_id.0,
            author_name: post.author_name.as_str(),
            status: status.as_str(),
            created: post.created,
            published: post.published(),
            revision: 1,
            short_id: short_id as i64,
            updated: post.created,
            published_id,
            origin: post.locale.code(),
            kind: post.kind.as_str(),
            first_published: post.published(),
        };
        let attempt = self
            .session
            .execute_unpaged(&self.posts.post_insert, row)
            .await;
        // The id is new: the row is there exactly when this insert took effect.
        let inserted = settled(attempt, || async {
            Ok(self.post_by_id_serial(&post.site, post.id).await?.is_some())
        })
        .await?;
        if !inserted {
            return Err(StoreError::Unavailable(
                "a new post's row was already there".into(),
            ));
        }
        Ok(())
    }
}

impl CassandraStore {
    /// Moves a post's row by the LWT `statement` (publish, unpublish), recorded first as
    /// an intent, then settles its lists (see `settle_lists`, which ends on the row read
    /// at SERIAL): whether this LWT or a concurrent one applied, or the outcome is
    /// unknown, the lists end as the row.
    async fn move_listed(
        &self,
        site: &Site,
        id: PostId,
        was: Option<Listed>,
        statement: &PreparedStatement,
        values: impl SerializeRow,
        fault: Fault,
    ) -> StoreResult<Option<Post>> {
        let intent = self
            .begin_own(&OwnIntent::Relist {
                site: site.to_string(),
                post: id.0,
                was: was.clone(),
            })
            .await?;
        match self.session.execute_unpaged(statement, values).await {
            Ok(_) => {}
            Err(e) if is_cas_uncertain(&e) => {}
            Err(e) => return Err(unavailable(e)),
        }
        if self.options.faults.fires(fault) {
            return Err(fault.error());
        }
        let after = self.settle_lists(site, id, was).await?;
        self.end_own(intent).await?;
        Ok(after)
    }

    /// Claims the first free slug of `base`'s candidates ([`Slug::candidates`]) for
    /// `owner`.
    async fn claim_free_slug(&self, site: &Site, base: &Slug, owner: Uuid) -> StoreResult<Slug> {
        let claims = self.claims();
        let scope = slug_scope(site);
        let mut candidates = base.candidates();
        let mut slug = candidates.next_slug();
        while claims.claim(&scope, slug.as_str(), owner).await? == Claim::Taken {
            slug = candidates.next_slug();
        }
        Ok(slug)
    }

    /// The steps of a new post after its row: its slug committed, its short link, its
    /// lists. Run by the creator, and again by the reconciler for one that died: if the
    /// row was never written, the slug is released; if the pending slug claim expired
    /// and another post took it, the post moves to the next free slug.
    pub(super) async fn finish_new_post(
        &self,
        site: &Site,
        id: PostId,
        slug: &Slug,
        short_id: u64,
    ) -> StoreResult<Finished> {
        let claims = self.claims();
        let scope = slug_scope(site);
        if self.post_by_id_serial(site, id).await?.is_none() {
            if self.marked_deleted(site, id, true).await? {
                // Deleted before its creation was finished: its slug stays taken, as
                // every deleted post's does (unless its pending claim was lost already).
                if claims.claim(&scope, slug.as_str(), id.0).await? != Claim::Taken {
                    claims.commit(&scope, slug.as_str(), id.0).await?;
                }
                return Ok(Finished::Completed);
            }
            claims.release(&scope, slug.as_str(), id.0).await;
            return Ok(Finished::Undone);
        }
        let mut slug = slug.clone();
        if claims.claim(&scope, slug.as_str(), id.0).await? == Claim::Taken {
            // The pending claim expired and another post took the slug: this post gets
            // the next free one (its row moves to it by LWT, as every write of the row).
            let free = self.claim_free_slug(site, &slug, id.0).await?;
            let attempt = self
                .session
                .execute_unpaged(
                    &self.posts.post_reslug,
                    (free.as_str(), site.as_str(), id.0, slug.as_str()),
                )
                .await;
            let moved = settled(attempt, || async {
                Ok(self
                    .post_by_id_serial(site, id)
                    .await?
                    .is_some_and(|p| p.slug == free))
            })
            .await?;
            if !moved {
                claims.release(&scope, free.as_str(), id.0).await;
                return Err(StoreError::Unavailable(
                    "a new post's row did not move to its free slug".into(),
                ));
            }
            slug = free;
        }
        claims.commit(&scope, slug.as_str(), id.0).await?;
        self.exec(
            &self.posts.short_link_insert,
            (site.as_str(), short_id as i64, id.0, slug.as_str()),
        )
        .await?;
        self.settle_lists(site, id, None).await?;
        Ok(Finished::Completed)
    }
}

#[async_trait]
impl Posts for CassandraStore {
    async fn create_post(&self, post: NewPost) -> StoreResult<Post> {
        let short_id = self.allocate_short_id(&post.site).await?;
        let claims = self.claims();
        let scope = slug_scope(&post.site);
        let owner = post.id.0;
        let slug = self
            .claim_free_slug(&post.site, &post.wanted_slug(), owner)
            .await?;
        // Recorded once the slug is ours (before, a crash leaves only a pending claim,
        // which expires): the reconciler commits it and writes the rest, or releases it.
        let intent = self
            .begin_own(&OwnIntent::NewPost {
                site: post.site.to_string(),
                post: owner,
                slug: slug.as_str().to_owned(),
                short_id,
            })
            .await;
        let intent = match intent {
            Ok(intent) => intent,
            Err(e) => {
                claims.release(&scope, slug.as_str(), owner).await;
                return Err(e);
            }
        };
        let published_id = post
            .published()
            .map(|at| CqlTimeuuid::from(timeuuid::at(at)));
        let written = self
            .write_new_post(&post, &slug, short_id, published_id)
            .await;
        if let Err(e) = written {
            claims.release(&scope, slug.as_str(), owner).await;
            return Err(e);
        }
        if self.options.faults.fires(Fault::CrashAfterPostRow) {
            return Err(Fault::CrashAfterPostRow.error());
        }
        self.finish_new_post(&post.site, post.id, &slug, short_id)
            .await?;
        self.end_own(intent).await?;
        Ok(post.into_post(slug, short_id))
    }

    async fn unpublish_post(&self, site: &Site, id: PostId) -> StoreResult<Option<Post>> {
        let Some((post, was)) = self.post_listing(site, id, true).await? else {
            return Ok(None);
        };
        if post.status == PostStatus::Draft {
            return Ok(Some(post));
        }
        // The date it keeps while a draft (rows made before the column have none yet):
        // set by this LWT, which applies only to the publication it was read from.
        self.move_listed(
            site,
            id,
            was,
            &self.posts.post_unpublish,
            (post.first_published, site.as_str(), id.0, post.published),
            Fault::CrashAfterUnpublish,
        )
        .await
    }

    async fn publish_post(
        &self,
        site: &Site,
        id: PostId,
        at: DateTime<Utc>,
    ) -> StoreResult<Option<Post>> {
        let Some((post, was)) = self.post_listing(site, id, false).await? else {
            return Ok(None);
        };
        if post.status == PostStatus::Published {
            return Ok(Some(post));
        }
        let published_id = CqlTimeuuid::from(timeuuid::at(at));
        // Of concurrent publishers, the LWT lets one set the row's published id; the
        // lists follow the row, whoever set it.
        self.move_listed(
            site,
            id,
            was,
            &self.posts.post_publish,
            (at, published_id, at, site.as_str(), id.0),
            Fault::CrashAfterPublish,
        )
        .await
    }

    async fn schedule_post(
        &self,
        site: &Site,
        id: PostId,
        due: Option<DateTime<Utc>>,
    ) -> StoreResult<Option<Post>> {
        let Some((post, was)) = self.post_listing(site, id, false).await? else {
            return Ok(None);
        };
        if post.status == PostStatus::Published {
            return Ok(Some(post));
        }
        self.move_listed(
            site,
            id,
            was,
            &self.posts.post_schedule,
            (due, site.as_str(), id.0),
            Fault::CrashAfterSchedule,
        )
        .await
    }

    async fn publish_scheduled(
        &self,
        site: &Site,
        id: PostId,
        due: DateTime<Utc>,
    ) -> StoreResult<bool> {
        let Some((post, was)) = self.post_listing(site, id, true).await? else {
            return Ok(false);
        };
        if post.status == PostStatus::Published || post.scheduled != Some(due) {
            // Not due (any more): the schedule's row, if one is left, goes.
            self.list_scheduled(site, &post).await?;
            return Ok(false);
        }
        let intent = self
            .begin_own(&OwnIntent::Relist {
                site: site.to_string(),
                post: id.0,
                was: was.clone(),
            })
            .await?;
        let published_id = timeuuid::at(due);
        let values = (
            due,
            CqlTimeuuid::from(published_id),
            due,
            site.as_str(),
            id.0,
            due,
        );
        let applied = match self
            .session
            .execute_unpaged(&self.posts.post_publish_due, values)
            .await
        {
            Ok(result) => lwt::lwt_applied(result)?,
            // Whether it applied is in the row: published under this call's time UUID.
            Err(e) if is_cas_uncertain(&e) => self
                .post_listing(site, id, true)
                .await?
                .and_then(|(_, listed)| listed)
                .is_some_and(|listed| listed.published_id == published_id),
            Err(e) => return Err(unavailable(e)),
        };
        if self.options.faults.fires(Fault::CrashAfterPublish) {
            return Err(Fault::CrashAfterPublish.error());
        }
        self.settle_lists(site, id, was).await?;
        self.end_own(intent).await?;
        Ok(applied)
    }

    async fn post_by_id(&self, site: &Site, id: PostId) -> StoreResult<Option<Post>> {
        CassandraStore::post_by_id(self, site, id).await
    }

    async fn post_by_slug(&self, site: &Site, slug: &Slug) -> StoreResult<Option<Post>> {
        // A plain (not serial) read: the hot path of every post page only needs the owner
        // of a committed slug, and a slug never changes owner once committed.
        let claim: Option<(Uuid, String)> = self
            .row(&self.lwt.claim_read, (slug_scope(site), slug.as_str()))
            .await?;
        match claim {
            Some((owner, _)) => self.post_by_id(site, PostId(owner)).await,
            None => Ok(None),
        }
    }

    async fn slug_by_short_id(&self, site: &Site, short_id: u64) -> StoreResult<Option<ShortLink>> {
        let Ok(short_id) = i64::try_from(short_id) else {
            return Ok(None);
        };
        let row: Option<(Option<String>, Option<bool>)> = self
            .row(&self.posts.short_link_read, (site.as_str(), short_id))
            .await?;
        row.map(|(slug, gone)| {
            Ok(if gone == Some(true) {
                ShortLink::Gone
            } else {
                ShortLink::Post(Slug::parse(slug.as_deref().unwrap_or_default())?)
            })
        })
        .transpose()
    }

    async fn delete_post(&self, site: &Site, id: PostId) -> StoreResult<bool> {
        self.delete_marked(site, id).await
    }

    async fn is_gone(&self, site: &Site, slug: &Slug) -> StoreResult<bool> {
        self.slug_gone(site, slug).await
    }

    async fn is_deleted(&self, site: &Site, id: PostId) -> StoreResult<bool> {
        self.marked_deleted(site, id, false).await
    }
}
