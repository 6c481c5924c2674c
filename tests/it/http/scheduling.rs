//! Scheduling from the browser, by a clock the test moves: a draft scheduled in its
//! author's time zone waits on the desk's Scheduled tab, in no list, feed or sitemap
//! and hidden from readers, until the instance's scheduler sees its time come; then it
//! is everywhere at once, dated as scheduled. Bad times are refused with a reason and
//! change nothing; a schedule is cancelled or changed from the same page.

use crate::both_stores;
use crate::helpers::{TestApp, TestStore, csrf_in, location, spawn_app_with};
use chrono::{Duration, TimeZone, Utc};
use sibyl::domain::Slug;
use sibyl::infra::clock::Clock;

/// Waits (in real time, briefly) for a pass of the scheduler that went by `at` or a
/// later time of its clock.
async fn pass_at(app: &TestApp, at: chrono::DateTime<Utc>) -> sibyl::app::jobs::scheduler::Pass {
    let mut passes = app.scheduler.passes();
    let seen = tokio::time::timeout(
        std::time::Duration::from_secs(20),
        passes.wait_for(|(_, pass)| pass.at >= at),
    )
    .await
    .expect("the scheduler ran a pass after the clock moved")
    .unwrap();
    seen.1
}

/// Where readers find the post at `path`, and what its own page answers them.
async fn seen_by_readers(
    app: &TestApp,
    path: &str,
    due: chrono::DateTime<Utc>,
) -> (Vec<&'static str>, u16) {
    let mut seen = Vec::new();
    let month = due.format("%Y/%m").to_string();
    let sitemap = format!("/sitemaps/{}.xml", due.format("%Y-%m"));
    let lists = [
        ("/", "/"),
        ("/feed.xml", "/feed.xml"),
        ("/tags/launches", "/tags/launches"),
        ("archive", &format!("/archive/{month}")),
        ("sitemap", &sitemap),
    ];
    for (name, list) in lists {
        let text = app.anonymous_get(list).await.text().await.unwrap();
        if text.contains(path) {
            seen.push(name);
        }
    }
    (seen, app.anonymous_get(path).await.status().as_u16())
}

/// A time `ahead` of the clock as a Paris wall clock shows it, as the form sends it.
fn in_paris(clock: &Clock, ahead: Duration) -> (String, chrono::DateTime<Utc>) {
    let due = clock.now() + ahead;
    let due = Utc
        .timestamp_opt(due.timestamp() - due.timestamp() % 60, 0)
        .unwrap();
    let local = due.with_timezone(&chrono_tz::Europe::Paris);
    (local.format("%Y-%m-%dT%H:%M").to_string(), due)
}

async fn a_scheduled_post_goes_live_when_its_time_comes(t: TestStore) {
    let clock = Clock::manual(Utc::now());
    let app = spawn_app_with(t, |config| {
        config.clock = clock.clone();
        config.scheduler = Some(sibyl::app::jobs::scheduler::SchedulerConfig {
            every: std::time::Duration::from_secs(1),
        });
    })
    .await;
    app.set_up().await;
    let written = app
        .write("Launch notes", "Out at nine.", "launches", "draft")
        .await;
    assert_eq!(written.status(), 303);
    let path = location(&written);
    let slug = path.trim_start_matches("/posts/").to_owned();
    let draft_page = app.get_html(&path).await;
    assert!(draft_page.contains("id=\"schedule-link\""), "{draft_page}");
    let schedule = format!("{path}/schedule");
    let form = app.get_html(&schedule).await;
    assert!(form.contains("type=\"datetime-local\""), "{form}");
    assert!(form.contains("<option value=\"Europe/Paris\">"), "{form}");

    // Bad times: a reason each, and nothing scheduled.
    let (local, due) = in_paris(&clock, Duration::hours(2));
    let past = in_paris(&clock, -Duration::hours(1)).0;
    let cases = [
        (past.as_str(), "Europe/Paris", "has passed"),
        (local.as_str(), "Europe/Atlantis", "not a time zone"),
        ("2027-03-28T02:30", "Europe/Paris", "does not exist"),
        ("next tuesday", "Europe/Paris", "date and time"),
    ];
    for (at, zone, reason) in cases {
        let refused = app
            .submit(&schedule, &schedule, &[("at", at), ("zone", zone)])
            .await;
        assert_eq!(refused.status(), 422, "{at} {zone}");
        let page = refused.text().await.unwrap();
        assert!(page.contains(reason), "{at} {zone}: {page}");
        assert!(
            page.contains(&format!("id=\"schedule-zone\" value=\"{zone}\"")),
            "the form keeps what was typed: {page}"
        );
    }
    assert!(
        app.store
            .scheduled_posts(&app.site)
            .await
            .unwrap()
            .is_empty()
    );

    // Scheduled for two hours ahead, Paris time.
    let done = app
        .submit(
            &schedule,
            &schedule,
            &[("at", &local), ("zone", "Europe/Paris")],
        )
        .await;
    assert_eq!(done.status(), 303, "{}", done.text().await.unwrap());
    let stored = app
        .store
        .post_by_slug(&app.site, &Slug::parse(&slug).unwrap())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(stored.scheduled, Some(due));
    let page = app.get_html(&path).await;
    assert!(page.contains("id=\"scheduled-for\""), "{page}");
    assert!(
        page.contains(&due.format("%H:%M UTC").to_string()),
        "{page}"
    );
    let desk = app.get_html("/desk?tab=scheduled").await;
    assert!(desk.contains(&path), "{desk}");
    assert!(desk.contains("Goes live"), "{desk}");
    assert!(
        !app.get_html("/desk").await.contains(&path),
        "not under Drafts"
    );

    assert_eq!(seen_by_readers(&app, &path, due).await, (vec![], 404));

    // An hour on: not yet.
    clock.advance(Duration::hours(1));
    let pass = pass_at(&app, clock.now()).await;
    assert_eq!((pass.published, pass.next), (0, Some(due)));
    assert_eq!(seen_by_readers(&app, &path, due).await, (vec![], 404));

    // Its time: everywhere at once, dated as scheduled.
    clock.advance(Duration::hours(1));
    let pass = pass_at(&app, due).await;
    assert_eq!(pass.published, 1, "{pass:?}");
    assert_eq!(
        seen_by_readers(&app, &path, due).await,
        (
            vec!["/", "/feed.xml", "/tags/launches", "archive", "sitemap"],
            200
        )
    );
    let live = app
        .store
        .post_by_slug(&app.site, &Slug::parse(&slug).unwrap())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(live.published, Some(due));
    assert_eq!(live.scheduled, None);
    assert!(!app.get_html("/desk?tab=scheduled").await.contains(&path));
    // Published, it can no longer be scheduled.
    assert_eq!(app.get(&schedule).await.status(), 409);

    // A scheduled page joins every page's navigation when it goes live.
    let page = app
        .submit(
            "/write?kind=page",
            "/write",
            &[
                ("title", "Opening hours"),
                ("body", "From nine."),
                ("kind", "page"),
                ("action", "schedule"),
            ],
        )
        .await;
    assert_eq!(location(&page), "/posts/opening-hours/schedule");
    let (local, due) = in_paris(&clock, Duration::hours(1));
    let done = app
        .submit(
            "/posts/opening-hours/schedule",
            "/posts/opening-hours/schedule",
            &[("at", &local), ("zone", "Europe/Paris")],
        )
        .await;
    assert_eq!(done.status(), 303);
    let nav = "href=\"/pages/opening-hours\"";
    assert!(
        !app.anonymous_get("/")
            .await
            .text()
            .await
            .unwrap()
            .contains(nav)
    );
    clock.advance(Duration::hours(1));
    assert_eq!(pass_at(&app, due).await.published, 1);
    let mut shown = false;
    for _ in 0..50 {
        if app
            .anonymous_get("/")
            .await
            .text()
            .await
            .unwrap()
            .contains(nav)
        {
            shown = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(shown, "the page is in the navigation once published");
}

async fn a_schedule_is_changed_or_cancelled_from_its_page(t: TestStore) {
    let clock = Clock::manual(Utc::now());
    let app = spawn_app_with(t, |config| config.clock = clock.clone()).await;
    app.set_up().await;
    let path = location(&app.write("Maybe Friday", "Or not.", "", "draft").await);
    let slug = Slug::parse(path.trim_start_matches("/posts/")).unwrap();
    let schedule = format!("{path}/schedule");
    let (first, _) = in_paris(&clock, Duration::days(2));
    let (second, due) = in_paris(&clock, Duration::days(3));
    for at in [&first, &second] {
        let done = app
            .submit(
                &schedule,
                &schedule,
                &[("at", at), ("zone", "Europe/Paris")],
            )
            .await;
        assert_eq!(done.status(), 303);
    }
    let listed = app.store.scheduled_posts(&app.site).await.unwrap();
    assert_eq!(listed.iter().map(|p| p.due).collect::<Vec<_>>(), [due]);
    let form = app.get_html(&schedule).await;
    assert!(form.contains("id=\"unschedule\""), "{form}");
    assert!(form.contains("Change the time"), "{form}");
    let cancelled = app
        .post_form(&format!("{path}/unschedule"), &[("csrf", &csrf_in(&form))])
        .await;
    assert_eq!(cancelled.status(), 303);
    assert!(
        app.store
            .scheduled_posts(&app.site)
            .await
            .unwrap()
            .is_empty()
    );
    let post = app
        .store
        .post_by_slug(&app.site, &slug)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(post.scheduled, None);
    assert!(app.get_html("/desk").await.contains(&path), "a draft again");

    // A new post is saved as a draft and goes on to its schedule.
    let fresh = app
        .write("Notes for next week", "Soon.", "", "schedule")
        .await;
    assert_eq!(fresh.status(), 303);
    assert_eq!(location(&fresh), "/posts/notes-for-next-week/schedule");
    let draft = app
        .store
        .post_by_slug(&app.site, &Slug::parse("notes-for-next-week").unwrap())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(draft.status, sibyl::domain::PostStatus::Draft);

    // The editor saves and goes on to the schedule.
    let edit = format!("{path}/edit");
    let saved = app
        .submit(
            &edit,
            &edit,
            &[
                ("base", "1"),
                ("title", "Maybe Saturday"),
                ("body", "Or not."),
                ("tags", ""),
                ("action", "schedule"),
            ],
        )
        .await;
    assert_eq!(saved.status(), 303);
    assert_eq!(location(&saved), schedule);
    let post = app
        .store
        .post_by_slug(&app.site, &slug)
        .await
        .unwrap()
        .unwrap();
    assert_eq!((post.revision, post.title.as_str()), (2, "Maybe Saturday"));
}

both_stores!(
    a_scheduled_post_goes_live_when_its_time_comes,
    a_schedule_is_changed_or_cancelled_from_its_page,
);
