//! Scheduled publishing through the store contract: a scheduled draft leaves its
//! author's drafts for the site's schedule, is in no list readers see until it is
//! published, and is published once, dated as scheduled, however many callers in how
//! many processes race for it; unscheduling and publishing by hand take it off the
//! schedule; the scheduler's pass publishes what its clock says is due; and on Cassandra
//! the schedule is repaired when it disagrees with the posts.

use crate::both_stores;
use crate::fixtures::{self, new_post};
use crate::helpers::{Kind, TestStore};
use chrono::Duration;
use sibyl::app::jobs::scheduler::publish_due;
use sibyl::domain::{PostId, PostStatus, Role, Tag, now};
use sibyl::store::PageAt;
use std::sync::Arc;

async fn scheduled(t: &TestStore) -> Vec<(PostId, chrono::DateTime<chrono::Utc>)> {
    let list = t.store.scheduled_posts(&t.site).await.unwrap();
    list.iter().map(|p| (p.id, p.due)).collect()
}

async fn on_home(t: &TestStore, id: PostId) -> usize {
    let home = t
        .store
        .home_page(&t.site, PageAt::Newest, 100)
        .await
        .unwrap();
    home.posts.iter().filter(|p| p.id == id).count()
}

async fn in_drafts(t: &TestStore, author: sibyl::domain::UserId, id: PostId) -> bool {
    let drafts = t
        .store
        .drafts_by_author(&t.site, author, PageAt::Newest, 100)
        .await
        .unwrap();
    drafts.posts.iter().any(|p| p.id == id)
}

async fn a_scheduled_draft_is_published_once_dated_as_scheduled(t: TestStore) {
    let ada = fixtures::user(&t, Role::Author, "Ada Scheduler").await;
    let new = new_post(&t, &ada, "Due later", "Soon.", "plans", now(), false);
    let draft = t.store.create_post(new).await.unwrap();
    assert!(in_drafts(&t, ada.id, draft.id).await);
    let due = sibyl::domain::millis_to_time((now() + Duration::hours(3)).timestamp_millis());

    let after = t
        .store
        .schedule_post(&t.site, draft.id, Some(due))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(after.scheduled, Some(due));
    assert_eq!(after.status, PostStatus::Draft);
    let listed = t.store.scheduled_posts(&t.site).await.unwrap();
    assert_eq!(listed.len(), 1);
    assert_eq!(
        (
            listed[0].id,
            listed[0].due,
            listed[0].title.as_str(),
            listed[0].author_id
        ),
        (draft.id, due, "Due later", ada.id)
    );
    assert_eq!(listed[0].slug, draft.slug);
    assert!(
        !in_drafts(&t, ada.id, draft.id).await,
        "scheduled, not a draft"
    );
    assert_eq!(on_home(&t, draft.id).await, 0);

    // Another time than the post's is not due: nothing happens.
    assert!(
        !t.store
            .publish_scheduled(&t.site, draft.id, due - Duration::minutes(5))
            .await
            .unwrap()
    );
    assert_eq!(scheduled(&t).await, [(draft.id, due)]);

    // Eight callers from two processes race: one publishes.
    let other = t.another_process().await;
    let stores = [Arc::clone(&t.store), other];
    let racers = (0..8).map(|i| {
        let store = Arc::clone(&stores[i % 2]);
        let site = t.site.clone();
        tokio::spawn(async move { store.publish_scheduled(&site, draft.id, due).await.unwrap() })
    });
    let won: Vec<bool> = futures_util::future::join_all(racers)
        .await
        .into_iter()
        .map(Result::unwrap)
        .collect();
    assert_eq!(won.iter().filter(|w| **w).count(), 1, "{won:?}");

    let published = t
        .store
        .post_by_id(&t.site, draft.id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(published.status, PostStatus::Published);
    assert_eq!(published.published, Some(due), "dated as scheduled");
    assert_eq!(published.scheduled, None);
    assert!(scheduled(&t).await.is_empty());
    assert!(!in_drafts(&t, ada.id, draft.id).await);
    assert_eq!(on_home(&t, draft.id).await, 1);
    let tag = t
        .store
        .tag_page(&t.site, &Tag::parse("plans").unwrap(), PageAt::Newest, 10)
        .await
        .unwrap();
    assert_eq!(tag.posts.iter().filter(|p| p.id == draft.id).count(), 1);
    // Scheduling a published post changes nothing.
    let unchanged = t
        .store
        .schedule_post(&t.site, draft.id, Some(due + Duration::days(1)))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(unchanged.scheduled, None);
    assert!(scheduled(&t).await.is_empty());
}

async fn unscheduling_or_publishing_by_hand_ends_a_schedule(t: TestStore) {
    let ada = fixtures::user(&t, Role::Author, "Ada Changer").await;
    let draft = t
        .store
        .create_post(new_post(&t, &ada, "Maybe later", "Hm.", "", now(), false))
        .await
        .unwrap();
    let due = sibyl::domain::millis_to_time((now() + Duration::days(2)).timestamp_millis());
    t.store
        .schedule_post(&t.site, draft.id, Some(due))
        .await
        .unwrap();
    // Moved to another time: listed once, at the new time.
    let later = due + Duration::hours(5);
    t.store
        .schedule_post(&t.site, draft.id, Some(later))
        .await
        .unwrap();
    assert_eq!(scheduled(&t).await, [(draft.id, later)]);
    assert!(
        !t.store
            .publish_scheduled(&t.site, draft.id, due)
            .await
            .unwrap()
    );

    // Taken off the schedule: a draft again, on the author's desk.
    let off = t
        .store
        .schedule_post(&t.site, draft.id, None)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(off.scheduled, None);
    assert!(scheduled(&t).await.is_empty());
    assert!(in_drafts(&t, ada.id, draft.id).await);
    assert!(
        !t.store
            .publish_scheduled(&t.site, draft.id, later)
            .await
            .unwrap()
    );
    assert_eq!(on_home(&t, draft.id).await, 0);

    // Scheduled, then published by hand: off the schedule, with the hand's date, and
    // the schedule's time publishes nothing afterwards.
    t.store
        .schedule_post(&t.site, draft.id, Some(due))
        .await
        .unwrap();
    let at = now();
    let published = t
        .store
        .publish_post(&t.site, draft.id, at)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(published.scheduled, None);
    assert!(scheduled(&t).await.is_empty());
    assert!(
        !t.store
            .publish_scheduled(&t.site, draft.id, due)
            .await
            .unwrap()
    );
    let stored = t
        .store
        .post_by_id(&t.site, draft.id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(stored.published, Some(at));
    assert_eq!(on_home(&t, draft.id).await, 1);
}

async fn a_pass_publishes_what_its_clock_says_is_due(t: TestStore) {
    let ada = fixtures::user(&t, Role::Author, "Ada Clockwatcher").await;
    let start = sibyl::domain::millis_to_time((now() + Duration::days(1)).timestamp_millis());
    let mut posts = Vec::new();
    for (i, hours) in [1, 2].into_iter().enumerate() {
        let draft = t
            .store
            .create_post(new_post(
                &t,
                &ada,
                &format!("Timed {i}"),
                "Tick.",
                "",
                now(),
                false,
            ))
            .await
            .unwrap();
        let due = start + Duration::hours(hours);
        t.store
            .schedule_post(&t.site, draft.id, Some(due))
            .await
            .unwrap();
        posts.push((draft.id, due));
    }
    let pass = publish_due(t.store.as_ref(), &t.site, start).await.unwrap();
    assert_eq!((pass.published, pass.next), (0, Some(posts[0].1)));
    let pass = publish_due(t.store.as_ref(), &t.site, posts[0].1)
        .await
        .unwrap();
    assert_eq!((pass.published, pass.next), (1, Some(posts[1].1)));
    assert_eq!(on_home(&t, posts[0].0).await, 1);
    assert_eq!(on_home(&t, posts[1].0).await, 0);
    // Two instances' passes at once, late: the last one is published once.
    let other = t.another_process().await;
    let late = posts[1].1 + Duration::hours(10);
    let (a, b) = tokio::join!(
        publish_due(t.store.as_ref(), &t.site, late),
        publish_due(other.as_ref(), &t.site, late)
    );
    let (a, b) = (a.unwrap(), b.unwrap());
    assert_eq!(a.published + b.published, 1, "{a:?} {b:?}");
    assert_eq!((a.next, b.next), (None, None));
    assert_eq!(on_home(&t, posts[1].0).await, 1);
    let last = t
        .store
        .post_by_id(&t.site, posts[1].0)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        last.published,
        Some(posts[1].1),
        "dated as scheduled, not as late"
    );
    assert!(scheduled(&t).await.is_empty());
}

both_stores!(
    a_scheduled_draft_is_published_once_dated_as_scheduled,
    unscheduling_or_publishing_by_hand_ends_a_schedule,
    a_pass_publishes_what_its_clock_says_is_due,
);
both_stores!(
    repairing:
    repair_restores_the_schedule,
);

/// A schedule that lost a row or kept a stale one (a hand edit, a bug) is found by
/// repair and rewritten from the posts (Cassandra; on SQLite the schedule is a query of
/// the posts, and repair finds nothing to do).
async fn repair_restores_the_schedule(t: TestStore) {
    let ada = fixtures::user(&t, Role::Author, "Ada Mender").await;
    let mut ids = Vec::new();
    for title in ["Kept", "Lost"] {
        let draft = t
            .store
            .create_post(new_post(&t, &ada, title, "Fix me.", "", now(), false))
            .await
            .unwrap();
        let due = sibyl::domain::millis_to_time((now() + Duration::days(3)).timestamp_millis());
        t.store
            .schedule_post(&t.site, draft.id, Some(due))
            .await
            .unwrap();
        ids.push((draft.id, due));
    }
    let before = {
        let mut all = scheduled(&t).await;
        all.sort_by_key(|(id, due)| (id.0, *due));
        all
    };
    if t.kind == Kind::Cassandra {
        let (session, ks) = crate::helpers::cql(&t).await;
        session
            .query_unpaged(
                format!("DELETE FROM {ks}.scheduled_posts WHERE site = ? AND post_id = ?"),
                (t.site.as_str(), ids[1].0.0),
            )
            .await
            .unwrap();
        let stale = uuid::Uuid::new_v4();
        session
            .query_unpaged(
                format!("INSERT INTO {ks}.scheduled_posts (site, post_id, due, slug, title, author_id, author_name) VALUES (?, ?, ?, 'gone', 'Gone', ?, 'X')"),
                (t.site.as_str(), stale, ids[1].1, ada.id.0),
            )
            .await
            .unwrap();
        let mut broken = scheduled(&t).await;
        broken.sort_by_key(|(id, due)| (id.0, *due));
        assert_ne!(
            broken, before,
            "the schedule lost a row and has a stale one"
        );
    }
    let check = t.store.repair(&t.site, false).await.unwrap();
    let found: Vec<_> = check
        .findings
        .iter()
        .filter(|f| f.table == "scheduled_posts")
        .collect();
    assert_eq!(
        found.len(),
        if t.kind == Kind::Cassandra { 2 } else { 0 },
        "{found:?}"
    );
    t.store.repair(&t.site, true).await.unwrap();
    let mut after = scheduled(&t).await;
    after.sort_by_key(|(id, due)| (id.0, *due));
    assert_eq!(after, before);
    let again = t.store.repair(&t.site, false).await.unwrap();
    assert!(
        !again.findings.iter().any(|f| f.table == "scheduled_posts"),
        "{:?}",
        again.findings
    );
}
