//! Per-host counters: ids `<hostname>/<n>` never repeat, between tasks of one
//! process, between processes of one host (several real processes race here), and
//! between hosts.

use crate::both_stores;
use crate::helpers::{Kind, TestStore, cassandra_node, unique_name};
use sibyl::store::host_ids::HostIds;
use sibyl::store::{self, StoreOptions, StoreUrl};
use std::collections::HashSet;
use std::sync::Arc;

const CHILD: &str = "SIBYL_HOST_IDS_CHILD";

both_stores!(host_ids_never_repeat_across_processes_and_hosts);

async fn host_ids_never_repeat_across_processes_and_hosts(t: TestStore) {
    let host = unique_name("host").replace('_', "-");
    let locks = tempfile::tempdir().unwrap();
    let url = match t.kind {
        Kind::Sqlite => format!("sqlite:{}", t.sqlite_path.as_ref().unwrap().display()),
        Kind::Cassandra => format!(
            "cassandra://{}/{}",
            cassandra_node(),
            crate::helpers::TEST_KEYSPACE
        ),
    };
    let out = tempfile::tempdir().unwrap();
    let children: Vec<_> = (0..4)
        .map(|i| {
            let file = out.path().join(format!("ids-{i}"));
            let spec = format!("{url}|{host}|{}|{}", locks.path().display(), file.display());
            let child = std::process::Command::new(std::env::current_exe().unwrap())
                .args([
                    // The test's name in this binary, without the crate's.
                    &format!(
                        "{}::child_process_takes_ids",
                        module_path!().split_once("::").unwrap().1
                    ),
                    "--exact",
                    "--test-threads",
                    "1",
                ])
                .env(CHILD, spec)
                .stdout(std::process::Stdio::null())
                .spawn()
                .unwrap();
            (child, file)
        })
        .collect();
    // Meanwhile this process takes ids at the same host, and at another host.
    let here = HostIds::new(t.store.clone(), &host, locks.path(), 7).unwrap();
    let elsewhere = HostIds::new(t.store.clone(), &format!("{host}-b"), locks.path(), 7).unwrap();
    let mut ids = HashSet::new();
    for _ in 0..50 {
        assert!(ids.insert(here.next().await.unwrap().to_string()));
        assert!(ids.insert(elsewhere.next().await.unwrap().to_string()));
    }
    for (mut child, file) in children {
        assert!(child.wait().unwrap().success(), "a child process failed");
        let taken = std::fs::read_to_string(file).unwrap();
        let lines: Vec<&str> = taken.lines().collect();
        assert_eq!(lines.len(), CHILD_IDS);
        for id in lines {
            assert!(id.starts_with(&format!("{host}/")), "{id}");
            assert!(ids.insert(id.to_owned()), "{id} was handed out twice");
        }
    }
    assert_eq!(ids.len(), 100 + 4 * CHILD_IDS);
}

const CHILD_IDS: usize = 60;

/// In a child process (`SIBYL_HOST_IDS_CHILD` set): takes ids from two `HostIds` of its
/// own, concurrently, and writes them to a file for the parent. Run directly, it proves
/// the same within one process on an SQLite store.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn child_process_takes_ids() {
    let (store, host, locks, out) = match std::env::var(CHILD) {
        Ok(spec) => {
            let parts: Vec<&str> = spec.split('|').collect();
            let url = StoreUrl::parse(parts[0]).unwrap();
            let store = store::open(&url, StoreOptions::default()).await.unwrap();
            (
                store,
                parts[1].to_owned(),
                parts[2].into(),
                Some(std::path::PathBuf::from(parts[3])),
            )
        }
        Err(_) => {
            let t = TestStore::sqlite().await;
            let locks = t
                .sqlite_path
                .as_ref()
                .unwrap()
                .parent()
                .unwrap()
                .join("locks");
            (t.store.clone(), "solo".to_owned(), locks, None)
        }
    };
    let a = Arc::new(HostIds::new(store.clone(), &host, &locks, 5).unwrap());
    let b = Arc::new(HostIds::new(store, &host, &locks, 3).unwrap());
    let tasks: Vec<_> = (0..CHILD_IDS)
        .map(|i| {
            let ids = if i % 2 == 0 { a.clone() } else { b.clone() };
            tokio::spawn(async move { ids.next().await.unwrap().to_string() })
        })
        .collect();
    let mut taken = Vec::new();
    for task in tasks {
        taken.push(task.await.unwrap());
    }
    let distinct: HashSet<&String> = taken.iter().collect();
    assert_eq!(
        distinct.len(),
        CHILD_IDS,
        "no id repeats within the process"
    );
    if let Some(out) = out {
        std::fs::write(out, taken.join("\n")).unwrap();
    }
}
