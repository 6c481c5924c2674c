//! The binary service's data contract: the records of originals, references,
//! renditions and the log, and [`BinaryStore`], whose each method is one small step of the
//! protocols in `binaries::service` and `binaries::collector`. What must be atomic is
//! atomic in both adapters (a compare-and-set is an LWT on Cassandra and a conditional
//! UPDATE under SQLite's single writer).

use super::StoreResult;
use crate::domain::{Invalid, Site, UserId};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use uuid::Uuid;

/// The size of one stored chunk of an original. Small enough that a chunk is a small
/// mutation for Cassandra (far below its 16 MiB mutation limit), that a streamed upload
/// or download holds one chunk at a time, and that a Range request reads only the chunks
/// it covers; large enough that a 100 MB file is 400 writes. Each chunk is a partition of
/// its own, so a large file spreads over the ring instead of making one huge partition.
pub const CHUNK_SIZE: usize = 256 * 1024;

/// How many shards the collector's candidate list has: each is one partition, read whole.
pub const GC_SHARDS: u32 = 16;

/// How long a line of a file's log is kept (on Cassandra, its TTL), which bounds a log's
/// partitions: a file gets a line or two a day (its daily revalidation).
pub const LOG_DAYS: i64 = 90;

/// The most lines a log page shows: the newest.
pub const LOG_LINES: usize = 500;

/// The most references to one original read at once.
pub const REFERENCES_PAGE: u32 = 1000;

/// An original: stored bytes. Random (version 4): its checksum is found through the
/// checksum table, which an LWT claims, so that two uploads of the same bytes agree.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OriginalId(pub Uuid);

impl OriginalId {
    pub fn new() -> Self {
        Self(Uuid::new_v4())
    }

    /// Which collector shard lists this original.
    pub fn shard(&self) -> u32 {
        u32::from(self.0.as_bytes()[0]) % GC_SHARDS
    }
}

impl Default for OriginalId {
    fn default() -> Self {
        Self::new()
    }
}

impl std::fmt::Display for OriginalId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.simple().fmt(f)
    }
}

/// A reference id: 16 characters of Crockford base 32 (80 random bits), upper case like
/// the binary service's `AB123CD`. Unguessable, so a reference of a draft is not found
/// by trying.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RefId(String);

const CROCKFORD: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const REF_LEN: usize = 16;

impl RefId {
    pub fn new() -> Self {
        let bytes = crate::domain::token::random_bytes::<10>();
        let mut bits: u128 = 0;
        for b in bytes {
            bits = (bits << 8) | u128::from(b);
        }
        let id = (0..REF_LEN)
            .rev()
            .map(|i| CROCKFORD[((bits >> (i * 5)) & 31) as usize] as char)
            .collect();
        Self(id)
    }

    pub fn parse(input: &str) -> Result<Self, Invalid> {
        if input.len() == REF_LEN && input.bytes().all(|b| CROCKFORD.contains(&b)) {
            Ok(Self(input.to_owned()))
        } else {
            Err(Invalid::new(format!(
                "{:?} is not a binary reference (16 characters, 0-9 and A-Z without I, L, O, U).",
                truncate(input, 40)
            )))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl Default for RefId {
    fn default() -> Self {
        Self::new()
    }
}

impl std::fmt::Display for RefId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

fn truncate(s: &str, max: usize) -> &str {
    match s.char_indices().nth(max) {
        Some((i, _)) => &s[..i],
        None => s,
    }
}

/// What a binary belongs to: `post:<post id>`. Stored beside its site.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Context(String);

impl Context {
    pub fn post(id: crate::domain::PostId) -> Self {
        Self(format!("post:{}", id.0.simple()))
    }

    pub fn parse(input: &str) -> Result<Self, Invalid> {
        match input.strip_prefix("post:").map(Uuid::try_parse) {
            Some(Ok(id)) => Ok(Self(format!("post:{}", id.simple()))),
            _ => Err(Invalid::new(format!(
                "{:?} is not a context; a context is post:<post id>.",
                truncate(input, 60)
            ))),
        }
    }

    /// The post this context names.
    pub fn post_id(&self) -> Option<crate::domain::PostId> {
        self.0
            .strip_prefix("post:")
            .and_then(|id| Uuid::try_parse(id).ok())
            .map(crate::domain::PostId)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for Context {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The state of an original's bytes (the binary service's status).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Stored and usable.
    Ok,
    /// Refused for good (not what it claims to be, undecodable, too large...): no bytes.
    Error,
    /// A fetch failed and will be tried again.
    Retry,
}

impl Status {
    /// The status a stored row names; anything else is a corrupt row.
    pub fn from_stored(text: &str) -> StoreResult<Status> {
        Status::parse(text).ok_or_else(|| super::StoreError::Corrupt(format!("status {text:?}")))
    }
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Ok => "OK",
            Status::Error => "ERROR",
            Status::Retry => "RETRY",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "OK" => Some(Status::Ok),
            "ERROR" => Some(Status::Error),
            "RETRY" => Some(Status::Retry),
            _ => None,
        }
    }
}

/// Where an original stands with the collector. Changed only by compare-and-set (an LWT
/// on Cassandra): references are added to `Live` originals only; a collector claims an
/// original (`Live` to `Deleting`) before it reads its references, and deletes it only
/// after moving its own claim to `Gone`, which is final. No row at all means "not
/// committed yet" (an upload in progress).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Life {
    Live,
    /// Claimed by one collector: only that claim may move it on (back to `Live`, or to
    /// `Gone`); another collector takes it over only once the claim has expired.
    Deleting(Claim),
    /// Deleted, or being deleted. Never revived, and never removed: it also fences an
    /// upload that outlived its grace (its commit, a create of the row, fails).
    Gone,
}

/// One collector's claim on an original: who, and since when.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Claim {
    pub by: Uuid,
    pub at: DateTime<Utc>,
}

impl Claim {
    pub fn new(at: DateTime<Utc>) -> Self {
        Self {
            by: Uuid::new_v4(),
            at,
        }
    }
}

impl Life {
    /// As stored: `live`, `gone`, or `deleting <milliseconds> <claim>`.
    pub fn text(self) -> String {
        match self {
            Life::Live => "live".into(),
            Life::Gone => "gone".into(),
            Life::Deleting(claim) => format!(
                "deleting {} {}",
                claim.at.timestamp_millis(),
                claim.by.simple()
            ),
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "live" => Some(Life::Live),
            "gone" => Some(Life::Gone),
            // Written before claims were named: as good as expired.
            "deleting" => Some(Life::Deleting(Claim {
                by: Uuid::nil(),
                at: DateTime::UNIX_EPOCH,
            })),
            _ => {
                let mut words = s.strip_prefix("deleting ")?.split(' ');
                let at = DateTime::from_timestamp_millis(words.next()?.parse().ok()?)?;
                let by = Uuid::try_parse(words.next()?).ok()?;
                words
                    .next()
                    .is_none()
                    .then_some(Life::Deleting(Claim { by, at }))
            }
        }
    }
}

/// An original's description (the binary service's `originals` row).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Original {
    pub id: OriginalId,
    /// Sniffed from the bytes, never taken from the client.
    pub mime: String,
    pub size: u64,
    pub created: DateTime<Utc>,
    /// When a fetched original was last revalidated with its origin.
    pub last_checked: Option<DateTime<Utc>>,
    /// Hex SHA-256 of the bytes.
    pub checksum: String,
    pub e_tag: Option<String>,
    pub last_modified: Option<String>,
    pub status: Status,
    /// Pixel size of a raster image.
    pub width: Option<u32>,
    pub height: Option<u32>,
    /// Where a fetched original came from.
    pub url: Option<String>,
    /// Why the status is ERROR or RETRY.
    pub error: Option<String>,
    /// Failed fetches since the last good one (backoff and giving up count them).
    pub attempts: u32,
}

impl Original {
    /// Whether there are bytes to serve: an OK original, or one whose origin failed after
    /// a good fetch (the last good copy is kept).
    pub fn has_bytes(&self) -> bool {
        self.status == Status::Ok || self.size > 0
    }

    /// How many chunks hold its bytes.
    pub fn parts(&self) -> u32 {
        self.size.div_ceil(CHUNK_SIZE as u64) as u32
    }

    /// A raster image browsers show inline (never SVG, which can carry script).
    pub fn is_raster(&self) -> bool {
        matches!(
            self.mime.as_str(),
            "image/jpeg" | "image/png" | "image/gif" | "image/webp"
        )
    }
}

/// A reference: one use of an original in a context.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reference {
    pub id: RefId,
    pub original: OriginalId,
    pub site: Site,
    pub context: Context,
    /// The file name it was uploaded with (cleaned), used for downloads.
    pub name: String,
    pub owner: UserId,
    pub created: DateTime<Utc>,
    pub size: u64,
    /// The URL it was fetched from, if it was.
    pub url: Option<String>,
}

/// An original as a store keeps it, before its values are checked: both adapters read
/// their row into this, and [`StoredOriginal::into_original`] is the one conversion.
#[derive(Debug, Clone)]
pub struct StoredOriginal {
    pub mime: String,
    pub size: i64,
    pub created: DateTime<Utc>,
    pub last_checked: Option<DateTime<Utc>>,
    pub checksum: String,
    pub e_tag: Option<String>,
    pub last_modified: Option<String>,
    pub status: String,
    pub width: Option<i64>,
    pub height: Option<i64>,
    pub url: Option<String>,
    pub error: Option<String>,
    /// Absent in rows written before attempts were counted.
    pub attempts: Option<i64>,
}

impl StoredOriginal {
    pub fn into_original(self, id: OriginalId) -> StoreResult<Original> {
        let count = |n: i64| u32::try_from(n.max(0)).unwrap_or(u32::MAX);
        Ok(Original {
            id,
            mime: self.mime,
            size: self.size.max(0) as u64,
            created: self.created,
            last_checked: self.last_checked,
            checksum: self.checksum,
            e_tag: self.e_tag,
            last_modified: self.last_modified,
            status: Status::from_stored(&self.status)?,
            width: self.width.map(count),
            height: self.height.map(count),
            url: self.url,
            error: self.error,
            attempts: self.attempts.map_or(0, count),
        })
    }
}

/// A reference as a store keeps it: its names as text, parsed again by
/// [`StoredReference::into_reference`], the one conversion both adapters use.
#[derive(Debug, Clone)]
pub struct StoredReference {
    pub id: String,
    pub original: OriginalId,
    pub site: String,
    pub context: String,
    pub name: String,
    pub owner: UserId,
    pub created: DateTime<Utc>,
    pub size: i64,
    pub url: Option<String>,
}

impl StoredReference {
    pub fn into_reference(self) -> StoreResult<Reference> {
        Ok(Reference {
            id: RefId::parse(&self.id)?,
            original: self.original,
            site: Site::parse(&self.site)?,
            context: Context::parse(&self.context)?,
            name: self.name,
            owner: self.owner,
            created: self.created,
            size: self.size.max(0) as u64,
            url: self.url,
        })
    }
}

/// A stored rendition of an image: one of the named sizes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rendition {
    pub original: OriginalId,
    pub name: String,
    pub mime: String,
    pub width: u32,
    pub height: u32,
    pub data: Vec<u8>,
}

/// One line of a context's processing log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogLine {
    /// A version-1 time UUID: the log's order.
    pub at: Uuid,
    pub reference: RefId,
    pub message: String,
}

impl LogLine {
    pub fn time(&self) -> DateTime<Utc> {
        crate::domain::timeuuid::time_of(self.at).unwrap_or_default()
    }
}

#[async_trait]
pub trait BinaryStore: Send + Sync {
    // The bytes, in numbered chunks of `CHUNK_SIZE`.
    async fn put_chunk(&self, original: OriginalId, part: u32, data: Vec<u8>) -> StoreResult<()>;
    async fn chunk(&self, original: OriginalId, part: u32) -> StoreResult<Option<Vec<u8>>>;
    async fn delete_chunks(&self, original: OriginalId, parts: u32) -> StoreResult<()>;

    // The description of an original.
    async fn save_original(&self, original: &Original) -> StoreResult<()>;
    async fn original(&self, id: OriginalId) -> StoreResult<Option<Original>>;
    /// Deletes the description and the renditions.
    async fn delete_original(&self, id: OriginalId) -> StoreResult<()>;

    /// The collector state, read linearizably (a serial read on Cassandra).
    async fn life(&self, id: OriginalId) -> StoreResult<Option<Life>>;
    /// Compare-and-set of the collector state (`None`: no row). True when applied; an
    /// uncertain outcome is settled by a serial read, never by a blind retry.
    async fn set_life(
        &self,
        id: OriginalId,
        from: Option<Life>,
        to: Option<Life>,
    ) -> StoreResult<bool>;

    /// Claims a checksum for an original if no original holds it; returns the holder.
    async fn claim_checksum(&self, checksum: &str, id: OriginalId) -> StoreResult<OriginalId>;
    /// Moves a checksum from one original to another (`None`: releases it) if `from`
    /// still holds it. True when applied.
    async fn swap_checksum(
        &self,
        checksum: &str,
        from: OriginalId,
        to: Option<OriginalId>,
    ) -> StoreResult<bool>;

    /// Claims a URL for an original if none holds it; returns the holder.
    async fn claim_url(&self, url: &str, id: OriginalId) -> StoreResult<OriginalId>;
    async fn url_holder(&self, url: &str) -> StoreResult<Option<OriginalId>>;
    /// Moves a URL from one original to another (`None`: releases it) if `from` still
    /// holds it. True when applied.
    async fn swap_url(
        &self,
        url: &str,
        from: OriginalId,
        to: Option<OriginalId>,
    ) -> StoreResult<bool>;
    /// The list of fetched originals, per shard, that revalidation walks (each
    /// original's URL is in its own row).
    async fn mark_fetched(&self, id: OriginalId) -> StoreResult<()>;
    async fn fetched(&self, shard: u32) -> StoreResult<Vec<OriginalId>>;
    async fn drop_fetched(&self, id: OriginalId) -> StoreResult<()>;
    /// Takes the lease on revalidating a fetched original for `hold`, unless another
    /// refresher holds an unexpired one. True when taken.
    async fn lease_refresh(
        &self,
        id: OriginalId,
        holder: Uuid,
        hold: std::time::Duration,
    ) -> StoreResult<bool>;
    /// Gives the lease back, if `holder` still holds it.
    async fn release_refresh(&self, id: OriginalId, holder: Uuid) -> StoreResult<()>;

    /// Writes every row of a reference: by id, by context, by site, by original.
    async fn add_reference(&self, reference: &Reference) -> StoreResult<()>;
    /// Removes the reference's "references of this original" row (SQLite: the reference,
    /// if it still points at that original): undoes a pointing at another original.
    async fn unlink_reference(&self, original: OriginalId, reference: &RefId) -> StoreResult<()>;
    /// Removes every row of a reference.
    async fn remove_reference(&self, reference: &Reference) -> StoreResult<()>;
    async fn reference(&self, id: &RefId) -> StoreResult<Option<Reference>>;
    async fn references_in(&self, site: &Site, context: &Context) -> StoreResult<Vec<Reference>>;
    /// A page of a site's files, newest first: the `limit` after the cursor `(created,
    /// reference)` of the last one seen.
    async fn files_of_site(
        &self,
        site: &Site,
        after: Option<(DateTime<Utc>, RefId)>,
        limit: u32,
    ) -> StoreResult<Vec<Reference>>;
    /// Whether any reference points at an original, read at a consistency that sees
    /// every completed `add_reference` (QUORUM on Cassandra): one row at most is read.
    async fn is_referenced(&self, original: OriginalId) -> StoreResult<bool>;
    /// A page of the references that point at an original, by id: the `limit` (at most
    /// `REFERENCES_PAGE`) after `after`, at the same consistency.
    async fn references_to(
        &self,
        original: OriginalId,
        after: Option<&RefId>,
        limit: u32,
    ) -> StoreResult<Vec<RefId>>;

    async fn put_rendition(&self, rendition: &Rendition) -> StoreResult<()>;
    async fn rendition(&self, original: OriginalId, name: &str) -> StoreResult<Option<Rendition>>;

    /// Appends to a reference's log and to its context's log, for `LOG_DAYS`.
    async fn log(&self, reference: &Reference, message: &str) -> StoreResult<()>;
    /// The newest `LOG_LINES` lines of a context's log from the last `LOG_DAYS`, in time
    /// order.
    async fn log_of_context(&self, site: &Site, context: &Context) -> StoreResult<Vec<LogLine>>;
    /// The same for one reference.
    async fn log_of_reference(&self, reference: &RefId) -> StoreResult<Vec<LogLine>>;

    /// The collector's list of originals to look at, per shard.
    async fn mark_candidate(&self, id: OriginalId, since: DateTime<Utc>) -> StoreResult<()>;
    async fn candidates(&self, shard: u32) -> StoreResult<Vec<(OriginalId, DateTime<Utc>)>>;
    /// Drops a candidate unless it was marked again after `seen` (a newer mark survives:
    /// on Cassandra the mark's write time is its `since`, and the drop is a delete at
    /// the write time `seen`).
    async fn drop_candidate(&self, id: OriginalId, seen: DateTime<Utc>) -> StoreResult<()>;

    /// Bytes a user's references account for.
    async fn add_usage(&self, owner: UserId, delta: i64) -> StoreResult<()>;
    async fn usage(&self, owner: UserId) -> StoreResult<i64>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reference_ids_are_16_crockford_characters_and_parse_back() {
        let ids: std::collections::HashSet<RefId> = (0..1000).map(|_| RefId::new()).collect();
        assert_eq!(ids.len(), 1000);
        for id in ids.iter().take(50) {
            assert_eq!(RefId::parse(id.as_str()).unwrap(), *id);
        }
        for bad in [
            "",
            "ab12",
            "AB12CD34EF56GH7I",
            "AB12CD34EF56GH78X",
            "../etc/passwd",
        ] {
            assert!(RefId::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn contexts_name_a_post() {
        let id = Uuid::new_v4();
        let c = Context::parse(&format!("post:{id}")).unwrap();
        assert_eq!(c.as_str(), format!("post:{}", id.simple()));
        assert_eq!(c.post_id().unwrap().0, id);
        for bad in ["", "post:", "post:xyz", "page:1", "<script>"] {
            assert!(Context::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn lives_are_stored_as_text_and_parse_back() {
        let claim = Claim {
            by: Uuid::new_v4(),
            at: DateTime::from_timestamp_millis(1_790_000_000_123).unwrap(),
        };
        for life in [Life::Live, Life::Gone, Life::Deleting(claim)] {
            assert_eq!(Life::parse(&life.text()), Some(life));
        }
        assert_eq!(
            Life::parse("deleting"),
            Some(Life::Deleting(Claim {
                by: Uuid::nil(),
                at: DateTime::UNIX_EPOCH
            }))
        );
        for bad in [
            "",
            "dead",
            "deleting x y",
            "deleting 1",
            "deleting 1 abc",
            "live ",
        ] {
            assert_eq!(Life::parse(bad), None, "{bad}");
        }
    }
}
