//! The registry of sites: a host belongs to one site, registering twice or over another
//! site's host is refused and changes nothing, aliases and suspension are kept, the pages
//! list every site once, and registrations racing for one site leave one. The registry
//! is the deployment's, so on Cassandra these run in a keyspace of their own.

use crate::helpers::{Kind, TestStore, unique_name};
use sibyl::domain::{Host, Role, Site, SiteStatus, UserId};
use sibyl::store::{SiteError, Store, StoreOptions};
use std::sync::Arc;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_registry_of_sites_on_sqlite() {
    the_registry_of_sites(TestStore::sqlite().await).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_registry_of_sites_on_cassandra() {
    let t =
        TestStore::cassandra_alone_with("sibyl_sites_registry_test", StoreOptions::default()).await;
    the_registry_of_sites(t).await
}

pub async fn an_admin(store: &Arc<dyn Store>) -> UserId {
    let mut user = crate::fixtures::fresh_user();
    user.role = Role::Admin;
    store.create_user(user).await.unwrap().id
}

fn site(name: &str) -> Site {
    Site::parse(&format!("https://{name}.example")).unwrap()
}

async fn the_registry_of_sites(t: TestStore) {
    let store = t.store.clone();
    let admin = an_admin(&store).await;
    let other_admin = an_admin(&store).await;
    let now = sibyl::domain::now();
    let tag = unique_name("s").replace('_', "-");
    let a = site(&format!("a-{tag}"));
    let b = site(&format!("b-{tag}"));

    // Nothing is known of a host before its site is registered.
    assert_eq!(store.host_entry(&Host::of(&a)).await.unwrap(), None);
    let made = store.register_site(&a, admin, now).await.unwrap();
    assert_eq!(made.site, a);
    assert_eq!(made.status, SiteStatus::Live);
    assert_eq!(made.first_admin, admin);
    assert!(store.sites_exist().await.unwrap());
    // A registered site's roles are its own: its first administrator is one there.
    assert_eq!(
        store
            .membership(&a, admin)
            .await
            .unwrap()
            .map(|m| (m.role, m.banned)),
        Some((Role::Admin, false))
    );
    // Registering sets the site up: its first administrator closes /setup.
    assert_eq!(store.site_admin(&a).await.unwrap(), Some(admin));
    let own = store.host_entry(&Host::of(&a)).await.unwrap().unwrap();
    assert!(!own.alias);
    assert_eq!(own.record.site, a);

    // Registering again, by anyone, is refused and changes nothing.
    for who in [admin, other_admin] {
        assert!(matches!(
            store.register_site(&a, who, now).await,
            Err(SiteError::Exists(s)) if s == a
        ));
    }
    assert_eq!(
        store
            .registered_site(&a)
            .await
            .unwrap()
            .unwrap()
            .first_admin,
        admin
    );

    // An alias redirects to its site; adding it again changes nothing; a host that
    // answers for one site cannot answer for another.
    let www = Host::parse(&format!("www.a-{tag}.example")).unwrap();
    let aliased = store.add_alias(&a, &www).await.unwrap();
    assert_eq!(aliased.aliases, vec![www.clone()]);
    assert_eq!(
        store.add_alias(&a, &www).await.unwrap().aliases,
        vec![www.clone()]
    );
    let entry = store.host_entry(&www).await.unwrap().unwrap();
    assert!(entry.alias);
    assert_eq!(entry.record.site, a);
    store.register_site(&b, other_admin, now).await.unwrap();
    assert!(matches!(
        store.add_alias(&b, &www).await,
        Err(SiteError::HostTaken { host, site }) if host == www && site == a
    ));
    assert!(matches!(
        store.add_alias(&b, &Host::of(&a)).await,
        Err(SiteError::HostTaken { site, .. }) if site == a
    ));
    // A site whose host is another's alias cannot be registered.
    let on_alias = Site::parse(&format!("http://www.a-{tag}.example")).unwrap();
    assert!(matches!(
        store.register_site(&on_alias, admin, now).await,
        Err(SiteError::HostTaken { site, .. }) if site == a
    ));
    assert_eq!(store.registered_site(&on_alias).await.unwrap(), None);
    assert!(
        store
            .registered_site(&b)
            .await
            .unwrap()
            .unwrap()
            .aliases
            .is_empty()
    );
    // Nothing is done to a site that is not registered.
    let nowhere = site(&format!("nowhere-{tag}"));
    assert!(matches!(
        store.add_alias(&nowhere, &Host::parse(&format!("x-{tag}.example")).unwrap()).await,
        Err(SiteError::NotFound(s)) if s == nowhere
    ));
    assert!(matches!(
        store.set_site_status(&nowhere, SiteStatus::Suspended).await,
        Err(SiteError::NotFound(_))
    ));
    assert_eq!(store.registered_site(&nowhere).await.unwrap(), None);

    // A site keeps MAX_ALIASES aliases at most.
    for i in 1..sibyl::store::sites::MAX_ALIASES {
        let alias = Host::parse(&format!("old{i}.a-{tag}.example")).unwrap();
        store.add_alias(&a, &alias).await.unwrap();
    }
    let one_more = Host::parse(&format!("old99.a-{tag}.example")).unwrap();
    assert!(matches!(
        store.add_alias(&a, &one_more).await,
        Err(SiteError::TooManyAliases(_))
    ));
    assert_eq!(store.host_entry(&one_more).await.unwrap(), None);
    let kept = store.registered_site(&a).await.unwrap().unwrap().aliases;
    assert_eq!(kept.len(), sibyl::store::sites::MAX_ALIASES);

    // Suspension is kept, and lifted.
    let suspended = store
        .set_site_status(&b, SiteStatus::Suspended)
        .await
        .unwrap();
    assert_eq!(suspended.status, SiteStatus::Suspended);
    let entry = store.host_entry(&Host::of(&b)).await.unwrap().unwrap();
    assert_eq!(entry.record.status, SiteStatus::Suspended);
    store.set_site_status(&b, SiteStatus::Live).await.unwrap();
    assert_eq!(
        store.registered_site(&b).await.unwrap().unwrap().status,
        SiteStatus::Live
    );

    // Registrations racing for one site, each by its own administrator: one is made.
    let raced = site(&format!("raced-{tag}"));
    let admins: Vec<UserId> =
        futures_util::future::join_all((0..6).map(|_| an_admin(&store))).await;
    let outcomes = futures_util::future::join_all(admins.iter().map(|who| {
        let (store, raced) = (store.clone(), raced.clone());
        let who = *who;
        async move { store.register_site(&raced, who, now).await }
    }))
    .await;
    let made: Vec<_> = outcomes.iter().filter_map(|o| o.as_ref().ok()).collect();
    assert_eq!(made.len(), 1, "{outcomes:?}");
    for outcome in &outcomes {
        assert!(
            matches!(outcome, Ok(_) | Err(SiteError::Exists(_))),
            "{outcome:?}"
        );
    }
    let kept = store.registered_site(&raced).await.unwrap().unwrap();
    assert_eq!(kept.first_admin, made[0].first_admin);
    assert_eq!(
        store.site_admin(&raced).await.unwrap(),
        Some(kept.first_admin)
    );

    // Every site comes once over the pages, however small.
    let mut listed = Vec::new();
    let mut after = None;
    loop {
        let page = store.sites_page(after.as_deref(), 2).await.unwrap();
        assert!(page.sites.len() <= 2);
        listed.extend(page.sites.iter().map(|s| s.site.clone()));
        match page.next {
            Some(next) => after = Some(next),
            None => break,
        }
    }
    for wanted in [&a, &b, &raced] {
        assert_eq!(
            listed.iter().filter(|s| *s == wanted).count(),
            1,
            "{wanted} in {listed:?}"
        );
    }
    let unique: std::collections::HashSet<_> = listed.iter().collect();
    assert_eq!(
        unique.len(),
        listed.len(),
        "a site listed twice: {listed:?}"
    );

    // A site set up before it is registered (served while none was) brings its accounts
    // as its members, with the roles and bans they had (`sibyl site create`).
    let adopted = site(&format!("adopted-{tag}"));
    let mut founder = crate::fixtures::fresh_user();
    founder.role = Role::Admin;
    let founder = store.create_first_admin(&adopted, founder).await.unwrap();
    let mut writer = crate::fixtures::fresh_user();
    writer.role = Role::Author;
    let writer = store.create_user(writer).await.unwrap();
    let troll = store
        .create_user(crate::fixtures::fresh_user())
        .await
        .unwrap();
    store.set_banned(troll.id, true).await.unwrap();
    let named = store.user(other_admin).await.unwrap().unwrap();
    let said = sibyl::app::sites::run(
        store.as_ref(),
        &adopted,
        sibyl::config::SiteCommand::Create {
            url: adopted.to_string(),
            admin: named.username.as_str().to_owned(),
            email: None,
        },
    )
    .await
    .unwrap();
    assert!(said.contains("are its members"), "{said}");
    let standing = |id: UserId| {
        let (store, adopted) = (store.clone(), adopted.clone());
        async move {
            store
                .membership(&adopted, id)
                .await
                .unwrap()
                .map(|m| (m.role, m.banned))
        }
    };
    assert_eq!(store.site_admin(&adopted).await.unwrap(), Some(founder.id));
    assert_eq!(standing(founder.id).await, Some((Role::Admin, false)));
    assert_eq!(standing(writer.id).await, Some((Role::Author, false)));
    assert_eq!(standing(troll.id).await, Some((Role::Reader, true)));
    assert_eq!(standing(other_admin).await, Some((Role::Admin, false)));
    // Registered, the roles are the site's own: a change there is not the account's.
    store
        .set_membership(&adopted, writer.id, Some(Role::Reader), None, now)
        .await
        .unwrap();
    assert_eq!(
        store.user(writer.id).await.unwrap().unwrap().role,
        Role::Author
    );

    if t.kind == Kind::Cassandra {
        lost_answers_are_settled(&t, admin).await;
    }
}

/// On Cassandra: a registration or an alias whose LWT answer was lost (it ran all the
/// same) is settled by a serial read, and counts as made.
async fn lost_answers_are_settled(t: &TestStore, admin: UserId) {
    use sibyl::store::{Fault, LostAnswer};
    let options = StoreOptions::default();
    let faults = options.faults.clone();
    let store = sibyl::store::open(&t.url, options).await.unwrap();
    for kind in LostAnswer::ALL {
        let tag = unique_name("lost").replace('_', "-");
        let lost = site(&tag);
        faults.arm(Fault::LostLwtAnswer(kind));
        store
            .register_site(&lost, admin, sibyl::domain::now())
            .await
            .unwrap();
        assert!(
            !faults.fires(Fault::LostLwtAnswer(kind)),
            "{kind:?} did not fire"
        );
        assert_eq!(
            store
                .registered_site(&lost)
                .await
                .unwrap()
                .unwrap()
                .first_admin,
            admin
        );
        let alias = Host::parse(&format!("www.{tag}.example")).unwrap();
        faults.arm(Fault::LostLwtAnswer(kind));
        store.add_alias(&lost, &alias).await.unwrap();
        assert!(
            !faults.fires(Fault::LostLwtAnswer(kind)),
            "{kind:?} did not fire"
        );
        assert!(store.host_entry(&alias).await.unwrap().unwrap().alias);
    }
}

crate::both_stores!(a_sites_members_keep_their_own_roles);

/// Members of a site with roles of its own: joining keeps the first membership (however
/// many join at once, listed once), an administrator's change holds, the list is newest
/// first a page at a time, and nothing of it touches the account or another site.
async fn a_sites_members_keep_their_own_roles(t: TestStore) {
    use sibyl::store::Membership;
    let store = t.store.clone();
    let other = crate::helpers::unique_site();
    let at = |s: i64| chrono::DateTime::from_timestamp(1_790_000_000 + s, 0).unwrap();
    let accounts: Vec<UserId> = futures_util::future::join_all((0..5).map(|_| async {
        store
            .create_user(crate::fixtures::fresh_user())
            .await
            .unwrap()
            .id
    }))
    .await;
    assert_eq!(store.membership(&t.site, accounts[0]).await.unwrap(), None);
    // Six joins of one account at once: one membership, listed once.
    let first = accounts[0];
    let joins = futures_util::future::join_all((0..6).map(|i| {
        let (store, site) = (store.clone(), t.site.clone());
        let role = if i % 2 == 0 {
            Role::Author
        } else {
            Role::Reader
        };
        async move { store.join_site(&site, first, role, at(i)).await.unwrap() }
    }))
    .await;
    assert!(joins.windows(2).all(|w| w[0] == w[1]), "{joins:?}");
    let kept = joins[0];
    assert!(!kept.banned);
    // Joining again keeps it.
    assert_eq!(
        store
            .join_site(&t.site, accounts[0], Role::Admin, at(100))
            .await
            .unwrap(),
        kept
    );
    for (i, id) in accounts.iter().enumerate().skip(1) {
        store
            .join_site(&t.site, *id, Role::Reader, at(10 + i as i64))
            .await
            .unwrap();
    }
    // An administrator's change holds, and is this site's alone.
    let changed = store
        .set_membership(&t.site, accounts[1], Some(Role::Author), Some(true), at(50))
        .await
        .unwrap();
    assert_eq!(
        changed,
        Membership {
            role: Role::Author,
            banned: true,
            joined: at(11)
        }
    );
    assert_eq!(
        store.membership(&t.site, accounts[1]).await.unwrap(),
        Some(changed)
    );
    assert_eq!(store.membership(&other, accounts[1]).await.unwrap(), None);
    let account = store.user(accounts[1]).await.unwrap().unwrap();
    assert_eq!((account.role, account.banned), (Role::Reader, false));
    // A role change and a ban at the same moment keep both.
    let (promoted, banned) = tokio::join!(
        store.set_membership(&t.site, accounts[2], Some(Role::Author), None, at(60)),
        store.set_membership(&t.site, accounts[2], None, Some(true), at(60))
    );
    promoted.unwrap();
    banned.unwrap();
    let both = store
        .membership(&t.site, accounts[2])
        .await
        .unwrap()
        .unwrap();
    assert_eq!((both.role, both.banned), (Role::Author, true));
    // Newest first, two a page, every member once.
    let mut listed = Vec::new();
    let mut before = None;
    loop {
        let page = store.members_page(&t.site, before, 2).await.unwrap();
        if page.is_empty() {
            break;
        }
        assert!(page.len() <= 2);
        before = page.last().map(|(id, m)| (m.joined, *id));
        listed.extend(page);
    }
    let ids: Vec<UserId> = listed.iter().map(|(id, _)| *id).collect();
    let mut wanted: Vec<UserId> = accounts[1..].iter().rev().copied().collect();
    wanted.push(accounts[0]);
    assert_eq!(ids, wanted);
    assert_eq!(listed[3].1, changed);
    assert!(
        store
            .members_page(&other, None, 10)
            .await
            .unwrap()
            .is_empty()
    );

    if t.kind == Kind::Cassandra {
        // A join or a change whose LWT answer was lost is settled by a serial read.
        use sibyl::store::{Fault, LostAnswer};
        let options = StoreOptions::default();
        let faults = options.faults.clone();
        let lossy = sibyl::store::open(&t.url, options).await.unwrap();
        for kind in LostAnswer::ALL {
            let id = store
                .create_user(crate::fixtures::fresh_user())
                .await
                .unwrap()
                .id;
            faults.arm(Fault::LostLwtAnswer(kind));
            let joined = lossy
                .join_site(&t.site, id, Role::Author, at(200))
                .await
                .unwrap();
            assert!(
                !faults.fires(Fault::LostLwtAnswer(kind)),
                "{kind:?} did not fire"
            );
            assert_eq!(joined.role, Role::Author);
            faults.arm(Fault::LostLwtAnswer(kind));
            let set = lossy
                .set_membership(&t.site, id, Some(Role::Admin), None, at(201))
                .await
                .unwrap();
            assert!(
                !faults.fires(Fault::LostLwtAnswer(kind)),
                "{kind:?} did not fire"
            );
            assert_eq!(set.role, Role::Admin);
            assert_eq!(
                store.membership(&t.site, id).await.unwrap().unwrap().role,
                Role::Admin
            );
        }
    }
}

crate::both_stores!(a_sites_administrators_are_listed_and_bounded);

/// A site's administrators are listed in account order (whoever was made one, by joining
/// or by a change, and no longer once made something else), each site's alone, and a
/// site that has as many as it may refuses one more but not one it has.
async fn a_sites_administrators_are_listed_and_bounded(t: TestStore) {
    use sibyl::store::members::SITE_ADMINS_CAP;
    let store = t.store.clone();
    let other = crate::helpers::unique_site();
    let at = sibyl::domain::now();
    let ids: Vec<UserId> = (0..3).map(|_| UserId(uuid::Uuid::new_v4())).collect();
    store
        .join_site(&t.site, ids[0], Role::Admin, at)
        .await
        .unwrap();
    store
        .join_site(&t.site, ids[1], Role::Reader, at)
        .await
        .unwrap();
    store
        .set_membership(&t.site, ids[1], Some(Role::Admin), None, at)
        .await
        .unwrap();
    store
        .join_site(&t.site, ids[2], Role::Author, at)
        .await
        .unwrap();
    store
        .join_site(&other, ids[2], Role::Admin, at)
        .await
        .unwrap();
    let mut both = vec![ids[0], ids[1]];
    both.sort_by_key(|id| id.0);
    assert_eq!(store.site_admins(&t.site, 10).await.unwrap(), both);
    assert_eq!(store.site_admins(&t.site, 1).await.unwrap(), both[..1]);
    assert_eq!(store.site_admins(&other, 10).await.unwrap(), vec![ids[2]]);
    // Joining again as an administrator keeps the membership, and its role.
    store
        .join_site(&t.site, ids[2], Role::Admin, at)
        .await
        .unwrap();
    assert_eq!(store.site_admins(&t.site, 10).await.unwrap(), both);
    store
        .set_membership(&t.site, ids[1], Some(Role::Author), None, at)
        .await
        .unwrap();
    assert_eq!(store.site_admins(&t.site, 10).await.unwrap(), vec![ids[0]]);

    // Made an administrator and a reader at the same moment, again and again: the list
    // names the account exactly when its membership says administrator.
    let raced = UserId(uuid::Uuid::new_v4());
    for _ in 0..6 {
        let (up, down) = tokio::join!(
            store.set_membership(&t.site, raced, Some(Role::Admin), None, at),
            store.set_membership(&t.site, raced, Some(Role::Reader), None, at)
        );
        up.unwrap();
        down.unwrap();
        let role = store
            .membership(&t.site, raced)
            .await
            .unwrap()
            .unwrap()
            .role;
        let listed = store.site_admins(&t.site, 10).await.unwrap();
        assert_eq!(listed.contains(&raced), role == Role::Admin, "{role:?}");
    }
    store
        .set_membership(&t.site, raced, Some(Role::Reader), None, at)
        .await
        .unwrap();

    // As many as a site may have: one more is refused, one of them is not.
    use futures_util::{StreamExt, stream};
    let more: Vec<UserId> = (1..SITE_ADMINS_CAP)
        .map(|_| UserId(uuid::Uuid::new_v4()))
        .collect();
    stream::iter(more.iter().copied())
        .for_each_concurrent(16, |id| {
            let (store, site) = (store.clone(), t.site.clone());
            async move {
                store.join_site(&site, id, Role::Admin, at).await.unwrap();
            }
        })
        .await;
    let all = store.site_admins(&t.site, SITE_ADMINS_CAP).await.unwrap();
    assert_eq!(all.len(), SITE_ADMINS_CAP);
    assert!(all.windows(2).all(|w| w[0].0 < w[1].0), "in account order");
    let app = sibyl::app::members::room_for_admin;
    assert!(!app(store.as_ref(), &t.site, ids[1]).await.unwrap());
    assert!(app(store.as_ref(), &t.site, ids[0]).await.unwrap());
    assert!(app(store.as_ref(), &other, ids[1]).await.unwrap());
}
