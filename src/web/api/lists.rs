//! Lists of articles: the site's published posts (by tag, author or favoriter) and the
//! feed of the authors the caller follows, newest first, `limit` from `offset`.
//!
//! Sibyl's lists are read with cursors, a page at a time, never counted whole. Where each
//! page answered ended is remembered ([`Place`]), so paging on by offset costs one read;
//! an offset nobody paged to is reached by walking a list from its start ([`WALK`] rows
//! a read), which is the cost the specification's offset forces: one read per hundred
//! rows skipped, bounded by [`super::MAX_OFFSET`]. `articlesCount` counts what was read: the articles through this
//! page, and one more when more follow, so that a front end's pager offers the next page
//! while there is one.

use super::articles::{ArticleView, Entry, views};
use super::profiles::account;
use super::{ApiResult, Caller, Errors, MaybeCaller, Window, page_failed};
use crate::domain::{PostId, PostStatus, PostSummary, Tag, User, UserId};
use crate::store::{ListPage, MAX_FOLLOWS, PageAt};
use crate::web::AppState;
use actix_web::{HttpResponse, get, web};
use futures_util::{StreamExt, TryStreamExt};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use utoipa::ToSchema;

/// Rows read at a time while a list is walked to its offset.
const WALK: usize = 100;

/// The most reads of a list one page takes: enough to reach the deepest offset.
const LIST_READS: usize = super::MAX_OFFSET / WALK + 2;

/// The most pages of favorites one page reads when a tag or an author filters them too
/// (each favorite's post is then read to be judged).
const FILTERED_FAVORITE_READS: usize = 2;

/// The most further reads of the followed authors' lists one page of the feed takes:
/// enough to reach the deepest offset.
const FEED_REFILLS: usize = (super::MAX_OFFSET + super::MAX_LIMIT) / FEED_READ + 2;

/// Rows read at a time from each followed author's list while the feed is merged.
const FEED_READ: usize = 20;

/// How many followed authors' lists are read at once.
const FEED_READERS: usize = 16;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ArticlesBody {
    articles: Vec<ArticleView>,
    /// The articles counted so far: through this page, and one more when more follow.
    articles_count: u64,
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct Filters {
    /// Articles with this tag.
    tag: Option<String>,
    /// Articles by this user name.
    author: Option<String>,
    /// Articles this user name keeps as favorites.
    favorited: Option<String>,
}

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
async fn walk<T, F, Fut>(
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

/// A page of articles, counted: those skipped before it, its own, and one more when
/// more follow.
fn answer(articles: Vec<ArticleView>, skipped: usize, more: bool) -> HttpResponse {
    let counted = (skipped + articles.len() + usize::from(more)) as u64;
    HttpResponse::Ok().json(ArticlesBody {
        articles,
        articles_count: counted,
    })
}

fn empty() -> HttpResponse {
    answer(Vec::new(), 0, false)
}

/// Published articles, newest first (by favoriter: the most recently chosen first),
/// filtered by tag, author and favoriter together, `limit` from `offset`.
#[utoipa::path(
    tag = "Articles",
    params(Filters, Window),
    responses(
        (status = 200, description = "A page of articles, without their bodies", body = ArticlesBody),
        (status = 401, description = "A token was sent, and it is not valid", body = Errors),
        (status = 422, description = "A filter, limit or offset is not valid", body = Errors),
    )
)]
#[get("/articles")]
pub async fn list_articles(
    state: web::Data<AppState>,
    caller: MaybeCaller,
    filters: web::Query<Filters>,
    window: web::Query<Window>,
) -> ApiResult<HttpResponse> {
    let (limit, offset) = window.checked()?;
    let tag = match filters.tag.as_deref() {
        Some(t) => Some(Tag::parse(t)?),
        None => None,
    };
    // Nobody by a name wrote or chose anything.
    let author = match filters.author.as_deref() {
        Some(name) => match account(&state, name).await {
            Ok(user) => Some(user),
            Err(_) => return Ok(empty()),
        },
        None => None,
    };
    let favoriter = match filters.favorited.as_deref() {
        Some(name) => match account(&state, name).await {
            Ok(user) => Some(user),
            Err(_) => return Ok(empty()),
        },
        None => None,
    };
    let by_tag =
        |tags: &crate::domain::Tags| tag.as_ref().is_none_or(|t| tags.iter().any(|x| x == t));
    let by_author = |id: Option<UserId>| author.as_ref().is_none_or(|a| id == Some(a.id));
    // The filters, as the name of the list they make.
    let filtered = format!(
        "{}|{}",
        tag.as_ref().map_or("", |t| t.as_str()),
        author
            .as_ref()
            .map(|a| a.id.0.to_string())
            .unwrap_or_default()
    );
    let (entries, skipped, more) = match &favoriter {
        // The favorites alone: skipped by their ids, and only the page's posts read.
        Some(f) if tag.is_none() && author.is_none() => {
            let list = format!("{}|favorites|{}", state.site, f.id.0);
            let (ids, skipped, more) = walk(
                &list,
                offset,
                limit,
                LIST_READS,
                |_| true,
                |cursor| favorite_ids(&state, f, cursor),
            )
            .await?;
            (published(&state, ids, &|_| true).await?, skipped, more)
        }
        // Filtered too: each favorite's post is read to be judged, a few pages at most.
        Some(f) => {
            let list = format!("{}|favorites|{}|{filtered}", state.site, f.id.0);
            let keep = |p: &crate::domain::Post| by_tag(&p.tags) && by_author(Some(p.author_id));
            walk(
                &list,
                offset,
                limit,
                FILTERED_FAVORITE_READS,
                |_| true,
                |cursor| async {
                    let (ids, next) = favorite_ids(&state, f, cursor).await?;
                    Ok((published(&state, ids, &keep).await?, next))
                },
            )
            .await?
        }
        None => {
            let list = format!("{}|list|{filtered}", state.site);
            let (rows, skipped, more) = walk(
                &list,
                offset,
                limit,
                LIST_READS,
                |s: &PostSummary| by_tag(&s.tags),
                |cursor| list_page(&state, author.as_ref(), tag.as_ref(), cursor),
            )
            .await?;
            (
                rows.into_iter().map(Entry::of_summary).collect(),
                skipped,
                more,
            )
        }
    };
    let articles = views(&state, caller.user(), entries).await?;
    Ok(answer(articles, skipped, more))
}

/// A page of the site's list that serves the filters: an author's, a tag's, or the
/// home page's.
async fn list_page(
    state: &AppState,
    author: Option<&User>,
    tag: Option<&Tag>,
    cursor: Option<String>,
) -> ApiResult<(Vec<PostSummary>, Option<String>)> {
    let at = cursor.as_deref().map_or(PageAt::Newest, PageAt::Older);
    let site = &state.site;
    let read: ListPage = match (author, tag) {
        (Some(a), _) => state.store.posts_by_author(site, a.id, at, WALK).await,
        (None, Some(t)) => state.store.tag_page(site, t, at, WALK).await,
        (None, None) => state.store.home_page(site, at, WALK).await,
    }
    .map_err(page_failed)?;
    Ok((read.posts, read.older))
}

/// A page of an account's favorites: the ids of their posts, the most recently chosen
/// first.
async fn favorite_ids(
    state: &AppState,
    favoriter: &User,
    cursor: Option<String>,
) -> ApiResult<(Vec<PostId>, Option<String>)> {
    let page = state
        .store
        .favorites_of(&state.site, favoriter.id, cursor.as_deref(), WALK)
        .await
        .map_err(page_failed)?;
    Ok((page.posts, page.next))
}

/// The posts of some ids (read each, 16 at a time: favorites keep ids only) that are
/// published articles `keep` takes; one since deleted or unpublished is left out.
async fn published(
    state: &AppState,
    ids: Vec<PostId>,
    keep: &impl Fn(&crate::domain::Post) -> bool,
) -> ApiResult<Vec<Entry>> {
    let posts: Vec<Option<crate::domain::Post>> = futures_util::stream::iter(ids)
        .map(|id: PostId| async move { state.store.post_by_id(&state.site, id).await })
        .buffered(FEED_READERS)
        .try_collect()
        .await?;
    Ok(posts
        .into_iter()
        .flatten()
        .filter(|p| p.status == PostStatus::Published && !p.is_page() && keep(p))
        .map(|p| Entry::of_post(&p, false))
        .collect())
}

/// One followed author's list as the feed merges it: the rows read and not yet taken,
/// and where the rest starts.
struct Stream {
    author: UserId,
    rows: VecDeque<PostSummary>,
    older: Option<String>,
}

impl Stream {
    async fn read(state: &AppState, author: UserId, cursor: Option<String>) -> ApiResult<Self> {
        let at = cursor.as_deref().map_or(PageAt::Newest, PageAt::Older);
        let page = state
            .store
            .posts_by_author(&state.site, author, at, FEED_READ)
            .await
            .map_err(page_failed)?;
        Ok(Self {
            author,
            rows: page.posts.into(),
            older: page.older,
        })
    }
}

/// The articles of the authors the caller follows, newest first, `limit` from `offset`.
/// Each followed author's list is read once for its newest rows (16 at a time), then
/// merged, and read further only as far as the page reaches into it: a page costs one
/// read per followed author (at most 1,000) and one per 20 articles taken.
#[utoipa::path(
    tag = "Articles",
    params(Window),
    responses(
        (status = 200, description = "A page of the feed, without the articles' bodies", body = ArticlesBody),
        (status = 401, description = "No valid token", body = Errors),
        (status = 422, description = "A limit or offset is not valid", body = Errors),
    ),
    security(("Token" = []))
)]
#[get("/articles/feed")]
#[expect(
    clippy::expect_used,
    reason = "a stream is in the heap only while it has a head row"
)]
pub async fn feed(
    state: web::Data<AppState>,
    caller: Caller,
    window: web::Query<Window>,
) -> ApiResult<HttpResponse> {
    let (limit, offset) = window.checked()?;
    let me = &caller.user;
    let followed = state
        .store
        .followed(&state.site, me.id, None, MAX_FOLLOWS)
        .await?;
    let mut streams: Vec<Stream> = futures_util::stream::iter(followed)
        .map(|author| Stream::read(&state, author, None))
        .buffer_unordered(FEED_READERS)
        .try_collect()
        .await?;
    let mut taken = Vec::new();
    let mut skipped = 0;
    let mut refills = 0;
    let more = loop {
        // The newest row at the head of any stream.
        let newest = streams
            .iter()
            .enumerate()
            .filter_map(|(i, s)| s.rows.front().map(|r| (i, r.published, r.id.0)))
            .max_by_key(|(_, published, id)| (*published, *id));
        let Some((i, _, _)) = newest else {
            break false;
        };
        let row = streams[i].rows.pop_front().expect("a head row");
        if skipped < offset {
            skipped += 1;
        } else if taken.len() < limit {
            taken.push(row);
        } else {
            break true;
        }
        if streams[i].rows.is_empty()
            && let Some(cursor) = streams[i].older.take()
        {
            if refills == FEED_REFILLS {
                // Out of reads: what was found, and more to come.
                break true;
            }
            refills += 1;
            let author = streams[i].author;
            streams[i] = Stream::read(&state, author, Some(cursor)).await?;
        }
    };
    let entries = taken.into_iter().map(Entry::of_summary).collect();
    let articles = views(&state, Some(me), entries).await?;
    Ok(answer(articles, skipped, more))
}
