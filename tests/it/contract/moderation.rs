//! The site's moderation lists at length: comments of many hours paged newest first,
//! hours emptied by moderation left out, statements per page, bad cursors, and the
//! lists of an earlier keyspace carried over by `migrate`, on both stores.

use super::comments::{by, member, post};
use crate::both_stores;
use crate::helpers::{Kind, TEST_KEYSPACE, TestStore};
use chrono::{DateTime, TimeZone, Utc};
use sibyl::domain::{
    CommentBody, CommentId, CommentState, CommentedPost, Commenter, Moderation, NewComment, Post,
    Role, User, now,
};
use sibyl::store::PageError;

both_stores!(
    the_site_lists_page_newest_first_across_hours,
    a_page_of_a_dense_list_is_two_reads,
    a_months_log_pages_newest_first_across_hours,
);

/// A comment whose write died after its row is finished by the reconciler at its own
/// stamp; its hour in the index of the desk's lists is written again at the time of the
/// finish, so a desk page that found the hour empty meanwhile, and took it out, does not
/// hide the comment from the moderators.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_comment_is_on_the_desk_though_its_hour_was_taken_out_meanwhile() {
    let options = sibyl::store::StoreOptions::default();
    let faults = options.faults.clone();
    // A keyspace of its own: its reconciler pass finishes no other test's crashed write.
    let t = TestStore::cassandra_alone_with("sibyl_finish_hour_test", options).await;
    let author = member(&t, Role::Author).await;
    let reader = member(&t, Role::Reader).await;
    let admin = member(&t, Role::Admin).await;
    let post = post(&t, &author).await;
    // Two comments of the hour that began three hours ago: the first listed, the
    // second's write dies after its row.
    let now = now();
    let hour = now - chrono::Duration::seconds(now.timestamp().rem_euclid(3600) + 3 * 3600);
    let listed = made_at(&post, &reader, hour + chrono::Duration::minutes(1));
    t.store.add_comment(&t.site, &listed).await.unwrap();
    let cut_short = made_at(&post, &reader, hour + chrono::Duration::minutes(2));
    faults.arm(sibyl::store::Fault::CrashAfterCommentRow);
    let died = t.store.add_comment(&t.site, &cut_short).await;
    assert!(died.is_err(), "the fault fired: {died:?}");
    // The first moderated, the hour holds nothing listed: a page takes it out.
    t.store
        .moderate(
            &t.site,
            post.id,
            listed.id,
            &by(&admin, CommentState::Approved),
        )
        .await
        .unwrap();
    assert_eq!(walk(&t, CommentState::Pending, 10).await.0, []);
    let report = sibyl::app::jobs::reconciler::reconcile(t.store.as_ref(), sibyl::domain::now())
        .await
        .unwrap();
    assert_eq!(report.completed, 1, "{report:?}");
    assert_eq!(walk(&t, CommentState::Pending, 10).await.0, [cut_short.id]);
}

/// After a thousand comments on a post are moderated, a signed-in reader's page of the
/// post meets none of their tombstones, and the moderation desk walks them once: the
/// page that finds their hours empty drops them, so the next meets only the index's own.
/// Counted by the node itself, with tracing on for the statements the store sends.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moderated_comments_leave_no_tombstones_in_a_readers_way() {
    let options = sibyl::store::StoreOptions::default();
    let traces = options.traces.clone();
    let t = TestStore::cassandra_with(options).await;
    let author = member(&t, Role::Author).await;
    let reader = member(&t, Role::Reader).await;
    let other = member(&t, Role::Reader).await;
    let admin = member(&t, Role::Admin).await;
    let post = post(&t, &author).await;
    let mine = made_at(&post, &reader, now());
    t.store.add_comment(&t.site, &mine).await.unwrap();
    // A thousand comments over forty hours before the last two, all moderated.
    const MODERATED: i64 = 1_000;
    let theirs: Vec<NewComment> = (0..MODERATED)
        .map(|i| earlier(&post, &other, 2 + i % 40, i / 40))
        .collect();
    for chunk in theirs.chunks(50) {
        let adds = chunk.iter().map(|c| t.store.add_comment(&t.site, c));
        for added in futures_util::future::join_all(adds).await {
            added.unwrap();
        }
    }
    let (approve, reject) = (
        by(&admin, CommentState::Approved),
        by(&admin, CommentState::Rejected),
    );
    for chunk in theirs.chunks(25) {
        let moves = chunk.iter().enumerate().map(|(i, c)| {
            let to = if i % 2 == 0 { &approve } else { &reject };
            t.store.moderate(&t.site, post.id, c.id, to)
        });
        for moved in futures_util::future::join_all(moves).await {
            moved.unwrap();
        }
    }
    let own = |found: Vec<sibyl::domain::Comment>| found.iter().map(|c| c.id).collect::<Vec<_>>();

    traces.start();
    let found = t
        .store
        .pending_comments_by(&t.site, post.id, reader.id)
        .await
        .unwrap();
    let (live, tombstones) = crate::traces::reads(&traces.stop()).await;
    assert_eq!(own(found), [mine.id]);
    assert!(
        live >= 2,
        "the reader's comment was read ({live} live rows)"
    );
    assert_eq!(tombstones, 0, "the reader's page of the post");

    // The desk's first walk meets the moderated comments (the measure sees them)...
    traces.start();
    let (walked, _) = walk(&t, CommentState::Pending, 50).await;
    let (_, first) = crate::traces::reads(&traces.stop()).await;
    assert_eq!(walked, [mine.id]);
    assert!(
        first >= MODERATED as u64,
        "the first walk met {first} tombstones"
    );
    // ...and the next page only the index's removed hours (forty) and the unset cells
    // of the one row it reads (written null in the lists' copies, as a copy rewritten
    // must clear them), not the comments.
    traces.start();
    let page = t
        .store
        .moderation_list(&t.site, CommentState::Pending, None, None, 50)
        .await
        .unwrap();
    let (_, next) = crate::traces::reads(&traces.stop()).await;
    assert_eq!(own(page.comments), [mine.id]);
    assert!(next <= 40 + 3, "the next page met {next} tombstones");
}

/// A pending comment on `post` made `hours_ago` hours (and `minutes` minutes) ago.
fn earlier(post: &Post, by: &User, hours_ago: i64, minutes: i64) -> NewComment {
    made_at(
        post,
        by,
        now() - chrono::Duration::hours(hours_ago) - chrono::Duration::minutes(minutes),
    )
}

/// A pending comment made at `at`.
fn made_at(post: &Post, by: &User, at: chrono::DateTime<chrono::Utc>) -> NewComment {
    NewComment::new(
        CommentedPost {
            id: post.id,
            slug: post.slug.as_str().to_owned(),
            title: post.title.as_str().to_owned(),
        },
        None,
        Commenter::Member {
            id: by.id,
            name: by.display_name.clone(),
        },
        CommentBody::parse(&format!("Made at {at}")).unwrap(),
        CommentState::Pending,
        at,
    )
}

/// Every comment of the site's list of `state`, walking the pages of `size`.
async fn walk(t: &TestStore, state: CommentState, size: usize) -> (Vec<CommentId>, usize) {
    let mut ids = Vec::new();
    let mut cursor: Option<String> = None;
    let mut pages = 0;
    loop {
        let page = t
            .store
            .moderation_list(&t.site, state, None, cursor.as_deref(), size)
            .await
            .unwrap();
        pages += 1;
        assert!(page.comments.len() <= size);
        ids.extend(page.comments.iter().map(|c| c.id));
        match page.next {
            Some(next) => cursor = Some(next),
            None => return (ids, pages),
        }
    }
}

async fn the_site_lists_page_newest_first_across_hours(t: TestStore) {
    let author = member(&t, Role::Author).await;
    let reader = member(&t, Role::Reader).await;
    let admin = member(&t, Role::Admin).await;
    let post = post(&t, &author).await;
    // Sparse hours over more than four days (more hours than a Cassandra page reads in
    // its rounds), and a few in the same hour.
    let mut made = Vec::new();
    for (hours, minutes) in (0..110).map(|h| (h, 0)).chain([(3, 1), (3, 2), (100, 1)]) {
        let new = earlier(&post, &reader, hours, minutes);
        t.store.add_comment(&t.site, &new).await.unwrap();
        made.push((new.id.time(), new.id));
    }
    made.sort();
    made.reverse();
    let newest_first: Vec<CommentId> = made.iter().map(|(_, id)| *id).collect();
    for size in [1, 7, 500] {
        let (ids, _) = walk(&t, CommentState::Pending, size).await;
        assert_eq!(ids, newest_first, "pages of {size}");
    }
    // Moderation empties hours, old and new: the lists skip them, also after they have
    // left the hours a page reads.
    let moved: Vec<CommentId> = made
        .iter()
        .filter(|(at, _)| (now() - *at).num_hours() % 3 == 0)
        .map(|(_, id)| *id)
        .collect();
    assert!(moved.len() > 30);
    for id in &moved {
        t.store
            .moderate(&t.site, post.id, *id, &by(&admin, CommentState::Spam))
            .await
            .unwrap();
    }
    let pending: Vec<CommentId> = newest_first
        .iter()
        .filter(|id| !moved.contains(id))
        .copied()
        .collect();
    let spam: Vec<CommentId> = newest_first
        .iter()
        .filter(|id| moved.contains(id))
        .copied()
        .collect();
    for _ in 0..2 {
        for size in [5, 500] {
            assert_eq!(walk(&t, CommentState::Pending, size).await.0, pending);
            assert_eq!(walk(&t, CommentState::Spam, size).await.0, spam);
        }
    }
    assert_eq!(walk(&t, CommentState::Rejected, 10).await, (vec![], 1));
    for bad in ["", "x", "12.zz", "abc.def"] {
        let refused = t
            .store
            .moderation_list(&t.site, CommentState::Pending, None, Some(bad), 10)
            .await;
        assert!(
            matches!(refused, Err(PageError::BadCursor)),
            "{bad:?}: {refused:?}"
        );
    }
    if t.kind == Kind::Cassandra {
        // The old hours that moderation emptied are out of the index of hours.
        let session = crate::helpers::cql_session().await;
        let hours = session
            .query_unpaged(
                format!(
                    "SELECT hour FROM {TEST_KEYSPACE}.moderation_hours WHERE site = ? AND state = 'pending'"
                ),
                (t.site.as_str(),),
            )
            .await
            .unwrap()
            .into_rows_result()
            .unwrap()
            .rows_num();
        // 110 hours were used; a third were emptied, and all but the newest of those
        // (an hour of them at most) left.
        assert!((73..=75).contains(&hours), "{hours} hours listed");
    }
}

async fn a_page_of_a_dense_list_is_two_reads(t: TestStore) {
    let author = member(&t, Role::Author).await;
    let reader = member(&t, Role::Reader).await;
    let post = post(&t, &author).await;
    // Thirty comments in the last full hour (on Cassandra, one partition of the list),
    // then one in each of the 23 hours before it.
    let now = now();
    let hour = now - chrono::Duration::seconds(now.timestamp().rem_euclid(3600) + 3600);
    for minutes in 0..30 {
        let new = made_at(&post, &reader, hour + chrono::Duration::minutes(minutes));
        t.store.add_comment(&t.site, &new).await.unwrap();
    }
    for hours in 1..24 {
        let new = made_at(&post, &reader, hour - chrono::Duration::hours(hours));
        t.store.add_comment(&t.site, &new).await.unwrap();
    }
    let before = t.store.statements();
    let page = t
        .store
        .moderation_list(&t.site, CommentState::Pending, None, None, 20)
        .await
        .unwrap();
    assert_eq!(page.comments.len(), 20);
    // On Cassandra the hours, then the newest hour's rows: a page of rows, not a page of
    // each of 24 hours.
    let expected = match t.kind {
        Kind::Sqlite => 1,
        Kind::Cassandra => 2,
    };
    assert_eq!(t.store.statements() - before, expected);
    // A page that reaches the older hours reads them twice as many at a time (the
    // newest alone, then 2, 4, 8 and the last 9 of the 24), each for what it still lacks.
    let before = t.store.statements();
    let page = t
        .store
        .moderation_list(&t.site, CommentState::Pending, None, None, 50)
        .await
        .unwrap();
    assert_eq!(page.comments.len(), 50);
    let expected = match t.kind {
        Kind::Sqlite => 1,
        Kind::Cassandra => 1 + 5,
    };
    assert_eq!(t.store.statements() - before, expected);
}

/// A keyspace of the version before the lists by hour: `migrate` lists its comments in
/// them from the comments' rows (not from the old list, whose partitions may be beyond
/// reading for tombstones) and drops the old list.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn migrate_carries_the_moderation_lists_into_hour_buckets() {
    let keyspace = "sibyl_queue_carry_test";
    let t = TestStore::cassandra_alone(keyspace).await;
    let author = member(&t, Role::Author).await;
    let reader = member(&t, Role::Reader).await;
    let post = post(&t, &author).await;
    let session = crate::helpers::cql_session().await;
    let query = |cql: String| {
        let session = &session;
        async move { session.query_unpaged(cql, ()).await.unwrap() }
    };
    let columns = "id, post_id, post_slug, post_title, thread, parent, author_id, author_name, \
                   author_email, body, body_html, state, reason, edited";
    // What the earlier version had: one list per site and state, here with rows that
    // are not read.
    query(format!(
        "CREATE TABLE {keyspace}.moderation_queue (site text, state text, id timeuuid, post_id uuid, \
         post_slug text, post_title text, thread timeuuid, parent timeuuid, author_id uuid, \
         author_name text, author_email text, body text, body_html text, reason text, \
         edited timestamp, PRIMARY KEY ((site, state), id)) WITH CLUSTERING ORDER BY (id DESC)"
    ))
    .await;
    let mut made = Vec::new();
    for hours in [0, 30, 1000] {
        let new = earlier(&post, &reader, hours, 0);
        t.store.add_comment(&t.site, &new).await.unwrap();
        made.push(new.id);
        session
            .query_unpaged(
                format!(
                    "INSERT INTO {keyspace}.moderation_queue (site, {columns}) \
                     VALUES (?, ?, ?, ?, ?, ?, null, ?, ?, null, ?, ?, 'pending', '', null)"
                ),
                (
                    t.site.as_str(),
                    scylla::value::CqlTimeuuid::from(new.id.0),
                    post.id.0,
                    post.slug.as_str(),
                    post.title.as_str(),
                    scylla::value::CqlTimeuuid::from(new.thread.0),
                    reader.id.0,
                    reader.display_name.as_str(),
                    new.body.as_str(),
                    new.body_html.as_str(),
                ),
            )
            .await
            .unwrap();
    }
    for table in ["moderation_lists", "moderation_hours"] {
        query(format!("TRUNCATE {keyspace}.{table}")).await;
    }
    assert_eq!(walk(&t, CommentState::Pending, 2).await.0, []);
    query(format!(
        "UPDATE {keyspace}.schema_version SET version = 18 WHERE scope = 'sibyl'"
    ))
    .await;
    let url = sibyl::store::StoreUrl::Cassandra {
        nodes: vec![crate::helpers::cassandra_node()],
        keyspace: keyspace.into(),
    };
    sibyl::store::migrate(&url, None).await.unwrap();
    assert_eq!(walk(&t, CommentState::Pending, 2).await.0, made);
    assert!(
        !crate::helpers::table_exists(&session, keyspace, "moderation_queue").await,
        "the old list is dropped"
    );
}

/// Every line of a month's log, walking the pages of `size`.
async fn log_walk(t: &TestStore, month: &str, size: usize) -> Vec<(DateTime<Utc>, CommentId)> {
    let mut lines = Vec::new();
    let mut cursor: Option<String> = None;
    loop {
        let page = t
            .store
            .moderation_log(&t.site, month, cursor.as_deref(), size)
            .await
            .unwrap();
        assert!(page.entries.len() <= size);
        lines.extend(page.entries.iter().map(|e| (e.at, e.comment)));
        match page.next {
            Some(next) => cursor = Some(next),
            None => return lines,
        }
    }
}

async fn a_months_log_pages_newest_first_across_hours(t: TestStore) {
    let author = member(&t, Role::Author).await;
    let reader = member(&t, Role::Reader).await;
    let admin = member(&t, Role::Admin).await;
    let post = post(&t, &author).await;
    // Moderations dated over two days of March 2025, some in one hour, and one in April.
    let start = Utc.with_ymd_and_hms(2025, 3, 30, 0, 0, 0).unwrap();
    let mut made = Vec::new();
    for k in 0..30 {
        let new = earlier(&post, &reader, 0, k);
        t.store.add_comment(&t.site, &new).await.unwrap();
        let at = if k == 29 {
            Utc.with_ymd_and_hms(2025, 4, 1, 0, 0, 1).unwrap()
        } else {
            start + chrono::Duration::minutes(97 * k)
        };
        let to = if k % 2 == 0 {
            CommentState::Approved
        } else {
            CommentState::Spam
        };
        let moderation = Moderation {
            at,
            ..by(&admin, to)
        };
        t.store
            .moderate(&t.site, post.id, new.id, &moderation)
            .await
            .unwrap();
        // The log's times are kept to the millisecond.
        let at = DateTime::from_timestamp_millis(at.timestamp_millis()).unwrap();
        made.push((at, new.id));
    }
    let april = made.pop().unwrap();
    made.reverse();
    for size in [1, 4, 100] {
        assert_eq!(log_walk(&t, "2025-03", size).await, made, "pages of {size}");
    }
    assert_eq!(log_walk(&t, "2025-04", 10).await, [april]);
    assert_eq!(log_walk(&t, "2025-02", 10).await, []);
    for bad in ["", "x", "-1", "12.zz"] {
        let refused = t
            .store
            .moderation_log(&t.site, "2025-03", Some(bad), 10)
            .await;
        assert!(
            matches!(refused, Err(PageError::BadCursor)),
            "{bad:?}: {refused:?}"
        );
    }
}

/// A keyspace of the version before the log by hour: `migrate` copies the log per month
/// into it and drops the old log.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn migrate_carries_the_moderation_log_into_hour_buckets() {
    let keyspace = "sibyl_log_carry_test";
    let t = TestStore::cassandra_alone(keyspace).await;
    let session = crate::helpers::cql_session().await;
    session
        .query_unpaged(
            format!(
                "CREATE TABLE {keyspace}.moderation_log (site text, month text, at timeuuid, comment_id timeuuid, \
                 post_id uuid, post_slug text, post_title text, by_name text, from_state text, to_state text, \
                 reason text, PRIMARY KEY ((site, month), at)) WITH CLUSTERING ORDER BY (at DESC)"
            ),
            (),
        )
        .await
        .unwrap();
    let mut made = Vec::new();
    for minutes in [0, 59, 61, 600] {
        let at = Utc.with_ymd_and_hms(2024, 7, 2, 10, 0, 0).unwrap()
            + chrono::Duration::minutes(minutes);
        let comment = CommentId::at(at);
        session
            .query_unpaged(
                format!(
                    "INSERT INTO {keyspace}.moderation_log (site, month, at, comment_id, post_id, post_slug, post_title, by_name, from_state, to_state, reason) \
                     VALUES (?, '2024-07', ?, ?, ?, 'a-post', 'A post', 'Ada', 'pending', 'spam', 'junk')"
                ),
                (
                    t.site.as_str(),
                    scylla::value::CqlTimeuuid::from(sibyl::domain::timeuuid::at(at)),
                    scylla::value::CqlTimeuuid::from(comment.0),
                    uuid::Uuid::new_v4(),
                ),
            )
            .await
            .unwrap();
        made.push((at, comment));
    }
    made.reverse();
    assert_eq!(log_walk(&t, "2024-07", 10).await, []);
    session
        .query_unpaged(
            format!("UPDATE {keyspace}.schema_version SET version = 20 WHERE scope = 'sibyl'"),
            (),
        )
        .await
        .unwrap();
    let url = sibyl::store::StoreUrl::Cassandra {
        nodes: vec![crate::helpers::cassandra_node()],
        keyspace: keyspace.into(),
    };
    sibyl::store::migrate(&url, None).await.unwrap();
    assert_eq!(log_walk(&t, "2024-07", 3).await, made);
    assert!(
        !crate::helpers::table_exists(&session, keyspace, "moderation_log").await,
        "the old log is dropped"
    );
}
