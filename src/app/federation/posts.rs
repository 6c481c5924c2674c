//! Telling followers about posts. Every write that may change what the fediverse should
//! see of a post (publishing, a revision, a translation's publication, unpublishing,
//! deleting) first notes the post ([`note_change`]); each pass of the `fediverse` job
//! then looks at the noted posts and at the newest ones published in the last
//! [`WINDOW_HOURS`] (which catches what the scheduler published), compares each with what
//! the fediverse was last told of it, and queues what follows:
//!
//! - never told, published: a `Create` by its author to the author's followers, and the
//!   site actor's `Announce` of it to the site's followers (a post published more than
//!   [`WINDOW_HOURS`] ago, never federated, stays so: an edit of an old post sends
//!   nothing);
//! - told, changed since (a later `updated`): an `Update`, once it has not changed for the
//!   settling time (edits in a row make one `Update`);
//! - told, and no longer published or gone: a `Delete` with a `Tombstone`.
//!
//! Each activity's id is made from the post and its `updated`, so a pass that dies after
//! queuing it and before noting it queues the very same activity again (nothing twice).

use super::delivery::queue_as;
use super::{Whose, article_of, federates};
use crate::app::{AppError, Ctx};
use crate::domain::federation::documents;
use crate::domain::timeuuid;
use crate::domain::{Post, PostId, UserId};
use crate::store::PageAt;
use crate::store::federation::{Federated, MAX_SENT_BYTES};
use crate::urls;
use chrono::{DateTime, Duration, Utc};
use std::collections::HashMap;

/// How long after its publication a post never federated is still sent.
pub const WINDOW_HOURS: i64 = 48;

/// How many of the newest posts each pass looks at.
const NEWEST: usize = 20;

/// Notes that a post may change for its followers: before the change is written.
pub async fn note_change(ctx: &Ctx, post: PostId) -> Result<(), AppError> {
    ctx.store
        .note_post_change(&ctx.site, post, ctx.clock.now())
        .await?;
    Ok(())
}

/// Notes every published static page of the site: its followers hear of it at the next
/// pass, when the site starts or stops sending its pages (at most
/// [`crate::domain::MAX_PAGES`] and a few: one read, a write each).
pub async fn note_pages(ctx: &Ctx) -> Result<(), AppError> {
    for page in ctx.store.site_pages(&ctx.site).await? {
        if page.status == crate::domain::PostStatus::Published {
            note_change(ctx, page.id).await?;
        }
    }
    Ok(())
}

/// What a pass queued.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Told {
    pub created: usize,
    pub updated: usize,
    pub deleted: usize,
}

/// Queues what the noted and newest posts' followers should hear, and forgets the notes
/// it settled; a post still changing (within `settle` of its last change) waits.
pub async fn tell_followers(ctx: &Ctx, settle: std::time::Duration) -> Result<Told, AppError> {
    let now = ctx.clock.now();
    let since = now - Duration::hours(WINDOW_HOURS);
    let settle = Duration::from_std(settle).unwrap_or_else(|_| Duration::minutes(2));
    // Read from the store, not this instance's copy: an administrator may have just
    // started or stopped sending pages (and noted them) through another instance.
    let pages = ctx.store.site_identity(&ctx.site).await?.fediverse_pages;
    let mut candidates: HashMap<PostId, Option<DateTime<Utc>>> = HashMap::new();
    let newest = ctx
        .store
        .home_page(&ctx.site, PageAt::Newest, NEWEST)
        .await
        .map_err(|e| match e {
            crate::store::PageError::Store(e) => AppError::from(e),
            crate::store::PageError::BadCursor => AppError::Internal("the newest page".into()),
        })?;
    for post in newest.posts.iter().filter(|p| p.published >= since) {
        candidates.entry(post.id).or_insert(None);
    }
    for (post, at) in ctx.store.post_changes(&ctx.site).await? {
        let through = candidates.entry(post).or_insert(None);
        *through = (*through).max(Some(at));
    }
    let mut told = Told::default();
    for (post, through) in candidates {
        let state = State {
            now,
            since,
            settle,
            noted: through,
            pages,
        };
        let done = match tell(ctx, post, &state, &mut told).await {
            Ok(done) => done,
            // A post whose activity cannot be sent (too large) is left out, and said so;
            // the others go on.
            Err(AppError::Invalid(why)) => {
                tracing::warn!(post = %post.0, reason = %why, "a post is not sent to the fediverse");
                true
            }
            Err(e) => return Err(e),
        };
        if done && let Some(through) = through {
            ctx.store
                .drop_post_changes(&ctx.site, post, through)
                .await?;
        }
    }
    Ok(told)
}

/// How long the note of a post never told and not published is kept: a pass that read
/// the post published a moment before is given the time to record what it sent.
const UNTOLD_NOTE_MINUTES: i64 = 10;

/// An article as sent: without its translations' texts when with them it would be more
/// than an activity may be (its own text is always within it).
fn fitting(
    mut article: crate::domain::federation::documents::Article,
) -> crate::domain::federation::documents::Article {
    if article.create().to_string().len() > MAX_SENT_BYTES {
        article.translations.clear();
    }
    article
}

/// What a pass knows when it looks at a post.
struct State {
    now: DateTime<Utc>,
    since: DateTime<Utc>,
    settle: Duration,
    /// The post's latest change note, if it has one.
    noted: Option<DateTime<Utc>>,
    /// The site sends its static pages too.
    pages: bool,
}

/// The id of a post's activity of `kind` in its `round` for the state `at`: the same
/// every time.
fn activity_id(post: PostId, kind: &str, round: i32, at: DateTime<Utc>) -> uuid::Uuid {
    timeuuid::named(at, &format!("fediverse:{kind}:{round}:{}", post.0))
}

/// Queues what one post's followers should hear; false while it is still changing.
async fn tell(ctx: &Ctx, id: PostId, state: &State, told: &mut Told) -> Result<bool, AppError> {
    let before = ctx.store.federated_post(&ctx.site, id).await?;
    let post = ctx
        .store
        .post_by_id(&ctx.site, id)
        .await?
        .filter(|post| federates(post, state.pages));
    let site_followers = ctx.absolute(&urls::ap_part(&urls::ap_site(), "followers"));
    match (post, before) {
        (Some(post), before) if before.is_none_or(|b| b.deleted) => {
            let published = post.published.unwrap_or(post.created);
            if before.is_none() && published < state.since {
                return Ok(true);
            }
            // Published again after a Delete: a round of its own.
            let round = before.map_or(0, |b| b.round + 1);
            let article = fitting(article_of(ctx, &post).await?);
            let author = Whose::Author(post.author_id);
            let create = activity_id(id, "create", round, post.updated);
            let activity = article.create_as(&format!("{}#create-{create}", article.id));
            queue_as(ctx, create, author, &activity, &[], &[author]).await?;
            let announce = activity_id(id, "announce", round, post.updated);
            let site_actor = ctx.absolute(&urls::ap_site());
            let boost = documents::announce(
                &format!("{site_actor}#announce-{announce}"),
                &site_actor,
                &article.id,
                &site_followers,
                published,
            );
            queue_as(ctx, announce, Whose::Site, &boost, &[], &[Whose::Site]).await?;
            note(ctx, id, post.updated, post.author_id, round, false).await?;
            told.created += 1;
            Ok(true)
        }
        (Some(post), Some(before)) if changed_at(&post, state) > before.sent => {
            // Its own text's last change, or a later note (a translation saved, published
            // or withdrawn changes the Article but not the post's time).
            let changed = changed_at(&post, state);
            if state.now - changed < state.settle {
                return Ok(false);
            }
            let mut article = fitting(article_of(ctx, &post).await?);
            article.updated = Some(changed);
            let author = Whose::Author(post.author_id);
            let update = activity_id(id, "update", before.round, changed);
            let activity = article.update_as(&format!("{}#update-{update}", article.id));
            queue_as(ctx, update, author, &activity, &[], &[author, Whose::Site]).await?;
            note(ctx, id, changed, post.author_id, before.round, false).await?;
            told.updated += 1;
            Ok(true)
        }
        (None, Some(before)) if !before.deleted => {
            let author = Whose::Author(before.author);
            let object = ctx.absolute(&urls::ap_post(id));
            let delete = activity_id(id, "delete", before.round, before.sent);
            let author_id = ctx.absolute(&author.path());
            let activity = documents::delete(
                &format!("{object}#delete-{delete}"),
                &author_id,
                &object,
                &[
                    urls::ap_part(&author_id, "followers"),
                    site_followers.clone(),
                ],
            );
            queue_as(ctx, delete, author, &activity, &[], &[author, Whose::Site]).await?;
            note(ctx, id, before.sent, before.author, before.round, true).await?;
            told.deleted += 1;
            Ok(true)
        }
        // Not on the fediverse, and never told or told of its end: its note is kept a
        // while, in case a pass that read it published is recording its Create (then the
        // next pass sends the Delete), or one that read the site's pages setting before
        // an administrator changed it and noted the pages is ending (then the next pass
        // sends it again).
        (None, before) if before.is_none_or(|b| b.deleted) => Ok(state
            .noted
            .is_none_or(|at| state.now - at > Duration::minutes(UNTOLD_NOTE_MINUTES))),
        _ => Ok(true),
    }
}

/// When a told post last changed as its followers see it: its own text's time, or its
/// latest change note's when that is later.
fn changed_at(post: &Post, state: &State) -> DateTime<Utc> {
    state
        .noted
        .map_or(post.updated, |noted| noted.max(post.updated))
}

async fn note(
    ctx: &Ctx,
    post: PostId,
    sent: DateTime<Utc>,
    author: UserId,
    round: i32,
    deleted: bool,
) -> Result<(), AppError> {
    ctx.store
        .note_federated_post(
            &ctx.site,
            post,
            &Federated {
                sent,
                author,
                round,
                deleted,
            },
        )
        .await?;
    Ok(())
}
