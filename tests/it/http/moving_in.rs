//! A WordPress blog moved in, as its readers see it: the post with its picture served
//! from this site, its figure and caption, its comments in their threads, without the
//! old plugin's script; the page in the navigation; every page valid HTML.

use crate::both_stores;
use crate::contract::moving_in::{Mover, set_up};
use crate::helpers::{TestStore, spawn_app};

both_stores!(a_moved_blog_reads_as_it_did);

async fn a_moved_blog_reads_as_it_did(t: TestStore) {
    // Moved in before the instance starts, as by `sibyl import` in another process
    // (a running instance sees the new pages in its navigation within ten seconds).
    let mover = Mover::new(t.store.as_ref()).await;
    set_up(&t).await;
    mover
        .wordpress(t.store.as_ref(), &t.site, &mover.fixture("wordpress.xml"))
        .await
        .unwrap();
    let app = spawn_app(t).await;

    let hello = app.get_html("/posts/hello-world").await;
    assert!(hello.contains("Hello, Wörld"), "{hello}");
    assert!(hello.contains("The river in January"), "the caption");
    assert!(!hello.contains("old plugin"), "{hello}");
    assert!(!hello.contains(&mover.origin), "{hello}");
    for said in [
        "Lovely river.",
        "Thank you, Carol &amp; everyone.",
        "And a reply to the reply.",
    ] {
        assert!(hello.contains(said), "{said:?} in {hello}");
    }
    let start = hello
        .find("src=\"/binary/")
        .expect("the picture from this site")
        + 5;
    let src = &hello[start..start + hello[start..].find('"').unwrap()];
    let picture = app.anonymous_get(src).await;
    assert_eq!(picture.status(), 200, "{src}");
    assert_eq!(picture.headers()["content-type"], "image/png");

    let about = app.get_html("/pages/about").await;
    assert!(about.contains("Who writes here."));
    let home = app.get_html("/").await;
    assert!(
        home.contains("/pages/about"),
        "the page is in the navigation"
    );
    assert!(home.contains("/posts/hello-world"));
    assert!(home.contains("Old River Notes"), "the old blog's name");

    let mut pages = Vec::new();
    for path in ["/", "/posts/hello-world", "/pages/about", "/tags/rivers"] {
        pages.push((path.to_owned(), app.get_html(path).await));
    }
    let errors = super::html_checker::check(&pages);
    assert!(errors.is_empty(), "{errors:#?}");
}
