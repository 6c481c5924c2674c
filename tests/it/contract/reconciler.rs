//! Crashes half-way through every multi-step write, then the reconciler: each window is
//! opened by a fault point (the store stops right there, as a dying process would),
//! shown to be really open on Cassandra (SQLite's transactions have no such window),
//! and closed by one reconciler pass, after which every invariant holds and a second
//! pass finds nothing. Runs in a keyspace of its own, so that the pass sees this test's
//! unfinished writes only.

use crate::contract::comments::{assert_in_step, by, comment};
use crate::fixtures::{edit, new_post, new_user, post, user};
use crate::helpers::{Kind, TestStore, unique_name};
use sibyl::app::jobs::reconciler::{Report, reconcile};
use sibyl::domain::Username;
use sibyl::domain::post::Body;
use sibyl::domain::user::Login;
use sibyl::domain::{
    CommentState, NewPost, Post, PostStatus, Role, Slug, Suggestion, SuggestionState, Tag, Tags,
    Title, User, now,
};
use sibyl::store::PageAt;
use sibyl::store::{Fault, Intent, StoreOptions};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite() {
    let options = options();
    let t = TestStore::sqlite_with(options.clone()).await;
    every_crash_window_is_closed_by_the_reconciler(t, options).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cassandra() {
    let options = options();
    let t = TestStore::cassandra_alone_with("sibyl_reconciler_test", options.clone()).await;
    every_crash_window_is_closed_by_the_reconciler(t, options).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pass_hands_over_a_bounded_share_on_sqlite() {
    let t = TestStore::sqlite_with(StoreOptions::default()).await;
    a_pass_hands_over_a_bounded_share(t).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pass_hands_over_a_bounded_share_on_cassandra() {
    let t = TestStore::cassandra_alone_with("sibyl_reconciler_share_test", StoreOptions::default())
        .await;
    a_pass_hands_over_a_bounded_share(t).await
}

/// However many writes are unfinished (here 1,100, begun at once), one pass hands over
/// a bounded share of them (500, or on Cassandra the partitions it read until it had
/// 500), and the passes that follow finish them all; none is left.
async fn a_pass_hands_over_a_bounded_share(t: TestStore) {
    use futures_util::{StreamExt, stream};
    const BEGUN: usize = 1_100;
    let site = t.site.to_string();
    let begun: Vec<_> = stream::iter(0..BEGUN)
        .map(|i| {
            let intent = Intent::ApplySuggestion {
                site: site.clone(),
                post: uuid::Uuid::new_v4(),
                suggestion: format!("gone-{i}"),
                accepted_by: "nobody".into(),
            };
            let store = t.store.clone();
            async move { store.begin(&intent).await }
        })
        .buffer_unordered(32)
        .collect()
        .await;
    assert!(begun.iter().all(Result::is_ok));
    let before = now();
    let share = t.store.recover(before).await.unwrap();
    assert!(
        (500..BEGUN).contains(&share.intents.len()),
        "{} handed over at once",
        share.intents.len()
    );
    // Passes as the instances run them, until one finds nothing.
    let mut finished = 0;
    for _ in 0..10 {
        let report = reconcile(t.store.as_ref(), before).await.unwrap();
        assert_eq!(report.failed, 0, "{report:?}");
        if report.completed + report.undone == 0 {
            break;
        }
        finished += report.completed + report.undone;
    }
    assert_eq!(finished, BEGUN);
    let left = t.store.recover(before).await.unwrap();
    assert!(left.intents.is_empty(), "{} left", left.intents.len());
}

/// Pending claims that expire soon, so that a crashed write's claim can be lost.
fn options() -> StoreOptions {
    StoreOptions {
        pending_claim_ttl: PENDING_TTL,
        ..StoreOptions::default()
    }
}

const PENDING_TTL: std::time::Duration = std::time::Duration::from_secs(2);

/// Where a post shows: on the front page, its author's page, and each of `tags`' pages
/// (how many times on each, so that a duplicate shows).
async fn shown(t: &TestStore, post: &Post, tags: &[&str]) -> Vec<usize> {
    let front = t
        .store
        .home_page(&t.site, PageAt::Newest, 100)
        .await
        .unwrap()
        .posts;
    let author = t
        .store
        .posts_by_author(&t.site, post.author_id, None.into(), 100)
        .await
        .unwrap()
        .posts;
    let mut counts = vec![
        front.iter().filter(|s| s.id == post.id).count(),
        author.iter().filter(|s| s.id == post.id).count(),
    ];
    for tag in tags {
        let page = t
            .store
            .tag_page(&t.site, &Tag::parse(tag).unwrap(), None.into(), 100)
            .await
            .unwrap();
        counts.push(page.posts.iter().filter(|s| s.id == post.id).count());
    }
    counts
}

/// The title the front page shows for a post.
async fn front_title(t: &TestStore, post: &Post) -> Option<String> {
    t.store
        .home_page(&t.site, PageAt::Newest, 100)
        .await
        .unwrap()
        .posts
        .into_iter()
        .find(|s| s.id == post.id)
        .map(|s| s.title)
}

/// A post's comments waiting for moderation.
async fn queued(t: &TestStore, post: &Post) -> usize {
    t.store
        .moderation_list(&t.site, CommentState::Pending, Some(post.id), None, 100)
        .await
        .unwrap()
        .comments
        .len()
}

/// A post's approved comments, as its count says.
async fn approved(t: &TestStore, post: &Post) -> u64 {
    t.store
        .approved_comment_counts(&t.site, &[post.id])
        .await
        .unwrap()
        .first()
        .map_or(0, |(_, n)| *n)
}

/// Writes an intent whose record is not one this build knows, under the store.
async fn unreadable_intent(t: &TestStore) {
    let id = sibyl::domain::timeuuid::at(now());
    match t.kind {
        Kind::Sqlite => {
            let conn = rusqlite::Connection::open(t.sqlite_path.as_ref().unwrap()).unwrap();
            conn.execute(
                "INSERT INTO intents (id, begun, body) VALUES (?1, ?2, '{\"kind\":\"from_the_future\"}')",
                (id.to_string(), now().timestamp_millis()),
            )
            .unwrap();
        }
        Kind::Cassandra => {
            let session = crate::helpers::cql_session().await;
            let at = sibyl::domain::timeuuid::time_of(id).unwrap();
            let minute = chrono::DateTime::from_timestamp(at.timestamp() / 60 * 60, 0).unwrap();
            let shard = i32::from(id.as_bytes().iter().fold(0u8, |a, b| a ^ b) % 8);
            session
                .query_unpaged(
                    "INSERT INTO sibyl_reconciler_test.intents (minute, shard, id, body, done) \
                     VALUES (?, ?, ?, '{\"kind\":\"from_the_future\"}', false)",
                    (minute, shard, scylla::value::CqlTimeuuid::from(id)),
                )
                .await
                .unwrap();
        }
    }
}

/// A pass for everything begun until now.
async fn pass(t: &TestStore) -> Report {
    reconcile(t.store.as_ref(), now()).await.unwrap()
}

/// Checks a fault's outcome: the write died on Cassandra; on SQLite the fault point is
/// inside one transaction or absent, so the write either did all or nothing.
fn died<T: std::fmt::Debug, E: std::fmt::Debug>(t: &TestStore, outcome: &Result<T, E>) {
    if t.kind == Kind::Cassandra {
        assert!(outcome.is_err(), "the fault fired: {outcome:?}");
    }
}

async fn every_crash_window_is_closed_by_the_reconciler(t: TestStore, options: StoreOptions) {
    let faults = &options.faults;
    let cassandra = t.kind == Kind::Cassandra;
    let author = user(&t, Role::Author, "Ada Author").await;
    // Nothing is left over from before.
    pass(&t).await;
    // A record this build cannot read (as a newer build may write) is passed over, not
    // a failure of every pass.
    unreadable_intent(&t).await;
    assert_eq!(pass(&t).await, Report::default());

    // Publishing dies after the row says published: the lists do not have the post.
    let draft = t
        .store
        .create_post(new_post(
            &t,
            &author,
            "Published by the reconciler",
            "Text.",
            "alpha",
            now(),
            false,
        ))
        .await
        .unwrap();
    faults.arm(Fault::CrashAfterPublish);
    let outcome = t.store.publish_post(&t.site, draft.id, now()).await;
    died(&t, &outcome);
    if cassandra {
        assert_eq!(
            shown(&t, &draft, &["alpha"]).await,
            [0, 0, 0],
            "the window is open"
        );
        let row = t
            .store
            .post_by_id(&t.site, draft.id)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(row.status, PostStatus::Published);
    }
    let report = pass(&t).await;
    assert_eq!(report.completed, usize::from(cassandra), "{report:?}");
    assert_eq!(shown(&t, &draft, &["alpha"]).await, [1, 1, 1]);

    // Unpublishing dies after the row says draft: the lists still have the post; and
    // publishing it again must not list it twice.
    let listed = post(
        &t,
        &author,
        "Unpublished by the reconciler",
        "Text.",
        "alpha, beta",
    )
    .await;
    faults.arm(Fault::CrashAfterUnpublish);
    let outcome = t.store.unpublish_post(&t.site, listed.id).await;
    died(&t, &outcome);
    if cassandra {
        assert_eq!(
            shown(&t, &listed, &["alpha", "beta"]).await,
            [1, 1, 1, 1],
            "the window is open"
        );
    }
    let report = pass(&t).await;
    assert_eq!(report.completed, usize::from(cassandra), "{report:?}");
    assert_eq!(shown(&t, &listed, &["alpha", "beta"]).await, [0, 0, 0, 0]);
    t.store
        .publish_post(&t.site, listed.id, now())
        .await
        .unwrap();
    assert_eq!(shown(&t, &listed, &["alpha", "beta"]).await, [1, 1, 1, 1]);

    // A save dies after moving the post to its new revision: the lists show the old
    // title under the old tag.
    let revised = post(&t, &author, "Before the save", "Text.", "gamma").await;
    faults.arm(Fault::CrashAfterRevisionMove);
    let outcome = t
        .store
        .save_revision(
            &t.site,
            revised.id,
            edit(1, &author, "After the save", "New text.", "delta", "moved"),
        )
        .await;
    died(&t, &outcome);
    if cassandra {
        assert_eq!(
            front_title(&t, &revised).await.as_deref(),
            Some("Before the save"),
            "the window is open"
        );
        assert_eq!(shown(&t, &revised, &["gamma", "delta"]).await, [1, 1, 1, 0]);
    }
    let report = pass(&t).await;
    assert_eq!(report.completed, usize::from(cassandra), "{report:?}");
    assert_eq!(
        front_title(&t, &revised).await.as_deref(),
        Some("After the save")
    );
    assert_eq!(shown(&t, &revised, &["gamma", "delta"]).await, [1, 1, 0, 1]);

    // A save dies after claiming its revision, before moving the post to it: the post
    // still shows the text before, though its history has the new revision. The pass
    // moves the post to it (the save's intent says the lists follow the post, and the
    // post follows its newest revision), and the lists follow.
    let claimed = post(&t, &author, "Before the claim", "Text.", "eta").await;
    faults.arm(Fault::CrashAfterRevisionClaim);
    let outcome = t
        .store
        .save_revision(
            &t.site,
            claimed.id,
            edit(
                1,
                &author,
                "After the claim",
                "Claimed.",
                "theta",
                "claimed",
            ),
        )
        .await;
    died(&t, &outcome);
    if cassandra {
        let row = t
            .store
            .post_by_id(&t.site, claimed.id)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(row.revision, 1, "the window is open");
    }
    let report = pass(&t).await;
    assert_eq!(report.completed, usize::from(cassandra), "{report:?}");
    // On SQLite the save was one transaction, undone whole.
    let (number, title, lists) = match cassandra {
        true => (2, "After the claim", [1, 1, 0, 1]),
        false => (1, "Before the claim", [1, 1, 1, 0]),
    };
    let row = t
        .store
        .post_by_id(&t.site, claimed.id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!((row.revision, row.title.as_str()), (number, title));
    assert_eq!(front_title(&t, &claimed).await.as_deref(), Some(title));
    assert_eq!(shown(&t, &claimed, &["eta", "theta"]).await, lists);

    // A new post dies after its row: the slug is not committed, the short link and the
    // lists are not written.
    let title = format!("Created by the reconciler {}", unique_name("p"));
    let new: NewPost = new_post(&t, &author, &title, "Text.", "epsilon", now(), true);
    let id = new.id;
    faults.arm(Fault::CrashAfterPostRow);
    let outcome = t.store.create_post(new).await;
    died(&t, &outcome);
    let slug = Slug::from_title(&Title::parse(&title).unwrap());
    let report = pass(&t).await;
    assert_eq!(report.completed, usize::from(cassandra), "{report:?}");
    let created = t
        .store
        .post_by_slug(&t.site, &slug)
        .await
        .unwrap()
        .expect("the post is there");
    assert_eq!(created.id, id);
    assert_eq!(
        t.store
            .slug_by_short_id(&t.site, created.short_id)
            .await
            .unwrap(),
        Some(sibyl::store::ShortLink::Post(slug.clone())),
        "its short link"
    );
    assert_eq!(shown(&t, &created, &["epsilon"]).await, [1, 1, 1]);

    // A translation is published and dies before the post's list of translations and
    // the search index follow its row; then a save of it dies the same way.
    let translated = post(&t, &author, "Translated by the reconciler", "Text.", "").await;
    let fr = sibyl::domain::Locale::parse("fr").unwrap();
    t.store
        .save_translation(
            &t.site,
            translated.id,
            &fr,
            edit(0, &author, "Traduit", "Le mot quenouille.", "", "Premier"),
        )
        .await
        .unwrap();
    let lists_french = || async {
        t.store
            .post_by_id(&t.site, translated.id)
            .await
            .unwrap()
            .unwrap()
            .translations
            .contains(&fr)
    };
    let shared = &t;
    let found = |word: &'static str| async move {
        shared
            .store
            .search(
                &shared.site,
                &sibyl::domain::search::SearchQuery::parse(word).unwrap(),
                None,
                10,
            )
            .await
            .unwrap()
            .hits
            .iter()
            .map(|h| h.post_id)
            .collect::<Vec<_>>()
    };
    faults.arm(Fault::CrashAfterTranslationMove);
    let outcome = t
        .store
        .set_translation_status(&t.site, translated.id, &fr, PostStatus::Published, now())
        .await;
    died(&t, &outcome);
    if cassandra {
        assert!(!lists_french().await, "the window is open");
        assert!(found("quenouille").await.is_empty(), "the window is open");
    }
    let report = pass(&t).await;
    assert_eq!(report.completed, usize::from(cassandra), "{report:?}");
    assert!(lists_french().await);
    assert_eq!(found("quenouille").await, [translated.id]);
    faults.arm(Fault::CrashAfterTranslationMove);
    let outcome = t
        .store
        .save_translation(
            &t.site,
            translated.id,
            &fr,
            edit(1, &author, "Traduit", "Le mot fuseau.", "", "Second"),
        )
        .await;
    died(&t, &outcome);
    if cassandra {
        assert!(found("fuseau").await.is_empty(), "the window is open");
    }
    let report = pass(&t).await;
    assert_eq!(report.completed, usize::from(cassandra), "{report:?}");
    assert_eq!(found("fuseau").await, [translated.id]);
    assert!(found("quenouille").await.is_empty());
    // A translation's save dies after claiming its revision, before the translation
    // moves to it: the pass moves it, and search follows.
    faults.arm(Fault::CrashAfterRevisionClaim);
    let outcome = t
        .store
        .save_translation(
            &t.site,
            translated.id,
            &fr,
            edit(2, &author, "Traduit encore", "Le mot bobine.", "", "Third"),
        )
        .await;
    died(&t, &outcome);
    let revision = || async {
        let now = t.store.translation(&t.site, translated.id, &fr).await;
        now.unwrap()
            .map(|tr| (tr.revision, tr.title.as_str().to_owned()))
    };
    if cassandra {
        assert_eq!(revision().await.map(|r| r.0), Some(2), "the window is open");
    }
    let report = pass(&t).await;
    assert_eq!(report.completed, usize::from(cassandra), "{report:?}");
    if cassandra {
        assert_eq!(revision().await, Some((3, "Traduit encore".to_owned())));
        assert_eq!(found("bobine").await, [translated.id]);
    } else {
        // One transaction, undone whole.
        assert_eq!(revision().await, Some((2, "Traduit".to_owned())));
        assert!(found("bobine").await.is_empty());
    }

    // A new page dies after its row: the reconciler lists it among the site's pages.
    let title = format!("About the reconciler {}", unique_name("p"));
    let new = new_post(&t, &author, &title, "Text.", "", now(), true).as_page();
    let page_id = new.id;
    faults.arm(Fault::CrashAfterPostRow);
    let outcome = t.store.create_post(new).await;
    died(&t, &outcome);
    let listed = |pages: Vec<sibyl::domain::PageEntry>| {
        pages
            .into_iter()
            .filter(|p| p.id == page_id)
            .map(|p| (p.title, p.status))
            .collect::<Vec<_>>()
    };
    if cassandra {
        assert!(
            listed(t.store.site_pages(&t.site).await.unwrap()).is_empty(),
            "the window is open"
        );
    }
    let report = pass(&t).await;
    assert_eq!(report.completed, usize::from(cassandra), "{report:?}");
    assert_eq!(
        listed(t.store.site_pages(&t.site).await.unwrap()),
        [(title.clone(), PostStatus::Published)]
    );
    // Unpublishing it dies after its row says draft: the pass lists it as a draft.
    faults.arm(Fault::CrashAfterUnpublish);
    let outcome = t.store.unpublish_post(&t.site, page_id).await;
    died(&t, &outcome);
    let report = pass(&t).await;
    assert_eq!(report.completed, usize::from(cassandra), "{report:?}");
    assert_eq!(
        listed(t.store.site_pages(&t.site).await.unwrap()),
        [(title, PostStatus::Draft)]
    );

    // Scheduling dies after the post's row has its time: the pass puts it on the
    // schedule and takes it off its author's drafts.
    let waiting = t
        .store
        .create_post(new_post(
            &t,
            &author,
            "Scheduled by the reconciler",
            "Text.",
            "delta",
            now(),
            false,
        ))
        .await
        .unwrap();
    let due = now() + chrono::Duration::hours(1);
    let on_schedule = || async {
        let scheduled = t.store.scheduled_posts(&t.site).await.unwrap();
        scheduled
            .iter()
            .filter(|p| p.id == waiting.id)
            .map(|p| p.due)
            .collect::<Vec<_>>()
    };
    let in_drafts = || async {
        let drafts = t
            .store
            .drafts_by_author(&t.site, author.id, PageAt::Newest, 100)
            .await
            .unwrap();
        drafts.posts.iter().any(|p| p.id == waiting.id)
    };
    assert!(in_drafts().await);
    faults.arm(Fault::CrashAfterSchedule);
    let outcome = t.store.schedule_post(&t.site, waiting.id, Some(due)).await;
    died(&t, &outcome);
    if cassandra {
        assert!(on_schedule().await.is_empty(), "the window is open");
        assert!(in_drafts().await, "the window is open");
    }
    let report = pass(&t).await;
    assert_eq!(report.completed, usize::from(cassandra), "{report:?}");
    assert_eq!(on_schedule().await, [due]);
    assert!(!in_drafts().await);
    // Its publication, when due, dies after the row says published: the pass lists it
    // and takes it off the schedule.
    faults.arm(Fault::CrashAfterPublish);
    let outcome = t.store.publish_scheduled(&t.site, waiting.id, due).await;
    died(&t, &outcome);
    if cassandra {
        assert_eq!(
            shown(&t, &waiting, &["delta"]).await,
            [0, 0, 0],
            "the window is open"
        );
        assert_eq!(on_schedule().await, [due], "the window is open");
    }
    let report = pass(&t).await;
    assert_eq!(report.completed, usize::from(cassandra), "{report:?}");
    assert_eq!(shown(&t, &waiting, &["delta"]).await, [1, 1, 1]);
    assert!(on_schedule().await.is_empty());
    assert!(!in_drafts().await);
    // Published once: a later call for the same time publishes nothing.
    assert!(
        !t.store
            .publish_scheduled(&t.site, waiting.id, due)
            .await
            .unwrap()
    );

    // A deletion dies after the post's row says deleted: the post is gone for readers,
    // but its lists and everything hanging from it are left; the pass removes them.
    let doomed = post(&t, &author, "Deleted by the reconciler", "Text.", "epsilon").await;
    faults.arm(Fault::CrashAfterDeleteMark);
    let outcome = sibyl::app::deletion::delete_post(&t.ctx(), doomed.id).await;
    died(&t, &outcome);
    assert!(
        t.store
            .post_by_id(&t.site, doomed.id)
            .await
            .unwrap()
            .is_none()
    );
    if cassandra {
        assert_eq!(
            shown(&t, &doomed, &["epsilon"]).await,
            [1, 1, 1],
            "the window is open"
        );
    }
    let report = pass(&t).await;
    assert_eq!(report.completed, 1, "recorded on both stores: {report:?}");
    assert_eq!(shown(&t, &doomed, &["epsilon"]).await, [0, 0, 0]);
    assert!(t.store.is_gone(&t.site, &doomed.slug).await.unwrap());
    // A new post dies after its row and is deleted before the pass finishes it: its
    // slug stays taken, gone, as every deleted post's.
    let title = format!("Half made then deleted {}", unique_name("p"));
    let new = new_post(&t, &author, &title, "Text.", "", now(), true);
    let half = new.id;
    faults.arm(Fault::CrashAfterPostRow);
    let outcome = t.store.create_post(new).await;
    died(&t, &outcome);
    assert!(
        sibyl::app::deletion::delete_post(&t.ctx(), half)
            .await
            .unwrap()
    );
    pass(&t).await;
    let slug = Slug::from_title(&Title::parse(&title).unwrap());
    assert!(t.store.is_gone(&t.site, &slug).await.unwrap(), "{slug:?}");

    // The same, but the crashed post's pending slug claim expires and another post
    // takes the slug before the pass: the crashed post moves to the next free slug.
    let title = format!("Slug lost by a crash {}", unique_name("p"));
    let new = new_post(&t, &author, &title, "Text.", "", now(), true);
    let crashed = new.id;
    faults.arm(Fault::CrashAfterPostRow);
    let outcome = t.store.create_post(new).await;
    died(&t, &outcome);
    tokio::time::sleep(PENDING_TTL + std::time::Duration::from_millis(1500)).await;
    let winner = t
        .store
        .create_post(new_post(&t, &author, &title, "Other.", "", now(), true))
        .await
        .unwrap();
    let report = pass(&t).await;
    assert_eq!(report.completed, usize::from(cassandra), "{report:?}");
    let slug = Slug::from_title(&Title::parse(&title).unwrap());
    assert_eq!(
        t.store
            .post_by_slug(&t.site, &slug)
            .await
            .unwrap()
            .map(|p| p.id),
        Some(if cassandra { winner.id } else { crashed })
    );
    if cassandra {
        let moved = t.store.post_by_id(&t.site, crashed).await.unwrap().unwrap();
        assert_eq!(moved.slug, slug.numbered(2));
        assert_eq!(
            t.store
                .post_by_slug(&t.site, &moved.slug)
                .await
                .unwrap()
                .map(|p| p.id),
            Some(crashed)
        );
        assert_eq!(
            t.store
                .slug_by_short_id(&t.site, moved.short_id)
                .await
                .unwrap(),
            Some(sibyl::store::ShortLink::Post(moved.slug.clone()))
        );
        assert_eq!(shown(&t, &moved, &[]).await, [1, 1]);
    }

    // A site's first sign-up dies after the account's rows, before any claim is
    // committed: the site has no administrator who can sign in.
    let site = crate::helpers::unique_site();
    let name = unique_name("admin");
    let admin = new_user(&name, &format!("{name}@example.com"));
    let admin_id = admin.id;
    faults.arm(Fault::CrashBeforeClaimsCommitted);
    let outcome = t.store.create_first_admin(&site, admin).await;
    died(&t, &outcome);
    if cassandra {
        assert_eq!(
            t.store.site_admin(&site).await.unwrap(),
            None,
            "the window is open"
        );
    }
    let report = pass(&t).await;
    assert_eq!(report.completed, usize::from(cassandra), "{report:?}");
    assert_eq!(t.store.site_admin(&site).await.unwrap(), Some(admin_id));
    let login = Login::parse(&name).unwrap();
    assert_eq!(
        t.store.user_by_login(&login).await.unwrap().map(|u| u.id),
        Some(admin_id)
    );
    let by_email = Login::parse(&format!("{name}@example.com")).unwrap();
    assert_eq!(
        t.store
            .user_by_login(&by_email)
            .await
            .unwrap()
            .map(|u| u.id),
        Some(admin_id)
    );

    // A sign-up dies after claiming its user name: the pass releases the name at once
    // (not only when its claim's TTL runs out) and leaves no account.
    let name = unique_name("halfway");
    let halfway = new_user(&name, &format!("{name}@example.com"));
    let halfway_id = halfway.id;
    faults.arm(Fault::CrashAfterUsernameClaim);
    let outcome = t.store.create_user(halfway).await;
    assert!(outcome.is_err(), "the fault fired on both stores");
    let report = pass(&t).await;
    assert_eq!(report.undone, usize::from(cassandra), "{report:?}");
    assert!(
        !t.store
            .is_claimed(&Login::parse(&name).unwrap())
            .await
            .unwrap()
    );
    assert_eq!(t.store.user(halfway_id).await.unwrap(), None);
    let again = new_user(&name, &format!("{name}@example.org"));
    t.store.create_user(again).await.unwrap();

    // A change of user name dies after writing the account: the new name is only
    // pending and the old one still held. The pass moves the claims.
    let renamed = user(&t, Role::Reader, "Rena Renamed").await;
    let old_name = renamed.username.as_str().to_owned();
    let new_name = unique_name("renamed");
    faults.arm(Fault::CrashAfterRenameWrite);
    let outcome = t
        .store
        .change_username(renamed.id, &Username::parse(&new_name).unwrap())
        .await;
    died(&t, &outcome);
    let report = pass(&t).await;
    assert_eq!(report.completed, usize::from(cassandra), "{report:?}");
    let by_new = t
        .store
        .user_by_login(&Login::parse(&new_name).unwrap())
        .await
        .unwrap();
    assert_eq!(by_new.map(|u| u.id), Some(renamed.id));
    assert!(
        !t.store
            .is_claimed(&Login::parse(&old_name).unwrap())
            .await
            .unwrap(),
        "the old name is free"
    );

    // Accepting a suggestion dies after the decision, before the text is saved (a write
    // of several calls, recorded as the web layer does on both stores).
    let target = post(&t, &author, "Before the suggestion", "Text.", "zeta").await;
    let suggester: User = user(&t, Role::Reader, "Sam Suggester").await;
    let suggestion = Suggestion {
        id: format!("{}-1", unique_name("host")),
        post_id: target.id,
        base: 1,
        title: Title::parse("After the suggestion").unwrap(),
        body: Body::parse("Better text.").unwrap(),
        tags: Tags::parse("zeta").unwrap(),
        note: "clearer".into(),
        suggester_id: suggester.id,
        suggester_name: suggester.display_name.clone(),
        created: now(),
        state: SuggestionState::Open,
    };
    t.store
        .create_suggestion(&t.site, &suggestion)
        .await
        .unwrap();
    t.store
        .begin(&Intent::ApplySuggestion {
            site: t.site.to_string(),
            post: target.id.0,
            suggestion: suggestion.id.clone(),
            accepted_by: author.display_name.clone(),
        })
        .await
        .unwrap();
    faults.arm(Fault::CrashAfterSuggestionDecision);
    let outcome = t
        .store
        .decide_suggestion(
            &t.site,
            target.id,
            &suggestion.id,
            SuggestionState::Accepted,
        )
        .await;
    assert!(outcome.is_err(), "the fault fired on both stores");
    assert_eq!(
        t.store
            .post_by_id(&t.site, target.id)
            .await
            .unwrap()
            .unwrap()
            .title
            .as_str(),
        "Before the suggestion",
        "the window is open"
    );
    let report = pass(&t).await;
    assert_eq!(report.completed, 1, "{report:?}");
    let applied = t
        .store
        .post_by_id(&t.site, target.id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(applied.title.as_str(), "After the suggestion");
    assert_eq!(applied.revision, 2);
    assert_eq!(applied.author_id, author.id, "the post stays its author's");
    assert_eq!(
        front_title(&t, &target).await.as_deref(),
        Some("After the suggestion")
    );

    // A new comment dies after its row: it is on no list and counted nowhere. Then a
    // moderation dies after its batch, before the counters.
    let admin = user(&t, Role::Admin, "Ann Admin").await;
    let discussed = post(&t, &author, "Discussed", "Text.", "").await;
    let first = comment(
        &discussed,
        &suggester,
        "First!",
        None,
        CommentState::Pending,
    );
    faults.arm(Fault::CrashAfterCommentRow);
    let outcome = t.store.add_comment(&t.site, &first).await;
    died(&t, &outcome);
    if cassandra {
        assert_eq!(queued(&t, &discussed).await, 0, "the window is open");
        assert_eq!(
            t.store.comment_state_counts(&t.site).await.unwrap().pending,
            0
        );
    }
    let report = pass(&t).await;
    assert_eq!(report.completed, usize::from(cassandra), "{report:?}");
    assert_eq!(queued(&t, &discussed).await, 1);
    assert_eq!(
        t.store.comment_state_counts(&t.site).await.unwrap().pending,
        1
    );
    faults.arm(Fault::CrashInModeration);
    let outcome = t
        .store
        .moderate(
            &t.site,
            discussed.id,
            first.id,
            &by(&admin, CommentState::Approved),
        )
        .await;
    died(&t, &outcome);
    if cassandra {
        assert_eq!(approved(&t, &discussed).await, 0, "the window is open");
    }
    let report = pass(&t).await;
    assert_eq!(report.completed, usize::from(cassandra), "{report:?}");
    if !cassandra {
        // One transaction: the crash undid the whole move, which the moderator repeats.
        assert_eq!(approved(&t, &discussed).await, 0);
        t.store
            .moderate(
                &t.site,
                discussed.id,
                first.id,
                &by(&admin, CommentState::Approved),
            )
            .await
            .unwrap();
    }
    assert_eq!(approved(&t, &discussed).await, 1);
    let counts = t.store.comment_state_counts(&t.site).await.unwrap();
    assert_eq!((counts.pending, counts.approved), (0, 1));
    assert_in_step(&t, &discussed, first.id).await;

    // Every write is finished: a second pass finds nothing, and applies nothing twice.
    assert_eq!(pass(&t).await, Report::default());
    assert_eq!(
        t.store
            .post_by_id(&t.site, target.id)
            .await
            .unwrap()
            .unwrap()
            .revision,
        2
    );
}
