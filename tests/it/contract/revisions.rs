//! Post history: every save a new immutable revision, concurrent saves from one base,
//! history, single revisions, diffs and restore, in the store and over HTTP.

use crate::both_stores;
use crate::fixtures;
use crate::helpers::TestStore;
use sibyl::domain::{Locale, Post, PostEdit, PostId, Role, User, now};
use sibyl::store::EditError;
use sibyl::store::PageAt;

async fn author(t: &TestStore) -> User {
    fixtures::user(t, Role::Author, "Edna Editor").await
}

async fn post(t: &TestStore, by: &User) -> Post {
    fixtures::post(t, by, "First title", "First body.", "one").await
}

fn edit(base: u32, by: &User, title: &str, body: &str, message: &str) -> PostEdit {
    fixtures::edit(base, by, title, body, "one, two", message)
}

both_stores!(
    every_save_is_a_new_revision_and_history_keeps_them_all,
    of_concurrent_saves_from_one_base_exactly_one_wins,
    stale_bases_and_unknown_posts_change_nothing,
);

async fn every_save_is_a_new_revision_and_history_keeps_them_all(t: TestStore) {
    let by = author(&t).await;
    let original = post(&t, &by).await;
    let second = t
        .store
        .save_revision(
            &t.site,
            original.id,
            edit(1, &by, "Second title", "Second body.", "Retitled"),
        )
        .await
        .unwrap();
    assert_eq!(
        (second.revision, second.title.as_str(), second.slug.clone()),
        (2, "Second title", original.slug.clone()),
        "the slug stays"
    );
    let third = t
        .store
        .save_revision(
            &t.site,
            original.id,
            edit(2, &by, "Third title", "Third *body*.", "Polished"),
        )
        .await
        .unwrap();
    assert_eq!(third.revision, 3);
    assert!(third.body_html.contains("<em>body</em>"));
    let history = t
        .store
        .revisions(&t.site, original.id, &Locale::Neutral, 50, 50)
        .await
        .unwrap();
    let listed: Vec<(u32, &str)> = history
        .iter()
        .map(|r| (r.number, r.message.as_str()))
        .collect();
    assert_eq!(
        listed,
        [(3, "Polished"), (2, "Retitled"), (1, "First version")]
    );
    assert!(history.iter().all(|r| r.author_name == "Edna Editor"));
    let first = t
        .store
        .revision(&t.site, original.id, &Locale::Neutral, 1)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        (first.title.as_str(), first.body.as_str()),
        ("First title", "First body."),
        "old revisions never change"
    );
    assert_eq!(first.tags.to_strings(), ["one"]);
    let front = t
        .store
        .home_page(&t.site, PageAt::Newest, 5)
        .await
        .unwrap()
        .posts;
    assert_eq!(
        (front.len(), front[0].title.as_str()),
        (1, "Third title"),
        "the front page shows the current text, once"
    );
    let by_author = t
        .store
        .posts_by_author(&t.site, by.id, None.into(), 5)
        .await
        .unwrap()
        .posts;
    assert_eq!(
        (by_author.len(), by_author[0].title.as_str()),
        (1, "Third title")
    );
    assert_eq!(
        t.store
            .revision(&t.site, original.id, &Locale::Neutral, 4)
            .await
            .unwrap(),
        None
    );
}

async fn of_concurrent_saves_from_one_base_exactly_one_wins(t: TestStore) {
    let by = author(&t).await;
    let original = post(&t, &by).await;
    let tasks: Vec<_> = (0..8)
        .map(|i| {
            let (store, site) = (t.store.clone(), t.site.clone());
            let change = edit(
                1,
                &by,
                &format!("Title {i}"),
                &format!("Body {i}."),
                &format!("Save {i}"),
            );
            tokio::spawn(async move { store.save_revision(&site, original.id, change).await })
        })
        .collect();
    let mut winners = Vec::new();
    for task in tasks {
        match task.await.unwrap() {
            Ok(post) => winners.push(post),
            Err(EditError::Conflict) => {}
            Err(e) => panic!("{e}"),
        }
    }
    assert_eq!(winners.len(), 1);
    let history = t
        .store
        .revisions(&t.site, original.id, &Locale::Neutral, 50, 50)
        .await
        .unwrap();
    assert_eq!(history.len(), 2, "one new revision");
    let current = t
        .store
        .post_by_slug(&t.site, &original.slug)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        (current.revision, current.title.clone()),
        (2, winners[0].title.clone())
    );
    assert_eq!(
        history[0].title,
        winners[0].title.as_str(),
        "the post shows the winning revision"
    );
}

async fn stale_bases_and_unknown_posts_change_nothing(t: TestStore) {
    let by = author(&t).await;
    let original = post(&t, &by).await;
    t.store
        .save_revision(&t.site, original.id, edit(1, &by, "Two", "Two.", "two"))
        .await
        .unwrap();
    let stale = t
        .store
        .save_revision(
            &t.site,
            original.id,
            edit(1, &by, "Stale", "Stale.", "stale"),
        )
        .await;
    assert!(matches!(stale, Err(EditError::Conflict)), "{stale:?}");
    let ahead = t
        .store
        .save_revision(
            &t.site,
            original.id,
            edit(7, &by, "Ahead", "Ahead.", "ahead"),
        )
        .await;
    assert!(matches!(ahead, Err(EditError::Conflict)), "{ahead:?}");
    let unknown = t
        .store
        .save_revision(&t.site, PostId::new(), edit(1, &by, "X", "X.", "x"))
        .await;
    assert!(matches!(unknown, Err(EditError::NoSuchPost)), "{unknown:?}");
    assert_eq!(
        t.store
            .revisions(&t.site, original.id, &Locale::Neutral, 50, 50)
            .await
            .unwrap()
            .len(),
        2
    );
    assert_eq!(
        t.store
            .post_by_slug(&t.site, &original.slug)
            .await
            .unwrap()
            .unwrap()
            .title
            .as_str(),
        "Two"
    );
}

both_stores!(a_save_that_dies_between_its_writes_never_locks_the_post);

async fn a_save_that_dies_between_its_writes_never_locks_the_post(kind: TestStore) {
    let options = sibyl::store::StoreOptions::default();
    let t = match kind.kind {
        crate::helpers::Kind::Sqlite => TestStore::sqlite_with(options.clone()).await,
        crate::helpers::Kind::Cassandra => TestStore::cassandra_with(options.clone()).await,
    };
    let by = author(&t).await;
    let original = post(&t, &by).await;
    options
        .faults
        .arm(sibyl::store::Fault::CrashAfterRevisionClaim);
    let died = t
        .store
        .save_revision(
            &t.site,
            original.id,
            edit(1, &by, "Dying save", "Dying.", "dies"),
        )
        .await;
    assert!(died.is_err());
    let next = t
        .store
        .save_revision(
            &t.site,
            original.id,
            edit(1, &by, "Next save", "Next.", "next"),
        )
        .await;
    match t.kind {
        crate::helpers::Kind::Cassandra => {
            // Revision 2 was written before the crash: the next saver is refused, but the
            // post rolls forward to it instead of refusing every save from now on.
            assert!(matches!(next, Err(EditError::Conflict)), "{next:?}");
            let now_at = t
                .store
                .post_by_slug(&t.site, &original.slug)
                .await
                .unwrap()
                .unwrap();
            assert_eq!((now_at.revision, now_at.title.as_str()), (2, "Dying save"));
            let front = t
                .store
                .home_page(&t.site, PageAt::Newest, 1)
                .await
                .unwrap()
                .posts;
            assert_eq!(
                front[0].title, "Dying save",
                "copies follow the rolled-forward text"
            );
            let after = t
                .store
                .save_revision(
                    &t.site,
                    original.id,
                    edit(2, &by, "After", "After.", "after"),
                )
                .await
                .unwrap();
            assert_eq!(after.revision, 3);
        }
        crate::helpers::Kind::Sqlite => {
            // One transaction: the crash left nothing, and the next save simply wins.
            assert_eq!(next.unwrap().revision, 2);
        }
    }
}

both_stores!(drafts_are_private_replaceable_and_make_no_revision);

async fn drafts_are_private_replaceable_and_make_no_revision(t: TestStore) {
    let by = author(&t).await;
    let other = author(&t).await;
    let original = post(&t, &by).await;
    let first =
        sibyl::domain::Draft::parse(1, "Half a title", "Half a body", "one", now()).unwrap();
    t.store
        .save_draft(&t.site, original.id, by.id, &Locale::Neutral, &first)
        .await
        .unwrap();
    let second = sibyl::domain::Draft::parse(1, "", "Still writing", "", now()).unwrap();
    t.store
        .save_draft(&t.site, original.id, by.id, &Locale::Neutral, &second)
        .await
        .unwrap();
    assert_eq!(
        t.store
            .draft(&t.site, original.id, by.id, &Locale::Neutral)
            .await
            .unwrap(),
        Some(second),
        "the last save wins"
    );
    assert_eq!(
        t.store
            .draft(&t.site, original.id, other.id, &Locale::Neutral)
            .await
            .unwrap(),
        None,
        "drafts are per editor"
    );
    assert_eq!(
        t.store
            .revisions(&t.site, original.id, &Locale::Neutral, 50, 50)
            .await
            .unwrap()
            .len(),
        1,
        "no revision was made"
    );
    assert_eq!(
        t.store
            .post_by_slug(&t.site, &original.slug)
            .await
            .unwrap()
            .unwrap()
            .title
            .as_str(),
        "First title"
    );
    t.store
        .discard_draft(&t.site, original.id, by.id, &Locale::Neutral)
        .await
        .unwrap();
    assert_eq!(
        t.store
            .draft(&t.site, original.id, by.id, &Locale::Neutral)
            .await
            .unwrap(),
        None
    );
    assert!(sibyl::domain::Draft::parse(1, &"t".repeat(201), "", "", now()).is_err());
    assert!(sibyl::domain::Draft::parse(1, "", &"b".repeat(300 * 1024), "", now()).is_err());
}

both_stores!(a_long_history_pages_back_to_its_first_revision);

/// The revisions numbered `newest` and below, a page of `size` at a time, with what each
/// page cost in statements.
async fn history_walk(t: &TestStore, id: PostId, newest: u32, size: usize) -> (Vec<u32>, u64) {
    let (mut numbers, mut most) = (Vec::new(), 0);
    let mut next = Some(newest);
    while let Some(newest) = next {
        let before = t.store.statements();
        let page = t
            .store
            .revisions(&t.site, id, &Locale::Neutral, newest, size)
            .await
            .unwrap();
        most = most.max(t.store.statements() - before);
        assert!(!page.is_empty() && page.len() <= size, "from {newest}");
        numbers.extend(page.iter().map(|r| r.number));
        next = page
            .last()
            .map(|r| r.number)
            .filter(|&n| n > 1)
            .map(|n| n - 1);
    }
    (numbers, most)
}

/// 120 revisions (on Cassandra, three shelves of the history) are paged back to the first
/// at several page sizes, every revision once and in order, each page in one read on
/// SQLite and at most two on Cassandra; a page is never longer than `HISTORY_PAGE`.
async fn a_long_history_pages_back_to_its_first_revision(t: TestStore) {
    let by = author(&t).await;
    let original = post(&t, &by).await;
    for base in 1..120 {
        let text = format!("Body {}.", base + 1);
        t.store
            .save_revision(
                &t.site,
                original.id,
                edit(base, &by, "Title", &text, "More"),
            )
            .await
            .unwrap();
    }
    let all: Vec<u32> = (1..=120).rev().collect();
    let bound = match t.kind {
        crate::helpers::Kind::Sqlite => 1,
        crate::helpers::Kind::Cassandra => 2,
    };
    for size in [1, 7, 50] {
        let (numbers, most) = history_walk(&t, original.id, 120, size).await;
        assert_eq!(numbers, all, "pages of {size}");
        assert!(most <= bound, "pages of {size}: {most} statements");
    }
    let (numbers, _) = history_walk(&t, original.id, 75, 30).await;
    assert_eq!(numbers, (1..=75).rev().collect::<Vec<_>>());
    let capped = t
        .store
        .revisions(&t.site, original.id, &Locale::Neutral, 120, 500)
        .await
        .unwrap();
    assert_eq!(capped.len(), sibyl::domain::HISTORY_PAGE);
    assert_eq!(capped[0].number, 120);
    let old = t
        .store
        .revision(&t.site, original.id, &Locale::Neutral, 77)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(old.body.as_str(), "Body 77.");
}

/// A save settles its lists with one serial read (the check that the post did not move
/// while they were written), not two: the row is first read at LOCAL_QUORUM, which sees
/// the move the save's own LWT committed. Counted from the node's traces of the reads.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_save_and_a_publish_settle_their_lists_with_one_serial_read() {
    let options = sibyl::store::StoreOptions::default();
    let traces = options.traces.clone();
    let t = TestStore::cassandra_with(options).await;
    let by = author(&t).await;
    let post = post(&t, &by).await;
    let serial = |traces: Vec<crate::traces::Trace>| {
        traces.iter().filter(|t| t.consistency == "SERIAL").count()
    };
    traces.start();
    let saved = t
        .store
        .save_revision(
            &t.site,
            post.id,
            edit(post.revision, &by, "Second title", "Second body.", "Second"),
        )
        .await
        .unwrap();
    let traced = crate::traces::traces(&traces.stop()).await;
    assert_eq!(saved.revision, post.revision + 1);
    assert!(traced.len() > 1, "the save's reads were traced");
    assert_eq!(serial(traced), 1, "serial reads of a save");
    let draft = t
        .store
        .create_post(fixtures::new_post(
            &t,
            &by,
            "A draft",
            "Draft body.",
            "one",
            now(),
            false,
        ))
        .await
        .unwrap();
    traces.start();
    let published = t
        .store
        .publish_post(&t.site, draft.id, now())
        .await
        .unwrap();
    assert!(published.is_some_and(|p| p.published.is_some()));
    let traced = crate::traces::traces(&traces.stop()).await;
    assert_eq!(serial(traced), 1, "serial reads of a publish");
}

/// A keyspace of the version before the shelves (one partition a post in `revisions`):
/// `migrate` puts every revision on its shelf, the history pages as before, and the old
/// table is dropped.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn migrate_puts_every_revision_on_its_shelf() {
    let keyspace = "sibyl_revision_carry_test";
    let t = TestStore::cassandra_alone(keyspace).await;
    let session = crate::helpers::cql_session().await;
    session
        .query_unpaged(
            format!(
                "CREATE TABLE {keyspace}.revisions (site text, post_id uuid, locale text, branch int, \
                 revision int, title text, body text, body_html text, tags list<text>, author_id uuid, \
                 author_name text, created timestamp, message text, save_id uuid, \
                 PRIMARY KEY ((site, post_id), locale, branch, revision)) \
                 WITH CLUSTERING ORDER BY (locale ASC, branch ASC, revision DESC)"
            ),
            (),
        )
        .await
        .unwrap();
    let post = PostId::new();
    for (locale, count) in [("", 60), ("fr", 3)] {
        for n in 1..=count {
            session
                .query_unpaged(
                    format!(
                        "INSERT INTO {keyspace}.revisions (site, post_id, locale, branch, revision, title, body, body_html, tags, author_id, author_name, created, message, save_id) \
                         VALUES (?, ?, ?, 1, ?, 'Old title', ?, '<p>old</p>', ['old'], ?, 'Ada', ?, 'Saved', ?)"
                    ),
                    (
                        t.site.as_str(),
                        post.0,
                        locale,
                        n,
                        format!("Old body {n}."),
                        uuid::Uuid::new_v4(),
                        now(),
                        uuid::Uuid::new_v4(),
                    ),
                )
                .await
                .unwrap();
        }
    }
    let neutral = |newest| {
        let (store, site) = (t.store.clone(), t.site.clone());
        async move {
            store
                .revisions(&site, post, &Locale::Neutral, newest, 50)
                .await
                .unwrap()
                .iter()
                .map(|r| r.number)
                .collect::<Vec<_>>()
        }
    };
    assert_eq!(neutral(60).await, Vec::<u32>::new());
    // Twice: a second migration finds nothing left to copy and changes nothing.
    for _ in 0..2 {
        crate::helpers::migrate_from(&session, keyspace, 25).await;
    }
    assert_eq!(neutral(60).await, (11..=60).rev().collect::<Vec<_>>());
    assert_eq!(neutral(10).await, (1..=10).rev().collect::<Vec<_>>());
    let french = Locale::parse("fr").unwrap();
    let old = t
        .store
        .revision(&t.site, post, &french, 2)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        (
            old.title.as_str(),
            old.body.as_str(),
            old.author_name.as_str()
        ),
        ("Old title", "Old body 2.", "Ada")
    );
    assert!(
        !crate::helpers::table_exists(&session, keyspace, "revisions").await,
        "the old table is dropped"
    );
}
