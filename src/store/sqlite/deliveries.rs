//! Each attempt at a delivery: claimed (one caller of any number racing), ended, its
//! failure noted with the attempt it was, and hastened by an administrator once no
//! attempt is in flight.

use super::*;

impl SqliteStore {
    pub(super) async fn claim_attempt_row(
        &self,
        site: &Site,
        activity: Uuid,
        inbox: &str,
        seen: u32,
        until: DateTime<Utc>,
    ) -> StoreResult<bool> {
        let (site, inbox) = (site.to_string(), inbox.to_owned());
        self.run(move |sql| {
            let claimed = sql
                .prepare(
                    "UPDATE ap_deliveries SET attempts = ?4 + 1, due = ?5
                     WHERE site = ?1 AND activity = ?2 AND inbox = ?3 AND attempts = ?4
                       AND ended = 0",
                )
                .and_then(|mut s| {
                    s.execute(params![
                        site,
                        activity.to_string(),
                        inbox,
                        i64::from(seen),
                        until.timestamp_millis()
                    ])
                })
                .map_err(unavailable)?;
            Ok(claimed == 1)
        })
        .await
    }

    pub(super) async fn end_delivery_row(
        &self,
        site: &Site,
        activity: Uuid,
        inbox: &str,
        failure: Option<&str>,
    ) -> StoreResult<()> {
        let (site, inbox, failure) = (
            site.to_string(),
            inbox.to_owned(),
            failure.map(str::to_owned),
        );
        self.run(move |sql| {
            sql.prepare(
                "UPDATE ap_deliveries SET ended = 1, failure = ?4
                 WHERE site = ?1 AND activity = ?2 AND inbox = ?3",
            )
            .and_then(|mut s| s.execute(params![site, activity.to_string(), inbox, failure]))
            .map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    pub(super) async fn note_failure_row(
        &self,
        site: &Site,
        activity: Uuid,
        inbox: &str,
        attempt: u32,
        failure: &str,
    ) -> StoreResult<()> {
        let (site, inbox, failure) = (site.to_string(), inbox.to_owned(), failure.to_owned());
        self.run(move |sql| {
            sql.prepare(
                "UPDATE ap_deliveries SET failure = ?4, failed = ?5
                 WHERE site = ?1 AND activity = ?2 AND inbox = ?3",
            )
            .and_then(|mut s| {
                s.execute(params![
                    site,
                    activity.to_string(),
                    inbox,
                    failure,
                    i64::from(attempt)
                ])
            })
            .map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    pub(super) async fn hasten_delivery_row(
        &self,
        site: &Site,
        activity: Uuid,
        inbox: &str,
        attempt: u32,
        at: DateTime<Utc>,
    ) -> StoreResult<bool> {
        let (site, inbox) = (site.to_string(), inbox.to_owned());
        self.run(move |sql| {
            let hastened = sql
                .prepare(
                    "UPDATE ap_deliveries SET due = ?5
                     WHERE site = ?1 AND activity = ?2 AND inbox = ?3 AND attempts = ?4
                       AND failed = ?4 AND ?4 > 0 AND ended = 0",
                )
                .and_then(|mut s| {
                    s.execute(params![
                        site,
                        activity.to_string(),
                        inbox,
                        i64::from(attempt),
                        at.timestamp_millis()
                    ])
                })
                .map_err(unavailable)?;
            Ok(hastened == 1)
        })
        .await
    }
}
