//! What tests are made of: accounts, posts, edits and files, built one way for every
//! test (a test names only what it cares about).

use crate::helpers::{TestApp, TestStore, unique_name};
use sibyl::domain::password::{Password, PasswordHash};
use sibyl::domain::post::Body;
use sibyl::domain::{
    Email, NewPost, NewUser, Post, PostEdit, Role, Slug, Tags, Title, User, UserId, Username, now,
};
use std::sync::OnceLock;
use uuid::Uuid;

/// One argon2id hash for every test account: hashing is deliberately slow.
pub fn password_hash() -> PasswordHash {
    static HASH: OnceLock<PasswordHash> = OnceLock::new();
    HASH.get_or_init(|| Password::parse("correct horse battery").unwrap().hash())
        .clone()
}

/// A reader's account, shown under its user name.
pub fn new_user(username: &str, email: &str) -> NewUser {
    NewUser {
        id: UserId::new(),
        username: Username::parse(username).unwrap(),
        email: Email::parse(email).unwrap(),
        display_name: username.to_owned(),
        role: Role::Reader,
        password_hash: password_hash(),
        created: now(),
    }
}

/// A reader's account under a name no other test uses.
pub fn fresh_user() -> NewUser {
    let name = unique_name("u");
    new_user(&name, &format!("{name}@example.com"))
}

/// Creates an account with `role`, shown as `display_name`, under a fresh user name.
pub async fn user(t: &TestStore, role: Role, display_name: &str) -> User {
    let new = NewUser {
        role,
        display_name: display_name.to_owned(),
        ..fresh_user()
    };
    t.store.create_user(new).await.unwrap()
}

/// A post by `by` on the test's site, written at `at`.
pub fn new_post(
    t: &TestStore,
    by: &User,
    title: &str,
    body: &str,
    tags: &str,
    at: chrono::DateTime<chrono::Utc>,
    publish: bool,
) -> NewPost {
    NewPost::new(
        t.site.clone(),
        Title::parse(title).unwrap(),
        sibyl::domain::post::Rendered::of(Body::parse(body).unwrap()).unwrap(),
        Tags::parse(tags).unwrap(),
        by.id,
        by.display_name.clone(),
        at,
        publish,
    )
}

/// Creates and publishes a post by `by`, now.
pub async fn post(t: &TestStore, by: &User, title: &str, body: &str, tags: &str) -> Post {
    t.store
        .create_post(new_post(t, by, title, body, tags, now(), true))
        .await
        .unwrap()
}

/// A published post on an app's site by `by`, written at `at`, without tags.
pub fn new_post_on(
    app: &TestApp,
    by: &User,
    title: &str,
    at: chrono::DateTime<chrono::Utc>,
) -> NewPost {
    NewPost::new(
        app.site.clone(),
        Title::parse(title).unwrap(),
        sibyl::domain::post::Rendered::of(Body::parse("Some text.").unwrap()).unwrap(),
        Tags::default(),
        by.id,
        by.display_name.clone(),
        at,
        true,
    )
}

/// A save by `by` from revision `base`, now.
pub fn edit(base: u32, by: &User, title: &str, body: &str, tags: &str, message: &str) -> PostEdit {
    PostEdit::new(
        base,
        Title::parse(title).unwrap(),
        sibyl::domain::post::Rendered::of(Body::parse(body).unwrap()).unwrap(),
        Tags::parse(tags).unwrap(),
        by.id,
        by.display_name.clone(),
        now(),
        message.to_owned(),
    )
}

/// The post a page of the app's site shows, read from the store.
pub async fn post_of(app: &TestApp, path: &str) -> Post {
    let slug = Slug::parse(path.trim_start_matches("/posts/")).unwrap();
    app.store
        .post_by_slug(&app.site, &slug)
        .await
        .unwrap()
        .unwrap()
}

/// Differs from run to run: the Cassandra keyspace outlives a test run, and originals
/// are deduplicated across all of it, so the same bytes must not come back next time.
fn salt() -> u64 {
    static SALT: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *SALT.get_or_init(|| Uuid::new_v4().as_u64_pair().0)
}

pub fn random_bytes(n: usize, seed: u64) -> Vec<u8> {
    let mut x = (seed ^ salt())
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407)
        | 1;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 24) as u8
        })
        .collect()
}

/// An image no earlier run made (see [`salt`]).
pub fn png(width: u32, height: u32, seed: u8) -> Vec<u8> {
    let noise = random_bytes(3, u64::from(seed));
    let img = image::RgbImage::from_fn(width, height, |x, y| {
        if (x, y) == (0, 0) {
            image::Rgb([noise[0], noise[1], noise[2]])
        } else {
            image::Rgb([
                (x as u8).wrapping_add(seed),
                (y as u8).wrapping_mul(3),
                seed,
            ])
        }
    });
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

pub fn jpeg(width: u32, height: u32) -> Vec<u8> {
    let noise = random_bytes(1, u64::from(width) << 32 | u64::from(height))[0];
    let img = image::RgbImage::from_fn(width, height, |x, y| {
        image::Rgb([
            (x % 256) as u8,
            (y % 256) as u8,
            ((x + y) % 256) as u8 ^ noise,
        ])
    });
    let mut out = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 85)
        .encode_image(&img)
        .unwrap();
    out
}

/// A PNG of 1x1 whose header says 100000x100000: a decompression bomb's signature.
pub fn png_bomb() -> Vec<u8> {
    let mut data = png(1, 1, 0);
    // IHDR's width and height are bytes 16..24; its CRC (bytes 29..33) must match.
    data[16..20].copy_from_slice(&100_000u32.to_be_bytes());
    data[20..24].copy_from_slice(&100_000u32.to_be_bytes());
    let crc = crc32(&data[12..29]);
    data[29..33].copy_from_slice(&crc.to_be_bytes());
    data
}

fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFFu32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// Makes `n` drafts by `by` through the store (the rows the editor makes), 16 at a time.
pub async fn drafts(
    store: &dyn sibyl::store::Store,
    site: &sibyl::domain::Site,
    by: &User,
    n: usize,
) {
    use futures_util::{StreamExt, stream};
    let made: Vec<_> = stream::iter(0..n)
        .map(|i| {
            store.create_post(NewPost::new(
                site.clone(),
                Title::parse(&format!("Filler {i}")).unwrap(),
                sibyl::domain::post::Rendered::of(Body::parse("Later.").unwrap()).unwrap(),
                Tags::default(),
                by.id,
                by.display_name.clone(),
                now(),
                false,
            ))
        })
        .buffer_unordered(16)
        .collect()
        .await;
    assert!(made.iter().all(Result::is_ok));
}
