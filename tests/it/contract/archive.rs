//! The site's archive: home pages back to the first post and forward again, months of
//! posts, the months with posts, and a first page that stays full when posts leave it.

use crate::both_stores;
use crate::fixtures;
use crate::helpers::{Kind, TestStore};
use chrono::{DateTime, Duration, TimeZone, Utc};
use sibyl::domain::{Post, PostId, Role, User, now};
use sibyl::store::{FRONT_PAGE_CAP, ListPage, PageAt, PageError, month};

async fn writer(t: &TestStore) -> User {
    fixtures::user(t, Role::Author, "Ada Archivist").await
}

async fn publish_at(t: &TestStore, by: &User, title: &str, at: DateTime<Utc>) -> Post {
    let new = fixtures::new_post(t, by, title, "Body.", "", at, true);
    t.store.create_post(new).await.unwrap()
}

/// What the store's check finds wrong in the lists of posts and their counts (a shared
/// keyspace's accounts, which other tests are creating meanwhile, left out).
pub async fn list_findings(t: &TestStore) -> Vec<String> {
    let report = t.store.repair(&t.site, false).await.unwrap();
    report
        .findings
        .into_iter()
        .filter(|f| !matches!(f.table, "claims" | "user_directory_by_prefix" | "users"))
        .map(|f| format!("{}: {}", f.table, f.what))
        .collect()
}

fn ids(page: &ListPage) -> Vec<PostId> {
    page.posts.iter().map(|p| p.id).collect()
}

/// The home pages from the newest to the last, `limit` at a time; then, from the last
/// page, the newer pages back up to the first. Returns both walks, each newest first.
async fn walk_home(t: &TestStore, limit: usize) -> (Vec<PostId>, Vec<PostId>) {
    let mut down = Vec::new();
    let mut page = t
        .store
        .home_page(&t.site, PageAt::Newest, limit)
        .await
        .unwrap();
    assert_eq!(page.newer, None, "nothing is newer than the first page");
    for _ in 0..100 {
        assert!(!page.posts.is_empty() && page.posts.len() <= limit);
        down.extend(ids(&page));
        let Some(older) = page.older.clone() else {
            break;
        };
        page = t
            .store
            .home_page(&t.site, PageAt::Older(&older), limit)
            .await
            .unwrap();
        assert!(page.newer.is_some(), "a page after the first links back");
    }
    // Up from the last page: each newer page is newest first, the walk goes up.
    let mut up: Vec<Vec<PostId>> = vec![ids(&page)];
    while let Some(newer) = page.newer.clone() {
        assert!(up.len() < 100, "the newer pages never ended");
        page = t
            .store
            .home_page(&t.site, PageAt::Newer(&newer), limit)
            .await
            .unwrap();
        assert!(!page.posts.is_empty() && page.posts.len() <= limit);
        assert!(page.older.is_some(), "a newer page links back down");
        up.push(ids(&page));
    }
    up.reverse();
    (down, up.concat())
}

both_stores!(
    home_pages_go_back_to_the_first_post_and_forward_again,
    months_list_their_posts_and_the_archive_names_them,
    broken_archive_cursors_are_refused,
    the_newest_posts_and_months_are_kept_a_moment_never_past_a_change_made_here,
);
both_stores!(
    repairing:
    the_first_page_stays_full_when_its_posts_leave_it,
    a_page_of_the_archive_is_one_read,
);

/// Posts over three years and a draft: every page size walks every published post once,
/// newest first, down with the older cursors and up again with the newer ones.
async fn home_pages_go_back_to_the_first_post_and_forward_again(t: TestStore) {
    let by = writer(&t).await;
    let mut expected = Vec::new();
    for (i, days_ago) in [800, 790, 400, 60, 31, 30, 3, 2, 1, 0]
        .into_iter()
        .enumerate()
    {
        let at = now() - Duration::days(days_ago) - Duration::minutes(i as i64);
        expected.push(publish_at(&t, &by, &format!("Archived {i}"), at).await.id);
    }
    let draft = fixtures::new_post(&t, &by, "Not yet", "Body.", "", now(), false);
    t.store.create_post(draft).await.unwrap();
    expected.reverse();
    // Every list's rows name the author's account.
    let first = t.store.home_page(&t.site, PageAt::Newest, 3).await.unwrap();
    let older = t
        .store
        .home_page(&t.site, PageAt::Older(first.older.as_deref().unwrap()), 3)
        .await
        .unwrap();
    let by_author = t
        .store
        .posts_by_author(&t.site, by.id, PageAt::Newest, 3)
        .await
        .unwrap();
    for page in [&first, &older, &by_author] {
        assert!(
            page.posts.iter().all(|p| p.author_id == Some(by.id)),
            "{page:?}"
        );
    }
    for limit in [1, 3, 4, 10, 20] {
        let (down, up) = walk_home(&t, limit).await;
        assert_eq!(down, expected, "down, pages of {limit}");
        assert_eq!(up, expected, "up, pages of {limit}");
    }
}

/// The first page is the newest posts even after the newest leave: a page of 99 shows
/// every post left when fewer than that remain, and the store's own check finds the
/// lists as they should be.
async fn the_first_page_stays_full_when_its_posts_leave_it(t: TestStore) {
    let by = writer(&t).await;
    let start = now() - Duration::hours(2);
    let mut posts = Vec::new();
    for i in 0..(FRONT_PAGE_CAP + 3) {
        let at = start + Duration::seconds(i as i64);
        posts.push(publish_at(&t, &by, &format!("Full {i}"), at).await);
    }
    for post in posts.iter().rev().take(5) {
        t.store.unpublish_post(&t.site, post.id).await.unwrap();
    }
    let left: Vec<PostId> = posts.iter().rev().skip(5).map(|p| p.id).collect();
    assert_eq!(left.len(), 98);
    let page = t
        .store
        .home_page(&t.site, PageAt::Newest, 99)
        .await
        .unwrap();
    assert_eq!(ids(&page), left, "every post left, on the first page");
    assert_eq!(page.older, None);
    let page = t
        .store
        .home_page(&t.site, PageAt::Newest, 20)
        .await
        .unwrap();
    assert_eq!(ids(&page), left[..20]);
    let (down, up) = walk_home(&t, 20).await;
    assert_eq!((down, up), (left.clone(), left));
    assert_eq!(list_findings(&t).await, Vec::<String>::new());
}

fn utc(y: i32, m: u32, d: u32, h: u32, min: u32, s: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(y, m, d, h, min, s).unwrap()
}

/// Months hold exactly the posts published in them (UTC, to the second at their edges),
/// page within the month only, and the archive names the months with posts, newest first.
async fn months_list_their_posts_and_the_archive_names_them(t: TestStore) {
    let by = writer(&t).await;
    let mut feb = Vec::new();
    for (i, at) in [
        utc(2024, 2, 1, 0, 0, 0),
        utc(2024, 2, 10, 12, 0, 0),
        utc(2024, 2, 29, 23, 59, 59),
    ]
    .into_iter()
    .enumerate()
    {
        feb.push(publish_at(&t, &by, &format!("February {i}"), at).await);
    }
    let march = publish_at(&t, &by, "March", utc(2024, 3, 1, 0, 0, 0)).await;
    let december = publish_at(&t, &by, "December", utc(2025, 12, 31, 23, 59, 59)).await;
    assert_eq!(
        t.store.archive_months(&t.site).await.unwrap(),
        [202512, 202403, 202402]
    );
    let feb_month = month(2024, 2).unwrap();
    let first = t
        .store
        .month_page(&t.site, feb_month, PageAt::Newest, 2)
        .await
        .unwrap();
    assert_eq!(ids(&first), [feb[2].id, feb[1].id]);
    let older = first.older.clone().expect("a second page of February");
    let second = t
        .store
        .month_page(&t.site, feb_month, PageAt::Older(&older), 2)
        .await
        .unwrap();
    assert_eq!(
        (ids(&second), second.older.clone()),
        (vec![feb[0].id], None)
    );
    let back = t
        .store
        .month_page(
            &t.site,
            feb_month,
            PageAt::Newer(second.newer.as_deref().unwrap()),
            2,
        )
        .await
        .unwrap();
    assert_eq!(ids(&back), [feb[2].id, feb[1].id]);
    let only = |m: i32| {
        let t = &t;
        async move {
            ids(&t
                .store
                .month_page(&t.site, m, PageAt::Newest, 20)
                .await
                .unwrap())
        }
    };
    assert_eq!(only(202403).await, [march.id]);
    assert_eq!(only(202512).await, [december.id]);
    assert_eq!(only(202401).await, []);
    assert_eq!(only(202601).await, []);
    // A cursor of February does not page March.
    let crossed = t
        .store
        .month_page(&t.site, 202403, PageAt::Older(&older), 2)
        .await;
    assert!(matches!(crossed, Err(PageError::BadCursor)), "{crossed:?}");
    t.store.unpublish_post(&t.site, march.id).await.unwrap();
    assert_eq!(only(202403).await, []);
}

async fn broken_archive_cursors_are_refused(t: TestStore) {
    let by = writer(&t).await;
    for i in 0..3 {
        publish_at(&t, &by, &format!("Cursor {i}"), now() - Duration::days(i)).await;
    }
    let this_month = {
        use chrono::Datelike;
        month(now().year(), now().month()).unwrap()
    };
    let mut bad = vec![
        "".to_owned(),
        "garbage".to_owned(),
        "1.2.3".to_owned(),
        "2026.zz".to_owned(),
        "-5".to_owned(),
    ];
    if t.kind == Kind::Cassandra {
        // Well-formed UUIDs, but not the time of a post: a random one, and one of 1582.
        bad.push(uuid::Uuid::new_v4().to_string());
        bad.push("00000000-0000-1000-8000-000000000000".to_owned());
    }
    for cursor in &bad {
        for at in [PageAt::Older(cursor), PageAt::Newer(cursor)] {
            let home = t.store.home_page(&t.site, at, 2).await;
            assert!(
                matches!(home, Err(PageError::BadCursor)),
                "{at:?}: {home:?}"
            );
            let month = t.store.month_page(&t.site, this_month, at, 2).await;
            assert!(
                matches!(month, Err(PageError::BadCursor)),
                "{at:?}: {month:?}"
            );
        }
    }
}

/// The first home page is one read (the front page), a page after it within a half month
/// one more, a month's first page one (both its halves at once, whichever is empty), a
/// page crossing from one half to the other two (no index read: a month's halves are
/// known), and the archive's months one. Dates are fixed: what a page costs must not
/// depend on the day the test runs.
async fn a_page_of_the_archive_is_one_read(t: TestStore) {
    let by = writer(&t).await;
    let at = |m: u32, d: u32| Utc.with_ymd_and_hms(2025, m, d, 12, 0, 0).unwrap();
    // May: eight posts in its second half, two in its first; April: its first half only.
    let mut may = Vec::new();
    for day in (17..=24).rev().chain([3, 2]) {
        may.push(
            publish_at(&t, &by, &format!("May {day}"), at(5, day))
                .await
                .id,
        );
    }
    let mut april = Vec::new();
    for day in [5, 4, 3, 2] {
        april.push(
            publish_at(&t, &by, &format!("April {day}"), at(4, day))
                .await
                .id,
        );
    }
    let counted = |before: u64, what: &str, want: u64| {
        assert_eq!(t.store.statements() - before, want, "{what}");
    };
    let before = t.store.statements();
    let first = t.store.home_page(&t.site, PageAt::Newest, 3).await.unwrap();
    counted(before, "the first page", 1);
    assert_eq!(ids(&first), may[..3]);
    let before = t.store.statements();
    let cursor = first.older.unwrap();
    let second = t
        .store
        .home_page(&t.site, PageAt::Older(&cursor), 3)
        .await
        .unwrap();
    counted(before, "the next page", 1);
    assert_eq!(ids(&second), may[3..6]);
    // A month whose second half is empty, then one whose halves both have posts.
    let before = t.store.statements();
    let page = t
        .store
        .month_page(&t.site, month(2025, 4).unwrap(), PageAt::Newest, 3)
        .await
        .unwrap();
    counted(before, "a month of one half", 1);
    assert_eq!(ids(&page), april[..3]);
    let may_month = month(2025, 5).unwrap();
    let mut walked = Vec::new();
    let mut at_page = None::<String>;
    // Pages of three: within the second half, within it again, across the halves (on
    // Cassandra a read of each), then within the first.
    let across = if t.kind == Kind::Cassandra { 2 } else { 1 };
    for (what, want) in [("newest", 1), ("older", 1), ("across", across), ("last", 1)] {
        let before = t.store.statements();
        let here = match at_page.as_deref() {
            None => PageAt::Newest,
            Some(cursor) => PageAt::Older(cursor),
        };
        let page = t
            .store
            .month_page(&t.site, may_month, here, 3)
            .await
            .unwrap();
        counted(before, what, want);
        walked.extend(ids(&page));
        at_page = page.older;
    }
    assert_eq!(walked, may);
    assert_eq!(at_page, None, "the month ends there");
    let before = t.store.statements();
    t.store.archive_months(&t.site).await.unwrap();
    counted(before, "the months", 1);
}

/// A keyspace of the version before the archive, the authors' ids in list rows and the
/// tags' counts: `migrate` lists every published post in the archive, names the authors
/// in the rows and counts the tags, and a second run changes nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn migrate_lists_every_published_post_in_the_archive() {
    let keyspace = "sibyl_archive_carry_test";
    let t = TestStore::cassandra_alone(keyspace).await;
    let by = writer(&t).await;
    let session = crate::helpers::cql_session().await;
    let mut expected = Vec::new();
    for (i, days_ago) in [0, 40, 400].into_iter().enumerate() {
        let at = now() - Duration::days(days_ago);
        let title = format!("Carried {i}");
        let new = fixtures::new_post(&t, &by, &title, "Body.", "carried", at, true);
        expected.push(t.store.create_post(new).await.unwrap());
    }
    // What the earlier version had: no archive rows, no archive months (each bucket
    // deleted whole), and front page rows without the author's id.
    for post in &expected {
        let at = post.published.unwrap();
        let bucket = crate::helpers::half_month(at);
        session
            .query_unpaged(
                format!(
                    "DELETE FROM {keyspace}.tag_posts WHERE site = ? AND tag = '*' AND month = ?"
                ),
                (t.site.as_str(), bucket),
            )
            .await
            .unwrap();
    }
    session
        .query_unpaged(
            format!("DELETE FROM {keyspace}.tag_months WHERE site = ? AND tag = '*'"),
            (t.site.as_str(),),
        )
        .await
        .unwrap();
    let keys = session
        .query_unpaged(
            format!("SELECT published FROM {keyspace}.front_page WHERE site = ?"),
            (t.site.as_str(),),
        )
        .await
        .unwrap()
        .into_rows_result()
        .unwrap()
        .rows::<(scylla::value::CqlTimeuuid,)>()
        .unwrap()
        .collect::<Result<Vec<_>, _>>()
        .unwrap();
    assert_eq!(keys.len(), 3);
    // Nor any count of tags.
    session
        .query_unpaged(format!("TRUNCATE {keyspace}.tag_list"), ())
        .await
        .unwrap();
    for (published,) in keys {
        session
            .query_unpaged(
                format!("UPDATE {keyspace}.front_page SET author_id = null WHERE site = ? AND published = ?"),
                (t.site.as_str(), published),
            )
            .await
            .unwrap();
    }
    let unnamed = t
        .store
        .home_page(&t.site, PageAt::Newest, 10)
        .await
        .unwrap();
    assert!(unnamed.posts.iter().all(|p| p.author_id.is_none()));
    let report = t.store.repair(&t.site, false).await.unwrap();
    assert!(
        report.findings.iter().any(|f| f.table == "front_page"),
        "repair sees the rows without their author: {:?}",
        report.findings
    );
    let expected: Vec<PostId> = expected.iter().map(|p| p.id).collect();
    let first = t.store.home_page(&t.site, PageAt::Newest, 1).await.unwrap();
    let older = t
        .store
        .home_page(&t.site, PageAt::Older(first.older.as_deref().unwrap()), 1)
        .await
        .unwrap();
    assert!(older.posts.is_empty(), "the older pages were missing");
    assert!(t.store.archive_months(&t.site).await.unwrap().is_empty());
    for _ in 0..2 {
        crate::helpers::migrate_from(&session, keyspace, 38).await;
    }
    // The migration is another process: what this instance read of the front page and
    // the months before it is used for a moment more.
    tokio::time::sleep(sibyl::store::cassandra::LIST_TTL).await;
    let (down, up) = walk_home(&t, 1).await;
    assert_eq!((down, up), (expected.clone(), expected));
    let named = t
        .store
        .home_page(&t.site, PageAt::Newest, 10)
        .await
        .unwrap();
    assert!(
        named.posts.iter().all(|p| p.author_id == Some(by.id)),
        "{named:?}"
    );
    let tags = t.store.tag_counts(&t.site, None, 10).await.unwrap().tags;
    assert_eq!(
        tags.iter()
            .map(|c| (c.tag.as_str(), c.posts))
            .collect::<Vec<_>>(),
        [("carried", 3)],
        "counted once, however many times migrate ran"
    );
    assert_eq!(t.store.archive_months(&t.site).await.unwrap().len(), 3);
    let report = t.store.repair(&t.site, false).await.unwrap();
    assert!(report.findings.is_empty(), "{:?}", report.findings);
}

/// The home page's first page and the archive's months, as an instance read them, are
/// used again for a moment (on Cassandra: no statement), never after a change to the lists
/// made through the same instance (the writer sees their post at once), and another
/// instance shows the change within `LIST_TTL`. SQLite keeps the home page's (each reading
/// connection its own copy, never used past a commit to the file by any process: another
/// instance shows the change at once) and reads the months every time.
async fn the_newest_posts_and_months_are_kept_a_moment_never_past_a_change_made_here(t: TestStore) {
    use sibyl::store::cassandra::LIST_TTL;
    let by = writer(&t).await;
    let old = publish_at(&t, &by, "Kept", now() - Duration::days(70)).await;
    let other = t.another_process().await;
    let home = |store: std::sync::Arc<dyn sibyl::store::Store>| {
        let site = t.site.clone();
        async move { ids(&store.home_page(&site, PageAt::Newest, 10).await.unwrap()) }
    };
    let months = |store: std::sync::Arc<dyn sibyl::store::Store>| {
        let site = t.site.clone();
        async move { store.archive_months(&site).await.unwrap() }
    };
    // Statements read again within LIST_TTL: the months, on SQLite.
    let cached = match t.kind {
        Kind::Sqlite => 1,
        Kind::Cassandra => 0,
    };
    // A copy is kept from the start of its read: the checks on what is kept hold only
    // while LIST_TTL has not passed since then (a slow machine may take longer).
    let read_here = std::time::Instant::now();
    assert_eq!(home(t.store.clone()).await, [old.id]);
    assert_eq!(months(t.store.clone()).await.len(), 1);
    let read_there = std::time::Instant::now();
    assert_eq!(home(other.clone()).await, [old.id]);
    assert_eq!(months(other.clone()).await.len(), 1);
    let before = t.store.statements();
    assert_eq!(home(t.store.clone()).await, [old.id]);
    assert_eq!(months(t.store.clone()).await.len(), 1);
    if read_here.elapsed() < LIST_TTL {
        assert_eq!(t.store.statements() - before, cached, "read again: kept");
    }
    // A post published here, in a month the archive did not have: shown here at once.
    let new = publish_at(&t, &by, "New", now()).await;
    let changed = std::time::Instant::now();
    assert_eq!(home(t.store.clone()).await, [new.id, old.id]);
    assert_eq!(months(t.store.clone()).await.len(), 2);
    // Another instance: within LIST_TTL on Cassandra (at once on SQLite).
    let seen = home(other.clone()).await;
    let their_months = months(other.clone()).await.len();
    if t.kind == Kind::Sqlite || read_there.elapsed() < LIST_TTL {
        match t.kind {
            Kind::Sqlite => assert_eq!(
                (seen.as_slice(), their_months),
                ([new.id, old.id].as_slice(), 2)
            ),
            Kind::Cassandra => {
                assert_eq!((seen.as_slice(), their_months), ([old.id].as_slice(), 1))
            }
        }
    }
    tokio::time::sleep(
        LIST_TTL.saturating_sub(changed.elapsed()) + std::time::Duration::from_millis(50),
    )
    .await;
    assert_eq!(home(other.clone()).await, [new.id, old.id]);
    assert_eq!(months(other.clone()).await.len(), 2);
    // Unpublished here: gone here at once.
    t.store.unpublish_post(&t.site, new.id).await.unwrap();
    assert_eq!(home(t.store.clone()).await, [old.id]);
}
