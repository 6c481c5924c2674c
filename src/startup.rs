//! Wires a store and the web layer into a running server.

use crate::domain::Site;
use crate::store::Store;
use crate::web;
use actix_web::dev::Server;
use actix_web::{App, HttpServer};
use std::net::{SocketAddr, TcpListener};
use std::sync::Arc;
use std::time::Duration;

#[derive(Debug, Clone)]
pub struct AppConfig {
    pub listen: SocketAddr,
    pub site: Site,
    pub session_ttl: Duration,
    /// How many posts the home page lists.
    pub front_page_size: usize,
    pub rate_limits: web::RateLimits,
    /// Where this host's counter lock file lives (per-host ids, seed 000).
    pub lock_dir: std::path::PathBuf,
    /// The least time between showing the comment form and sending it: faster is a bot.
    pub comment_min_delay: Duration,
    /// Upload size limits of the binary service.
    pub binary_limits: crate::binaries::BinaryLimits,
    /// The binary collector's schedule; `None` runs no collector in this instance.
    pub collector: Option<crate::binaries::collector::CollectorConfig>,
    /// The reconciler's schedule (finishing writes a dead process left half-done);
    /// `None` runs none in this instance.
    pub reconciler: Option<crate::reconciler::ReconcilerConfig>,
    /// What fetching binaries from URLs may reach, and its caps.
    pub fetch: crate::binaries::fetch::FetchPolicy,
    /// When fetched binaries are revalidated and retried; `None` runs no refresher in
    /// this instance (the schedule's numbers still apply to what it logs).
    pub refresh: Option<crate::binaries::remote::RefreshConfig>,
    /// When the scheduler reads the schedule again at the latest; `None` runs none in
    /// this instance.
    pub scheduler: Option<crate::scheduler::SchedulerConfig>,
    /// The time scheduled posts go by (the system's, except in tests).
    pub clock: crate::clock::Clock,
    /// Where mail goes; `None`: mail is off.
    pub mail: Option<crate::mail::MailConfig>,
    /// When new posts are mailed to subscribers (with mail on); `None` mails none from
    /// this instance.
    pub newsletter: Option<crate::newsletter::NewsletterConfig>,
}

impl AppConfig {
    /// An instance of `site` run inside another program (the tests, the statement count
    /// of `scripts/bench --scale`): a free loopback port, the default limits, 20 posts on
    /// the home page, sessions of an hour, no least delay before a comment is sent, and no
    /// background jobs (collector, reconciler, refresher, scheduler), by the system's clock.
    pub fn in_process(site: Site, lock_dir: std::path::PathBuf) -> Self {
        Self {
            listen: SocketAddr::from(([127, 0, 0, 1], 0)),
            site,
            session_ttl: Duration::from_secs(3600),
            front_page_size: 20,
            rate_limits: Default::default(),
            lock_dir,
            comment_min_delay: Duration::ZERO,
            binary_limits: Default::default(),
            collector: None,
            reconciler: None,
            fetch: Default::default(),
            refresh: None,
            scheduler: None,
            clock: crate::clock::Clock::system(),
            mail: None,
            newsletter: None,
        }
    }

    /// The part of the configuration the web layer reads.
    pub fn web(&self) -> web::WebConfig {
        web::WebConfig {
            site: self.site.clone(),
            session_ttl: self.session_ttl,
            front_page_size: self.front_page_size,
            rate_limits: self.rate_limits,
            comment_min_delay: self.comment_min_delay,
            binary_limits: self.binary_limits,
            fetch: self.fetch.clone(),
            refresh: self.refresh.unwrap_or_default(),
            clock: self.clock.clone(),
            mail: self.mail.clone(),
        }
    }
}

pub struct Application {
    server: Server,
    port: u16,
    scheduler: crate::scheduler::Scheduler,
}

impl Application {
    /// Binds the listener (port 0 picks a free one) and builds the server; nothing runs
    /// until [`Application::run_until_stopped`].
    pub fn build(config: AppConfig, store: Arc<dyn Store>) -> std::io::Result<Self> {
        let listener = TcpListener::bind(config.listen)?;
        let port = listener.local_addr()?.port();
        let host_ids =
            crate::store::host_ids::HostIds::for_this_host(Arc::clone(&store), &config.lock_dir)?;
        if let Some(reconciler) = config.reconciler {
            crate::reconciler::spawn(Arc::clone(&store), reconciler);
        }
        if let Some(collector) = config.collector {
            crate::binaries::collector::spawn(store.binaries(), collector);
        }
        let scheduler = crate::scheduler::Scheduler::default();
        if let Some(every) = config.scheduler {
            scheduler.spawn(
                Arc::clone(&store),
                config.site.clone(),
                config.clock.clone(),
                every,
            );
        }
        let mut state = web::AppState::new(store, &config.web(), Arc::new(host_ids))?;
        state.scheduler = scheduler.clone();
        if config.scheduler.is_some() {
            // A page the scheduler published joins the navigation at once here.
            let (mut passes, state) = (scheduler.passes(), state.clone());
            tokio::spawn(async move {
                while passes.changed().await.is_ok() {
                    let published = passes.borrow_and_update().1.published;
                    if published > 0 {
                        state.reread_frame().await;
                    }
                }
            });
        }
        if config.refresh.is_some() {
            state.binaries.spawn_refresher(state.fetcher.clone());
        }
        if let Some(newsletter) = config.newsletter
            && state.mailer.is_on()
        {
            let frame = state.clone();
            crate::newsletter::spawn(
                Arc::clone(&state.store),
                state.mailer.clone(),
                config.site.clone(),
                move || {
                    let frame = frame.clone();
                    Box::pin(async move { frame.identity().await.title.clone() })
                },
                config.clock.clone(),
                newsletter,
            );
        }
        let server =
            HttpServer::new(move || App::new().configure(|cfg| web::configure(cfg, state.clone())))
                .listen(listener)?
                .run();
        Ok(Self {
            server,
            port,
            scheduler,
        })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// This instance's scheduler (idle unless the configuration runs one).
    pub fn scheduler(&self) -> &crate::scheduler::Scheduler {
        &self.scheduler
    }

    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        self.server.await
    }
}
