//! The RealWorld specification's own test suite: its Postman collection
//! (tests/fixtures/realworld, MIT licensed, as the specification publishes it), run by
//! newman against the API as the specification's `run-api-tests.sh` runs it, on both
//! stores. newman is installed by scripts/test (`SIBYL_NEWMAN` names another).

use super::*;
use crate::both_stores;
use crate::helpers::TestStore;
use std::path::PathBuf;

both_stores!(the_specifications_postman_collection_passes);

fn newman() -> PathBuf {
    let newman = std::env::var("SIBYL_NEWMAN").map_or_else(
        |_| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join("target/tools/node_modules/newman/bin/newman.js")
        },
        PathBuf::from,
    );
    assert!(
        newman.exists(),
        "newman is not at {}: scripts/test installs it (npm install newman)",
        newman.display()
    );
    newman
}

async fn the_specifications_postman_collection_passes(t: TestStore) {
    let app = api_app(t).await;
    app.set_up().await;
    // The user names the collection signs up: u<digits> and celeb_u<digits>.
    let name = format!("u{}", uuid::Uuid::new_v4().as_u128() % 10_000_000_000);
    let collection = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/realworld/Conduit.postman_collection.json");
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("report.json");
    let mut command = std::process::Command::new("node");
    command
        .arg(newman())
        .arg("run")
        .arg(&collection)
        .args(["--global-var", &format!("APIURL={}/api", app.address)])
        .args(["--global-var", &format!("USERNAME={name}")])
        .args(["--global-var", &format!("EMAIL={name}@mail.example.com")])
        .args(["--global-var", "PASSWORD=a long enough password"])
        .args(["--reporters", "cli,json", "--color", "off"])
        .arg("--reporter-json-export")
        .arg(&report);
    let output = tokio::task::spawn_blocking(move || command.output())
        .await
        .unwrap()
        .expect("node runs newman");
    let printed = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "newman failed:\n{printed}");
    let report: Value = serde_json::from_slice(&std::fs::read(&report).unwrap()).unwrap();
    let stats = &report["run"]["stats"];
    assert_eq!(stats["requests"]["total"], 32, "every request ran: {stats}");
    assert_eq!(stats["assertions"]["failed"], 0, "{printed}");
    assert!(
        stats["assertions"]["total"].as_u64().unwrap() > 200,
        "the collection's checks ran: {stats}"
    );
    assert_eq!(
        report["run"]["failures"],
        serde_json::json!([]),
        "{printed}"
    );
}
