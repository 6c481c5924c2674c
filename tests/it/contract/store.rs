//! The store contract: what both adapters promise, proven against each.

use crate::both_stores;
use crate::fixtures::{self};
use crate::helpers::{TestStore, unique_name, unique_site};
use chrono::Duration;
use sibyl::domain::user::Login;
use sibyl::domain::{
    NewPost, NewUser, PostId, PostStatus, Role, Slug, User, UserId, Username, now,
};
use sibyl::store::PageAt;
use sibyl::store::{FRONT_PAGE_CAP, ID_POOL_SIZE, NewSession, SetupError, Taken};
use std::collections::HashSet;

/// An administrator's account, shown under a display name unlike its user name.
fn admin_named(username: &str, email: &str) -> NewUser {
    NewUser {
        display_name: format!("{username} (display)"),
        role: Role::Admin,
        ..fixtures::new_user(username, email)
    }
}

fn fresh_admin() -> NewUser {
    let name = unique_name("u");
    admin_named(&name, &format!("{name}@example.com"))
}

async fn admin_of(t: &TestStore) -> User {
    t.store
        .create_first_admin(&t.site, fresh_admin())
        .await
        .unwrap()
}

fn new_post(
    t: &TestStore,
    author: &User,
    title: &str,
    publish: bool,
    at: chrono::DateTime<chrono::Utc>,
) -> NewPost {
    let body = format!("Some *text* for {title}.");
    fixtures::new_post(t, author, title, &body, "rust, cassandra", at, publish)
}

both_stores!(
    first_admin_is_found_by_id_user_name_and_email,
    a_site_is_set_up_once,
    concurrent_set_ups_make_exactly_one_admin,
    a_user_name_or_email_held_elsewhere_is_refused_and_frees_the_site,
    sessions_resolve_to_their_user_until_expired_or_deleted,
    created_posts_read_back_equal,
    drafts_stay_off_the_front_page_until_published,
    publishing_twice_lists_a_post_once,
    same_titles_get_distinct_slugs_even_concurrently,
    a_post_that_brings_its_slug_keeps_it_unless_taken,
    front_page_is_newest_first_and_limited,
    front_page_is_bounded,
    front_page_is_one_statement_and_a_post_two,
    unknown_records_are_none,
    five_hundred_concurrent_short_ids_are_distinct_and_the_pool_keeps_its_size,
    posts_get_distinct_short_ids_that_lead_back_to_them,
    unpublishing_takes_a_post_off_every_list_and_publishing_brings_it_back_once,
);

async fn first_admin_is_found_by_id_user_name_and_email(t: TestStore) {
    let name = unique_name("Alice");
    let new = admin_named(&name, &format!("{name}@Example.COM"));
    let admin = t
        .store
        .create_first_admin(&t.site, new.clone())
        .await
        .unwrap();
    assert_eq!(admin.username.as_str(), name);
    assert_eq!(t.store.site_admin(&t.site).await.unwrap(), Some(admin.id));
    assert_eq!(t.store.user(admin.id).await.unwrap().as_ref(), Some(&admin));
    let by_name = t
        .store
        .user_by_login(&Login::parse(&name.to_uppercase()).unwrap())
        .await
        .unwrap();
    assert_eq!(
        by_name.as_ref(),
        Some(&admin),
        "user names compare without case"
    );
    let by_email = t
        .store
        .user_by_login(&Login::parse(&format!("{}@example.com", name.to_lowercase())).unwrap())
        .await
        .unwrap();
    assert_eq!(by_email.as_ref(), Some(&admin));
    assert!(admin.password_hash.verify("correct horse battery"));
    assert_eq!(admin.role, Role::Admin);
}

async fn a_site_is_set_up_once(t: TestStore) {
    let first = admin_of(&t).await;
    let second = fresh_admin();
    let second_login = Login::parse(second.username.as_str()).unwrap();
    let outcome = t.store.create_first_admin(&t.site, second).await;
    assert!(
        matches!(outcome, Err(SetupError::AlreadySetUp)),
        "{outcome:?}"
    );
    assert_eq!(t.store.site_admin(&t.site).await.unwrap(), Some(first.id));
    assert_eq!(
        t.store.user_by_login(&second_login).await.unwrap(),
        None,
        "the loser left no account"
    );
}

async fn concurrent_set_ups_make_exactly_one_admin(t: TestStore) {
    let candidates: Vec<NewUser> = (0..16).map(|_| fresh_admin()).collect();
    let logins: Vec<Login> = candidates
        .iter()
        .map(|c| Login::parse(c.username.as_str()).unwrap())
        .collect();
    let tasks: Vec<_> = candidates
        .into_iter()
        .map(|c| {
            let (store, site) = (t.store.clone(), t.site.clone());
            tokio::spawn(async move { store.create_first_admin(&site, c).await })
        })
        .collect();
    let mut winners = Vec::new();
    for task in tasks {
        match task.await.unwrap() {
            Ok(user) => winners.push(user),
            Err(SetupError::AlreadySetUp) => {}
            Err(other) => panic!("unexpected outcome: {other:?}"),
        }
    }
    assert_eq!(winners.len(), 1, "exactly one administrator");
    assert_eq!(
        t.store.site_admin(&t.site).await.unwrap(),
        Some(winners[0].id)
    );
    let mut found = 0;
    for login in &logins {
        if t.store.user_by_login(login).await.unwrap().is_some() {
            found += 1;
        }
    }
    assert_eq!(found, 1, "losers' user names were released");
}

async fn a_user_name_or_email_held_elsewhere_is_refused_and_frees_the_site(t: TestStore) {
    let holder = admin_of(&t).await;
    let other_site = unique_site();
    let mut same_name = fresh_admin();
    same_name.username = Username::parse(&holder.username.as_str().to_uppercase()).unwrap();
    let outcome = t.store.create_first_admin(&other_site, same_name).await;
    assert!(
        matches!(outcome, Err(SetupError::Taken(Taken::Username))),
        "{outcome:?}"
    );
    let mut same_email = fresh_admin();
    same_email.email = holder.email.clone();
    let outcome = t
        .store
        .create_first_admin(&other_site, same_email.clone())
        .await;
    assert!(
        matches!(outcome, Err(SetupError::Taken(Taken::Email))),
        "{outcome:?}"
    );
    assert_eq!(
        t.store
            .user_by_login(&Login::parse(same_email.username.as_str()).unwrap())
            .await
            .unwrap(),
        None,
        "the user name claimed before the e-mail was refused is released"
    );
    assert_eq!(t.store.site_admin(&other_site).await.unwrap(), None);
    let admin = t
        .store
        .create_first_admin(&other_site, fresh_admin())
        .await
        .unwrap();
    assert_eq!(
        t.store.site_admin(&other_site).await.unwrap(),
        Some(admin.id)
    );
}

async fn sessions_resolve_to_their_user_until_expired_or_deleted(t: TestStore) {
    let user = admin_of(&t).await;
    let started = now();
    let live = NewSession {
        key: vec![1; 32]
            .into_iter()
            .chain(user.id.0.into_bytes())
            .collect(),
        user_id: user.id,
        created: started,
        expires: started + Duration::hours(1),
        details: Default::default(),
    };
    t.store.create_session(&live).await.unwrap();
    assert_eq!(
        t.store
            .session_user(&live.key, now())
            .await
            .unwrap()
            .as_ref(),
        Some(&user)
    );
    assert_eq!(
        t.store
            .session_user(&live.key, started + Duration::hours(2))
            .await
            .unwrap(),
        None,
        "expired"
    );
    t.store.delete_session(&live.key).await.unwrap();
    assert_eq!(
        t.store.session_user(&live.key, now()).await.unwrap(),
        None,
        "deleted"
    );
    assert_eq!(t.store.session_user(b"unknown", now()).await.unwrap(), None);
}

async fn created_posts_read_back_equal(t: TestStore) {
    let author = admin_of(&t).await;
    let post = t
        .store
        .create_post(new_post(&t, &author, "Hello, Cassandra!", true, now()))
        .await
        .unwrap();
    assert_eq!(post.slug.as_str(), "hello-cassandra");
    assert_eq!(post.status, PostStatus::Published);
    assert_eq!(post.revision, 1);
    assert!(post.body_html.contains("<em>text</em>"));
    let read = t.store.post_by_slug(&t.site, &post.slug).await.unwrap();
    assert_eq!(read.as_ref(), Some(&post));
    let front = t
        .store
        .home_page(&t.site, PageAt::Newest, 10)
        .await
        .unwrap()
        .posts;
    assert_eq!(front.len(), 1);
    assert_eq!(
        (front[0].id, front[0].title.as_str()),
        (post.id, "Hello, Cassandra!")
    );
    assert_eq!(front[0].published, post.published.unwrap());
    assert_eq!(front[0].tags.to_strings(), ["rust", "cassandra"]);
}

async fn drafts_stay_off_the_front_page_until_published(t: TestStore) {
    let author = admin_of(&t).await;
    let draft = t
        .store
        .create_post(new_post(&t, &author, "Not yet", false, now()))
        .await
        .unwrap();
    assert_eq!(draft.status, PostStatus::Draft);
    assert_eq!(draft.published, None);
    assert!(
        t.store
            .home_page(&t.site, PageAt::Newest, 10)
            .await
            .unwrap()
            .posts
            .is_empty()
    );
    let at = now();
    let published = t
        .store
        .publish_post(&t.site, draft.id, at)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        (published.status, published.published),
        (PostStatus::Published, Some(at))
    );
    let front = t
        .store
        .home_page(&t.site, PageAt::Newest, 10)
        .await
        .unwrap()
        .posts;
    assert_eq!(front.iter().map(|p| p.id).collect::<Vec<_>>(), [draft.id]);
}

async fn publishing_twice_lists_a_post_once(t: TestStore) {
    let author = admin_of(&t).await;
    let draft = t
        .store
        .create_post(new_post(&t, &author, "Twice", false, now()))
        .await
        .unwrap();
    let tasks: Vec<_> = (0..4)
        .map(|_| {
            let (store, site) = (t.store.clone(), t.site.clone());
            tokio::spawn(async move { store.publish_post(&site, draft.id, now()).await })
        })
        .collect();
    for task in tasks {
        assert!(task.await.unwrap().unwrap().is_some());
    }
    assert_eq!(
        t.store
            .home_page(&t.site, PageAt::Newest, 10)
            .await
            .unwrap()
            .posts
            .len(),
        1
    );
}

async fn same_titles_get_distinct_slugs_even_concurrently(t: TestStore) {
    let author = admin_of(&t).await;
    let first = t
        .store
        .create_post(new_post(&t, &author, "Same title", true, now()))
        .await
        .unwrap();
    assert_eq!(first.slug.as_str(), "same-title");
    let tasks: Vec<_> = (0..8)
        .map(|_| {
            let post = new_post(&t, &author, "Same title", true, now());
            let store = t.store.clone();
            tokio::spawn(async move { store.create_post(post).await })
        })
        .collect();
    let mut slugs = vec![first.slug.as_str().to_owned()];
    for task in tasks {
        let post = task.await.unwrap().unwrap();
        let read = t
            .store
            .post_by_slug(&t.site, &post.slug)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(read.id, post.id, "each slug leads to its own post");
        slugs.push(post.slug.as_str().to_owned());
    }
    slugs.sort();
    slugs.dedup();
    assert_eq!(slugs.len(), 9, "{slugs:?}");
    assert!(slugs.contains(&"same-title-2".to_owned()));
}

/// An imported post keeps the address it had (whatever its title says), and gets a
/// number like any other when that address is taken.
async fn a_post_that_brings_its_slug_keeps_it_unless_taken(t: TestStore) {
    let author = admin_of(&t).await;
    let wanted = sibyl::domain::Slug::parse("an-old-address").unwrap();
    let kept = t
        .store
        .create_post(new_post(&t, &author, "A new title", true, now()).with_slug(wanted.clone()))
        .await
        .unwrap();
    assert_eq!(kept.slug, wanted);
    let read = t
        .store
        .post_by_slug(&t.site, &wanted)
        .await
        .unwrap()
        .unwrap();
    assert_eq!((read.id, read.title.as_str()), (kept.id, "A new title"));
    let again = t
        .store
        .create_post(new_post(&t, &author, "Another", false, now()).with_slug(wanted))
        .await
        .unwrap();
    assert_eq!(again.slug.as_str(), "an-old-address-2");
}

async fn front_page_is_newest_first_and_limited(t: TestStore) {
    let author = admin_of(&t).await;
    let start = now() - Duration::minutes(10);
    let mut ids = Vec::new();
    for i in 0..5 {
        let at = start + Duration::minutes(i);
        ids.push(
            t.store
                .create_post(new_post(&t, &author, &format!("Post {i}"), true, at))
                .await
                .unwrap()
                .id,
        );
    }
    ids.reverse();
    let front: Vec<PostId> = t
        .store
        .home_page(&t.site, PageAt::Newest, 10)
        .await
        .unwrap()
        .posts
        .iter()
        .map(|p| p.id)
        .collect();
    assert_eq!(front, ids);
    let limited: Vec<PostId> = t
        .store
        .home_page(&t.site, PageAt::Newest, 3)
        .await
        .unwrap()
        .posts
        .iter()
        .map(|p| p.id)
        .collect();
    assert_eq!(limited, ids[..3]);
}

async fn front_page_is_bounded(t: TestStore) {
    let author = admin_of(&t).await;
    let start = now() - Duration::hours(1);
    for i in 0..(FRONT_PAGE_CAP + 3) {
        let at = start + Duration::seconds(i as i64);
        t.store
            .create_post(new_post(&t, &author, &format!("Bound {i}"), true, at))
            .await
            .unwrap();
    }
    let front = t
        .store
        .home_page(&t.site, PageAt::Newest, 10_000)
        .await
        .unwrap()
        .posts;
    assert_eq!(front.len(), FRONT_PAGE_CAP);
    assert_eq!(
        front[0].title,
        format!("Bound {}", FRONT_PAGE_CAP + 2),
        "the newest is kept"
    );
    assert_eq!(
        front[FRONT_PAGE_CAP - 1].title,
        "Bound 3",
        "the three oldest fell off"
    );
}

async fn front_page_is_one_statement_and_a_post_two(t: TestStore) {
    let author = admin_of(&t).await;
    let mut last = None;
    for i in 0..3 {
        last = Some(
            t.store
                .create_post(new_post(&t, &author, &format!("Counted {i}"), true, now()))
                .await
                .unwrap(),
        );
    }
    let before = t.store.statements();
    assert_eq!(
        t.store
            .home_page(&t.site, PageAt::Newest, 20)
            .await
            .unwrap()
            .posts
            .len(),
        3
    );
    assert_eq!(
        t.store.statements() - before,
        1,
        "the front page is one read"
    );
    let before = t.store.statements();
    t.store
        .post_by_slug(&t.site, &last.unwrap().slug)
        .await
        .unwrap()
        .unwrap();
    assert!(
        t.store.statements() - before <= 2,
        "a post is at most two reads"
    );
}

async fn unknown_records_are_none(t: TestStore) {
    assert_eq!(t.store.site_admin(&t.site).await.unwrap(), None);
    assert_eq!(t.store.user(UserId::new()).await.unwrap(), None);
    assert_eq!(
        t.store
            .user_by_login(&Login::parse("nobody_here").unwrap())
            .await
            .unwrap(),
        None
    );
    assert_eq!(
        t.store
            .post_by_slug(&t.site, &Slug::parse("no-such-post").unwrap())
            .await
            .unwrap(),
        None
    );
    assert_eq!(
        t.store
            .publish_post(&t.site, PostId::new(), now())
            .await
            .unwrap(),
        None
    );
    assert!(
        t.store
            .home_page(&t.site, PageAt::Newest, 20)
            .await
            .unwrap()
            .posts
            .is_empty()
    );
}

async fn five_hundred_concurrent_short_ids_are_distinct_and_the_pool_keeps_its_size(t: TestStore) {
    let fresh = t.store.short_id_pool(&t.site).await.unwrap();
    assert_eq!(
        fresh,
        (1..=ID_POOL_SIZE).collect::<Vec<_>>(),
        "a new pool holds 1..=size"
    );
    let tasks: Vec<_> = (0..500)
        .map(|_| {
            let (store, site) = (t.store.clone(), t.site.clone());
            tokio::spawn(async move { store.allocate_short_id(&site).await })
        })
        .collect();
    let mut taken = Vec::new();
    for task in tasks {
        taken.push(task.await.unwrap().unwrap());
    }
    let distinct: HashSet<u64> = taken.iter().copied().collect();
    assert_eq!(distinct.len(), 500, "no number was handed out twice");
    let pool = t.store.short_id_pool(&t.site).await.unwrap();
    assert_eq!(pool.len() as u64, ID_POOL_SIZE, "the pool keeps its size");
    let pool_set: HashSet<u64> = pool.iter().copied().collect();
    assert_eq!(pool_set.len(), pool.len());
    assert!(
        pool_set.is_disjoint(&distinct),
        "no handed-out number is still free"
    );
    // Each slot moves up by the pool size per number it hands out: every number below
    // the pool's is either handed out or a gap left by an uncertain write, never free.
    for (slot, next) in pool.iter().enumerate() {
        assert_eq!(next % ID_POOL_SIZE, (slot as u64 + 1) % ID_POOL_SIZE);
    }
    let other_site = t.store.short_id_pool(&unique_site()).await.unwrap();
    assert_eq!(other_site[0], 1, "each site has its own pool");
}

async fn posts_get_distinct_short_ids_that_lead_back_to_them(t: TestStore) {
    let author = admin_of(&t).await;
    let tasks: Vec<_> = (0..10)
        .map(|i| {
            let post = new_post(&t, &author, &format!("Short {i}"), true, now());
            let store = t.store.clone();
            tokio::spawn(async move { store.create_post(post).await })
        })
        .collect();
    let mut ids = HashSet::new();
    for task in tasks {
        let post = task.await.unwrap().unwrap();
        assert!(
            ids.insert(post.short_id),
            "short id {} repeated",
            post.short_id
        );
        assert_eq!(
            t.store
                .slug_by_short_id(&t.site, post.short_id)
                .await
                .unwrap(),
            Some(sibyl::store::ShortLink::Post(post.slug.clone()))
        );
        let read = t
            .store
            .post_by_slug(&t.site, &post.slug)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(read.short_id, post.short_id);
    }
    assert_eq!(
        t.store
            .slug_by_short_id(&t.site, 1_000_000_000)
            .await
            .unwrap(),
        None
    );
    assert_eq!(
        t.store
            .slug_by_short_id(&unique_site(), *ids.iter().next().unwrap())
            .await
            .unwrap(),
        None,
        "short ids are per site"
    );
}

async fn unpublishing_takes_a_post_off_every_list_and_publishing_brings_it_back_once(t: TestStore) {
    let author = admin_of(&t).await;
    let kept = t
        .store
        .create_post(new_post(
            &t,
            &author,
            "Kept",
            true,
            now() - Duration::minutes(5),
        ))
        .await
        .unwrap();
    let post = t
        .store
        .create_post(new_post(&t, &author, "Withdrawn", true, now()))
        .await
        .unwrap();
    let draft = t
        .store
        .unpublish_post(&t.site, post.id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!((draft.status, draft.published), (PostStatus::Draft, None));
    let front: Vec<PostId> = t
        .store
        .home_page(&t.site, PageAt::Newest, 10)
        .await
        .unwrap()
        .posts
        .iter()
        .map(|p| p.id)
        .collect();
    assert_eq!(front, [kept.id]);
    let listed: Vec<PostId> = t
        .store
        .posts_by_author(&t.site, author.id, None.into(), 10)
        .await
        .unwrap()
        .posts
        .iter()
        .map(|p| p.id)
        .collect();
    assert_eq!(listed, [kept.id]);
    assert_eq!(
        t.store
            .unpublish_post(&t.site, post.id)
            .await
            .unwrap()
            .unwrap()
            .status,
        PostStatus::Draft,
        "twice is harmless"
    );
    let again = t
        .store
        .publish_post(&t.site, post.id, now())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(again.status, PostStatus::Published);
    let front: Vec<PostId> = t
        .store
        .home_page(&t.site, PageAt::Newest, 10)
        .await
        .unwrap()
        .posts
        .iter()
        .map(|p| p.id)
        .collect();
    assert_eq!(front, [post.id, kept.id], "back on top, once");
    assert_eq!(
        t.store
            .unpublish_post(&t.site, PostId::new())
            .await
            .unwrap(),
        None
    );
}

/// A Cassandra keyspace records the last numbered change it has: a new one starts at the
/// latest, Sibyl refuses to serve from an older one, and `migrate` applies only the
/// changes after the recorded version.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_keyspace_is_upgraded_from_the_version_it_records() {
    use sibyl::store::cassandra::latest_version;
    use sibyl::store::{self, StoreOptions};
    let keyspace = "sibyl_versions_test";
    let (url, session, _keyspace) = crate::helpers::own_keyspace(keyspace).await;
    let recorded = || async {
        session
            .query_unpaged(
                format!("SELECT version FROM {keyspace}.schema_version WHERE scope = 'sibyl'"),
                (),
            )
            .await
            .unwrap()
            .into_rows_result()
            .unwrap()
            .single_row::<(i32,)>()
            .unwrap()
            .0
    };
    let table_exists =
        |table: &'static str| crate::helpers::table_exists(&session, keyspace, table);
    // The compaction class of each table that every page reads and every write changes.
    let compaction = || async {
        let mut classes = Vec::new();
        for table in ["front_page", "post_comment_tallies"] {
            let (options,) = session
                .query_unpaged(
                    "SELECT compaction FROM system_schema.tables WHERE keyspace_name = ? AND table_name = ?",
                    (keyspace, table),
                )
                .await
                .unwrap()
                .into_rows_result()
                .unwrap()
                .single_row::<(std::collections::HashMap<String, String>,)>()
                .unwrap();
            classes.push(options["class"].rsplit('.').next().unwrap().to_owned());
        }
        classes
    };
    let leveled = vec!["LeveledCompactionStrategy"; 2];
    let set_version = |v: u32| {
        let session = &session;
        async move {
            session
                .query_unpaged(
                    format!(
                        "UPDATE {keyspace}.schema_version SET version = {v} WHERE scope = 'sibyl'"
                    ),
                    (),
                )
                .await
                .unwrap();
        }
    };
    let latest = latest_version();
    assert!(latest > 3);
    assert_eq!(
        recorded().await,
        latest as i32,
        "a new keyspace is at the latest"
    );
    assert_eq!(compaction().await, leveled, "as schema.cql makes them");
    assert!(store::open(&url, StoreOptions::default()).await.is_ok());

    // One version behind: refused, with what to do.
    set_version(latest - 1).await;
    let refused = store::open(&url, StoreOptions::default())
        .await
        .err()
        .unwrap();
    assert!(refused.0.contains("run `sibyl migrate"), "{}", refused.0);

    // Change 3 drops the per-post drafts of the first versions. At a version after it,
    // migrate leaves such a table alone; at a version before it, the table goes.
    session
        .query_unpaged(
            format!("CREATE TABLE {keyspace}.drafts (site text, post_id uuid, PRIMARY KEY (site, post_id))"),
            (),
        )
        .await
        .unwrap();
    store::migrate(&url, None).await.unwrap();
    assert_eq!(recorded().await, latest as i32);
    assert!(
        table_exists("drafts").await,
        "changes already recorded are not run again"
    );
    assert!(store::open(&url, StoreOptions::default()).await.is_ok());
    // A keyspace made before the leveled compaction had the default, size-tiered. (The
    // tallies kept newest first came later: schema.cql makes them leveled.)
    session
        .query_unpaged(
            format!(
                "ALTER TABLE {keyspace}.front_page WITH compaction = {{'class': 'SizeTieredCompactionStrategy'}}"
            ),
            (),
        )
        .await
        .unwrap();
    assert_ne!(compaction().await, leveled);
    set_version(2).await;
    store::migrate(&url, None).await.unwrap();
    assert_eq!(compaction().await, leveled, "the changes made them leveled");
    assert!(
        !table_exists("drafts").await,
        "the changes after the recorded one ran"
    );
    assert_eq!(recorded().await, latest as i32);
}

/// A new keyspace keeps as many copies as the cluster can hold, up to three, unless told
/// otherwise; a factor the cluster cannot keep is refused before anything is made.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn migrate_chooses_a_replication_the_cluster_can_keep() {
    use sibyl::store::{self, Replication};
    let keyspace = "sibyl_replication_test";
    let (url, session, _keyspace) = crate::helpers::own_keyspace(keyspace).await;
    let replication = |keyspace: &'static str| {
        let session = &session;
        async move {
            session
                .query_unpaged(
                    "SELECT replication FROM system_schema.keyspaces WHERE keyspace_name = ?",
                    (keyspace,),
                )
                .await
                .unwrap()
                .into_rows_result()
                .unwrap()
                .maybe_first_row::<(std::collections::HashMap<String, String>,)>()
                .unwrap()
                .map(|(r,)| r)
        }
    };
    // The test node is one node in datacenter1: one copy there, by name.
    let made = replication(keyspace)
        .await
        .expect("migrate made the keyspace");
    assert!(
        made["class"].ends_with("NetworkTopologyStrategy"),
        "{made:?}"
    );
    assert_eq!(
        made.get("datacenter1").map(String::as_str),
        Some("1"),
        "{made:?}"
    );
    // Three copies on one node: refused, saying why, and no keyspace made.
    let other = "sibyl_replication_refused";
    session
        .query_unpaged(
            crate::helpers::slow_drop(format!("DROP KEYSPACE IF EXISTS {other}")),
            (),
        )
        .await
        .unwrap();
    let refused_url = match &url {
        sibyl::store::StoreUrl::Cassandra { nodes, .. } => sibyl::store::StoreUrl::Cassandra {
            nodes: nodes.clone(),
            keyspace: other.into(),
        },
        other => panic!("{other:?}"),
    };
    let refused = store::migrate(&refused_url, Some(&Replication::Simple(3)))
        .await
        .unwrap_err()
        .to_string();
    assert!(
        refused.contains("every write at LOCAL_QUORUM would fail"),
        "{refused}"
    );
    assert_eq!(replication(other).await, None);
}

/// A short number whose LWT ran but whose answer was lost is still handed out, whichever
/// way the answer was lost (the coordinator's timeout in Paxos or in its commit phase,
/// the client's timeout, a broken connection): the serial read shows the take was this
/// allocator's, so no number is skipped. Each of 20 takes moves a slot exactly once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_short_number_whose_answer_was_lost_is_not_skipped() {
    use sibyl::store::{Fault, LostAnswer, StoreOptions};
    let options = StoreOptions::default();
    let faults = options.faults.clone();
    let t = TestStore::cassandra_with(options).await;
    let mut taken = HashSet::new();
    for kind in LostAnswer::ALL.into_iter().cycle().take(20) {
        faults.arm(Fault::LostLwtAnswer(kind));
        let number = t.store.allocate_short_id(&t.site).await;
        taken.insert(number.unwrap_or_else(|e| panic!("{kind:?}: {e}")));
        assert!(
            !faults.fires(Fault::LostLwtAnswer(kind)),
            "the answer was lost"
        );
    }
    assert_eq!(taken.len(), 20);
    let pool = t.store.short_id_pool(&t.site).await.unwrap();
    let moves: u64 = pool
        .iter()
        .enumerate()
        .map(|(slot, next)| (next - (slot as u64 + 1)) / ID_POOL_SIZE)
        .sum();
    assert_eq!(moves, 20, "no number was lost to a lost answer");
    assert!(pool.iter().all(|n| !taken.contains(n)));
}

/// A process given its data centre (`--cassandra-local-dc`) sends its statements there
/// only; one naming a data centre the cluster does not have is refused when it opens
/// the store, with the data centres the cluster has.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_local_data_centre_must_be_one_the_cluster_has() {
    use sibyl::store::{self, StoreOptions};
    let t = TestStore::cassandra().await;
    let in_dc = |dc: &str| StoreOptions {
        local_dc: Some(dc.to_owned()),
        ..StoreOptions::default()
    };
    let refused = match store::open(&t.url, in_dc("mars")).await {
        Ok(_) => panic!("a data centre the cluster does not have was accepted"),
        Err(e) => e.to_string(),
    };
    assert!(refused.contains("data centre \"mars\""), "{refused}");
    assert!(refused.contains("datacenter1"), "{refused}");
    let local = store::open(&t.url, in_dc("datacenter1")).await.unwrap();
    let author = fixtures::user(&t, Role::Author, "Local Writer").await;
    let new = fixtures::new_post(&t, &author, "Written locally", "Text.", "", now(), true);
    let post = local.create_post(new).await.unwrap();
    let read = t.store.post_by_id(&t.site, post.id).await.unwrap();
    assert_eq!(
        read.map(|p| p.title.as_str().to_owned()),
        Some("Written locally".into())
    );
}
