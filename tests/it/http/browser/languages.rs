//! The journey of a site whose people read different languages, in a real Chromium: an
//! administrator whose browser asks for German sets the site up, writes, previews and
//! publishes; a reader whose browser asks for Arabic signs up and comments (right to
//! left); the administrator approves the comment from the queue, and an anonymous reader
//! in Arabic reads it. Each step's words are the catalogs' own, each page fits a phone and
//! a desktop and passes axe-core.

use super::{Browser, looked_at};
use crate::both_stores;
use crate::helpers::{TestStore, spawn_app, unique_name};
use serde_json::json;
use sibyl::i18n::{Arg, Speech};
use std::sync::Arc;

fn speech(tag: &str) -> &'static Arc<Speech> {
    sibyl::i18n::languages()
        .matching(tag)
        .unwrap_or_else(|| panic!("{tag} is not shipped"))
}

both_stores!(a_german_admin_publishes_and_approves_an_arabic_reader_s_comment);

async fn a_german_admin_publishes_and_approves_an_arabic_reader_s_comment(t: TestStore) {
    let store = format!("{:?}", t.kind).to_lowercase();
    let (de, ar) = (speech("de"), speech("ar"));
    let app = spawn_app(t).await;

    // The first visitor, in German, sets the site up.
    let german = Browser::start_in("de-DE,de;q=0.9").await;
    german.goto(&app.url("/")).await;
    let fresh = german.source().await;
    assert!(fresh.contains("<html lang=\"de\">"), "{fresh}");
    assert!(fresh.contains(&de.t("welcome-set-up")), "{fresh}");
    german.click("a[href='/setup']").await;
    german.wait_for_url(|u| u.ends_with("/setup")).await;
    let admin = unique_name("hedwig");
    german.type_into("#username", &admin).await;
    german
        .type_into("#email", &format!("{admin}@example.com"))
        .await;
    german.type_into("#display_name", "Hedwig Dohm").await;
    german
        .type_into("#password", "frühlingshochwasser 1872")
        .await;
    german
        .type_into("#password_confirm", "frühlingshochwasser 1872")
        .await;
    looked_at(&german, &format!("{store}-de-setup")).await;
    german.click("#create-admin").await;
    german.wait_for_url(|u| u.ends_with("/write")).await;

    // She writes, previews and publishes, the editor speaking German.
    german.type_into("#title", "Über das Hochwasser").await;
    german
        .type_into(
            "#body",
            "Der Fluss stieg *über Nacht*.\n\n> Vom Ufer zitiert.\n",
        )
        .await;
    german.type_into("#tags", "fluss").await;
    german.click("#preview").await;
    let not_saved = de.t("editor-not-saved");
    german
        .wait_for_source(|s| s.contains(&not_saved) && s.contains("<em>über Nacht</em>"))
        .await;
    looked_at(&german, &format!("{store}-de-editor-preview")).await;
    german.click("#publish").await;
    let post = german.wait_for_url(|u| u.contains("/posts/")).await;
    let path = post
        .strip_prefix(&app.url(""))
        .unwrap_or_else(|| panic!("{post} is not on the site"))
        .to_owned();
    assert!(german.source().await.contains("<em>über Nacht</em>"));
    looked_at(&german, &format!("{store}-de-post")).await;

    // A reader, in Arabic, signs up and comments; the page runs right to left.
    let arabic = Browser::start_in("ar,en;q=0.5").await;
    arabic.goto(&app.url("/signup")).await;
    assert!(
        arabic
            .source()
            .await
            .contains("<html lang=\"ar\" dir=\"rtl\">")
    );
    let reader = unique_name("layla");
    arabic.type_into("#username", &reader).await;
    arabic
        .type_into("#email", &format!("{reader}@example.com"))
        .await;
    arabic.type_into("#password", "فيضان الربيع 2026").await;
    arabic
        .type_into("#password_confirm", "فيضان الربيع 2026")
        .await;
    looked_at(&arabic, &format!("{store}-ar-signup")).await;
    arabic.click("#sign-up").await;
    arabic.wait_for_url(|u| u.ends_with("/account")).await;
    arabic.goto(&app.url(&path)).await;
    arabic
        .type_into("#comment-body", "هل بلغ الماء *الجسر*؟")
        .await;
    arabic.click("#send-comment").await;
    arabic
        .wait_for_url(|u| u.contains("commented=pending"))
        .await;
    let own = arabic.source().await;
    assert!(
        own.contains(&ar.t("awaiting-moderation-mark")) && own.contains("<em>الجسر</em>"),
        "{own}"
    );
    let directions = arabic
        .run("return [getComputedStyle(document.body).direction, getComputedStyle(document.querySelector('article .body')).direction];")
        .await;
    assert_eq!(
        directions,
        json!(["rtl", "ltr"]),
        "the German post reads left to right"
    );
    looked_at(&arabic, &format!("{store}-ar-comment-awaiting")).await;

    // The administrator approves it from the queue, told so in German.
    german.goto(&app.url("/admin/comments")).await;
    assert!(german.source().await.contains("<em>الجسر</em>"));
    german.click("input.pick").await;
    german.type_into("#reason", "Gute Frage").await;
    german.click("#approve").await;
    let approved = de.say("moderation-done-approved", &[("count", Arg::Count(1))]);
    german.wait_for_source(|s| s.contains(&approved)).await;
    looked_at(&german, &format!("{store}-de-approved")).await;
    german.quit().await;

    // Anyone reading Arabic now finds it under the post.
    arabic.forget_cookies().await;
    arabic.goto(&app.url(&path)).await;
    let page = arabic.source().await;
    assert!(page.contains("<em>الجسر</em>"), "{page}");
    assert!(
        page.contains(&ar.t("log-in")),
        "the reader is anonymous: {page}"
    );
    assert!(!page.contains(&ar.t("awaiting-moderation-mark")), "{page}");
    looked_at(&arabic, &format!("{store}-ar-approved-comment")).await;
    arabic.quit().await;
}
