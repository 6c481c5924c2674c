//! Binaries fetched from URLs (`PUT /binaries`): the first fetch, deduplication by URL,
//! revalidation with conditional requests, and retries with backoff (RETRY, then ERROR).
//! Every step is logged on the references it concerns.

use super::fetch::{FetchError, Fetched, Fetcher};
use super::service::{Ingested, Received, Source, Upload, reference_for};
use super::{
    Binaries, GC_SHARDS, IngestError, Life, Original, OriginalId, REFERENCES_PAGE, RefId,
    Reference, Status,
};
use crate::domain::{UserId, now};
use crate::store::StoreError;
use chrono::{DateTime, Utc};

#[derive(Debug, thiserror::Error)]
pub enum FetchUrlError {
    /// The URL, or where it leads, is not allowed: nothing was stored.
    #[error("{0}")]
    Refused(String),
    #[error(transparent)]
    Ingest(#[from] IngestError),
}

impl From<StoreError> for FetchUrlError {
    fn from(e: StoreError) -> Self {
        FetchUrlError::Ingest(IngestError::Store(e))
    }
}

/// What a revalidation found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Revalidated {
    Unchanged,
    /// The origin has other bytes now: the references moved to this original.
    Changed(OriginalId),
    /// It failed; the status says whether it will be tried again.
    Failed(Status),
    /// Another refresher is looking at it; nothing was done.
    Busy,
}

fn name_of(url: &reqwest::Url) -> String {
    url.path_segments()
        .and_then(|mut s| s.next_back())
        .filter(|s| !s.is_empty())
        .map(|s| s.to_owned())
        .unwrap_or_else(|| url.host_str().unwrap_or("download").to_owned())
}

/// A registered media type as stored (`type/subtype`, lower case, no parameters), if it
/// is one.
fn registered_type(claimed: &str) -> Option<String> {
    let bare = claimed.split(';').next()?.trim().to_ascii_lowercase();
    let (kind, sub) = bare.split_once('/')?;
    let token = |t: &str| {
        !t.is_empty()
            && t.len() <= 100
            && t.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"!#$&-^_.+".contains(&b))
    };
    (token(kind) && token(sub)).then_some(bare)
}

impl Binaries {
    /// Registers a binary fetched from a URL under a context: shared with an earlier
    /// fetch of the same URL if that one holds, else fetched now. A fetch that fails for
    /// a while is kept as RETRY and tried again by the refresher.
    pub async fn fetch_url(
        &self,
        fetcher: &Fetcher,
        upload: Upload,
        url: &str,
        claimed: Option<&str>,
    ) -> Result<Ingested, FetchUrlError> {
        let url =
            super::fetch::check_url(url).map_err(|e| FetchUrlError::Refused(e.to_string()))?;
        let key = url.as_str().to_owned();
        // The file is named after its URL, whether it is fetched now or shared.
        let upload = Upload {
            name: name_of(&url),
            ..upload
        };
        if let Some(holder) = self.store.url_holder(&key).await?
            && let Some(earlier) = self.store.original(holder).await?
            && earlier.status != Status::Error
        {
            let mut reference = reference_for(upload.clone(), &earlier);
            reference.url = Some(key.clone());
            if !self.reserve(reference.owner, earlier.size).await? {
                return Err(IngestError::Quota(format!(
                    "This file does not fit in what is left of your {} for attachments.",
                    super::budget::human(self.limits.max_per_user)
                ))
                .into());
            }
            if self.point(&reference).await? {
                self.store
                    .log(
                        &reference,
                        &format!("{key} was fetched before: its copy is shared"),
                    )
                    .await?;
                return Ok(Ingested {
                    reference,
                    original: earlier,
                    deduplicated: true,
                });
            }
            self.refund(reference.owner, earlier.size).await;
        }
        match fetcher.get(&url, None, None).await {
            Ok(fetched) => {
                let source = source_of(&key, &fetched);
                let max = self.limits.max_file;
                let received = self
                    .receive(&upload, Some(&source), claimed, fetched.into_stream(max))
                    .await
                    .map_err(|e| match e {
                        IngestError::Body(m) if m.contains("larger than") => {
                            FetchUrlError::Ingest(IngestError::TooLarge(m))
                        }
                        other => FetchUrlError::Ingest(other),
                    })?;
                let reference = reference_for(upload, &received.original);
                let ingested = self.commit(reference, received).await?;
                self.remember_url(&key, &ingested).await?;
                let o = &ingested.original;
                let message = match (&o.status, &o.error) {
                    (Status::Error, Some(why)) => format!("fetched {key} and refused it: {why}"),
                    _ => format!(
                        "fetched {key} (ETag {}, Last-Modified {})",
                        o.e_tag.as_deref().unwrap_or("none"),
                        o.last_modified.as_deref().unwrap_or("none")
                    ),
                };
                self.store.log(&ingested.reference, &message).await?;
                Ok(ingested)
            }
            Err(FetchError::Refused(why)) => Err(FetchUrlError::Refused(why)),
            Err(FetchError::TooLarge(why)) => Err(IngestError::TooLarge(why).into()),
            Err(failure) => {
                // Kept without bytes: RETRY (tried again later) or ERROR (the origin said
                // it has no such file).
                let (status, attempts) = match failure {
                    FetchError::Gone(_) => (Status::Error, 1),
                    _ => (Status::Retry, 1),
                };
                let created = now();
                let original = Original {
                    id: OriginalId::new(),
                    // What it was registered as, until its bytes say otherwise.
                    mime: claimed
                        .and_then(registered_type)
                        .unwrap_or_else(|| "application/octet-stream".into()),
                    size: 0,
                    created,
                    last_checked: Some(created),
                    checksum: String::new(),
                    e_tag: None,
                    last_modified: None,
                    status,
                    width: None,
                    height: None,
                    url: Some(key.clone()),
                    error: Some(failure.to_string()),
                    attempts,
                };
                self.store.mark_candidate(original.id, created).await?;
                let reference = reference_for(upload, &original);
                let ingested = self
                    .commit(
                        reference,
                        Received {
                            original,
                            parts: 0,
                            renditions: Vec::new(),
                        },
                    )
                    .await?;
                if status == Status::Retry {
                    self.remember_url(&key, &ingested).await?;
                }
                self.store
                    .log(
                        &ingested.reference,
                        &match status {
                            Status::Retry => format!(
                                "fetching {key} failed ({failure}); trying again in {} s",
                                self.refresh.backoff(1).as_secs()
                            ),
                            _ => format!("fetching {key} failed for good ({failure})"),
                        },
                    )
                    .await?;
                Ok(ingested)
            }
        }
    }

    /// Records which original a URL gave, for sharing and revalidation.
    async fn remember_url(&self, url: &str, ingested: &Ingested) -> Result<(), StoreError> {
        let id = ingested.original.id;
        let holder = self.store.claim_url(url, id).await?;
        if holder != id {
            // The URL's earlier original is gone or failed: this one takes its place.
            let usable = self.store.life(holder).await? == Some(Life::Live)
                && self
                    .store
                    .original(holder)
                    .await?
                    .is_some_and(|o| o.status != Status::Error);
            if !usable {
                self.store.swap_url(url, holder, Some(id)).await?;
            }
        }
        self.store.mark_fetched(id).await
    }

    /// Looks at a fetched original again: a conditional request for a good copy, a new
    /// try for a failed one. One refresher at a time, across instances: it holds the
    /// original's lease meanwhile.
    pub async fn revalidate(
        &self,
        fetcher: &Fetcher,
        id: OriginalId,
    ) -> Result<Revalidated, StoreError> {
        let holder = uuid::Uuid::new_v4();
        if !self
            .store
            .lease_refresh(id, holder, self.refresh.lease)
            .await?
        {
            return Ok(Revalidated::Busy);
        }
        let outcome = self.revalidate_leased(fetcher, id).await;
        let released = self.store.release_refresh(id, holder).await;
        let outcome = outcome?;
        released?;
        Ok(outcome)
    }

    async fn revalidate_leased(
        &self,
        fetcher: &Fetcher,
        id: OriginalId,
    ) -> Result<Revalidated, StoreError> {
        let Some(original) = self.store.original(id).await? else {
            self.store.drop_fetched(id).await?;
            return Ok(Revalidated::Failed(Status::Error));
        };
        let Some(key) = original.url.clone() else {
            return Ok(Revalidated::Unchanged);
        };
        let references = self.references_of(id).await?;
        let Ok(url) = super::fetch::check_url(&key) else {
            return self
                .failed(original, &references, "the URL is no longer allowed", true)
                .await;
        };
        let conditional = original.has_bytes();
        let answer = if conditional {
            fetcher
                .get(
                    &url,
                    original.e_tag.as_deref(),
                    original.last_modified.as_deref(),
                )
                .await
        } else {
            fetcher.get(&url, None, None).await
        };
        let fetched = match answer {
            Ok(fetched) => fetched,
            Err(e) => {
                let permanent = matches!(e, FetchError::Refused(_) | FetchError::Gone(_));
                return self
                    .failed(original, &references, &e.to_string(), permanent)
                    .await;
            }
        };
        if fetched.not_modified {
            let (e_tag, modified) = (original.e_tag.clone(), original.last_modified.clone());
            return self
                .still_good(original, &references, e_tag, modified, "unchanged (304)")
                .await;
        }
        let Some(first) = references.first().cloned() else {
            // Nobody needs it any more; the collector will take it.
            self.store.drop_fetched(id).await?;
            return Ok(Revalidated::Unchanged);
        };
        let source = source_of(&key, &fetched);
        let upload = Upload {
            site: first.site.clone(),
            context: first.context.clone(),
            owner: first.owner,
            name: first.name.clone(),
        };
        let received = match self
            .receive(
                &upload,
                Some(&source),
                None,
                fetched.into_stream(self.limits.max_file),
            )
            .await
        {
            Ok(received) => received,
            Err(IngestError::Store(e)) => return Err(e),
            Err(e) => {
                return self
                    .failed(original, &references, &e.to_string(), false)
                    .await;
            }
        };
        if received.original.status == Status::Error {
            // Not what it was (an error page where an image was): a failed attempt, and
            // the good copy stays.
            let why = received.original.error.clone().unwrap_or_default();
            self.discard_received(first.owner, &received).await?;
            return self.failed(original, &references, &why, false).await;
        }
        if received.original.checksum == original.checksum {
            // The same bytes again (an origin without validators): keep the copy.
            self.discard_received(first.owner, &received).await?;
            return self
                .still_good(
                    original,
                    &references,
                    source.e_tag,
                    source.last_modified,
                    "the same bytes",
                )
                .await;
        }
        // New bytes: the first reference commits them, the others follow it.
        let moved = match self.commit(first.clone(), received).await {
            Ok(moved) => moved,
            Err(IngestError::Store(e)) => return Err(e),
            Err(e) => {
                return self
                    .failed(original, &references, &e.to_string(), false)
                    .await;
            }
        };
        self.store.unlink_reference(id, &first.id).await?;
        // The commit counted the new size for the first reference; each reference now
        // accounts for the new bytes instead of the old.
        self.store
            .add_usage(first.owner, -(first.size as i64))
            .await?;
        let new = moved.original.id;
        for reference in &references[1..] {
            let mut follower = reference.clone();
            follower.original = new;
            follower.size = moved.original.size;
            if self.point(&follower).await? {
                self.store.unlink_reference(id, &reference.id).await?;
                self.store
                    .add_usage(
                        reference.owner,
                        moved.original.size as i64 - reference.size as i64,
                    )
                    .await?;
            } else {
                // Cannot happen to a fresh live original; keep the old copy then.
                self.store.add_reference(reference).await?;
            }
        }
        self.store.swap_url(&key, id, Some(new)).await?;
        self.store.mark_fetched(new).await?;
        self.store.drop_fetched(id).await?;
        self.store.mark_candidate(id, now()).await?;
        for reference in &references {
            self.store
                .log(
                    reference,
                    &format!(
                        "{key} changed at the origin (ETag {}): now original {new}, {} bytes",
                        moved.original.e_tag.as_deref().unwrap_or("none"),
                        moved.original.size
                    ),
                )
                .await?;
        }
        Ok(Revalidated::Changed(new))
    }

    /// Drops bytes received but not committed, and the quota they took.
    async fn discard_received(&self, owner: UserId, received: &Received) -> Result<(), StoreError> {
        let id = received.original.id;
        self.store.delete_chunks(id, received.parts).await?;
        self.store.drop_candidate(id, now()).await?;
        self.refund(owner, received.original.size).await;
        Ok(())
    }

    /// The origin still has what is stored: checked now, failures forgotten.
    async fn still_good(
        &self,
        original: Original,
        references: &[Reference],
        e_tag: Option<String>,
        last_modified: Option<String>,
        how: &str,
    ) -> Result<Revalidated, StoreError> {
        let url = original.url.clone().unwrap_or_default();
        let checked = Original {
            last_checked: Some(now()),
            e_tag,
            last_modified,
            attempts: 0,
            status: Status::Ok,
            error: None,
            ..original
        };
        self.store.save_original(&checked).await?;
        for reference in references {
            self.store
                .log(reference, &format!("revalidated {url}: {how}"))
                .await?;
        }
        Ok(Revalidated::Unchanged)
    }

    async fn references_of(&self, id: OriginalId) -> Result<Vec<Reference>, StoreError> {
        let mut references = Vec::new();
        let mut after: Option<RefId> = None;
        loop {
            let page = self
                .store
                .references_to(id, after.as_ref(), REFERENCES_PAGE)
                .await?;
            for rid in &page {
                if let Some(reference) = self.store.reference(rid).await?
                    && reference.original == id
                {
                    references.push(reference);
                }
            }
            if page.len() < REFERENCES_PAGE as usize {
                break;
            }
            after = page.last().cloned();
        }
        references.sort_by(|a, b| a.created.cmp(&b.created).then(a.id.cmp(&b.id)));
        Ok(references)
    }

    /// A failed attempt: RETRY with backoff, ERROR after the last attempt or at once for
    /// a permanent failure. A good copy already stored is kept and still served.
    async fn failed(
        &self,
        original: Original,
        references: &[Reference],
        why: &str,
        permanent: bool,
    ) -> Result<Revalidated, StoreError> {
        let mut failed = original;
        failed.attempts += 1;
        failed.last_checked = Some(now());
        failed.error = Some(why.to_owned());
        let give_up = permanent || failed.attempts >= self.refresh.max_attempts;
        failed.status = if give_up {
            Status::Error
        } else {
            Status::Retry
        };
        self.store.save_original(&failed).await?;
        if give_up {
            self.store.drop_fetched(failed.id).await?;
        }
        let url = failed.url.clone().unwrap_or_default();
        let message = if give_up {
            format!(
                "fetching {url} failed (attempt {}): {why}; given up{}",
                failed.attempts,
                if failed.size > 0 {
                    ", the last good copy is kept"
                } else {
                    ""
                }
            )
        } else {
            format!(
                "fetching {url} failed (attempt {}): {why}; trying again in {} s",
                failed.attempts,
                self.refresh.backoff(failed.attempts).as_secs()
            )
        };
        for reference in references {
            self.store.log(reference, &message).await?;
        }
        Ok(Revalidated::Failed(failed.status))
    }

    /// One pass over every fetched original that is due.
    pub async fn refresh(&self, fetcher: &Fetcher, at: DateTime<Utc>) -> Result<usize, StoreError> {
        let mut looked_at = 0;
        for shard in 0..GC_SHARDS {
            for id in self.store.fetched(shard).await? {
                let Some(original) = self.store.original(id).await? else {
                    self.store.drop_fetched(id).await?;
                    continue;
                };
                if self.refresh.due(&original, at)
                    && self.revalidate(fetcher, id).await? != Revalidated::Busy
                {
                    looked_at += 1;
                }
            }
        }
        Ok(looked_at)
    }

    /// Runs [`Binaries::refresh`] on its own schedule.
    pub fn spawn_refresher(&self, jobs: &crate::infra::jobs::Jobs, fetcher: Fetcher) {
        let binaries = self.clone();
        jobs.every("refresher", self.refresh.every, move |_| {
            let (binaries, fetcher) = (binaries.clone(), fetcher.clone());
            async move {
                binaries
                    .refresh(&fetcher, now())
                    .await
                    .map(|_| ())
                    .map_err(|e| e.to_string())
            }
        });
    }
}

fn source_of(url: &str, fetched: &Fetched) -> Source {
    Source {
        url: url.to_owned(),
        e_tag: fetched.e_tag.clone(),
        last_modified: fetched.last_modified.clone(),
    }
}
