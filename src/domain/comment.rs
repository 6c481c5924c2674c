//! Comments under posts (the data model's timeuuid comments): each one named by a
//! version-1 time UUID made when it is written, threaded one level deep, and moderated
//! through a small set of states.

use super::timeuuid;
use super::{Invalid, PostId, UserId};
use chrono::{DateTime, Datelike, TimeZone, Utc};
use uuid::Uuid;

/// A comment's id: a version-1 time UUID, so ids sort by the time they were written and
/// many written in one millisecond are still distinct.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CommentId(pub Uuid);

impl CommentId {
    pub fn at(instant: DateTime<Utc>) -> Self {
        Self(timeuuid::at(instant))
    }

    /// When the comment was written: the time its id carries.
    pub fn time(&self) -> DateTime<Utc> {
        timeuuid::time_of(self.0).unwrap_or_default()
    }

    /// Parses an id from a URL or form: only a version-1 UUID is a comment id.
    pub fn parse(input: &str) -> Result<Self, Invalid> {
        Uuid::parse_str(input)
            .ok()
            .filter(|id| id.get_version_num() == 1)
            .map(Self)
            .ok_or_else(|| Invalid::new(format!("{input:?} is not a comment id.")))
    }
}

impl std::fmt::Display for CommentId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// Where a comment stands. Readers see approved comments only.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CommentState {
    Pending,
    Approved,
    Rejected,
    Spam,
    Deleted,
}

impl CommentState {
    pub const ALL: [CommentState; 5] = [
        CommentState::Pending,
        CommentState::Approved,
        CommentState::Rejected,
        CommentState::Spam,
        CommentState::Deleted,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            CommentState::Pending => "pending",
            CommentState::Approved => "approved",
            CommentState::Rejected => "rejected",
            CommentState::Spam => "spam",
            CommentState::Deleted => "deleted",
        }
    }

    pub fn parse(input: &str) -> Result<Self, Invalid> {
        Self::ALL
            .into_iter()
            .find(|s| s.as_str() == input)
            .ok_or_else(|| Invalid::new(format!("{input:?} is not a comment state.")))
    }

    /// Whether a moderator may move a comment from this state to `to`. Deleted is
    /// final; moving to the same state is refused, so a repeated click says so.
    pub fn can_become(self, to: CommentState) -> bool {
        self != to && self != CommentState::Deleted && to != CommentState::Pending
    }

    /// States whose comments wait in a moderation list (pending, spam, rejected).
    pub fn is_listed(self) -> bool {
        matches!(
            self,
            CommentState::Pending | CommentState::Spam | CommentState::Rejected
        )
    }
}

/// The text of a comment: a small Markdown subset, bounded in size and in links. The
/// bounds in bytes are what bound a post's partitions on Cassandra (see schema.cql):
/// 4,000 bytes hold the 2,000 characters of any text in a script of one or two bytes a
/// character (Latin, Greek, Cyrillic, Hebrew, Arabic), and fewer in scripts of three or
/// four; the HTML readers see is bounded too, since escaping (`&` is `&amp;`) and links
/// make it longer than the text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommentBody(String);

impl CommentBody {
    pub const MAX_CHARS: usize = 2000;
    pub const MAX_BYTES: usize = 4000;
    pub const MAX_HTML_BYTES: usize = 8192;
    pub const MAX_LINKS: usize = 3;

    pub fn parse(input: &str) -> Result<Self, Invalid> {
        let text = input.replace("\r\n", "\n");
        let text = text.trim();
        if text.is_empty() {
            return Err(Invalid::new("A comment needs some text."));
        }
        let chars = text.chars().count();
        if chars > Self::MAX_CHARS {
            return Err(Invalid::new(format!(
                "A comment has at most {} characters; this one has {chars}.",
                Self::MAX_CHARS
            )));
        }
        if text.len() > Self::MAX_BYTES {
            return Err(Invalid::new(format!(
                "This comment is too long: it takes {} bytes, and a comment takes at most {} \
                 (2,000 characters of most scripts, fewer of those whose characters take 3 or 4 bytes, \
                 such as Chinese or emoji).",
                text.len(),
                Self::MAX_BYTES
            )));
        }
        let links = super::markdown::comment_links(text);
        if links > Self::MAX_LINKS {
            return Err(Invalid::new(format!(
                "A comment has at most {} links; this one has {links}.",
                Self::MAX_LINKS
            )));
        }
        let (html, too_deep) = super::markdown::comment_html(text);
        if too_deep > 0 {
            return Err(super::markdown::too_deep(true));
        }
        if html.len() > Self::MAX_HTML_BYTES {
            return Err(Invalid::new(
                "This comment is too long once formatted: shorten it, or use fewer links and \
                 fewer characters such as & < > and quotes, which take several bytes each on the page.",
            ));
        }
        Ok(Self(text.to_owned()))
    }

    /// A text read back from a store: it met the bounds of the version that wrote it,
    /// which may be looser than today's, so none is checked again.
    pub fn stored(text: &str) -> Self {
        Self(text.to_owned())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The sanitized HTML readers see.
    pub fn to_html(&self) -> String {
        super::markdown::comment_to_safe_html(&self.0)
    }
}

/// A guest's name, for sites that allow comments without an account.
pub fn parse_guest_name(input: &str) -> Result<String, Invalid> {
    let name = input.trim();
    if name.is_empty() {
        return Err(Invalid::new(
            "Please give a name to sign your comment with.",
        ));
    }
    if name.chars().count() > 60 || name.chars().any(char::is_control) {
        return Err(Invalid::new(
            "A name has at most 60 characters, on one line.",
        ));
    }
    Ok(name.to_owned())
}

/// Who wrote a comment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Commenter {
    Member {
        id: UserId,
        name: String,
    },
    /// A visitor without an account; the e-mail address is kept for moderators and never
    /// shown.
    Guest {
        name: String,
        email: String,
    },
    /// Someone on the fediverse who replied from their own server: `actor` is the id of
    /// their actor (an https URL, which is also where a browser finds their profile).
    Remote {
        actor: String,
        name: String,
    },
}

impl Commenter {
    pub fn name(&self) -> &str {
        match self {
            Commenter::Member { name, .. }
            | Commenter::Guest { name, .. }
            | Commenter::Remote { name, .. } => name,
        }
    }

    pub fn user_id(&self) -> Option<UserId> {
        match self {
            Commenter::Member { id, .. } => Some(*id),
            Commenter::Guest { .. } | Commenter::Remote { .. } => None,
        }
    }

    pub fn email(&self) -> &str {
        match self {
            Commenter::Member { .. } | Commenter::Remote { .. } => "",
            Commenter::Guest { email, .. } => email,
        }
    }

    /// The fediverse actor who wrote it, if it came from the fediverse.
    pub fn actor(&self) -> Option<&str> {
        match self {
            Commenter::Remote { actor, .. } => Some(actor),
            Commenter::Member { .. } | Commenter::Guest { .. } => None,
        }
    }

    /// Whether `actor` is an address a page may link a commenter's name to (http or
    /// https: nothing a browser would run).
    pub fn is_actor_address(actor: &str) -> bool {
        actor.starts_with("https://") || actor.starts_with("http://")
    }

    /// The commenter a store's columns describe: a member by their id, someone on the
    /// fediverse by their actor (an http or https address), a guest else.
    pub fn from_columns(
        id: Option<UserId>,
        name: String,
        email: Option<String>,
        actor: Option<String>,
    ) -> Self {
        match (id, actor) {
            (Some(id), _) => Commenter::Member { id, name },
            (None, Some(actor)) if Self::is_actor_address(&actor) => {
                Commenter::Remote { actor, name }
            }
            (None, _) => Commenter::Guest {
                name,
                email: email.unwrap_or_default(),
            },
        }
    }
}

/// What a post's page and the moderation lists need to know of the post a comment is on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommentedPost {
    pub id: PostId,
    pub slug: String,
    pub title: String,
}

/// A comment about to be stored: rendered once, here.
#[derive(Debug, Clone)]
pub struct NewComment {
    pub id: CommentId,
    pub post: CommentedPost,
    /// The top-level comment of the thread: itself, or the comment a reply answers
    /// (a reply to a reply joins the same thread).
    pub thread: CommentId,
    pub parent: Option<CommentId>,
    pub author: Commenter,
    pub body: CommentBody,
    pub body_html: String,
    pub state: CommentState,
}

impl NewComment {
    pub fn new(
        post: CommentedPost,
        reply_to: Option<&Comment>,
        author: Commenter,
        body: CommentBody,
        state: CommentState,
        at: DateTime<Utc>,
    ) -> Self {
        let id = CommentId::at(at);
        let body_html = body.to_html();
        Self {
            id,
            post,
            thread: reply_to.map_or(id, |c| c.thread),
            parent: reply_to.map(|c| c.id),
            author,
            body,
            body_html,
            state,
        }
    }
}

impl NewComment {
    /// The comment as it is stored: no reason, not edited.
    pub fn stored(&self) -> Comment {
        Comment {
            id: self.id,
            post: self.post.clone(),
            thread: self.thread,
            parent: self.parent,
            author: self.author.clone(),
            body: self.body.clone(),
            body_html: self.body_html.clone(),
            state: self.state,
            reason: String::new(),
            edited: None,
        }
    }
}

/// A stored comment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comment {
    pub id: CommentId,
    pub post: CommentedPost,
    pub thread: CommentId,
    pub parent: Option<CommentId>,
    pub author: Commenter,
    pub body: CommentBody,
    pub body_html: String,
    pub state: CommentState,
    /// Why a moderator put it in its state, if they said.
    pub reason: String,
    pub edited: Option<DateTime<Utc>>,
}

impl Comment {
    pub fn created(&self) -> DateTime<Utc> {
        self.id.time()
    }

    /// Its author may still edit or delete it.
    pub fn editable_by(&self, user: UserId, now: DateTime<Utc>) -> bool {
        self.author.user_id() == Some(user)
            && self.state != CommentState::Deleted
            && now - self.created() <= chrono::Duration::minutes(EDIT_WINDOW_MINUTES)
    }
}

/// An approved comment as readers see it: what the post's thread table holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ThreadComment {
    pub id: CommentId,
    pub thread: CommentId,
    pub parent: Option<CommentId>,
    pub author_id: Option<UserId>,
    pub author_name: String,
    /// The fediverse actor who wrote it, if it came from the fediverse.
    pub author_actor: Option<String>,
    pub body_html: String,
    pub edited: Option<DateTime<Utc>>,
}

impl From<&Comment> for ThreadComment {
    fn from(c: &Comment) -> Self {
        Self {
            id: c.id,
            thread: c.thread,
            parent: c.parent,
            author_id: c.author.user_id(),
            author_name: c.author.name().to_owned(),
            author_actor: c.author.actor().map(str::to_owned),
            body_html: c.body_html.clone(),
            edited: c.edited,
        }
    }
}

/// How long a comment's author may edit or delete it.
pub const EDIT_WINDOW_MINUTES: i64 = 15;

/// At most this many comments are taken on one post (see schema.cql: it bounds the
/// post's partitions); past it the post's comments close.
pub const MAX_COMMENTS_PER_POST: u64 = 10_000;

/// A signed-in reader's own comments awaiting moderation on a post are looked for among
/// their newest this many comments on it written in the last [`OWN_PENDING_MONTHS`]:
/// found from where the reader's comments are, not by reading the post's pending ones,
/// whose every moderated comment leaves a tombstone on Cassandra.
pub const OWN_PENDING_WINDOW: usize = 100;

/// The calendar months (UTC) a reader's own pending comments are looked for in: this
/// one and the two before it (a comment left pending longer is the moderators' to clear).
pub const OWN_PENDING_MONTHS: u32 = 3;

/// The first instant of the months a reader's own pending comments are looked for in.
pub fn own_pending_since(now: DateTime<Utc>) -> DateTime<Utc> {
    let months = now.year() * 12 + now.month0() as i32 - (OWN_PENDING_MONTHS as i32 - 1);
    let (year, month0) = (months.div_euclid(12), months.rem_euclid(12) as u32);
    Utc.with_ymd_and_hms(year, month0 + 1, 1, 0, 0, 0)
        .single()
        .unwrap_or(now)
}

/// A moderator's decision about one comment.
#[derive(Debug, Clone)]
pub struct Moderation {
    pub to: CommentState,
    pub reason: String,
    pub by: UserId,
    pub by_name: String,
    pub at: DateTime<Utc>,
}

/// A moderation that cannot happen: approving a deleted comment, or moving one to where
/// it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IllegalMove {
    pub from: CommentState,
    pub to: CommentState,
}

/// Everything one moderation changes, which both stores write together: the moved
/// comment, its line in the log, the change to its post's count of approved comments, and
/// the commenter who is trusted from now on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Transition {
    pub from: CommentState,
    pub moved: Comment,
    pub log: LogEntry,
    /// +1 when the comment becomes approved, -1 when it stops being, else 0.
    pub approved: i64,
    /// A member whose comment is approved is trusted on the site afterwards.
    pub trusted: Option<UserId>,
}

impl Moderation {
    /// What this moderation does to `comment`, or why it cannot.
    pub fn apply(&self, comment: Comment) -> Result<Transition, IllegalMove> {
        let from = comment.state;
        if !from.can_become(self.to) {
            return Err(IllegalMove { from, to: self.to });
        }
        let approved = |s: CommentState| i64::from(s == CommentState::Approved);
        let log = LogEntry {
            at: self.at,
            comment: comment.id,
            post: comment.post.clone(),
            by_name: self.by_name.clone(),
            from,
            to: self.to,
            reason: self.reason.clone(),
        };
        let trusted = match self.to {
            CommentState::Approved => comment.author.user_id(),
            _ => None,
        };
        Ok(Transition {
            from,
            approved: approved(self.to) - approved(from),
            moved: Comment {
                state: self.to,
                reason: self.reason.clone(),
                ..comment
            },
            log,
            trusted,
        })
    }
}

/// The month of the moderation log a moment belongs to, `YYYY-MM`: the log is kept and
/// read by month.
pub fn log_month(at: DateTime<Utc>) -> String {
    at.format("%Y-%m").to_string()
}

pub fn parse_reason(input: &str) -> Result<String, Invalid> {
    let reason = input.trim();
    if reason.chars().count() > 200 || reason.chars().any(char::is_control) {
        return Err(Invalid::new(
            "A reason is one line of at most 200 characters.",
        ));
    }
    Ok(reason.to_owned())
}

/// One line of the moderation log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogEntry {
    pub at: DateTime<Utc>,
    pub comment: CommentId,
    pub post: CommentedPost,
    pub by_name: String,
    pub from: CommentState,
    pub to: CommentState,
    pub reason: String,
}

/// A site's comment policy, set by its administrators. By default: members only, every
/// comment moderated, never closed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CommentSettings {
    /// Visitors without an account may comment (with a name and an e-mail address).
    pub guests: bool,
    /// Comments by someone with an approved comment on the site skip the queue.
    pub trust_approved: bool,
    /// Comments close this many days after a post is published (0: never).
    pub close_after_days: u32,
    /// A deleted account's comments are removed; otherwise they stay, signed
    /// [`DELETED_USER`].
    pub remove_deleted_accounts_comments: bool,
}

/// What the comments a deleted account leaves are signed with.
pub const DELETED_USER: &str = "deleted user";

impl CommentSettings {
    /// Whether a post published at `published` still takes comments at `now`.
    pub fn open_for(&self, published: Option<DateTime<Utc>>, now: DateTime<Utc>) -> bool {
        match (self.close_after_days, published) {
            (0, _) => true,
            (_, None) => false,
            (days, Some(p)) => now - p < chrono::Duration::days(i64::from(days)),
        }
    }
}

/// Comments per state on a site.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct StateCounts {
    pub pending: u64,
    pub approved: u64,
    pub rejected: u64,
    pub spam: u64,
    pub deleted: u64,
}

impl StateCounts {
    pub fn get(&self, state: CommentState) -> u64 {
        match state {
            CommentState::Pending => self.pending,
            CommentState::Approved => self.approved,
            CommentState::Rejected => self.rejected,
            CommentState::Spam => self.spam,
            CommentState::Deleted => self.deleted,
        }
    }

    pub fn slot(&mut self, state: CommentState) -> &mut u64 {
        match state {
            CommentState::Pending => &mut self.pending,
            CommentState::Approved => &mut self.approved,
            CommentState::Rejected => &mut self.rejected,
            CommentState::Spam => &mut self.spam,
            CommentState::Deleted => &mut self.deleted,
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn own_pending_comments_are_looked_for_from_the_first_of_the_month_two_months_back() {
        use chrono::TimeZone;
        let at = |y, m, d| chrono::Utc.with_ymd_and_hms(y, m, d, 13, 5, 0).unwrap();
        let first = |y, m| chrono::Utc.with_ymd_and_hms(y, m, 1, 0, 0, 0).unwrap();
        assert_eq!(super::own_pending_since(at(2026, 11, 29)), first(2026, 9));
        assert_eq!(super::own_pending_since(at(2026, 2, 28)), first(2025, 12));
        assert_eq!(super::own_pending_since(at(2026, 1, 1)), first(2025, 11));
        assert_eq!(super::own_pending_since(at(2026, 3, 31)), first(2026, 1));
    }

    use super::*;

    #[test]
    fn transitions_are_explicit() {
        use CommentState::*;
        assert!(Pending.can_become(Approved));
        assert!(Approved.can_become(Spam));
        assert!(Spam.can_become(Approved));
        assert!(!Deleted.can_become(Approved), "deleted is final");
        assert!(!Approved.can_become(Approved));
        assert!(
            !Approved.can_become(Pending),
            "nothing goes back to the queue"
        );
    }

    fn comment_by(author: Commenter, state: CommentState) -> Comment {
        let id = CommentId::at(crate::domain::now());
        Comment {
            id,
            post: CommentedPost {
                id: PostId(Uuid::new_v4()),
                slug: "a-post".into(),
                title: "A post".into(),
            },
            thread: id,
            parent: None,
            author,
            body: CommentBody::parse("Hello.").unwrap(),
            body_html: "<p>Hello.</p>".into(),
            state,
            reason: String::new(),
            edited: None,
        }
    }

    fn moderation(to: CommentState) -> Moderation {
        Moderation {
            to,
            reason: "because".into(),
            by: UserId(Uuid::new_v4()),
            by_name: "mod".into(),
            at: DateTime::from_timestamp_millis(1_795_000_000_000).unwrap(),
        }
    }

    #[test]
    fn a_moderation_says_everything_it_changes() {
        use CommentState::*;
        let member = UserId(Uuid::new_v4());
        let by_member = || Commenter::Member {
            id: member,
            name: "m".into(),
        };
        let t = moderation(Approved)
            .apply(comment_by(by_member(), Pending))
            .unwrap();
        assert_eq!((t.from, t.moved.state, t.approved), (Pending, Approved, 1));
        assert_eq!(t.trusted, Some(member), "an approved member is trusted");
        assert_eq!(t.moved.reason, "because");
        assert_eq!(
            (t.log.from, t.log.to, t.log.comment),
            (Pending, Approved, t.moved.id)
        );
        assert_eq!(t.log.post, t.moved.post);
        assert_eq!(log_month(t.log.at), "2026-11");

        let t = moderation(Spam)
            .apply(comment_by(by_member(), Approved))
            .unwrap();
        assert_eq!((t.approved, t.trusted), (-1, None));
        let t = moderation(Rejected)
            .apply(comment_by(by_member(), Spam))
            .unwrap();
        assert_eq!(t.approved, 0);
        let guest = Commenter::Guest {
            name: "g".into(),
            email: "g@example.com".into(),
        };
        let t = moderation(Approved)
            .apply(comment_by(guest, Pending))
            .unwrap();
        assert_eq!(
            (t.approved, t.trusted),
            (1, None),
            "guests are never trusted"
        );

        for (from, to) in [(Deleted, Approved), (Approved, Approved), (Spam, Pending)] {
            assert_eq!(
                moderation(to).apply(comment_by(by_member(), from)),
                Err(IllegalMove { from, to })
            );
        }
    }

    #[test]
    fn bodies_are_bounded_in_size_and_links() {
        assert!(CommentBody::parse("  \n ").is_err());
        assert!(CommentBody::parse(&"x".repeat(2001)).is_err());
        assert!(CommentBody::parse(&"é".repeat(2000)).is_ok());
        let four = "[a](https://a.example) [b](https://b.example) [c](https://c.example) <https://d.example>";
        let error = CommentBody::parse(four).unwrap_err();
        assert!(error.0.contains("at most 3 links"), "{error}");
    }

    #[test]
    fn bodies_are_bounded_in_bytes_and_in_html() {
        // 2,000 two-byte characters are exactly the byte bound.
        assert!(CommentBody::parse(&"é".repeat(2000)).is_ok());
        // 1,334 three-byte characters are 4,002 bytes.
        let chinese = CommentBody::parse(&"評".repeat(1334)).unwrap_err();
        assert!(chinese.0.contains("it takes 4002 bytes"), "{chinese}");
        assert!(CommentBody::parse(&"評".repeat(1333)).is_ok());
        let emoji = CommentBody::parse(&"🙂".repeat(1001)).unwrap_err();
        assert!(emoji.0.contains("at most 4000"), "{emoji}");
        // 2,000 ampersands are 10,000 bytes of HTML (&amp; each).
        let escaped = CommentBody::parse(&"&".repeat(2000)).unwrap_err();
        assert!(escaped.0.contains("too long once formatted"), "{escaped}");
        let ok = CommentBody::parse(&"&".repeat(1600)).unwrap();
        assert!(ok.to_html().len() <= CommentBody::MAX_HTML_BYTES);
        // What a store gives back is taken as it is, even past today's bounds.
        assert_eq!(CommentBody::stored(&"&".repeat(2000)).as_str().len(), 2000);
    }

    #[test]
    fn ids_are_time_uuids() {
        let at = crate::domain::now();
        let id = CommentId::at(at);
        assert_eq!(id.time(), at);
        assert_eq!(CommentId::parse(&id.to_string()).unwrap(), id);
        assert!(CommentId::parse(&Uuid::new_v4().to_string()).is_err());
        assert!(CommentId::parse("nope").is_err());
    }

    #[test]
    fn comments_close_after_the_chosen_days() {
        let now = crate::domain::now();
        let settings = CommentSettings {
            close_after_days: 30,
            ..CommentSettings::default()
        };
        assert!(settings.open_for(Some(now - chrono::Duration::days(29)), now));
        assert!(!settings.open_for(Some(now - chrono::Duration::days(31)), now));
        assert!(CommentSettings::default().open_for(None, now));
    }
}
