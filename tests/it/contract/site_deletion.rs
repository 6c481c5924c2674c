//! Deleting a site: once begun it is served no more and nothing brings it back; its
//! rows go from every table that holds rows of sites (read from the store's own schema,
//! so a table added later is covered), a batch at a time from where the last batch
//! stopped, so that another process goes on after one that stopped; another site's rows
//! stay exactly as they were, and the freed host can name a new site.

use super::comments::comment;
use super::sites::an_admin;
use crate::helpers::{Kind, TestStore, cql, unique_name};
use sibyl::domain::post::Body;
use sibyl::domain::post::Rendered;
use sibyl::domain::{
    CommentState, Host, NewPost, PostId, Role, Site, SiteStatus, Tags, Title, now,
};
use sibyl::store::{SiteError, Store, StoreOptions};
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deleted_site_leaves_no_row_on_sqlite() {
    a_deleted_site_leaves_no_row(TestStore::sqlite().await).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deleted_site_leaves_no_row_on_cassandra() {
    let t =
        TestStore::cassandra_alone_with("sibyl_sites_deletion_test", StoreOptions::default()).await;
    a_deleted_site_leaves_no_row(t).await
}

fn site(name: &str) -> Site {
    Site::parse(&format!("https://{name}.example")).unwrap()
}

/// Posts (published with tags, and a draft), comments in every state, and members: rows
/// in most of the tables a site has.
async fn fill(store: &Arc<dyn Store>, site: &Site, admin: sibyl::domain::UserId) {
    let author = store.user(admin).await.unwrap().unwrap();
    let reader = store
        .create_user(crate::fixtures::fresh_user())
        .await
        .unwrap();
    store
        .join_site(site, reader.id, Role::Reader, now())
        .await
        .unwrap();
    for i in 0..4 {
        let post = store
            .create_post(NewPost::new(
                site.clone(),
                Title::parse(&format!("Post {i}")).unwrap(),
                Rendered::of(Body::parse("Words to *find* again.").unwrap()).unwrap(),
                Tags::parse("alpha, beta").unwrap(),
                author.id,
                author.display_name.clone(),
                now(),
                i != 3,
            ))
            .await
            .unwrap();
        if i == 3 {
            continue;
        }
        for (n, state) in [
            CommentState::Approved,
            CommentState::Pending,
            CommentState::Spam,
        ]
        .into_iter()
        .enumerate()
        {
            let c = comment(&post, &reader, &format!("Comment {n}"), None, state);
            store.add_comment(site, &c).await.unwrap();
        }
    }
    // A confirmed subscriber, whose unsubscribe link lasts as long as the subscription.
    let confirm = sibyl::domain::token::random_token();
    let new = sibyl::store::NewSubscription {
        email: sibyl::domain::Email::parse(&format!("{}@example.com", unique_name("sub"))).unwrap(),
        scope: sibyl::domain::subscription::Scope::Site,
        confirm_key: sibyl::domain::token::session_key(&confirm),
        confirm_by: now() + chrono::Duration::hours(48),
        unsubscribe: sibyl::domain::token::random_token(),
        at: now(),
    };
    assert!(store.subscribe(site, &new).await.unwrap());
    assert!(
        store
            .confirm_subscription(site, &new.confirm_key, now())
            .await
            .unwrap()
            .is_some()
    );
    // The fediverse: a remote follower, an activity sent with its delivery, a post noted
    // as changed and what its followers were told, an activity received, a note that
    // became a comment.
    use sibyl::store::federation::{Federated, Outgoing, RemoteFollower};
    let actor = admin.0.to_string();
    let follower = RemoteFollower {
        actor: "https://social.example/users/fan".into(),
        inbox: "https://social.example/inbox".into(),
        follow: "https://social.example/follows/1".into(),
        since: now(),
    };
    assert!(
        store
            .add_remote_follower(site, &actor, &follower)
            .await
            .unwrap()
    );
    let sent = Outgoing {
        id: sibyl::domain::timeuuid::at(now()),
        actor: actor.clone(),
        body: r#"{"type":"Accept"}"#.into(),
        followers_of: vec![actor.clone()],
        fanned_out: false,
    };
    store
        .queue_activity(site, &sent, std::slice::from_ref(&follower.inbox), now())
        .await
        .unwrap();
    let post = PostId(uuid::Uuid::new_v4());
    store.note_post_change(site, post, now()).await.unwrap();
    let told = Federated {
        sent: now(),
        author: admin,
        round: 0,
        deleted: false,
    };
    store.note_federated_post(site, post, &told).await.unwrap();
    store
        .note_received(site, "https://social.example/likes/1", now())
        .await
        .unwrap();
    store
        .note_remote_note(
            site,
            "https://social.example/notes/1",
            &sibyl::store::federation::RemoteNote {
                post,
                comment: sibyl::domain::CommentId(sibyl::domain::timeuuid::at(now())),
                actor: follower.actor.clone(),
            },
        )
        .await
        .unwrap();
}

/// How many rows of `site` each table holds (only the tables holding some).
async fn rows_of(t: &TestStore, site: &Site) -> BTreeMap<String, i64> {
    let mut counts = BTreeMap::new();
    match t.kind {
        Kind::Sqlite => {
            let conn = rusqlite::Connection::open(t.sqlite_path.as_ref().unwrap()).unwrap();
            let tables: Vec<String> = conn
                .prepare(
                    "SELECT m.name FROM sqlite_master m WHERE m.type = 'table'
                       AND EXISTS (SELECT 1 FROM pragma_table_info(m.name) c WHERE c.name = 'site')",
                )
                .unwrap()
                .query_map([], |r| r.get(0))
                .unwrap()
                .collect::<Result<_, _>>()
                .unwrap();
            for table in tables {
                let n: i64 = conn
                    .query_row(
                        &format!("SELECT COUNT(*) FROM \"{table}\" WHERE site = ?1"),
                        [site.as_str()],
                        |r| r.get(0),
                    )
                    .unwrap();
                if n > 0 {
                    counts.insert(table, n);
                }
            }
        }
        Kind::Cassandra => {
            let (session, ks) = cql(t).await;
            let tables: Vec<(String,)> = session
                .query_unpaged(
                    "SELECT table_name FROM system_schema.columns WHERE keyspace_name = ? AND column_name = 'site' ALLOW FILTERING",
                    (ks.as_str(),),
                )
                .await
                .unwrap()
                .into_rows_result()
                .unwrap()
                .rows::<(String,)>()
                .unwrap()
                .collect::<Result<_, _>>()
                .unwrap();
            for (table,) in tables {
                // Confirmation links expire with the pending subscriptions they confirm
                // (within 48 hours): only the lasting ones count.
                let lasting = if table == "subscription_links" {
                    " AND purpose = 'unsubscribe'"
                } else {
                    ""
                };
                let n = count(
                    &session,
                    &format!(
                        "SELECT COUNT(*) FROM {ks}.{table} WHERE site = ?{lasting} ALLOW FILTERING"
                    ),
                    site.as_str(),
                )
                .await;
                if n > 0 {
                    counts.insert(table, n);
                }
            }
            // The deployment's claims of the site: its slugs, and that it is set up.
            let slugs = count(
                &session,
                &format!("SELECT COUNT(*) FROM {ks}.claims WHERE scope = ? ALLOW FILTERING"),
                &format!("slug:{site}"),
            )
            .await;
            let setup = count(
                &session,
                &format!(
                    "SELECT COUNT(*) FROM {ks}.claims WHERE scope = 'setup' AND name = ? ALLOW FILTERING"
                ),
                site.as_str(),
            )
            .await;
            if slugs + setup > 0 {
                counts.insert("claims".to_owned(), slugs + setup);
            }
        }
    }
    counts
}

async fn count(session: &scylla::client::session::Session, cql: &str, value: &str) -> i64 {
    let (n,): (i64,) = session
        .query_unpaged(cql, (value,))
        .await
        .unwrap()
        .into_rows_result()
        .unwrap()
        .first_row()
        .unwrap();
    n
}

async fn a_deleted_site_leaves_no_row(t: TestStore) {
    let store = t.store.clone();
    let admin = an_admin(&store).await;
    let tag = unique_name("d").replace('_', "-");
    let (doomed, kept) = (site(&format!("doomed-{tag}")), site(&format!("kept-{tag}")));
    for s in [&doomed, &kept] {
        store.register_site(s, admin, now()).await.unwrap();
        fill(&store, s, admin).await;
    }
    let alias = Host::named(&format!("www.doomed-{tag}.example")).unwrap();
    store.add_alias(&doomed, &alias).await.unwrap();
    let before = rows_of(&t, &doomed).await;
    for table in ["posts", "comments", "site_members"] {
        assert!(
            before.get(table).is_some_and(|&n| n > 0),
            "{table} holds the site's rows: {before:?}"
        );
    }
    let kept_before = rows_of(&t, &kept).await;
    assert_eq!(
        before.len(),
        kept_before.len(),
        "both sites fill the same tables"
    );

    // Deleting a site that is not registered is refused; so is erasing one whose
    // deletion has not begun.
    let stranger = site(&format!("stranger-{tag}"));
    assert!(matches!(
        store.begin_site_deletion(&stranger, now()).await,
        Err(SiteError::NotFound(s)) if s == stranger
    ));
    assert!(matches!(
        store.erase_site_rows(&kept, 10).await,
        Err(SiteError::NotDeleting(s)) if s == kept
    ));
    assert!(matches!(
        store.forget_site(&kept).await,
        Err(SiteError::NotDeleting(s)) if s == kept
    ));
    assert_eq!(rows_of(&t, &kept).await, kept_before);

    // Once begun, it is deleting for good: its host answers as no site, and neither a
    // resumption nor an alias nor a second beginning changes that.
    let began = store.begin_site_deletion(&doomed, now()).await.unwrap();
    assert_eq!(began.status, SiteStatus::Deleting);
    let again = store
        .begin_site_deletion(&doomed, now() + chrono::Duration::minutes(5))
        .await
        .unwrap();
    assert_eq!(
        again.deleting, began.deleting,
        "the first beginning is kept"
    );
    for status in [SiteStatus::Live, SiteStatus::Suspended] {
        assert!(matches!(
            store.set_site_status(&doomed, status).await,
            Err(SiteError::Deleting(_))
        ));
    }
    assert!(matches!(
        store
            .add_alias(
                &doomed,
                &Host::named(&format!("old-{tag}.example")).unwrap()
            )
            .await,
        Err(SiteError::Deleting(_))
    ));
    assert!(matches!(
        store.register_site(&doomed, admin, now()).await,
        Err(SiteError::Deleting(_) | SiteError::Exists(_))
    ));
    let directory = sibyl::app::sites::Directory::new(kept.clone(), Duration::from_secs(10));
    assert_eq!(
        directory
            .serve(store.as_ref(), &Host::of(&doomed))
            .await
            .unwrap(),
        sibyl::app::sites::Served::Unknown
    );
    assert_eq!(
        store
            .registered_site(&doomed)
            .await
            .unwrap()
            .unwrap()
            .status,
        SiteStatus::Deleting
    );

    // Small batches until some rows are gone, then this process stops.
    let mut reached = 0;
    let mut removed = 0;
    for _ in 0..1_000 {
        let erased = store.erase_site_rows(&doomed, 2).await.unwrap();
        assert!(
            erased.step >= reached,
            "erasing never goes back: {erased:?}"
        );
        assert!(
            erased.table.is_some(),
            "batches of two do not erase a site so soon"
        );
        reached = erased.step;
        removed += erased.removed;
        if removed >= 3 {
            break;
        }
    }
    let midway = rows_of(&t, &doomed).await;
    assert!(
        midway.values().sum::<i64>() < before.values().sum::<i64>(),
        "some rows are gone: {midway:?}"
    );
    assert!(!midway.is_empty(), "not all rows are gone yet");
    drop(store);

    // Another process goes on from where it stopped, and finishes.
    let other = sibyl::store::open(&t.url, StoreOptions::default())
        .await
        .unwrap();
    let first = other.erase_site_rows(&doomed, 2).await.unwrap();
    assert!(
        first.step >= reached,
        "the next process goes on at step {reached}, not from the start: {first:?}"
    );
    let mut steps = Vec::new();
    let deleted =
        sibyl::app::sites::delete(other.as_ref(), &doomed, Duration::ZERO, &mut |step, of| {
            steps.push((step, of))
        })
        .await
        .unwrap();
    assert!(deleted.rows > 0, "{deleted:?}");
    let (last, of) = *steps.last().unwrap();
    assert_eq!(last, of, "the progress ends at the last step: {steps:?}");
    assert!(steps.windows(2).all(|w| w[0].0 <= w[1].0), "{steps:?}");

    assert_eq!(
        rows_of(&t, &doomed).await,
        BTreeMap::new(),
        "no row of the site is left"
    );
    assert_eq!(
        rows_of(&t, &kept).await,
        kept_before,
        "the other site keeps every row"
    );
    assert_eq!(other.registered_site(&doomed).await.unwrap(), None);
    for host in [Host::of(&doomed), alias.clone()] {
        assert_eq!(
            other.host_entry(&host).await.unwrap(),
            None,
            "{host} is free"
        );
    }
    // Forgetting again changes nothing; the registry is still in use.
    other.forget_site(&doomed).await.unwrap();
    assert!(other.sites_exist().await.unwrap());

    // The freed host names a new site, empty.
    let reborn = other.register_site(&doomed, admin, now()).await.unwrap();
    assert_eq!(reborn.status, SiteStatus::Live);
    assert_eq!(reborn.aliases, Vec::<Host>::new());
    assert_eq!(
        other
            .host_entry(&Host::of(&doomed))
            .await
            .unwrap()
            .map(|e| e.record.site),
        Some(doomed.clone())
    );
    let fresh = rows_of(&t, &doomed).await;
    assert!(
        !fresh.contains_key("posts") && !fresh.contains_key("comments"),
        "a new site under the freed URL has none of the old one's posts: {fresh:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deletion_left_half_done_is_finished_in_the_background_on_sqlite() {
    a_deletion_left_half_done_is_finished_in_the_background(TestStore::sqlite().await).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deletion_left_half_done_is_finished_in_the_background_on_cassandra() {
    let t =
        TestStore::cassandra_alone_with("sibyl_sites_deletion_job_test", StoreOptions::default())
            .await;
    a_deletion_left_half_done_is_finished_in_the_background(t).await
}

/// What a serving instance's background job does with a deletion whose command stopped:
/// nothing until every instance has stopped serving the site, then all of it.
async fn a_deletion_left_half_done_is_finished_in_the_background(t: TestStore) {
    let store = t.store.clone();
    let admin = an_admin(&store).await;
    let tag = unique_name("b").replace('_', "-");
    let (left, live) = (site(&format!("left-{tag}")), site(&format!("live-{tag}")));
    for s in [&left, &live] {
        store.register_site(s, admin, now()).await.unwrap();
        fill(&store, s, admin).await;
    }
    let live_rows = rows_of(&t, &live).await;
    store.begin_site_deletion(&left, now()).await.unwrap();
    store.erase_site_rows(&left, 2).await.unwrap();

    let settle = Duration::from_secs(3600);
    assert_eq!(
        sibyl::app::sites::finish_deletions(store.as_ref(), settle)
            .await
            .unwrap(),
        0,
        "a deletion begun this instant is left until every instance has read it"
    );
    assert!(!rows_of(&t, &left).await.is_empty());

    let finished = sibyl::app::sites::finish_deletions(store.as_ref(), Duration::ZERO)
        .await
        .unwrap();
    assert!(finished >= 1, "{finished}");
    assert_eq!(rows_of(&t, &left).await, BTreeMap::new());
    assert_eq!(store.registered_site(&left).await.unwrap(), None);
    assert_eq!(
        rows_of(&t, &live).await,
        live_rows,
        "a live site is left alone"
    );
    assert_eq!(
        store
            .registered_site(&live)
            .await
            .unwrap()
            .map(|r| r.status),
        Some(SiteStatus::Live)
    );
}
