//! `sibyl export` and `sibyl import sibyl`, through the library as the commands call them:
//! a site made on SQLite (settings, accounts, posts with several revisions and a
//! translation, a draft, an unpublished and a scheduled post, a page, comments in every
//! state, a reply, a guest's) is exported, imported into an empty Cassandra keyspace,
//! exported again, imported into a new SQLite file and exported a third time: the three
//! exports are equal file for file (but for the site's address and the time). Importing
//! again changes nothing; bad folders are refused and change nothing.

use crate::fixtures;
use crate::helpers::TestStore;
use sibyl::backup::{BackupError, Manifest, export::export, restore::restore};
use sibyl::binaries::service::Upload;
use sibyl::binaries::{Binaries, BinaryLimits};
use sibyl::domain::comment::CommentBody;
use sibyl::domain::{
    CommentSettings, CommentState, CommentedPost, Commenter, Locale, NewComment, NewUser,
    PostStatus, Profile, Role, SiteIdentity, now,
};
use sibyl::store::binaries::Context;
use std::path::Path;

async fn seed(t: &TestStore) {
    let store = &t.store;
    let site = &t.site;
    store
        .save_site_identity(
            site,
            &SiteIdentity {
                title: "Rivers".into(),
                tagline: "Where the water goes".into(),
                description: "Notes on rivers.".into(),
                language: Locale::parse("en").unwrap(),
                footer: "© the writers".into(),
                // Carried through every export and import.
                own_images_only: true,
                fediverse_off: true,
                fediverse_pages: true,
                second_factor_for: sibyl::domain::site::SecondFactorPolicy::Staff,
            },
        )
        .await
        .unwrap();
    store
        .save_comment_settings(
            site,
            &CommentSettings {
                guests: true,
                trust_approved: false,
                close_after_days: 30,
                remove_deleted_accounts_comments: true,
            },
        )
        .await
        .unwrap();
    let admin_name = crate::helpers::unique_name("admin");
    let admin = store
        .create_first_admin(
            site,
            NewUser {
                role: Role::Admin,
                ..fixtures::new_user(&admin_name, &format!("{admin_name}@example.com"))
            },
        )
        .await
        .unwrap();
    let author = fixtures::user(t, Role::Author, "Ada Author").await;
    store
        .update_profile(
            author.id,
            &Profile {
                display_name: "Ada Author".into(),
                bio: "Writes about *rivers*.".into(),
                homepage: "https://ada.example".into(),
                image: "https://ada.example/ada.png".into(),
            },
        )
        .await
        .unwrap();
    let reader = fixtures::user(t, Role::Reader, "Rita Reader").await;
    let banned = fixtures::user(t, Role::Reader, "Bo Banned").await;
    store.set_banned(banned.id, true).await.unwrap();

    let day = chrono::Duration::days(1);
    let first = store
        .create_post(fixtures::new_post(
            t,
            &author,
            "The first river",
            "It *flows*.",
            "rivers, maps",
            now() - day * 10,
            true,
        ))
        .await
        .unwrap();
    store
        .save_revision(
            site,
            first.id,
            fixtures::edit(
                1,
                &author,
                "The first river",
                "It flows, *north*.",
                "rivers",
                "north",
            ),
        )
        .await
        .unwrap();
    store
        .save_revision(
            site,
            first.id,
            fixtures::edit(
                2,
                &admin,
                "The first river, edited",
                "It flows north.",
                "rivers, deltas",
                "copy edit",
            ),
        )
        .await
        .unwrap();
    let french = Locale::parse("fr").unwrap();
    store
        .save_translation(
            site,
            first.id,
            &french,
            fixtures::edit(
                0,
                &author,
                "Le premier fleuve",
                "Il coule.",
                "",
                "traduction",
            ),
        )
        .await
        .unwrap();
    store
        .set_translation_status(site, first.id, &french, PostStatus::Published, now())
        .await
        .unwrap();
    store
        .create_post(fixtures::new_post(
            t,
            &author,
            "A draft",
            "Not yet.",
            "",
            now() - day * 3,
            false,
        ))
        .await
        .unwrap();
    // Attachments: a picture on the first post, and the same bytes on a second one
    // (stored once), each shown from its post by its reference.
    let binaries = Binaries::new(store.binaries(), BinaryLimits::default());
    let picture = fixtures::png(30, 20, 3);
    for (post, name) in [
        (first.id, "river.png"),
        (another_post(t, &author).await, "again.png"),
    ] {
        let body = futures_util::stream::once(std::future::ready(Ok::<_, std::io::Error>(
            bytes::Bytes::from(picture.clone()),
        )));
        let upload = Upload {
            site: site.clone(),
            context: Context::post(post),
            owner: author.id,
            name: name.into(),
        };
        binaries.ingest(upload, body).await.unwrap();
    }
    let withdrawn = store
        .create_post(fixtures::new_post(
            t,
            &author,
            "Withdrawn",
            "Was out once.",
            "maps",
            now() - day * 5,
            true,
        ))
        .await
        .unwrap();
    store.unpublish_post(site, withdrawn.id).await.unwrap();
    // Withdrawn, then scheduled to come back.
    store
        .schedule_post(site, withdrawn.id, Some(now() + day * 7))
        .await
        .unwrap();
    let later = store
        .create_post(fixtures::new_post(
            t,
            &admin,
            "Later",
            "Comes out soon.",
            "",
            now() - day,
            false,
        ))
        .await
        .unwrap();
    store
        .schedule_post(site, later.id, Some(now() + day * 3))
        .await
        .unwrap();
    store
        .create_post(
            fixtures::new_post(
                t,
                &admin,
                "About",
                "Who we are.",
                "",
                now() - day * 20,
                true,
            )
            .as_page(),
        )
        .await
        .unwrap();
    let closed = store
        .create_post(fixtures::new_post(
            t,
            &admin,
            "Closed",
            "No comments.",
            "",
            now() - day * 2,
            true,
        ))
        .await
        .unwrap();
    store
        .set_comments_closed(site, closed.id, true)
        .await
        .unwrap();
    // More approved comments than a page of them, on the closed post.
    let on_closed = CommentedPost {
        id: closed.id,
        slug: closed.slug.as_str().to_owned(),
        title: closed.title.as_str().to_owned(),
    };
    for i in 0..105 {
        let at = now() - chrono::Duration::minutes(200 - i);
        let new = NewComment::new(
            on_closed.clone(),
            None,
            Commenter::Member {
                id: reader.id,
                name: reader.display_name.clone(),
            },
            CommentBody::parse(&format!("Comment {i}")).unwrap(),
            CommentState::Approved,
            at,
        );
        store.add_comment(site, &new).await.unwrap();
    }

    let on = CommentedPost {
        id: first.id,
        slug: first.slug.as_str().to_owned(),
        title: first.title.as_str().to_owned(),
    };
    let member = |user: &sibyl::domain::User| Commenter::Member {
        id: user.id,
        name: user.display_name.clone(),
    };
    let comment = |reply_to, author, body: &str, state, minutes_ago: i64| {
        NewComment::new(
            on.clone(),
            reply_to,
            author,
            CommentBody::parse(body).unwrap(),
            state,
            now() - chrono::Duration::minutes(minutes_ago),
        )
    };
    let top = comment(
        None,
        member(&reader),
        "Lovely *river*.",
        CommentState::Approved,
        50,
    );
    store.add_comment(site, &top).await.unwrap();
    let top = store
        .comment(site, first.id, top.id)
        .await
        .unwrap()
        .unwrap();
    for new in [
        comment(
            Some(&top),
            member(&author),
            "Thank you.",
            CommentState::Approved,
            40,
        ),
        comment(
            None,
            Commenter::Guest {
                name: "A guest".into(),
                email: "guest@example.com".into(),
            },
            "Waiting here.",
            CommentState::Pending,
            30,
        ),
        comment(None, member(&reader), "Buy pills", CommentState::Spam, 20),
        comment(
            None,
            member(&reader),
            "Off topic",
            CommentState::Rejected,
            10,
        ),
    ] {
        store.add_comment(site, &new).await.unwrap();
    }
    // The author renames themselves after writing: their posts keep the byline and
    // revisions keep the name they were saved under.
    store
        .update_profile(
            author.id,
            &Profile {
                display_name: "Ada Renamed".into(),
                bio: "Writes about *rivers*.".into(),
                homepage: "https://ada.example".into(),
                image: "https://ada.example/ada.png".into(),
            },
        )
        .await
        .unwrap();
}

/// A post to attach a file to.
async fn another_post(t: &TestStore, author: &sibyl::domain::User) -> sibyl::domain::PostId {
    t.store
        .create_post(fixtures::new_post(
            t,
            author,
            "Pictures",
            "Two of them.",
            "",
            now() - chrono::Duration::days(3),
            true,
        ))
        .await
        .unwrap()
        .id
}

async fn export_to(t: &TestStore, dir: &Path) -> Manifest {
    export(t.store.as_ref(), &t.site, dir, true, &mut |_, _, _| {})
        .await
        .unwrap_or_else(|e| panic!("export: {e}"))
}

fn file(dir: &Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).unwrap()
}

fn assert_same(a: &Path, b: &Path) {
    let bytes = |dir: &Path| {
        let mut all: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir.join("files"))
            .unwrap()
            .map(|e| {
                let e = e.unwrap();
                (
                    e.file_name().to_string_lossy().into_owned(),
                    std::fs::read(e.path()).unwrap(),
                )
            })
            .collect();
        all.sort();
        all
    };
    assert_eq!(bytes(a), bytes(b), "the files' bytes");
    for name in [
        "site.json",
        "users.jsonl",
        "posts.jsonl",
        "comments.jsonl",
        "files.jsonl",
    ] {
        let (left, right) = (file(a, name), file(b, name));
        if left != right {
            let diff: Vec<_> = left
                .lines()
                .zip(right.lines())
                .filter(|(l, r)| l != r)
                .take(3)
                .collect();
            panic!("{name} differs:\n{diff:#?}");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_site_goes_from_sqlite_to_cassandra_and_back_unchanged() {
    let folders = tempfile::tempdir().unwrap();
    let (first, second, third) = (
        folders.path().join("from-sqlite"),
        folders.path().join("from-cassandra"),
        folders.path().join("back-on-sqlite"),
    );
    let source = TestStore::sqlite().await;
    seed(&source).await;
    let exported = export_to(&source, &first).await;
    assert_eq!(
        (
            exported.counts.users,
            exported.counts.posts,
            exported.counts.revisions
        ),
        (4, 7, 9),
        "{exported:?}"
    );
    assert_eq!(
        (
            exported.counts.translations,
            exported.counts.comments,
            exported.counts.files
        ),
        (1, 110, 2)
    );
    assert_eq!(
        std::fs::read_dir(first.join("files")).unwrap().count(),
        1,
        "the same bytes once"
    );
    // Without the flag, no password hash leaves the store.
    let no_hashes = folders.path().join("no-hashes");
    export(
        source.store.as_ref(),
        &source.site,
        &no_hashes,
        false,
        &mut |_, _, _| {},
    )
    .await
    .unwrap();
    assert!(!file(&no_hashes, "users.jsonl").contains("argon2"));
    assert!(file(&first, "users.jsonl").contains("$argon2id$"));

    let cassandra = TestStore::cassandra_alone("sibyl_backup_test").await;
    let counts = restore(
        cassandra.store.as_ref(),
        &cassandra.site,
        &first,
        &mut |_, _, _| {},
    )
    .await
    .unwrap_or_else(|e| panic!("import into Cassandra: {e}"));
    assert_eq!(counts, exported.counts);
    export_to(&cassandra, &second).await;
    assert_same(&first, &second);

    let back = TestStore::sqlite().await;
    restore(back.store.as_ref(), &back.site, &second, &mut |_, _, _| {})
        .await
        .unwrap_or_else(|e| panic!("import into SQLite: {e}"));
    export_to(&back, &third).await;
    assert_same(&first, &third);

    // The imported site serves: its posts are where they were, its people sign in.
    let post = cassandra
        .store
        .post_by_slug(
            &cassandra.site,
            &sibyl::domain::Slug::parse("the-first-river").unwrap(),
        )
        .await
        .unwrap()
        .expect("the post keeps its address");
    assert_eq!(
        (post.revision, post.title.as_str()),
        (3, "The first river, edited")
    );
    assert_eq!(post.author_name, "Ada Author");
    let home = cassandra
        .store
        .home_page(&cassandra.site, sibyl::store::PageAt::Newest, 20)
        .await
        .unwrap();
    assert_eq!(home.posts.len(), 3, "the published posts, not the page");
    // The picture is served from its reference again, with its bytes.
    let binaries = Binaries::new(cassandra.store.binaries(), BinaryLimits::default());
    let pictures = binaries
        .store
        .references_in(&cassandra.site, &Context::post(post.id))
        .await
        .unwrap();
    assert_eq!(pictures.len(), 1);
    let original = binaries
        .store
        .original(pictures[0].original)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        binaries.read_all(&original).await.unwrap(),
        fixtures::png(30, 20, 3)
    );

    // Importing again changes nothing, and says what is there.
    let again = restore(
        cassandra.store.as_ref(),
        &cassandra.site,
        &first,
        &mut |_, _, _| {},
    )
    .await
    .unwrap();
    assert_eq!(again, exported.counts);
    let fourth = folders.path().join("again");
    export_to(&cassandra, &fourth).await;
    assert_same(&first, &fourth);

    // Into a store that has another site of that address: refused, nothing written.
    let taken = TestStore::sqlite().await;
    let other_admin = crate::helpers::unique_name("other");
    taken
        .store
        .create_first_admin(
            &taken.site,
            NewUser {
                role: Role::Admin,
                ..fixtures::new_user(&other_admin, &format!("{other_admin}@example.com"))
            },
        )
        .await
        .unwrap();
    let refused = restore(taken.store.as_ref(), &taken.site, &first, &mut |_, _, _| {}).await;
    assert!(
        matches!(&refused, Err(BackupError::Occupied(m)) if m.contains("already has a site")),
        "{refused:?}"
    );
    assert!(
        taken
            .store
            .home_page(&taken.site, sibyl::store::PageAt::Newest, 20)
            .await
            .unwrap()
            .posts
            .is_empty()
    );
}

/// An address with no site is not exported (a mistyped --site-url writes nothing).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_address_without_a_site_is_not_exported() {
    let empty = TestStore::sqlite().await;
    let folder = tempfile::tempdir().unwrap();
    let target = folder.path().join("export");
    let refused = export(
        empty.store.as_ref(),
        &empty.site,
        &target,
        false,
        &mut |_, _, _| {},
    )
    .await;
    assert!(
        matches!(&refused, Err(BackupError::Invalid(m)) if m.contains("no site at")),
        "{refused:?}"
    );
    assert!(!target.exists());
}

/// Damaged, foreign, newer and unfinished exports are refused with the reason, before
/// anything is written.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_exports_are_refused_and_change_nothing() {
    let folders = tempfile::tempdir().unwrap();
    let good = folders.path().join("good");
    let source = TestStore::sqlite().await;
    seed(&source).await;
    export_to(&source, &good).await;
    let copy = |name: &str| {
        let dir = folders.path().join(name);
        std::fs::create_dir(&dir).unwrap();
        for entry in std::fs::read_dir(&good).unwrap() {
            let entry = entry.unwrap();
            if entry.file_type().unwrap().is_dir() {
                std::fs::create_dir(dir.join(entry.file_name())).unwrap();
                for inner in std::fs::read_dir(entry.path()).unwrap() {
                    let inner = inner.unwrap();
                    let to = dir.join(entry.file_name()).join(inner.file_name());
                    std::fs::copy(inner.path(), to).unwrap();
                }
            } else {
                std::fs::copy(entry.path(), dir.join(entry.file_name())).unwrap();
            }
        }
        dir
    };
    let edit = |dir: &Path, name: &str, change: &dyn Fn(String) -> String| {
        let path = dir.join(name);
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::write(&path, change(text)).unwrap();
    };

    let truncated = copy("truncated");
    edit(&truncated, "posts.jsonl", &|t| t[..t.len() / 2].to_owned());
    let no_manifest = copy("unfinished");
    std::fs::remove_file(no_manifest.join("manifest.json")).unwrap();
    let newer = copy("newer");
    edit(&newer, "manifest.json", &|t| {
        t.replace("\"version\": 2", "\"version\": 7")
    });
    let foreign = copy("foreign");
    edit(&foreign, "manifest.json", &|t| {
        t.replace("sibyl-export", "wordpress")
    });
    let lying = copy("lying");
    edit(&lying, "comments.jsonl", &|t| {
        t.lines().skip(1).map(|l| format!("{l}\n")).collect()
    });
    let bad_record = copy("bad-record");
    edit(&bad_record, "users.jsonl", &|t| {
        t.replacen("\"role\":\"author\"", "\"role\":\"emperor\"", 1)
    });
    let unknown_field = copy("unknown-field");
    edit(&unknown_field, "site.json", &|t| {
        t.replacen("\"title\"", "\"colour\": \"blue\", \"title\"", 1)
    });

    let damaged = copy("damaged");
    for entry in std::fs::read_dir(damaged.join("files")).unwrap() {
        // One byte changed, the size kept: only the checksum tells.
        let path = entry.unwrap().path();
        let mut bytes = std::fs::read(&path).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 0x01;
        std::fs::write(&path, bytes).unwrap();
    }
    let astray = copy("astray");
    edit(&astray, "files.jsonl", &|t| {
        let first: serde_json::Value = serde_json::from_str(t.lines().next().unwrap()).unwrap();
        let post = first["post"].as_str().unwrap().to_owned();
        t.replacen(&post, "00000000-0000-4000-8000-000000000000", 1)
    });

    for (dir, says) in [
        (&damaged, "is not the file it names"),
        (&astray, "is not in posts.jsonl"),
        (&truncated, "posts.jsonl, line"),
        (&no_manifest, "not a finished Sibyl export"),
        (&newer, "from a newer Sibyl"),
        (&foreign, "is not a Sibyl export"),
        (&lying, "the export is incomplete"),
        (&bad_record, "users.jsonl, line"),
        (&unknown_field, "unknown field `colour`"),
    ] {
        let target = TestStore::sqlite().await;
        let refused = restore(target.store.as_ref(), &target.site, dir, &mut |_, _, _| {}).await;
        let message = match refused {
            Err(e) => e.to_string(),
            Ok(counts) => panic!("{}: imported {counts:?}", dir.display()),
        };
        assert!(message.contains(says), "{}: {message}", dir.display());
        assert_eq!(target.store.site_admin(&target.site).await.unwrap(), None);
        assert!(
            target
                .store
                .newest_users(None, 10)
                .await
                .unwrap()
                .is_empty(),
            "{}: accounts were written",
            dir.display()
        );
    }

    // A version 1 export (before files) is still read.
    let older = copy("version-1");
    std::fs::remove_file(older.join("files.jsonl")).unwrap();
    std::fs::remove_dir_all(older.join("files")).unwrap();
    edit(&older, "manifest.json", &|t| {
        t.replace("\"version\": 2", "\"version\": 1")
            .replace(",\n    \"files\": 2", "")
    });
    assert!(!file(&older, "manifest.json").contains("files"));
    let target = TestStore::sqlite().await;
    let counts = restore(
        target.store.as_ref(),
        &target.site,
        &older,
        &mut |_, _, _| {},
    )
    .await
    .unwrap();
    assert_eq!((counts.posts, counts.files), (7, 0));
}

/// An import the store fails half-way (a save dies after claiming its revision number)
/// stops with the store's error; run again, it goes on from there and the site is whole.
async fn a_stopped_import_is_finished_by_running_it_again(target: TestStore) {
    let folders = tempfile::tempdir().unwrap();
    let (first, second) = (folders.path().join("a"), folders.path().join("b"));
    let source = TestStore::sqlite().await;
    seed(&source).await;
    export_to(&source, &first).await;
    let faults = sibyl::store::Faults::default();
    let store = sibyl::store::open(
        &target.url,
        sibyl::store::StoreOptions {
            faults: faults.clone(),
            ..Default::default()
        },
    )
    .await
    .unwrap();
    faults.arm(sibyl::store::Fault::CrashAfterRevisionClaim);
    let stopped = restore(store.as_ref(), &target.site, &first, &mut |_, _, _| {}).await;
    assert!(
        matches!(&stopped, Err(BackupError::Store(e)) if e.to_string().contains("injected fault")),
        "{stopped:?}"
    );
    let finished = restore(store.as_ref(), &target.site, &first, &mut |_, _, _| {})
        .await
        .unwrap_or_else(|e| panic!("the second run: {e}"));
    assert_eq!((finished.posts, finished.files), (7, 2));
    export_to(&target, &second).await;
    assert_same(&first, &second);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stopped_import_is_finished_by_running_it_again_sqlite() {
    a_stopped_import_is_finished_by_running_it_again(TestStore::sqlite().await).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stopped_import_is_finished_by_running_it_again_cassandra() {
    a_stopped_import_is_finished_by_running_it_again(
        TestStore::cassandra_alone("sibyl_backup_resume_test").await,
    )
    .await
}
