//! Repair: derived rows broken under the store (as a bug, a restore or a hand edit
//! would), then `repair`: a dry run reports each and changes nothing, a repair rebuilds
//! each, and a second repair finds nothing. Each store in a store of its own, since
//! repair also reads every account.

use crate::contract::comments::{comment_at, member};
use crate::fixtures::post;
use crate::helpers::{Kind, TestStore};
use sibyl::domain::{CommentState, Role, Tag};
use sibyl::store::PageAt;
use sibyl::store::RepairReport;

const KEYSPACE: &str = "sibyl_repair_test";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite() {
    repair_reports_and_rebuilds_what_disagrees(TestStore::sqlite().await).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cassandra() {
    repair_reports_and_rebuilds_what_disagrees(TestStore::cassandra_alone(KEYSPACE).await).await
}

/// The partition of a post's counters (a fold of its id's bytes, as the store does).
fn bucket_of(post: uuid::Uuid) -> i32 {
    i32::from(post.as_bytes().iter().fold(0u8, |a, b| a ^ b) % 64)
}

fn tables(report: &RepairReport) -> Vec<&'static str> {
    let mut tables: Vec<_> = report.findings.iter().map(|f| f.table).collect();
    tables.sort_unstable();
    tables
}

async fn tagged(t: &TestStore, tag: &str) -> Vec<String> {
    t.store
        .tag_page(&t.site, &Tag::parse(tag).unwrap(), None.into(), 50)
        .await
        .unwrap()
        .posts
        .into_iter()
        .map(|s| s.title)
        .collect()
}

async fn repair_reports_and_rebuilds_what_disagrees(t: TestStore) {
    let author = member(&t, Role::Author).await;
    let reader = member(&t, Role::Reader).await;
    let red = post(&t, &author, "Red post", "Text.", "red").await;
    let blue = post(&t, &author, "Blue post", "Text.", "blue").await;
    // Two pending comments made at one time (in one hour of the site's list).
    let at = sibyl::domain::now();
    let waiting = comment_at(&red, &reader, "Waiting", None, CommentState::Pending, at);
    t.store.add_comment(&t.site, &waiting).await.unwrap();
    let also = comment_at(
        &blue,
        &reader,
        "Also waiting",
        None,
        CommentState::Pending,
        at,
    );
    t.store.add_comment(&t.site, &also).await.unwrap();
    t.store
        .follow(&t.site, reader.id, author.id, at)
        .await
        .unwrap();
    assert!(
        t.store
            .favorite(&t.site, reader.id, red.id, at)
            .await
            .unwrap()
    );
    let clean = t.store.repair(&t.site, false).await.unwrap();
    assert_eq!(
        clean.findings,
        vec![],
        "a store written by Sibyl is in step"
    );
    assert_eq!((clean.posts, clean.comments), (2, 2));

    let expected = match t.kind {
        Kind::Cassandra => {
            let session = crate::helpers::cql_session().await;
            let published = |id: uuid::Uuid| {
                let session = &session;
                let site = t.site.to_string();
                async move {
                    session
                        .query_unpaged(
                            format!("SELECT published_id FROM {KEYSPACE}.posts WHERE site = ? AND post_id = ?"),
                            (site, id),
                        )
                        .await
                        .unwrap()
                        .into_rows_result()
                        .unwrap()
                        .first_row::<(scylla::value::CqlTimeuuid,)>()
                        .unwrap()
                        .0
                }
            };
            let (red_at, blue_at) = (published(red.id.0).await, published(blue.id.0).await);
            let site = t.site.as_str();
            let blue_published = blue.published.unwrap();
            let month = chrono::Datelike::year(&blue_published) * 100
                + chrono::Datelike::month(&blue_published) as i32;
            for (cql, values) in [
                (
                    format!("DELETE FROM {KEYSPACE}.front_page WHERE site = ? AND published = ?"),
                    vec![
                        scylla::value::CqlValue::Text(site.to_owned()),
                        scylla::value::CqlValue::Timeuuid(red_at),
                    ],
                ),
                (
                    format!("DELETE FROM {KEYSPACE}.short_links WHERE site = ? AND short_id = ?"),
                    vec![
                        scylla::value::CqlValue::Text(site.to_owned()),
                        scylla::value::CqlValue::BigInt(red.short_id as i64),
                    ],
                ),
            ] {
                session.query_unpaged(cql, values).await.unwrap();
            }
            session
                .query_unpaged(
                    format!(
                        "INSERT INTO {KEYSPACE}.tag_posts (site, tag, month, published, post_id, slug, title, excerpt, author_name, tags) \
                         VALUES (?, 'red', ?, ?, ?, ?, 'Blue post', '', 'x', ['blue'])"
                    ),
                    (site, month, blue_at, blue.id.0, blue.slug.as_str()),
                )
                .await
                .unwrap();
            session
                .query_unpaged(
                    format!(
                        "UPDATE {KEYSPACE}.post_comment_tallies SET approved = approved + 5 WHERE site = ? AND bucket = ? AND post_id = ?"
                    ),
                    (site, bucket_of(red.id.0), red.id.0),
                )
                .await
                .unwrap();
            session
                .query_unpaged(
                    format!(
                        "UPDATE {KEYSPACE}.tag_list SET posts = 3 WHERE site = ? AND sort_key = ? AND tag = 'blue'"
                    ),
                    (site, sibyl::domain::tag_order_key("blue")),
                )
                .await
                .unwrap();
            // A user name committed for the author, who does not have it: an hour old,
            // it is released; a minute old, it may be a rename under way, left alone.
            for (name, age) in [("stale-claim", 3600), ("fresh-claim", 60)] {
                let written =
                    (sibyl::domain::now() - chrono::Duration::seconds(age)).timestamp_micros();
                session
                    .query_unpaged(
                        format!(
                            "INSERT INTO {KEYSPACE}.claims (scope, name, owner, state) \
                             VALUES ('username', ?, ?, 'committed') USING TIMESTAMP ?"
                        ),
                        (name, author.id.0, written),
                    )
                    .await
                    .unwrap();
            }
            let key = author.username.key();
            session
                .query_unpaged(
                    format!(
                        "DELETE FROM {KEYSPACE}.user_directory_by_prefix WHERE prefix = ? AND username_key = ?"
                    ),
                    (key.chars().take(3).collect::<String>(), key.as_str()),
                )
                .await
                .unwrap();
            // The pending comments' hour out of the index, one's row in the post's list
            // gone, and a row in the spam list it is not in.
            let hour = waiting.id.time().timestamp().div_euclid(3600) as i32;
            session
                .query_unpaged(
                    format!(
                        "DELETE FROM {KEYSPACE}.moderation_hours WHERE site = ? AND state = 'pending' AND hour = ?"
                    ),
                    (site, hour),
                )
                .await
                .unwrap();
            session
                .query_unpaged(
                    format!(
                        "DELETE FROM {KEYSPACE}.post_moderation WHERE site = ? AND post_id = ? AND state = 'pending' AND id = ?"
                    ),
                    (site, red.id.0, scylla::value::CqlTimeuuid::from(waiting.id.0)),
                )
                .await
                .unwrap();
            session
                .query_unpaged(
                    format!(
                        "INSERT INTO {KEYSPACE}.moderation_lists (site, state, hour, id, post_id, post_slug, post_title, thread, author_name, body) \
                         VALUES (?, 'spam', ?, ?, ?, '', '', ?, 'x', 'Waiting')"
                    ),
                    (
                        site,
                        hour,
                        scylla::value::CqlTimeuuid::from(waiting.id.0),
                        red.id.0,
                        scylla::value::CqlTimeuuid::from(waiting.id.0),
                    ),
                )
                .await
                .unwrap();
            session
                .query_unpaged(
                    format!(
                        "INSERT INTO {KEYSPACE}.moderation_hours (site, state, hour) VALUES (?, 'spam', ?)"
                    ),
                    (site, hour),
                )
                .await
                .unwrap();
            // The reader's follow missing from the author's followers, their favorite
            // missing from their list, the author among a post's favoriters without
            // keeping it, and that post's counter off.
            let shard_of = |id: uuid::Uuid| i32::from(id.as_bytes()[15] % 16);
            for (cql, values) in [
                (
                    "DELETE FROM {KEYSPACE}.followers WHERE site = ? AND followee = ? AND shard = ? AND follower = ?",
                    (author.id.0, shard_of(reader.id.0), reader.id.0),
                ),
                (
                    "INSERT INTO {KEYSPACE}.favoriters (site, post_id, shard, user_id) VALUES (?, ?, ?, ?)",
                    (blue.id.0, shard_of(author.id.0), author.id.0),
                ),
            ] {
                let (a, b, c) = values;
                session
                    .query_unpaged(cql.replace("{KEYSPACE}", KEYSPACE), (site, a, b, c))
                    .await
                    .unwrap();
            }
            session
                .query_unpaged(
                    format!(
                        "DELETE FROM {KEYSPACE}.favorites_by_time WHERE site = ? AND user_id = ?"
                    ),
                    (site, reader.id.0),
                )
                .await
                .unwrap();
            // The author among the reader's followers without following them, and a list
            // of favorites for the author, who keeps none.
            session
                .query_unpaged(
                    format!(
                        "INSERT INTO {KEYSPACE}.followers (site, followee, shard, follower, since) VALUES (?, ?, ?, ?, '2020-01-01')"
                    ),
                    (site, reader.id.0, shard_of(author.id.0), author.id.0),
                )
                .await
                .unwrap();
            session
                .query_unpaged(
                    format!(
                        "INSERT INTO {KEYSPACE}.favorites_by_time (site, user_id, at, post_id) VALUES (?, ?, now(), ?)"
                    ),
                    (site, author.id.0, red.id.0),
                )
                .await
                .unwrap();
            session
                .query_unpaged(
                    format!(
                        "UPDATE {KEYSPACE}.favorite_counts SET favorites = favorites + 3 WHERE site = ? AND bucket = ? AND post_id = ?"
                    ),
                    (site, bucket_of(blue.id.0), blue.id.0),
                )
                .await
                .unwrap();
            vec![
                "claims",
                "favorite_counts",
                "favoriters",
                "favorites_by_time",
                "favorites_by_time",
                "followers",
                "followers",
                "front_page",
                "moderation_hours",
                "moderation_lists",
                "post_comment_tallies",
                "post_moderation",
                "short_links",
                "tag_list",
                "tag_posts",
                "user_directory_by_prefix",
            ]
        }
        Kind::Sqlite => {
            let conn = rusqlite::Connection::open(t.sqlite_path.as_ref().unwrap()).unwrap();
            let site = t.site.as_str();
            conn.execute(
                "DELETE FROM post_tags WHERE site = ?1 AND post_id = ?2",
                (site, red.id.0.to_string()),
            )
            .unwrap();
            conn.execute(
                "INSERT INTO post_tags (site, tag, post_id, published) VALUES (?1, 'red', ?2, 1)",
                (site, blue.id.0.to_string()),
            )
            .unwrap();
            conn.execute(
                "DELETE FROM moderation_queue WHERE site = ?1 AND id = ?2",
                (site, waiting.id.to_string()),
            )
            .unwrap();
            conn.execute(
                "UPDATE tag_counts SET posts = 7 WHERE site = ?1 AND tag = 'blue'",
                (site,),
            )
            .unwrap();
            // The list's copy of the other pending comment, not its row.
            conn.execute(
                "UPDATE moderation_queue SET body = 'Tampered', body_html = '<p>Tampered</p>' WHERE site = ?1 AND id = ?2",
                (site, also.id.to_string()),
            )
            .unwrap();
            vec![
                "moderation_queue",
                "moderation_queue",
                "post_tags",
                "post_tags",
                "tag_counts",
            ]
        }
    };
    let dry = t.store.repair(&t.site, false).await.unwrap();
    assert_eq!(tables(&dry), expected, "{dry:#?}");
    assert!(!dry.fixed);
    let still_broken: &[&str] = match t.kind {
        Kind::Cassandra => &["Blue post", "Red post"],
        Kind::Sqlite => &["Blue post"],
    };
    assert_eq!(
        tagged(&t, "red").await,
        still_broken,
        "a dry run changes nothing"
    );

    let fixed = t.store.repair(&t.site, true).await.unwrap();
    // Fixing goes post by post: rewriting the waiting comment's rows (its post's list
    // missed it) also takes it out of the spam list, before the site's lists are read.
    let mut expected = expected;
    if t.kind == Kind::Cassandra {
        let spam = expected.iter().position(|t| *t == "moderation_lists");
        expected.remove(spam.expect("the stray spam row was found"));
    }
    assert_eq!(tables(&fixed), expected, "{fixed:#?}");
    assert!(fixed.fixed);
    assert_eq!(
        t.store.repair(&t.site, false).await.unwrap().findings,
        vec![]
    );
    if t.kind == Kind::Cassandra {
        let claimed = |name: &'static str| {
            let store = t.store.clone();
            async move {
                let login = sibyl::domain::user::Login::parse(name).unwrap();
                store.is_claimed(&login).await.unwrap()
            }
        };
        assert!(!claimed("stale-claim").await, "released");
        assert!(claimed("fresh-claim").await, "left to the rename under way");
    }

    assert_eq!(tagged(&t, "red").await, ["Red post"]);
    let mut pending: Vec<String> = t
        .store
        .moderation_list(&t.site, CommentState::Pending, None, None, 10)
        .await
        .unwrap()
        .comments
        .into_iter()
        .map(|c| c.body.as_str().to_owned())
        .collect();
    pending.sort();
    assert_eq!(pending, ["Also waiting", "Waiting"]);
    assert_eq!(
        t.store
            .followers(&t.site, author.id, None, 10)
            .await
            .unwrap(),
        [reader.id]
    );
    assert_eq!(
        t.store
            .favorites_of(&t.site, reader.id, None, 10)
            .await
            .unwrap()
            .posts,
        [red.id]
    );
    assert_eq!(
        t.store
            .followers(&t.site, reader.id, None, 10)
            .await
            .unwrap(),
        []
    );
    assert_eq!(
        t.store
            .favorites_of(&t.site, author.id, None, 10)
            .await
            .unwrap()
            .posts,
        []
    );
    let counts = t
        .store
        .favorite_counts(&t.site, &[red.id, blue.id])
        .await
        .unwrap();
    assert_eq!(
        (counts.get(&red.id), counts.get(&blue.id)),
        (Some(&1), None)
    );
    // (Both were published within one millisecond: their order is not asserted.)
    let mut front: Vec<_> = t
        .store
        .home_page(&t.site, PageAt::Newest, 10)
        .await
        .unwrap()
        .posts
        .into_iter()
        .map(|s| s.title)
        .collect();
    front.sort();
    assert_eq!(front, ["Blue post", "Red post"]);
    assert_eq!(
        t.store
            .slug_by_short_id(&t.site, red.short_id)
            .await
            .unwrap(),
        Some(sibyl::store::ShortLink::Post(red.slug.clone()))
    );
    let counts = t
        .store
        .approved_comment_counts(&t.site, &[red.id])
        .await
        .unwrap();
    assert!(counts.iter().all(|(_, n)| *n == 0), "{counts:?}");
    let queue = t
        .store
        .moderation_list(&t.site, CommentState::Pending, None, None, 10)
        .await
        .unwrap();
    assert_eq!(queue.comments.len(), 2);
    for (state, scope, listed) in [
        (CommentState::Pending, Some(red.id), 1),
        (CommentState::Spam, None, 0),
        (CommentState::Spam, Some(red.id), 0),
    ] {
        let list = t
            .store
            .moderation_list(&t.site, state, scope, None, 10)
            .await
            .unwrap();
        assert_eq!(list.comments.len(), listed, "{state:?} {scope:?}");
    }
    let shelf = sibyl::domain::user::shelf_of(&author.username.key());
    let entries = t.store.user_directory(shelf, None, 1000).await.unwrap();
    assert!(entries.iter().any(|e| e.id == author.id));
}

/// The short links of `posts` deleted, as a bug or a hand edit would.
async fn drop_short_links(
    session: &scylla::client::session::Session,
    site: &str,
    posts: &[&sibyl::domain::Post],
) {
    for post in posts {
        session
            .query_unpaged(
                format!(
                    "DELETE FROM {RESUME_KEYSPACE}.short_links WHERE site = ? AND short_id = ?"
                ),
                (site, post.short_id as i64),
            )
            .await
            .unwrap();
    }
}

const RESUME_KEYSPACE: &str = "sibyl_repair_resume_test";

/// A watch that keeps every checkpoint a repair reached.
#[derive(Default)]
struct Recorder {
    reached: std::sync::Mutex<Vec<sibyl::store::repair::Checkpoint>>,
}

impl sibyl::store::repair::Watch for Recorder {
    fn found(&self, _: sibyl::store::repair::Finding) {}
    fn failed(&self, _: String) {}
    fn progress(&self, _: &'static str, _: u64) {}
    fn reached(&self, checkpoint: &sibyl::store::repair::Checkpoint) {
        self.reached.lock().unwrap().push(checkpoint.clone());
    }
}

/// A post whose row cannot be read (a revision number out of range) is reported as not checked,
/// and the repair carries on with every other post and table; a repair resumed from a
/// checkpoint in the posts' pass checks only the posts after it (by token), then every
/// later pass; a checkpoint of another site is refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_repair_carries_on_past_what_it_cannot_read_and_resumes_where_it_stopped() {
    use sibyl::store::repair::{Checkpoint, Collect};
    let t = TestStore::cassandra_alone(RESUME_KEYSPACE).await;
    let session = crate::helpers::cql_session().await;
    let site = t.site.as_str();
    let author = member(&t, Role::Author).await;
    let mut posts = Vec::new();
    for n in 0..3 {
        posts.push(post(&t, &author, &format!("Post {n}"), "Text.", "shared").await);
    }
    // A revision number no post can have: its row no longer reads as a post (nothing
    // any list copies is changed).
    let bad = &posts[0];
    let set_revision = |revision: i32| {
        let session = &session;
        async move {
            session
                .query_unpaged(
                    format!("UPDATE {RESUME_KEYSPACE}.posts SET revision = ? WHERE site = ? AND post_id = ?"),
                    (revision, site, bad.id.0),
                )
                .await
                .unwrap();
        }
    };
    set_revision(-1).await;
    drop_short_links(&session, site, &[&posts[1], &posts[2]]).await;
    session
        .query_unpaged(
            format!("UPDATE {RESUME_KEYSPACE}.tag_list SET posts = 9 WHERE site = ? AND sort_key = ? AND tag = 'shared'"),
            (site, sibyl::domain::tag_order_key("shared")),
        )
        .await
        .unwrap();

    let watch = Collect::default();
    let report = t
        .store
        .repair_from(&t.site, false, None, &watch)
        .await
        .unwrap();
    let failures = watch.failures.into_inner().unwrap();
    // The post, and its counter bucket's sums, which lack it: left unchecked, not fixed.
    assert_eq!(failures.len(), 2, "{failures:?}");
    assert!(failures[0].contains(&bad.id.0.to_string()), "{failures:?}");
    assert!(
        failures[1].contains("comment counts of bucket"),
        "{failures:?}"
    );
    let mut found: Vec<_> = watch
        .findings
        .into_inner()
        .unwrap()
        .into_iter()
        .map(|f| f.table)
        .collect();
    found.sort_unstable();
    assert_eq!(found, ["short_links", "short_links", "tag_list"]);
    assert_eq!((report.posts, report.found, report.errors), (2, 3, 2));
    let refused = t
        .store
        .repair(&t.site, false)
        .await
        .unwrap_err()
        .to_string();
    assert!(refused.contains("could not be checked"), "{refused}");

    // The row mended; a repair resumed after the second post in token order checks
    // the third alone among the posts, and the tags' counts after them.
    set_revision(bad.revision as i32).await;
    drop_short_links(&session, site, &[&posts[0], &posts[1], &posts[2]]).await;
    let mut tokens = Vec::new();
    for p in &posts {
        let (token,): (i64,) = session
            .query_unpaged(
                format!("SELECT token(site, post_id) FROM {RESUME_KEYSPACE}.posts WHERE site = ? AND post_id = ?"),
                (site, p.id.0),
            )
            .await
            .unwrap()
            .into_rows_result()
            .unwrap()
            .first_row()
            .unwrap();
        tokens.push((token, p.id.0));
    }
    tokens.sort();
    // Where a whole run had got to when its posts' pass ended (its sums and newest
    // posts), taken back to just after the second post.
    let recorder = Recorder::default();
    t.store
        .repair_from(&t.site, false, None, &recorder)
        .await
        .unwrap();
    let passed = recorder
        .reached
        .into_inner()
        .unwrap()
        .into_iter()
        .find(|c| c.phase == "tags" && c.after.is_none())
        .expect("a checkpoint as the tags' pass began");
    assert_eq!(passed.newest.len(), 3);
    let checkpoint = Checkpoint {
        phase: "posts".into(),
        after: Some(tokens[1].0),
        posts: 2,
        ..passed
    };
    let watch = Collect::default();
    let report = t
        .store
        .repair_from(&t.site, false, Some(checkpoint.clone()), &watch)
        .await
        .unwrap();
    let findings = watch.findings.into_inner().unwrap();
    let tables: Vec<_> = findings.iter().map(|f| f.table).collect();
    assert_eq!(tables, ["short_links", "tag_list"], "{findings:?}");
    assert!(
        findings[0].what.contains(&tokens[2].1.to_string()),
        "{findings:?}"
    );
    assert_eq!((report.posts, report.errors), (3, 0));

    // From the start, all three are found.
    let watch = Collect::default();
    t.store
        .repair_from(&t.site, false, None, &watch)
        .await
        .unwrap();
    let short: Vec<_> = watch
        .findings
        .into_inner()
        .unwrap()
        .into_iter()
        .filter(|f| f.table == "short_links")
        .collect();
    assert_eq!(short.len(), 3, "{short:?}");

    let other = Checkpoint {
        site: "https://another.example".into(),
        ..checkpoint
    };
    let refused = t
        .store
        .repair_from(&t.site, false, Some(other), &Collect::default())
        .await
        .unwrap_err()
        .to_string();
    assert!(refused.contains("not of this one"), "{refused}");
}
