//! The collector of unreferenced originals on both stores: its grace, crash leftovers,
//! and its races with uploads, with bare pointing and with another collector.

use super::binaries::{COLLECTING, body, chunks_left, ingest, service, upload};
use crate::both_stores;
use crate::fixtures::random_bytes;
use crate::helpers::TestStore;
use bytes::Bytes;
use futures_util::stream;
use sibyl::binaries::collector::{CollectorConfig, collect};
use sibyl::binaries::service::Ingested;
use sibyl::binaries::{Binaries, CHUNK_SIZE, Claim, IngestError, Life, OriginalId, Status};
use sibyl::domain::UserId;
use std::sync::Arc;
use std::time::Duration;
use uuid::Uuid;

both_stores!(
    the_collector_deletes_unreferenced_originals_after_the_grace,
    an_upload_that_died_is_collected_after_its_grace,
    a_fenced_upload_stops_and_leaves_nothing,
    a_collector_never_undoes_another_collectors_claim,
    an_expired_claim_is_taken_over,
    two_collectors_and_a_pointing_race,
    a_reference_added_while_the_collector_deletes_never_points_at_missing_data,
    pointing_and_collecting_race_and_never_both_win,
    the_collector_deletes_an_original_that_never_had_bytes,
);

async fn the_collector_deletes_unreferenced_originals_after_the_grace(store: TestStore) {
    let _turn = COLLECTING.lock().await;
    let service = service(&store);
    let owner = UserId(Uuid::new_v4());
    let data = random_bytes(CHUNK_SIZE + 5, 42);
    let stored = ingest(&service, upload(&store, owner, "a.bin"), &data).await;
    let id = stored.original.id;
    let config = CollectorConfig {
        grace: Duration::from_secs(3600),
        upload_grace: Duration::from_secs(3600),
        ..Default::default()
    };
    service.remove(&stored.reference, "test").await.unwrap();
    assert_eq!(service.store.usage(owner).await.unwrap(), 0);
    let now = sibyl::domain::now();
    // (The keyspace of the Cassandra tests holds other tests' originals too: what a
    // pass counts is not this test's business, what happened to its original is.)
    let pass = collect(&*service.store, &config, now).await.unwrap();
    assert!(pass.waiting >= 1, "{pass:?}");
    assert_eq!(chunks_left(&service, id, 2).await, 2);
    assert_eq!(service.store.life(id).await.unwrap(), Some(Life::Live));
    let later = now + chrono::Duration::hours(2);
    let pass = collect(&*service.store, &config, later).await.unwrap();
    assert!(pass.deleted >= 1, "{pass:?}");
    assert_eq!(chunks_left(&service, id, 2).await, 0);
    assert!(service.store.original(id).await.unwrap().is_none());
    assert_eq!(service.store.life(id).await.unwrap(), Some(Life::Gone));
    // The checksum went with it: the same bytes uploaded again make a new original.
    let again = ingest(&service, upload(&store, owner, "a.bin"), &data).await;
    assert_ne!(again.original.id, id);
    assert!(!again.deduplicated);
    assert_eq!(service.read_all(&again.original).await.unwrap(), data);
    // A referenced original is never deleted, however old.
    collect(&*service.store, &config, later + chrono::Duration::days(30))
        .await
        .unwrap();
    assert_eq!(service.read_all(&again.original).await.unwrap(), data);
}

async fn an_upload_that_died_is_collected_after_its_grace(store: TestStore) {
    let _turn = COLLECTING.lock().await;
    let service = service(&store);
    let id = OriginalId::new();
    let since = sibyl::domain::now() - chrono::Duration::hours(10);
    service.store.mark_candidate(id, since).await.unwrap();
    for part in 0..3 {
        service
            .store
            .put_chunk(id, part, vec![part as u8; 100])
            .await
            .unwrap();
    }
    let config = CollectorConfig {
        upload_grace: Duration::from_secs(6 * 3600),
        ..Default::default()
    };
    let pass = collect(&*service.store, &config, sibyl::domain::now())
        .await
        .unwrap();
    assert!(pass.deleted >= 1, "{pass:?}");
    assert_eq!(chunks_left(&service, id, 3).await, 0);
    // The dead upload is fenced for good: were it to wake up, however late, its commit
    // would fail.
    assert_eq!(service.store.life(id).await.unwrap(), Some(Life::Gone));
    collect(&*service.store, &config, sibyl::domain::now())
        .await
        .unwrap();
    assert!(
        !service
            .store
            .set_life(id, None, Some(Life::Live))
            .await
            .unwrap()
    );
    assert_eq!(service.store.life(id).await.unwrap(), Some(Life::Gone));
}

/// An upload so slow that the collector took it for dead and fenced it stops at its next
/// look (every 64 chunks) and leaves no chunk behind, even those written after the fence.
async fn a_fenced_upload_stops_and_leaves_nothing(store: TestStore) {
    let _turn = COLLECTING.lock().await;
    let service = service(&store);
    let owner = UserId(Uuid::new_v4());
    let data = random_bytes(80 * CHUNK_SIZE, 9400);
    let (sender, receiver) = tokio::sync::mpsc::channel::<Result<Bytes, std::io::Error>>(4);
    let stream = Box::pin(stream::unfold(receiver, |mut r| async move {
        r.recv().await.map(|item| (item, r))
    }));
    let task = {
        let service = service.clone();
        let up = upload(&store, owner, "slow.bin");
        tokio::spawn(async move { service.ingest(up, stream).await })
    };
    let chunks: Vec<Bytes> = data
        .chunks(CHUNK_SIZE)
        .map(Bytes::copy_from_slice)
        .collect();
    sender.send(Ok(chunks[0].clone())).await.unwrap();
    sender.send(Ok(chunks[1].clone())).await.unwrap();
    // Find the upload by its first chunk among the collector's candidates.
    let mut id = None;
    for _ in 0..200 {
        for shard in 0..sibyl::binaries::GC_SHARDS {
            for (candidate, _) in service.store.candidates(shard).await.unwrap() {
                if service.store.chunk(candidate, 0).await.unwrap().as_deref()
                    == Some(&chunks[0][..])
                {
                    id = Some(candidate);
                }
            }
        }
        if id.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let id = id.expect("the upload's first chunk is stored and listed");
    // What the collector does to an upload older than its grace.
    assert!(
        service
            .store
            .set_life(id, None, Some(Life::Gone))
            .await
            .unwrap()
    );
    for chunk in &chunks[2..] {
        if sender.send(Ok(chunk.clone())).await.is_err() {
            break; // the upload stopped reading
        }
    }
    drop(sender);
    let outcome = task.await.unwrap();
    assert!(matches!(outcome, Err(IngestError::Busy)), "{outcome:?}");
    assert_eq!(chunks_left(&service, id, 80).await, 0);
    assert_eq!(service.store.usage(owner).await.unwrap(), 0);
}

/// An unreferenced, live original with all its bytes, listed for the collector.
async fn unreferenced(service: &Binaries, store: &TestStore, seed: u64) -> (Ingested, Vec<u8>) {
    let owner = UserId(Uuid::new_v4());
    let data = random_bytes(CHUNK_SIZE + 3, seed);
    let first = ingest(service, upload(store, owner, "z.bin"), &data).await;
    service.remove(&first.reference, "test").await.unwrap();
    (first, data)
}

/// The interleaving that two collectors must survive, step by step: collector A claims
/// an original and finds no reference; a reference is written; collector B finds the
/// original claimed and referenced. B must not give it back (A would then delete what
/// the reference holds): it leaves A's claim alone, the pointing finds the original
/// claimed and backs out, and A deletes.
async fn a_collector_never_undoes_another_collectors_claim(store: TestStore) {
    let _turn = COLLECTING.lock().await;
    let service = service(&store);
    let config = CollectorConfig {
        grace: Duration::ZERO,
        ..Default::default()
    };
    let (first, _) = unreferenced(&service, &store, 7100).await;
    let id = first.original.id;
    let now = sibyl::domain::now();
    // A: the claim, then an empty read of the references.
    let a = Claim::new(now);
    assert!(
        service
            .store
            .set_life(id, Some(Life::Live), Some(Life::Deleting(a)))
            .await
            .unwrap()
    );
    assert!(!service.store.is_referenced(id).await.unwrap());
    // The pointing writes its reference.
    let mut reference = first.reference.clone();
    reference.id = sibyl::binaries::RefId::new();
    service.store.add_reference(&reference).await.unwrap();
    // B passes while the reference is there.
    collect(&*service.store, &config, now).await.unwrap();
    assert_eq!(
        service.store.life(id).await.unwrap(),
        Some(Life::Deleting(a)),
        "another collector's claim was undone"
    );
    // The pointing reads the life: not live, so it backs out.
    assert_ne!(service.store.life(id).await.unwrap(), Some(Life::Live));
    service.store.remove_reference(&reference).await.unwrap();
    // A moves on with its claim.
    assert!(
        service
            .store
            .set_life(id, Some(Life::Deleting(a)), Some(Life::Gone))
            .await
            .unwrap()
    );
    assert!(
        service
            .store
            .reference(&reference.id)
            .await
            .unwrap()
            .is_none()
    );
}

/// A collector that died holding a claim does not block the original for ever: once the
/// claim expires another collector takes it over, and the old claim can change nothing.
async fn an_expired_claim_is_taken_over(store: TestStore) {
    let _turn = COLLECTING.lock().await;
    let service = service(&store);
    let config = CollectorConfig {
        grace: Duration::ZERO,
        claim_expiry: Duration::from_secs(600),
        ..Default::default()
    };
    let (first, _) = unreferenced(&service, &store, 7200).await;
    let id = first.original.id;
    let now = sibyl::domain::now();
    let dead = Claim::new(now);
    assert!(
        service
            .store
            .set_life(id, Some(Life::Live), Some(Life::Deleting(dead)))
            .await
            .unwrap()
    );
    collect(
        &*service.store,
        &config,
        now + chrono::Duration::seconds(60),
    )
    .await
    .unwrap();
    assert_eq!(
        service.store.life(id).await.unwrap(),
        Some(Life::Deleting(dead)),
        "a fresh claim is left alone"
    );
    collect(
        &*service.store,
        &config,
        now + chrono::Duration::minutes(11),
    )
    .await
    .unwrap();
    assert_eq!(service.store.life(id).await.unwrap(), Some(Life::Gone));
    assert_eq!(chunks_left(&service, id, 2).await, 0);
    // The dead collector wakes up: its claim is worth nothing now.
    for to in [Life::Live, Life::Gone] {
        assert!(
            !service
                .store
                .set_life(id, Some(Life::Deleting(dead)), Some(to))
                .await
                .unwrap()
        );
    }
}

/// Two collectors (two instances) and a pointing, raced round after round: a reference
/// that holds is on a live original with all its bytes; one that was refused left
/// nothing; and whatever a round left unreferenced is still listed for the collector.
async fn two_collectors_and_a_pointing_race(store: TestStore) {
    let _turn = COLLECTING.lock().await;
    let service = service(&store);
    let config = CollectorConfig {
        grace: Duration::ZERO,
        upload_grace: Duration::from_secs(3600),
        ..Default::default()
    };
    let (mut held, mut refused) = (0, 0);
    let base = 8000;
    // How long a pass over the candidates takes here and now.
    let started = std::time::Instant::now();
    collect(&*service.store, &config, sibyl::domain::now())
        .await
        .unwrap();
    let pass = started.elapsed();
    for round in 0..24u64 {
        let (first, data) = unreferenced(&service, &store, base * 100 + round).await;
        let id = first.original.id;
        let mut reference = first.reference.clone();
        reference.id = sibyl::binaries::RefId::new();
        // The pointing starts a little later each round, to meet the collectors at every
        // step: some scheduler turns (a SQLite call takes about one), then a growing
        // part of the time a pass takes (a Cassandra call takes a millisecond or so).
        let wait = async move || {
            if round < 12 {
                for _ in 0..round * 8 {
                    tokio::task::yield_now().await;
                }
            } else {
                tokio::time::sleep(pass.mul_f64((round - 12) as f64 / 10.0)).await;
            }
        };
        let at = sibyl::domain::now() + chrono::Duration::seconds(1);
        let (pointed, a, b) = tokio::join!(
            async {
                wait().await;
                service.point(&reference).await
            },
            collect(&*service.store, &config, at),
            collect(&*service.store, &config, at),
        );
        a.unwrap();
        b.unwrap();
        let life = service.store.life(id).await.unwrap();
        let stored = service.store.reference(&reference.id).await.unwrap();
        if pointed.unwrap() {
            held += 1;
            assert_eq!(life, Some(Life::Live), "round {round}");
            assert!(stored.is_some(), "round {round}");
            let original = service.store.original(id).await.unwrap().unwrap();
            assert_eq!(
                service.read_all(&original).await.unwrap(),
                data,
                "round {round}: a held reference lost its bytes"
            );
        } else {
            refused += 1;
            assert!(
                stored.is_none(),
                "round {round}: a refused reference remained"
            );
            if life == Some(Life::Live) {
                // Given back by a collector that saw the reference before it went:
                // unreferenced again, so it must still be listed.
                let listed = service
                    .store
                    .candidates(id.shard())
                    .await
                    .unwrap()
                    .iter()
                    .any(|(c, _)| *c == id);
                assert!(listed, "round {round}: a live original was left unlisted");
            }
        }
    }
    eprintln!("two collectors and a pointing: held {held}, refused {refused}");
    assert_eq!(held + refused, 24);
}

/// Uploads of bytes whose original is being collected, raced against the collector,
/// round after round: whichever wins, every reference ends up on a live original whose
/// bytes are all there.
async fn a_reference_added_while_the_collector_deletes_never_points_at_missing_data(
    store: TestStore,
) {
    let _turn = COLLECTING.lock().await;
    let service = service(&store);
    let owner = UserId(Uuid::new_v4());
    let config = CollectorConfig {
        grace: Duration::ZERO,
        upload_grace: Duration::from_secs(3600),
        ..Default::default()
    };
    let mut outcomes = (0, 0);
    for round in 0..12u64 {
        let data = random_bytes(CHUNK_SIZE + 17, 1000 + round);
        let first = ingest(&service, upload(&store, owner, "x.bin"), &data).await;
        service.remove(&first.reference, "race").await.unwrap();
        let collector = {
            let store = Arc::clone(&service.store);
            tokio::spawn(async move {
                collect(
                    &*store,
                    &config,
                    sibyl::domain::now() + chrono::Duration::seconds(1),
                )
                .await
            })
        };
        let mut uploads = Vec::new();
        for _ in 0..3 {
            let service = service.clone();
            let data = data.clone();
            let up = upload(&store, owner, "x.bin");
            uploads.push(tokio::spawn(async move {
                service.ingest(up, body(&data, &[65536])).await
            }));
        }
        collector.await.unwrap().unwrap();
        for task in uploads {
            let stored = task.await.unwrap().unwrap();
            if stored.original.id == first.original.id {
                outcomes.0 += 1;
            } else {
                outcomes.1 += 1;
            }
            let reference = service
                .store
                .reference(&stored.reference.id)
                .await
                .unwrap()
                .expect("the reference exists");
            assert_eq!(
                service.store.life(reference.original).await.unwrap(),
                Some(Life::Live),
                "round {round}: a reference points at an original that is not live"
            );
            let original = service
                .store
                .original(reference.original)
                .await
                .unwrap()
                .expect("its original exists");
            assert_eq!(
                service.read_all(&original).await.unwrap(),
                data,
                "round {round}"
            );
        }
    }
    eprintln!(
        "race outcomes: kept {}, replaced {}",
        outcomes.0, outcomes.1
    );
}

/// The protocol itself, without uploads: a reference pointed at an original while the
/// collector takes it either holds (and the original lives) or is refused (and nothing
/// of it remains).
async fn pointing_and_collecting_race_and_never_both_win(store: TestStore) {
    let _turn = COLLECTING.lock().await;
    let service = service(&store);
    let owner = UserId(Uuid::new_v4());
    let config = CollectorConfig {
        grace: Duration::ZERO,
        upload_grace: Duration::from_secs(3600),
        ..Default::default()
    };
    let (mut held, mut refused) = (0, 0);
    for round in 0..30u64 {
        let data = random_bytes(300, 5000 + round);
        let first = ingest(&service, upload(&store, owner, "y.bin"), &data).await;
        service.remove(&first.reference, "race").await.unwrap();
        let mut reference = first.reference.clone();
        reference.id = sibyl::binaries::RefId::new();
        // The collector first reads every shard's candidates; pointing starts a little
        // later each round, to meet it at every step of its protocol.
        let delay = Duration::from_micros(round * 400);
        let (pointed, _) = tokio::join!(
            async {
                tokio::time::sleep(delay).await;
                service.point(&reference).await
            },
            collect(
                &*service.store,
                &config,
                sibyl::domain::now() + chrono::Duration::seconds(1)
            )
        );
        let life = service.store.life(first.original.id).await.unwrap();
        let stored = service.store.reference(&reference.id).await.unwrap();
        if pointed.unwrap() {
            held += 1;
            assert_eq!(life, Some(Life::Live), "round {round}");
            assert!(stored.is_some());
            let original = service
                .store
                .original(first.original.id)
                .await
                .unwrap()
                .unwrap();
            assert_eq!(service.read_all(&original).await.unwrap(), data);
        } else {
            refused += 1;
            assert!(
                stored.is_none(),
                "round {round}: a refused reference remained"
            );
        }
    }
    eprintln!("pointing race: held {held}, refused {refused}");
    assert_eq!(held + refused, 30);
}

/// A fetch that never got bytes has no checksum: the collector deletes it all the same.
async fn the_collector_deletes_an_original_that_never_had_bytes(store: TestStore) {
    let _turn = COLLECTING.lock().await;
    let service = service(&store);
    let id = OriginalId::new();
    let long_ago = sibyl::domain::now() - chrono::Duration::hours(3);
    let original = sibyl::binaries::Original {
        id,
        mime: "application/octet-stream".into(),
        size: 0,
        created: long_ago,
        last_checked: Some(long_ago),
        checksum: String::new(),
        e_tag: None,
        last_modified: None,
        status: Status::Retry,
        width: None,
        height: None,
        url: Some(format!("http://example.com/{}", Uuid::new_v4())),
        error: Some("the origin answered 503".into()),
        attempts: 1,
    };
    service.store.save_original(&original).await.unwrap();
    assert!(
        service
            .store
            .set_life(id, None, Some(Life::Live))
            .await
            .unwrap()
    );
    service.store.mark_candidate(id, long_ago).await.unwrap();
    let config = CollectorConfig {
        grace: Duration::from_secs(3600),
        ..Default::default()
    };
    collect(&*service.store, &config, sibyl::domain::now())
        .await
        .unwrap();
    assert!(service.store.original(id).await.unwrap().is_none());
    assert_eq!(service.store.life(id).await.unwrap(), Some(Life::Gone));
}
