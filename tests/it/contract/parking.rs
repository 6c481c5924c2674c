//! Crash recovery that cannot stall: an intent that keeps failing is parked after a few
//! passes and the passes move on to the intents begun after it; and neither an instance
//! whose clock runs ahead (reconciling) nor one whose clock runs behind (writing) leaves
//! an intent that no pass reads. Runs in a keyspace of its own, so that the passes see
//! this test's intents only.

use crate::fixtures::{post, user};
use crate::helpers::{Kind, TestStore, cql_session};
use chrono::{DateTime, Duration, Utc};
use sibyl::app::jobs::reconciler::{Report, pass, reconcile};
use sibyl::domain::{Post, Role, now, timeuuid};
use sibyl::store::intents::PARK_AFTER;
use sibyl::store::{Intent, IntentId};
use uuid::Uuid;

const KEYSPACE: &str = "sibyl_parking_test";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite() {
    let t = TestStore::sqlite().await;
    recovery_cannot_stall(t).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cassandra() {
    let t = TestStore::cassandra_alone(KEYSPACE).await;
    recovery_cannot_stall(t).await
}

fn minute_of(at: DateTime<Utc>) -> DateTime<Utc> {
    DateTime::from_timestamp(at.timestamp() / 60 * 60, 0).unwrap()
}

/// Writes an intent's record under the store, as a process whose clock read `at` when it
/// began the write would have (and then died).
async fn recorded_at(t: &TestStore, at: DateTime<Utc>, body: &str) -> IntentId {
    let id = timeuuid::at(at);
    match t.kind {
        Kind::Sqlite => {
            let conn = rusqlite::Connection::open(t.sqlite_path.as_ref().unwrap()).unwrap();
            conn.execute(
                "INSERT INTO intents (id, begun, body) VALUES (?1, ?2, ?3)",
                (id.to_string(), at.timestamp_millis(), body),
            )
            .unwrap();
        }
        Kind::Cassandra => {
            let shard = i32::from(id.as_bytes().iter().fold(0u8, |a, b| a ^ b) % 8);
            cql_session()
                .await
                .query_unpaged(
                    format!(
                        "INSERT INTO {KEYSPACE}.intents (minute, shard, id, body, done) \
                         VALUES (?, ?, ?, ?, false)"
                    ),
                    (
                        minute_of(at),
                        shard,
                        scylla::value::CqlTimeuuid::from(id),
                        body,
                    ),
                )
                .await
                .unwrap();
        }
    }
    IntentId(id)
}

/// The deletion of `post`, recorded and never carried out: what a process that died
/// right after recording it leaves.
fn deletion_of(t: &TestStore, post: &Post) -> String {
    serde_json::to_string(&Intent::DeletePost {
        site: t.site.as_str().to_owned(),
        post: post.id.0,
    })
    .unwrap()
}

async fn exists(t: &TestStore, post: &Post) -> bool {
    t.store
        .post_by_id(&t.site, post.id)
        .await
        .unwrap()
        .is_some()
}

async fn recovery_cannot_stall(t: TestStore) {
    let author = user(&t, Role::Author, "Ada Author").await;
    // Intents that can never be finished (their site is no site), begun long before the
    // others. On Cassandra the passes read on from a cursor, here put three hours back,
    // a stretch of two hours at a time: one of the application's and one of the store's
    // own. On SQLite a pass takes the oldest 500 unfinished intents: 500 of them.
    let long_ago = now() - Duration::hours(3);
    let failing = match t.kind {
        Kind::Cassandra => {
            cql_session()
                .await
                .query_unpaged(
                    format!(
                        "INSERT INTO {KEYSPACE}.intent_cursor (scope, minute) VALUES ('reconciler', ?)"
                    ),
                    (minute_of(long_ago),),
                )
                .await
                .unwrap();
            let app = serde_json::to_string(&Intent::DeletePost {
                site: "not a site".into(),
                post: Uuid::new_v4(),
            })
            .unwrap();
            let own = format!(
                r#"{{"kind":"relist","site":"nor this","post":"{}","was":null}}"#,
                Uuid::new_v4()
            );
            vec![
                recorded_at(&t, long_ago + Duration::minutes(1), &app).await,
                recorded_at(&t, long_ago + Duration::minutes(2), &own).await,
            ]
        }
        Kind::Sqlite => {
            let mut ids = Vec::new();
            for _ in 0..500 {
                let intent = Intent::DeletePost {
                    site: "not a site".into(),
                    post: Uuid::new_v4(),
                };
                ids.push(t.store.begin(&intent).await.unwrap());
            }
            ids
        }
    };
    // A deletion begun after them, by a process that died right after recording it.
    let doomed = post(&t, &author, "Deleted by the reconciler", "Text.", "").await;
    t.store
        .begin(&Intent::DeletePost {
            site: t.site.as_str().to_owned(),
            post: doomed.id.0,
        })
        .await
        .unwrap();

    // The failing intents hold the passes back, each pass trying them again...
    for attempt in 1..PARK_AFTER {
        let report = reconcile(t.store.as_ref(), now()).await.unwrap();
        assert_eq!(report.failed, failing.len(), "pass {attempt}: {report:?}");
        assert_eq!(report.parked, 0, "pass {attempt}: {report:?}");
        assert!(exists(&t, &doomed).await, "pass {attempt}: held back");
        assert_eq!(t.store.parked().await.unwrap(), []);
    }
    // ... until they have failed PARK_AFTER passes: they are parked, and the passes move
    // on to the deletion begun after them.
    let report = reconcile(t.store.as_ref(), now()).await.unwrap();
    assert_eq!(report.parked, failing.len(), "{report:?}");
    assert_eq!(report.failed, 0, "{report:?}");
    reconcile(t.store.as_ref(), now()).await.unwrap();
    assert!(!exists(&t, &doomed).await, "the deletion was finished");

    // Operators see each parked intent: what it is, how often it failed and why.
    let parked = t.store.parked().await.unwrap();
    let mut ids: Vec<_> = parked.iter().map(|p| p.id.0).collect();
    ids.sort_by_key(|id| timeuuid::time_of(*id));
    let mut expected: Vec<_> = failing.iter().map(|id| id.0).collect();
    expected.sort_by_key(|id| timeuuid::time_of(*id));
    assert_eq!(ids, expected);
    for p in &parked {
        assert_eq!(p.attempts, PARK_AFTER, "{p:?}");
        assert!(p.error.contains("must start with http"), "{p:?}");
        assert!(p.next_try > now(), "{p:?}");
        assert!(p.next_try <= now() + Duration::minutes(1), "{p:?}");
    }
    assert!(parked.iter().any(|p| p.record.contains("delete_post")));
    let listed = sibyl::store::repair::describe_parked(&parked);
    assert!(
        listed.starts_with(&format!("{} parked writes", failing.len())),
        "{listed}"
    );
    assert!(listed.contains(&parked[0].id.0.to_string()), "{listed}");
    // Until their wait is over, a pass leaves them be and finds nothing to do.
    assert_eq!(
        reconcile(t.store.as_ref(), now()).await.unwrap(),
        Report::default()
    );

    // An instance whose clock runs half an hour ahead reconciles: it looks no further than
    // the store's clock, so a write begun afterwards by an instance on time is still ahead
    // of where the next pass starts.
    let ahead = now() + Duration::minutes(30);
    pass(t.store.as_ref(), ahead, std::time::Duration::ZERO)
        .await
        .unwrap();
    let after_it = post(&t, &author, "Deleted after a clock ran ahead", "Text.", "").await;
    t.store
        .begin(&Intent::DeletePost {
            site: t.site.as_str().to_owned(),
            post: after_it.id.0,
        })
        .await
        .unwrap();
    let report = pass(t.store.as_ref(), now(), std::time::Duration::ZERO)
        .await
        .unwrap();
    assert_eq!(report.completed, 1, "{report:?}");
    assert!(!exists(&t, &after_it).await);

    // An instance whose clock runs five minutes behind begins a deletion and dies: its
    // record lands behind where the passes have got to, and the next pass still reads it.
    let behind = post(
        &t,
        &author,
        "Deleted by a clock running behind",
        "Text.",
        "",
    )
    .await;
    recorded_at(&t, now() - Duration::minutes(5), &deletion_of(&t, &behind)).await;
    let report = pass(t.store.as_ref(), now(), std::time::Duration::ZERO)
        .await
        .unwrap();
    assert_eq!(report.completed, 1, "{report:?}");
    assert!(!exists(&t, &behind).await);
    assert_eq!(
        pass(t.store.as_ref(), now(), std::time::Duration::ZERO)
            .await
            .unwrap(),
        Report::default()
    );
}
