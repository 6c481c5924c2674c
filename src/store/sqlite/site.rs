//! The site's identity: one row per site.

use super::*;
use crate::domain::SiteIdentity;
use crate::domain::site::SecondFactorPolicy;

#[async_trait]
impl SiteSettings for SqliteStore {
    async fn site_identity(&self, site: &Site) -> StoreResult<SiteIdentity> {
        let site = site.to_string();
        type Row = (
            String,
            String,
            String,
            String,
            String,
            bool,
            bool,
            bool,
            String,
        );
        let row: Option<Row> = self
            .read(move |sql| {
                sql.prepare(
                    "SELECT title, tagline, description, language, footer, own_images_only,
                     fediverse_off, fediverse_pages, second_factor_for FROM site_identity WHERE site = ?1",
                )
                .and_then(|mut s| {
                    s.query_row(params![site], |r| {
                        Ok((
                            r.get(0)?,
                            r.get(1)?,
                            r.get(2)?,
                            r.get(3)?,
                            r.get(4)?,
                            r.get(5)?,
                            r.get(6)?,
                            r.get(7)?,
                            r.get(8)?,
                        ))
                    })
                    .optional()
                })
                .map_err(unavailable)
            })
            .await?;
        let Some((
            title,
            tagline,
            description,
            language,
            footer,
            own_images_only,
            fediverse_off,
            fediverse_pages,
            second_factor_for,
        )) = row
        else {
            return Ok(SiteIdentity::default());
        };
        Ok(SiteIdentity {
            title,
            tagline,
            description,
            language: Locale::parse(&language).map_err(|e| StoreError::Corrupt(e.0))?,
            footer,
            own_images_only,
            fediverse_off,
            fediverse_pages,
            second_factor_for: SecondFactorPolicy::parse(&second_factor_for)?,
        })
    }

    async fn save_site_identity(&self, site: &Site, identity: &SiteIdentity) -> StoreResult<()> {
        let (site, identity) = (site.to_string(), identity.clone());
        self.run(move |sql| {
            sql.prepare(
                "INSERT INTO site_identity (site, title, tagline, description, language, footer,
                     own_images_only, fediverse_off, fediverse_pages, second_factor_for)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
                 ON CONFLICT (site) DO UPDATE SET title = ?2, tagline = ?3, description = ?4,
                     language = ?5, footer = ?6, own_images_only = ?7, fediverse_off = ?8,
                     fediverse_pages = ?9, second_factor_for = ?10",
            )
            .and_then(|mut s| {
                s.execute(params![
                    site,
                    identity.title,
                    identity.tagline,
                    identity.description,
                    identity.language.code(),
                    identity.footer,
                    identity.own_images_only,
                    identity.fediverse_off,
                    identity.fediverse_pages,
                    identity.second_factor_for.as_str()
                ])
            })
            .map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    async fn api_secret(&self, site: &Site) -> StoreResult<Vec<u8>> {
        self.keep_site_secret(site, "api", crate::store::site::new_api_secret())
            .await
    }

    async fn site_secret(&self, site: &Site, name: &str) -> StoreResult<Option<Vec<u8>>> {
        let (site, name) = (site.to_string(), name.to_owned());
        self.run(move |sql| {
            sql.prepare("SELECT secret FROM site_secrets WHERE site = ?1 AND name = ?2")
                .and_then(|mut s| s.query_row(params![site, name], |r| r.get(0)).optional())
                .map_err(unavailable)
        })
        .await
    }

    async fn keep_site_secret(
        &self,
        site: &Site,
        name: &str,
        secret: Vec<u8>,
    ) -> StoreResult<Vec<u8>> {
        let (site, name) = (site.to_string(), name.to_owned());
        self.run(move |sql| {
            // The first secret kept stays; a later insert changes nothing.
            sql.prepare(
                "INSERT INTO site_secrets (site, name, secret) VALUES (?1, ?2, ?3)
                 ON CONFLICT (site, name) DO NOTHING",
            )
            .and_then(|mut s| s.execute(params![site, name, secret]))
            .map_err(unavailable)?;
            sql.prepare("SELECT secret FROM site_secrets WHERE site = ?1 AND name = ?2")
                .and_then(|mut s| s.query_row(params![site, name], |r| r.get(0)))
                .map_err(unavailable)
        })
        .await
    }

    async fn replace_site_secret(
        &self,
        site: &Site,
        name: &str,
        old: &[u8],
        new: Vec<u8>,
    ) -> StoreResult<bool> {
        let (site, name, old) = (site.to_string(), name.to_owned(), old.to_vec());
        self.run(move |sql| {
            let replaced = sql
                .prepare(
                    "UPDATE site_secrets SET secret = ?4 WHERE site = ?1 AND name = ?2 AND secret = ?3",
                )
                .and_then(|mut s| s.execute(params![site, name, old, new]))
                .map_err(unavailable)?;
            Ok(replaced == 1)
        })
        .await
    }

    async fn pages_changes(&self, site: &Site) -> StoreResult<i64> {
        let site = site.to_string();
        let changes: Option<i64> = self
            .read(move |sql| {
                sql.prepare("SELECT changes FROM page_changes WHERE site = ?1")
                    .and_then(|mut s| s.query_row(params![site], |r| r.get(0)).optional())
                    .map_err(unavailable)
            })
            .await?;
        Ok(changes.unwrap_or(0))
    }

    async fn count_pages_change(&self, site: &Site) -> StoreResult<()> {
        let site = site.to_string();
        self.run(move |sql| {
            sql.prepare(
                "INSERT INTO page_changes (site, changes) VALUES (?1, 1)
                 ON CONFLICT (site) DO UPDATE SET changes = changes + 1",
            )
            .and_then(|mut s| s.execute(params![site]))
            .map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    fn forget_kept_lists(&self) {
        self.forget_copies();
    }
}
