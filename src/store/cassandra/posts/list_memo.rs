//! What an instance keeps of its sites' lists between reads, as it keeps a site's
//! identity: the front page's rows (the home page's first page and the feed) and the
//! archive's months (the archive and sitemap indexes). Each is read again once older
//! than [`LIST_TTL`], and at once after this instance changed any list: a writer who
//! publishes through an instance sees the post there on the next read; another instance
//! shows it within `LIST_TTL`.

use crate::domain::PostSummary;
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

    /// Where a read that may be kept begins.
    pub fn start(&self) -> ReadStart {
        ReadStart {
            at: Instant::now(),
            changes: self.changes.load(Ordering::Acquire),
        }
    }

    fn fresh<T: Clone>(&self, kept: Option<&Kept<T>>) -> Option<T> {
        let kept = kept?;
        (kept.changes == self.changes.load(Ordering::Acquire) && kept.at.elapsed() < LIST_TTL)
            .then(|| kept.value.clone())
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
}
