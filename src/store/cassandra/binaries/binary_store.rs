//! The [`BinaryStore`] contract on the tables and statements of `binaries`: chunks and
//! originals, their lives and the checksum and URL claims (by compare-and-set), the
//! refresher's leases, references and the site's files, renditions, logs, the
//! collector's candidates and each owner's usage.

use crate::domain::{Site, UserId};
use crate::store::binaries::{
    BinaryStore, Context, LOG_DAYS, Life, LogLine, Original, OriginalId, REFERENCES_PAGE, RefId,
    Reference, Rendition, StoredOriginal,
};
use crate::store::cassandra::binaries::{
    CassandraBinaries, ReferenceRow, Wanted, file_month, to_reference, unavailable,
};
use crate::store::cassandra::lwt::{is_cas_uncertain, lwt_applied};
use crate::store::{StoreError, StoreResult};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use futures_util::{StreamExt, TryStreamExt};
use scylla::value::{Counter, CqlTimeuuid};
use uuid::Uuid;

/// How many chunk deletes are in flight at once.
const DELETE_CONCURRENCY: usize = 16;

fn micros(t: DateTime<Utc>) -> i64 {
    t.timestamp_micros()
}

#[async_trait]
impl BinaryStore for CassandraBinaries {
    async fn put_chunk(&self, original: OriginalId, part: u32, data: Vec<u8>) -> StoreResult<()> {
        self.write(&self.st.chunk_put, (original.0, part as i32, data))
            .await
    }

    async fn chunk(&self, original: OriginalId, part: u32) -> StoreResult<Option<Vec<u8>>> {
        let rows: Vec<(Vec<u8>,)> = self
            .rows(&self.st.chunk_get, (original.0, part as i32))
            .await?;
        Ok(rows.into_iter().next().map(|(data,)| data))
    }

    async fn delete_chunks(&self, original: OriginalId, parts: u32) -> StoreResult<()> {
        futures_util::stream::iter(0..parts)
            .map(|part| self.write(&self.st.chunk_delete, (original.0, part as i32)))
            .buffer_unordered(DELETE_CONCURRENCY)
            .try_collect::<Vec<()>>()
            .await
            .map(drop)
    }

    async fn save_original(&self, o: &Original) -> StoreResult<()> {
        self.write(
            &self.st.original_put,
            (
                o.id.0,
                &o.mime,
                o.size as i64,
                o.created,
                o.last_checked,
                &o.checksum,
                &o.e_tag,
                &o.last_modified,
                o.status.as_str(),
                o.width.map(|w| w as i32),
                o.height.map(|h| h as i32),
                &o.url,
                &o.error,
                o.attempts as i32,
            ),
        )
        .await
    }

    async fn original(&self, id: OriginalId) -> StoreResult<Option<Original>> {
        type Row = (
            String,
            i64,
            DateTime<Utc>,
            Option<DateTime<Utc>>,
            String,
            Option<String>,
            Option<String>,
            String,
            Option<i32>,
            Option<i32>,
            Option<String>,
            Option<String>,
            Option<i32>,
        );
        let rows: Vec<Row> = self.rows(&self.st.original_get, (id.0,)).await?;
        rows.into_iter()
            .next()
            .map(
                |(
                    mime,
                    size,
                    created,
                    checked,
                    checksum,
                    e_tag,
                    modified,
                    status,
                    w,
                    h,
                    url,
                    error,
                    attempts,
                )| {
                    StoredOriginal {
                        mime,
                        size,
                        created,
                        last_checked: checked,
                        checksum,
                        e_tag,
                        last_modified: modified,
                        status,
                        width: w.map(i64::from),
                        height: h.map(i64::from),
                        url,
                        error,
                        attempts: attempts.map(i64::from),
                    }
                    .into_original(id)
                },
            )
            .transpose()
    }

    async fn delete_original(&self, id: OriginalId) -> StoreResult<()> {
        self.write(&self.st.renditions_delete, (id.0,)).await?;
        self.write(&self.st.original_delete, (id.0,)).await
    }

    async fn life(&self, id: OriginalId) -> StoreResult<Option<Life>> {
        let rows: Vec<(Option<String>,)> = self.rows(&self.st.life_get, (id.0,)).await?;
        match rows.into_iter().next() {
            Some((Some(life),)) => Life::parse(&life)
                .map(Some)
                .ok_or_else(|| StoreError::Corrupt(format!("life {life:?}"))),
            _ => Ok(None),
        }
    }

    async fn set_life(
        &self,
        id: OriginalId,
        from: Option<Life>,
        to: Option<Life>,
    ) -> StoreResult<bool> {
        let settled = async || Ok(self.life(id).await? == to);
        // A claim names its collector; a new original is made live by its upload alone.
        let wanted = match (from, to) {
            (_, Some(Life::Deleting(_))) | (None, Some(Life::Live)) => Wanted::Own,
            _ => Wanted::Anyones,
        };
        match (from.map(Life::text), to.map(Life::text)) {
            (None, Some(to)) => {
                self.cas(&self.st.life_create, (id.0, to), wanted, settled)
                    .await
            }
            (Some(from), Some(to)) => {
                self.cas(&self.st.life_move, (to, id.0, from), wanted, settled)
                    .await
            }
            (Some(from), None) => {
                self.cas(&self.st.life_delete, (id.0, from), wanted, settled)
                    .await
            }
            (None, None) => Ok(self.life(id).await?.is_none()),
        }
    }

    async fn claim_checksum(&self, checksum: &str, id: OriginalId) -> StoreResult<OriginalId> {
        for _ in 0..3 {
            match self.exec(&self.st.checksum_claim, (checksum, id.0)).await {
                Ok(result) => {
                    if lwt_applied(result)? {
                        return Ok(id);
                    }
                }
                Err(e) if is_cas_uncertain(&e) => {}
                Err(e) => return Err(unavailable(e)),
            }
            // The serial read completes any proposal in flight: it names the holder, or
            // none if the insert did not happen (then trying again is not a blind retry).
            if let Some(holder) = self.holder(checksum).await? {
                return Ok(holder);
            }
        }
        Err(StoreError::Unavailable(format!(
            "the claim of checksum {checksum} stayed contended"
        )))
    }

    async fn swap_checksum(
        &self,
        checksum: &str,
        from: OriginalId,
        to: Option<OriginalId>,
    ) -> StoreResult<bool> {
        match to {
            Some(to) => {
                let settled = async || Ok(self.holder(checksum).await? == Some(to));
                self.cas(
                    &self.st.checksum_move,
                    (to.0, checksum, from.0),
                    Wanted::Own,
                    settled,
                )
                .await
            }
            None => {
                let settled = async || Ok(self.holder(checksum).await? != Some(from));
                self.cas(
                    &self.st.checksum_release,
                    (checksum, from.0),
                    Wanted::Anyones,
                    settled,
                )
                .await
            }
        }
    }

    async fn claim_url(&self, url: &str, id: OriginalId) -> StoreResult<OriginalId> {
        for _ in 0..3 {
            match self.exec(&self.st.url_claim, (url, id.0)).await {
                Ok(result) => {
                    if lwt_applied(result)? {
                        return Ok(id);
                    }
                }
                Err(e) if is_cas_uncertain(&e) => {}
                Err(e) => return Err(unavailable(e)),
            }
            if let Some(holder) = self.url_holder(url).await? {
                return Ok(holder);
            }
        }
        Err(StoreError::Unavailable(format!(
            "the claim of URL {url} stayed contended"
        )))
    }

    async fn url_holder(&self, url: &str) -> StoreResult<Option<OriginalId>> {
        let rows: Vec<(Uuid,)> = self.rows(&self.st.url_get, (url,)).await?;
        Ok(rows.first().map(|(id,)| OriginalId(*id)))
    }

    async fn swap_url(
        &self,
        url: &str,
        from: OriginalId,
        to: Option<OriginalId>,
    ) -> StoreResult<bool> {
        match to {
            Some(to) => {
                let settled = async || Ok(self.url_holder(url).await? == Some(to));
                self.cas(&self.st.url_move, (to.0, url, from.0), Wanted::Own, settled)
                    .await
            }
            None => {
                let settled = async || Ok(self.url_holder(url).await? != Some(from));
                self.cas(
                    &self.st.url_release,
                    (url, from.0),
                    Wanted::Anyones,
                    settled,
                )
                .await
            }
        }
    }

    async fn mark_fetched(&self, id: OriginalId) -> StoreResult<()> {
        self.write(&self.st.fetched_mark, (id.shard() as i32, id.0))
            .await
    }

    async fn fetched(&self, shard: u32) -> StoreResult<Vec<OriginalId>> {
        let rows: Vec<(Uuid,)> = self.rows(&self.st.fetched_list, (shard as i32,)).await?;
        Ok(rows.into_iter().map(|(id,)| OriginalId(id)).collect())
    }

    async fn drop_fetched(&self, id: OriginalId) -> StoreResult<()> {
        self.write(&self.st.fetched_drop, (id.shard() as i32, id.0))
            .await
    }

    async fn lease_refresh(
        &self,
        id: OriginalId,
        holder: Uuid,
        hold: std::time::Duration,
    ) -> StoreResult<bool> {
        let ttl = i32::try_from(hold.as_secs().max(1)).unwrap_or(i32::MAX);
        let settled = async || {
            let rows: Vec<(Option<Uuid>,)> = self.rows(&self.st.lease_get, (id.0,)).await?;
            Ok(rows.into_iter().next().and_then(|(h,)| h) == Some(holder))
        };
        self.cas(
            &self.st.lease_take,
            (id.0, holder, ttl),
            Wanted::Own,
            settled,
        )
        .await
    }

    async fn release_refresh(&self, id: OriginalId, holder: Uuid) -> StoreResult<()> {
        // An uncertain release is as good as one: the lease expires anyway.
        match self.exec(&self.st.lease_release, (id.0, holder)).await {
            Ok(_) => Ok(()),
            Err(e) if is_cas_uncertain(&e) => Ok(()),
            Err(e) => Err(unavailable(e)),
        }
    }

    async fn add_reference(&self, r: &Reference) -> StoreResult<()> {
        let row = (
            r.id.as_str(),
            r.original.0,
            r.site.as_str(),
            r.context.as_str(),
            r.name.as_str(),
            r.owner.0,
            r.created,
            r.size as i64,
            r.url.as_deref(),
        );
        let month = file_month(r.created);
        let listed = (
            month,
            r.id.as_str(),
            r.original.0,
            r.site.as_str(),
            r.context.as_str(),
            r.name.as_str(),
            r.owner.0,
            r.created,
            r.size as i64,
            r.url.as_deref(),
        );
        self.session
            .batch(
                &self.st.reference_add,
                (
                    row,
                    row,
                    listed,
                    (r.site.as_str(), month),
                    (r.original.0, r.id.as_str()),
                ),
            )
            .await
            .map(drop)
            .map_err(unavailable)
    }

    async fn unlink_reference(&self, original: OriginalId, reference: &RefId) -> StoreResult<()> {
        self.write(&self.st.reference_unlink, (original.0, reference.as_str()))
            .await
    }

    async fn remove_reference(&self, r: &Reference) -> StoreResult<()> {
        self.session
            .batch(
                &self.st.reference_remove,
                (
                    (r.id.as_str(),),
                    (r.site.as_str(), r.context.as_str(), r.id.as_str()),
                    (
                        r.site.as_str(),
                        file_month(r.created),
                        r.created,
                        r.id.as_str(),
                    ),
                    (r.original.0, r.id.as_str()),
                ),
            )
            .await
            .map(drop)
            .map_err(unavailable)
    }

    async fn reference(&self, id: &RefId) -> StoreResult<Option<Reference>> {
        let rows: Vec<ReferenceRow> = self.rows(&self.st.reference_get, (id.as_str(),)).await?;
        rows.into_iter().next().map(to_reference).transpose()
    }

    async fn references_in(&self, site: &Site, context: &Context) -> StoreResult<Vec<Reference>> {
        let rows: Vec<ReferenceRow> = self
            .rows(&self.st.references_in, (site.as_str(), context.as_str()))
            .await?;
        rows.into_iter().map(to_reference).collect()
    }

    async fn files_of_site(
        &self,
        site: &Site,
        after: Option<(DateTime<Utc>, RefId)>,
        limit: u32,
    ) -> StoreResult<Vec<Reference>> {
        let limit = limit.min(1000) as usize;
        // The month to read first: the cursor's, or the newest with files.
        let mut month = match &after {
            Some((created, _)) => file_month(*created),
            None => match self.month_before(site, i32::MAX).await? {
                Some(month) => month,
                None => return Ok(Vec::new()),
            },
        };
        let mut after = after;
        let mut files = Vec::new();
        loop {
            let want = (limit - files.len()) as i32;
            let rows: Vec<ReferenceRow> = match after.take() {
                None => {
                    self.rows(&self.st.files_first, (site.as_str(), month, want))
                        .await?
                }
                Some((created, id)) => {
                    self.rows(
                        &self.st.files_after,
                        (site.as_str(), month, created, id.as_str(), want),
                    )
                    .await?
                }
            };
            for row in rows {
                files.push(to_reference(row)?);
            }
            if files.len() >= limit {
                return Ok(files);
            }
            match self.month_before(site, month).await? {
                Some(older) => month = older,
                None => return Ok(files),
            }
        }
    }

    async fn is_referenced(&self, original: OriginalId) -> StoreResult<bool> {
        Ok(!self.references_to(original, None, 1).await?.is_empty())
    }

    async fn references_to(
        &self,
        original: OriginalId,
        after: Option<&RefId>,
        limit: u32,
    ) -> StoreResult<Vec<RefId>> {
        let after = after.map_or("", |a| a.as_str());
        let limit = limit.min(REFERENCES_PAGE) as i32;
        let rows: Vec<(String,)> = self
            .rows(&self.st.references_to, (original.0, after, limit))
            .await?;
        rows.iter()
            .map(|(id,)| RefId::parse(id).map_err(StoreError::from))
            .collect()
    }

    async fn put_rendition(&self, r: &Rendition) -> StoreResult<()> {
        self.write(
            &self.st.rendition_put,
            (
                r.original.0,
                r.name.as_str(),
                r.mime.as_str(),
                r.width as i32,
                r.height as i32,
                &r.data,
            ),
        )
        .await
    }

    async fn rendition(&self, original: OriginalId, name: &str) -> StoreResult<Option<Rendition>> {
        let rows: Vec<(String, i32, i32, Vec<u8>)> = self
            .rows(&self.st.rendition_get, (original.0, name))
            .await?;
        Ok(rows
            .into_iter()
            .next()
            .map(|(mime, width, height, data)| Rendition {
                original,
                name: name.to_owned(),
                mime,
                width: width as u32,
                height: height as u32,
                data,
            }))
    }

    async fn log(&self, r: &Reference, message: &str) -> StoreResult<()> {
        // The clock's full precision, not `now()`'s milliseconds: two lines written in one
        // millisecond would share a timestamp and sort by the time UUID's clock sequence,
        // which wraps, so the later line could come first.
        let at = CqlTimeuuid::from(crate::domain::timeuuid::at(chrono::Utc::now()));
        let ttl = (LOG_DAYS * 24 * 3600) as i32;
        self.session
            .batch(
                &self.st.log_add,
                (
                    (r.id.as_str(), at, message, ttl),
                    (
                        r.site.as_str(),
                        r.context.as_str(),
                        at,
                        r.id.as_str(),
                        message,
                        ttl,
                    ),
                ),
            )
            .await
            .map(drop)
            .map_err(unavailable)
    }

    async fn log_of_context(&self, site: &Site, context: &Context) -> StoreResult<Vec<LogLine>> {
        let rows: Vec<(CqlTimeuuid, String, String)> = self
            .rows(&self.st.log_of_context, (site.as_str(), context.as_str()))
            .await?;
        // Read newest first, so that a read never walks the lines that expired.
        rows.into_iter()
            .rev()
            .map(|(at, reference, message)| {
                Ok(LogLine {
                    at: Uuid::from(at),
                    reference: RefId::parse(&reference)?,
                    message,
                })
            })
            .collect()
    }

    async fn log_of_reference(&self, reference: &RefId) -> StoreResult<Vec<LogLine>> {
        let rows: Vec<(CqlTimeuuid, String)> = self
            .rows(&self.st.log_of_reference, (reference.as_str(),))
            .await?;
        Ok(rows
            .into_iter()
            .rev()
            .map(|(at, message)| LogLine {
                at: Uuid::from(at),
                reference: reference.clone(),
                message,
            })
            .collect())
    }

    async fn mark_candidate(&self, id: OriginalId, since: DateTime<Utc>) -> StoreResult<()> {
        self.write(
            &self.st.gc_mark,
            (id.shard() as i32, id.0, since, micros(since)),
        )
        .await
    }

    async fn candidates(&self, shard: u32) -> StoreResult<Vec<(OriginalId, DateTime<Utc>)>> {
        let rows: Vec<(Uuid, DateTime<Utc>)> = self.rows(&self.st.gc_list, (shard as i32,)).await?;
        Ok(rows
            .into_iter()
            .map(|(id, since)| (OriginalId(id), since))
            .collect())
    }

    async fn drop_candidate(&self, id: OriginalId, seen: DateTime<Utc>) -> StoreResult<()> {
        self.write(&self.st.gc_drop, (micros(seen), id.shard() as i32, id.0))
            .await
    }

    async fn add_usage(&self, owner: UserId, delta: i64) -> StoreResult<()> {
        self.write(&self.st.usage_add, (Counter(delta), owner.0))
            .await
    }

    async fn usage(&self, owner: UserId) -> StoreResult<i64> {
        let rows: Vec<(Option<Counter>,)> = self.rows(&self.st.usage_get, (owner.0,)).await?;
        Ok(rows
            .first()
            .and_then(|(c,)| c.map(|c| c.0))
            .unwrap_or_default())
    }
}
