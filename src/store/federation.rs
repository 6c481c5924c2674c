//! The fediverse contract: the remote actors following the site's actors, the activities
//! the site sends with their deliveries (one per receiving inbox, retried until they
//! arrive or give up), and the ids of activities already received.
//!
//! A local actor is named as its key is (`site`, or an author's id): see
//! [`crate::store::site::actor_key_name`].

use super::*;
use uuid::Uuid;

/// Shards of one actor's followers, by a hash of the follower's id.
pub const FOLLOWER_SHARDS: i32 = 64;

/// The longest actor id, inbox or activity id kept, in bytes (longer ones are refused
/// before anything is kept).
pub const MAX_ID_LENGTH: usize = 1_024;

/// The most remote followers one actor has (follows at the same moment can pass it
/// together); a follow past it is refused.
pub const MAX_REMOTE_FOLLOWERS: u64 = 1_000_000;

/// The most inboxes one activity is delivered to (the fediverse's servers number in the
/// tens of thousands): past it, a fan-out leaves the rest out.
pub const MAX_INBOXES_PER_ACTIVITY: usize = 25_000;

/// The largest activity sent, in bytes: a post's own text at its largest (1 MiB of HTML,
/// in `content` and in `contentMap`) fits; its translations' texts are left out of one
/// that would be larger.
pub const MAX_SENT_BYTES: usize = 3 * 1024 * 1024;

/// The characters of a failed attempt's reason kept.
pub const MAX_FAILURE_CHARS: usize = 200;

/// How long an activity and its deliveries are kept: past the last retry.
pub const OUTGOING_DAYS: i64 = 14;

/// How long a received activity's id is remembered: a duplicate within it changes
/// nothing.
pub const RECEIVED_DAYS: i64 = 7;

/// The most servers and accounts one site blocks.
pub const MAX_BLOCKS: usize = 10_000;

/// The most targets [`Federation::blocked`] looks up at once: ids, their hosts and the
/// domains above them (an address deeper than that is refused unread).
pub const MAX_BLOCK_LOOKUPS: usize = 32;

/// A server (its host name: `example.social`, which covers the hosts under it) or an
/// account (its actor's id) the site refuses: what they send is refused and nothing is
/// delivered to them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block {
    pub target: String,
    pub at: DateTime<Utc>,
    /// The name of the administrator who blocked it.
    pub by: String,
}

/// What came of [`Federation::add_block`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlockAdded {
    Added,
    /// It was blocked already: nothing changed.
    Already,
    /// The site blocks [`MAX_BLOCKS`] already: nothing changed.
    Full,
}

/// The most follows waiting for one actor's approval.
pub const MAX_FOLLOW_REQUESTS: usize = 1_000;

/// A follow waiting for the followed actor's approval.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FollowRequest {
    /// The follower's actor id.
    pub follower: String,
    /// Where its answer (an `Accept` or `Reject`) goes: the follower's own inbox.
    pub inbox: String,
    /// Where the followed actor's activities reach it once it follows: its server's
    /// shared inbox, or its own.
    pub deliver_to: String,
    /// The id of its `Follow`.
    pub follow: String,
    pub since: DateTime<Utc>,
}

/// What came of [`Federation::add_follow_request`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Requested {
    New,
    /// It was waiting already (its `Follow` is kept as sent last).
    Again,
    /// The actor has [`MAX_FOLLOW_REQUESTS`] waiting already: nothing changed.
    Full,
}

/// Where a comment from the fediverse came from: what a reply written here answers, and
/// whom it mentions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommentSource {
    /// The note's id.
    pub note: String,
    /// Its author's actor id.
    pub actor: String,
    /// Its author's handle, `@name@server`.
    pub handle: String,
    /// Where what answers it is delivered: its server's shared inbox, or its own.
    pub inbox: String,
}

/// A comment that came from the fediverse, found by its author's server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RemoteComment {
    pub post: PostId,
    pub comment: CommentId,
    /// Its author's actor id.
    pub actor: String,
}

/// A page of [`RemoteComment`]s, and where the next one starts.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RemoteComments {
    pub comments: Vec<RemoteComment>,
    pub next: Option<String>,
}

/// The host of an actor's id, lower case, without its port or a final dot
/// (`spam.example.` is `spam.example`).
pub fn host_of_actor(actor: &str) -> Option<String> {
    let url = url::Url::parse(actor).ok()?;
    let host = url.host_str()?.trim_matches(['[', ']']);
    let host = host.strip_suffix('.').unwrap_or(host);
    (!host.is_empty() && !host.split('.').any(str::is_empty)).then(|| host.to_ascii_lowercase())
}

/// An actor's id as URLs are written (`HTTPS://Example.social:443/u` is
/// `https://example.social/u`), or as given if it is not one.
pub fn normal_id(id: &str) -> String {
    url::Url::parse(id).map_or_else(|_| id.to_owned(), |u| u.to_string())
}

/// Whether `host` is `domain` or a host under it.
pub fn under_domain(host: &str, domain: &str) -> bool {
    host == domain
        || host
            .strip_suffix(domain)
            .is_some_and(|rest| rest.ends_with('.'))
}

/// The domain whose comments one index partition holds: an address as it is, a name's
/// last two labels (`eu.example.social` is under `example.social`), so that a block of
/// any domain at or under those reads one domain's partitions.
pub fn comment_domain(host: &str) -> String {
    if host.parse::<std::net::IpAddr>().is_ok() {
        return host.to_owned();
    }
    let labels: Vec<&str> = host.rsplitn(3, '.').collect();
    match labels.as_slice() {
        [tld, name, _] => format!("{name}.{tld}"),
        _ => host.to_owned(),
    }
}

/// A remote actor following a local one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RemoteFollower {
    /// The follower's actor id.
    pub actor: String,
    /// Where what the followed actor sends reaches it: its server's shared inbox when it
    /// has one, its own inbox otherwise.
    pub inbox: String,
    /// The id of its `Follow`.
    pub follow: String,
    pub since: DateTime<Utc>,
}

/// The shard of a follower's id.
pub fn follower_shard(actor: &str) -> i32 {
    use sha2::Digest;
    let hash = sha2::Sha256::digest(actor.as_bytes());
    i32::from(hash[0] & 0x3f) % FOLLOWER_SHARDS
}

/// An activity the site sends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outgoing {
    /// A time UUID: when it was made, and its order.
    pub id: Uuid,
    /// The local actor sending it, who signs it.
    pub actor: String,
    /// The activity, as JSON.
    pub body: String,
    /// The local actors (by name) whose followers' inboxes it is delivered to, as well
    /// as those it was queued with.
    pub followers_of: Vec<String>,
    /// Its deliveries to followers were all recorded.
    pub fanned_out: bool,
}

/// One activity's delivery to one inbox.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Delivery {
    pub inbox: String,
    /// Attempts claimed so far.
    pub attempts: u32,
    /// When the next attempt may be claimed (the last claim's lease runs until then).
    pub due: DateTime<Utc>,
    /// Delivered, or given up: nothing more to do.
    pub ended: bool,
    /// Why the last attempt failed.
    pub failure: Option<String>,
    /// The attempt whose failure was noted last (0: none): when it is `attempts`, no
    /// attempt is in flight.
    pub failed: u32,
}

/// A reaction of a remote actor to a post: a `Like`, or an `Announce` (a boost).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reaction {
    Like,
    Announce,
}

impl Reaction {
    pub fn as_str(self) -> &'static str {
        match self {
            Reaction::Like => "like",
            Reaction::Announce => "announce",
        }
    }
}

/// The actors who reacted to a post so are kept as a set of the followers' kind (sharded,
/// counted, each actor once, written as follows are), under this name: never a local
/// actor's (`site` or an account's id), since it holds a colon.
pub fn reaction_set(kind: Reaction, post: PostId) -> String {
    format!("{}:{}", kind.as_str(), post.0)
}

/// The reaction and post a set's name is for, if it is a reaction set's.
pub fn reaction_of(name: &str) -> Option<(Reaction, PostId)> {
    let (kind, post) = name.split_once(':')?;
    let kind = match kind {
        "like" => Reaction::Like,
        "announce" => Reaction::Announce,
        _ => return None,
    };
    Some((kind, PostId(Uuid::try_parse(post).ok()?)))
}

/// How many remote actors liked and announced a post.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Reactions {
    pub likes: u64,
    pub announces: u64,
}

/// A note from the fediverse that became a comment: where the comment is, and who wrote
/// the note (only they may change or delete it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RemoteNote {
    pub post: PostId,
    pub comment: CommentId,
    pub actor: String,
}

#[async_trait]
pub trait Federation: Send + Sync {
    /// Records `follower` following the local `actor`: true if it did not already (the
    /// count grows by one, however many such calls race in any number of processes).
    async fn add_remote_follower(
        &self,
        site: &Site,
        actor: &str,
        follower: &RemoteFollower,
    ) -> StoreResult<bool>;

    /// `follower` (an actor id) no longer follows the local `actor`: true if it did.
    async fn remove_remote_follower(
        &self,
        site: &Site,
        actor: &str,
        follower: &str,
    ) -> StoreResult<bool>;

    /// A page of one shard of `actor`'s followers, by follower id after `after`.
    async fn remote_followers(
        &self,
        site: &Site,
        actor: &str,
        shard: i32,
        after: Option<&str>,
        limit: usize,
    ) -> StoreResult<Vec<RemoteFollower>>;

    /// How many remote actors follow `actor`.
    async fn remote_follower_count(&self, site: &Site, actor: &str) -> StoreResult<u64>;

    /// `follower` as it follows the local `actor`, if it does.
    async fn remote_follower(
        &self,
        site: &Site,
        actor: &str,
        follower: &str,
    ) -> StoreResult<Option<RemoteFollower>>;

    /// How many remote actors liked and announced `post` (its [`reaction_set`]s'
    /// counts), in one read.
    async fn reaction_counts(&self, site: &Site, post: PostId) -> StoreResult<Reactions>;

    /// Each of the site's actors that has (or had) remote followers, with how many it
    /// has, by name: one read (the site's actors are its authors and itself).
    async fn remote_follower_counts(&self, site: &Site) -> StoreResult<Vec<(String, u64)>>;

    /// Whether an activity with this id was received (and noted) in the last
    /// [`RECEIVED_DAYS`].
    async fn received(&self, site: &Site, id: &str) -> StoreResult<bool>;

    /// Notes an activity as received at `at`.
    async fn note_received(&self, site: &Site, id: &str, at: DateTime<Utc>) -> StoreResult<()>;

    /// The comment a note from the fediverse (by its id) became, if it became one.
    async fn remote_note(&self, site: &Site, note: &str) -> StoreResult<Option<RemoteNote>>;

    /// Records the comment a note becomes: written before the comment (the same values
    /// again change nothing), so a note received again finds the comment's id.
    async fn note_remote_note(&self, site: &Site, note: &str, to: &RemoteNote) -> StoreResult<()>;

    /// Queues `activity` for delivery to `inboxes` (and the followers it names): listed
    /// as open first, then recorded with a delivery per inbox, each
    /// due at `at`. Queuing it again changes nothing it recorded.
    async fn queue_activity(
        &self,
        site: &Site,
        activity: &Outgoing,
        inboxes: &[String],
        at: DateTime<Utc>,
    ) -> StoreResult<()>;

    /// The site's activities not delivered everywhere yet, oldest first; an open one
    /// whose record is gone (it expired) is closed on the way.
    async fn open_activities(&self, site: &Site) -> StoreResult<Vec<Outgoing>>;

    /// Adds deliveries of an activity to `inboxes`, due at `at`; one it has already is
    /// left as it is.
    async fn add_deliveries(
        &self,
        site: &Site,
        activity: Uuid,
        inboxes: &[String],
        at: DateTime<Utc>,
    ) -> StoreResult<()>;

    /// Notes that every delivery to the activity's followers was recorded.
    async fn fanned_out(&self, site: &Site, activity: Uuid) -> StoreResult<()>;

    /// Every delivery of an activity (one per inbox: a few thousand at most).
    async fn deliveries(&self, site: &Site, activity: Uuid) -> StoreResult<Vec<Delivery>>;

    /// Claims the next attempt at a delivery seen with `seen` attempts, leased until
    /// `until` (when it is due again if this attempt fails): true for one caller only,
    /// however many race in any number of processes.
    async fn claim_attempt(
        &self,
        site: &Site,
        activity: Uuid,
        inbox: &str,
        seen: u32,
        until: DateTime<Utc>,
    ) -> StoreResult<bool>;

    /// Ends a delivery: it arrived, or it is given up with `failure`.
    async fn end_delivery(
        &self,
        site: &Site,
        activity: Uuid,
        inbox: &str,
        failure: Option<&str>,
    ) -> StoreResult<()>;

    /// Notes why attempt `attempt` at a delivery failed (it is tried again when due).
    async fn note_failure(
        &self,
        site: &Site,
        activity: Uuid,
        inbox: &str,
        attempt: u32,
        failure: &str,
    ) -> StoreResult<()>;

    /// Makes a delivery whose attempt `attempt` failed due at `at` (sooner than its
    /// backoff said), unless another attempt was claimed since or it ended: true if it
    /// is due then (hastening it twice is harmless).
    async fn hasten_delivery(
        &self,
        site: &Site,
        activity: Uuid,
        inbox: &str,
        attempt: u32,
        at: DateTime<Utc>,
    ) -> StoreResult<bool>;

    /// Closes an activity every delivery of which has ended.
    async fn close_activity(&self, site: &Site, activity: Uuid) -> StoreResult<()>;

    /// Notes that a post may have changed in a way its followers should hear of (written
    /// before the change, so that a process dying between leaves it noted).
    async fn note_post_change(
        &self,
        site: &Site,
        post: PostId,
        at: DateTime<Utc>,
    ) -> StoreResult<()>;

    /// The posts noted as changed, with when each note was made, oldest post first (the
    /// posts changed in the last minutes: a few).
    async fn post_changes(&self, site: &Site) -> StoreResult<Vec<(PostId, DateTime<Utc>)>>;

    /// Forgets a post's change notes made at or before `through`.
    async fn drop_post_changes(
        &self,
        site: &Site,
        post: PostId,
        through: DateTime<Utc>,
    ) -> StoreResult<()>;

    /// What the fediverse was last told of a post, if anything.
    async fn federated_post(&self, site: &Site, post: PostId) -> StoreResult<Option<Federated>>;

    /// Notes what the fediverse was told of a post.
    async fn note_federated_post(
        &self,
        site: &Site,
        post: PostId,
        told: &Federated,
    ) -> StoreResult<()>;

    /// The servers failing every delivery lately (in the last [`FAILING_DAYS`]).
    async fn failing_servers(&self, site: &Site) -> StoreResult<Vec<Failing>>;

    /// One server's failing, if it is.
    async fn failing_server(&self, site: &Site, server: &str) -> StoreResult<Option<Failing>>;

    /// Notes a server's failing (its `since` kept by the caller from the first failure).
    async fn note_failing_server(&self, site: &Site, failing: &Failing) -> StoreResult<()>;

    /// A server answered (a delivery arrived, or it sent an activity): it is failing no
    /// more.
    async fn server_answers(&self, site: &Site, server: &str) -> StoreResult<()>;

    /// Notes where a comment from the fediverse came from, before the comment is written.
    async fn note_comment_source(
        &self,
        site: &Site,
        comment: CommentId,
        source: &CommentSource,
    ) -> StoreResult<()>;

    /// Where a comment came from, if it came from the fediverse (and was noted so).
    async fn comment_source(
        &self,
        site: &Site,
        comment: CommentId,
    ) -> StoreResult<Option<CommentSource>>;

    /// Whether the local `actor` approves its followers itself (else a follow is
    /// accepted at once).
    async fn approves_followers(&self, site: &Site, actor: &str) -> StoreResult<bool>;

    /// Sets whether the local `actor` approves its followers itself.
    async fn set_approves_followers(&self, site: &Site, actor: &str, on: bool) -> StoreResult<()>;

    /// Keeps a follow of the local `actor` waiting for its approval: at most
    /// [`MAX_FOLLOW_REQUESTS`] (requests made at the same moment can pass it together).
    async fn add_follow_request(
        &self,
        site: &Site,
        actor: &str,
        request: &FollowRequest,
    ) -> StoreResult<Requested>;

    /// The follow of `follower` waiting for the local `actor`'s approval, if one does.
    async fn follow_request(
        &self,
        site: &Site,
        actor: &str,
        follower: &str,
    ) -> StoreResult<Option<FollowRequest>>;

    /// A page of the follows waiting for the local `actor`'s approval, by follower after
    /// `after`.
    async fn follow_requests(
        &self,
        site: &Site,
        actor: &str,
        after: Option<&str>,
        limit: usize,
    ) -> StoreResult<Vec<FollowRequest>>;

    /// Forgets a waiting follow: true if it was there.
    async fn remove_follow_request(
        &self,
        site: &Site,
        actor: &str,
        follower: &str,
    ) -> StoreResult<bool>;

    /// Blocks a server or an account: at most [`MAX_BLOCKS`] (blocks made at the same
    /// moment can pass it together); blocking one blocked already changes nothing.
    async fn add_block(&self, site: &Site, block: &Block) -> StoreResult<BlockAdded>;

    /// Unblocks `target`: true if it was blocked.
    async fn remove_block(&self, site: &Site, target: &str) -> StoreResult<bool>;

    /// A page of the site's blocks, by target after `after`.
    async fn blocks(
        &self,
        site: &Site,
        after: Option<&str>,
        limit: usize,
    ) -> StoreResult<Vec<Block>>;

    /// The first of `targets` (at most [`MAX_BLOCK_LOOKUPS`]) the site blocks, in one read.
    async fn blocked(&self, site: &Site, targets: &[String]) -> StoreResult<Option<String>>;

    /// A page of the comments from the fediverse whose author's server is `domain` or
    /// one under it (`example.social` also finds `eu.example.social`), in no order the
    /// caller may count on, from `cursor` (a page's `next`). Comments deleted since are
    /// among them; a comment whose write died half-way may be named though it does not
    /// exist.
    async fn remote_comments(
        &self,
        site: &Site,
        domain: &str,
        cursor: Option<&str>,
        limit: usize,
    ) -> Result<RemoteComments, PageError>;

    /// The picture of the remote actor whose key (see [`avatar_key`]) is `key`, if one
    /// was kept in the last [`AVATAR_DAYS`].
    async fn avatar(&self, site: &Site, key: &str) -> StoreResult<Option<Avatar>>;

    /// Keeps an actor's picture (the last one kept wins).
    async fn keep_avatar(&self, site: &Site, key: &str, avatar: &Avatar) -> StoreResult<()>;

    /// Forgets an actor's picture.
    async fn drop_avatar(&self, site: &Site, key: &str) -> StoreResult<()>;
}

/// The most bytes a kept avatar weighs.
pub const MAX_AVATAR_BYTES: usize = 64 * 1024;

/// How long an avatar is kept after it was fetched (each reply of its actor a day after
/// fetches it again).
pub const AVATAR_DAYS: i64 = 30;

/// A remote actor's picture, as its comments show it: fetched from its `icon` and made a
/// small square JPEG (at most [`MAX_AVATAR_BYTES`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Avatar {
    /// The address it was fetched from.
    pub source: String,
    pub jpeg: Vec<u8>,
    pub fetched: DateTime<Utc>,
}

/// The key an actor's avatar is kept and served by: the first 32 hex digits of its id's
/// SHA-256 (an address that names no actor and says nothing of it).
pub fn avatar_key(actor: &str) -> String {
    use sha2::Digest;
    let hash = sha2::Sha256::digest(actor.as_bytes());
    hash[..16].iter().map(|b| format!("{b:02x}")).collect()
}

/// How long a server that failed every delivery is kept set aside before it is tried
/// again (unless it sends something first).
pub const FAILING_DAYS: i64 = 30;

/// A server (an inbox's host and port) every delivery to which has failed since `since`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failing {
    pub server: String,
    pub since: DateTime<Utc>,
    /// Why the last attempt failed.
    pub last: String,
}

/// What the fediverse was last told of a post.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Federated {
    /// The post's `updated` as last sent (in a `Create` or an `Update`).
    pub sent: DateTime<Utc>,
    /// Its author, whose actor sent it (and sends its `Delete` once the post is gone).
    pub author: crate::domain::UserId,
    /// Its publications on the fediverse, from 0: each `Create` after a `Delete` is the
    /// next round, whose activities have ids of their own.
    pub round: i32,
    /// A `Delete` was sent after it.
    pub deleted: bool,
}
