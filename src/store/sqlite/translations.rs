//! Translations: a post's text in other locales, saved like revisions.

use super::post_rows::{insert_revision, post_by_id};
use super::*;

pub(super) const TRANSLATION_COLUMNS: &str =
    "locale, title, body, body_html, excerpt, status, published, revision";

pub(super) fn translation_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<TranslationRow> {
    Ok(TranslationRow {
        locale: row.get(0)?,
        title: row.get(1)?,
        body: row.get(2)?,
        body_html: row.get(3)?,
        excerpt: row.get(4)?,
        status: row.get(5)?,
        published: row.get(6)?,
        revision: row.get(7)?,
    })
}

pub(super) struct TranslationRow {
    locale: String,
    title: String,
    body: String,
    body_html: String,
    excerpt: String,
    status: String,
    published: Option<i64>,
    revision: u32,
}

impl TranslationRow {
    pub(super) fn into_translation(self) -> StoreResult<Translation> {
        Ok(Translation {
            locale: Locale::parse(&self.locale)?,
            title: Title::parse(&self.title)?,
            body: Body::parse(&self.body)?,
            body_html: self.body_html,
            excerpt: self.excerpt,
            status: PostStatus::parse(&self.status)?,
            published: self.published.map(millis_to_time),
            revision: self.revision,
        })
    }
}

pub(super) fn translation_of(
    sql: &Sql<'_>,
    site: &str,
    id: &str,
    locale: &str,
) -> StoreResult<Option<Translation>> {
    sql.prepare(&format!(
        "SELECT {TRANSLATION_COLUMNS} FROM translations WHERE site = ?1 AND post_id = ?2 AND locale = ?3"
    ))
    .and_then(|mut s| s.query_row(params![site, id, locale], translation_row).optional())
    .map_err(unavailable)?
    .map(TranslationRow::into_translation)
    .transpose()
}

#[async_trait]
impl Translations for SqliteStore {
    async fn translation(
        &self,
        site: &Site,
        id: PostId,
        locale: &Locale,
    ) -> StoreResult<Option<Translation>> {
        let (site, locale) = (site.to_string(), locale.code());
        self.read(move |sql| translation_of(sql, &site, &id.0.to_string(), &locale))
            .await
    }

    async fn translations(&self, site: &Site, id: PostId) -> StoreResult<Vec<Translation>> {
        let site = site.to_string();
        self.read(move |sql| {
            let mut stmt = sql
                .prepare(&format!(
                    "SELECT {TRANSLATION_COLUMNS} FROM translations WHERE site = ?1 AND post_id = ?2 ORDER BY locale"
                ))
                .map_err(unavailable)?;
            let rows: Vec<TranslationRow> = stmt
                .query_map(params![site, id.0.to_string()], translation_row)
                .and_then(Iterator::collect)
                .map_err(unavailable)?;
            rows.into_iter().map(TranslationRow::into_translation).collect()
        })
        .await
    }

    async fn save_translation(
        &self,
        site: &Site,
        id: PostId,
        locale: &Locale,
        edit: PostEdit,
    ) -> Result<Translation, EditError> {
        let (site, locale) = (site.to_string(), locale.code());
        let faults = self.faults.clone();
        self.transaction(move |sql| {
            let id = id.0.to_string();
            let post = post_by_id(sql, &site, &id)?.ok_or(EditError::NoSuchPost)?;
            if post.locale.code() == locale {
                return Err(EditError::SameLocale);
            }
            let current = translation_of(sql, &site, &id, &locale)?;
            if current.as_ref().map_or(0, |t| t.revision) != edit.base {
                return Err(EditError::Conflict);
            }
            if current.is_none() {
                let held: i64 = sql
                    .prepare("SELECT COUNT(*) FROM translations WHERE site = ?1 AND post_id = ?2")
                    .and_then(|mut s| s.query_row(params![site, id], |r| r.get(0)))
                    .map_err(unavailable)?;
                if held as usize >= crate::domain::MAX_TRANSLATIONS {
                    return Err(EditError::TooManyTranslations);
                }
            }
            let number = edit.base + 1;
            let crash = faults.fires(Fault::CrashAfterRevisionClaim);
            insert_revision(sql, &site, &id, &locale, number, &edit)?;
            if crash {
                return Err(Fault::CrashAfterRevisionClaim.error().into());
            }
            sql.prepare(
                "INSERT INTO translations (site, post_id, locale, title, body, body_html, excerpt, status, revision)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'draft', ?8)
                 ON CONFLICT (site, post_id, locale) DO UPDATE SET
                   title = ?4, body = ?5, body_html = ?6, excerpt = ?7, revision = ?8",
            )
            .and_then(|mut s| {
                s.execute(params![
                    site,
                    id,
                    locale,
                    edit.title.as_str(),
                    edit.body.as_str(),
                    edit.body_html,
                    edit.excerpt,
                    number,
                ])
            })
            .map_err(unavailable)?;
            // A published translation shows its new text at once: so does search.
            super::post_indexes::index_post(sql, &site, &id)?;
            let saved = translation_of(sql, &site, &id, &locale)?.ok_or(EditError::NoSuchPost)?;
            Ok(saved)
        })
        .await
    }

    async fn set_translation_status(
        &self,
        site: &Site,
        id: PostId,
        locale: &Locale,
        status: PostStatus,
        at: DateTime<Utc>,
    ) -> StoreResult<Option<Translation>> {
        let (site, locale) = (site.to_string(), locale.code());
        self.transaction(move |sql| {
            let id = id.0.to_string();
            let published = (status == PostStatus::Published).then(|| at.timestamp_millis());
            sql.prepare(
                "UPDATE translations SET status = ?4, published = ?5
                 WHERE site = ?1 AND post_id = ?2 AND locale = ?3 AND status <> ?4",
            )
            .and_then(|mut s| s.execute(params![site, id, locale, status.as_str(), published]))
            .map_err(unavailable)?;
            super::post_indexes::index_post(sql, &site, &id)?;
            translation_of(sql, &site, &id, &locale)
        })
        .await
    }
}
