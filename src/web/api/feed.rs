//! The feed: the articles of the authors the caller follows, newest first, each
//! author's list read only as far as the page reaches into it.

use super::articles::{Entry, views};
use super::errors::page_failed;
use super::lists::{ArticlesBody, FEED_READERS, answer};
use super::{ApiResult, Caller, Errors, Window};
use crate::domain::{PostSummary, UserId};
use crate::store::{MAX_FOLLOWS, PageAt};
use crate::web::AppState;
use actix_web::{HttpResponse, get, web};
use futures_util::{StreamExt, TryStreamExt};
use std::collections::VecDeque;

/// The most further reads of the followed authors' lists one page of the feed takes:
/// enough to reach the deepest offset.
const FEED_REFILLS: usize = (super::MAX_OFFSET + super::MAX_LIMIT) / FEED_READ + 2;

/// Rows read at a time from each followed author's list while the feed is merged.
const FEED_READ: usize = 20;

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
