//! An author's drafts through the store contract, for their desk: the most recently
//! made first, paged both ways, following publication, unpublication and revisions, an
//! author's own only, pages apart; the comments waiting on each post counted in one
//! read; and on Cassandra the list repaired when it disagrees with the posts.

use crate::both_stores;
use crate::contract::comments::comment;
use crate::fixtures::{self, edit, new_post};
use crate::helpers::{Kind, TestStore};
use chrono::Duration;
use sibyl::domain::{CommentState, PostId, Role, now};
use sibyl::store::{ListPage, PageAt, PageError};

fn ids(page: &ListPage) -> Vec<PostId> {
    page.posts.iter().map(|p| p.id).collect()
}

async fn drafts_follow_their_posts_and_page_both_ways(t: TestStore) {
    let ada = fixtures::user(&t, Role::Author, "Ada Drafter").await;
    let bob = fixtures::user(&t, Role::Admin, "Bob Other").await;
    let mut drafts = Vec::new();
    for (i, days_ago) in [30, 20, 10].into_iter().enumerate() {
        let made = now() - Duration::days(days_ago);
        let new = new_post(
            &t,
            &ada,
            &format!("Draft {i}"),
            "Not yet.",
            "notes",
            made,
            false,
        );
        drafts.push(t.store.create_post(new).await.unwrap());
    }
    let published = fixtures::post(&t, &ada, "Out already", "Published.", "notes").await;
    // Another author's draft, and a page's, are not on her desk.
    t.store
        .create_post(new_post(&t, &bob, "Bob's draft", "His.", "", now(), false))
        .await
        .unwrap();
    t.store
        .create_post(new_post(&t, &ada, "A page", "Pages apart.", "", now(), false).as_page())
        .await
        .unwrap();

    let first = t
        .store
        .drafts_by_author(&t.site, ada.id, PageAt::Newest, 2)
        .await
        .unwrap();
    assert_eq!(ids(&first), [drafts[2].id, drafts[1].id]);
    assert_eq!(
        first.posts[0].published, drafts[2].created,
        "dated when made"
    );
    assert_eq!(first.posts[0].title, "Draft 2");
    assert!(first.newer.is_none());
    let second = t
        .store
        .drafts_by_author(
            &t.site,
            ada.id,
            PageAt::Older(first.older.as_deref().unwrap()),
            2,
        )
        .await
        .unwrap();
    assert_eq!(ids(&second), [drafts[0].id]);
    assert!(second.older.is_none());
    let back = t
        .store
        .drafts_by_author(
            &t.site,
            ada.id,
            PageAt::Newer(second.newer.as_deref().unwrap()),
            2,
        )
        .await
        .unwrap();
    assert_eq!(ids(&back), [drafts[2].id, drafts[1].id]);
    for forged in [
        "",
        "x",
        "12.not-a-uuid",
        "abc.7d9f0e62-5a2c-4e0b-9a3f-1c2d3e4f5a6b",
    ] {
        let refused = t
            .store
            .drafts_by_author(&t.site, ada.id, PageAt::Older(forged), 2)
            .await;
        assert!(matches!(refused, Err(PageError::BadCursor)), "{forged:?}");
    }

    // Published, a draft leaves; unpublished, a post comes back at the time it was made;
    // a new revision's title shows.
    t.store
        .publish_post(&t.site, drafts[1].id, now())
        .await
        .unwrap()
        .unwrap();
    t.store
        .unpublish_post(&t.site, published.id)
        .await
        .unwrap()
        .unwrap();
    t.store
        .save_revision(
            &t.site,
            drafts[0].id,
            edit(
                1,
                &ada,
                "Draft 0, renamed",
                "Still not.",
                "notes",
                "Renamed",
            ),
        )
        .await
        .unwrap();
    let all = t
        .store
        .drafts_by_author(&t.site, ada.id, PageAt::Newest, 10)
        .await
        .unwrap();
    assert_eq!(ids(&all), [published.id, drafts[2].id, drafts[0].id]);
    assert_eq!(all.posts[2].title, "Draft 0, renamed");
    let theirs = t
        .store
        .drafts_by_author(&t.site, bob.id, PageAt::Newest, 10)
        .await
        .unwrap();
    assert_eq!(theirs.posts.len(), 1);

    // The comments waiting on each of a page of posts, in one read.
    let reader = fixtures::user(&t, Role::Reader, "Rita Reader").await;
    let shown = t
        .store
        .post_by_id(&t.site, drafts[1].id)
        .await
        .unwrap()
        .unwrap();
    for (text, state) in [
        ("First", CommentState::Pending),
        ("Second", CommentState::Pending),
        ("Third", CommentState::Approved),
    ] {
        t.store
            .add_comment(&t.site, &comment(&shown, &reader, text, None, state))
            .await
            .unwrap();
    }
    let waiting = t
        .store
        .pending_comment_counts(&t.site, &[drafts[1].id, drafts[2].id])
        .await
        .unwrap();
    let of = |id: PostId| {
        waiting
            .iter()
            .find(|(p, _)| *p == id)
            .map_or(0, |(_, n)| *n)
    };
    assert_eq!((of(drafts[1].id), of(drafts[2].id)), (2, 0));
    assert!(
        crate::contract::archive::list_findings(&t)
            .await
            .iter()
            .all(|f| !f.starts_with("author_drafts")),
        "repair agrees"
    );
}

/// On Cassandra the drafts are a list of their own: repair finds rows missing and
/// stale, and writes the list again.
async fn repair_restores_an_authors_drafts(t: TestStore) {
    let ada = fixtures::user(&t, Role::Author, "Ada Mender").await;
    let draft = t
        .store
        .create_post(new_post(&t, &ada, "Mend me", "Draft.", "", now(), false))
        .await
        .unwrap();
    if t.kind == Kind::Cassandra {
        let (session, keyspace) = crate::helpers::cql(&t).await;
        session
            .query_unpaged(
                format!("DELETE FROM {keyspace}.author_drafts WHERE site = ? AND author_id = ?"),
                (t.site.as_str(), ada.id.0),
            )
            .await
            .unwrap();
        session
            .query_unpaged(
                format!("INSERT INTO {keyspace}.author_drafts (site, author_id, created, post_id, slug, title) VALUES (?, ?, ?, ?, 'ghost', 'Ghost')"),
                (t.site.as_str(), ada.id.0, now(), uuid::Uuid::new_v4()),
            )
            .await
            .unwrap();
        let found = crate::contract::archive::list_findings(&t).await;
        assert_eq!(
            found
                .iter()
                .filter(|f| f.starts_with("author_drafts"))
                .count(),
            2,
            "{found:?}"
        );
        t.store.repair(&t.site, true).await.unwrap();
    }
    let listed = t
        .store
        .drafts_by_author(&t.site, ada.id, PageAt::Newest, 10)
        .await
        .unwrap();
    assert_eq!(ids(&listed), [draft.id]);
    let again = crate::contract::archive::list_findings(&t).await;
    assert!(
        again.iter().all(|f| !f.starts_with("author_drafts")),
        "{again:?}"
    );
}

both_stores!(
    repairing:
    drafts_follow_their_posts_and_page_both_ways,
    repair_restores_an_authors_drafts,
);

/// A keyspace of the version before the desk: `migrate` lists every draft (not pages,
/// not published posts) in its author's drafts, and a second run changes nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn migrate_lists_the_drafts_a_keyspace_had_before_the_desk() {
    let keyspace = "sibyl_drafts_carry_test";
    let t = TestStore::cassandra_alone(keyspace).await;
    let ada = fixtures::user(&t, Role::Author, "Ada Earlier").await;
    let session = crate::helpers::cql_session().await;
    let mut drafts = Vec::new();
    for (i, days_ago) in [2, 1].into_iter().enumerate() {
        let made = now() - Duration::days(days_ago);
        let new = new_post(
            &t,
            &ada,
            &format!("Earlier draft {i}"),
            "Draft.",
            "",
            made,
            false,
        );
        drafts.push(t.store.create_post(new).await.unwrap().id);
    }
    fixtures::post(&t, &ada, "Earlier post", "Out.", "").await;
    t.store
        .create_post(new_post(&t, &ada, "Earlier page", "Page.", "", now(), false).as_page())
        .await
        .unwrap();
    // What the earlier version had: no list of drafts.
    session
        .query_unpaged(format!("TRUNCATE {keyspace}.author_drafts"), ())
        .await
        .unwrap();
    let none = t
        .store
        .drafts_by_author(&t.site, ada.id, PageAt::Newest, 10)
        .await
        .unwrap();
    assert!(none.posts.is_empty());
    for _ in 0..2 {
        crate::helpers::migrate_from(&session, keyspace, 46).await;
        let listed = t
            .store
            .drafts_by_author(&t.site, ada.id, PageAt::Newest, 10)
            .await
            .unwrap();
        assert_eq!(ids(&listed), [drafts[1], drafts[0]]);
        assert_eq!(listed.posts[0].author_name, "Ada Earlier");
    }
}

/// A post keeps the date of its publication while it is a draft again, and a second
/// publication at that date puts it back where it was in the lists.
async fn a_post_keeps_its_publication_date_while_a_draft(t: TestStore) {
    let ada = fixtures::user(&t, Role::Author, "Ada Republisher").await;
    let first = now() - Duration::days(5);
    let old = t
        .store
        .create_post(new_post(
            &t,
            &ada,
            "Five days old",
            "Text.",
            "",
            first,
            true,
        ))
        .await
        .unwrap();
    assert_eq!(old.first_published, Some(first));
    let newer = fixtures::post(&t, &ada, "Today's", "Text.", "").await;
    let draft = t
        .store
        .unpublish_post(&t.site, old.id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(draft.published, None);
    let kept = draft.first_published.expect("kept while a draft");
    assert_eq!(kept.timestamp_millis(), first.timestamp_millis());
    assert_eq!(draft.publication_at(now(), false), kept);
    assert!(draft.publication_at(now(), true) > kept);
    let again = t
        .store
        .publish_post(&t.site, old.id, draft.publication_at(now(), false))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(again.published, Some(kept));
    let home = t
        .store
        .home_page(&t.site, PageAt::Newest, 10)
        .await
        .unwrap();
    assert_eq!(ids(&home), [newer.id, old.id]);
    // Read back as another process would.
    let read = t.store.post_by_id(&t.site, old.id).await.unwrap().unwrap();
    assert_eq!(read.first_published, Some(kept));

    // A Cassandra row made before the column (published, no first publication yet)
    // keeps its date through unpublishing all the same.
    if t.kind == Kind::Cassandra {
        let (session, keyspace) = crate::helpers::cql(&t).await;
        session
            .query_unpaged(
                format!("UPDATE {keyspace}.posts SET first_published = null WHERE site = ? AND post_id = ? IF EXISTS"),
                (t.site.as_str(), old.id.0),
            )
            .await
            .unwrap();
        let draft = t
            .store
            .unpublish_post(&t.site, old.id)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(draft.first_published, Some(kept));
    }
}

both_stores!(a_post_keeps_its_publication_date_while_a_draft);

/// Posts written published were never drafts: they leave no tombstone on their author's
/// desk, which a site of imported posts would otherwise fill with one for every post. Its
/// one draft, published, leaves one. Counted from the node's traces of the desk's reads.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn posts_written_published_leave_no_tombstone_on_the_desk() {
    let options = sibyl::store::StoreOptions::default();
    let traces = options.traces.clone();
    let t = TestStore::cassandra_with(options).await;
    let ada = fixtures::user(&t, Role::Author, "Ada Importer").await;
    for chunk in (0..300).collect::<Vec<_>>().chunks(25) {
        let made = chunk.iter().map(|i| {
            let at = now() - Duration::days(300 - i64::from(*i));
            let new = new_post(&t, &ada, &format!("Imported {i}"), "Old.", "", at, true);
            t.store.create_post(new)
        });
        for made in futures_util::future::join_all(made).await {
            made.unwrap();
        }
    }
    let draft = t
        .store
        .create_post(new_post(&t, &ada, "Drafted", "Soon.", "", now(), false))
        .await
        .unwrap();
    let desk = async |expected: &[PostId]| {
        traces.start();
        let page = t
            .store
            .drafts_by_author(&t.site, ada.id, PageAt::Newest, 20)
            .await
            .unwrap();
        assert_eq!(ids(&page), expected);
        crate::traces::reads(&traces.stop()).await.1
    };
    assert_eq!(desk(&[draft.id]).await, 0, "tombstones under one draft");
    t.store
        .publish_post(&t.site, draft.id, now())
        .await
        .unwrap();
    assert_eq!(desk(&[]).await, 1, "tombstones once the draft is published");
}
