//! Remote actors' pictures, one row each (`ap_avatars`): the last one kept wins.

use super::*;
use crate::store::federation::Avatar;

impl SqliteStore {
    pub(super) async fn avatar_row(&self, site: &Site, key: &str) -> StoreResult<Option<Avatar>> {
        let (site, key) = (site.to_string(), key.to_owned());
        // Kept AVATAR_DAYS, as Cassandra's rows live.
        let since = (crate::domain::now()
            - chrono::Duration::days(crate::store::federation::AVATAR_DAYS))
        .timestamp_millis();
        let row: Option<(String, Vec<u8>, i64)> = self
            .read(move |sql| {
                sql.prepare(
                    "SELECT source, jpeg, fetched FROM ap_avatars
                     WHERE site = ?1 AND key = ?2 AND fetched > ?3",
                )
                .and_then(|mut s| {
                    s.query_row(params![site, key, since], |r| {
                        Ok((r.get(0)?, r.get(1)?, r.get(2)?))
                    })
                    .optional()
                })
                .map_err(unavailable)
            })
            .await?;
        Ok(row.map(|(source, jpeg, fetched)| Avatar {
            source,
            jpeg,
            fetched: millis_to_time(fetched),
        }))
    }

    pub(super) async fn keep_avatar_row(
        &self,
        site: &Site,
        key: &str,
        avatar: &Avatar,
    ) -> StoreResult<()> {
        let (site, key, avatar) = (site.to_string(), key.to_owned(), avatar.clone());
        self.run(move |sql| {
            sql.prepare(
                "INSERT INTO ap_avatars (site, key, source, jpeg, fetched) VALUES (?1, ?2, ?3, ?4, ?5)
                 ON CONFLICT (site, key) DO UPDATE SET source = excluded.source,
                   jpeg = excluded.jpeg, fetched = excluded.fetched",
            )
            .and_then(|mut s| {
                s.execute(params![
                    site,
                    key,
                    avatar.source,
                    avatar.jpeg,
                    avatar.fetched.timestamp_millis()
                ])
            })
            .map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    pub(super) async fn drop_avatar_row(&self, site: &Site, key: &str) -> StoreResult<()> {
        let (site, key) = (site.to_string(), key.to_owned());
        self.run(move |sql| {
            sql.prepare("DELETE FROM ap_avatars WHERE site = ?1 AND key = ?2")
                .and_then(|mut s| s.execute(params![site, key]))
                .map_err(unavailable)?;
            Ok(())
        })
        .await
    }
}
