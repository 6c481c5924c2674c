//! Comments in the store: time-UUID ids under real concurrency, threads, paging both
//! ways, moderation transitions with the lists in step (also when a write dies midway),
//! counts, and the per-post bound, on both stores.

use crate::both_stores;
use crate::fixtures;
use crate::helpers::{Kind, TestStore, unique_name};
use sibyl::domain::comment::{MAX_COMMENTS_PER_POST, OWN_PENDING_WINDOW};
use sibyl::domain::{
    Comment, CommentBody, CommentId, CommentState, CommentedPost, Commenter, Moderation,
    NewComment, Post, Role, User, now,
};
use sibyl::store::{CommentError, Fault, ModerationError, Store, StoreOptions};
use std::collections::HashSet;
use std::sync::Arc;

pub async fn member(t: &TestStore, role: Role) -> User {
    fixtures::user(t, role, &unique_name("Commenter")).await
}

pub async fn post(t: &TestStore, by: &User) -> Post {
    fixtures::post(t, by, "Talk to me", "Comments welcome.", "talk").await
}

fn on(post: &Post) -> CommentedPost {
    CommentedPost {
        id: post.id,
        slug: post.slug.as_str().to_owned(),
        title: post.title.as_str().to_owned(),
    }
}

pub fn comment(
    post: &Post,
    by: &User,
    text: &str,
    reply_to: Option<&Comment>,
    state: CommentState,
) -> NewComment {
    comment_at(post, by, text, reply_to, state, now())
}

/// A comment written at a given time.
pub fn comment_at(
    post: &Post,
    by: &User,
    text: &str,
    reply_to: Option<&Comment>,
    state: CommentState,
    at: chrono::DateTime<chrono::Utc>,
) -> NewComment {
    NewComment::new(
        on(post),
        reply_to,
        Commenter::Member {
            id: by.id,
            name: by.display_name.clone(),
        },
        CommentBody::parse(text).unwrap(),
        state,
        at,
    )
}

pub fn by(admin: &User, to: CommentState) -> Moderation {
    Moderation {
        to,
        reason: format!("made {}", to.as_str()),
        by: admin.id,
        by_name: admin.display_name.clone(),
        at: now(),
    }
}

/// Every approved comment of a post, walking the newer links from the first page.
async fn walk(store: &Arc<dyn Store>, t: &TestStore, post: &Post, size: usize) -> Vec<CommentId> {
    let mut ids = Vec::new();
    let mut cursor: Option<String> = None;
    loop {
        let page = store
            .comment_page(&t.site, post.id, cursor.as_deref(), size)
            .await
            .unwrap();
        assert!(page.comments.len() <= size);
        ids.extend(page.comments.iter().map(|c| c.id));
        match page.newer {
            Some(next) => cursor = Some(next),
            None => return ids,
        }
    }
}

/// The comment and the lists agree: it is in its state's moderation list (site and post)
/// and no other, and among the approved comments exactly when approved.
pub async fn assert_in_step(t: &TestStore, post: &Post, id: CommentId) {
    let stored = t
        .store
        .comment(&t.site, post.id, id)
        .await
        .unwrap()
        .unwrap();
    for state in [
        CommentState::Pending,
        CommentState::Spam,
        CommentState::Rejected,
    ] {
        for scope in [None, Some(post.id)] {
            let listed = t
                .store
                .moderation_list(&t.site, state, scope, None, 500)
                .await
                .unwrap()
                .comments
                .iter()
                .any(|c| c.id == id);
            assert_eq!(
                listed,
                stored.state == state,
                "{:?} comment in the {:?} list ({scope:?})",
                stored.state,
                state
            );
        }
    }
    let shown = walk(&t.store, t, post, 500).await.contains(&id);
    assert_eq!(
        shown,
        stored.state == CommentState::Approved,
        "{:?}",
        stored.state
    );
}

both_stores!(
    five_hundred_concurrent_comments_are_stored_distinct_ordered_and_paged,
    replies_join_the_thread_of_the_comment_they_answer,
    every_moderation_transition_keeps_the_lists_in_step,
    a_moderation_that_dies_midway_leaves_everything_agreeing,
    counts_of_many_posts_are_one_read,
    counts_are_kept_a_moment_never_past_a_change_made_here,
    readers_of_a_stale_copy_at_once_send_one_read,
    a_readers_own_pending_comments_are_found_among_their_own_recent_ones,
);

async fn five_hundred_concurrent_comments_are_stored_distinct_ordered_and_paged(t: TestStore) {
    let author = member(&t, Role::Author).await;
    let reader = member(&t, Role::Reader).await;
    let post = post(&t, &author).await;
    let tasks: Vec<_> = (0..500)
        .map(|i| {
            let (store, site) = (t.store.clone(), t.site.clone());
            let new = comment(
                &post,
                &reader,
                &format!("Comment number {i}"),
                None,
                CommentState::Approved,
            );
            tokio::spawn(async move { store.add_comment(&site, &new).await.map(|()| new.id) })
        })
        .collect();
    let mut written = Vec::new();
    for task in tasks {
        written.push(task.await.unwrap().unwrap());
    }
    let distinct: HashSet<CommentId> = written.iter().copied().collect();
    assert_eq!(distinct.len(), 500, "every id is distinct");
    assert!(written.iter().all(|id| id.0.get_version_num() == 1));

    for size in [1, 7, 50, 500] {
        let seen = walk(&t.store, &t, &post, size).await;
        assert_eq!(seen.len(), 500, "page size {size}: none lost or repeated");
        assert_eq!(seen.iter().copied().collect::<HashSet<_>>(), distinct);
        let times: Vec<_> = seen.iter().map(CommentId::time).collect();
        assert!(
            times.windows(2).all(|w| w[0] <= w[1]),
            "page size {size}: the order of ids is the order of time"
        );
    }

    // Back again through the older links, from the last page to the first.
    let forward = walk(&t.store, &t, &post, 37).await;
    let mut cursor: Option<String> = None;
    let last = loop {
        let page = t
            .store
            .comment_page(&t.site, post.id, cursor.as_deref(), 37)
            .await
            .unwrap();
        match &page.newer {
            Some(next) => cursor = Some(next.clone()),
            None => break page,
        }
    };
    let mut page = last;
    let mut backward: Vec<CommentId> = page.comments.iter().rev().map(|c| c.id).collect();
    while let Some(older) = page.older.clone() {
        page = t
            .store
            .comment_page(&t.site, post.id, Some(&older), 37)
            .await
            .unwrap();
        backward.extend(page.comments.iter().rev().map(|c| c.id));
    }
    backward.reverse();
    assert_eq!(backward, forward, "older links walk the same comments back");

    // Paging while new comments arrive: the 500 are each seen exactly once.
    let writer = {
        let (store, site) = (t.store.clone(), t.site.clone());
        let (post, reader) = (post.clone(), reader.clone());
        tokio::spawn(async move {
            for i in 0..60 {
                let new = comment(
                    &post,
                    &reader,
                    &format!("Late {i}"),
                    None,
                    CommentState::Approved,
                );
                store.add_comment(&site, &new).await.unwrap();
            }
        })
    };
    let seen = walk(&t.store, &t, &post, 11).await;
    writer.await.unwrap();
    let unique: HashSet<CommentId> = seen.iter().copied().collect();
    assert_eq!(
        unique.len(),
        seen.len(),
        "nothing repeated while comments arrived"
    );
    assert!(
        distinct.is_subset(&unique),
        "nothing lost while comments arrived"
    );
}

async fn replies_join_the_thread_of_the_comment_they_answer(t: TestStore) {
    let author = member(&t, Role::Author).await;
    let reader = member(&t, Role::Reader).await;
    let post = post(&t, &author).await;
    let add = |new: NewComment| {
        let t = &t;
        async move {
            t.store.add_comment(&t.site, &new).await.unwrap();
            t.store
                .comment(&t.site, new.post.id, new.id)
                .await
                .unwrap()
                .unwrap()
        }
    };
    let a = add(comment(&post, &reader, "A", None, CommentState::Approved)).await;
    let b = add(comment(&post, &reader, "B", None, CommentState::Approved)).await;
    let a1 = add(comment(
        &post,
        &author,
        "A1",
        Some(&a),
        CommentState::Approved,
    ))
    .await;
    let a2 = add(comment(
        &post,
        &reader,
        "A2",
        Some(&a1),
        CommentState::Approved,
    ))
    .await;
    assert_eq!((a1.thread, a1.parent), (a.id, Some(a.id)));
    assert_eq!(
        (a2.thread, a2.parent),
        (a.id, Some(a1.id)),
        "a reply to a reply joins the same thread"
    );
    let page = t
        .store
        .comment_page(&t.site, post.id, None, 10)
        .await
        .unwrap();
    let order: Vec<CommentId> = page.comments.iter().map(|c| c.id).collect();
    assert_eq!(
        order,
        [a.id, a1.id, a2.id, b.id],
        "replies sit under their thread"
    );
    assert!(page.comments[1].body_html.contains("A1"));
}

async fn every_moderation_transition_keeps_the_lists_in_step(t: TestStore) {
    let admin = member(&t, Role::Admin).await;
    let reader = member(&t, Role::Reader).await;
    let post = post(&t, &admin).await;
    let new = comment(
        &post,
        &reader,
        "Please approve me",
        None,
        CommentState::Pending,
    );
    t.store.add_comment(&t.site, &new).await.unwrap();
    let id = new.id;
    assert_in_step(&t, &post, id).await;
    let counts = t.store.comment_state_counts(&t.site).await.unwrap();
    assert_eq!((counts.pending, counts.approved), (1, 0));

    // pending -> approved -> spam -> approved -> rejected -> deleted, each checked.
    for to in [
        CommentState::Approved,
        CommentState::Spam,
        CommentState::Approved,
        CommentState::Rejected,
        CommentState::Deleted,
    ] {
        let moved = t
            .store
            .moderate(&t.site, post.id, id, &by(&admin, to))
            .await
            .unwrap();
        assert_eq!(moved.state, to);
        assert_eq!(moved.reason, format!("made {}", to.as_str()));
        assert_in_step(&t, &post, id).await;
        let approved = t
            .store
            .approved_comment_counts(&t.site, &[post.id])
            .await
            .unwrap();
        let expected = u64::from(to == CommentState::Approved);
        assert_eq!(
            approved.iter().map(|(_, n)| *n).sum::<u64>(),
            expected,
            "approved count after {to:?}"
        );
    }
    let counts = t.store.comment_state_counts(&t.site).await.unwrap();
    assert_eq!(
        (
            counts.pending,
            counts.approved,
            counts.spam,
            counts.rejected,
            counts.deleted
        ),
        (0, 0, 0, 0, 1)
    );

    // Illegal moves are refused and change nothing.
    for to in [
        CommentState::Approved,
        CommentState::Deleted,
        CommentState::Pending,
    ] {
        let refused = t
            .store
            .moderate(&t.site, post.id, id, &by(&admin, to))
            .await;
        assert!(
            matches!(
                refused,
                Err(ModerationError::Illegal {
                    from: CommentState::Deleted,
                    ..
                })
            ),
            "{refused:?}"
        );
    }
    let message = ModerationError::Illegal {
        from: CommentState::Deleted,
        to: CommentState::Approved,
    }
    .to_string();
    assert_eq!(message, "a deleted comment cannot become approved");
    assert_in_step(&t, &post, id).await;
    let unknown = t
        .store
        .moderate(
            &t.site,
            post.id,
            CommentId::at(now()),
            &by(&admin, CommentState::Approved),
        )
        .await;
    assert!(
        matches!(unknown, Err(ModerationError::NoSuchComment)),
        "{unknown:?}"
    );

    // The log tells who did what, newest first.
    let month = now().format("%Y-%m").to_string();
    let log = t
        .store
        .moderation_log(&t.site, &month, None, 500)
        .await
        .unwrap()
        .entries;
    let moves: Vec<(&str, &str)> = log
        .iter()
        .filter(|e| e.comment == id)
        .map(|e| (e.from.as_str(), e.to.as_str()))
        .collect();
    assert_eq!(
        moves,
        [
            ("rejected", "deleted"),
            ("approved", "rejected"),
            ("spam", "approved"),
            ("approved", "spam"),
            ("pending", "approved"),
        ]
    );
    assert!(log.iter().all(|e| e.by_name == admin.display_name));
    // Approval made the reader a trusted commenter.
    assert!(
        t.store
            .commenter_standing(&t.site, reader.id)
            .await
            .unwrap()
            .trusted
    );
}

async fn a_moderation_that_dies_midway_leaves_everything_agreeing(kind: TestStore) {
    let options = StoreOptions::default();
    let t = match kind.kind {
        Kind::Sqlite => TestStore::sqlite_with(options.clone()).await,
        Kind::Cassandra => TestStore::cassandra_with(options.clone()).await,
    };
    let admin = member(&t, Role::Admin).await;
    let reader = member(&t, Role::Reader).await;
    let post = post(&t, &admin).await;
    let new = comment(
        &post,
        &reader,
        "Caught in a crash",
        None,
        CommentState::Pending,
    );
    t.store.add_comment(&t.site, &new).await.unwrap();
    options.faults.arm(Fault::CrashInModeration);
    let died = t
        .store
        .moderate(
            &t.site,
            post.id,
            new.id,
            &by(&admin, CommentState::Approved),
        )
        .await;
    assert!(died.is_err(), "the fault fired");
    let after = t
        .store
        .comment(&t.site, post.id, new.id)
        .await
        .unwrap()
        .unwrap();
    match t.kind {
        // One transaction: nothing of the move survives.
        Kind::Sqlite => assert_eq!(after.state, CommentState::Pending),
        // One logged batch: all of the move survives (the counters after it did not run).
        Kind::Cassandra => assert_eq!(after.state, CommentState::Approved),
    }
    assert_in_step(&t, &post, new.id).await;
    // And the next decision goes through as usual.
    let next = if after.state == CommentState::Pending {
        CommentState::Approved
    } else {
        CommentState::Spam
    };
    t.store
        .moderate(&t.site, post.id, new.id, &by(&admin, next))
        .await
        .unwrap();
    assert_in_step(&t, &post, new.id).await;
}

async fn counts_of_many_posts_are_one_read(t: TestStore) {
    let author = member(&t, Role::Author).await;
    let reader = member(&t, Role::Reader).await;
    let mut posts = Vec::new();
    for n in 0..5u64 {
        let p = post(&t, &author).await;
        for i in 0..n {
            let state = if i % 2 == 0 {
                CommentState::Approved
            } else {
                CommentState::Pending
            };
            let new = comment(&p, &reader, "Counted", None, state);
            t.store.add_comment(&t.site, &new).await.unwrap();
        }
        posts.push(p);
    }
    let ids: Vec<_> = posts.iter().map(|p| p.id).collect();
    let before = t.store.statements();
    let counts = t
        .store
        .approved_comment_counts(&t.site, &ids)
        .await
        .unwrap();
    assert_eq!(
        t.store.statements() - before,
        1,
        "one statement for every post"
    );
    let count_of = |i: usize| {
        counts
            .iter()
            .find(|(id, _)| *id == ids[i])
            .map_or(0, |(_, n)| *n)
    };
    assert_eq!(
        (0..5).map(count_of).collect::<Vec<_>>(),
        [0, 1, 1, 2, 2],
        "approved comments only"
    );
}

/// A post's approved comments, as an instance read them for a list, are used again for a
/// moment (on Cassandra: no statement), never after a comment counted through the same
/// instance (the commenter sees it counted at once), and another instance shows the change
/// within `LIST_TTL`, or at once when told that the site changed elsewhere (as the page
/// cache's recheck tells it). SQLite reads them every time.
async fn counts_are_kept_a_moment_never_past_a_change_made_here(t: TestStore) {
    use sibyl::store::cassandra::LIST_TTL;
    use std::time::{Duration, Instant};
    let admin = member(&t, Role::Admin).await;
    let reader = member(&t, Role::Reader).await;
    let post = post(&t, &admin).await;
    let other = t.another_process().await;
    let approved = |store: Arc<dyn Store>| {
        let (site, id) = (t.site.clone(), post.id);
        async move {
            let counts = store.approved_comment_counts(&site, &[id]).await.unwrap();
            counts.iter().map(|(_, n)| *n).sum::<u64>()
        }
    };
    let first = comment(&post, &reader, "First", None, CommentState::Approved);
    t.store.add_comment(&t.site, &first).await.unwrap();
    // A copy is kept from the start of its read: the checks on what is kept hold only
    // while LIST_TTL has not passed since then (a slow machine may take longer).
    let read_here = Instant::now();
    assert_eq!(approved(t.store.clone()).await, 1);
    let read_there = Instant::now();
    assert_eq!(approved(other.clone()).await, 1);
    let before = t.store.statements();
    assert_eq!(approved(t.store.clone()).await, 1);
    if read_here.elapsed() < LIST_TTL {
        assert_eq!(t.store.statements() - before, 0, "read again: kept");
    }
    // A comment approved here: counted here at once.
    let second = comment(&post, &reader, "Second", None, CommentState::Pending);
    t.store.add_comment(&t.site, &second).await.unwrap();
    assert_eq!(approved(t.store.clone()).await, 1, "pending: not counted");
    let approve = by(&admin, CommentState::Approved);
    t.store
        .moderate(&t.site, post.id, second.id, &approve)
        .await
        .unwrap();
    let changed = Instant::now();
    assert_eq!(
        approved(t.store.clone()).await,
        2,
        "approved here: counted here"
    );
    // Another instance: within LIST_TTL on Cassandra (at once on SQLite).
    let seen = approved(other.clone()).await;
    if t.kind == Kind::Sqlite || read_there.elapsed() < LIST_TTL {
        let expected = match t.kind {
            Kind::Sqlite => 2,
            Kind::Cassandra => 1,
        };
        assert_eq!(seen, expected, "another instance, within LIST_TTL");
    }
    tokio::time::sleep(LIST_TTL.saturating_sub(changed.elapsed()) + Duration::from_millis(50))
        .await;
    assert_eq!(
        approved(other.clone()).await,
        2,
        "another instance, after LIST_TTL"
    );
    // Rejected here; the other instance told that the site changed elsewhere.
    let reject = by(&admin, CommentState::Rejected);
    t.store
        .moderate(&t.site, post.id, second.id, &reject)
        .await
        .unwrap();
    other.forget_kept_lists();
    assert_eq!(
        approved(other.clone()).await,
        1,
        "told of a change elsewhere"
    );
}

/// Many pages asking at once for the front page and for its comment counts when this
/// instance's copies are stale (here: forgotten, as after another instance's change) send
/// one read of each on Cassandra, the others waiting for it; on SQLite, where each reading
/// connection keeps its own copies, at most one read per connection.
async fn readers_of_a_stale_copy_at_once_send_one_read(t: TestStore) {
    use sibyl::store::PageAt;
    const READERS: u64 = 32;
    let author = member(&t, Role::Author).await;
    let reader = member(&t, Role::Reader).await;
    let post = post(&t, &author).await;
    let first = comment(&post, &reader, "Counted", None, CommentState::Approved);
    t.store.add_comment(&t.site, &first).await.unwrap();
    let at_once = |counts: bool| {
        let barrier = Arc::new(tokio::sync::Barrier::new(READERS as usize));
        let readers: Vec<_> = (0..READERS)
            .map(|_| {
                let (store, site, barrier) = (t.store.clone(), t.site.clone(), barrier.clone());
                tokio::spawn(async move {
                    barrier.wait().await;
                    if counts {
                        let counts = store.approved_comment_counts(&site, &[post.id]).await;
                        counts.unwrap().iter().map(|(_, n)| *n).sum::<u64>()
                    } else {
                        let page = store.home_page(&site, PageAt::Newest, 10).await.unwrap();
                        page.posts.len() as u64
                    }
                })
            })
            .collect();
        async move {
            let mut seen = Vec::new();
            for r in readers {
                seen.push(r.await.unwrap());
            }
            seen
        }
    };
    let most = match t.kind {
        Kind::Sqlite => u64::from(sibyl::store::sqlite::READING_CONNECTIONS),
        Kind::Cassandra => 1,
    };
    for counts in [false, true] {
        t.store.forget_kept_lists();
        let before = t.store.statements();
        let seen = at_once(counts).await;
        assert_eq!(seen, vec![1; READERS as usize], "counts: {counts}");
        let reads = t.store.statements() - before;
        assert!(
            (1..=most).contains(&reads),
            "counts: {counts}: {reads} reads"
        );
    }
}

async fn a_readers_own_pending_comments_are_found_among_their_own_recent_ones(t: TestStore) {
    let author = member(&t, Role::Author).await;
    let reader = member(&t, Role::Reader).await;
    let other = member(&t, Role::Reader).await;
    let post = post(&t, &author).await;
    // A second apart each, so that the order asked for is the order written.
    let start = now() - chrono::Duration::hours(1);
    let written = std::sync::atomic::AtomicI64::new(0);
    let add = |by: &User, text: &str, state: CommentState| {
        let n = written.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        comment_at(
            &post,
            by,
            text,
            None,
            state,
            start + chrono::Duration::seconds(n),
        )
    };
    let first = add(&reader, "Mine, first", CommentState::Pending);
    t.store.add_comment(&t.site, &first).await.unwrap();
    let theirs = add(&other, "Theirs", CommentState::Pending);
    t.store.add_comment(&t.site, &theirs).await.unwrap();
    let shown = add(&reader, "Mine, shown", CommentState::Approved);
    t.store.add_comment(&t.site, &shown).await.unwrap();
    let second = add(&reader, "Mine, second", CommentState::Pending);
    t.store.add_comment(&t.site, &second).await.unwrap();
    let mine = |list: Vec<Comment>| list.into_iter().map(|c| c.id).collect::<Vec<_>>();
    let before = t.store.statements();
    let found = t
        .store
        .pending_comments_by(&t.site, post.id, reader.id)
        .await
        .unwrap();
    // Where the reader's comments on the post are, then their rows.
    let expected = match t.kind {
        Kind::Sqlite => 1,
        Kind::Cassandra => 2,
    };
    assert_eq!(t.store.statements() - before, expected);
    assert_eq!(
        mine(found),
        [first.id, second.id],
        "only the reader's, only the pending ones, oldest first"
    );
    // Others' comments, however many, hide none of the reader's; the reader's own older
    // than their newest OWN_PENDING_WINDOW comments on the post, or written before the
    // last three months, are not looked at.
    let long_ago = comment_at(
        &post,
        &reader,
        "Mine, long ago",
        None,
        CommentState::Pending,
        now() - chrono::Duration::days(100),
    );
    t.store.add_comment(&t.site, &long_ago).await.unwrap();
    let queue: Vec<_> = (0..OWN_PENDING_WINDOW)
        .map(|i| add(&other, &format!("Queued {i}"), CommentState::Pending))
        .chain(
            (0..OWN_PENDING_WINDOW)
                .map(|i| add(&reader, &format!("Mine, shown {i}"), CommentState::Approved)),
        )
        .collect();
    for chunk in queue.chunks(50) {
        let adds = chunk.iter().map(|c| t.store.add_comment(&t.site, c));
        for added in futures_util::future::join_all(adds).await {
            added.unwrap();
        }
    }
    let found = t
        .store
        .pending_comments_by(&t.site, post.id, reader.id)
        .await
        .unwrap();
    assert_eq!(
        mine(found),
        [],
        "the reader's pending ones are out of the window"
    );
    let latest = add(&reader, "Mine, latest", CommentState::Pending);
    t.store.add_comment(&t.site, &latest).await.unwrap();
    let found = t
        .store
        .pending_comments_by(&t.site, post.id, reader.id)
        .await
        .unwrap();
    assert_eq!(mine(found), [latest.id]);
}

/// Adds `count` approved comments to `post`, 100 at a time.
async fn fill_to(
    store: &Arc<dyn Store>,
    site: &sibyl::domain::Site,
    post: &Post,
    by: &User,
    count: u64,
) {
    let mut start = 0;
    while start < count {
        let end = (start + 100).min(count);
        let tasks: Vec<_> = (start..end)
            .map(|i| {
                let new = comment(
                    post,
                    by,
                    &format!("Comment {i}"),
                    None,
                    CommentState::Approved,
                );
                let (store, site) = (store.clone(), site.clone());
                tokio::spawn(async move { store.add_comment(&site, &new).await })
            })
            .collect();
        for task in tasks {
            task.await.unwrap().unwrap();
        }
        start = end;
    }
}

/// Fills a post to `MAX_COMMENTS_PER_POST` comments, racing for the last places: 50
/// comments sent at once through two processes (`store` and `other`) to a post 10 short
/// of the cap leave exactly 10 more, and the others are refused and leave no row. One
/// more is then refused. The HTTP test of such a post's pages (http/comments.rs) calls
/// this, so that the 10,000 comments are written once for both checks.
pub async fn fill_racing_for_the_last_places(
    store: &Arc<dyn Store>,
    other: &Arc<dyn Store>,
    site: &sibyl::domain::Site,
    post: &Post,
    by: &User,
) {
    fill_to(store, site, post, by, MAX_COMMENTS_PER_POST - 10).await;
    let racers: Vec<_> = (0..50)
        .map(|i| {
            let new = comment(
                post,
                by,
                &format!("Racer {i}"),
                None,
                CommentState::Approved,
            );
            let store = if i % 2 == 0 {
                store.clone()
            } else {
                other.clone()
            };
            let site = site.clone();
            tokio::spawn(async move { (new.id, store.add_comment(&site, &new).await) })
        })
        .collect();
    let (mut accepted, mut refused) = (Vec::new(), Vec::new());
    for racer in racers {
        match racer.await.unwrap() {
            (id, Ok(())) => accepted.push(id),
            (id, Err(CommentError::Full)) => refused.push(id),
            (_, Err(e)) => panic!("{e}"),
        }
    }
    assert_eq!((accepted.len(), refused.len()), (10, 40));
    for id in refused {
        assert_eq!(store.comment(site, post.id, id).await.unwrap(), None);
    }
    let one_more = comment(post, by, "One too many", None, CommentState::Approved);
    let refused = store.add_comment(site, &one_more).await;
    assert!(matches!(refused, Err(CommentError::Full)), "{refused:?}");
    let counts = store
        .approved_comment_counts(site, &[post.id])
        .await
        .unwrap();
    assert_eq!(counts, [(post.id, MAX_COMMENTS_PER_POST)]);
}

/// A keyspace of the version before the tallies, and one of the version whose tallies
/// kept a bucket's posts oldest first (`comment_tallies`): `migrate` counts every post's
/// comments from their rows into the tallies kept newest first, drops the old table, and
/// migrating again changes nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn migrate_counts_the_comments_into_the_tallies() {
    let keyspace = "sibyl_tally_carry_test";
    let t = TestStore::cassandra_alone(keyspace).await;
    let author = member(&t, Role::Author).await;
    let reader = member(&t, Role::Reader).await;
    let counted = post(&t, &author).await;
    for state in [
        CommentState::Approved,
        CommentState::Approved,
        CommentState::Pending,
    ] {
        let new = comment(&counted, &reader, "Counted again", None, state);
        t.store.add_comment(&t.site, &new).await.unwrap();
    }
    let session = crate::helpers::cql_session().await;
    let query = |cql: String| {
        let session = &session;
        async move { session.query_unpaged(cql, ()).await.unwrap() }
    };
    // Before the tallies (12), the tallies oldest first (58), and again (nothing to do).
    for (from, emptied) in [
        (12, &["post_comment_tallies", "comment_state_tallies"][..]),
        (58, &["post_comment_tallies"][..]),
        (58, &[][..]),
    ] {
        for table in emptied {
            query(format!("TRUNCATE {keyspace}.{table}")).await;
        }
        query(format!(
            "CREATE TABLE IF NOT EXISTS {keyspace}.comment_tallies (site text, bucket int, post_id uuid, \
             total counter, pending counter, approved counter, rejected counter, spam counter, \
             deleted counter, PRIMARY KEY ((site, bucket), post_id))"
        ))
        .await;
        crate::helpers::migrate_from(&session, keyspace, from).await;
        let approved = t
            .store
            .approved_comment_counts(&t.site, &[counted.id])
            .await
            .unwrap();
        assert_eq!(approved, vec![(counted.id, 2)], "from version {from}");
        let states = t.store.comment_state_counts(&t.site).await.unwrap();
        assert_eq!((states.approved, states.pending, states.spam), (2, 1, 0));
        assert!(
            !crate::helpers::table_exists(&session, keyspace, "comment_tallies").await,
            "the tallies oldest first are dropped (from version {from})"
        );
    }
    // The cap counts the carried-over comments too.
    let tally: Vec<(i64,)> = session
        .query_unpaged(
            format!("SELECT total FROM {keyspace}.post_comment_tallies"),
            (),
        )
        .await
        .unwrap()
        .into_rows_result()
        .unwrap()
        .rows::<(scylla::value::Counter,)>()
        .unwrap()
        .map(|r| (r.unwrap().0.0,))
        .collect();
    assert_eq!(tally, vec![(3,)]);
}

/// Cassandra keeps a month's posts next to each other in their tally bucket, newest
/// first (their ids are time-ordered), so the counts of a page of the newest posts are
/// one block at the head of the partition, however many posts the month has.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_months_posts_lie_in_their_tally_bucket_newest_first() {
    use chrono::TimeZone;
    let t = TestStore::cassandra().await;
    let author = member(&t, Role::Author).await;
    let reader = member(&t, Role::Reader).await;
    let mut made = Vec::new();
    // Written out of order, on days 1 to 28 of one month.
    for day in [9, 2, 28, 15, 1, 21, 3] {
        let at = chrono::Utc
            .with_ymd_and_hms(2026, 3, day, 12, 0, 0)
            .unwrap();
        let new = fixtures::new_post(&t, &author, &format!("Day {day}"), "Text.", "", at, true);
        let post = t.store.create_post(new).await.unwrap();
        let first = comment(&post, &reader, "Counted", None, CommentState::Approved);
        t.store.add_comment(&t.site, &first).await.unwrap();
        made.push((day, post.id));
    }
    let bucket = made[0].1.tally_bucket();
    assert!(made.iter().all(|(_, id)| id.tally_bucket() == bucket));
    let (session, keyspace) = crate::helpers::cql(&t).await;
    let stored: Vec<uuid::Uuid> = session
        .query_unpaged(
            format!(
                "SELECT post_id FROM {keyspace}.post_comment_tallies WHERE site = ? AND bucket = ?"
            ),
            (t.site.as_str(), i32::from(bucket)),
        )
        .await
        .unwrap()
        .into_rows_result()
        .unwrap()
        .rows::<(uuid::Uuid,)>()
        .unwrap()
        .map(|row| row.unwrap().0)
        .collect();
    made.sort_by_key(|(day, _)| std::cmp::Reverse(*day));
    let newest_first: Vec<uuid::Uuid> = made.iter().map(|(_, id)| id.0).collect();
    assert_eq!(stored, newest_first);
}
