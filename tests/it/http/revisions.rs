//! Revisions in the browser: editing, comparing, restoring, drafts.

use crate::both_stores;
use crate::helpers::{TestStore, location, spawn_app};

both_stores!(
    an_author_edits_compares_and_restores_in_the_browser_flow,
    the_draft_button_keeps_text_without_a_revision,
    a_long_history_has_older_pages,
);

/// A post with 55 revisions: its history shows the newest 50 with a link to the older
/// ones, which lead back; a broken `from` is a 400, one past the current revision starts
/// at the current one.
async fn a_long_history_has_older_pages(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let path = app.publish("Long story", "Draft 1.").await;
    let post = crate::fixtures::post_of(&app, &path).await;
    let by = app.store.user(post.author_id).await.unwrap().unwrap();
    for base in 1..55 {
        let text = format!("Draft {}.", base + 1);
        let edit = crate::fixtures::edit(base, &by, "Long story", &text, "", "Again");
        app.store
            .save_revision(&app.site, post.id, edit)
            .await
            .unwrap();
    }
    let listed = |html: &str| {
        html.split("aria-label=\"Compare from revision ")
            .skip(1)
            .map(|rest| rest.split('"').next().unwrap().parse::<u32>().unwrap())
            .collect::<Vec<_>>()
    };
    let first = app.get_html(&format!("{path}/history")).await;
    assert_eq!(listed(&first), (6..=55).rev().collect::<Vec<_>>());
    let older = format!("{path}/history?from=5");
    assert!(
        first.contains(&format!(
            "href=\"{older}\" rel=\"next\" id=\"older-revisions\""
        )),
        "{first}"
    );
    assert!(!first.contains("newest-revisions"));
    let second = app.get_html(&older).await;
    assert_eq!(listed(&second), [5, 4, 3, 2, 1]);
    assert!(second.contains(&format!("href=\"{path}/history\" id=\"newest-revisions\"")));
    assert!(!second.contains("older-revisions"));
    let past = app.get_html(&format!("{path}/history?from=900")).await;
    assert_eq!(listed(&past), (6..=55).rev().collect::<Vec<_>>());
    for broken in ["abc", "0", "-3", ""] {
        let answer = app.get(&format!("{path}/history?from={broken}")).await;
        assert_eq!(answer.status(), 400, "from={broken}");
        assert!(
            answer
                .text()
                .await
                .unwrap()
                .contains("This page link is broken.")
        );
    }
}

async fn an_author_edits_compares_and_restores_in_the_browser_flow(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let path = app.publish("Evolving", "Line one.\n\nLine two.").await;
    let edit_page = app.get_html(&format!("{path}/edit")).await;
    assert!(edit_page.contains("name=\"base\" value=\"1\""));
    // A second window opened the editor at the same time.
    let saved = app
        .submit(
            &format!("{path}/edit"),
            &format!("{path}/edit"),
            &[
                ("base", "1"),
                ("title", "Evolving"),
                ("body", "Line one.\n\nLine 2, rewritten."),
                ("tags", "notes"),
                ("message", "Rewrote line two"),
            ],
        )
        .await;
    assert_eq!(
        (saved.status().as_u16(), location(&saved)),
        (303, path.clone())
    );
    let late = app
        .submit(
            &format!("{path}/edit"),
            &format!("{path}/edit"),
            &[
                ("base", "1"),
                ("title", "Evolving"),
                ("body", "My late text."),
                ("tags", ""),
                ("message", ""),
            ],
        )
        .await;
    assert_eq!(late.status(), 409);
    let late_page = late.text().await.unwrap();
    assert!(
        late_page.contains("Someone saved this text") && late_page.contains("My late text."),
        "the late text is kept"
    );
    assert!(
        app.anonymous_get(&path)
            .await
            .text()
            .await
            .unwrap()
            .contains("Line 2, rewritten.")
    );

    let history = app.get_html(&format!("{path}/history")).await;
    assert!(history.contains("Rewrote line two") && history.contains("First version"));
    assert!(
        history.contains(&format!("{}/posts/evolving#1.2", app.site)),
        "revision keys: rows keyed by the site's URL"
    );
    let diff = app.get_html(&format!("{path}/diff?from=1&to=2")).await;
    assert!(
        diff.contains("class=\"removed\">- Line two.")
            && diff.contains("class=\"added\">+ Line 2, rewritten."),
        "{diff}"
    );
    let first = app.get_html(&format!("{path}/revisions/1")).await;
    assert!(first.contains("Line two.") && first.contains("Restore this revision"));
    let restored = app
        .submit(
            &format!("{path}/revisions/1"),
            &format!("{path}/revisions/1/restore"),
            &[],
        )
        .await;
    assert_eq!(restored.status(), 303);
    let page = app.anonymous_get(&path).await.text().await.unwrap();
    assert!(page.contains("Line two.") && !page.contains("rewritten"));
    assert!(
        app.get_html(&format!("{path}/history"))
            .await
            .contains("Restored revision 1")
    );

    for (bad, status) in [
        (format!("{path}/revisions/9"), 404),
        (format!("{path}/revisions/x"), 400),
        (format!("{path}/diff?from=1&to=99"), 404),
        (format!("{path}/diff?from=a&to=1"), 400),
        ("/posts/no-such-post/history".to_owned(), 404),
    ] {
        assert_eq!(app.get(&bad).await.status(), status, "{bad}");
    }
    let bad_edit = app
        .submit(
            &format!("{path}/edit"),
            &format!("{path}/edit"),
            &[
                ("base", "3"),
                ("title", ""),
                ("body", "x"),
                ("tags", ""),
                ("message", ""),
            ],
        )
        .await;
    assert_eq!(bad_edit.status(), 422);
    assert!(
        bad_edit
            .text()
            .await
            .unwrap()
            .contains("A post needs a title.")
    );
    assert_eq!(
        app.get_html(&format!("{path}/history"))
            .await
            .matches("<tr>")
            .count(),
        4,
        "three revisions, nothing more"
    );
}

async fn the_draft_button_keeps_text_without_a_revision(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let path = app.publish("Drafty", "Published text.").await;
    let kept = app
        .submit(
            &format!("{path}/edit"),
            &format!("{path}/edit"),
            &[
                ("base", "1"),
                ("title", "Drafty"),
                ("body", "Unfinished thought"),
                ("tags", ""),
                ("message", ""),
                ("action", "draft"),
            ],
        )
        .await;
    assert_eq!(
        (kept.status().as_u16(), location(&kept)),
        (303, format!("{path}/edit"))
    );
    let editor = app.get_html(&format!("{path}/edit")).await;
    assert!(editor.contains("This is your draft") && editor.contains("Unfinished thought"));
    assert!(
        app.anonymous_get(&path)
            .await
            .text()
            .await
            .unwrap()
            .contains("Published text."),
        "readers see the revision"
    );
    assert_eq!(
        app.get_html(&format!("{path}/history"))
            .await
            .matches("<tr>")
            .count(),
        2,
        "no revision"
    );
    let saved = app
        .submit(
            &format!("{path}/edit"),
            &format!("{path}/edit"),
            &[
                ("base", "1"),
                ("title", "Drafty"),
                ("body", "Finished thought."),
                ("tags", ""),
                ("message", "Done"),
                ("action", "save"),
            ],
        )
        .await;
    assert_eq!(saved.status(), 303);
    let editor = app.get_html(&format!("{path}/edit")).await;
    assert!(
        !editor.contains("This is your draft") && editor.contains("Finished thought."),
        "saving a revision uses up the draft"
    );
    let discard = app
        .submit(
            &format!("{path}/edit"),
            &format!("{path}/edit"),
            &[
                ("base", "2"),
                ("title", "Drafty"),
                ("body", "Throwaway"),
                ("tags", ""),
                ("message", ""),
                ("action", "draft"),
            ],
        )
        .await;
    assert_eq!(discard.status(), 303);
    let gone = app
        .submit(
            &format!("{path}/edit"),
            &format!("{path}/draft/discard"),
            &[],
        )
        .await;
    assert_eq!(gone.status(), 303);
    assert!(
        !app.get_html(&format!("{path}/edit"))
            .await
            .contains("Throwaway")
    );
}
