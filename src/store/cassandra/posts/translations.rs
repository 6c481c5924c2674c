//! Translations: a post's text in other locales, with the same save protocol as revisions.

use super::translation_rows::TranslationRow;
use crate::domain::post::Body;
use crate::domain::{Locale, PostEdit, PostId, PostStatus, Site, Title, Translation};
use crate::store::cassandra::intents::OwnIntent;
use crate::store::cassandra::lwt::is_cas_uncertain;
use crate::store::cassandra::{CassandraStore, unavailable};
use crate::store::prelude::*;
use crate::store::{EditError, Fault, StoreError, StoreResult};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use scylla::client::session::Session;
use scylla::errors::ExecutionError;
use scylla::statement::prepared::PreparedStatement;

pub(in crate::store::cassandra) const TRANSLATION_COLUMNS: &str =
    "locale, title, body, body_html, excerpt, status, published, revision";

/// The statements of this file, prepared once at start.
pub(in crate::store::cassandra) struct Statements {
    pub(in crate::store::cassandra) translation_read: PreparedStatement,
    pub(in crate::store::cassandra) translations_read: PreparedStatement,
    pub(in crate::store::cassandra) translation_create: PreparedStatement,
    pub(in crate::store::cassandra) translation_revise: PreparedStatement,
    pub(in crate::store::cassandra) translation_read_serial: PreparedStatement,
    /// A translation's status moves by LWT only, as its row is created; the post's list
    /// of published translations follows it, a plain write that can be made again.
    pub(in crate::store::cassandra) translation_publish: PreparedStatement,
    pub(in crate::store::cassandra) translation_unpublish: PreparedStatement,
    pub(in crate::store::cassandra) post_translation_add: PreparedStatement,
    pub(in crate::store::cassandra) post_translation_remove: PreparedStatement,
}

impl Statements {
    pub(in crate::store::cassandra) async fn prepare(
        session: &Session,
        ks: &str,
    ) -> Result<Self, ExecutionError> {
        let prepare = |cql: String| crate::store::cassandra::prepare(session, cql);
        let read = format!(
            "SELECT {TRANSLATION_COLUMNS} FROM {ks}.translations WHERE site = ? AND post_id = ? AND locale = ?"
        );
        let mut translation_read_serial = prepare(read.clone()).await?;
        crate::store::cassandra::read_serially(&mut translation_read_serial);
        Ok(Self {
            translation_read: prepare(read).await?,
            translation_read_serial,
            translations_read: prepare(format!(
                "SELECT {TRANSLATION_COLUMNS} FROM {ks}.translations WHERE site = ? AND post_id = ?"
            ))
            .await?,
            translation_create: prepare(format!(
                "INSERT INTO {ks}.translations (site, post_id, locale, title, body, body_html, excerpt, status, revision)
                 VALUES (?, ?, ?, ?, ?, ?, ?, 'draft', ?) IF NOT EXISTS"
            ))
            .await?,
            translation_revise: prepare(format!(
                "UPDATE {ks}.translations SET title = ?, body = ?, body_html = ?, excerpt = ?, revision = ?
                 WHERE site = ? AND post_id = ? AND locale = ? IF revision = ?"
            ))
            .await?,
            translation_publish: prepare(format!(
                "UPDATE {ks}.translations SET status = 'published', published = ? WHERE site = ? AND post_id = ? AND locale = ? IF status = 'draft'"
            ))
            .await?,
            translation_unpublish: prepare(format!(
                "UPDATE {ks}.translations SET status = 'draft', published = null WHERE site = ? AND post_id = ? AND locale = ? IF status = 'published'"
            ))
            .await?,
            post_translation_add: prepare(format!(
                "UPDATE {ks}.posts SET translations = translations + ? WHERE site = ? AND post_id = ?"
            ))
            .await?,
            post_translation_remove: prepare(format!(
                "UPDATE {ks}.posts SET translations = translations - ? WHERE site = ? AND post_id = ?"
            ))
            .await?,
        })
    }
}

impl CassandraStore {
    /// Moves a translation from revision `base` to `base + 1` (creating it from base 0),
    /// with an LWT so that only the holder of the revision, or a roll-forward, moves it.
    /// False when the LWT timed out, so that whether it took effect is unknown.
    pub(in crate::store::cassandra) async fn move_translation(
        &self,
        site: &Site,
        id: PostId,
        locale: &Locale,
        base: u32,
        text: (&Title, &Body, &str, &str),
    ) -> StoreResult<bool> {
        let (title, body, body_html, excerpt) = text;
        let number = base as i32 + 1;
        let code = locale.code();
        let moved = if base == 0 {
            self.session
                .execute_unpaged(
                    &self.translations.translation_create,
                    (
                        site.as_str(),
                        id.0,
                        code.as_str(),
                        title.as_str(),
                        body.as_str(),
                        body_html,
                        excerpt,
                        number,
                    ),
                )
                .await
        } else {
            self.session
                .execute_unpaged(
                    &self.translations.translation_revise,
                    (
                        title.as_str(),
                        body.as_str(),
                        body_html,
                        excerpt,
                        number,
                        site.as_str(),
                        id.0,
                        code.as_str(),
                        base as i32,
                    ),
                )
                .await
        };
        match moved {
            Ok(_) => Ok(true),
            Err(e) if is_cas_uncertain(&e) => Ok(false),
            Err(e) => Err(unavailable(e)),
        }
    }

    /// A translation read at SERIAL, to settle an LWT on it that timed out.
    pub(in crate::store::cassandra) async fn translation_serial(
        &self,
        site: &Site,
        id: PostId,
        locale: &Locale,
    ) -> StoreResult<Option<Translation>> {
        self.row::<TranslationRow>(
            &self.translations.translation_read_serial,
            (site.as_str(), id.0, locale.code()),
        )
        .await?
        .map(TranslationRow::into_translation)
        .transpose()
    }

    /// As `roll_forward`, for a translation.
    pub(in crate::store::cassandra) async fn roll_translation_forward(
        &self,
        site: &Site,
        id: PostId,
        locale: &Locale,
        base: u32,
    ) -> StoreResult<()> {
        let next = base as i32 + 1;
        let Some(row) = self.revision_row(site, id, locale, next).await? else {
            return Ok(());
        };
        let revision = row.into_revision()?;
        let excerpt = revision.body.excerpt();
        self.move_translation(
            site,
            id,
            locale,
            base,
            (
                &revision.title,
                &revision.body,
                &revision.body_html,
                &excerpt,
            ),
        )
        .await?;
        Ok(())
    }
}

#[async_trait]
impl Translations for CassandraStore {
    async fn translation(
        &self,
        site: &Site,
        id: PostId,
        locale: &Locale,
    ) -> StoreResult<Option<Translation>> {
        self.row::<TranslationRow>(
            &self.translations.translation_read,
            (site.as_str(), id.0, locale.code()),
        )
        .await?
        .map(TranslationRow::into_translation)
        .transpose()
    }

    async fn translations(&self, site: &Site, id: PostId) -> StoreResult<Vec<Translation>> {
        self.translations_of(site, id).await
    }

    async fn save_translation(
        &self,
        site: &Site,
        id: PostId,
        locale: &Locale,
        edit: PostEdit,
    ) -> Result<Translation, EditError> {
        let post = self
            .post_by_id(site, id)
            .await?
            .ok_or(EditError::NoSuchPost)?;
        if post.locale == *locale {
            return Err(EditError::SameLocale);
        }
        let current = self.translation(site, id, locale).await?;
        if current.as_ref().map_or(0, |t| t.revision) != edit.base {
            return Err(EditError::Conflict);
        }
        // A new language: refused beyond the bound (saves into new languages racing
        // each other may pass it by as many as race).
        if current.is_none()
            && self.translations_of(site, id).await?.len() >= crate::domain::MAX_TRANSLATIONS
        {
            return Err(EditError::TooManyTranslations);
        }
        let number = edit.base as i32 + 1;
        // Recorded before the revision is claimed: if this process dies after the claim,
        // the reconciler moves the translation to it, and the list of translations and
        // search follow.
        let intent = self
            .begin_own(&OwnIntent::Translation {
                site: site.to_string(),
                post: id.0,
                locale: locale.code(),
            })
            .await?;
        if !self.claim_revision(site, id, locale, number, &edit).await? {
            self.roll_translation_forward(site, id, locale, edit.base)
                .await?;
            self.end_own(intent).await?;
            return Err(EditError::Conflict);
        }
        if self.options.faults.fires(Fault::CrashAfterRevisionClaim) {
            return Err(Fault::CrashAfterRevisionClaim.error().into());
        }
        let certain = self
            .move_translation(
                site,
                id,
                locale,
                edit.base,
                (&edit.title, &edit.body, &edit.body_html, &edit.excerpt),
            )
            .await?;
        let saved = if certain {
            self.translation(site, id, locale).await?
        } else {
            self.translation_serial(site, id, locale).await?
        }
        .ok_or(EditError::NoSuchPost)?;
        if saved.revision != number as u32 {
            return Err(StoreError::Unavailable(
                "the translation did not move to its new revision".into(),
            )
            .into());
        }
        if self.options.faults.fires(Fault::CrashAfterTranslationMove) {
            return Err(Fault::CrashAfterTranslationMove.error().into());
        }
        if saved.status == PostStatus::Published {
            // A published translation shows its new text at once: so does search.
            self.reindex_search(site, id).await?;
        }
        self.end_own(intent).await?;
        Ok(saved)
    }

    async fn set_translation_status(
        &self,
        site: &Site,
        id: PostId,
        locale: &Locale,
        status: PostStatus,
        at: DateTime<Utc>,
    ) -> StoreResult<Option<Translation>> {
        let Some(current) = self.translation(site, id, locale).await? else {
            return Ok(None);
        };
        let code = locale.code();
        let intent = self
            .begin_own(&OwnIntent::Translation {
                site: site.to_string(),
                post: id.0,
                locale: code.clone(),
            })
            .await?;
        let now = if current.status == status {
            current
        } else {
            let attempt = match status {
                PostStatus::Published => {
                    self.session
                        .execute_unpaged(
                            &self.translations.translation_publish,
                            (at, site.as_str(), id.0, code.as_str()),
                        )
                        .await
                }
                PostStatus::Draft => {
                    self.session
                        .execute_unpaged(
                            &self.translations.translation_unpublish,
                            (site.as_str(), id.0, code.as_str()),
                        )
                        .await
                }
            };
            let read = match attempt {
                Ok(_) => self.translation(site, id, locale).await?,
                Err(e) if is_cas_uncertain(&e) => self.translation_serial(site, id, locale).await?,
                Err(e) => return Err(unavailable(e)),
            };
            match read {
                Some(t) => t,
                None => return Ok(None),
            }
        };
        if self.options.faults.fires(Fault::CrashAfterTranslationMove) {
            return Err(Fault::CrashAfterTranslationMove.error());
        }
        self.follow_translation(site, id, locale, false).await?;
        self.end_own(intent).await?;
        Ok(Some(now))
    }
}

impl CassandraStore {
    /// The steps after a translation's row moved (its intent's): the post's list of
    /// published translations follows the status the row has now, whoever moved it, and
    /// the search index follows the post's texts. Each can be run again; `serial` reads
    /// the row at SERIAL (the reconciler's, which must see an LWT that timed out).
    pub(in crate::store::cassandra) async fn follow_translation(
        &self,
        site: &Site,
        id: PostId,
        locale: &Locale,
        serial: bool,
    ) -> StoreResult<()> {
        let now = if serial {
            self.translation_serial(site, id, locale).await?
        } else {
            self.translation(site, id, locale).await?
        };
        let Some(now) = now else {
            return Ok(());
        };
        let listed = vec![locale.code()];
        let follow = match now.status {
            PostStatus::Published => &self.translations.post_translation_add,
            PostStatus::Draft => &self.translations.post_translation_remove,
        };
        self.exec(follow, (&listed, site.as_str(), id.0)).await?;
        self.reindex_search(site, id).await
    }
}
