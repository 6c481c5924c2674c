//! Follows waiting for approval, and the setting that makes them wait: kept per actor and
//! per site, read one or a page at a time, sent again kept once.

use crate::both_stores;
use crate::helpers::TestStore;
use sibyl::domain::now;
use sibyl::store::federation::{FollowRequest, Requested};

both_stores!(follow_requests_are_kept_per_actor_until_decided,);

fn request(n: usize) -> FollowRequest {
    FollowRequest {
        follower: format!("https://social.example/users/fan{n}"),
        inbox: format!("https://social.example/users/fan{n}/inbox"),
        deliver_to: "https://social.example/inbox".into(),
        follow: format!("https://social.example/follows/{n}"),
        since: now(),
    }
}

async fn follow_requests_are_kept_per_actor_until_decided(t: TestStore) {
    let author = uuid::Uuid::new_v4().to_string();
    assert!(!t.store.approves_followers(&t.site, &author).await.unwrap());
    t.store
        .set_approves_followers(&t.site, &author, true)
        .await
        .unwrap();
    assert!(t.store.approves_followers(&t.site, &author).await.unwrap());
    assert!(!t.store.approves_followers(&t.site, "site").await.unwrap());
    let elsewhere = crate::helpers::unique_site();
    assert!(
        !t.store
            .approves_followers(&elsewhere, &author)
            .await
            .unwrap()
    );

    for n in [2, 1, 3] {
        assert_eq!(
            t.store
                .add_follow_request(&t.site, &author, &request(n))
                .await
                .unwrap(),
            Requested::New
        );
    }
    let mut again = request(1);
    again.follow = "https://social.example/follows/1-again".into();
    assert_eq!(
        t.store
            .add_follow_request(&t.site, &author, &again)
            .await
            .unwrap(),
        Requested::Again
    );
    let all = t
        .store
        .follow_requests(&t.site, &author, None, 10)
        .await
        .unwrap();
    let followers: Vec<&str> = all.iter().map(|r| r.follower.as_str()).collect();
    assert_eq!(
        followers,
        [
            "https://social.example/users/fan1",
            "https://social.example/users/fan2",
            "https://social.example/users/fan3"
        ]
    );
    assert_eq!(all[0].follow, "https://social.example/follows/1-again");
    assert_eq!(all[1].inbox, "https://social.example/users/fan2/inbox");
    assert_eq!(all[1].deliver_to, "https://social.example/inbox");
    let page = t
        .store
        .follow_requests(&t.site, &author, Some(&all[0].follower), 1)
        .await
        .unwrap();
    assert_eq!(page.len(), 1);
    assert_eq!(page[0].follower, all[1].follower);
    assert_eq!(
        t.store
            .follow_request(&t.site, &author, &all[2].follower)
            .await
            .unwrap()
            .map(|r| r.follow),
        Some("https://social.example/follows/3".to_owned())
    );
    // Another actor's, another site's: none.
    assert!(
        t.store
            .follow_requests(&t.site, "site", None, 10)
            .await
            .unwrap()
            .is_empty()
    );
    assert_eq!(
        t.store
            .follow_request(&elsewhere, &author, &all[2].follower)
            .await
            .unwrap(),
        None
    );
    assert!(
        t.store
            .remove_follow_request(&t.site, &author, &all[2].follower)
            .await
            .unwrap()
    );
    assert!(
        !t.store
            .remove_follow_request(&t.site, &author, &all[2].follower)
            .await
            .unwrap()
    );
    assert_eq!(
        t.store
            .follow_requests(&t.site, &author, None, 10)
            .await
            .unwrap()
            .len(),
        2
    );
    t.store
        .set_approves_followers(&t.site, &author, false)
        .await
        .unwrap();
    assert!(!t.store.approves_followers(&t.site, &author).await.unwrap());
}
