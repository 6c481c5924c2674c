//! What an instance keeps of its sites' lists between reads, as it keeps a site's
//! identity: the front page's rows (the home page's first page and the feed), the
//! archive's months (the archive and sitemap indexes) and the approved comment counts of
//! the posts lists showed (home, tag and author pages). Each is read again once older
//! than [`LIST_TTL`], and at once after a change the store was told of ([`ListMemo::changing`]).
//!
//! On Cassandra the store's writes of lists and counts say so: a writer who publishes or
//! comments through an instance sees it there on the next read; another instance shows
//! it within `LIST_TTL`. On the embedded store each reading connection keeps its own
//! copies of the front page and the counts, and learns of every commit to the file, from
//! this process or another, before it uses one (`sqlite/kept.rs`).

use crate::domain::{PostId, PostSummary};
use crate::store::Month;
use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// How long an instance trusts the front page and the archive's months it read, when
/// it changed no list since.
pub const LIST_TTL: Duration = Duration::from_secs(2);

/// The most copies kept of each kind (a site's front page for each page size asked,
/// a site's months): past it, the oldest copies go.
const MOST_KEPT: usize = 256;

/// Stripes of sites whose copies are read one at a time (see [`ListMemo::kept_or_read`]).
const READ_STRIPES: usize = 16;

/// The most posts whose approved comment count is kept, all sites together (some 60
/// bytes each): past it, the stale counts go, and all of them if that is not enough.
const MOST_COUNTS: usize = 4096;

/// A copy, when its read began, and the number of list changes this instance had made
/// then (a copy read before a change is not used after it).
struct Kept<T> {
    at: Instant,
    changes: u64,
    value: T,
}

type Rows = Vec<(PostSummary, String)>;

/// An instance's copies of its lists.
#[derive(Default)]
pub struct ListMemo {
    /// How many changes to lists this instance has made (or begun and failed).
    changes: AtomicU64,
    /// The front page's newest rows, by site and how many.
    front: Mutex<HashMap<(String, usize), Kept<Rows>>>,
    /// The archive's months, newest first, by site.
    months: Mutex<HashMap<String, Kept<Vec<Month>>>>,
    /// Posts' approved comment counts, by site and post.
    counts: Mutex<Counts>,
    /// One read at a time of a site's copies (a stripe of sites each): when a copy goes
    /// stale under load, the pages asking meanwhile wait for one read of it instead of
    /// each sending its own at the same instant.
    reading: [Stripe; READ_STRIPES],
}

/// Whether a read of a copy of the stripe's sites is under way, and its end announced to
/// every request waiting for it at once.
#[derive(Default)]
struct Stripe {
    busy: std::sync::atomic::AtomicBool,
    ended: tokio::sync::Notify,
}

/// A read under way: its end, however it ends (read, failed, or dropped with its
/// request), wakes every request waiting.
struct Reading<'a>(&'a Stripe);

impl Drop for Reading<'_> {
    fn drop(&mut self) {
        self.0.busy.store(false, Ordering::Release);
        self.0.ended.notify_waiters();
    }
}

/// Posts' approved comment counts, by site and post, and how many are kept in all.
#[derive(Default)]
struct Counts {
    by_site: HashMap<String, HashMap<PostId, Kept<u64>>>,
    kept: usize,
}

/// A read's start: when, and after how many changes.
#[derive(Clone, Copy)]
pub struct ReadStart {
    at: Instant,
    changes: u64,
}

/// Counts a change to the lists when dropped, whether the change finished or failed
/// part of the way: what any copy held may be out of date either way.
pub struct Changing<'a>(&'a ListMemo);

impl Drop for Changing<'_> {
    fn drop(&mut self) {
        self.0.changes.fetch_add(1, Ordering::AcqRel);
    }
}

impl ListMemo {
    /// Marks a change to the lists under way (see [`Changing`]).
    pub fn changing(&self) -> Changing<'_> {
        Changing(self)
    }

    /// The fresh copy `kept` finds, or else what `read` reads (and keeps, under the start
    /// it is given). While another request of this instance reads a copy of the site's
    /// lists, this one waits for that read to end and looks again: a copy gone stale under
    /// load is read once, not by every page asking at that instant, and those waiting all
    /// wake together when it ends (not one after another, as behind a lock).
    pub async fn kept_or_read<T, E, Read>(
        &self,
        site: &str,
        kept: impl Fn() -> Option<T>,
        read: impl FnOnce(ReadStart) -> Read,
    ) -> Result<T, E>
    where
        Read: Future<Output = Result<T, E>>,
    {
        use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
        let hash = BuildHasherDefault::<DefaultHasher>::default().hash_one(site);
        let stripe = &self.reading[usize::try_from(hash % READ_STRIPES as u64).unwrap_or_default()];
        let _reading = loop {
            if let Some(value) = kept() {
                return Ok(value);
            }
            // Listening before the claim: a read ending in between still wakes this one.
            let ended = stripe.ended.notified();
            tokio::pin!(ended);
            ended.as_mut().enable();
            if stripe
                .busy
                .compare_exchange(false, true, Ordering::AcqRel, Ordering::Acquire)
                .is_ok()
            {
                break Reading(stripe);
            }
            ended.await;
        };
        // A read that ended between the look and the claim may have kept a copy.
        if let Some(value) = kept() {
            return Ok(value);
        }
        read(self.start()).await
    }

    /// Where a read that may be kept begins.
    pub fn start(&self) -> ReadStart {
        ReadStart {
            at: Instant::now(),
            changes: self.changes.load(Ordering::Acquire),
        }
    }

    /// Whether a copy may be used: read less than `LIST_TTL` ago, with no change made
    /// here since its read began.
    fn is_fresh<T>(&self, kept: &Kept<T>) -> bool {
        kept.changes == self.changes.load(Ordering::Acquire) && kept.at.elapsed() < LIST_TTL
    }

    fn fresh<T: Clone>(&self, kept: Option<&Kept<T>>) -> Option<T> {
        let kept = kept?;
        self.is_fresh(kept).then(|| kept.value.clone())
    }

    fn keep<K: std::hash::Hash + Eq, T>(
        map: &Mutex<HashMap<K, Kept<T>>>,
        key: K,
        start: ReadStart,
        value: T,
    ) {
        let mut map = map.lock().unwrap_or_else(|e| e.into_inner());
        // A later read's copy is never replaced by an earlier one's.
        if map.get(&key).is_some_and(|k| k.at > start.at) {
            return;
        }
        if map.len() >= MOST_KEPT && !map.contains_key(&key) {
            let oldest = map.iter().min_by_key(|(_, k)| k.at).map(|(_, k)| k.at);
            map.retain(|_, k| Some(k.at) != oldest);
        }
        map.insert(
            key,
            Kept {
                at: start.at,
                changes: start.changes,
                value,
            },
        );
    }

    /// The front page's newest `limit` rows of a site, if a fresh copy is kept.
    pub fn front(&self, site: &str, limit: usize) -> Option<Rows> {
        let map = self.front.lock().unwrap_or_else(|e| e.into_inner());
        self.fresh(map.get(&(site.to_owned(), limit)))
    }

    pub fn keep_front(&self, site: &str, limit: usize, start: ReadStart, rows: Rows) {
        Self::keep(&self.front, (site.to_owned(), limit), start, rows);
    }

    /// The archive's months of a site, if a fresh copy is kept.
    pub fn months(&self, site: &str) -> Option<Vec<Month>> {
        let map = self.months.lock().unwrap_or_else(|e| e.into_inner());
        self.fresh(map.get(site))
    }

    pub fn keep_months(&self, site: &str, start: ReadStart, months: Vec<Month>) {
        Self::keep(&self.months, site.to_owned(), start, months);
    }

    /// The approved comment counts of `posts` kept fresh, and the posts whose count is
    /// not (to be read).
    pub fn counts(&self, site: &str, posts: &[PostId]) -> (Vec<(PostId, u64)>, Vec<PostId>) {
        let counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        let kept = counts.by_site.get(site);
        let (mut known, mut missing) = (Vec::new(), Vec::new());
        for post in posts {
            match self.fresh(kept.and_then(|k| k.get(post))) {
                Some(n) => known.push((*post, n)),
                None => missing.push(*post),
            }
        }
        (known, missing)
    }

    /// Keeps the approved comment counts read of `posts` (a post `read` does not name
    /// has none).
    pub fn keep_counts(
        &self,
        site: &str,
        start: ReadStart,
        posts: &[PostId],
        read: &[(PostId, u64)],
    ) {
        let mut counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        if counts.kept + posts.len() > MOST_COUNTS {
            counts.by_site.retain(|_, posts| {
                posts.retain(|_, k| self.is_fresh(k));
                !posts.is_empty()
            });
            if counts.by_site.values().map(HashMap::len).sum::<usize>() + posts.len() > MOST_COUNTS
            {
                counts.by_site.clear();
            }
        }
        let of_site = counts.by_site.entry(site.to_owned()).or_default();
        for post in posts {
            // A later read's count is never replaced by an earlier one's.
            if of_site.get(post).is_some_and(|k| k.at > start.at) {
                continue;
            }
            let n = read
                .iter()
                .find(|(id, _)| id == post)
                .map_or(0, |(_, n)| *n);
            of_site.insert(
                *post,
                Kept {
                    at: start.at,
                    changes: start.changes,
                    value: n,
                },
            );
        }
        counts.kept = counts.by_site.values().map(HashMap::len).sum();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_copy_read_before_a_change_is_not_used_after_it() {
        let memo = ListMemo::default();
        let start = memo.start();
        {
            let _change = memo.changing();
        }
        memo.keep_months("s", start, vec![202611]);
        assert_eq!(memo.months("s"), None, "read before the change");
        let start = memo.start();
        memo.keep_months("s", start, vec![202611]);
        assert_eq!(memo.months("s"), Some(vec![202611]));
        drop(memo.changing());
        assert_eq!(memo.months("s"), None, "changed since");
    }

    #[test]
    fn an_earlier_read_never_replaces_a_later_one_and_the_copies_are_bounded() {
        let memo = ListMemo::default();
        let early = memo.start();
        let late = ReadStart {
            at: early.at + Duration::from_millis(1),
            ..early
        };
        memo.keep_months("s", late, vec![2]);
        memo.keep_months("s", early, vec![1]);
        assert_eq!(memo.months("s"), Some(vec![2]));
        for n in 0..(MOST_KEPT + 10) {
            memo.keep_months(&format!("site {n}"), memo.start(), vec![]);
        }
        assert!(memo.months.lock().unwrap().len() <= MOST_KEPT);
        assert_eq!(
            memo.months(&format!("site {}", MOST_KEPT + 9)),
            Some(vec![])
        );
    }

    #[test]
    fn counts_are_kept_per_post_until_a_change_and_bounded() {
        let memo = ListMemo::default();
        let post = |n: u128| PostId(uuid::Uuid::from_u128(n));
        let (a, b, c) = (post(1), post(2), post(3));
        assert_eq!(memo.counts("s", &[a, b]), (vec![], vec![a, b]));
        // b has no row: none.
        memo.keep_counts("s", memo.start(), &[a, b], &[(a, 4)]);
        assert_eq!(
            memo.counts("s", &[a, b, c]),
            (vec![(a, 4), (b, 0)], vec![c])
        );
        assert_eq!(memo.counts("other", &[a]), (vec![], vec![a]), "per site");
        // Read before a change made here: not kept.
        let start = memo.start();
        drop(memo.changing());
        assert_eq!(memo.counts("s", &[a]), (vec![], vec![a]), "changed since");
        memo.keep_counts("s", start, &[c], &[(c, 1)]);
        assert_eq!(
            memo.counts("s", &[c]),
            (vec![], vec![c]),
            "read before the change"
        );
        for n in 0..(MOST_COUNTS as u128 + 10) {
            memo.keep_counts("s", memo.start(), &[post(100 + n)], &[]);
        }
        let kept = memo.counts.lock().unwrap().kept;
        assert!(kept <= MOST_COUNTS, "{kept}");
        let newest = post(100 + MOST_COUNTS as u128 + 9);
        assert_eq!(memo.counts("s", &[newest]), (vec![(newest, 0)], vec![]));
    }
}
