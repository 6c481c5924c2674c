//! The Markdown benchmark's helper (`scripts/bench-markdown`).
//!
//! `markdown_bench render [ROUNDS]`: renders each of the worst texts that fit in a post's
//! 256 KiB (nesting attacks, which are refused, and the heaviest texts accepted) as the
//! editor does when a text is saved or previewed, ROUNDS times (5 unless told), and
//! prints one tab-separated line per text: its name, bytes, whether it was accepted, the
//! median and the slowest milliseconds, and the bytes of HTML it renders to.
//!
//! `markdown_bench seed STORE_URL SITE_URL KIND`: seeds a site with an administrator and
//! 20 published posts of one kind: `heavy` (the heaviest text accepted), `prose` (as
//! many bytes of plain paragraphs), `ordinary` (600 words, as `scripts/bench` seeds) or
//! `before` (quotes 25,000 deep with the HTML the renderer stored before texts were
//! bounded, as a site written then still has them).

// Tests and benchmark helpers: a failed unwrap is the run failing, with its message.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use sibyl::domain::markdown::MAX_ELEMENTS;
use sibyl::domain::password::Password;
use sibyl::domain::post::{Body, Rendered};
use sibyl::domain::{Email, NewPost, NewUser, Role, Site, Tags, Title, UserId, Username, now};
use sibyl::store::{self, StoreOptions, StoreUrl};
use std::time::Instant;

const MAX: usize = Body::MAX_BYTES;

/// `piece` repeated to fill a post, then `end`.
fn fill(piece: &str, end: &str) -> String {
    let mut text = piece.repeat((MAX - end.len()) / piece.len());
    text.push_str(end);
    text
}

/// `count` copies of `block` (which makes `per_block` elements), as many as fit under
/// the bound on elements, each padded with words so that together they fill a post.
fn blocks(block: impl Fn(&str) -> String, per_block: usize) -> String {
    let count = (MAX_ELEMENTS - 100) / per_block;
    let bare = block("").len();
    let padding = (MAX - 1 - count * bare) / count;
    let words = "word ".repeat(padding / 5 + 1);
    let text: String = (0..count)
        .map(|_| block(words[..padding].trim_end()))
        .collect();
    text.chars().take(MAX).collect()
}

/// The texts, as large as a post may be: the attacks, and the heaviest texts accepted,
/// which make nearly the most elements allowed at the deepest level allowed.
fn texts() -> Vec<(&'static str, String)> {
    let words = "the cluster keeps every partition small and every read single so that a page \
                 costs one round trip to the replicas ";
    let bold: String = (0..)
        .map(|i| format!("<b id=\"b{i}\">"))
        .take(8000)
        .collect();
    let list: String = (0..15)
        .map(|level| format!("{}- x\n", "  ".repeat(level)))
        .collect();
    vec![
        ("attack: quotes", fill(">", " x")),
        ("attack: lists", fill("- ", "x")),
        ("attack: ordered lists", fill("1. ", "x")),
        ("attack: quoted lists", fill("> - ", "x")),
        ("attack: raw HTML", fill("<div>", "x")),
        (
            "attack: unclosed formatting",
            format!("{bold}{}", fill("\n\nx", ""))
                .chars()
                .take(MAX)
                .collect(),
        ),
        ("emphasis runs", fill("*a **b ", "x")),
        ("link brackets", fill("[", "x")),
        (
            "heaviest accepted: quotes",
            // A paragraph in 31 quotes: 32 elements, at the deepest level allowed.
            blocks(|pad| format!("{} x {pad}\n\n", ">".repeat(31)), 32),
        ),
        (
            "heaviest accepted: lists",
            // Lists 15 deep: 30 elements.
            blocks(|pad| format!("{list}{}  {pad}\n\n", "  ".repeat(15)), 30),
        ),
        (
            "heaviest accepted: tables",
            // A table of 8 columns and 20 rows, and a last row of one cell: 177 cells,
            // 22 rows and 3 parts.
            blocks(
                |pad| {
                    format!(
                        "{}|\n{}|\n{}\n| {pad} |\n\n",
                        "| a ".repeat(8),
                        "|---".repeat(8),
                        format!("{}|\n", "| x ".repeat(8)).repeat(20)
                    )
                },
                200,
            ),
        ),
        ("prose", fill(&format!("{words}\n\n"), "")),
    ]
}

fn render(rounds: usize) -> Result<(), String> {
    println!("text\tbytes\taccepted\tmedian_ms\tslowest_ms\thtml_bytes");
    for (name, text) in texts() {
        let body = Body::parse(&text).map_err(|e| format!("{name}: {}", e.0))?;
        let mut times = Vec::new();
        let mut outcome = None;
        for _ in 0..rounds {
            let started = Instant::now();
            let rendered = Rendered::of(body.clone());
            times.push(started.elapsed().as_secs_f64() * 1000.0);
            outcome = Some(rendered);
        }
        times.sort_by(f64::total_cmp);
        let (accepted, html) = match outcome {
            Some(Ok(r)) => ("yes", r.html.len()),
            _ => ("no", 0),
        };
        println!(
            "{name}\t{}\t{accepted}\t{:.2}\t{:.2}\t{html}",
            text.len(),
            times[times.len() / 2],
            times[times.len() - 1]
        );
    }
    Ok(())
}

/// What the renderer stored for quotes 25,000 deep before texts were bounded.
fn stored_before() -> Rendered {
    let depth = 25_000;
    Rendered {
        body: Body::parse(&format!("{} x", ">".repeat(depth))).expect("fits"),
        html: format!(
            "{}<p>x</p>\n{}",
            "<blockquote>\n".repeat(depth),
            "</blockquote>\n".repeat(depth)
        ),
        excerpt: "x".into(),
    }
}

async fn seed(store_url: &str, site_url: &str, kind: &str) -> Result<(), String> {
    let text = |n: usize| -> Result<Rendered, String> {
        let named = |name: &str| {
            texts()
                .into_iter()
                .find(|(n, _)| *n == name)
                .map(|(_, t)| t)
                .expect("a text of the table")
        };
        let body = match kind {
            "heavy" => named("heaviest accepted: quotes"),
            "prose" => named("prose"),
            "ordinary" => format!(
                "## Part {n}\n\n{}",
                "*Note.* the cluster keeps every partition small and every read single so \
                 that a page costs one round trip to the replicas.\n\n"
                    .repeat(30)
            ),
            "before" => return Ok(stored_before()),
            other => return Err(format!("no such kind of post: {other}")),
        };
        Rendered::of(Body::parse(&body).map_err(|e| e.0)?).map_err(|e| e.0)
    };
    let url = StoreUrl::parse(store_url).map_err(|e| e.0)?;
    let site = Site::parse(site_url).map_err(|e| e.0)?;
    let store = store::open(&url, StoreOptions::default())
        .await
        .map_err(|e| e.to_string())?;
    let name = format!("bench_{}", &uuid::Uuid::new_v4().simple().to_string()[..12]);
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
    for n in 0..20 {
        let post = NewPost::new(
            site.clone(),
            Title::parse(&format!("A {kind} post, number {n}")).map_err(|e| e.0)?,
            text(n)?,
            Tags::default(),
            admin.id,
            admin.display_name.clone(),
            now(),
            true,
        );
        store.create_post(post).await.map_err(|e| e.to_string())?;
    }
    Ok(())
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
        [_, "render"] => render(5),
        [_, "render", rounds] => render(rounds.parse().map_err(|_| "ROUNDS is a number")?),
        [_, "seed", store, site, kind] => seed(store, site, kind).await,
        _ => Err(
            "usage: markdown_bench render [ROUNDS] | markdown_bench seed STORE_URL SITE_URL KIND"
                .into(),
        ),
    }
}
