//! Lists kept in one partition per hour (of a time UUID in the key), with an index of the
//! hours that hold rows: a page reads the index newest first from its cursor, then the
//! rows of those hours, the newest hour alone first and then twice as many hours at a
//! time (`hour IN ...`), each read asking only for the rows the page still lacks, for a
//! few rounds until it is full. A busy list fills its page from its newest hour or two,
//! reading a page of rows, not a page from each of 24 hours; a sparse one takes a few
//! more statements. Used by the site's moderation lists and the moderation log.

use crate::store::{PageError, StoreResult};
use scylla::value::CqlTimeuuid;
use std::future::Future;
use uuid::Uuid;

/// Hours a page reads in one statement.
pub(super) const HOURS_PER_READ: usize = 24;
/// Rounds of (hours, rows) a page makes at most before it answers with a cursor to go on.
const ROUNDS: usize = 4;

/// The hour of a time UUID, in hours since 1970: its partition in an hourly list.
pub(super) fn hour_of(id: Uuid) -> i32 {
    crate::domain::timeuuid::time_of(id).map_or(0, |t| t.timestamp().div_euclid(3600) as i32)
}

/// Where a page starts: at an hour, after a row of that hour if any.
struct Cursor {
    hour: i32,
    after: Option<Uuid>,
}

impl Cursor {
    fn parse(text: &str) -> Result<Self, PageError> {
        let (hour, after) = match text.split_once('.') {
            Some((hour, id)) => (hour, Some(id)),
            None => (text, None),
        };
        // No list has rows from before 1970.
        let hour: i32 = hour
            .parse()
            .ok()
            .filter(|h| *h >= 0)
            .ok_or(PageError::BadCursor)?;
        let after = match after {
            None => None,
            Some(id) => {
                let id = Uuid::parse_str(id).map_err(|_| PageError::BadCursor)?;
                if hour_of(id) != hour {
                    return Err(PageError::BadCursor);
                }
                Some(id)
            }
        };
        Ok(Self { hour, after })
    }

    fn text(&self) -> String {
        match self.after {
            Some(id) => format!("{}.{}", self.hour, id.simple()),
            None => self.hour.to_string(),
        }
    }
}

/// A page of an hourly list.
pub(super) struct HourPage<T> {
    pub(super) rows: Vec<T>,
    pub(super) next: Option<String>,
    /// Hours the index named that held no row (the hour of a cursor after a row aside).
    pub(super) empty: Vec<i32>,
}

/// A page of `limit` rows, newest first. `hours(h)` reads up to `HOURS_PER_READ` hours
/// of the index at or before `h`, newest first; `rows(hours, after, n)` reads the rows of
/// those hours (older than `after` if given) with at most `n` per hour; `id` gives a
/// row's time UUID.
pub(super) async fn hour_page<T, HF, RF>(
    cursor: Option<&str>,
    limit: usize,
    hours: impl Fn(i32) -> HF,
    rows: impl Fn(Vec<i32>, Option<Uuid>, i32) -> RF,
    id: impl Fn(&T) -> Uuid,
) -> Result<HourPage<T>, PageError>
where
    HF: Future<Output = StoreResult<Vec<i32>>>,
    RF: Future<Output = StoreResult<Vec<T>>>,
{
    let mut from = match cursor {
        Some(c) => Cursor::parse(c)?,
        None => Cursor {
            hour: i32::MAX,
            after: None,
        },
    };
    let mut found: Vec<T> = Vec::new();
    let mut empty = Vec::new();
    let mut exhausted = false;
    for _ in 0..ROUNDS {
        let listed = hours(from.hour).await?;
        let Some(&oldest) = listed.last() else {
            exhausted = true;
            break;
        };
        // The newest hour alone, then twice as many at a time, until the page is full
        // (one row more than it shows says that more follow).
        let (mut unread, mut group) = (&listed[..], 1);
        while !unread.is_empty() && found.len() <= limit {
            let (these, rest) = unread.split_at(group.min(unread.len()));
            let wanted = (limit + 1 - found.len()) as i32;
            let read = rows(these.to_vec(), from.after, wanted).await?;
            for &hour in these {
                // The hour of a cursor after a row may hold rows before that row (a
                // cursor at an hour's start reads it whole).
                let partly = hour == from.hour && from.after.is_some();
                if !partly && !read.iter().any(|r| hour_of(id(r)) == hour) {
                    empty.push(hour);
                }
            }
            found.extend(read);
            (unread, group) = (rest, group * 2);
        }
        exhausted = listed.len() < HOURS_PER_READ;
        from = Cursor {
            hour: oldest - 1,
            after: None,
        };
        if exhausted || found.len() > limit {
            break;
        }
    }
    // A later hour is newer; within an hour, by time UUID as the tables order them.
    let key = |r: &T| (hour_of(id(r)), CqlTimeuuid::from(id(r)));
    found.sort_by_key(|r| std::cmp::Reverse(key(r)));
    let more = found.len() > limit;
    found.truncate(limit);
    let next = if more {
        found.last().map(|last| {
            Cursor {
                hour: hour_of(id(last)),
                after: Some(id(last)),
            }
            .text()
        })
    } else if exhausted {
        None
    } else {
        Some(from.text())
    };
    Ok(HourPage {
        rows: found,
        next,
        empty,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::RefCell;
    use std::collections::BTreeMap;

    /// An hourly list in memory: each hour's rows, newest first, as the tables keep them.
    struct List(BTreeMap<i32, Vec<Uuid>>);

    impl List {
        /// `counts[i]` rows in the hour `i` hours before the newest.
        fn new(counts: &[usize]) -> Self {
            let newest = chrono::DateTime::parse_from_rfc3339("2026-11-27T12:00:00Z")
                .unwrap()
                .with_timezone(&chrono::Utc);
            let mut hours = BTreeMap::new();
            for (back, &n) in counts.iter().enumerate() {
                let start = newest - chrono::Duration::hours(back as i64);
                let mut rows: Vec<Uuid> = (0..n)
                    .map(|i| {
                        crate::domain::timeuuid::at(start + chrono::Duration::seconds(i as i64))
                    })
                    .collect();
                rows.sort_by_key(|id| std::cmp::Reverse(CqlTimeuuid::from(*id)));
                if let Some(first) = rows.first() {
                    hours.insert(hour_of(*first), rows);
                }
            }
            Self(hours)
        }

        fn newest_first(&self) -> Vec<Uuid> {
            self.0.values().rev().flatten().copied().collect()
        }

        /// Walks every page of `limit`; returns the rows, and the (hours, per hour) of
        /// each read of rows.
        async fn walk(&self, limit: usize) -> (Vec<Uuid>, Vec<(usize, i32)>) {
            let reads = RefCell::new(Vec::new());
            let mut seen = Vec::new();
            let mut cursor: Option<String> = None;
            for _ in 0..1000 {
                let page = hour_page(
                    cursor.as_deref(),
                    limit,
                    |from| {
                        let listed: Vec<i32> = self
                            .0
                            .keys()
                            .rev()
                            .filter(|h| **h <= from)
                            .take(HOURS_PER_READ)
                            .copied()
                            .collect();
                        async move { Ok(listed) }
                    },
                    |hours, after, per_hour| {
                        reads.borrow_mut().push((hours.len(), per_hour));
                        let rows: Vec<Uuid> = hours
                            .iter()
                            .flat_map(|h| {
                                self.0[h]
                                    .iter()
                                    .filter(|id| {
                                        after.is_none_or(|a| {
                                            CqlTimeuuid::from(**id) < CqlTimeuuid::from(a)
                                        })
                                    })
                                    .take(per_hour as usize)
                            })
                            .copied()
                            .collect();
                        async move { Ok(rows) }
                    },
                    |id: &Uuid| *id,
                )
                .await
                .unwrap();
                assert!(page.rows.len() <= limit);
                seen.extend(page.rows);
                match page.next {
                    Some(next) => cursor = Some(next),
                    None => return (seen, reads.into_inner()),
                }
            }
            panic!("the pages never ended");
        }
    }

    #[tokio::test]
    async fn a_busy_list_fills_its_page_from_its_newest_hour() {
        let list = List::new(&[80; 24]);
        let reads = RefCell::new(0);
        let page = hour_page(
            None,
            50,
            |_| async { Ok(list.0.keys().rev().copied().collect()) },
            |hours: Vec<i32>, _, per_hour| {
                *reads.borrow_mut() += 1;
                assert_eq!((hours.len(), per_hour), (1, 51), "the newest hour alone");
                let rows = list.0[&hours[0]][..51].to_vec();
                async move { Ok(rows) }
            },
            |id: &Uuid| *id,
        )
        .await
        .unwrap();
        assert_eq!(page.rows, list.newest_first()[..50]);
        assert_eq!(
            *reads.borrow(),
            1,
            "a page of rows read, not a page an hour"
        );
        assert!(page.empty.is_empty());
    }

    #[tokio::test]
    async fn an_empty_hour_a_page_starts_at_is_found_empty_unless_it_starts_after_a_row() {
        let id = crate::domain::timeuuid::at(
            chrono::DateTime::from_timestamp(99 * 3600 + 60, 0).unwrap(),
        );
        for (cursor, empty) in [
            ("99".to_owned(), vec![99]),
            (format!("99.{}", id.simple()), vec![]),
        ] {
            let page = hour_page(
                Some(&cursor),
                10,
                |_| async { Ok(vec![99]) },
                |_, _, _| async { Ok(Vec::<Uuid>::new()) },
                |id: &Uuid| *id,
            )
            .await
            .unwrap();
            assert_eq!(page.empty, empty, "from {cursor}");
        }
    }

    #[tokio::test]
    async fn sparse_hours_are_read_twice_as_many_at_a_time() {
        let list = List::new(&[1; 24]);
        let (rows, reads) = list.walk(10).await;
        assert_eq!(rows, list.newest_first());
        // The first page: 1, 2, 4 and 8 hours, each asking for what the page still lacks.
        assert_eq!(reads[..4], [(1, 11), (2, 10), (4, 8), (8, 4)]);
    }

    #[tokio::test]
    async fn every_row_is_walked_once_in_order_whatever_the_hours_hold() {
        let mut draw = 7u64;
        for shape in 0..40 {
            let counts: Vec<usize> = (0..(shape % 60 + 1))
                .map(|_| {
                    draw = draw
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    [0, 0, 1, 2, 3, 7, 20, 60][(draw >> 61) as usize]
                })
                .collect();
            let list = List::new(&counts);
            for limit in [1, 5, 50] {
                let (rows, _) = list.walk(limit).await;
                assert_eq!(rows, list.newest_first(), "{counts:?}, pages of {limit}");
            }
        }
    }
}
