//! The rows repair reads of a post and of the lists that keep a post: shared by its
//! posts' pass and its lists' pass.

use super::Run;
use crate::domain::{PostKind, PostStatus, Tags};
use crate::store::StoreResult;
use chrono::{DateTime, Utc};
use scylla::DeserializeRow;
use scylla::value::CqlTimeuuid;
use uuid::Uuid;

pub(super) use crate::store::cassandra::posts::drafts::DraftRow;
pub(super) use crate::store::cassandra::posts::pages::PageRow;

/// A post without its bodies: what its list rows copy and what says which lists it is in.
#[derive(DeserializeRow)]
pub(super) struct ShownRow {
    pub(super) post_id: Uuid,
    pub(super) slug: String,
    pub(super) title: String,
    pub(super) excerpt: String,
    pub(super) tags: Option<Vec<String>>,
    pub(super) author_id: Uuid,
    pub(super) author_name: String,
    pub(super) status: String,
    pub(super) kind: Option<String>,
    pub(super) published_id: Option<CqlTimeuuid>,
    pub(super) created: DateTime<Utc>,
    pub(super) scheduled: Option<DateTime<Utc>>,
    pub(super) published: Option<DateTime<Utc>>,
    pub(super) updated: Option<DateTime<Utc>>,
}

impl ShownRow {
    pub(super) fn is_page(&self) -> bool {
        self.kind.as_deref() == Some(PostKind::Page.as_str())
    }

    fn is(&self, status: PostStatus) -> bool {
        self.status == status.as_str()
    }

    /// Its publication time UUID, when the lists have it (as `PostRow::listed`).
    pub(super) fn listed(&self) -> Option<Uuid> {
        (self.is(PostStatus::Published) && !self.is_page())
            .then_some(self.published_id)
            .flatten()
            .map(Uuid::from)
    }

    pub(super) fn tags(&self) -> Vec<String> {
        Tags::from_stored(self.tags.clone().unwrap_or_default()).to_strings()
    }

    /// Whether its author's drafts list it (a draft, not a page, not scheduled).
    pub(super) fn is_listed_draft(&self) -> bool {
        self.is(PostStatus::Draft) && !self.is_page() && self.scheduled.is_none()
    }

    /// The due time of its row in the schedule, when it has one.
    pub(super) fn due(&self) -> Option<DateTime<Utc>> {
        self.scheduled.filter(|_| self.is(PostStatus::Draft))
    }

    /// When it last changed, as `Post::updated` has it.
    pub(super) fn updated(&self) -> DateTime<Utc> {
        self.updated
            .unwrap_or_else(|| self.published.map_or(self.created, |p| p.max(self.created)))
    }
}

/// A row of the schedule, as repair reads it.
pub(super) type ScheduledRow = (Uuid, Option<DateTime<Utc>>, Option<String>, Option<String>);

impl Run<'_> {
    /// A post without its bodies (none when deleted).
    pub(super) async fn shown(&self, post: Uuid) -> StoreResult<Option<ShownRow>> {
        Ok(self
            .store
            .row::<ShownRow>(&self.st.shown, (self.site.as_str(), post))
            .await?
            .filter(|p| p.status != "deleted"))
    }
}
