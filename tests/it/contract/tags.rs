//! Tag pages: the tag index bucketed by month (author pages by half month), paged without offsets, kept in step with
//! publishing, editing and unpublishing.

use crate::both_stores;
use crate::fixtures;
use crate::helpers::{Kind, TestStore};
use chrono::Duration;
use sibyl::domain::{Post, PostId, Role, Tag, User, now};
use sibyl::store::{PageAt, PageError};

async fn writer(t: &TestStore) -> User {
    fixtures::user(t, Role::Author, "Tess Tagger").await
}

async fn publish(t: &TestStore, by: &User, title: &str, tags: &str, days_ago: i64) -> Post {
    let at = now() - Duration::days(days_ago);
    let new = fixtures::new_post(t, by, title, "Body.", tags, at, true);
    t.store.create_post(new).await.unwrap()
}

/// Every post of a tag, following the cursors `limit` at a time.
async fn walk(t: &TestStore, tag: &str, limit: usize) -> Vec<PostId> {
    let tag = Tag::parse(tag).unwrap();
    let (mut ids, mut after) = (Vec::new(), None::<String>);
    for _ in 0..50 {
        let page = t
            .store
            .tag_page(&t.site, &tag, after.as_deref().into(), limit)
            .await
            .unwrap();
        assert!(page.posts.len() <= limit);
        ids.extend(page.posts.iter().map(|p| p.id));
        match page.older {
            Some(next) => after = Some(next),
            None => return ids,
        }
    }
    panic!("the pages never ended");
}

both_stores!(
    a_page_of_a_small_tag_spread_over_years_is_a_few_reads,
    tag_pages_walk_every_year_newest_first_without_loss_or_repeat,
    a_tag_used_only_in_earlier_years_is_still_found,
    edits_and_unpublishing_keep_the_tag_index_in_step,
    broken_cursors_are_refused,
    a_tag_page_is_one_read,
    a_tag_given_to_a_post_older_than_any_of_the_tag_is_still_reached,
    author_pages_walk_every_year_newest_first_without_loss_or_repeat,
);
both_stores!(
    repairing:
    tags_count_their_published_posts,
    racing_publishes_and_unpublishes_leave_exact_counts,
    tags_are_listed_in_the_collation_order,
);

/// The list of tags is in the Unicode collation's order (accented letters beside their
/// base letter), not by code point, on every page size; a tag kept away from its name's
/// key (as a collation whose data has moved since would leave it) is found by the
/// store's check and put back by a repair.
async fn tags_are_listed_in_the_collation_order(t: TestStore) {
    let by = writer(&t).await;
    publish(&t, &by, "Sweet", "zucker, été", 2).await;
    publish(&t, &by, "Fruit", "äpfel, apfel", 1).await;
    publish(&t, &by, "Pastry", "birne, éclair, eclair", 0).await;
    let names =
        |counted: Vec<(String, u64)>| counted.into_iter().map(|(n, _)| n).collect::<Vec<_>>();
    let expected = [
        "apfel", "äpfel", "birne", "eclair", "éclair", "été", "zucker",
    ];
    for limit in [1, 3, 50] {
        assert_eq!(names(counts(&t, limit).await), expected, "pages of {limit}");
    }
    match t.kind {
        Kind::Sqlite => {
            let conn = rusqlite::Connection::open(t.sqlite_path.as_ref().unwrap()).unwrap();
            conn.execute(
                "UPDATE tag_counts SET sort_key = X'ff' WHERE site = ?1 AND tag = 'äpfel'",
                (t.site.as_str(),),
            )
            .unwrap();
        }
        Kind::Cassandra => {
            let (session, keyspace) = crate::helpers::cql(&t).await;
            session
                .query_unpaged(
                    format!("DELETE FROM {keyspace}.tag_list WHERE site = ? AND sort_key = ? AND tag = 'äpfel'"),
                    (t.site.as_str(), sibyl::domain::tag_order_key("äpfel")),
                )
                .await
                .unwrap();
            session
                .query_unpaged(
                    format!("INSERT INTO {keyspace}.tag_list (site, sort_key, tag, posts) VALUES (?, 0xff, 'äpfel', 1)"),
                    (t.site.as_str(),),
                )
                .await
                .unwrap();
        }
    }
    assert_eq!(
        names(counts(&t, 50).await),
        [
            "apfel", "birne", "eclair", "éclair", "été", "zucker", "äpfel"
        ]
    );
    let found = crate::contract::archive::list_findings(&t).await;
    // (Cassandra also finds no count at the name's key.)
    assert!(
        found
            .iter()
            .any(|f| f.contains("tag äpfel is out of its place"))
            && found.iter().all(|f| f.contains("tag äpfel ")),
        "{found:?}"
    );
    t.store.repair(&t.site, true).await.unwrap();
    for limit in [2, 50] {
        assert_eq!(names(counts(&t, limit).await), expected, "pages of {limit}");
    }
    assert_eq!(
        crate::contract::archive::list_findings(&t).await,
        Vec::<String>::new()
    );
}

/// Twenty posts of one tag published at once, then half of them unpublished at once
/// while the other half gain a second tag: every count ends exact.
async fn racing_publishes_and_unpublishes_leave_exact_counts(t: TestStore) {
    let by = writer(&t).await;
    let created = futures_util::future::join_all((0..20).map(|i| {
        let new = fixtures::new_post(&t, &by, &format!("Race {i}"), "Body.", "race", now(), true);
        let store = t.store.clone();
        async move { store.create_post(new).await.unwrap() }
    }))
    .await;
    assert_eq!(counts(&t, 50).await, [("race".to_owned(), 20)]);
    futures_util::future::join_all(created.iter().enumerate().map(|(i, post)| {
        let store = t.store.clone();
        let site = t.site.clone();
        let edit = fixtures::edit(
            1,
            &by,
            &format!("Race {i}"),
            "Body.",
            "race, second",
            "more",
        );
        async move {
            if i % 2 == 0 {
                store.unpublish_post(&site, post.id).await.unwrap();
            } else {
                store.save_revision(&site, post.id, edit).await.unwrap();
            }
        }
    }))
    .await;
    assert_eq!(
        counts(&t, 50).await,
        [("race".to_owned(), 10), ("second".to_owned(), 10)]
    );
    assert_eq!(
        crate::contract::archive::list_findings(&t).await,
        Vec::<String>::new()
    );
}

/// Every tag with its count, following the pages `limit` at a time.
async fn counts(t: &TestStore, limit: usize) -> Vec<(String, u64)> {
    let (mut all, mut after) = (Vec::new(), None::<Tag>);
    for _ in 0..20 {
        let page = t
            .store
            .tag_counts(&t.site, after.as_ref(), limit)
            .await
            .unwrap();
        assert!(page.tags.len() <= limit);
        all.extend(
            page.tags
                .into_iter()
                .map(|c| (c.tag.as_str().to_owned(), c.posts)),
        );
        match page.next {
            Some(next) => after = Some(Tag::parse(&next).unwrap()),
            None => return all,
        }
    }
    panic!("the pages of tags never ended");
}

/// Each tag counts its published posts: not drafts; a revision's new tags move the
/// counts; an unpublished post leaves them; listed by name, a page at a time (one read);
/// and the store's own check finds the counts right.
async fn tags_count_their_published_posts(t: TestStore) {
    let by = writer(&t).await;
    let first = publish(&t, &by, "One", "alpha, beta", 2).await;
    publish(&t, &by, "Two", "alpha", 1).await;
    let third = publish(&t, &by, "Three", "gamma", 0).await;
    let draft = fixtures::new_post(&t, &by, "Draft", "Body.", "alpha, delta", now(), false);
    t.store.create_post(draft).await.unwrap();
    let expect = |pairs: &[(&str, u64)]| -> Vec<(String, u64)> {
        pairs.iter().map(|(t, n)| (t.to_string(), *n)).collect()
    };
    assert_eq!(
        counts(&t, 50).await,
        expect(&[("alpha", 2), ("beta", 1), ("gamma", 1)])
    );
    let edit = fixtures::edit(1, &by, "One", "Body.", "beta, epsilon", "retagged");
    t.store
        .save_revision(&t.site, first.id, edit)
        .await
        .unwrap();
    t.store.unpublish_post(&t.site, third.id).await.unwrap();
    let now_counted = expect(&[("alpha", 1), ("beta", 1), ("epsilon", 1)]);
    for limit in [1, 2, 50] {
        assert_eq!(counts(&t, limit).await, now_counted, "pages of {limit}");
    }
    t.store
        .publish_post(&t.site, third.id, now())
        .await
        .unwrap();
    assert_eq!(
        counts(&t, 50).await,
        expect(&[("alpha", 1), ("beta", 1), ("epsilon", 1), ("gamma", 1)])
    );
    let before = t.store.statements();
    let page = t.store.tag_counts(&t.site, None, 2).await.unwrap();
    assert_eq!(
        t.store.statements() - before,
        1,
        "a page of tags is one read"
    );
    assert_eq!(page.next.as_deref(), Some("beta"));
    assert_eq!(
        crate::contract::archive::list_findings(&t).await,
        Vec::<String>::new()
    );
}

/// The tag's chain of years is read from its index: a post of an older year than any
/// the tag had, given the tag by a later edit, is on the tag's last page.
async fn a_tag_given_to_a_post_older_than_any_of_the_tag_is_still_reached(t: TestStore) {
    let by = writer(&t).await;
    let newer = publish(&t, &by, "Newer", "gamma", 0).await;
    let older = publish(&t, &by, "Older", "other", 900).await;
    assert_eq!(walk(&t, "gamma", 5).await, [newer.id]);
    let edit = fixtures::edit(1, &by, "Older", "Body.", "gamma, other", "tagged later");
    t.store
        .save_revision(&t.site, older.id, edit)
        .await
        .unwrap();
    assert_eq!(walk(&t, "gamma", 5).await, [newer.id, older.id]);
    assert_eq!(walk(&t, "gamma", 1).await, [newer.id, older.id]);
}

/// An author's posts, newest first, in pages of `limit`, across years with a gap.
async fn author_pages_walk_every_year_newest_first_without_loss_or_repeat(t: TestStore) {
    let by = writer(&t).await;
    let other = fixtures::user(&t, Role::Author, "Otto Other").await;
    let mut expected = Vec::new();
    for (i, days_ago) in [1200, 1190, 500, 30, 3, 2, 1].into_iter().enumerate() {
        expected.push(
            publish(&t, &by, &format!("Mine {i}"), "", days_ago)
                .await
                .id,
        );
    }
    publish(&t, &other, "Not mine", "", 0).await;
    expected.reverse();
    for limit in [1, 2, 3, 7, 50] {
        let (mut ids, mut after) = (Vec::new(), None::<String>);
        for _ in 0..20 {
            let page = t
                .store
                .posts_by_author(&t.site, by.id, after.as_deref().into(), limit)
                .await
                .unwrap();
            assert!(page.posts.len() <= limit);
            ids.extend(page.posts.iter().map(|p| p.id));
            match page.older {
                Some(next) => after = Some(next),
                None => break,
            }
        }
        assert_eq!(ids, expected, "pages of {limit}");
    }
    let broken = t
        .store
        .posts_by_author(&t.site, by.id, Some("not a cursor").into(), 3)
        .await;
    assert!(matches!(broken, Err(PageError::BadCursor)), "{broken:?}");
}

async fn tag_pages_walk_every_year_newest_first_without_loss_or_repeat(t: TestStore) {
    let by = writer(&t).await;
    let mut expected = Vec::new();
    for (i, days_ago) in [800, 790, 400, 30, 3, 2, 1].into_iter().enumerate() {
        expected.push(
            publish(&t, &by, &format!("Walk {i}"), "alpha, beta", days_ago)
                .await
                .id,
        );
    }
    publish(&t, &by, "Elsewhere", "other", 0).await;
    expected.reverse();
    for limit in [1, 2, 3, 7, 20] {
        assert_eq!(walk(&t, "alpha", limit).await, expected, "limit {limit}");
    }
    assert_eq!(walk(&t, "beta", 2).await, expected);
    assert_eq!(walk(&t, "other", 2).await.len(), 1);
    assert!(walk(&t, "unused", 2).await.is_empty());
}

async fn a_tag_used_only_in_earlier_years_is_still_found(t: TestStore) {
    let by = writer(&t).await;
    let old = publish(&t, &by, "Old news", "gamma", 800).await;
    let page = t
        .store
        .tag_page(&t.site, &Tag::parse("gamma").unwrap(), None.into(), 10)
        .await
        .unwrap();
    assert_eq!(
        page.posts.iter().map(|p| p.id).collect::<Vec<_>>(),
        [old.id]
    );
    assert_eq!(page.older, None);
}

async fn edits_and_unpublishing_keep_the_tag_index_in_step(t: TestStore) {
    let by = writer(&t).await;
    let post = publish(&t, &by, "Retagged", "red, green", 1).await;
    let edit = fixtures::edit(1, &by, "Retagged again", "Body.", "green, blue", "tags");
    t.store.save_revision(&t.site, post.id, edit).await.unwrap();
    assert!(walk(&t, "red", 5).await.is_empty(), "a dropped tag lets go");
    assert_eq!(
        walk(&t, "blue", 5).await,
        [post.id],
        "an added tag lists it"
    );
    let green = t
        .store
        .tag_page(&t.site, &Tag::parse("green").unwrap(), None.into(), 5)
        .await
        .unwrap();
    assert_eq!(
        (green.posts.len(), green.posts[0].title.as_str()),
        (1, "Retagged again"),
        "copies follow the text"
    );
    t.store.unpublish_post(&t.site, post.id).await.unwrap();
    assert!(walk(&t, "green", 5).await.is_empty() && walk(&t, "blue", 5).await.is_empty());
    t.store.publish_post(&t.site, post.id, now()).await.unwrap();
    assert_eq!(walk(&t, "green", 5).await, [post.id], "listed again, once");
}

async fn broken_cursors_are_refused(t: TestStore) {
    let by = writer(&t).await;
    for i in 0..3 {
        publish(&t, &by, &format!("Cursor {i}"), "delta", i).await;
    }
    let tag = Tag::parse("delta").unwrap();
    let first = t
        .store
        .tag_page(&t.site, &tag, None.into(), 1)
        .await
        .unwrap();
    let good = first.older.clone().expect("a second page");
    assert_eq!(
        t.store
            .tag_page(&t.site, &tag, PageAt::Older(&good), 1)
            .await
            .unwrap()
            .posts
            .len(),
        1
    );
    for bad in ["", "garbage", "1.2.3", "2026.zz", "99999", "2026.", "-5"] {
        for at in [PageAt::Older(bad), PageAt::Newer(bad)] {
            let outcome = t.store.tag_page(&t.site, &tag, at, 1).await;
            assert!(
                matches!(outcome, Err(PageError::BadCursor)),
                "{at:?}: {outcome:?}"
            );
        }
    }
    if t.kind == Kind::Cassandra {
        // Well-formed UUIDs, but not the time of a post: a random one, and one of 1582.
        let random = uuid::Uuid::new_v4().to_string();
        for bad in [random.as_str(), "00000000-0000-1000-8000-000000000000"] {
            let outcome = t.store.tag_page(&t.site, &tag, PageAt::Older(bad), 1).await;
            assert!(
                matches!(outcome, Err(PageError::BadCursor)),
                "{bad:?}: {outcome:?}"
            );
        }
    }
}

/// A small tag's posts, one a month over two and a half years: on Cassandra a page of
/// twenty reads the index of months once and the months' rows in a few reads (two
/// months, then four, eight...), not a read of a month and of the index for each month
/// it spans, older and newer alike.
async fn a_page_of_a_small_tag_spread_over_years_is_a_few_reads(t: TestStore) {
    let by = writer(&t).await;
    let mut made = Vec::new();
    for i in 0..30 {
        let post = publish(&t, &by, &format!("Monthly {i}"), "zeta", 31 * i).await;
        made.push(post.id);
    }
    let tag = Tag::parse("zeta").unwrap();
    let ids = |page: &sibyl::store::ListPage| page.posts.iter().map(|p| p.id).collect::<Vec<_>>();
    let cost = |sqlite: u64, cassandra: u64| match t.kind {
        Kind::Sqlite => sqlite,
        Kind::Cassandra => cassandra,
    };
    let before = t.store.statements();
    let first = t
        .store
        .tag_page(&t.site, &tag, PageAt::Newest, 20)
        .await
        .unwrap();
    // The index (21 months), the newest month, then 2, 4, 8 and the last 6 months.
    assert_eq!(t.store.statements() - before, cost(1, 6), "the first page");
    assert_eq!(ids(&first), made[..20]);
    let before = t.store.statements();
    let older = first.older.as_deref().unwrap();
    let second = t
        .store
        .tag_page(&t.site, &tag, PageAt::Older(older), 20)
        .await
        .unwrap();
    // The cursor's month, the index (the 9 months left), then 2, 4 and 3 months.
    assert_eq!(t.store.statements() - before, cost(1, 5), "the second page");
    assert_eq!(ids(&second), made[20..]);
    assert_eq!(second.older, None);
    let before = t.store.statements();
    let newer = second.newer.as_deref().unwrap();
    let back = t
        .store
        .tag_page(&t.site, &tag, PageAt::Newer(newer), 20)
        .await
        .unwrap();
    // Up from the cursor's month: the index (20 months), then 2, 4, 8 and 6 months.
    assert_eq!(
        t.store.statements() - before,
        cost(1, 6),
        "back to the newer page"
    );
    assert_eq!(ids(&back), made[..20]);
}

/// A page within a month's bucket is one read; on Cassandra, the first page reads the
/// tag's index of months for the newest first, and a page that reaches the end of a
/// bucket reads the index once more, for the next older month.
async fn a_tag_page_is_one_read(t: TestStore) {
    let by = writer(&t).await;
    for i in 0..8 {
        publish(&t, &by, &format!("Read {i}"), "epsilon", 0).await;
    }
    let tag = Tag::parse("epsilon").unwrap();
    let before = t.store.statements();
    let page = t
        .store
        .tag_page(&t.site, &tag, None.into(), 3)
        .await
        .unwrap();
    let first = match t.kind {
        Kind::Sqlite => 1,
        Kind::Cassandra => 2,
    };
    assert_eq!(t.store.statements() - before, first, "first page");
    let before = t.store.statements();
    let page = t
        .store
        .tag_page(&t.site, &tag, page.older.as_deref().into(), 3)
        .await
        .unwrap();
    assert_eq!(t.store.statements() - before, 1, "next page");
    let before = t.store.statements();
    let last = t
        .store
        .tag_page(&t.site, &tag, page.older.as_deref().into(), 3)
        .await
        .unwrap();
    assert_eq!((last.posts.len(), last.older), (2, None));
    let expected = match t.kind {
        Kind::Sqlite => 1,
        Kind::Cassandra => 2,
    };
    assert_eq!(t.store.statements() - before, expected, "last page");
}

/// A keyspace of the version before author pages had buckets: `migrate` copies the
/// unbucketed author list into them and drops it, and drops the tag buckets' pointer to
/// older years.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn migrate_carries_the_author_lists_into_buckets() {
    let keyspace = "sibyl_author_carry_test";
    let t = TestStore::cassandra_alone(keyspace).await;
    let by = writer(&t).await;
    let session = crate::helpers::cql_session().await;
    let query = |cql: String| {
        let session = &session;
        async move { session.query_unpaged(cql, ()).await.unwrap() }
    };
    // What the earlier version had: the list by author alone, and a pointer per bucket.
    query(format!(
        "CREATE TABLE {keyspace}.posts_by_author (site text, author_id uuid, published timeuuid, \
         post_id uuid, slug text, title text, excerpt text, author_name text, tags list<text>, \
         PRIMARY KEY ((site, author_id), published)) WITH CLUSTERING ORDER BY (published DESC)"
    ))
    .await;
    query(format!(
        "CREATE TABLE {keyspace}.posts_by_tag (site text, tag text, year int, published timeuuid, \
         post_id uuid, slug text, title text, excerpt text, author_name text, tags list<text>, \
         older_year int static, PRIMARY KEY ((site, tag, year), published)) \
         WITH CLUSTERING ORDER BY (published DESC)"
    ))
    .await;
    let old = publish(&t, &by, "Carried over", "", 400).await;
    let published = sibyl::domain::timeuuid::at(old.published.unwrap());
    session
        .query_unpaged(
            format!(
                "INSERT INTO {keyspace}.posts_by_author (site, author_id, published, post_id, slug, title, excerpt, author_name, tags) \
                 VALUES (?, ?, ?, ?, ?, 'Carried over', '', 'Tess Tagger', [])"
            ),
            (
                t.site.as_str(),
                by.id.0,
                scylla::value::CqlTimeuuid::from(published),
                old.id.0,
                old.slug.as_str(),
            ),
        )
        .await
        .unwrap();
    for table in ["author_month_posts", "author_months"] {
        query(format!("TRUNCATE {keyspace}.{table}")).await;
    }
    let listed = |t: &TestStore| {
        let store = t.store.clone();
        let site = t.site.clone();
        async move {
            store
                .posts_by_author(&site, by.id, PageAt::Newest, 10)
                .await
                .unwrap()
                .posts
                .into_iter()
                .map(|p| p.id)
                .collect::<Vec<_>>()
        }
    };
    assert_eq!(listed(&t).await, []);
    query(format!(
        "UPDATE {keyspace}.schema_version SET version = 15 WHERE scope = 'sibyl'"
    ))
    .await;
    let url = sibyl::store::StoreUrl::Cassandra {
        nodes: vec![crate::helpers::cassandra_node()],
        keyspace: keyspace.into(),
    };
    sibyl::store::migrate(&url, None).await.unwrap();
    assert_eq!(listed(&t).await, [old.id]);
    assert!(
        !crate::helpers::table_exists(&session, keyspace, "posts_by_author").await,
        "the old list is dropped"
    );
    let pointer = session
        .query_unpaged(
            "SELECT column_name FROM system_schema.columns WHERE keyspace_name = ? AND table_name = ? AND column_name = ?",
            (keyspace, "posts_by_tag", "older_year"),
        )
        .await
        .unwrap()
        .into_rows_result()
        .unwrap()
        .rows_num();
    assert_eq!(pointer, 0, "the pointer to older years is dropped");
}

/// A keyspace of the version whose author pages had a bucket a year: `migrate` copies
/// every row into its half month, with the halves in the author's index, and drops the
/// year buckets and their index; run again, it changes nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn migrate_carries_the_author_lists_into_half_months() {
    let keyspace = "sibyl_author_months_carry_test";
    let t = TestStore::cassandra_alone(keyspace).await;
    let by = writer(&t).await;
    let session = crate::helpers::cql_session().await;
    let query = |cql: String| {
        let session = &session;
        async move { session.query_unpaged(cql, ()).await.unwrap() }
    };
    // What the earlier version had: the list by author and year, and its index of years.
    query(format!(
        "CREATE TABLE {keyspace}.author_posts (site text, author_id uuid, year int, \
         published timeuuid, post_id uuid, slug text, title text, excerpt text, \
         author_name text, tags list<text>, PRIMARY KEY ((site, author_id, year), published)) \
         WITH CLUSTERING ORDER BY (published DESC)"
    ))
    .await;
    query(format!(
        "CREATE TABLE {keyspace}.author_years (site text, author_id uuid, year int, \
         PRIMARY KEY ((site, author_id), year)) WITH CLUSTERING ORDER BY (year DESC)"
    ))
    .await;
    let mut made = Vec::new();
    for (i, days_ago) in [0, 20, 400].into_iter().enumerate() {
        made.push(publish(&t, &by, &format!("By year {i}"), "", days_ago).await);
    }
    for post in &made {
        let at = post.published.unwrap();
        session
            .query_unpaged(
                format!(
                    "INSERT INTO {keyspace}.author_posts (site, author_id, year, published, post_id, slug, title, excerpt, author_name, tags) \
                     VALUES (?, ?, ?, ?, ?, ?, ?, '', 'Tess Tagger', [])"
                ),
                (
                    t.site.as_str(),
                    by.id.0,
                    chrono::Datelike::year(&at),
                    scylla::value::CqlTimeuuid::from(sibyl::domain::timeuuid::at(at)),
                    post.id.0,
                    post.slug.as_str(),
                    post.title.as_str(),
                ),
            )
            .await
            .unwrap();
    }
    for table in ["author_month_posts", "author_months"] {
        query(format!("TRUNCATE {keyspace}.{table}")).await;
    }
    let listed = || async {
        t.store
            .posts_by_author(&t.site, by.id, PageAt::Newest, 10)
            .await
            .unwrap()
            .posts
            .into_iter()
            .map(|p| p.id)
            .collect::<Vec<_>>()
    };
    assert_eq!(listed().await, []);
    let url = sibyl::store::StoreUrl::Cassandra {
        nodes: vec![crate::helpers::cassandra_node()],
        keyspace: keyspace.into(),
    };
    for _ in 0..2 {
        query(format!(
            "UPDATE {keyspace}.schema_version SET version = 69 WHERE scope = 'sibyl'"
        ))
        .await;
        sibyl::store::migrate(&url, None).await.unwrap();
        assert_eq!(
            listed().await,
            made.iter().map(|p| p.id).collect::<Vec<_>>()
        );
    }
    for table in ["author_posts", "author_years"] {
        assert!(
            !crate::helpers::table_exists(&session, keyspace, table).await,
            "{table} is dropped"
        );
    }
    // Each post's half month is in the author's index.
    let halves = session
        .query_unpaged(
            format!("SELECT month FROM {keyspace}.author_months WHERE site = ? AND author_id = ?"),
            (t.site.as_str(), by.id.0),
        )
        .await
        .unwrap()
        .into_rows_result()
        .unwrap()
        .rows::<(i32,)>()
        .unwrap()
        .map(|r| r.unwrap().0)
        .collect::<std::collections::BTreeSet<_>>();
    let expected = made
        .iter()
        .map(|p| crate::helpers::half_month(p.published.unwrap()))
        .collect::<std::collections::BTreeSet<_>>();
    assert_eq!(halves, expected);
}

/// An author's list is bucketed as the site's archive is, by half month: whoever writes
/// the blog (one author of every post), each bucket of the author's list holds no more
/// than the archive's bucket of the same half month, so the archive's bound is the
/// author's. Posts on either side of the 15th land in two buckets.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_authors_list_is_bounded_by_the_archives_half_months() {
    let keyspace = "sibyl_author_bound_test";
    let t = TestStore::cassandra_alone(keyspace).await;
    let by = writer(&t).await;
    let session = crate::helpers::cql_session().await;
    // Around the middle of last month, and a few earlier.
    let last_month = {
        use chrono::Datelike;
        let first = now().with_day(1).unwrap() - Duration::days(1);
        first.with_day(1).unwrap()
    };
    let mut made = Vec::new();
    for (i, day) in [3, 14, 15, 16, 17, 28].into_iter().enumerate() {
        let at = last_month + Duration::days(day - 1);
        let new = fixtures::new_post(&t, &by, &format!("Day {day} #{i}"), "Body.", "", at, true);
        made.push(t.store.create_post(new).await.unwrap());
    }
    let buckets = session
        .query_unpaged(
            format!("SELECT month FROM {keyspace}.author_months WHERE site = ? AND author_id = ?"),
            (t.site.as_str(), by.id.0),
        )
        .await
        .unwrap()
        .into_rows_result()
        .unwrap()
        .rows::<(i32,)>()
        .unwrap()
        .map(|r| r.unwrap().0)
        .collect::<Vec<_>>();
    let first_half = crate::helpers::half_month(last_month);
    assert_eq!(
        buckets,
        [first_half + 1, first_half],
        "two halves, newest first"
    );
    for bucket in buckets {
        let mine = session
            .query_unpaged(
                format!(
                    "SELECT month, post_id FROM {keyspace}.author_month_posts WHERE site = ? AND author_id = ? AND month = ?"
                ),
                (t.site.as_str(), by.id.0, bucket),
            )
            .await
            .unwrap()
            .into_rows_result()
            .unwrap()
            .rows::<(i32, uuid::Uuid)>()
            .unwrap()
            .map(|r| r.unwrap())
            .collect::<Vec<_>>();
        let archived = session
            .query_unpaged(
                format!(
                    "SELECT month, post_id FROM {keyspace}.tag_posts WHERE site = ? AND tag = '*' AND month = ?"
                ),
                (t.site.as_str(), bucket),
            )
            .await
            .unwrap()
            .into_rows_result()
            .unwrap()
            .rows::<(i32, uuid::Uuid)>()
            .unwrap()
            .map(|r| r.unwrap())
            .collect::<Vec<_>>();
        // Days 3, 14 and 15 in the first half, 16, 17 and 28 in the second.
        assert_eq!(mine.len(), 3, "bucket {bucket}");
        assert_eq!(
            mine, archived,
            "the author's bucket {bucket} is the archive's"
        );
    }
    let walked = t
        .store
        .posts_by_author(&t.site, by.id, PageAt::Newest, 10)
        .await
        .unwrap()
        .posts
        .into_iter()
        .map(|p| p.id)
        .collect::<Vec<_>>();
    assert_eq!(walked, made.iter().rev().map(|p| p.id).collect::<Vec<_>>());
}

/// A keyspace of the version before the month buckets: `migrate` copies every row of the
/// tag pages' year buckets into the month it was published in, with the months in the
/// tag's index, and drops the year buckets and their index.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn migrate_carries_the_tag_pages_into_month_buckets() {
    let keyspace = "sibyl_tag_carry_test";
    let t = TestStore::cassandra_alone(keyspace).await;
    let by = writer(&t).await;
    let session = crate::helpers::cql_session().await;
    let query = |cql: String| {
        let session = &session;
        async move { session.query_unpaged(cql, ()).await.unwrap() }
    };
    query(format!(
        "CREATE TABLE {keyspace}.posts_by_tag (site text, tag text, year int, published timeuuid, \
         post_id uuid, slug text, title text, excerpt text, author_name text, tags list<text>, \
         PRIMARY KEY ((site, tag, year), published)) WITH CLUSTERING ORDER BY (published DESC)"
    ))
    .await;
    query(format!(
        "CREATE TABLE {keyspace}.tag_years (site text, tag text, year int, \
         PRIMARY KEY ((site, tag), year)) WITH CLUSTERING ORDER BY (year DESC)"
    ))
    .await;
    // Three posts over two years and three months, listed the old way only.
    let mut posts = Vec::new();
    for (title, days_ago) in [("Newest", 1), ("Older", 45), ("Oldest", 500)] {
        posts.push(publish(&t, &by, title, "", days_ago).await);
    }
    for post in &posts {
        let at = post.published.unwrap();
        let published = sibyl::domain::timeuuid::at(at);
        let year = chrono::Datelike::year(&at);
        session
            .query_unpaged(
                format!(
                    "INSERT INTO {keyspace}.posts_by_tag (site, tag, year, published, post_id, slug, title, excerpt, author_name, tags) \
                     VALUES (?, 'carried', ?, ?, ?, ?, ?, '', 'Tess Tagger', ['carried'])"
                ),
                (
                    t.site.as_str(),
                    year,
                    scylla::value::CqlTimeuuid::from(published),
                    post.id.0,
                    post.slug.as_str(),
                    post.title.as_str(),
                ),
            )
            .await
            .unwrap();
        session
            .query_unpaged(
                format!(
                    "INSERT INTO {keyspace}.tag_years (site, tag, year) VALUES (?, 'carried', ?)"
                ),
                (t.site.as_str(), year),
            )
            .await
            .unwrap();
    }
    assert!(walk(&t, "carried", 2).await.is_empty());
    // Twice: a second migration finds nothing left to copy and changes nothing.
    for _ in 0..2 {
        crate::helpers::migrate_from(&session, keyspace, 30).await;
    }
    let expected: Vec<PostId> = posts.iter().map(|p| p.id).collect();
    for limit in [1, 2, 5] {
        assert_eq!(walk(&t, "carried", limit).await, expected, "limit {limit}");
    }
    for table in ["posts_by_tag", "tag_years"] {
        assert!(
            !crate::helpers::table_exists(&session, keyspace, table).await,
            "{table} is dropped"
        );
    }
    // Counted into the list of tags in the collation's order (change 44 writes it).
    assert_eq!(counts(&t, 2).await, [("carried".to_owned(), 3)]);

    // A keyspace of the version before that order: the counts by name are carried over
    // under each tag's key, with their write times, and the list by name is dropped.
    query(format!("TRUNCATE {keyspace}.tag_list")).await;
    query(format!(
        "CREATE TABLE {keyspace}.tag_counts (site text, tag text, posts bigint, PRIMARY KEY (site, tag))"
    ))
    .await;
    for (tag, n) in [("zucker", 1i64), ("äpfel", 2), ("apfel", 3)] {
        session
            .query_unpaged(
                format!("INSERT INTO {keyspace}.tag_counts (site, tag, posts) VALUES (?, ?, ?)"),
                (t.site.as_str(), tag, n),
            )
            .await
            .unwrap();
    }
    assert!(counts(&t, 2).await.is_empty());
    for _ in 0..2 {
        crate::helpers::migrate_from(&session, keyspace, 95).await;
    }
    let carried = [("apfel", 3), ("äpfel", 2), ("zucker", 1)].map(|(t, n)| (t.to_owned(), n));
    for limit in [1, 2, 5] {
        assert_eq!(counts(&t, limit).await, carried, "limit {limit}");
    }
    assert!(
        !crate::helpers::table_exists(&session, keyspace, "tag_counts").await,
        "tag_counts is dropped"
    );
}
