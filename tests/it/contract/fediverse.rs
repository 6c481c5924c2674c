//! The fediverse's records: remote followers counted once however many race (and
//! recounted by the reconciler when a follow dies half-way), received ids remembered,
//! and the deliveries of the activities sent, each attempt claimed by one racer only.

use crate::both_stores;
use crate::helpers::{Kind, TestStore};
use sibyl::app::jobs::reconciler::reconcile;
use sibyl::domain::now;
use sibyl::domain::{PostId, UserId};
use sibyl::store::federation::{
    FOLLOWER_SHARDS, Failing, Federated, Outgoing, RemoteFollower, follower_shard,
};
use sibyl::store::{Fault, StoreOptions};
use std::collections::HashSet;
use std::sync::Arc;

both_stores!(
    remote_followers_are_counted_once_however_many_race,
    remote_followers_are_read_a_shard_at_a_time,
    received_ids_are_remembered_per_site,
    each_attempt_at_a_delivery_is_claimed_once,
    post_changes_are_noted_and_forgotten_up_to_a_time,
    failing_servers_are_noted_until_they_answer,
    comments_from_the_fediverse_keep_their_actor_everywhere,
    likes_and_shares_count_each_actor_once_per_post,
    avatars_are_kept_replaced_and_forgotten_per_site,
);

fn follower(n: usize) -> RemoteFollower {
    RemoteFollower {
        actor: format!("https://social{}.example/users/fan{n}", n % 3),
        inbox: format!("https://social{}.example/inbox", n % 3),
        follow: format!("https://social{}.example/follows/{n}", n % 3),
        since: now(),
    }
}

async fn remote_followers_are_counted_once_however_many_race(t: TestStore) {
    let actor = uuid::Uuid::new_v4().to_string();
    let racers = (0..6).map(|_| {
        let (store, site, actor) = (Arc::clone(&t.store), t.site.clone(), actor.clone());
        tokio::spawn(async move {
            store
                .add_remote_follower(&site, &actor, &follower(1))
                .await
                .unwrap()
        })
    });
    let added: Vec<bool> = futures_util::future::join_all(racers)
        .await
        .into_iter()
        .map(Result::unwrap)
        .collect();
    assert_eq!(added.iter().filter(|a| **a).count(), 1, "{added:?}");
    for n in 2..=4 {
        assert!(
            t.store
                .add_remote_follower(&t.site, &actor, &follower(n))
                .await
                .unwrap()
        );
    }
    let count = t
        .store
        .remote_follower_count(&t.site, &actor)
        .await
        .unwrap();
    assert_eq!(count, 4);
    // Another actor of the site, and the same actor on another site, have none.
    assert_eq!(
        t.store
            .remote_follower_count(&t.site, "site")
            .await
            .unwrap(),
        0
    );
    let elsewhere = crate::helpers::unique_site();
    assert_eq!(
        t.store
            .remote_follower_count(&elsewhere, &actor)
            .await
            .unwrap(),
        0
    );
    // Removing races too: one removal counts.
    let racers = (0..6).map(|_| {
        let (store, site, actor) = (Arc::clone(&t.store), t.site.clone(), actor.clone());
        tokio::spawn(async move {
            store
                .remove_remote_follower(&site, &actor, &follower(1).actor)
                .await
                .unwrap()
        })
    });
    let removed: Vec<bool> = futures_util::future::join_all(racers)
        .await
        .into_iter()
        .map(Result::unwrap)
        .collect();
    assert_eq!(removed.iter().filter(|r| **r).count(), 1, "{removed:?}");
    assert_eq!(
        t.store
            .remote_follower_count(&t.site, &actor)
            .await
            .unwrap(),
        3
    );
    assert!(
        !t.store
            .remove_remote_follower(&t.site, &actor, "https://nowhere.example/users/x")
            .await
            .unwrap()
    );
    let counts = t.store.remote_follower_counts(&t.site).await.unwrap();
    assert!(counts.contains(&(actor.clone(), 3)), "{counts:?}");
    assert!(
        t.store
            .remote_follower_counts(&crate::helpers::unique_site())
            .await
            .unwrap()
            .is_empty()
    );
}

async fn remote_followers_are_read_a_shard_at_a_time(t: TestStore) {
    let actor = "site";
    let site = crate::helpers::unique_site();
    for n in 0..40 {
        t.store
            .add_remote_follower(&site, actor, &follower(n))
            .await
            .unwrap();
    }
    let mut seen = HashSet::new();
    for shard in 0..FOLLOWER_SHARDS {
        let mut after: Option<String> = None;
        loop {
            let page = t
                .store
                .remote_followers(&site, actor, shard, after.as_deref(), 2)
                .await
                .unwrap();
            assert!(page.len() <= 2);
            for f in &page {
                assert_eq!(follower_shard(&f.actor), shard);
                assert!(seen.insert(f.actor.clone()), "{} twice", f.actor);
            }
            match page.last() {
                Some(last) if page.len() == 2 => after = Some(last.actor.clone()),
                _ => break,
            }
        }
    }
    let expected: HashSet<String> = (0..40).map(|n| follower(n).actor).collect();
    assert_eq!(seen, expected);
    let one = follower(7);
    let read = t
        .store
        .remote_followers(&site, actor, follower_shard(&one.actor), None, 1000)
        .await
        .unwrap();
    let kept = read.iter().find(|f| f.actor == one.actor).unwrap();
    assert_eq!((&kept.inbox, &kept.follow), (&one.inbox, &one.follow));
}

async fn received_ids_are_remembered_per_site(t: TestStore) {
    let id = format!("https://social.example/activities/{}", uuid::Uuid::new_v4());
    assert!(!t.store.received(&t.site, &id).await.unwrap());
    t.store.note_received(&t.site, &id, now()).await.unwrap();
    assert!(t.store.received(&t.site, &id).await.unwrap());
    t.store.note_received(&t.site, &id, now()).await.unwrap();
    assert!(t.store.received(&t.site, &id).await.unwrap());
    let elsewhere = crate::helpers::unique_site();
    assert!(!t.store.received(&elsewhere, &id).await.unwrap());
    assert!(!t.store.received(&t.site, &format!("{id}/2")).await.unwrap());
}

async fn each_attempt_at_a_delivery_is_claimed_once(t: TestStore) {
    let site = crate::helpers::unique_site();
    let activity = Outgoing {
        id: sibyl::domain::timeuuid::at(now()),
        actor: "site".into(),
        body: r#"{"type":"Accept"}"#.into(),
        followers_of: vec!["site".into()],
        fanned_out: false,
    };
    let inboxes = vec![
        "https://a.example/inbox".to_owned(),
        "https://b.example/inbox".to_owned(),
    ];
    let at = now();
    t.store
        .queue_activity(&site, &activity, &inboxes, at)
        .await
        .unwrap();
    // Queuing again (a retried request) changes nothing.
    t.store
        .queue_activity(&site, &activity, &inboxes[..1], at)
        .await
        .unwrap();
    assert_eq!(
        t.store.open_activities(&site).await.unwrap(),
        std::slice::from_ref(&activity)
    );
    let deliveries = t.store.deliveries(&site, activity.id).await.unwrap();
    assert_eq!(deliveries.len(), 2);
    assert!(deliveries.iter().all(|d| d.attempts == 0 && !d.ended));
    // Eight racers for the first attempt at one inbox: one claims it.
    let until = at + chrono::Duration::minutes(1);
    let racers = (0..8).map(|_| {
        let (store, site) = (Arc::clone(&t.store), site.clone());
        tokio::spawn(async move {
            store
                .claim_attempt(&site, activity.id, "https://a.example/inbox", 0, until)
                .await
                .unwrap()
        })
    });
    let claims: Vec<bool> = futures_util::future::join_all(racers)
        .await
        .into_iter()
        .map(Result::unwrap)
        .collect();
    assert_eq!(claims.iter().filter(|c| **c).count(), 1, "{claims:?}");
    let a = |ds: Vec<sibyl::store::federation::Delivery>| {
        ds.into_iter()
            .find(|d| d.inbox == "https://a.example/inbox")
            .unwrap()
    };
    let after = a(t.store.deliveries(&site, activity.id).await.unwrap());
    assert_eq!(after.attempts, 1);
    assert_eq!(after.due.timestamp_millis(), until.timestamp_millis());
    // A claim on what was seen before the first one is refused; the next one is had.
    assert!(
        !t.store
            .claim_attempt(&site, activity.id, "https://a.example/inbox", 0, until)
            .await
            .unwrap()
    );
    // An attempt in flight (no failure noted for it) is not hastened.
    let soon = at + chrono::Duration::seconds(5);
    let hasten = |attempt: u32| {
        let (store, site) = (Arc::clone(&t.store), site.clone());
        async move {
            store
                .hasten_delivery(&site, activity.id, "https://a.example/inbox", attempt, soon)
                .await
                .unwrap()
        }
    };
    assert!(!hasten(1).await, "attempt 1 is in flight");
    // A delivery never attempted has no failed attempt to hasten.
    assert!(
        !t.store
            .hasten_delivery(&site, activity.id, "https://b.example/inbox", 0, soon)
            .await
            .unwrap()
    );
    t.store
        .note_failure(
            &site,
            activity.id,
            "https://a.example/inbox",
            1,
            "refused: 500",
        )
        .await
        .unwrap();
    let failed = a(t.store.deliveries(&site, activity.id).await.unwrap());
    assert_eq!((failed.attempts, failed.failed), (1, 1), "{failed:?}");
    assert_eq!(failed.failure.as_deref(), Some("refused: 500"));
    // Once it failed, an administrator has it due sooner: racers all see it hastened.
    assert!(!hasten(0).await, "attempt 0 is not the last one");
    let racers: Vec<bool> = futures_util::future::join_all((0..4).map(|_| hasten(1))).await;
    assert!(racers.iter().all(|h| *h), "{racers:?}");
    let hastened = a(t.store.deliveries(&site, activity.id).await.unwrap());
    assert_eq!(hastened.due.timestamp_millis(), soon.timestamp_millis());
    assert_eq!(hastened.attempts, 1);
    assert!(
        t.store
            .claim_attempt(&site, activity.id, "https://a.example/inbox", 1, until)
            .await
            .unwrap()
    );
    // The next attempt claimed, the old failure hastens nothing.
    assert!(!hasten(1).await, "attempt 2 was claimed since");
    assert!(!hasten(2).await, "attempt 2 is in flight");
    let claimed = a(t.store.deliveries(&site, activity.id).await.unwrap());
    assert_eq!(claimed.due.timestamp_millis(), until.timestamp_millis());
    t.store
        .end_delivery(&site, activity.id, "https://a.example/inbox", None)
        .await
        .unwrap();
    let ended = a(t.store.deliveries(&site, activity.id).await.unwrap());
    assert!(
        ended.ended && ended.attempts == 2 && ended.failure.is_none(),
        "{ended:?}"
    );
    // Fan-out adds deliveries once each; the activity says when it is done.
    t.store
        .add_deliveries(
            &site,
            activity.id,
            &[
                "https://b.example/inbox".to_owned(),
                "https://c.example/inbox".to_owned(),
            ],
            at,
        )
        .await
        .unwrap();
    assert_eq!(
        t.store.deliveries(&site, activity.id).await.unwrap().len(),
        3
    );
    t.store.fanned_out(&site, activity.id).await.unwrap();
    assert!(t.store.open_activities(&site).await.unwrap()[0].fanned_out);
    t.store.close_activity(&site, activity.id).await.unwrap();
    assert!(t.store.open_activities(&site).await.unwrap().is_empty());
}

/// A claim of a delivery's attempt, and its hastening, whose LWT answers were lost (they
/// ran all the same) are settled by serial reads and count as made (Cassandra).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn claims_and_hastenings_whose_answers_were_lost_are_settled() {
    use sibyl::store::LostAnswer;
    let options = StoreOptions::default();
    let t = TestStore::cassandra_alone_with("sibyl_fediverse_lost_test", options.clone()).await;
    assert_eq!(t.kind, Kind::Cassandra);
    let inbox = "https://a.example/inbox".to_owned();
    for kind in LostAnswer::ALL {
        let at = chrono::DateTime::from_timestamp_millis(now().timestamp_millis()).unwrap();
        let activity = Outgoing {
            id: sibyl::domain::timeuuid::at(at),
            actor: "site".into(),
            body: r#"{"type":"Accept"}"#.into(),
            followers_of: Vec::new(),
            fanned_out: false,
        };
        t.store
            .queue_activity(&t.site, &activity, std::slice::from_ref(&inbox), at)
            .await
            .unwrap();
        let until = at + chrono::Duration::minutes(5);
        options.faults.arm(Fault::LostLwtAnswer(kind));
        assert!(
            t.store
                .claim_attempt(&t.site, activity.id, &inbox, 0, until)
                .await
                .unwrap(),
            "{kind:?}: the claim counts as made"
        );
        assert!(!options.faults.fires(Fault::LostLwtAnswer(kind)));
        t.store
            .note_failure(&t.site, activity.id, &inbox, 1, "refused: 503")
            .await
            .unwrap();
        options.faults.arm(Fault::LostLwtAnswer(kind));
        assert!(
            t.store
                .hasten_delivery(&t.site, activity.id, &inbox, 1, at)
                .await
                .unwrap(),
            "{kind:?}: the hastening counts as made"
        );
        assert!(!options.faults.fires(Fault::LostLwtAnswer(kind)));
        let delivery = t.store.deliveries(&t.site, activity.id).await.unwrap();
        assert_eq!(delivery[0].due, at);
        assert_eq!((delivery[0].attempts, delivery[0].failed), (1, 1));
        t.store.close_activity(&t.site, activity.id).await.unwrap();
    }
}

/// A remote follow whose write dies after its row: the reconciler recounts its actor's
/// followers (Cassandra; SQLite counts its rows).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_remote_follow_cut_short_is_counted_by_the_reconciler() {
    let options = StoreOptions::default();
    let t = TestStore::cassandra_alone_with("sibyl_fediverse_test", options.clone()).await;
    assert_eq!(t.kind, Kind::Cassandra);
    reconcile(t.store.as_ref(), now()).await.unwrap();
    let actor = uuid::Uuid::new_v4().to_string();
    options.faults.arm(Fault::CrashAfterRemoteFollowerRow);
    let died = t
        .store
        .add_remote_follower(&t.site, &actor, &follower(1))
        .await;
    assert!(died.is_err(), "{died:?}");
    assert_eq!(
        t.store
            .remote_follower_count(&t.site, &actor)
            .await
            .unwrap(),
        0
    );
    // A retry changes nothing: the follower is there already.
    assert!(
        !t.store
            .add_remote_follower(&t.site, &actor, &follower(1))
            .await
            .unwrap()
    );
    let report = reconcile(t.store.as_ref(), now() + chrono::Duration::minutes(10))
        .await
        .unwrap();
    assert_eq!(report.completed, 1, "{report:?}");
    assert_eq!(
        t.store
            .remote_follower_count(&t.site, &actor)
            .await
            .unwrap(),
        1
    );
}

/// A like whose write dies after its row: the reconciler recounts the post's likes, in
/// the post's own counts (Cassandra; SQLite counts its rows).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_like_cut_short_is_counted_by_the_reconciler() {
    use sibyl::store::federation::{Reaction, Reactions, reaction_set};
    let options = StoreOptions::default();
    let t = TestStore::cassandra_alone_with("sibyl_fediverse_likes_test", options.clone()).await;
    assert_eq!(t.kind, Kind::Cassandra);
    reconcile(t.store.as_ref(), now()).await.unwrap();
    let post = PostId(uuid::Uuid::new_v4());
    let likes = reaction_set(Reaction::Like, post);
    options.faults.arm(Fault::CrashAfterRemoteFollowerRow);
    let died = t
        .store
        .add_remote_follower(&t.site, &likes, &follower(1))
        .await;
    assert!(died.is_err(), "{died:?}");
    assert_eq!(
        t.store.reaction_counts(&t.site, post).await.unwrap(),
        Reactions::default()
    );
    let report = reconcile(t.store.as_ref(), now() + chrono::Duration::minutes(10))
        .await
        .unwrap();
    assert_eq!(report.completed, 1, "{report:?}");
    assert_eq!(
        t.store.reaction_counts(&t.site, post).await.unwrap(),
        Reactions {
            likes: 1,
            announces: 0
        }
    );
}

/// Each actor's like or share of a post counts once, per post and kind, and goes with
/// its undoing; the site's actors' counts never hold them.
async fn likes_and_shares_count_each_actor_once_per_post(t: TestStore) {
    use sibyl::store::federation::{Reaction, Reactions, reaction_set};
    let (post, other) = (PostId(uuid::Uuid::new_v4()), PostId(uuid::Uuid::new_v4()));
    let likes = reaction_set(Reaction::Like, post);
    let shares = reaction_set(Reaction::Announce, post);
    for n in 0..3 {
        assert!(
            t.store
                .add_remote_follower(&t.site, &likes, &follower(n))
                .await
                .unwrap()
        );
    }
    assert!(
        !t.store
            .add_remote_follower(&t.site, &likes, &follower(1))
            .await
            .unwrap()
    );
    assert!(
        t.store
            .add_remote_follower(&t.site, &shares, &follower(2))
            .await
            .unwrap()
    );
    assert_eq!(
        t.store.reaction_counts(&t.site, post).await.unwrap(),
        Reactions {
            likes: 3,
            announces: 1
        }
    );
    assert_eq!(
        t.store.reaction_counts(&t.site, other).await.unwrap(),
        Reactions::default()
    );
    assert!(
        t.store
            .remove_remote_follower(&t.site, &likes, &follower(0).actor)
            .await
            .unwrap()
    );
    assert_eq!(
        t.store.reaction_counts(&t.site, post).await.unwrap().likes,
        2
    );
    assert!(
        t.store
            .remote_follower_counts(&t.site)
            .await
            .unwrap()
            .iter()
            .all(|(name, _)| !name.contains(':'))
    );
}

async fn post_changes_are_noted_and_forgotten_up_to_a_time(t: TestStore) {
    let site = crate::helpers::unique_site();
    let (a, b) = (PostId(uuid::Uuid::new_v4()), PostId(uuid::Uuid::new_v4()));
    let first = now() - chrono::Duration::seconds(10);
    let later = now();
    t.store.note_post_change(&site, a, first).await.unwrap();
    t.store.note_post_change(&site, a, later).await.unwrap();
    t.store.note_post_change(&site, b, first).await.unwrap();
    let noted = t.store.post_changes(&site).await.unwrap();
    assert_eq!(noted.len(), 3, "{noted:?}");
    // Forgetting through the first note keeps the later one (noted while it was handled).
    t.store.drop_post_changes(&site, a, first).await.unwrap();
    let mut left: Vec<(uuid::Uuid, i64)> = t
        .store
        .post_changes(&site)
        .await
        .unwrap()
        .into_iter()
        .map(|(p, at)| (p.0, at.timestamp_millis()))
        .collect();
    let mut expected = vec![
        (a.0, later.timestamp_millis()),
        (b.0, first.timestamp_millis()),
    ];
    expected.sort();
    left.sort();
    assert_eq!(left, expected);
    assert!(
        t.store
            .post_changes(&crate::helpers::unique_site())
            .await
            .unwrap()
            .is_empty()
    );

    // What the fediverse was told of a post, kept and replaced.
    assert_eq!(t.store.federated_post(&site, a).await.unwrap(), None);
    let author = UserId(uuid::Uuid::new_v4());
    let sent = chrono::DateTime::from_timestamp_millis(later.timestamp_millis()).unwrap();
    let told = Federated {
        sent,
        author,
        round: 0,
        deleted: false,
    };
    t.store.note_federated_post(&site, a, &told).await.unwrap();
    assert_eq!(t.store.federated_post(&site, a).await.unwrap(), Some(told));
    let gone = Federated {
        deleted: true,
        round: 2,
        ..told
    };
    t.store.note_federated_post(&site, a, &gone).await.unwrap();
    assert_eq!(t.store.federated_post(&site, a).await.unwrap(), Some(gone));
    assert_eq!(t.store.federated_post(&site, b).await.unwrap(), None);
}

async fn failing_servers_are_noted_until_they_answer(t: TestStore) {
    let site = crate::helpers::unique_site();
    assert!(t.store.failing_servers(&site).await.unwrap().is_empty());
    let since = chrono::DateTime::from_timestamp_millis(now().timestamp_millis()).unwrap();
    let down = Failing {
        server: "down.example".into(),
        since,
        last: "connection refused".into(),
    };
    t.store.note_failing_server(&site, &down).await.unwrap();
    let again = Failing {
        last: "timed out".into(),
        ..down.clone()
    };
    t.store.note_failing_server(&site, &again).await.unwrap();
    assert_eq!(
        t.store.failing_servers(&site).await.unwrap(),
        std::slice::from_ref(&again)
    );
    assert_eq!(
        t.store.failing_server(&site, "down.example").await.unwrap(),
        Some(again)
    );
    assert_eq!(
        t.store.failing_server(&site, "up.example").await.unwrap(),
        None
    );
    let elsewhere = crate::helpers::unique_site();
    assert!(
        t.store
            .failing_servers(&elsewhere)
            .await
            .unwrap()
            .is_empty()
    );
    t.store.server_answers(&site, "down.example").await.unwrap();
    assert!(t.store.failing_servers(&site).await.unwrap().is_empty());
}

/// A comment written on another server keeps its author's actor in its row, the
/// moderation lists, the readers' thread and across moves and edits; the note it came as
/// finds it, per site.
async fn comments_from_the_fediverse_keep_their_actor_everywhere(t: TestStore) {
    use super::comments::{by, member, post};
    use sibyl::domain::{CommentBody, CommentState, Commenter, NewComment, Role};
    use sibyl::store::federation::RemoteNote;
    let admin = member(&t, Role::Admin).await;
    let post = post(&t, &admin).await;
    let actor = "https://social.example/users/ada".to_owned();
    let remote = Commenter::Remote {
        actor: actor.clone(),
        name: "Ada".into(),
    };
    let comment = NewComment::new(
        sibyl::domain::CommentedPost {
            id: post.id,
            slug: post.slug.as_str().to_owned(),
            title: post.title.as_str().to_owned(),
        },
        None,
        remote.clone(),
        CommentBody::parse("From *afar*.").unwrap(),
        CommentState::Pending,
        now(),
    );
    let note = format!("https://social.example/notes/{}", uuid::Uuid::new_v4());
    assert_eq!(t.store.remote_note(&t.site, &note).await.unwrap(), None);
    let known = RemoteNote {
        post: post.id,
        comment: comment.id,
        actor: actor.clone(),
    };
    t.store
        .note_remote_note(&t.site, &note, &known)
        .await
        .unwrap();
    t.store
        .note_remote_note(&t.site, &note, &known)
        .await
        .unwrap();
    assert_eq!(
        t.store.remote_note(&t.site, &note).await.unwrap(),
        Some(known)
    );
    let elsewhere = crate::helpers::unique_site();
    assert_eq!(t.store.remote_note(&elsewhere, &note).await.unwrap(), None);
    t.store.add_comment(&t.site, &comment).await.unwrap();

    let stored = t
        .store
        .comment(&t.site, post.id, comment.id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(stored.author, remote);
    assert_eq!(stored.author.user_id(), None);
    assert_eq!(stored.author.email(), "");
    let pending = t
        .store
        .moderation_list(&t.site, CommentState::Pending, None, None, 10)
        .await
        .unwrap();
    assert_eq!(pending.comments[0].author, remote);
    let of_post = t
        .store
        .moderation_list(&t.site, CommentState::Pending, Some(post.id), None, 10)
        .await
        .unwrap();
    assert_eq!(of_post.comments[0].author, remote);

    t.store
        .moderate(
            &t.site,
            post.id,
            comment.id,
            &by(&admin, CommentState::Approved),
        )
        .await
        .unwrap();
    let edited = CommentBody::parse("From *afar*, edited.").unwrap();
    t.store
        .edit_comment(&t.site, post.id, comment.id, &edited, now())
        .await
        .unwrap();
    let thread = t
        .store
        .comment_page(&t.site, post.id, None, 10)
        .await
        .unwrap()
        .comments;
    assert_eq!(thread.len(), 1);
    assert_eq!(thread[0].author_actor.as_deref(), Some(actor.as_str()));
    assert_eq!(thread[0].author_name, "Ada");
    assert_eq!(thread[0].author_id, None);
    assert!(thread[0].body_html.contains("<em>afar</em>, edited."));
    let moved = t
        .store
        .comment(&t.site, post.id, comment.id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(moved.author, remote);
    assert_eq!(moved.state, CommentState::Approved);
}

async fn avatars_are_kept_replaced_and_forgotten_per_site(t: TestStore) {
    use sibyl::store::federation::{Avatar, avatar_key};
    let actor = format!("https://social.example/users/{}", uuid::Uuid::new_v4());
    let key = avatar_key(&actor);
    assert_eq!(key.len(), 32);
    assert_ne!(key, avatar_key("https://social.example/users/else"));
    assert_eq!(t.store.avatar(&t.site, &key).await.unwrap(), None);
    let at =
        chrono::DateTime::from_timestamp_millis(sibyl::domain::now().timestamp_millis()).unwrap();
    let first = Avatar {
        source: format!("{actor}/a.png"),
        jpeg: vec![1; 2_000],
        fetched: at,
    };
    t.store.keep_avatar(&t.site, &key, &first).await.unwrap();
    assert_eq!(t.store.avatar(&t.site, &key).await.unwrap(), Some(first));
    // Kept again: the last one wins.
    let second = Avatar {
        source: format!("{actor}/b.png"),
        jpeg: vec![2; 3_000],
        fetched: at + chrono::Duration::hours(1),
    };
    t.store.keep_avatar(&t.site, &key, &second).await.unwrap();
    assert_eq!(
        t.store.avatar(&t.site, &key).await.unwrap(),
        Some(second.clone())
    );
    // Another site keeps its own.
    let elsewhere = crate::helpers::unique_site();
    assert_eq!(t.store.avatar(&elsewhere, &key).await.unwrap(), None);
    // Forgotten (twice is harmless).
    t.store.drop_avatar(&t.site, &key).await.unwrap();
    t.store.drop_avatar(&t.site, &key).await.unwrap();
    assert_eq!(t.store.avatar(&t.site, &key).await.unwrap(), None);
}
