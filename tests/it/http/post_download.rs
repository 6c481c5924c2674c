//! Authors download their own posts as Markdown files in a zip, on both stores: published
//! posts, drafts and pages (an administrator's), each with front matter a YAML reader reads
//! back to the same title, slug, status and tags, and the Markdown exactly as written;
//! nobody else's posts; the rate limit.

use crate::helpers::{TestApp, TestStore, location, spawn_app_with};
use sibyl::web::Limit;
use std::collections::BTreeMap;
use std::io::Read;
use yaml_rust2::{Yaml, YamlLoader};

/// The archive's files, by name.
async fn download(app: &TestApp) -> BTreeMap<String, String> {
    let response = app.get("/desk/download").await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "application/zip");
    let disposition = response.headers()["content-disposition"].to_str().unwrap();
    assert!(
        disposition.starts_with("attachment; filename=\"") && disposition.ends_with("-posts.zip\""),
        "{disposition}"
    );
    let bytes = response.bytes().await.unwrap();
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).expect("a whole zip");
    let mut files = BTreeMap::new();
    for i in 0..archive.len() {
        let mut file = archive.by_index(i).unwrap();
        let mut text = String::new();
        file.read_to_string(&mut text).unwrap();
        files.insert(file.name().unwrap().into_owned(), text);
    }
    files
}

/// A file's front matter, read as YAML, and its body.
fn read(file: &str) -> (Yaml, String) {
    let rest = file.strip_prefix("---\n").expect("front matter first");
    let (front, body) = rest.split_once("\n---\n\n").expect("front matter closed");
    let yaml = YamlLoader::load_from_str(front).expect("YAML").remove(0);
    (yaml, body.to_owned())
}

async fn authors_download_their_own_posts(t: TestStore) {
    let app = spawn_app_with(t, |config| {
        config.rate_limits.download_per_account = Limit {
            max: 2,
            window: std::time::Duration::from_secs(3600),
        };
    })
    .await;
    app.set_up().await;
    let (author, _, _) = app.an_author().await;
    // Titles and bodies that would break front matter written carelessly.
    let title = "Rivers: \"wild\" ones";
    let body = "---\ntitle: not the title\n---\n\nA *river* runs: through it.\n\n    code: yes";
    let made = author.write(title, body, "rivers, maps", "publish").await;
    assert_eq!(made.status(), 303);
    let published = location(&made);
    let slug = published.trim_start_matches("/posts/").to_owned();
    let draft = author
        .write("Half a thought", "To be continued.", "", "draft")
        .await;
    assert_eq!(draft.status(), 303);
    // Someone else's post is not in the author's archive.
    app.publish("The admin's own", "Not the author's.").await;
    let page = app
        .submit(
            "/write?kind=page",
            "/write",
            &[
                ("title", "About"),
                ("body", "Who we are."),
                ("tags", ""),
                ("kind", "page"),
                ("action", "publish"),
            ],
        )
        .await;
    assert_eq!(page.status(), 303);

    let desk = author.get_html("/desk").await;
    assert!(desk.contains("href=\"/desk/download\""), "{desk}");
    let files = download(&author).await;
    let names: Vec<&str> = files.keys().map(String::as_str).collect();
    let today = chrono::Utc::now().format("%Y-%m-%d").to_string();
    let post_name = format!("posts/{today}-{slug}.md");
    assert_eq!(
        names,
        vec!["drafts/half-a-thought.md", post_name.as_str()],
        "{names:?}"
    );
    let (front, text) = read(&files[&post_name]);
    assert_eq!(front["title"].as_str(), Some(title));
    assert_eq!(front["slug"].as_str(), Some(slug.as_str()));
    assert_eq!(front["status"].as_str(), Some("published"));
    assert_eq!(front["kind"].as_str(), Some("post"));
    assert_eq!(front["revision"].as_i64(), Some(1));
    assert!(front["date"].as_str().unwrap().starts_with(&today));
    let tags: Vec<&str> = front["tags"]
        .as_vec()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap())
        .collect();
    assert_eq!(tags, ["rivers", "maps"]);
    assert_eq!(text.trim_end(), body.replace("\r\n", "\n").trim_end());
    let (front, text) = read(&files["drafts/half-a-thought.md"]);
    assert_eq!(front["status"].as_str(), Some("draft"));
    assert!(
        front["date"].is_badvalue(),
        "a draft has no publication date"
    );
    assert_eq!(text, "To be continued.\n");

    // The administrator's archive has their post and their page, not the author's.
    let admin_files = download(&app).await;
    let admin_names: Vec<&str> = admin_files.keys().map(String::as_str).collect();
    assert_eq!(admin_names.len(), 2, "{admin_names:?}");
    assert!(admin_names.contains(&"pages/about.md"), "{admin_names:?}");
    assert!(
        admin_names
            .iter()
            .any(|n| n.starts_with("posts/") && n.ends_with("-the-admin-s-own.md")),
        "{admin_names:?}"
    );
    assert_eq!(
        read(&admin_files["pages/about.md"]).0["kind"].as_str(),
        Some("page")
    );

    // A reader has no desk to download.
    let (reader, _) = app.sign_up("a long enough password").await;
    assert_eq!(reader.get("/desk/download").await.status(), 403);
    // Two downloads an hour here: the third waits.
    download(&author).await;
    let third = author.get("/desk/download").await;
    assert_eq!(third.status(), 429);
    assert!(third.headers().contains_key("retry-after"));
}

use crate::both_stores;
both_stores!(authors_download_their_own_posts);
