//! The servers failing every delivery lately, each kept until it answers or
//! `FAILING_DAYS` pass.

use super::*;
use crate::store::federation::{FAILING_DAYS, Failing};

impl SqliteStore {
    pub(super) async fn failing_rows(&self, site: &Site) -> StoreResult<Vec<Failing>> {
        let site = site.to_string();
        let now = crate::domain::now().timestamp_millis();
        let rows: Vec<(String, i64, String)> = self
            .read(|sql| {
                sql.prepare(
                    "SELECT server, since, last FROM ap_failing WHERE site = ?1 AND until > ?2
                     ORDER BY server",
                )
                .and_then(|mut s| {
                    s.query_map(params![site, now], |r| {
                        Ok((r.get(0)?, r.get(1)?, r.get(2)?))
                    })?
                    .collect()
                })
                .map_err(unavailable)
            })
            .await?;
        Ok(rows
            .into_iter()
            .map(|(server, since, last)| Failing {
                server,
                since: millis_to_time(since),
                last,
            })
            .collect())
    }

    pub(super) async fn failing_row(
        &self,
        site: &Site,
        server: &str,
    ) -> StoreResult<Option<Failing>> {
        let (site, server) = (site.to_string(), server.to_owned());
        let now = crate::domain::now().timestamp_millis();
        let row: Option<(i64, String)> = self
            .read(|sql| {
                sql.prepare(
                    "SELECT since, last FROM ap_failing WHERE site = ?1 AND server = ?2
                     AND until > ?3",
                )
                .and_then(|mut s| {
                    s.query_row(params![site, server, now], |r| Ok((r.get(0)?, r.get(1)?)))
                        .optional()
                })
                .map_err(unavailable)
            })
            .await?;
        Ok(row.map(|(since, last)| Failing {
            server: server.clone(),
            since: millis_to_time(since),
            last,
        }))
    }

    pub(super) async fn note_failing_row(&self, site: &Site, failing: &Failing) -> StoreResult<()> {
        let (site, f) = (site.to_string(), failing.clone());
        let until =
            (crate::domain::now() + chrono::Duration::days(FAILING_DAYS)).timestamp_millis();
        self.run(move |sql| {
            sql.prepare(
                "INSERT INTO ap_failing (site, server, since, last, until)
                 VALUES (?1, ?2, ?3, ?4, ?5)
                 ON CONFLICT (site, server) DO UPDATE SET since = excluded.since,
                 last = excluded.last, until = excluded.until",
            )
            .and_then(|mut s| {
                s.execute(params![
                    site,
                    f.server,
                    f.since.timestamp_millis(),
                    f.last,
                    until
                ])
            })
            .map_err(unavailable)?;
            Ok(())
        })
        .await
    }
}
