//! The fediverse servers of `scripts/bench-fanout`, on loopback.
//!
//!   fanout_farm follow STORE_URL SITE_URL N PORT
//!       makes the site's administrator followed by N actors, one on each of N servers
//!       (http://127.1.A.B:PORT, each with its own inbox), through Sibyl's own store code
//!   fanout_farm serve N PORT COUNT_FILE
//!       answers 202 to every POST on those N addresses, and writes how many it took into
//!       COUNT_FILE ten times a second
//!   fanout_farm publish STORE_URL SITE_URL
//!       publishes a post by the administrator as the editor does (its change noted
//!       first): the serving instance's fediverse job tells the followers at its next pass

// Tests and benchmark helpers: a failed unwrap is the run failing, with its message.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use futures_util::StreamExt;
use sibyl::domain::post::{Body, Rendered};
use sibyl::domain::{NewPost, Site, Tags, Title, now};
use sibyl::store::federation::RemoteFollower;
use sibyl::store::{self, StoreOptions, StoreUrl};
use std::net::Ipv4Addr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// The address of server `i`: 127.1.0.1 onwards, 250 to a third byte.
fn server(i: usize) -> Ipv4Addr {
    Ipv4Addr::new(
        127,
        1 + (i / 62_500) as u8,
        ((i / 250) % 250) as u8,
        (i % 250) as u8 + 1,
    )
}

async fn open(store_url: &str, site_url: &str) -> (Arc<dyn store::Store>, Site) {
    let url = StoreUrl::parse(store_url).unwrap();
    let site = Site::parse(site_url).unwrap();
    (
        store::open(&url, StoreOptions::default()).await.unwrap(),
        site,
    )
}

async fn follow(store_url: &str, site_url: &str, n: usize, port: u16) {
    let (store, site) = open(store_url, site_url).await;
    let admin = store
        .site_admin(&site)
        .await
        .unwrap()
        .expect("the site is seeded");
    let actor = admin.0.to_string();
    let made: Vec<bool> = futures_util::stream::iter(0..n)
        .map(|i| {
            let (store, site, actor) = (Arc::clone(&store), site.clone(), actor.clone());
            async move {
                let base = format!("http://{}:{port}", server(i));
                let follower = RemoteFollower {
                    actor: format!("{base}/actor"),
                    inbox: format!("{base}/inbox"),
                    follow: format!("{base}/follows/{i}"),
                    since: now(),
                };
                store
                    .add_remote_follower(&site, &actor, &follower)
                    .await
                    .unwrap()
            }
        })
        .buffer_unordered(32)
        .collect()
        .await;
    let count = store.remote_follower_count(&site, &actor).await.unwrap();
    eprintln!(
        "  {} followers made ({} were there), {count} counted",
        made.iter().filter(|m| **m).count(),
        made.iter().filter(|m| !**m).count()
    );
}

async fn serve(n: usize, port: u16, count_file: String) {
    let taken = Arc::new(AtomicU64::new(0));
    for i in 0..n {
        let listener = tokio::net::TcpListener::bind((server(i), port))
            .await
            .unwrap_or_else(|e| panic!("{}:{port}: {e}", server(i)));
        let taken = Arc::clone(&taken);
        tokio::spawn(async move {
            loop {
                let Ok((stream, _)) = listener.accept().await else {
                    continue;
                };
                tokio::spawn(answer(stream, Arc::clone(&taken)));
            }
        });
    }
    eprintln!("  {n} servers listening on port {port}");
    loop {
        let part = format!("{count_file}.part");
        std::fs::write(&part, taken.load(Ordering::Relaxed).to_string()).unwrap();
        std::fs::rename(&part, &count_file).unwrap();
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

/// Reads one request (its head, then the body its length says) and answers 202.
async fn answer(mut stream: tokio::net::TcpStream, taken: Arc<AtomicU64>) {
    let mut request = Vec::new();
    let mut chunk = [0u8; 16_384];
    loop {
        let Ok(n) = stream.read(&mut chunk).await else {
            return;
        };
        if n == 0 {
            return;
        }
        request.extend_from_slice(&chunk[..n]);
        let Some(end) = request.windows(4).position(|w| w == b"\r\n\r\n") else {
            continue;
        };
        let head = String::from_utf8_lossy(&request[..end]).to_lowercase();
        let length = head
            .lines()
            .find_map(|l| l.strip_prefix("content-length:"))
            .and_then(|v| v.trim().parse::<usize>().ok())
            .unwrap_or(0);
        if request.len() >= end + 4 + length {
            break;
        }
    }
    if request.starts_with(b"POST ") {
        taken.fetch_add(1, Ordering::Relaxed);
    }
    let _ = stream
        .write_all(b"HTTP/1.1 202 Accepted\r\ncontent-length: 0\r\nconnection: close\r\n\r\n")
        .await;
}

async fn publish(store_url: &str, site_url: &str) {
    let (store, site) = open(store_url, site_url).await;
    let admin = store
        .site_admin(&site)
        .await
        .unwrap()
        .expect("the site is seeded");
    let author = store.user(admin).await.unwrap().expect("its administrator");
    let at = now();
    let post = NewPost::new(
        site.clone(),
        Title::parse("Delivered to every follower").unwrap(),
        Rendered::of(Body::parse("A post for *five thousand* servers.").unwrap()).unwrap(),
        Tags::parse("notes").unwrap(),
        author.id,
        author.display_name.clone(),
        at,
        true,
    );
    store.note_post_change(&site, post.id, at).await.unwrap();
    let made = store.create_post(post).await.unwrap();
    eprintln!("  published /posts/{}", made.slug.as_str());
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    match args.as_slice() {
        [_, "follow", store_url, site_url, n, port] => {
            follow(
                store_url,
                site_url,
                n.parse().unwrap(),
                port.parse().unwrap(),
            )
            .await
        }
        [_, "serve", n, port, count_file] => {
            serve(
                n.parse().unwrap(),
                port.parse().unwrap(),
                (*count_file).to_owned(),
            )
            .await
        }
        [_, "publish", store_url, site_url] => publish(store_url, site_url).await,
        _ => {
            eprintln!(
                "usage: fanout_farm follow STORE_URL SITE_URL N PORT | serve N PORT COUNT_FILE | publish STORE_URL SITE_URL"
            );
            std::process::exit(2);
        }
    }
}
