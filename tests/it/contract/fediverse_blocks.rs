//! The servers and accounts a site blocks, and the comments from the fediverse found by
//! their author's server: a server's name finds the comments of the servers under it and
//! no other's, a page at a time.

use crate::both_stores;
use crate::helpers::TestStore;
use sibyl::domain::now;
use sibyl::store::PageError;
use sibyl::store::federation::{Block, BlockAdded, RemoteComment};

both_stores!(
    blocks_are_kept_listed_and_looked_up_per_site,
    comments_from_the_fediverse_are_found_by_their_server,
);

fn block(target: &str) -> Block {
    Block {
        target: target.to_owned(),
        at: now(),
        by: "Ada".into(),
    }
}

async fn blocks_are_kept_listed_and_looked_up_per_site(t: TestStore) {
    let targets = [
        "spam.example",
        "https://social.example/users/troll",
        "abuse.example",
    ];
    for target in targets {
        assert_eq!(
            t.store.add_block(&t.site, &block(target)).await.unwrap(),
            BlockAdded::Added
        );
    }
    assert_eq!(
        t.store
            .add_block(&t.site, &block("spam.example"))
            .await
            .unwrap(),
        BlockAdded::Already
    );
    let all = t.store.blocks(&t.site, None, 10).await.unwrap();
    let listed: Vec<&str> = all.iter().map(|b| b.target.as_str()).collect();
    assert_eq!(
        listed,
        [
            "abuse.example",
            "https://social.example/users/troll",
            "spam.example"
        ]
    );
    assert_eq!(all[0].by, "Ada");
    let second = t
        .store
        .blocks(&t.site, Some("abuse.example"), 1)
        .await
        .unwrap();
    assert_eq!(second.len(), 1);
    assert_eq!(second[0].target, "https://social.example/users/troll");

    let ask = |list: &[&str]| list.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
    assert_eq!(
        t.store
            .blocked(
                &t.site,
                &ask(&[
                    "https://a.spam.example/u/x",
                    "a.spam.example",
                    "spam.example"
                ])
            )
            .await
            .unwrap()
            .as_deref(),
        Some("spam.example")
    );
    assert_eq!(
        t.store
            .blocked(
                &t.site,
                &ask(&["https://social.example/users/troll", "social.example"])
            )
            .await
            .unwrap()
            .as_deref(),
        Some("https://social.example/users/troll")
    );
    assert_eq!(
        t.store
            .blocked(
                &t.site,
                &ask(&["https://social.example/users/ada", "social.example"])
            )
            .await
            .unwrap(),
        None
    );
    assert_eq!(t.store.blocked(&t.site, &[]).await.unwrap(), None);
    let elsewhere = crate::helpers::unique_site();
    assert_eq!(
        t.store
            .blocked(&elsewhere, &ask(&["spam.example"]))
            .await
            .unwrap(),
        None
    );
    assert!(
        t.store
            .blocks(&elsewhere, None, 10)
            .await
            .unwrap()
            .is_empty()
    );

    assert!(t.store.remove_block(&t.site, "spam.example").await.unwrap());
    assert!(!t.store.remove_block(&t.site, "spam.example").await.unwrap());
    assert_eq!(
        t.store
            .blocked(&t.site, &ask(&["spam.example"]))
            .await
            .unwrap(),
        None
    );
    assert_eq!(t.store.blocks(&t.site, None, 10).await.unwrap().len(), 2);
}

async fn comments_from_the_fediverse_are_found_by_their_server(t: TestStore) {
    use super::comments::{member, post};
    use sibyl::domain::{CommentBody, CommentState, Commenter, NewComment, Role};
    let admin = member(&t, Role::Admin).await;
    let post = post(&t, &admin).await;
    let actors = [
        "https://example.social/users/ada",
        "https://eu.example.social/users/bob",
        "https://badexample.social/users/eve",
        "https://example.social.evil/users/mallory",
        "http://127.0.0.1:8080/actor",
    ];
    let mut written = Vec::new();
    for (n, actor) in actors.iter().enumerate() {
        let comment = NewComment::new(
            sibyl::domain::CommentedPost {
                id: post.id,
                slug: post.slug.as_str().to_owned(),
                title: post.title.as_str().to_owned(),
            },
            None,
            Commenter::Remote {
                actor: (*actor).to_owned(),
                name: format!("Remote {n}"),
            },
            CommentBody::parse("From afar.").unwrap(),
            CommentState::Pending,
            now() + chrono::Duration::milliseconds(n as i64),
        );
        t.store.add_comment(&t.site, &comment).await.unwrap();
        written.push(RemoteComment {
            post: post.id,
            comment: comment.id,
            actor: (*actor).to_owned(),
        });
    }
    // And one written here, by a member: never among them.
    let theirs = NewComment::new(
        sibyl::domain::CommentedPost {
            id: post.id,
            slug: post.slug.as_str().to_owned(),
            title: post.title.as_str().to_owned(),
        },
        None,
        Commenter::Member {
            id: admin.id,
            name: admin.display_name.clone(),
        },
        CommentBody::parse("From here.").unwrap(),
        CommentState::Approved,
        now(),
    );
    t.store.add_comment(&t.site, &theirs).await.unwrap();

    let found = |domain: &'static str, limit: usize| {
        let t = &t;
        async move {
            let mut all = Vec::new();
            let mut cursor: Option<String> = None;
            let mut pages = 0;
            loop {
                let page = t
                    .store
                    .remote_comments(&t.site, domain, cursor.as_deref(), limit)
                    .await
                    .unwrap();
                pages += 1;
                assert!(page.comments.len() <= limit, "{page:?}");
                all.extend(page.comments);
                match page.next {
                    Some(next) => cursor = Some(next),
                    None => break,
                }
                assert!(pages < 20, "the pages never end");
            }
            all.sort_by_key(|c| c.comment.0);
            all
        }
    };
    let expected = |range: std::ops::Range<usize>| {
        let mut some = written[range].to_vec();
        some.sort_by_key(|c| c.comment.0);
        some
    };
    assert_eq!(found("example.social", 10).await, expected(0..2));
    assert_eq!(found("example.social", 1).await, expected(0..2));
    assert_eq!(found("eu.example.social", 10).await, expected(1..2));
    assert_eq!(found("badexample.social", 10).await, expected(2..3));
    assert_eq!(found("127.0.0.1", 10).await, expected(4..5));
    assert!(found("nowhere.example", 10).await.is_empty());
    let elsewhere = crate::helpers::unique_site();
    assert!(
        t.store
            .remote_comments(&elsewhere, "example.social", None, 10)
            .await
            .unwrap()
            .comments
            .is_empty()
    );
    assert!(matches!(
        t.store
            .remote_comments(&t.site, "example.social", Some("no cursor"), 10)
            .await,
        Err(PageError::BadCursor)
    ));
}
