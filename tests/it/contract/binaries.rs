//! The binary service's contract on both stores: chunked storage, deduplication under a
//! race, the collector and its race with new references, limits and bad images.

use crate::both_stores;
use crate::fixtures::{jpeg, png, png_bomb, random_bytes};
use crate::helpers::TestStore;
use bytes::Bytes;
use futures_util::stream;
use sibyl::binaries::collector::{CollectorConfig, collect};
use sibyl::binaries::service::{Ingested, Upload};
use sibyl::binaries::{
    Binaries, BinaryLimits, CHUNK_SIZE, Context, IngestError, Life, OriginalId, Status,
};
use sibyl::domain::{PostId, UserId};
use std::time::Duration;
use uuid::Uuid;

/// The collector is global (one binary store serves every site), and the Cassandra tests
/// share a keyspace: tests that run it, or that expect an unreferenced original to wait
/// for its grace, take turns.
pub(super) static COLLECTING: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

pub(super) fn service(store: &TestStore) -> Binaries {
    Binaries::new(store.store.binaries(), BinaryLimits::default())
}

pub(super) fn upload(store: &TestStore, owner: UserId, name: &str) -> Upload {
    Upload {
        site: store.site.clone(),
        context: Context::post(PostId(Uuid::new_v4())),
        owner,
        name: name.into(),
    }
}

/// A body arriving in pieces of the given sizes, cycling.
pub(super) fn body(
    data: &[u8],
    pieces: &[usize],
) -> impl futures_util::Stream<Item = Result<Bytes, std::io::Error>> + Unpin + use<> {
    let mut parts = Vec::new();
    let mut at = 0;
    let mut i = 0;
    while at < data.len() {
        let n = pieces[i % pieces.len()].max(1).min(data.len() - at);
        parts.push(Ok(Bytes::copy_from_slice(&data[at..at + n])));
        at += n;
        i += 1;
    }
    stream::iter(parts)
}

pub(super) async fn ingest(service: &Binaries, up: Upload, data: &[u8]) -> Ingested {
    service.ingest(up, body(data, &[7919])).await.unwrap()
}

pub(super) async fn chunks_left(service: &Binaries, id: OriginalId, upto: u32) -> usize {
    let mut left = 0;
    for part in 0..upto {
        if service.store.chunk(id, part).await.unwrap().is_some() {
            left += 1;
        }
    }
    left
}

async fn chunks_reassemble_to_the_original_for_any_size(store: TestStore) {
    use proptest::prelude::*;
    use proptest::test_runner::{Config, TestRunner};
    let service = service(&store);
    let owner = UserId(Uuid::new_v4());
    let handle = tokio::runtime::Handle::current();
    let sizes = prop_oneof![
        Just(0usize),
        Just(1),
        Just(CHUNK_SIZE - 1),
        Just(CHUNK_SIZE),
        Just(CHUNK_SIZE + 1),
        Just(2 * CHUNK_SIZE),
        Just(3 * CHUNK_SIZE - 1),
        0..3 * CHUNK_SIZE + 10,
    ];
    let case = (
        sizes,
        any::<u64>(),
        proptest::collection::vec(1usize..CHUNK_SIZE + 100, 1..4),
        any::<(u64, u64)>(),
    );
    let mut runner = TestRunner::new(Config {
        cases: 24,
        failure_persistence: None,
        ..Config::default()
    });
    let result = tokio::task::block_in_place(|| {
        runner.run(&case, |(size, seed, pieces, (a, b))| {
            handle.block_on(async {
                let data = random_bytes(size, seed);
                let stored = service
                    .ingest(upload(&store, owner, "data.bin"), body(&data, &pieces))
                    .await
                    .unwrap();
                let original = stored.original;
                prop_assert_eq!(original.size, size as u64);
                prop_assert_eq!(original.parts() as usize, size.div_ceil(CHUNK_SIZE));
                prop_assert_eq!(original.status, Status::Ok);
                let back = service.read_all(&original).await.unwrap();
                prop_assert!(back == data, "{} bytes did not come back whole", size);
                if size > 0 {
                    let (start, end) = {
                        let (x, y) = ((a % size as u64), (b % size as u64));
                        (x.min(y), x.max(y) + 1)
                    };
                    let mut piece = Vec::new();
                    let mut s = Box::pin(service.read_range(&original, start, end));
                    use futures_util::StreamExt;
                    while let Some(p) = s.next().await {
                        piece.extend_from_slice(&p.unwrap());
                    }
                    prop_assert!(piece == data[start as usize..end as usize]);
                }
                Ok(())
            })
        })
    });
    result.unwrap();
}

async fn the_same_bytes_uploaded_50_times_at_once_are_stored_once(store: TestStore) {
    let _turn = COLLECTING.lock().await;
    let service = service(&store);
    let image = png(64, 48, 7);
    let owner = UserId(Uuid::new_v4());
    let context = Context::post(PostId(Uuid::new_v4()));
    let mut tasks = Vec::new();
    for i in 0..50 {
        let service = service.clone();
        let image = image.clone();
        let up = Upload {
            site: store.site.clone(),
            context: context.clone(),
            owner,
            name: format!("photo-{i}.png"),
        };
        tasks.push(tokio::spawn(async move {
            service.ingest(up, body(&image, &[1000])).await
        }));
    }
    let mut results = Vec::new();
    for task in tasks {
        results.push(task.await.unwrap().unwrap());
    }
    let original = results[0].original.id;
    assert!(results.iter().all(|r| r.original.id == original));
    let references: std::collections::HashSet<_> =
        results.iter().map(|r| r.reference.id.clone()).collect();
    assert_eq!(references.len(), 50);
    assert_eq!(results.iter().filter(|r| !r.deduplicated).count(), 1);
    assert_eq!(
        service
            .store
            .references_to(original, None, 1000)
            .await
            .unwrap()
            .len(),
        50
    );
    // Paged by id, 7 at a time: every reference once, in order.
    let mut walked: Vec<sibyl::binaries::RefId> = Vec::new();
    loop {
        let page = service
            .store
            .references_to(original, walked.last(), 7)
            .await
            .unwrap();
        assert!(page.len() <= 7);
        let done = page.len() < 7;
        walked.extend(page);
        if done {
            break;
        }
    }
    assert!(walked.windows(2).all(|w| w[0].as_str() < w[1].as_str()));
    let walked: std::collections::HashSet<_> = walked.into_iter().collect();
    assert_eq!(walked, references);
    assert!(service.store.is_referenced(original).await.unwrap());
    assert_eq!(
        service
            .store
            .references_in(&store.site, &context)
            .await
            .unwrap()
            .len(),
        50
    );
    assert_eq!(
        service.store.life(original).await.unwrap(),
        Some(Life::Live)
    );
    assert_eq!(
        service.store.usage(owner).await.unwrap(),
        50 * image.len() as i64
    );
    // The 49 copies removed themselves; a collector pass leaves the kept one alone.
    collect(
        &*service.store,
        &CollectorConfig {
            grace: Duration::ZERO,
            upload_grace: Duration::from_secs(3600),
            ..Default::default()
        },
        sibyl::domain::now(),
    )
    .await
    .unwrap();
    assert_eq!(service.read_all(&results[0].original).await.unwrap(), image);
    let renditions = service.store.rendition(original, "116x87").await.unwrap();
    assert_eq!(renditions.map(|r| (r.width, r.height)), Some((64, 48)));
}

async fn size_limits_refuse_clearly_and_keep_nothing(store: TestStore) {
    let service = Binaries::new(
        store.store.binaries(),
        BinaryLimits {
            max_file: 3 * CHUNK_SIZE as u64,
            max_per_user: 4 * CHUNK_SIZE as u64,
            ..Default::default()
        },
    );
    let owner = UserId(Uuid::new_v4());
    let big = random_bytes(3 * CHUNK_SIZE + 1, 9);
    let err = service
        .ingest(upload(&store, owner, "big.bin"), body(&big, &[100_000]))
        .await
        .unwrap_err();
    assert!(
        matches!(&err, IngestError::TooLarge(m) if m.contains("at most 768 KiB")),
        "{err}"
    );
    assert_eq!(service.store.usage(owner).await.unwrap(), 0);
    let fits = random_bytes(3 * CHUNK_SIZE, 10);
    ingest(&service, upload(&store, owner, "a.bin"), &fits).await;
    let more = random_bytes(CHUNK_SIZE + 1, 11);
    let err = service
        .ingest(upload(&store, owner, "b.bin"), body(&more, &[4096]))
        .await
        .unwrap_err();
    assert!(
        matches!(&err, IngestError::Quota(m) if m.contains("used")),
        "{err}"
    );
    assert_eq!(
        service.store.usage(owner).await.unwrap(),
        3 * CHUNK_SIZE as i64
    );
}

/// Simultaneous uploads by one author never take more than the quota together: of 8
/// uploads of 3 chunks each against a quota of 10 chunks, at most 3 are stored, what the
/// refused ones took is given back, and the count equals what is stored.
async fn simultaneous_uploads_never_overshoot_the_quota(store: TestStore) {
    let service = Binaries::new(
        store.store.binaries(),
        BinaryLimits {
            max_file: 4 * CHUNK_SIZE as u64,
            max_per_user: 10 * CHUNK_SIZE as u64,
            ..Default::default()
        },
    );
    let owner = UserId(Uuid::new_v4());
    let uploads: Vec<_> = (0..8u64)
        .map(|i| {
            let service = service.clone();
            let up = upload(&store, owner, "part.bin");
            let data = random_bytes(3 * CHUNK_SIZE, 9100 + i);
            tokio::spawn(async move { service.ingest(up, body(&data, &[65536])).await })
        })
        .collect();
    let mut stored = 0u64;
    let mut refused = 0;
    for task in uploads {
        match task.await.unwrap() {
            Ok(ingested) => {
                assert_eq!(ingested.original.size, 3 * CHUNK_SIZE as u64);
                stored += ingested.original.size;
            }
            Err(IngestError::Quota(message)) => {
                assert!(message.contains("2.5 MiB"), "{message}");
                refused += 1;
            }
            Err(other) => panic!("{other}"),
        }
    }
    eprintln!(
        "quota race: {} stored, {refused} refused",
        stored / (3 * CHUNK_SIZE as u64)
    );
    assert!(stored <= 10 * CHUNK_SIZE as u64, "the quota was overshot");
    assert_eq!(service.store.usage(owner).await.unwrap(), stored as i64);
    // What the refused ones took was given back: what is left of the quota is usable.
    if stored <= 7 * CHUNK_SIZE as u64 {
        let data = random_bytes(3 * CHUNK_SIZE, 9200);
        ingest(&service, upload(&store, owner, "after.bin"), &data).await;
        assert_eq!(
            service.store.usage(owner).await.unwrap(),
            (stored + 3 * CHUNK_SIZE as u64) as i64
        );
    }
}

/// The admins' list: a site's files newest first, a page at a time from a cursor, and
/// a removed file gone from it.
async fn a_sites_files_are_listed_newest_first_a_page_at_a_time(store: TestStore) {
    let service = service(&store);
    let owner = UserId(Uuid::new_v4());
    let mut references = Vec::new();
    for i in 0..5u64 {
        let data = random_bytes(100, 9300 + i);
        let mut stored = ingest(&service, upload(&store, owner, "f.bin"), &data).await;
        // Distinct times 40 days apart (months apart, with a month between that has no
        // files), two of them equal (the reference id breaks the tie).
        service
            .store
            .remove_reference(&stored.reference)
            .await
            .unwrap();
        stored.reference.created = chrono::DateTime::from_timestamp_millis(
            1_790_000_000_000 + (i.min(3) as i64) * 40 * 86_400_000,
        )
        .unwrap();
        service
            .store
            .add_reference(&stored.reference)
            .await
            .unwrap();
        references.push(stored.reference);
    }
    let mut expected = references.clone();
    expected.sort_by(|a, b| b.created.cmp(&a.created).then(b.id.cmp(&a.id)));
    let mut seen = Vec::new();
    let mut after = None;
    loop {
        let page = service
            .store
            .files_of_site(&store.site, after, 2)
            .await
            .unwrap();
        assert!(page.len() <= 2);
        let Some(last) = page.last() else { break };
        after = Some((last.created, last.id.clone()));
        seen.extend(page.iter().map(|r| r.id.clone()));
    }
    assert_eq!(
        seen,
        expected.iter().map(|r| r.id.clone()).collect::<Vec<_>>()
    );
    service.remove(&expected[1], "test").await.unwrap();
    let first = service
        .store
        .files_of_site(&store.site, None, 10)
        .await
        .unwrap();
    assert_eq!(first.len(), 4);
    assert!(first.iter().all(|r| r.id != expected[1].id));
    assert_eq!(first[0].name, "f.bin");
}

async fn bad_images_are_stored_as_errors_with_the_reason(store: TestStore) {
    let service = service(&store);
    let owner = UserId(Uuid::new_v4());
    let full = jpeg(300, 200);
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("bomb.png", png_bomb(), "100000×100000"),
        (
            "cut.jpg",
            full[..full.len() / 2].to_vec(),
            "truncated or corrupt",
        ),
        (
            "photo.jpg",
            png(20, 20, 1),
            "named as image/jpeg but its content is image/png",
        ),
        (
            "logo.png",
            b"<svg xmlns='http://www.w3.org/2000/svg'/>".to_vec(),
            "content is image/svg+xml",
        ),
    ];
    for (name, data, reason) in cases {
        let started = std::time::Instant::now();
        let stored = ingest(&service, upload(&store, owner, name), &data).await;
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "{name} stalled"
        );
        assert_eq!(stored.original.status, Status::Error, "{name}");
        let error = stored.original.error.clone().unwrap_or_default();
        assert!(error.contains(reason), "{name}: {error}");
        assert_eq!(stored.original.size, 0, "{name}: no bytes are kept");
        let log = service
            .store
            .log_of_context(&store.site, &stored.reference.context)
            .await
            .unwrap();
        assert!(
            log.iter().any(|l| l.message.contains(reason)),
            "{name}: {log:?}"
        );
    }
    // A good image next to them is fine, with its size and renditions.
    let stored = ingest(&service, upload(&store, owner, "ok.jpg"), &full).await;
    assert_eq!(stored.original.status, Status::Ok);
    assert_eq!(stored.original.mime, "image/jpeg");
    assert_eq!(
        (stored.original.width, stored.original.height),
        (Some(300), Some(200))
    );
    let r = service
        .store
        .rendition(stored.original.id, "140x105")
        .await
        .unwrap()
        .unwrap();
    assert_eq!((r.width, r.height), (140, 93));
}

async fn removing_a_context_drops_its_references_and_logs_it(store: TestStore) {
    let service = service(&store);
    let owner = UserId(Uuid::new_v4());
    let up = upload(&store, owner, "one.txt");
    let context = up.context.clone();
    let a = ingest(&service, up.clone(), b"first file").await;
    let b = ingest(
        &service,
        Upload {
            name: "two.txt".into(),
            ..up
        },
        b"second file",
    )
    .await;
    assert_eq!(a.original.mime, "text/plain");
    let removed = service
        .remove_context(&store.site, &context, "post deleted")
        .await
        .unwrap();
    assert_eq!(removed, 2);
    assert!(
        service
            .store
            .references_in(&store.site, &context)
            .await
            .unwrap()
            .is_empty()
    );
    assert!(
        service
            .store
            .reference(&a.reference.id)
            .await
            .unwrap()
            .is_none()
    );
    assert!(!service.store.is_referenced(b.original.id).await.unwrap());
    let log = service
        .store
        .log_of_context(&store.site, &context)
        .await
        .unwrap();
    let messages: Vec<&str> = log.iter().map(|l| l.message.as_str()).collect();
    assert_eq!(messages.len(), 4, "{messages:?}");
    assert!(messages[0].starts_with("stored one.txt"), "{messages:?}");
    assert!(messages[3].contains("post deleted"), "{messages:?}");
    assert!(log.windows(2).all(|w| w[0].time() <= w[1].time()));
}

both_stores!(
    chunks_reassemble_to_the_original_for_any_size,
    the_same_bytes_uploaded_50_times_at_once_are_stored_once,
    size_limits_refuse_clearly_and_keep_nothing,
    simultaneous_uploads_never_overshoot_the_quota,
    a_sites_files_are_listed_newest_first_a_page_at_a_time,
    bad_images_are_stored_as_errors_with_the_reason,
    removing_a_context_drops_its_references_and_logs_it,
    a_log_shows_its_newest_lines_in_time_order,
    a_post_holds_at_most_its_files,
);

/// A post holds at most `max_files_per_post` files: the next upload to it is refused
/// with the reason, stores nothing and counts nothing against its owner, while another
/// post still takes files.
async fn a_post_holds_at_most_its_files(store: TestStore) {
    let service = Binaries::new(
        store.store.binaries(),
        BinaryLimits {
            max_files_per_post: 2,
            ..Default::default()
        },
    );
    let owner = UserId(Uuid::new_v4());
    let post = upload(&store, owner, "0.bin");
    for (name, seed) in [("0.bin", 21), ("1.bin", 22)] {
        let up = Upload {
            name: name.into(),
            ..post.clone()
        };
        ingest(&service, up, &random_bytes(100, seed)).await;
    }
    let used = service.store.usage(owner).await.unwrap();
    let third = Upload {
        name: "2.bin".into(),
        ..post.clone()
    };
    let err = service
        .ingest(third, body(&random_bytes(100, 23), &[50]))
        .await
        .unwrap_err();
    assert!(
        matches!(&err, IngestError::TooMany(m) if m.contains("at most 2 files")),
        "{err}"
    );
    assert_eq!(service.store.usage(owner).await.unwrap(), used);
    let held = service
        .store
        .references_in(&store.site, &post.context)
        .await
        .unwrap();
    assert_eq!(held.len(), 2);
    ingest(
        &service,
        upload(&store, owner, "other.bin"),
        &random_bytes(100, 24),
    )
    .await;
}

/// A file's log and its post's log show their newest `LOG_LINES` lines, oldest of those
/// first; on Cassandra every line expires after `LOG_DAYS` (its TTL).
async fn a_log_shows_its_newest_lines_in_time_order(store: TestStore) {
    use sibyl::store::binaries::{LOG_DAYS, LOG_LINES};
    let service = service(&store);
    let stored = ingest(
        &service,
        upload(&store, UserId(Uuid::new_v4()), "log.txt"),
        b"log",
    )
    .await;
    let reference = stored.reference;
    for i in 0..LOG_LINES + 5 {
        service
            .store
            .log(&reference, &format!("line {i}"))
            .await
            .unwrap();
    }
    let expected: Vec<String> = (5..LOG_LINES + 5).map(|i| format!("line {i}")).collect();
    let of_file = service.store.log_of_reference(&reference.id).await.unwrap();
    let messages: Vec<String> = of_file.iter().map(|l| l.message.clone()).collect();
    assert_eq!(messages, expected);
    let of_post = service
        .store
        .log_of_context(&store.site, &reference.context)
        .await
        .unwrap();
    let messages: Vec<String> = of_post.iter().map(|l| l.message.clone()).collect();
    assert_eq!(
        messages, expected,
        "the upload's own line is older than these"
    );
    if store.kind == crate::helpers::Kind::Cassandra {
        let session = crate::helpers::cql_session().await;
        for (table, key) in [
            ("binary_log", "reference_id = ?"),
            ("binary_log_by_context", "site = ? AND context = ?"),
        ] {
            let cql = format!(
                "SELECT TTL(message) FROM {}.{table} WHERE {key} LIMIT 1",
                crate::helpers::TEST_KEYSPACE
            );
            let values: Vec<String> = if table == "binary_log" {
                vec![reference.id.as_str().to_owned()]
            } else {
                vec![
                    store.site.as_str().to_owned(),
                    reference.context.as_str().to_owned(),
                ]
            };
            let (ttl,): (Option<i32>,) = session
                .query_unpaged(cql, values)
                .await
                .unwrap()
                .into_rows_result()
                .unwrap()
                .first_row()
                .unwrap();
            let ttl = i64::from(ttl.expect("a TTL"));
            let full = LOG_DAYS * 24 * 3600;
            assert!(ttl <= full && ttl > full - 3600, "{table}: {ttl}");
        }
    }
}

/// A keyspace of an earlier version, whose list of files was by reference id: `migrate`
/// copies it into the list newest first from the references, and drops it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn migrate_carries_the_list_of_files_over() {
    use sibyl::store::{self, StoreOptions};
    let keyspace = "sibyl_carry_over_test";
    let (url, session, _keyspace) = crate::helpers::own_keyspace(keyspace).await;
    // What the earlier version had: the list by id, and a reference it names.
    session
        .query_unpaged(
            format!(
                "CREATE TABLE {keyspace}.binary_refs_by_site (site text, reference_id text, \
                 original_id uuid, context text, name text, owner uuid, created timestamp, \
                 size bigint, PRIMARY KEY (site, reference_id))"
            ),
            (),
        )
        .await
        .unwrap();
    let opened = store::open(&url, StoreOptions::default()).await.unwrap();
    let site = sibyl::domain::Site::parse("https://carried.example").unwrap();
    let reference = sibyl::binaries::Reference {
        id: sibyl::binaries::RefId::new(),
        original: OriginalId::new(),
        site: site.clone(),
        context: Context::post(PostId(Uuid::new_v4())),
        name: "old.png".into(),
        owner: UserId(Uuid::new_v4()),
        created: chrono::DateTime::from_timestamp_millis(1_780_000_000_000).unwrap(),
        size: 123,
        url: None,
    };
    opened.binaries().add_reference(&reference).await.unwrap();
    for table in ["binary_files_by_month", "binary_file_months"] {
        session
            .query_unpaged(format!("TRUNCATE {keyspace}.{table}"), ())
            .await
            .unwrap();
    }
    for id in [reference.id.as_str(), "0000000000000000"] {
        session
            .query_unpaged(
                format!(
                    "INSERT INTO {keyspace}.binary_refs_by_site (site, reference_id) VALUES (?, ?)"
                ),
                (site.as_str(), id),
            )
            .await
            .unwrap();
    }
    assert!(
        opened
            .binaries()
            .files_of_site(&site, None, 10)
            .await
            .unwrap()
            .is_empty()
    );
    // A keyspace at the version before the list newest first.
    crate::helpers::migrate_from(&session, keyspace, 7).await;
    let listed = opened
        .binaries()
        .files_of_site(&site, None, 10)
        .await
        .unwrap();
    assert_eq!(listed, vec![reference]);
    assert!(
        !crate::helpers::table_exists(&session, keyspace, "binary_refs_by_site").await,
        "the old list is dropped"
    );
}

/// A keyspace whose list of files was one partition a site (`binary_files_by_site`):
/// `migrate` copies it into the months the files were uploaded in, the list pages across
/// them newest first, and the old table is dropped.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn migrate_carries_the_list_of_files_into_months() {
    use sibyl::store::{self, StoreOptions};
    let keyspace = "sibyl_files_by_month_test";
    let (url, session, _keyspace) = crate::helpers::own_keyspace(keyspace).await;
    session
        .query_unpaged(
            format!(
                "CREATE TABLE {keyspace}.binary_files_by_site (site text, created timestamp, \
                 reference_id text, original_id uuid, context text, name text, owner uuid, \
                 size bigint, url text, PRIMARY KEY ((site), created, reference_id)) \
                 WITH CLUSTERING ORDER BY (created DESC, reference_id DESC)"
            ),
            (),
        )
        .await
        .unwrap();
    let opened = store::open(&url, StoreOptions::default()).await.unwrap();
    let site = sibyl::domain::Site::parse("https://months.example").unwrap();
    let mut references = Vec::new();
    for days in [0i64, 3, 45, 200, 201] {
        let reference = sibyl::binaries::Reference {
            id: sibyl::binaries::RefId::new(),
            original: OriginalId::new(),
            site: site.clone(),
            context: Context::post(PostId(Uuid::new_v4())),
            name: format!("file-{days}.png"),
            owner: UserId(Uuid::new_v4()),
            created: chrono::DateTime::from_timestamp_millis(1_780_000_000_000 - days * 86_400_000)
                .unwrap(),
            size: 100 + days as u64,
            url: None,
        };
        session
            .query_unpaged(
                format!(
                    "INSERT INTO {keyspace}.binary_files_by_site (site, created, reference_id, original_id, context, name, owner, size) \
                     VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
                ),
                (
                    site.as_str(),
                    reference.created,
                    reference.id.as_str(),
                    reference.original.0,
                    reference.context.as_str(),
                    reference.name.as_str(),
                    reference.owner.0,
                    reference.size as i64,
                ),
            )
            .await
            .unwrap();
        references.push(reference);
    }
    let walk = || async {
        let mut seen = Vec::new();
        let mut after = None;
        loop {
            let page = opened
                .binaries()
                .files_of_site(&site, after, 2)
                .await
                .unwrap();
            let Some(last) = page.last() else { break };
            after = Some((last.created, last.id.clone()));
            seen.extend(page);
        }
        seen
    };
    assert!(walk().await.is_empty());
    // Twice: a second migration finds nothing left to copy and changes nothing.
    for _ in 0..2 {
        crate::helpers::migrate_from(&session, keyspace, 34).await;
    }
    assert_eq!(walk().await, references);
    assert!(
        !crate::helpers::table_exists(&session, keyspace, "binary_files_by_site").await,
        "the old list is dropped"
    );
}

/// A change of a file's state whose LWT ran but whose answer was lost (each way an
/// answer is lost), or answered "not applied" though it took effect (as a coordinator
/// answers that completed its own earlier proposal when it retried its Paxos round), is
/// settled by a serial read of what this writer wanted: the change counts as made, and a
/// change the row truly refused stays refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_files_lwt_whose_answer_was_lost_or_false_is_settled() {
    use sibyl::binaries::Claim;
    use sibyl::store::{Fault, LostAnswer, StoreOptions};
    let options = StoreOptions::default();
    let faults = options.faults.clone();
    let t = TestStore::cassandra_with(options).await;
    let store = t.store.binaries();
    let mut kinds: Vec<Fault> = LostAnswer::ALL.map(Fault::LostLwtAnswer).into();
    kinds.push(Fault::LwtFalselyNotApplied);
    for fault in kinds {
        let id = OriginalId(Uuid::new_v4());
        faults.arm(fault);
        let made = store.set_life(id, None, Some(Life::Live)).await.unwrap();
        assert!(!faults.fires(fault), "{fault:?} fired");
        assert!(made, "{fault:?}: the file's row was made");
        assert_eq!(store.life(id).await.unwrap(), Some(Life::Live));
        let (ours, theirs) = (
            Claim::new(sibyl::domain::now()),
            Claim::new(sibyl::domain::now()),
        );
        faults.arm(fault);
        let claimed = store
            .set_life(id, Some(Life::Live), Some(Life::Deleting(ours)))
            .await
            .unwrap();
        assert!(!faults.fires(fault), "{fault:?} fired");
        assert!(claimed, "{fault:?}: the claim was taken");
        faults.arm(fault);
        let refused = store
            .set_life(id, Some(Life::Live), Some(Life::Deleting(theirs)))
            .await
            .unwrap();
        assert!(!faults.fires(fault), "{fault:?} fired");
        assert!(!refused, "{fault:?}: a second claim is refused");
        assert_eq!(store.life(id).await.unwrap(), Some(Life::Deleting(ours)));
    }
}
