//! Seeds a site for `scripts/bench` through Sibyl's own store code: an administrator, 20
//! published posts of about 600 words of Markdown with 3 tags each from a pool of 8, and
//! one post with 5 approved comments. The same content every time.
//!
//! Usage: bench_seed STORE_URL SITE_URL [POSTS PATHS_FILE]
//! Prints the paths the benchmark loads: the post with comments, then the tag page, then
//! the administrator's e-mail address (its password is "a long enough password"). With
//! POSTS, it seeds that many posts rather than 20 (the one with comments the last) and
//! writes every post's path to PATHS_FILE, a line each.

// Tests and benchmark helpers: a failed unwrap is the run failing, with its message.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use sibyl::domain::password::Password;
use sibyl::domain::post::{Body, Rendered};
use sibyl::domain::{
    CommentBody, CommentState, CommentedPost, Commenter, Email, NewComment, NewPost, NewUser, Role,
    Site, Tags, Title, UserId, Username, now,
};
use sibyl::store::{self, StoreOptions, StoreUrl};

const TAGS: [&str; 8] = [
    "cassandra",
    "rust",
    "databases",
    "performance",
    "design",
    "operations",
    "history",
    "notes",
];

const WORDS: &str = "the cluster keeps every partition small and every read single so that a \
    page costs one round trip to the replicas while the writer batches what must agree and \
    lets the rest converge through hints repair and time";

/// About 600 words in six paragraphs, with a heading, emphasis, a list and code.
fn body(n: usize) -> String {
    let words: Vec<&str> = WORDS.split_whitespace().collect();
    let mut text = format!("## Part {n}\n\n");
    for paragraph in 0..6 {
        let sentence: Vec<&str> = (0..95)
            .map(|i| words[(i * 7 + paragraph * 13 + n) % words.len()])
            .collect();
        text.push_str(&format!("*Note {paragraph}.* {}.\n\n", sentence.join(" ")));
    }
    text.push_str("- one read per page\n- bounded partitions\n\n`SELECT * FROM front_page`\n");
    text
}

#[tokio::main]
async fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().collect();
    let (store_url, site_url, posts, paths_file) = match args.as_slice() {
        [_, store, site] => (store, site, 20, None),
        [_, store, site, posts, file] => (
            store,
            site,
            posts.parse::<usize>().map_err(|e| format!("POSTS: {e}"))?,
            Some(file),
        ),
        _ => return Err("usage: bench_seed STORE_URL SITE_URL [POSTS PATHS_FILE]".into()),
    };
    let url = StoreUrl::parse(store_url).map_err(|e| e.0)?;
    let site = Site::parse(site_url).map_err(|e| e.0)?;
    let store = store::open(&url, StoreOptions::default())
        .await
        .map_err(|e| e.to_string())?;
    let unique = uuid::Uuid::new_v4().simple().to_string();
    let name = format!("bench_{}", &unique[..12]);
    let admin = NewUser {
        id: UserId::new(),
        username: Username::parse(&name).map_err(|e| e.0)?,
        email: Email::parse(&format!("{name}@example.com")).map_err(|e| e.0)?,
        display_name: "Bench Author".into(),
        role: Role::Admin,
        password_hash: Password::parse("a long enough password")
            .map_err(|e| e.0)?
            .hash(),
        created: now(),
    };
    let admin = store
        .create_first_admin(&site, admin)
        .await
        .map_err(|e| e.to_string())?;
    let mut with_comments = None;
    let mut paths = Vec::with_capacity(posts);
    for n in 0..posts {
        let tags = [TAGS[n % 8], TAGS[(n + 3) % 8], TAGS[(n + 5) % 8]].join(", ");
        let post = NewPost::new(
            site.clone(),
            Title::parse(&format!("Benchmark post number {n}")).map_err(|e| e.0)?,
            Rendered::of(Body::parse(&body(n)).map_err(|e| e.0)?).map_err(|e| e.0)?,
            Tags::parse(&tags).map_err(|e| e.0)?,
            admin.id,
            admin.display_name.clone(),
            now(),
            true,
        );
        let post = store.create_post(post).await.map_err(|e| e.to_string())?;
        paths.push(format!("/posts/{}", post.slug.as_str()));
        if n + 1 == posts {
            with_comments = Some(post);
        }
    }
    let post = with_comments.ok_or("no post")?;
    for i in 0..5 {
        let comment = NewComment::new(
            CommentedPost {
                id: post.id,
                slug: post.slug.as_str().to_owned(),
                title: post.title.as_str().to_owned(),
            },
            None,
            Commenter::Member {
                id: admin.id,
                name: admin.display_name.clone(),
            },
            CommentBody::parse(&format!(
                "Comment {i}: a *short* remark about `partitions`, with [a link](https://example.com)."
            ))
            .map_err(|e| e.0)?,
            CommentState::Approved,
            now(),
        );
        store
            .add_comment(&site, &comment)
            .await
            .map_err(|e| e.to_string())?;
    }
    println!("/posts/{}", post.slug.as_str());
    println!("/tags/{}", TAGS[0]);
    println!("{}", admin.email.as_str());
    if let Some(file) = paths_file {
        std::fs::write(file, paths.join("\n") + "\n").map_err(|e| format!("{file}: {e}"))?;
    }
    Ok(())
}
