//! An account shared by the sites of one deployment: the sites it is a member of are
//! listed, and deleting it applies each site's policy to its comments there, and keeps
//! it while it administers any of them.

use super::comments::comment;
use super::sites::an_admin;
use crate::helpers::{TestStore, unique_name};
use sibyl::app::deletion::{Deleter, KeptAccount, account_kept, delete_account};
use sibyl::domain::comment::DELETED_USER;
use sibyl::domain::post::{Body, Rendered};
use sibyl::domain::{CommentState, NewPost, Role, Site, Tags, Title, now};
use sibyl::store::StoreOptions;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_accounts_deletion_applies_each_sites_policy_on_sqlite() {
    an_accounts_deletion_applies_each_sites_policy(TestStore::sqlite().await).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_accounts_deletion_applies_each_sites_policy_on_cassandra() {
    let t =
        TestStore::cassandra_alone_with("sibyl_sites_accounts_test", StoreOptions::default()).await;
    an_accounts_deletion_applies_each_sites_policy(t).await
}

async fn an_accounts_deletion_applies_each_sites_policy(t: TestStore) {
    let store = t.store.clone();
    let admin_id = an_admin(&store).await;
    let admin = store.user(admin_id).await.unwrap().unwrap();
    let tag = unique_name("m").replace('_', "-");
    let on = |name: &str| Site::parse(&format!("https://{name}-{tag}.example")).unwrap();
    let (strict, lenient, third) = (on("strict"), on("lenient"), on("third"));
    for site in [&strict, &lenient, &third] {
        store.register_site(site, admin.id, now()).await.unwrap();
    }
    // The strict site removes a deleted account's comments; the lenient one keeps them,
    // signed "deleted user".
    let mut settings = store.comment_settings(&strict).await.unwrap();
    settings.remove_deleted_accounts_comments = true;
    store
        .save_comment_settings(&strict, &settings)
        .await
        .unwrap();

    let leaving = store
        .create_user(crate::fixtures::fresh_user())
        .await
        .unwrap();
    let mut said = Vec::new();
    for site in [&strict, &lenient] {
        store
            .join_site(site, leaving.id, Role::Reader, now())
            .await
            .unwrap();
        let post = store
            .create_post(NewPost::new(
                site.clone(),
                Title::parse("A post to answer").unwrap(),
                Rendered::of(Body::parse("Say something.").unwrap()).unwrap(),
                Tags::default(),
                admin.id,
                admin.display_name.clone(),
                now(),
                true,
            ))
            .await
            .unwrap();
        let c = comment(
            &post,
            &leaving,
            "My two cents",
            None,
            CommentState::Approved,
        );
        store.add_comment(site, &c).await.unwrap();
        said.push((site.clone(), post.id, c.id));
    }
    let listed = store.sites_of_member(leaving.id, None, 100).await.unwrap();
    assert_eq!(listed.len(), 2, "{listed:?}");
    assert!(
        listed.contains(&strict) && listed.contains(&lenient),
        "{listed:?}"
    );
    // Paged in URL order.
    let first = store.sites_of_member(leaving.id, None, 1).await.unwrap();
    let second = store
        .sites_of_member(leaving.id, first.first(), 1)
        .await
        .unwrap();
    assert_eq!(first.len() + second.len(), 2);
    assert!(first[0].as_str() < second[0].as_str());

    // Deleted from the strict site, by its owner.
    let mut ctx = sibyl::app::Ctx::offline(store.clone(), strict.clone());
    ctx.own_roles = true;
    let me = Deleter {
        id: leaving.id,
        name: leaving.username.as_str().to_owned(),
    };
    // An administrator of another site is kept.
    store
        .set_membership(&third, leaving.id, Some(Role::Admin), None, now())
        .await
        .unwrap();
    assert!(matches!(
        account_kept(&ctx, &leaving).await.unwrap(),
        Some(KeptAccount::Administrator)
    ));
    assert!(matches!(
        delete_account(&ctx, &leaving, &me).await.unwrap(),
        Err(KeptAccount::Administrator)
    ));
    store
        .set_membership(&third, leaving.id, Some(Role::Reader), None, now())
        .await
        .unwrap();
    assert!(account_kept(&ctx, &leaving).await.unwrap().is_none());
    delete_account(&ctx, &leaving, &me).await.unwrap().unwrap();

    let (site, post, id) = &said[0];
    let removed = store.comment(site, *post, *id).await.unwrap().unwrap();
    assert_eq!(
        removed.state,
        CommentState::Deleted,
        "the strict site's policy"
    );
    assert_eq!(removed.author.name(), DELETED_USER);
    let (site, post, id) = &said[1];
    let kept = store.comment(site, *post, *id).await.unwrap().unwrap();
    assert_eq!(
        kept.state,
        CommentState::Approved,
        "the lenient site's policy"
    );
    assert_eq!(kept.author.name(), DELETED_USER);
    assert_eq!(kept.author.user_id(), None);
    let gone = store.user(leaving.id).await.unwrap().unwrap();
    assert!(sibyl::app::deletion::is_deleted(&gone));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sites_export_holds_its_members_alone_on_sqlite() {
    a_sites_export_holds_its_members_alone(TestStore::sqlite().await, TestStore::sqlite().await)
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sites_export_holds_its_members_alone_on_cassandra() {
    let from =
        TestStore::cassandra_alone_with("sibyl_sites_export_test", StoreOptions::default()).await;
    let into =
        TestStore::cassandra_alone_with("sibyl_sites_import_test", StoreOptions::default()).await;
    a_sites_export_holds_its_members_alone(from, into).await
}

/// The export of a registered site names its members with their roles there, and none of
/// the deployment's other accounts; imported into another deployment of registered
/// sites, they are that site's members, and registering it keeps them alone.
async fn a_sites_export_holds_its_members_alone(t: TestStore, target: TestStore) {
    let store = t.store.clone();
    let admin = an_admin(&store).await;
    let tag = unique_name("x").replace('_', "-");
    let on = |name: &str| Site::parse(&format!("https://{name}-{tag}.example")).unwrap();
    let (mine, theirs) = (on("mine"), on("theirs"));
    for site in [&mine, &theirs] {
        store.register_site(site, admin, now()).await.unwrap();
    }
    let writer = store
        .create_user(crate::fixtures::fresh_user())
        .await
        .unwrap();
    store
        .set_membership(&mine, writer.id, Some(Role::Author), None, now())
        .await
        .unwrap();
    let stranger = store
        .create_user(crate::fixtures::fresh_user())
        .await
        .unwrap();
    store
        .join_site(&theirs, stranger.id, Role::Reader, now())
        .await
        .unwrap();

    let dir = tempfile::tempdir().unwrap();
    sibyl::backup::export::export(store.as_ref(), &mine, dir.path(), true, &mut |_, _, _| {})
        .await
        .unwrap();
    let users = std::fs::read_to_string(dir.path().join(sibyl::backup::USERS)).unwrap();
    assert!(
        !users.contains(stranger.username.as_str()) && !users.contains(stranger.email.as_str()),
        "another site's account is exported: {users}"
    );
    let line = users
        .lines()
        .find(|l| l.contains(writer.username.as_str()))
        .unwrap_or_else(|| panic!("the member is exported: {users}"));
    assert!(
        line.contains(r#""role":"author""#),
        "its role there: {line}"
    );
    assert_eq!(users.lines().count(), 2, "the two members: {users}");

    // Into another deployment of registered sites.
    let other_admin = an_admin(&target.store).await;
    let elsewhere = on("elsewhere");
    target
        .store
        .register_site(&elsewhere, other_admin, now())
        .await
        .unwrap();
    let moved = on("moved");
    sibyl::backup::restore::restore(target.store.as_ref(), &moved, dir.path(), &mut |_, _, _| {})
        .await
        .unwrap();
    assert_eq!(
        target
            .store
            .membership(&moved, writer.id)
            .await
            .unwrap()
            .map(|m| m.role),
        Some(Role::Author)
    );
    let said = sibyl::app::sites::create(
        target.store.as_ref(),
        &moved,
        moved.as_str(),
        writer.username.as_str(),
    )
    .await
    .unwrap();
    assert!(!said.contains("are its members"), "{said}");
    assert_eq!(
        target.store.membership(&moved, other_admin).await.unwrap(),
        None,
        "the deployment's other accounts are not brought in"
    );
}
