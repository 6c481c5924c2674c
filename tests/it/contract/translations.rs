//! Posts in several languages: each locale its own chain of revisions and its own
//! publication, links between the languages, and bad locales refused, on both stores.

use crate::both_stores;
use crate::fixtures;
use crate::helpers::{Kind, TestStore};
use sibyl::domain::{Draft, Locale, Post, PostEdit, PostId, PostStatus, Role, User, now};
use sibyl::store::{EditError, Fault, StoreOptions};

fn locale(code: &str) -> Locale {
    Locale::parse(code).unwrap()
}

async fn author(t: &TestStore) -> User {
    fixtures::user(t, Role::Author, "Tomas Translator").await
}

async fn english_post(t: &TestStore, by: &User) -> Post {
    let new = fixtures::new_post(t, by, "Hello", "Hello, world.", "greetings", now(), true)
        .in_locale(locale("en"));
    t.store.create_post(new).await.unwrap()
}

fn edit(base: u32, by: &User, title: &str, body: &str) -> PostEdit {
    fixtures::edit(base, by, title, body, "ignored", &format!("{title} saved"))
}

both_stores!(
    each_locale_has_its_own_revisions_and_publication,
    of_concurrent_translation_saves_exactly_one_wins,
    a_translation_save_that_dies_midway_never_locks_the_translation,
    drafts_are_kept_per_locale,
    a_post_is_translated_into_at_most_its_languages,
);

/// A post takes translations into `MAX_TRANSLATIONS` languages; one more is refused and
/// not kept, while a new revision in a language it has is still saved.
async fn a_post_is_translated_into_at_most_its_languages(t: TestStore) {
    let by = author(&t).await;
    let post = english_post(&t, &by).await;
    let codes: Vec<String> = ('a'..='z')
        .flat_map(|a| ('a'..='z').map(move |b| format!("x{a}{b}")))
        .take(sibyl::domain::MAX_TRANSLATIONS + 1)
        .collect();
    let (last, kept) = codes.split_last().unwrap();
    for code in kept {
        t.store
            .save_translation(&t.site, post.id, &locale(code), edit(0, &by, "Hi", "Hi."))
            .await
            .unwrap();
    }
    let refused = t
        .store
        .save_translation(&t.site, post.id, &locale(last), edit(0, &by, "Hi", "Hi."))
        .await;
    assert!(
        matches!(refused, Err(EditError::TooManyTranslations)),
        "{refused:?}"
    );
    assert_eq!(
        t.store
            .translation(&t.site, post.id, &locale(last))
            .await
            .unwrap(),
        None
    );
    let all = t.store.translations(&t.site, post.id).await.unwrap();
    assert_eq!(all.len(), sibyl::domain::MAX_TRANSLATIONS);
    let again = t
        .store
        .save_translation(
            &t.site,
            post.id,
            &locale(&kept[0]),
            edit(1, &by, "Hey", "Hey."),
        )
        .await
        .unwrap();
    assert_eq!(again.revision, 2);
}

async fn each_locale_has_its_own_revisions_and_publication(t: TestStore) {
    let by = author(&t).await;
    let post = english_post(&t, &by).await;
    let fr = locale("fr");
    assert_eq!(post.locale, locale("en"));
    assert_eq!(
        t.store.translation(&t.site, post.id, &fr).await.unwrap(),
        None
    );

    let first = t
        .store
        .save_translation(
            &t.site,
            post.id,
            &fr,
            edit(0, &by, "Bonjour", "Bonjour, *monde*."),
        )
        .await
        .unwrap();
    assert_eq!(
        (first.revision, first.status, first.title.as_str()),
        (1, PostStatus::Draft, "Bonjour"),
        "a translation starts as a draft at its own revision 1"
    );
    assert!(first.body_html.contains("<em>monde</em>"));
    let second = t
        .store
        .save_translation(&t.site, post.id, &fr, edit(1, &by, "Salut", "Salut."))
        .await
        .unwrap();
    assert_eq!(second.revision, 2);
    // The original's history and text are untouched; its tags stay the post's.
    let original = t
        .store
        .post_by_slug(&t.site, &post.slug)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        (
            original.revision,
            original.title.as_str(),
            original.tags.to_strings()
        ),
        (1, "Hello", vec!["greetings".to_owned()])
    );
    let english = t
        .store
        .revisions(&t.site, post.id, &locale("en"), 50, 50)
        .await
        .unwrap();
    let french = t
        .store
        .revisions(&t.site, post.id, &fr, 50, 50)
        .await
        .unwrap();
    assert_eq!(english.iter().map(|r| r.number).collect::<Vec<_>>(), [1]);
    assert_eq!(french.iter().map(|r| r.number).collect::<Vec<_>>(), [2, 1]);
    let old = t
        .store
        .revision(&t.site, post.id, &fr, 1)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(old.title.as_str(), "Bonjour", "old revisions never change");
    assert_eq!(
        t.store
            .revision(&t.site, post.id, &locale("de"), 1)
            .await
            .unwrap(),
        None,
        "a revision of another locale is not there"
    );

    // Publication is per locale, and the post lists its published translations.
    assert!(original.translations.is_empty());
    let published = t
        .store
        .set_translation_status(&t.site, post.id, &fr, PostStatus::Published, now())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(published.status, PostStatus::Published);
    assert!(published.published.is_some());
    t.store
        .save_translation(
            &t.site,
            post.id,
            &locale("de_AT"),
            edit(0, &by, "Servus", "Servus."),
        )
        .await
        .unwrap();
    let listed = t
        .store
        .post_by_slug(&t.site, &post.slug)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        listed.translations,
        vec![fr.clone()],
        "a draft translation is not linked"
    );
    let all = t.store.translations(&t.site, post.id).await.unwrap();
    assert_eq!(
        all.iter()
            .map(|t| (t.locale.code(), t.status))
            .collect::<Vec<_>>(),
        [
            ("de_AT".to_owned(), PostStatus::Draft),
            ("fr".to_owned(), PostStatus::Published)
        ]
    );
    t.store
        .set_translation_status(&t.site, post.id, &fr, PostStatus::Draft, now())
        .await
        .unwrap();
    let unlisted = t
        .store
        .post_by_slug(&t.site, &post.slug)
        .await
        .unwrap()
        .unwrap();
    assert!(unlisted.translations.is_empty());
    assert_eq!(
        t.store
            .set_translation_status(
                &t.site,
                post.id,
                &locale("it"),
                PostStatus::Published,
                now()
            )
            .await
            .unwrap(),
        None,
        "publishing a translation nobody began changes nothing"
    );
    assert_eq!(
        t.store
            .translation(&t.site, post.id, &locale("it"))
            .await
            .unwrap(),
        None
    );

    // Bad saves: the original's own language, a stale base, a post that is not there.
    let same = t
        .store
        .save_translation(&t.site, post.id, &locale("en"), edit(0, &by, "Hi", "Hi."))
        .await;
    assert!(matches!(same, Err(EditError::SameLocale)), "{same:?}");
    let stale = t
        .store
        .save_translation(&t.site, post.id, &fr, edit(1, &by, "Stale", "Stale."))
        .await;
    assert!(matches!(stale, Err(EditError::Conflict)), "{stale:?}");
    let recreate = t
        .store
        .save_translation(&t.site, post.id, &fr, edit(0, &by, "Again", "Again."))
        .await;
    assert!(matches!(recreate, Err(EditError::Conflict)), "{recreate:?}");
    let unknown = t
        .store
        .save_translation(&t.site, PostId::new(), &fr, edit(0, &by, "X", "X."))
        .await;
    assert!(matches!(unknown, Err(EditError::NoSuchPost)), "{unknown:?}");
    let now_fr = t
        .store
        .translation(&t.site, post.id, &fr)
        .await
        .unwrap()
        .unwrap();
    assert_eq!((now_fr.revision, now_fr.title.as_str()), (2, "Salut"));
    assert_eq!(
        t.store
            .revisions(&t.site, post.id, &fr, 50, 50)
            .await
            .unwrap()
            .len(),
        2
    );
}

async fn of_concurrent_translation_saves_exactly_one_wins(t: TestStore) {
    let by = author(&t).await;
    let post = english_post(&t, &by).await;
    let fr = locale("fr");
    // Eight translators begin the same translation at once, then eight save from the
    // same revision.
    for base in [0, 1] {
        let tasks: Vec<_> = (0..8)
            .map(|i| {
                let (store, site, fr) = (t.store.clone(), t.site.clone(), fr.clone());
                let change = edit(
                    base,
                    &by,
                    &format!("Titre {base} {i}"),
                    &format!("Texte {i}."),
                );
                tokio::spawn(
                    async move { store.save_translation(&site, post.id, &fr, change).await },
                )
            })
            .collect();
        let mut won = Vec::new();
        for task in tasks {
            match task.await.unwrap() {
                Ok(saved) => won.push(saved),
                Err(EditError::Conflict) => {}
                Err(other) => panic!("unexpected {other:?}"),
            }
        }
        assert_eq!(won.len(), 1, "base {base}: exactly one save wins");
        let stored = t
            .store
            .translation(&t.site, post.id, &fr)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(stored, won[0]);
        assert_eq!(stored.revision, base + 1);
        let history = t
            .store
            .revisions(&t.site, post.id, &fr, 50, 50)
            .await
            .unwrap();
        assert_eq!(
            history.len() as u32,
            base + 1,
            "no revision was written twice"
        );
        assert_eq!(history[0].title, stored.title.as_str());
    }
}

async fn a_translation_save_that_dies_midway_never_locks_the_translation(kind: TestStore) {
    let options = StoreOptions::default();
    let t = match kind.kind {
        Kind::Sqlite => TestStore::sqlite_with(options.clone()).await,
        Kind::Cassandra => TestStore::cassandra_with(options.clone()).await,
    };
    let by = author(&t).await;
    let post = english_post(&t, &by).await;
    let fr = locale("fr");
    t.store
        .save_translation(&t.site, post.id, &fr, edit(0, &by, "Un", "Un."))
        .await
        .unwrap();
    options.faults.arm(Fault::CrashAfterRevisionClaim);
    let died = t
        .store
        .save_translation(&t.site, post.id, &fr, edit(1, &by, "Mourant", "Mourant."))
        .await;
    assert!(died.is_err());
    let next = t
        .store
        .save_translation(&t.site, post.id, &fr, edit(1, &by, "Suivant", "Suivant."))
        .await;
    match t.kind {
        Kind::Cassandra => {
            // Revision 2 exists: the next saver is refused, and the translation rolls
            // forward to it rather than refusing every save from now on.
            assert!(matches!(next, Err(EditError::Conflict)), "{next:?}");
            let rolled = t
                .store
                .translation(&t.site, post.id, &fr)
                .await
                .unwrap()
                .unwrap();
            assert_eq!((rolled.revision, rolled.title.as_str()), (2, "Mourant"));
            let after = t
                .store
                .save_translation(&t.site, post.id, &fr, edit(2, &by, "Après", "Après."))
                .await
                .unwrap();
            assert_eq!(after.revision, 3);
        }
        Kind::Sqlite => assert_eq!(next.unwrap().revision, 2),
    }
}

async fn drafts_are_kept_per_locale(t: TestStore) {
    let by = author(&t).await;
    let post = english_post(&t, &by).await;
    let (en, fr) = (locale("en"), locale("fr"));
    let draft = |title: &str| Draft::parse(1, title, "Text.", "", now()).unwrap();
    t.store
        .save_draft(&t.site, post.id, by.id, &en, &draft("English draft"))
        .await
        .unwrap();
    t.store
        .save_draft(&t.site, post.id, by.id, &fr, &draft("Brouillon"))
        .await
        .unwrap();
    let title_of = |d: Option<Draft>| d.map(|d| d.title);
    assert_eq!(
        title_of(t.store.draft(&t.site, post.id, by.id, &en).await.unwrap()).as_deref(),
        Some("English draft")
    );
    assert_eq!(
        title_of(t.store.draft(&t.site, post.id, by.id, &fr).await.unwrap()).as_deref(),
        Some("Brouillon")
    );
    t.store
        .discard_draft(&t.site, post.id, by.id, &fr)
        .await
        .unwrap();
    assert_eq!(
        t.store.draft(&t.site, post.id, by.id, &fr).await.unwrap(),
        None
    );
    assert!(
        t.store
            .draft(&t.site, post.id, by.id, &en)
            .await
            .unwrap()
            .is_some(),
        "discarding one language's draft keeps the other's"
    );
}
