//! Deleting an account through the store contract, on both stores: a member's comments
//! found by account and paged, signed "deleted user" in their row and every copy (or
//! removed, by the site's policy), the name and address freed for anyone, the account
//! kept as a nameless record; accounts that are kept; and a deletion that dies half-way
//! (or meets a comment written meanwhile) finished by the reconciler.

use crate::both_stores;
use crate::contract::comments::{comment, member, post};
use crate::fixtures::{self, new_user};
use crate::helpers::TestStore;
use sibyl::app::deletion::{
    Deleter, KeptAccount, account_kept, delete_account, is_deleted, tombstone,
};
use sibyl::app::jobs::reconciler::reconcile;
use sibyl::domain::comment::DELETED_USER;
use sibyl::domain::user::Login;
use sibyl::domain::{CommentId, CommentState, Commenter, PostId, Role, User, now};
use sibyl::store::{Intent, NewSession, PageError};
use std::collections::HashSet;

fn deleter(admin: &User) -> Deleter {
    Deleter {
        id: admin.id,
        name: admin.display_name.clone(),
    }
}

/// Every comment of a member, walking the pages of `size`.
async fn all_by(t: &TestStore, user: &User, size: usize) -> Vec<(PostId, CommentId)> {
    let mut found = Vec::new();
    let mut cursor: Option<String> = None;
    loop {
        let page = t
            .store
            .comments_by_member(&t.site, user.id, user.created, cursor.as_deref(), size)
            .await
            .unwrap();
        assert!(page.comments.len() <= size);
        found.extend(page.comments);
        match page.next {
            Some(next) => cursor = Some(next),
            None => return found,
        }
    }
}

async fn a_members_comments_are_found_and_paged(t: TestStore) {
    let author = member(&t, Role::Author).await;
    let (first, second) = (post(&t, &author).await, post(&t, &author).await);
    let commenter = member(&t, Role::Reader).await;
    let other = member(&t, Role::Reader).await;
    let mut made = HashSet::new();
    for (i, state) in [
        CommentState::Approved,
        CommentState::Pending,
        CommentState::Spam,
        CommentState::Approved,
        CommentState::Pending,
    ]
    .into_iter()
    .enumerate()
    {
        let on = if i % 2 == 0 { &first } else { &second };
        let c = comment(on, &commenter, &format!("Mine {i}"), None, state);
        made.insert((on.id, c.id));
        t.store.add_comment(&t.site, &c).await.unwrap();
    }
    let theirs = comment(&first, &other, "Not mine", None, CommentState::Approved);
    t.store.add_comment(&t.site, &theirs).await.unwrap();
    for size in [1, 2, 5, 100] {
        let found = all_by(&t, &commenter, size).await;
        assert_eq!(found.len(), 5, "pages of {size}: {found:?}");
        assert_eq!(found.into_iter().collect::<HashSet<_>>(), made);
    }
    assert!(matches!(
        t.store
            .comments_by_member(
                &t.site,
                commenter.id,
                commenter.created,
                Some("nonsense"),
                2
            )
            .await,
        Err(PageError::BadCursor)
    ));
    let nobody = fixtures::user(&t, Role::Reader, "Quiet Reader").await;
    assert!(all_by(&t, &nobody, 10).await.is_empty());
}

async fn forgetting_a_commenter_signs_every_copy_deleted_user(t: TestStore) {
    let author = member(&t, Role::Author).await;
    let on = post(&t, &author).await;
    let commenter = member(&t, Role::Reader).await;
    let approved = comment(&on, &commenter, "Seen by all", None, CommentState::Approved);
    let pending = comment(&on, &commenter, "Waiting", None, CommentState::Pending);
    for c in [&approved, &pending] {
        t.store.add_comment(&t.site, c).await.unwrap();
    }
    for c in [&approved, &pending] {
        let forgotten = t
            .store
            .forget_commenter(&t.site, on.id, c.id)
            .await
            .unwrap();
        assert_eq!(
            forgotten.author,
            Commenter::Guest {
                name: DELETED_USER.into(),
                email: String::new()
            }
        );
        assert_eq!(forgotten.state, c.state, "its state stays");
        assert_eq!(forgotten.body.as_str(), c.body.as_str(), "its text stays");
        let read = t
            .store
            .comment(&t.site, on.id, c.id)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(read.author, forgotten.author);
    }
    let thread = t
        .store
        .comment_page(&t.site, on.id, None, 50)
        .await
        .unwrap()
        .comments;
    assert_eq!(thread.len(), 1);
    assert_eq!(thread[0].author_name, DELETED_USER);
    assert_eq!(thread[0].author_id, None);
    let queue = t
        .store
        .moderation_list(&t.site, CommentState::Pending, None, None, 50)
        .await
        .unwrap()
        .comments;
    let waiting = queue.iter().find(|c| c.id == pending.id).unwrap();
    assert_eq!(waiting.author.name(), DELETED_USER);
    assert_eq!(waiting.author.email(), "");
}

async fn a_deleted_account_frees_its_name_and_signs_its_comments(t: TestStore) {
    let admin = fixtures::user(&t, Role::Admin, "Ada Admin").await;
    let author = member(&t, Role::Author).await;
    let on = post(&t, &author).await;
    let leaving = member(&t, Role::Reader).await;
    let said = comment(&on, &leaving, "Goodbye", None, CommentState::Approved);
    t.store.add_comment(&t.site, &said).await.unwrap();
    // A key of this run's own: sessions are not kept by site, and the shared keyspace
    // outlives a run.
    let key = uuid::Uuid::new_v4().as_bytes().repeat(2);
    t.store
        .create_session(&NewSession {
            key: key.clone(),
            user_id: leaving.id,
            created: now(),
            expires: now() + chrono::Duration::days(1),
            details: Default::default(),
        })
        .await
        .unwrap();

    // Kept: an administrator's account, and an author's with a post.
    assert_eq!(
        account_kept(&t.ctx(), &admin).await.unwrap(),
        Some(KeptAccount::Administrator)
    );
    assert_eq!(
        delete_account(&t.ctx(), &author, &deleter(&admin))
            .await
            .unwrap(),
        Err(KeptAccount::HasPosts)
    );
    assert!(!is_deleted(
        &t.store.user(author.id).await.unwrap().unwrap()
    ));
    // Made an administrator after the page that deletes it was shown: left alone, and
    // the deletion says so.
    let promoted = member(&t, Role::Reader).await;
    t.store.set_role(promoted.id, Role::Admin).await.unwrap();
    assert_eq!(
        delete_account(&t.ctx(), &promoted, &deleter(&admin))
            .await
            .unwrap(),
        Err(KeptAccount::Administrator)
    );
    let untouched = t.store.user(promoted.id).await.unwrap().unwrap();
    assert!(!untouched.banned && !is_deleted(&untouched));

    delete_account(&t.ctx(), &leaving, &deleter(&admin))
        .await
        .unwrap()
        .unwrap();
    let gone = t.store.user(leaving.id).await.unwrap().unwrap();
    assert!(is_deleted(&gone));
    assert!(gone.banned);
    assert_eq!(gone.role, Role::Reader);
    assert_eq!(
        (gone.username.clone(), gone.email.clone()),
        tombstone(leaving.id)
    );
    assert!(gone.bio.is_empty() && gone.homepage.is_empty());
    assert_eq!(t.store.session_user(&key, now()).await.unwrap(), None);
    // The name and the address are anyone's again.
    for login in [leaving.username.as_str(), leaving.email.as_str()] {
        assert!(
            !t.store
                .is_claimed(&Login::parse(login).unwrap())
                .await
                .unwrap()
        );
    }
    let again = t
        .store
        .create_user(new_user(leaving.username.as_str(), leaving.email.as_str()))
        .await
        .unwrap();
    assert_ne!(again.id, leaving.id);
    // The comment stays, signed "deleted user".
    let kept = t
        .store
        .comment(&t.site, on.id, said.id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(kept.state, CommentState::Approved);
    assert_eq!(kept.author.name(), DELETED_USER);
    assert_eq!(kept.author.user_id(), None);
    // The list of its comments goes on the reconciler's pass.
    reconcile(t.store.as_ref(), now()).await.unwrap();
    assert!(
        all_by(&t, &leaving, 10).await.is_empty(),
        "its list is gone"
    );
}

async fn a_site_may_remove_a_deleted_accounts_comments(t: TestStore) {
    let admin = fixtures::user(&t, Role::Admin, "Ada Admin").await;
    let mut settings = t.store.comment_settings(&t.site).await.unwrap();
    settings.remove_deleted_accounts_comments = true;
    t.store
        .save_comment_settings(&t.site, &settings)
        .await
        .unwrap();
    assert!(
        t.store
            .comment_settings(&t.site)
            .await
            .unwrap()
            .remove_deleted_accounts_comments
    );
    let author = member(&t, Role::Author).await;
    let on = post(&t, &author).await;
    let leaving = member(&t, Role::Reader).await;
    let approved = comment(&on, &leaving, "Shown", None, CommentState::Approved);
    let pending = comment(&on, &leaving, "Waiting", None, CommentState::Pending);
    for c in [&approved, &pending] {
        t.store.add_comment(&t.site, c).await.unwrap();
    }
    delete_account(&t.ctx(), &leaving, &deleter(&admin))
        .await
        .unwrap()
        .unwrap();
    for c in [&approved, &pending] {
        let read = t
            .store
            .comment(&t.site, on.id, c.id)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(read.state, CommentState::Deleted);
        assert_eq!(read.author.name(), DELETED_USER);
    }
    assert!(
        t.store
            .comment_page(&t.site, on.id, None, 50)
            .await
            .unwrap()
            .comments
            .is_empty()
    );
    assert_eq!(
        t.store
            .approved_comment_counts(&t.site, &[on.id])
            .await
            .unwrap()
            .first()
            .map_or(0, |c| c.1),
        0
    );
}

async fn the_reconciler_finishes_a_deletion_that_died(t: TestStore) {
    let admin = fixtures::user(&t, Role::Admin, "Ada Admin").await;
    let author = member(&t, Role::Author).await;
    let on = post(&t, &author).await;
    let leaving = member(&t, Role::Reader).await;
    let said = comment(&on, &leaving, "Before", None, CommentState::Approved);
    t.store.add_comment(&t.site, &said).await.unwrap();
    // The process records the deletion, suspends the account, and dies.
    t.store
        .begin(&Intent::DeleteAccount {
            site: t.site.to_string(),
            user: leaving.id.0,
            remove_comments: false,
            by: admin.id.0,
            by_name: admin.display_name.clone(),
        })
        .await
        .unwrap();
    t.store.set_banned(leaving.id, true).await.unwrap();
    reconcile(t.store.as_ref(), now()).await.unwrap();
    let gone = t.store.user(leaving.id).await.unwrap().unwrap();
    assert!(is_deleted(&gone), "{gone:?}");
    let read = t
        .store
        .comment(&t.site, on.id, said.id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(read.author.name(), DELETED_USER);

    // A comment that a request read the account for just before it was deleted lands
    // after the deletion's walk: the reconciler's pass signs it too.
    let late = member(&t, Role::Reader).await;
    delete_account(&t.ctx(), &late, &deleter(&admin))
        .await
        .unwrap()
        .unwrap();
    let racing = comment(&on, &late, "Too late", None, CommentState::Pending);
    t.store.add_comment(&t.site, &racing).await.unwrap();
    reconcile(t.store.as_ref(), now()).await.unwrap();
    let read = t
        .store
        .comment(&t.site, on.id, racing.id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(read.author.name(), DELETED_USER);
    // Run again, nothing changes.
    reconcile(t.store.as_ref(), now()).await.unwrap();
    assert!(is_deleted(&t.store.user(late.id).await.unwrap().unwrap()));
}

both_stores!(
    a_members_comments_are_found_and_paged,
    forgetting_a_commenter_signs_every_copy_deleted_user,
    a_site_may_remove_a_deleted_accounts_comments,
);
both_stores!(
    reconciling:
    a_deleted_account_frees_its_name_and_signs_its_comments => "sibyl_deleted_account_test",
    the_reconciler_finishes_a_deletion_that_died => "sibyl_deletion_died_test",
);

/// `sibyl migrate` lists the comments written before the list by member existed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn migrate_lists_earlier_comments_by_member() {
    let keyspace = "sibyl_comments_by_member_test";
    let t = TestStore::cassandra_alone(keyspace).await;
    let session = crate::helpers::cql_session().await;
    let author = member(&t, Role::Author).await;
    let on = post(&t, &author).await;
    let commenter = member(&t, Role::Reader).await;
    let c = comment(&on, &commenter, "From before", None, CommentState::Approved);
    t.store.add_comment(&t.site, &c).await.unwrap();
    session
        .query_unpaged(format!("TRUNCATE {keyspace}.comments_by_user"), ())
        .await
        .unwrap();
    assert!(all_by(&t, &commenter, 10).await.is_empty());
    crate::helpers::migrate_from(&session, keyspace, 53).await;
    assert_eq!(all_by(&t, &commenter, 10).await, [(on.id, c.id)]);
}
