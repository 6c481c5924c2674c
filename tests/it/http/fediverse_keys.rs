//! An actor's key rotated, on both stores: from the shell (`sibyl fediverse rotate-key`)
//! or by the use case, the new key replaces the kept one, an `Update` of the actor with
//! it is queued for its followers, and an instance that read the old key signs with the
//! new one once its copy is [`KEY_RECHECK`] old; refusals say why and change nothing.

use crate::both_stores;
use crate::cli::{sibyl_fed, store_arg};
use crate::helpers::{TestStore, spawn_app};
use serde_json::Value;
use sibyl::app::federation::key_rotation::rotate;
use sibyl::app::federation::{KEY_RECHECK, Whose, actor, actor_key};
use sibyl::domain::user::Login;
use sibyl::infra::clock::Clock;

both_stores!(a_rotated_key_is_announced_and_used_everywhere_within_the_recheck);

async fn a_rotated_key_is_announced_and_used_everywhere_within_the_recheck(t: TestStore) {
    let (store_url, site_url) = (store_arg(&t), t.site.as_str().to_owned());
    let app = spawn_app(t).await;
    let admin = app.set_up().await;
    let id = app
        .store
        .user_by_login(&Login::parse(&admin.username).unwrap())
        .await
        .unwrap()
        .unwrap()
        .id;
    let whose = Whose::Author(id);
    // Another instance has read the author's key, and signs with it.
    let mut elsewhere = app.ctx();
    elsewhere.clock = Clock::manual(sibyl::domain::now());
    let old = actor_key(&elsewhere, whose).await.unwrap();

    let rotated = rotate(&app.ctx(), whose).await.unwrap();
    let author = app.ctx().absolute(&whose.path());
    assert_eq!(rotated.actor, author);
    assert_eq!(rotated.followers, 0);
    let document = actor(&app.ctx(), whose).await.unwrap().unwrap();
    let new_pem = document.public_key_pem.clone();
    assert_ne!(new_pem, old.public_pem(), "a new key is kept");
    // The Update of the author, with the new key, goes to its followers.
    let queued: Vec<Value> = app
        .store
        .open_activities(&app.site)
        .await
        .unwrap()
        .into_iter()
        .filter(|a| a.actor == whose.name() && a.followers_of == vec![whose.name()])
        .map(|a| serde_json::from_str(&a.body).unwrap())
        .collect();
    let update = queued
        .iter()
        .find(|a| a["type"] == "Update")
        .unwrap_or_else(|| panic!("no Update queued: {queued:?}"));
    assert_eq!(update["actor"], author.as_str());
    assert_eq!(update["object"]["id"], author.as_str());
    assert_eq!(update["object"]["type"], "Person");
    assert_eq!(
        update["object"]["publicKey"]["publicKeyPem"],
        new_pem.as_str()
    );
    assert_eq!(
        update["cc"][0],
        format!("{author}/followers").as_str(),
        "{update}"
    );
    assert!(update["object"].get("@context").is_none(), "{update}");
    // The other instance signs with its copy until it is KEY_RECHECK old, then with the
    // new key.
    let step = chrono::Duration::from_std(KEY_RECHECK).unwrap();
    elsewhere.clock.advance(step - chrono::Duration::seconds(1));
    assert_eq!(
        actor_key(&elsewhere, whose).await.unwrap().public_pem(),
        old.public_pem()
    );
    elsewhere.clock.advance(chrono::Duration::seconds(2));
    assert_eq!(
        actor_key(&elsewhere, whose).await.unwrap().public_pem(),
        new_pem
    );

    // From the shell: the site's own actor, then an author by name.
    let run = |args: &[&str]| {
        let mut all = vec!["fediverse", "rotate-key"];
        all.extend_from_slice(args);
        all.extend_from_slice(&["--store", &store_url, "--site-url", &site_url]);
        sibyl_fed(&all, "")
    };
    let said = |o: &std::process::Output| {
        format!(
            "{}{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        )
    };
    let site_key = || async {
        actor(&app.ctx(), Whose::Site)
            .await
            .unwrap()
            .unwrap()
            .public_key_pem
    };
    let before = site_key().await;
    let done = run(&["--site-actor"]);
    assert!(done.status.success(), "{}", said(&done));
    assert!(
        said(&done).contains(&format!(
            "rotated the key of {}/ap/site; an Update with the new key is queued for its 0 followers",
            site_url.trim_end_matches('/')
        )),
        "{}",
        said(&done)
    );
    assert_ne!(site_key().await, before);
    let by_name = run(&[&admin.username]);
    assert!(by_name.status.success(), "{}", said(&by_name));
    let third = actor(&app.ctx(), whose).await.unwrap().unwrap();
    assert_ne!(third.public_key_pem, new_pem);

    // Refusals: nobody of that name, a reader (no actor), both or neither named.
    let unchanged = site_key().await;
    let nobody = run(&["nobody-of-that-name"]);
    assert_eq!(nobody.status.code(), Some(1), "{}", said(&nobody));
    let (_, reader) = app.sign_up("a long enough password").await;
    let not_author = run(&[&reader]);
    assert_eq!(not_author.status.code(), Some(1), "{}", said(&not_author));
    assert!(
        said(&not_author).contains("no such author on this site"),
        "{}",
        said(&not_author)
    );
    let both = run(&["--site-actor", &admin.username]);
    assert_eq!(both.status.code(), Some(2), "{}", said(&both));
    let neither = run(&[]);
    assert_eq!(neither.status.code(), Some(2), "{}", said(&neither));
    assert_eq!(site_key().await, unchanged);
    assert_eq!(
        actor(&app.ctx(), whose)
            .await
            .unwrap()
            .unwrap()
            .public_key_pem,
        third.public_key_pem
    );
}
