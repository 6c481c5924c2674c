//! Accounts in the store contract: the multi-row uniqueness lock of sign-up, renames,
//! roles, bans, the directory, sessions and rate-limit counts, on both stores.

use crate::both_stores;
use crate::fixtures::new_user;
use crate::helpers::{Kind, TestStore, unique_name};
use chrono::Duration as Span;
use sibyl::domain::user::{Login, shelf_of};
use sibyl::domain::{Email, NewUser, Profile, Role, User, UserId, Username, now};
use sibyl::store::{AccountError, Fault, NewSession, StoreOptions, Taken};
use std::time::Duration;
use uuid::Uuid;

fn email_for(name: &str) -> String {
    format!("{name}@example.com")
}

fn by_name(name: &str) -> Login {
    Login::parse(name).unwrap()
}

async fn claimed(t: &TestStore, value: &str) -> bool {
    t.store
        .is_claimed(&Login::parse(value).unwrap())
        .await
        .unwrap()
}

both_stores!(
    sign_up_refuses_a_taken_user_name_or_email_and_says_which,
    two_hundred_sign_ups_for_one_user_name_make_one_account,
    two_hundred_sign_ups_for_one_email_make_one_account,
    crossed_sign_ups_make_one_account_each_round,
    an_interrupted_sign_up_blocks_its_name_only_until_the_pending_ttl,
    renaming_claims_the_new_name_and_releases_the_old,
    concurrent_renames_to_one_name_make_one_winner,
    changing_the_email_address_moves_its_claim,
    profile_role_and_ban_changes_show_in_the_directory,
    the_directory_pages_through_a_shelf_by_user_name,
    the_directory_pages_across_the_prefixes_of_a_shelf,
    the_newest_accounts_come_first_page_by_page,
    ending_sessions_keeps_only_the_current_one,
    an_account_keeps_at_most_its_newest_sessions,
    attempts_are_counted_per_key_within_their_window,
    an_account_keeps_the_language_it_chose,
);

async fn an_account_keeps_the_language_it_chose(t: TestStore) {
    let name = unique_name("polyglot");
    let user = t
        .store
        .create_user(new_user(&name, &email_for(&name)))
        .await
        .unwrap();
    assert_eq!(user.language, "", "a new account follows its browser");
    assert_eq!(
        t.store
            .set_language(user.id, "zh-Hans")
            .await
            .unwrap()
            .language,
        "zh-Hans"
    );
    let read = t.store.user(user.id).await.unwrap().unwrap();
    assert_eq!(read.language, "zh-Hans", "as read back");
    assert_eq!(
        (read.username, read.banned),
        (user.username, false),
        "nothing else moved"
    );
    assert_eq!(
        t.store.set_language(user.id, "").await.unwrap().language,
        ""
    );
    assert!(matches!(
        t.store.set_language(UserId::new(), "de").await,
        Err(AccountError::NoSuchUser)
    ));
}

async fn sign_up_refuses_a_taken_user_name_or_email_and_says_which(t: TestStore) {
    let name = unique_name("Owner");
    let owner = t
        .store
        .create_user(new_user(&name, &email_for(&name)))
        .await
        .unwrap();
    assert_eq!(owner.role, Role::Reader);
    let other = unique_name("other");
    let same_name = t
        .store
        .create_user(new_user(&name.to_lowercase(), &email_for(&other)))
        .await;
    assert!(
        matches!(same_name, Err(AccountError::Taken(Taken::Username))),
        "{same_name:?}"
    );
    assert!(
        !claimed(&t, &email_for(&other)).await,
        "the loser's e-mail was never claimed"
    );
    let same_email = t
        .store
        .create_user(new_user(&other, &email_for(&name).to_uppercase()))
        .await;
    assert!(
        matches!(same_email, Err(AccountError::Taken(Taken::Email))),
        "{same_email:?}"
    );
    assert!(
        !claimed(&t, &other).await,
        "the loser's user name was released"
    );
    assert_eq!(
        t.store
            .user_by_login(&by_name(&name))
            .await
            .unwrap()
            .unwrap()
            .id,
        owner.id
    );
}

/// Runs sign-ups concurrently and returns the winners and the losers' reasons.
async fn race(t: &TestStore, accounts: Vec<NewUser>) -> (Vec<User>, Vec<(NewUser, Taken)>) {
    let tasks: Vec<_> = accounts
        .into_iter()
        .map(|a| {
            let store = t.store.clone();
            tokio::spawn(async move { (a.clone(), store.create_user(a).await) })
        })
        .collect();
    let (mut won, mut lost) = (Vec::new(), Vec::new());
    for task in tasks {
        match task.await.unwrap() {
            (_, Ok(user)) => won.push(user),
            (a, Err(AccountError::Taken(taken))) => lost.push((a, taken)),
            (_, Err(e)) => panic!("a sign-up failed instead of winning or losing: {e}"),
        }
    }
    (won, lost)
}

async fn two_hundred_sign_ups_for_one_user_name_make_one_account(t: TestStore) {
    let name = unique_name("popular");
    let accounts = (0..200)
        .map(|i| new_user(&name, &email_for(&format!("{name}.{i}"))))
        .collect();
    let (won, lost) = race(&t, accounts).await;
    assert_eq!(won.len(), 1, "exactly one winner");
    assert_eq!(lost.len(), 199);
    assert!(
        lost.iter().all(|(_, taken)| *taken == Taken::Username),
        "every loser is told the user name is taken"
    );
    for (loser, _) in &lost {
        assert!(
            !claimed(&t, loser.email.as_str()).await,
            "{} left a claim",
            loser.email.as_str()
        );
    }
    assert_eq!(
        t.store
            .user_by_login(&by_name(&name))
            .await
            .unwrap()
            .unwrap()
            .id,
        won[0].id
    );
}

async fn two_hundred_sign_ups_for_one_email_make_one_account(t: TestStore) {
    let email = email_for(&unique_name("shared"));
    let accounts = (0..200)
        .map(|_| new_user(&unique_name("n"), &email))
        .collect();
    let (won, lost) = race(&t, accounts).await;
    assert_eq!(won.len(), 1, "exactly one winner");
    assert!(
        lost.iter().all(|(_, taken)| *taken == Taken::Email),
        "every loser is told the e-mail is taken"
    );
    for (loser, _) in &lost {
        assert!(
            !claimed(&t, loser.username.as_str()).await,
            "{} left a claim",
            loser.username.as_str()
        );
    }
    assert_eq!(
        t.store
            .user_by_login(&Login::parse(&email).unwrap())
            .await
            .unwrap()
            .unwrap()
            .id,
        won[0].id
    );
}

async fn crossed_sign_ups_make_one_account_each_round(t: TestStore) {
    for round in 0..10 {
        let (a, b) = (unique_name("a"), unique_name("b"));
        let (x, y) = (email_for(&unique_name("x")), email_for(&unique_name("y")));
        // Same user name, different e-mails: the loser is told about the user name.
        let (won, lost) = race(&t, vec![new_user(&a, &x), new_user(&a, &y)]).await;
        assert_eq!((won.len(), lost.len()), (1, 1), "round {round}");
        assert_eq!(lost[0].1, Taken::Username);
        let loser_email = if won[0].email.as_str() == x { &y } else { &x };
        assert!(!claimed(&t, loser_email).await);
        // Different user names, the same e-mail: the loser is told about the e-mail and
        // its user name is released.
        let z = email_for(&unique_name("z"));
        let (won, lost) = race(&t, vec![new_user(&b, &z), new_user(&unique_name("c"), &z)]).await;
        assert_eq!((won.len(), lost.len()), (1, 1), "round {round}");
        assert_eq!(lost[0].1, Taken::Email);
        assert!(!claimed(&t, lost[0].0.username.as_str()).await);
        assert!(claimed(&t, won[0].username.as_str()).await);
    }
}

async fn an_interrupted_sign_up_blocks_its_name_only_until_the_pending_ttl(kind_store: TestStore) {
    let ttl = Duration::from_secs(2);
    let options = StoreOptions {
        pending_claim_ttl: ttl,
        ..StoreOptions::default()
    };
    let t = match kind_store.kind {
        Kind::Sqlite => TestStore::sqlite_with(options.clone()).await,
        Kind::Cassandra => TestStore::cassandra_with(options.clone()).await,
    };
    let name = unique_name("crash");
    options.faults.arm(Fault::CrashAfterUsernameClaim);
    let crashed = t
        .store
        .create_user(new_user(&name, &email_for(&name)))
        .await;
    assert!(crashed.is_err(), "the sign-up died midway");
    let retry = new_user(&name, &email_for(&unique_name("retry")));
    match t.kind {
        Kind::Cassandra => {
            // The crashed sign-up's pending claim holds the name...
            assert!(claimed(&t, &name).await);
            let blocked = t.store.create_user(retry.clone()).await;
            assert!(
                matches!(blocked, Err(AccountError::Taken(Taken::Username))),
                "{blocked:?}"
            );
            // ...until its TTL runs out.
            tokio::time::sleep(ttl + Duration::from_millis(1500)).await;
            assert!(!claimed(&t, &name).await, "the pending claim expired");
        }
        // One transaction: the crash rolled everything back at once.
        Kind::Sqlite => assert!(!claimed(&t, &name).await),
    }
    assert!(
        !claimed(&t, &email_for(&name)).await,
        "the e-mail was never claimed"
    );
    let user = t.store.create_user(retry).await.unwrap();
    assert_eq!(
        t.store
            .user_by_login(&by_name(&name))
            .await
            .unwrap()
            .unwrap()
            .id,
        user.id
    );
}

async fn renaming_claims_the_new_name_and_releases_the_old(t: TestStore) {
    let (old, new) = (unique_name("before"), unique_name("after"));
    let user = t
        .store
        .create_user(new_user(&old, &email_for(&old)))
        .await
        .unwrap();
    let renamed = t
        .store
        .change_username(user.id, &Username::parse(&new).unwrap())
        .await
        .unwrap();
    assert_eq!(renamed.username.as_str(), new);
    assert_eq!(
        t.store
            .user_by_login(&by_name(&new))
            .await
            .unwrap()
            .unwrap()
            .id,
        user.id
    );
    assert_eq!(t.store.user_by_login(&by_name(&old)).await.unwrap(), None);
    assert!(!claimed(&t, &old).await, "the old name is free again");
    assert_eq!(
        t.store
            .author_by_name(&Username::parse(&new).unwrap())
            .await
            .unwrap()
            .unwrap()
            .id,
        user.id
    );
    // A change of case keeps the claim.
    let upper = Username::parse(&new.to_uppercase()).unwrap();
    let recased = t.store.change_username(user.id, &upper).await.unwrap();
    assert_eq!(recased.username, upper);
    assert!(claimed(&t, &new).await);
    // A taken name is refused and changes nothing.
    let holder = unique_name("holder");
    t.store
        .create_user(new_user(&holder, &email_for(&holder)))
        .await
        .unwrap();
    let refused = t
        .store
        .change_username(user.id, &Username::parse(&holder).unwrap())
        .await;
    assert!(
        matches!(refused, Err(AccountError::Taken(Taken::Username))),
        "{refused:?}"
    );
    assert_eq!(
        t.store.user(user.id).await.unwrap().unwrap().username,
        upper
    );
    let missing = t
        .store
        .change_username(UserId::new(), &Username::parse(&unique_name("z")).unwrap())
        .await;
    assert!(
        matches!(missing, Err(AccountError::NoSuchUser)),
        "{missing:?}"
    );
}

async fn concurrent_renames_to_one_name_make_one_winner(t: TestStore) {
    let target = Username::parse(&unique_name("wanted")).unwrap();
    let mut users = Vec::new();
    for _ in 0..8 {
        let name = unique_name("r");
        users.push(
            t.store
                .create_user(new_user(&name, &email_for(&name)))
                .await
                .unwrap(),
        );
    }
    let tasks: Vec<_> = users
        .iter()
        .map(|u| {
            let (store, id, target) = (t.store.clone(), u.id, target.clone());
            tokio::spawn(async move { store.change_username(id, &target).await })
        })
        .collect();
    let mut winners = Vec::new();
    for task in tasks {
        match task.await.unwrap() {
            Ok(user) => winners.push(user.id),
            Err(AccountError::Taken(Taken::Username)) => {}
            Err(e) => panic!("{e}"),
        }
    }
    assert_eq!(winners.len(), 1);
    assert_eq!(
        t.store
            .user_by_login(&by_name(target.as_str()))
            .await
            .unwrap()
            .unwrap()
            .id,
        winners[0]
    );
    for user in users.iter().filter(|u| u.id != winners[0]) {
        assert!(
            claimed(&t, user.username.as_str()).await,
            "a loser keeps its old name"
        );
    }
}

async fn changing_the_email_address_moves_its_claim(t: TestStore) {
    let name = unique_name("mover");
    let user = t
        .store
        .create_user(new_user(&name, &email_for(&name)))
        .await
        .unwrap();
    let new = email_for(&unique_name("moved"));
    let moved = t
        .store
        .change_email(user.id, &Email::parse(&new).unwrap())
        .await
        .unwrap();
    assert_eq!(moved.email.as_str(), new);
    assert_eq!(
        t.store
            .user_by_login(&Login::parse(&new).unwrap())
            .await
            .unwrap()
            .unwrap()
            .id,
        user.id
    );
    assert!(!claimed(&t, &email_for(&name)).await);
    let other = unique_name("other");
    t.store
        .create_user(new_user(&other, &email_for(&other)))
        .await
        .unwrap();
    let refused = t
        .store
        .change_email(user.id, &Email::parse(&email_for(&other)).unwrap())
        .await;
    assert!(
        matches!(refused, Err(AccountError::Taken(Taken::Email))),
        "{refused:?}"
    );
    assert_eq!(
        t.store.user(user.id).await.unwrap().unwrap().email.as_str(),
        new
    );
}

async fn profile_role_and_ban_changes_show_in_the_directory(t: TestStore) {
    let name = unique_name("d");
    let user = t
        .store
        .create_user(new_user(&name, &email_for(&name)))
        .await
        .unwrap();
    let profile = Profile::parse(
        "Dee",
        "Writes about\n\nstorage.",
        "https://dee.example",
        "https://dee.example/dee.png",
        &user.username,
    )
    .unwrap();
    let updated = t.store.update_profile(user.id, &profile).await.unwrap();
    assert_eq!(
        (
            updated.display_name.as_str(),
            updated.bio.as_str(),
            updated.homepage.as_str(),
            updated.image.as_str()
        ),
        (
            "Dee",
            "Writes about\n\nstorage.",
            "https://dee.example",
            "https://dee.example/dee.png"
        )
    );
    assert_eq!(
        t.store.user(user.id).await.unwrap().unwrap(),
        updated,
        "as read back"
    );
    assert_eq!(
        t.store.set_role(user.id, Role::Author).await.unwrap().role,
        Role::Author
    );
    assert!(t.store.set_banned(user.id, true).await.unwrap().banned);
    let key = user.username.key();
    let shelf = shelf_of(&key);
    let before = &key[..key.len() - 1];
    let listed = t
        .store
        .user_directory(shelf, Some(before), 5)
        .await
        .unwrap();
    let entry = listed
        .iter()
        .find(|e| e.id == user.id)
        .expect("listed on its shelf");
    assert_eq!(
        (entry.display_name.as_str(), entry.role, entry.banned),
        ("Dee", Role::Author, true)
    );
    assert!(!t.store.set_banned(user.id, false).await.unwrap().banned);
    assert!(matches!(
        t.store.set_role(UserId::new(), Role::Admin).await,
        Err(AccountError::NoSuchUser)
    ));
}

async fn the_directory_pages_through_a_shelf_by_user_name(t: TestStore) {
    let prefix = unique_name("q");
    let mut names: Vec<String> = (0..5).map(|i| format!("{prefix}{i}")).collect();
    for name in names.iter().rev() {
        t.store
            .create_user(new_user(name, &email_for(name)))
            .await
            .unwrap();
    }
    names.sort();
    let first = t.store.user_directory("q", Some(&prefix), 2).await.unwrap();
    assert_eq!(
        first.iter().map(|e| e.username.clone()).collect::<Vec<_>>(),
        names[..2]
    );
    let next = t
        .store
        .user_directory("q", Some(&names[1]), 2)
        .await
        .unwrap();
    assert_eq!(
        next.iter().map(|e| e.username.clone()).collect::<Vec<_>>(),
        names[2..4]
    );
    assert!(
        t.store
            .user_directory("0-9", Some(&prefix), 10)
            .await
            .unwrap()
            .iter()
            .all(|e| !e.username.starts_with(&prefix))
    );
}

/// Names of one shelf under six different first three characters (on Cassandra, six
/// partitions of the directory): a walk of the shelf two at a time lists each once, in
/// order of name.
async fn the_directory_pages_across_the_prefixes_of_a_shelf(t: TestStore) {
    let unique = &Uuid::new_v4().simple().to_string()[..12];
    let mut names: Vec<String> = ["va_", "vd_", "vm_", "vz_", "v0_", "v__"]
        .iter()
        .map(|start| format!("{start}{unique}"))
        .collect();
    for name in &names {
        t.store
            .create_user(new_user(name, &email_for(name)))
            .await
            .unwrap();
    }
    names.sort();
    let mut walked = Vec::new();
    let mut after: Option<String> = None;
    loop {
        let page = t
            .store
            .user_directory("v", after.as_deref(), 2)
            .await
            .unwrap();
        assert!(page.len() <= 2);
        let Some(last) = page.last() else { break };
        after = Some(last.username.clone());
        walked.extend(page.into_iter().map(|e| e.username));
    }
    assert!(walked.windows(2).all(|w| w[0] < w[1]), "{walked:?}");
    let ours: Vec<String> = walked.into_iter().filter(|n| n.ends_with(unique)).collect();
    assert_eq!(ours, names);
}

async fn ending_sessions_keeps_only_the_current_one(t: TestStore) {
    let name = unique_name("s");
    let user = t
        .store
        .create_user(new_user(&name, &email_for(&name)))
        .await
        .unwrap();
    let started = now();
    let keys: Vec<Vec<u8>> = (0..3u8)
        .map(|i| [vec![i; 16], user.id.0.as_bytes().to_vec()].concat())
        .collect();
    for key in &keys {
        let session = NewSession {
            key: key.clone(),
            user_id: user.id,
            created: started,
            expires: started + Span::hours(1),
            details: Default::default(),
        };
        t.store.create_session(&session).await.unwrap();
    }
    t.store.end_sessions(user.id, Some(&keys[1])).await.unwrap();
    assert!(
        t.store
            .session_user(&keys[0], now())
            .await
            .unwrap()
            .is_none()
    );
    assert!(
        t.store
            .session_user(&keys[1], now())
            .await
            .unwrap()
            .is_some(),
        "the current session stays"
    );
    assert!(
        t.store
            .session_user(&keys[2], now())
            .await
            .unwrap()
            .is_none()
    );
    t.store.end_sessions(user.id, None).await.unwrap();
    assert!(
        t.store
            .session_user(&keys[1], now())
            .await
            .unwrap()
            .is_none()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sessions_end_in_one_write_sqlite() {
    let options = StoreOptions::default();
    let t = TestStore::sqlite_with(options.clone()).await;
    sessions_end_in_one_write(t, options).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sessions_end_in_one_write_cassandra() {
    let options = StoreOptions::default();
    let t = TestStore::cassandra_with(options.clone()).await;
    sessions_end_in_one_write(t, options).await
}

/// A password change ends an account's other sessions in one write: a process that dies
/// right after it (before removing any session's row) leaves none of them alive, an
/// attacker's included; the one kept stays, and a session begun afterwards counts.
async fn sessions_end_in_one_write(t: TestStore, options: StoreOptions) {
    let name = unique_name("e");
    let user = t
        .store
        .create_user(new_user(&name, &email_for(&name)))
        .await
        .unwrap();
    let started = now();
    let key = |i: u8| [vec![i; 16], user.id.0.as_bytes().to_vec()].concat();
    for i in 0..4 {
        let session = NewSession {
            key: key(i),
            user_id: user.id,
            created: started,
            expires: started + Span::hours(1),
            details: Default::default(),
        };
        t.store.create_session(&session).await.unwrap();
    }
    options.faults.arm(Fault::CrashEndingSessions);
    let outcome = t.store.end_sessions(user.id, Some(&key(1))).await;
    if t.kind == Kind::Cassandra {
        assert!(outcome.is_err(), "the fault fired: {outcome:?}");
    }
    for i in [0, 2, 3] {
        let alive = t.store.session_user(&key(i), now()).await.unwrap();
        assert!(alive.is_none(), "session {i} ended");
    }
    let kept = t.store.session_user(&key(1), now()).await.unwrap();
    assert_eq!(
        kept.map(|u| u.id),
        Some(user.id),
        "the current session stays"
    );
    let later = NewSession {
        key: key(9),
        user_id: user.id,
        created: now(),
        expires: now() + Span::hours(1),
        details: Default::default(),
    };
    t.store.create_session(&later).await.unwrap();
    let signed_in = t.store.session_user(&key(9), now()).await.unwrap();
    assert_eq!(
        signed_in.map(|u| u.id),
        Some(user.id),
        "a new session counts"
    );
}

async fn attempts_are_counted_per_key_within_their_window(t: TestStore) {
    let key = format!("{}/login/ip/127.0.0.1", t.site);
    let window = Duration::from_secs(600);
    let start = now();
    for i in 0..3 {
        t.store
            .record_attempt(&key, start + Span::milliseconds(i), window)
            .await
            .unwrap();
    }
    let since = start - Span::minutes(1);
    assert_eq!(t.store.attempts_since(&key, since, 10).await.unwrap(), 3);
    assert_eq!(
        t.store.attempts_since(&key, since, 2).await.unwrap(),
        2,
        "counting stops at the cap"
    );
    assert_eq!(
        t.store
            .attempts_since(&key, start + Span::seconds(1), 10)
            .await
            .unwrap(),
        0,
        "older attempts are outside"
    );
    assert_eq!(
        t.store
            .attempts_since(&format!("{key}.other"), since, 10)
            .await
            .unwrap(),
        0
    );
}

async fn the_newest_accounts_come_first_page_by_page(t: TestStore) {
    // Accounts are global and the Cassandra keyspace is shared: these are made at a
    // random time centuries ago (so they never crowd the real newest accounts), days
    // and months apart, so that no other account falls among them.
    let base = chrono::DateTime::from_timestamp(
        -27_000_000_000 + (uuid::Uuid::new_v4().as_u128() % 25_000_000_000) as i64,
        0,
    )
    .unwrap();
    let mut made = Vec::new();
    for i in 0..7i64 {
        let name = unique_name("newest");
        let mut user = new_user(&name, &email_for(&name));
        // Two in one millisecond, the rest across three months.
        user.created = base + chrono::Duration::days(if i < 2 { 0 } else { i * 20 });
        made.push(t.store.create_user(user).await.unwrap());
    }
    let mut want: Vec<&sibyl::domain::User> = made.iter().collect();
    want.sort_by_key(|u| std::cmp::Reverse((u.created, u.id.0)));
    let after_all = (
        base + chrono::Duration::days(200),
        UserId(uuid::Uuid::max()),
    );
    // An earlier run's accounts in the shared keyspace may fall among them: only ours
    // are compared, in the order the pages gave them.
    let ours: std::collections::HashSet<UserId> = made.iter().map(|u| u.id).collect();
    let mut seen = Vec::new();
    let mut before = Some(after_all);
    while seen.len() < want.len() {
        let page = t.store.newest_users(before, 3).await.unwrap();
        assert!(!page.is_empty() && page.len() <= 3, "{}", page.len());
        before = page.last().map(|u| (u.created, u.id));
        seen.extend(page.into_iter().filter(|u| ours.contains(&u.id)));
    }
    let seen_ids: Vec<UserId> = seen.iter().map(|u| u.id).collect();
    let want_ids: Vec<UserId> = want.iter().map(|u| u.id).collect();
    assert_eq!(seen_ids, want_ids);
    assert_eq!(seen[0].username, want[0].username);
    // Without a cursor, the list starts at the newest account of all.
    let first = t.store.newest_users(None, 1).await.unwrap();
    assert_eq!(first.len(), 1);
    assert!(
        first[0].created >= want[0].created,
        "{:?}",
        first[0].created
    );
}

/// A keyspace of an earlier version, whose accounts are in no list by sign-up: `migrate`
/// lists them, and a second `migrate` lists nothing twice.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn migrate_lists_the_accounts_made_before_the_newest_list() {
    use sibyl::store;
    let keyspace = "sibyl_signups_test";
    let (url, session, _keyspace) = crate::helpers::own_keyspace(keyspace).await;
    let opened = store::open(&url, StoreOptions::default()).await.unwrap();
    let mut made = Vec::new();
    for _ in 0..3 {
        let name = unique_name("earlier");
        made.push(
            opened
                .create_user(new_user(&name, &email_for(&name)))
                .await
                .unwrap(),
        );
    }
    // What the earlier version had: the accounts, and no list by sign-up.
    for table in ["users_by_signup", "signup_months"] {
        session
            .query_unpaged(format!("TRUNCATE {keyspace}.{table}"), ())
            .await
            .unwrap();
    }
    assert!(opened.newest_users(None, 10).await.unwrap().is_empty());
    store::migrate(&url, None).await.unwrap();
    let listed = opened.newest_users(None, 10).await.unwrap();
    let mut want: Vec<UserId> = made.iter().map(|u| u.id).collect();
    want.sort_by_key(|id| {
        let user = made.iter().find(|u| u.id == *id).unwrap();
        std::cmp::Reverse((user.created, id.0))
    });
    assert_eq!(listed.iter().map(|u| u.id).collect::<Vec<_>>(), want);
    store::migrate(&url, None).await.unwrap();
    assert_eq!(opened.newest_users(None, 10).await.unwrap().len(), 3);
}

/// A keyspace whose directory was one partition a shelf (`user_directory`): `migrate`
/// copies every entry into the partition of its prefix and indexes the prefix, the shelf
/// pages as before, and the old table is dropped.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn migrate_carries_the_directory_into_prefixes() {
    let keyspace = "sibyl_directory_carry_test";
    let t = TestStore::cassandra_alone(keyspace).await;
    let session = crate::helpers::cql_session().await;
    session
        .query_unpaged(
            format!(
                "CREATE TABLE {keyspace}.user_directory (shelf text, username_key text, user_id uuid, \
                 username text, display_name text, email text, role text, banned boolean, \
                 PRIMARY KEY (shelf, username_key))"
            ),
            (),
        )
        .await
        .unwrap();
    let names = ["kab", "kabcd", "kz", "kzz_1"];
    for name in names {
        session
            .query_unpaged(
                format!(
                    "INSERT INTO {keyspace}.user_directory (shelf, username_key, user_id, username, display_name, email, role, banned) \
                     VALUES ('k', ?, ?, ?, 'Old', ?, 'reader', false)"
                ),
                (name, Uuid::new_v4(), name, format!("{name}@example.com")),
            )
            .await
            .unwrap();
    }
    let walk = || async {
        let mut walked = Vec::new();
        let mut after: Option<String> = None;
        loop {
            let page = t
                .store
                .user_directory("k", after.as_deref(), 3)
                .await
                .unwrap();
            let Some(last) = page.last() else { break };
            after = Some(last.username.clone());
            walked.extend(page.into_iter().map(|e| e.username));
        }
        walked
    };
    assert!(walk().await.is_empty());
    // Twice: a second migration finds nothing left to copy and changes nothing.
    for _ in 0..2 {
        crate::helpers::migrate_from(&session, keyspace, 36).await;
    }
    assert_eq!(walk().await, names);
    assert!(
        !crate::helpers::table_exists(&session, keyspace, "user_directory").await,
        "the old directory is dropped"
    );
}

/// An account keeps at most MAX_SESSIONS_PER_ACCOUNT sessions: a sign-in beyond them
/// ends the oldest, and the others stay.
async fn an_account_keeps_at_most_its_newest_sessions(t: TestStore) {
    use sibyl::store::MAX_SESSIONS_PER_ACCOUNT;
    let name = unique_name("m");
    let user = t
        .store
        .create_user(new_user(&name, &email_for(&name)))
        .await
        .unwrap();
    let key = |i: usize| {
        [
            (i as u32).to_be_bytes().to_vec(),
            user.id.0.as_bytes().to_vec(),
        ]
        .concat()
    };
    let started = now() - Span::minutes(10);
    for i in 0..=MAX_SESSIONS_PER_ACCOUNT {
        let created = started + Span::seconds(i as i64);
        let session = NewSession {
            key: key(i),
            user_id: user.id,
            created,
            expires: created + Span::hours(1),
            details: Default::default(),
        };
        t.store.create_session(&session).await.unwrap();
    }
    let alive = |i: usize| {
        let store = t.store.clone();
        let key = key(i);
        async move { store.session_user(&key, now()).await.unwrap().is_some() }
    };
    assert!(!alive(0).await, "the oldest ended");
    for i in 1..=MAX_SESSIONS_PER_ACCOUNT {
        assert!(alive(i).await, "session {i} stays");
    }
}
