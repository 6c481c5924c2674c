//! Deleting a post through the store contract: everything that hung from it goes (its
//! revisions, translations, drafts, suggestions, comments and their counts, its rows in
//! every list, count and the search index), its slug and short number stay taken and
//! answer as gone, a second deletion changes nothing, and repair finds nothing left.

use crate::both_stores;
use crate::contract::comments::comment;
use crate::contract::search::all_pages;
use crate::fixtures::{self, edit, new_post};
use crate::helpers::TestStore;
use sibyl::domain::post::{Body, Draft};
use sibyl::domain::{
    CommentState, Locale, PostId, PostStatus, Role, Suggestion, SuggestionState, Tag, Tags, Title,
    now,
};
use sibyl::store::{PageAt, ShortLink};

async fn tag_posts(t: &TestStore, tag: &str) -> Vec<PostId> {
    let page = t
        .store
        .tag_page(&t.site, &Tag::parse(tag).unwrap(), PageAt::Newest, 50)
        .await
        .unwrap();
    page.posts.iter().map(|p| p.id).collect()
}

async fn tag_count(t: &TestStore, tag: &str) -> u64 {
    let counts = t.store.tag_counts(&t.site, None, 100).await.unwrap();
    counts
        .tags
        .iter()
        .find(|c| c.tag.as_str() == tag)
        .map_or(0, |c| c.posts)
}

async fn a_deleted_post_leaves_only_its_name(t: TestStore) {
    let ada = fixtures::user(&t, Role::Author, "Ada Deleter").await;
    let bob = fixtures::user(&t, Role::Reader, "Bob Reader").await;
    let doomed = fixtures::post(
        &t,
        &ada,
        "Doomed words",
        "A lighthouse keeper.",
        "alpha, beta",
    )
    .await;
    let survivor = fixtures::post(&t, &ada, "Survivor", "Stays.", "alpha").await;
    // A second revision, a published translation, an editor's draft, a suggestion,
    // and comments in two states.
    t.store
        .save_revision(
            &t.site,
            doomed.id,
            edit(
                1,
                &ada,
                "Doomed words",
                "A lighthouse keeper, twice.",
                "alpha, beta",
                "Again",
            ),
        )
        .await
        .unwrap();
    let fr = Locale::parse("fr").unwrap();
    t.store
        .save_translation(
            &t.site,
            doomed.id,
            &fr,
            edit(0, &ada, "Condamné", "Un gardien de phare.", "", "Premier"),
        )
        .await
        .unwrap();
    t.store
        .set_translation_status(&t.site, doomed.id, &fr, PostStatus::Published, now())
        .await
        .unwrap();
    let draft = Draft::parse(2, "Doomed draft", "Unsaved.", "alpha", now()).unwrap();
    t.store
        .save_draft(&t.site, doomed.id, ada.id, &Locale::Neutral, &draft)
        .await
        .unwrap();
    let suggestion = Suggestion {
        id: format!("{}-1", crate::helpers::unique_name("host")),
        post_id: doomed.id,
        base: 2,
        title: Title::parse("Better words").unwrap(),
        body: Body::parse("Better.").unwrap(),
        tags: Tags::parse("alpha").unwrap(),
        note: "clearer".into(),
        suggester_id: bob.id,
        suggester_name: bob.display_name.clone(),
        created: now(),
        state: SuggestionState::Open,
    };
    t.store
        .create_suggestion(&t.site, &suggestion)
        .await
        .unwrap();
    let approved = comment(&doomed, &bob, "Nice.", None, CommentState::Approved);
    let pending = comment(&doomed, &bob, "Hm.", None, CommentState::Pending);
    let kept = comment(&survivor, &bob, "Kept.", None, CommentState::Pending);
    for c in [&approved, &pending, &kept] {
        t.store.add_comment(&t.site, c).await.unwrap();
    }
    let states = t.store.comment_state_counts(&t.site).await.unwrap();
    assert_eq!((states.approved, states.pending), (1, 2));
    assert_eq!(tag_count(&t, "alpha").await, 2);
    assert_eq!(all_pages(&t, "lighthouse", 10).await, [doomed.id]);
    assert_eq!(all_pages(&t, "phare", 10).await, [doomed.id]);

    assert!(t.store.delete_post(&t.site, doomed.id).await.unwrap());

    assert!(
        t.store
            .post_by_id(&t.site, doomed.id)
            .await
            .unwrap()
            .is_none()
    );
    assert!(
        t.store
            .post_by_slug(&t.site, &doomed.slug)
            .await
            .unwrap()
            .is_none()
    );
    assert!(t.store.is_gone(&t.site, &doomed.slug).await.unwrap());
    assert!(!t.store.is_gone(&t.site, &survivor.slug).await.unwrap());
    assert!(t.store.is_deleted(&t.site, doomed.id).await.unwrap());
    assert!(!t.store.is_deleted(&t.site, survivor.id).await.unwrap());
    assert!(
        !t.store
            .is_deleted(&t.site, sibyl::domain::PostId::new())
            .await
            .unwrap()
    );
    assert_eq!(
        t.store
            .slug_by_short_id(&t.site, doomed.short_id)
            .await
            .unwrap(),
        Some(ShortLink::Gone)
    );
    // Out of every list and count.
    let home = t
        .store
        .home_page(&t.site, PageAt::Newest, 50)
        .await
        .unwrap();
    assert_eq!(
        home.posts.iter().map(|p| p.id).collect::<Vec<_>>(),
        [survivor.id]
    );
    let by_ada = t
        .store
        .posts_by_author(&t.site, ada.id, PageAt::Newest, 50)
        .await
        .unwrap();
    assert_eq!(
        by_ada.posts.iter().map(|p| p.id).collect::<Vec<_>>(),
        [survivor.id]
    );
    assert_eq!(tag_posts(&t, "alpha").await, [survivor.id]);
    assert!(tag_posts(&t, "beta").await.is_empty());
    assert_eq!(
        (tag_count(&t, "alpha").await, tag_count(&t, "beta").await),
        (1, 0)
    );
    assert!(all_pages(&t, "lighthouse", 10).await.is_empty());
    assert!(all_pages(&t, "phare", 10).await.is_empty());
    let month = {
        use chrono::Datelike;
        let at = doomed.published.unwrap();
        at.year() * 100 + at.month() as i32
    };
    let sitemap = t.store.sitemap_month(&t.site, month).await.unwrap();
    assert!(sitemap.iter().all(|e| e.slug != doomed.slug));
    // Nothing hangs from it any more.
    assert!(
        t.store
            .revisions(&t.site, doomed.id, &Locale::Neutral, 2, 50)
            .await
            .unwrap()
            .is_empty()
    );
    assert!(
        t.store
            .revisions(&t.site, doomed.id, &fr, 1, 50)
            .await
            .unwrap()
            .is_empty()
    );
    assert!(
        t.store
            .translation(&t.site, doomed.id, &fr)
            .await
            .unwrap()
            .is_none()
    );
    assert!(
        t.store
            .translations(&t.site, doomed.id)
            .await
            .unwrap()
            .is_empty()
    );
    assert!(
        t.store
            .draft(&t.site, doomed.id, ada.id, &Locale::Neutral)
            .await
            .unwrap()
            .is_none()
    );
    assert!(
        t.store
            .suggestions(&t.site, doomed.id)
            .await
            .unwrap()
            .is_empty()
    );
    assert!(
        t.store
            .comment(&t.site, doomed.id, approved.id)
            .await
            .unwrap()
            .is_none()
    );
    let states = t.store.comment_state_counts(&t.site).await.unwrap();
    assert_eq!(
        (states.approved, states.pending),
        (0, 1),
        "its comments left the counts"
    );
    let waiting = t
        .store
        .pending_comment_counts(&t.site, &[doomed.id, survivor.id])
        .await
        .unwrap();
    assert_eq!(
        waiting
            .iter()
            .map(|(id, n)| (*id, *n))
            .filter(|(_, n)| *n > 0)
            .collect::<Vec<_>>(),
        [(survivor.id, 1)]
    );

    // Again: nothing more happens; a post that never was is not there to delete.
    assert!(t.store.delete_post(&t.site, doomed.id).await.unwrap());
    assert!(
        !t.store
            .delete_post(&t.site, PostId(uuid::Uuid::new_v4()))
            .await
            .unwrap()
    );
    // Its slug stays taken: a new post of the same title gets the next one.
    let again = t
        .store
        .create_post(new_post(&t, &ada, "Doomed words", "Anew.", "", now(), true))
        .await
        .unwrap();
    assert_eq!(again.slug.as_str(), format!("{}-2", doomed.slug.as_str()));
    assert_ne!(again.short_id, doomed.short_id);
    // Repair finds nothing the deletion left behind.
    let report = t.store.repair(&t.site, false).await.unwrap();
    assert!(report.findings.is_empty(), "{:?}", report.findings);
}

async fn deleting_drafts_scheduled_posts_and_pages_takes_them_off_their_lists(t: TestStore) {
    let ada = fixtures::user(&t, Role::Admin, "Ada Tidier").await;
    let draft = t
        .store
        .create_post(new_post(
            &t,
            &ada,
            "Never finished",
            "Draft.",
            "",
            now(),
            false,
        ))
        .await
        .unwrap();
    let scheduled = t
        .store
        .create_post(new_post(
            &t,
            &ada,
            "Never out",
            "Scheduled.",
            "",
            now(),
            false,
        ))
        .await
        .unwrap();
    let due = sibyl::domain::millis_to_time((now() + chrono::Duration::days(1)).timestamp_millis());
    t.store
        .schedule_post(&t.site, scheduled.id, Some(due))
        .await
        .unwrap();
    let page = t
        .store
        .create_post(new_post(&t, &ada, "About us", "Who.", "", now(), true).as_page())
        .await
        .unwrap();
    for id in [draft.id, scheduled.id, page.id] {
        assert!(t.store.delete_post(&t.site, id).await.unwrap());
    }
    let drafts = t
        .store
        .drafts_by_author(&t.site, ada.id, PageAt::Newest, 50)
        .await
        .unwrap();
    assert!(drafts.posts.is_empty());
    assert!(t.store.scheduled_posts(&t.site).await.unwrap().is_empty());
    let pass = sibyl::app::jobs::scheduler::publish_due(t.store.as_ref(), &t.site, due)
        .await
        .unwrap();
    assert_eq!(pass.published, 0, "a deleted post is never published");
    assert!(
        t.store
            .post_by_id(&t.site, scheduled.id)
            .await
            .unwrap()
            .is_none()
    );
    assert!(t.store.site_pages(&t.site).await.unwrap().is_empty());
    let report = t.store.repair(&t.site, false).await.unwrap();
    assert!(report.findings.is_empty(), "{:?}", report.findings);
}

both_stores!(
    repairing:
    a_deleted_post_leaves_only_its_name,
    deleting_drafts_scheduled_posts_and_pages_takes_them_off_their_lists,
);
