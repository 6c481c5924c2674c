//! Search through the store contract: texts found across the archive's months and paged
//! without repeats (newest first on Cassandra, which cannot rank), a word only the oldest
//! post has, a draft never, forged cursors refused; and on each store the migration that
//! indexes the posts a store had before search.

use crate::both_stores;
use crate::fixtures;
use crate::helpers::{Kind, TestStore};
use chrono::Duration;
use sibyl::domain::search::SearchQuery;
use sibyl::domain::{PostId, Role, now};
use sibyl::store::{PageError, SearchPage, Store};

async fn all_pages(t: &TestStore, words: &str, limit: usize) -> Vec<PostId> {
    all_pages_of(t.store.as_ref(), t, words, limit).await
}

async fn all_pages_of(store: &dyn Store, t: &TestStore, words: &str, limit: usize) -> Vec<PostId> {
    let query = SearchQuery::parse(words).unwrap();
    let mut found = Vec::new();
    let mut after: Option<String> = None;
    loop {
        let page: SearchPage = store
            .search(&t.site, &query, after.as_deref(), limit)
            .await
            .unwrap();
        assert!(page.hits.len() <= limit);
        found.extend(page.hits.iter().map(|h| h.post_id));
        match page.next {
            Some(next) => after = Some(next),
            None => break,
        }
        assert!(found.len() < 100, "the pages never end");
    }
    found
}

async fn texts_are_found_across_months_and_paged_without_repeats(t: TestStore) {
    let by = fixtures::user(&t, Role::Author, "Sam Searcher").await;
    let mut posts = Vec::new();
    // Newest first: today, 40 days, 400 and 700 days ago (other archive buckets).
    for (i, days_ago) in [0, 40, 400, 700].into_iter().enumerate() {
        let body = if i == 3 {
            "Lantern harbour, and a quokka."
        } else {
            "Lantern harbour."
        };
        let new = fixtures::new_post(
            &t,
            &by,
            &format!("Harbour {i}"),
            body,
            "",
            now() - Duration::days(days_ago),
            true,
        );
        posts.push(t.store.create_post(new).await.unwrap().id);
    }
    let draft = fixtures::new_post(
        &t,
        &by,
        "Draft harbour",
        "Lantern harbour quokka.",
        "",
        now(),
        false,
    );
    t.store.create_post(draft).await.unwrap();
    for limit in [1, 2, 3, 10] {
        let found = all_pages(&t, "lantern HARBOUR", limit).await;
        let distinct: std::collections::HashSet<_> = found.iter().map(|p| p.0).collect();
        assert_eq!(
            (found.len(), distinct.len()),
            (4, 4),
            "limit {limit}: {found:?}"
        );
        if t.kind == Kind::Cassandra {
            assert_eq!(found, posts, "newest first at limit {limit}");
        }
    }
    // Only the oldest has it: every bucket is read to find it, and the draft is not.
    assert_eq!(all_pages(&t, "quokka", 10).await, [posts[3]]);
    assert!(all_pages(&t, "zeppelin", 10).await.is_empty());
    let query = SearchQuery::parse("lantern").unwrap();
    for forged in [
        "",
        "x",
        "1_2_3",
        "NaN_3",
        "ffffffff-ffff-ffff-ffff-ffffffffffff_0_",
        "00000000-0000-1000-8000-000000000000_99_",
    ] {
        let refused = t.store.search(&t.site, &query, Some(forged), 10).await;
        assert!(
            matches!(refused, Err(PageError::BadCursor)),
            "{forged:?}: {refused:?}"
        );
    }
}

both_stores!(texts_are_found_across_months_and_paged_without_repeats);

/// A keyspace of the version before search: `migrate` indexes every published text, and
/// a second run changes nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn migrate_indexes_what_a_keyspace_had_before_search() {
    let keyspace = "sibyl_search_carry_test";
    let t = TestStore::cassandra_alone(keyspace).await;
    let by = fixtures::user(&t, Role::Author, "Old Writer").await;
    let mut posts = Vec::new();
    for days_ago in [0, 100] {
        let new = fixtures::new_post(
            &t,
            &by,
            "Before search",
            "Indexed later.",
            "",
            now() - Duration::days(days_ago),
            true,
        );
        posts.push(t.store.create_post(new).await.unwrap().id);
    }
    let session = scylla::client::session_builder::SessionBuilder::new()
        .known_node(crate::helpers::cassandra_node())
        .build()
        .await
        .unwrap();
    session
        .query_unpaged(format!("TRUNCATE {keyspace}.search_texts"), ())
        .await
        .unwrap();
    assert!(all_pages(&t, "indexed later", 10).await.is_empty());
    for _ in 0..2 {
        crate::helpers::migrate_from(&session, keyspace, 44).await;
    }
    assert_eq!(all_pages(&t, "indexed later", 10).await, posts);
}

/// A file of the version before search: opening it indexes every published post.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_older_sqlite_file_is_indexed_when_opened() {
    let t = TestStore::sqlite().await;
    let by = fixtures::user(&t, Role::Author, "Old Writer").await;
    let new = fixtures::new_post(&t, &by, "Before search", "Indexed later.", "", now(), true);
    let post = t.store.create_post(new).await.unwrap().id;
    let path = t.sqlite_path.clone().unwrap();
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.execute_batch(
            "DROP TABLE search_index; DROP TABLE search_docs; PRAGMA user_version = 13;",
        )
        .unwrap();
    }
    let reopened = t.another_process().await;
    assert_eq!(
        all_pages_of(reopened.as_ref(), &t, "indexed later", 10).await,
        [post]
    );
}
