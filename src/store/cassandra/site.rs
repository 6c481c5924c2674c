//! The site's identity: one row per site (`site_identity`).

use super::*;
use crate::domain::SiteIdentity;

/// The statements of this file, prepared once at start.
pub(super) struct Statements {
    identity_read: PreparedStatement,
    identity_write: PreparedStatement,
}

impl Statements {
    pub(super) async fn prepare(session: &Session, ks: &str) -> Result<Self, ExecutionError> {
        let prepare = |cql: String| super::prepare(session, cql);
        Ok(Self {
            identity_read: prepare(format!(
                "SELECT title, tagline, description, language, footer FROM {ks}.site_identity WHERE site = ?"
            ))
            .await?,
            identity_write: prepare(format!(
                "INSERT INTO {ks}.site_identity (site, title, tagline, description, language, footer) VALUES (?, ?, ?, ?, ?, ?)"
            ))
            .await?,
        })
    }
}

type IdentityRow = (
    Option<String>,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<String>,
);

#[async_trait]
impl SiteSettings for CassandraStore {
    async fn site_identity(&self, site: &Site) -> StoreResult<SiteIdentity> {
        let row: Option<IdentityRow> = self.row(&self.site.identity_read, (site.as_str(),)).await?;
        let Some((title, tagline, description, language, footer)) = row else {
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
            ),
        )
        .await?;
        Ok(())
    }
}
