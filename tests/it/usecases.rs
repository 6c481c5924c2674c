//! The use cases of `sibyl::app`, called as every front end calls them (over a `Ctx`,
//! without HTTP), on both stores: signing up and in, changing a password, writing,
//! editing and deleting comments, moderating them in bulk, and creating, saving,
//! publishing and unpublishing posts.

use crate::both_stores;
use crate::fixtures;
use crate::helpers::{TestStore, unique_name};
use sibyl::app::comments::{self, MAX_PICKS};
use sibyl::app::{AppError, accounts};
use sibyl::domain::password::Password;
use sibyl::domain::user::SignUp;
use sibyl::domain::{CommentBody, CommentId, CommentState, Post, PostId, Role, User};

both_stores!(
    sign_up_then_sign_in_and_wrong_passwords_count,
    a_new_password_ends_other_sessions,
    comments_are_placed_checked_and_limited,
    only_authors_in_time_and_editors_change_comments,
    a_bulk_decision_moves_all_or_refuses_before_moving,
    posts_are_created_saved_published_and_unpublished,
);

/// A client address of the test's own: the rate limits count per address and site.
fn ip() -> String {
    format!("192.0.2.{}", rand_octet())
}

fn rand_octet() -> u8 {
    (uuid::Uuid::new_v4().as_u128() % 250) as u8 + 1
}

async fn sign_up_then_sign_in_and_wrong_passwords_count(t: TestStore) {
    let ctx = t.ctx();
    let name = unique_name("joiner");
    let email = format!("{name}@example.com");
    // Before the site has its administrator, nobody signs up.
    assert!(matches!(
        accounts::may_sign_up(&ctx, &ip()).await,
        Err(AppError::Forbidden(_))
    ));
    let admin = fixtures::new_user(
        &unique_name("admin"),
        &format!("{}@example.com", unique_name("a")),
    );
    t.store
        .create_first_admin(
            &t.site,
            sibyl::domain::NewUser {
                role: Role::Admin,
                ..admin
            },
        )
        .await
        .unwrap();
    accounts::may_sign_up(&ctx, &ip()).await.unwrap();

    let fields = SignUp::parse(
        &name,
        &email,
        "a long enough secret",
        "a long enough secret",
    )
    .unwrap();
    let made = accounts::register(&ctx, fields, Role::Reader)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(made.username.as_str(), name);
    assert_eq!(
        made.email.as_str(),
        email,
        "with mail off the address counts at once"
    );
    // The same name again is refused, and says which value is held.
    let again = SignUp::parse(
        &name,
        &format!("other.{email}"),
        "a long enough secret",
        "a long enough secret",
    )
    .unwrap();
    assert_eq!(
        accounts::register(&ctx, again, Role::Reader)
            .await
            .unwrap()
            .unwrap_err(),
        sibyl::store::Taken::Username
    );

    let signed_in = accounts::authenticate(&ctx, &ip(), &name, "a long enough secret")
        .await
        .unwrap()
        .unwrap_or_else(|_| panic!("the right password signs in"));
    assert_eq!(signed_in.id, made.id);
    let by_mail = accounts::authenticate(&ctx, &ip(), &email, "a long enough secret")
        .await
        .unwrap();
    assert!(by_mail.is_ok(), "the address signs in as the name does");

    // Five wrong passwords for the account, from anywhere; the sixth attempt is refused
    // before the password is looked at, the right one too.
    for _ in 0..5 {
        let wrong = accounts::authenticate(&ctx, &ip(), &name, "not the secret at all")
            .await
            .unwrap();
        assert!(matches!(wrong, Err(accounts::SignInFailure::Wrong)));
    }
    let held = accounts::authenticate(&ctx, &ip(), &name, "a long enough secret").await;
    assert!(
        matches!(held, Err(AppError::TooManyRequests { retry_after, .. }) if retry_after > 0),
        "{held:?}"
    );
    // An unknown account is told apart from a wrong password by nothing.
    let nobody = accounts::authenticate(&ctx, &ip(), &unique_name("nobody"), "whatever it is")
        .await
        .unwrap();
    assert!(matches!(nobody, Err(accounts::SignInFailure::Wrong)));
}

async fn a_new_password_ends_other_sessions(t: TestStore) {
    let ctx = t.ctx();
    let user = fixtures::user(&t, Role::Reader, "Changer").await;
    let now = chrono::Utc::now();
    for key in [[1u8; 32], [2u8; 32]] {
        t.store
            .create_session(&sibyl::store::NewSession {
                key: key.to_vec(),
                user_id: user.id,
                created: now,
                expires: now + chrono::Duration::hours(1),
                details: Default::default(),
            })
            .await
            .unwrap();
    }
    assert!(
        accounts::password_matches(&user, "correct horse battery")
            .await
            .unwrap()
    );
    let new = Password::parse("a new and longer secret").unwrap();
    accounts::change_password(&ctx, user.id, new, Some(&[1u8; 32]))
        .await
        .unwrap();
    let now_is = t.store.user(user.id).await.unwrap().unwrap();
    assert!(
        accounts::password_matches(&now_is, "a new and longer secret")
            .await
            .unwrap()
    );
    assert!(
        !accounts::password_matches(&now_is, "correct horse battery")
            .await
            .unwrap()
    );
    let kept = t
        .store
        .session_user(&[1u8; 32], chrono::Utc::now())
        .await
        .unwrap();
    let ended = t
        .store
        .session_user(&[2u8; 32], chrono::Utc::now())
        .await
        .unwrap();
    assert_eq!(
        kept.map(|u| u.id),
        Some(user.id),
        "the session that asked stays"
    );
    assert!(ended.is_none(), "every other session ends");
    // An account that is gone has no password to change.
    let gone = accounts::change_password(
        &ctx,
        sibyl::domain::UserId::new(),
        Password::parse("another long secret").unwrap(),
        None,
    )
    .await;
    assert!(matches!(gone, Err(AppError::NotFound)), "{gone:?}");
}

/// A published post by an author, and a reader to comment on it.
async fn scene(t: &TestStore) -> (User, Post, User) {
    let author = fixtures::user(t, Role::Author, "Author").await;
    let post = fixtures::post(t, &author, "Talk to me", "Comments welcome.", "talk").await;
    let reader = fixtures::user(t, Role::Reader, "Reader").await;
    (author, post, reader)
}

async fn comments_are_placed_checked_and_limited(t: TestStore) {
    let ctx = t.ctx();
    let (author, post, reader) = scene(&t).await;
    let here = ip();
    // A reader's comment waits for moderation; the post's author's is published.
    let waiting =
        comments::write_comment(&ctx, &here, &post, Some(&reader), ("", ""), "First!", "")
            .await
            .unwrap()
            .unwrap();
    assert_eq!(waiting.state, CommentState::Pending);
    let published =
        comments::write_comment(&ctx, &ip(), &post, Some(&author), ("", ""), "Welcome.", "")
            .await
            .unwrap()
            .unwrap();
    assert_eq!(published.state, CommentState::Approved);
    // A reply answers a published comment only.
    let reply_to_waiting = comments::write_comment(
        &ctx,
        &ip(),
        &post,
        Some(&author),
        ("", ""),
        "Replying",
        &waiting.id.to_string(),
    )
    .await;
    assert!(
        matches!(reply_to_waiting, Err(AppError::Invalid(_))),
        "{reply_to_waiting:?}"
    );
    let reply = comments::write_comment(
        &ctx,
        &ip(),
        &post,
        Some(&reader),
        ("", ""),
        "Thanks!",
        &published.id.to_string(),
    )
    .await
    .unwrap()
    .unwrap();
    assert_eq!(reply.parent, Some(published.id));
    // Bad text is the writer's to mend, told under what they sent; a guest gives a name
    // and an address.
    let empty = comments::write_comment(&ctx, &ip(), &post, Some(&reader), ("", ""), "   ", "")
        .await
        .unwrap();
    assert!(empty.is_err());
    let guest = comments::write_comment(
        &ctx,
        &ip(),
        &post,
        None,
        ("Guest", "not an address"),
        "Hi",
        "",
    )
    .await
    .unwrap();
    assert!(guest.is_err());
    // The account's limit: ten comments in ten minutes (four counted above).
    let mut refused = None;
    for n in 0..10 {
        match comments::write_comment(
            &ctx,
            &ip(),
            &post,
            Some(&reader),
            ("", ""),
            &format!("More {n}"),
            "",
        )
        .await
        {
            Ok(_) => {}
            Err(e) => {
                refused = Some((n, e));
                break;
            }
        }
    }
    let (n, e) = refused.expect("the account's limit holds");
    assert!(n < 10, "refused after {n}");
    assert!(matches!(e, AppError::TooManyRequests { .. }), "{e:?}");
    let written = t
        .store
        .comment_page(&t.site, post.id, None, 50)
        .await
        .unwrap()
        .comments
        .len();
    assert_eq!(
        written, 1,
        "only the author's comment is published; the rest wait"
    );
}

async fn only_authors_in_time_and_editors_change_comments(t: TestStore) {
    let ctx = t.ctx();
    let (author, post, reader) = scene(&t).await;
    let other = fixtures::user(&t, Role::Reader, "Other").await;
    let mine = comments::write_comment(&ctx, &ip(), &post, Some(&reader), ("", ""), "Mine", "")
        .await
        .unwrap()
        .unwrap();
    // Someone else cannot change it, nor delete it.
    let theirs = comments::own_comment(&ctx, &other, &post, mine.id).await;
    assert!(matches!(theirs, Err(AppError::Forbidden(_))), "{theirs:?}");
    let deleted_by_other = comments::delete_comment(&ctx, &other, &post, mine.id).await;
    assert!(matches!(deleted_by_other, Err(AppError::Forbidden(_))));
    // Its author edits it.
    let found = comments::own_comment(&ctx, &reader, &post, mine.id)
        .await
        .unwrap();
    comments::edit_comment(
        &ctx,
        &post,
        &found,
        &CommentBody::parse("Mine, mended").unwrap(),
    )
    .await
    .unwrap();
    let now_is = t
        .store
        .comment(&t.site, post.id, mine.id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(now_is.body.as_str(), "Mine, mended");
    // The post's author (an editor) deletes it, as a moderator.
    comments::delete_comment(&ctx, &author, &post, mine.id)
        .await
        .unwrap();
    let gone = t
        .store
        .comment(&t.site, post.id, mine.id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(gone.state, CommentState::Deleted);
    let again = comments::own_comment(&ctx, &reader, &post, mine.id).await;
    assert!(matches!(again, Err(AppError::NotFoundWith(_))), "{again:?}");
    // Closing comments is the editors' too.
    let closed = comments::set_comments_closed(&ctx, &reader, &post, true).await;
    assert!(matches!(closed, Err(AppError::Forbidden(_))));
    comments::set_comments_closed(&ctx, &author, &post, true)
        .await
        .unwrap();
    let post_now = t.store.post_by_id(&t.site, post.id).await.unwrap().unwrap();
    assert!(post_now.comments_closed);
}

async fn a_bulk_decision_moves_all_or_refuses_before_moving(t: TestStore) {
    let ctx = t.ctx();
    let (_author, post, reader) = scene(&t).await;
    let admin = fixtures::user(&t, Role::Admin, "Moderator").await;
    let mut picks = Vec::new();
    for n in 0..3 {
        let c = comments::write_comment(
            &ctx,
            &ip(),
            &post,
            Some(&reader),
            ("", ""),
            &format!("Pending {n}"),
            "",
        )
        .await
        .unwrap()
        .unwrap();
        picks.push((post.id, c.id));
    }
    let none = comments::moderate_many(&ctx, &admin, &[], CommentState::Approved, "").await;
    assert!(matches!(none, Err(AppError::Invalid(_))));
    let many = vec![(post.id, picks[0].1); MAX_PICKS + 1];
    let too_many = comments::moderate_many(&ctx, &admin, &many, CommentState::Approved, "").await;
    assert!(matches!(too_many, Err(AppError::Invalid(_))));
    // One pick that does not exist: nothing moves.
    let mut with_stranger = picks.clone();
    with_stranger.push((
        PostId(uuid::Uuid::new_v4()),
        CommentId::parse(&picks[0].1.to_string()).unwrap(),
    ));
    let refused =
        comments::moderate_many(&ctx, &admin, &with_stranger, CommentState::Approved, "ok").await;
    assert!(
        matches!(&refused, Err(AppError::Conflict(m)) if m.starts_with("Nothing was changed")),
        "{refused:?}"
    );
    for (p, c) in &picks {
        let still = t.store.comment(&t.site, *p, *c).await.unwrap().unwrap();
        assert_eq!(
            still.state,
            CommentState::Pending,
            "a refused decision moves nothing"
        );
    }
    // Every pick valid: all move.
    let moved = comments::moderate_many(&ctx, &admin, &picks, CommentState::Approved, "welcome")
        .await
        .unwrap();
    assert_eq!(moved, 3);
    for (p, c) in &picks {
        let now_is = t.store.comment(&t.site, *p, *c).await.unwrap().unwrap();
        assert_eq!(now_is.state, CommentState::Approved);
    }
    // Approved cannot become pending again by a decision; deleted ones cannot come back.
    let deleted = comments::moderate_many(&ctx, &admin, &picks[..1], CommentState::Deleted, "")
        .await
        .unwrap();
    assert_eq!(deleted, 1);
    let back = comments::moderate_many(&ctx, &admin, &picks, CommentState::Approved, "").await;
    assert!(matches!(back, Err(AppError::Conflict(_))), "{back:?}");
}

async fn posts_are_created_saved_published_and_unpublished(t: TestStore) {
    use sibyl::app::{formatting, posts};
    use sibyl::domain::post::Body;
    use sibyl::domain::{Locale, PostStatus};
    let ctx = t.ctx();
    let author = fixtures::user(&t, Role::Author, "Writer").await;
    // Rendered as every front end renders: off the workers, within the budget.
    let text = formatting::rendered(&ctx, Body::parse("A *first* draft.").unwrap())
        .await
        .unwrap()
        .unwrap();
    assert!(text.html.contains("<em>first</em>"), "{}", text.html);
    let new = fixtures::new_post(
        &t,
        &author,
        "Use cases",
        "A *first* draft.",
        "",
        chrono::Utc::now(),
        false,
    );
    let post = posts::create_post(&ctx, new).await.unwrap().unwrap();
    assert_eq!(post.status, PostStatus::Draft);
    let found = posts::post_at(&ctx, post.slug.as_str()).await.unwrap();
    assert_eq!(found.id, post.id);
    let reader = fixtures::user(&t, Role::Reader, "Not the author").await;
    let refused = posts::editable(&ctx, &reader, post.slug.as_str()).await;
    assert!(
        matches!(refused, Err(AppError::Forbidden(_))),
        "{refused:?}"
    );
    assert!(matches!(
        posts::post_at(&ctx, "no-such-post-here").await,
        Err(AppError::NotFound)
    ));

    // Saves from the current revision land; a save from an older one is a conflict.
    let edit = fixtures::edit(post.revision, &author, "Use cases", "Second.", "", "again");
    posts::save_text(&ctx, &post, None, edit).await.unwrap();
    let stale = fixtures::edit(post.revision, &author, "Use cases", "Third.", "", "late");
    let conflict = posts::save_text(&ctx, &post, None, stale)
        .await
        .unwrap_err();
    assert!(matches!(
        posts::edit_failed(conflict),
        AppError::Conflict(_)
    ));

    // Published, then back to draft; a translation nobody began is not there to publish.
    let post = t.store.post_by_id(&t.site, post.id).await.unwrap().unwrap();
    assert!(
        posts::change_status(&ctx, &post, None, PostStatus::Published, false)
            .await
            .unwrap()
    );
    let now_is = t.store.post_by_id(&t.site, post.id).await.unwrap().unwrap();
    assert_eq!(now_is.status, PostStatus::Published);
    assert_eq!(now_is.body.as_str(), "Second.");
    let french = Locale::parse("fr").unwrap();
    assert!(
        !posts::change_status(&ctx, &now_is, Some(&french), PostStatus::Published, false)
            .await
            .unwrap()
    );
    assert!(
        posts::change_status(&ctx, &now_is, None, PostStatus::Draft, false)
            .await
            .unwrap()
    );
    let draft = t.store.post_by_id(&t.site, post.id).await.unwrap().unwrap();
    assert_eq!(draft.status, PostStatus::Draft);
}
