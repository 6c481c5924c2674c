//! Static pages (About, Contact) in the browser's terms: an administrator writes one in
//! the editor, it is served at /pages/<slug> and linked from every page's navigation once
//! published, never on the home page, in feeds, under tags or in search; it has
//! revisions, takes no comments, and the sitemap names it. Authors cannot make pages,
//! and a site holds at most MAX_PAGES.

use crate::both_stores;
use crate::fixtures::fresh_user;
use crate::helpers::{TestStore, csrf_in, location, spawn_app};
use sibyl::domain::user::Login;
use sibyl::domain::{MAX_PAGES, NewUser, PostKind, Role, Slug, now};

fn page_form<'a>(title: &'a str, body: &'a str, action: &'a str) -> Vec<(&'a str, &'a str)> {
    vec![
        ("title", title),
        ("body", body),
        // A page takes no tags, whatever is sent.
        ("tags", "sneaky"),
        ("kind", "page"),
        ("action", action),
    ]
}

async fn an_admin_writes_pages_that_the_navigation_lists(t: TestStore) {
    let app = spawn_app(t).await;
    let admin = app.set_up().await;
    let post = app
        .publish("Spring flood", "The river rose overnight.")
        .await;

    let form = app.get_html("/write?kind=page").await;
    assert!(form.contains("<h1>Write a page</h1>"), "{form}");
    assert!(form.contains("name=\"kind\" value=\"page\""), "{form}");
    assert!(
        !form.contains("name=\"tags\""),
        "a page has no tags: {form}"
    );

    let made = app
        .submit(
            "/write?kind=page",
            "/write",
            &page_form("About", "We write about **rivers**.", "publish"),
        )
        .await;
    assert_eq!(made.status(), 303);
    assert_eq!(location(&made), "/pages/about");
    let contact = location(
        &app.submit(
            "/write?kind=page",
            "/write",
            &page_form("Contact", "Write to us.", "draft"),
        )
        .await,
    );
    assert_eq!(contact, "/pages/contact");
    let stored = app
        .store
        .post_by_slug(&app.site, &Slug::parse("about").unwrap())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(stored.kind, PostKind::Page);
    assert!(stored.tags.is_empty());

    // Served at its own address, without byline, tags, short link or comments.
    let about = app.anonymous_get("/pages/about").await;
    assert_eq!(about.status(), 200);
    let html = about.text().await.unwrap();
    assert!(html.contains("<h1>About</h1>"), "{html}");
    assert!(html.contains("<strong>rivers</strong>"), "{html}");
    assert!(!html.contains("rel=\"author\""), "{html}");
    assert!(!html.contains("id=\"comments\""), "{html}");
    assert!(!html.contains("Short link"), "{html}");
    assert!(
        html.contains("<meta property=\"og:type\" content=\"website\">"),
        "{html}"
    );
    assert!(html.contains("\"@type\":\"WebPage\""), "{html}");
    assert!(
        html.contains("<link rel=\"canonical\" href=\"http://") && html.contains("/pages/about\">"),
        "{html}"
    );
    // Asked for as a post (or a post as a page), it moves for good, query kept.
    let moved = app.anonymous_get("/posts/about?lang=fr").await;
    assert_eq!(moved.status(), 301);
    assert_eq!(location(&moved), "/pages/about?lang=fr");
    let post_slug = post.trim_start_matches("/posts/");
    let moved = app.anonymous_get(&format!("/pages/{post_slug}")).await;
    assert_eq!(moved.status(), 301);
    assert_eq!(location(&moved), post);

    // In every page's navigation once published; a draft is not, and readers get 404.
    let nav = "<a href=\"/pages/about\" class=\"page-link\">About</a>";
    for path in ["/", post.as_str(), "/tags", "/archive", "/search?q=river"] {
        let html = app.anonymous_get(path).await.text().await.unwrap();
        assert!(html.contains(nav), "{path}: {html}");
        assert!(
            !html.contains("/pages/contact"),
            "{path}: a draft is not listed"
        );
    }
    assert_eq!(app.anonymous_get("/pages/contact").await.status(), 404);
    assert_eq!(
        app.get("/pages/contact").await.status(),
        200,
        "its editor sees it"
    );

    // In no list of posts, feed or search.
    let home = app.anonymous_get("/").await.text().await.unwrap();
    assert!(home.contains(&post), "{home}");
    assert_eq!(home.matches("href=\"/pages/about\"").count(), 1, "{home}");
    let feed = app.anonymous_get("/feed.xml").await.text().await.unwrap();
    assert!(!feed.contains("/pages/"), "{feed}");
    assert!(!feed.contains(">About<"), "{feed}");
    let found = app
        .anonymous_get("/search?q=rivers")
        .await
        .text()
        .await
        .unwrap();
    // Only the navigation links it.
    assert_eq!(found.matches("href=\"/pages/about\"").count(), 1, "{found}");
    let tags = app.anonymous_get("/tags").await.text().await.unwrap();
    assert!(!tags.contains("sneaky"), "{tags}");

    // The sitemap index names the pages' sitemap, which lists the published ones.
    let index = app
        .anonymous_get("/sitemap.xml")
        .await
        .text()
        .await
        .unwrap();
    assert!(index.contains("/sitemaps/pages.xml</loc>"), "{index}");
    let sitemap = app.anonymous_get("/sitemaps/pages.xml").await;
    assert_eq!(sitemap.status(), 200);
    let sitemap = sitemap.text().await.unwrap();
    assert!(sitemap.contains("/pages/about</loc><lastmod>"), "{sitemap}");
    assert!(!sitemap.contains("contact"), "{sitemap}");

    // The admins' list has both, with their state.
    let list = app.get_html("/admin/pages").await;
    assert!(list.contains("href=\"/pages/about\">About</a>"), "{list}");
    assert!(
        list.contains("href=\"/pages/contact\">Contact</a>"),
        "{list}"
    );
    assert!(
        list.contains("href=\"/posts/contact/edit\">Edit</a>"),
        "{list}"
    );
    assert_eq!(
        list.matches("Published, in the navigation").count(),
        1,
        "{list}"
    );

    // Revised in the same editor, with history: the navigation follows its title.
    let editor = app.get_html("/posts/about/edit").await;
    assert!(!editor.contains("name=\"tags\""), "{editor}");
    let saved = app
        .submit(
            "/posts/about/edit",
            "/posts/about/edit",
            &[
                ("base", "1"),
                ("title", "About us"),
                ("body", "We write about rivers and lakes."),
                ("tags", "sneaky"),
                ("message", "Lakes too"),
                ("action", "save"),
            ],
        )
        .await;
    assert_eq!(saved.status(), 303);
    assert_eq!(location(&saved), "/pages/about");
    let home = app.anonymous_get("/").await.text().await.unwrap();
    assert!(
        home.contains("<a href=\"/pages/about\" class=\"page-link\">About us</a>"),
        "{home}"
    );
    let history = app.get_html("/posts/about/history").await;
    assert!(history.contains("Lakes too"), "{history}");
    assert!(
        app.store
            .post_by_slug(&app.site, &Slug::parse("about").unwrap())
            .await
            .unwrap()
            .unwrap()
            .tags
            .is_empty()
    );

    // It takes no comments: no form, and a comment sent anyway is refused, not stored.
    let csrf = csrf_in(&app.get_html("/pages/about").await);
    let refused = app
        .post_form(
            "/posts/about/comments",
            &[("csrf", &csrf), ("shown", "0"), ("body", "Hello page")],
        )
        .await;
    assert!(refused.status().is_client_error(), "{}", refused.status());
    let page_id = app
        .store
        .post_by_slug(&app.site, &Slug::parse("about").unwrap())
        .await
        .unwrap()
        .unwrap()
        .id;
    let approved = app
        .store
        .comment_page(&app.site, page_id, None, 50)
        .await
        .unwrap();
    assert!(approved.comments.is_empty());
    let admin_id = app
        .store
        .user_by_login(&Login::parse(&admin.username).unwrap())
        .await
        .unwrap()
        .unwrap()
        .id;
    assert!(
        app.store
            .pending_comments_by(&app.site, page_id, admin_id)
            .await
            .unwrap()
            .is_empty()
    );

    // Unpublished, it leaves the navigation and the sitemap.
    let form = app.get_html("/pages/about").await;
    let unpublished = app
        .post_form("/posts/about/unpublish", &[("csrf", &csrf_in(&form))])
        .await;
    assert_eq!(unpublished.status(), 303);
    assert_eq!(location(&unpublished), "/pages/about");
    let home = app.anonymous_get("/").await.text().await.unwrap();
    assert!(!home.contains("/pages/about"), "{home}");
    assert_eq!(app.anonymous_get("/sitemaps/pages.xml").await.status(), 404);
    assert_eq!(app.anonymous_get("/pages/about").await.status(), 404);
}

async fn only_admins_make_pages_and_a_site_has_at_most_its_cap(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let (author, _, author_id) = app.an_author().await;
    assert_eq!(author.get("/write").await.status(), 200);
    assert_eq!(author.get("/write?kind=page").await.status(), 403);
    let refused = author
        .submit(
            "/write",
            "/write",
            &page_form("Mine", "My page.", "publish"),
        )
        .await;
    assert_eq!(refused.status(), 403);
    assert_eq!(app.get("/write?kind=chapter").await.status(), 400);
    assert!(app.store.site_pages(&app.site).await.unwrap().is_empty());
    // A page its maker wrote while an administrator is the administrators' once they
    // are not one: its editor, publishing and history refuse them.
    let former_admin = app.store.user(author_id).await.unwrap().unwrap();
    let theirs = app
        .store
        .create_post(crate::fixtures::new_post_on(&app, &former_admin, "Colophon", now()).as_page())
        .await
        .unwrap();
    let path = format!("/posts/{}", theirs.slug.as_str());
    assert_eq!(author.get(&format!("{path}/edit")).await.status(), 403);
    assert_eq!(author.get(&format!("{path}/history")).await.status(), 403);
    let csrf = csrf_in(&author.get_html("/desk").await);
    let refused = author
        .post_form(&format!("{path}/unpublish"), &[("csrf", &csrf)])
        .await;
    assert_eq!(refused.status(), 403);
    assert_eq!(app.get(&format!("{path}/edit")).await.status(), 200);
    app.store
        .unpublish_post(&app.site, theirs.id)
        .await
        .unwrap();
    let pages = app.store.site_pages(&app.site).await.unwrap();
    assert_eq!(pages.len(), 1, "the colophon only, a draft now");

    // Up to the cap, the colophon included (made through the store: the same rows the
    // editor makes).
    let admin = app
        .store
        .create_user(NewUser {
            role: Role::Admin,
            display_name: "Cap Admin".into(),
            ..fresh_user()
        })
        .await
        .unwrap();
    for i in 2..MAX_PAGES {
        app.store
            .create_post(
                crate::fixtures::new_post_on(&app, &admin, &format!("Page {i}"), now()).as_page(),
            )
            .await
            .unwrap();
    }
    let last = app
        .submit(
            "/write?kind=page",
            "/write",
            &page_form("The last", "Fits.", "publish"),
        )
        .await;
    assert_eq!(last.status(), 303);
    let full = app
        .submit(
            "/write?kind=page",
            "/write",
            &page_form("One too many", "No room.", "publish"),
        )
        .await;
    assert_eq!(full.status(), 422);
    let html = full.text().await.unwrap();
    assert!(
        html.contains(&format!("at most {MAX_PAGES} pages")),
        "{html}"
    );
    assert!(
        html.contains("One too many"),
        "what was typed is kept: {html}"
    );
    let pages = app.store.site_pages(&app.site).await.unwrap();
    assert_eq!(pages.len(), MAX_PAGES);
    assert!(pages.iter().all(|p| p.title != "One too many"));
    // Every published page is in the navigation (not the draft colophon), in the
    // order made.
    let home = app.anonymous_get("/").await.text().await.unwrap();
    assert_eq!(
        home.matches("class=\"page-link\"").count(),
        MAX_PAGES - 1,
        "{home}"
    );
    assert!(!home.contains(">Colophon<"), "{home}");
    let first = home.find(">Page 2<").unwrap();
    let last = home.find(">The last<").unwrap();
    assert!(first < last);
}

both_stores!(
    an_admin_writes_pages_that_the_navigation_lists,
    only_admins_make_pages_and_a_site_has_at_most_its_cap,
);
