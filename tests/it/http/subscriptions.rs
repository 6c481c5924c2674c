//! Subscribers by e-mail, through a real SMTP server on loopback: subscribing (the same
//! answer for any address), double opt-in, each new post mailed once (plain text and
//! HTML, with RFC 8058 one-click unsubscribe headers) even with two processes mailing at
//! once, subscriptions to one author, one-click unsubscribing, and a site without mail.

use super::password_reset::app_with_mail;
use crate::both_stores;
use crate::helpers::{SmtpSink, TestApp, TestStore, spawn_app, unique_name};
use sibyl::domain::now;
use sibyl::infra::clock::Clock;
use sibyl::infra::mail::{MailConfig, Mailer};
use std::time::Duration;

/// The path of the link after `marker` in a message, its quoted-printable lines joined.
fn link_in(message: &str, marker: &str) -> String {
    let text = message
        .replace("=\r\n", "")
        .replace("=\n", "")
        .replace("=3D", "=");
    let start = text.find(marker).expect("a link in the message");
    text[start..start + marker.len() + 64].to_owned()
}

fn mailer(sink: &SmtpSink) -> Mailer {
    Mailer::new(Some(&MailConfig {
        smtp_url: sink.url(),
        from: MailConfig::parse_from("Blog <blog@example.com>").unwrap(),
    }))
    .unwrap()
}

async fn subscribe(app: &TestApp, email: &str, author: &str) -> reqwest::Response {
    let page = if author.is_empty() {
        "/subscribe".to_owned()
    } else {
        format!("/subscribe?author={author}")
    };
    let mut form = vec![("email", email)];
    if !author.is_empty() {
        form.push(("author", author));
    }
    app.submit(&page, "/subscribe", &form).await
}

/// Subscribes `email` and follows the confirmation link; returns how many messages the
/// sink has after the confirmation arrived.
async fn subscribed(
    app: &TestApp,
    sink: &SmtpSink,
    email: &str,
    author: &str,
    seen: usize,
) -> usize {
    let asked = subscribe(app, email, author).await;
    assert_eq!(asked.status(), 200);
    let messages = sink.wait_for(seen + 1).await;
    let message = messages
        .iter()
        .rev()
        .find(|m| m.contains(&format!("<{email}>")) || m.contains(&format!("To: {email}")))
        .expect("the confirmation");
    let link = link_in(message, "/subscribe/confirm/");
    let form = app.get_html(&link).await;
    assert!(form.contains("id=\"confirm-subscription\""), "{form}");
    let done = app.submit(&link, &link, &[]).await;
    assert_eq!(done.status(), 200);
    assert!(done.text().await.unwrap().contains("id=\"subscribed\""));
    seen + 1
}

async fn deliver(app: &TestApp, sink: &SmtpSink) -> sibyl::app::jobs::newsletter::Pass {
    sibyl::app::jobs::newsletter::deliver(
        app.store.as_ref(),
        &mailer(sink),
        &app.site,
        "The Blog",
        now(),
        Duration::ZERO,
        &sibyl::infra::jobs::Stopping::never(),
    )
    .await
    .unwrap()
}

async fn subscribers_get_each_new_post_once(t: TestStore) {
    let other = t.another_process().await;
    let sink = SmtpSink::start();
    let app = app_with_mail(t, &sink, &Clock::system()).await;
    app.set_up().await;
    let reader = app.another_browser();
    let page = reader.get_html("/subscribe").await;
    assert!(page.contains("id=\"subscribe\""), "{page}");

    // A bad address is refused; the answer is the same for any good one.
    assert_eq!(subscribe(&reader, "not an address", "").await.status(), 422);
    let (first, second) = (
        format!("{}@example.com", unique_name("first")),
        format!("{}@example.com", unique_name("second")),
    );
    let mut seen = subscribed(&reader, &sink, &first, "", 0).await;
    seen = subscribed(&app.another_browser(), &sink, &second, "", seen).await;
    // Asked again once confirmed: the same answer, and no mail.
    let again = subscribe(&reader, &first, "").await;
    assert!(
        again
            .text()
            .await
            .unwrap()
            .contains("id=\"subscribe-sent\"")
    );
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(sink.messages().len(), seen, "no second confirmation");
    // Unconfirmed: never mailed.
    let pending = format!("{}@example.com", unique_name("pending"));
    subscribe(&reader, &pending, "").await;
    sink.wait_for(seen + 1).await;
    seen += 1;

    let path = app.publish("Fresh news", "Something *new* to read.").await;
    // A server that does not answer: the delivery is given back and the pass ends.
    let down = Mailer::new(Some(&MailConfig {
        smtp_url: "smtp://127.0.0.1:1".into(),
        from: MailConfig::parse_from("Blog <blog@example.com>").unwrap(),
    }))
    .unwrap();
    let failed = sibyl::app::jobs::newsletter::deliver(
        app.store.as_ref(),
        &down,
        &app.site,
        "The Blog",
        now(),
        Duration::ZERO,
        &sibyl::infra::jobs::Stopping::never(),
    )
    .await
    .unwrap();
    assert_eq!(
        (failed.sent, failed.failed, failed.closed),
        (0, 1, 0),
        "{failed:?}"
    );
    // Two processes mail at once: each subscriber gets the post once.
    let second_mailer = mailer(&sink);
    let never = sibyl::infra::jobs::Stopping::never();
    let (a, b) = tokio::join!(
        deliver(&app, &sink),
        sibyl::app::jobs::newsletter::deliver(
            other.as_ref(),
            &second_mailer,
            &app.site,
            "The Blog",
            now(),
            Duration::ZERO,
            &never,
        )
    );
    let b = b.unwrap();
    assert_eq!(a.sent + b.sent, 2, "{a:?} {b:?}");
    let messages = sink.wait_for(seen + 2).await;
    let mailed: Vec<&String> = messages[seen..].iter().collect();
    for email in [&first, &second] {
        let to_them: Vec<_> = mailed
            .iter()
            .filter(|m| m.contains(email.as_str()))
            .collect();
        assert_eq!(to_them.len(), 1, "{email}");
        let m = to_them[0];
        assert!(m.contains("Subject: Fresh news"), "{m}");
        assert!(m.contains("List-Unsubscribe: <"), "{m}");
        assert!(
            m.contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"),
            "{m}"
        );
        assert!(m.contains("text/plain") && m.contains("text/html"), "{m}");
        assert!(m.contains(&path), "the post's link: {m}");
    }
    assert!(!mailed.iter().any(|m| m.contains(&pending)), "unconfirmed");
    // Later passes send nothing more.
    let later = deliver(&app, &sink).await;
    assert_eq!(later.sent, 0, "{later:?}");
    seen += 2;

    // One-click unsubscribe, as a mail program does it: a POST without a page or cookie.
    let first_mail = mailed.iter().find(|m| m.contains(first.as_str())).unwrap();
    let unsubscribe = link_in(first_mail, "/unsubscribe/");
    let page = app.anonymous_get(&unsubscribe).await;
    assert_eq!(page.status(), 200);
    let clicked = app
        .anonymous()
        .post(app.url(&unsubscribe))
        .header("content-type", "application/x-www-form-urlencoded")
        .body("List-Unsubscribe=One-Click")
        .send()
        .await
        .unwrap();
    assert_eq!(clicked.status(), 200);
    assert!(
        clicked
            .text()
            .await
            .unwrap()
            .contains("id=\"unsubscribed\"")
    );
    assert_eq!(app.anonymous_get(&unsubscribe).await.status(), 410);
    app.publish("More news", "Again.").await;
    assert_eq!(deliver(&app, &sink).await.sent, 1);
    let messages = sink.wait_for(seen + 1).await;
    assert!(messages[seen].contains(second.as_str()));
    assert!(!messages[seen..].iter().any(|m| m.contains(first.as_str())));
    seen += 1;

    // A post unpublished before its mailing is not mailed.
    let withdrawn = app.publish("Withdrawn", "Too soon.").await;
    let post = crate::fixtures::post_of(&app, &withdrawn).await;
    app.store.unpublish_post(&app.site, post.id).await.unwrap();
    let pass = deliver(&app, &sink).await;
    assert_eq!(pass.sent, 0, "{pass:?}");
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(sink.messages().len(), seen);
}

async fn a_subscription_to_an_author_gets_only_their_posts(t: TestStore) {
    let sink = SmtpSink::start();
    let app = app_with_mail(t, &sink, &Clock::system()).await;
    app.set_up().await;
    let (author, author_name, _) = app.an_author().await;
    // The link confirming the author's address, which this test does not follow.
    sink.take_message_to(&format!("{author_name}@example.com"))
        .await;
    let page = app
        .another_browser()
        .get_html(&format!("/authors/{author_name}"))
        .await;
    assert!(
        page.contains(&format!("/subscribe?author={author_name}")),
        "{page}"
    );
    assert_eq!(
        app.another_browser()
            .get("/subscribe?author=nobody-at-all")
            .await
            .status(),
        404
    );
    let fan = format!("{}@example.com", unique_name("fan"));
    let seen = subscribed(&app.another_browser(), &sink, &fan, &author_name, 0).await;
    app.publish("By the admin", "Not theirs.").await;
    author.publish("By the author", "Theirs.").await;
    let pass = deliver(&app, &sink).await;
    assert_eq!(pass.sent, 1, "{pass:?}");
    let messages = sink.wait_for(seen + 1).await;
    assert!(
        messages[seen].contains("Subject: By the author"),
        "{}",
        messages[seen]
    );
}

async fn without_mail_there_are_no_subscribers(t: TestStore) {
    let app = spawn_app(t).await;
    app.set_up().await;
    let page = app.another_browser().get_html("/subscribe").await;
    assert!(page.contains("id=\"mail-off\""), "{page}");
    // The form's token from another page: the subscription page has no form.
    let refused = app
        .another_browser()
        .submit("/login", "/subscribe", &[("email", "someone@example.com")])
        .await;
    assert_eq!(refused.status(), 409);
    let forged = format!("/unsubscribe/{}", "0".repeat(64));
    assert_eq!(app.anonymous_get(&forged).await.status(), 410);
}

/// A pass with a budget mails a slice of a site's subscribers and remembers where it
/// stopped: the next goes on from there, and every subscriber gets the post once.
async fn a_pass_mails_a_slice_and_the_next_goes_on(t: TestStore) {
    use sibyl::app::jobs::newsletter::{Progress, deliver_some};
    use sibyl::domain::subscription::shard_of;
    let sink = SmtpSink::start();
    let app = app_with_mail(t, &sink, &Clock::system()).await;
    app.set_up().await;
    // Three subscribers, in three shards, none the last.
    let mut addresses: Vec<String> = Vec::new();
    let mut shards = std::collections::HashSet::new();
    while addresses.len() < 3 {
        let address = format!("{}@example.com", unique_name("slice"));
        let key = sibyl::domain::Email::parse(&address).unwrap().key();
        // Not in the last shard: the third pass then stops with shards left to walk.
        let shard = shard_of(&key);
        if shard + 1 < sibyl::domain::subscription::SHARDS && shards.insert(shard) {
            addresses.push(address);
        }
    }
    let mut seen = 0;
    for address in &addresses {
        seen = subscribed(&app.another_browser(), &sink, address, "", seen).await;
    }
    app.publish("Sliced news", "For every subscriber, in turn.")
        .await;
    let mut progress = Progress::default();
    let mut sent = Vec::new();
    for _ in 0..4 {
        let pass = deliver_some(
            app.store.as_ref(),
            &mailer(&sink),
            &app.site,
            "The Blog",
            now(),
            Duration::ZERO,
            &sibyl::infra::jobs::Stopping::never(),
            1,
            &mut progress,
        )
        .await
        .unwrap();
        sent.push((pass.sent, pass.closed, progress.len()));
    }
    assert_eq!(
        sent,
        [(1, 0, 1), (1, 0, 1), (1, 0, 1), (0, 1, 0)],
        "a mail a pass, then the mailing closed"
    );
    let messages = sink.wait_for(seen + 3).await;
    for address in &addresses {
        let to = messages[seen..]
            .iter()
            .filter(|m| m.contains(address.as_str()))
            .count();
        assert_eq!(to, 1, "{address}");
    }
}

both_stores!(
    a_pass_mails_a_slice_and_the_next_goes_on,
    subscribers_get_each_new_post_once,
    a_subscription_to_an_author_gets_only_their_posts,
    without_mail_there_are_no_subscribers,
);
