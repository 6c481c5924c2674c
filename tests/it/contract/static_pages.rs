//! Static pages (About, Contact) through the store contract: a page is a post of kind
//! page, with its revisions and translations, listed in the site's pages in the order
//! made and in no list of posts (home, months, sitemaps, author pages, tags, search);
//! its entry follows its title, status and latest save.

use crate::both_stores;
use crate::fixtures::{self, edit, new_post};
use crate::helpers::{Kind, TestStore};
use sibyl::domain::search::SearchQuery;
use sibyl::domain::{PostKind, PostStatus, Role, now};
use sibyl::store::{PageAt, month};

async fn pages_stay_out_of_every_list_of_posts(t: TestStore) {
    let admin = fixtures::user(&t, Role::Admin, "Page Maker").await;
    let post = fixtures::post(&t, &admin, "A river post", "Otters at dawn.", "rivers").await;
    // Tags given to a page are dropped: pages are listed under none.
    let about = t
        .store
        .create_post(
            new_post(
                &t,
                &admin,
                "About",
                "We write about otters.",
                "rivers",
                now() - chrono::Duration::minutes(2),
                true,
            )
            .as_page(),
        )
        .await
        .unwrap();
    let contact = t
        .store
        .create_post(
            new_post(
                &t,
                &admin,
                "Contact",
                "Write to the otters.",
                "",
                now() - chrono::Duration::minutes(1),
                false,
            )
            .as_page(),
        )
        .await
        .unwrap();
    assert_eq!(about.kind, PostKind::Page);
    assert!(about.tags.is_empty());
    let read = t
        .store
        .post_by_slug(&t.site, &about.slug)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        (read.kind, read.status, read.tags.is_empty()),
        (PostKind::Page, PostStatus::Published, true)
    );
    assert_eq!(
        t.store
            .post_by_id(&t.site, post.id)
            .await
            .unwrap()
            .unwrap()
            .kind,
        PostKind::Post
    );

    let only_the_post = |ids: Vec<sibyl::domain::PostId>| assert_eq!(ids, [post.id]);
    let home = t
        .store
        .home_page(&t.site, PageAt::Newest, 20)
        .await
        .unwrap();
    only_the_post(home.posts.iter().map(|p| p.id).collect());
    use chrono::Datelike;
    let this_month = month(now().year(), now().month()).unwrap();
    let month_page = t
        .store
        .month_page(&t.site, this_month, PageAt::Newest, 20)
        .await
        .unwrap();
    only_the_post(month_page.posts.iter().map(|p| p.id).collect());
    let by_author = t
        .store
        .posts_by_author(&t.site, admin.id, PageAt::Newest, 20)
        .await
        .unwrap();
    only_the_post(by_author.posts.iter().map(|p| p.id).collect());
    let sitemap = t.store.sitemap_month(&t.site, this_month).await.unwrap();
    assert_eq!(
        sitemap.iter().map(|e| e.slug.as_str()).collect::<Vec<_>>(),
        [post.slug.as_str()]
    );
    let tagged = t
        .store
        .tag_page(
            &t.site,
            &sibyl::domain::Tag::parse("rivers").unwrap(),
            PageAt::Newest,
            20,
        )
        .await
        .unwrap();
    only_the_post(tagged.posts.iter().map(|p| p.id).collect());
    let counts = t.store.tag_counts(&t.site, None, 20).await.unwrap();
    assert_eq!(
        counts
            .tags
            .iter()
            .map(|c| (c.tag.as_str().to_owned(), c.posts))
            .collect::<Vec<_>>(),
        [("rivers".to_owned(), 1)]
    );
    let found = t
        .store
        .search(&t.site, &SearchQuery::parse("otters").unwrap(), None, 10)
        .await
        .unwrap();
    assert_eq!(
        found.hits.iter().map(|h| h.post_id).collect::<Vec<_>>(),
        [post.id],
        "pages are not searched"
    );

    // The site's pages, in the order made, drafts too.
    let pages = t.store.site_pages(&t.site).await.unwrap();
    assert_eq!(
        pages
            .iter()
            .map(|p| (p.id, p.title.as_str(), p.status))
            .collect::<Vec<_>>(),
        [
            (about.id, "About", PostStatus::Published),
            (contact.id, "Contact", PostStatus::Draft)
        ]
    );
    assert_eq!(pages[1].slug, contact.slug);

    // Its entry follows a new revision's title and time, publication and unpublication.
    let saved = t
        .store
        .save_revision(
            &t.site,
            contact.id,
            edit(
                1,
                &admin,
                "Write to us",
                "Letters welcome.",
                "rivers",
                "Renamed",
            ),
        )
        .await
        .unwrap();
    assert_eq!(saved.revision, 2);
    t.store
        .publish_post(&t.site, contact.id, now())
        .await
        .unwrap()
        .unwrap();
    t.store
        .unpublish_post(&t.site, about.id)
        .await
        .unwrap()
        .unwrap();
    let pages = t.store.site_pages(&t.site).await.unwrap();
    assert_eq!(
        pages
            .iter()
            .map(|p| (p.id, p.title.as_str(), p.status))
            .collect::<Vec<_>>(),
        [
            (about.id, "About", PostStatus::Draft),
            (contact.id, "Write to us", PostStatus::Published)
        ]
    );
    assert_eq!(pages[1].updated, saved.updated);
    assert!(pages[1].updated > pages[0].updated);
    // Still in no list of posts, published or not (not under a tag its revision
    // carried), and still searched for nothing.
    let tagged = t
        .store
        .tag_page(
            &t.site,
            &sibyl::domain::Tag::parse("rivers").unwrap(),
            PageAt::Newest,
            20,
        )
        .await
        .unwrap();
    only_the_post(tagged.posts.iter().map(|p| p.id).collect());
    let home = t
        .store
        .home_page(&t.site, PageAt::Newest, 20)
        .await
        .unwrap();
    only_the_post(home.posts.iter().map(|p| p.id).collect());
    let found = t
        .store
        .search(&t.site, &SearchQuery::parse("letters").unwrap(), None, 10)
        .await
        .unwrap();
    assert!(found.hits.is_empty(), "{:?}", found.hits);
    assert_eq!(t.store.archive_months(&t.site).await.unwrap(), [this_month]);
    assert!(
        crate::contract::archive::list_findings(&t).await.is_empty(),
        "repair agrees"
    );
}

/// A page's entry in the list of pages is derived on Cassandra: repair finds it missing
/// or stale and writes it again. (SQLite reads the pages' own rows.)
async fn repair_restores_the_list_of_pages(t: TestStore) {
    let admin = fixtures::user(&t, Role::Admin, "Page Mender").await;
    let about = t
        .store
        .create_post(new_post(&t, &admin, "Colophon", "Set in type.", "", now(), true).as_page())
        .await
        .unwrap();
    assert_eq!(t.store.site_pages(&t.site).await.unwrap().len(), 1);
    if t.kind == Kind::Cassandra {
        let (session, keyspace) = crate::helpers::cql(&t).await;
        session
            .query_unpaged(
                format!("DELETE FROM {keyspace}.site_pages WHERE site = ?"),
                (t.site.as_str(),),
            )
            .await
            .unwrap();
        // A row for something that is no page.
        session
            .query_unpaged(
                format!("INSERT INTO {keyspace}.site_pages (site, created, post_id, slug, title, status) VALUES (?, ?, ?, 'ghost', 'Ghost', 'published')"),
                (t.site.as_str(), now(), uuid::Uuid::new_v4()),
            )
            .await
            .unwrap();
        let listed = t.store.site_pages(&t.site).await.unwrap();
        assert_eq!(
            listed.iter().map(|p| p.title.as_str()).collect::<Vec<_>>(),
            ["Ghost"]
        );
        let found = crate::contract::archive::list_findings(&t).await;
        assert_eq!(
            found.iter().filter(|f| f.starts_with("site_pages")).count(),
            2,
            "{found:?}"
        );
        t.store.repair(&t.site, true).await.unwrap();
    }
    let listed = t.store.site_pages(&t.site).await.unwrap();
    assert_eq!(listed.iter().map(|p| p.id).collect::<Vec<_>>(), [about.id]);
    let again = crate::contract::archive::list_findings(&t).await;
    assert!(again.is_empty(), "{again:?}");
}

both_stores!(
    repairing:
    pages_stay_out_of_every_list_of_posts,
    repair_restores_the_list_of_pages,
);
