//! The writers' desk in the browser's terms: a draft saved from /write is found again on
//! the desk, published posts in their tab with the comments and suggestions waiting on them, paging, an
//! administrator's view of another writer's desk, and who may open what; a desk holds
//! at most MAX_DRAFTS_PER_AUTHOR drafts.

use crate::both_stores;
use crate::helpers::{TestStore, csrf_in, location, spawn_app};
use sibyl::domain::{MAX_DRAFTS_PER_AUTHOR, Slug, now};

async fn a_writer_finds_drafts_and_waiting_comments_on_the_desk(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let (author, name, _) = app.an_author().await;
    let saved = author
        .write("Half a thought", "To be continued.", "", "draft")
        .await;
    assert_eq!(saved.status(), 303);
    let draft = location(&saved);
    let published = author.publish("A whole thought", "Finished.").await;
    let (reader, _) = app.sign_up("a long enough password").await;
    let sent =
        crate::http::comments::comment_on(&reader, &published, &[("body", "Nice one.")]).await;
    assert!(sent.status().is_redirection());
    // The reader suggests an edit too.
    let suggest = format!("{published}/suggest");
    let suggested = reader
        .submit(
            &suggest,
            &suggest,
            &[
                ("base", "1"),
                ("title", "A whole thought"),
                ("body", "Finished, really."),
                ("tags", ""),
                ("note", "More final"),
            ],
        )
        .await;
    assert_eq!(suggested.status(), 303);

    // The navigation leads there; the drafts tab is the first.
    let home = author.get_html("/").await;
    assert!(home.contains("<a href=\"/desk\">Desk</a>"), "{home}");
    let desk = author.get_html("/desk").await;
    assert!(desk.contains("<h1>Your desk</h1>"), "{desk}");
    assert!(
        desk.contains("<strong aria-current=\"page\">Drafts</strong>"),
        "{desk}"
    );
    assert!(
        desk.contains(&format!("<a href=\"{draft}\">Half a thought</a>")),
        "{desk}"
    );
    assert!(
        desk.contains(&format!("href=\"{draft}/edit\">Edit</a>")),
        "{desk}"
    );
    assert!(!desk.contains("A whole thought"), "{desk}");

    let tab = author.get_html("/desk?tab=published").await;
    assert!(
        tab.contains(&format!("<a href=\"{published}\">A whole thought</a>")),
        "{tab}"
    );
    assert!(
        tab.contains(&format!(
            "<a href=\"{published}/comments/moderate\" class=\"pending\">1 waiting</a>"
        )),
        "{tab}"
    );
    assert!(
        tab.contains(&format!(
            "<a href=\"{published}/suggestions\" class=\"suggested\">1 open</a>"
        )),
        "{tab}"
    );
    assert!(!tab.contains("Half a thought"), "{tab}");

    // Paged: 25 drafts make two pages of 20, and the pages lead to each other.
    for i in 0..24 {
        author
            .write(&format!("Draft number {i}"), "Later.", "", "draft")
            .await;
    }
    let first = author.get_html("/desk").await;
    assert_eq!(first.matches(">Edit</a>").count(), 20, "{first}");
    let (before, _) = first.split_once("id=\"older\"").expect("an older page");
    let (_, href) = before.rsplit_once("href=\"").unwrap();
    let older = href
        .split('"')
        .next()
        .unwrap()
        .replace("&#38;", "&")
        .replace("&amp;", "&");
    assert!(older.starts_with("/desk?tab=drafts&after="), "{older}");
    let second = author.get_html(&older).await;
    assert_eq!(second.matches(">Edit</a>").count(), 5, "{second}");
    assert!(
        second.contains(">Half a thought</a>"),
        "the oldest last: {second}"
    );
    assert!(second.contains("before="), "{second}");
    let broken = author.get("/desk?tab=drafts&after=not-a-cursor").await;
    assert_eq!(broken.status(), 400);
    assert_eq!(author.get("/desk?tab=everything").await.status(), 400);

    // Publishing moves a draft to the other tab.
    let csrf = crate::helpers::csrf_in(&author.get_html(&draft).await);
    let out = author
        .post_form(&format!("{draft}/publish"), &[("csrf", &csrf)])
        .await;
    assert_eq!(out.status(), 303);
    let drafts = author.get_html("/desk").await;
    assert!(!drafts.contains("Half a thought"));
    let tab = author.get_html("/desk?tab=published").await;
    assert!(tab.contains("Half a thought"), "{tab}");

    // An administrator opens anyone's desk (the list of users links writers' desks); a
    // writer only their own; readers none.
    let users = app.get_html("/admin/users").await;
    let link = format!("/desk?tab=drafts&#38;author={name}\" class=\"desk-link\"");
    let link_amp = link.replace("&#38;", "&amp;");
    assert!(
        users.contains(&link) || users.contains(&link_amp),
        "{users}"
    );
    let theirs = app.get_html(&format!("/desk?author={name}")).await;
    assert!(theirs.contains("desk</h1>"), "{theirs}");
    assert!(theirs.contains("Draft number 23"), "{theirs}");
    assert!(!theirs.contains("<h1>Your desk</h1>"), "{theirs}");
    let own = app.get_html("/desk").await;
    assert!(!own.contains("Draft number"), "the admin's own desk: {own}");
    assert_eq!(app.get("/desk?author=nobody-here").await.status(), 404);
    assert_eq!(
        author
            .get(&format!("/desk?author={}", "someone-else"))
            .await
            .status(),
        403
    );
    assert_eq!(reader.get("/desk").await.status(), 403);
    let anonymous = app.anonymous_get("/desk").await;
    assert_eq!(anonymous.status(), 303);
    assert!(location(&anonymous).starts_with("/login"));
}

/// At the cap, whatever would add a draft to the desk is refused with a message and
/// changes nothing: a new draft (what was typed is kept), a published post taken back to
/// draft, a draft taken off the schedule. Publishing goes on, and one draft published
/// makes room again.
async fn a_desk_holds_at_most_its_cap_of_drafts(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let (author, _, id) = app.an_author().await;
    let user = app.store.user(id).await.unwrap().unwrap();
    let out = author.publish("Out there", "Read me.").await;
    let scheduled = location(&author.write("Friday's", "Soon.", "", "draft").await);
    let scheduled_slug = Slug::parse(scheduled.trim_start_matches("/posts/")).unwrap();
    let scheduled_post = app
        .store
        .post_by_slug(&app.site, &scheduled_slug)
        .await
        .unwrap()
        .unwrap();
    let due = now() + chrono::Duration::days(3);
    app.store
        .schedule_post(&app.site, scheduled_post.id, Some(due))
        .await
        .unwrap();
    let waiting = location(&author.write("Waiting", "Later.", "", "draft").await);
    // The rest of the desk.
    crate::fixtures::drafts(
        app.store.as_ref(),
        &app.site,
        &user,
        MAX_DRAFTS_PER_AUTHOR - 1,
    )
    .await;
    let counted = |at_most| app.store.drafts_counted(&app.site, id, at_most);
    assert_eq!(
        counted(MAX_DRAFTS_PER_AUTHOR + 5).await.unwrap(),
        MAX_DRAFTS_PER_AUTHOR
    );
    assert_eq!(counted(7).await.unwrap(), 7, "counted up to what is asked");

    let message = format!("at most {MAX_DRAFTS_PER_AUTHOR} drafts");
    let refused = author.write("One too many", "No room.", "", "draft").await;
    assert_eq!(refused.status(), 422);
    let html = refused.text().await.unwrap();
    assert!(html.contains(&message), "{html}");
    assert!(
        html.contains("One too many"),
        "what was typed is kept: {html}"
    );
    let none = Slug::parse("one-too-many").unwrap();
    assert!(
        app.store
            .post_by_slug(&app.site, &none)
            .await
            .unwrap()
            .is_none()
    );

    let csrf = csrf_in(&author.get_html("/desk").await);
    let unpublished = author
        .post_form(&format!("{out}/unpublish"), &[("csrf", &csrf)])
        .await;
    assert_eq!(unpublished.status(), 400);
    let html = unpublished.text().await.unwrap();
    assert!(html.contains(&message), "{html}");
    assert_eq!(
        app.anonymous_get(&out).await.status(),
        200,
        "still published"
    );

    let unscheduled = author
        .post_form(&format!("{scheduled}/unschedule"), &[("csrf", &csrf)])
        .await;
    assert_eq!(unscheduled.status(), 400);
    let listed = app.store.scheduled_posts(&app.site).await.unwrap();
    assert_eq!(listed.iter().map(|p| p.due).collect::<Vec<_>>(), [due]);
    assert_eq!(
        counted(MAX_DRAFTS_PER_AUTHOR + 5).await.unwrap(),
        MAX_DRAFTS_PER_AUTHOR
    );

    // A post written published takes no room; a draft published makes some.
    let published = author.write("Straight out", "Now.", "", "publish").await;
    assert_eq!(published.status(), 303);
    let publish = author
        .post_form(&format!("{waiting}/publish"), &[("csrf", &csrf)])
        .await;
    assert!(publish.status().is_redirection(), "{}", publish.status());
    let again = author
        .post_form(&format!("{out}/unpublish"), &[("csrf", &csrf)])
        .await;
    assert_eq!(again.status(), 303);
    assert_eq!(
        counted(MAX_DRAFTS_PER_AUTHOR + 5).await.unwrap(),
        MAX_DRAFTS_PER_AUTHOR
    );
}

both_stores!(
    a_writer_finds_drafts_and_waiting_comments_on_the_desk,
    a_desk_holds_at_most_its_cap_of_drafts,
);
