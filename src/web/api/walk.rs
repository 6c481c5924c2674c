//! Reaching an offset of a list read by cursors: where earlier pages ended, remembered
//! for a while, and the walk that starts there (or at the list's start) and takes a page.

use super::ApiResult;

/// Where an offset of a list was found: the cursor of the read it falls in and how many
/// kept items of that read come before it, and when. Kept per instance for the pages
/// after the ones it answered, so that a client paging forward by offset (as front
/// ends do) continues where its last page ended rather than walking the list from its
/// start again: a deep page then costs what a shallow one does.
#[derive(Clone)]
struct Place {
    cursor: Option<String>,
    into_read: usize,
    at: std::time::Instant,
}

/// How long a place is trusted, and how many an instance keeps at most (all are dropped
/// when the limit is reached: a client whose place is gone walks once from the start).
const PLACE_TTL: std::time::Duration = std::time::Duration::from_secs(600);
const PLACES_KEPT: usize = 10_000;

fn places() -> &'static std::sync::Mutex<std::collections::HashMap<(String, usize), Place>> {
    static PLACES: std::sync::LazyLock<
        std::sync::Mutex<std::collections::HashMap<(String, usize), Place>>,
    > = std::sync::LazyLock::new(Default::default);
    &PLACES
}

fn place_of(list: &str, offset: usize) -> Option<Place> {
    let places = places().lock().unwrap_or_else(|e| e.into_inner());
    places
        .get(&(list.to_owned(), offset))
        .filter(|p| p.at.elapsed() < PLACE_TTL)
        .cloned()
}

fn remember(list: &str, offset: usize, cursor: Option<String>, into_read: usize) {
    let mut places = places().lock().unwrap_or_else(|e| e.into_inner());
    if places.len() >= PLACES_KEPT {
        places.clear();
    }
    places.insert(
        (list.to_owned(), offset),
        Place {
            cursor,
            into_read,
            at: std::time::Instant::now(),
        },
    );
}

/// Takes `limit` items after skipping `offset`, from pages read one after another:
/// `next` reads the page after a cursor (`None`: the first), giving its items and the
/// cursor of the rest; `keep` says which items count; at most `reads` pages are read (a
/// filter that few items pass then gives a short page, which says that more follow, and
/// the next page goes on from where this one stopped).
/// `list` names the list and its filters: where the page ends is remembered under it,
/// and a later call for that offset starts there. Returns the items, how many were
/// skipped (fewer than `offset` when the list ends before it) and whether more follow.
pub(super) async fn walk<T, F, Fut>(
    list: &str,
    offset: usize,
    limit: usize,
    reads: usize,
    keep: impl Fn(&T) -> bool,
    mut next: F,
) -> ApiResult<(Vec<T>, usize, bool)>
where
    F: FnMut(Option<String>) -> Fut,
    Fut: std::future::Future<Output = ApiResult<(Vec<T>, Option<String>)>>,
{
    let (mut cursor, mut skip_in_read) = match place_of(list, offset) {
        Some(place) if offset > 0 => (place.cursor, place.into_read),
        _ => (None, offset),
    };
    // Skipped before the first read: all of the offset but what falls in that read.
    let mut skipped = offset - skip_in_read.min(offset);
    let mut taken = Vec::new();
    for _ in 0..reads {
        let (items, rest) = next(cursor.clone()).await?;
        for (i, item) in items.into_iter().filter(|i| keep(i)).enumerate() {
            if skip_in_read > 0 {
                skip_in_read -= 1;
                skipped += 1;
            } else if taken.len() < limit {
                taken.push(item);
            } else {
                remember(list, offset + limit, cursor, i);
                return Ok((taken, skipped, true));
            }
        }
        match rest {
            Some(more) => cursor = Some(more),
            None => return Ok((taken, skipped, false)),
        }
    }
    // Out of reads with the list not at its end: what was found, and more to come. The
    // next page goes on from here (every item before here was skipped or given), so each
    // page makes headway however rarely the filter keeps an item.
    remember(list, offset + limit, cursor, 0);
    Ok((taken, skipped, true))
}
