//! Lists kept in one partition per hour (of a time UUID in the key), with an index of the
//! hours that hold rows: a page reads the index newest first from its cursor, then the
//! rows of those hours in one statement (`hour IN ...`), for a few rounds until it is
//! full. Used by the site's moderation lists and the moderation log.

use super::*;
use std::future::Future;

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
    /// Hours the index named that held no row (the cursor's own hour aside).
    pub(super) empty: Vec<i32>,
}

/// A page of `limit` rows, newest first. `hours(h)` reads up to `HOURS_PER_READ` hours
/// of the index at or before `h`, newest first; `rows(hours, after)` reads the rows of
/// those hours (older than `after` if given) with at most `limit + 1` per hour; `id`
/// gives a row's time UUID.
pub(super) async fn hour_page<T, HF, RF>(
    cursor: Option<&str>,
    limit: usize,
    hours: impl Fn(i32) -> HF,
    rows: impl Fn(Vec<i32>, Option<Uuid>) -> RF,
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
        let read = rows(listed.clone(), from.after).await?;
        for &hour in &listed {
            // The cursor's own hour may hold rows before the cursor.
            if hour != from.hour && !read.iter().any(|r| hour_of(id(r)) == hour) {
                empty.push(hour);
            }
        }
        found.extend(read);
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
