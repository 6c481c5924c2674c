//! A post's translations as their rows hold them: what saving a translation writes, and
//! what the search index reads.

use crate::domain::post::Body;
use crate::domain::{Locale, PostId, PostStatus, Site, Title, Translation};
use crate::store::cassandra::CassandraStore;
use crate::store::{StoreError, StoreResult};
use chrono::{DateTime, Utc};
use scylla::DeserializeRow;

#[derive(DeserializeRow)]
pub(in crate::store::cassandra) struct TranslationRow {
    locale: String,
    title: String,
    body: String,
    body_html: String,
    excerpt: String,
    status: String,
    published: Option<DateTime<Utc>>,
    revision: i32,
}

impl TranslationRow {
    pub(in crate::store::cassandra) fn into_translation(self) -> StoreResult<Translation> {
        Ok(Translation {
            locale: Locale::parse(&self.locale)?,
            title: Title::parse(&self.title)?,
            body: Body::parse(&self.body)?,
            body_html: self.body_html,
            excerpt: self.excerpt,
            status: PostStatus::parse(&self.status)?,
            published: self.published,
            revision: u32::try_from(self.revision)
                .map_err(|e| StoreError::Corrupt(e.to_string()))?,
        })
    }
}

impl CassandraStore {
    /// Every translation of a post, in one read of its partition.
    pub(in crate::store::cassandra) async fn translations_of(
        &self,
        site: &Site,
        id: PostId,
    ) -> StoreResult<Vec<Translation>> {
        self.rows::<TranslationRow>(&self.translations.translations_read, (site.as_str(), id.0))
            .await?
            .into_iter()
            .map(TranslationRow::into_translation)
            .collect()
    }
}
