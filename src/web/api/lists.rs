//! Lists of articles: the site's published posts (by tag, author or favoriter) and (in
//! [`super::feed`]) the feed of the authors the caller follows, newest first, `limit`
//! from `offset`.
//!
//! Sibyl's lists are read with cursors, a page at a time, never counted whole. Where each
//! page answered ended is remembered ([`super::walk`]), so paging on by offset costs one read;
//! an offset nobody paged to is reached by walking a list from its start ([`WALK`] rows
//! a read), which is the cost the specification's offset forces: one read per hundred
//! rows skipped, bounded by [`super::MAX_OFFSET`]. `articlesCount` counts what was read: the articles through this
//! page, and one more when more follow, so that a front end's pager offers the next page
//! while there is one.

use super::articles::{ArticleView, Entry, views};
use super::errors::page_failed;
use super::profiles::account;
use super::walk::walk;
use super::{ApiResult, Errors, MaybeCaller, Window};
use crate::domain::{PostId, PostStatus, PostSummary, Tag, User, UserId};
use crate::store::{ListPage, PageAt};
use crate::web::AppState;
use actix_web::{HttpResponse, get, web};
use futures_util::{StreamExt, TryStreamExt};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Rows read at a time while a list is walked to its offset.
const WALK: usize = 100;

/// How many followed authors' lists are read at once.
pub(super) const FEED_READERS: usize = 16;

/// The most reads of a list one page takes: enough to reach the deepest offset.
const LIST_READS: usize = super::MAX_OFFSET / WALK + 2;

/// The most pages of favorites one page reads when a tag or an author filters them too
/// (each favorite's post is then read to be judged).
const FILTERED_FAVORITE_READS: usize = 2;

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

/// A page of articles, counted: those skipped before it, its own, and one more when
/// more follow.
pub(super) fn answer(articles: Vec<ArticleView>, skipped: usize, more: bool) -> HttpResponse {
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
