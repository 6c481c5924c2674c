//! Tag pages: the tag index bucketed by year, paged without offsets, kept in step with
//! publishing, editing and unpublishing.

use crate::both_stores;
use crate::fixtures;
use crate::helpers::{Kind, TestStore};
use chrono::Duration;
use sibyl::domain::{Post, PostId, Role, Tag, User, now};
use sibyl::store::PageError;

async fn writer(t: &TestStore) -> User {
    fixtures::user(t, Role::Author, "Tess Tagger").await
}

async fn publish(t: &TestStore, by: &User, title: &str, tags: &str, days_ago: i64) -> Post {
    let at = now() - Duration::days(days_ago);
    let new = fixtures::new_post(t, by, title, "Body.", tags, at, true);
    t.store.create_post(new).await.unwrap()
}

/// Every post of a tag, following the cursors `limit` at a time.
async fn walk(t: &TestStore, tag: &str, limit: usize) -> Vec<PostId> {
    let tag = Tag::parse(tag).unwrap();
    let (mut ids, mut after) = (Vec::new(), None::<String>);
    for _ in 0..50 {
        let page = t
            .store
            .tag_page(&t.site, &tag, after.as_deref(), limit)
            .await
            .unwrap();
        assert!(page.posts.len() <= limit);
        ids.extend(page.posts.iter().map(|p| p.id));
        match page.next {
            Some(next) => after = Some(next),
            None => return ids,
        }
    }
    panic!("the pages never ended");
}

both_stores!(
    tag_pages_walk_every_year_newest_first_without_loss_or_repeat,
    a_tag_used_only_in_earlier_years_is_still_found,
    edits_and_unpublishing_keep_the_tag_index_in_step,
    broken_cursors_are_refused,
    a_tag_page_is_one_read,
);

async fn tag_pages_walk_every_year_newest_first_without_loss_or_repeat(t: TestStore) {
    let by = writer(&t).await;
    let mut expected = Vec::new();
    for (i, days_ago) in [800, 790, 400, 30, 3, 2, 1].into_iter().enumerate() {
        expected.push(
            publish(&t, &by, &format!("Walk {i}"), "alpha, beta", days_ago)
                .await
                .id,
        );
    }
    publish(&t, &by, "Elsewhere", "other", 0).await;
    expected.reverse();
    for limit in [1, 2, 3, 7, 20] {
        assert_eq!(walk(&t, "alpha", limit).await, expected, "limit {limit}");
    }
    assert_eq!(walk(&t, "beta", 2).await, expected);
    assert_eq!(walk(&t, "other", 2).await.len(), 1);
    assert!(walk(&t, "unused", 2).await.is_empty());
}

async fn a_tag_used_only_in_earlier_years_is_still_found(t: TestStore) {
    let by = writer(&t).await;
    let old = publish(&t, &by, "Old news", "gamma", 800).await;
    let page = t
        .store
        .tag_page(&t.site, &Tag::parse("gamma").unwrap(), None, 10)
        .await
        .unwrap();
    assert_eq!(
        page.posts.iter().map(|p| p.id).collect::<Vec<_>>(),
        [old.id]
    );
    assert_eq!(page.next, None);
}

async fn edits_and_unpublishing_keep_the_tag_index_in_step(t: TestStore) {
    let by = writer(&t).await;
    let post = publish(&t, &by, "Retagged", "red, green", 1).await;
    let edit = fixtures::edit(1, &by, "Retagged again", "Body.", "green, blue", "tags");
    t.store.save_revision(&t.site, post.id, edit).await.unwrap();
    assert!(walk(&t, "red", 5).await.is_empty(), "a dropped tag lets go");
    assert_eq!(
        walk(&t, "blue", 5).await,
        [post.id],
        "an added tag lists it"
    );
    let green = t
        .store
        .tag_page(&t.site, &Tag::parse("green").unwrap(), None, 5)
        .await
        .unwrap();
    assert_eq!(
        (green.posts.len(), green.posts[0].title.as_str()),
        (1, "Retagged again"),
        "copies follow the text"
    );
    t.store.unpublish_post(&t.site, post.id).await.unwrap();
    assert!(walk(&t, "green", 5).await.is_empty() && walk(&t, "blue", 5).await.is_empty());
    t.store.publish_post(&t.site, post.id, now()).await.unwrap();
    assert_eq!(walk(&t, "green", 5).await, [post.id], "listed again, once");
}

async fn broken_cursors_are_refused(t: TestStore) {
    let by = writer(&t).await;
    for i in 0..3 {
        publish(&t, &by, &format!("Cursor {i}"), "delta", i).await;
    }
    let tag = Tag::parse("delta").unwrap();
    let first = t.store.tag_page(&t.site, &tag, None, 1).await.unwrap();
    let good = first.next.clone().expect("a second page");
    assert_eq!(
        t.store
            .tag_page(&t.site, &tag, Some(&good), 1)
            .await
            .unwrap()
            .posts
            .len(),
        1
    );
    for bad in ["", "garbage", "1.2.3", "2026.zz", "99999", "2026.", "-5"] {
        let outcome = t.store.tag_page(&t.site, &tag, Some(bad), 1).await;
        assert!(
            matches!(outcome, Err(PageError::BadCursor)),
            "{bad:?}: {outcome:?}"
        );
    }
    if t.kind == Kind::Cassandra {
        // Well-formed, but not a paging state Cassandra made.
        let forged = t
            .store
            .tag_page(&t.site, &tag, Some("2026.00010203"), 1)
            .await;
        assert!(matches!(forged, Err(PageError::BadCursor)), "{forged:?}");
    }
}

async fn a_tag_page_is_one_read(t: TestStore) {
    let by = writer(&t).await;
    for i in 0..5 {
        publish(&t, &by, &format!("Read {i}"), "epsilon", 0).await;
    }
    let tag = Tag::parse("epsilon").unwrap();
    let before = t.store.statements();
    let page = t.store.tag_page(&t.site, &tag, None, 3).await.unwrap();
    assert_eq!(t.store.statements() - before, 1, "first page");
    let before = t.store.statements();
    t.store
        .tag_page(&t.site, &tag, page.next.as_deref(), 3)
        .await
        .unwrap();
    assert_eq!(t.store.statements() - before, 1, "next page");
}
