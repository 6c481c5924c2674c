//! Seeds and visits a deployment of many sites for `scripts/bench-sites`, through Sibyl's
//! own store code.
//!
//! Usage:
//!   sites_seed register STORE_URL N PORT
//!       registers the sites http://s0.test:PORT to http://s{N-1}.test:PORT (32 at once),
//!       with an administrator made for them; s0 is the one `bench_seed` filled.
//!   sites_seed visit LISTEN N PORT
//!       reads the home page of every one of them once from the server on
//!       127.0.0.1:LISTEN (32 at once), naming each site's host (s{i}.test:PORT), so that
//!       the instance keeps what it keeps of each; fails on any answer but 200.

// Tests and benchmark helpers: a failed unwrap is the run failing, with its message.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use futures_util::{StreamExt, stream};
use sibyl::domain::password::Password;
use sibyl::domain::{Email, NewUser, Role, Site, UserId, Username, now};
use sibyl::store::{self, SiteError, StoreOptions, StoreUrl};

fn site(i: usize, port: &str) -> Site {
    Site::parse(&format!("http://s{i}.test:{port}")).unwrap()
}

#[tokio::main]
async fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().collect();
    match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        [_, "register", store_url, n, port] => register(store_url, n.parse().unwrap(), port).await,
        [_, "visit", listen, n, port] => visit(listen, n.parse().unwrap(), port).await,
        _ => Err(
            "usage: sites_seed register STORE_URL N PORT | sites_seed visit LISTEN N PORT".into(),
        ),
    }
}

async fn register(store_url: &str, n: usize, port: &str) -> Result<(), String> {
    let url = StoreUrl::parse(store_url).map_err(|e| e.0)?;
    let store = store::open(&url, StoreOptions::default())
        .await
        .map_err(|e| e.to_string())?;
    let unique = uuid::Uuid::new_v4().simple().to_string();
    let name = format!("network_{}", &unique[..12]);
    let admin = store
        .create_user(NewUser {
            id: UserId::new(),
            username: Username::parse(&name).map_err(|e| e.0)?,
            email: Email::parse(&format!("{name}@example.com")).map_err(|e| e.0)?,
            display_name: "Network Admin".into(),
            role: Role::Admin,
            password_hash: Password::parse("a long enough password")
                .map_err(|e| e.0)?
                .hash(),
            created: now(),
        })
        .await
        .map_err(|e| e.to_string())?;
    each_site(n, "registrations", |i| {
        let (store, site) = (store.clone(), site(i, port));
        async move {
            match store.register_site(&site, admin.id, now()).await {
                Ok(_) | Err(SiteError::Exists(_)) => None,
                Err(e) => Some(format!("{site}: {e}")),
            }
        }
    })
    .await
}

async fn visit(listen: &str, n: usize, port: &str) -> Result<(), String> {
    sibyl::binaries::fetch::install_tls_provider();
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .map_err(|e| e.to_string())?;
    let base = format!("http://127.0.0.1:{listen}/");
    each_site(n, "visits", |i| {
        let (client, base) = (client.clone(), base.clone());
        async move {
            let host = format!("s{i}.test:{port}");
            match client.get(&base).header("Host", &host).send().await {
                Ok(r) if r.status() == 200 => r.bytes().await.err().map(|e| format!("{host}: {e}")),
                Ok(r) => Some(format!("{host}: {}", r.status())),
                Err(e) => Some(format!("{host}: {e}")),
            }
        }
    })
    .await
}

/// Runs `work` for sites 0 to n-1, 32 at once; fails with the first failure `work`
/// reports, and how many there were.
async fn each_site<F>(n: usize, what: &str, work: impl Fn(usize) -> F) -> Result<(), String>
where
    F: std::future::Future<Output = Option<String>>,
{
    let failures: Vec<String> = stream::iter(0..n)
        .map(work)
        .buffer_unordered(32)
        .filter_map(|failed| async move { failed })
        .collect()
        .await;
    match failures.first() {
        Some(first) => Err(format!(
            "{} {what} failed, the first: {first}",
            failures.len()
        )),
        None => Ok(()),
    }
}
