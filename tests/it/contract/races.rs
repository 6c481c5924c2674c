//! Writes that race for one record, on both stores: moderation against moderation and
//! against an edit (no decision made from a stale copy undoes another, and the counts
//! move once per move), an account's role against its rename (no directory entry left
//! at a name the user no longer has); and on Cassandra, that no cell is written both by
//! lightweight transactions and by plain writes.

use super::comments::{assert_in_step, by, comment, member, post};
use crate::both_stores;
use crate::fixtures;
use crate::helpers::{TestStore, unique_name};
use sibyl::domain::user::shelf_of;
use sibyl::domain::{CommentBody, CommentState, Role, Username, now};
use sibyl::store::ModerationError;

both_stores!(
    an_approval_racing_a_delete_never_brings_the_comment_back,
    an_edit_racing_a_moderation_keeps_both,
    a_role_change_racing_a_rename_leaves_one_directory_entry,
);

const ROUNDS: usize = 8;

async fn an_approval_racing_a_delete_never_brings_the_comment_back(t: TestStore) {
    let admin = member(&t, Role::Admin).await;
    let reader = member(&t, Role::Reader).await;
    let post = post(&t, &admin).await;
    let mut deleted = 0;
    for round in 0..ROUNDS {
        let new = comment(
            &post,
            &reader,
            &format!("Round {round}"),
            None,
            CommentState::Pending,
        );
        t.store.add_comment(&t.site, &new).await.unwrap();
        let race = |to: CommentState| {
            let store = t.store.clone();
            let site = t.site.clone();
            let moderation = by(&admin, to);
            let (post, id) = (post.id, new.id);
            tokio::spawn(async move { store.moderate(&site, post, id, &moderation).await })
        };
        let (approve, delete, spam) = (
            race(CommentState::Approved),
            race(CommentState::Deleted),
            race(CommentState::Spam),
        );
        let (approve, delete, spam) = (
            approve.await.unwrap(),
            delete.await.unwrap(),
            spam.await.unwrap(),
        );
        for outcome in [&approve, &delete, &spam] {
            assert!(
                matches!(outcome, Ok(_) | Err(ModerationError::Illegal { .. })),
                "{outcome:?}"
            );
        }
        let after = t
            .store
            .comment(&t.site, post.id, new.id)
            .await
            .unwrap()
            .unwrap();
        // Deleted is final: once a delete is acknowledged nothing brings the comment back.
        if delete.is_ok() {
            deleted += 1;
            assert_eq!(after.state, CommentState::Deleted, "round {round}");
        }
        assert_in_step(&t, &post, new.id).await;
    }
    // Every acknowledged move counted once: the per-state counts add up to the comments
    // and the approved count is the approved comments'.
    let counts = t.store.comment_state_counts(&t.site).await.unwrap();
    let total = counts.pending + counts.approved + counts.spam + counts.rejected + counts.deleted;
    assert_eq!(total, ROUNDS as u64, "{counts:?}");
    assert!(counts.deleted >= deleted, "{counts:?}");
    let approved = t
        .store
        .approved_comment_counts(&t.site, &[post.id])
        .await
        .unwrap();
    let approved: u64 = approved.iter().map(|(_, n)| *n).sum();
    assert_eq!(approved, counts.approved, "{counts:?}");
}

async fn an_edit_racing_a_moderation_keeps_both(t: TestStore) {
    let admin = member(&t, Role::Admin).await;
    let reader = member(&t, Role::Reader).await;
    let post = post(&t, &admin).await;
    for round in 0..ROUNDS {
        let new = comment(
            &post,
            &reader,
            "Before the edit",
            None,
            CommentState::Pending,
        );
        t.store.add_comment(&t.site, &new).await.unwrap();
        let text = format!("After the edit, round {round}");
        let edit = {
            let (store, site) = (t.store.clone(), t.site.clone());
            let (post, id) = (post.id, new.id);
            let body = CommentBody::parse(&text).unwrap();
            tokio::spawn(async move { store.edit_comment(&site, post, id, &body, now()).await })
        };
        let approve = {
            let (store, site) = (t.store.clone(), t.site.clone());
            let (post, id) = (post.id, new.id);
            let moderation = by(&admin, CommentState::Approved);
            tokio::spawn(async move { store.moderate(&site, post, id, &moderation).await })
        };
        edit.await.unwrap().unwrap();
        approve.await.unwrap().unwrap();
        let after = t
            .store
            .comment(&t.site, post.id, new.id)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(after.state, CommentState::Approved, "round {round}");
        assert_eq!(after.body.as_str(), text, "round {round}");
        assert_in_step(&t, &post, new.id).await;
        // The copy readers see has the edited text too.
        let page = t
            .store
            .comment_page(&t.site, post.id, None, 500)
            .await
            .unwrap();
        let shown = page.comments.iter().find(|c| c.id == new.id).unwrap();
        assert_eq!(shown.body_html, after.body_html, "round {round}");
    }
}

async fn a_role_change_racing_a_rename_leaves_one_directory_entry(t: TestStore) {
    for round in 0..ROUNDS {
        let prefix = unique_name("race").to_lowercase();
        let user = fixtures::user(&t, Role::Reader, "Racer").await;
        let renamed = Username::parse(&format!("{prefix}new")).unwrap();
        let old_key = user.username.key();
        let rename = {
            let (store, id, name) = (t.store.clone(), user.id, renamed.clone());
            tokio::spawn(async move { store.change_username(id, &name).await })
        };
        let role = {
            let (store, id) = (t.store.clone(), user.id);
            tokio::spawn(async move { store.set_role(id, Role::Author).await })
        };
        rename.await.unwrap().unwrap();
        role.await.unwrap().unwrap();
        let stored = t.store.user(user.id).await.unwrap().unwrap();
        assert_eq!(stored.username, renamed);
        assert_eq!(stored.role, Role::Author, "round {round}");
        // Under the new name: exactly one entry, whole and current.
        let listed = t
            .store
            .user_directory(shelf_of(&prefix), Some(&prefix), 50)
            .await
            .unwrap();
        let ours: Vec<_> = listed.iter().filter(|e| e.id == user.id).collect();
        assert_eq!(ours.len(), 1, "round {round}: {ours:?}");
        assert_eq!(ours[0].username, renamed.as_str());
        assert_eq!(ours[0].role, Role::Author, "round {round}");
        // Under the old name: nothing left behind.
        let before = &old_key[..old_key.len() - 1];
        let old = t
            .store
            .user_directory(shelf_of(&old_key), Some(before), 50)
            .await
            .unwrap();
        assert!(
            !old.iter().any(|e| e.id == user.id),
            "round {round}: a ghost entry at the old name"
        );
    }
}

/// Paxos and plain writes order a cell by different clocks: every cell of every table
/// is written one way only, by the statements the adapter really prepares.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_cassandra_cell_is_written_both_by_lwts_and_plain_writes() {
    let _t = TestStore::cassandra().await;
    let prepared = sibyl::store::cassandra::prepared_statements();
    let writes = prepared
        .iter()
        .filter(|s| s.starts_with("INSERT") || s.starts_with("UPDATE") || s.starts_with("DELETE"))
        .count();
    let lwts = prepared.iter().filter(|s| s.contains(" IF ")).count();
    assert!(writes > 60 && lwts > 20, "{writes} writes, {lwts} LWTs");
    assert_eq!(
        sibyl::store::cassandra::mixed_writes(),
        Vec::<String>::new()
    );
}

/// A busy post holds back no other post's comments: 200 comments sent at once to one
/// post take their turns at its partition, and a comment sent meanwhile to another post
/// (one whose turns a process shared with the busy post's when it kept a lock per 64th of
/// all posts) is written before most of them are.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_busy_post_holds_back_no_other_posts_comments() {
    let t = TestStore::cassandra().await;
    let admin = member(&t, Role::Admin).await;
    let reader = member(&t, Role::Reader).await;
    let busy = post(&t, &admin).await;
    let (hi, lo) = busy.id.0.as_u64_pair();
    let mut new = fixtures::new_post(&t, &admin, "Quiet", "Text.", "", now(), true);
    new.id = sibyl::domain::PostId(uuid::Uuid::from_u64_pair(hi ^ (1 << 40), lo));
    assert_eq!(new.id.0.as_u64_pair().0 % 64, hi % 64);
    let quiet = t.store.create_post(new).await.unwrap();
    let written = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let crowd: Vec<_> = (0..200)
        .map(|i| {
            let new = comment(
                &busy,
                &reader,
                &format!("Crowd {i}"),
                None,
                CommentState::Approved,
            );
            let (store, site, written) = (t.store.clone(), t.site.clone(), written.clone());
            tokio::spawn(async move {
                store.add_comment(&site, &new).await.unwrap();
                written.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            })
        })
        .collect();
    // Once the crowd has begun to be written, so that the rest are queued.
    while written.load(std::sync::atomic::Ordering::SeqCst) < 5 {
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    let alone = comment(
        &quiet,
        &reader,
        "Anyone here?",
        None,
        CommentState::Approved,
    );
    t.store.add_comment(&t.site, &alone).await.unwrap();
    let before_it = written.load(std::sync::atomic::Ordering::SeqCst);
    assert!(
        before_it < 100,
        "the quiet post's comment waited for {before_it} of the busy post's 200"
    );
    for task in crowd {
        task.await.unwrap();
    }
    let counts = t
        .store
        .approved_comment_counts(&t.site, &[busy.id, quiet.id])
        .await
        .unwrap();
    assert!(counts.contains(&(busy.id, 200)), "{counts:?}");
    assert!(counts.contains(&(quiet.id, 1)), "{counts:?}");
}
