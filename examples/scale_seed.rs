//! Seeds a site for `scripts/bench --scale` through Sibyl's own store code: 20 authors,
//! POSTS published posts, a day apart at most and spread over two years at most, with 3
//! tags each drawn from 10,000 tags by Zipf's law, and COMMENTS comments drawn over the
//! posts by Zipf's law (the busiest posts reach the cap of 10,000 and refuse the rest, as
//! they would for readers), one in ten left pending for the moderation desk. 64 writes are
//! in flight at a time. On a site of one page of posts or fewer, every post is also in the
//! measured tag and by the measured author, so that each page the benchmark loads lists
//! as many posts there as on a large site (a tag page of 7 posts against one of 20
//! measures the page's length, not the store's size).
//!
//! Usage: scale_seed STORE_URL SITE_URL POSTS COMMENTS
//!        scale_seed fresh STORE_URL (drops the Cassandra keyspace, so that a run measures
//!        sites seeded into a keyspace of their own, not beside an earlier run's)
//!        scale_seed settle STORE_URL (only waits for the node's compactions, as below,
//!        and prints `settled <seconds> <seconds waited>`: after a restart of the node)
//! Prints the paths the benchmark loads (the busiest post, the most used tag, the
//! busiest author, the moderation desk), then the cookie of a session of the site's
//! administrator, then on a site of more than a page of posts a line `rank <rank> <path>
//! <posts> <months>` for the tags of Zipf ranks 1, 100, 1,000 and 10,000 (the nearest
//! more used one that has posts, when a rank drew none): how many posts each lists and
//! over how many months, then a line `seeded <posts/s> <comments/s> <refused>`, then a line
//! `settled <seconds> <seconds waited>`: on Cassandra, how long the node went on
//! compacting what was seeded (the seeder waits until no compaction has run for ten seconds, so that the
//! pages are measured on a site at rest rather than beside minutes of compaction that
//! a site written at the usual pace never has at once; 0 on SQLite).

// Tests and benchmark helpers: a failed unwrap is the run failing, with its message.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use futures_util::{StreamExt, stream};
use sibyl::domain::password::Password;
use sibyl::domain::post::{Body, Rendered};
use sibyl::domain::token::{random_token, session_key};
use sibyl::domain::{
    CommentBody, CommentState, CommentedPost, Commenter, Email, NewComment, NewPost, NewUser, Post,
    Role, Site, Tags, Title, User, UserId, Username, now,
};
use sibyl::store::{self, CommentError, NewSession, Store, StoreOptions, StoreUrl};
use std::sync::Arc;
use std::time::Instant;

const TAGS: usize = 10_000;
/// The Zipf ranks of the tags whose pages the benchmark measures besides the busiest.
const RANKS: [usize; 4] = [1, 100, 1_000, 10_000];
const AUTHORS: usize = 20;
const IN_FLIGHT: usize = 64;
/// The posts a list page shows.
const PAGE: usize = 20;

/// A small deterministic generator (SplitMix64), so that every run seeds the same site.
struct Draw(u64);

impl Draw {
    fn next(&mut self) -> f64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// Ranks 0..n drawn by Zipf's law (rank r with weight 1 / (r + 1)).
struct Zipf(Vec<f64>);

impl Zipf {
    fn new(n: usize) -> Self {
        let mut total = 0.0;
        let cumulative = (1..=n)
            .map(|r| {
                total += 1.0 / r as f64;
                total
            })
            .collect::<Vec<_>>();
        Self(cumulative.into_iter().map(|c| c / total).collect())
    }

    fn draw(&self, draw: &mut Draw) -> usize {
        let u = draw.next();
        self.0.partition_point(|&c| c < u).min(self.0.len() - 1)
    }
}

fn user(name: &str, role: Role) -> Result<NewUser, String> {
    Ok(NewUser {
        id: UserId::new(),
        username: Username::parse(name).map_err(|e| e.0)?,
        email: Email::parse(&format!("{name}@example.com")).map_err(|e| e.0)?,
        display_name: format!("Writer {name}"),
        role,
        password_hash: Password::parse("a long enough password")
            .map_err(|e| e.0)?
            .hash(),
        created: now(),
    })
}

#[tokio::main]
async fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().collect();
    if let [_, fresh, store_url] = args.as_slice()
        && fresh == "fresh"
    {
        return drop_keyspace(&StoreUrl::parse(store_url).map_err(|e| e.0)?).await;
    }
    if let [_, settling, store_url] = args.as_slice()
        && settling == "settle"
    {
        return print_settled(&StoreUrl::parse(store_url).map_err(|e| e.0)?).await;
    }
    let [_, store_url, site_url, posts, comments] = args.as_slice() else {
        return Err("usage: scale_seed STORE_URL SITE_URL POSTS COMMENTS".into());
    };
    let posts: usize = posts.parse().map_err(|_| "POSTS is a number")?;
    let comments: usize = comments.parse().map_err(|_| "COMMENTS is a number")?;
    let url = StoreUrl::parse(store_url).map_err(|e| e.0)?;
    let site = Site::parse(site_url).map_err(|e| e.0)?;
    let store: Arc<dyn Store> = store::open(&url, StoreOptions::default())
        .await
        .map_err(|e| e.to_string())?;
    let unique = &uuid::Uuid::new_v4().simple().to_string()[..8];
    let admin = store
        .create_first_admin(&site, user(&format!("admin_{unique}"), Role::Admin)?)
        .await
        .map_err(|e| e.to_string())?;
    let token = random_token();
    store
        .create_session(&NewSession {
            key: session_key(&token),
            user_id: admin.id,
            created: now(),
            expires: now() + chrono::Duration::days(1),
            details: Default::default(),
        })
        .await
        .map_err(|e| e.to_string())?;
    let mut authors: Vec<User> = vec![admin];
    for n in 1..AUTHORS {
        let author = store
            .create_user(user(&format!("writer{n}_{unique}"), Role::Author)?)
            .await
            .map_err(|e| e.to_string())?;
        authors.push(author);
    }
    let tags = Zipf::new(TAGS);
    let by_author = Zipf::new(AUTHORS);
    let mut draw = Draw(7);
    // A post a day at most, over two years at most: a small site is a young one.
    let span = chrono::Duration::days((posts as i64).clamp(1, 730));
    let started = Instant::now();
    // The measured tag (topic0) and author (the first) on every post of a site of one
    // page.
    let one_page = posts <= PAGE;
    let plans: Vec<(usize, String, usize)> = (0..posts)
        .map(|n| {
            let mut picked: Vec<String> = Vec::new();
            if one_page {
                picked.push("topic0".to_owned());
            }
            while picked.len() < 3 {
                let tag = format!("topic{}", tags.draw(&mut draw));
                if !picked.contains(&tag) {
                    picked.push(tag);
                }
            }
            let author = by_author.draw(&mut draw);
            (n, picked.join(", "), if one_page { 0 } else { author })
        })
        .collect();
    // The oldest first, so that post n is the n-th oldest.
    let start = now();
    let published_at = |n: usize| start - span + span * n as i32 / posts.max(1) as i32;
    let ranked = if one_page {
        Vec::new()
    } else {
        ranked_tags(&plans, published_at)
    };
    let made: Vec<Result<Post, String>> = stream::iter(plans)
        .map(|(n, tags, author)| {
            let (store, site, author) = (store.clone(), site.clone(), authors[author].clone());
            let at = published_at(n);
            async move {
                let body = format!(
                    "Post {n} of the scale run: *bounded* partitions and single reads.\n\n\
                     Every page costs one or two reads, whatever the size of the site."
                );
                let post = NewPost::new(
                    site,
                    Title::parse(&format!("Scale post {n}")).map_err(|e| e.0)?,
                    Rendered::of(Body::parse(&body).map_err(|e| e.0)?).map_err(|e| e.0)?,
                    Tags::parse(&tags).map_err(|e| e.0)?,
                    author.id,
                    author.display_name.clone(),
                    at,
                    true,
                );
                store
                    .create_post(post)
                    .await
                    .map_err(|e| format!("post {n}: {e}"))
            }
        })
        .buffer_unordered(IN_FLIGHT)
        .collect()
        .await;
    let mut made: Vec<Post> = made.into_iter().collect::<Result<_, _>>()?;
    made.sort_by_key(|p| std::cmp::Reverse(p.published));
    let posts_rate = posts as f64 / started.elapsed().as_secs_f64();
    // Comments by Zipf's law over the posts, newest first: the newest post is the busiest.
    let over_posts = Zipf::new(made.len().max(1));
    let started = Instant::now();
    let targets: Vec<usize> = (0..comments).map(|_| over_posts.draw(&mut draw)).collect();
    let commenter = authors[0].clone();
    let outcomes: Vec<Result<bool, String>> = stream::iter(targets.into_iter().enumerate())
        .map(|(i, target)| {
            let (store, site, post, by) = (
                store.clone(),
                site.clone(),
                made[target].clone(),
                commenter.clone(),
            );
            async move {
                let comment = NewComment::new(
                    CommentedPost {
                        id: post.id,
                        slug: post.slug.as_str().to_owned(),
                        title: post.title.as_str().to_owned(),
                    },
                    None,
                    Commenter::Member {
                        id: by.id,
                        name: by.display_name.clone(),
                    },
                    CommentBody::parse(&format!("Comment {i}: a *short* remark."))
                        .map_err(|e| e.0)?,
                    if i % 10 == 0 {
                        CommentState::Pending
                    } else {
                        CommentState::Approved
                    },
                    now(),
                );
                match store.add_comment(&site, &comment).await {
                    Ok(()) => Ok(true),
                    Err(CommentError::Full) => Ok(false),
                    Err(e) => Err(format!("comment {i}: {e}")),
                }
            }
        })
        .buffer_unordered(IN_FLIGHT)
        .collect()
        .await;
    let mut refused = 0;
    for outcome in outcomes {
        if !outcome? {
            refused += 1;
        }
    }
    let comments_rate = comments as f64 / started.elapsed().as_secs_f64();
    let busiest = made.first().ok_or("no posts")?;
    println!("/posts/{}", busiest.slug.as_str());
    println!("/tags/topic0");
    println!("/authors/{}", authors[0].username.as_str());
    println!("/admin/comments");
    println!("sibyl_session={token}");
    for (rank, tag, posts, months) in ranked {
        println!("rank {rank} /tags/{tag} {posts} {months}");
    }
    println!("seeded {posts_rate:.0} {comments_rate:.0} {refused}");
    print_settled(&url).await
}

/// For each of [`RANKS`], the tag of that Zipf rank (or the nearest more used one with
/// posts: a rare tag may draw none) with its rank, its posts and the months they span.
fn ranked_tags(
    plans: &[(usize, String, usize)],
    published_at: impl Fn(usize) -> chrono::DateTime<chrono::Utc>,
) -> Vec<(usize, String, usize, usize)> {
    use chrono::Datelike;
    let mut posts = vec![0usize; TAGS];
    let mut months = vec![std::collections::BTreeSet::new(); TAGS];
    for (n, tags, _) in plans {
        let at = published_at(*n);
        for tag in tags.split(", ") {
            let rank: usize = tag.trim_start_matches("topic").parse().unwrap();
            posts[rank] += 1;
            months[rank].insert((at.year(), at.month()));
        }
    }
    let mut ranked: Vec<(usize, String, usize, usize)> = RANKS
        .iter()
        .filter_map(|&rank| {
            let used = (0..rank).rev().find(|&r| posts[r] > 0)?;
            Some((
                used + 1,
                format!("topic{used}"),
                posts[used],
                months[used].len(),
            ))
        })
        .collect();
    // Two ranks that fell back to one tag are one page.
    ranked.dedup_by_key(|(rank, ..)| *rank);
    ranked
}

/// Waits for the node's compactions (see [`settle`]) and prints the line
/// `settled <seconds compacting> <seconds waited>`.
async fn print_settled(url: &StoreUrl) -> Result<(), String> {
    let waited = Instant::now();
    let compacting = settle(url).await?;
    println!("settled {compacting} {}", waited.elapsed().as_secs());
    Ok(())
}

/// Drops a Cassandra store's keyspace, if it has one.
async fn drop_keyspace(url: &StoreUrl) -> Result<(), String> {
    let StoreUrl::Cassandra { nodes, keyspace } = url else {
        return Err("fresh: a Cassandra store is dropped; an SQLite file is removed".into());
    };
    let session = scylla::client::session_builder::SessionBuilder::new()
        .known_nodes(nodes)
        .build()
        .await
        .map_err(|e| format!("connecting to drop {keyspace}: {e}"))?;
    // Dropping flushes the keyspace's tables first: more than a query's usual time.
    let mut drop = scylla::statement::unprepared::Statement::new(format!(
        "DROP KEYSPACE IF EXISTS {keyspace}"
    ));
    drop.set_request_timeout(Some(std::time::Duration::from_secs(300)));
    session
        .query_unpaged(drop, ())
        .await
        .map_err(|e| format!("dropping {keyspace}: {e}"))?;
    Ok(())
}

/// On Cassandra, waits until the node has run no compaction for `QUIET` seconds in a
/// row (its `system_views.sstable_tasks` lists those running; a level that needs
/// another starts it as the last ends) and returns the seconds it went on compacting;
/// 0 on SQLite.
async fn settle(url: &StoreUrl) -> Result<u64, String> {
    const QUIET: u32 = 10;
    let StoreUrl::Cassandra { nodes, .. } = url else {
        return Ok(0);
    };
    let session = scylla::client::session_builder::SessionBuilder::new()
        .known_nodes(nodes)
        .build()
        .await
        .map_err(|e| format!("connecting to see the compactions: {e}"))?;
    let started = Instant::now();
    let mut quiet = 0;
    while quiet < QUIET {
        tokio::time::sleep(std::time::Duration::from_secs(1)).await;
        let running = session
            .query_unpaged(
                "SELECT keyspace_name, table_name FROM system_views.sstable_tasks",
                (),
            )
            .await
            .map_err(|e| format!("reading the compactions under way: {e}"))?
            .into_rows_result()
            .map_err(|e| format!("reading the compactions under way: {e}"))?
            .rows_num();
        quiet = if running == 0 { quiet + 1 } else { 0 };
    }
    Ok(started.elapsed().as_secs().saturating_sub(u64::from(QUIET)))
}
