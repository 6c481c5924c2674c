//! `sibyl import wordpress` and `sibyl import ghost`, through the library as the command
//! calls them, on both stores: the hand-written exports in `tests/fixtures` (every
//! element the readers take, the states they skip, elements they do not know), with their
//! images served by the test's own server on loopback and fetched through the binary
//! service. A second run changes nothing and fetches nothing; a cut-short, foreign or
//! too-new export is refused before anything is written.

use crate::both_stores;
use crate::fixtures;
use crate::helpers::{TestStore, unique_name};
use actix_web::{App, HttpResponse, HttpServer, web};
use sibyl::backup::moving_in::{Files, Report, move_in};
use sibyl::backup::{BackupError, ghost, wordpress};
use sibyl::binaries::fetch::{FetchPolicy, Fetcher, Network};
use sibyl::binaries::{Binaries, BinaryLimits, Status};
use sibyl::domain::user::Login;
use sibyl::domain::{PostKind, PostStatus, Role, Site, Slug, User, now};
use sibyl::store::Store;
use sibyl::store::binaries::Context;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A server of PNG images at any path, counting the requests.
async fn origin() -> (String, Arc<AtomicUsize>) {
    let hits = Arc::new(AtomicUsize::new(0));
    let counted = web::Data::new(Arc::clone(&hits));
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let server = HttpServer::new(move || {
        App::new()
            .app_data(counted.clone())
            .default_service(web::to(|hits: web::Data<Arc<AtomicUsize>>| async move {
                hits.fetch_add(1, Ordering::SeqCst);
                HttpResponse::Ok()
                    .content_type("image/png")
                    .body(fixtures::png(40, 30, 7))
            }))
    })
    .workers(1)
    .listen(listener)
    .unwrap()
    .run();
    tokio::spawn(server);
    // A path of this origin's own (see `origin_path`).
    let path = crate::helpers::origin_path();
    (format!("http://127.0.0.1:{port}{path}"), hits)
}

pub struct Mover {
    pub binaries: Binaries,
    fetcher: Fetcher,
    pub run: String,
    pub origin: String,
    hits: Arc<AtomicUsize>,
}

impl Mover {
    pub async fn new(store: &dyn Store) -> Self {
        let (origin, hits) = origin().await;
        let fetcher = Fetcher::new(FetchPolicy {
            allow: vec![Network::parse("127.0.0.1").unwrap()],
            ..FetchPolicy::default()
        })
        .unwrap();
        Self {
            binaries: Binaries::new(store.binaries(), BinaryLimits::default()),
            fetcher,
            run: unique_name("r").replace('_', ""),
            origin,
            hits,
        }
    }

    /// A fixture with this run's names and this test's server in it.
    pub fn fixture(&self, name: &str) -> String {
        let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(path)
            .unwrap()
            .replace("RUN", &self.run)
            .replace("ORIGIN", &self.origin)
    }

    pub async fn wordpress(
        &self,
        store: &dyn Store,
        site: &Site,
        xml: &str,
    ) -> Result<Report, BackupError> {
        let blog = wordpress::read(xml, site)?;
        self.write(store, site, blog).await
    }

    async fn ghost(
        &self,
        store: &dyn Store,
        site: &Site,
        json: &str,
    ) -> Result<Report, BackupError> {
        let from = url::Url::parse(&self.origin).unwrap();
        let blog = ghost::read(json, site, Some(&from))?;
        self.write(store, site, blog).await
    }

    async fn write(
        &self,
        store: &dyn Store,
        site: &Site,
        blog: sibyl::backup::moving_in::Blog,
    ) -> Result<Report, BackupError> {
        let files = Files {
            binaries: &self.binaries,
            fetcher: &self.fetcher,
        };
        let items = blog.posts.len() as u64;
        let mut steps = Vec::new();
        let report = move_in(store, site, &files, blog, &mut |done, total, _| {
            steps.push((done, total))
        })
        .await?;
        assert!(
            steps.windows(2).all(|w| w[0].0 <= w[1].0) && steps.iter().all(|s| s.1 == items),
            "{steps:?}"
        );
        assert_eq!(
            steps.last().copied(),
            Some((items, items)),
            "the progress ends at the total"
        );
        Ok(report)
    }

    async fn account(&self, t: &TestStore, name: &str) -> User {
        let email = format!("{name}@{}.example.com", self.run);
        t.store
            .user_by_login(&Login::parse(&email).unwrap())
            .await
            .unwrap()
            .unwrap_or_else(|| panic!("no account for {email}"))
    }
}

pub async fn set_up(t: &TestStore) -> User {
    let name = unique_name("admin");
    t.store
        .create_first_admin(
            &t.site,
            sibyl::domain::NewUser {
                role: Role::Admin,
                ..fixtures::new_user(&name, &format!("{name}@example.com"))
            },
        )
        .await
        .unwrap()
}

async fn post(t: &TestStore, slug: &str) -> sibyl::domain::Post {
    t.store
        .post_by_slug(&t.site, &Slug::parse(slug).unwrap())
        .await
        .unwrap()
        .unwrap_or_else(|| panic!("no post at {slug}"))
}

async fn thread(
    t: &TestStore,
    post: &sibyl::domain::Post,
) -> Vec<sibyl::domain::comment::ThreadComment> {
    t.store
        .comment_page(&t.site, post.id, None, 100)
        .await
        .unwrap()
        .comments
}

fn at(text: &str) -> chrono::DateTime<chrono::Utc> {
    chrono::DateTime::parse_from_rfc3339(text)
        .unwrap()
        .with_timezone(&chrono::Utc)
}

fn no_password(user: &User) -> bool {
    !user.password_hash.as_str().starts_with("$argon2")
}

async fn a_wordpress_export_moves_in_once(t: TestStore) {
    let mover = Mover::new(t.store.as_ref()).await;
    let xml = mover.fixture("wordpress.xml");

    // Refused before anything is written: a site not set up, a file cut short, another
    // format, a WXR version this Sibyl does not know.
    let refused = mover
        .wordpress(t.store.as_ref(), &t.site, &xml)
        .await
        .unwrap_err();
    assert!(refused.to_string().contains("not set up"), "{refused}");
    set_up(&t).await;
    let cut = &xml[..xml.find("<title><![CDATA[About]]>").unwrap()];
    let refused = mover
        .wordpress(t.store.as_ref(), &t.site, cut)
        .await
        .unwrap_err()
        .to_string();
    assert!(refused.contains("cut short"), "{refused}");
    let refused = mover
        .wordpress(t.store.as_ref(), &t.site, "<feed><entry/></feed>")
        .await
        .unwrap_err()
        .to_string();
    assert!(refused.contains("not a WordPress export"), "{refused}");
    let newer = xml.replace(
        "<wp:wxr_version>1.2</wp:wxr_version>",
        "<wp:wxr_version>2.0</wp:wxr_version>",
    );
    let refused = mover
        .wordpress(t.store.as_ref(), &t.site, &newer)
        .await
        .unwrap_err()
        .to_string();
    assert!(refused.contains("WXR version 2.0"), "{refused}");
    assert_eq!(mover.hits.load(Ordering::SeqCst), 0);
    assert!(
        t.store
            .post_by_slug(&t.site, &Slug::parse("hello-world").unwrap())
            .await
            .unwrap()
            .is_none()
    );

    // Ada has an account here already, as a reader: her posts go to it.
    let ada = t
        .store
        .create_user(sibyl::domain::NewUser {
            role: Role::Reader,
            ..fixtures::new_user(
                &unique_name("ada"),
                &format!("ada@{}.example.com", mover.run),
            )
        })
        .await
        .unwrap();
    let report = mover
        .wordpress(t.store.as_ref(), &t.site, &xml)
        .await
        .unwrap();
    assert_eq!((report.posts, report.pages, report.new_posts), (5, 1, 6));
    assert_eq!((report.comments, report.new_comments), (3, 3));
    assert_eq!((report.users_created, report.users_matched), (1, 1));
    assert_eq!((report.files, report.new_files), (2, 2));
    for (why, n) in [
        ("posts in the trash", 1),
        ("spam comments", 1),
        ("pingbacks and trackbacks", 1),
        ("comments awaiting moderation", 1),
        ("comments in the trash", 1),
        ("items of type \"nav_menu_item\" (not posts or pages)", 1),
        ("attachments no imported post uses", 1),
        ("terms of the taxonomy \"series\"", 1),
        ("excerpts (Sibyl makes one from the text)", 1),
        ("sticky flags (Sibyl has none)", 1),
    ] {
        assert_eq!(report.skipped.get(why), Some(&n), "{why}: {report:#?}");
    }
    for what in [
        "private posts kept as drafts",
        "password-protected posts kept as drafts",
        "readers made authors to keep their posts",
        "featured images put at the top of the text",
    ] {
        assert_eq!(report.changed.get(what), Some(&1), "{what}: {report:#?}");
    }
    assert_eq!(
        report.unknown.keys().collect::<Vec<_>>(),
        vec![
            "<wp:future_thing> in <channel>",
            "<wp:unknown_item_field> in <item>"
        ]
    );
    assert!(report.describe().contains("1 × posts in the trash"));

    // The site took the old one's name and language.
    let identity = t.store.site_identity(&t.site).await.unwrap();
    assert_eq!(identity.title, "Old River Notes");
    assert_eq!(identity.tagline, "Notes from the old blog & its rivers");
    assert_eq!(identity.language.code(), "en_US");

    // Authors: Ada's account (now an author), Bob's made without a password.
    let ada = t.store.user(ada.id).await.unwrap().unwrap();
    assert_eq!(ada.role, Role::Author);
    let bob = mover.account(&t, "bob").await;
    assert_eq!(bob.role, Role::Author);
    assert_eq!(bob.username.as_str(), format!("bob-{}", mover.run));
    assert_eq!(bob.display_name, "Bob Builder");
    assert!(no_password(&bob));

    // The published post: its date, slug, tags, byline, the picture fetched into it.
    let hello = post(&t, "hello-world").await;
    assert_eq!(hello.title.as_str(), "Hello, Wörld");
    assert_eq!(hello.status, PostStatus::Published);
    assert_eq!(hello.published, Some(at("2020-01-15T10:00:00Z")));
    assert_eq!(hello.author_id, ada.id);
    assert_eq!(hello.tags.to_strings(), ["news events", "rivers", "maps"]);
    assert!(!hello.comments_closed);
    let references = mover
        .binaries
        .store
        .references_in(&t.site, &Context::post(hello.id))
        .await
        .unwrap();
    assert_eq!(references.len(), 1);
    let photo = &references[0];
    assert_eq!(
        photo.url.as_deref(),
        Some(format!("{}/wp-content/uploads/2020/01/photo.png", mover.origin).as_str())
    );
    assert_eq!(photo.owner, ada.id);
    let original = mover
        .binaries
        .store
        .original(photo.original)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(original.status, Status::Ok);
    let body = hello.body.as_str();
    assert!(!body.contains(&mover.origin), "{body}");
    assert_eq!(body.matches(&format!("/binary/{}", photo.id)).count(), 2);
    assert!(body.contains("<figcaption>The river in January</figcaption>"));
    assert!(!hello.body_html.contains("<script"), "{}", hello.body_html);
    assert!(hello.body_html.contains("<strong>bold</strong>"));

    // Its approved comments: a guest's, Bob's reply as Bob, a reply to the reply in the
    // same thread, at their times.
    let comments = thread(&t, &hello).await;
    assert_eq!(comments.len(), 3, "{comments:#?}");
    let carol = &comments[0];
    assert_eq!(carol.author_name, "Carol Guest");
    assert_eq!(carol.author_id, None);
    assert_eq!(carol.id.time(), at("2020-01-16T08:30:00Z"));
    let reply = &comments[1];
    assert_eq!(reply.author_id, Some(bob.id));
    assert_eq!((reply.thread, reply.parent), (carol.id, Some(carol.id)));
    let deeper = &comments[2];
    assert_eq!((deeper.thread, deeper.parent), (carol.id, Some(reply.id)));
    assert!(deeper.body_html.contains("reply to the reply"));

    // The rest: the page, a password-protected and a private post as drafts, a
    // scheduled one, a slug WordPress percent-encoded.
    let about = post(&t, "about").await;
    assert_eq!(about.kind, PostKind::Page);
    assert!(about.comments_closed);
    assert_eq!(about.published, Some(at("2020-01-01T10:00:00Z")));
    let secret = post(&t, "a-draft-with-a-secret").await;
    assert_eq!(
        (secret.status, secret.author_id),
        (PostStatus::Draft, bob.id)
    );
    assert!(
        secret
            .body
            .as_str()
            .starts_with("<figure><img src=\"/binary/"),
        "its featured image, not in its text, put on top: {}",
        secret.body.as_str()
    );
    assert_eq!(post(&t, "only-for-me").await.status, PostStatus::Draft);
    let later = post(&t, "coming-in-2030").await;
    assert_eq!(
        (later.status, later.scheduled),
        (PostStatus::Draft, Some(at("2030-01-01T09:00:00Z")))
    );
    assert_eq!(post(&t, "日記").await.body.as_str(), "今日は川を見た。");
    assert!(
        t.store
            .post_by_slug(&t.site, &Slug::parse("binned-trashed").unwrap())
            .await
            .unwrap()
            .is_none()
    );

    // Done on the site since: a post withdrawn, a schedule cancelled, a page deleted.
    t.store.unpublish_post(&t.site, hello.id).await.unwrap();
    t.store
        .schedule_post(&t.site, later.id, None)
        .await
        .unwrap();
    t.store.delete_post(&t.site, about.id).await.unwrap();

    // Again: the same ids, nothing new, nothing fetched, nothing undone.
    let hits = mover.hits.load(Ordering::SeqCst);
    let again = mover
        .wordpress(t.store.as_ref(), &t.site, &xml)
        .await
        .unwrap();
    assert_eq!((again.posts, again.pages, again.new_posts), (5, 0, 0));
    assert_eq!(
        again
            .skipped
            .get("posts deleted here since an earlier import"),
        Some(&1)
    );
    assert_eq!((again.comments, again.new_comments), (3, 0));
    assert_eq!((again.users_created, again.users_matched), (0, 1));
    assert_eq!((again.files, again.new_files), (2, 0));
    assert_eq!(mover.hits.load(Ordering::SeqCst), hits);
    let same = post(&t, "hello-world").await;
    assert_eq!(
        (same.id, same.revision, &same.body),
        (hello.id, 1, &hello.body)
    );
    assert_eq!(same.status, PostStatus::Draft, "still withdrawn");
    assert_eq!(post(&t, "coming-in-2030").await.scheduled, None);
    assert!(
        t.store
            .post_by_slug(&t.site, &Slug::parse("about").unwrap())
            .await
            .unwrap()
            .is_none()
    );
    assert_eq!(thread(&t, &same).await.len(), 3);
    let moderation = t.store.comment_state_counts(&t.site).await.unwrap();
    assert_eq!((moderation.approved, moderation.pending), (3, 0));
}

async fn a_ghost_export_moves_in_once(t: TestStore) {
    let mover = Mover::new(t.store.as_ref()).await;
    let json = mover.fixture("ghost.json");
    let refused = mover
        .ghost(t.store.as_ref(), &t.site, "{\"db\": [")
        .await
        .unwrap_err()
        .to_string();
    assert!(refused.contains("not a readable Ghost export"), "{refused}");
    let refused = mover
        .ghost(t.store.as_ref(), &t.site, "{\"posts\": []}")
        .await
        .unwrap_err()
        .to_string();
    assert!(refused.contains("not a Ghost export"), "{refused}");
    let newer = json.replace("\"version\": \"5.75.0\"", "\"version\": \"9.0.0\"");
    let refused = mover
        .ghost(t.store.as_ref(), &t.site, &newer)
        .await
        .unwrap_err()
        .to_string();
    assert!(refused.contains("Ghost 9.0.0"), "{refused}");
    let unset = mover
        .ghost(t.store.as_ref(), &t.site, &json)
        .await
        .unwrap_err();
    assert!(unset.to_string().contains("not set up"), "{unset}");
    assert_eq!(mover.hits.load(Ordering::SeqCst), 0, "nothing fetched");
    assert!(
        t.store
            .user_by_login(&Login::parse(&format!("gina@{}.example.com", mover.run)).unwrap())
            .await
            .unwrap()
            .is_none(),
        "nothing written"
    );
    set_up(&t).await;
    // Someone here has the user name Hal had: he gets the next free one.
    let taken = format!("hal-{}", mover.run);
    t.store
        .create_user(fixtures::new_user(&taken, &format!("{taken}@example.net")))
        .await
        .unwrap();

    let report = mover.ghost(t.store.as_ref(), &t.site, &json).await.unwrap();
    assert_eq!((report.posts, report.pages, report.new_posts), (6, 1, 7));
    assert_eq!((report.comments, report.new_comments), (2, 2));
    assert_eq!((report.users_created, report.users_matched), (2, 0));
    assert_eq!((report.files, report.new_files), (3, 3));
    assert_eq!(
        report
            .skipped
            .get("authors with no post or comment brought in"),
        Some(&1)
    );
    assert!(
        t.store
            .user_by_login(&Login::parse(&format!("ivy@{}.example.com", mover.run)).unwrap())
            .await
            .unwrap()
            .is_none(),
        "no account for a user who wrote nothing"
    );
    assert_eq!(report.skipped.get("internal tags"), Some(&1));
    assert_eq!(
        report.skipped.get("comments in the state \"hidden\""),
        Some(&1)
    );
    assert_eq!(
        report.skipped.get("featured flags (Sibyl has none)"),
        Some(&1)
    );
    for what in [
        "posts for members only kept as drafts",
        "posts sent only by e-mail kept as drafts",
        "feature images put at the top of the text",
        "posts without a title called \"Untitled\"",
        "authors given another user name (theirs was taken)",
    ] {
        assert_eq!(report.changed.get(what), Some(&1), "{what}: {report:#?}");
    }
    assert_eq!(
        report.unknown.keys().collect::<Vec<_>>(),
        vec!["rows of the table \"newsletters\""]
    );
    let identity = t.store.site_identity(&t.site).await.unwrap();
    assert_eq!(
        (identity.title.as_str(), identity.language.code().as_str()),
        ("Ghostly Rivers", "fr")
    );

    let gina = mover.account(&t, "gina").await;
    assert_eq!(gina.username.as_str(), format!("gina-{}", mover.run));
    assert!(no_password(&gina));
    let hal = mover.account(&t, "hal").await;
    assert_eq!(hal.username.as_str(), format!("{taken}-2"));
    let floods = post(&t, "floods-of-spring").await;
    assert_eq!(floods.author_id, gina.id, "the first of the byline");
    assert_eq!(floods.published, Some(at("2023-03-01T12:00:00Z")));
    assert_eq!(floods.tags.to_strings(), ["rivers", "spring summer"]);
    let references = mover
        .binaries
        .store
        .references_in(&t.site, &Context::post(floods.id))
        .await
        .unwrap();
    assert_eq!(references.len(), 2, "the picture and the cover");
    let body = floods.body.as_str();
    assert!(!body.contains("__GHOST_URL__") && !body.contains("/content/images/"));
    assert!(body.contains(&format!("{}/other-post/", mover.origin)));
    assert!(body.starts_with("<figure><img src=\"/binary/"));
    assert!(body.contains("alt=\"The &quot;cover&quot;\""));
    let comments = thread(&t, &floods).await;
    assert_eq!(comments.len(), 2);
    assert_eq!(comments[0].author_name, "Mia Member");
    assert!(
        comments[0].body_html.contains("So much water!") && !comments[0].body_html.contains("&lt;"),
        "{}",
        comments[0].body_html
    );
    assert_eq!(comments[1].author_name, "Anonymous");
    assert_eq!(comments[1].parent, Some(comments[0].id));

    let about = post(&t, "about-us").await;
    assert_eq!(about.kind, PostKind::Page);
    assert!(
        about.body.as_str().contains("<img src=\"/binary/"),
        "{}",
        about.body.as_str()
    );
    let draft = post(&t, "untitled-draft").await;
    assert_eq!(
        (draft.title.as_str(), draft.status, draft.author_id),
        ("Untitled", PostStatus::Draft, hal.id)
    );
    assert_eq!(post(&t, "members").await.status, PostStatus::Draft);
    assert_eq!(post(&t, "newsletter-only").await.status, PostStatus::Draft);
    assert_eq!(
        post(&t, "next-year").await.scheduled,
        Some(at("2031-06-01T10:00:00Z"))
    );
    let old = post(&t, "old-markdown").await;
    assert_eq!(
        (old.author_id, old.published, old.body.as_str()),
        (hal.id, Some(at("2014-01-01T01:00:00Z")), "An *old* post.")
    );

    let hits = mover.hits.load(Ordering::SeqCst);
    let again = mover.ghost(t.store.as_ref(), &t.site, &json).await.unwrap();
    assert_eq!(
        (again.new_posts, again.new_comments, again.new_files),
        (0, 0, 0)
    );
    assert_eq!(again.files, 3, "found again by their URLs");
    assert_eq!((again.users_created, again.posts), (0, 6));
    assert_eq!(mover.hits.load(Ordering::SeqCst), hits);
}

/// An import whose process dies half-way (after a post's row, after a comment's row,
/// after a publication) stops with the store's error; run again it finishes, and with
/// the reconciler's pass over what the dead runs began, `sibyl repair` finds nothing.
async fn a_stopped_import_is_finished_by_running_it_again(t: TestStore) {
    let mover = Mover::new(t.store.as_ref()).await;
    let xml = mover.fixture("wordpress.xml");
    set_up(&t).await;
    let faults = sibyl::store::Faults::default();
    let store = sibyl::store::open(
        &t.url,
        sibyl::store::StoreOptions {
            faults: faults.clone(),
            ..Default::default()
        },
    )
    .await
    .unwrap();
    // SQLite writes each step in one transaction: only the steps of the import itself
    // can be cut apart there.
    let points: &[sibyl::store::Fault] = match t.kind {
        crate::helpers::Kind::Sqlite => &[sibyl::store::Fault::CrashAfterUsernameClaim],
        crate::helpers::Kind::Cassandra => &[
            sibyl::store::Fault::CrashAfterUsernameClaim,
            sibyl::store::Fault::CrashAfterPostRow,
            sibyl::store::Fault::CrashAfterPublish,
            sibyl::store::Fault::CrashAfterCommentRow,
        ],
    };
    for &fault in points {
        faults.arm(fault);
        let stopped = mover.wordpress(store.as_ref(), &t.site, &xml).await;
        assert!(
            matches!(&stopped, Err(BackupError::Store(e)) if e.to_string().contains("injected fault")),
            "{fault:?}: {stopped:?}"
        );
    }
    let finished = mover
        .wordpress(store.as_ref(), &t.site, &xml)
        .await
        .unwrap();
    assert_eq!(
        (finished.posts, finished.pages, finished.comments),
        (5, 1, 3)
    );
    assert_eq!(finished.files, 2, "the pictures fetched once, found again");
    assert_eq!(mover.hits.load(Ordering::SeqCst), 2);
    let report = sibyl::app::jobs::reconciler::reconcile(t.store.as_ref(), now())
        .await
        .unwrap();
    assert_eq!(report.failed, 0);
    let repair = t.store.repair(&t.site, false).await.unwrap();
    assert!(repair.findings.is_empty(), "{repair:#?}");
    let hello = post(&t, "hello-world").await;
    assert_eq!(hello.status, PostStatus::Published);
    assert_eq!(thread(&t, &hello).await.len(), 3);
    let home = t
        .store
        .home_page(&t.site, sibyl::store::PageAt::Newest, 20)
        .await
        .unwrap();
    assert_eq!(home.posts.len(), 1, "{:?}", home.posts);
}

/// A WXR 1.0 file lists no authors: the posts go to the site's administrator.
async fn a_wxr_1_0_file_without_authors_goes_to_the_administrator(t: TestStore) {
    let mover = Mover::new(t.store.as_ref()).await;
    let admin = set_up(&t).await;
    let xml = r#"<?xml version="1.0"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.0/">
<channel><title>Old</title><language>en</language><wp:wxr_version>1.0</wp:wxr_version>
<wp:base_site_url>https://RUN.example.org</wp:base_site_url>
<item><title>Tom &amp;amp; Jerry</title><dc:creator>someone</dc:creator>
<content:encoded><![CDATA[<p>Old times.</p>]]></content:encoded>
<wp:post_id>9</wp:post_id><wp:post_date>2008-05-06 07:08:09</wp:post_date>
<wp:post_name>tom-jerry</wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type></item>
</channel></rss>"#
        .replace("RUN", &mover.run);
    let report = mover
        .wordpress(t.store.as_ref(), &t.site, &xml)
        .await
        .unwrap();
    assert_eq!((report.posts, report.users_created), (1, 0));
    assert_eq!(
        report
            .changed
            .get("posts whose author the export does not list given to the administrator"),
        Some(&1)
    );
    let old = post(&t, "tom-jerry").await;
    assert_eq!(
        (old.author_id, old.author_name.as_str(), old.title.as_str()),
        (admin.id, admin.display_name.as_str(), "Tom & Jerry")
    );
    assert_eq!(old.published, Some(at("2008-05-06T07:08:09Z")));
}

/// An imported draft joins its author's desk only while it has room: at the cap of
/// drafts, the drafts left are skipped and counted in the report, and the published
/// posts come in.
async fn drafts_beyond_a_full_desk_are_left_out(t: TestStore) {
    use sibyl::domain::MAX_DRAFTS_PER_AUTHOR;
    let mover = Mover::new(t.store.as_ref()).await;
    let admin = set_up(&t).await;
    fixtures::drafts(t.store.as_ref(), &t.site, &admin, MAX_DRAFTS_PER_AUTHOR - 1).await;
    let item = |id: u32, slug: &str, status: &str| {
        format!(
            "<item><title>{slug}</title><dc:creator>someone</dc:creator>\
             <content:encoded><![CDATA[<p>Text.</p>]]></content:encoded>\
             <wp:post_id>{id}</wp:post_id><wp:post_date>2008-05-06 07:08:09</wp:post_date>\
             <wp:post_name>{slug}</wp:post_name><wp:status>{status}</wp:status>\
             <wp:post_type>post</wp:post_type></item>"
        )
    };
    let xml = format!(
        r#"<?xml version="1.0"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.0/">
<channel><title>Old</title><language>en</language><wp:wxr_version>1.0</wp:wxr_version>
<wp:base_site_url>https://{}.example.org</wp:base_site_url>
{}{}{}
</channel></rss>"#,
        mover.run,
        item(1, "last-room", "draft"),
        item(2, "no-room", "draft"),
        item(3, "out-anyway", "publish"),
    );
    let report = mover
        .wordpress(t.store.as_ref(), &t.site, &xml)
        .await
        .unwrap();
    assert_eq!(
        report.skipped.get(&format!(
            "drafts whose author already keeps {MAX_DRAFTS_PER_AUTHOR} drafts here, the most a desk holds"
        )),
        Some(&1),
        "{report:?}"
    );
    assert_eq!(post(&t, "last-room").await.status, PostStatus::Draft);
    assert_eq!(post(&t, "out-anyway").await.status, PostStatus::Published);
    let none = Slug::parse("no-room").unwrap();
    assert!(
        t.store
            .post_by_slug(&t.site, &none)
            .await
            .unwrap()
            .is_none()
    );
    let drafts = t
        .store
        .drafts_counted(&t.site, admin.id, MAX_DRAFTS_PER_AUTHOR + 5)
        .await
        .unwrap();
    assert_eq!(drafts, MAX_DRAFTS_PER_AUTHOR);
}

/// A site that shows images from its own files only gets the images a post shows from
/// other sites fetched into its files where the address rules allow; the rest stay in
/// the text, listed in the report.
async fn a_site_of_its_own_images_fetches_the_others_images_too(t: TestStore) {
    let mover = Mover::new(t.store.as_ref()).await;
    set_up(&t).await;
    let identity = sibyl::domain::SiteIdentity {
        own_images_only: true,
        ..t.store.site_identity(&t.site).await.unwrap()
    };
    t.store
        .save_site_identity(&t.site, &identity)
        .await
        .unwrap();
    let xml = r#"<?xml version="1.0"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel><title>Old</title><language>en</language><wp:wxr_version>1.2</wp:wxr_version>
<wp:base_site_url>https://RUN.example.org</wp:base_site_url>
<item><title>Birds</title><dc:creator>someone</dc:creator>
<content:encoded><![CDATA[<p>A heron: <img src="ORIGIN/elsewhere/heron.png" alt="heron"></p>
<p>A kite, hosted privately: <img src='http://10.1.2.3/kite.png' alt="kite"></p>

![A swan](ORIGIN/elsewhere/swan.png)]]></content:encoded>
<wp:post_id>9</wp:post_id><wp:post_date>2008-05-06 07:08:09</wp:post_date>
<wp:post_name>birds</wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type></item>
</channel></rss>"#
        .replace("RUN", &mover.run)
        .replace("ORIGIN", &mover.origin);
    let report = mover
        .wordpress(t.store.as_ref(), &t.site, &xml)
        .await
        .unwrap();
    assert_eq!((report.files, report.new_files), (2, 2), "{report:?}");
    let text = post(&t, "birds").await;
    let body = text.body.as_str();
    assert!(!body.contains("/elsewhere/"), "{body}");
    assert_eq!(body.matches("/binary/").count(), 2, "{body}");
    assert!(body.contains("http://10.1.2.3/kite.png"), "{body}");
    let listed: Vec<&String> = report
        .skipped
        .keys()
        .filter(|k| k.contains("http://10.1.2.3/kite.png"))
        .collect();
    assert_eq!(
        listed.len(),
        2,
        "why it was not fetched, and that it stays: {report:?}"
    );
    assert!(
        listed
            .iter()
            .any(|k| k.contains("not shown") && k.contains("birds")),
        "{report:?}"
    );
}

both_stores!(
    drafts_beyond_a_full_desk_are_left_out,
    a_site_of_its_own_images_fetches_the_others_images_too,
    a_wxr_1_0_file_without_authors_goes_to_the_administrator,
    a_wordpress_export_moves_in_once,
    a_ghost_export_moves_in_once,
);
both_stores!(
    reconciling:
    a_stopped_import_is_finished_by_running_it_again => "sibyl_stopped_import_test",
);
