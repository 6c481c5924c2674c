//! The site's identity: one row per site (`site_identity`).

use super::{CassandraStore, lwt};
use crate::domain::SiteIdentity;
use crate::domain::site::SecondFactorPolicy;
use crate::domain::{Locale, Site};
use crate::store::prelude::*;
use crate::store::{StoreError, StoreResult};
use async_trait::async_trait;
use scylla::client::session::Session;
use scylla::errors::ExecutionError;
use scylla::statement::prepared::PreparedStatement;

/// The statements of this file, prepared once at start.
pub(super) struct Statements {
    identity_read: PreparedStatement,
    identity_write: PreparedStatement,
    secret_read_serial: PreparedStatement,
    secret_insert: PreparedStatement,
    secret_replace: PreparedStatement,
    changes_read: PreparedStatement,
    change_count: PreparedStatement,
}

impl Statements {
    pub(super) async fn prepare(session: &Session, ks: &str) -> Result<Self, ExecutionError> {
        let prepare = |cql: String| super::prepare(session, cql);
        Ok(Self {
            identity_read: prepare(format!(
                "SELECT title, tagline, description, language, footer, own_images_only, fediverse_off, fediverse_pages, second_factor_for FROM {ks}.site_identity WHERE site = ?"
            ))
            .await?,
            identity_write: prepare(format!(
                "INSERT INTO {ks}.site_identity (site, title, tagline, description, language, footer, own_images_only, fediverse_off, fediverse_pages, second_factor_for) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            ))
            .await?,
            secret_read_serial: {
                let mut read = prepare(format!(
                    "SELECT secret FROM {ks}.site_secrets WHERE site = ? AND name = ?"
                ))
                .await?;
                crate::store::cassandra::read_serially(&mut read);
                read
            },
            secret_insert: prepare(format!(
                "INSERT INTO {ks}.site_secrets (site, name, secret) VALUES (?, ?, ?) IF NOT EXISTS"
            ))
            .await?,
            secret_replace: prepare(format!(
                "UPDATE {ks}.site_secrets SET secret = ? WHERE site = ? AND name = ? IF secret = ?"
            ))
            .await?,
            changes_read: prepare(format!(
                "SELECT changes FROM {ks}.page_changes WHERE site = ?"
            ))
            .await?,
            change_count: {
                let mut count = prepare(format!(
                    "UPDATE {ks}.page_changes SET changes = changes + 1 WHERE site = ?"
                ))
                .await?;
                count.set_is_idempotent(true);
                count
            },
        })
    }
}

/// The name of the secret that signs API tokens, in `site_secrets`.
const API_SECRET: &str = "api";

type IdentityRow = (
    Option<String>,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<bool>,
    Option<bool>,
    Option<bool>,
    Option<String>,
);

#[async_trait]
impl SiteSettings for CassandraStore {
    async fn site_identity(&self, site: &Site) -> StoreResult<SiteIdentity> {
        let row: Option<IdentityRow> = self.row(&self.site.identity_read, (site.as_str(),)).await?;
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
        let language = Locale::parse(language.as_deref().unwrap_or_default())
            .map_err(|e| StoreError::Corrupt(e.0))?;
        Ok(SiteIdentity {
            title: title.unwrap_or_default(),
            tagline: tagline.unwrap_or_default(),
            description: description.unwrap_or_default(),
            language,
            footer: footer.unwrap_or_default(),
            own_images_only: own_images_only.unwrap_or(false),
            fediverse_off: fediverse_off.unwrap_or(false),
            fediverse_pages: fediverse_pages.unwrap_or(false),
            second_factor_for: SecondFactorPolicy::parse(
                second_factor_for.as_deref().unwrap_or_default(),
            )?,
        })
    }

    async fn save_site_identity(&self, site: &Site, identity: &SiteIdentity) -> StoreResult<()> {
        self.exec(
            &self.site.identity_write,
            (
                site.as_str(),
                identity.title.as_str(),
                identity.tagline.as_str(),
                identity.description.as_str(),
                identity.language.code(),
                identity.footer.as_str(),
                identity.own_images_only,
                identity.fediverse_off,
                identity.fediverse_pages,
                identity.second_factor_for.as_str(),
            ),
        )
        .await?;
        Ok(())
    }

    async fn api_secret(&self, site: &Site) -> StoreResult<Vec<u8>> {
        match self.site_secret(site, API_SECRET).await? {
            Some(secret) => Ok(secret),
            None => {
                self.keep_site_secret(site, API_SECRET, crate::store::site::new_api_secret())
                    .await
            }
        }
    }

    async fn site_secret(&self, site: &Site, name: &str) -> StoreResult<Option<Vec<u8>>> {
        self.row::<(Vec<u8>,)>(&self.site.secret_read_serial, (site.as_str(), name))
            .await
            .map(|row| row.map(|(secret,)| secret))
    }

    async fn keep_site_secret(
        &self,
        site: &Site,
        name: &str,
        secret: Vec<u8>,
    ) -> StoreResult<Vec<u8>> {
        if let Some(kept) = self.site_secret(site, name).await? {
            return Ok(kept);
        }
        // Written by this LWT only, and read at SERIAL: whoever's insert won, applied or
        // not, answered or timed out, the read after it sees the one secret kept.
        let attempt = self
            .session
            .execute_unpaged(&self.site.secret_insert, (site.as_str(), name, secret))
            .await;
        if let Err(e) = &attempt
            && !lwt::is_cas_uncertain(e)
        {
            return Err(StoreError::Unavailable(e.to_string()));
        }
        self.site_secret(site, name).await?.ok_or_else(|| {
            StoreError::Unavailable(format!(
                "the site's secret {name:?} could not be kept; try again"
            ))
        })
    }

    async fn replace_site_secret(
        &self,
        site: &Site,
        name: &str,
        old: &[u8],
        new: Vec<u8>,
    ) -> StoreResult<bool> {
        // An LWT, as the insert: settled, when its answer is lost or it was not applied,
        // by the serial read (the new secret is random: kept only if this one won).
        let mut attempt = self
            .session
            .execute_unpaged(
                &self.site.secret_replace,
                (new.as_slice(), site.as_str(), name, old),
            )
            .await;
        lwt::lose_answer_if_armed(&self.options.faults, &mut attempt);
        lwt::settled(attempt, || async {
            Ok(self.site_secret(site, name).await?.as_deref() == Some(new.as_slice()))
        })
        .await
    }

    fn forget_kept_lists(&self) {
        drop(self.list_memo.changing());
    }

    async fn pages_changes(&self, site: &Site) -> StoreResult<i64> {
        self.row::<(scylla::value::Counter,)>(&self.site.changes_read, (site.as_str(),))
            .await
            .map(|row| row.map_or(0, |(changes,)| changes.0))
    }

    async fn count_pages_change(&self, site: &Site) -> StoreResult<()> {
        // A counter: increments from every instance add up, where a value written by each
        // would let one hide another's; the driver may send it again, which counts a
        // change twice and does no harm.
        self.exec(&self.site.change_count, (site.as_str(),)).await?;
        Ok(())
    }
}
