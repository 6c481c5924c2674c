//! Mailing new posts to subscribers: a background job in every instance when mail is on.
//!
//! A pass looks at the site's newest posts and records a mailing for each published in
//! the last [`MAILING_WINDOW_HOURS`] that has none (an LWT, so once however many
//! instances see it); then, for every open mailing, walks the subscribers shard by
//! shard, claims the delivery to each address it is for (another LWT: one claim per post
//! and address, across every instance) and only then sends, a mail at a time at the
//! configured pace; the mailing is closed once every shard was walked. A delivery is
//! claimed before it is sent, so a post reaches an address at most once: a process that
//! dies between the claim and the send loses that one mail, never doubles it; a mail the
//! server refuses gives its claim back and ends the pass. A post is mailed once in its
//! life (publishing it again mails nothing), and not once it is unpublished or deleted.
//! Mailings live in the store, so a restart goes on where the last pass stopped. A pass
//! sends at most [`MAILS_PER_SITE_PASS`] (and the rest of a page) for each site, then
//! goes on to the next, so that one site's many subscribers never keep another's waiting;
//! a site whose mailing fails is tried again next pass, and the others go on.

use crate::domain::subscription::{
    MAILING_WINDOW_HOURS, Mailing, NEWEST_READ, SHARDS, Subscription,
};
use crate::domain::{PostId, Site};
use crate::i18n::Speech;
use crate::infra::mail::{Mail, Mailer, mailbox};
use crate::store::{PageAt, PageError, Store, StoreError, StoreResult};
use askama::Template;
use chrono::{DateTime, Utc};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

/// How often a pass runs, and how fast it sends.
#[derive(Debug, Clone, Copy)]
pub struct NewsletterConfig {
    pub every: Duration,
    /// The least time between two mails this instance sends.
    pub pace: Duration,
}

impl Default for NewsletterConfig {
    fn default() -> Self {
        Self {
            every: Duration::from_secs(30),
            pace: Duration::from_millis(200),
        }
    }
}

/// What a pass did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Pass {
    /// Mailings recorded by this pass.
    pub opened: usize,
    /// Mails sent.
    pub sent: usize,
    /// Mails the server did not take (given back, for a later pass).
    pub failed: usize,
    /// Mailings closed.
    pub closed: usize,
}

/// A new post, as plain text.
#[derive(Template)]
#[template(path = "mail/post.txt")]
struct PostText<'a> {
    speech: &'a Speech,
    site: &'a str,
    title: &'a str,
    excerpt: &'a str,
    author: &'a str,
    url: &'a str,
    unsubscribe: &'a str,
    about: &'a str,
}

/// A new post, as HTML.
#[derive(Template)]
#[template(path = "mail/post.html")]
struct PostHtml<'a> {
    speech: &'a Speech,
    site: &'a str,
    title: &'a str,
    excerpt: &'a str,
    author: &'a str,
    url: &'a str,
    unsubscribe: &'a str,
    about: &'a str,
}

fn page_error(e: PageError) -> StoreError {
    match e {
        PageError::Store(e) => e,
        PageError::BadCursor => StoreError::Corrupt("a page refused its own cursor".into()),
    }
}

/// Records a mailing for each of the newest posts published since `since` that has none.
async fn open_new(store: &dyn Store, site: &Site, since: DateTime<Utc>) -> StoreResult<usize> {
    let newest = store
        .home_page(site, PageAt::Newest, NEWEST_READ)
        .await
        .map_err(page_error)?;
    let mut opened = 0;
    for post in newest.posts.iter().filter(|p| p.published >= since) {
        let mailing = Mailing {
            post: post.id,
            slug: post.slug.as_str().to_owned(),
            title: post.title.clone(),
            excerpt: post.excerpt.clone(),
            author_id: post.author_id,
            author_name: post.author_name.clone(),
            published: post.published,
        };
        if store.open_mailing(site, &mailing).await? {
            opened += 1;
        }
    }
    Ok(opened)
}

/// How many mails one pass sends for one site, give or take a page of subscribers: a
/// site with many subscribers is mailed a slice at a time, the other sites between.
pub const MAILS_PER_SITE_PASS: usize = 200;

/// How many subscribers a page of a shard's walk reads.
const SUBSCRIBERS_PAGE: usize = 200;

/// Where this instance's walks of open mailings stopped at a pass's budget (a site's
/// mailing: the shard and the page it was on), so that the next pass goes on from there
/// rather than from the first subscriber. (Lost with the process: the next walk then
/// begins again, and the claims of the deliveries already made skip them.)
#[derive(Debug, Default)]
pub struct Progress(HashMap<(Site, PostId), (i32, Option<String>)>);

impl Progress {
    /// Forgets the walks of sites other than `kept` (this instance mails for them no more).
    pub fn keep_only(&mut self, kept: &[Site]) {
        let kept: std::collections::HashSet<&Site> = kept.iter().collect();
        self.0.retain(|(site, _), _| kept.contains(site));
    }

    /// How many walks it remembers.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// One whole pass over `site` at `now`, sending through `mailer` as the site called
/// `title`: [`deliver_some`] with no budget.
pub async fn deliver(
    store: &dyn Store,
    mailer: &Mailer,
    site: &Site,
    title: &str,
    now: DateTime<Utc>,
    pace: Duration,
    stopping: &crate::infra::jobs::Stopping,
) -> StoreResult<Pass> {
    let mut progress = Progress::default();
    deliver_some(
        store,
        mailer,
        site,
        title,
        now,
        pace,
        stopping,
        usize::MAX,
        &mut progress,
    )
    .await
}

/// One pass over `site` at `now`, sending through `mailer` as the site called `title`,
/// until about `most` mails are sent: the walk stops at the end of that page, and
/// `progress` keeps where, for the next pass. A mail the server does not take gives its
/// delivery back and ends the pass (the server is likely down): the next pass goes on
/// from there.
#[expect(
    clippy::too_many_arguments,
    reason = "a pass's site, sender, time, pace, stop signal and budget"
)]
pub async fn deliver_some(
    store: &dyn Store,
    mailer: &Mailer,
    site: &Site,
    title: &str,
    now: DateTime<Utc>,
    pace: Duration,
    stopping: &crate::infra::jobs::Stopping,
    most: usize,
    progress: &mut Progress,
) -> StoreResult<Pass> {
    let mut pass = Pass::default();
    if !mailer.is_on() {
        return Ok(pass);
    }
    // Subscribers, who have no account, read the site's language.
    let language = store.site_identity(site).await?.lang();
    let speech = crate::i18n::languages().for_member("", &language);
    let since = now - chrono::Duration::hours(MAILING_WINDOW_HOURS);
    pass.opened += open_new(store, site, since).await?;
    for mailing in store.open_mailings(site).await? {
        // A post unpublished or deleted since is not mailed (any further).
        let live = store
            .post_by_id(site, mailing.post)
            .await?
            .is_some_and(|p| p.status == crate::domain::PostStatus::Published);
        if live {
            let (first, mut resumed) = progress
                .0
                .remove(&(site.clone(), mailing.post))
                .unwrap_or((0, None));
            for shard in first..SHARDS {
                let mut cursor: Option<String> = resumed.take();
                loop {
                    let page = store
                        .subscribers(site, shard, cursor.as_deref(), SUBSCRIBERS_PAGE)
                        .await
                        .map_err(page_error)?;
                    for subscription in page.subscriptions.iter().filter(|s| mailing.goes_to(s)) {
                        if stopping.is_stopping() {
                            // The instance is stopping: the next pass (here or in
                            // another instance) goes on from this subscriber.
                            return Ok(pass);
                        }
                        let key = subscription.email.key();
                        if !store.claim_delivery(site, &mailing, &key, now).await? {
                            continue;
                        }
                        if let Err(e) =
                            send(mailer, site, (title, speech), &mailing, subscription).await
                        {
                            pass.failed += 1;
                            tracing::warn!(post = %mailing.post.0, error = %e, "a subscriber's mail was not sent; the pass ends here");
                            store.release_delivery(site, &mailing, &key, now).await?;
                            return Ok(pass);
                        }
                        pass.sent += 1;
                        tokio::time::sleep(pace).await;
                    }
                    match page.next {
                        Some(next) => cursor = Some(next),
                        None => break,
                    }
                    if pass.sent >= most {
                        // This site's slice of the pass is spent: the next goes on here.
                        progress
                            .0
                            .insert((site.clone(), mailing.post), (shard, cursor));
                        return Ok(pass);
                    }
                }
                // A long mailing does not keep newer posts from being recorded in time.
                pass.opened += open_new(store, site, since).await?;
                if pass.sent >= most && shard + 1 < SHARDS {
                    progress
                        .0
                        .insert((site.clone(), mailing.post), (shard + 1, None));
                    return Ok(pass);
                }
            }
        }
        store.close_mailing(site, &mailing).await?;
        pass.closed += 1;
    }
    Ok(pass)
}

async fn send(
    mailer: &Mailer,
    site: &Site,
    (title, speech): (&str, &Arc<Speech>),
    mailing: &Mailing,
    to: &Subscription,
) -> Result<(), String> {
    let base = site.as_str().trim_end_matches('/');
    let url = format!("{base}/posts/{}", mailing.slug);
    let unsubscribe = format!("{base}/unsubscribe/{}", to.unsubscribe);
    let about = match to.scope {
        crate::domain::subscription::Scope::Site => speech.t1("mail-about-site", "site", title),
        crate::domain::subscription::Scope::Author(_) => speech.t2(
            "mail-about-author",
            "author",
            &mailing.author_name,
            "site",
            title,
        ),
    };
    let text = PostText {
        speech,
        site: title,
        title: &mailing.title,
        excerpt: &mailing.excerpt,
        author: &mailing.author_name,
        url: &url,
        unsubscribe: &unsubscribe,
        about: &about,
    };
    let html = PostHtml {
        speech,
        site: title,
        title: &mailing.title,
        excerpt: &mailing.excerpt,
        author: &mailing.author_name,
        url: &url,
        unsubscribe: &unsubscribe,
        about: &about,
    };
    let mail = Mail {
        to: mailbox(None, &to.email).map_err(|e| e.to_string())?,
        subject: mailing.title.clone(),
        text: text.render().map_err(|e| e.to_string())?,
        html: html.render().map_err(|e| e.to_string())?,
        unsubscribe: Some(unsubscribe.clone()),
    };
    mailer.send(mail).await.map_err(|e| e.to_string())
}

/// Runs a pass every `config.every` among `jobs`, until the instance stops: over every
/// site the deployment serves (`default_site` while none is registered), each site's
/// subscribers mailed under its own name (`title`).
pub fn spawn(
    jobs: &crate::infra::jobs::Jobs,
    store: Arc<dyn Store>,
    mailer: Mailer,
    default_site: Site,
    title: impl Fn(Site) -> std::pin::Pin<Box<dyn std::future::Future<Output = String> + Send>>
    + Send
    + Sync
    + 'static,
    clock: crate::infra::clock::Clock,
    config: NewsletterConfig,
) {
    let title = Arc::new(title);
    // Who this instance's newsletter is, for the leases of the sites it mails for.
    let holder = uuid::Uuid::new_v4();
    let lease = crate::app::sites::LEASE_TTL.max(config.every * 3);
    let progress = Arc::new(tokio::sync::Mutex::new(Progress::default()));
    jobs.every("newsletter", config.every, move |stopping| {
        let (store, mailer, default_site) =
            (Arc::clone(&store), mailer.clone(), default_site.clone());
        let (title, clock) = (Arc::clone(&title), clock.clone());
        let progress = Arc::clone(&progress);
        async move {
            let mut progress = progress.lock().await;
            let sites = crate::app::sites::sites_to_work_on(
                store.as_ref(),
                &default_site,
                "newsletter",
                holder,
                lease,
            )
            .await
            .map_err(|e| format!("reading the sites to mail for failed: {e}"))?;
            progress.keep_only(&sites);
            let (mut refused, mut failed) = (0, Vec::new());
            for site in sites {
                if stopping.is_stopping() {
                    break;
                }
                let name = title(site.clone()).await;
                let now = clock.now();
                // A site whose mailing fails is tried again next pass; the others go on.
                match deliver_some(
                    store.as_ref(),
                    &mailer,
                    &site,
                    &name,
                    now,
                    config.pace,
                    &stopping,
                    MAILS_PER_SITE_PASS,
                    &mut progress,
                )
                .await
                {
                    Ok(pass) => {
                        if pass.sent + pass.failed + pass.opened > 0 {
                            tracing::info!(site = %site, ?pass, "mailed new posts to subscribers");
                        }
                        refused += pass.failed;
                    }
                    Err(e) => {
                        tracing::warn!(site = %site, error = %e, "mailing a site's new posts failed");
                        failed.push(site.to_string());
                    }
                }
            }
            if !failed.is_empty() {
                return Err(format!(
                    "mailing new posts failed on {} site(s), first {}",
                    failed.len(),
                    failed[0]
                ));
            }
            if refused > 0 {
                return Err("the mail server refused a mail".into());
            }
            Ok(())
        }
    });
}
