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

pub async fn all_pages(t: &TestStore, words: &str, limit: usize) -> Vec<PostId> {
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
        "b2026112",
        "m",
        "mx",
        "m2026133",
        "r",
        "rNaN_1",
        "n",
        "nx",
        "1_2_3",
        "NaN_3",
        "ffffffff-ffff-ffff-ffff-ffffffffffff_0_",
        "00000000-0000-1000-8000-000000000000_99_",
        "019abcde-0000-7000-8000-000000000000_0_",
    ] {
        let refused = t.store.search(&t.site, &query, Some(forged), 10).await;
        assert!(
            matches!(refused, Err(PageError::BadCursor)),
            "{forged:?}: {refused:?}"
        );
    }
}

/// Forty posts of one half month, spread over its shards: every page size walks them
/// all once (newest first on Cassandra, whose shards are each read for a share of the
/// page first, then for more where the page needs it).
async fn a_busy_half_month_pages_newest_first_at_every_page_size(t: TestStore) {
    let by = fixtures::user(&t, Role::Author, "Busy Writer").await;
    let start = now();
    let mut posts = Vec::new();
    for i in 0..40 {
        let new = fixtures::new_post(
            &t,
            &by,
            &format!("Busy {i}"),
            "Kelp forest.",
            "",
            start - Duration::seconds(40 - i),
            true,
        );
        posts.push(t.store.create_post(new).await.unwrap().id);
    }
    posts.reverse();
    for limit in [1, 3, 10, 16, 20, 39, 40] {
        let found = all_pages(&t, "kelp forest", limit).await;
        match t.kind {
            Kind::Cassandra => assert_eq!(found, posts, "newest first at limit {limit}"),
            Kind::Sqlite => {
                let mut sorted: Vec<_> = found.iter().map(|p| p.0).collect();
                sorted.sort();
                sorted.dedup();
                assert_eq!((found.len(), sorted.len()), (40, 40), "limit {limit}");
            }
        }
    }
}

/// A word only the oldest of fourteen half months has: on Cassandra a page reads six
/// half months at most (so a request's reads are bounded), then links on to the rest.
async fn a_page_reads_a_bounded_part_of_the_archive(t: TestStore) {
    let by = fixtures::user(&t, Role::Author, "Sam Searcher").await;
    let mut oldest = None;
    for i in 0..14 {
        let body = if i == 13 {
            "Harbour quokka."
        } else {
            "Harbour."
        };
        let new = fixtures::new_post(
            &t,
            &by,
            &format!("Half month {i}"),
            body,
            "",
            now() - Duration::days(16 * i),
            true,
        );
        oldest = Some(t.store.create_post(new).await.unwrap().id);
    }
    let query = SearchQuery::parse("quokka").unwrap();
    let before = t.store.statements();
    let first = t.store.search(&t.site, &query, None, 10).await.unwrap();
    let cost = t.store.statements() - before;
    match t.kind {
        Kind::Cassandra => {
            assert!(first.hits.is_empty(), "{first:?}");
            assert!(
                first.next.is_some(),
                "the page links on to older half months"
            );
            assert_eq!(
                cost,
                1 + 6 * 16,
                "the buckets' index, then six buckets of sixteen shards"
            );
        }
        Kind::Sqlite => {
            assert_eq!(first.hits.len(), 1);
            assert_eq!(cost, 2, "how common the word is, then the page");
        }
    }
    assert_eq!(all_pages(&t, "quokka", 10).await, [oldest.unwrap()]);
    assert_eq!(all_pages(&t, "harbour", 5).await.len(), 14);
}

both_stores!(
    a_busy_half_month_pages_newest_first_at_every_page_size,
    texts_are_found_across_months_and_paged_without_repeats,
    a_page_reads_a_bounded_part_of_the_archive,
);

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
    let session = crate::helpers::cql_session().await;
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

/// A keyspace of the version whose half months had eight shards: `migrate` moves every
/// row into its post's shard of sixteen and leaves none behind, the posts are found, and
/// a second run moves nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn migrate_moves_the_search_index_into_sixteen_shards() {
    let keyspace = "sibyl_search_shards_test";
    let t = TestStore::cassandra_alone(keyspace).await;
    let by = fixtures::user(&t, Role::Author, "Old Writer").await;
    let mut posts = Vec::new();
    // Posts until two have a shard of sixteen that eight did not have.
    while posts
        .iter()
        .filter(|p: &&sibyl::domain::Post| p.id.0.as_u128() % 16 >= 8)
        .count()
        < 2
    {
        let new = fixtures::new_post(&t, &by, "Sharded", "Moved along.", "", now(), true);
        posts.push(t.store.create_post(new).await.unwrap());
        assert!(posts.len() < 64, "random ids fall in every shard");
    }
    let session = crate::helpers::cql_session().await;
    type Row = (i32, uuid::Uuid);
    let rows = || async {
        session
            .query_unpaged(
                format!("SELECT shard, post_id FROM {keyspace}.search_texts"),
                (),
            )
            .await
            .unwrap()
            .into_rows_result()
            .unwrap()
            .rows::<Row>()
            .unwrap()
            .map(|r| r.unwrap())
            .collect::<std::collections::BTreeSet<Row>>()
    };
    let sixteen = posts
        .iter()
        .map(|p| ((p.id.0.as_u128() % 16) as i32, p.id.0))
        .collect::<std::collections::BTreeSet<Row>>();
    assert_eq!(rows().await, sixteen);
    // What the earlier version wrote: each post's row in its shard of eight.
    for post in &posts {
        let old = (post.id.0.as_u128() % 8) as i32;
        let new = (post.id.0.as_u128() % 16) as i32;
        if old == new {
            continue;
        }
        let at = post.published.unwrap();
        let copied = session
            .query_unpaged(
                format!(
                    "SELECT published_id, locale, post_id, slug, title, passage_source, terms \
                     FROM {keyspace}.search_texts WHERE site = ? AND month = ? AND shard = ?"
                ),
                (t.site.as_str(), crate::helpers::half_month(at), new),
            )
            .await
            .unwrap()
            .into_rows_result()
            .unwrap()
            .rows::<(
                scylla::value::CqlTimeuuid,
                String,
                uuid::Uuid,
                String,
                String,
                String,
                Vec<String>,
            )>()
            .unwrap()
            .map(|r| r.unwrap())
            .filter(|row| row.2 == post.id.0)
            .collect::<Vec<_>>();
        assert!(!copied.is_empty());
        for (published, locale, post_id, slug, title, passage, terms) in copied {
            session
                .query_unpaged(
                    format!(
                        "INSERT INTO {keyspace}.search_texts (site, month, shard, published_id, locale, post_id, slug, title, passage_source, terms) \
                         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                    ),
                    (t.site.as_str(), crate::helpers::half_month(at), old, published, &locale, post_id, slug, title, passage, terms),
                )
                .await
                .unwrap();
            session
                .query_unpaged(
                    format!(
                        "DELETE FROM {keyspace}.search_texts WHERE site = ? AND month = ? AND shard = ? AND published_id = ? AND locale = ?"
                    ),
                    (t.site.as_str(), crate::helpers::half_month(at), new, published, &locale),
                )
                .await
                .unwrap();
        }
    }
    let eight = posts
        .iter()
        .map(|p| ((p.id.0.as_u128() % 8) as i32, p.id.0))
        .collect::<std::collections::BTreeSet<Row>>();
    assert_eq!(rows().await, eight);
    for _ in 0..2 {
        crate::helpers::migrate_from(&session, keyspace, 72).await;
        assert_eq!(rows().await, sixteen);
    }
    let mut found: Vec<_> = all_pages(&t, "moved along", 10)
        .await
        .into_iter()
        .map(|id| id.0)
        .collect();
    found.sort();
    let mut expected: Vec<_> = posts.iter().map(|p| p.id.0).collect();
    expected.sort();
    assert_eq!(found, expected, "every post is found once");
}

/// A file of the version before search: opening it indexes every published post.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_older_sqlite_file_is_indexed_when_opened() {
    let t = TestStore::sqlite().await;
    let by = fixtures::user(&t, Role::Author, "Old Writer").await;
    let new = fixtures::new_post(
        &t,
        &by,
        "Before search",
        "Indexed later.",
        "zucker, äpfel, apfel",
        now(),
        true,
    );
    let post = t.store.create_post(new).await.unwrap().id;
    let path = t.sqlite_path.clone().unwrap();
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        // Back to version 13: without the tags' sort keys (50), the accounts' languages (49), passkeys (47), the second factors and their policy (46, 45), avatars (42), the deliveries' failed attempts (41), follow requests (40), the comments' sources (39), the fediverse's blocks (38), switch (37), comments (36) and tables (35), the jobs' holders (34), the sites' administrators (33), the deletion of sites (32), the members of sites (31), the registry of sites
        // (30), the intents' attempts
        // (29), the own-images
        // setting (28), the moderation
        // lists' copies (27), follows and favorites (26, 24), pictures (25), site
        // secrets (23), subscribers (22), comments by account (21), mailed links (20, 19),
        // schedules (18), first publications (17), drafts (16), pages (15) and search (14).
        conn.execute_batch(
            "DROP TABLE ap_followers; DROP TABLE ap_outbox; DROP TABLE ap_deliveries;
             DROP TABLE ap_received; DROP TABLE ap_post_changes; DROP TABLE ap_posts;
             DROP TABLE ap_failing; DROP TABLE ap_notes; DROP TABLE ap_blocks; DROP TABLE ap_comment_sources; DROP TABLE ap_actor_settings; DROP TABLE ap_follow_requests; DROP TABLE ap_avatars;
             DROP INDEX comments_from_fediverse;
             DROP TABLE job_holders; DROP TABLE job_leases; DROP TABLE network_admins; DROP TABLE deployment_flags; DROP TABLE site_members; DROP TABLE site_hosts; DROP TABLE sites;
             ALTER TABLE intents DROP COLUMN attempts; ALTER TABLE intents DROP COLUMN error;
             ALTER TABLE intents DROP COLUMN next_try;
             ALTER TABLE site_identity DROP COLUMN own_images_only;
             ALTER TABLE site_identity DROP COLUMN fediverse_off;
             ALTER TABLE site_identity DROP COLUMN fediverse_pages;
             ALTER TABLE site_identity DROP COLUMN second_factor_for;
             DROP TABLE account_authenticators; DROP TABLE recovery_codes; DROP TABLE authenticator_steps; DROP TABLE account_passkeys; DROP TABLE webauthn_ceremonies; DROP TABLE page_changes;
             ALTER TABLE sessions DROP COLUMN kind; ALTER TABLE sessions DROP COLUMN agent;
             ALTER TABLE sessions DROP COLUMN address; ALTER TABLE sessions DROP COLUMN label;
             ALTER TABLE sessions DROP COLUMN site; ALTER TABLE sessions DROP COLUMN last_seen;
             DROP TRIGGER comments_copied_to_moderation;
             ALTER TABLE comments DROP COLUMN author_actor; ALTER TABLE moderation_queue DROP COLUMN author_actor;
             ALTER TABLE moderation_queue DROP COLUMN post_slug; ALTER TABLE moderation_queue DROP COLUMN post_title;
             ALTER TABLE moderation_queue DROP COLUMN thread; ALTER TABLE moderation_queue DROP COLUMN parent;
             ALTER TABLE moderation_queue DROP COLUMN author_id; ALTER TABLE moderation_queue DROP COLUMN author_name;
             ALTER TABLE moderation_queue DROP COLUMN author_email; ALTER TABLE moderation_queue DROP COLUMN body;
             ALTER TABLE moderation_queue DROP COLUMN body_html; ALTER TABLE moderation_queue DROP COLUMN reason;
             ALTER TABLE moderation_queue DROP COLUMN edited;
             ALTER TABLE users DROP COLUMN language;
             DROP INDEX tag_counts_in_order; ALTER TABLE tag_counts DROP COLUMN sort_key;
             ALTER TABLE users DROP COLUMN image; DROP TABLE follows; DROP TABLE favorites;
             DROP TABLE site_secrets;
             DROP TABLE deliveries; DROP TABLE mailings; DROP TABLE subscription_links; DROP TABLE subscribers;
             DROP INDEX comments_by_user; ALTER TABLE comment_settings DROP COLUMN remove_deleted;
             DROP TABLE password_resets; DROP INDEX posts_scheduled; DROP INDEX posts_drafts; ALTER TABLE posts DROP COLUMN scheduled;
             ALTER TABLE posts DROP COLUMN first_published;
             DROP TABLE search_index; DROP TABLE search_docs;
             DROP INDEX posts_pages; DROP INDEX posts_front_page; DROP INDEX posts_by_author;
             ALTER TABLE posts DROP COLUMN kind;
             CREATE INDEX posts_front_page ON posts (site, published DESC, id DESC) WHERE published IS NOT NULL;
             CREATE INDEX posts_by_author ON posts (site, author_id, published DESC, id DESC) WHERE published IS NOT NULL;
             PRAGMA user_version = 13;",
        )
        .unwrap();
    }
    let reopened = t.another_process().await;
    assert_eq!(
        all_pages_of(reopened.as_ref(), &t, "indexed later", 10).await,
        [post]
    );
    // The tags' sort keys (50) are written for the counts the file had.
    let tags = reopened.tag_counts(&t.site, None, 10).await.unwrap().tags;
    assert_eq!(
        tags.iter().map(|c| c.tag.as_str()).collect::<Vec<_>>(),
        ["apfel", "äpfel", "zucker"]
    );
}

/// Texts missing from the search index (a hand edit, a bug) are found by repair's check
/// and written again by a repair, after which the check finds nothing.
async fn repair_finds_and_restores_missing_texts(t: TestStore) {
    let by = fixtures::user(&t, Role::Author, "Rita Repairer").await;
    let new = fixtures::new_post(&t, &by, "Mended", "A lighthouse text.", "", now(), true);
    let post = t.store.create_post(new).await.unwrap();
    assert_eq!(all_pages(&t, "lighthouse", 10).await, [post.id]);
    match t.kind {
        Kind::Sqlite => {
            let conn = rusqlite::Connection::open(t.sqlite_path.as_ref().unwrap()).unwrap();
            conn.execute(
                "DELETE FROM search_docs WHERE post_id = ?1",
                [post.id.0.to_string()],
            )
            .unwrap();
        }
        Kind::Cassandra => {
            let (session, keyspace) = crate::helpers::cql(&t).await;
            let at = post.published.unwrap();
            let half = crate::helpers::half_month(at);
            let shard = (post.id.0.as_u128() % 16) as i32;
            session
                .query_unpaged(
                    format!("DELETE FROM {keyspace}.search_texts WHERE site = ? AND month = ? AND shard = ?"),
                    (t.site.as_str(), half, shard),
                )
                .await
                .unwrap();
        }
    }
    assert!(all_pages(&t, "lighthouse", 10).await.is_empty());
    let searched =
        |findings: &[String]| findings.iter().filter(|f| f.starts_with("search_")).count();
    let found = crate::contract::archive::list_findings(&t).await;
    assert_eq!(searched(&found), 1, "{found:?}");
    assert!(
        all_pages(&t, "lighthouse", 10).await.is_empty(),
        "a dry run changes nothing"
    );
    t.store.repair(&t.site, true).await.unwrap();
    assert_eq!(all_pages(&t, "lighthouse", 10).await, [post.id]);
    let again = crate::contract::archive::list_findings(&t).await;
    assert_eq!(searched(&again), 0, "{again:?}");

    // A row under the right title with other words (as an older build, or a text
    // restored from a backup, could leave it): found by its words, and indexed again.
    match t.kind {
        Kind::Sqlite => {
            let conn = rusqlite::Connection::open(t.sqlite_path.as_ref().unwrap()).unwrap();
            conn.execute_batch(&format!(
                "CREATE TEMP TABLE kept AS SELECT * FROM search_docs WHERE post_id = '{id}';
                 DELETE FROM search_docs WHERE post_id = '{id}';
                 UPDATE kept SET body_words = 'an old text';
                 INSERT INTO search_docs SELECT * FROM kept;",
                id = post.id.0
            ))
            .unwrap();
        }
        Kind::Cassandra => {
            let (session, keyspace) = crate::helpers::cql(&t).await;
            let at = post.published.unwrap();
            let half = crate::helpers::half_month(at);
            let shard = (post.id.0.as_u128() % 16) as i32;
            let (published_id,): (scylla::value::CqlTimeuuid,) = session
                .query_unpaged(
                    format!(
                        "SELECT published_id FROM {keyspace}.posts WHERE site = ? AND post_id = ?"
                    ),
                    (t.site.as_str(), post.id.0),
                )
                .await
                .unwrap()
                .into_rows_result()
                .unwrap()
                .single_row()
                .unwrap();
            session
                .query_unpaged(
                    format!("UPDATE {keyspace}.search_texts SET terms = {{'an', 'old', 'text'}} WHERE site = ? AND month = ? AND shard = ? AND published_id = ? AND locale = ''"),
                    (t.site.as_str(), half, shard, published_id),
                )
                .await
                .unwrap();
        }
    }
    assert!(all_pages(&t, "lighthouse", 10).await.is_empty());
    let found = crate::contract::archive::list_findings(&t).await;
    assert_eq!(searched(&found), 1, "{found:?}");
    t.store.repair(&t.site, true).await.unwrap();
    assert_eq!(all_pages(&t, "lighthouse", 10).await, [post.id]);
    let again = crate::contract::archive::list_findings(&t).await;
    assert_eq!(searched(&again), 0, "{again:?}");
}

both_stores!(
    repairing:
    repair_finds_and_restores_missing_texts,
);

/// On SQLite, a query that matches more than 5,000 texts is not ranked (scoring every
/// match is what costs): the most recently indexed come first, paged all the same.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_query_too_common_to_rank_lists_the_newest_first() {
    let t = TestStore::sqlite().await;
    let by = fixtures::user(&t, Role::Author, "Prolific Writer").await;
    let mut last = None;
    for i in 0..5_001 {
        let body = if i % 2 == 0 {
            "Common words, ranked or not."
        } else {
            "Common words."
        };
        let new = fixtures::new_post(&t, &by, &format!("Common {i}"), body, "", now(), true);
        last = Some(t.store.create_post(new).await.unwrap().id);
    }
    let query = SearchQuery::parse("common words").unwrap();
    let first = t.store.search(&t.site, &query, None, 10).await.unwrap();
    assert_eq!(first.hits.len(), 10);
    assert_eq!(first.hits[0].post_id, last.unwrap(), "the newest first");
    let next = first.next.expect("more pages");
    assert!(next.starts_with('n'), "{next}");
    let second = t
        .store
        .search(&t.site, &query, Some(&next), 10)
        .await
        .unwrap();
    assert_eq!(second.hits.len(), 10);
    assert!(
        second
            .hits
            .iter()
            .all(|h| first.hits.iter().all(|f| f.post_id != h.post_id))
    );
    // Rarer words are ranked.
    let ranked = t
        .store
        .search(&t.site, &SearchQuery::parse("ranked").unwrap(), None, 10)
        .await
        .unwrap();
    assert!(
        ranked.next.as_deref().is_some_and(|n| n.starts_with('r')),
        "{:?}",
        ranked.next
    );
}
