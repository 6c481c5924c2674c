//! Remote actors' pictures (`ap_avatars`): one row a partition, plain writes only (the
//! last one kept wins).

use super::CassandraStore;
use crate::domain::Site;
use crate::store::StoreResult;
use crate::store::federation::Avatar;
use chrono::{DateTime, Utc};
use scylla::client::session::Session;
use scylla::errors::ExecutionError;
use scylla::statement::prepared::PreparedStatement;

/// The statements of this file, prepared once at start.
pub(super) struct Statements {
    read: PreparedStatement,
    write: PreparedStatement,
    delete: PreparedStatement,
}

impl Statements {
    pub(super) async fn prepare(session: &Session, ks: &str) -> Result<Self, ExecutionError> {
        let prepare = |cql: String| super::prepare(session, cql);
        Ok(Self {
            read: prepare(format!(
                "SELECT source, jpeg, fetched FROM {ks}.ap_avatars WHERE site = ? AND key = ?"
            ))
            .await?,
            write: prepare(format!(
                "INSERT INTO {ks}.ap_avatars (site, key, source, jpeg, fetched) VALUES (?, ?, ?, ?, ?)"
            ))
            .await?,
            delete: prepare(format!(
                "DELETE FROM {ks}.ap_avatars WHERE site = ? AND key = ?"
            ))
            .await?,
        })
    }
}

impl CassandraStore {
    pub(super) async fn avatar_row(&self, site: &Site, key: &str) -> StoreResult<Option<Avatar>> {
        let row: Option<(String, Vec<u8>, DateTime<Utc>)> = self
            .row(&self.federation.avatars.read, (site.as_str(), key))
            .await?;
        Ok(row.map(|(source, jpeg, fetched)| Avatar {
            source,
            jpeg,
            fetched,
        }))
    }

    pub(super) async fn keep_avatar_row(
        &self,
        site: &Site,
        key: &str,
        avatar: &Avatar,
    ) -> StoreResult<()> {
        self.exec(
            &self.federation.avatars.write,
            (
                site.as_str(),
                key,
                avatar.source.as_str(),
                avatar.jpeg.as_slice(),
                avatar.fetched,
            ),
        )
        .await?;
        Ok(())
    }

    pub(super) async fn drop_avatar_row(&self, site: &Site, key: &str) -> StoreResult<()> {
        self.exec(&self.federation.avatars.delete, (site.as_str(), key))
            .await?;
        Ok(())
    }
}
