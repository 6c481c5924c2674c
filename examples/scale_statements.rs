//! Counts the statements each page of a seeded site costs, for `scripts/bench --scale`:
//! the same count on a site of 20 posts and on one of 100,000 shows that every page reads
//! a bounded number of partitions (or index ranges), whatever the size of the site. It
//! serves the site in this process, as the tests do, and reads the store's own count.
//!
//! Usage: scale_statements STORE_URL SITE_URL COOKIE PATH...
//! Prints a line `PATH N` per path: the statements of its second request (the first
//! fills what an instance keeps for a while, such as the site's comment settings). The
//! cookie (an administrator's session) goes with the paths under /admin only: the other
//! pages are counted as readers see them.

// Tests and benchmark helpers: a failed unwrap is the run failing, with its message.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use sibyl::domain::{Host, Site};
use sibyl::startup::{AppConfig, Application};
use sibyl::store::{self, Store, StoreOptions, StoreUrl};
use std::sync::Arc;

#[tokio::main]
async fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().collect();
    let [_, store_url, site_url, cookie, paths @ ..] = args.as_slice() else {
        return Err("usage: scale_statements STORE_URL SITE_URL COOKIE PATH...".into());
    };
    let url = StoreUrl::parse(store_url).map_err(|e| e.0)?;
    let site = Site::parse(site_url).map_err(|e| e.0)?;
    let store: Arc<dyn Store> = store::open(&url, StoreOptions::default())
        .await
        .map_err(|e| e.to_string())?;
    let config = AppConfig::in_process(
        site.clone(),
        std::env::temp_dir().join("sibyl-scale-statements"),
    );
    let app = Application::build(config, Arc::clone(&store)).map_err(|e| e.to_string())?;
    let base = format!("http://127.0.0.1:{}", app.port());
    tokio::spawn(app.run_until_stopped());
    sibyl::binaries::fetch::install_tls_provider();
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .map_err(|e| e.to_string())?;
    for path in paths {
        let mut counted = 0;
        for _ in 0..2 {
            let before = store.statements();
            // The site's own host: in a deployment of many sites it picks the site.
            let mut request = client
                .get(format!("{base}{path}"))
                .header("Host", Host::of(&site).as_str());
            if path.starts_with("/admin") {
                request = request.header("Cookie", cookie);
            }
            let response = request.send().await.map_err(|e| format!("{path}: {e}"))?;
            let status = response.status();
            response.bytes().await.map_err(|e| format!("{path}: {e}"))?;
            if !status.is_success() {
                return Err(format!("{path} answered {status}"));
            }
            counted = store.statements() - before;
        }
        println!("{path} {counted}");
    }
    Ok(())
}
