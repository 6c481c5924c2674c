//! An account's sessions as its security page reads them, on both stores: what each
//! records of itself, when it was last seen, and that ending one, or all but one, takes
//! them off the list (the one kept keeps when it began).

use crate::both_stores;
use crate::fixtures::new_user;
use crate::helpers::{TestStore, unique_name};
use chrono::{DurationRound, TimeDelta};
use sibyl::domain::now;
use sibyl::domain::session::{SessionDetails, SessionKind};
use sibyl::store::{MAX_SESSIONS_PER_ACCOUNT, NewSession, SessionRecord};

/// Times as the stores keep them (milliseconds).
fn ms(at: chrono::DateTime<chrono::Utc>) -> chrono::DateTime<chrono::Utc> {
    at.duration_trunc(TimeDelta::milliseconds(1)).unwrap()
}

fn details(kind: SessionKind, agent: &str, label: &str) -> SessionDetails {
    SessionDetails {
        kind,
        agent: agent.to_owned(),
        address: "192.0.2.7".to_owned(),
        label: label.to_owned(),
        site: "http://blog.example".to_owned(),
    }
}

fn keys_of(list: &[SessionRecord]) -> Vec<Vec<u8>> {
    list.iter().map(|s| s.key.clone()).collect()
}

async fn an_account_lists_its_live_sessions_newest_first(t: TestStore) {
    let name = unique_name("l");
    let user = t
        .store
        .create_user(new_user(&name, &format!("{name}@example.com")))
        .await
        .unwrap();
    let other = unique_name("o");
    let stranger = t
        .store
        .create_user(new_user(&other, &format!("{other}@example.com")))
        .await
        .unwrap();
    let key = |i: u8| [vec![i; 16], user.id.0.as_bytes().to_vec()].concat();
    let started = ms(now()) - TimeDelta::minutes(10);
    let made = [
        details(
            SessionKind::Browser,
            "Mozilla/5.0 (X11; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0",
            "",
        ),
        details(SessionKind::Api, "curl/8.5.0", ""),
        details(SessionKind::Token, "Mozilla/5.0", "deploy bot"),
    ];
    for (i, d) in made.iter().enumerate() {
        let created = started + TimeDelta::seconds(i as i64);
        t.store
            .create_session(&NewSession {
                key: key(i as u8),
                user_id: user.id,
                created,
                expires: created + TimeDelta::hours(1),
                details: d.clone(),
            })
            .await
            .unwrap();
    }
    // Neither an expired session nor another account's is listed.
    t.store
        .create_session(&NewSession {
            key: key(7),
            user_id: user.id,
            created: started - TimeDelta::hours(2),
            expires: ms(now()) - TimeDelta::minutes(1),
            details: made[0].clone(),
        })
        .await
        .unwrap();
    let theirs = [vec![9; 16], stranger.id.0.as_bytes().to_vec()].concat();
    t.store
        .create_session(&NewSession {
            key: theirs.clone(),
            user_id: stranger.id,
            created: started,
            expires: started + TimeDelta::hours(1),
            details: made[0].clone(),
        })
        .await
        .unwrap();

    let listed = t.store.account_sessions(user.id, now()).await.unwrap();
    assert_eq!(keys_of(&listed), vec![key(2), key(1), key(0)]);
    for (s, i) in listed.iter().zip([2usize, 1, 0]) {
        assert_eq!(s.details, made[i], "what session {i} said of itself");
        let created = started + TimeDelta::seconds(i as i64);
        assert_eq!(s.created, created);
        assert_eq!(s.expires, created + TimeDelta::hours(1));
        assert_eq!(s.last_seen, created, "never seen since it began");
    }

    // Seen: the session and its listing both say when.
    let seen = ms(now());
    let live = t.store.session(&key(1), now()).await.unwrap().unwrap();
    assert_eq!(live.user.id, user.id);
    assert_eq!(live.last_seen, started + TimeDelta::seconds(1));
    t.store
        .touch_session(&key(1), seen, live.expires)
        .await
        .unwrap();
    let live = t.store.session(&key(1), now()).await.unwrap().unwrap();
    assert_eq!(live.last_seen, seen);
    let listed = t.store.account_sessions(user.id, now()).await.unwrap();
    assert_eq!(listed[1].last_seen, seen);

    // One ended: gone from the list and signed out; being seen late does not bring it back.
    t.store.delete_session(&key(0)).await.unwrap();
    t.store
        .touch_session(&key(0), ms(now()), started + TimeDelta::hours(1))
        .await
        .unwrap();
    assert!(t.store.session(&key(0), now()).await.unwrap().is_none());
    let listed = t.store.account_sessions(user.id, now()).await.unwrap();
    assert_eq!(keys_of(&listed), vec![key(2), key(1)]);

    // All but one: the one kept stays listed, with when it began.
    t.store.end_sessions(user.id, Some(&key(1))).await.unwrap();
    let listed = t.store.account_sessions(user.id, now()).await.unwrap();
    assert_eq!(keys_of(&listed), vec![key(1)]);
    assert_eq!(listed[0].created, started + TimeDelta::seconds(1));
    assert_eq!(listed[0].details, made[1]);
    assert!(t.store.session(&key(2), now()).await.unwrap().is_none());

    // The other account's session was never touched.
    let theirs_listed = t.store.account_sessions(stranger.id, now()).await.unwrap();
    assert_eq!(keys_of(&theirs_listed), vec![theirs]);
}

/// The list is bounded: a sign-in beyond the bound ends the oldest, and the list never
/// holds more than the bound.
async fn the_list_holds_at_most_the_bound(t: TestStore) {
    let name = unique_name("b");
    let user = t
        .store
        .create_user(new_user(&name, &format!("{name}@example.com")))
        .await
        .unwrap();
    let started = ms(now()) - TimeDelta::minutes(30);
    let key = |i: usize| {
        [
            (i as u32).to_be_bytes().to_vec(),
            user.id.0.as_bytes().to_vec(),
        ]
        .concat()
    };
    for i in 0..MAX_SESSIONS_PER_ACCOUNT + 2 {
        let created = started + TimeDelta::seconds(i as i64);
        t.store
            .create_session(&NewSession {
                key: key(i),
                user_id: user.id,
                created,
                expires: created + TimeDelta::hours(1),
                details: details(SessionKind::Browser, "", ""),
            })
            .await
            .unwrap();
    }
    let listed = t.store.account_sessions(user.id, now()).await.unwrap();
    assert_eq!(listed.len(), MAX_SESSIONS_PER_ACCOUNT);
    assert_eq!(
        listed[0].key,
        key(MAX_SESSIONS_PER_ACCOUNT + 1),
        "the newest"
    );
    assert!(!keys_of(&listed).contains(&key(0)), "the oldest ended");
    assert!(!keys_of(&listed).contains(&key(1)));
    assert!(t.store.session(&key(0), now()).await.unwrap().is_none());
}

both_stores!(
    an_account_lists_its_live_sessions_newest_first,
    the_list_holds_at_most_the_bound,
);
