//! The site's mail, through a real SMTP server on loopback: an administrator sees where
//! mail goes and sends themselves a test message (a plain-text and an HTML part), rate
//! limited; without SMTP settings mail is off and the page says so; a server that does
//! not answer is reported, and nothing claims to be sent.

use crate::both_stores;
use crate::helpers::{SmtpSink, TestStore, location, spawn_app, spawn_app_with};
use sibyl::infra::mail::MailConfig;

fn mail_to(sink: &SmtpSink) -> MailConfig {
    MailConfig {
        smtp_url: sink.url(),
        from: MailConfig::parse_from("Test blog <blog@example.com>").unwrap(),
    }
}

async fn an_administrator_sends_a_test_message(t: TestStore) {
    let sink = SmtpSink::start();
    let config = mail_to(&sink);
    let app = spawn_app_with(t, |c| c.mail = Some(config)).await;
    let admin = app.set_up().await;
    let page = app.get_html("/admin/site").await;
    assert!(
        page.contains(&format!(
            "Mail goes through <code>smtp://127.0.0.1:{}</code>",
            sink.port
        )),
        "{page}"
    );
    assert!(page.contains("id=\"send-test-mail\""), "{page}");

    let sent = app
        .submit("/admin/site", "/admin/site/test-mail", &[])
        .await;
    assert_eq!(sent.status(), 303);
    assert_eq!(location(&sent), "/admin/site?mail=sent");
    let messages = sink.wait_for(1).await;
    let message = &messages[0];
    let to = admin.email.clone();
    for header in [
        format!("To: \"Ada Admin\" <{to}>"),
        "From: \"Test blog\" <blog@example.com>".to_owned(),
        "Subject: A test message from ".to_owned(),
        "Content-Type: multipart/alternative".to_owned(),
        "Content-Type: text/plain; charset=utf-8".to_owned(),
        "Content-Type: text/html; charset=utf-8".to_owned(),
    ] {
        assert!(message.contains(&header), "{header} in:\n{message}");
    }
    // Both parts say it, once their quoted-printable lines are joined.
    let text = message
        .replace("=\r\n", "")
        .replace("=\n", "")
        .replace("=3D", "=");
    // (The HTML part writes the apostrophe as a character reference.)
    assert_eq!(text.matches("the site's mail works").count(), 1, "{text}");
    assert_eq!(
        text.matches("the site&#39;s mail works").count(),
        1,
        "{text}"
    );
    assert!(
        text.contains(&format!("<a href=\"{}\">", app.site)),
        "{text}"
    );
    let shown = app.get_html("/admin/site?mail=sent").await;
    assert!(
        shown.contains(&format!("A test message went to {to}")),
        "{shown}"
    );

    // Five in ten minutes, then a 429 and no sixth message.
    for _ in 0..4 {
        let again = app
            .submit("/admin/site", "/admin/site/test-mail", &[])
            .await;
        assert_eq!(again.status(), 303);
    }
    let refused = app
        .submit("/admin/site", "/admin/site/test-mail", &[])
        .await;
    assert_eq!(refused.status(), 429);
    assert_eq!(sink.wait_for(5).await.len(), 5);
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(sink.messages().len(), 5);
}

async fn without_smtp_settings_mail_is_off_and_says_so(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let page = app.get_html("/admin/site").await;
    assert!(page.contains("id=\"mail-off\""), "{page}");
    assert!(!page.contains("id=\"send-test-mail\""), "{page}");
    let refused = app
        .submit("/admin/site", "/admin/site/test-mail", &[])
        .await;
    assert_eq!(refused.status(), 409);
    assert!(refused.text().await.unwrap().contains("Mail is off"));
}

async fn a_server_that_does_not_answer_is_reported(t: TestStore) {
    // A port nothing listens on: the sink's, once it is stopped.
    let sink = SmtpSink::start();
    let config = mail_to(&sink);
    drop(sink);
    let app = spawn_app_with(t, |c| c.mail = Some(config)).await;
    app.set_up().await;
    let failed = app
        .submit("/admin/site", "/admin/site/test-mail", &[])
        .await;
    assert_eq!(failed.status(), 502);
    let page = failed.text().await.unwrap();
    assert!(page.contains("No message went"), "{page}");
    assert!(!page.contains("A test message went"), "{page}");
}

both_stores!(
    an_administrator_sends_a_test_message,
    without_smtp_settings_mail_is_off_and_says_so,
    a_server_that_does_not_answer_is_reported,
);
