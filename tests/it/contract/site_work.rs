//! Background work across the instances of one deployment: each shard of a job's sites
//! is leased to one instance at a time, so that each site's scheduled posts and mail are
//! handled by one instance, not by every one; the shards are shared evenly among the
//! instances running, one that joins gets its share, and the shards of one that stops
//! pass to the others once its leases lapse.

use super::sites::an_admin;
use crate::helpers::{TestStore, unique_name};
use sibyl::app::sites::sites_to_work_on;
use sibyl::domain::{Site, now};
use sibyl::store::StoreOptions;
use sibyl::store::sites::work_shard;
use std::collections::HashSet;
use std::time::Duration;
use uuid::Uuid;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_sites_work_is_done_by_one_instance_on_sqlite() {
    each_sites_work_is_done_by_one_instance(TestStore::sqlite().await).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_sites_work_is_done_by_one_instance_on_cassandra() {
    let t = TestStore::cassandra_alone_with("sibyl_sites_work_test", StoreOptions::default()).await;
    each_sites_work_is_done_by_one_instance(t).await
}

async fn each_sites_work_is_done_by_one_instance(t: TestStore) {
    let store = t.store.clone();
    let admin = an_admin(&store).await;
    let tag = unique_name("w").replace('_', "-");
    let sites: Vec<Site> = (0..24)
        .map(|i| Site::parse(&format!("https://s{i}-{tag}.example")).unwrap())
        .collect();
    for site in &sites {
        store.register_site(site, admin, now()).await.unwrap();
    }
    let job = format!("job-{tag}");
    let minute = Duration::from_secs(60);
    let (one, two, three) = (Uuid::new_v4(), Uuid::new_v4(), Uuid::new_v4());

    // Two instances race for the free shards: every site goes to one of them.
    let work = |holder: Uuid| {
        let (store, site, job) = (store.clone(), t.site.clone(), job.clone());
        async move {
            sites_to_work_on(store.as_ref(), &site, &job, holder, minute)
                .await
                .unwrap()
                .into_iter()
                .collect::<HashSet<Site>>()
        }
    };
    let (first, second) = tokio::join!(tokio::spawn(work(one)), tokio::spawn(work(two)));
    let (first, second) = (first.unwrap(), second.unwrap());
    for site in &sites {
        let by = usize::from(first.contains(site)) + usize::from(second.contains(site));
        assert!(by <= 1, "{site} is worked on by {by} instances");
    }
    // The next passes share the shards between the two: shard k to the (k mod 2)-th in
    // id order, every site to one, the same pass after pass. (`running` and `passes` in
    // the same order.)
    let shared = |running: &[Uuid], passes: Vec<HashSet<Site>>| {
        let mut order = running.to_vec();
        order.sort();
        for site in &sites {
            let goes_to = order[work_shard(site) as usize % order.len()];
            for (who, done) in running.iter().zip(&passes) {
                assert_eq!(
                    done.contains(site),
                    *who == goes_to,
                    "{site} (shard {}) with {} instances",
                    work_shard(site),
                    running.len()
                );
            }
        }
    };
    // (A round for each to give back what it took of the other's in the race.)
    work(one).await;
    work(two).await;
    for _ in 0..2 {
        let passes = vec![work(one).await, work(two).await];
        shared(&[one, two], passes);
    }
    // A third instance finds its shards held at first; at the others' next passes they
    // give them back, and the three share them.
    assert!(work(three).await.is_empty());
    work(one).await;
    work(two).await;
    for _ in 0..2 {
        let passes = vec![work(one).await, work(two).await, work(three).await];
        shared(&[one, two, three], passes);
    }

    // An instance that stops leaves the list once its word lapses, and its shards go to
    // the others. (Its word lasts long enough that a loaded machine does not let it lapse
    // between two passes of a running instance.)
    let short = Duration::from_secs(5);
    let quick = format!("quick-{tag}");
    let pass = |holder: Uuid| {
        let (store, site, quick) = (store.clone(), t.site.clone(), quick.clone());
        async move {
            sites_to_work_on(store.as_ref(), &site, &quick, holder, short)
                .await
                .unwrap()
                .into_iter()
                .collect::<HashSet<Site>>()
        }
    };
    for _ in 0..2 {
        for holder in [one, two, three] {
            pass(holder).await;
        }
    }
    let passes = vec![pass(one).await, pass(two).await, pass(three).await];
    shared(&[one, two, three], passes);
    tokio::time::sleep(Duration::from_millis(7_000)).await;
    pass(one).await;
    pass(two).await;
    let passes = vec![pass(one).await, pass(two).await];
    shared(&[one, two], passes);

    // A lease its holder stops renewing lapses, and another takes it (a lease of a few
    // seconds: a loaded machine can take one between two calls).
    let short = Duration::from_secs(3);
    let lease = format!("lease-{tag}");
    assert!(store.hold_lease(&lease, 3, one, short).await.unwrap());
    assert!(!store.hold_lease(&lease, 3, two, short).await.unwrap());
    assert!(
        store.hold_lease(&lease, 3, one, short).await.unwrap(),
        "renewed"
    );
    tokio::time::sleep(Duration::from_millis(4_500)).await;
    assert!(
        store.hold_lease(&lease, 3, two, short).await.unwrap(),
        "taken once lapsed"
    );
    assert!(!store.hold_lease(&lease, 3, one, short).await.unwrap());
    // Another shard, another job: their own leases.
    assert!(store.hold_lease(&lease, 4, one, short).await.unwrap());
    let other = format!("other-{tag}");
    assert!(store.hold_lease(&other, 3, one, minute).await.unwrap());
    assert!(!store.hold_lease(&other, 3, two, minute).await.unwrap());
    // Given back, it is free for another at once; another's is not given back by one
    // that does not hold it.
    store.release_lease(&other, 3, two).await.unwrap();
    assert!(!store.hold_lease(&other, 3, two, minute).await.unwrap());
    store.release_lease(&other, 3, one).await.unwrap();
    assert!(store.hold_lease(&other, 3, two, minute).await.unwrap());

    // Many holders racing for one free lease: exactly one gets it.
    let race = format!("race-{tag}");
    let holders: Vec<Uuid> = (0..8).map(|_| Uuid::new_v4()).collect();
    let tries = holders.iter().map(|h| {
        let (store, race, h) = (store.clone(), race.clone(), *h);
        tokio::spawn(async move { store.hold_lease(&race, 0, h, minute).await.unwrap() })
    });
    let won = futures_util::future::join_all(tries)
        .await
        .into_iter()
        .filter(|r| *r.as_ref().unwrap())
        .count();
    assert_eq!(won, 1, "{won} holders got one lease");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_schedulers_publish_every_sites_posts_on_sqlite() {
    two_instances_schedulers_publish_every_sites_posts(TestStore::sqlite().await).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_schedulers_publish_every_sites_posts_on_cassandra() {
    let t = TestStore::cassandra_alone_with("sibyl_sites_scheduler_test", StoreOptions::default())
        .await;
    two_instances_schedulers_publish_every_sites_posts(t).await
}

/// The schedulers of two instances over one deployment of registered sites, each working
/// on the shards it holds: every site's scheduled post goes live, once.
async fn two_instances_schedulers_publish_every_sites_posts(t: TestStore) {
    use sibyl::app::jobs::scheduler::{Scheduler, SchedulerConfig};
    use sibyl::domain::post::{Body, Rendered};
    use sibyl::domain::{NewPost, PostStatus, Tags, Title};
    let store = t.store.clone();
    let admin = an_admin(&store).await;
    let author = store.user(admin).await.unwrap().unwrap();
    let tag = unique_name("q").replace('_', "-");
    let mut scheduled = Vec::new();
    for i in 0..6 {
        let site = Site::parse(&format!("https://q{i}-{tag}.example")).unwrap();
        store.register_site(&site, admin, now()).await.unwrap();
        let draft = store
            .create_post(NewPost::new(
                site.clone(),
                Title::parse(&format!("Due on site {i}")).unwrap(),
                Rendered::of(Body::parse("On time.").unwrap()).unwrap(),
                Tags::default(),
                author.id,
                author.display_name.clone(),
                now(),
                false,
            ))
            .await
            .unwrap();
        let due = now() + chrono::Duration::seconds(1);
        store
            .schedule_post(&site, draft.id, Some(due))
            .await
            .unwrap()
            .unwrap();
        scheduled.push((site, draft.id));
    }
    let jobs = std::sync::Arc::new(sibyl::infra::jobs::Jobs::default());
    let instances = [Scheduler::default(), Scheduler::default()];
    for scheduler in &instances {
        scheduler.spawn(
            &jobs,
            store.clone(),
            t.site.clone(),
            sibyl::infra::clock::Clock::system(),
            SchedulerConfig {
                every: Duration::from_millis(200),
            },
        );
    }
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    loop {
        let mut live = 0;
        for (site, id) in &scheduled {
            let post = store.post_by_id(site, *id).await.unwrap().unwrap();
            if post.status == PostStatus::Published {
                live += 1;
            }
        }
        if live == scheduled.len() {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "{live} of {} scheduled posts went live",
            scheduled.len()
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    for (site, _) in &scheduled {
        assert!(store.scheduled_posts(site).await.unwrap().is_empty());
    }
    jobs.stop(Duration::from_secs(10)).await;
}
